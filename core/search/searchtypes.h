#pragma once

#include "candidates.h"
#include "query.h"
#include "reranker.h"

#include "core/store/chunkstore.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace RepoLens {

struct SearchHit
{
    ChunkRecord chunk;
    StageScores scores;
    QStringList reasons; // short human-readable notes: "name matches `encode_files`"
};

// The order in which ranked results read as places to look, a file with its best chunks: the
// files in the order of their best result, each file's results in rank order under it. Returns
// indexes into `paths` (the results' paths in rank order). Ranking itself is not changed: the
// numbers shown stay the ranks.
QList<qsizetype> groupedByFile(const QStringList &paths);

struct SearchOptions
{
    int topK = 10;
    int maxPerFile = 0;      // diversity: at most this many chunks from one file (0: no cap, the decay alone)
    int candidates = 300;    // BM25 candidates considered
    int vectorCandidates = 200; // nearest neighbours considered
    SearchFilters filters;   // merged with the filters written in the query
    bool vectors = true;     // use vectors when they are ready (hybrid route)
    bool priors = true;      // file-quality prior and demotion of tests/changelogs/vendored
    bool graph = true;       // reference-graph prior and one-hop expansion
    RerankMode rerank = RerankMode::Off;
    int rerankDepth = 40;    // candidates re-ranked
    QStringList disabledStages; // stage names not run (ablations)
};

// A hit of a remote search engine in a file that is not in the local index: it carries where
// the file is (repository, path, lines) and what the engine showed of it, not a chunk id.
struct RemoteHit
{
    QString engine;       // "zoekt"
    QString repository;   // the engine's name for the repository ("github.com/org/repo")
    QString path;         // inside the repository
    QString language;     // as the engine names it
    QStringList branches;
    QString commit;       // the indexed version, when the engine says
    int startLine = 0;    // 1-based lines of the snippet (0: only the file name matched)
    int endLine = 0;
    int line = 0;         // the best match's line (0: only the file name matched)
    QString snippet;      // the best match with its context lines (decoded text)
    int matches = 0;      // matches in the file the engine returned
    double score = 0;     // the engine's own score (not comparable with local scores)
    int rank = 0;         // 1-based, in the engine's order
    QStringList reasons;  // "zoekt rank 1"
};

// What the remote generator did in one search.
struct RemoteSearchStatus
{
    QString engine;      // empty: no remote generator ran
    QString url;         // where the request went (no user info)
    bool ok = false;
    QString error;       // why it failed (the local results stand)
    int files = 0;       // files the engine returned
    int mapped = 0;      // of those, files of the open folder mapped onto local chunks
    int filtered = 0;    // left out by the query's filters
};

// How long one stage of a search took.
struct StageTiming
{
    QString stage;
    double millis = 0;
};

struct SearchResponse
{
    ParsedQuery query;
    QString route;           // "hybrid", "keyword", "symbol", "graph:callers", "graph:callees"
    QList<SearchHit> hits;
    double millis = 0;
    bool indexComplete = true;
    double vectorCoverage = 0; // share of chunks with a vector for the active model
    bool exhaustive = false;   // graph routes: every usage, not a top-k
    QString graphSymbol;       // graph routes: the name whose callers or callees were listed
    int graphUsages = -1;      // "graph:callers": the usages the graph records (-1: another route)
    QStringList notes;
    QList<StageTiming> timings; // the stages that ran, in order
    // Remote hits in files the local index does not have, in the engine's order; they are
    // listed after `hits`, never mixed into them (docs/scale.md).
    QList<RemoteHit> remoteHits;
    RemoteSearchStatus remote;
};

} // namespace RepoLens
