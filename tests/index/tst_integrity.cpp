// Damage found on opening and at run time (core/store/integrity.h), on real database files:
// - the root page of any table or index zeroed: IndexStore::open() says Corrupt in both modes (before,
//   a zeroed meta root read as "no schema yet": "the index is empty" / CREATE TABLE again);
// - a statement that meets SQLITE_CORRUPT marks the file, for this process and (marker file)
//   for others; the next writer moves it aside and rebuilds, and the mark goes with it;
// - errors carry the database file as context and no SQL;
// - a connection still reading a file that was moved aside (a query thread during a rebuild)
//   does not mark the new file at the same path.

#include "core/index/indexer.h"
#include "core/store/indexstore.h"
#include "core/store/integrity.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

using namespace RepoLens;

class tst_Integrity : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void zeroedRootIsCorruptOnOpening_data();
    void zeroedRootIsCorruptOnOpening();
    void damageMetAtRunTimeIsMarkedAndRepaired();
    void damageInAFileMovedAsideLeavesItsSuccessorAlone();

private:
    static int chunksLeaf(const QString &db);
    QString indexCorpus(const QString &dataDir);
    static QList<QPair<QString, int>> tableRoots(const QString &db);
    static void zeroPage(const QString &db, int page);

    QTemporaryDir m_root;
    QTemporaryDir m_pristine;
    QString m_pristineDb;
    int m_chunks = 0;
};

void tst_Integrity::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    for (int i = 0; i < 40; ++i) {
        const QString path = m_root.filePath(QStringLiteral("pkg%1/mod%2.py").arg(i % 4).arg(i));
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        for (int j = 0; j < 8; ++j)
            f.write(QStringLiteral("def fn_%1_%2(x):\n    return helper_%2(x) + %1\n\n").arg(i).arg(j).toUtf8());
    }
    m_pristineDb = indexCorpus(m_pristine.path());
    QVERIFY(QFileInfo::exists(m_pristineDb));
    // One self-contained file: everything in the main file, so page numbers are what SQLite reads.
    sqlite3 *h = nullptr;
    QCOMPARE(sqlite3_open(m_pristineDb.toUtf8().constData(), &h), SQLITE_OK);
    QCOMPARE(sqlite3_exec(h, "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode=DELETE;", nullptr, nullptr, nullptr),
             SQLITE_OK);
    sqlite3_close(h);
    auto store = IndexStore::open(m_pristineDb, IndexStore::Mode::ReadOnly);
    QVERIFY(store);
    m_chunks = (*store)->chunks().count();
    QVERIFY(m_chunks >= 320);
}

QString tst_Integrity::indexCorpus(const QString &dataDir)
{
    const QString db = dataDir + QStringLiteral("/index.sqlite");
    IndexOptions options;
    options.gitHistory = false;
    Indexer indexer(m_root.path(), db, options);
    auto report = indexer.run();
    if (!report)
        qWarning() << report.error().toString();
    return db;
}

QList<QPair<QString, int>> tst_Integrity::tableRoots(const QString &db)
{
    QList<QPair<QString, int>> out;
    sqlite3 *h = nullptr;
    sqlite3_open_v2(db.toUtf8().constData(), &h, SQLITE_OPEN_READONLY, nullptr);
    sqlite3_stmt *s = nullptr;
    sqlite3_prepare_v2(h, "SELECT name, rootpage FROM sqlite_master WHERE type IN ('table', 'index') AND rootpage > 1 ORDER BY rootpage",
                       -1, &s, nullptr);
    while (sqlite3_step(s) == SQLITE_ROW)
        out.append({QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(s, 0))), sqlite3_column_int(s, 1)});
    sqlite3_finalize(s);
    sqlite3_close(h);
    return out;
}

void tst_Integrity::zeroPage(const QString &db, int page)
{
    QFile f(db);
    QVERIFY(f.open(QIODevice::ReadWrite));
    QVERIFY(f.seek(qint64(page - 1) * 4096));
    QCOMPARE(f.write(QByteArray(4096, '\0')), qint64(4096));
}

void tst_Integrity::zeroedRootIsCorruptOnOpening_data()
{
    QTest::addColumn<QString>("table");
    QTest::addColumn<int>("page");
    const auto roots = tableRoots(m_pristineDb);
    QVERIFY(roots.size() >= 20);
    for (const auto &[table, page] : roots)
        QTest::newRow(qPrintable(table)) << table << page;
}

void tst_Integrity::zeroedRootIsCorruptOnOpening()
{
    QFETCH(QString, table);
    QFETCH(int, page);
    QTemporaryDir data;
    const QString db = data.filePath(QStringLiteral("index.sqlite"));
    QVERIFY(QFile::copy(m_pristineDb, db));
    QFile::setPermissions(db, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    zeroPage(db, page);
    for (const auto mode : {IndexStore::Mode::ReadOnly, IndexStore::Mode::ReadWrite}) {
        auto store = IndexStore::open(db, mode);
        QVERIFY2(!store, qPrintable(table));
        QCOMPARE(store.error().code, ErrorCode::Corrupt);
        QCOMPARE(store.error().context, db);
        QVERIFY2(!store.error().message.contains(QLatin1String("SELECT")), qPrintable(store.error().message));
    }
    // Marked for every process until repaired.
    QVERIFY(Damage::reason(db));
    QVERIFY(QFileInfo::exists(Damage::markerPath(db)));
    auto moved = IndexStore::moveAside(db);
    QVERIFY(moved);
    QVERIFY(!Damage::reason(db));
    QVERIFY(!QFileInfo::exists(Damage::markerPath(db)));
}

// The last leaf page of the chunks table (not a root: opening does not read it).
int tst_Integrity::chunksLeaf(const QString &db)
{
    int leaf = 0;
    sqlite3 *h = nullptr;
    sqlite3_open_v2(db.toUtf8().constData(), &h, SQLITE_OPEN_READONLY, nullptr);
    sqlite3_stmt *s = nullptr;
    sqlite3_prepare_v2(h, "SELECT max(pageno) FROM dbstat WHERE name = 'chunks' AND pagetype = 'leaf'", -1, &s,
                       nullptr);
    if (sqlite3_step(s) == SQLITE_ROW)
        leaf = sqlite3_column_int(s, 0);
    sqlite3_finalize(s);
    sqlite3_close(h);
    return leaf;
}

void tst_Integrity::damageMetAtRunTimeIsMarkedAndRepaired()
{
    QTemporaryDir data;
    const QString db = data.filePath(QStringLiteral("index.sqlite"));
    QVERIFY(QFile::copy(m_pristineDb, db));
    QFile::setPermissions(db, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    // A leaf of the chunks table that is not a root: opening does not read it.
    const int leaf = chunksLeaf(db);
    const auto roots = tableRoots(db);
    QVERIFY(leaf > 0);
    QVERIFY(std::none_of(roots.cbegin(), roots.cend(), [&](const auto &r) { return r.second == leaf; }));
    zeroPage(db, leaf);
    {
        auto store = IndexStore::open(db, IndexStore::Mode::ReadOnly);
        QVERIFY2(store, qPrintable(store ? QString() : store.error().toString()));
        QVERIFY(!(*store)->damage());
        // A read over every chunk meets the page: the reader goes on, the file is marked.
        int seen = 0;
        (*store)->chunks().forEach([&](const ChunkRecord &) { ++seen; });
        QVERIFY(seen < m_chunks);
        QVERIFY((*store)->damage());
        QVERIFY(Damage::seenHere(db));
    }
    QFile marker(Damage::markerPath(db));
    QVERIFY(marker.open(QIODevice::ReadOnly));
    QVERIFY2(marker.readAll().contains("malformed"), "the marker holds SQLite's reason");
    marker.close();
    // The next writer repairs it: moved aside (kept), rebuilt whole, the mark gone.
    IndexOptions options;
    options.gitHistory = false;
    Indexer indexer(m_root.path(), db, options);
    auto report = indexer.run();
    QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
    QVERIFY(!report->corruptMovedTo.isEmpty());
    QVERIFY2(report->corruptReason.contains(QLatin1String("malformed")), qPrintable(report->corruptReason));
    QCOMPARE(report->filesParsed, 40);
    QVERIFY(!Damage::reason(db));
    auto store = IndexStore::open(db, IndexStore::Mode::ReadOnly);
    QVERIFY(store);
    QCOMPARE((*store)->chunks().count(), m_chunks);
    QVERIFY((*store)->checkIntegrity(true));
}

// A query thread opened the damaged file before the writer moved it aside and rebuilt the
// index; it meets the damage afterwards. The damage is in the file moved aside: the new index
// at the same path must not be marked (that cost one more rebuild, for nothing).
void tst_Integrity::damageInAFileMovedAsideLeavesItsSuccessorAlone()
{
    QTemporaryDir data;
    const QString db = data.filePath(QStringLiteral("index.sqlite"));
    QVERIFY(QFile::copy(m_pristineDb, db));
    QFile::setPermissions(db, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    const int leaf = chunksLeaf(db);
    QVERIFY(leaf > 0);
    zeroPage(db, leaf);
    auto old = IndexStore::open(db, IndexStore::Mode::ReadOnly);
    QVERIFY2(old, qPrintable(old ? QString() : old.error().toString()));
    // The writer moves it aside (as after damage found elsewhere) and a new index takes the path.
    auto moved = IndexStore::moveAside(db);
    QVERIFY(moved);
    QVERIFY(QFile::copy(m_pristineDb, db));
    QFile::setPermissions(db, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    // The old connection meets the zeroed page of the file it still has open.
    int seen = 0;
    (*old)->chunks().forEach([&](const ChunkRecord &) { ++seen; });
    QVERIFY(seen < m_chunks);
    QVERIFY2(!Damage::reason(db), qPrintable(Damage::reason(db).value_or(QString())));
    QVERIFY(!QFileInfo::exists(Damage::markerPath(db)));
    old->reset();
    // The new index is whole and unmarked; a damage it has itself is still marked.
    auto fresh = IndexStore::open(db, IndexStore::Mode::ReadOnly);
    QVERIFY(fresh);
    QVERIFY(!(*fresh)->damage());
    QCOMPARE((*fresh)->chunks().count(), m_chunks);
    fresh->reset();
    zeroPage(db, leaf);
    auto damaged = IndexStore::open(db, IndexStore::Mode::ReadOnly);
    QVERIFY(damaged);
    (*damaged)->chunks().forEach([](const ChunkRecord &) {});
    QVERIFY((*damaged)->damage());
    damaged->reset();
    QVERIFY(IndexStore::moveAside(db));
}

QTEST_GUILESS_MAIN(tst_Integrity)
#include "tst_integrity.moc"
