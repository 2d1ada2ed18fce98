// The chat model as re-ranker: the prompt numbers the snippets, the scores are parsed from
// "<n>: <score>" lines (missing or garbled lines score 0), a server error is an error, and the
// searcher re-orders its hits by the judge's scores.

#include "../common/fakehttpserver.h"

#include "core/llm/llmjudge.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace RepoLens;

namespace {

QByteArray chatAnswer(const QString &content)
{
    const QJsonObject message{{QStringLiteral("role"), QStringLiteral("assistant")}, {QStringLiteral("content"), content}};
    const QJsonObject choice{{QStringLiteral("index"), 0}, {QStringLiteral("message"), message},
                             {QStringLiteral("finish_reason"), QStringLiteral("stop")}};
    return QJsonDocument(QJsonObject{{QStringLiteral("choices"), QJsonArray{choice}}}).toJson(QJsonDocument::Compact);
}

LlmEndpoint endpointOf(const FakeHttpServer &server)
{
    LlmEndpoint e;
    e.baseUrl = server.baseUrl();
    e.model = QStringLiteral("judge-model");
    e.apiKey = QStringLiteral("sk-judge-secret");
    e.timeoutMs = 3000;
    e.initialBackoffMs = 10;
    e.maxBackoffMs = 20;
    return e;
}

} // namespace

class tst_LlmJudge : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parseScores();
    void promptNumbersSnippets();
    void judgesThroughTheServer();
    void serverErrorIsAnError();
    void unconfigured();
    void credentialsAreWithheld();
};

void tst_LlmJudge::parseScores()
{
    QCOMPARE(ChatJudge::parseScores(QStringLiteral("1: 9\n2: 3.5\n3: 12\n"), 3), (QList<double>{9, 3.5, 10}));
    QCOMPARE(ChatJudge::parseScores(QStringLiteral("[2] - 7\nnoise\n- 1: 4"), 3), (QList<double>{4, 7, 0}));
    QCOMPARE(ChatJudge::parseScores(QStringLiteral("I cannot rate these."), 2), (QList<double>{0, 0}));
    QCOMPARE(ChatJudge::parseScores(QStringLiteral("7: 9"), 2), (QList<double>{0, 0}));
}

void tst_LlmJudge::promptNumbersSnippets()
{
    const QString p = ChatJudge::prompt(QStringLiteral("where are proxies chosen?"),
                                        {QStringLiteral("def select_proxy(): ..."), QString(50, u'x')}, 30);
    QVERIFY(p.startsWith(QLatin1String("Question: where are proxies chosen?")));
    QVERIFY(p.contains(QLatin1String("[1]\ndef select_proxy(): ...")));
    QVERIFY(p.contains(QLatin1String("[2]\n") + QString(30, u'x') + QStringLiteral("\n…")));
    QVERIFY(p.contains(QLatin1String("exactly 2 lines")));
}

void tst_LlmJudge::judgesThroughTheServer()
{
    FakeHttpServer server([](const FakeHttpServer::Request &) { return FakeHttpServer::json(chatAnswer(QStringLiteral("1: 2\n2: 8"))); });
    QVERIFY(server.listen());
    ChatJudge judge(endpointOf(server));
    auto scores = judge.judge(QStringLiteral("q"), {QStringLiteral("a"), QStringLiteral("b")}, nullptr);
    QVERIFY2(scores, qPrintable(scores ? QString() : scores.error().toString()));
    QCOMPARE(*scores, (QList<double>{2, 8}));
    QCOMPARE(server.requests.size(), 1);
    QCOMPARE(server.requests.first().path, QByteArray("/v1/chat/completions"));
    const QJsonObject body = QJsonDocument::fromJson(server.requests.first().body).object();
    QCOMPARE(body.value(QStringLiteral("model")).toString(), QStringLiteral("judge-model"));
    QCOMPARE(body.value(QStringLiteral("stream")).toBool(), false);

    // through the searcher's interface
    JudgeReranker reranker(std::make_shared<ChatJudge>(endpointOf(server)));
    ChunkRecord a, b;
    a.path = QStringLiteral("a.py");
    a.text = QStringLiteral("def a(): pass");
    b.path = QStringLiteral("b.py");
    b.text = QStringLiteral("def b(): pass");
    auto viaReranker = reranker.score(QStringLiteral("q"), {a, b});
    QVERIFY(viaReranker);
    QVERIFY(viaReranker->at(1) > viaReranker->at(0));
}

void tst_LlmJudge::serverErrorIsAnError()
{
    FakeHttpServer server([](const FakeHttpServer::Request &) {
        return FakeHttpServer::json(R"({"error":{"message":"model not loaded"}})", 400);
    });
    QVERIFY(server.listen());
    ChatJudge judge(endpointOf(server));
    auto scores = judge.judge(QStringLiteral("q"), {QStringLiteral("a")}, nullptr);
    QVERIFY(!scores);
    QVERIFY(!scores.error().toString().contains(QLatin1String("sk-judge-secret")));
}

void tst_LlmJudge::unconfigured()
{
    ChatJudge judge(LlmEndpoint{});
    auto scores = judge.judge(QStringLiteral("q"), {QStringLiteral("a")}, nullptr);
    QVERIFY(!scores);
    QCOMPARE(scores.error().code, ErrorCode::Unsupported);
}

QTEST_GUILESS_MAIN(tst_LlmJudge)
// Re-rankers send chunks off the machine: credentials are withheld from them unless the user
// allowed it (send_credentials); the rest of the chunk still goes.
void tst_LlmJudge::credentialsAreWithheld()
{
    const QString key = QStringLiteral("AKIA") + QStringLiteral("Q3EGRTJ7VXMPLE42");
    ChunkRecord clean, secret;
    clean.path = QStringLiteral("a.py");
    clean.text = QStringLiteral("def connect(): pass");
    secret.path = QStringLiteral("b.py");
    secret.text = QStringLiteral("AWS_ACCESS_KEY_ID = \"%1\"\n").arg(key);

    FakeHttpServer chat([](const FakeHttpServer::Request &) { return FakeHttpServer::json(chatAnswer(QStringLiteral("1: 5\n2: 5"))); });
    QVERIFY(chat.listen());
    QVERIFY(JudgeReranker(std::make_shared<ChatJudge>(endpointOf(chat))).score(QStringLiteral("q"), {clean, secret}));
    QVERIFY(JudgeReranker(std::make_shared<ChatJudge>(endpointOf(chat)), false).score(QStringLiteral("q"), {clean, secret}));
    QCOMPARE(chat.requests.size(), 2);
    QVERIFY(!chat.requests.at(0).body.contains(key.toUtf8()));
    QVERIFY(chat.requests.at(0).body.contains("AWS_ACCESS_KEY_ID = \\\"[withheld: AWS access key]\\\""));
    QVERIFY(chat.requests.at(0).body.contains("def connect(): pass"));
    QVERIFY(chat.requests.at(1).body.contains(key.toUtf8())); // allowed

    FakeHttpServer rerank([](const FakeHttpServer::Request &) {
        return FakeHttpServer::json(R"({"results":[{"index":0,"relevance_score":0.5},{"index":1,"relevance_score":0.4}]})");
    });
    QVERIFY(rerank.listen());
    HttpEndpoint endpoint;
    endpoint.baseUrl = rerank.baseUrl();
    RemoteReranker remote(endpoint, QStringLiteral("rerank-model"));
    QVERIFY(remote.score(QStringLiteral("q"), {clean, secret}));
    remote.setWithholdSecrets(false);
    QVERIFY(remote.score(QStringLiteral("q"), {clean, secret}));
    QCOMPARE(rerank.requests.size(), 2);
    const QJsonArray docs = QJsonDocument::fromJson(rerank.requests.at(0).body).object().value(QStringLiteral("documents")).toArray();
    QCOMPARE(docs.size(), 2);
    QVERIFY2(docs.at(1).toString().endsWith(QLatin1String("AWS_ACCESS_KEY_ID = \"[withheld: AWS access key]\"\n")),
             qPrintable(docs.at(1).toString()));
    QVERIFY(docs.at(0).toString().contains(QLatin1String("def connect(): pass")));
    QVERIFY(rerank.requests.at(1).body.contains(key.toUtf8()));
}

#include "tst_llmjudge.moc"
