#pragma once

#include "query.h"

#include "core/base/result.h"
#include "core/store/indexstore.h"

#include <QList>
#include <QString>

#include <atomic>

namespace RepoLens {

// Per-stage scores of one hit, shown in `search --json` and the "why this result" view.
struct StageScores
{
    double bm25 = 0;     // raw BM25 of the chunk (higher is better), 0 when not a BM25 hit
    int bm25Rank = 0;    // 1-based, 0 = not found by BM25
    double vector = 0;
    int vectorRank = 0;
    double symbol = 0;   // exact symbol-name match bonus
    double file = 0;     // evidence from other chunks of the same file
    double prior = 0;
    double graph = 0;
    double rerank = 0;
    double final = 0;
};

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
    SearchFilters filters;   // merged with the filters written in the query
};

struct SearchResponse
{
    ParsedQuery query;
    QString route;           // "keyword", "symbol", ...
    QList<SearchHit> hits;
    double millis = 0;
    bool indexComplete = true;
    QStringList notes;
};

// Runs queries against one read-only IndexStore (so one Searcher per thread).
class Searcher
{
public:
    explicit Searcher(const IndexStore *store);

    Result<SearchResponse> search(const QString &query, const SearchOptions &options = {},
                                  const std::atomic_bool *cancel = nullptr) const;

private:
    const IndexStore *m_store;
};

} // namespace RepoLens
