#pragma once

// The hnswlib adapter's interface, used by vectorindex.cpp only. hnswlib itself is included in
// exactly one file, vectorindex_hnsw.cpp, compiled with -O2 even in Debug builds.

#include "vectorindex.h"

#include <QByteArray>

#include <atomic>
#include <memory>
#include <utility>
#include <vector>

namespace RepoLens {

// The graph part lives in vectorindex_hnsw.cpp, the only file that includes hnswlib.
namespace Hnsw {
class Graph;
struct GraphDeleter
{
    void operator()(Graph *g) const;
};
using GraphPtr = std::unique_ptr<Graph, GraphDeleter>;
Result<GraphPtr> create(int dimension, size_t capacity, const VectorIndexOptions &options);
Result<void> add(Graph *g, qint64 label, const float *vector);
// Adds every vector to a new, empty graph of enough capacity, in batches whose neighbour searches
// run on options.buildThreads threads; the same vectors give the same graph on any number.
Result<void> build(Graph *g, const std::vector<qint64> &labels, const std::vector<const float *> &vectors,
                   const VectorIndexOptions &options, const std::atomic_bool *cancel);
void markDeleted(Graph *g, qint64 label);
// k best (label, similarity), best first
std::vector<std::pair<qint64, float>> search(const Graph *g, const float *query, int k, int ef);
// The graph as a file of hnswlib's own format (it writes and reads paths only).
Result<void> saveTo(const Graph *g, const QString &path);
Result<GraphPtr> loadFrom(int dimension, const QString &path, const VectorIndexOptions &options);
size_t count(const Graph *g);
} // namespace Hnsw

} // namespace RepoLens
