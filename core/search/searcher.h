#pragma once

#include "queryanalysis.h"
#include "reranker.h"
#include "searchtypes.h"

#include "core/base/result.h"
#include "core/embed/embedder.h"
#include "core/store/indexstore.h"
#include "core/store/vectorindex.h"

#include <QList>
#include <QString>

#include <atomic>
#include <memory>

namespace RepoLens {

class SearchStage;
struct ZoektConfig;

// Runs queries against one read-only IndexStore (so one Searcher per thread). A search is a
// list of stages (stage.h), chosen by the query's route:
//   graph:callers / graph:callees   "who calls X", "what does X call": GraphRoute, exhaustive
//   symbol     identifier-like: keyword + symbols -> filters -> fusion -> file evidence ->
//              file prior -> diversity
//   hybrid     natural language: keyword + vectors + symbols -> filters -> vector scores ->
//              fusion -> file evidence -> file prior -> graph prior -> graph expansion ->
//              re-rank (optional) -> diversity
// Without vectors the hybrid route degrades to keyword and says so.
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
    // A zoekt webserver asked for candidates by every keyword, symbol, hybrid and report search
    // (zoektgenerator.h); a config without a URL turns it off. Off by default: nothing is sent.
    void setRemoteSearch(const ZoektConfig &config);
    // Loads the lazily built caches (file-quality percentiles, the call graph and its PageRank)
    // now rather than on the first query; call it on the query thread after opening.
    void warmUp() const;
    bool hasVectors() const;
    QString vectorStatus() const; // "vectors: 98% of chunks (builtin-lsa1-...)"

    Result<SearchResponse> search(const QString &query, const SearchOptions &options = {},
                                  const std::atomic_bool *cancel = nullptr) const;

    // The stages a query would run, by name, in order (for the inspector and tests).
    QStringList stagesFor(const QString &query, const SearchOptions &options = {}) const;

private:
    QList<std::shared_ptr<const SearchStage>> stages(const QueryAnalysis &query, const SearchOptions &options,
                                                     SearchResponse &response) const;
    const IndexStore *m_store;
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace RepoLens
