#include "storetestutil.h"

using namespace RepoLens;
using namespace RepoLens::StoreTest;

class tst_FileStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void upsertInsertsThenUpdates();
    void underSelectsOneFolder();
    void statusCountsGroupReasons();
    void gitHistory();
    void removeFileTakesItsContent();
};

void tst_FileStore::upsertInsertsThenUpdates()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    FileRecord f;
    f.path = QStringLiteral("src/a.py");
    f.language = LanguageId::Python;
    f.size = 10;
    f.mtimeMs = 1000;
    f.contentHash = QByteArray("hash-1");
    f.lineCount = 3;
    f.status = FileStatus::Indexed;
    auto id = store->files().upsert(f);
    QVERIFY(id);
    QVERIFY(*id > 0);
    f.size = 20;
    f.status = FileStatus::TooLarge;
    f.reason = QStringLiteral("over 1 MB");
    auto again = store->files().upsert(f);
    QCOMPARE(*again, *id); // same path, same row
    const auto read = store->files().file(*id);
    QVERIFY(read);
    QCOMPARE(read->path, f.path);
    QCOMPARE(read->size, 20);
    QCOMPARE(read->mtimeMs, 1000);
    QCOMPARE(read->contentHash, QByteArray("hash-1"));
    QCOMPARE(read->status, FileStatus::TooLarge);
    QCOMPARE(read->reason, QStringLiteral("over 1 MB"));
    QCOMPARE(read->language, LanguageId::Python);
    QCOMPARE(store->files().file(f.path)->id, *id);
    QVERIFY(!store->files().file(QStringLiteral("src/b.py")));
    QCOMPARE(store->files().all().size(), 1);
}

void tst_FileStore::underSelectsOneFolder()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    for (const char *p : {"src/a.py", "src/sub/b.py", "src0/c.py", "srcx.py", "other/src/d.py"}) {
        FileRecord f;
        f.path = QString::fromLatin1(p);
        QVERIFY(store->files().upsert(f));
    }
    QStringList under = store->files().under(QStringLiteral("src")).keys();
    under.sort();
    QCOMPARE(under, (QStringList{QStringLiteral("src/a.py"), QStringLiteral("src/sub/b.py")}));
    QCOMPARE(store->files().under(QString()).size(), 5);
}

void tst_FileStore::statusCountsGroupReasons()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    auto put = [&](const char *path, FileStatus status, const char *reason) {
        FileRecord f;
        f.path = QString::fromLatin1(path);
        f.status = status;
        f.reason = QString::fromLatin1(reason);
        QVERIFY(store->files().upsert(f));
    };
    put("a.py", FileStatus::Indexed, "");
    put("b.py", FileStatus::Indexed, "");
    put("c.bin", FileStatus::Binary, "binary content");
    put("d.bin", FileStatus::Binary, "binary content");
    put("e.min.js", FileStatus::Generated, "minified");
    QCOMPARE(store->files().count(FileStatus::Indexed), 2);
    QCOMPARE(store->files().count(FileStatus::Binary), 2);
    QCOMPARE(store->files().count(FileStatus::ParseError), 0);
    const QList<StatusCount> counts = store->files().statusCounts();
    QCOMPARE(counts.size(), 3);
    for (const StatusCount &c : counts) {
        if (c.status == FileStatus::Binary) {
            QCOMPARE(c.files, 2);
            QCOMPARE(c.reasons.value(QStringLiteral("binary content")), 2);
        } else if (c.status == FileStatus::Indexed) {
            QCOMPARE(c.files, 2);
            QVERIFY(c.reasons.isEmpty());
        }
    }
}

void tst_FileStore::gitHistory()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    FileRecord f;
    f.path = QStringLiteral("a.py");
    QVERIFY(store->files().upsert(f));
    QVERIFY(store->files().setGitHistory({{QStringLiteral("a.py"), {7, 1700000000}},
                                          {QStringLiteral("gone.py"), {1, 1}}}));
    const auto read = store->files().file(QStringLiteral("a.py"));
    QCOMPARE(read->commitCount, 7);
    QCOMPARE(read->lastCommitTime, qint64(1700000000));
    QCOMPARE(store->files().all().size(), 1); // history of unknown paths adds no rows
}

void tst_FileStore::removeFileTakesItsContent()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    const qint64 id = addFile(*store, QStringLiteral("a.py"), "def alpha():\n    beta()\n");
    QVERIFY(id);
    QVERIFY(store->chunks().count() > 0);
    QVERIFY(store->removeFile(QStringLiteral("a.py")));
    QVERIFY(!store->files().file(id));
    QCOMPARE(store->chunks().count(), 0);
    QCOMPARE(store->symbols().named(QStringLiteral("alpha")).size(), 0);
    QCOMPARE(store->symbols().refCount(QStringLiteral("beta")), 0);
    QVERIFY(store->removeFile(QStringLiteral("never-there.py"))); // nothing to do is fine
}

QTEST_GUILESS_MAIN(tst_FileStore)
#include "tst_filestore.moc"
