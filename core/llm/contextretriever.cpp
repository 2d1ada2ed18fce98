#include "contextretriever.h"

#include "core/base/logging.h"
#include "core/base/secrets.h"
#include "core/parse/language.h"
#include "core/search/query.h"
#include "core/search/usages.h"

#include <QElapsedTimer>
#include <QRegularExpression>
#include <QSet>

namespace RepoLens {

namespace {

double elapsedMs(const QElapsedTimer &t)
{
    return t.nsecsElapsed() / 1e6;
}

RemoteCall remoteCallFor(const LlmEndpoint &endpoint, const ChatOutcome &outcome, const QString &purpose,
                         const QStringList &files)
{
    RemoteCall c;
    c.time = QDateTime::currentDateTime();
    c.endpoint = outcome.url.isEmpty() ? endpoint.displayUrl(QStringLiteral("chat/completions")) : outcome.url;
    c.purpose = purpose;
    c.model = endpoint.model;
    c.bytes = outcome.bytesSent;
    c.files = files;
    c.local = endpoint.isLocal();
    c.status = outcome.ok() ? QStringLiteral("ok") : llmErrorKindName(outcome.error.kind);
    c.body = outcome.requestBody;
    return c;
}

} // namespace

QStringList withheldEntries(const QList<ContextChunk> &context)
{
    QStringList out;
    for (const ContextChunk &c : context) {
        if (!c.withheld.isEmpty())
            out << c.path + u' ' + c.withheld;
    }
    return out;
}

QStringList sentLogEntries(const RemoteCall &call)
{
    QStringList out = call.files;
    for (const QString &w : call.withheld)
        out << QStringLiteral("withheld: ") + w;
    return out;
}

namespace {

// Strips a Markdown fence around a model's answer.
QString unfence(const QString &text)
{
    QString t = text.trimmed();
    if (t.startsWith(QLatin1String("```"))) {
        const qsizetype nl = t.indexOf(u'\n');
        t = nl < 0 ? QString() : t.mid(nl + 1);
        const qsizetype end = t.lastIndexOf(QLatin1String("```"));
        if (end >= 0)
            t = t.left(end);
    }
    return t.trimmed();
}

bool mentionsConnection(const QString &question)
{
    static const QRegularExpression words(
        QStringLiteral("\\b(connected|connection|related|relationship|relation|interact|interacts|interaction|"
                       "between|link|linked|path from|reach|reaches|coupled)\\b"),
        QRegularExpression::CaseInsensitiveOption);
    return words.match(question).hasMatch();
}

} // namespace

QString searchableText(const QString &text, int maxChars)
{
    QString t = text.left(maxChars);
    // "path: str" in generated code must not become a path filter.
    static const QRegularExpression filterish(QStringLiteral("\\b(lang|language|path|file|kind):"),
                                              QRegularExpression::CaseInsensitiveOption);
    t.replace(filterish, QStringLiteral("\\1 "));
    return t;
}

bool hydeDecision(const QString &question, QString *reason)
{
    auto say = [reason](const QString &r) {
        if (reason)
            *reason = r;
    };
    const ParsedQuery parsed = parseQuery(question);
    const QueryRoute route = routeQuery(parsed);
    if (route.kind == QueryRoute::Kind::Callers || route.kind == QueryRoute::Kind::Callees) {
        say(QStringLiteral("a reference-graph question"));
        return false;
    }
    static const QRegularExpression ws(QStringLiteral("\\s+"));
    const int words = int(parsed.text.split(ws, Qt::SkipEmptyParts).size());
    if (route.kind == QueryRoute::Kind::Symbol || (!parsed.identifiers.isEmpty() && words <= 6)) {
        say(QStringLiteral("the question names code identifiers"));
        return false;
    }
    if (words >= 8) {
        say(QStringLiteral("a long natural-language question (%1 words)").arg(words));
        return true;
    }
    if (words >= 4 && parsed.identifiers.isEmpty()) {
        say(QStringLiteral("a vague question naming no identifier"));
        return true;
    }
    say(QStringLiteral("a short question (%1 words)").arg(words));
    return false;
}

QString hydeSystemPrompt()
{
    return QStringLiteral(
        "You are an expert software engineer. Your task is to predict code that answers the given query.\n"
        "Instructions:\n"
        "1. Analyze the query carefully.\n"
        "2. Think through the solution step-by-step.\n"
        "3. Generate concise, idiomatic code that addresses the query.\n"
        "4. Include specific method names, class names, and key concepts in your response.\n"
        "5. If applicable, suggest modern libraries or best practices for the given task.\n"
        "6. You may guess the language based on the context provided.\n"
        "Output format:\n"
        "- Provide only the improved query or predicted code snippet.\n"
        "- Do not include any explanatory text outside the code.\n"
        "- Ensure the response is directly usable for further processing or execution.");
}

QString hydeRewriteSystemPrompt(const QString &question, const QString &tempContext)
{
    return QStringLiteral(
               "You are an expert software engineer. Your task is to enhance the original query: %1 using the "
               "provided context: %2\n"
               "Instructions:\n"
               "1. Analyze the query and context thoroughly.\n"
               "2. Expand the query with relevant code-specific details:\n"
               "   - For code-related queries: Include precise method names, class names, and key concepts.\n"
               "   - For general queries: Reference important files like README.md or configuration files.\n"
               "   - For method-specific queries: Predict potential implementation details.\n"
               "3. Incorporate keywords from the context that are most pertinent to answering the query.\n"
               "4. Ensure the enhanced query remains focused and concise while being more descriptive and targeted.\n"
               "5. You may guess the language based on the context provided.\n"
               "Output format: Provide only the enhanced query. Do not include any explanatory text or additional "
               "commentary.")
        .arg(question, tempContext);
}

bool indexIsComplete(const IndexStore &store)
{
    // The indexer sets refs_resolved to 0 in its first write and back to 1 once the run has
    // parsed every file and linked the references; a stopped run never gets there.
    return store.meta(QStringLiteral("refs_resolved")) == QLatin1String("1")
           && store.files().count(FileStatus::Pending) == 0;
}

bool refersBack(const QString &question)
{
    static const QRegularExpression ws(QStringLiteral("[\\s?!.,;:]+"));
    const QStringList words = question.toLower().split(ws, Qt::SkipEmptyParts);
    if (words.isEmpty())
        return true;
    if (words.size() <= 2) // "why?", "how so?", "an example?"
        return true;
    static const QSet<QString> back = {
        QStringLiteral("it"),     QStringLiteral("its"),      QStringLiteral("it's"),    QStringLiteral("itself"),
        QStringLiteral("they"),   QStringLiteral("them"),     QStringLiteral("their"),   QStringLiteral("this"),
        QStringLiteral("these"),  QStringLiteral("those"),    QStringLiteral("above"),   QStringLiteral("previous"),
        QStringLiteral("earlier"), QStringLiteral("former"),  QStringLiteral("latter"),  QStringLiteral("same"),
        QStringLiteral("aforementioned"), QStringLiteral("said"),
    };
    for (const QString &w : words) {
        if (back.contains(w))
            return true;
    }
    // "that" points back at the start ("that seems slow; why?") or before a generic noun
    // ("that function"), not as a relative pronoun ("the function that signs the cookie").
    static const QSet<QString> generic = {
        QStringLiteral("function"), QStringLiteral("method"), QStringLiteral("class"), QStringLiteral("code"),
        QStringLiteral("file"),     QStringLiteral("one"),    QStringLiteral("part"),  QStringLiteral("call"),
        QStringLiteral("loop"),     QStringLiteral("check"),  QStringLiteral("case"),  QStringLiteral("answer"),
    };
    for (qsizetype i = 0; i < words.size(); ++i) {
        if (words.at(i) != QLatin1String("that"))
            continue;
        if (i == 0 || i + 1 == words.size() || generic.contains(words.at(i + 1)))
            return true;
    }
    const QString lower = question.trimmed().toLower();
    return lower.startsWith(QLatin1String("you said")) || lower.startsWith(QLatin1String("you mentioned"));
}

FollowUpDecision decideFollowUp(const QString &question, const QList<ContextChunk> &previous,
                                const RetrievalTrace &fresh)
{
    FollowUpDecision d;
    if (previous.isEmpty()) {
        d.reason = QStringLiteral("searched: there is no earlier context");
        return d;
    }
    if (refersBack(question)) {
        d.reuse = true;
        d.reason = QStringLiteral("context of the previous question: the question refers back to it "
                                  "(write @codebase to search again)");
        return d;
    }
    if (fresh.context.isEmpty()) {
        d.reuse = true;
        d.reason = QStringLiteral("context of the previous question: a search for this question found nothing "
                                  "(write @codebase to search again)");
        return d;
    }
    auto inPrevious = [&previous](const ContextChunk &c) {
        for (const ContextChunk &p : previous) {
            if ((c.chunkId != 0 && c.chunkId == p.chunkId)
                || (c.path == p.path && c.startLine <= p.endLine && p.startLine <= c.endLine))
                return true;
        }
        return false;
    };
    const int considered = int(std::min<qsizetype>(4, fresh.context.size()));
    int same = 0;
    for (int i = 0; i < considered; ++i)
        same += inPrevious(fresh.context.at(i)) ? 1 : 0;
    // The same code: the best chunk of the fresh search and at least half of its best were in
    // the previous context. A new best chunk means a new topic, however much else overlaps.
    if (inPrevious(fresh.context.first()) && 2 * same >= considered) {
        d.reuse = true;
        d.reason = QStringLiteral("context of the previous question: a search for this question found the same code "
                                  "(%1 of its best %2 chunks; write @codebase to search again)")
                       .arg(same)
                       .arg(considered);
        return d;
    }
    d.reason = QStringLiteral("searched again: the question is about other code than the previous one "
                              "(%1 of the best %2 chunks were in its context, the best one %3)")
                   .arg(same)
                   .arg(considered)
                   .arg(inPrevious(fresh.context.first()) ? QStringLiteral("too") : QStringLiteral("not"));
    return d;
}

QStringList exampleQuestions(const IndexStore &store)
{
    struct Candidate
    {
        SymbolRecord symbol;
        int uses = 0;
    };
    QHash<QString, SymbolRecord> types;     // by name, first definition outside tests
    QHash<QString, SymbolRecord> functions;
    store.symbols().forEach([&](const SymbolRecord &s) {
        if (s.name.size() < 4 || s.name.startsWith(u'_') || isTestPath(s.path) || s.name.startsWith(QLatin1String("test"))
            || s.name == QLatin1String("main") || s.name == QLatin1String("__init__"))
            return;
        const LanguageId lang = languageForPath(s.path);
        if (lang == LanguageId::Markdown || lang == LanguageId::PlainText || lang == LanguageId::None)
            return;
        const bool type = s.kind == ChunkKind::Class || s.kind == ChunkKind::Struct || s.kind == ChunkKind::Interface;
        const bool function = s.kind == ChunkKind::Function || s.kind == ChunkKind::Method;
        if (type && !types.contains(s.name) && types.size() < 1500)
            types.insert(s.name, s);
        else if (function && !functions.contains(s.name) && functions.size() < 3000)
            functions.insert(s.name, s);
    });
    auto best = [&store](const QHash<QString, SymbolRecord> &pool) {
        Candidate top;
        for (auto it = pool.cbegin(); it != pool.cend(); ++it) {
            const int uses = store.symbols().refCount(it.key());
            if (uses > top.uses || (uses == top.uses && uses > 0 && it.key() < top.symbol.name)) {
                top.symbol = it.value();
                top.uses = uses;
            }
        }
        return top;
    };
    const Candidate type = best(types);
    const Candidate function = best(functions);
    QStringList out;
    if (type.uses > 0)
        out << QStringLiteral("how does %1 work?").arg(type.symbol.name);
    else if (function.uses > 0)
        out << QStringLiteral("what does %1 do?").arg(function.symbol.name);
    if (function.uses > 0)
        out << QStringLiteral("who calls %1").arg(function.symbol.name);
    const QString file = type.uses > 0 ? type.symbol.path : function.symbol.path;
    if (!file.isEmpty() && !file.contains(u' '))
        out << QStringLiteral("explain @%1").arg(file);
    return out;
}

ContextChunk contextChunkFromRecord(const IndexStore &store, const ChunkRecord &c, int maxReferences)
{
    ContextChunk out;
    out.chunkId = c.id;
    out.parentChunkId = c.parentId;
    out.path = c.path;
    out.startLine = c.startLine;
    out.endLine = c.endLine;
    out.language = c.language;
    out.kind = chunkKindName(c.kind);
    out.symbol = c.qualifiedName.isEmpty() ? c.name : c.qualifiedName;
    out.text = c.text;
    if (maxReferences <= 0)
        return out;
    // What it uses (resolved definitions), then who uses what it defines.
    QSet<QString> seen;
    int outgoing = 0;
    for (const RefRecord &r : store.symbols().refsFromChunk(c.id)) {
        if (outgoing >= maxReferences)
            break;
        if (r.toSymbolId == 0 || seen.contains(r.name))
            continue;
        const auto s = store.symbols().symbol(r.toSymbolId);
        if (!s || s->chunkId == c.id)
            continue;
        seen.insert(r.name);
        out.references << QStringLiteral("%1 %2 (%3:%4)")
                              .arg(r.kind == RefKind::Call ? QStringLiteral("calls") : refKindName(r.kind),
                                   s->qualifiedName.isEmpty() ? s->name : s->qualifiedName, s->path)
                              .arg(s->line);
        ++outgoing;
    }
    int incoming = 0;
    for (const SymbolRecord &s : store.symbols().ofFile(c.fileId)) {
        if (s.chunkId != c.id)
            continue;
        for (const RefRecord &r : store.symbols().refsToSymbol(s.id, maxReferences)) {
            if (incoming >= maxReferences)
                break;
            if (r.fromChunkId == c.id)
                continue;
            out.references << QStringLiteral("%1 by %2 (%3:%4)")
                                  .arg(r.kind == RefKind::Call ? QStringLiteral("called") : QStringLiteral("used"),
                                       r.fromName.isEmpty() ? r.path : r.fromName, r.path)
                                  .arg(r.line);
            ++incoming;
        }
    }
    return out;
}

RetrievalTrace retrieveContext(const IndexStore &store, const Searcher &searcher, const ParsedQuestion &question,
                               const RetrievalOptions &options, const std::atomic_bool *cancel)
{
    QElapsedTimer total;
    total.start();
    RetrievalTrace trace;
    trace.question = question.text;
    auto cancelled = [cancel] { return cancel && cancel->load(); };

    // 1. Pinned context from @mentions.
    QList<ContextCandidate> pinned;
    QHash<QString, FileRecord> allFiles;
    bool filesLoaded = false;
    for (const Mention &m : question.mentions) {
        if (m.kind == Mention::Kind::Codebase)
            continue;
        QList<ChunkRecord> chunks;
        if (m.looksLikePath()) {
            QString path = m.target;
            while (path.startsWith(QLatin1String("./")))
                path = path.mid(2);
            auto file = store.files().file(path);
            if (!file) {
                if (!filesLoaded) {
                    allFiles = store.files().all();
                    filesLoaded = true;
                }
                QStringList matches;
                for (auto it = allFiles.cbegin(); it != allFiles.cend(); ++it) {
                    if (!it->isDir && (it.key().endsWith(u'/' + path) || it.key() == path))
                        matches << it.key();
                }
                if (matches.size() == 1)
                    file = allFiles.value(matches.first());
                else if (matches.size() > 1)
                    trace.notes << QStringLiteral("@%1 matches %2 files; using %3").arg(m.target).arg(matches.size()).arg(matches.first());
                if (!file && !matches.isEmpty())
                    file = allFiles.value(matches.first());
            }
            if (file)
                chunks = store.chunks().ofFile(file->id);
            if (file && chunks.isEmpty())
                trace.notes << QStringLiteral("@%1 has no indexed content (%2)").arg(m.target, file->reason);
        }
        if (chunks.isEmpty() && !m.looksLikePath()) {
            for (const SymbolRecord &s : resolveSymbol(store, m.target, 3)) {
                if (auto c = s.chunkId ? store.chunks().chunk(s.chunkId) : std::nullopt)
                    chunks.append(*c);
            }
        }
        if (chunks.isEmpty()) {
            if (!m.looksLikePath() || !store.files().file(m.target))
                trace.notes << QStringLiteral("@%1: no file or symbol of that name in the index").arg(m.target);
            continue;
        }
        std::sort(chunks.begin(), chunks.end(), [](const ChunkRecord &a, const ChunkRecord &b) {
            return a.path != b.path ? a.path < b.path : a.startLine < b.startLine;
        });
        for (const ChunkRecord &c : std::as_const(chunks)) {
            ContextCandidate cand;
            cand.chunk = contextChunkFromRecord(store, c, options.referencesPerChunk);
            cand.chunk.source = QStringLiteral("mention");
            cand.stage = QStringLiteral("mention");
            cand.reasons << QStringLiteral("pinned by @%1").arg(m.target);
            pinned.append(cand);
        }
    }

    // 2. Multi-hop: paths in the reference graph between two named symbols.
    QList<ContextCandidate> graphCandidates;
    QList<GraphPath> paths;
    QStringList pair = connectionQuestion(question.text);
    if (pair.isEmpty() && mentionsConnection(question.text)) {
        // "how do the Encoder and Decoder classes interact": two identifiers that exist
        QStringList names;
        for (const QString &id : parseQuery(question.text).identifiers + parseQuery(question.text).terms) {
            if (names.size() >= 2)
                break;
            if (id.size() > 2 && !names.contains(id, Qt::CaseInsensitive) && !resolveSymbol(store, id, 1).isEmpty())
                names << id;
        }
        if (names.size() == 2)
            pair = names;
    }
    if (pair.size() == 2 && !cancelled()) {
        QElapsedTimer t;
        t.start();
        trace.graphNames = pair;
        paths = findGraphPaths(store, pair.at(0), pair.at(1), {}, cancel);
        trace.graphPaths = int(paths.size());
        RetrievalStage stage;
        stage.name = QStringLiteral("graph paths");
        stage.millis = elapsedMs(t);
        stage.text = QStringLiteral("%1 ↔ %2: %3 path(s)").arg(pair.at(0), pair.at(1)).arg(paths.size());
        trace.stages.append(stage);
        QSet<qint64> added;
        for (const GraphPath &p : std::as_const(paths)) {
            for (const GraphStep &s : p.steps) {
                if (added.contains(s.chunkId))
                    continue;
                added.insert(s.chunkId);
                if (auto c = store.chunks().chunk(s.chunkId)) {
                    ContextCandidate cand;
                    cand.chunk = contextChunkFromRecord(store, *c, options.referencesPerChunk);
                    cand.chunk.source = QStringLiteral("graph");
                    cand.stage = QStringLiteral("graph");
                    cand.reasons << QStringLiteral("on a reference path between %1 and %2").arg(pair.at(0), pair.at(1));
                    graphCandidates.append(cand);
                }
            }
        }
    }

    // 3. Search (with HyDE when it helps).
    QList<ContextCandidate> found;
    SearchOptions searchOptions = options.search;
    searchOptions.topK = options.topK;
    QString searchQuery = question.text;
    QString why;
    const bool wantHyde = options.hyde && options.llm.isConfigured() && hydeDecision(question.text, &why);
    trace.hydeReason = options.hyde ? (options.llm.isConfigured() ? why : QStringLiteral("no model configured"))
                                    : QStringLiteral("HyDE is off in the settings");
    if (wantHyde && !cancelled()) {
        trace.hydeUsed = true;
        // Stage 1: hypothetical code for the question.
        QElapsedTimer t;
        t.start();
        ChatRequest first;
        first.purpose = QStringLiteral("hyde");
        first.stream = false;
        first.maxTokens = 400;
        first.messages = {{QStringLiteral("system"), hydeSystemPrompt()},
                          {QStringLiteral("user"), QStringLiteral("Help predict the answer to the query: %1").arg(question.text)}};
        const ChatOutcome h1 = completeBlocking(options.llm, first, cancel);
        trace.remoteCalls.append(remoteCallFor(options.llm, h1, first.purpose, {}));
        RetrievalStage s1;
        s1.name = QStringLiteral("hyde: hypothetical code");
        s1.millis = elapsedMs(t);
        s1.text = h1.text;
        if (!h1.ok())
            s1.error = describeLlmError(h1.error);
        trace.stages.append(s1);
        if (h1.ok() && !unfence(h1.text).isEmpty() && !cancelled()) {
            const QString hypothetical = unfence(h1.text);
            // Stage 2: search with it; its top results are the context of the rewrite.
            t.restart();
            SearchOptions small = searchOptions;
            small.topK = 5;
            const auto r1 = searcher.search(searchableText(hypothetical), small, cancel);
            RetrievalStage s2;
            s2.name = QStringLiteral("search (hypothetical code)");
            s2.millis = elapsedMs(t);
            QString temp;
            QStringList tempFiles;
            QStringList tempWithheld;
            if (r1) {
                s2.text = QStringLiteral("%1 results").arg(r1->hits.size());
                for (const SearchHit &h : r1->hits) {
                    if (temp.size() > 6000)
                        break;
                    // Code found here leaves the machine with the rewrite: credentials are
                    // withheld (before the text is cut, so that no half secret remains).
                    QString text = h.chunk.text;
                    if (options.withholdSecrets) {
                        const WithheldText w = withholdSecrets(text);
                        if (w.isWithheld()) {
                            text = w.text;
                            tempWithheld << h.chunk.path + u' ' + w.describe(std::max(1, h.chunk.startLine));
                        }
                    }
                    temp += QStringLiteral("File: %1:%2-%3\n%4\n\n")
                                .arg(h.chunk.path)
                                .arg(h.chunk.startLine)
                                .arg(h.chunk.endLine)
                                .arg(text.left(1500));
                    tempFiles << QStringLiteral("%1:%2-%3").arg(h.chunk.path).arg(h.chunk.startLine).arg(h.chunk.endLine);
                }
            } else {
                s2.error = r1.error().toString();
            }
            trace.stages.append(s2);
            if (!tempWithheld.isEmpty())
                trace.notes << QStringLiteral("HyDE rewrite: credentials withheld from %1 result(s)").arg(tempWithheld.size());
            // Stage 3: the context-aware rewrite.
            t.restart();
            ChatRequest second;
            second.purpose = QStringLiteral("hyde-rewrite");
            second.stream = false;
            second.maxTokens = 300;
            second.messages = {{QStringLiteral("system"), hydeRewriteSystemPrompt(question.text, temp)},
                               {QStringLiteral("user"), QStringLiteral("Predict the answer to the query: %1").arg(hypothetical)}};
            const ChatOutcome h2 = cancelled() ? ChatOutcome{} : completeBlocking(options.llm, second, cancel);
            if (!cancelled()) {
                trace.remoteCalls.append(remoteCallFor(options.llm, h2, second.purpose, tempFiles));
                trace.remoteCalls.last().withheld = tempWithheld;
            }
            RetrievalStage s3;
            s3.name = QStringLiteral("hyde: rewrite with context");
            s3.millis = elapsedMs(t);
            s3.text = h2.text;
            if (!h2.ok())
                s3.error = describeLlmError(h2.error);
            trace.stages.append(s3);
            const QString rewrite = h2.ok() ? unfence(h2.text) : QString();
            searchQuery = question.text + u'\n' + (rewrite.isEmpty() ? hypothetical : rewrite);
        } else if (!h1.ok()) {
            trace.notes << QStringLiteral("HyDE failed, searched with the question: %1").arg(describeLlmError(h1.error));
        }
    }
    if (!cancelled() && !question.text.trimmed().isEmpty()) {
        QElapsedTimer t;
        t.start();
        const auto r = searcher.search(trace.hydeUsed ? searchableText(searchQuery, 4000) : searchQuery, searchOptions, cancel);
        RetrievalStage s;
        s.name = trace.hydeUsed ? QStringLiteral("search (rewritten query)") : QStringLiteral("search");
        s.millis = elapsedMs(t);
        s.text = trace.hydeUsed ? searchQuery : question.text;
        if (r) {
            trace.route = r->route;
            trace.indexComplete = r->indexComplete && indexIsComplete(store);
            trace.notes << r->notes;
            int rank = 0;
            for (const SearchHit &h : r->hits) {
                ContextCandidate cand;
                cand.chunk = contextChunkFromRecord(store, h.chunk, options.referencesPerChunk);
                cand.chunk.source = trace.hydeUsed ? QStringLiteral("hyde") : QStringLiteral("search");
                cand.chunk.score = h.scores.final;
                cand.scores = h.scores;
                cand.reasons = h.reasons;
                cand.stage = cand.chunk.source;
                found.append(cand);
                if (++rank >= options.topK)
                    break;
            }
            s.text += QStringLiteral("\n→ %1 results (%2)").arg(found.size()).arg(r->route);
        } else if (r.error().code != ErrorCode::InvalidArgument || pinned.isEmpty()) {
            s.error = r.error().toString();
            if (pinned.isEmpty() && graphCandidates.isEmpty())
                trace.error = r.error().toString();
        }
        trace.stages.append(s);
    }
    if (trace.route.isEmpty())
        trace.route = pinned.isEmpty() ? QStringLiteral("none") : QStringLiteral("mentions");
    if (!pinned.isEmpty() && !trace.route.startsWith(QLatin1String("mentions")))
        trace.route = QStringLiteral("mentions+") + trace.route;
    if (!graphCandidates.isEmpty())
        trace.route = QStringLiteral("graph+") + trace.route;

    // 4. Pack: pinned, graph paths, then search results.
    trace.candidates = pinned + graphCandidates + found;
    QList<ContextChunk> chunks;
    for (const ContextCandidate &c : std::as_const(trace.candidates))
        chunks.append(c.chunk);
    const PackedContext packed = packContext(chunks, options.budgetTokens, options.withholdSecrets);
    trace.context = packed.chunks;
    trace.decisions = packed.decisions;
    trace.contextTokens = packed.tokens;
    trace.withheld = packed.withheld;
    if (packed.withheld > 0)
        trace.notes << QStringLiteral("credentials withheld from %1 chunk(s)").arg(packed.withheld);
    if (!trace.graphNames.isEmpty()) {
        QHash<qint64, int> numbers;
        for (const ContextChunk &c : std::as_const(trace.context))
            numbers.insert(c.chunkId, c.number);
        trace.graphSection = formatGraphPaths(paths, trace.graphNames.at(0), trace.graphNames.at(1), numbers);
    }
    if (trace.context.isEmpty())
        trace.indexedChunks = store.chunks().count() + (store.drafts().exists() ? store.drafts().count() : 0);
    trace.millis = elapsedMs(total);
    qCDebug(lcLlm) << "context:" << trace.context.size() << "chunks," << trace.contextTokens << "tokens, route"
                   << trace.route << "in" << trace.millis << "ms";
    return trace;
}

} // namespace RepoLens
