#include "contextretriever.h"

#include "retrievalsteps_p.h"

#include <QElapsedTimer>
#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcRetrieve, "repolens.retrieve", QtInfoMsg)

namespace RepoLens {

bool indexIsComplete(const IndexStore &store)
{
    // The indexer sets refs_resolved to 0 in its first write and back to 1 once the run has
    // parsed every file and linked the references; a stopped run never gets there.
    return store.meta(QStringLiteral("refs_resolved")) == QLatin1String("1")
           && store.files().count(FileStatus::Pending) == 0;
}

RetrievalTrace retrieveContext(const IndexStore &store, const Searcher &searcher, const ParsedQuestion &question,
                               const RetrievalOptions &options, const std::atomic_bool *cancel)
{
    using namespace RetrievalSteps;
    QElapsedTimer total;
    total.start();
    RetrievalTrace trace;
    trace.question = question.text;
    auto cancelled = [cancel] { return cancel && cancel->load(); };

    // 1. Pinned context from @mentions.
    const QList<ContextCandidate> pinned =
        pinnedMentions(store, question.mentions, options.referencesPerChunk, &trace.notes);

    // 2. Multi-hop: paths in the reference graph between two named symbols.
    GraphContext graph;
    const QStringList pair = connectionNames(store, question.text);
    if (pair.size() == 2 && !cancelled())
        graph = graphPathContext(store, pair, options.referencesPerChunk, cancel, trace);

    // 3. Search (with HyDE when it helps).
    SearchOptions searchOptions = options.search;
    searchOptions.topK = options.topK;
    QString searchQuery = question.text;
    QString why;
    const bool wantHyde = options.hyde && options.expander && hydeDecision(question.text, &why);
    trace.hydeReason = options.hyde ? (options.expander ? why : QStringLiteral("no model configured"))
                                    : QStringLiteral("HyDE is off in the settings");
    if (wantHyde && !cancelled()) {
        trace.hydeUsed = true;
        searchQuery = hydeSearchQuery(searcher, question.text, searchOptions, *options.expander,
                                      options.withholdSecrets, cancel, trace);
    }
    QList<ContextCandidate> found;
    if (!cancelled() && !question.text.trimmed().isEmpty())
        found = searchCandidates(store, searcher, question.text, searchQuery, searchOptions, options,
                                 !pinned.isEmpty(), !graph.candidates.isEmpty(), cancel, trace);
    trace.route = composeRoute(trace.route, !pinned.isEmpty(), !graph.candidates.isEmpty());

    // 4. Pack: pinned, graph paths, then search results.
    trace.candidates = pinned + graph.candidates + found;
    packIntoTrace(store, graph.paths, options, trace);
    trace.millis = total.nsecsElapsed() / 1e6;
    qCDebug(lcRetrieve) << "context:" << trace.context.size() << "chunks," << trace.contextTokens << "tokens, route"
                        << trace.route << "in" << trace.millis << "ms";
    return trace;
}

} // namespace RepoLens
