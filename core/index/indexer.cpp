#include "indexer.h"

#include "contentclassifier.h"
#include "githistory.h"

#include "core/base/logging.h"
#include "core/store/indexstore.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QThread>

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

namespace RepoLens {

QString phaseName(IndexProgress::Phase phase)
{
    switch (phase) {
    case IndexProgress::Phase::Scanning:
        return QStringLiteral("scanning");
    case IndexProgress::Phase::Parsing:
        return QStringLiteral("parsing");
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

struct WorkItem
{
    ScannedFile file;
    std::optional<FileRecord> old;
};

struct WorkResult
{
    FileRecord record;
    ParseResult parsed;
    bool writeContent = false;  // replace chunks/symbols/refs
    bool fresh = false;         // the file had no content in the index before
    bool clearContent = false;  // the file no longer has content in the index
};

bool statusIsFinal(FileStatus s)
{
    return s != FileStatus::Pending;
}

WorkResult processFile(const WorkItem &item, Chunker &chunker, const ScanOptions &scanOptions,
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

    QFile file(item.file.absPath);
    if (!file.open(QIODevice::ReadOnly)) {
        rec.status = FileStatus::Unreadable;
        rec.reason = file.errorString();
        out.clearContent = hadContent;
        return out;
    }
    const qint64 cap = scanOptions.sizeCap;
    QByteArray bytes = file.read(cap + 1);
    if (bytes.size() > cap) {
        rec.status = FileStatus::TooLarge;
        rec.reason = QStringLiteral("grew past the %1 KiB cap while being indexed").arg(cap / 1024);
        out.clearContent = hadContent;
        return out;
    }
    rec.size = bytes.size();
    rec.contentHash = QCryptographicHash::hash(bytes, QCryptographicHash::Sha1);
    if (item.old && item.old->contentHash == rec.contentHash && statusIsFinal(item.old->status)) {
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
    out.writeContent = true;
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

} // namespace

Indexer::Indexer(QString rootDir, QString databasePath, IndexOptions options)
    : m_root(std::move(rootDir))
    , m_dbPath(std::move(databasePath))
    , m_options(std::move(options))
{
}

Result<IndexReport> Indexer::run(const ProgressFn &progress, const std::atomic_bool *cancel)
{
    QElapsedTimer timer;
    timer.start();
    IndexReport report;
    IndexProgress prog;
    QElapsedTimer lastProgress;
    lastProgress.start();
    auto tell = [&](bool force) {
        if (!progress || (!force && lastProgress.elapsed() < 100))
            return;
        lastProgress.restart();
        prog.elapsedSeconds = timer.elapsed() / 1000.0;
        progress(prog);
    };
    auto cancelled = [&] { return cancel && cancel->load(std::memory_order_relaxed); };

    auto opened = IndexStore::open(m_dbPath, IndexStore::Mode::ReadWrite);
    if (!opened)
        return opened.error();
    IndexStore &store = **opened;
    const QString canonicalRoot = QFileInfo(m_root).canonicalFilePath();
    store.setMeta(QStringLiteral("root_path"), canonicalRoot);

    QHash<QString, FileRecord> known = store.files();

    // --- scan ------------------------------------------------------------------------------
    prog.phase = IndexProgress::Phase::Scanning;
    std::vector<WorkItem> work;
    QList<FileRecord> statusOnly; // skipped entries whose status changed
    QSet<QString> seen;
    Scanner scanner(m_root, m_options.scan);
    auto scanned = scanner.scan(
        [&](ScannedFile &&f) {
            ++prog.filesSeen;
            ++report.filesScanned;
            seen.insert(f.relPath);
            auto it = known.constFind(f.relPath);
            const bool haveOld = it != known.cend();
            if (f.status != FileStatus::Pending) {
                ++report.filesSkipped;
                if (!haveOld || it->status != f.status || it->reason != f.reason) {
                    FileRecord r;
                    r.path = f.relPath;
                    r.language = f.language;
                    r.size = f.size;
                    r.mtimeMs = f.mtimeMs;
                    r.status = f.status;
                    r.reason = f.reason;
                    r.isDir = f.isDir;
                    statusOnly.append(r);
                }
                return;
            }
            if (haveOld && it->mtimeMs == f.mtimeMs && it->size == f.size && statusIsFinal(it->status)) {
                ++report.filesUnchanged;
                return;
            }
            prog.bytesTotal += f.size;
            work.push_back(WorkItem{std::move(f), haveOld ? std::optional<FileRecord>(*it) : std::nullopt});
            tell(false);
        },
        cancel);
    if (!scanned) {
        if (scanned.error().code == ErrorCode::Cancelled) {
            report.cancelled = true;
            return report;
        }
        return scanned.error();
    }

    // --- removed files + status-only changes --------------------------------------------------
    if (auto r = store.beginTransaction(); !r)
        return r.error();
    for (auto it = known.cbegin(); it != known.cend(); ++it) {
        if (!seen.contains(it.key())) {
            if (auto r = store.removeFile(it.key()); !r) {
                store.rollback();
                return r.error();
            }
            ++report.filesRemoved;
        }
    }
    for (const FileRecord &r : std::as_const(statusOnly)) {
        auto id = store.upsertFile(r);
        if (!id) {
            store.rollback();
            return id.error();
        }
        if (auto c = store.clearFileContent(*id); !c) {
            store.rollback();
            return c.error();
        }
    }
    if (auto r = store.commit(); !r)
        return r.error();
    known.clear();
    bool changed = report.filesRemoved > 0 || !statusOnly.isEmpty();

    // --- parse on a pool, write here ------------------------------------------------------------
    prog.phase = IndexProgress::Phase::Parsing;
    prog.filesTotal = int(work.size());
    tell(true);
    // Bigger files first balances the threads; small ones fill in at the end.
    std::sort(work.begin(), work.end(), [](const WorkItem &a, const WorkItem &b) {
        return a.file.size > b.file.size;
    });
    const int threads = std::max(1, m_options.threads > 0 ? m_options.threads : QThread::idealThreadCount());
    ResultQueue queue(64);
    std::atomic<size_t> next{0};
    std::atomic<int> running{threads};
    std::atomic_bool stop{false};
    std::atomic<qint64> parseNanos{0};
    std::vector<std::thread> workers;
    for (int t = 0; t < threads && !work.empty(); ++t) {
        workers.emplace_back([&, t] {
            QThread::currentThread()->setObjectName(QStringLiteral("repolens-parse-%1").arg(t));
            Chunker chunker(m_options.chunker);
            QElapsedTimer busy;
            for (;;) {
                if (stop.load() || cancelled())
                    break;
                const size_t i = next.fetch_add(1);
                if (i >= work.size())
                    break;
                busy.start();
                WorkResult result = processFile(work[i], chunker, m_options.scan, cancel);
                parseNanos.fetch_add(busy.nsecsElapsed());
                queue.push(std::move(result));
            }
            running.fetch_sub(1);
        });
    }
    if (work.empty())
        running.store(0);

    // A big first load builds the graph indexes once at the end.
    const bool bulk = work.size() >= 1000 && report.filesUnchanged < int(work.size());
    if (bulk) {
        if (auto r = store.beginBulkLoad(); !r)
            return r.error();
    }
    Result<void> writeError;
    QElapsedTimer writeTimer;
    qint64 writeNanos = 0;
    int inBatch = 0;
    QElapsedTimer batchTimer;
    batchTimer.start();
    bool inTransaction = false;
    size_t received = 0;
    while (received < work.size()) {
        WorkResult result;
        if (!queue.pop(&result, 100)) {
            if (running.load() == 0) {
                // workers stopped early (cancel): drain what is left
                if (!queue.pop(&result, 0))
                    break;
            } else {
                if (inTransaction && batchTimer.elapsed() > m_options.batchMillis) {
                    if (auto r = store.commit(); !r) {
                        writeError = r;
                        break;
                    }
                    inTransaction = false;
                }
                continue;
            }
        }
        ++received;
        if (cancelled() && result.record.status == FileStatus::Pending)
            continue; // cut off mid-way: leave the old state
        writeTimer.start();
        if (!inTransaction) {
            if (auto r = store.beginTransaction(); !r) {
                writeError = r;
                break;
            }
            inTransaction = true;
            batchTimer.restart();
            inBatch = 0;
        }
        auto id = store.upsertFile(result.record);
        if (!id) {
            writeError = Result<void>(id.error());
            break;
        }
        if (result.writeContent) {
            if (auto r = store.replaceFileContent(*id, result.record.path, result.parsed, result.fresh); !r) {
                writeError = r;
                break;
            }
            ++report.filesParsed;
            report.chunks += int(result.parsed.chunks.size());
            report.symbols += int(result.parsed.symbols.size());
            report.refs += int(result.parsed.refs.size());
            report.bytesParsed += result.record.size;
            changed = true;
        } else if (result.clearContent) {
            if (auto r = store.clearFileContent(*id); !r) {
                writeError = r;
                break;
            }
            changed = true;
        } else if (result.record.status != FileStatus::Indexed) {
            changed = true;
        } else {
            ++report.filesUnchanged;
        }
        writeNanos += writeTimer.nsecsElapsed();
        ++prog.filesDone;
        prog.bytesDone += result.record.size;
        prog.currentPath = result.record.path;
        tell(false);
        if (++inBatch >= m_options.batchFiles || batchTimer.elapsed() > m_options.batchMillis) {
            writeTimer.start();
            const auto committed = store.commit();
            writeNanos += writeTimer.nsecsElapsed();
            if (auto r = committed; !r) {
                writeError = r;
                break;
            }
            inTransaction = false;
        }
    }
    if (inTransaction) {
        if (writeError) {
            if (auto r = store.commit(); !r)
                writeError = r;
        } else {
            store.rollback();
        }
    }
    stop.store(true);
    queue.abort();
    {
        WorkResult drain;
        while (running.load() > 0 || queue.pop(&drain, 0)) {
            queue.pop(&drain, 10);
        }
    }
    for (std::thread &w : workers)
        w.join();
    if (bulk) {
        writeTimer.start();
        if (auto r = store.endBulkLoad(); !r && writeError)
            writeError = r;
        writeNanos += writeTimer.nsecsElapsed();
    }
    report.parseSeconds = parseNanos.load() / 1e9;
    report.writeSeconds = writeNanos / 1e9;
    if (!writeError)
        return writeError.error();
    if (cancelled()) {
        report.cancelled = true;
        report.seconds = timer.elapsed() / 1000.0;
        return report;
    }

    // --- link references --------------------------------------------------------------------
    if (changed || store.meta(QStringLiteral("refs_resolved")) != QLatin1String("1")) {
        prog.phase = IndexProgress::Phase::Linking;
        tell(true);
        QElapsedTimer linkTimer;
        linkTimer.start();
        store.setMeta(QStringLiteral("refs_resolved"), QStringLiteral("0"));
        if (auto r = store.beginTransaction(); !r)
            return r.error();
        if (auto r = store.resolveReferences(); !r) {
            store.rollback();
            return r.error();
        }
        store.setMeta(QStringLiteral("refs_resolved"), QStringLiteral("1"));
        if (auto r = store.commit(); !r)
            return r.error();
        report.linkSeconds = linkTimer.elapsed() / 1000.0;
    }

    // --- git history (file-quality prior) -------------------------------------------------------
    if (m_options.gitHistory && (changed || store.meta(QStringLiteral("git_head")).isEmpty())) {
        const QString head = GitHistory::head(m_root);
        if (!head.isEmpty() && head != store.meta(QStringLiteral("git_head"))) {
            prog.phase = IndexProgress::Phase::History;
            tell(true);
            QElapsedTimer historyTimer;
            historyTimer.start();
            const auto history = GitHistory::read(m_root, cancel);
            if (!history.isEmpty() && !cancelled()) {
                if (auto r = store.beginTransaction(); !r)
                    return r.error();
                store.setGitHistory(history);
                store.setMeta(QStringLiteral("git_head"), head);
                if (auto r = store.commit(); !r)
                    return r.error();
            }
            report.historySeconds = historyTimer.elapsed() / 1000.0;
        }
    }

    store.setMeta(QStringLiteral("last_indexed"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    if (changed)
        store.optimize();
    prog.phase = IndexProgress::Phase::Done;
    report.seconds = timer.elapsed() / 1000.0;
    tell(true);
    return report;
}

Result<IndexReport> Indexer::update(const QStringList &relPaths, const std::atomic_bool *cancel)
{
    Q_UNUSED(relPaths);
    // The watcher path re-runs the scan, which is cheap for unchanged files (mtime + size).
    return run({}, cancel);
}

} // namespace RepoLens
