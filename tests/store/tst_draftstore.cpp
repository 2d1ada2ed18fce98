#include "storetestutil.h"

#include <QFileInfo>

using namespace RepoLens;
using namespace RepoLens::StoreTest;

class tst_DraftStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void windowsAnswerUntilTheFileIsParsed();
    void unpublishedDraftsAreInvisible();
    void clearRemovesTheFile();
};

namespace {

Chunk window(int start, int end, const char *text)
{
    Chunk c;
    c.kind = ChunkKind::Text;
    c.startLine = start;
    c.endLine = end;
    c.text = QString::fromLatin1(text);
    return c;
}

qint64 pendingFile(IndexStore &store, const char *path)
{
    FileRecord f;
    f.path = QString::fromLatin1(path);
    f.status = FileStatus::Pending;
    auto id = store.files().upsert(f);
    return id ? *id : 0;
}

} // namespace

void tst_DraftStore::windowsAnswerUntilTheFileIsParsed()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    QVERIFY(!store->drafts().exists());
    const qint64 a = pendingFile(*store, "a.py");
    const qint64 b = pendingFile(*store, "b.py");
    QVERIFY(store->drafts().begin()); // attaches the file: before the transaction
    QVERIFY(store->beginTransaction());
    QVERIFY(store->drafts().add(a, QStringLiteral("a.py"), {window(1, 40, "def frobnicate(): pass"), window(41, 80, "x = 1")}));
    QVERIFY(store->drafts().add(b, QStringLiteral("b.py"), {window(1, 10, "frobnicate()")}));
    QVERIFY(store->commit());
    QVERIFY(store->drafts().publish());
    QVERIFY(QFileInfo::exists(store->drafts().path()));
    QVERIFY(store->drafts().exists());
    QCOMPARE(store->drafts().count(), 3);

    // a second, read-only connection sees them too
    auto reader = IndexStore::open(store->path(), IndexStore::Mode::ReadOnly);
    QVERIFY(reader);
    auto hits = (*reader)->chunks().search(QStringLiteral("\"frobnicate\""), 10);
    QVERIFY(hits);
    QCOMPARE(hits->size(), 2);
    for (const FtsHit &h : *hits)
        QVERIFY(h.chunkId < 0);
    const auto w = (*reader)->chunks().chunk(hits->first().chunkId);
    QVERIFY(w);
    QCOMPARE(w->kind, ChunkKind::Text);
    QVERIFY(w->path == QLatin1String("a.py") || w->path == QLatin1String("b.py"));
    const QList<ChunkRecord> headers = (*reader)->chunks().headers({hits->at(0).chunkId, hits->at(1).chunkId});
    QCOMPARE(headers.size(), 2);

    // a.py is parsed: its windows stop counting, its chunk answers instead
    QVERIFY(store->beginTransaction());
    FileRecord fa = *store->files().file(a);
    fa.status = FileStatus::Indexed;
    QVERIFY(store->files().upsert(fa));
    QVERIFY(store->replaceFileContent(a, fa.path, parse(LanguageId::Python, "def frobnicate():\n    pass\n")));
    QVERIFY(store->commit());
    hits = (*reader)->chunks().search(QStringLiteral("\"frobnicate\""), 10);
    QCOMPARE(hits->size(), 2);
    int drafts = 0;
    for (const FtsHit &h : *hits) {
        const auto c = (*reader)->chunks().chunk(h.chunkId);
        QVERIFY(c);
        if (h.chunkId < 0) {
            ++drafts;
            QCOMPARE(c->path, QStringLiteral("b.py"));
        } else {
            QCOMPARE(c->name, QStringLiteral("frobnicate"));
        }
    }
    QCOMPARE(drafts, 1);
}

void tst_DraftStore::unpublishedDraftsAreInvisible()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    const qint64 a = pendingFile(*store, "a.py");
    QVERIFY(store->drafts().begin()); // attaches the file: before the transaction
    QVERIFY(store->beginTransaction());
    QVERIFY(store->drafts().add(a, QStringLiteral("a.py"), {window(1, 2, "zanzibar")}));
    QVERIFY(store->commit());
    auto reader = IndexStore::open(store->path(), IndexStore::Mode::ReadOnly);
    QVERIFY(reader);
    QVERIFY(!(*reader)->drafts().exists()); // still under its temporary name
    QCOMPARE((*reader)->chunks().search(QStringLiteral("\"zanzibar\""), 10)->size(), 0);
    QVERIFY(store->drafts().publish());
    QCOMPARE((*reader)->chunks().search(QStringLiteral("\"zanzibar\""), 10)->size(), 1);
    // adding after publishing is refused
    QVERIFY(!store->drafts().add(a, QStringLiteral("a.py"), {window(3, 4, "more")}));
}

void tst_DraftStore::clearRemovesTheFile()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    const qint64 a = pendingFile(*store, "a.py");
    QVERIFY(store->drafts().begin()); // attaches the file: before the transaction
    QVERIFY(store->beginTransaction());
    QVERIFY(store->drafts().add(a, QStringLiteral("a.py"), {window(1, 2, "quokka")}));
    QVERIFY(store->commit());
    QVERIFY(store->drafts().publish());
    auto reader = IndexStore::open(store->path(), IndexStore::Mode::ReadOnly);
    QCOMPARE((*reader)->chunks().search(QStringLiteral("\"quokka\""), 10)->size(), 1);
    QVERIFY(store->drafts().clear());
    QVERIFY(!QFileInfo::exists(store->drafts().path()));
    QVERIFY(!(*reader)->drafts().exists()); // the reader lets go of it too
    QCOMPARE((*reader)->chunks().search(QStringLiteral("\"quokka\""), 10)->size(), 0);
    QCOMPARE((*reader)->drafts().count(), 0);
}

QTEST_GUILESS_MAIN(tst_DraftStore)
#include "tst_draftstore.moc"
