#include "cursor.h"
#include "tools_p.h"

#include "core/base/paths.h"
#include "core/base/safefile.h"
#include "core/base/secrets.h"
#include "core/parse/language.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <climits>

using namespace Qt::StringLiterals;

namespace RepoLens::Tools {

namespace {

constexpr int kDefaultReadLines = 200;
constexpr int kMaxReadLines = 1000;

bool isReadable(FileStatus status)
{
    return status == FileStatus::Indexed || status == FileStatus::ParseError || status == FileStatus::Pending;
}

// A file's lines as the withholding stage leaves them. The whole file goes through the stage,
// not the lines asked for: a line or range cut out of a longer secret (one line of a key's
// body) is not recognisable on its own. Read beneath the folder's root without following
// symlinks and never blocking (core/base/safefile.h): a file swapped for a symlink to
// something outside, or for a FIFO, since it was indexed is refused.
struct WithheldFile
{
    QStringList lines;             // the withheld text's lines (line numbers are the file's)
    QList<SecretFinding> spans;    // what was withheld, with the lines of each span
    // The spans that touch lines first..last (1-based).
    int spansOn(int first, int last) const
    {
        return int(std::count_if(spans.cbegin(), spans.cend(),
                                 [&](const SecretFinding &f) { return f.line <= last && f.endLine >= first; }));
    }
    bool touches(int line) const { return spansOn(line, line) > 0; }
};

Result<WithheldFile> readWithheld(const QString &root, const QString &rel, qint64 maxBytes)
{
    Result<QByteArray> bytes = readFileBeneath(encodePath(root), encodePath(rel), maxBytes);
    if (!bytes)
        return bytes.error();
    const QString text = QString::fromUtf8(bytes->left(maxBytes));
    WithheldText withheld = withholdSecrets(QStringView(text));
    WithheldFile out;
    out.lines = withheld.text.split(u'\n');
    if (out.lines.size() > 1 && out.lines.last().isEmpty())
        out.lines.removeLast();
    for (QString &line : out.lines) {
        if (line.endsWith(u'\r'))
            line.chop(1);
    }
    out.spans = std::move(withheld.spans);
    return out;
}

// --- read ---------------------------------------------------------------------------------------

Result<ToolResult> runRead(Env &env)
{
    auto rel = relativePath(env.repo, stringArg(env, u"path"_s));
    if (!rel)
        return rel.error();
    if (rel->isEmpty())
        return badArgument(u"path: names the folder itself, not a file"_s);
    const auto file = env.store->files().file(*rel);
    if (!file || file->isDir) {
        // Below an ignored folder, or never seen: the ignore rules decide, not the caller.
        QString parent = *rel;
        while (parent.contains(u'/')) {
            parent = parent.section(u'/', 0, -2);
            const auto dir = env.store->files().file(parent);
            if (dir && dir->isDir && dir->status == FileStatus::Ignored)
                return failure(u"%1 is not readable: its folder is ignored (%2)"_s.arg(*rel, dir->reason));
        }
        return failure(u"%1 is not in the index (no such file, or not indexed yet)"_s.arg(*rel));
    }
    if (!isReadable(file->status))
        return failure(u"%1 is not readable: %2%3"_s.arg(*rel, fileStatusName(file->status),
                                                         file->reason.isEmpty() ? QString() : u" ("_s + file->reason + u')'));
    const Result<WithheldFile> text = readWithheld(env.repo.root, *rel, 16 * 1024 * 1024);
    if (!text) {
        const QString why = text.error().message;
        return failure(u"%1 is not readable: %2"_s.arg(*rel, why == u"symlink"_s ? u"it is a symlink now (not followed)"_s : why));
    }
    const QStringList &lines = text->lines;
    const int total = int(lines.size());
    int start = std::max(1, intArg(env, u"start_line"_s, 1));
    const bool endGiven = env.args.contains(u"end_line"_s);
    int end = endGiven ? intArg(env, u"end_line"_s, start) : start + kDefaultReadLines - 1;
    bool clamped = false;
    if (end < start)
        return badArgument(u"end_line: %1 is before start_line %2"_s.arg(end).arg(start));
    if (end - start + 1 > kMaxReadLines) {
        end = start + kMaxReadLines - 1;
        clamped = true;
    }
    start = std::min(start, std::max(1, total));
    end = std::min(end, total);
    // The enclosing definition: the innermost chunk that holds the first line read.
    QJsonObject enclosing;
    int bestSpan = INT_MAX;
    for (const ChunkRecord &c : env.store->chunks().ofFile(file->id)) {
        if (c.kind == ChunkKind::Code || c.kind == ChunkKind::Text || c.startLine > start || c.endLine < start)
            continue;
        if (c.endLine - c.startLine < bestSpan) {
            bestSpan = c.endLine - c.startLine;
            enclosing = QJsonObject{{u"symbol"_s, c.qualifiedName},
                                    {u"kind"_s, chunkKindName(c.kind)},
                                    {u"start_line"_s, c.startLine},
                                    {u"end_line"_s, c.endLine}};
        }
    }
    const int withheld = total > 0 ? text->spansOn(start, end) : 0;
    const QStringList shown = lines.mid(start - 1, std::max(0, end - start + 1));
    ToolResult out;
    out.text = u"%1:%2-%3 of %4 lines"_s.arg(*rel).arg(start).arg(end).arg(total);
    if (!enclosing.isEmpty())
        out.text += u" (in %1 %2, lines %3-%4)"_s.arg(enclosing.value(u"kind"_s).toString(), enclosing.value(u"symbol"_s).toString())
                        .arg(enclosing.value(u"start_line"_s).toInt())
                        .arg(enclosing.value(u"end_line"_s).toInt());
    out.text += u'\n';
    const int width = int(QString::number(end).size());
    QString numbered;
    for (int i = 0; i < shown.size() && total > 0; ++i)
        numbered += u"%1  %2\n"_s.arg(start + i, width).arg(shown.at(i));
    out.text += numbered;
    out.structured = QJsonObject{{u"repo"_s, env.repo.name},
                                 {u"path"_s, *rel},
                                 {u"language"_s, languageName(file->language)},
                                 {u"start_line"_s, total ? start : 0},
                                 {u"end_line"_s, end},
                                 {u"total_lines"_s, total},
                                 {u"content"_s, numbered}};
    if (!enclosing.isEmpty())
        out.structured.insert(u"enclosing"_s, enclosing);
    if (withheld > 0) {
        out.structured.insert(u"withheld_credentials"_s, withheld);
        out.text += u"note: %1 credential(s) withheld\n"_s.arg(withheld);
    }
    if (end < total) {
        out.structured.insert(u"next_start_line"_s, end + 1);
        out.text += u"more: %1 lines follow; read from start_line %2%3\n"_s.arg(total - end).arg(end + 1)
                        .arg(clamped ? u" (at most 1000 lines per call)"_s : QString());
    }
    out.summary = u"read %1:%2-%3"_s.arg(*rel).arg(start).arg(end);
    addFreshness(env, out);
    return out;
}

// --- grep ---------------------------------------------------------------------------------------

Result<ToolResult> runGrep(Env &env)
{
    GrepQuery q;
    q.pattern = stringArg(env, u"pattern"_s);
    q.regex = env.args.value(u"regex"_s).toBool(false);
    q.caseSensitive = env.args.value(u"case_sensitive"_s).toBool(true);
    q.word = env.args.value(u"word"_s).toBool(false);
    q.contextLines = intArg(env, u"context"_s, 0);
    q.limit = intArg(env, u"limit"_s, 50);
    // What a tool returns may leave the machine: credentials are withheld from the lines, and
    // a match inside one is no match (the whole file is judged, so a key's middle lines are
    // recognised as such).
    q.withholdSecrets = true;
    for (const QString &glob : stringsArg(env, u"path"_s)) {
        // The part before the first wildcard must stay inside the folder ("../**" does not).
        const qsizetype wild = glob.indexOf(QRegularExpression(u"[*?\\[]"_s));
        const QString fixed = wild < 0 ? glob : glob.left(wild);
        if (!fixed.isEmpty()) {
            auto rel = relativePath(env.repo, fixed);
            if (!rel)
                return rel.error();
        }
        q.pathGlobs << glob;
    }
    auto cursor = decodeCursor(env.tool, env.args);
    if (!cursor)
        return cursor.error();
    q.afterPath = cursor->state.value(u"p"_s).toString();
    q.afterLine = cursor->state.value(u"l"_s).toInt();
    q.progress = [&env](int done, int total) {
        env.context->report(done, total, u"%1 of %2 files read"_s.arg(done).arg(total));
    };
    const auto page = env.grep->grep(*env.store, env.repo.root, q, env.context->cancel);
    if (!page)
        return page.error(); // a bad pattern is a bad call
    ToolResult out;
    QJsonArray matches;
    for (const GrepMatch &m : page->matches) {
        QJsonObject item{{u"path"_s, m.path}, {u"line"_s, m.line}, {u"column"_s, m.column}, {u"text"_s, m.text}};
        for (qsizetype i = 0; i < m.before.size(); ++i)
            out.text += u"%1-%2-%3\n"_s.arg(m.path).arg(m.line - int(m.before.size() - i)).arg(m.before.at(i));
        out.text += u"%1:%2:%3\n"_s.arg(m.path).arg(m.line).arg(m.text);
        for (qsizetype i = 0; i < m.after.size(); ++i)
            out.text += u"%1-%2-%3\n"_s.arg(m.path).arg(m.line + 1 + int(i)).arg(m.after.at(i));
        if (!m.before.isEmpty() || !m.after.isEmpty()) {
            item.insert(u"before"_s, QJsonArray::fromStringList(m.before));
            item.insert(u"after"_s, QJsonArray::fromStringList(m.after));
            out.text += u"--\n"_s;
        }
        matches.append(item);
    }
    if (matches.isEmpty())
        out.text += u"no matches in %1 file(s)\n"_s.arg(page->filesSearched);
    if (page->matchesNotShown > 0)
        out.text += u"note: %1 match(es) inside withheld credentials not shown\n"_s.arg(page->matchesNotShown);
    out.structured = QJsonObject{{u"repo"_s, env.repo.name},
                                 {u"pattern"_s, q.pattern},
                                 {u"matches"_s, matches},
                                 {u"files_searched"_s, page->filesSearched},
                                 {u"files_total"_s, page->filesTotal},
                                 {u"narrowed"_s, page->narrowed},
                                 {u"timed_out"_s, page->timedOut}};
    if (page->linesGivenUp > 0) {
        out.structured.insert(u"lines_given_up"_s, page->linesGivenUp);
        out.text += u"note: the expression reached its backtracking limit on %1 line(s), which count as not matching\n"_s
                        .arg(page->linesGivenUp);
    }
    if (page->withheld > 0)
        out.structured.insert(u"withheld_credentials"_s, page->withheld);
    if (page->matchesNotShown > 0)
        out.structured.insert(u"matches_not_shown"_s, page->matchesNotShown);
    if (page->more) {
        PageCursor next{cursor->offset + int(page->matches.size()),
                        QJsonObject{{u"p"_s, page->resumePath}, {u"l"_s, page->resumeLine}}};
        const QString token = encodeCursor(env.tool, env.args, next);
        out.structured.insert(u"next_cursor"_s, token);
        out.text += page->timedOut ? u"the time budget of this page ran out; "_s : QString();
        out.text += u"more: call again with cursor \"%1\"\n"_s.arg(token);
    }
    out.summary = u"%1 match(es) for %2"_s.arg(matches.size()).arg(q.pattern.left(60));
    addFreshness(env, out);
    return out;
}

} // namespace

QList<Def> fileTools()
{
    Def read;
    read.spec.name = u"read"_s;
    read.spec.title = u"Read lines of a file"_s;
    read.spec.description =
        u"Numbered lines of an indexed file (200 from start_line unless end_line says otherwise, at most "
        "1000 per call; the range is clamped to the file), with the definition that encloses start_line. "
        "Files the ignore rules exclude (secrets, build output, ...) are not readable, and credentials "
        "in what is returned are replaced by [withheld: KIND]."_s;
    read.spec.inputSchema = objectSchema({{u"path"_s, stringProp(u"path relative to the folder"_s, 4096)},
                                          {u"start_line"_s, intProp(u"first line (1-based)"_s, 1, 100000000, 1)},
                                          {u"end_line"_s, typed(u"integer"_s, u"last line (inclusive)"_s)}},
                                         {u"path"_s});
    {
        QJsonObject props = read.spec.inputSchema.value(u"properties"_s).toObject();
        QJsonObject end = props.value(u"end_line"_s).toObject();
        end.insert(u"minimum"_s, 1);
        props.insert(u"end_line"_s, end);
        read.spec.inputSchema.insert(u"properties"_s, props);
    }
    read.spec.outputSchema = objectSchema({{u"repo"_s, typed(u"string"_s)},
                                           {u"path"_s, typed(u"string"_s)},
                                           {u"language"_s, typed(u"string"_s)},
                                           {u"start_line"_s, typed(u"integer"_s)},
                                           {u"end_line"_s, typed(u"integer"_s)},
                                           {u"total_lines"_s, typed(u"integer"_s)},
                                           {u"content"_s, typed(u"string"_s, u"the lines, each prefixed with its number"_s)},
                                           {u"enclosing"_s, objectSchema({{u"symbol"_s, typed(u"string"_s)},
                                                                          {u"kind"_s, typed(u"string"_s)},
                                                                          {u"start_line"_s, typed(u"integer"_s)},
                                                                          {u"end_line"_s, typed(u"integer"_s)}},
                                                                         {}, false)},
                                           {u"next_start_line"_s, typed(u"integer"_s)},
                                           {u"withheld_credentials"_s, typed(u"integer"_s)},
                                           {u"index"_s, objectSchema({}, {}, false)}},
                                          {u"path"_s, u"start_line"_s, u"end_line"_s, u"total_lines"_s, u"content"_s}, false);
    read.run = runRead;

    Def grep;
    grep.spec.name = u"grep"_s;
    grep.spec.title = u"Exact text search"_s;
    grep.spec.description =
        u"Every line of the indexed files that contains a string (or matches a regular expression, PCRE "
        "syntax, at most 1000 characters), in path order, with optional context lines; filter by path "
        "globs (\"src/**/*.py\"). Answered from a trigram index of the files' text: only files that can "
        "match are read (narrowed: true), unless no three characters in a row are certain (\"\\w+\", \"ab\"), "
        "when every file is read. Paged: follow next_cursor for more. Credentials in the lines are "
        "replaced by [withheld: KIND] (the whole file is judged, so a line of a key's body is withheld "
        "too); a match that lies only inside withheld text is not returned (matches_not_shown counts it)."_s;
    grep.spec.inputSchema = objectSchema({{u"pattern"_s, stringProp(u"the text (or expression) to find"_s, kMaxGrepPatternChars)},
                                          {u"regex"_s, boolProp(u"pattern is a regular expression"_s, false)},
                                          {u"case_sensitive"_s, boolProp(u"match case"_s, true)},
                                          {u"word"_s, boolProp(u"whole words only"_s, false)},
                                          {u"path"_s, stringsProp(u"path globs; ** crosses folders"_s)},
                                          {u"context"_s, intProp(u"lines before and after each match"_s, 0, 10, 0)},
                                          {u"limit"_s, intProp(u"matches per page"_s, 1, 500, 50)},
                                          {u"cursor"_s, cursorProp()}},
                                         {u"pattern"_s});
    grep.spec.outputSchema = objectSchema({{u"repo"_s, typed(u"string"_s)},
                                           {u"pattern"_s, typed(u"string"_s)},
                                           {u"matches"_s, arrayOf(objectSchema({{u"path"_s, typed(u"string"_s)},
                                                                                {u"line"_s, typed(u"integer"_s)},
                                                                                {u"column"_s, typed(u"integer"_s)},
                                                                                {u"text"_s, typed(u"string"_s)},
                                                                                {u"before"_s, arrayOf(typed(u"string"_s))},
                                                                                {u"after"_s, arrayOf(typed(u"string"_s))}},
                                                                               {u"path"_s, u"line"_s, u"text"_s}, false))},
                                           {u"files_searched"_s, typed(u"integer"_s)},
                                           {u"files_total"_s, typed(u"integer"_s)},
                                           {u"narrowed"_s, typed(u"boolean"_s, u"the index chose the files to read"_s)},
                                           {u"timed_out"_s, typed(u"boolean"_s)},
                                           {u"lines_given_up"_s, typed(u"integer"_s, u"lines on which the expression reached its backtracking limit"_s)},
                                           {u"withheld_credentials"_s, typed(u"integer"_s)},
                                           {u"matches_not_shown"_s,
                                            typed(u"integer"_s, u"matches that lie only inside withheld text, not returned"_s)},
                                           {u"next_cursor"_s, typed(u"string"_s)},
                                           {u"index"_s, objectSchema({}, {}, false)}},
                                          {u"pattern"_s, u"matches"_s}, false);
    grep.run = runGrep;
    return {read, grep};
}

} // namespace RepoLens::Tools
