#pragma once

#include <QHash>

#include <vector>

namespace RepoLens {

class ChunkStore;
class SymbolStore;

// The resolved call graph between chunks, in memory on dense node indexes (deduplicated
// edges both ways), with a global PageRank. Built once per searcher from the store.
class CodeGraph
{
public:
    static CodeGraph load(const ChunkStore &chunks, const SymbolStore &symbols);

    int nodeOf(qint64 chunkId) const { return m_node.value(chunkId, -1); }
    qint64 chunkOf(int node) const { return m_chunkOf[size_t(node)]; }
    bool isEmpty() const { return m_chunkOf.empty(); }
    const std::vector<int> &callees(int node) const { return m_out[size_t(node)]; }
    const std::vector<int> &callers(int node) const { return m_in[size_t(node)]; }
    // Percentile (0..1) of each file's summed PageRank.
    double filePagerankPercentile(qint64 fileId) const { return m_filePagerankPercentile.value(fileId, 0.0); }

    // Personalised PageRank from seed nodes by local push (Andersen, Chung & Lang 2006): only the
    // seeds' neighbourhood is touched, so it costs microseconds rather than a pass over the graph.
    // Teleport 0.15; residuals below eps x out-degree stay unpushed.
    QHash<int, double> localPagerank(const std::vector<int> &seeds, double eps = 1e-4) const;
    // PageRank over the call graph (damping 0.85); restart to seeds when given, else uniform.
    std::vector<double> pagerank(const std::vector<int> &seeds, int iterations) const;

private:
    QHash<qint64, int> m_node;                 // chunk id -> dense index
    std::vector<qint64> m_chunkOf;             // dense index -> chunk id
    std::vector<qint64> m_fileOfNode;
    std::vector<std::vector<int>> m_out, m_in; // call graph (deduplicated)
    QHash<qint64, double> m_filePagerankPercentile;
};

} // namespace RepoLens
