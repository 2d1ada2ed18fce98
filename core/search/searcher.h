#pragma once

#include "query.h"
#include "reranker.h"

#include "core/base/result.h"
#include "core/embed/embedder.h"
#include "core/store/indexstore.h"
#include "core/store/vectorindex.h"

#include <QList>
#include <QString>

#include <atomic>
#include <memory>

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
    int vectorCandidates = 200; // nearest neighbours considered
    SearchFilters filters;   // merged with the filters written in the query
    bool vectors = true;     // use vectors when they are ready (hybrid route)
    bool priors = true;      // file-quality prior and demotion of tests/changelogs/vendored
    bool graph = true;       // reference-graph prior and one-hop expansion
    RerankMode rerank = RerankMode::Off;
    int rerankDepth = 40;    // candidates re-ranked
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
    QStringList notes;
};

// Runs queries against one read-only IndexStore (so one Searcher per thread). Routes:
// "who calls X" / "where is X used" / "what does X call" -> the reference graph, exhaustively;
// identifier-like queries -> symbol lookup + BM25; natural language -> hybrid (BM25 + vectors
// + exact symbol matches fused, file-quality and reference-graph priors, one-hop expansion,
// optional re-ranking). Without vectors the hybrid route degrades to keyword and says so.
class Searcher
{
public:
    explicit Searcher(const IndexStore *store);
    ~Searcher();

    // Loads the active embedding model's query embedder (the built-in one from the database;
    // a remote model needs queryEmbedder) and its vector index (rebuilt from SQLite if the file
    // is missing or stale). Fails softly: search stays keyword-only and notes why.
    Result<void> enableVectors(const QString &databasePath, std::shared_ptr<Embedder> queryEmbedder = {});
    void setVectorSearch(std::shared_ptr<Embedder> queryEmbedder, std::shared_ptr<VectorIndex> index);
    void setReranker(RerankMode mode, std::shared_ptr<Reranker> reranker);
    // Loads the lazily built caches (file-quality percentiles, the call graph and its PageRank)
    // now rather than on the first query; call it on the query thread after opening.
    void warmUp() const;
    bool hasVectors() const;
    QString vectorStatus() const; // "vectors: 98% of chunks (builtin-lsa1-...)"

    Result<SearchResponse> search(const QString &query, const SearchOptions &options = {},
                                  const std::atomic_bool *cancel = nullptr) const;

private:
    const IndexStore *m_store;
    class Private;
    std::unique_ptr<Private> d;
};

// Which route a query takes, and for graph routes the symbol asked about.
struct QueryRoute
{
    enum class Kind { Hybrid, Symbol, Callers, Callees };
    Kind kind = Kind::Hybrid;
    QString symbol;
};
QueryRoute routeQuery(const ParsedQuery &query);

} // namespace RepoLens
