// The OpenAI-compatible client against the fake server: streaming, the exact request, every
// error the issue lists, retries before the first token only, timeouts, cancel, partial answers.

#include "fakeopenaiserver.h"

#include "core/llm/chatclient.h"
#include "core/llm/modelprobe.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QLoggingCategory>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTest>
#include <QThread>

using namespace RepoLens;
using RepoLens::Test::FakeOpenAiServer;

class tst_ChatClient : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void streamsAnswerAndSendsTheExactRequest();
    void streamSplitAnywhere();
    void nonStreamingServer();
    void retries429And5xxBeforeTheFirstToken();
    void givesUpAfterMaxRetries();
    void honoursRetryAfterCap();
    void httpErrors_data();
    void httpErrors();
    void connectionRefused();
    void tlsFailure();
    void networkErrorKinds();
    void timeoutWithoutAnswer();
    void slowFirstTokenWithinTimeout();
    void midStreamDisconnectKeepsPartialAnswer();
    void truncatedStream();
    void malformedStream();
    void errorEventInStream();
    void lengthLimitIsCutOff();
    void cancelKeepsPartialAnswer();
    void notConfigured();
    void apiKeyNeverLogged();
    void blockingFromWorkerThread();
    void listModelsAndDetectOllama();

private:
    LlmEndpoint endpoint() const;
    ChatReply *sendAndWait(ChatClient &client, const ChatRequest &request, int timeoutMs = 10000);

    FakeOpenAiServer m_server;
};

static ChatRequest question(const QString &text)
{
    ChatRequest r;
    r.purpose = QStringLiteral("answer");
    r.messages = {{QStringLiteral("system"), QStringLiteral("Answer from the context.")},
                  {QStringLiteral("user"), text}};
    return r;
}

void tst_ChatClient::initTestCase()
{
    QVERIFY(m_server.listen());
}

void tst_ChatClient::init()
{
    m_server.clearQueue();
    m_server.clearRequests();
    m_server.setDefaultResponse(FakeOpenAiServer::stream({QStringLiteral("Default answer.")}));
    m_server.setRequiredKey({});
}

LlmEndpoint tst_ChatClient::endpoint() const
{
    LlmEndpoint e;
    e.baseUrl = m_server.baseUrl();
    e.model = QStringLiteral("test-model");
    e.apiKey = QStringLiteral("sk-test-secret-123456");
    e.temperature = 0.3;
    e.maxTokens = 256;
    e.timeoutMs = 5000;
    e.initialBackoffMs = 10;
    e.maxBackoffMs = 50;
    return e;
}

ChatReply *tst_ChatClient::sendAndWait(ChatClient &client, const ChatRequest &request, int timeoutMs)
{
    ChatReply *reply = client.send(request);
    QSignalSpy finished(reply, &ChatReply::finished);
    if (!reply->isFinished())
        finished.wait(timeoutMs);
    return reply;
}

void tst_ChatClient::streamsAnswerAndSendsTheExactRequest()
{
    m_server.enqueue(FakeOpenAiServer::stream({QStringLiteral("Sessions are "), QStringLiteral("created in "),
                                               QStringLiteral("`sessions.py:12` [1].")},
                                              20));
    ChatClient client;
    client.setEndpoint(endpoint());
    ChatReply *reply = client.send(question(QStringLiteral("Where are sessions created?")));
    QSignalSpy deltas(reply, &ChatReply::textReceived);
    QSignalSpy finished(reply, &ChatReply::finished);
    QVERIFY(finished.wait(5000));
    QCOMPARE(finished.size(), 1);
    QVERIFY2(!reply->hasError(), qPrintable(describeLlmError(reply->error())));
    QCOMPARE(deltas.size(), 3);
    QCOMPARE(deltas.at(0).at(0).toString(), QStringLiteral("Sessions are "));
    QCOMPARE(reply->text(), QStringLiteral("Sessions are created in `sessions.py:12` [1]."));
    QCOMPARE(reply->finishReason(), QStringLiteral("stop"));
    QVERIFY(!reply->isCutOff());
    QCOMPARE(reply->attempts(), 1);
    QVERIFY(reply->firstTokenMillis() >= 0);

    const FakeOpenAiServer::Request r = m_server.lastChatRequest();
    QCOMPARE(r.method, QByteArray("POST"));
    QCOMPARE(r.path, QByteArray("/v1/chat/completions"));
    QCOMPARE(r.headers.value("authorization"), QByteArray("Bearer sk-test-secret-123456"));
    QCOMPARE(r.headers.value("content-type"), QByteArray("application/json"));
    QCOMPARE(r.headers.value("accept"), QByteArray("text/event-stream"));
    QCOMPARE(r.json.value(QStringLiteral("model")).toString(), QStringLiteral("test-model"));
    QCOMPARE(r.json.value(QStringLiteral("stream")).toBool(), true);
    QCOMPARE(r.json.value(QStringLiteral("temperature")).toDouble(), 0.3);
    QCOMPARE(r.json.value(QStringLiteral("max_tokens")).toInt(), 256);
    const QJsonArray messages = r.json.value(QStringLiteral("messages")).toArray();
    QCOMPARE(messages.size(), 2);
    QCOMPARE(messages.at(0).toObject().value(QStringLiteral("role")).toString(), QStringLiteral("system"));
    QCOMPARE(messages.at(1).toObject().value(QStringLiteral("content")).toString(),
             QStringLiteral("Where are sessions created?"));
    // what the inspector shows is byte for byte what was sent, and carries no key
    QCOMPARE(reply->requestBody(), r.body);
    QVERIFY(!reply->requestBody().contains("sk-test-secret"));
}

void tst_ChatClient::streamSplitAnywhere()
{
    // The same stream cut in awkward places: inside "data:", between CR and LF, inside a UTF-8
    // sequence and inside the JSON.
    QByteArray body;
    for (const QByteArray &c : FakeOpenAiServer::sseChunks({QStringLiteral("caf\u00e9 "), QStringLiteral("\u2192 done")}))
        body += c;
    body.replace("\n\n", "\r\n\r\n");
    FakeOpenAiServer::Response r;
    for (qsizetype i = 0; i < body.size(); i += 7)
        r.chunks << body.mid(i, 7);
    r.chunkDelayMs = 2;
    m_server.enqueue(r);
    ChatClient client;
    client.setEndpoint(endpoint());
    ChatReply *reply = sendAndWait(client, question(QStringLiteral("q")));
    QVERIFY2(!reply->hasError(), qPrintable(describeLlmError(reply->error())));
    QCOMPARE(reply->text(), QStringLiteral("caf\u00e9 \u2192 done"));
}

void tst_ChatClient::nonStreamingServer()
{
    m_server.enqueue(FakeOpenAiServer::completion(QStringLiteral("Whole answer at once.")));
    ChatClient client;
    client.setEndpoint(endpoint());
    ChatReply *reply = sendAndWait(client, question(QStringLiteral("q")));
    QVERIFY(!reply->hasError());
    QCOMPARE(reply->text(), QStringLiteral("Whole answer at once."));
    QCOMPARE(reply->promptTokens(), 10);
}

void tst_ChatClient::retries429And5xxBeforeTheFirstToken()
{
    m_server.enqueue(FakeOpenAiServer::error(429, "Rate limit reached", "rate_limit_exceeded", "0"));
    m_server.enqueue(FakeOpenAiServer::error(503, "overloaded"));
    m_server.enqueue(FakeOpenAiServer::stream({QStringLiteral("third time lucky")}));
    ChatClient client;
    client.setEndpoint(endpoint());
    ChatReply *reply = client.send(question(QStringLiteral("q")));
    QSignalSpy retrying(reply, &ChatReply::retrying);
    QSignalSpy finished(reply, &ChatReply::finished);
    QVERIFY(finished.wait(5000));
    QVERIFY(!reply->hasError());
    QCOMPARE(reply->text(), QStringLiteral("third time lucky"));
    QCOMPARE(reply->attempts(), 3);
    QCOMPARE(retrying.size(), 2);
    QCOMPARE(retrying.at(0).at(2).toInt(), 429);
    QCOMPARE(retrying.at(1).at(2).toInt(), 503);
    QCOMPARE(m_server.chatRequests().size(), 3);
    // every attempt sends the same body
    QCOMPARE(m_server.chatRequests().at(0).body, m_server.chatRequests().at(2).body);
}

void tst_ChatClient::givesUpAfterMaxRetries()
{
    m_server.setDefaultResponse(FakeOpenAiServer::error(500, "internal error"));
    LlmEndpoint e = endpoint();
    e.maxRetries = 2;
    ChatClient client;
    client.setEndpoint(e);
    ChatReply *reply = sendAndWait(client, question(QStringLiteral("q")));
    QCOMPARE(reply->error().kind, LlmErrorKind::ServerError);
    QCOMPARE(reply->error().httpStatus, 500);
    QCOMPARE(reply->attempts(), 3);
    QCOMPARE(m_server.chatRequests().size(), 3);
    QVERIFY(reply->error().detail.contains(QStringLiteral("internal error")));
    QVERIFY(reply->error().retryable());
    QVERIFY(!reply->error().partial);
}

void tst_ChatClient::honoursRetryAfterCap()
{
    // Retry-After: 3600 is capped by maxBackoffMs (50 ms here): the test finishes fast.
    m_server.enqueue(FakeOpenAiServer::error(429, "slow down", {}, "3600"));
    m_server.enqueue(FakeOpenAiServer::stream({QStringLiteral("ok")}));
    ChatClient client;
    client.setEndpoint(endpoint());
    QElapsedTimer t;
    t.start();
    ChatReply *reply = sendAndWait(client, question(QStringLiteral("q")));
    QVERIFY(!reply->hasError());
    QVERIFY(t.elapsed() < 3000);
}

void tst_ChatClient::httpErrors_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("message");
    QTest::addColumn<QByteArray>("code");
    QTest::addColumn<int>("kind");
    QTest::newRow("401") << 401 << QByteArray("Incorrect API key provided") << QByteArray("invalid_api_key")
                         << int(LlmErrorKind::Unauthorized);
    QTest::newRow("403") << 403 << QByteArray("not allowed") << QByteArray() << int(LlmErrorKind::Forbidden);
    QTest::newRow("404 model") << 404 << QByteArray("model \"qwen9\" not found, try pulling it first") << QByteArray()
                               << int(LlmErrorKind::ModelNotFound);
    QTest::newRow("404 code") << 404 << QByteArray("does not exist") << QByteArray("model_not_found")
                              << int(LlmErrorKind::ModelNotFound);
    QTest::newRow("404 path") << 404 << QByteArray("Not Found") << QByteArray() << int(LlmErrorKind::EndpointNotFound);
    QTest::newRow("400") << 400 << QByteArray("maximum context length exceeded") << QByteArray("context_length_exceeded")
                         << int(LlmErrorKind::BadRequest);
}

void tst_ChatClient::httpErrors()
{
    QFETCH(int, status);
    QFETCH(QByteArray, message);
    QFETCH(QByteArray, code);
    QFETCH(int, kind);
    m_server.enqueue(FakeOpenAiServer::error(status, message, code));
    ChatClient client;
    client.setEndpoint(endpoint());
    ChatReply *reply = sendAndWait(client, question(QStringLiteral("q")));
    QCOMPARE(int(reply->error().kind), kind);
    QCOMPARE(reply->error().httpStatus, status);
    QCOMPARE(reply->attempts(), 1); // never retried
    QCOMPARE(m_server.chatRequests().size(), 1);
    QVERIFY(reply->error().detail.contains(QString::fromUtf8(message)));
    QVERIFY(reply->error().retryable());
    QVERIFY(!describeLlmError(reply->error()).isEmpty());
}

void tst_ChatClient::connectionRefused()
{
    QTcpServer probe;
    QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
    const quint16 port = probe.serverPort();
    probe.close();
    LlmEndpoint e = endpoint();
    e.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:%1/v1").arg(port));
    ChatClient client;
    client.setEndpoint(e);
    ChatReply *reply = sendAndWait(client, question(QStringLiteral("q")));
    QCOMPARE(reply->error().kind, LlmErrorKind::ConnectionRefused);
    QCOMPARE(reply->attempts(), 1);
    QCOMPARE(reply->error().endpoint, QStringLiteral("http://127.0.0.1:%1/v1/chat/completions").arg(port));
}

void tst_ChatClient::tlsFailure()
{
    // https:// to a plain-HTTP server: the handshake fails.
    LlmEndpoint e = endpoint();
    e.baseUrl = QUrl(QStringLiteral("https://127.0.0.1:%1/v1").arg(m_server.port()));
    e.timeoutMs = 3000;
    ChatClient client;
    client.setEndpoint(e);
    ChatReply *reply = sendAndWait(client, question(QStringLiteral("q")));
    QVERIFY(reply->hasError());
    if (reply->error().kind == LlmErrorKind::Network)
        QSKIP("no TLS backend: Qt reports a generic network error");
    QCOMPARE(reply->error().kind, LlmErrorKind::Tls);
}

void tst_ChatClient::networkErrorKinds()
{
    // Kinds that need the real internet to provoke (DNS) are checked on the mapping.
    QCOMPARE(llmErrorKindForNetworkError(QNetworkReply::HostNotFoundError), LlmErrorKind::HostNotFound);
    QCOMPARE(llmErrorKindForNetworkError(QNetworkReply::SslHandshakeFailedError), LlmErrorKind::Tls);
    QCOMPARE(llmErrorKindForNetworkError(QNetworkReply::ConnectionRefusedError), LlmErrorKind::ConnectionRefused);
    QCOMPARE(llmErrorKindForNetworkError(QNetworkReply::OperationCanceledError), LlmErrorKind::Timeout);
    QCOMPARE(llmErrorKindForNetworkError(QNetworkReply::RemoteHostClosedError), LlmErrorKind::ConnectionClosed);
    QCOMPARE(llmErrorKindForNetworkError(QNetworkReply::ProxyConnectionRefusedError), LlmErrorKind::Network);
    for (int k = int(LlmErrorKind::ConnectionRefused); k <= int(LlmErrorKind::Cancelled); ++k) {
        LlmError e;
        e.kind = LlmErrorKind(k);
        QVERIFY(!describeLlmError(e).isEmpty());
        QVERIFY(!llmErrorKindName(e.kind).isEmpty());
    }
}

void tst_ChatClient::timeoutWithoutAnswer()
{
    FakeOpenAiServer::Response hang;
    hang.hang = true;
    m_server.enqueue(hang);
    LlmEndpoint e = endpoint();
    e.timeoutMs = 300;
    ChatClient client;
    client.setEndpoint(e);
    ChatReply *reply = sendAndWait(client, question(QStringLiteral("q")));
    QCOMPARE(reply->error().kind, LlmErrorKind::Timeout);
    QCOMPARE(reply->attempts(), 1);
}

void tst_ChatClient::slowFirstTokenWithinTimeout()
{
    FakeOpenAiServer::Response slow = FakeOpenAiServer::stream({QStringLiteral("late"), QStringLiteral(" but fine")});
    slow.firstDelayMs = 600;
    m_server.enqueue(slow);
    LlmEndpoint e = endpoint();
    e.timeoutMs = 3000;
    ChatClient client;
    client.setEndpoint(e);
    ChatReply *reply = sendAndWait(client, question(QStringLiteral("q")));
    QVERIFY(!reply->hasError());
    QCOMPARE(reply->text(), QStringLiteral("late but fine"));
    QVERIFY(reply->firstTokenMillis() >= 500);
}

void tst_ChatClient::midStreamDisconnectKeepsPartialAnswer()
{
    FakeOpenAiServer::Response r;
    r.chunks = FakeOpenAiServer::sseChunks({QStringLiteral("The first half"), QStringLiteral(" and")}, {}, false);
    r.chunkDelayMs = 20;
    r.disconnect = true;
    m_server.enqueue(r);
    m_server.enqueue(FakeOpenAiServer::stream({QStringLiteral("must not be fetched")}));
    ChatClient client;
    client.setEndpoint(endpoint());
    ChatReply *reply = sendAndWait(client, question(QStringLiteral("q")));
    QVERIFY(reply->hasError());
    QVERIFY2(reply->error().kind == LlmErrorKind::ConnectionClosed || reply->error().kind == LlmErrorKind::TruncatedStream,
             qPrintable(llmErrorKindName(reply->error().kind)));
    QCOMPARE(reply->text(), QStringLiteral("The first half and"));
    QVERIFY(reply->error().partial);
    QVERIFY(reply->isCutOff());
    QCOMPARE(m_server.chatRequests().size(), 1); // nothing is retried after the first token
}

void tst_ChatClient::truncatedStream()
{
    FakeOpenAiServer::Response r;
    r.chunks = FakeOpenAiServer::sseChunks({QStringLiteral("Partial")}, {}, false);
    r.chunks << "data: {\"choices\":[{\"delta\":{\"content\":\" cut";  // no end of line, then EOF
    m_server.enqueue(r);
    ChatClient client;
    client.setEndpoint(endpoint());
    ChatReply *reply = sendAndWait(client, question(QStringLiteral("q")));
    QCOMPARE(reply->error().kind, LlmErrorKind::TruncatedStream);
    QCOMPARE(reply->text(), QStringLiteral("Partial"));
    QVERIFY(reply->isCutOff());
}

void tst_ChatClient::malformedStream()
{
    FakeOpenAiServer::Response r;
    r.chunks = FakeOpenAiServer::sseChunks({QStringLiteral("Good start")}, {}, false);
    r.chunks << "data: {this is not json}\n\n";
    m_server.enqueue(r);
    ChatClient client;
    client.setEndpoint(endpoint());
    ChatReply *reply = sendAndWait(client, question(QStringLiteral("q")));
    QCOMPARE(reply->error().kind, LlmErrorKind::MalformedStream);
    QCOMPARE(reply->text(), QStringLiteral("Good start"));
    QVERIFY(reply->error().partial);

    // An HTML error page with status 200 (a proxy) is not a stream either.
    FakeOpenAiServer::Response html;
    html.contentType = "text/html";
    html.chunks = {"<html><body>Gateway says hi</body></html>\n"};
    m_server.enqueue(html);
    reply = sendAndWait(client, question(QStringLiteral("q")));
    QVERIFY(reply->error().kind == LlmErrorKind::TruncatedStream || reply->error().kind == LlmErrorKind::MalformedStream);
    QVERIFY(reply->text().isEmpty());
}

void tst_ChatClient::errorEventInStream()
{
    FakeOpenAiServer::Response r;
    r.chunks = FakeOpenAiServer::sseChunks({QStringLiteral("Begin")}, {}, false);
    r.chunks << "data: {\"error\":{\"message\":\"model crashed\",\"code\":500}}\n\n";
    m_server.enqueue(r);
    ChatClient client;
    client.setEndpoint(endpoint());
    ChatReply *reply = sendAndWait(client, question(QStringLiteral("q")));
    QCOMPARE(reply->error().kind, LlmErrorKind::ServerError);
    QVERIFY(reply->error().detail.contains(QStringLiteral("model crashed")));
    QCOMPARE(reply->text(), QStringLiteral("Begin"));
}

void tst_ChatClient::lengthLimitIsCutOff()
{
    FakeOpenAiServer::Response r;
    r.chunks = FakeOpenAiServer::sseChunks({QStringLiteral("Long answer that")}, "length");
    m_server.enqueue(r);
    ChatClient client;
    client.setEndpoint(endpoint());
    ChatReply *reply = sendAndWait(client, question(QStringLiteral("q")));
    QVERIFY(!reply->hasError());
    QCOMPARE(reply->finishReason(), QStringLiteral("length"));
    QVERIFY(reply->isCutOff());
}

void tst_ChatClient::cancelKeepsPartialAnswer()
{
    m_server.enqueue(FakeOpenAiServer::stream({QStringLiteral("one"), QStringLiteral(" two"), QStringLiteral(" three")}, 300));
    ChatClient client;
    client.setEndpoint(endpoint());
    ChatReply *reply = client.send(question(QStringLiteral("q")));
    QSignalSpy deltas(reply, &ChatReply::textReceived);
    QSignalSpy finished(reply, &ChatReply::finished);
    QVERIFY(deltas.wait(3000));
    reply->abort();
    QCOMPARE(finished.size(), 1);
    QCOMPARE(reply->error().kind, LlmErrorKind::Cancelled);
    QVERIFY(!reply->error().retryable());
    QCOMPARE(reply->text(), QStringLiteral("one"));
    QTest::qWait(400); // nothing more arrives, no second finished()
    QCOMPARE(finished.size(), 1);
    QCOMPARE(reply->text(), QStringLiteral("one"));
}

void tst_ChatClient::notConfigured()
{
    ChatClient client;
    ChatReply *reply = sendAndWait(client, question(QStringLiteral("q")));
    QCOMPARE(reply->error().kind, LlmErrorKind::NotConfigured);
    QCOMPARE(m_server.chatRequests().size(), 0);
}

static QStringList s_logged;
static void captureMessages(QtMsgType, const QMessageLogContext &, const QString &message)
{
    s_logged << message;
}

void tst_ChatClient::apiKeyNeverLogged()
{
    QLoggingCategory::setFilterRules(QStringLiteral("repolens.*=true"));
    s_logged.clear();
    const QtMessageHandler old = qInstallMessageHandler(captureMessages);
    m_server.setRequiredKey("right-key");
    ChatClient client;
    LlmEndpoint e = endpoint();
    e.apiKey = QStringLiteral("sk-wrong-key-999");
    client.setEndpoint(e);
    ChatReply *reply = sendAndWait(client, question(QStringLiteral("q")));
    qInstallMessageHandler(old);
    QCOMPARE(reply->error().kind, LlmErrorKind::Unauthorized);
    QVERIFY(!s_logged.isEmpty());
    for (const QString &line : std::as_const(s_logged))
        QVERIFY2(!line.contains(QStringLiteral("sk-wrong-key")), qPrintable(line));
    QVERIFY(!describeLlmError(reply->error()).contains(QStringLiteral("sk-wrong-key")));
}

void tst_ChatClient::blockingFromWorkerThread()
{
    m_server.enqueue(FakeOpenAiServer::stream({QStringLiteral("from "), QStringLiteral("a worker")}, 5));
    ChatOutcome outcome;
    QStringList pieces;
    const LlmEndpoint e = endpoint();
    QThread *worker = QThread::create([&] {
        outcome = completeBlocking(e, question(QStringLiteral("q")), nullptr, [&](const QString &d) { pieces << d; });
    });
    worker->start();
    // the server lives on this thread: keep its event loop running
    QTRY_VERIFY_WITH_TIMEOUT(worker->isFinished(), 5000);
    worker->wait();
    delete worker;
    QVERIFY(outcome.ok());
    QCOMPARE(outcome.text, QStringLiteral("from a worker"));
    QCOMPARE(pieces.size(), 2);
    QVERIFY(outcome.bytesSent > 0);
}

void tst_ChatClient::listModelsAndDetectOllama()
{
    m_server.setModels({QStringLiteral("nomic-embed-text"), QStringLiteral("llama3.2"), QStringLiteral("qwen2.5-coder:7b")});
    QNetworkAccessManager nam;
    std::optional<ModelListing> listed;
    listModels(&nam, endpoint(), [&](const ModelListing &l) { listed = l; }, this);
    QTRY_VERIFY(listed.has_value());
    QVERIFY(listed->ok());
    QCOMPARE(listed->models.size(), 3);
    std::optional<ModelListing> ollama;
    detectOllama(&nam, m_server.rootUrl(), [&](const ModelListing &l) { ollama = l; }, this);
    QTRY_VERIFY(ollama.has_value());
    QVERIFY(ollama->ok());
    QCOMPARE(ollama->baseUrl, m_server.baseUrl());
    QCOMPARE(preferredModel(ollama->models), QStringLiteral("qwen2.5-coder:7b"));
    QCOMPARE(preferredModel({QStringLiteral("nomic-embed-text"), QStringLiteral("llama3.2")}), QStringLiteral("llama3.2"));
    // nothing listening: an error, quickly
    QTcpServer probe;
    QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
    const quint16 port = probe.serverPort();
    probe.close();
    std::optional<ModelListing> none;
    detectOllama(&nam, QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port)), [&](const ModelListing &l) { none = l; }, this);
    QTRY_VERIFY(none.has_value());
    QCOMPARE(none->error.kind, LlmErrorKind::ConnectionRefused);
}

QTEST_GUILESS_MAIN(tst_ChatClient)
#include "tst_chatclient.moc"
