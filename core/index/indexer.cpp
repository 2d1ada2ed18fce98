#include "indexer.h"
#include "indexersteps_p.h"

#include "core/store/writerlock.h"

#include "contentclassifier.h"
#include "githistory.h"

#include "core/base/ignorerules.h"
#include "core/base/logging.h"
#include "core/base/paths.h"
#include "core/base/safefile.h"
#include "core/parse/grammars.h"
#include "core/store/indexstore.h"
#include "core/store/integrity.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QThread>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <deque>
#include <future>
#include <map>
#include <mutex>
#include <thread>

#include <sys/stat.h>
#include <time.h>

namespace RepoLens {

QString phaseName(IndexProgress::Phase phase)
{
    switch (phase) {
    case IndexProgress::Phase::Scanning:
        return QStringLiteral("scanning");
    case IndexProgress::Phase::Drafting:
        return QStringLiteral("reading text");
    case IndexProgress::Phase::Parsing:
        return QStringLiteral("parsing");
    case IndexProgress::Phase::TextIndex:
        return QStringLiteral("indexing text");
    case IndexProgress::Phase::Linking:
        return QStringLiteral("linking references");
    case IndexProgress::Phase::History:
        return QStringLiteral("reading git history");
    case IndexProgress::Phase::Done:
        return QStringLiteral("done");
    }
    return {};
}

namespace {

constexpr qint64 kUnknownTextCap = 256 * 1024;
// An update leaves fewer unindexed files than this to the searches (they read them) rather
// than write a small segment of the grep index for each saved file.
constexpr size_t kGrepUpdateBatch = 64;

struct WorkItem
{
    ScannedFile file;
    std::optional<FileRecord> old;
    bool reparse = false; // parse even when the content did not change (the parser did)
};

struct WorkResult
{
    FileRecord record;
    ParseResult parsed;
    bool writeContent = false;  // replace chunks/symbols/refs
    bool fresh = false;         // the file had no content in the index before
    bool clearContent = false;  // the file no longer has content in the index
    std::vector<Trigram> trigrams; // of the text (writeContent): for the grep index
    DraftStore::Tokens draftTokens; // the draft pass's full-text tokens, made beside the writer
    qint64 trigramNanos = 0;
    bool vanished = false;      // deleted between the scan and the read: leaves the index
    size_t order = 0;           // place in the work list: results are written in this order
};

// CPU time of the calling thread (the grep index's share of a run, also on a busy machine).
qint64 indexerThreadCpuNanos()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

bool isFolder(const QString &path)
{
    struct stat st = {};
    return ::stat(encodePath(path).constData(), &st) == 0 && S_ISDIR(st.st_mode);
}

bool statusIsFinal(FileStatus s)
{
    return s != FileStatus::Pending;
}

// Indexes written before cancelled parses were left pending recorded them as parse errors
// ("parse cancelled", text windows only); those files are not done and are parsed again.
template<typename Record> // FileRecord, FileStamp
bool recordIsFinal(const Record &r)
{
    if (r.status == FileStatus::ParseError && r.reason.contains(QLatin1String("parse cancelled")))
        return false;
    return statusIsFinal(r.status);
}

QString parentOf(const QString &relPath)
{
    const qsizetype slash = relPath.lastIndexOf(u'/');
    return slash < 0 ? QString() : relPath.left(slash);
}

bool isUnder(const QString &path, const QString &dir)
{
    return dir.isEmpty() || path == dir
           || (path.size() > dir.size() && path.startsWith(dir) && path.at(dir.size()) == u'/');
}

// REPOLENS_DEBUG_CRASH_AT=<point>[:<n>]: SIGKILL ourselves the n-th time <point> is reached,
// exactly as if the process had been killed from outside at that moment (crash tests).
void crashPoint(const char *point)
{
    static const QByteArray spec = qgetenv("REPOLENS_DEBUG_CRASH_AT");
    if (spec.isEmpty())
        return;
    static const QList<QByteArray> parts = spec.split(':');
    static const QByteArray name = parts.value(0);
    static const int nth = std::max(1, parts.value(1).toInt());
    static std::atomic<int> hits{0};
    if (name == point && hits.fetch_add(1) + 1 == nth) {
        std::fprintf(stderr, "repolens: crash point %s reached: SIGKILL\n", point);
        std::fflush(nullptr);
        ::raise(SIGKILL);
    }
}

// Why a file could not be read safely, as a file status and reason (safefile.h).
void recordReadError(const Error &error, FileRecord &rec)
{
    if (error.code == ErrorCode::Unsupported) {
        rec.status = FileStatus::Unsupported;
        if (error.message == QLatin1String("symlink"))
            rec.reason = QStringLiteral("replaced by a symlink while being indexed (not followed)");
        else if (error.message == QLatin1String("inside a symlinked folder"))
            rec.reason = QStringLiteral("a folder on its path was replaced by a symlink (not followed)");
        else
            rec.reason = QStringLiteral("not a regular file");
        return;
    }
    rec.status = FileStatus::Unreadable;
    rec.reason = error.message;
}

// Reads a file the scanner found, never through a symlink and never blocking (a file swapped
// for a symlink or a FIFO after the scan is refused): see core/base/safefile.h.
Result<QByteArray> readScannedFile(const QByteArray &root, const ScannedFile &file, qint64 cap)
{
    return readFileBeneath(root, QFile::encodeName(file.relPath), cap);
}

// `.h` headers are C, C++ or Objective-C by what the project holds around them.
void decideHeaders(std::vector<WorkItem> *work, const HeaderLanguages &headers)
{
    for (WorkItem &w : *work) {
        if (headers.isHeader(w.file.relPath))
            w.file.language = headers.languageOf(w.file.relPath);
    }
}

WorkResult processFile(const QByteArray &root, const WorkItem &item, Chunker &chunker, const IndexOptions &options,
                       const std::atomic_bool *cancel)
{
    WorkResult out;
    FileRecord &rec = out.record;
    rec.path = item.file.relPath;
    rec.language = item.file.language;
    rec.size = item.file.size;
    rec.mtimeMs = item.file.mtimeMs;
    // ParseError files hold text windows, so they have content too.
    const bool hadContent = item.old
                            && (item.old->status == FileStatus::Indexed
                                || item.old->status == FileStatus::ParseError);
    out.fresh = !hadContent;

    if (options.beforeRead)
        options.beforeRead(rec.path);
    const qint64 cap = options.scan.sizeCap;
    Result<QByteArray> read = readScannedFile(root, item.file, cap);
    if (!read) {
        if (read.error().code == ErrorCode::NotFound) {
            rec.status = FileStatus::Unreadable;
            rec.reason = QStringLiteral("deleted while being indexed");
            out.vanished = true;
            return out;
        }
        recordReadError(read.error(), rec);
        out.clearContent = hadContent;
        return out;
    }
    QByteArray bytes = std::move(*read);
    if (bytes.size() > cap) {
        rec.status = FileStatus::TooLarge;
        rec.reason = QStringLiteral("grew past the %1 KiB cap while being indexed").arg(cap / 1024);
        out.clearContent = hadContent;
        return out;
    }
    rec.size = bytes.size();
    rec.contentHash = QCryptographicHash::hash(bytes, QCryptographicHash::Sha1);
    if (item.old && item.old->contentHash == rec.contentHash && recordIsFinal(*item.old) && !item.reparse) {
        // touched but not changed (checkout, build tools): keep the content, refresh mtime
        rec.language = item.old->language;
        rec.status = item.old->status;
        rec.reason = item.old->reason;
        rec.lineCount = item.old->lineCount;
        return out;
    }
    ContentVerdict verdict = classifyContent(rec.path, rec.language, bytes);
    bytes = QByteArray();
    if (verdict.status != FileStatus::Pending) {
        rec.status = verdict.status;
        rec.reason = verdict.reason;
        out.clearContent = hadContent;
        return out;
    }
    if (rec.language == LanguageId::None)
        rec.language = languageForShebang(verdict.utf8); // bin/rake, libexec/rbenv-init, ...
    if (rec.language == LanguageId::None) {
        if (verdict.utf8.size() > kUnknownTextCap) {
            rec.status = FileStatus::Unsupported;
            rec.reason = QStringLiteral("unknown format over %1 KiB").arg(kUnknownTextCap / 1024);
            out.clearContent = hadContent;
            return out;
        }
        rec.language = LanguageId::PlainText;
    }
    if (cancel && cancel->load())
        return out;
    out.parsed = isTreeSitterLanguage(rec.language)
                     ? chunker.parse(rec.language, verdict.utf8, cancel)
                     : chunkText(rec.language, verdict.utf8, chunker.options());
    if (out.parsed.fellBackToText && cancel && cancel->load()) {
        // Stopped mid-parse: not a state of the file. It stays as it was (pending, or its
        // previous content) and the next run parses it.
        out.parsed = ParseResult();
        rec.status = FileStatus::Pending;
        rec.reason.clear();
        return out;
    }
    rec.lineCount = out.parsed.lineCount;
    QStringList notes;
    if (!verdict.reason.isEmpty())
        notes << verdict.reason;
    if (out.parsed.fellBackToText) {
        rec.status = FileStatus::ParseError;
        notes << out.parsed.error;
    } else {
        rec.status = FileStatus::Indexed;
        if (out.parsed.syntaxErrors > 0)
            notes << QStringLiteral("%1 syntax error(s); indexed what parsed").arg(out.parsed.syntaxErrors);
    }
    rec.reason = notes.join(QStringLiteral("; "));
    const qint64 trigramStart = indexerThreadCpuNanos();
    out.trigrams = GrepStore::trigramsOf(verdict.utf8);
    out.trigramNanos = indexerThreadCpuNanos() - trigramStart;
    out.writeContent = true;
    return out;
}

bool isGrepSearchable(FileStatus s)
{
    return s == FileStatus::Indexed || s == FileStatus::ParseError || s == FileStatus::Pending;
}

// The draft pass: the file's text as plain windows, its record still pending. Files the
// classifier rejects (binary, generated, ...) are left to the parse pass, which records why.
WorkResult draftFile(const QByteArray &root, const WorkItem &item, const IndexOptions &options)
{
    WorkResult out;
    FileRecord &rec = out.record;
    rec.path = item.file.relPath;
    rec.language = item.file.language;
    rec.size = item.file.size;
    rec.mtimeMs = 0; // never taken for up to date: the parse pass reads the file again
    rec.status = FileStatus::Pending;
    rec.reason = QStringLiteral("waiting to be parsed");
    Result<QByteArray> read = readScannedFile(root, item.file, options.scan.sizeCap);
    if (!read)
        return out;
    QByteArray bytes = std::move(*read);
    if (bytes.size() > options.scan.sizeCap)
        return out;
    ContentVerdict verdict = classifyContent(rec.path, rec.language, bytes);
    if (verdict.status != FileStatus::Pending)
        return out;
    if (rec.language == LanguageId::None && verdict.utf8.size() > kUnknownTextCap)
        return out;
    const LanguageId windows = isTreeSitterLanguage(rec.language) || rec.language == LanguageId::None
                                   ? LanguageId::PlainText
                                   : rec.language;
    out.parsed = chunkText(windows, verdict.utf8, options.chunker);
    rec.lineCount = out.parsed.lineCount;
    out.writeContent = !out.parsed.chunks.isEmpty();
    return out;
}

// A bounded multi-producer queue of results, drained by the writer.
class ResultQueue
{
public:
    explicit ResultQueue(size_t capacity) : m_capacity(capacity) {}

    void push(WorkResult &&r)
    {
        std::unique_lock lock(m_mutex);
        m_notFull.wait(lock, [&] { return m_items.size() < m_capacity || m_abort; });
        m_items.push_back(std::move(r));
        m_notEmpty.notify_one();
    }
    // Waits up to timeoutMs; false when nothing arrived.
    bool pop(WorkResult *out, int timeoutMs)
    {
        std::unique_lock lock(m_mutex);
        if (!m_notEmpty.wait_for(lock, std::chrono::milliseconds(timeoutMs), [&] { return !m_items.empty(); }))
            return false;
        *out = std::move(m_items.front());
        m_items.pop_front();
        m_notFull.notify_one();
        return true;
    }
    void abort()
    {
        std::lock_guard lock(m_mutex);
        m_abort = true;
        m_notFull.notify_all();
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_notEmpty;
    std::condition_variable m_notFull;
    std::deque<WorkResult> m_items;
    size_t m_capacity;
    bool m_abort = false;
};

// The report and progress of one run or update, and how progress is told (at most every
// 100 ms unless forced). Not copied: `tell` refers to it.
struct RunState
{
    RunState(const Indexer::ProgressFn &progressFn, const std::atomic_bool *cancelFlag)
        : progress(progressFn)
        , cancel(cancelFlag)
    {
        timer.start();
        lastProgress.start();
        tell = [this](bool force) {
            if (!progress || (!force && lastProgress.elapsed() < 100))
                return;
            lastProgress.restart();
            prog.elapsedSeconds = timer.elapsed() / 1000.0;
            progress(prog);
        };
    }
    RunState(const RunState &) = delete;
    RunState &operator=(const RunState &) = delete;

    bool cancelled() const { return cancel && cancel->load(std::memory_order_relaxed); }
    double seconds() const { return timer.elapsed() / 1000.0; }

    const Indexer::ProgressFn &progress;
    const std::atomic_bool *cancel;
    IndexReport report;
    IndexProgress prog;
    QElapsedTimer timer;
    QElapsedTimer lastProgress;
    std::function<void(bool force)> tell;
};

// The record of a scanned entry that is not parsed (ignored, too large, binary, a folder, ...):
// its status and why.
FileRecord skippedRecord(const ScannedFile &f)
{
    FileRecord r;
    r.path = f.relPath;
    r.language = f.language;
    r.size = f.size;
    r.mtimeMs = f.mtimeMs;
    r.status = f.status;
    r.reason = f.reason;
    r.isDir = f.isDir;
    return r;
}

// Whether a skipped entry's stored record says something else (or there is none).
template<typename Record> // FileRecord, FileStamp
bool skipStatusChanged(const ScannedFile &f, const Record *old)
{
    return !old || old->status != f.status || old->reason != f.reason || old->isDir != f.isDir;
}
bool skipStatusChanged(const ScannedFile &f, const std::optional<FileRecord> &old)
{
    return skipStatusChanged(f, old ? &*old : nullptr);
}

// Whether a file to parse is as it was when it was parsed: same time and size, a final record.
template<typename Record> // FileRecord, FileStamp
bool unchangedSinceParsed(const ScannedFile &f, const Record *old)
{
    return old && old->mtimeMs == f.mtimeMs && old->size == f.size && recordIsFinal(*old) && !old->isDir;
}
bool unchangedSinceParsed(const ScannedFile &f, const std::optional<FileRecord> &old)
{
    return unchangedSinceParsed(f, old ? &*old : nullptr);
}

// A path an update was told about: gone, or what the scanner says of it now.
struct LookedPath
{
    QString path;
    bool gone = false;
    ScannedFile file;
};

// What an update found to do: the files to parse, the records whose status changed, and what
// leaves the index (exact paths, and everything below some).
struct ChangeSet
{
    std::vector<WorkItem> work;
    QList<FileRecord> statusOnly;
    QSet<QString> removeExact;
    QStringList removeBelow;

    // A scanned entry against its stored record: skipped (its record written when its status
    // changed), unchanged, or to be parsed.
    void consider(ScannedFile &&f, const std::optional<FileRecord> &old, RunState &run)
    {
        ++run.report.filesScanned;
        if (f.status != FileStatus::Pending) {
            ++run.report.filesSkipped;
            if (skipStatusChanged(f, old))
                statusOnly.append(skippedRecord(f));
            return;
        }
        if (unchangedSinceParsed(f, old)) {
            ++run.report.filesUnchanged;
            return;
        }
        run.prog.bytesTotal += f.size;
        work.push_back(WorkItem{std::move(f), old});
    }
};

// The parse fan-out of writeWork(): worker threads, each with a chunker of its own, take the
// work items in order and push their results into a bounded queue. The writer gets them back in
// work order whatever the threads' timing, so the same files get the same row ids (chunk ids
// key the vectors and break ties); workers stay at most kAhead items ahead of it.
class ParsePool
{
public:
    // process(i, chunker): the result for item i of `count`, made on one of `threads` workers
    // (each with its own chunker).
    using Process = std::function<WorkResult(size_t i, Chunker &chunker)>;

    ParsePool(size_t count, const Process &process, const IndexOptions &options, int threads,
              const std::atomic_bool *cancel, const QString &threadName = QStringLiteral("repolens-parse"))
        : m_queue(64)
        , m_running(threads)
    {
        for (int t = 0; t < threads; ++t) {
            m_workers.emplace_back([this, count, process, &options, cancel, threadName, t] {
                QThread::currentThread()->setObjectName(QStringLiteral("%1-%2").arg(threadName).arg(t));
                Chunker chunker(options.chunker);
                QElapsedTimer busy;
                auto stopped = [this, cancel] {
                    return m_stop.load() || (cancel && cancel->load(std::memory_order_relaxed));
                };
                for (;;) {
                    if (stopped())
                        break;
                    const size_t i = m_next.fetch_add(1);
                    if (i >= count)
                        break;
                    {
                        std::unique_lock lock(m_aheadMutex);
                        while (i >= m_taken.load() + kAhead && !stopped())
                            m_aheadCv.wait_for(lock, std::chrono::milliseconds(50));
                    }
                    if (stopped())
                        break;
                    busy.start();
                    WorkResult result = process(i, chunker);
                    result.order = i;
                    m_parseNanos.fetch_add(busy.nsecsElapsed());
                    m_queue.push(std::move(result));
                }
                m_running.fetch_sub(1);
            });
        }
    }
    ~ParsePool() { stop(); }

    // The next result in work order, waiting up to timeoutMs for results to arrive; false when
    // it has not arrived.
    bool pop(WorkResult *out, int timeoutMs)
    {
        for (;;) {
            if (!m_early.empty() && m_early.begin()->first == m_nextOrder) {
                takeEarliest(out);
                return true;
            }
            WorkResult r;
            if (!m_queue.pop(&r, timeoutMs))
                return false;
            const size_t order = r.order;
            m_early.emplace(order, std::move(r));
        }
    }
    // After the workers stopped early (cancel): the earliest result they left, past the gaps.
    bool popLeft(WorkResult *out)
    {
        if (pop(out, 0))
            return true;
        if (m_early.empty())
            return false;
        takeEarliest(out);
        return true;
    }
    bool isRunning() const { return m_running.load() > 0; }
    // Stops the workers (results not written yet are dropped) and joins them.
    void stop()
    {
        if (m_workers.empty())
            return;
        m_stop.store(true);
        m_queue.abort();
        m_aheadCv.notify_all();
        {
            WorkResult drain;
            while (m_running.load() > 0 || m_queue.pop(&drain, 0)) {
                m_queue.pop(&drain, 10);
            }
        }
        for (std::thread &w : m_workers)
            w.join();
        m_workers.clear();
    }
    double parseSeconds() const { return m_parseNanos.load() / 1e9; }

private:
    static constexpr size_t kAhead = 512;

    void takeEarliest(WorkResult *out)
    {
        auto first = m_early.begin();
        *out = std::move(first->second);
        m_nextOrder = first->first + 1;
        m_early.erase(first);
        m_taken.store(m_nextOrder);
        m_aheadCv.notify_all();
    }

    ResultQueue m_queue;
    std::map<size_t, WorkResult> m_early; // results that arrived before their turn (writer only)
    size_t m_nextOrder = 0;
    std::atomic<size_t> m_taken{0};
    std::mutex m_aheadMutex;
    std::condition_variable m_aheadCv;
    std::atomic<size_t> m_next{0};
    std::atomic<int> m_running;
    std::atomic_bool m_stop{false};
    std::atomic<qint64> m_parseNanos{0};
    std::vector<std::thread> m_workers;
};

// The trigrams of a file whose content was just written go to the grep index's buffer, which
// is flushed (in the open transaction) when full.
Result<void> bufferTrigrams(IndexStore &store, qint64 id, WorkResult &result, IndexReport &report)
{
    const qint64 start = indexerThreadCpuNanos();
    store.grep().add(id, std::move(result.trigrams));
    report.trigramSeconds += result.trigramNanos / 1e9;
    Result<void> flushed;
    if (store.grep().bufferFull())
        flushed = store.grep().flush();
    report.grepSeconds += (indexerThreadCpuNanos() - start) / 1e9;
    return flushed;
}

// Writes one parsed file in the open transaction: a file gone since the scan leaves the index;
// otherwise its record, and its content replaced or cleared. Counted in the report; *changed
// when the index changed.
Result<void> writeParsedFile(IndexStore &store, WorkResult &result, IndexReport &report, bool *changed)
{
    if (result.vanished) {
        if (auto r = store.removeFile(result.record.path); !r)
            return r;
        ++report.filesRemoved;
        *changed = true;
        return {};
    }
    auto id = store.files().upsert(result.record);
    if (!id)
        return Result<void>(id.error());
    if (result.writeContent) {
        if (auto r = store.replaceFileContent(*id, result.record.path, result.parsed, result.fresh); !r)
            return r;
        if (auto r = bufferTrigrams(store, *id, result, report); !r)
            return r;
        ++report.filesParsed;
        report.chunks += int(result.parsed.chunks.size());
        report.symbols += int(result.parsed.symbols.size());
        report.refs += int(result.parsed.refs.size());
        report.bytesParsed += result.record.size;
        *changed = true;
    } else if (result.clearContent) {
        if (auto r = store.clearFileContent(*id); !r)
            return r;
        *changed = true;
    } else if (result.record.status != FileStatus::Indexed) {
        // (a file drafted in this run and then found binary, generated, ...)
        if (!isGrepSearchable(result.record.status)) {
            if (auto r = store.grep().remove(*id); !r)
                return r;
        }
        *changed = true;
    } else {
        ++report.filesUnchanged;
    }
    return {};
}

// The writer side of writeWork(): results written in transactions of up to batchFiles files or
// batchMillis ms; the first transaction also marks the references unlinked until the link
// step commits. Keeps the time spent writing.
class BatchWriter
{
public:
    BatchWriter(IndexStore &store, const IndexOptions &options)
        : m_store(store)
        , m_options(options)
    {
        m_batchTimer.start();
    }

    // Writes one result, opening a transaction first when none is open.
    Result<void> write(WorkResult &result, IndexReport &report, bool *changed)
    {
        QElapsedTimer writeTimer;
        writeTimer.start();
        if (!m_inTransaction) {
            if (auto r = m_store.beginTransaction(); !r)
                return r;
            m_inTransaction = true;
            m_batchTimer.restart();
            m_inBatch = 0;
            if (!m_markedUnlinked) {
                // New content has unlinked references until the link step commits.
                if (auto r = m_store.setMeta(QStringLiteral("refs_resolved"), QStringLiteral("0")); !r)
                    return r;
                m_markedUnlinked = true;
            }
        }
        if (auto r = writeParsedFile(m_store, result, report, changed); !r)
            return r;
        writeNanos += writeTimer.nsecsElapsed();
        return {};
    }
    // After a write: commits when the batch is full (files or time).
    Result<void> commitWhenFull()
    {
        if (++m_inBatch < m_options.batchFiles && m_batchTimer.elapsed() <= m_options.batchMillis)
            return {};
        QElapsedTimer writeTimer;
        writeTimer.start();
        const auto committed = m_store.commit();
        writeNanos += writeTimer.nsecsElapsed();
        if (!committed)
            return committed;
        m_inTransaction = false;
        crashPoint("after-commit");
        return {};
    }
    // While waiting for results: commits a batch open for longer than batchMillis.
    Result<void> commitWhenOld()
    {
        if (!m_inTransaction || m_batchTimer.elapsed() <= m_options.batchMillis)
            return {};
        if (auto r = m_store.commit(); !r)
            return r;
        m_inTransaction = false;
        crashPoint("after-commit");
        return {};
    }
    // At the end: the open batch committed, or rolled back after a failed write or commit (the
    // batch is lost, the index consistent). Returns the writing's outcome.
    Result<void> finish(Result<void> outcome)
    {
        if (!m_inTransaction)
            return outcome;
        if (outcome) {
            if (auto r = m_store.commit(); !r)
                outcome = r;
            else
                crashPoint("after-commit");
        }
        if (!outcome)
            m_store.rollback();
        return outcome;
    }

    qint64 writeNanos = 0;

private:
    IndexStore &m_store;
    const IndexOptions &m_options;
    QElapsedTimer m_batchTimer;
    int m_inBatch = 0;
    bool m_inTransaction = false;
    bool m_markedUnlinked = false;
};

// Runs `work` in a transaction of its own: committed, or rolled back when it fails.
Result<void> inTransaction(IndexStore &store, const std::function<Result<void>()> &work)
{
    if (auto r = store.beginTransaction(); !r)
        return r;
    if (auto r = work(); !r) {
        store.rollback();
        return r;
    }
    return store.commit();
}

// A file of the grep index read again for its trigrams (files unindexed after an upgrade, a
// repair, or updates one file at a time).
struct TextRead
{
    qint64 id = 0;
    QString path;
    std::vector<Trigram> trigrams;
    bool ok = false; // still a text file (beneath the root, no symlink, decoded as indexed)
};

// Reads files beneath the root on `threads` threads (never through a symlink, never blocking on
// a FIFO: core/base/safefile.h), decoded as the indexer decodes them, in any order, at most 64
// ahead of the writer.
class TextReadPool
{
public:
    TextReadPool(QByteArray root, const QList<GrepFile> &files, qint64 cap, int threads, const std::atomic_bool *cancel)
        : m_root(std::move(root))
        , m_running(threads)
    {
        for (int t = 0; t < threads; ++t) {
            m_workers.emplace_back([this, &files, cap, cancel, t] {
                QThread::currentThread()->setObjectName(QStringLiteral("repolens-text-%1").arg(t));
                for (;;) {
                    const qsizetype i = m_next.fetch_add(1);
                    if (i >= files.size() || m_stop.load() || (cancel && cancel->load(std::memory_order_relaxed)))
                        break;
                    const qint64 cpu = indexerThreadCpuNanos();
                    TextRead r = read(files.at(i), cap);
                    m_readCpuNanos.fetch_add(indexerThreadCpuNanos() - cpu);
                    std::unique_lock lock(m_mutex);
                    m_room.wait(lock, [&] { return m_queue.size() < 64 || m_stop.load(); });
                    m_queue.push_back(std::move(r));
                    m_ready.notify_one();
                }
                std::lock_guard lock(m_mutex);
                --m_running;
                m_ready.notify_one();
            });
        }
    }
    ~TextReadPool()
    {
        {
            std::lock_guard lock(m_mutex);
            m_stop.store(true);
            m_queue.clear();
        }
        m_room.notify_all();
        for (std::thread &w : m_workers)
            w.join();
    }
    TextReadPool(const TextReadPool &) = delete;
    TextReadPool &operator=(const TextReadPool &) = delete;

    // CPU time the reading threads have spent so far.
    qint64 readCpuNanos() const { return m_readCpuNanos.load(); }
    // The next file read; false once every thread has finished and nothing is left.
    bool pop(TextRead *out)
    {
        std::unique_lock lock(m_mutex);
        m_ready.wait(lock, [&] { return !m_queue.empty() || m_running == 0; });
        if (m_queue.empty())
            return false;
        *out = std::move(m_queue.front());
        m_queue.pop_front();
        m_room.notify_one();
        return true;
    }

private:
    TextRead read(const GrepFile &f, qint64 cap) const
    {
        TextRead r{f.id, f.path, {}, false};
        auto bytes = readFileBeneath(m_root, encodePath(f.path), cap);
        if (bytes && bytes->size() <= cap) {
            const ContentVerdict verdict = classifyContent(f.path, f.language, *bytes);
            if (verdict.status == FileStatus::Pending) {
                r.trigrams = GrepStore::trigramsOf(verdict.utf8);
                r.ok = true;
            }
        }
        return r;
    }

    const QByteArray m_root;
    std::mutex m_mutex;
    std::condition_variable m_ready;
    std::condition_variable m_room;
    std::deque<TextRead> m_queue; // guarded by m_mutex
    int m_running;                // guarded by m_mutex
    std::atomic<qsizetype> m_next{0};
    std::atomic_bool m_stop{false};
    std::atomic<qint64> m_readCpuNanos{0};
    std::vector<std::thread> m_workers;
};

// The git history read (file-quality prior) that runs in git while the index links.
struct HistoryRead
{
    QString head;
    std::future<QHash<QString, QPair<int, qint64>>> read;
    QElapsedTimer timer;
};

} // namespace

namespace IndexerSteps {

// Relative paths of an update as given by a watcher: cleaned, without leading slashes, none
// outside the folder ("..", "../x") or of the folder itself, each once, sorted.
QStringList cleanRelativePaths(const QStringList &relPaths)
{
    QSet<QString> unique;
    for (const QString &p : relPaths) {
        QString clean = QDir::cleanPath(p);
        while (clean.startsWith(u'/'))
            clean.remove(0, 1);
        if (clean.isEmpty() || clean == u"." || clean == u".." || clean.startsWith(QStringLiteral("../")))
            continue;
        unique.insert(clean);
    }
    QStringList paths(unique.cbegin(), unique.cend());
    paths.sort();
    return paths;
}

// The outermost of some folders (none inside another of them), sorted.
QStringList outermostFolders(QStringList folders)
{
    folders.sort();
    folders.removeDuplicates();
    QStringList outer;
    for (const QString &dir : std::as_const(folders)) {
        if (outer.isEmpty() || !isUnder(dir, outer.last()))
            outer << dir;
    }
    return outer;
}

} // namespace IndexerSteps

class Indexer::Private
{
public:
    using TellFn = std::function<void(bool force)>;

    QString root;
    QString dbPath;
    IndexOptions options;
    std::unique_ptr<Scanner> scanner; // kept between update() calls: it caches ignore files

    Scanner &ensureScanner()
    {
        if (!scanner)
            scanner = std::make_unique<Scanner>(root, options.scan);
        return *scanner;
    }

    Result<IndexReport> runOnce(const ProgressFn &progress, const std::atomic_bool *cancel, bool verify);
    Result<IndexReport> repairIfDamaged(Result<IndexReport> result, const ProgressFn &progress,
                                        const std::atomic_bool *cancel);
    Result<IndexReport> updateOnce(const QStringList &relPaths, const ProgressFn &progress,
                                   const std::atomic_bool *cancel, bool *needFullRun);
    // Removes paths (and everything below removeBelow folders) and writes status-only entries,
    // in one transaction.
    Result<void> applyRemovals(IndexStore &store, const QSet<QString> &removeExact,
                               const QStringList &removeBelow, const QList<FileRecord> &statusOnly,
                               IndexReport &report, bool *changed);
    // The draft pass of a first index: plain-text windows of the new files in `work`, read on
    // the pool and committed in one transaction; keyword search covers them from then on.
    Result<void> writeDrafts(IndexStore &store, const std::vector<WorkItem> &work, IndexReport &report,
                             IndexProgress &prog, const TellFn &tell, const std::atomic_bool *cancel,
                             const QElapsedTimer &runTimer);
    // Parses `work` on the pool and writes the results from this thread in batches.
    Result<void> writeWork(IndexStore &store, std::vector<WorkItem> &work, IndexReport &report,
                           IndexProgress &prog, const TellFn &tell, const std::atomic_bool *cancel,
                           bool bulk, bool *changed);
    // The grep index: writes the trigrams buffered by writeWork and those of the files still
    // unindexed (read again here), then merges segments. `complete`: a full run, which leaves
    // nothing unindexed; an update leaves a few files to the searches.
    Result<void> indexText(IndexStore &store, IndexReport &report, IndexProgress &prog, const TellFn &tell,
                           const std::atomic_bool *cancel, bool complete);
    // indexText's reading: the files' text read again and decoded on a few threads, their
    // trigrams written here in transactions as the buffer fills.
    Result<void> readUnindexedText(IndexStore &store, const QList<GrepFile> &files, IndexReport &report,
                                   IndexProgress &prog, const TellFn &tell, const std::atomic_bool *cancel);
    // incremental: the index was fully linked before this connection wrote anything.
    Result<void> link(IndexStore &store, IndexReport &report, IndexProgress &prog, const TellFn &tell,
                      bool changed, bool incremental);

    // The steps of a full run (runOnce).
    struct FolderScan
    {
        std::vector<WorkItem> work;     // new and changed files (all, when the parser changed)
        QList<FileRecord> statusOnly;   // skipped entries whose status changed
        QSet<QString> removed;          // indexed paths the scan did not see
        HeaderLanguages headers;        // what .h files are, from the other files
        int fresh = 0;                  // work items never parsed before
        bool bulk = false;              // mostly new files: graph indexes built once at the end
    };
    // Walks the whole folder with a fresh scanner (it re-reads every ignore file) and compares
    // each entry with its stored record (`known`).
    Result<FolderScan> scanFolder(const IndexStore &store, QHash<QString, FileStamp> known, bool parserChanged,
                                  RunState &run);
    // The draft pass (a first index of many files), then the parse of everything scanned;
    // true when the run was cancelled (its report says so).
    Result<bool> parseScanned(IndexStore &store, FolderScan &scan, RunState &run, bool *changed);
    // Starts reading the git history when HEAD moved since it was last read.
    HistoryRead startHistoryRead(const IndexStore &store, const std::atomic_bool *cancel) const;
    // Stores what the read found (commit counts and dates per file) with its HEAD.
    Result<void> storeHistory(IndexStore &store, HistoryRead &history, RunState &run);

    // The steps of an update (updateOnce).
    // Changed ignore files: their rules re-read and their folders added to `subtrees`; false
    // when the change needs a full run (the root's rules, .git/info/exclude).
    bool ignoreRulesChanged(const QStringList &paths, QStringList *subtrees);
    // One path as it is now; a folder to scan (new, renamed, re-included) goes to `subtrees`.
    LookedPath lookAt(Scanner &scan, const QString &path, QStringList *subtrees) const;
    // The looked-at paths outside the subtrees to scan: what leaves the index, what changed.
    void sortLookedPaths(const IndexStore &store, std::vector<LookedPath> &looked, const QStringList &subtrees,
                         ChangeSet &changes, RunState &run);
    // Scans each subtree against its stored records (what is not seen leaves the index);
    // false when cancelled (the report says so).
    bool rescanFolders(const IndexStore &store, const QStringList &subtrees, ChangeSet &changes, RunState &run);
};

Indexer::Indexer(QString rootDir, QString databasePath, IndexOptions options)
    : d(std::make_unique<Private>())
{
    d->root = std::move(rootDir);
    d->dbPath = std::move(databasePath);
    d->options = std::move(options);
}

Indexer::~Indexer() = default;

bool Indexer::isIgnoreFile(const QString &relPath)
{
    const QString name = relPath.section(u'/', -1);
    return name == QLatin1String(".gitignore") || name == IgnoreRules::ignoreFileName()
           || name == QLatin1String("CMakeCache.txt") || relPath == QLatin1String(".git/info/exclude");
}

namespace {

// Storage failures in words a person can act on; the SQLite detail stays at the end.
Result<IndexReport> explained(Result<IndexReport> result, const QString &dbPath)
{
    if (result)
        return result;
    Error e = result.error();
    switch (e.code) {
    case ErrorCode::DiskFull:
        e.message = QStringLiteral("the disk is full: the index keeps what was written before and the "
                                   "next run continues from there (%1)")
                        .arg(e.message);
        e.context = dbPath;
        break;
    case ErrorCode::ReadOnly:
        if (!e.message.contains(QLatin1String("read-only")))
            e.message = QStringLiteral("the index cannot be written, its file or folder is read-only (%1)")
                            .arg(e.message);
        if (e.context.isEmpty() || e.context.startsWith(QLatin1String("INSERT"))
            || e.context.startsWith(QLatin1String("UPDATE")) || e.context.startsWith(QLatin1String("PRAGMA")))
            e.context = dbPath;
        break;
    default:
        break;
    }
    return e;
}

} // namespace

Result<IndexReport> Indexer::run(const ProgressFn &progress, const std::atomic_bool *cancel)
{
    // One writer per index across processes: a second one would see the same files as new and
    // write them twice. Busy tells the caller to read meanwhile and try again later.
    auto lock = IndexWriterLock::tryAcquire(d->dbPath);
    if (!lock)
        return explained(lock.error(), d->dbPath);
    return explained(runChecked(progress, cancel), d->dbPath);
}

Result<IndexReport> Indexer::runChecked(const ProgressFn &progress, const std::atomic_bool *cancel)
{
    auto result = d->runOnce(progress, cancel, d->options.verifyIntegrity);
    return d->repairIfDamaged(std::move(result), progress, cancel);
}

// A run that failed with Corrupt, or met damage it could go on without (a read of the stores
// that failed with SQLITE_CORRUPT marks the file, integrity.h): the damaged file is kept for
// the user and the index rebuilt from scratch.
Result<IndexReport> Indexer::Private::repairIfDamaged(Result<IndexReport> result, const ProgressFn &progress,
                                                      const std::atomic_bool *cancel)
{
    // (SQLite's own words when a statement met the damage: "database disk image is malformed")
    QString reason;
    if (const auto damage = Damage::reason(dbPath))
        reason = *damage;
    else if (!result && result.error().code == ErrorCode::Corrupt)
        reason = result.error().message;
    else
        return result;
    qCWarning(lcIndex) << "the index is damaged:" << reason << dbPath;
    auto moved = IndexStore::moveAside(dbPath);
    if (!moved)
        return moved.error();
    scanner.reset();
    result = runOnce(progress, cancel, false);
    if (result) {
        result->corruptMovedTo = *moved;
        result->corruptReason = reason;
    }
    return result;
}

Result<IndexReport> Indexer::update(const QStringList &relPaths, const ProgressFn &progress,
                                    const std::atomic_bool *cancel)
{
    auto lock = IndexWriterLock::tryAcquire(d->dbPath);
    if (!lock)
        return explained(lock.error(), d->dbPath);
    return explained(updateChecked(relPaths, progress, cancel), d->dbPath);
}

Result<IndexReport> Indexer::updateChecked(const QStringList &relPaths, const ProgressFn &progress,
                                           const std::atomic_bool *cancel)
{
    bool needFullRun = false;
    auto result = d->updateOnce(relPaths, progress, cancel, &needFullRun);
    if (result && !needFullRun)
        return result;
    if ((!result && result.error().code == ErrorCode::Corrupt) || Damage::reason(d->dbPath))
        return d->repairIfDamaged(std::move(result), progress, cancel);
    if (!result)
        return result;
    return runChecked(progress, cancel);
}

Result<void> Indexer::Private::applyRemovals(IndexStore &store, const QSet<QString> &removeExact,
                                             const QStringList &removeBelow,
                                             const QList<FileRecord> &statusOnly,
                                             IndexReport &report, bool *changed)
{
    if (removeExact.isEmpty() && removeBelow.isEmpty() && statusOnly.isEmpty())
        return {};
    QStringList doomed;
    for (const QString &path : removeExact) {
        if (store.files().file(path))
            doomed << path;
    }
    for (const QString &dir : removeBelow) {
        const QHash<QString, FileRecord> below = store.files().under(dir);
        for (auto it = below.cbegin(); it != below.cend(); ++it)
            doomed << it.key();
    }
    doomed.removeDuplicates();
    if (doomed.isEmpty() && statusOnly.isEmpty())
        return {};
    if (auto r = store.beginTransaction(); !r)
        return r;
    auto fail = [&](const Error &e) {
        store.rollback();
        return Result<void>(e);
    };
    // References into what changes must be linked again, even if we are killed before that.
    if (auto r = store.setMeta(QStringLiteral("refs_resolved"), QStringLiteral("0")); !r)
        return fail(r.error());
    for (const QString &path : std::as_const(doomed)) {
        if (auto r = store.removeFile(path); !r)
            return fail(r.error());
        ++report.filesRemoved;
    }
    for (const FileRecord &rec : statusOnly) {
        auto id = store.files().upsert(rec);
        if (!id)
            return fail(id.error());
        if (auto c = store.clearFileContent(*id); !c)
            return fail(c.error());
    }
    if (auto r = store.commit(); !r)
        return fail(r.error());
    *changed = true;
    return {};
}

Result<void> Indexer::Private::writeDrafts(IndexStore &store, const std::vector<WorkItem> &work,
                                           IndexReport &report, IndexProgress &prog, const TellFn &tell,
                                           const std::atomic_bool *cancel, const QElapsedTimer &runTimer)
{
    auto cancelled = [&] { return cancel && cancel->load(std::memory_order_relaxed); };
    const QByteArray rootBytes = encodePath(ensureScanner().rootDir());
    std::vector<size_t> fresh;
    for (size_t i = 0; i < work.size(); ++i) {
        const auto &old = work[i].old;
        if (!old || (old->status != FileStatus::Indexed && old->status != FileStatus::ParseError))
            fresh.push_back(i);
    }
    prog.phase = IndexProgress::Phase::Drafting;
    prog.filesTotal = int(fresh.size());
    prog.filesDone = 0;
    tell(true);
    if (fresh.empty())
        return {};
    // Written in the order of the work list, as the parse pass does: the files' row ids are
    // the same every time.
    const int threads = std::clamp(options.threads > 0 ? options.threads : QThread::idealThreadCount(), 1,
                                   int(std::min<size_t>(fresh.size(), 64)));
    // The windows' tokens are made by the draft threads: the single writer only stores them.
    std::shared_ptr<const FtsPreTokenizer> tokenizer;
    if (auto made = store.drafts().preTokenizer(threads))
        tokenizer = std::move(*made);
    ParsePool pool(
        fresh.size(),
        [&](size_t i, Chunker &) {
            if (options.beforeDraft)
                options.beforeDraft(work[fresh[i]].file.relPath);
            WorkResult out = draftFile(rootBytes, work[fresh[i]], options);
            if (tokenizer && out.writeContent)
                out.draftTokens = DraftStore::encode(*tokenizer, out.record.path, out.parsed.chunks);
            return out;
        },
        options, threads, cancel, QStringLiteral("repolens-draft"));
    QElapsedTimer writeTimer;
    writeTimer.start();
    Result<void> result = store.drafts().begin(); // (replaces those of an interrupted run)
    if (result)
        result = store.beginTransaction();
    int drafted = 0;
    for (size_t received = 0; result && received < fresh.size();) {
        WorkResult r;
        if (!pool.pop(&r, 100)) {
            if (!pool.isRunning() && !pool.pop(&r, 0))
                break;
            continue;
        }
        if (cancelled())
            break; // what was written before the Stop is kept
        ++received;
        ++prog.filesDone;
        prog.bytesDone += r.record.size;
        prog.currentPath = r.record.path;
        tell(false);
        if (!r.writeContent)
            continue;
        auto id = store.files().upsert(r.record);
        if (!id) {
            result = Result<void>(id.error());
            break;
        }
        result = store.drafts().add(*id, r.record.path, r.parsed.chunks, &r.draftTokens);
        if (result)
            result = store.grep().setUnindexed(*id); // grep reads it until its postings exist
        ++drafted;
    }
    pool.stop();
    // A Stop keeps the windows written so far: their files stay pending and searchable as
    // text, and the next run drafts and parses them again.
    if (!result || (cancelled() && drafted == 0)) {
        store.rollback();
        store.drafts().clear();
        return cancelled() ? Result<void>() : result;
    }
    if (auto r = store.commit(); !r) {
        store.rollback();
        store.drafts().clear();
        return r;
    }
    // Drafts that cannot be published are a lost head start, not a failed index.
    if (auto r = store.drafts().publish(); !r) {
        qCWarning(lcIndex) << "draft windows not published:" << r.error().toString();
        store.drafts().clear();
    }
    report.writeSeconds += writeTimer.nsecsElapsed() / 1e9;
    report.draftedFiles = drafted;
    if (cancelled())
        return {};
    report.keywordReadySeconds = runTimer.elapsed() / 1000.0;
    prog.keywordReady = true;
    prog.bytesDone = 0;
    tell(true);
    crashPoint("after-drafts");
    if (options.afterDrafts)
        options.afterDrafts();
    return {};
}

Result<void> Indexer::Private::writeWork(IndexStore &store, std::vector<WorkItem> &work,
                                         IndexReport &report, IndexProgress &prog, const TellFn &tell,
                                         const std::atomic_bool *cancel, bool bulk, bool *changed)
{
    auto cancelled = [&] { return cancel && cancel->load(std::memory_order_relaxed); };
    const QByteArray rootBytes = encodePath(ensureScanner().rootDir());
    prog.phase = IndexProgress::Phase::Parsing;
    prog.filesTotal = int(work.size());
    prog.filesDone = 0;
    prog.bytesDone = 0;
    prog.phaseStartSeconds = prog.elapsedSeconds;
    tell(true);
    if (work.empty())
        return {};
    // Bigger files first balances the threads; small ones fill in at the end. Files of one size
    // by path, so that the order (and with it the row ids) is the same every time.
    std::sort(work.begin(), work.end(), [](const WorkItem &a, const WorkItem &b) {
        return a.file.size != b.file.size ? a.file.size > b.file.size : a.file.relPath < b.file.relPath;
    });
    const int threads = std::clamp(options.threads > 0 ? options.threads : QThread::idealThreadCount(), 1,
                                   int(std::min<size_t>(work.size(), 64)));
    ParsePool pool(
        work.size(),
        [&](size_t i, Chunker &chunker) { return processFile(rootBytes, work[i], chunker, options, cancel); }, options,
        threads, cancel);

    // A big first load builds the graph indexes once at the end.
    Result<void> writeError;
    if (bulk) {
        if (auto r = store.beginBulkLoad(); !r)
            writeError = r;
    }
    BatchWriter writer(store, options);
    size_t received = 0;
    while (writeError && received < work.size()) {
        WorkResult result;
        if (!pool.pop(&result, 100)) {
            if (!pool.isRunning()) {
                // workers stopped early (cancel): what they left, in order, past the gaps
                if (!pool.popLeft(&result))
                    break;
            } else {
                writeError = writer.commitWhenOld();
                continue;
            }
        }
        ++received;
        if (cancelled() && result.record.status == FileStatus::Pending)
            continue; // cut off mid-way: leave the old state
        if (writeError = writer.write(result, report, changed); !writeError)
            break;
        crashPoint("in-batch");
        ++prog.filesDone;
        prog.bytesDone += result.record.size;
        prog.currentPath = result.record.path;
        tell(false);
        writeError = writer.commitWhenFull();
    }
    writeError = writer.finish(writeError);
    pool.stop();
    qint64 writeNanos = writer.writeNanos;
    if (bulk) {
        QElapsedTimer writeTimer;
        writeTimer.start();
        if (auto r = store.endBulkLoad(); !r && writeError)
            writeError = r;
        writeNanos += writeTimer.nsecsElapsed();
    }
    report.parseSeconds += pool.parseSeconds();
    report.writeSeconds += writeNanos / 1e9;
    return writeError;
}

Result<void> Indexer::Private::indexText(IndexStore &store, IndexReport &report, IndexProgress &prog,
                                         const TellFn &tell, const std::atomic_bool *cancel, bool complete)
{
    GrepStore &grep = store.grep();
    const qint64 cpuStart = indexerThreadCpuNanos();
    auto unindexed = grep.unindexedFiles();
    if (!unindexed)
        return unindexed.error();
    if (!complete && unindexed->size() < kGrepUpdateBatch) {
        grep.dropBuffer(); // the files stay unindexed: every search reads them meanwhile
        return {};
    }
    std::vector<quint32> toRead;
    for (quint32 id : *unindexed) {
        if (!grep.isBuffered(id))
            toRead.push_back(id);
    }
    if (!toRead.empty()) {
        auto files = grep.files(&toRead);
        if (!files)
            return files.error();
        if (auto r = readUnindexedText(store, *files, report, prog, tell, cancel); !r)
            return r;
    }
    if (cancel && cancel->load(std::memory_order_relaxed)) {
        grep.dropBuffer();
        return {};
    }
    auto written = inTransaction(store, [&]() -> Result<void> {
        if (auto r = grep.flush(); !r)
            return r;
        return grep.maintain();
    });
    report.grepSeconds += (indexerThreadCpuNanos() - cpuStart) / 1e9;
    return written;
}

Result<void> Indexer::Private::readUnindexedText(IndexStore &store, const QList<GrepFile> &files, IndexReport &report,
                                                 IndexProgress &prog, const TellFn &tell,
                                                 const std::atomic_bool *cancel)
{
    prog.phase = IndexProgress::Phase::TextIndex;
    prog.filesTotal = int(files.size());
    prog.filesDone = 0;
    prog.phaseStartSeconds = prog.elapsedSeconds;
    tell(true);
    const int threads = std::clamp(options.threads > 0 ? options.threads : QThread::idealThreadCount(), 1,
                                   int(std::min<qsizetype>(files.size(), 64)));
    TextReadPool pool(encodePath(ensureScanner().rootDir()), files, options.scan.sizeCap, threads, cancel);
    GrepStore &grep = store.grep();
    TextRead r;
    while (pool.pop(&r)) {
        ++prog.filesDone;
        prog.currentPath = r.path;
        tell(false);
        if (!r.ok)
            continue; // not text any more: its next scan takes it out of the index
        grep.add(r.id, std::move(r.trigrams));
        ++report.grepFilesIndexed;
        if (grep.bufferFull()) {
            if (auto w = inTransaction(store, [&] { return grep.flush(); }); !w)
                return w;
        }
    }
    report.grepSeconds += pool.readCpuNanos() / 1e9;
    return {};
}

Result<void> Indexer::Private::link(IndexStore &store, IndexReport &report, IndexProgress &prog,
                                    const TellFn &tell, bool changed, bool incremental)
{
    if (!changed && store.meta(QStringLiteral("refs_resolved")) == QLatin1String("1"))
        return {};
    prog.phase = IndexProgress::Phase::Linking;
    tell(true);
    QElapsedTimer linkTimer;
    linkTimer.start();
    if (auto r = store.beginTransaction(); !r)
        return r;
    if (auto r = store.setMeta(QStringLiteral("refs_resolved"), QStringLiteral("0")); !r) {
        store.rollback();
        return r;
    }
    if (auto r = store.symbols().resolveReferences(incremental); !r) {
        store.rollback();
        return r;
    }
    if (auto r = store.setMeta(QStringLiteral("refs_resolved"), QStringLiteral("1")); !r) {
        store.rollback();
        return r;
    }
    crashPoint("in-link");
    if (auto r = store.commit(); !r) {
        store.rollback();
        return r;
    }
    report.linkSeconds += linkTimer.elapsed() / 1000.0;
    return {};
}

Result<IndexReport> Indexer::Private::runOnce(const ProgressFn &progress, const std::atomic_bool *cancel,
                                              bool verify)
{
    RunState run(progress, cancel);
    auto opened = IndexStore::open(dbPath, IndexStore::Mode::ReadWrite);
    if (!opened)
        return opened.error();
    IndexStore &store = **opened;
    if (verify) {
        if (auto r = store.checkIntegrity(true); !r)
            return r.error();
    }
    const bool linkedBefore = store.meta(QStringLiteral("refs_resolved")) == QLatin1String("1");
    const QString canonicalRoot = canonicalPath(root);
    if (store.meta(QStringLiteral("root_path")) != canonicalRoot) {
        if (auto r = store.setMeta(QStringLiteral("root_path"), canonicalRoot); !r)
            return r.error();
    }

    QHash<QString, FileStamp> known = store.files().stamps();
    // A new chunker or tags query parses every file again, changed or not.
    const QString parser = parserFingerprint();
    bool parserChanged = store.meta(QStringLiteral("parser")) != parser;
    if (parserChanged && known.isEmpty()) {
        // A new index has nothing made by another parser: say so now, so a run that is
        // interrupted (killed, disk full, stopped) resumes with what it wrote instead of
        // parsing it all again.
        if (auto r = store.setMeta(QStringLiteral("parser"), parser); !r)
            return r.error();
        parserChanged = false;
    }

    // --- scan ------------------------------------------------------------------------------
    auto scanned = scanFolder(store, std::move(known), parserChanged, run);
    if (!scanned) {
        if (scanned.error().code == ErrorCode::Cancelled) {
            run.report.cancelled = true;
            return run.report;
        }
        return scanned.error();
    }
    // The folder itself went away while it was walked (deleted, unmounted, renamed): an error,
    // not an index of nothing.
    if (!isFolder(root))
        return makeError(ErrorCode::NotFound, QStringLiteral("the folder was removed while it was being indexed"), root);
    decideHeaders(&scanned->work, scanned->headers);

    // --- removed files + status-only changes --------------------------------------------------
    bool changed = false;
    if (auto r = applyRemovals(store, scanned->removed, {}, scanned->statusOnly, run.report, &changed); !r)
        return r.error();
    crashPoint("after-scan");

    // --- parse on a pool, write here ------------------------------------------------------------
    const auto stopped = parseScanned(store, *scanned, run, &changed);
    if (!stopped)
        return stopped.error();
    if (*stopped)
        return run.report;
    crashPoint("after-parse");

    // --- git history (file-quality prior), read by git while this thread links -------------------
    HistoryRead history = startHistoryRead(store, cancel);

    // --- link references --------------------------------------------------------------------
    if (auto r = link(store, run.report, run.prog, run.tell, changed, linkedBefore && !scanned->bulk); !r)
        return r.error();
    if (auto r = storeHistory(store, history, run); !r)
        return r.error();

    if (changed) {
        store.setMeta(QStringLiteral("last_indexed"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
        store.optimize();
    }
    if (parserChanged)
        store.setMeta(QStringLiteral("parser"), parser);
    run.prog.phase = IndexProgress::Phase::Done;
    run.report.seconds = run.seconds();
    run.tell(true);
    return run.report;
}

Result<Indexer::Private::FolderScan> Indexer::Private::scanFolder(const IndexStore &store,
                                                                  QHash<QString, FileStamp> known,
                                                                  bool parserChanged, RunState &run)
{
    FolderScan out;
    // A fresh scanner re-reads every ignore file; update() keeps using it afterwards.
    scanner = std::make_unique<Scanner>(root, options.scan);
    run.prog.phase = IndexProgress::Phase::Scanning;
    std::vector<size_t> stored; // work items with a record: read in full below
    auto scanned = scanner->scan(
        [&](ScannedFile &&f) {
            ++run.prog.filesSeen;
            ++run.report.filesScanned;
            // What is left in `known` after the walk was not seen: it left the folder.
            const auto it = known.find(f.relPath);
            const bool hasOld = it != known.end();
            const FileStamp old = hasOld ? std::move(*it) : FileStamp();
            if (hasOld)
                known.erase(it);
            if (f.status != FileStatus::Pending) {
                ++run.report.filesSkipped;
                if (skipStatusChanged(f, hasOld ? &old : nullptr))
                    out.statusOnly.append(skippedRecord(f));
                return;
            }
            out.headers.addFile(f.relPath);
            if (unchangedSinceParsed(f, hasOld ? &old : nullptr) && !parserChanged) {
                ++run.report.filesUnchanged;
                return;
            }
            run.prog.bytesTotal += f.size;
            if (hasOld)
                stored.push_back(out.work.size());
            out.work.push_back(WorkItem{std::move(f), std::nullopt, parserChanged});
            run.tell(false);
        },
        run.cancel);
    if (!scanned)
        return scanned.error();
    for (auto it = known.cbegin(); it != known.cend(); ++it)
        out.removed.insert(it.key());
    // The changed files' stored records, whole (content hash: touched but not changed?).
    if (stored.size() > 5000) {
        const QHash<QString, FileRecord> all = store.files().all();
        for (size_t i : stored) {
            if (const auto it = all.constFind(out.work[i].file.relPath); it != all.cend())
                out.work[i].old = *it;
        }
    } else {
        for (size_t i : stored)
            out.work[i].old = store.files().file(out.work[i].file.relPath);
    }
    // A load of mostly new files drops the graph indexes and builds them once at the end; not
    // for files that are only touched (checkout, fresh clone) or changed.
    out.fresh = int(std::count_if(out.work.cbegin(), out.work.cend(), [](const WorkItem &w) {
        return !w.old || (w.old->status != FileStatus::Indexed && w.old->status != FileStatus::ParseError);
    }));
    out.bulk = out.fresh >= 1000 && 2 * out.fresh >= int(out.work.size()) + run.report.filesUnchanged;
    return out;
}

Result<bool> Indexer::Private::parseScanned(IndexStore &store, FolderScan &scan, RunState &run, bool *changed)
{
    // A first index of many files: their plain-text windows first (keyword search within
    // seconds), then the parse.
    if (options.draftMinFiles > 0 && scan.fresh >= options.draftMinFiles) {
        if (auto r = writeDrafts(store, scan.work, run.report, run.prog, run.tell, run.cancel, run.timer); !r)
            return r.error();
        if (run.cancelled()) {
            run.report.cancelled = true;
            run.report.seconds = run.seconds();
            return true;
        }
    }
    if (auto r = writeWork(store, scan.work, run.report, run.prog, run.tell, run.cancel, scan.bulk, changed); !r)
        return r.error();
    if (run.cancelled()) {
        run.report.cancelled = true;
        run.report.seconds = run.seconds();
        return true;
    }
    if (auto r = indexText(store, run.report, run.prog, run.tell, run.cancel, true); !r)
        return r.error();
    if (!isFolder(root)) // what was written stays consistent; the next run redoes the rest
        return makeError(ErrorCode::NotFound, QStringLiteral("the folder was removed while it was being indexed"), root);
    // Every file has its parsed chunks now: the drafts (of this run or an interrupted one) go.
    if (auto r = store.drafts().clear(); !r)
        qCWarning(lcIndex) << r.error().toString();
    return false;
}

HistoryRead Indexer::Private::startHistoryRead(const IndexStore &store, const std::atomic_bool *cancel) const
{
    // (a new HEAD is read even when no indexed file changed: commit counts and dates move)
    HistoryRead history;
    if (!options.gitHistory)
        return history;
    history.head = GitHistory::head(root);
    if (!history.head.isEmpty() && history.head != store.meta(QStringLiteral("git_head"))) {
        history.timer.start();
        history.read = std::async(std::launch::async, [root = root, cancel] { return GitHistory::read(root, cancel); });
    }
    return history;
}

Result<void> Indexer::Private::storeHistory(IndexStore &store, HistoryRead &history, RunState &run)
{
    if (!history.read.valid())
        return {};
    run.prog.phase = IndexProgress::Phase::History;
    run.tell(true);
    const auto read = history.read.get();
    if (!read.isEmpty() && !run.cancelled()) {
        if (auto r = store.beginTransaction(); !r)
            return r;
        store.files().setGitHistory(read);
        store.setMeta(QStringLiteral("git_head"), history.head);
        if (auto r = store.commit(); !r)
            return r;
    }
    run.report.historySeconds = history.timer.elapsed() / 1000.0;
    return {};
}

Result<IndexReport> Indexer::Private::updateOnce(const QStringList &relPaths, const ProgressFn &progress,
                                                 const std::atomic_bool *cancel, bool *needFullRun)
{
    RunState run(progress, cancel);
    run.report.fullScan = false;
    const QStringList paths = IndexerSteps::cleanRelativePaths(relPaths);
    Scanner &scan = ensureScanner();

    // Changed ignore rules: re-read them; their folder is scanned again below.
    QStringList subtrees;
    if (!ignoreRulesChanged(paths, &subtrees)) {
        *needFullRun = true;
        return run.report;
    }

    auto opened = IndexStore::open(dbPath, IndexStore::Mode::ReadWrite);
    if (!opened)
        return opened.error();
    IndexStore &store = **opened;
    const bool linkedBefore = store.meta(QStringLiteral("refs_resolved")) == QLatin1String("1");

    // --- look at each path ---------------------------------------------------------------------
    run.prog.phase = IndexProgress::Phase::Scanning;
    std::vector<LookedPath> looked;
    looked.reserve(size_t(paths.size()));
    for (const QString &p : paths) {
        if (run.cancelled()) {
            run.report.cancelled = true;
            return run.report;
        }
        looked.push_back(lookAt(scan, p, &subtrees));
    }
    subtrees = IndexerSteps::outermostFolders(subtrees);
    ChangeSet changes;
    sortLookedPaths(store, looked, subtrees, changes, run);
    looked.clear();
    if (!rescanFolders(store, subtrees, changes, run))
        return run.report;

    if (std::any_of(changes.work.cbegin(), changes.work.cend(), [](const WorkItem &w) {
            return HeaderLanguages::isHeader(w.file.relPath);
        })) {
        HeaderLanguages headers;
        const QHash<QString, FileRecord> files = store.files().all();
        for (auto it = files.cbegin(); it != files.cend(); ++it)
            headers.addFile(it.key());
        for (const WorkItem &w : changes.work)
            headers.addFile(w.file.relPath);
        decideHeaders(&changes.work, headers);
    }

    bool changed = false;
    if (auto r = applyRemovals(store, changes.removeExact, changes.removeBelow, changes.statusOnly, run.report, &changed); !r)
        return r.error();
    if (auto r = writeWork(store, changes.work, run.report, run.prog, run.tell, cancel, false, &changed); !r)
        return r.error();
    if (run.cancelled()) {
        run.report.cancelled = true;
        run.report.seconds = run.seconds();
        return run.report;
    }
    if (auto r = indexText(store, run.report, run.prog, run.tell, cancel, false); !r)
        return r.error();
    if (auto r = link(store, run.report, run.prog, run.tell, changed, linkedBefore); !r)
        return r.error();
    if (changed)
        store.setMeta(QStringLiteral("last_indexed"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    run.prog.phase = IndexProgress::Phase::Done;
    run.report.seconds = run.seconds();
    run.tell(true);
    return run.report;
}

bool Indexer::Private::ignoreRulesChanged(const QStringList &paths, QStringList *subtrees)
{
    IgnoreRules &rules = *ensureScanner().ignoreRules();
    for (const QString &p : paths) {
        if (p == QLatin1String(".git/info/exclude") || p == QLatin1String(".git/info"))
            return false;
        if (isIgnoreFile(p)) {
            const QString dir = parentOf(p);
            rules.invalidate(dir);
            if (dir.isEmpty())
                return false; // the root's rules: everything may change
            *subtrees << dir;
        }
    }
    return true;
}

LookedPath Indexer::Private::lookAt(Scanner &scan, const QString &path, QStringList *subtrees) const
{
    LookedPath l;
    l.path = path;
    struct stat st = {};
    const QByteArray abs = encodePath(QString(root + u'/' + path));
    if (::lstat(abs.constData(), &st) != 0 && errno == ENOENT) {
        l.gone = true;
    } else {
        l.file = scan.inspect(path);
        if (l.file.isDir && l.file.status == FileStatus::Pending)
            *subtrees << path; // a new, renamed or re-included folder
    }
    return l;
}

void Indexer::Private::sortLookedPaths(const IndexStore &store, std::vector<LookedPath> &looked,
                                       const QStringList &subtrees, ChangeSet &changes, RunState &run)
{
    IgnoreRules &rules = *ensureScanner().ignoreRules();
    auto inSubtree = [&](const QString &path) {
        auto it = std::upper_bound(subtrees.cbegin(), subtrees.cend(), path);
        return it != subtrees.cbegin() && isUnder(path, *std::prev(it));
    };
    for (LookedPath &l : looked) {
        if (inSubtree(l.path))
            continue;
        ++run.prog.filesSeen;
        const bool insideSymlink = l.file.status == FileStatus::Ignored
                                   && l.file.reason == QLatin1String("inside a symlinked folder");
        // A file in an ignored folder is covered by that folder's entry.
        const QString parent = parentOf(l.path);
        const bool parentIgnored = !l.gone && l.file.status == FileStatus::Ignored && !parent.isEmpty()
                                   && rules.match(parent, true).ignored;
        if (l.gone || insideSymlink || parentIgnored) {
            changes.removeExact.insert(l.path);
            changes.removeBelow << l.path;
            continue;
        }
        changes.removeBelow << l.path; // a folder replaced by a file, or an ignored folder's old content
        changes.consider(std::move(l.file), store.files().file(l.path), run);
    }
}

bool Indexer::Private::rescanFolders(const IndexStore &store, const QStringList &subtrees, ChangeSet &changes,
                                     RunState &run)
{
    Scanner &scan = ensureScanner();
    for (const QString &dir : subtrees) {
        QHash<QString, FileRecord> known = store.files().under(dir);
        if (auto self = store.files().file(dir))
            known.insert(dir, *self);
        auto scanned = scan.scanSubtree(
            dir,
            [&](ScannedFile &&f) {
                ++run.prog.filesSeen;
                const std::optional<FileRecord> old =
                    known.contains(f.relPath) ? std::optional<FileRecord>(known.take(f.relPath)) : std::nullopt;
                changes.consider(std::move(f), old, run);
                run.tell(false);
            },
            run.cancel);
        if (!scanned) {
            if (scanned.error().code == ErrorCode::Cancelled) {
                run.report.cancelled = true;
                return false;
            }
            changes.removeExact.insert(dir); // gone or not scanned any more
            changes.removeBelow << dir;
            continue;
        }
        for (auto it = known.cbegin(); it != known.cend(); ++it)
            changes.removeExact.insert(it.key());
    }
    return true;
}

} // namespace RepoLens
