#pragma once

#include "candidates.h"
#include "codegraph.h"
#include "filequality.h"
#include "queryanalysis.h"
#include "searchtypes.h"
#include "tuning.h"

#include "core/base/result.h"
#include "core/embed/embedder.h"

#include <QSet>

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>

namespace RepoLens {

class IndexStore;
class PathWordIndex;

// What the ranking stages read once per searcher (one read-only store): built on first use.
class SearchCaches
{
public:
    explicit SearchCaches(const IndexStore &store);
    ~SearchCaches();
    const FileQuality &files() const;
    const CodeGraph &graph() const;
    const PathWordIndex &pathWords() const;
    // The words of the project's name: the indexed folder's and, when that folder lies inside
    // a repository's work tree, the work tree's folder ("curl" for curl/lib).
    const QStringList &projectNameWords() const;

private:
    const IndexStore &m_store;
    mutable std::once_flag m_filesOnce;
    mutable std::once_flag m_graphOnce;
    mutable std::once_flag m_pathsOnce;
    mutable std::once_flag m_nameOnce;
    mutable QStringList m_nameWords;
    mutable FileQuality m_files;
    mutable CodeGraph m_graph;
    mutable std::unique_ptr<PathWordIndex> m_paths;
};

// What one search carries from stage to stage.
struct QueryContext
{
    QueryContext(const IndexStore &store, const SearchCaches &caches, const SearchOptions &options,
                 const Tuning &tuning, const std::atomic_bool *cancel)
        : store(store)
        , caches(caches)
        , options(options)
        , tuning(tuning)
        , cancel(cancel)
    {
    }

    const IndexStore &store;
    const SearchCaches &caches;
    const SearchOptions &options;
    const Tuning &tuning;
    const std::atomic_bool *cancel;
    QueryAnalysis query;
    CandidateSet candidates;
    SearchResponse *response = nullptr; // route and notes
    EmbeddingVector queryVector;        // set by the vector generator when it ran
    QSet<qint64> symbolSeeds;           // chunks defining a name in the query (graph seeds)
    QHash<qint64, double> mentionedFiles;   // files a report names, with the mention's strength
    QHash<qint64, QString> mentionedFileWhy;
    QHash<qint64, double> titleScores;  // a report title's BM25 of chunks below the title search's candidates
    double range = 0;                   // spread of the fused scores: priors are sized by it

    bool cancelled() const { return cancel && cancel->load(); }
    // The best final score so far: boosts are sized as shares of it.
    double top() const
    {
        double best = 0;
        for (const Candidate &c : candidates)
            best = std::max(best, c.scores.final);
        return best;
    }
    bool filtered() const { return !query.parsed.filters.isEmpty(); }
    void note(const QString &text) const { response->notes << text; }
};

// One phase of ranking (Lucene / Vespa style): a candidate generator adds candidates, a
// feature scorer adds its score (and reasons) to each, fusion combines them, re-rank and
// diversity reorder and cut. A route is a list of stages run in order.
class SearchStage
{
public:
    virtual ~SearchStage() = default;
    virtual QString name() const = 0;
    // Work that needs only the analysed query, started on another thread before the first stage
    // runs, so that it goes on beside the stages in front of this one; run() takes its result.
    virtual void begin(const QueryContext &context) const { Q_UNUSED(context); }
    virtual Result<void> run(QueryContext &context) const = 0;
};

} // namespace RepoLens
