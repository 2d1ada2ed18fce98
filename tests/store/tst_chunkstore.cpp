#include "storetestutil.h"

using namespace RepoLens;
using namespace RepoLens::StoreTest;

class tst_ChunkStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void unchangedChunksKeepTheirRows();
    void searchWeightsNamesAboveBodies();
    void readsByIdsHeadersAndFile();
    void summaryIsSearchable();
    void fingerprintFollowsChanges();
    void documentFrequencies();
};

void tst_ChunkStore::unchangedChunksKeepTheirRows()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    const QByteArray v1 = "def alpha():\n    return 1\n\n\ndef beta():\n    return 2\n";
    const qint64 file = addFile(*store, QStringLiteral("m.py"), v1);
    QVERIFY(file);
    QList<ChunkRecord> before = store->chunks().ofFile(file);
    QCOMPARE(before.size(), 2);
    // alpha moves down by two lines, beta changes
    const QByteArray v2 = "# header\n\ndef alpha():\n    return 1\n\n\ndef beta():\n    return 3\n";
    auto ids = store->chunks().replace(file, QStringLiteral("m.py"), parse(LanguageId::Python, v2).chunks, false);
    QVERIFY(ids);
    const QList<ChunkRecord> after = store->chunks().ofFile(file);
    const auto find = [](const QList<ChunkRecord> &list, const char *name) {
        for (const ChunkRecord &c : list) {
            if (c.name == QLatin1String(name))
                return c;
        }
        return ChunkRecord{};
    };
    const ChunkRecord alpha0 = find(before, "alpha"), alpha1 = find(after, "alpha");
    QCOMPARE(alpha1.id, alpha0.id);                 // same row
    QCOMPARE(alpha1.contentHash, alpha0.contentHash);
    QCOMPARE(alpha1.startLine, alpha0.startLine + 2); // only moved
    QVERIFY(find(after, "beta").id != find(before, "beta").id); // changed: a new row
    QVERIFY(!store->chunks().chunk(find(before, "beta").id));  // the old one is gone
    QVERIFY(ids->contains(alpha0.id));
    // the FTS index holds the new text only
    QCOMPARE(store->chunks().search(QStringLiteral("\"beta\""), 10)->size(), 1);
    QVERIFY(store->checkIntegrity(true));
}

void tst_ChunkStore::searchWeightsNamesAboveBodies()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    QVERIFY(addFile(*store, QStringLiteral("a.py"), "def unrelated():\n    return connect_pool()\n"));
    QVERIFY(addFile(*store, QStringLiteral("b.py"), "def connect_pool():\n    return 1\n"));
    auto hits = store->chunks().search(QStringLiteral("\"connect_pool\""), 10);
    QVERIFY(hits);
    QCOMPARE(hits->size(), 2);
    QCOMPARE(store->chunks().chunk(hits->at(0).chunkId)->name, QStringLiteral("connect_pool"));
    QVERIFY(hits->at(0).score > hits->at(1).score);
    // the column weights are applied: without the name's weight the definition scores less
    FtsWeights flat;
    flat.name = 0;
    flat.signature = 0;
    auto flatHits = store->chunks().search(QStringLiteral("\"connect_pool\""), 10, flat);
    for (const FtsHit &h : *flatHits) {
        if (h.chunkId == hits->at(0).chunkId)
            QVERIFY(h.score < hits->at(0).score);
    }
    // limit
    QCOMPARE(store->chunks().search(QStringLiteral("\"connect_pool\""), 1)->size(), 1);
}

void tst_ChunkStore::readsByIdsHeadersAndFile()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    const qint64 file = addFile(*store, QStringLiteral("pkg/m.py"),
                                "class Box:\n    def put(self, x):\n        self.x = x\n\n\ndef helper():\n    pass\n");
    const QList<ChunkRecord> all = store->chunks().ofFile(file);
    QCOMPARE(all.size(), 3); // class skeleton, method, function
    QList<qint64> ids;
    for (const ChunkRecord &c : all)
        ids.prepend(c.id);
    ids.insert(1, 999999); // unknown ids are skipped
    const QList<ChunkRecord> byIds = store->chunks().byIds(ids);
    QCOMPARE(byIds.size(), 3);
    QCOMPARE(byIds.first().id, ids.first()); // in the order asked
    QCOMPARE(byIds.first().text, all.last().text);
    QList<ChunkRecord> headers = store->chunks().headers(ids);
    QCOMPARE(headers.size(), 3);
    for (const ChunkRecord &h : headers) {
        QVERIFY(h.text.isEmpty()); // light records
        QCOMPARE(h.path, QStringLiteral("pkg/m.py"));
        QCOMPARE(h.language, LanguageId::Python);
        QCOMPARE(h.fileId, file);
    }
    const ChunkRecord method = store->chunks().byIds({all.at(1).id}).first();
    QCOMPARE(method.qualifiedName, QStringLiteral("Box.put"));
    QCOMPARE(method.parentId, all.at(0).id);
    QCOMPARE(store->chunks().count(), 3);
    int visited = 0;
    store->chunks().forEach([&](const ChunkRecord &) { ++visited; });
    QCOMPARE(visited, 3);
    const auto pairs = store->chunks().fileIds();
    QCOMPARE(pairs.size(), 3);
    QCOMPARE(pairs.first().second, file);
}

void tst_ChunkStore::summaryIsSearchable()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    const qint64 file = addFile(*store, QStringLiteral("m.py"), "def f():\n    return 1\n");
    const qint64 id = store->chunks().ofFile(file).first().id;
    QCOMPARE(store->chunks().search(QStringLiteral("\"lighthouse\""), 10)->size(), 0);
    QVERIFY(store->chunks().setSummary(id, QStringLiteral("Returns the lighthouse keeper.")));
    QCOMPARE(store->chunks().search(QStringLiteral("\"lighthouse\""), 10)->size(), 1);
    QCOMPARE(store->chunks().chunk(id)->summary, QStringLiteral("Returns the lighthouse keeper."));
}

void tst_ChunkStore::fingerprintFollowsChanges()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    const QString empty = store->chunks().fingerprint();
    QCOMPARE(empty, QStringLiteral("0:0:0"));
    const qint64 file = addFile(*store, QStringLiteral("m.py"), "def f():\n    return 1\n");
    const QString one = store->chunks().fingerprint();
    QVERIFY(one != empty);
    QVERIFY(store->replaceFileContent(file, QStringLiteral("m.py"), parse(LanguageId::Python, "def f():\n    return 1\n")));
    QCOMPARE(store->chunks().fingerprint(), one); // same content, same rows
    QVERIFY(store->replaceFileContent(file, QStringLiteral("m.py"), parse(LanguageId::Python, "def g():\n    return 2\n")));
    QVERIFY(store->chunks().fingerprint() != one);
}

void tst_ChunkStore::documentFrequencies()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    QVERIFY(addFile(*store, QStringLiteral("a.py"), "def parse_url():\n    pass\n\n\ndef parse_path():\n    pass\n"));
    const QHash<QString, int> df = store->chunks().termDocumentFrequencies(
        {QStringLiteral("parse"), QStringLiteral("url"), QStringLiteral("nothing")});
    QCOMPARE(df.value(QStringLiteral("parse")), 2);
    QCOMPARE(df.value(QStringLiteral("url")), 1);
    QCOMPARE(df.value(QStringLiteral("nothing")), 0);
}

QTEST_GUILESS_MAIN(tst_ChunkStore)
#include "tst_chunkstore.moc"
