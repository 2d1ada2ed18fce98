#include "cursor.h"
#include "reports.h"
#include "tools_p.h"
#include "withhold.h"

#include "core/grep/occurrences.h"
#include "core/parse/language.h"

#include <QProcess>
#include <QRegularExpression>
#include <QSet>

#include <functional>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace RepoLens::Tools {

namespace {

QStringList kindNames()
{
    QStringList out;
    for (int k = int(ChunkKind::Function); k <= int(ChunkKind::Variable); ++k)
        out << chunkKindName(ChunkKind(k));
    return out;
}

// The first line of a doc comment or docstring, without its markers ("\"\"\"", "/**", "///", "#", "*").
QString firstLine(const QString &text)
{
    static const QStringList openers = {u"\"\"\""_s, u"'''"_s, u"/**"_s, u"/*!"_s, u"/*"_s, u"///"_s, u"//!"_s, u"//"_s,
                                        u"#"_s, u"*"_s, u"--"_s};
    static const QStringList closers = {u"\"\"\""_s, u"'''"_s, u"*/"_s};
    for (const QString &line : text.split(u'\n')) {
        QString t = line.trimmed();
        for (const QString &o : openers) {
            if (t.startsWith(o)) {
                t = t.mid(o.size()).trimmed();
                break;
            }
        }
        for (const QString &c : closers) {
            if (t.endsWith(c))
                t = t.chopped(c.size()).trimmed();
        }
        if (!t.isEmpty())
            return t.left(200);
    }
    return {};
}

// A page of `items` from the cursor's offset; adds next_cursor when more are left.
template<typename T>
QList<T> page(const QList<T> &items, int offset, int limit, Env &env, ToolResult &out)
{
    const QList<T> slice = items.mid(offset, limit);
    out.structured.insert(u"total"_s, int(items.size()));
    if (offset + limit < items.size()) {
        const QString next = encodeCursor(env.tool, env.args, PageCursor{offset + limit, {}});
        out.structured.insert(u"next_cursor"_s, next);
        out.text += u"more: %1 of %2 shown; call again with cursor \"%3\"\n"_s.arg(offset + slice.size()).arg(items.size()).arg(next);
    }
    return slice;
}

QJsonObject locationSchema()
{
    return objectSchema({{u"path"_s, typed(u"string"_s)}, {u"line"_s, typed(u"integer"_s)}}, {u"path"_s, u"line"_s}, false);
}

QJsonObject textMatchSchema()
{
    return objectSchema({{u"path"_s, typed(u"string"_s)},
                         {u"line"_s, typed(u"integer"_s)},
                         {u"column"_s, typed(u"integer"_s)},
                         {u"text"_s, typed(u"string"_s)}},
                        {u"path"_s, u"line"_s}, false);
}

// The code lines that hold `name` where the reference graph records nothing (a property or field
// read, a callback, a constant used as a value, a comment; core/grep/occurrences.h), at most
// `limit`, as `text_matches` and `text_matches_more`, and in the text under `intro` (its %1:
// how many, %2: the name).
void addTextMatches(Env &env, const QString &name, const QList<RefRecord> &graphRefs, int limit, const QString &intro,
                    ToolResult &out)
{
    TextOccurrenceQuery q = textOccurrenceQuery(*env.store, name, graphRefs);
    q.limit = limit;
    q.withholdSecrets = true;
    const TextOccurrences text = textOccurrences(*env.grep, *env.store, env.repo.root, q, env.context->cancel);
    QJsonArray matches;
    if (!text.matches.isEmpty())
        out.text += intro.arg(text.matches.size()).arg(name);
    for (const GrepMatch &m : text.matches) {
        matches.append(QJsonObject{{u"path"_s, m.path}, {u"line"_s, m.line}, {u"column"_s, m.column}, {u"text"_s, m.text}});
        out.text += u"%1:%2:%3  %4\n"_s.arg(m.path).arg(m.line).arg(m.column).arg(m.text.trimmed());
    }
    if (text.more)
        out.text += u"(more lines hold it: the grep tool with word=true lists them all)\n"_s;
    if (!text.skipped.isEmpty() && graphRefs.isEmpty())
        out.text += text.skipped + u'\n';
    out.structured.insert(u"text_matches"_s, matches);
    out.structured.insert(u"text_matches_more"_s, text.more);
}

// --- find_symbol --------------------------------------------------------------------------------

Result<ToolResult> runFindSymbol(Env &env)
{
    const QString name = stringArg(env, u"name"_s).trimmed();
    if (name.isEmpty())
        return badArgument(u"name: must not be empty"_s);
    const bool exact = env.args.value(u"exact"_s).toBool(true);
    const QString kindName = stringArg(env, u"kind"_s);
    const int limit = intArg(env, u"limit"_s, 20);
    auto cursor = decodeCursor(env.tool, env.args);
    if (!cursor)
        return cursor.error();
    QList<SymbolRecord> found;
    QString normalized = name;
    normalized.replace(u"::"_s, u"."_s).replace(u'#', u'.');
    if (exact) {
        found = env.store->symbols().named(name, 2000);
        if (normalized.contains(u'.'))
            found += env.store->symbols().withQualifiedName(normalized, 2000);
    } else {
        found = env.store->symbols().byPrefix(name.section(u'.', -1), 2000);
        if (normalized.contains(u'.'))
            found.removeIf([&](const SymbolRecord &s) { return !s.qualifiedName.startsWith(normalized); });
    }
    QSet<qint64> seen;
    found.removeIf([&](const SymbolRecord &s) {
        if (seen.contains(s.id))
            return true;
        seen.insert(s.id);
        return !kindName.isEmpty() && chunkKindName(s.kind) != kindName;
    });
    std::sort(found.begin(), found.end(), [](const SymbolRecord &a, const SymbolRecord &b) {
        return a.path != b.path ? a.path < b.path : a.line < b.line;
    });
    ToolResult out;
    out.text = found.isEmpty() ? u"no definition named `%1`\n"_s.arg(name) : u"%1 definition(s) of `%2`:\n"_s.arg(found.size()).arg(name);
    const QList<SymbolRecord> shown = page(found, cursor->offset, limit, env, out);
    QJsonArray defs;
    int withheld = 0;
    for (const SymbolRecord &s : shown) {
        QString doc;
        if (const auto chunk = env.store->chunks().chunk(s.chunkId))
            doc = firstLine(chunk->doc);
        const QString signature = withholdSecrets(s.signature, &withheld);
        doc = withholdSecrets(doc, &withheld);
        defs.append(QJsonObject{{u"name"_s, s.name},
                                {u"qualified_name"_s, s.qualifiedName},
                                {u"kind"_s, chunkKindName(s.kind)},
                                {u"path"_s, s.path},
                                {u"line"_s, s.line},
                                {u"end_line"_s, s.endLine},
                                {u"signature"_s, signature},
                                {u"doc"_s, doc}});
        out.text += u"%1:%2-%3  %4 %5\n"_s.arg(s.path).arg(s.line).arg(s.endLine).arg(chunkKindName(s.kind),
                                                                                       signature.isEmpty() ? s.qualifiedName : signature.left(200));
        if (!doc.isEmpty())
            out.text += u"    "_s + doc + u'\n';
    }
    out.structured.insert(u"repo"_s, env.repo.name);
    out.structured.insert(u"name"_s, name);
    out.structured.insert(u"definitions"_s, defs);
    out.summary = u"%1 definition(s) of %2"_s.arg(found.size()).arg(name);
    addFreshness(env, out);
    return out;
}

// --- references ---------------------------------------------------------------------------------

Result<ToolResult> runReferences(Env &env)
{
    const QString symbol = stringArg(env, u"symbol"_s).trimmed();
    if (symbol.isEmpty())
        return badArgument(u"symbol: must not be empty"_s);
    const QString kind = env.args.value(u"kind"_s).toString(u"all"_s);
    const int limit = intArg(env, u"limit"_s, 100);
    auto cursor = decodeCursor(env.tool, env.args);
    if (!cursor)
        return cursor.error();
    const ReferenceReport report = referenceReport(*env.store, symbol);
    ToolResult out;
    QJsonArray defs;
    for (const SymbolRecord &s : report.definitions)
        defs.append(QJsonObject{{u"qualified_name"_s, s.qualifiedName},
                                {u"kind"_s, chunkKindName(s.kind)},
                                {u"path"_s, s.path},
                                {u"line"_s, s.line}});
    QJsonArray results;
    if (kind == u"callees"_s) {
        QList<QJsonObject> items;
        for (const SymbolRecord &s : report.definitions) {
            for (const RefRecord &r : env.store->symbols().refsFromChunk(s.chunkId)) {
                if (r.kind != RefKind::Call && r.kind != RefKind::New)
                    continue;
                QJsonObject item{{u"name"_s, r.name},
                                 {u"kind"_s, refKindName(r.kind)},
                                 {u"path"_s, r.path},
                                 {u"line"_s, r.line},
                                 {u"column"_s, r.column},
                                 {u"in"_s, s.qualifiedName}};
                const auto target = r.toSymbolId ? env.store->symbols().symbol(r.toSymbolId) : std::nullopt;
                if (target)
                    item.insert(u"target"_s, QJsonObject{{u"symbol"_s, target->qualifiedName},
                                                          {u"path"_s, target->path},
                                                          {u"line"_s, target->line}});
                items << item;
            }
        }
        out.text = u"`%1` makes %2 call(s):\n"_s.arg(report.name).arg(items.size());
        for (const QJsonObject &item : page(items, cursor->offset, limit, env, out)) {
            results.append(item);
            const QJsonObject t = item.value(u"target"_s).toObject();
            out.text += u"%1:%2  %3 %4 -> %5\n"_s.arg(item.value(u"path"_s).toString())
                            .arg(item.value(u"line"_s).toInt())
                            .arg(item.value(u"kind"_s).toString(), item.value(u"name"_s).toString(),
                                 t.isEmpty() ? u"(outside the index or ambiguous)"_s
                                             : u"%1 at %2:%3"_s.arg(t.value(u"symbol"_s).toString(), t.value(u"path"_s).toString())
                                                   .arg(t.value(u"line"_s).toInt()));
        }
    } else {
        QList<RefRecord> usages;
        for (const RefRecord &r : report.usages) {
            if (report.isOtherDefinition(r))
                continue; // resolved to another definition of the same name
            if (kind == u"callers"_s && (r.kind == RefKind::Import || r.kind == RefKind::Include))
                continue;
            usages << r;
        }
        std::sort(usages.begin(), usages.end(), [](const RefRecord &a, const RefRecord &b) {
            return a.path != b.path ? a.path < b.path : (a.line != b.line ? a.line < b.line : a.column < b.column);
        });
        out.text = u"%1 definition(s) and %2 usage(s) of `%3` (%4, every one from the reference graph):\n"_s
                       .arg(report.definitions.size())
                       .arg(usages.size())
                       .arg(report.name, kind);
        for (const SymbolRecord &s : report.definitions)
            out.text += u"defined at %1:%2  %3\n"_s.arg(s.path).arg(s.line).arg(s.qualifiedName);
        for (const RefRecord &r : page(usages, cursor->offset, limit, env, out)) {
            results.append(QJsonObject{{u"path"_s, r.path},
                                       {u"line"_s, r.line},
                                       {u"column"_s, r.column},
                                       {u"kind"_s, refKindName(r.kind)},
                                       {u"in"_s, r.fromName},
                                       {u"resolved"_s, report.isResolvedUsage(r)}});
            out.text += u"%1:%2:%3  %4%5\n"_s.arg(r.path).arg(r.line).arg(r.column).arg(
                refKindName(r.kind), r.fromName.isEmpty() ? QString() : u" in "_s + r.fromName);
        }
    }
    // The lines that hold the name where the graph records nothing (a property read, a callback,
    // a constant used as a value, a comment): on the first page, after the graph's own list, so
    // that "no usages" is never said of a name the code plainly uses.
    if (kind != u"callees"_s && cursor->offset == 0 && env.grep)
        addTextMatches(env, report.name, report.usages, std::min(limit, 50),
                       u"%1 other line(s) hold the word `%2` where the reference graph records nothing (property or "
                       "field reads, callbacks, values, comments, strings; found by text, not resolved):\n"_s,
                       out);
    out.structured.insert(u"repo"_s, env.repo.name);
    out.structured.insert(u"symbol"_s, report.name);
    out.structured.insert(u"kind"_s, kind);
    out.structured.insert(u"definitions"_s, defs);
    out.structured.insert(u"results"_s, results);
    out.structured.insert(u"exhaustive"_s, true);
    out.summary = u"%1 %2 of %3"_s.arg(out.structured.value(u"total"_s).toInt()).arg(kind == u"callees"_s ? u"calls"_s : u"usages"_s, report.name);
    if (report.definitions.isEmpty() && report.usages.isEmpty())
        out.text += u"nothing named `%1` in the index\n"_s.arg(report.name);
    addFreshness(env, out);
    return out;
}

// --- outline ------------------------------------------------------------------------------------

bool isOutlineKind(ChunkKind kind)
{
    return kind != ChunkKind::Code && kind != ChunkKind::Text;
}

Result<ToolResult> runOutline(Env &env)
{
    auto rel = relativePath(env.repo, stringArg(env, u"path"_s));
    if (!rel)
        return rel.error();
    const auto file = env.store->files().file(*rel);
    if (!file || file->isDir)
        return failure(u"%1 is not in the index"_s.arg(*rel));
    if (file->status != FileStatus::Indexed && file->status != FileStatus::ParseError)
        return failure(u"%1 has no outline: %2%3"_s.arg(*rel, fileStatusName(file->status),
                                                        file->reason.isEmpty() ? QString() : u" ("_s + file->reason + u')'));
    QList<ChunkRecord> chunks = env.store->chunks().ofFile(file->id);
    chunks.removeIf([](const ChunkRecord &c) { return !isOutlineKind(c.kind) || c.part > 1; });
    std::sort(chunks.begin(), chunks.end(), [](const ChunkRecord &a, const ChunkRecord &b) {
        return a.startLine != b.startLine ? a.startLine < b.startLine : a.endLine > b.endLine;
    });
    QHash<qint64, int> indexOf;
    for (int i = 0; i < chunks.size(); ++i)
        indexOf.insert(chunks.at(i).id, i);
    QHash<qint64, QList<int>> children;
    QList<int> roots;
    for (int i = 0; i < chunks.size(); ++i) {
        const qint64 parent = chunks.at(i).parentId;
        if (parent && indexOf.contains(parent))
            children[parent] << i;
        else
            roots << i;
    }
    int withheld = 0;
    int count = 0;
    QString text;
    std::function<QJsonObject(int, int)> node = [&](int i, int depth) {
        const ChunkRecord &c = chunks.at(i);
        ++count;
        const QString signature = withholdSecrets(c.signature.section(u'\n', 0, 0).left(300), &withheld);
        QJsonObject o{{u"name"_s, c.name},
                      {u"kind"_s, chunkKindName(c.kind)},
                      {u"start_line"_s, c.startLine},
                      {u"end_line"_s, c.endLine},
                      {u"signature"_s, signature}};
        text += QString(depth * 2, u' ') + u"%1 %2  %3-%4\n"_s.arg(chunkKindName(c.kind), c.name.isEmpty() ? signature : c.name)
                                                   .arg(c.startLine)
                                                   .arg(c.endLine);
        QJsonArray kids;
        for (int k : children.value(c.id))
            kids.append(node(k, depth + 1));
        if (!kids.isEmpty())
            o.insert(u"children"_s, kids);
        return o;
    };
    QJsonArray tree;
    for (int r : std::as_const(roots))
        tree.append(node(r, 0));
    ToolResult out;
    out.text = u"%1 (%2, %3 lines): %4 definition(s)\n"_s.arg(*rel, languageName(file->language)).arg(file->lineCount).arg(count) + text;
    out.structured = QJsonObject{{u"repo"_s, env.repo.name},
                                 {u"path"_s, *rel},
                                 {u"language"_s, languageName(file->language)},
                                 {u"line_count"_s, file->lineCount},
                                 {u"definitions"_s, tree}};
    out.summary = u"outline of %1: %2 definitions"_s.arg(*rel).arg(count);
    addFreshness(env, out);
    return out;
}

// --- impact -------------------------------------------------------------------------------------

struct Dependent
{
    qint64 chunkId = 0;
    QString symbol;
    QString kind;
    QString path;
    int startLine = 0;
    int endLine = 0;
    int depth = 0;
    QString via;   // the name it uses
};

// Transitive callers of `names` (breadth first, up to maxDepth levels, at most limit chunks),
// not counting the chunks in `exclude` (the definitions themselves).
QList<Dependent> callersOf(const IndexStore &store, const QStringList &names, const QSet<qint64> &exclude, int maxDepth,
                           int limit, const ToolCallContext &ctx, QList<RefRecord> *importers)
{
    QList<Dependent> out;
    QSet<qint64> seen = exclude;
    QSet<QString> asked;
    QStringList frontier = names;
    for (int depth = 1; depth <= maxDepth && !frontier.isEmpty() && out.size() < limit; ++depth) {
        QStringList next;
        for (const QString &name : std::as_const(frontier)) {
            if (asked.contains(name) || ctx.cancelled())
                continue;
            asked.insert(name);
            for (const RefRecord &r : store.symbols().refsNamed(name, 20000)) {
                if (r.kind == RefKind::Import || r.kind == RefKind::Include) {
                    if (importers && depth == 1)
                        importers->append(r);
                    continue;
                }
                if (!r.fromChunkId || seen.contains(r.fromChunkId) || out.size() >= limit)
                    continue;
                seen.insert(r.fromChunkId);
                const auto chunk = store.chunks().chunk(r.fromChunkId);
                if (!chunk)
                    continue;
                Dependent d;
                d.chunkId = chunk->id;
                d.symbol = chunk->qualifiedName;
                d.kind = chunkKindName(chunk->kind);
                d.path = chunk->path;
                d.startLine = chunk->startLine;
                d.endLine = chunk->endLine;
                d.depth = depth;
                d.via = name;
                out << d;
                if (!chunk->name.isEmpty() && chunk->kind != ChunkKind::Code && chunk->kind != ChunkKind::Text)
                    next << chunk->name;
            }
        }
        frontier = next;
        ctx.report(depth, maxDepth, u"callers, level %1"_s.arg(depth));
    }
    return out;
}

struct ChangedFile
{
    QString path;
    QList<QPair<int, int>> ranges; // new-side lines, inclusive; (0, 0): the whole file
};

Result<QList<ChangedFile>> workingTreeChanges(const QString &root)
{
    QProcess git;
    git.setWorkingDirectory(root);
    git.start(u"git"_s, {u"-c"_s, u"core.quotepath=off"_s, u"diff"_s, u"--no-color"_s, u"--no-ext-diff"_s, u"-U0"_s,
                         u"HEAD"_s, u"--"_s});
    if (!git.waitForFinished(20000) || git.exitStatus() != QProcess::NormalExit) {
        git.kill();
        return makeError(ErrorCode::Io, u"git diff did not finish"_s);
    }
    if (git.exitCode() != 0)
        return makeError(ErrorCode::NotFound,
                         u"not a git working tree with a commit (git diff: %1)"_s.arg(QString::fromLocal8Bit(git.readAllStandardError()).trimmed().left(300)));
    QList<ChangedFile> files;
    static const QRegularExpression hunk(u"^@@ -\\d+(?:,\\d+)? \\+(\\d+)(?:,(\\d+))? @@"_s);
    for (const QString &line : QString::fromUtf8(git.readAllStandardOutput()).split(u'\n')) {
        if (line.startsWith(u"+++ "_s)) {
            const QString target = line.mid(4);
            if (target == u"/dev/null"_s) {
                files.append(ChangedFile{QString(), {}}); // deleted: nothing left to touch
                continue;
            }
            files.append(ChangedFile{target.startsWith(u"b/"_s) ? target.mid(2) : target, {}});
        } else if (!files.isEmpty() && line.startsWith(u"@@"_s)) {
            const QRegularExpressionMatch m = hunk.match(line);
            if (!m.hasMatch())
                continue;
            const int start = m.captured(1).toInt();
            const int count = m.captured(2).isEmpty() ? 1 : m.captured(2).toInt();
            files.last().ranges.append({start, std::max(start, start + count - 1)});
        }
    }
    files.removeIf([](const ChangedFile &f) { return f.path.isEmpty(); });
    QProcess untracked;
    untracked.setWorkingDirectory(root);
    untracked.start(u"git"_s, {u"-c"_s, u"core.quotepath=off"_s, u"ls-files"_s, u"--others"_s, u"--exclude-standard"_s});
    if (untracked.waitForFinished(20000) && untracked.exitCode() == 0) {
        for (const QString &p : QString::fromUtf8(untracked.readAllStandardOutput()).split(u'\n', Qt::SkipEmptyParts))
            files.append(ChangedFile{p, {{0, 0}}});
    }
    return files;
}

QJsonObject dependentJson(const Dependent &d)
{
    return QJsonObject{{u"symbol"_s, d.symbol},   {u"kind"_s, d.kind},         {u"path"_s, d.path},
                       {u"start_line"_s, d.startLine}, {u"end_line"_s, d.endLine}, {u"depth"_s, d.depth},
                       {u"via"_s, d.via}};
}

// What `impact` starts from: the changed definitions of the working tree, the definitions of
// a file (and the names it is imported by), or a symbol; the text so far.
struct ImpactTarget
{
    QString mode; // "working tree", "path", "symbol"
    QStringList names;
    QSet<qint64> own; // the target's own chunks: not its dependents
    QStringList importNames;
    QJsonArray touched;
    QJsonArray changedFiles;
    QString text;
};

// The definitions the uncommitted changes touch (`git diff` against HEAD, new files whole).
Result<ImpactTarget> workingTreeTarget(Env &env)
{
    const IndexStore &store = *env.store;
    ImpactTarget t;
    t.mode = u"working tree"_s;
    auto changes = workingTreeChanges(env.repo.root);
    if (!changes)
        return changes.error();
    t.text = u"uncommitted changes in %1 file(s)\n"_s.arg(changes->size());
    for (const ChangedFile &f : std::as_const(*changes)) {
        QJsonArray ranges;
        for (const auto &r : f.ranges)
            ranges.append(r.first == 0 ? QJsonValue(u"whole file"_s) : QJsonValue(u"%1-%2"_s.arg(r.first).arg(r.second)));
        t.changedFiles.append(QJsonObject{{u"path"_s, f.path}, {u"ranges"_s, ranges}});
        const auto file = store.files().file(f.path);
        if (!file)
            continue;
        for (const ChunkRecord &c : store.chunks().ofFile(file->id)) {
            if (c.kind == ChunkKind::Code || c.kind == ChunkKind::Text || c.name.isEmpty())
                continue;
            const bool hit = std::any_of(f.ranges.cbegin(), f.ranges.cend(), [&](const QPair<int, int> &r) {
                return r.first == 0 || (r.first <= c.endLine && r.second >= c.startLine);
            });
            if (!hit || t.own.contains(c.id))
                continue;
            t.own.insert(c.id);
            t.names << c.name;
            t.touched.append(QJsonObject{{u"symbol"_s, c.qualifiedName}, {u"kind"_s, chunkKindName(c.kind)},
                                         {u"path"_s, c.path}, {u"start_line"_s, c.startLine}, {u"end_line"_s, c.endLine}});
            t.text += u"changed: %1 %2 (%3:%4-%5)\n"_s.arg(chunkKindName(c.kind), c.qualifiedName, c.path)
                          .arg(c.startLine)
                          .arg(c.endLine);
        }
    }
    return t;
}

// The names an indexed file defines, and the module names and paths importers write for it.
ImpactTarget fileTarget(const IndexStore &store, const FileRecord &file, const QString &rel)
{
    ImpactTarget t;
    t.mode = u"path"_s;
    for (const SymbolRecord &s : store.symbols().ofFile(file.id)) {
        t.own.insert(s.chunkId);
        if (!t.names.contains(s.name) && s.name.size() > 1)
            t.names << s.name;
    }
    // Importers: imports name modules by dotted path or include paths.
    const QString noExt = rel.section(u'.', 0, -2).isEmpty() ? rel : rel.section(u'.', 0, -2);
    const QStringList parts = noExt.split(u'/');
    for (int i = int(parts.size()) - 1; i >= 0; --i)
        t.importNames << parts.mid(i).join(u'.');
    t.importNames << rel.section(u'/', -1) << rel;
    t.text = u"%1 defines %2 name(s)\n"_s.arg(rel).arg(t.names.size());
    return t;
}

// The definitions of a symbol; NotFound when the index has neither a definition nor a use.
Result<ImpactTarget> symbolTarget(const IndexStore &store, const QString &target)
{
    ImpactTarget t;
    t.mode = u"symbol"_s;
    const ReferenceReport report = referenceReport(store, target);
    if (report.definitions.isEmpty() && report.usages.isEmpty())
        return makeError(ErrorCode::NotFound, u"no symbol or indexed file named `%1`"_s.arg(target));
    t.names << report.name;
    for (const SymbolRecord &s : report.definitions)
        t.own.insert(s.chunkId);
    t.text = u"`%1`: %2 definition(s)\n"_s.arg(report.name).arg(report.definitions.size());
    return t;
}

Result<ToolResult> runImpact(Env &env)
{
    const QString target = stringArg(env, u"target"_s).trimmed();
    if (target.isEmpty())
        return badArgument(u"target: must not be empty"_s);
    const int depth = intArg(env, u"depth"_s, 2);
    const int limit = intArg(env, u"limit"_s, 100);
    const IndexStore &store = *env.store;
    // What the target is: the working tree, a file, or a symbol.
    Result<ImpactTarget> resolved = ImpactTarget();
    const QString lowered = target.toLower();
    if (lowered == u"working tree"_s || lowered == u"worktree"_s || lowered == u"git diff"_s || lowered == u"diff"_s) {
        resolved = workingTreeTarget(env);
    } else {
        auto rel = relativePath(env.repo, target);
        const auto file = rel && !rel->isEmpty() ? store.files().file(*rel) : std::nullopt;
        resolved = file && !file->isDir ? fileTarget(store, *file, *rel) : symbolTarget(store, target);
    }
    if (!resolved)
        return failure(resolved.error().message);
    ImpactTarget &t = *resolved;
    ToolResult out;
    out.text = t.text;

    // Its dependents (callers, to `depth`) and importers.
    QList<RefRecord> importers;
    const QList<Dependent> dependents = callersOf(store, t.names, t.own, depth, limit, *env.context,
                                                  t.mode == u"symbol"_s ? &importers : nullptr);
    for (const QString &n : std::as_const(t.importNames)) {
        for (const RefRecord &r : store.symbols().refsNamed(n, 5000))
            if (r.kind == RefKind::Import || r.kind == RefKind::Include)
                importers << r;
    }
    QJsonArray deps, tests, imps;
    for (const Dependent &d : dependents) {
        deps.append(dependentJson(d));
        if (isTestPath(d.path))
            tests.append(dependentJson(d));
        out.text += u"%1depends: %2 %3 (%4:%5-%6) via %7\n"_s.arg(QString(d.depth * 2 - 2, u' '), d.kind, d.symbol, d.path)
                        .arg(d.startLine)
                        .arg(d.endLine)
                        .arg(d.via);
    }
    QSet<QString> importerSeen;
    for (const RefRecord &r : std::as_const(importers)) {
        const QString key = r.path + u':' + QString::number(r.line);
        if (importerSeen.contains(key))
            continue;
        importerSeen.insert(key);
        imps.append(QJsonObject{{u"path"_s, r.path}, {u"line"_s, r.line}, {u"name"_s, r.name}});
        out.text += u"imported at %1:%2 (%3)\n"_s.arg(r.path).arg(r.line).arg(r.name);
    }
    if (dependents.size() >= limit)
        out.text += u"(stopped at %1 dependents; raise limit or lower depth)\n"_s.arg(limit);
    // A symbol's direct uses that the graph does not record (a property read, a callback).
    ToolResult text;
    if (t.mode == u"symbol"_s && env.grep && !t.names.isEmpty())
        addTextMatches(env, t.names.first(), store.symbols().refsNamed(t.names.first(), 5000), 50,
                       u"%1 line(s) use `%2` without a call the graph records (property or field reads, "
                       "callbacks, values; found by text, not resolved, not followed further):\n"_s,
                       text);
    out.text += text.text;
    out.structured = QJsonObject{{u"repo"_s, env.repo.name},
                                 {u"target"_s, target},
                                 {u"mode"_s, t.mode},
                                 {u"depth"_s, depth},
                                 {u"dependents"_s, deps},
                                 {u"tests"_s, tests},
                                 {u"importers"_s, imps},
                                 {u"truncated"_s, dependents.size() >= limit}};
    for (auto it = text.structured.constBegin(); it != text.structured.constEnd(); ++it)
        out.structured.insert(it.key(), it.value());
    if (t.mode == u"working tree"_s) {
        out.structured.insert(u"changed_files"_s, t.changedFiles);
        out.structured.insert(u"touched"_s, t.touched);
    }
    out.summary = u"impact of %1: %2 dependents, %3 in tests"_s.arg(target).arg(deps.size()).arg(tests.size());
    addFreshness(env, out);
    return out;
}

} // namespace

QList<Def> codeTools()
{
    Def find;
    find.spec.name = u"find_symbol"_s;
    find.spec.title = u"Find a definition"_s;
    find.spec.description =
        u"Definitions (functions, methods, classes, ...) by name: exact (the default; a qualified name "
        "such as Session.request or ns::f works too) or by prefix. Each with kind, signature, the first "
        "line of its doc comment and path:line-end_line."_s;
    find.spec.inputSchema = objectSchema({{u"name"_s, stringProp(u"the name, or a qualified name"_s, 1000)},
                                          {u"kind"_s, enumProp(u"only definitions of this kind"_s, kindNames(), {})},
                                          {u"exact"_s, boolProp(u"false: every name starting with `name`"_s, true)},
                                          {u"limit"_s, intProp(u"definitions per page"_s, 1, 200, 20)},
                                          {u"cursor"_s, cursorProp()}},
                                         {u"name"_s});
    const QJsonObject defSchema = objectSchema({{u"name"_s, typed(u"string"_s)},
                                                {u"qualified_name"_s, typed(u"string"_s)},
                                                {u"kind"_s, typed(u"string"_s)},
                                                {u"path"_s, typed(u"string"_s)},
                                                {u"line"_s, typed(u"integer"_s)},
                                                {u"end_line"_s, typed(u"integer"_s)},
                                                {u"signature"_s, typed(u"string"_s)},
                                                {u"doc"_s, typed(u"string"_s)}},
                                               {u"name"_s, u"kind"_s, u"path"_s, u"line"_s}, false);
    find.spec.outputSchema = objectSchema({{u"repo"_s, typed(u"string"_s)},
                                           {u"name"_s, typed(u"string"_s)},
                                           {u"definitions"_s, arrayOf(defSchema)},
                                           {u"total"_s, typed(u"integer"_s)},
                                           {u"next_cursor"_s, typed(u"string"_s)},
                                           {u"index"_s, objectSchema({}, {}, false)}},
                                          {u"definitions"_s, u"total"_s}, false);
    find.run = runFindSymbol;

    Def refs;
    refs.spec.name = u"references"_s;
    refs.spec.title = u"Find references"_s;
    refs.spec.description =
        u"Every usage of a symbol from the reference graph (exhaustive, not a ranking): callers (calls, "
        "object creations, inheritance, type uses), callees (what its definitions call, with the target "
        "definition when it is known), or all (callers and imports). Paged. The first page also lists, as "
        "text_matches, the lines that hold the name as a word where the graph records nothing (property "
        "and field reads, callbacks, values, comments, strings)."_s;
    refs.spec.inputSchema = objectSchema({{u"symbol"_s, stringProp(u"a name or qualified name"_s, 1000)},
                                          {u"kind"_s, enumProp(u"callers, callees or all"_s, {u"callers"_s, u"callees"_s, u"all"_s}, u"all"_s)},
                                          {u"limit"_s, intProp(u"results per page"_s, 1, 1000, 100)},
                                          {u"cursor"_s, cursorProp()}},
                                         {u"symbol"_s});
    refs.spec.outputSchema = objectSchema({{u"repo"_s, typed(u"string"_s)},
                                           {u"symbol"_s, typed(u"string"_s)},
                                           {u"kind"_s, typed(u"string"_s)},
                                           {u"definitions"_s, arrayOf(objectSchema({}, {}, false))},
                                           {u"results"_s, arrayOf(objectSchema({{u"path"_s, typed(u"string"_s)},
                                                                                {u"line"_s, typed(u"integer"_s)},
                                                                                {u"column"_s, typed(u"integer"_s)},
                                                                                {u"kind"_s, typed(u"string"_s)}},
                                                                               {u"path"_s, u"line"_s}, false))},
                                           {u"total"_s, typed(u"integer"_s)},
                                           {u"exhaustive"_s, typed(u"boolean"_s)},
                                           {u"text_matches"_s, arrayOf(textMatchSchema())},
                                           {u"text_matches_more"_s, typed(u"boolean"_s)},
                                           {u"next_cursor"_s, typed(u"string"_s)},
                                           {u"index"_s, objectSchema({}, {}, false)}},
                                          {u"symbol"_s, u"results"_s, u"total"_s}, false);
    refs.run = runReferences;

    Def outline;
    outline.spec.name = u"outline"_s;
    outline.spec.title = u"Outline a file"_s;
    outline.spec.description =
        u"The definitions of one indexed file as a tree (classes with their methods, Markdown sections), "
        "each with kind, name, signature and line range. Cheaper than reading the file."_s;
    outline.spec.inputSchema = objectSchema({{u"path"_s, stringProp(u"path relative to the folder"_s, 4096)}}, {u"path"_s});
    outline.spec.outputSchema = objectSchema({{u"repo"_s, typed(u"string"_s)},
                                              {u"path"_s, typed(u"string"_s)},
                                              {u"language"_s, typed(u"string"_s)},
                                              {u"line_count"_s, typed(u"integer"_s)},
                                              {u"definitions"_s, arrayOf(objectSchema({{u"name"_s, typed(u"string"_s)},
                                                                                      {u"kind"_s, typed(u"string"_s)},
                                                                                      {u"start_line"_s, typed(u"integer"_s)},
                                                                                      {u"end_line"_s, typed(u"integer"_s)}},
                                                                                     {u"kind"_s, u"start_line"_s}, false))},
                                              {u"index"_s, objectSchema({}, {}, false)}},
                                             {u"path"_s, u"definitions"_s}, false);
    outline.run = runOutline;

    Def impact;
    impact.spec.name = u"impact"_s;
    impact.spec.title = u"What depends on this"_s;
    impact.spec.description =
        u"What a change would affect. target is a symbol (its transitive callers, importers and the tests "
        "among them), a file path (callers of everything it defines, its importers), or \"working tree\" "
        "(the definitions the uncommitted git diff touches, and who calls them). For a symbol, text_matches "
        "lists its direct uses the graph does not record (property or field reads, callbacks)."_s;
    impact.spec.inputSchema = objectSchema({{u"target"_s, stringProp(u"a symbol, a path, or \"working tree\""_s, 4096)},
                                            {u"depth"_s, intProp(u"levels of callers to follow"_s, 1, 5, 2)},
                                            {u"limit"_s, intProp(u"at most this many dependents"_s, 1, 1000, 100)}},
                                           {u"target"_s});
    impact.spec.outputSchema = objectSchema({{u"repo"_s, typed(u"string"_s)},
                                             {u"target"_s, typed(u"string"_s)},
                                             {u"mode"_s, typed(u"string"_s, u"symbol, path or working tree"_s)},
                                             {u"depth"_s, typed(u"integer"_s)},
                                             {u"dependents"_s, arrayOf(objectSchema({}, {}, false))},
                                             {u"tests"_s, arrayOf(objectSchema({}, {}, false))},
                                             {u"importers"_s, arrayOf(locationSchema())},
                                             {u"changed_files"_s, arrayOf(objectSchema({}, {}, false))},
                                             {u"touched"_s, arrayOf(objectSchema({}, {}, false))},
                                             {u"truncated"_s, typed(u"boolean"_s)},
                                             {u"text_matches"_s, arrayOf(textMatchSchema())},
                                             {u"text_matches_more"_s, typed(u"boolean"_s)},
                                             {u"index"_s, objectSchema({}, {}, false)}},
                                            {u"mode"_s, u"dependents"_s}, false);
    impact.run = runImpact;
    return {find, refs, outline, impact};
}

} // namespace RepoLens::Tools
