// The one file that includes hnswlib. Compiled with -O2 even in Debug builds (see
// core/CMakeLists.txt): the distance loops are unusable unoptimised. Every hnswlib call is
// wrapped: its exceptions (std::runtime_error on full index, corrupt file, bad alloc) become
// Error values here and never cross into the rest of the code.

#include "vectorindex_p.h"

#include <QFile>

#include <hnswlib/hnswlib.h>

#include <new>

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
