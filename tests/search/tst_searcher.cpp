// Searcher: query routing, exhaustive graph answers, filters, per-file cap, demotion of tests,
// hybrid fusion with a deterministic fake embedder, per-stage scores, and re-ranking through a
// fake /v1/rerank server.

#include "../common/fakehttpserver.h"

#include "core/parse/chunker.h"
#include "core/search/reranker.h"
#include "core/search/searcher.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <thread>

using namespace RepoLens;

namespace {

const char *const kProxies = R"PY(
def select_proxy(url, proxies):
    """Pick the proxy for a URL."""
    return proxies.get(url)


def resolve_proxies(request, proxies):
    return select_proxy(request.url, proxies)


def rebuild_proxies(prepared, proxies):
    new = resolve_proxies(prepared, proxies)
    return select_proxy(prepared.url, new)
)PY";

const char *const kCookies = R"PY(
class CookieJar:
    """Stores cookies per domain."""

    def set_cookie(self, cookie):
        self.cookies[cookie.domain] = cookie
)PY";

// Ruby names that end in `!` and `?`.
const char *const kRubyStore = R"RB(
class EntryStore
  def expired?(entry)
    entry.nil?
  end

  def prune!
    @entries.reject! { |e| expired?(e) }
  end

  def cleanup
    self.prune!
    log_size
  end
end
)RB";

const char *const kTest = R"PY(
def test_select_proxy(url, proxies):
    """Pick the proxy for a URL."""
    return select_proxy(url, proxies)
)PY";

// Maps texts to fixed directions: anything about "teleport" or cookies points one way.
class FakeEmbedder : public Embedder
{
public:
    QString modelId() const override { return QStringLiteral("fake"); }
    int dimension() const override { return 2; }
    bool isLocal() const override { return true; }
    Result<QList<EmbeddingVector>> embed(const QStringList &texts, EmbedPurpose, const std::atomic_bool *) override
    {
        QList<EmbeddingVector> out;
        for (const QString &t : texts) {
            const bool cookie = t.contains(QLatin1String("teleport")) || t.contains(QLatin1String("cookie"));
            out.append(cookie ? EmbeddingVector{1, 0} : EmbeddingVector{0, 1});
        }
        return out;
    }
};

// Embeds documents as FakeEmbedder does and fails every query, from this machine or from an
// endpoint: the query is embedded beside the keyword search only when local.
class FailingQueryEmbedder : public FakeEmbedder
{
public:
    explicit FailingQueryEmbedder(bool local)
        : m_local(local)
    {
    }
    bool isLocal() const override { return m_local; }
    std::thread::id queryThread;
    Result<QList<EmbeddingVector>> embed(const QStringList &texts, EmbedPurpose purpose,
                                         const std::atomic_bool *cancel) override
    {
        if (purpose == EmbedPurpose::Query) {
            queryThread = std::this_thread::get_id();
            return makeError(ErrorCode::Network, QStringLiteral("the model is not loaded"));
        }
        return FakeEmbedder::embed(texts, purpose, cancel);
    }

private:
    bool m_local;
};

} // namespace

class tst_Searcher : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void routing_data();
    void routing();
    void callersAreExhaustive();
    void callees();
    void callersOfNamesEndingInBangOrQuestionMark();
    void filters();
    void perFileCap();
    void testsAreDemotedUnlessAsked();
    void hybridFindsByVector();
    void failedQueryEmbeddingSearchesKeywords_data();
    void failedQueryEmbeddingSearchesKeywords();
    void stageScoresAddUp();
    void remoteRerank();
    void rerankServerErrorIsANote();

private:
    void addFile(IndexStore &store, const QString &path, const char *source, LanguageId language = LanguageId::Python);
    QTemporaryDir m_dir;
    std::unique_ptr<IndexStore> m_store;
};

void tst_Searcher::addFile(IndexStore &store, const QString &path, const char *source, LanguageId language)
{
    Chunker chunker;
    const ParseResult parsed = chunker.parse(language, QByteArray(source));
    FileRecord f;
    f.path = path;
    f.language = language;
    f.status = FileStatus::Indexed;
    f.lineCount = parsed.lineCount;
    auto id = store.files().upsert(f);
    QVERIFY(id);
    QVERIFY(store.replaceFileContent(*id, path, parsed));
}

void tst_Searcher::initTestCase()
{
    const QString db = m_dir.filePath(QStringLiteral("index.sqlite"));
    {
        auto rw = IndexStore::open(db, IndexStore::Mode::ReadWrite);
        QVERIFY(rw);
        QVERIFY((*rw)->beginTransaction());
        addFile(**rw, QStringLiteral("pkg/proxies.py"), kProxies);
        addFile(**rw, QStringLiteral("pkg/cookies.py"), kCookies);
        addFile(**rw, QStringLiteral("tests/test_proxies.py"), kTest);
        addFile(**rw, QStringLiteral("lib/entry_store.rb"), kRubyStore, LanguageId::Ruby);
        QVERIFY((*rw)->symbols().resolveReferences());
        QVERIFY((*rw)->commit());
    }
    auto ro = IndexStore::open(db, IndexStore::Mode::ReadOnly);
    QVERIFY(ro);
    m_store = std::move(*ro);
}

void tst_Searcher::routing_data()
{
    QTest::addColumn<QString>("query");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("symbol");
    using K = QueryRoute::Kind;
    QTest::newRow("who calls") << "who calls select_proxy" << int(K::Callers) << "select_proxy";
    QTest::newRow("where used") << "Where is `Session.request` used?" << int(K::Callers) << "Session.request";
    QTest::newRow("callers of") << "callers of HTTPAdapter::send()" << int(K::Callers) << "HTTPAdapter::send";
    QTest::newRow("bang") << "who calls prune!" << int(K::Callers) << "prune!";
    QTest::newRow("predicate") << "who calls EntryStore#expired?" << int(K::Callers) << "EntryStore#expired?";
    QTest::newRow("question mark") << "who calls select_proxy?" << int(K::Callers) << "select_proxy?";
    QTest::newRow("what does call") << "what does resolve_proxies call?" << int(K::Callees) << "resolve_proxies";
    QTest::newRow("identifier") << "select_proxy" << int(K::Symbol) << "";
    QTest::newRow("qualified") << "Session.request" << int(K::Symbol) << "";
    QTest::newRow("two identifiers") << "HTTPAdapter get_connection" << int(K::Symbol) << "";
    QTest::newRow("natural language") << "proxy url without scheme" << int(K::Hybrid) << "";
    QTest::newRow("mixed") << "handle select_proxy errors" << int(K::Hybrid) << "";
}

void tst_Searcher::routing()
{
    QFETCH(QString, query);
    QFETCH(int, kind);
    QFETCH(QString, symbol);
    const QueryRoute r = routeQuery(parseQuery(query));
    QCOMPARE(int(r.kind), kind);
    QCOMPARE(r.symbol, symbol);
}

void tst_Searcher::callersAreExhaustive()
{
    Searcher searcher(m_store.get());
    SearchOptions options;
    options.topK = 1; // graph answers ignore top-k: every usage
    auto r = searcher.search(QStringLiteral("who calls select_proxy"), options);
    QVERIFY(r);
    QCOMPARE(r->route, QStringLiteral("graph:callers"));
    QVERIFY(r->exhaustive);
    QStringList got;
    for (const SearchHit &h : r->hits)
        got << h.chunk.path + u':' + h.chunk.qualifiedName;
    QCOMPARE(got, (QStringList{QStringLiteral("pkg/proxies.py:select_proxy"), QStringLiteral("pkg/proxies.py:resolve_proxies"),
                               QStringLiteral("pkg/proxies.py:rebuild_proxies"),
                               QStringLiteral("tests/test_proxies.py:test_select_proxy")}));
    QVERIFY(r->hits.at(0).reasons.first().startsWith(QLatin1String("defines")));
    QVERIFY(r->hits.at(1).reasons.first().contains(QLatin1String("call `select_proxy` at line")));
    QCOMPARE(r->graphUsages, 3);
    // nothing calls a test
    auto none = searcher.search(QStringLiteral("who calls test_select_proxy"), options);
    QVERIFY(none);
    QCOMPARE(none->graphUsages, 0);
}

void tst_Searcher::callees()
{
    Searcher searcher(m_store.get());
    auto r = searcher.search(QStringLiteral("what does rebuild_proxies call"));
    QVERIFY(r);
    QCOMPARE(r->route, QStringLiteral("graph:callees"));
    QStringList got;
    for (const SearchHit &h : r->hits)
        got << h.chunk.qualifiedName;
    QCOMPARE(got, (QStringList{QStringLiteral("rebuild_proxies"), QStringLiteral("resolve_proxies"),
                               QStringLiteral("select_proxy")}));
}

// `prune!` and `expired?` are names of their own; a `?` that no name has ends the question.
void tst_Searcher::callersOfNamesEndingInBangOrQuestionMark()
{
    Searcher searcher(m_store.get());
    auto hitsOf = [](const SearchResponse &r) {
        QStringList got;
        for (const SearchHit &h : r.hits)
            got << h.chunk.qualifiedName;
        return got;
    };
    auto bang = searcher.search(QStringLiteral("who calls prune!"));
    QVERIFY(bang);
    QCOMPARE(bang->route, QStringLiteral("graph:callers"));
    QCOMPARE(bang->graphSymbol, QStringLiteral("prune!"));
    QCOMPARE(hitsOf(*bang), (QStringList{QStringLiteral("EntryStore.prune!"), QStringLiteral("EntryStore.cleanup")}));

    auto predicate = searcher.search(QStringLiteral("who calls EntryStore#expired?"));
    QVERIFY(predicate);
    QCOMPARE(predicate->route, QStringLiteral("graph:callers"));
    QCOMPARE(predicate->graphSymbol, QStringLiteral("EntryStore.expired?"));
    QCOMPARE(hitsOf(*predicate), (QStringList{QStringLiteral("EntryStore.expired?"), QStringLiteral("EntryStore.prune!")}));
    QVERIFY2(predicate->notes.isEmpty(), qPrintable(predicate->notes.join(u'\n')));

    auto question = searcher.search(QStringLiteral("who calls select_proxy?"));
    QVERIFY(question);
    QCOMPARE(question->graphSymbol, QStringLiteral("select_proxy"));
    QCOMPARE(hitsOf(*question), (QStringList{QStringLiteral("select_proxy"), QStringLiteral("resolve_proxies"),
                                             QStringLiteral("rebuild_proxies"), QStringLiteral("test_select_proxy")}));
}

void tst_Searcher::filters()
{
    Searcher searcher(m_store.get());
    auto r = searcher.search(QStringLiteral("select proxy -path:tests/** kind:function"));
    QVERIFY(r);
    QVERIFY(!r->hits.isEmpty());
    for (const SearchHit &h : r->hits) {
        QVERIFY(!h.chunk.path.startsWith(QLatin1String("tests/")));
        QCOMPARE(h.chunk.kind, ChunkKind::Function);
    }
    auto onlyTests = searcher.search(QStringLiteral("select proxy path:tests/**"));
    QVERIFY(onlyTests);
    QCOMPARE(onlyTests->hits.size(), 1);
    QCOMPARE(onlyTests->hits.first().chunk.path, QStringLiteral("tests/test_proxies.py"));
    QCOMPARE(onlyTests->query.filters.describe(), QStringLiteral("path:tests/**"));
    auto lang = searcher.search(QStringLiteral("select proxy lang:rust"));
    QVERIFY(lang);
    QVERIFY(lang->hits.isEmpty());
}

void tst_Searcher::perFileCap()
{
    Searcher searcher(m_store.get());
    SearchOptions options;
    options.maxPerFile = 1;
    auto r = searcher.search(QStringLiteral("proxies request url"), options);
    QVERIFY(r);
    QSet<QString> paths;
    for (const SearchHit &h : r->hits) {
        QVERIFY(!paths.contains(h.chunk.path));
        paths.insert(h.chunk.path);
    }
}

void tst_Searcher::testsAreDemotedUnlessAsked()
{
    Searcher searcher(m_store.get());
    SearchOptions options;
    options.vectors = false;
    auto r = searcher.search(QStringLiteral("pick the proxy for a url"), options);
    QVERIFY(r);
    QVERIFY(r->hits.size() >= 2);
    QCOMPARE(r->hits.first().chunk.qualifiedName, QStringLiteral("select_proxy"));
    for (const SearchHit &h : r->hits) {
        if (h.chunk.path.startsWith(QLatin1String("tests/"))) {
            QVERIFY(h.scores.prior < 0);
            QVERIFY(h.reasons.contains(QStringLiteral("demoted: test")));
        }
    }
    auto asked = searcher.search(QStringLiteral("test pick the proxy for a url"), options);
    QVERIFY(asked);
    for (const SearchHit &h : asked->hits)
        QVERIFY(!h.reasons.contains(QStringLiteral("demoted: test")));
}

void tst_Searcher::hybridFindsByVector()
{
    auto embedder = std::make_shared<FakeEmbedder>();
    auto index = std::make_shared<VectorIndex>(2, QStringLiteral("fake"));
    m_store->chunks().forEach([&](const ChunkRecord &c) {
        const auto v = embedder->embed({embeddingText(c)}, EmbedPurpose::Document, nullptr);
        QVERIFY(index->add(c.id, v->first()));
    });
    Searcher searcher(m_store.get());
    QVERIFY(!searcher.hasVectors());
    auto keyword = searcher.search(QStringLiteral("teleport domain storage"));
    QVERIFY(keyword);
    QCOMPARE(keyword->route, QStringLiteral("keyword"));
    QVERIFY(keyword->notes.join(u' ').contains(QLatin1String("keyword search only")));

    searcher.setVectorSearch(embedder, index);
    QVERIFY(searcher.hasVectors());
    QVERIFY(searcher.vectorStatus().startsWith(QLatin1String("vectors: 100% of chunks (fake, exact)")));
    auto r = searcher.search(QStringLiteral("teleport storage"));
    QVERIFY(r);
    QCOMPARE(r->route, QStringLiteral("hybrid"));
    QVERIFY(!r->hits.isEmpty());
    QCOMPARE(r->hits.first().chunk.path, QStringLiteral("pkg/cookies.py"));
    QCOMPARE(r->hits.first().scores.bm25Rank, 0); // no shared word: found by its vector
    QVERIFY(r->hits.first().scores.vectorRank >= 1);
    QVERIFY(r->hits.first().scores.vector > 0.99);
    // identifier queries skip vectors
    auto sym = searcher.search(QStringLiteral("set_cookie"));
    QVERIFY(sym);
    QCOMPARE(sym->route, QStringLiteral("symbol"));
    QCOMPARE(sym->hits.first().chunk.qualifiedName, QStringLiteral("CookieJar.set_cookie"));
    QCOMPARE(sym->hits.first().scores.vectorRank, 0);
}

void tst_Searcher::failedQueryEmbeddingSearchesKeywords_data()
{
    QTest::addColumn<bool>("local");
    QTest::newRow("on this machine") << true;
    QTest::newRow("endpoint") << false;
}

// A query that cannot be embedded is searched by its words, and says why.
void tst_Searcher::failedQueryEmbeddingSearchesKeywords()
{
    QFETCH(bool, local);
    auto embedder = std::make_shared<FailingQueryEmbedder>(local);
    auto index = std::make_shared<VectorIndex>(2, QStringLiteral("fake"));
    m_store->chunks().forEach([&](const ChunkRecord &c) {
        const auto v = embedder->embed({embeddingText(c)}, EmbedPurpose::Document, nullptr);
        QVERIFY(index->add(c.id, v->first()));
    });
    Searcher searcher(m_store.get());
    searcher.setVectorSearch(embedder, index);
    QVERIFY(searcher.hasVectors());
    Searcher keywordOnly(m_store.get());
    for (const QString &query : {QStringLiteral("teleport storage"), QStringLiteral("select the proxy for a url")}) {
        auto r = searcher.search(query);
        QVERIFY(r);
        QCOMPARE(r->route, QStringLiteral("keyword"));
        QCOMPARE(r->notes, QStringList{QStringLiteral("query embedding failed: the model is not loaded")});
        // (beside the keyword search when local: on a thread of its own)
        QCOMPARE(embedder->queryThread != std::this_thread::get_id(), local);
        auto expected = keywordOnly.search(query);
        QVERIFY(expected);
        QCOMPARE(r->hits.size(), expected->hits.size());
        for (qsizetype i = 0; i < r->hits.size(); ++i) {
            QCOMPARE(r->hits.at(i).chunk.id, expected->hits.at(i).chunk.id);
            QCOMPARE(r->hits.at(i).scores.vectorRank, 0);
        }
    }
}

void tst_Searcher::stageScoresAddUp()
{
    Searcher searcher(m_store.get());
    SearchOptions options;
    options.vectors = false;
    auto r = searcher.search(QStringLiteral("resolve proxies for a request"), options);
    QVERIFY(r);
    QVERIFY(!r->hits.isEmpty());
    const StageScores &s = r->hits.first().scores;
    QCOMPARE(r->hits.first().chunk.qualifiedName, QStringLiteral("resolve_proxies"));
    QVERIFY(s.bm25Rank >= 1);
    QVERIFY(s.bm25 > 0 && s.bm25 <= 1.0);
    QVERIFY(s.final >= s.bm25 + s.symbol + s.file + s.prior + s.graph - 1e-9);
}

void tst_Searcher::remoteRerank()
{
    // the fake re-ranker prefers whatever mentions cookies
    FakeHttpServer server([](const FakeHttpServer::Request &r) {
        const QJsonObject body = QJsonDocument::fromJson(r.body).object();
        const QJsonArray docs = body.value(QStringLiteral("documents")).toArray();
        QJsonArray results;
        for (qsizetype i = docs.size(); i-- > 0;) {
            const bool cookie = docs.at(i).toString().contains(QLatin1String("cookie"));
            results.append(QJsonObject{{QStringLiteral("index"), int(i)}, {QStringLiteral("relevance_score"), cookie ? 0.9 : 0.1}});
        }
        return FakeHttpServer::json(QJsonDocument(QJsonObject{{QStringLiteral("results"), results}}).toJson());
    });
    QVERIFY(server.listen());
    HttpEndpoint endpoint;
    endpoint.baseUrl = server.baseUrl();
    endpoint.timeoutMs = 2000;
    Searcher searcher(m_store.get());
    searcher.setReranker(RerankMode::Endpoint, std::make_shared<RemoteReranker>(endpoint, QStringLiteral("fake-rerank")));
    SearchOptions options;
    options.vectors = false;
    options.rerank = RerankMode::Endpoint;
    // the fusion's lexical view lifts the proxies chunk (two of its words); this is about the re-rank
    options.disabledStages = {QStringLiteral("lexical view")};
    auto r = searcher.search(QStringLiteral("domain proxies"), options);
    QVERIFY(r);
    QCOMPARE(server.requests.size(), 1);
    QCOMPARE(server.requests.first().path, QByteArray("/v1/rerank"));
    const QJsonObject sent = QJsonDocument::fromJson(server.requests.first().body).object();
    QCOMPARE(sent.value(QStringLiteral("query")).toString(), QStringLiteral("domain proxies"));
    QCOMPARE(sent.value(QStringLiteral("model")).toString(), QStringLiteral("fake-rerank"));
    QVERIFY(r->route.endsWith(QLatin1String("+rerank")));
    QCOMPARE(r->hits.first().chunk.path, QStringLiteral("pkg/cookies.py"));
    QCOMPARE(r->hits.first().scores.rerank, 1.0);
}

void tst_Searcher::rerankServerErrorIsANote()
{
    FakeHttpServer server([](const FakeHttpServer::Request &) { return FakeHttpServer::json("{\"results\": 3}"); });
    QVERIFY(server.listen());
    HttpEndpoint endpoint;
    endpoint.baseUrl = server.baseUrl();
    Searcher searcher(m_store.get());
    searcher.setReranker(RerankMode::Endpoint, std::make_shared<RemoteReranker>(endpoint, QStringLiteral("m")));
    SearchOptions options;
    options.rerank = RerankMode::Endpoint;
    // the fusion's lexical view lifts the proxies chunk (two of its words); this is about the re-rank
    options.disabledStages = {QStringLiteral("lexical view")};
    auto r = searcher.search(QStringLiteral("domain proxies"), options);
    QVERIFY(r);
    QVERIFY(!r->hits.isEmpty()); // results without the re-ranker
    QVERIFY(r->notes.join(u' ').contains(QLatin1String("re-ranking failed")));
    // the local re-ranker needs no server
    LocalReranker local;
    auto scores = local.score(QStringLiteral("cookie domain"),
                              {*m_store->chunks().chunk(r->hits.first().chunk.id)});
    QVERIFY(scores);
    QCOMPARE(scores->size(), 1);
}

QTEST_GUILESS_MAIN(tst_Searcher)
#include "tst_searcher.moc"
