#include "codegraph.h"

#include "filequality.h"

#include "core/store/chunkstore.h"
#include "core/store/symbolstore.h"

#include <algorithm>

namespace RepoLens {

CodeGraph CodeGraph::load(const ChunkStore &chunks, const SymbolStore &symbols)
{
    CodeGraph g;
    const auto ids = chunks.fileIds();
    g.m_chunkOf.reserve(size_t(ids.size()));
    g.m_fileOfNode.reserve(size_t(ids.size()));
    for (const auto &[chunk, file] : ids) {
        g.m_node.insert(chunk, int(g.m_chunkOf.size()));
        g.m_chunkOf.push_back(chunk);
        g.m_fileOfNode.push_back(file);
    }
    const int n = int(g.m_chunkOf.size());
    g.m_out.assign(size_t(n), {});
    g.m_in.assign(size_t(n), {});
    symbols.forEachChunkEdge([&](qint64 from, qint64 to) {
        const int a = g.m_node.value(from, -1), b = g.m_node.value(to, -1);
        if (a < 0 || b < 0 || a == b)
            return;
        g.m_out[size_t(a)].push_back(b);
    });
    for (int a = 0; a < n; ++a) {
        auto &o = g.m_out[size_t(a)];
        std::sort(o.begin(), o.end());
        o.erase(std::unique(o.begin(), o.end()), o.end());
        for (int b : o)
            g.m_in[size_t(b)].push_back(a);
    }
    const std::vector<double> rank = g.pagerank({}, 30);
    QHash<qint64, double> byFile;
    for (int i = 0; i < n; ++i)
        byFile[g.m_fileOfNode[size_t(i)]] += rank[size_t(i)];
    g.m_filePagerankPercentile = percentiles(byFile);
    return g;
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
        const auto &o = m_out[size_t(u)];
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
            const bool wasBelow = rv < eps * double(std::max<size_t>(1, m_out[size_t(v)].size()));
            rv += share;
            if (wasBelow && rv >= eps * double(std::max<size_t>(1, m_out[size_t(v)].size())))
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
            const auto &o = m_out[size_t(a)];
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
