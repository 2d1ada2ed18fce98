#pragma once

#include "core/base/result.h"

#include <QList>
#include <QString>

#include <atomic>
#include <memory>
#include <vector>

namespace RepoLens {

struct VectorHit
{
    qint64 label = 0; // chunk id
    float similarity = 0; // cosine (vectors are normalised on the way in)
};

struct VectorIndexOptions
{
    // Exact search below this many live vectors; -1: while vectors x dimension stay within
    // kExactFloats (200,000 vectors of 64 dimensions, 16,666 of 768: a few milliseconds), which
    // also keeps the candidates independent of how a graph happened to be built.
    int bruteForceBelow = -1;
    static constexpr qint64 kExactFloats = 64 * 200000;
    int m = 16;                  // HNSW links per node
    int efConstruction = 48;     // measured on sympy: recall@10 0.975 at 0.43x the build time of 100
    int efSearch = 96;           // at least 2 * k is used
    // A graph built from many vectors at once: nodes in batches, each batch's neighbour
    // searches on every core, then linked in order with the batch's own nodes as candidates too
    // (docs/scale.md: on 390,000 stress-tree vectors, recall@10 0.954 in 9.2 s where one by one
    // with efConstruction 48 gave 0.916 in 15.3 s).
    int efBatch = 32;
    int buildBatch = 128;
    int buildThreads = 0; // 0: one per core
    double compactWhenDeleted = 0.25; // rebuild the graph when this share is marked deleted
};

// Nearest-neighbour search over the chunk vectors of one embedding model: exact brute force
// for small indexes, hnswlib (behind this adapter, compiled -O2) above the threshold. Cosine
// similarity (inner product of normalised vectors). Thread-safe: searches share a read lock,
// changes take the write lock. No exception leaves it. The file is a cache of what SQLite
// holds: written atomically, rebuilt from SQLite when missing or inconsistent.
class VectorIndex
{
public:
    explicit VectorIndex(int dimension, QString modelId = {}, VectorIndexOptions options = {});
    ~VectorIndex();
    VectorIndex(const VectorIndex &) = delete;
    VectorIndex &operator=(const VectorIndex &) = delete;

    int dimension() const;
    QString modelId() const;
    int size() const;           // live vectors
    int deletedCount() const;   // marked deleted, still in the graph
    bool usesGraph() const;     // false: exact search
    bool contains(qint64 label) const;
    QList<qint64> labels() const;
    // The stored (normalised) vector of a live label; empty when there is none.
    std::vector<float> vector(qint64 label) const;
    // Cosine similarity of the query to each live label (NaN for unknown labels).
    QList<float> similarities(const std::vector<float> &query, const QList<qint64> &labels) const;

    // Adds or replaces one vector (normalised here). Wrong dimension -> InvalidArgument.
    Result<void> add(qint64 label, const float *vector, int dimension);
    Result<void> add(qint64 label, const std::vector<float> &vector);
    // Adds or replaces many (vectors: labels.size() x dimension values). Without a graph yet, the
    // graph is built once at the end, on all cores.
    Result<void> addBatch(const QList<qint64> &labels, const std::vector<float> &vectors,
                          const std::atomic_bool *cancel = nullptr);
    // A bulk load without a copy of all the vectors: new labels appended one by one before
    // there is a graph, then finishAppending() builds the graph once (on every core) when the
    // index is large enough for one.
    void reserve(int count);
    Result<void> append(qint64 label, const float *vector, int dimension);
    // A graph build that sees *cancel set stops (Cancelled) and leaves the index without a graph.
    Result<void> finishAppending(const std::atomic_bool *cancel = nullptr);
    // Marks a vector deleted; compacts (rebuilds the graph) when many are.
    void remove(qint64 label);
    Result<void> compact();

    // The k most similar live vectors, best first. exact = brute force regardless of size.
    QList<VectorHit> search(const float *query, int dimension, int k, bool exact = false) const;
    QList<VectorHit> search(const std::vector<float> &query, int k, bool exact = false) const;

    // Atomic write (temp file + rename) / load. A file with another dimension or model, or
    // that is truncated or corrupt, fails to load (Corrupt) and should be rebuilt.
    Result<void> save(const QString &path) const;
    static Result<std::unique_ptr<VectorIndex>> load(const QString &path, VectorIndexOptions options = {});

private:
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace RepoLens
