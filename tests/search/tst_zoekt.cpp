// The remote keyword generator against a fake zoekt webserver on 127.0.0.1 speaking zoekt's JSON
// API (POST /api/search, {"Result": {"Files": [...]}} with base64 ChunkMatches or LineMatches):
// the query sent, the hits read, the open folder's files fused into the local ranking, the
// others listed apart; a dead server, a timeout, a reply that is not zoekt's, an HTTP error: the
// local results stand and a note says why; nothing is sent without a configured URL.

#include "../common/fakehttpserver.h"

#include "core/parse/chunker.h"
#include "core/search/searcher.h"
#include "core/search/searchsettings.h"
#include "core/search/zoektgenerator.h"
#include "core/store/conversationstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace RepoLens;

namespace {

const char *const kProxies = R"PY(
def select_proxy(url, proxies):
    """Pick the proxy for a URL."""
    return proxies.get(url)


def resolve_proxies(request, proxies):
    return select_proxy(request.url, proxies)
)PY";

const char *const kCookies = R"PY(
class CookieJar:
    """Stores cookies per domain."""

    def set_cookie(self, cookie):
        self.cookies[cookie.domain] = cookie


def merge_cookies(jar, cookies):
    """Adds cookies to a jar, for proxies too."""
    for cookie in cookies:
        jar.set_cookie(cookie)
)PY";

QString b64(const QByteArray &text)
{
    return QString::fromLatin1(text.toBase64());
}

QJsonObject location(int byteOffset, int line, int column)
{
    return QJsonObject{{QStringLiteral("ByteOffset"), byteOffset},
                       {QStringLiteral("LineNumber"), line},
                       {QStringLiteral("Column"), column}};
}

// A ChunkMatch as zoekt's JSON encoder writes it.
QJsonObject chunkMatch(const QByteArray &content, int firstLine, double score, int ranges = 1, bool fileName = false)
{
    QJsonArray r;
    for (int i = 0; i < ranges; ++i)
        r.append(QJsonObject{{QStringLiteral("Start"), location(10 * i, firstLine + i, 5)},
                             {QStringLiteral("End"), location(10 * i + 6, firstLine + i, 11)}});
    return QJsonObject{{QStringLiteral("DebugScore"), QString()},
                       {QStringLiteral("Content"), b64(content)},
                       {QStringLiteral("Ranges"), r},
                       {QStringLiteral("SymbolInfo"), QJsonValue::Null},
                       {QStringLiteral("FileName"), fileName},
                       {QStringLiteral("ContentStart"), location(0, firstLine, 1)},
                       {QStringLiteral("Score"), score},
                       {QStringLiteral("BestLineMatch"), fileName ? 0 : firstLine}};
}

// A LineMatch as zoekt's JSON encoder writes it (Before / After: null without context lines).
QJsonObject lineMatch(const QByteArray &line, int number, double score, const QByteArray &before = {},
                      const QByteArray &after = {}, int fragments = 1)
{
    QJsonArray f;
    for (int i = 0; i < fragments; ++i)
        f.append(QJsonObject{{QStringLiteral("LineOffset"), 4 * i},
                             {QStringLiteral("Offset"), 100 + 4 * i},
                             {QStringLiteral("MatchLength"), 3},
                             {QStringLiteral("SymbolInfo"), QJsonValue::Null}});
    return QJsonObject{{QStringLiteral("Line"), b64(line)},
                       {QStringLiteral("LineStart"), 100},
                       {QStringLiteral("LineEnd"), 100 + int(line.size())},
                       {QStringLiteral("LineNumber"), number},
                       {QStringLiteral("Before"), before.isNull() ? QJsonValue(QJsonValue::Null) : QJsonValue(b64(before))},
                       {QStringLiteral("After"), after.isNull() ? QJsonValue(QJsonValue::Null) : QJsonValue(b64(after))},
                       {QStringLiteral("FileName"), false},
                       {QStringLiteral("Score"), score},
                       {QStringLiteral("DebugScore"), QString()},
                       {QStringLiteral("LineFragments"), f}};
}

QJsonObject fileMatch(const QString &repository, const QString &path, double score, const QString &key,
                      const QJsonArray &matches)
{
    return QJsonObject{{QStringLiteral("FileName"), path},
                       {QStringLiteral("Repository"), repository},
                       {QStringLiteral("Version"), QStringLiteral("4f0c2a1e")},
                       {QStringLiteral("Language"), QStringLiteral("Python")},
                       {QStringLiteral("Branches"), QJsonArray{QStringLiteral("HEAD")}},
                       {key, matches},
                       {QStringLiteral("Checksum"), b64("12345678")},
                       {QStringLiteral("Score"), score}};
}

// {"Result": {<Stats fields inline>, "Files": [...], "RepoURLs", "LineFragments"}}
QByteArray zoektReply(const QJsonValue &files)
{
    const QJsonObject result{{QStringLiteral("ContentBytesLoaded"), 1234},
                             {QStringLiteral("IndexBytesLoaded"), 56},
                             {QStringLiteral("Crashes"), 0},
                             {QStringLiteral("Duration"), 1500000},
                             {QStringLiteral("FileCount"), files.toArray().size()},
                             {QStringLiteral("ShardFilesConsidered"), 0},
                             {QStringLiteral("MatchCount"), 3},
                             {QStringLiteral("Wait"), 20000},
                             {QStringLiteral("FlushReason"), 2},
                             {QStringLiteral("Files"), files},
                             {QStringLiteral("RepoURLs"), QJsonObject()},
                             {QStringLiteral("LineFragments"), QJsonObject()}};
    return QJsonDocument(QJsonObject{{QStringLiteral("Result"), result}}).toJson(QJsonDocument::Compact);
}

// Two files of another repository (ChunkMatches) and one of the open folder's repository.
QByteArray mixedReply()
{
    return zoektReply(QJsonArray{
        fileMatch(QStringLiteral("github.com/acme/gateway"), QStringLiteral("net/proxy_pool.go"), 912.5,
                  QStringLiteral("ChunkMatches"),
                  QJsonArray{chunkMatch("// a pool of proxies\nfunc PickProxy(cookie string) *Proxy {\n\treturn pool.next()\n", 40, 20, 2),
                             chunkMatch("var proxies = map[string]*Proxy{}\n", 7, 30)}),
        fileMatch(QStringLiteral("github.com/acme/requests"), QStringLiteral("pkg/proxies.py"), 600,
                  QStringLiteral("ChunkMatches"),
                  QJsonArray{chunkMatch("def select_proxy(url, proxies):\n", 2, 50)}),
        fileMatch(QStringLiteral("github.com/acme/gateway"), QStringLiteral("docs/cookies.md"), 10.25,
                  QStringLiteral("ChunkMatches"),
                  QJsonArray{chunkMatch("docs/cookies.md", 0, 5, 1, true)}),
    });
}

} // namespace

class tst_Zoekt : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void queryIsEscapedLiterals();
    void requestIsZoektsJson();
    void chunkMatchesAreRead();
    void lineMatchesAreRead();
    void nullFilesIsNoHit();
    void openFolderHitsAreFusedOthersListedAfter();
    void filtersApplyToRemoteHits();
    void failuresKeepTheLocalResults_data();
    void failuresKeepTheLocalResults();
    void offByDefault();
    void settings();

private:
    void addFile(IndexStore &store, const QString &path, const char *source);
    static QStringList order(const SearchResponse &response);
    ZoektConfig config(const FakeHttpServer &server) const;

    QTemporaryDir m_dir;
    std::unique_ptr<IndexStore> m_store;
};

void tst_Zoekt::addFile(IndexStore &store, const QString &path, const char *source)
{
    Chunker chunker;
    const ParseResult parsed = chunker.parse(LanguageId::Python, QByteArray(source));
    FileRecord f;
    f.path = path;
    f.language = LanguageId::Python;
    f.status = FileStatus::Indexed;
    f.lineCount = parsed.lineCount;
    auto id = store.files().upsert(f);
    QVERIFY(id);
    QVERIFY(store.replaceFileContent(*id, path, parsed));
}

void tst_Zoekt::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    const QString db = m_dir.filePath(QStringLiteral("index.sqlite"));
    {
        auto rw = IndexStore::open(db, IndexStore::Mode::ReadWrite);
        QVERIFY(rw);
        QVERIFY((*rw)->beginTransaction());
        addFile(**rw, QStringLiteral("pkg/proxies.py"), kProxies);
        addFile(**rw, QStringLiteral("pkg/cookies.py"), kCookies);
        QVERIFY((*rw)->symbols().resolveReferences());
        QVERIFY((*rw)->commit());
    }
    auto ro = IndexStore::open(db, IndexStore::Mode::ReadOnly);
    QVERIFY(ro);
    m_store = std::move(*ro);
}

QStringList tst_Zoekt::order(const SearchResponse &response)
{
    QStringList out;
    for (const SearchHit &h : response.hits)
        out << h.chunk.path + u':' + h.chunk.qualifiedName;
    return out;
}

ZoektConfig tst_Zoekt::config(const FakeHttpServer &server) const
{
    ZoektConfig c;
    c.url = server.rootUrl();
    c.repository = QStringLiteral("github.com/acme/requests");
    c.timeoutMs = 2000;
    return c;
}

void tst_Zoekt::queryIsEscapedLiterals()
{
    QCOMPARE(ZoektGenerator::zoektQuery({QStringLiteral("select_proxy"), QStringLiteral("cookie")}),
             QStringLiteral("select_proxy or cookie"));
    // regular-expression characters, zoekt's own syntax (negation, "file:", quotes, parentheses,
    // the "or" operator), spaces and repeats
    QCOMPARE(ZoektGenerator::zoektQuery({QStringLiteral("a.b*"), QStringLiteral("-x"), QStringLiteral("file:y"),
                                         QStringLiteral("\"q\""), QStringLiteral("(p)"), QStringLiteral("c\\d"),
                                         QStringLiteral("or"), QStringLiteral("two words"), QStringLiteral("cookie"),
                                         QStringLiteral("cookie"), QStringLiteral("größe"), QStringLiteral("")}),
             QStringLiteral("a\\.b\\* or \\-x or file\\:y or \\\"q\\\" or \\(p\\) or c\\\\d or two or words or cookie or größe"));
    QCOMPARE(ZoektGenerator::zoektQuery({QStringLiteral("or")}), QString());
}

void tst_Zoekt::requestIsZoektsJson()
{
    FakeHttpServer server([](const FakeHttpServer::Request &) { return FakeHttpServer::json(zoektReply(QJsonArray())); });
    QVERIFY(server.listen());
    Searcher searcher(m_store.get());
    searcher.setRemoteSearch(config(server));
    SearchOptions options;
    options.topK = 7;
    auto r = searcher.search(QStringLiteral("how are cookies merged into a jar"), options);
    QVERIFY(r);
    QCOMPARE(server.requests.size(), 1);
    const FakeHttpServer::Request &req = server.requests.first();
    QCOMPARE(req.method, QByteArray("POST"));
    QCOMPARE(req.path, QByteArray("/api/search"));
    QCOMPARE(req.headers.value("content-type"), QByteArray("application/json"));
    QVERIFY(!req.headers.contains("authorization"));
    const QJsonObject expected{
        {QStringLiteral("Q"), QStringLiteral("cookies or merged or jar")},
        {QStringLiteral("Opts"), QJsonObject{{QStringLiteral("ChunkMatches"), true},
                                             {QStringLiteral("MaxDocDisplayCount"), 7},
                                             {QStringLiteral("NumContextLines"), 1},
                                             {QStringLiteral("MaxWallTime"), 1000000000.0},
                                             {QStringLiteral("UseBM25Scoring"), true}}}};
    QCOMPARE(QJsonDocument::fromJson(req.body).object(), expected);
    QVERIFY(r->remote.ok);
    QCOMPARE(r->remote.url, server.rootUrl().toString() + QStringLiteral("/api/search"));
    QVERIFY(r->remoteHits.isEmpty());
    // only the local search's own note (no vectors in this index)
    QCOMPARE(r->notes, QStringList{QStringLiteral("no vectors: keyword search only")});
    QCOMPARE(r->timings.at(2).stage, QStringLiteral("zoekt"));
    // What Was Sent lists it
    auto log = ConversationStore::open(m_store->path());
    QVERIFY(log);
    const QList<RemoteRequestRecord> sent = (*log)->remoteRequests();
    QVERIFY(!sent.isEmpty());
    const RemoteRequestRecord &record = sent.first();
    QCOMPARE(record.purpose, QStringLiteral("search-zoekt"));
    QCOMPARE(record.endpoint, r->remote.url);
    QCOMPARE(record.bytes, qint64(req.body.size()));
    QVERIFY(record.local);
    QVERIFY(record.files.isEmpty());
    QCOMPARE(record.status, QStringLiteral("ok"));
}

void tst_Zoekt::chunkMatchesAreRead()
{
    auto hits = ZoektGenerator::parseReply(QJsonDocument::fromJson(mixedReply()).object());
    QVERIFY2(hits, qPrintable(hits ? QString() : hits.error().message));
    QCOMPARE(hits->size(), 3);
    const RemoteHit &a = hits->at(0);
    QCOMPARE(a.engine, QStringLiteral("zoekt"));
    QCOMPARE(a.repository, QStringLiteral("github.com/acme/gateway"));
    QCOMPARE(a.path, QStringLiteral("net/proxy_pool.go"));
    QCOMPARE(a.language, QStringLiteral("Python"));
    QCOMPARE(a.branches, QStringList{QStringLiteral("HEAD")});
    QCOMPARE(a.commit, QStringLiteral("4f0c2a1e"));
    QCOMPARE(a.score, 912.5);
    QCOMPARE(a.rank, 1);
    // the best chunk (score 30) of the two; matches: the ranges of both
    QCOMPARE(a.startLine, 7);
    QCOMPARE(a.endLine, 7);
    QCOMPARE(a.line, 7);
    QCOMPARE(a.snippet, QStringLiteral("var proxies = map[string]*Proxy{}"));
    QCOMPARE(a.matches, 3);
    QCOMPARE(a.reasons, QStringList{QStringLiteral("zoekt rank 1")});
    const RemoteHit &b = hits->at(1);
    QCOMPARE(b.rank, 2);
    QCOMPARE(b.startLine, 2);
    QCOMPARE(b.snippet, QStringLiteral("def select_proxy(url, proxies):"));
    // only the file name matched: no lines
    const RemoteHit &c = hits->at(2);
    QCOMPARE(c.path, QStringLiteral("docs/cookies.md"));
    QCOMPARE(c.startLine, 0);
    QCOMPARE(c.endLine, 0);
    QCOMPARE(c.line, 0);
    QCOMPARE(c.snippet, QString());
    QCOMPARE(c.matches, 0);
    QCOMPARE(c.reasons, (QStringList{QStringLiteral("zoekt rank 3"), QStringLiteral("file name matches")}));

    // a multi-line chunk: its lines, from ContentStart
    auto multi = ZoektGenerator::parseReply(QJsonDocument::fromJson(zoektReply(QJsonArray{fileMatch(
        QStringLiteral("r"), QStringLiteral("a.go"), 1, QStringLiteral("ChunkMatches"),
        QJsonArray{chunkMatch("// a pool of proxies\r\nfunc PickProxy() {\n\treturn nil\n", 40, 20, 2)})})).object());
    QVERIFY(multi);
    QCOMPARE(multi->first().startLine, 40);
    QCOMPARE(multi->first().endLine, 42);
    QCOMPARE(multi->first().line, 40);
    QCOMPARE(multi->first().snippet, QStringLiteral("// a pool of proxies\nfunc PickProxy() {\n\treturn nil"));
}

void tst_Zoekt::lineMatchesAreRead()
{
    // zoekt without ChunkMatches (older servers, or ChunkMatches false): LineMatches, the
    // context lines in Before and After
    const QByteArray reply = zoektReply(QJsonArray{fileMatch(
        QStringLiteral("github.com/acme/gateway"), QStringLiteral("net/jar.py"), 77, QStringLiteral("LineMatches"),
        QJsonArray{lineMatch("    jar.set_cookie(cookie)\n", 12, 10, "def fill(jar):\n", "    return jar\n", 2),
                   lineMatch("cookies = []\n", 30, 40, "# the cookies\n", "\n"),
                   lineMatch("import cookie\n", 1, 5)})});
    auto hits = ZoektGenerator::parseReply(QJsonDocument::fromJson(reply).object());
    QVERIFY2(hits, qPrintable(hits ? QString() : hits.error().message));
    QCOMPARE(hits->size(), 1);
    const RemoteHit &h = hits->first();
    QCOMPARE(h.path, QStringLiteral("net/jar.py"));
    QCOMPARE(h.startLine, 29);
    QCOMPARE(h.endLine, 31);
    QCOMPARE(h.line, 30);
    QCOMPARE(h.snippet, QStringLiteral("# the cookies\ncookies = []\n"));
    QCOMPARE(h.matches, 4);
    QCOMPARE(h.score, 77.0);
}

void tst_Zoekt::nullFilesIsNoHit()
{
    // Go encodes an empty result's nil slice as null
    auto hits = ZoektGenerator::parseReply(QJsonDocument::fromJson(zoektReply(QJsonValue::Null)).object());
    QVERIFY(hits);
    QVERIFY(hits->isEmpty());
}

void tst_Zoekt::openFolderHitsAreFusedOthersListedAfter()
{
    // (the question's first word names its subject for path matching: cookies.py leads, and
    // select_proxy is fourth before zoekt's rank lifts it)
    const QString query = QStringLiteral("cookies proxies");
    Searcher local(m_store.get());
    auto before = local.search(query);
    QVERIFY(before);
    QCOMPARE(order(*before), (QStringList{QStringLiteral("pkg/cookies.py:merge_cookies"),
                                          QStringLiteral("pkg/proxies.py:resolve_proxies"),
                                          QStringLiteral("pkg/cookies.py:CookieJar.set_cookie"),
                                          QStringLiteral("pkg/proxies.py:select_proxy"),
                                          QStringLiteral("pkg/cookies.py:CookieJar")}));
    QVERIFY(before->remote.engine.isEmpty());

    FakeHttpServer server([](const FakeHttpServer::Request &) { return FakeHttpServer::json(mixedReply()); });
    QVERIFY(server.listen());
    Searcher searcher(m_store.get());
    searcher.setRemoteSearch(config(server));
    auto r = searcher.search(query);
    QVERIFY(r);
    // zoekt's rank 2 is this folder's pkg/proxies.py, line 2: the chunk select_proxy gets the
    // remote rank and goes from fourth to second (resolve_proxies, now its file's second hit,
    // is halved by the per-file decay)
    QCOMPARE(order(*r), (QStringList{QStringLiteral("pkg/cookies.py:merge_cookies"),
                                     QStringLiteral("pkg/proxies.py:select_proxy"),
                                     QStringLiteral("pkg/cookies.py:CookieJar.set_cookie"),
                                     QStringLiteral("pkg/proxies.py:resolve_proxies"),
                                     QStringLiteral("pkg/cookies.py:CookieJar")}));
    const SearchHit &fused = r->hits.at(1);
    QCOMPARE(fused.scores.remoteRank, 2);
    QCOMPARE(fused.scores.remote, 61.0 / 62.0);
    QVERIFY(fused.reasons.contains(QStringLiteral("zoekt rank 2")));
    QCOMPARE(fused.scores.bm25, before->hits.at(3).scores.bm25);
    for (const SearchHit &h : std::as_const(r->hits)) {
        if (&h != &fused)
            QCOMPARE(h.scores.remoteRank, 0);
    }
    // the other repository's files, in zoekt's order, apart from the local hits
    QCOMPARE(r->remoteHits.size(), 2);
    QCOMPARE(r->remoteHits.at(0).path, QStringLiteral("net/proxy_pool.go"));
    QCOMPARE(r->remoteHits.at(0).rank, 1);
    QCOMPARE(r->remoteHits.at(1).path, QStringLiteral("docs/cookies.md"));
    QCOMPARE(r->remoteHits.at(1).rank, 3);
    QVERIFY(r->remote.ok);
    QCOMPARE(r->remote.files, 3);
    QCOMPARE(r->remote.mapped, 1);

    // without the repository's name the same file is a remote hit like the others
    ZoektConfig unnamed = config(server);
    unnamed.repository.clear();
    searcher.setRemoteSearch(unnamed);
    auto r2 = searcher.search(query);
    QVERIFY(r2);
    QCOMPARE(order(*r2), order(*before));
    QCOMPARE(r2->remoteHits.size(), 3);
    QCOMPARE(r2->remoteHits.at(1).repository, QStringLiteral("github.com/acme/requests"));
    QCOMPARE(r2->remoteHits.at(1).path, QStringLiteral("pkg/proxies.py"));
    QCOMPARE(r2->remote.mapped, 0);
}

void tst_Zoekt::filtersApplyToRemoteHits()
{
    FakeHttpServer server([](const FakeHttpServer::Request &) { return FakeHttpServer::json(mixedReply()); });
    QVERIFY(server.listen());
    Searcher searcher(m_store.get());
    ZoektConfig c = config(server);
    c.repository.clear();
    searcher.setRemoteSearch(c);
    auto r = searcher.search(QStringLiteral("proxies cookies path:**/*.py"));
    QVERIFY(r);
    QCOMPARE(r->remoteHits.size(), 1);
    QCOMPARE(r->remoteHits.first().path, QStringLiteral("pkg/proxies.py"));
    QCOMPARE(r->remote.filtered, 2);
    // the filters are not sent: zoekt is asked for the words only
    QCOMPARE(QJsonDocument::fromJson(server.requests.first().body).object().value(QStringLiteral("Q")).toString(),
             QStringLiteral("proxies or cookies"));
}

void tst_Zoekt::failuresKeepTheLocalResults_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("error");
    QTest::newRow("dead server") << "dead" << "Connection refused";
    QTest::newRow("timeout") << "hang" << "no answer within 0.3 s";
    QTest::newRow("not JSON") << "garbage" << "malformed JSON in the answer: illegal value";
    QTest::newRow("not zoekt's JSON") << "shape" << "no \"Result\" object in the reply";
    QTest::newRow("bad file match") << "badfile" << "a file match without FileName or Repository";
    QTest::newRow("bad base64") << "base64" << "\"Content\" is not base64 text (a.go)";
    QTest::newRow("HTTP 500") << "500" << "the server kept failing after 1 attempts (HTTP 500: index shard crashed)";
    QTest::newRow("HTTP 400") << "400" << "the server rejected the request (HTTP 400: query: unterminated quoted string)";
}

void tst_Zoekt::failuresKeepTheLocalResults()
{
    QFETCH(QString, kind);
    QFETCH(QString, error);
    FakeHttpServer server([kind](const FakeHttpServer::Request &) {
        FakeHttpServer::Response resp;
        if (kind == QLatin1String("hang"))
            resp.hang = true;
        else if (kind == QLatin1String("garbage"))
            resp = FakeHttpServer::json("<html>502 Bad Gateway</html>");
        else if (kind == QLatin1String("shape"))
            resp = FakeHttpServer::json(R"({"results": []})");
        else if (kind == QLatin1String("badfile"))
            resp = FakeHttpServer::json(zoektReply(QJsonArray{QJsonObject{{QStringLiteral("Score"), 1}}}));
        else if (kind == QLatin1String("base64"))
            resp = FakeHttpServer::json(zoektReply(QJsonArray{fileMatch(
                QStringLiteral("r"), QStringLiteral("a.go"), 1, QStringLiteral("ChunkMatches"),
                QJsonArray{QJsonObject{{QStringLiteral("Content"), QStringLiteral("%%%")},
                                       {QStringLiteral("ContentStart"), location(0, 3, 1)}}})}));
        else if (kind == QLatin1String("500"))
            resp = FakeHttpServer::json(R"({"Error":"index shard crashed"})", 500);
        else if (kind == QLatin1String("400"))
            resp = FakeHttpServer::json(R"({"Error":"query: unterminated quoted string"})", 400);
        return resp;
    });
    QVERIFY(server.listen());
    ZoektConfig c = config(server);
    c.timeoutMs = 300;
    if (kind == QLatin1String("dead")) {
        // a port nobody listens on any more
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost, 0));
        c.url = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(closed.serverPort()));
        closed.close();
    }
    // (the question's first word names its subject for path matching: cookies.py leads, and
    // select_proxy is fourth before zoekt's rank lifts it)
    const QString query = QStringLiteral("cookies proxies");
    Searcher local(m_store.get());
    auto expected = local.search(query);
    QVERIFY(expected);

    Searcher searcher(m_store.get());
    searcher.setRemoteSearch(c);
    auto r = searcher.search(query);
    QVERIFY2(r, qPrintable(r ? QString() : r.error().message));
    QCOMPARE(order(*r), order(*expected));
    for (qsizetype i = 0; i < r->hits.size(); ++i)
        QCOMPARE(r->hits.at(i).scores.final, expected->hits.at(i).scores.final);
    QVERIFY(r->remoteHits.isEmpty());
    QVERIFY(!r->remote.ok);
    QCOMPARE(r->remote.error, error);
    const QString where = c.url.toString() + QStringLiteral("/api/search");
    QCOMPARE(r->notes, expected->notes + QStringList{QStringLiteral("zoekt at %1 failed: %2; local results only").arg(where, error)});
    // no retry: one request at most
    QCOMPARE(server.requests.size(), kind == QLatin1String("dead") ? 0 : 1);
}

void tst_Zoekt::offByDefault()
{
    // nothing configured: no stage, no request, no field
    const SearchSettings defaults;
    QVERIFY(defaults.zoektUrl.isEmpty());
    QVERIFY(!configuredZoekt(defaults).isEnabled());
    QVERIFY(!configuredZoekt(SearchSettings::load()).isEnabled());

    FakeHttpServer server([](const FakeHttpServer::Request &) { return FakeHttpServer::json(mixedReply()); });
    QVERIFY(server.listen());
    Searcher searcher(m_store.get());
    searcher.setRemoteSearch(configuredZoekt(SearchSettings::load()));
    QVERIFY(!searcher.stagesFor(QStringLiteral("proxies cookies")).contains(QStringLiteral("zoekt")));
    auto r = searcher.search(QStringLiteral("proxies cookies"));
    QVERIFY(r);
    QVERIFY(r->remote.engine.isEmpty());
    QVERIFY(r->remoteHits.isEmpty());
    // configured, then switched off again: the server is never reached
    searcher.setRemoteSearch(config(server));
    QVERIFY(searcher.stagesFor(QStringLiteral("proxies cookies")).contains(QStringLiteral("zoekt")));
    searcher.setRemoteSearch(ZoektConfig());
    QVERIFY(searcher.search(QStringLiteral("proxies cookies")));
    QVERIFY(searcher.search(QStringLiteral("select_proxy")));
    QCoreApplication::processEvents();
    QCOMPARE(server.connections, 0);
    // graph routes never ask
    searcher.setRemoteSearch(config(server));
    QVERIFY(searcher.search(QStringLiteral("who calls select_proxy")));
    QCOMPARE(server.connections, 0);
}

void tst_Zoekt::settings()
{
    SearchSettings s;
    QVERIFY(SearchSettings::keys().contains(QStringLiteral("remote.zoekt_url")));
    QVERIFY(!s.setValue(QStringLiteral("remote.zoekt_url"), QStringLiteral("ftp://zoekt:6070")));
    QVERIFY(!s.setValue(QStringLiteral("remote.zoekt_url"), QStringLiteral("not a url at all")));
    QVERIFY(s.setValue(QStringLiteral("remote.zoekt_url"), QStringLiteral("http://zoekt.internal:6070")));
    QVERIFY(s.setValue(QStringLiteral("remote.zoekt_repository"), QStringLiteral(" github.com/acme/requests ")));
    QVERIFY(!s.setValue(QStringLiteral("remote.zoekt_timeout_ms"), QStringLiteral("50")));
    QVERIFY(s.setValue(QStringLiteral("remote.zoekt_timeout_ms"), QStringLiteral("1500")));
    const ZoektConfig c = configuredZoekt(s);
    QVERIFY(c.isEnabled());
    QCOMPARE(c.url, QUrl(QStringLiteral("http://zoekt.internal:6070")));
    QCOMPARE(c.repository, QStringLiteral("github.com/acme/requests"));
    QCOMPARE(c.timeoutMs, 1500);
    QCOMPARE(s.value(QStringLiteral("remote.zoekt_timeout_ms")), QStringLiteral("1500"));
    QVERIFY(s.setValue(QStringLiteral("remote.zoekt_url"), QString()));
    QVERIFY(!configuredZoekt(s).isEnabled());
}

QTEST_GUILESS_MAIN(tst_Zoekt)
#include "tst_zoekt.moc"
