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

struct SearchOptions
{
    int topK = 10;
    int maxPerFile = 3;      // diversity: at most this many chunks from one file
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
    QStringList notes;
    QList<StageTiming> timings; // the stages that ran, in order
};

} // namespace RepoLens
