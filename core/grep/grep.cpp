#include "grep.h"

#include "grepmatcher.h"
#include "grepplanner.h"

#include "core/base/logging.h"
#include "core/base/paths.h"
#include "core/base/safefile.h"
#include "core/base/secrets.h"
#include "core/index/contentclassifier.h"
#include "core/search/query.h"
#include "core/store/indexstore.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QHash>
#include <QSet>
#include <QThread>

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <limits>
#include <mutex>
#include <optional>
#include <thread>

namespace RepoLens {

QList<QStringView> grepLines(QStringView text)
{
    QList<QStringView> out;
    qsizetype pos = 0;
    while (pos < text.size()) {
        qsizetype end = text.indexOf(u'\n', pos);
        const qsizetype next = end < 0 ? text.size() : end + 1;
        if (end < 0)
            end = text.size();
        qsizetype contentEnd = end;
        if (contentEnd > pos && text.at(contentEnd - 1) == u'\r')
            --contentEnd;
        out.append(text.sliced(pos, contentEnd - pos));
        pos = next;
    }
    return out;
}

namespace {

// Files may have grown since they were indexed; this bounds what one file costs to read.
constexpr qint64 kGrepReadCap = qint64(64) << 20;
// How far the reading threads may run ahead of the page being assembled.
constexpr size_t kGrepReadAhead = 64;
// An AND of trigrams stops narrowing once this few files are left: reading them is cheaper.
constexpr size_t kGrepFewCandidates = 16;

struct GrepTask
{
    qint64 id = 0;
    QString path;
    LanguageId language = LanguageId::None;
    int skipLines = 0;
};

struct GrepFileResult
{
    bool read = false;
    bool stopped = false;   // the time budget ran out inside the file
    int stoppedAt = 0;      // lines done when it stopped
    QList<GrepMatch> matches;
    // withholdSecrets: for each match, the offsets of the withheld spans its lines show
    std::vector<std::vector<int>> spansShown;
    int givenUp = 0;
    std::vector<int> notShown; // lines (1-based) that matched only inside withheld text
};

// UTF-16 code units of UTF-8 bytes.
qsizetype grepUtf16Units(const char *p, qsizetype n)
{
    qsizetype units = 0;
    for (qsizetype i = 0; i < n; ++i) {
        const auto b = uchar(p[i]);
        if ((b & 0xC0) != 0x80)
            units += b >= 0xF0 ? 2 : 1;
    }
    return units;
}

// A line cut to kMaxLineChars around [at, at + length); `shift` is where the match moved to.
QString grepCutAround(const QString &line, qsizetype at, qsizetype length, qsizetype *shift)
{
    *shift = at;
    if (line.size() <= kMaxLineChars)
        return line;
    const qsizetype start = std::clamp<qsizetype>(at - (kMaxLineChars - std::min<qsizetype>(length, kMaxLineChars)) / 2, 0,
                                                  line.size() - kMaxLineChars);
    QString out = line.mid(start, kMaxLineChars);
    *shift = at - start;
    if (start > 0) {
        out.prepend(QChar(0x2026));
        *shift += 1;
    }
    if (start + kMaxLineChars < line.size())
        out.append(QChar(0x2026));
    return out;
}

QString grepCut(QStringView line)
{
    return line.size() <= kMaxLineChars ? line.toString() : line.left(kMaxLineChars).toString() + QChar(0x2026);
}

// The file's credentials (for GrepQuery::withholdSecrets): the whole file goes through the
// withholding stage (core/base/secrets.h) — a line cut out of a longer secret, one line of a
// key's body, is not recognisable on its own — and a line a span touches is shown as the stage
// leaves it.
struct GrepSecrets
{
    WithheldText withheld;
    QList<QStringView> lines; // of withheld.text; the same line numbers as the file's

    // `index`: 0-based line
    bool touches(int index) const
    {
        return std::any_of(withheld.spans.cbegin(), withheld.spans.cend(),
                           [&](const SecretFinding &s) { return s.line <= index + 1 && s.endLine >= index + 1; });
    }
    void noteSpans(int index, std::vector<int> *offsets) const
    {
        for (const SecretFinding &s : withheld.spans) {
            if (s.line <= index + 1 && s.endLine >= index + 1
                && std::find(offsets->cbegin(), offsets->cend(), s.offset) == offsets->cend())
                offsets->push_back(s.offset);
        }
    }
    QStringView line(int index) const { return index < lines.size() ? lines.at(index) : QStringView(); }
};

// Matches one file, line by line (passing over lines that one search of the rest shows hold
// no match, when the matcher allows it), collecting up to `wanted` matches.
GrepFileResult grepFile(FilesBeneath &files, const GrepTask &task, const GrepQuery &q, GrepMatcher::Session &session,
                        int wanted, const std::atomic_bool &stop, const QDeadlineTimer &deadline)
{
    GrepFileResult r;
    auto read = files.read(encodePath(task.path), kGrepReadCap);
    if (!read || read->size() > kGrepReadCap)
        return r;
    const ContentVerdict verdict = classifyContent(task.path, task.language, *read);
    if (verdict.status != FileStatus::Pending)
        return r; // not text any more: the watcher takes it out of the index
    *read = QByteArray();
    r.read = true;
    const QByteArray &text = verdict.utf8;
    const char *base = text.constData();
    const qsizetype size = text.size();
    const int context = std::clamp(q.contextLines, 0, 10);

    struct Span
    {
        qsizetype start = 0;
        qsizetype end = 0; // without the line break (and a \r before it)
    };
    auto lineAt = [&](qsizetype pos, qsizetype *next) {
        const void *nl = std::memchr(base + pos, '\n', size_t(size - pos));
        const qsizetype lineEnd = nl ? static_cast<const char *>(nl) - base : size;
        *next = nl ? lineEnd + 1 : size;
        Span s{pos, lineEnd};
        if (s.end > s.start && base[s.end - 1] == '\r')
            --s.end;
        return s;
    };
    auto lineText = [&](const Span &s) { return QString::fromUtf8(base + s.start, s.end - s.start); };

    std::optional<GrepSecrets> secrets;
    bool secretsLooked = false;
    std::vector<Span> previous; // the last `context` lines, oldest first
    qsizetype pos = 0;
    int lineNo = 0;
    int examined = 0; // the time budget is looked at after every 16 lines: each call gets on
    // One search of the rest of the text finds the next line worth matching, when the matcher
    // allows it (GrepMatcher::skipsLines): the lines before it are passed over in one step.
    bool skipping = session.skipsLines();
    qsizetype nextMatch = -1; // where the rest of the text's first match starts, once looked for
    while (pos < size) {
        if (skipping && lineNo >= task.skipLines && nextMatch < pos) {
            qsizetype start = 0;
            qsizetype end = 0;
            const auto found = session.find(base, size, pos, &start, &end);
            if (found == GrepMatcher::Session::Outcome::NoMatch)
                break; // no line from here on holds a match
            if (found == GrepMatcher::Session::Outcome::GaveUp) {
                skipping = false; // line by line from here, each with its own budget
            } else if (const void *lastBreak = start > pos ? memrchr(base + pos, '\n', size_t(start - pos)) : nullptr) {
                nextMatch = start;
                const qsizetype lineStart = static_cast<const char *>(lastBreak) - base + 1;
                lineNo += int(std::count(base + pos, base + lineStart, '\n'));
                pos = lineStart;
                if (context > 0) {
                    // the `context` lines before it, as the line-by-line walk keeps them
                    previous.clear();
                    for (qsizetype back = pos; back > 0 && int(previous.size()) < context;) {
                        const qsizetype breakAt = back - 1;
                        const void *before = breakAt > 0 ? memrchr(base, '\n', size_t(breakAt)) : nullptr;
                        Span s{before ? static_cast<const char *>(before) - base + 1 : 0, breakAt};
                        if (s.end > s.start && base[s.end - 1] == '\r')
                            --s.end;
                        previous.insert(previous.begin(), s);
                        back = s.start;
                    }
                }
            } else {
                nextMatch = start;
            }
            // (only a stop: the time budget is looked at after every 16 lines matched below, so
            // that each page moves on by at least that many)
            if (stop.load(std::memory_order_relaxed))
                return r;
        }
        qsizetype next = 0;
        const Span line = lineAt(pos, &next);
        const int index = lineNo++;
        pos = next;
        auto remember = [&] {
            if (context > 0) {
                previous.push_back(line);
                if (int(previous.size()) > context)
                    previous.erase(previous.begin());
            }
        };
        if (index < task.skipLines) {
            remember();
            continue;
        }
        if ((++examined & 15) == 0) {
            if (stop.load(std::memory_order_relaxed))
                return r;
            if (deadline.hasExpired()) {
                r.stopped = true;
                r.stoppedAt = index;
                return r;
            }
        }
        const char *lineBase = base + line.start;
        const qsizetype length = line.end - line.start;
        qsizetype start = 0;
        qsizetype end = 0;
        const auto outcome = session.find(lineBase, length, 0, &start, &end);
        if (outcome == GrepMatcher::Session::Outcome::GaveUp) {
            ++r.givenUp;
            if (examined >= 16 && deadline.hasExpired()) {
                r.stopped = true;
                r.stoppedAt = index + 1;
                return r;
            }
        }
        if (outcome == GrepMatcher::Session::Outcome::Match) {
            if (q.withholdSecrets && !secretsLooked) {
                secretsLooked = true;
                GrepSecrets found;
                found.withheld = withholdSecrets(QStringView(QString::fromUtf8(text)));
                if (found.withheld.isWithheld()) {
                    secrets = std::move(found);
                    secrets->lines = grepLines(secrets->withheld.text);
                }
            }
            const qsizetype column = grepUtf16Units(lineBase, start);
            GrepMatch m;
            m.path = task.path;
            m.line = index + 1;
            m.column = int(column) + 1;
            std::vector<int> spans;
            bool shown = true;
            if (secrets && secrets->touches(index)) {
                // shown as the stage leaves it, and only if the pattern still matches there: a
                // pattern that matches only inside a secret finds nothing, so that grep cannot
                // tell a secret's characters apart
                const QByteArray withheldLine = secrets->line(index).toUtf8();
                qsizetype ws = 0;
                qsizetype we = 0;
                if (session.find(withheldLine.constData(), withheldLine.size(), 0, &ws, &we)
                    == GrepMatcher::Session::Outcome::Match) {
                    qsizetype shift = 0;
                    const qsizetype wColumn = grepUtf16Units(withheldLine.constData(), ws);
                    const qsizetype wLength = grepUtf16Units(withheldLine.constData() + ws, we - ws);
                    m.text = grepCutAround(secrets->line(index).toString(), wColumn, wLength, &shift);
                    m.matchStart = int(shift);
                    m.matchLength = int(std::min<qsizetype>(wLength, m.text.size() - shift));
                    secrets->noteSpans(index, &spans);
                } else {
                    r.notShown.push_back(index + 1);
                    shown = false;
                }
            } else {
                const qsizetype matched = grepUtf16Units(lineBase + start, end - start);
                qsizetype shift = 0;
                m.text = grepCutAround(lineText(line), column, matched, &shift);
                m.matchStart = int(shift);
                m.matchLength = int(std::min<qsizetype>(matched, m.text.size() - shift));
            }
            if (shown) {
                if (r.matches.size() >= wanted)
                    return r; // the caller needs no more from this file
                auto contextLine = [&](const Span &s, int at) {
                    if (secrets && secrets->touches(at)) {
                        secrets->noteSpans(at, &spans);
                        return grepCut(secrets->line(at));
                    }
                    return grepCut(lineText(s));
                };
                for (size_t b = 0; b < previous.size(); ++b)
                    m.before << contextLine(previous[b], index - int(previous.size()) + int(b));
                qsizetype ahead = pos;
                for (int a = 0; a < context && ahead < size; ++a) {
                    qsizetype after = 0;
                    const Span s = lineAt(ahead, &after);
                    m.after << contextLine(s, index + 1 + a);
                    ahead = after;
                }
                r.matches.append(std::move(m));
                r.spansShown.push_back(std::move(spans));
            }
        }
        remember();
    }
    return r;
}

// --- the candidates -----------------------------------------------------------------------------

class GrepCandidates
{
public:
    explicit GrepCandidates(const GrepStore &store)
        : m_store(store)
    {
    }

    // The files the query admits (ascending ids), or nullopt when it admits every file.
    // Failure: the postings could not be read (the caller reads every file instead).
    std::optional<std::vector<quint32>> evaluate(const TrigramQuery &q)
    {
        switch (q.op) {
        case TrigramQuery::Op::All:
            return std::nullopt;
        case TrigramQuery::Op::Trigram:
            return list(q.trigram);
        case TrigramQuery::Op::Or: {
            std::vector<quint32> acc;
            for (const TrigramQuery &c : q.children) {
                auto part = evaluate(c);
                if (!part)
                    return std::nullopt;
                std::vector<quint32> merged;
                merged.reserve(acc.size() + part->size());
                std::set_union(acc.cbegin(), acc.cend(), part->cbegin(), part->cend(), std::back_inserter(merged));
                acc.swap(merged);
            }
            return acc;
        }
        case TrigramQuery::Op::And: {
            std::vector<const TrigramQuery *> order;
            for (const TrigramQuery &c : q.children)
                order.push_back(&c);
            std::vector<qint64> cost;
            for (const TrigramQuery *c : order)
                cost.push_back(estimate(*c));
            std::vector<size_t> byCost(order.size());
            for (size_t i = 0; i < byCost.size(); ++i)
                byCost[i] = i;
            std::stable_sort(byCost.begin(), byCost.end(), [&](size_t a, size_t b) { return cost[a] < cost[b]; });
            std::optional<std::vector<quint32>> acc;
            for (size_t i : byCost) {
                if (acc && acc->size() <= kGrepFewCandidates)
                    break;
                auto part = evaluate(*order[i]);
                if (m_failed)
                    return std::nullopt;
                if (!part)
                    continue;
                if (!acc) {
                    acc = std::move(part);
                } else {
                    std::vector<quint32> both;
                    std::set_intersection(acc->cbegin(), acc->cend(), part->cbegin(), part->cend(),
                                          std::back_inserter(both));
                    acc->swap(both);
                }
            }
            return acc;
        }
        }
        return std::nullopt;
    }

    bool failed() const { return m_failed; }

private:
    const GrepStore &m_store;
    QHash<Trigram, std::vector<quint32>> m_lists;
    QHash<Trigram, qint64> m_bytes;
    bool m_failed = false;

    std::vector<quint32> list(Trigram t)
    {
        const auto it = m_lists.constFind(t);
        if (it != m_lists.cend())
            return *it;
        auto found = m_store.filesWith(t);
        if (!found) {
            m_failed = true;
            return {};
        }
        m_lists.insert(t, *found);
        return *found;
    }

    qint64 estimate(const TrigramQuery &q)
    {
        switch (q.op) {
        case TrigramQuery::Op::All:
            return std::numeric_limits<qint64>::max();
        case TrigramQuery::Op::Trigram: {
            const auto it = m_bytes.constFind(q.trigram);
            if (it != m_bytes.cend())
                return *it;
            const qint64 b = m_store.postingBytes(q.trigram);
            m_bytes.insert(q.trigram, b);
            return b;
        }
        case TrigramQuery::Op::And: {
            qint64 best = std::numeric_limits<qint64>::max();
            for (const TrigramQuery &c : q.children)
                best = std::min(best, estimate(c));
            return best;
        }
        case TrigramQuery::Op::Or: {
            qint64 sum = 0;
            for (const TrigramQuery &c : q.children)
                sum = std::min<qint64>(sum + estimate(c), std::numeric_limits<qint64>::max() / 2);
            return sum;
        }
        }
        return 0;
    }
};

bool grepPathAdmitted(const QStringList &globs, const QString &path)
{
    return globs.isEmpty()
           || std::any_of(globs.cbegin(), globs.cend(), [&](const QString &g) { return globMatch(g, path); });
}

} // namespace

Result<GrepPage> IndexGrep::grep(const IndexStore &store, const QString &rootPath, const GrepQuery &q,
                                 const std::atomic_bool *cancel) const
{
    if (q.pattern.isEmpty())
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("pattern: must not be empty"));
    if (q.pattern.size() > kMaxGrepPatternChars)
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("pattern: %1 characters; at most %2 are allowed")
                                                         .arg(q.pattern.size())
                                                         .arg(kMaxGrepPatternChars));
    auto matcher = GrepMatcher::compile(q.pattern, q.regex, q.caseSensitive, q.word);
    if (!matcher)
        return matcher.error();
    const GrepPlan plan = q.regex ? planRegex(q.pattern, q.caseSensitive) : planLiteral(q.pattern, q.caseSensitive);

    GrepPage page;
    const GrepStore &index = store.grep();
    QList<GrepFile> files;
    if (plan.narrowed()) {
        GrepCandidates candidates(index);
        const std::optional<std::vector<quint32>> ids = candidates.evaluate(plan.query);
        // (no ids: the index cannot narrow this query; every file is read)
        std::optional<Result<std::vector<quint32>>> both;
        if (ids && !candidates.failed())
            both = index.withUnindexed(*ids);
        if (candidates.failed() || (both && !*both)) {
            qCWarning(lcStore) << "grep reads every file: its index could not be read";
        } else if (both) {
            auto listed = index.files(&**both);
            if (!listed)
                return listed.error();
            files = std::move(*listed);
            page.narrowed = true;
        }
        page.plan = plan.query.toString();
    } else {
        page.plan = plan.reason;
    }
    if (!page.narrowed) {
        auto all = index.files(nullptr);
        if (!all)
            return all.error();
        files = std::move(*all);
    }
    files.removeIf([&](const GrepFile &f) { return !grepPathAdmitted(q.pathGlobs, f.path); });
    std::sort(files.begin(), files.end(), [](const GrepFile &a, const GrepFile &b) { return a.path < b.path; });
    if (!page.narrowed) {
        page.filesTotal = int(files.size());
    } else if (q.pathGlobs.isEmpty()) {
        page.filesTotal = index.searchableCount();
    } else {
        auto all = index.files(nullptr);
        page.filesTotal = all ? int(std::count_if(all->cbegin(), all->cend(), [&](const GrepFile &f) {
            return grepPathAdmitted(q.pathGlobs, f.path);
        }))
                              : int(files.size());
    }
    page.candidates = int(files.size());

    std::vector<GrepTask> tasks;
    for (const GrepFile &f : std::as_const(files)) {
        if (!q.afterPath.isEmpty() && f.path < q.afterPath)
            continue;
        tasks.push_back(GrepTask{f.id, f.path, f.language, f.path == q.afterPath ? std::max(0, q.afterLine) : 0});
    }
    files.clear();

    const QByteArray root = encodePath(rootPath);
    const int limit = std::max(1, q.limit);
    const QDeadlineTimer deadline(std::max(1, q.timeoutMs));
    std::atomic_bool stop{false};
    const size_t n = tasks.size();
    const int threads = int(std::clamp<size_t>(q.threads > 0 ? size_t(q.threads) : size_t(QThread::idealThreadCount()), 1,
                                                std::min<size_t>(8, std::max<size_t>(1, (n + 3) / 4))));
    // Results by task; filled by the readers, taken in order by this thread.
    std::vector<std::optional<GrepFileResult>> results(n);
    std::mutex mutex;
    std::condition_variable ready;
    std::condition_variable room;
    size_t taken = 0; // guarded by mutex
    std::atomic<size_t> nextTask{0};
    std::vector<std::thread> readers;
    auto readerLoop = [&](int) {
        GrepMatcher::Session session(**matcher);
        FilesBeneath beneath(root);
        for (;;) {
            const size_t i = nextTask.fetch_add(1);
            if (i >= n || stop.load())
                return;
            {
                std::unique_lock lock(mutex);
                room.wait(lock, [&] { return i < taken + kGrepReadAhead || stop.load(); });
            }
            if (stop.load() || (cancel && cancel->load()))
                return;
            GrepFileResult r = grepFile(beneath, tasks[i], q, session, limit + 1, stop, deadline);
            {
                std::lock_guard lock(mutex);
                results[i] = std::move(r);
            }
            ready.notify_all();
        }
    };
    if (threads > 1) {
        for (int t = 0; t < threads; ++t)
            readers.emplace_back(readerLoop, t);
    }
    auto finish = [&] {
        {
            // Under the mutex: a reader that has just found no room and is about to wait must
            // see stop, or the notify below could come before its wait and be lost (a hang).
            std::lock_guard lock(mutex);
            stop.store(true);
        }
        room.notify_all();
        for (std::thread &t : readers)
            t.join();
        readers.clear();
    };

    std::optional<GrepMatcher::Session> inlineSession;
    std::optional<FilesBeneath> inlineFiles;
    if (threads == 1) {
        inlineSession.emplace(**matcher);
        inlineFiles.emplace(root);
    }
    QElapsedTimer sinceProgress;
    sinceProgress.start();
    auto report = [&](size_t done, bool force) {
        if (q.progress && (force || sinceProgress.elapsed() >= 100)) {
            sinceProgress.restart();
            q.progress(int(done), int(n));
        }
    };
    report(0, true);
    QSet<std::pair<QString, int>> withheldSpans; // (path, offset) of the spans the lines show
    for (size_t i = 0; i < n; ++i) {
        if (cancel && cancel->load()) {
            finish();
            return makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"));
        }
        std::optional<GrepFileResult> result;
        // A page always finishes its first file (or the lines of it the time allows), so paging
        // after a time-out moves on.
        const bool mayStop = i > 0;
        if (threads == 1) {
            if (mayStop && deadline.hasExpired()) {
                page.timedOut = true;
            } else {
                result = grepFile(*inlineFiles, tasks[i], q, *inlineSession, limit + 1, stop, deadline);
            }
        } else {
            std::unique_lock lock(mutex);
            while (!results[i]) {
                if ((mayStop && deadline.hasExpired()) || (cancel && cancel->load()))
                    break;
                ready.wait_for(lock, std::chrono::milliseconds(50));
                lock.unlock();
                report(i, false);
                lock.lock();
            }
            if (results[i]) {
                result = std::move(results[i]);
                results[i].reset();
                taken = i + 1;
            } else if (!(cancel && cancel->load())) {
                page.timedOut = true;
            }
        }
        if (!result) {
            if (cancel && cancel->load())
                continue; // reported at the top of the loop
            page.more = true;
            page.resumePath = tasks[i].path;
            page.resumeLine = tasks[i].skipLines;
            break;
        }
        room.notify_all();
        report(i + 1, false);
        if (!result->read)
            continue;
        ++page.filesSearched;
        page.linesGivenUp += result->givenUp;
        bool full = false;
        for (qsizetype k = 0; k < result->matches.size(); ++k) {
            GrepMatch &m = result->matches[k];
            if (page.matches.size() >= limit) {
                page.more = true;
                page.resumePath = tasks[i].path;
                page.resumeLine = m.line - 1; // this line starts the next page
                full = true;
                break;
            }
            if (q.withholdSecrets) {
                for (int offset : result->spansShown[size_t(k)])
                    withheldSpans.insert({m.path, offset});
            }
            page.matches.append(std::move(m));
        }
        // the lines the next page starts with are its to count
        page.matchesNotShown += int(std::count_if(result->notShown.cbegin(), result->notShown.cend(), [&](int line) {
            return !full || line <= page.resumeLine;
        }));
        if (full)
            break;
        if (result->stopped) {
            page.timedOut = true;
            page.more = true;
            page.resumePath = tasks[i].path;
            page.resumeLine = result->stoppedAt;
            break;
        }
    }
    finish();
    if (cancel && cancel->load())
        return makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"));
    report(n, true);
    page.withheld = int(withheldSpans.size());
    return page;
}

} // namespace RepoLens
