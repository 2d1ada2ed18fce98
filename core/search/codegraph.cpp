#include "codegraph.h"

#include "filequality.h"

#include "core/store/chunkstore.h"
#include "core/store/symbolstore.h"

#include <algorithm>

namespace RepoLens {

CodeGraph CodeGraph::load(const ChunkStore &chunks, const SymbolStore &symbols)
{
    CodeGraph g;
    const auto ids = chunks.fileIds(); // in id order
    const size_t n = size_t(ids.size());
    g.m_chunkOf.reserve(n);
    std::vector<qint64> fileOfNode;
    fileOfNode.reserve(n);
    for (const auto &[chunk, file] : ids) {
        g.m_chunkOf.push_back(chunk);
        fileOfNode.push_back(file);
    }
    // Row ids are dense unless many chunks were deleted: a table from id to node then, a binary
    // search otherwise.
    if (n > 0) {
        const qint64 span = g.m_chunkOf.back() - g.m_chunkOf.front() + 1;
        if (span <= 4 * qint64(n) + 1024) {
            g.m_firstChunk = g.m_chunkOf.front();
            g.m_nodeOfChunk.assign(size_t(span), -1);
            for (size_t i = 0; i < n; ++i)
                g.m_nodeOfChunk[size_t(g.m_chunkOf[i] - g.m_firstChunk)] = int(i);
        }
    }
    // Edges as (from, to) packed in one integer, sorted and deduplicated: the rows of both
    // directions come out sorted, as the neighbour lists always were.
    std::vector<quint64> edges;
    symbols.forEachChunkEdge([&](qint64 from, qint64 to) {
        const int a = g.nodeOf(from), b = g.nodeOf(to);
        if (a < 0 || b < 0 || a == b)
            return;
        edges.push_back(quint64(quint32(a)) << 32 | quint32(b));
    });
    std::sort(edges.begin(), edges.end());
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
    g.m_outStart.assign(n + 1, 0);
    g.m_inStart.assign(n + 1, 0);
    g.m_outTo.resize(edges.size());
    g.m_inFrom.resize(edges.size());
    for (const quint64 e : edges) {
        ++g.m_outStart[size_t(e >> 32) + 1];
        ++g.m_inStart[size_t(e & 0xffffffffu) + 1];
    }
    for (size_t i = 0; i < n; ++i) {
        g.m_outStart[i + 1] += g.m_outStart[i];
        g.m_inStart[i + 1] += g.m_inStart[i];
    }
    std::vector<int> fill(g.m_inStart.begin(), g.m_inStart.end() - 1);
    for (size_t k = 0; k < edges.size(); ++k) {
        const int a = int(edges[k] >> 32), b = int(edges[k] & 0xffffffffu);
        g.m_outTo[k] = b; // edges are in (from, to) order: the out rows fill in place
        g.m_inFrom[size_t(fill[size_t(b)]++)] = a;
    }
    std::vector<quint64>().swap(edges);
    const std::vector<double> rank = g.pagerank({}, 30);
    QHash<qint64, double> byFile;
    for (size_t i = 0; i < n; ++i)
        byFile[fileOfNode[i]] += rank[i];
    g.m_filePagerankPercentile = percentiles(byFile);
    return g;
}

int CodeGraph::nodeOf(qint64 chunkId) const
{
    if (!m_nodeOfChunk.empty()) {
        const qint64 at = chunkId - m_firstChunk;
        return at >= 0 && at < qint64(m_nodeOfChunk.size()) ? m_nodeOfChunk[size_t(at)] : -1;
    }
    const auto it = std::lower_bound(m_chunkOf.cbegin(), m_chunkOf.cend(), chunkId);
    return it != m_chunkOf.cend() && *it == chunkId ? int(it - m_chunkOf.cbegin()) : -1;
}

QHash<int, double> CodeGraph::localPagerank(const std::vector<int> &seeds, double eps) const
{
    const double alpha = 0.15;
    QHash<int, double> p, r;
    std::vector<int> queue;
    for (int s : seeds) {
        r[s] += 1.0 / double(seeds.size());
        queue.push_back(s);
    }
    size_t pushes = 0;
    while (!queue.empty() && pushes < 200000) {
        const int u = queue.back();
        queue.pop_back();
        const double ru = r.value(u);
        const std::span<const int> o = callees(u);
        if (ru <= 0 || ru < eps * double(std::max<size_t>(1, o.size())))
            continue;
        ++pushes;
        r[u] = 0;
        if (o.empty()) {
            p[u] += ru; // dangling: keep the mass
            continue;
        }
        p[u] += alpha * ru;
        const double share = (1 - alpha) * ru / double(o.size());
        for (int v : o) {
            double &rv = r[v];
            const double below = eps * double(std::max<size_t>(1, callees(v).size()));
            const bool wasBelow = rv < below;
            rv += share;
            if (wasBelow && rv >= below)
                queue.push_back(v);
        }
    }
    return p;
}

std::vector<double> CodeGraph::pagerank(const std::vector<int> &seeds, int iterations) const
{
    const int n = int(m_chunkOf.size());
    std::vector<double> rank(static_cast<size_t>(n), n ? 1.0 / n : 0.0);
    std::vector<double> next(static_cast<size_t>(n));
    std::vector<double> restart(size_t(n), seeds.empty() && n ? 1.0 / n : 0.0);
    for (int s : seeds)
        restart[size_t(s)] += 1.0 / double(seeds.size());
    if (!seeds.empty())
        rank = restart;
    const double damping = 0.85;
    for (int it = 0; it < iterations; ++it) {
        double dangling = 0;
        std::fill(next.begin(), next.end(), 0.0);
        for (int a = 0; a < n; ++a) {
            const std::span<const int> o = callees(a);
            if (o.empty()) {
                dangling += rank[size_t(a)];
                continue;
            }
            const double share = rank[size_t(a)] / double(o.size());
            for (int b : o)
                next[size_t(b)] += share;
        }
        for (int i = 0; i < n; ++i)
            next[size_t(i)] = damping * (next[size_t(i)] + dangling * restart[size_t(i)]) + (1 - damping) * restart[size_t(i)];
        rank.swap(next);
    }
    return rank;
}
} // namespace RepoLens
