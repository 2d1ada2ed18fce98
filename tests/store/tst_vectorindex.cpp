// VectorIndex: exact and HNSW search, replace, delete, compaction, atomic persistence and
// rejection of corrupt files.

#include "../common/randomvector.h"

#include "core/store/vectorindex.h"

#include <QFile>
#include <QRandomGenerator>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>


using namespace RepoLens;

namespace {

// The share of the exact search's 10 best that the graph search finds, over 100 random queries.
double recallAt10(const VectorIndex &index, QRandomGenerator &rng, int dim)
{
    double recall = 0;
    for (int q = 0; q < 100; ++q) {
        const std::vector<float> query = randomVector(rng, dim);
        QSet<qint64> truth;
        for (const VectorHit &h : index.search(query, 10, true))
            truth.insert(h.label);
        int found = 0;
        for (const VectorHit &h : index.search(query, 10))
            found += truth.contains(h.label) ? 1 : 0;
        recall += found / 10.0;
    }
    return recall / 100;
}

} // namespace

class tst_VectorIndex : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void exactSearch();
    void replaceAndRemove();
    void wrongDimension();
    void graphRecall();
    void appendBuildsAGraphOnlyWhenLarge();
    void graphBuildStops();
    void graphBuildIsTheSameOnAnyThreads();
    void compactsWhenManyDeleted();
    void persistRoundTrip();
    void persistGraphWithDeletions();
    void corruptFilesAreRejected();
};

void tst_VectorIndex::exactSearch()
{
    VectorIndex index(3, QStringLiteral("m"));
    QVERIFY(index.add(1, std::vector<float>{1, 0, 0}));
    QVERIFY(index.add(2, std::vector<float>{0, 1, 0}));
    QVERIFY(index.add(3, std::vector<float>{1, 1, 0}));
    QCOMPARE(index.size(), 3);
    QVERIFY(!index.usesGraph());
    const QList<VectorHit> hits = index.search(std::vector<float>{2, 0.1f, 0}, 2);
    QCOMPARE(hits.size(), 2);
    QCOMPARE(hits.at(0).label, 1);
    QCOMPARE(hits.at(1).label, 3);
    QVERIFY(hits.at(0).similarity > hits.at(1).similarity);
    QVERIFY(std::abs(hits.at(0).similarity - 2 / std::sqrt(4.01f)) < 1e-5f);
    const QList<float> sims = index.similarities({0, 1, 0}, {2, 3, 99});
    QVERIFY(std::abs(sims.at(0) - 1) < 1e-6f);
    QVERIFY(std::abs(sims.at(1) - std::sqrt(0.5f)) < 1e-6f);
    QVERIFY(std::isnan(sims.at(2)));
}

void tst_VectorIndex::replaceAndRemove()
{
    VectorIndex index(2);
    QVERIFY(index.add(7, std::vector<float>{1, 0}));
    QVERIFY(index.add(8, std::vector<float>{0, 1}));
    QVERIFY(index.add(7, std::vector<float>{0, -1})); // replaced
    QCOMPARE(index.size(), 2);
    QCOMPARE(index.search({0.1f, 1}, 1).value(0).label, 8); // 7 points away now
    index.remove(8);
    QCOMPARE(index.size(), 1);
    QVERIFY(!index.contains(8));
    QCOMPARE(index.search({0, 1}, 5).size(), 1);
    QVERIFY(index.add(8, std::vector<float>{0, 1})); // back again
    QCOMPARE(index.search({0, 1}, 1).value(0).label, 8);
}

void tst_VectorIndex::wrongDimension()
{
    VectorIndex index(4);
    const auto r = index.add(1, std::vector<float>{1, 2});
    QVERIFY(!r);
    QCOMPARE(r.error().code, ErrorCode::InvalidArgument);
    QVERIFY(index.search(std::vector<float>{1, 2}, 3).isEmpty());
}

void tst_VectorIndex::graphRecall()
{
    VectorIndexOptions options;
    options.bruteForceBelow = 500;
    VectorIndex index(32, QStringLiteral("m"), options);
    QRandomGenerator rng(7);
    for (int i = 0; i < 3000; ++i)
        QVERIFY(index.add(i + 1, randomVector(rng, 32)));
    QVERIFY(index.usesGraph());
    const double recall = recallAt10(index, rng, 32);
    QVERIFY2(recall >= 0.95, qPrintable(QString::number(recall)));
}

// A bulk load (append + finishAppending) builds a graph at the size add() would, also with the
// default threshold (vectors x dimension): below it the search stays exact.
void tst_VectorIndex::appendBuildsAGraphOnlyWhenLarge()
{
    QRandomGenerator rng(11);
    // `count` vectors appended, then the graph decision; bruteForceBelow -1 is the default
    auto bulkLoad = [&rng](int dim, int count, int bruteForceBelow) {
        VectorIndexOptions options;
        options.bruteForceBelow = bruteForceBelow;
        auto index = std::make_unique<VectorIndex>(dim, QStringLiteral("m"), options);
        for (int i = 0; i < count; ++i) {
            if (!index->append(i + 1, randomVector(rng, dim).data(), dim))
                return std::unique_ptr<VectorIndex>();
        }
        return index->finishAppending() ? std::move(index) : std::unique_ptr<VectorIndex>();
    };
    const auto byDefault = bulkLoad(64, 2000, -1); // exact below 200,000 of 64 dimensions
    QVERIFY(byDefault);
    QCOMPARE(byDefault->size(), 2000);
    QVERIFY(!byDefault->usesGraph());
    const auto below = bulkLoad(16, 499, 500);
    QVERIFY(below);
    QVERIFY(!below->usesGraph());
    const auto at = bulkLoad(16, 500, 500);
    QVERIFY(at);
    QVERIFY(at->usesGraph());
}

// A graph build that is told to stop leaves an index without a graph (exact search, every
// vector), and builds it at the next chance.
void tst_VectorIndex::graphBuildStops()
{
    VectorIndexOptions options;
    options.bruteForceBelow = 100;
    VectorIndex index(16, QStringLiteral("m"), options);
    QRandomGenerator rng(5);
    for (int i = 0; i < 3000; ++i)
        QVERIFY(index.append(i + 1, randomVector(rng, 16).data(), 16));
    const std::atomic_bool stop{true};
    const auto stopped = index.finishAppending(&stop);
    QVERIFY(!stopped);
    QCOMPARE(stopped.error().code, ErrorCode::Cancelled);
    QVERIFY(!index.usesGraph());
    QCOMPARE(index.size(), 3000);
    const std::vector<float> query = randomVector(rng, 16);
    QCOMPARE(index.search(query, 5).size(), 5);
    const std::atomic_bool go{false};
    QVERIFY(index.finishAppending(&go));
    QVERIFY(index.usesGraph());

    // the same through addBatch
    VectorIndex batch(16, QStringLiteral("m"), options);
    QList<qint64> labels;
    std::vector<float> values;
    for (int i = 0; i < 500; ++i) {
        labels << i + 1;
        const std::vector<float> v = randomVector(rng, 16);
        values.insert(values.end(), v.begin(), v.end());
    }
    const auto batchStopped = batch.addBatch(labels, values, &stop);
    QVERIFY(!batchStopped);
    QCOMPARE(batchStopped.error().code, ErrorCode::Cancelled);
    QVERIFY(!batch.usesGraph());
    QCOMPARE(batch.size(), 500);
}

void tst_VectorIndex::compactsWhenManyDeleted()
{
    VectorIndexOptions options;
    options.bruteForceBelow = 100;
    VectorIndex index(8, QString(), options);
    QRandomGenerator rng(3);
    for (int i = 0; i < 400; ++i)
        QVERIFY(index.add(i, randomVector(rng, 8)));
    for (int i = 0; i < 150; ++i)
        index.remove(i);
    // 25% deleted triggers compaction: the dead ones are gone from the graph
    QVERIFY(index.deletedCount() < 150);
    QCOMPARE(index.size(), 250);
    for (const VectorHit &h : index.search(randomVector(rng, 8), 50))
        QVERIFY(h.label >= 150);
}

// A graph built at once from many vectors (batches whose neighbour searches run on several
// threads) is the same graph, byte for byte, whatever the number of threads, and finds what an
// exact search finds.
void tst_VectorIndex::graphBuildIsTheSameOnAnyThreads()
{
    QRandomGenerator rng(23);
    std::vector<std::vector<float>> vectors;
    for (int i = 0; i < 1500; ++i)
        vectors.push_back(randomVector(rng, 16));
    QTemporaryDir dir;
    QByteArray first;
    for (const int threads : {1, 2, 3}) {
        VectorIndexOptions options;
        options.bruteForceBelow = 100;
        options.buildThreads = threads;
        options.buildBatch = 32;
        VectorIndex index(16, QStringLiteral("m"), options);
        for (int i = 0; i < int(vectors.size()); ++i)
            QVERIFY(index.append(i + 1, vectors[size_t(i)].data(), 16));
        QVERIFY(index.finishAppending());
        QVERIFY(index.usesGraph());
        const QString path = dir.filePath(QStringLiteral("t%1.idx").arg(threads));
        QVERIFY(index.save(path));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        if (first.isEmpty())
            first = bytes;
        else
            QVERIFY2(bytes == first, qPrintable(QStringLiteral("%1 threads built another graph").arg(threads)));
        QRandomGenerator queries(5);
        const double recall = recallAt10(index, queries, 16);
        QVERIFY2(recall >= 0.9, qPrintable(QString::number(recall)));
    }
}

void tst_VectorIndex::persistRoundTrip()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("v.idx"));
    VectorIndex index(3, QStringLiteral("model-a"));
    QVERIFY(index.add(10, std::vector<float>{1, 2, 3}));
    QVERIFY(index.add(11, std::vector<float>{-1, 0, 1}));
    QVERIFY(index.save(path));
    QVERIFY(!QFile::exists(path + QStringLiteral(".tmp")));
    auto loaded = VectorIndex::load(path);
    QVERIFY2(loaded, qPrintable(loaded ? QString() : loaded.error().toString()));
    QCOMPARE((*loaded)->modelId(), QStringLiteral("model-a"));
    QCOMPARE((*loaded)->dimension(), 3);
    QCOMPARE((*loaded)->size(), 2);
    QCOMPARE((*loaded)->vector(10), index.vector(10));
    QCOMPARE((*loaded)->search({1, 2, 3}, 1).value(0).label, 10);
}

void tst_VectorIndex::persistGraphWithDeletions()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("g.idx"));
    VectorIndexOptions options;
    options.bruteForceBelow = 50;
    VectorIndex index(16, QStringLiteral("m"), options);
    QRandomGenerator rng(11);
    for (int i = 0; i < 300; ++i)
        QVERIFY(index.add(i, randomVector(rng, 16)));
    for (int i = 0; i < 20; ++i)
        index.remove(i);
    QVERIFY(index.usesGraph());
    QVERIFY(index.save(path));
    auto loaded = VectorIndex::load(path, options);
    QVERIFY2(loaded, qPrintable(loaded ? QString() : loaded.error().toString()));
    QVERIFY((*loaded)->usesGraph());
    QCOMPARE((*loaded)->size(), 280);
    const std::vector<float> q = randomVector(rng, 16);
    for (const VectorHit &h : (*loaded)->search(q, 30))
        QVERIFY(h.label >= 20);
    QCOMPARE((*loaded)->search(q, 5).value(0).label, index.search(q, 5).value(0).label);
    QVERIFY((*loaded)->add(5, randomVector(rng, 16))); // a deleted label comes back
    QCOMPARE((*loaded)->size(), 281);
}

void tst_VectorIndex::corruptFilesAreRejected()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("v.idx"));
    QCOMPARE(VectorIndex::load(path).error().code, ErrorCode::NotFound);
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not a vector index at all");
    }
    QCOMPARE(VectorIndex::load(path).error().code, ErrorCode::Corrupt);
    VectorIndexOptions options;
    options.bruteForceBelow = 10;
    VectorIndex index(8, QStringLiteral("m"), options);
    QRandomGenerator rng(5);
    for (int i = 0; i < 50; ++i)
        QVERIFY(index.add(i, randomVector(rng, 8)));
    QVERIFY(index.save(path));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadWrite));
    f.resize(f.size() - 100); // truncated
    f.close();
    const auto r = VectorIndex::load(path, options);
    QVERIFY(!r);
    QCOMPARE(r.error().code, ErrorCode::Corrupt);
}

QTEST_GUILESS_MAIN(tst_VectorIndex)
#include "tst_vectorindex.moc"
