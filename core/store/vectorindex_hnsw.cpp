// The one file that includes hnswlib. Compiled with -O2 even in Debug builds (see
// core/CMakeLists.txt): the distance loops are unusable unoptimised. Every hnswlib call is
// wrapped: its exceptions (std::runtime_error on full index, corrupt file, bad alloc) become
// Error values here and never cross into the rest of the code.

#include "vectorindex_p.h"

#include <QFile>

#include <hnswlib/hnswlib.h>

#include <atomic>
#include <barrier>
#include <cstring>
#include <new>
#include <system_error>
#include <thread>

namespace RepoLens::Hnsw {

class Graph
{
public:
    explicit Graph(int dimension)
        : space(size_t(dimension))
    {
    }
    hnswlib::InnerProductSpace space;
    std::unique_ptr<hnswlib::HierarchicalNSW<float>> hnsw;
    int dimension = 0;
    int ef = 64;
};

void GraphDeleter::operator()(Graph *g) const
{
    delete g;
}

namespace {

Error fromException(const char *what, const char *context)
{
    return makeError(ErrorCode::Io, QStringLiteral("vector index: %1").arg(QString::fromUtf8(what)),
                     QString::fromLatin1(context));
}

} // namespace

Result<GraphPtr> create(int dimension, size_t capacity, const VectorIndexOptions &options)
{
    try {
        GraphPtr g(new Graph(dimension));
        g->dimension = dimension;
        g->ef = options.efSearch;
        g->hnsw = std::make_unique<hnswlib::HierarchicalNSW<float>>(
            &g->space, std::max<size_t>(capacity, 16), size_t(options.m), size_t(options.efConstruction), 100);
        g->hnsw->setEf(size_t(options.efSearch));
        return g;
    } catch (const std::exception &e) {
        return fromException(e.what(), "create");
    }
}

Result<void> add(Graph *g, qint64 label, const float *vector)
{
    try {
        auto &h = *g->hnsw;
        if (h.cur_element_count >= h.max_elements_
            && h.label_lookup_.find(hnswlib::labeltype(label)) == h.label_lookup_.end())
            h.resizeIndex(std::max<size_t>(h.max_elements_ * 2, 1024));
        h.addPoint(vector, hnswlib::labeltype(label));
        return {};
    } catch (const std::bad_alloc &) {
        return makeError(ErrorCode::Io, QStringLiteral("vector index: out of memory"), QStringLiteral("add"));
    } catch (const std::exception &e) {
        return fromException(e.what(), "add");
    }
}

namespace {

using Hierarchical = hnswlib::HierarchicalNSW<float>;
using Neighbour = std::pair<float, hnswlib::tableint>;
using Candidates = std::priority_queue<Neighbour, std::vector<Neighbour>, Hierarchical::CompareByFirst>;

// One batch of a graph build: its nodes made (levels drawn in order), each node's candidate
// neighbours searched in the graph as it stood before the batch (read-only: any thread, any
// order), then the nodes linked one after the other. The graph depends on the vectors and the
// batch size only, not on the threads.
class Batch
{
public:
    explicit Batch(Hierarchical &h)
        : m_h(h)
    {
    }

    // Makes the nodes of vectors [from, to): data, label, level, empty link lists.
    void make(const qint64 *labels, const float *const *vectors, size_t from, size_t to)
    {
        m_count = to - from;
        m_ids.resize(m_count);
        m_levels.resize(m_count);
        m_found.resize(std::max(m_found.size(), m_count));
        for (size_t i = 0; i < m_count; ++i) {
            const auto c = hnswlib::tableint(m_h.cur_element_count++);
            const auto label = hnswlib::labeltype(labels[from + i]);
            m_h.label_lookup_[label] = c;
            const int level = m_h.getRandomLevel(m_h.mult_);
            m_ids[i] = c;
            m_levels[i] = level;
            m_h.element_levels_[c] = level;
            std::memset(m_h.data_level0_memory_ + c * m_h.size_data_per_element_ + m_h.offsetLevel0_, 0,
                        m_h.size_data_per_element_);
            std::memcpy(m_h.getExternalLabeLp(c), &label, sizeof(label));
            std::memcpy(m_h.getDataByInternalId(c), vectors[from + i], m_h.data_size_);
            if (level > 0) {
                const size_t bytes = m_h.size_links_per_element_ * size_t(level) + 1;
                m_h.linkLists_[c] = static_cast<char *>(std::malloc(bytes));
                if (!m_h.linkLists_[c])
                    throw std::bad_alloc();
                std::memset(m_h.linkLists_[c], 0, bytes);
            }
        }
        m_maxLevel = m_h.maxlevel_;
        m_entry = m_h.enterpoint_node_;
        m_next.store(0);
    }

    // Searches candidates for the batch's nodes until none is left (several threads at once).
    void search()
    {
        for (size_t i; (i = m_next.fetch_add(1)) < m_count;) {
            try {
                searchOne(i);
            } catch (...) {
                m_failed.store(true);
            }
        }
    }

    // Links the batch's nodes in order: the candidates found plus the batch's earlier nodes.
    void link()
    {
        for (size_t i = 0; i < m_count; ++i) {
            const hnswlib::tableint c = m_ids[i];
            const void *point = m_h.getDataByInternalId(c);
            const int level = m_levels[i];
            for (int l = level; l >= 0; --l) {
                Candidates candidates;
                if (size_t(l) < m_found[i].size()) {
                    for (const Neighbour &n : m_found[i][size_t(l)])
                        candidates.push(n);
                }
                for (size_t j = 0; j < i; ++j) {
                    if (m_levels[j] < l)
                        continue;
                    const float d = m_h.fstdistfunc_(point, m_h.getDataByInternalId(m_ids[j]), m_h.dist_func_param_);
                    if (candidates.size() < m_h.ef_construction_ || d < candidates.top().first) {
                        candidates.emplace(d, m_ids[j]);
                        if (candidates.size() > m_h.ef_construction_)
                            candidates.pop();
                    }
                }
                if (!candidates.empty())
                    m_h.mutuallyConnectNewElement(point, c, candidates, l, false);
            }
            if (level > m_h.maxlevel_) {
                m_h.enterpoint_node_ = c;
                m_h.maxlevel_ = level;
            }
        }
    }

    bool failed() const { return m_failed.load(); }

private:
    void searchOne(size_t i)
    {
        const void *point = m_h.getDataByInternalId(m_ids[i]);
        const int level = m_levels[i];
        auto &found = m_found[i];
        found.resize(size_t(std::min(level, m_maxLevel) + 1));
        for (auto &f : found)
            f.clear();
        // Greedy descent through the levels above the node's own, then the node's levels.
        hnswlib::tableint current = m_entry;
        float distance = m_h.fstdistfunc_(point, m_h.getDataByInternalId(current), m_h.dist_func_param_);
        for (int l = m_maxLevel; l > level; --l) {
            for (bool changed = true; changed;) {
                changed = false;
                hnswlib::linklistsizeint *list = m_h.get_linklist(current, l);
                const int size = m_h.getListCount(list);
                const auto *neighbours = reinterpret_cast<const hnswlib::tableint *>(list + 1);
                for (int k = 0; k < size; ++k) {
                    const float d = m_h.fstdistfunc_(point, m_h.getDataByInternalId(neighbours[k]), m_h.dist_func_param_);
                    if (d < distance) {
                        distance = d;
                        current = neighbours[k];
                        changed = true;
                    }
                }
            }
        }
        for (int l = std::min(level, m_maxLevel); l >= 0; --l) {
            Candidates top = m_h.searchBaseLayer(current, point, l);
            auto &out = found[size_t(l)];
            out.reserve(top.size());
            for (; !top.empty(); top.pop())
                out.push_back(top.top());
            if (!out.empty())
                current = out.back().second; // the closest
        }
    }

    Hierarchical &m_h;
    size_t m_count = 0;
    std::vector<hnswlib::tableint> m_ids;
    std::vector<int> m_levels;
    std::vector<std::vector<std::vector<Neighbour>>> m_found; // node, level: farthest first
    int m_maxLevel = 0;
    hnswlib::tableint m_entry = 0;
    std::atomic<size_t> m_next{0};
    std::atomic_bool m_failed{false};
};

} // namespace

Result<void> build(Graph *g, const std::vector<qint64> &labels, const std::vector<const float *> &vectors,
                   const VectorIndexOptions &options, const std::atomic_bool *cancel)
{
    auto &h = *g->hnsw;
    const size_t n = labels.size();
    const size_t batch = size_t(std::max(1, options.buildBatch));
    const unsigned hardware = std::max(1u, std::thread::hardware_concurrency());
    const int threads = int(std::min<unsigned>(options.buildThreads > 0 ? unsigned(options.buildThreads) : hardware, 64));
    const size_t keptEf = h.ef_construction_;
    std::atomic_bool stop{false};
    std::barrier sync(threads);
    std::vector<std::thread> helpers;
    Batch b(h);
    auto helper = [&] {
        for (;;) {
            sync.arrive_and_wait(); // a batch is made (or the build is over)
            if (stop.load())
                return;
            b.search();
            sync.arrive_and_wait(); // every candidate found
        }
    };
    Result<void> result;
    try {
        if (h.cur_element_count != 0 || h.max_elements_ < n)
            throw std::runtime_error("a graph build needs a new graph of the right capacity");
        // The first nodes one by one: a graph for the first batch to search.
        const size_t first = std::min(n, batch);
        for (size_t i = 0; i < first; ++i) {
            if (cancel && i % 1024 == 0 && cancel->load(std::memory_order_relaxed))
                return makeError(ErrorCode::Cancelled, QStringLiteral("vector graph build stopped"));
            h.addPoint(vectors[i], hnswlib::labeltype(labels[i]));
        }
        h.ef_construction_ = size_t(std::max(1, options.efBatch));
        try {
            for (int t = 1; t < threads && first < n; ++t)
                helpers.emplace_back(helper);
        } catch (const std::system_error &) {
            // fewer threads than the barrier counts: the missing ones leave it (the build goes on)
            for (size_t t = helpers.size() + 1; t < size_t(threads); ++t)
                (void)sync.arrive_and_drop();
        }
        for (size_t from = first; from < n; from += batch) {
            if (cancel && cancel->load(std::memory_order_relaxed)) {
                result = makeError(ErrorCode::Cancelled, QStringLiteral("vector graph build stopped"));
                break;
            }
            b.make(labels.data(), vectors.data(), from, std::min(n, from + batch));
            if (!helpers.empty())
                sync.arrive_and_wait();
            b.search();
            if (!helpers.empty())
                sync.arrive_and_wait();
            if (b.failed())
                throw std::runtime_error("a neighbour search failed");
            b.link();
        }
    } catch (const std::bad_alloc &) {
        result = makeError(ErrorCode::Io, QStringLiteral("vector index: out of memory"), QStringLiteral("build"));
    } catch (const std::exception &e) {
        result = fromException(e.what(), "build");
    }
    if (!helpers.empty()) {
        stop.store(true);
        sync.arrive_and_wait();
        for (std::thread &t : helpers)
            t.join();
    }
    h.ef_construction_ = keptEf;
    return result;
}

void markDeleted(Graph *g, qint64 label)
{
    try {
        g->hnsw->markDelete(hnswlib::labeltype(label));
    } catch (const std::exception &) {
        // not in the graph (or already deleted): nothing to do
    }
}

std::vector<std::pair<qint64, float>> search(const Graph *g, const float *query, int k, int ef)
{
    std::vector<std::pair<qint64, float>> out;
    try {
        // ef is fixed at creation (setEf is not thread-safe); searchKnn uses max(ef, k)
        Q_UNUSED(ef);
        auto pq = g->hnsw->searchKnn(query, size_t(k));
        out.resize(pq.size());
        for (size_t i = pq.size(); i-- > 0;) {
            // inner-product space: distance = 1 - dot
            out[i] = {qint64(pq.top().second), 1.0f - pq.top().first};
            pq.pop();
        }
    } catch (const std::exception &) {
        out.clear();
    }
    return out;
}

size_t count(const Graph *g)
{
    return g->hnsw->cur_element_count;
}

Result<void> saveTo(const Graph *g, const QString &path)
{
    try {
        g->hnsw->saveIndex(QFile::encodeName(path).toStdString());
        return {};
    } catch (const std::exception &e) {
        return fromException(e.what(), "save");
    }
}

Result<GraphPtr> loadFrom(int dimension, const QString &path, const VectorIndexOptions &options)
{
    try {
        GraphPtr g(new Graph(dimension));
        g->dimension = dimension;
        g->ef = options.efSearch;
        g->hnsw = std::make_unique<hnswlib::HierarchicalNSW<float>>(&g->space);
        g->hnsw->loadIndex(QFile::encodeName(path).toStdString(), &g->space);
        // 0.6's loading constructor leaves the deleted counter uninitialised: recount it
        g->hnsw->num_deleted_ = 0;
        for (size_t i = 0; i < g->hnsw->cur_element_count; ++i) {
            if (g->hnsw->isMarkedDeleted(hnswlib::tableint(i)))
                ++g->hnsw->num_deleted_;
        }
        if (g->hnsw->data_size_ != size_t(dimension) * sizeof(float))
            return makeError(ErrorCode::Corrupt, QStringLiteral("vector index: dimension mismatch"));
        g->hnsw->setEf(size_t(options.efSearch));
        return g;
    } catch (const std::bad_alloc &) {
        return makeError(ErrorCode::Corrupt, QStringLiteral("vector index: implausible sizes"), QStringLiteral("load"));
    } catch (const std::exception &e) {
        Error err = fromException(e.what(), "load");
        err.code = ErrorCode::Corrupt;
        return err;
    }
}

} // namespace RepoLens::Hnsw
