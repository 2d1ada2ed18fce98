#include "vectorindex.h"

#include "vectorindex_p.h"

#include "core/base/logging.h"

#include <QDataStream>
#include <QDir>
#include <QFile>
#include <QHash>
#include <QSaveFile>
#include <QTemporaryFile>

#include <algorithm>
#include <cmath>
#include <limits>
#include <mutex>
#include <shared_mutex>
#include <thread>

namespace RepoLens {

namespace {

constexpr quint32 kMagic = 0x52'4c'56'49; // "RLVI"
constexpr quint32 kFormat = 1;

void normalise(float *v, int n)
{
    double sum = 0;
    for (int i = 0; i < n; ++i)
        sum += double(v[i]) * v[i];
    if (sum <= 0)
        return;
    const float inv = float(1.0 / std::sqrt(sum));
    for (int i = 0; i < n; ++i)
        v[i] *= inv;
}

// Exact scans over at least this many floats use two threads (sympy's 45,000 x 64: 2.9 M).
constexpr size_t kSplitScanFloats = 1000000;

float dot(const float *a, const float *b, int n)
{
    // sixteen independent sums (four SIMD registers), so that the adds do not wait on each
    // other: the exact scan over every vector is this loop
    float s[16] = {};
    int i = 0;
    for (; i + 16 <= n; i += 16) {
        for (int j = 0; j < 16; ++j)
            s[j] += a[i + j] * b[i + j];
    }
    float t0 = 0, t1 = 0, t2 = 0, t3 = 0;
    for (; i + 4 <= n; i += 4) {
        t0 += a[i] * b[i];
        t1 += a[i + 1] * b[i + 1];
        t2 += a[i + 2] * b[i + 2];
        t3 += a[i + 3] * b[i + 3];
    }
    for (; i < n; ++i)
        t0 += a[i] * b[i];
    for (int j = 0; j < 16; j += 4) {
        t0 += s[j];
        t1 += s[j + 1];
        t2 += s[j + 2];
        t3 += s[j + 3];
    }
    return (t0 + t1) + (t2 + t3);
}

} // namespace

class VectorIndex::Private
{
public:
    int dim = 0;
    QString modelId;
    VectorIndexOptions options;
    // slots: every vector ever added since the last compaction; dead ones are marked
    std::vector<qint64> labels;
    std::vector<float> data;
    std::vector<char> live;
    QHash<qint64, int> slotOf;
    int liveCount = 0;
    int deleted = 0; // dead slots (also marked deleted in the graph when there is one)
    Hnsw::GraphPtr graph;
    mutable std::shared_mutex lock;

    const float *vec(int slot) const { return data.data() + size_t(slot) * size_t(dim); }
    int exactBelow() const
    {
        if (options.bruteForceBelow >= 0)
            return options.bruteForceBelow;
        return int(std::max<qint64>(1, VectorIndexOptions::kExactFloats / std::max(1, dim)));
    }

    // Builds the graph from every live vector in slot order (Hnsw::build: batches, each
    // searched on every core and linked in order). hnswlib's levels come from a fixed seed and
    // the batches do not depend on the threads, so the same vectors give the same graph.
    Result<void> buildGraph(const std::atomic_bool *cancel = nullptr)
    {
        graph.reset();
        auto g = Hnsw::create(dim, size_t(std::max(liveCount, 16)) + size_t(liveCount / 4), options);
        if (!g)
            return g.error();
        std::vector<qint64> liveLabels;
        std::vector<const float *> vectors;
        liveLabels.reserve(size_t(liveCount));
        vectors.reserve(size_t(liveCount));
        for (size_t s = 0; s < labels.size(); ++s) {
            if (live[s]) {
                liveLabels.push_back(labels[s]);
                vectors.push_back(vec(int(s)));
            }
        }
        if (auto r = Hnsw::build(g->get(), liveLabels, vectors, options, cancel); !r)
            return r;
        graph = std::move(*g);
        return {};
    }

    // Drops dead slots; rebuilds the graph when above the threshold.
    Result<void> compactLocked()
    {
        std::vector<qint64> l2;
        std::vector<float> d2;
        l2.reserve(size_t(liveCount));
        d2.reserve(size_t(liveCount) * size_t(dim));
        slotOf.clear();
        for (size_t s = 0; s < labels.size(); ++s) {
            if (!live[s])
                continue;
            slotOf.insert(labels[s], int(l2.size()));
            l2.push_back(labels[s]);
            d2.insert(d2.end(), vec(int(s)), vec(int(s)) + dim);
        }
        labels.swap(l2);
        data.swap(d2);
        live.assign(labels.size(), 1);
        deleted = 0;
        graph.reset();
        if (liveCount >= exactBelow())
            return buildGraph();
        return {};
    }
};

VectorIndex::VectorIndex(int dimension, QString modelId, VectorIndexOptions options)
    : d(std::make_unique<Private>())
{
    d->dim = dimension;
    d->modelId = std::move(modelId);
    d->options = options;
}

VectorIndex::~VectorIndex() = default;

int VectorIndex::dimension() const
{
    return d->dim;
}

QString VectorIndex::modelId() const
{
    return d->modelId;
}

int VectorIndex::size() const
{
    std::shared_lock lock(d->lock);
    return d->liveCount;
}

int VectorIndex::deletedCount() const
{
    std::shared_lock lock(d->lock);
    return d->deleted;
}

bool VectorIndex::usesGraph() const
{
    std::shared_lock lock(d->lock);
    return d->graph != nullptr;
}

bool VectorIndex::contains(qint64 label) const
{
    std::shared_lock lock(d->lock);
    const auto it = d->slotOf.constFind(label);
    return it != d->slotOf.cend() && d->live[size_t(*it)];
}

QList<qint64> VectorIndex::labels() const
{
    std::shared_lock lock(d->lock);
    QList<qint64> out;
    out.reserve(d->liveCount);
    for (size_t s = 0; s < d->labels.size(); ++s) {
        if (d->live[s])
            out.append(d->labels[s]);
    }
    return out;
}

std::vector<float> VectorIndex::vector(qint64 label) const
{
    std::shared_lock lock(d->lock);
    const auto it = d->slotOf.constFind(label);
    if (it == d->slotOf.cend() || !d->live[size_t(*it)])
        return {};
    return std::vector<float>(d->vec(*it), d->vec(*it) + d->dim);
}

QList<float> VectorIndex::similarities(const std::vector<float> &query, const QList<qint64> &labels) const
{
    QList<float> out;
    out.reserve(labels.size());
    if (int(query.size()) != d->dim) {
        out.fill(std::numeric_limits<float>::quiet_NaN(), labels.size());
        return out;
    }
    std::vector<float> q(query);
    normalise(q.data(), d->dim);
    std::shared_lock lock(d->lock);
    for (qint64 label : labels) {
        const auto it = d->slotOf.constFind(label);
        if (it == d->slotOf.cend() || !d->live[size_t(*it)])
            out.append(std::numeric_limits<float>::quiet_NaN());
        else
            out.append(dot(q.data(), d->vec(*it), d->dim));
    }
    return out;
}

Result<void> VectorIndex::add(qint64 label, const std::vector<float> &vector)
{
    return add(label, vector.data(), int(vector.size()));
}

Result<void> VectorIndex::add(qint64 label, const float *vector, int dimension)
{
    if (dimension != d->dim)
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("vector of dimension %1 in an index of dimension %2").arg(dimension).arg(d->dim));
    std::unique_lock lock(d->lock);
    int slot = -1;
    const auto it = d->slotOf.constFind(label);
    if (it != d->slotOf.cend()) {
        slot = *it;
        if (!d->live[size_t(slot)]) {
            d->live[size_t(slot)] = 1;
            --d->deleted;
            ++d->liveCount;
        }
    } else {
        slot = int(d->labels.size());
        d->labels.push_back(label);
        d->data.resize(d->data.size() + size_t(d->dim));
        d->live.push_back(1);
        d->slotOf.insert(label, slot);
        ++d->liveCount;
    }
    float *dst = d->data.data() + size_t(slot) * size_t(d->dim);
    std::copy(vector, vector + d->dim, dst);
    normalise(dst, d->dim);
    if (d->graph)
        return Hnsw::add(d->graph.get(), label, dst);
    if (d->liveCount >= d->exactBelow())
        return d->buildGraph();
    return {};
}

Result<void> VectorIndex::addBatch(const QList<qint64> &labels, const std::vector<float> &vectors,
                                  const std::atomic_bool *cancel)
{
    if (vectors.size() != size_t(labels.size()) * size_t(d->dim))
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("%1 values for %2 vectors of dimension %3")
                                                         .arg(vectors.size()).arg(labels.size()).arg(d->dim));
    std::unique_lock lock(d->lock);
    const bool bulk = !d->graph;
    for (qsizetype i = 0; i < labels.size(); ++i) {
        const qint64 label = labels.at(i);
        int slot = -1;
        const auto it = d->slotOf.constFind(label);
        if (it != d->slotOf.cend()) {
            slot = *it;
            if (!d->live[size_t(slot)]) {
                d->live[size_t(slot)] = 1;
                --d->deleted;
                ++d->liveCount;
            }
        } else {
            slot = int(d->labels.size());
            d->labels.push_back(label);
            d->data.resize(d->data.size() + size_t(d->dim));
            d->live.push_back(1);
            d->slotOf.insert(label, slot);
            ++d->liveCount;
        }
        float *dst = d->data.data() + size_t(slot) * size_t(d->dim);
        std::copy(vectors.begin() + qsizetype(i) * d->dim, vectors.begin() + qsizetype(i + 1) * d->dim, dst);
        normalise(dst, d->dim);
        if (!bulk) {
            if (auto r = Hnsw::add(d->graph.get(), label, dst); !r)
                return r;
        }
    }
    if (bulk && d->liveCount >= d->exactBelow())
        return d->buildGraph(cancel);
    return {};
}

void VectorIndex::reserve(int count)
{
    std::unique_lock lock(d->lock);
    d->labels.reserve(size_t(count));
    d->data.reserve(size_t(count) * size_t(d->dim));
    d->live.reserve(size_t(count));
    d->slotOf.reserve(count);
}

Result<void> VectorIndex::append(qint64 label, const float *vector, int dimension)
{
    if (dimension != d->dim)
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("vector of dimension %1 in an index of dimension %2").arg(dimension).arg(d->dim));
    std::unique_lock lock(d->lock);
    if (d->graph || d->slotOf.contains(label))
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("append() takes new vectors before the graph"));
    const int slot = int(d->labels.size());
    d->labels.push_back(label);
    d->data.insert(d->data.end(), vector, vector + d->dim);
    d->live.push_back(1);
    d->slotOf.insert(label, slot);
    ++d->liveCount;
    normalise(d->data.data() + size_t(slot) * size_t(d->dim), d->dim);
    return {};
}

Result<void> VectorIndex::finishAppending(const std::atomic_bool *cancel)
{
    std::unique_lock lock(d->lock);
    if (!d->graph && d->liveCount >= d->exactBelow())
        return d->buildGraph(cancel);
    return {};
}

void VectorIndex::remove(qint64 label)
{
    std::unique_lock lock(d->lock);
    const auto it = d->slotOf.constFind(label);
    if (it == d->slotOf.cend() || !d->live[size_t(*it)])
        return;
    d->live[size_t(*it)] = 0;
    --d->liveCount;
    ++d->deleted;
    if (d->graph)
        Hnsw::markDeleted(d->graph.get(), label);
    const int total = d->liveCount + d->deleted;
    if (d->deleted >= 64 && d->deleted > d->options.compactWhenDeleted * total) {
        if (auto r = d->compactLocked(); !r)
            qCWarning(lcStore) << "vector index compaction failed:" << r.error().toString();
    }
}

Result<void> VectorIndex::compact()
{
    std::unique_lock lock(d->lock);
    return d->compactLocked();
}

QList<VectorHit> VectorIndex::search(const std::vector<float> &query, int k, bool exact) const
{
    return search(query.data(), int(query.size()), k, exact);
}

QList<VectorHit> VectorIndex::search(const float *query, int dimension, int k, bool exact) const
{
    QList<VectorHit> out;
    if (dimension != d->dim || k <= 0)
        return out;
    std::vector<float> q(query, query + dimension);
    normalise(q.data(), dimension);
    std::shared_lock lock(d->lock);
    if (d->graph && !exact) {
        const auto hits = Hnsw::search(d->graph.get(), q.data(), k, d->options.efSearch);
        out.reserve(qsizetype(hits.size()));
        for (const auto &[label, sim] : hits)
            out.append(VectorHit{label, sim});
        return out;
    }
    // exact: a bounded min-heap over every live vector. The scan reads every vector (memory
    // bound): a large index is split in two halves, one scanned by a helper thread; the heaps
    // merge by (similarity, label), so the result does not depend on the split.
    auto cmp = [](const std::pair<float, qint64> &a, const std::pair<float, qint64> &b) {
        return a.first > b.first || (a.first == b.first && a.second < b.second);
    };
    auto offer = [&](std::vector<std::pair<float, qint64>> &heap, const std::pair<float, qint64> &e) {
        if (int(heap.size()) < k) {
            heap.push_back(e);
            std::push_heap(heap.begin(), heap.end(), cmp);
        } else if (cmp(e, heap.front())) {
            std::pop_heap(heap.begin(), heap.end(), cmp);
            heap.back() = e;
            std::push_heap(heap.begin(), heap.end(), cmp);
        }
    };
    auto scan = [&](size_t from, size_t to, std::vector<std::pair<float, qint64>> &heap) {
        heap.reserve(size_t(k) + 1);
        for (size_t s = from; s < to; ++s) {
            if (d->live[s])
                offer(heap, {dot(q.data(), d->vec(int(s)), d->dim), d->labels[s]});
        }
    };
    std::vector<std::pair<float, qint64>> heap;
    const size_t slots = d->labels.size();
    if (slots * size_t(d->dim) >= kSplitScanFloats && std::thread::hardware_concurrency() > 1) {
        std::vector<std::pair<float, qint64>> other;
        std::thread helper(scan, slots / 2, slots, std::ref(other));
        scan(0, slots / 2, heap);
        helper.join();
        for (const auto &e : other)
            offer(heap, e);
    } else {
        scan(0, slots, heap);
    }
    std::sort_heap(heap.begin(), heap.end(), cmp);
    out.reserve(qsizetype(heap.size()));
    for (const auto &[sim, label] : heap)
        out.append(VectorHit{label, sim});
    return out;
}

Result<void> VectorIndex::save(const QString &path) const
{
    std::shared_lock lock(d->lock);
    // hnswlib writes its graph to a path: a temporary file beside the index, copied in after the
    // vectors a block at a time (a graph of a million vectors is hundreds of MB).
    std::unique_ptr<QTemporaryFile> graphFile;
    if (d->graph) {
        graphFile = std::make_unique<QTemporaryFile>(path + QStringLiteral(".graph-XXXXXX"));
        if (!graphFile->open())
            return makeError(ErrorCode::Io, graphFile->errorString(), graphFile->fileName());
        graphFile->close();
        if (auto r = Hnsw::saveTo(d->graph.get(), graphFile->fileName()); !r)
            return r;
        if (!graphFile->open())
            return makeError(ErrorCode::Io, graphFile->errorString(), graphFile->fileName());
        // (stored as a QByteArray is: a 32-bit length, then the bytes)
        if (graphFile->size() >= qint64(0xfffffffe))
            return makeError(ErrorCode::Io, QStringLiteral("the vector graph is too large to save"), path);
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return makeError(ErrorCode::Io, file.errorString(), path);
    QDataStream out(&file);
    out.setVersion(QDataStream::Qt_6_4);
    out << kMagic << kFormat << qint32(d->dim) << d->modelId << qint64(d->liveCount);
    for (size_t s = 0; s < d->labels.size(); ++s) {
        if (!d->live[s])
            continue;
        out << d->labels[s];
        out.writeRawData(reinterpret_cast<const char *>(d->vec(int(s))), int(sizeof(float)) * d->dim);
    }
    // the graph is saved with its dead nodes; their labels are listed so load can re-mark them
    QList<qint64> dead;
    for (size_t s = 0; s < d->labels.size(); ++s) {
        if (!d->live[s])
            dead.append(d->labels[s]);
    }
    out << dead;
    if (!graphFile) {
        out << QByteArray();
    } else {
        out << quint32(graphFile->size());
        QByteArray block;
        while (!(block = graphFile->read(1 << 20)).isEmpty())
            out.writeRawData(block.constData(), int(block.size()));
        if (graphFile->error() != QFileDevice::NoError)
            return makeError(ErrorCode::Io, graphFile->errorString(), graphFile->fileName());
    }
    if (out.status() != QDataStream::Ok)
        return makeError(ErrorCode::Io, QStringLiteral("cannot write the vector index"), path);
    if (!file.commit())
        return makeError(file.error() == QFileDevice::ResourceError ? ErrorCode::DiskFull : ErrorCode::Io,
                         file.errorString(), path);
    return {};
}

Result<std::unique_ptr<VectorIndex>> VectorIndex::load(const QString &path, VectorIndexOptions options)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::NotFound, file.errorString(), path);
    QDataStream in(&file);
    in.setVersion(QDataStream::Qt_6_4);
    quint32 magic = 0, format = 0;
    qint32 dim = 0;
    QString modelId;
    qint64 count = 0;
    in >> magic >> format >> dim >> modelId >> count;
    auto corrupt = [&](const QString &why) {
        return makeError(ErrorCode::Corrupt, QStringLiteral("vector index: %1").arg(why), path);
    };
    if (in.status() != QDataStream::Ok || magic != kMagic)
        return corrupt(QStringLiteral("not a vector index"));
    if (format != kFormat)
        return corrupt(QStringLiteral("unknown format %1").arg(format));
    const qint64 bytesPerRow = qint64(sizeof(qint64)) + qint64(sizeof(float)) * dim;
    if (dim <= 0 || dim > 65536 || count < 0 || count * bytesPerRow > file.size())
        return corrupt(QStringLiteral("implausible sizes"));
    auto index = std::make_unique<VectorIndex>(dim, modelId, options);
    Private &p = *index->d;
    p.labels.resize(size_t(count));
    p.data.resize(size_t(count) * size_t(dim));
    p.live.assign(size_t(count), 1);
    p.slotOf.reserve(count);
    for (qint64 i = 0; i < count; ++i) {
        qint64 label = 0;
        in >> label;
        if (in.readRawData(reinterpret_cast<char *>(p.data.data() + size_t(i) * size_t(dim)),
                           int(sizeof(float)) * dim)
            != int(sizeof(float)) * dim)
            return corrupt(QStringLiteral("truncated"));
        p.labels[size_t(i)] = label;
        p.slotOf.insert(label, int(i));
    }
    p.liveCount = int(count);
    QList<qint64> dead;
    quint32 graphSize = 0; // (written as a QByteArray: 0xffffffff for none)
    in >> dead >> graphSize;
    if (in.status() != QDataStream::Ok)
        return corrupt(QStringLiteral("truncated"));
    const bool hasGraph = graphSize != 0xffffffff && graphSize > 0;
    // A graph saved when the exact limit was lower is not used: exact search is what the same
    // vectors give everywhere.
    if (hasGraph && count >= p.exactBelow()) {
        if (file.pos() + qint64(graphSize) > file.size())
            return corrupt(QStringLiteral("truncated"));
        // hnswlib reads a path: the graph's bytes go to a temporary file beside the index, a
        // block at a time.
        QTemporaryFile graphFile(path + QStringLiteral(".graph-XXXXXX"));
        if (!graphFile.open()) {
            // a data folder that cannot be written: the system's temporary folder
            graphFile.setFileTemplate(QDir::tempPath() + QStringLiteral("/repolens-graph-XXXXXX"));
            if (!graphFile.open())
                return makeError(ErrorCode::Io, graphFile.errorString(), graphFile.fileName());
        }
        QByteArray block(1 << 20, Qt::Uninitialized);
        for (qint64 left = graphSize; left > 0;) {
            const int n = int(std::min<qint64>(left, block.size()));
            if (in.readRawData(block.data(), n) != n)
                return corrupt(QStringLiteral("truncated"));
            if (graphFile.write(block.constData(), n) != n)
                return makeError(ErrorCode::Io, graphFile.errorString(), graphFile.fileName());
            left -= n;
        }
        graphFile.close();
        auto g = Hnsw::loadFrom(dim, graphFile.fileName(), options);
        if (!g)
            return g.error();
        // the graph must hold every live label (and may hold the dead ones, marked deleted)
        if (Hnsw::count(g->get()) != size_t(count + dead.size()))
            return corrupt(QStringLiteral("graph and vectors disagree"));
        p.graph = std::move(*g);
        for (qint64 label : std::as_const(dead)) {
            Hnsw::markDeleted(p.graph.get(), label);
            p.slotOf.insert(label, int(p.labels.size()));
            p.labels.push_back(label);
            p.data.resize(p.data.size() + size_t(dim), 0.0f);
            p.live.push_back(0);
            ++p.deleted;
        }
    } else if (count >= p.exactBelow() && !hasGraph) {
        if (auto r = p.buildGraph(); !r)
            return r.error();
    }
    return index;
}

} // namespace RepoLens
