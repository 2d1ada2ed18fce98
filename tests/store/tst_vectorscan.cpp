// VectorIndex: the exact scan of a large index, split between two threads (this test runs
// under ThreadSanitizer; tst_vectorindex starts no thread).

#include "core/store/vectorindex.h"

#include <QRandomGenerator>
#include <QTest>

#include <algorithm>
#include <random>

using namespace RepoLens;

namespace {

std::vector<float> randomVector(QRandomGenerator &rng, int dim)
{
    std::vector<float> v(static_cast<size_t>(dim));
    for (float &x : v)
        x = float(rng.generateDouble() * 2 - 1);
    return v;
}

} // namespace

class tst_VectorScan : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void largeExactScanOrdersTiesByLabel();
};

void tst_VectorScan::largeExactScanOrdersTiesByLabel()
{
    // Large enough for the exact scan to be split between two threads; every vector repeats
    // 400 times under other labels, added in a shuffled order, so that each half of the slots
    // holds more than k of the best vector's copies: only the labels can say which k are kept.
    const int dim = 64;
    const int distinct = 50;
    const int count = 20000;
    QRandomGenerator rng(7);
    std::vector<std::vector<float>> pool;
    for (int i = 0; i < distinct; ++i)
        pool.push_back(randomVector(rng, dim));
    std::vector<qint64> labels(count);
    for (int i = 0; i < count; ++i)
        labels[size_t(i)] = i + 1;
    std::shuffle(labels.begin(), labels.end(), std::mt19937(11));
    VectorIndex forward(dim, QStringLiteral("m"));
    VectorIndex backward(dim, QStringLiteral("m"));
    for (int i = 0; i < count; ++i)
        QVERIFY(forward.add(labels[size_t(i)], pool[size_t(labels[size_t(i)] % distinct)]));
    for (int i = count - 1; i >= 0; --i)
        QVERIFY(backward.add(labels[size_t(i)], pool[size_t(labels[size_t(i)] % distinct)]));
    QVERIFY(!forward.usesGraph());
    const std::vector<float> query = randomVector(rng, dim);
    QList<qint64> all;
    for (int i = 1; i <= count; ++i)
        all << i;
    const QList<float> sims = forward.similarities(query, all);
    QList<QPair<float, qint64>> expected;
    for (int i = 0; i < count; ++i)
        expected.append({sims.at(i), all.at(i)});
    std::sort(expected.begin(), expected.end(), [](const auto &a, const auto &b) {
        return a.first > b.first || (a.first == b.first && a.second < b.second);
    });
    const int k = 100; // inside the 400 ties of the best one
    for (VectorIndex *index : {&forward, &backward}) {
        const QList<VectorHit> hits = index->search(query, k);
        QCOMPARE(hits.size(), k);
        for (int i = 0; i < k; ++i) {
            QCOMPARE(hits.at(i).label, expected.at(i).second);
            QCOMPARE(hits.at(i).similarity, expected.at(i).first);
        }
    }
}

QTEST_GUILESS_MAIN(tst_VectorScan)
#include "tst_vectorscan.moc"
