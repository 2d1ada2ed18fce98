// RemoteEmbedder against a fake /v1/embeddings server on 127.0.0.1: batching, splitting of
// oversize inputs (vectors averaged, nothing dropped), 429 back-off, 500, other 4xx, timeouts,
// malformed JSON and the API key staying out of errors.

#include "../common/fakehttpserver.h"

#include "core/embed/remoteembedder.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>

using namespace RepoLens;

namespace {

// The fake model: a text's vector is (length, number of 'a', 1), so averages are checkable.
QByteArray embeddingsAnswer(const QByteArray &requestBody, bool reverse = false)
{
    const QJsonArray input = QJsonDocument::fromJson(requestBody).object().value(QStringLiteral("input")).toArray();
    QJsonArray data;
    for (qsizetype i = 0; i < input.size(); ++i) {
        const QString t = input.at(i).toString();
        const QJsonObject item{{QStringLiteral("object"), QStringLiteral("embedding")},
                               {QStringLiteral("index"), int(i)},
                               {QStringLiteral("embedding"), QJsonArray{double(t.size()), double(t.count(u'a')), 1.0}}};
        if (reverse)
            data.prepend(item);
        else
            data.append(item);
    }
    return QJsonDocument(QJsonObject{{QStringLiteral("object"), QStringLiteral("list")}, {QStringLiteral("data"), data}})
        .toJson(QJsonDocument::Compact);
}

RemoteEmbedderConfig config(const FakeHttpServer &server)
{
    RemoteEmbedderConfig c;
    c.endpoint.baseUrl = server.baseUrl();
    c.endpoint.apiKey = QStringLiteral("sk-test-secret");
    c.endpoint.timeoutMs = 2000;
    c.endpoint.initialBackoffMs = 10;
    c.endpoint.maxBackoffMs = 50;
    c.endpoint.maxRetries = 3;
    c.model = QStringLiteral("fake-embed");
    return c;
}

EmbeddingVector normalised(EmbeddingVector v)
{
    normaliseVector(v);
    return v;
}

} // namespace

class tst_RemoteEmbedder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void batchesInOrder();
    void splitsOversizeInputsAndAverages();
    void lengthErrorHalvesTheLimit();
    void retriesOn429ThenSucceeds();
    void gives500UpAfterRetries();
    void doesNotRetryOther4xx();
    void timesOut();
    void malformedJson();
    void wrongCount();
    void splitAtLines();
};

void tst_RemoteEmbedder::batchesInOrder()
{
    FakeHttpServer server([](const FakeHttpServer::Request &r) {
        return FakeHttpServer::json(embeddingsAnswer(r.body, true)); // answers out of order
    });
    QVERIFY(server.listen());
    RemoteEmbedderConfig c = config(server);
    c.batchSize = 4;
    RemoteEmbedder embedder(c);
    QStringList texts;
    for (int i = 0; i < 10; ++i)
        texts << QString(i + 1, u'x');
    auto vectors = embedder.embed(texts, EmbedPurpose::Document);
    QVERIFY2(vectors, qPrintable(vectors ? QString() : vectors.error().toString()));
    QCOMPARE(vectors->size(), 10);
    QCOMPARE(server.requests.size(), 3);
    QCOMPARE(server.requests.at(0).path, QByteArray("/v1/embeddings"));
    QCOMPARE(server.requests.at(0).headers.value("authorization"), QByteArray("Bearer sk-test-secret"));
    const QJsonObject first = QJsonDocument::fromJson(server.requests.at(0).body).object();
    QCOMPARE(first.value(QStringLiteral("model")).toString(), QStringLiteral("fake-embed"));
    QCOMPARE(first.value(QStringLiteral("input")).toArray().size(), 4);
    QCOMPARE(QJsonDocument::fromJson(server.requests.at(2).body).object().value(QStringLiteral("input")).toArray().size(), 2);
    for (int i = 0; i < 10; ++i) {
        const EmbeddingVector want = normalised({float(i + 1), 0.0f, 1.0f});
        for (size_t j = 0; j < 3; ++j)
            QVERIFY(std::abs(vectors->at(i)[j] - want[j]) < 1e-6f);
    }
    QCOMPARE(embedder.dimension(), 3);
    QCOMPARE(embedder.modelId(), QStringLiteral("remote:127.0.0.1:%1/fake-embed").arg(server.baseUrl().port()));
}

void tst_RemoteEmbedder::splitsOversizeInputsAndAverages()
{
    FakeHttpServer server([](const FakeHttpServer::Request &r) { return FakeHttpServer::json(embeddingsAnswer(r.body)); });
    QVERIFY(server.listen());
    RemoteEmbedderConfig c = config(server);
    c.maxInputTokens = 40; // 120 characters at 3 characters a token
    RemoteEmbedder embedder(c);
    const QString big = QString(100, u'a') + u'\n' + QString(150, u'b');
    auto vectors = embedder.embed({QStringLiteral("short"), big}, EmbedPurpose::Document);
    QVERIFY2(vectors, qPrintable(vectors ? QString() : vectors.error().toString()));
    QCOMPARE(vectors->size(), 2);
    const QJsonArray sent = QJsonDocument::fromJson(server.requests.at(0).body).object().value(QStringLiteral("input")).toArray();
    QVERIFY(sent.size() >= 4);
    int total = 0;
    for (const QJsonValue &v : sent) {
        QVERIFY(v.toString().size() <= 120);
        total += int(v.toString().size());
    }
    QCOMPARE(total, 5 + int(big.size())); // nothing dropped
    // the big text's vector is the length-weighted mean of its pieces' vectors, normalised
    EmbeddingVector expected(3, 0.0f);
    for (qsizetype i = 1; i < sent.size(); ++i) {
        const QString p = sent.at(i).toString();
        expected[0] += float(p.size()) * float(p.size());
        expected[1] += float(p.size()) * float(p.count(u'a'));
        expected[2] += float(p.size());
    }
    const EmbeddingVector want = normalised(expected);
    for (int j = 0; j < 3; ++j)
        QVERIFY(std::abs(vectors->at(1)[size_t(j)] - want[size_t(j)]) < 1e-5f);
}

void tst_RemoteEmbedder::lengthErrorHalvesTheLimit()
{
    FakeHttpServer server([](const FakeHttpServer::Request &r) {
        const QJsonArray input = QJsonDocument::fromJson(r.body).object().value(QStringLiteral("input")).toArray();
        for (const QJsonValue &v : input) {
            if (v.toString().size() > 600)
                return FakeHttpServer::json(R"({"error":{"message":"This model's maximum context length is 200 tokens"}})", 400);
        }
        return FakeHttpServer::json(embeddingsAnswer(r.body));
    });
    QVERIFY(server.listen());
    RemoteEmbedderConfig c = config(server);
    c.maxInputTokens = 400; // 1200 characters: the server accepts only 600
    RemoteEmbedder embedder(c);
    auto vectors = embedder.embed({QString(1000, u'a')}, EmbedPurpose::Document);
    QVERIFY2(vectors, qPrintable(vectors ? QString() : vectors.error().toString()));
    QCOMPARE(vectors->size(), 1);
    QCOMPARE(server.requests.size(), 2);
}

void tst_RemoteEmbedder::retriesOn429ThenSucceeds()
{
    int calls = 0;
    FakeHttpServer server([&](const FakeHttpServer::Request &r) {
        if (++calls <= 2) {
            FakeHttpServer::Response busy = FakeHttpServer::json(R"({"error":"rate limited"})", 429);
            busy.headers.append(qMakePair(QByteArray("Retry-After"), QByteArray("0")));
            return busy;
        }
        return FakeHttpServer::json(embeddingsAnswer(r.body));
    });
    QVERIFY(server.listen());
    RemoteEmbedder embedder(config(server));
    auto vectors = embedder.embed({QStringLiteral("hello")}, EmbedPurpose::Query);
    QVERIFY2(vectors, qPrintable(vectors ? QString() : vectors.error().toString()));
    QCOMPARE(server.requests.size(), 3);
}

void tst_RemoteEmbedder::gives500UpAfterRetries()
{
    FakeHttpServer server([](const FakeHttpServer::Request &) {
        return FakeHttpServer::json(R"({"error":{"message":"boom"}})", 500);
    });
    QVERIFY(server.listen());
    RemoteEmbedder embedder(config(server));
    QElapsedTimer t;
    t.start();
    auto vectors = embedder.embed({QStringLiteral("hello")}, EmbedPurpose::Query);
    QVERIFY(!vectors);
    QCOMPARE(server.requests.size(), 4); // 1 + maxRetries
    QVERIFY(vectors.error().message.contains(QLatin1String("HTTP 500")));
    QVERIFY(vectors.error().message.contains(QLatin1String("boom")));
    QVERIFY(!vectors.error().toString().contains(QLatin1String("sk-test-secret")));
    QVERIFY(t.elapsed() >= 10 + 20 + 40); // capped exponential backoff
}

void tst_RemoteEmbedder::doesNotRetryOther4xx()
{
    FakeHttpServer server([](const FakeHttpServer::Request &) {
        return FakeHttpServer::json(R"({"error":{"message":"invalid api key sk-test-secret"}})", 401);
    });
    QVERIFY(server.listen());
    RemoteEmbedder embedder(config(server));
    auto vectors = embedder.embed({QStringLiteral("hello")}, EmbedPurpose::Query);
    QVERIFY(!vectors);
    QCOMPARE(server.requests.size(), 1);
    QCOMPARE(vectors.error().code, ErrorCode::PermissionDenied);
    QVERIFY(vectors.error().message.contains(QLatin1String("HTTP 401")));
}

void tst_RemoteEmbedder::timesOut()
{
    FakeHttpServer server([](const FakeHttpServer::Request &) {
        FakeHttpServer::Response r;
        r.hang = true;
        return r;
    });
    QVERIFY(server.listen());
    RemoteEmbedderConfig c = config(server);
    c.endpoint.timeoutMs = 300;
    RemoteEmbedder embedder(c);
    QElapsedTimer t;
    t.start();
    auto vectors = embedder.embed({QStringLiteral("hello")}, EmbedPurpose::Query);
    QVERIFY(!vectors);
    QCOMPARE(vectors.error().code, ErrorCode::Timeout);
    QCOMPARE(server.requests.size(), 1); // timeouts are not retried
    QVERIFY(t.elapsed() < 5000);
}

void tst_RemoteEmbedder::malformedJson()
{
    FakeHttpServer server([](const FakeHttpServer::Request &) { return FakeHttpServer::json("{\"data\": [1, 2"); });
    QVERIFY(server.listen());
    RemoteEmbedder embedder(config(server));
    auto vectors = embedder.embed({QStringLiteral("hello")}, EmbedPurpose::Query);
    QVERIFY(!vectors);
    QCOMPARE(vectors.error().code, ErrorCode::Protocol);
    QVERIFY(vectors.error().message.contains(QLatin1String("malformed JSON")));
}

void tst_RemoteEmbedder::wrongCount()
{
    FakeHttpServer server([](const FakeHttpServer::Request &) {
        return FakeHttpServer::json(R"({"data":[{"index":0,"embedding":[1,2,3]}]})");
    });
    QVERIFY(server.listen());
    RemoteEmbedder embedder(config(server));
    auto vectors = embedder.embed({QStringLiteral("a"), QStringLiteral("b")}, EmbedPurpose::Document);
    QVERIFY(!vectors);
    QCOMPARE(vectors.error().code, ErrorCode::Protocol);
}

void tst_RemoteEmbedder::splitAtLines()
{
    const QString text = QStringLiteral("line one\nline two\nline three\n");
    const QStringList pieces = RemoteEmbedder::split(text, 12);
    QCOMPARE(pieces.join(QString()), text);
    for (const QString &p : pieces)
        QVERIFY(p.size() <= 12);
    QCOMPARE(pieces.first(), QStringLiteral("line one\n"));
    QCOMPARE(RemoteEmbedder::split(QStringLiteral("short"), 12), QStringList{QStringLiteral("short")});
}

QTEST_GUILESS_MAIN(tst_RemoteEmbedder)
#include "tst_remoteembedder.moc"
