#pragma once

#include "chatclient.h"
#include "graphpaths.h"
#include "mentions.h"
#include "prompt.h"

#include "core/search/searcher.h"

#include <QDateTime>
#include <QList>
#include <QString>

#include <atomic>

namespace RepoLens {

// One request that left (or would leave) the machine: for the "What was sent" log.
struct RemoteCall
{
    QDateTime time;
    QString endpoint;     // display URL
    QString purpose;      // "answer", "hyde", "hyde-rewrite", "summary", ...
    QString model;
    qint64 bytes = 0;     // request body size
    QStringList files;    // "path:start-end" of the code it carried
    QStringList withheld; // where credentials were withheld from it: "path lines 3-29 (private key)"
    bool local = false;   // loopback endpoint: nothing left the machine
    QString status;       // "ok", or the error kind
    QByteArray body;      // the exact JSON body (no key)
};

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
    LlmEndpoint llm;               // for HyDE
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

// Whether HyDE helps this question: natural-language questions that are long (8+ words) or
// vague (4+ words naming no identifier). Identifier questions, graph questions ("who calls X")
// and short questions skip it (rewriting hurts them, as Cody found). `reason` says why.
bool hydeDecision(const QString &question, QString *reason = nullptr);

// CodeQA's two HyDE prompts.
QString hydeSystemPrompt();
QString hydeRewriteSystemPrompt(const QString &question, const QString &tempContext);

// Builds the context of one answer on a query thread: resolves @mentions (files and symbols,
// pinned first), finds reference-graph paths for connection questions, searches (with HyDE when
// enabled and useful: hypothetical code -> search -> context-aware rewrite -> final search),
// attaches each chunk's references and packs the token budget.
RetrievalTrace retrieveContext(const IndexStore &store, const Searcher &searcher, const ParsedQuestion &question,
                               const RetrievalOptions &options, const std::atomic_bool *cancel = nullptr);

// "path lines 3-29 (private key)" for every chunk of a context that had credentials withheld.
QStringList withheldEntries(const QList<ContextChunk> &context);
// What the "What Was Sent" log keeps for a call (RemoteRequestRecord::files): the code it
// carried, then "withheld: <entry>" for every place credentials were withheld from it.
QStringList sentLogEntries(const RemoteCall &call);

// Whether every file of the index was parsed and its references linked: false after a run that
// was stopped or killed (files still pending, or refs_resolved not set back to 1) and while a
// run writes.
bool indexIsComplete(const IndexStore &store);

// A follow-up question re-uses the previous answer's context only when it is about it: it
// refers back to it ("why is it cached?", "and the tests for this?", "how so?"), or its own
// search finds mostly the same code. Otherwise the question is searched afresh. `reason` is
// the note shown with the answer.
struct FollowUpDecision
{
    bool reuse = false;
    QString reason;
};
// English words that point back at the previous answer (it, this, these, they, ...), or a
// question too short to search on its own.
bool refersBack(const QString &question);
// fresh: the follow-up's own retrieval. Re-use when its best chunk and at least half of its best chunks (up to
// 4) are in, or overlap, the previous context, or when it found nothing at all.
FollowUpDecision decideFollowUp(const QString &question, const QList<ContextChunk> &previous,
                                const RetrievalTrace &fresh);

// Three questions that make sense for this folder, for the empty chat: how its most used
// class (or struct) works, who calls its most used function, and an explanation of the file
// that defines the class. Empty when nothing is indexed. Reads every symbol: a query thread.
QStringList exampleQuestions(const IndexStore &store);

// Converts a stored chunk (with its references: calls / called by).
ContextChunk contextChunkFromRecord(const IndexStore &store, const ChunkRecord &chunk, int maxReferences = 6);

// Sanitises model-written text for the searcher (no accidental "path:" filters, bounded).
QString searchableText(const QString &text, int maxChars = 2000);

} // namespace RepoLens
