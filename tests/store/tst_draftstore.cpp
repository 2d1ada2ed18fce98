#include "storetestutil.h"

#include "core/store/fts5tokenizer_p.h"

#include <QFileInfo>

#include <sqlite3.h>

using namespace RepoLens;
using namespace RepoLens::StoreTest;

class tst_DraftStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void windowsAnswerUntilTheFileIsParsed();
    void unpublishedDraftsAreInvisible();
    void clearRemovesTheFile();
    void preTokensIndexExactlyAsTheTokenizer();
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

namespace {

QStringList rows(sqlite3 *db, const char *sql, const QByteArray &arg = {})
{
    QStringList out;
    sqlite3_stmt *s = nullptr;
    if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) != SQLITE_OK)
        return {QStringLiteral("error: ") + QString::fromUtf8(sqlite3_errmsg(db))};
    if (!arg.isNull())
        sqlite3_bind_text(s, 1, arg.constData(), int(arg.size()), SQLITE_TRANSIENT);
    while (sqlite3_step(s) == SQLITE_ROW) {
        QStringList cols;
        for (int i = 0; i < sqlite3_column_count(s); ++i)
            cols << QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(s, i)));
        out << cols.join(QLatin1Char(','));
    }
    sqlite3_finalize(s);
    return out;
}

bool exec(sqlite3 *db, const char *sql)
{
    return sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK;
}

} // namespace

// The draft threads' tokens (ftspretokens.h) must give the very postings that "porter repolens"
// gives the raw text: every term at every position, parts colocated, stems and all; and a
// query must find the same rows.
void tst_DraftStore::preTokensIndexExactlyAsTheTokenizer()
{
    sqlite3 *db = nullptr;
    QCOMPARE(sqlite3_open(":memory:", &db), SQLITE_OK);
    auto closer = qScopeGuard([&] { sqlite3_close(db); });
    QVERIFY(registerCodeTokenizer(db));
    QVERIFY(exec(db, "CREATE VIRTUAL TABLE raw USING fts5(path, text, content='', tokenize='porter repolens');"
                     "CREATE VIRTUAL TABLE pre USING fts5(path, text, content='', tokenize='repolens_pre');"
                     "CREATE VIRTUAL TABLE raw_v USING fts5vocab(raw, 'instance');"
                     "CREATE VIRTUAL TABLE pre_v USING fts5vocab(pre, 'instance');"));
    auto tokenizer = makePreTokenizer(db, 2);
    QVERIFY(tokenizer);

    QList<QPair<QByteArray, QByteArray>> docs = {
        {"src/HttpClient/getHTTPResponse2.py", "def getHTTPResponse2(self, connections, running):\n    return None | x"},
        {"lib/parse_config.rs", "fn parse_config_file(path: &Path) -> Result<Config> { // Parsing configurations\n}"},
        {"docs/README.md", "Caf\xc3\xa9 na\xc3\xafve \xe4\xb8\xad\xe6\x96\x87 | pipes || and  spaces\t\ttabs"},
        {"a/b.c", ""},
        {"x.js", "const " + QByteArray(90, 'a') + "Bcd_" + QByteArray(70, 'E') + " = 1; // a very long identifier"},
        {"invalid.txt", "bytes \xff\xfe not UTF-8 \x80\x81 generalizations 42abc abc42 __init__ ALLCAPS_NAME"},
    };
    // and something bigger: real sources
    for (const char *path : {"/core/store/fts5tokenizer.cpp", "/core/store/codetokens.cpp", "/README.md"}) {
        QFile file(QStringLiteral(REPOLENS_SOURCE_DIR) + QLatin1String(path));
        QVERIFY(file.open(QIODevice::ReadOnly));
        docs.append({QByteArray(path), file.readAll()});
    }

    sqlite3_stmt *insRaw = nullptr;
    sqlite3_stmt *insPre = nullptr;
    QCOMPARE(sqlite3_prepare_v2(db, "INSERT INTO raw(rowid, path, text) VALUES (?1, ?2, ?3)", -1, &insRaw, nullptr), SQLITE_OK);
    QCOMPARE(sqlite3_prepare_v2(db, "INSERT INTO pre(rowid, path, text) VALUES (?1, ?2, ?3)", -1, &insPre, nullptr), SQLITE_OK);
    for (int i = 0; i < docs.size(); ++i) {
        const QByteArray path = (*tokenizer)->encode(docs[i].first);
        const QByteArray text = (*tokenizer)->encode(docs[i].second);
        sqlite3_bind_int(insRaw, 1, i + 1);
        sqlite3_bind_text(insRaw, 2, docs[i].first.constData(), int(docs[i].first.size()), SQLITE_TRANSIENT);
        sqlite3_bind_text(insRaw, 3, docs[i].second.constData(), int(docs[i].second.size()), SQLITE_TRANSIENT);
        QCOMPARE(sqlite3_step(insRaw), SQLITE_DONE);
        sqlite3_reset(insRaw);
        sqlite3_bind_int(insPre, 1, i + 1);
        sqlite3_bind_text(insPre, 2, path.constData(), int(path.size()), SQLITE_TRANSIENT);
        sqlite3_bind_text(insPre, 3, text.constData(), int(text.size()), SQLITE_TRANSIENT);
        QCOMPARE(sqlite3_step(insPre), SQLITE_DONE);
        sqlite3_reset(insPre);
    }
    sqlite3_finalize(insRaw);
    sqlite3_finalize(insPre);

    const QStringList want = rows(db, "SELECT term, doc, col, offset FROM raw_v ORDER BY 1, 2, 3, 4");
    const QStringList got = rows(db, "SELECT term, doc, col, offset FROM pre_v ORDER BY 1, 2, 3, 4");
    QVERIFY(want.size() > 500);
    QVERIFY(want.contains(QStringLiteral("gethttpresponse2,1,path,2"))); // a word of the path
    QVERIFY(want.contains(QStringLiteral("connect,1,text,3")));          // stemmed: "connections"
    QVERIFY(want.contains(QStringLiteral("respons,1,text,1")));          // a part, colocated
    QCOMPARE(got, want);
    // the documents' lengths (bm25) are the same too
    QCOMPARE(rows(db, "SELECT rowid, bm25(pre) FROM pre WHERE pre MATCH 'pars*' ORDER BY rowid"),
             rows(db, "SELECT rowid, bm25(raw) FROM raw WHERE raw MATCH 'pars*' ORDER BY rowid"));

    // queries are tokenized as in "porter repolens": stems, phrases, prefixes, parts
    for (const char *q : {"\"configurations\"", "\"getHTTPResponse2\"", "\"response\"", "\"pars\"*",
                          "\"return none\"", "text : \"generalization\"", "path : \"codetokens\"",
                          "\"caf\xc3\xa9\"", "\"ALLCAPS_NAME\""}) {
        const QStringList a = rows(db, "SELECT rowid FROM raw WHERE raw MATCH ?1 ORDER BY rowid", q);
        const QStringList b = rows(db, "SELECT rowid FROM pre WHERE pre MATCH ?1 ORDER BY rowid", q);
        QVERIFY2(!a.isEmpty(), q);
        QCOMPARE(b, a);
    }
}

QTEST_GUILESS_MAIN(tst_DraftStore)
#include "tst_draftstore.moc"
