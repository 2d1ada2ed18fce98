#include "storetestutil.h"

using namespace RepoLens;
using namespace RepoLens::StoreTest;

class tst_EmbeddingStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void models();
    void vectorsFollowContent();
    void priorityPathsComeFirst();
};

namespace {

QByteArray vec(float a, float b)
{
    const float v[2] = {a, b};
    return QByteArray(reinterpret_cast<const char *>(v), sizeof v);
}

} // namespace

void tst_EmbeddingStore::models()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    QVERIFY(!store->embeddings().model(QStringLiteral("m1")));
    QVERIFY(store->embeddings().saveModel({QStringLiteral("m1"), 64, QByteArray("params"), 1234}));
    const auto m = store->embeddings().model(QStringLiteral("m1"));
    QVERIFY(m);
    QCOMPARE(m->dimension, 64);
    QCOMPARE(m->data, QByteArray("params"));
    QCOMPARE(m->created, qint64(1234));
    QVERIFY(store->embeddings().removeModel(QStringLiteral("m1")));
    QVERIFY(!store->embeddings().model(QStringLiteral("m1")));
}

void tst_EmbeddingStore::vectorsFollowContent()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    const qint64 file = addFile(*store, QStringLiteral("m.py"), "def a():\n    return 1\n\n\ndef b():\n    return 2\n");
    const QList<ChunkRecord> chunks = store->chunks().ofFile(file);
    QCOMPARE(chunks.size(), 2);
    const QString model = QStringLiteral("test-model");
    QCOMPARE(store->embeddings().chunksWithout(model, 10).size(), 2);
    QVERIFY(store->embeddings().put(model, {{chunks.at(0).contentHash, vec(1, 0)}}));
    QCOMPARE(store->embeddings().embeddedChunkCount(model), 1);
    QCOMPARE(store->embeddings().chunksWithout(model, 10).size(), 1);
    QCOMPARE(store->embeddings().chunksWithout(model, 10).first().id, chunks.at(1).id);
    QCOMPARE(store->embeddings().chunkVector(chunks.at(0).id, model), vec(1, 0));
    QVERIFY(store->embeddings().chunkVector(chunks.at(1).id, model).isEmpty());
    QVERIFY(store->embeddings().put(model, {{chunks.at(1).contentHash, vec(0, 1)}}));
    QList<qint64> visited;
    store->embeddings().forEachChunkVector(model, [&](qint64 id, QByteArrayView v) {
        visited << id;
        QCOMPARE(v.size(), qsizetype(8));
    });
    QCOMPARE(visited, (QList<qint64>{chunks.at(0).id, chunks.at(1).id})); // in id order
    // b changes: its old vector is an orphan, a's stays (same content)
    QVERIFY(store->replaceFileContent(file, QStringLiteral("m.py"),
                                      parse(LanguageId::Python, "def a():\n    return 1\n\n\ndef b():\n    return 3\n")));
    QCOMPARE(store->embeddings().embeddedChunkCount(model), 1);
    auto removed = store->embeddings().removeOrphans();
    QVERIFY(removed);
    QCOMPARE(*removed, 1);
    QCOMPARE(store->embeddings().chunkVector(chunks.at(0).id, model), vec(1, 0));
}

void tst_EmbeddingStore::priorityPathsComeFirst()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    QVERIFY(addFile(*store, QStringLiteral("a.py"), "def a():\n    pass\n"));
    QVERIFY(addFile(*store, QStringLiteral("b.py"), "def b():\n    pass\n"));
    QVERIFY(addFile(*store, QStringLiteral("c.py"), "def c():\n    pass\n"));
    const QList<ChunkRecord> first = store->embeddings().chunksWithout(QStringLiteral("m"), 2, {QStringLiteral("c.py")});
    QCOMPARE(first.size(), 2);
    QCOMPARE(first.first().path, QStringLiteral("c.py"));
    QVERIFY(first.at(1).path != QLatin1String("c.py"));
}

QTEST_GUILESS_MAIN(tst_EmbeddingStore)
#include "tst_embeddingstore.moc"
