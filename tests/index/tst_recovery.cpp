// The index is never thrown away: old schemas are upgraded in place (one fixture database per
// old version in tests/data/schema/), damaged databases are moved aside and rebuilt, a newer
// schema is left alone, and a full disk gives a clear error with a consistent index.

#include "core/index/indexer.h"
#include "core/store/indexstore.h"

#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace RepoLens;

class tst_Recovery : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void everyOldSchemaIsUpgraded_data();
    void everyOldSchemaIsUpgraded();
    void upgradedIndexIsUpdatedIncrementally();
    void newerSchemaIsLeftAlone();
    void garbageIsMovedAsideAndRebuilt();
    void truncatedDatabaseIsDetectedAtOpen();
    void damagedPageIsFoundByIntegrityCheck();
    void diskFullKeepsTheIndexConsistent();

private:
    void makeCorpus(const QString &dir, int files);
    QString indexCorpus(QTemporaryDir &data, const QString &root);
    static QString integrity(const QString &dbPath);
};

void tst_Recovery::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void tst_Recovery::makeCorpus(const QString &dir, int files)
{
    for (int i = 0; i < files; ++i) {
        const QString path = dir + QStringLiteral("/pkg%1/mod%2.py").arg(i % 7).arg(i);
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        for (int j = 0; j < 12; ++j) {
            f.write(QStringLiteral("def fn_%1_%2(x):\n    \"\"\"Doc for %1 %2.\"\"\"\n    return helper_%2(x) + %1\n\n")
                        .arg(i)
                        .arg(j)
                        .toUtf8());
        }
    }
}

QString tst_Recovery::indexCorpus(QTemporaryDir &data, const QString &root)
{
    const QString db = data.filePath(QStringLiteral("index.sqlite"));
    Indexer indexer(root, db);
    auto report = indexer.run();
    if (!report)
        qWarning() << report.error().toString();
    return db;
}

QString tst_Recovery::integrity(const QString &dbPath)
{
    auto store = IndexStore::open(dbPath, IndexStore::Mode::ReadOnly);
    if (!store)
        return store.error().toString();
    auto r = (*store)->checkIntegrity(true);
    return r ? QStringLiteral("ok") : r.error().toString();
}

void tst_Recovery::everyOldSchemaIsUpgraded_data()
{
    QTest::addColumn<QString>("fixture");
    QDirIterator it(QStringLiteral(REPOLENS_TEST_DATA "/schema"), {QStringLiteral("v*.sqlite")}, QDir::Files);
    int n = 0;
    while (it.hasNext()) {
        const QString path = it.next();
        QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
        ++n;
    }
    // One fixture for every schema before the current one.
    QCOMPARE(n, IndexStore::kSchemaVersion - 1);
}

void tst_Recovery::everyOldSchemaIsUpgraded()
{
    QFETCH(QString, fixture);
    QTemporaryDir data;
    const QString db = data.filePath(QStringLiteral("index.sqlite"));
    QVERIFY(QFile::copy(fixture, db));
    QFile::setPermissions(db, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    int chunksBefore = 0;
    {
        // Read-only opens of an old schema work (the UI may query before the indexer runs).
        auto ro = IndexStore::open(db, IndexStore::Mode::ReadOnly);
        QVERIFY2(ro, qPrintable(ro ? QString() : ro.error().toString()));
        QVERIFY((*ro)->meta(QStringLiteral("schema_version")).toInt() < IndexStore::kSchemaVersion);
        chunksBefore = (*ro)->chunks().count();
        QVERIFY(chunksBefore > 0);
    }
    auto store = IndexStore::open(db, IndexStore::Mode::ReadWrite);
    QVERIFY2(store, qPrintable(store ? QString() : store.error().toString()));
    IndexStore &s = **store;
    QCOMPARE(s.meta(QStringLiteral("schema_version")), QString::number(IndexStore::kSchemaVersion));
    // Nothing was lost: chunks, symbols, resolved references, vectors, FTS.
    QCOMPARE(s.chunks().count(), chunksBefore);
    const auto distance = s.symbols().named(QStringLiteral("distance_to"));
    QCOMPARE(distance.size(), 1);
    QCOMPARE(distance.first().path, QStringLiteral("pkg/geometry.py"));
    QVERIFY(!s.symbols().refsToSymbol(s.symbols().named(QStringLiteral("Point")).first().id).isEmpty());
    const auto hits = s.chunks().search(QStringLiteral("\"euclidean\""), 5);
    QVERIFY(hits && hits->size() == 1);
    QVERIFY(!s.embeddings().chunkVector(distance.first().chunkId, QStringLiteral("fixture-model")).isEmpty());
    QVERIFY(s.checkIntegrity(true));
    // The upgrade is final: opening again does nothing more.
    (*store).reset();
    auto again = IndexStore::open(db, IndexStore::Mode::ReadWrite);
    QVERIFY(again);
    QCOMPARE((*again)->chunks().count(), chunksBefore);
}

void tst_Recovery::upgradedIndexIsUpdatedIncrementally()
{
    QTemporaryDir data;
    QTemporaryDir root;
    const QString db = data.filePath(QStringLiteral("index.sqlite"));
    QVERIFY(QFile::copy(QStringLiteral(REPOLENS_TEST_DATA "/schema/v1.sqlite"), db));
    QFile::setPermissions(db, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    // The same sources in a new place: mtimes differ, content hashes match.
    const QString src = QStringLiteral(REPOLENS_TEST_DATA "/schema/src");
    QDirIterator it(src, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString from = it.next();
        const QString to = root.path() + from.mid(src.size());
        QDir().mkpath(QFileInfo(to).absolutePath());
        QVERIFY(QFile::copy(from, to));
    }
    Indexer indexer(root.path(), db);
    auto report = indexer.run();
    QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
    // A v1 index was chunked before the parser fingerprint existed: its files are
    // parsed once more by today's chunker, and only then is the content hash trusted again.
    QCOMPARE(report->filesParsed, 4);
    QCOMPARE(report->filesUnchanged, 0);
    {
        auto store = IndexStore::open(db, IndexStore::Mode::ReadOnly);
        QVERIFY(store);
        QCOMPARE((*store)->files().count(FileStatus::Indexed), 4);
    }
    // Touched again (mtimes differ, content hashes match): nothing is parsed.
    const QDateTime later = QDateTime::currentDateTime().addSecs(3600);
    QDirIterator touched(root.path(), QDir::Files, QDirIterator::Subdirectories);
    while (touched.hasNext()) {
        QFile f(touched.next());
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.setFileTime(later, QFileDevice::FileModificationTime));
    }
    Indexer again(root.path(), db);
    report = again.run();
    QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
    QCOMPARE(report->filesParsed, 0);
    QCOMPARE(report->filesUnchanged, 4);
}

void tst_Recovery::newerSchemaIsLeftAlone()
{
    QTemporaryDir data;
    QTemporaryDir root;
    makeCorpus(root.path(), 3);
    const QString db = indexCorpus(data, root.path());
    {
        auto store = IndexStore::open(db, IndexStore::Mode::ReadWrite);
        QVERIFY((*store)->setMeta(QStringLiteral("schema_version"), QStringLiteral("99")));
    }
    Indexer indexer(root.path(), db);
    auto report = indexer.run();
    QVERIFY(!report);
    QCOMPARE(report.error().code, ErrorCode::SchemaTooNew);
    // Not "repaired": a newer RepoLens wrote it and still can read it.
    QVERIFY(QDir(data.path()).entryList({QStringLiteral("*.corrupt-*")}).isEmpty());
}

void tst_Recovery::garbageIsMovedAsideAndRebuilt()
{
    QTemporaryDir data;
    QTemporaryDir root;
    makeCorpus(root.path(), 5);
    const QString db = data.filePath(QStringLiteral("index.sqlite"));
    {
        QFile f(db);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("this is not an index at all, just some text that someone saved here\n");
    }
    auto ro = IndexStore::open(db, IndexStore::Mode::ReadOnly);
    QVERIFY(!ro);
    QCOMPARE(ro.error().code, ErrorCode::Corrupt);
    Indexer indexer(root.path(), db);
    auto report = indexer.run();
    QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
    QCOMPARE(report->filesParsed, 5);
    QVERIFY(report->corruptMovedTo.startsWith(db + QStringLiteral(".corrupt-")));
    QVERIFY(report->corruptReason.contains(QStringLiteral("not an SQLite database")));
    QFile kept(report->corruptMovedTo);
    QVERIFY(kept.open(QIODevice::ReadOnly));
    QVERIFY(kept.readAll().startsWith("this is not an index"));
    QCOMPARE(integrity(db), QStringLiteral("ok"));
}

void tst_Recovery::truncatedDatabaseIsDetectedAtOpen()
{
    QTemporaryDir data;
    QTemporaryDir root;
    makeCorpus(root.path(), 60);
    const QString db = indexCorpus(data, root.path());
    QVERIFY(!QFileInfo::exists(db + QStringLiteral("-wal"))); // checkpointed at close
    const qint64 size = QFileInfo(db).size();
    QVERIFY(size > 64 * 1024);
    QVERIFY(QFile::resize(db, size / 2));
    auto ro = IndexStore::open(db, IndexStore::Mode::ReadOnly);
    QVERIFY(!ro);
    QCOMPARE(ro.error().code, ErrorCode::Corrupt);
    QVERIFY2(ro.error().message.contains(QStringLiteral("truncated")), qPrintable(ro.error().message));
    Indexer indexer(root.path(), db);
    auto report = indexer.run();
    QVERIFY(report);
    QCOMPARE(report->filesParsed, 60);
    QVERIFY(!report->corruptMovedTo.isEmpty());
    QCOMPARE(QFileInfo(report->corruptMovedTo).size(), size / 2);
    QCOMPARE(integrity(db), QStringLiteral("ok"));
}

void tst_Recovery::damagedPageIsFoundByIntegrityCheck()
{
    QTemporaryDir data;
    QTemporaryDir root;
    makeCorpus(root.path(), 60);
    const QString db = indexCorpus(data, root.path());
    {
        // Scribble over a few pages in the middle: the header is fine, the b-trees are not.
        QFile f(db);
        QVERIFY(f.open(QIODevice::ReadWrite));
        const qint64 pages = f.size() / 4096;
        for (qint64 p = pages / 2; p < pages / 2 + 4; ++p) {
            f.seek(p * 4096);
            f.write(QByteArray(4096, '\x5a'));
        }
    }
    IndexOptions options;
    options.verifyIntegrity = true;
    Indexer indexer(root.path(), db, options);
    auto report = indexer.run();
    QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
    QVERIFY(!report->corruptMovedTo.isEmpty());
    QCOMPARE(report->filesParsed, 60);
    QCOMPARE(integrity(db), QStringLiteral("ok"));
}

void tst_Recovery::diskFullKeepsTheIndexConsistent()
{
    QTemporaryDir data;
    QTemporaryDir root;
    makeCorpus(root.path(), 120);
    const QString db = data.filePath(QStringLiteral("index.sqlite"));
    int pagesAtStart = 0;
    {
        auto store = IndexStore::open(db, IndexStore::Mode::ReadWrite);
        QVERIFY(store);
        pagesAtStart = int(QFileInfo(db).size() / 4096);
    }
    IndexOptions options;
    options.batchFiles = 10;
    options.gitHistory = false;
    // Room for a few batches, not for all of them.
    qputenv("REPOLENS_DEBUG_MAX_PAGES", QByteArray::number(pagesAtStart + 60));
    {
        Indexer indexer(root.path(), db, options);
        auto report = indexer.run();
        qunsetenv("REPOLENS_DEBUG_MAX_PAGES");
        QVERIFY(!report);
        QCOMPARE(report.error().code, ErrorCode::DiskFull);
        qInfo("error: %s", qPrintable(report.error().toString()));
    }
    QCOMPARE(integrity(db), QStringLiteral("ok"));
    int committed = 0;
    {
        auto store = IndexStore::open(db, IndexStore::Mode::ReadOnly);
        committed = (*store)->files().count(FileStatus::Indexed);
        // Every file in the index is whole: its chunks are there.
        const auto files = (*store)->files().all();
        for (const FileRecord &f : files) {
            if (f.status == FileStatus::Indexed)
                QVERIFY(!(*store)->chunks().ofFile(f.id).isEmpty());
        }
    }
    QVERIFY2(committed > 0 && committed < 120, qPrintable(QString::number(committed)));
    // Space again: the next run finishes what is missing and redoes nothing.
    Indexer indexer(root.path(), db, options);
    auto report = indexer.run();
    QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
    QCOMPARE(report->filesParsed, 120 - committed);
    QCOMPARE(report->filesUnchanged, committed);
    QCOMPARE(integrity(db), QStringLiteral("ok"));
}

QTEST_GUILESS_MAIN(tst_Recovery)
#include "tst_recovery.moc"
