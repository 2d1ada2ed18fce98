#pragma once

#include "contextpacker.h"
#include "graphpaths.h"
#include "mentions.h"
#include "queryexpansion.h"
#include "remotecall.h"

#include "core/search/searcher.h"

#include <QList>
#include <QString>

#include <atomic>
#include <memory>

namespace RepoLens {

// A retrieval candidate as the inspector shows it.
struct ContextCandidate
{
    ContextChunk chunk;
    StageScores scores;
    QStringList reasons;
    QString stage;        // "search", "hyde", "mention", "graph"
};

struct RetrievalStage
{
    QString name;         // "hyde: hypothetical code", "search (hyde)", "hyde: rewrite", "search"
    double millis = 0;
    QString text;         // what the model wrote / the query searched
    QString error;
};

struct RetrievalOptions
{
    int topK = 12;
    int budgetTokens = 6000;
    SearchOptions search;          // topK is overridden by the field above
    bool hyde = false;             // allowed (settings); used only when hydeDecision says so
    // The model HyDE asks (core/llm/hyde.h); null: no model is configured.
    std::shared_ptr<const QueryExpander> expander;
    bool withholdSecrets = true;
    int referencesPerChunk = 6;
};

// Everything about how the context of one answer was made.
struct RetrievalTrace
{
    QString question;              // as searched (mentions resolved to names, @codebase removed)
    QString route;                 // the searcher's route, "mentions", "graph+hybrid", ...
    bool hydeUsed = false;
    QString hydeReason;            // why HyDE was or was not used
    QList<RetrievalStage> stages;
    QList<ContextCandidate> candidates;
    QList<PackDecision> decisions; // parallel to candidates
    QList<ContextChunk> context;   // what is sent, numbered
    QString graphSection;          // paths between symbols for multi-hop questions
    QStringList graphNames;        // the two names of a connection question
    int graphPaths = 0;
    int contextTokens = 0;
    int withheld = 0;
    double millis = 0;
    bool indexComplete = true;     // false while indexing runs or after a stopped / killed run
    int indexedChunks = -1;        // set when nothing was found: 0 = nothing is indexed at all
    QStringList notes;             // unresolved mentions, search notes, HyDE failures
    QList<RemoteCall> remoteCalls; // HyDE requests
    QString error;                 // retrieval failed (the question may still be asked)
};

// Builds the context of one answer on a query thread, in phases (each a function of
// retrievalsteps_p.h): @mentions pinned first (files and symbols), reference-graph paths for
// connection questions, the search (with HyDE when enabled and useful: hypothetical code ->
// search -> context-aware rewrite -> final search), each chunk's references attached, then
// the token budget packed.
RetrievalTrace retrieveContext(const IndexStore &store, const Searcher &searcher, const ParsedQuestion &question,
                               const RetrievalOptions &options, const std::atomic_bool *cancel = nullptr);

// Whether every file of the index was parsed and its references linked: false after a run that
// was stopped or killed (files still pending, or refs_resolved not set back to 1) and while a
// run writes.
bool indexIsComplete(const IndexStore &store);

} // namespace RepoLens
