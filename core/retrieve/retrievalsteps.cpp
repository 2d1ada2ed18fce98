#include "retrievalsteps_p.h"

#include "core/base/secrets.h"
#include "core/search/query.h"

#include <QElapsedTimer>
#include <QRegularExpression>
#include <QSet>

namespace RepoLens::RetrievalSteps {

namespace {

double stepMillis(const QElapsedTimer &t)
{
    return t.nsecsElapsed() / 1e6;
}

// Words that make a question about how two things connect, without the phrasing
// connectionQuestion() reads its two names from.
bool mentionsConnection(const QString &question)
{
    static const QRegularExpression words(
        QStringLiteral("\\b(connected|connection|related|relationship|relation|interact|interacts|interaction|"
                       "between|link|linked|path from|reach|reaches|coupled)\\b"),
        QRegularExpression::CaseInsensitiveOption);
    return words.match(question).hasMatch();
}

// A stored chunk as a candidate of one of the non-search phases.
ContextCandidate candidateFor(const IndexStore &store, const ChunkRecord &chunk, int referencesPerChunk,
                              const QString &source, const QString &reason)
{
    ContextCandidate cand;
    cand.chunk = contextChunkFromRecord(store, chunk, referencesPerChunk);
    cand.chunk.source = source;
    cand.stage = source;
    cand.reasons << reason;
    return cand;
}

} // namespace

const QHash<QString, FileRecord> &FileLookup::all()
{
    if (!m_loaded) {
        m_all = m_store.files().all();
        m_loaded = true;
    }
    return m_all;
}

QList<ChunkRecord> mentionedChunks(const IndexStore &store, const Mention &m, FileLookup &files, QStringList *notes)
{
    QList<ChunkRecord> chunks;
    if (m.looksLikePath()) {
        QString path = m.target;
        while (path.startsWith(QLatin1String("./")))
            path = path.mid(2);
        auto file = store.files().file(path);
        if (!file) {
            const QHash<QString, FileRecord> &allFiles = files.all();
            QStringList matches;
            for (auto it = allFiles.cbegin(); it != allFiles.cend(); ++it) {
                if (!it->isDir && (it.key().endsWith(u'/' + path) || it.key() == path))
                    matches << it.key();
            }
            if (matches.size() == 1)
                file = allFiles.value(matches.first());
            else if (matches.size() > 1)
                *notes << QStringLiteral("@%1 matches %2 files; using %3").arg(m.target).arg(matches.size()).arg(matches.first());
            if (!file && !matches.isEmpty())
                file = allFiles.value(matches.first());
        }
        if (file)
            chunks = store.chunks().ofFile(file->id);
        if (file && chunks.isEmpty())
            *notes << QStringLiteral("@%1 has no indexed content (%2)").arg(m.target, file->reason);
    }
    if (chunks.isEmpty() && !m.looksLikePath()) {
        for (const SymbolRecord &s : resolveSymbol(store, m.target, 3)) {
            if (auto c = s.chunkId ? store.chunks().chunk(s.chunkId) : std::nullopt)
                chunks.append(*c);
        }
    }
    if (chunks.isEmpty() && (!m.looksLikePath() || !store.files().file(m.target)))
        *notes << QStringLiteral("@%1: no file or symbol of that name in the index").arg(m.target);
    return chunks;
}

QList<ContextCandidate> pinnedMentions(const IndexStore &store, const QList<Mention> &mentions, int referencesPerChunk,
                                       QStringList *notes)
{
    QList<ContextCandidate> pinned;
    FileLookup files(store);
    for (const Mention &m : mentions) {
        if (m.kind == Mention::Kind::Codebase)
            continue;
        QList<ChunkRecord> chunks = mentionedChunks(store, m, files, notes);
        std::sort(chunks.begin(), chunks.end(), [](const ChunkRecord &a, const ChunkRecord &b) {
            return a.path != b.path ? a.path < b.path : a.startLine < b.startLine;
        });
        for (const ChunkRecord &c : std::as_const(chunks))
            pinned.append(candidateFor(store, c, referencesPerChunk, QStringLiteral("mention"),
                                       QStringLiteral("pinned by @%1").arg(m.target)));
    }
    return pinned;
}

QStringList connectionNames(const IndexStore &store, const QString &question)
{
    QStringList pair = connectionQuestion(question);
    if (pair.isEmpty() && mentionsConnection(question)) {
        // "how do the Encoder and Decoder classes interact": two identifiers that exist
        QStringList names;
        for (const QString &id : parseQuery(question).identifiers + parseQuery(question).terms) {
            if (names.size() >= 2)
                break;
            if (id.size() > 2 && !names.contains(id, Qt::CaseInsensitive) && !resolveSymbol(store, id, 1).isEmpty())
                names << id;
        }
        if (names.size() == 2)
            pair = names;
    }
    return pair;
}

GraphContext graphPathContext(const IndexStore &store, const QStringList &names, int referencesPerChunk,
                              const std::atomic_bool *cancel, RetrievalTrace &trace)
{
    GraphContext out;
    QElapsedTimer t;
    t.start();
    trace.graphNames = names;
    out.paths = findGraphPaths(store, names.at(0), names.at(1), {}, cancel);
    trace.graphPaths = int(out.paths.size());
    RetrievalStage stage;
    stage.name = QStringLiteral("graph paths");
    stage.millis = stepMillis(t);
    stage.text = QStringLiteral("%1 ↔ %2: %3 path(s)").arg(names.at(0), names.at(1)).arg(out.paths.size());
    trace.stages.append(stage);
    QSet<qint64> added;
    for (const GraphPath &p : std::as_const(out.paths)) {
        for (const GraphStep &s : p.steps) {
            if (added.contains(s.chunkId))
                continue;
            added.insert(s.chunkId);
            if (auto c = store.chunks().chunk(s.chunkId))
                out.candidates.append(candidateFor(
                    store, *c, referencesPerChunk, QStringLiteral("graph"),
                    QStringLiteral("on a reference path between %1 and %2").arg(names.at(0), names.at(1))));
        }
    }
    return out;
}

FoundCode foundCodeForRewrite(const QList<SearchHit> &hits, bool withholdSecrets)
{
    FoundCode out;
    for (const SearchHit &h : hits) {
        if (out.text.size() > 6000)
            break;
        // Code found here leaves the machine with the rewrite: credentials are withheld
        // (before the text is cut, so that no half secret remains).
        QString text = h.chunk.text;
        if (withholdSecrets) {
            const WithheldText w = RepoLens::withholdSecrets(text);
            if (w.isWithheld()) {
                text = w.text;
                out.withheld << h.chunk.path + u' ' + w.describe(std::max(1, h.chunk.startLine));
            }
        }
        out.text += QStringLiteral("File: %1:%2-%3\n%4\n\n")
                        .arg(h.chunk.path)
                        .arg(h.chunk.startLine)
                        .arg(h.chunk.endLine)
                        .arg(text.left(1500));
        out.files << QStringLiteral("%1:%2-%3").arg(h.chunk.path).arg(h.chunk.startLine).arg(h.chunk.endLine);
    }
    return out;
}

QString hydeSearchQuery(const Searcher &searcher, const QString &question, const SearchOptions &searchOptions,
                        const QueryExpander &expander, bool withholdSecrets, const std::atomic_bool *cancel,
                        RetrievalTrace &trace)
{
    auto cancelled = [cancel] { return cancel && cancel->load(); };
    // Step 1: hypothetical code for the question.
    QElapsedTimer t;
    t.start();
    const ExpansionReply h1 = expander.hypotheticalCode(question, cancel);
    if (h1.call)
        trace.remoteCalls.append(*h1.call);
    RetrievalStage s1;
    s1.name = QStringLiteral("hyde: hypothetical code");
    s1.millis = stepMillis(t);
    s1.text = h1.text;
    if (!h1.ok())
        s1.error = h1.error;
    trace.stages.append(s1);
    if (!h1.ok()) {
        trace.notes << QStringLiteral("HyDE failed, searched with the question: %1").arg(h1.error);
        return question;
    }
    const QString hypothetical = unfencedText(h1.text);
    if (hypothetical.isEmpty() || cancelled())
        return question;

    // Step 2: search with it; its top results are the context of the rewrite.
    t.restart();
    SearchOptions small = searchOptions;
    small.topK = 5;
    const auto r1 = searcher.search(searchableText(hypothetical), small, cancel);
    RetrievalStage s2;
    s2.name = QStringLiteral("search (hypothetical code)");
    s2.millis = stepMillis(t);
    FoundCode found;
    if (r1) {
        s2.text = QStringLiteral("%1 results").arg(r1->hits.size());
        found = foundCodeForRewrite(r1->hits, withholdSecrets);
    } else {
        s2.error = r1.error().toString();
    }
    trace.stages.append(s2);
    if (!found.withheld.isEmpty())
        trace.notes << QStringLiteral("HyDE rewrite: credentials withheld from %1 result(s)").arg(found.withheld.size());

    // Step 3: the context-aware rewrite.
    t.restart();
    const ExpansionReply h2 = cancelled() ? ExpansionReply{} : expander.rewrite(question, hypothetical, found.text, cancel);
    if (!cancelled() && h2.call) {
        RemoteCall call = *h2.call;
        call.files = found.files;
        call.withheld = found.withheld;
        trace.remoteCalls.append(call);
    }
    RetrievalStage s3;
    s3.name = QStringLiteral("hyde: rewrite with context");
    s3.millis = stepMillis(t);
    s3.text = h2.text;
    if (!h2.ok())
        s3.error = h2.error;
    trace.stages.append(s3);
    const QString rewrite = h2.ok() ? unfencedText(h2.text) : QString();
    return question + u'\n' + (rewrite.isEmpty() ? hypothetical : rewrite);
}

QList<ContextCandidate> searchCandidates(const IndexStore &store, const Searcher &searcher, const QString &question,
                                         const QString &query, const SearchOptions &searchOptions,
                                         const RetrievalOptions &options, bool havePinned, bool haveGraph,
                                         const std::atomic_bool *cancel, RetrievalTrace &trace)
{
    QList<ContextCandidate> found;
    QElapsedTimer t;
    t.start();
    const auto r = searcher.search(trace.hydeUsed ? searchableText(query, 4000) : query, searchOptions, cancel);
    RetrievalStage s;
    s.name = trace.hydeUsed ? QStringLiteral("search (rewritten query)") : QStringLiteral("search");
    s.millis = stepMillis(t);
    s.text = trace.hydeUsed ? query : question;
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
    } else if (r.error().code != ErrorCode::InvalidArgument || !havePinned) {
        s.error = r.error().toString();
        if (!havePinned && !haveGraph)
            trace.error = r.error().toString();
    }
    trace.stages.append(s);
    return found;
}

QString composeRoute(const QString &searchRoute, bool pinned, bool graph)
{
    QString route = searchRoute;
    if (route.isEmpty())
        route = pinned ? QStringLiteral("mentions") : QStringLiteral("none");
    if (pinned && !route.startsWith(QLatin1String("mentions")))
        route = QStringLiteral("mentions+") + route;
    if (graph)
        route = QStringLiteral("graph+") + route;
    return route;
}

void packIntoTrace(const IndexStore &store, const QList<GraphPath> &paths, const RetrievalOptions &options,
                   RetrievalTrace &trace)
{
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
}

} // namespace RepoLens::RetrievalSteps
