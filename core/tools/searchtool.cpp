#include "reports.h"
#include "tools_p.h"
#include "cursor.h"

#include "core/base/secrets.h"
#include "core/parse/language.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace RepoLens::Tools {

namespace {

constexpr int kSnippetLines = 6;

Result<SearchFilters> filtersArg(const Env &env)
{
    SearchFilters f;
    const QJsonObject filters = env.args.value(u"filters"_s).toObject();
    Env sub = env;
    sub.args = filters;
    for (const QString &name : stringsArg(sub, u"lang"_s)) {
        const LanguageId id = languageFromName(name);
        if (id == LanguageId::None)
            return badArgument(u"filters.lang: unknown language \"%1\""_s.arg(name.left(100)));
        f.languages << id;
    }
    f.pathGlobs = stringsArg(sub, u"path"_s);
    f.excludeGlobs = stringsArg(sub, u"exclude_path"_s);
    for (const QString &name : stringsArg(sub, u"kind"_s)) {
        bool ok = false;
        const ChunkKind kind = chunkKindFromName(name, &ok);
        if (!ok)
            return badArgument(u"filters.kind: unknown kind \"%1\""_s.arg(name.left(100)));
        f.kinds << kind;
    }
    return f;
}

Result<ToolResult> runSearch(Env &env)
{
    const QString query = stringArg(env, u"query"_s);
    if (query.trimmed().isEmpty())
        return badArgument(u"query: must not be empty"_s);
    const int topK = intArg(env, u"top_k"_s, 10);
    auto cursor = decodeCursor(env.tool, env.args);
    if (!cursor)
        return cursor.error();
    auto filters = filtersArg(env);
    if (!filters)
        return filters.error();
    SearchOptions options;
    options.topK = cursor->offset + topK;
    // The pool stays the same for every page: a later page never reorders an earlier one.
    options.filters = *filters;
    env.context->report(0, 1, u"searching"_s);
    const auto response = env.searcher->search(query, options, env.context->cancel);
    if (env.context->cancelled())
        return makeError(ErrorCode::Cancelled, u"cancelled"_s);
    if (!response)
        return failure(u"search failed: %1"_s.arg(response.error().toString()));
    QJsonArray results;
    ToolResult out;
    int withheld = 0;
    out.text = u"%1 (%2 route, vectors cover %3% of the code)\n"_s
                   .arg(response->hits.isEmpty() ? u"no results"_s : u"results"_s, response->route)
                   .arg(qRound(response->vectorCoverage * 100));
    int n = cursor->offset;
    // Graph routes return every usage; the pages are top_k long all the same (a name called
    // from 600 places would otherwise be half a megabyte in one answer).
    qsizetype i = cursor->offset;
    for (; i < response->hits.size() && results.size() < topK; ++i) {
        const SearchHit &hit = response->hits.at(i);
        QJsonObject item = searchHitJson(hit);
        // The whole chunk goes through the stage, then the first lines are cut: a cut key
        // block or assignment is withheld as a whole.
        const WithheldText chunkText = RepoLens::withholdSecrets(QStringView(hit.chunk.text));
        withheld += int(std::count_if(chunkText.spans.cbegin(), chunkText.spans.cend(),
                                      [](const SecretFinding &f) { return f.line <= kSnippetLines; }));
        const QString snippet = chunkText.text.split(u'\n').mid(0, kSnippetLines).join(u'\n').left(800);
        item.insert(u"snippet"_s, snippet);
        results.append(item);
        out.text += u"\n%1. %2:%3-%4 %5 %6 (score %7)\n"_s.arg(++n)
                        .arg(hit.chunk.path)
                        .arg(hit.chunk.startLine)
                        .arg(hit.chunk.endLine)
                        .arg(chunkKindName(hit.chunk.kind),
                             hit.chunk.qualifiedName.isEmpty() ? u"-"_s : hit.chunk.qualifiedName)
                        .arg(hit.scores.final, 0, 'f', 3);
        if (!hit.reasons.isEmpty())
            out.text += u"   why: "_s + hit.reasons.mid(0, 3).join(u"; "_s) + u'\n';
        for (const QString &l : snippet.split(u'\n'))
            out.text += u"   | "_s + l.left(160) + u'\n';
    }
    // "who calls X" of a property or field: the graph records calls, not reads
    QStringList notes = response->notes;
    if (response->graphUsages == 0)
        notes << u"no call in the reference graph; the references tool's text_matches list the lines that use "
                 "the name without a call (property or field reads, callbacks)"_s;
    out.structured = QJsonObject{{u"repo"_s, env.repo.name},
                                 {u"query"_s, query},
                                 {u"route"_s, response->route},
                                 {u"vector_coverage"_s, response->vectorCoverage},
                                 {u"exhaustive"_s, response->exhaustive},
                                 {u"filters"_s, response->query.filters.describe()},
                                 {u"millis"_s, response->millis},
                                 {u"results"_s, results},
                                 {u"notes"_s, QJsonArray::fromStringList(notes)}};
    if (withheld > 0)
        out.structured.insert(u"withheld_credentials"_s, withheld);
    if (response->exhaustive)
        out.structured.insert(u"total"_s, int(response->hits.size()));
    // A full page may have more behind it; an exhaustive list has more when it goes on.
    if (response->exhaustive ? i < response->hits.size()
                             : response->hits.size() >= options.topK && results.size() == topK) {
        const QString next = encodeCursor(env.tool, env.args, PageCursor{cursor->offset + topK, {}});
        out.structured.insert(u"next_cursor"_s, next);
        out.text += u"\nmore: call again with cursor \"%1\"\n"_s.arg(next);
    }
    for (const QString &note : std::as_const(notes))
        out.text += u"note: "_s + note + u'\n';
    out.summary = u"%1 results (%2)"_s.arg(results.size()).arg(response->route);
    addFreshness(env, out);
    return out;
}

} // namespace

QList<Def> searchTools()
{
    const QJsonObject hit = objectSchema(
        {{u"path"_s, typed(u"string"_s)},
         {u"start_line"_s, typed(u"integer"_s)},
         {u"end_line"_s, typed(u"integer"_s)},
         {u"kind"_s, typed(u"string"_s)},
         {u"symbol"_s, typed(u"string"_s)},
         {u"language"_s, typed(u"string"_s)},
         {u"score"_s, typed(u"number"_s)},
         {u"scores"_s, objectSchema({}, {}, false)},
         {u"reasons"_s, arrayOf(typed(u"string"_s))},
         {u"snippet"_s, typed(u"string"_s)}},
        {u"path"_s, u"start_line"_s, u"end_line"_s, u"kind"_s, u"score"_s}, false);
    Def search;
    search.spec.name = u"search"_s;
    search.spec.title = u"Search the code"_s;
    search.spec.description =
        u"Hybrid code search over the indexed folder (keywords with a code-aware tokenizer, exact symbol "
        "names, vectors when ready, file and graph priors). Accepts identifiers, questions, or a whole "
        "bug report or stack trace. Returns chunks (functions, classes, sections) with path:lines, the "
        "route taken, per-hit scores and reasons, and a short snippet; use read for more lines. "
        "\"who calls X\" / \"what does X call\" are answered exhaustively from the reference graph "
        "(total says how many, paged like the rest)."_s;
    search.spec.inputSchema = objectSchema(
        {{u"query"_s, stringProp(u"what to look for: words, identifiers, a question or a bug report"_s, 20000)},
         {u"top_k"_s, intProp(u"results per page"_s, 1, 50, 10)},
         {u"filters"_s,
          objectSchema({{u"lang"_s, stringsProp(u"languages, e.g. \"python\""_s)},
                        {u"path"_s, stringsProp(u"path globs that must match, e.g. \"src/**\""_s)},
                        {u"exclude_path"_s, stringsProp(u"path globs that must not match, e.g. \"tests/**\""_s)},
                        {u"kind"_s, stringsProp(u"chunk kinds: function, method, class, ..."_s)}})},
         {u"cursor"_s, cursorProp()}},
        {u"query"_s});
    search.spec.outputSchema = objectSchema(
        {{u"repo"_s, typed(u"string"_s)},
         {u"query"_s, typed(u"string"_s)},
         {u"route"_s, typed(u"string"_s, u"hybrid, keyword, symbol, graph:callers or graph:callees"_s)},
         {u"vector_coverage"_s, typed(u"number"_s, u"share of chunks with a vector (0..1)"_s)},
         {u"exhaustive"_s, typed(u"boolean"_s)},
         {u"total"_s, typed(u"integer"_s, u"graph routes: how many results in all pages"_s)},
         {u"filters"_s, typed(u"string"_s)},
         {u"millis"_s, typed(u"number"_s)},
         {u"results"_s, arrayOf(hit)},
         {u"notes"_s, arrayOf(typed(u"string"_s))},
         {u"withheld_credentials"_s, typed(u"integer"_s)},
         {u"next_cursor"_s, typed(u"string"_s)},
         {u"index"_s, objectSchema({}, {}, false)}},
        {u"repo"_s, u"route"_s, u"results"_s}, false);
    search.run = runSearch;
    return {search};
}

} // namespace RepoLens::Tools
