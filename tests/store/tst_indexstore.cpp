#include "core/parse/chunker.h"
#include "core/store/codetokens.h"
#include "core/store/indexstore.h"

#include <QTemporaryDir>
#include <QTest>

using namespace RepoLens;

class tst_IndexStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tokenizer_data();
    void tokenizer();
    void createWriteSearch();
    void replaceRemovesOldRows();
    void readOnlyRejectsMissingAndNewerSchema();
    void corruptFileIsDetected();

private:
    static ParseResult parsePython(const QByteArray &src)
    {
        Chunker chunker;
        return chunker.parse(LanguageId::Python, src);
    }
};

void tst_IndexStore::tokenizer_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("terms");
    QTest::newRow("camel") << QStringLiteral("getHTTPResponse2") << QStringList{
        QStringLiteral("gethttpresponse2"), QStringLiteral("get"), QStringLiteral("http"),
        QStringLiteral("response")};
    QTest::newRow("snake") << QStringLiteral("_encode_files(x)") << QStringList{
        QStringLiteral("encode_files"), QStringLiteral("encode"), QStringLiteral("files")};
    QTest::newRow("path") << QStringLiteral("src/requests/models.py") << QStringList{
        QStringLiteral("src"), QStringLiteral("requests"), QStringLiteral("models"), QStringLiteral("py")};
    QTest::newRow("digits") << QStringLiteral("utf8_decode base64") << QStringList{
        QStringLiteral("utf8_decode"), QStringLiteral("utf"), QStringLiteral("utf8"),
        QStringLiteral("decode"), QStringLiteral("base64"), QStringLiteral("base"), QStringLiteral("64")};
    QTest::newRow("capitalised and lower case words have no parts")
        << QStringLiteral("Session request") << QStringList{QStringLiteral("session"), QStringLiteral("request")};
    QTest::newRow("constant") << QStringLiteral("MAX_SIZE") << QStringList{
        QStringLiteral("max_size"), QStringLiteral("max"), QStringLiteral("size")};
    QTest::newRow("acronym") << QStringLiteral("HTTPServer") << QStringList{
        QStringLiteral("httpserver"), QStringLiteral("http"), QStringLiteral("server")};
    QTest::newRow("non-ASCII letters are lower case") << QStringLiteral("gro\u00dfZahl") << QStringList{
        QStringLiteral("gro\u00dfzahl"), QStringLiteral("gro\u00df"), QStringLiteral("zahl")};
    QTest::newRow("one-character parts") << QStringLiteral("a1b2 x") << QStringList{QStringLiteral("a1b2")};
}

void tst_IndexStore::tokenizer()
{
    QFETCH(QString, text);
    QFETCH(QStringList, terms);
    QCOMPARE(codeTerms(text), terms);
}

void tst_IndexStore::createWriteSearch()
{
    QTemporaryDir dir;
    auto store = IndexStore::open(dir.filePath(QStringLiteral("i.sqlite")), IndexStore::Mode::ReadWrite);
    QVERIFY2(store, qPrintable(store ? QString() : store.error().toString()));
    QCOMPARE((*store)->meta(QStringLiteral("schema_version")), QString::number(IndexStore::kSchemaVersion));
    QVERIFY((*store)->beginTransaction());
    FileRecord f;
    f.path = QStringLiteral("pkg/adapters.py");
    f.language = LanguageId::Python;
    f.status = FileStatus::Indexed;
    auto id = (*store)->files().upsert(f);
    QVERIFY(id);
    const ParseResult parsed = parsePython(
        "class HTTPAdapter:\n    def send(self, request):\n        return get_connection(request.url)\n\n"
        "def get_connection(url):\n    return ProxyManager(url)\n");
    QVERIFY((*store)->replaceFileContent(*id, f.path, parsed));
    FileRecord g;
    g.path = QStringLiteral("docs/readme.md");
    g.status = FileStatus::Indexed;
    auto gid = (*store)->files().upsert(g);
    QVERIFY((*store)->replaceFileContent(*gid, g.path, chunkText(LanguageId::Markdown, "# Proxies\nProxy settings.\n", {})));
    QVERIFY((*store)->commit());

    // a part of a snake_case name matches: the method calling it and the function itself
    // (the class skeleton leaves method bodies out)
    auto hits = (*store)->chunks().search(QStringLiteral("\"connection\""), 10);
    QVERIFY(hits);
    QCOMPARE(hits->size(), 2);
    const auto best = (*store)->chunks().chunk(hits->first().chunkId);
    QVERIFY(best);
    QCOMPARE(best->qualifiedName, QStringLiteral("get_connection")); // name weighted above body
    // path tokens
    auto byPath = (*store)->chunks().search(QStringLiteral("\"adapters\""), 10);
    QCOMPARE(byPath->size(), 3);
    // porter stemming: "proxies" finds "Proxy"
    auto stem = (*store)->chunks().search(QStringLiteral("\"proxies\""), 10);
    QCOMPARE(stem->size(), 2);
    // a bad MATCH expression is an error, not a crash
    QVERIFY(!(*store)->chunks().search(QStringLiteral("\"unterminated"), 10));
    QCOMPARE((*store)->chunks().count(), 4);
    QCOMPARE((*store)->symbols().named(QStringLiteral("send")).size(), 1);
    QCOMPARE((*store)->symbols().named(QStringLiteral("send")).first().qualifiedName, QStringLiteral("HTTPAdapter.send"));
}

void tst_IndexStore::replaceRemovesOldRows()
{
    QTemporaryDir dir;
    auto store = IndexStore::open(dir.filePath(QStringLiteral("i.sqlite")), IndexStore::Mode::ReadWrite);
    QVERIFY(store);
    FileRecord f;
    f.path = QStringLiteral("a.py");
    f.status = FileStatus::Indexed;
    auto id = (*store)->files().upsert(f);
    QVERIFY((*store)->replaceFileContent(*id, f.path, parsePython("def alpha():\n    beta()\n")));
    QVERIFY((*store)->replaceFileContent(*id, f.path, parsePython("def gamma():\n    delta()\n")));
    QCOMPARE((*store)->chunks().search(QStringLiteral("\"alpha\""), 10)->size(), 0);
    QCOMPARE((*store)->chunks().search(QStringLiteral("\"gamma\""), 10)->size(), 1);
    QCOMPARE((*store)->symbols().refCount(QStringLiteral("beta")), 0);
    QCOMPARE((*store)->symbols().refCount(QStringLiteral("delta")), 1);
    QVERIFY((*store)->removeFile(f.path));
    QCOMPARE((*store)->chunks().count(), 0);
    QCOMPARE((*store)->chunks().search(QStringLiteral("\"gamma\""), 10)->size(), 0);
    QVERIFY((*store)->checkIntegrity(true));
}

void tst_IndexStore::readOnlyRejectsMissingAndNewerSchema()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("i.sqlite"));
    auto missing = IndexStore::open(path, IndexStore::Mode::ReadOnly);
    QVERIFY(!missing);
    QCOMPARE(missing.error().code, ErrorCode::NotFound);
    {
        auto store = IndexStore::open(path, IndexStore::Mode::ReadWrite);
        QVERIFY(store);
        QVERIFY((*store)->setMeta(QStringLiteral("schema_version"), QStringLiteral("999")));
    }
    auto newer = IndexStore::open(path, IndexStore::Mode::ReadWrite);
    QVERIFY(!newer);
    QCOMPARE(newer.error().code, ErrorCode::SchemaTooNew);
}

void tst_IndexStore::corruptFileIsDetected()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("i.sqlite"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray(8192, 'x'));
    f.close();
    auto store = IndexStore::open(path, IndexStore::Mode::ReadWrite);
    QVERIFY(!store);
    QCOMPARE(store.error().code, ErrorCode::Corrupt);
}

QTEST_GUILESS_MAIN(tst_IndexStore)
#include "tst_indexstore.moc"
