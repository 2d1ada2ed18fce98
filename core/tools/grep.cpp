#include "grep.h"

#include "core/base/paths.h"
#include "core/base/safefile.h"
#include "core/search/query.h"
#include "core/store/indexstore.h"

#include <QElapsedTimer>
#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace RepoLens {

namespace {

QString cutAround(const QString &line, qsizetype at, qsizetype length)
{
    if (line.size() <= kMaxLineChars)
        return line;
    const qsizetype start = std::max<qsizetype>(0, at - (kMaxLineChars - length) / 2);
    QString out = line.mid(start, kMaxLineChars);
    if (start > 0)
        out.prepend(u"…"_s);
    if (start + kMaxLineChars < line.size())
        out.append(u"…"_s);
    return out;
}

QString cut(const QString &line)
{
    return line.size() <= kMaxLineChars ? line : line.left(kMaxLineChars) + u"…"_s;
}

} // namespace

Result<QRegularExpression> grepExpression(const GrepQuery &q)
{
    if (q.pattern.isEmpty())
        return makeError(ErrorCode::InvalidArgument, u"pattern: must not be empty"_s);
    if (q.pattern.size() > kMaxGrepPatternChars)
        return makeError(ErrorCode::InvalidArgument,
                         u"pattern: %1 characters; at most %2 are allowed"_s.arg(q.pattern.size()).arg(kMaxGrepPatternChars));
    QString expr = q.regex ? q.pattern : QRegularExpression::escape(q.pattern);
    if (q.word)
        expr = u"\\b(?:"_s + expr + u")\\b"_s;
    QRegularExpression::PatternOptions options = QRegularExpression::UseUnicodePropertiesOption;
    if (!q.caseSensitive)
        options |= QRegularExpression::CaseInsensitiveOption;
    const QRegularExpression re(expr, options);
    if (!re.isValid())
        return makeError(ErrorCode::InvalidArgument,
                         u"pattern: not a valid regular expression: %1 at offset %2"_s.arg(re.errorString()).arg(re.patternErrorOffset()));
    re.optimize();
    return re;
}

Result<GrepPage> ScanGrep::grep(const IndexStore &store, const QString &rootPath, const GrepQuery &q,
                                const std::atomic_bool *cancel) const
{
    const Result<QRegularExpression> compiled = grepExpression(q);
    if (!compiled)
        return compiled.error();
    const QRegularExpression &re = *compiled;
    const QByteArray root = encodePath(rootPath);

    QList<QString> paths;
    const QHash<QString, FileRecord> files = store.files().all();
    for (auto it = files.cbegin(); it != files.cend(); ++it) {
        if (it->isDir || (it->status != FileStatus::Indexed && it->status != FileStatus::ParseError
                          && it->status != FileStatus::Pending))
            continue;
        if (!q.pathGlobs.isEmpty()
            && std::none_of(q.pathGlobs.cbegin(), q.pathGlobs.cend(),
                            [&](const QString &g) { return globMatch(g, it.key()); }))
            continue;
        paths << it.key();
    }
    std::sort(paths.begin(), paths.end());

    GrepPage page;
    page.filesTotal = int(paths.size());
    const int context = std::clamp(q.contextLines, 0, 10);
    QElapsedTimer clock;
    clock.start();
    auto first = q.afterPath.isEmpty() ? paths.cbegin() : std::lower_bound(paths.cbegin(), paths.cend(), q.afterPath);
    for (auto it = first; it != paths.cend(); ++it) {
        if (cancel && cancel->load())
            return makeError(ErrorCode::Cancelled, u"cancelled"_s);
        const QString &path = *it;
        const int skipThrough = path == q.afterPath ? q.afterLine : 0;
        if (clock.elapsed() > q.timeoutMs) {
            page.timedOut = true;
            page.more = true;
            page.resumePath = path;
            page.resumeLine = skipThrough;
            return page;
        }
        // Never through a symlink swapped in since the file was indexed, never blocking on a FIFO.
        const Result<QByteArray> read = readFileBeneath(root, encodePath(path), 8 * 1024 * 1024);
        if (!read)
            continue;
        const QByteArray bytes = read->left(8 * 1024 * 1024);
        if (bytes.contains('\0'))
            continue;
        ++page.filesSearched;
        const QStringList lines = QString::fromUtf8(bytes).split(u'\n');
        for (int i = skipThrough; i < lines.size(); ++i) {
            if ((i & 1023) == 1023) {
                if (cancel && cancel->load())
                    return makeError(ErrorCode::Cancelled, u"cancelled"_s);
                if (clock.elapsed() > q.timeoutMs) {
                    page.timedOut = true;
                    page.more = true;
                    page.resumePath = path;
                    page.resumeLine = i;
                    return page;
                }
            }
            QString line = lines.at(i);
            if (line.endsWith(u'\r'))
                line.chop(1);
            const QRegularExpressionMatch m = re.match(line);
            if (!m.hasMatch())
                continue;
            if (page.matches.size() >= q.limit) {
                page.more = true;
                page.resumePath = path;
                page.resumeLine = i; // this line is the first of the next page
                return page;
            }
            GrepMatch match;
            match.path = path;
            match.line = i + 1;
            match.column = int(m.capturedStart()) + 1;
            match.text = cutAround(line, m.capturedStart(), m.capturedLength());
            for (int b = std::max(0, i - context); b < i; ++b)
                match.before << cut(lines.at(b));
            for (int a = i + 1; a <= std::min<int>(int(lines.size()) - 1, i + context); ++a)
                match.after << cut(lines.at(a));
            page.matches << match;
        }
    }
    return page;
}

} // namespace RepoLens
