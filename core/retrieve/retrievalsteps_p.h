#pragma once

// The phases of retrieveContext() (contextretriever.h), each a function of its own so that it
// can be read and tested alone. Every phase adds what it did to the trace: its stage (name,
// time, text, error) and its notes, in the order the retrieval runs them.

#include "contextretriever.h"

#include <QHash>

namespace RepoLens::RetrievalSteps {

// The files of the index, read once and only when a mention needs them (a path that is not
// exact: "@util.py" for "codec/util.py").
class FileLookup
{
public:
    explicit FileLookup(const IndexStore &store)
        : m_store(store)
    {
    }
    const QHash<QString, FileRecord> &all();

private:
    const IndexStore &m_store;
    QHash<QString, FileRecord> m_all;
    bool m_loaded = false;
};

// The chunks one @mention names: a file (its exact path without "./", else the one file whose
// path ends with it; several: the first, with a note) or, for a name, the chunks of up to
// three of its definitions. Empty, with a note, when it names nothing indexed.
QList<ChunkRecord> mentionedChunks(const IndexStore &store, const Mention &mention, FileLookup &files,
                                   QStringList *notes);

// Phase 1, pinned context: the chunks every @mention (not @codebase) names, each mention's in
// path and line order, as "mention" candidates.
QList<ContextCandidate> pinnedMentions(const IndexStore &store, const QList<Mention> &mentions,
                                       int referencesPerChunk, QStringList *notes);

// The two names a connection question asks about: written as one ("how are A and B
// connected?", connectionQuestion()), or, when the question only speaks of a connection
// ("how do the Encoder and Decoder classes interact"), its first two identifiers or words
// that name a definition. Otherwise empty.
QStringList connectionNames(const IndexStore &store, const QString &question);

// Phase 2, multi-hop: the reference-graph paths between the two names and the chunks on
// them (each once, in path order) as "graph" candidates. Sets the trace's graph names and
// path count and adds the "graph paths" stage.
struct GraphContext
{
    QList<GraphPath> paths;
    QList<ContextCandidate> candidates;
};
GraphContext graphPathContext(const IndexStore &store, const QStringList &names, int referencesPerChunk,
                              const std::atomic_bool *cancel, RetrievalTrace &trace);

// What the rewrite step of HyDE is shown: the code the hypothetical code found, as
// "File: path:start-end\n<text>\n\n" blocks (at most 1,500 characters of a chunk, no block
// after 6,000 characters), the locations it carried (for the "sent" log) and, with
// `withholdSecrets`, every credential replaced before the text is cut (`withheld` says where).
struct FoundCode
{
    QString text;
    QStringList files;
    QStringList withheld;
};
FoundCode foundCodeForRewrite(const QList<SearchHit> &hits, bool withholdSecrets);

// Phase 3a, HyDE (used when the settings allow it, a model is configured and hydeDecision()
// says it helps): hypothetical code for the question -> a search with it -> the question
// rewritten with what that found. Returns the query of the final search: the question and
// the rewrite (or the hypothetical code when the rewrite is empty); the question alone when
// the model failed. Adds the stages, the model's requests and the notes to the trace.
QString hydeSearchQuery(const Searcher &searcher, const QString &question, const SearchOptions &searchOptions,
                        const QueryExpander &expander, bool withholdSecrets, const std::atomic_bool *cancel,
                        RetrievalTrace &trace);

// Phase 3b, the search: up to `options.topK` hits as candidates ("search", or "hyde" when
// HyDE made the query), with their scores and reasons. Sets the trace's route and whether the
// index is complete, adds the search's notes and its stage; a failed search is an error of
// the trace unless pinned or graph context was found (a question that is only mentions has
// nothing to search: no error then).
QList<ContextCandidate> searchCandidates(const IndexStore &store, const Searcher &searcher,
                                         const QString &question, const QString &query,
                                         const SearchOptions &searchOptions, const RetrievalOptions &options,
                                         bool havePinned, bool haveGraph, const std::atomic_bool *cancel,
                                         RetrievalTrace &trace);

// The route of the whole retrieval: the search's ("none" without one, "mentions" when only
// mentions were used), prefixed with "mentions+" when context was pinned and "graph+" when
// graph paths were added.
QString composeRoute(const QString &searchRoute, bool pinned, bool graph);

// Phase 4, packing: the candidates (pinned, graph, search, in this order) into the token
// budget; the trace gets the context, the decisions, its tokens, the chunks with credentials
// withheld, the graph paths section (citing the packed chunks by number) and, when nothing
// was packed, how many chunks the index has.
void packIntoTrace(const IndexStore &store, const QList<GraphPath> &paths, const RetrievalOptions &options,
                   RetrievalTrace &trace);

} // namespace RepoLens::RetrievalSteps
