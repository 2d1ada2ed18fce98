#pragma once

#include <QHash>

#include <span>
#include <vector>

namespace RepoLens {

class ChunkStore;
class SymbolStore;

// The resolved call graph between chunks, in memory on dense node indexes (deduplicated
// edges both ways, in compressed rows: an offset per node into one array of neighbours), with a
// global PageRank. Built once per searcher from the store. Nodes are the chunks in id order.
class CodeGraph
{
public:
    static CodeGraph load(const ChunkStore &chunks, const SymbolStore &symbols);

    int nodeOf(qint64 chunkId) const;
    qint64 chunkOf(int node) const { return m_chunkOf[size_t(node)]; }
    bool isEmpty() const { return m_chunkOf.empty(); }
    int nodeCount() const { return int(m_chunkOf.size()); }
    std::span<const int> callees(int node) const { return row(m_outStart, m_outTo, node); }
    std::span<const int> callers(int node) const { return row(m_inStart, m_inFrom, node); }
    // Percentile (0..1) of each file's summed PageRank.
    double filePagerankPercentile(qint64 fileId) const { return m_filePagerankPercentile.value(fileId, 0.0); }

    // Personalised PageRank from seed nodes by local push (Andersen, Chung & Lang 2006): only the
    // seeds' neighbourhood is touched, so it costs microseconds rather than a pass over the graph.
    // Teleport 0.15; residuals below eps x out-degree stay unpushed.
    QHash<int, double> localPagerank(const std::vector<int> &seeds, double eps = 1e-4) const;
    // PageRank over the call graph (damping 0.85); restart to seeds when given, else uniform.
    std::vector<double> pagerank(const std::vector<int> &seeds, int iterations) const;

private:
    static std::span<const int> row(const std::vector<int> &start, const std::vector<int> &to, int node)
    {
        return {to.data() + start[size_t(node)], size_t(start[size_t(node) + 1] - start[size_t(node)])};
    }

    std::vector<qint64> m_chunkOf;    // dense index -> chunk id, ascending
    std::vector<int> m_nodeOfChunk;   // chunk id - m_firstChunk -> dense index or -1 (ids dense enough)
    qint64 m_firstChunk = 0;
    std::vector<int> m_outStart, m_outTo; // call graph: node -> callees (sorted)
    std::vector<int> m_inStart, m_inFrom; // node -> callers (sorted)
    QHash<qint64, double> m_filePagerankPercentile;
};

} // namespace RepoLens
