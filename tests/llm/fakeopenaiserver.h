#pragma once

// A fake OpenAI-compatible HTTP server on 127.0.0.1 for tests: canned streaming answers, errors
// (401/403/404/429/5xx), slow first tokens, hangs, malformed and truncated streams, mid-stream
// disconnects; POST /v1/embeddings answers every input with a small vector computed from its
// text, POST /v1/rerank scores every document (the first highest); records every request so
// tests can assert on exactly what the client sent.

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QStringList>
#include <QTcpServer>
#include <QUrl>

class QTcpSocket;

namespace RepoLens::Test {

class FakeOpenAiServer : public QObject
{
    Q_OBJECT
public:
    // What to answer to one POST /v1/chat/completions.
    struct Response
    {
        int status = 200;
        QByteArray contentType = "text/event-stream";
        QList<QPair<QByteArray, QByteArray>> headers;
        QList<QByteArray> chunks;  // body pieces, written one after the other
        int headerDelayMs = 0;     // before the status line (slow first byte)
        int firstDelayMs = 0;      // before the first body piece (slow first token)
        int chunkDelayMs = 0;      // between pieces
        bool chunked = true;       // Transfer-Encoding: chunked (else: Connection: close ends the body)
        bool disconnect = false;   // abort the connection after the pieces (mid-stream disconnect)
        bool hang = false;         // read the request and never answer
    };

    struct Request
    {
        QByteArray method;
        QByteArray path;
        QHash<QByteArray, QByteArray> headers; // names lowercased
        QByteArray body;
        QJsonObject json;
    };

    explicit FakeOpenAiServer(QObject *parent = nullptr);
    ~FakeOpenAiServer() override;

    bool listen();
    quint16 port() const;
    QUrl baseUrl() const; // http://127.0.0.1:<port>/v1
    QUrl rootUrl() const; // http://127.0.0.1:<port>

    // Answers for chat completions, in order; the default once the queue is empty.
    void enqueue(const Response &response);
    void setDefaultResponse(const Response &response) { m_default = response; }
    void clearQueue() { m_queue.clear(); }
    // GET /v1/models and GET /api/tags list these.
    void setModels(const QStringList &models) { m_models = models; }
    // When set, requests without "Authorization: Bearer <key>" get 401.
    void setRequiredKey(const QByteArray &key) { m_requiredKey = key; }
    // A chat answer computed from the request (takes precedence over the queue when set).
    void setResponder(std::function<Response(const Request &)> responder) { m_responder = std::move(responder); }

    QList<Request> requests() const { return m_requests; }
    QList<Request> chatRequests() const;
    QList<Request> embeddingRequests() const; // POST .../embeddings
    Request lastChatRequest() const;
    void clearRequests() { m_requests.clear(); }

    // OpenAI-style streaming body: one SSE event per piece, a final event with finish_reason,
    // then [DONE] (unless finishReason is empty / done is false).
    static QList<QByteArray> sseChunks(const QStringList &pieces, const QByteArray &finishReason = "stop",
                                       bool done = true);
    static Response stream(const QStringList &pieces, int chunkDelayMs = 0);
    static Response error(int status, const QByteArray &message, const QByteArray &code = {},
                          const QByteArray &retryAfter = {});
    static Response json(const QJsonObject &body);
    static Response completion(const QString &text); // a non-streamed chat completion

Q_SIGNALS:
    void requestReceived(int index);

private:
    void onConnection();
    void onReadyRead(QTcpSocket *socket);
    void handle(QTcpSocket *socket, const Request &request);
    void respond(QTcpSocket *socket, const Response &response);
    void writePiece(QPointer<QTcpSocket> socket, Response response, int index);

    QTcpServer m_server;
    QHash<QTcpSocket *, QByteArray> m_buffers;
    QList<Response> m_queue;
    Response m_default;
    QStringList m_models;
    QByteArray m_requiredKey;
    std::function<Response(const Request &)> m_responder;
    QList<Request> m_requests;
};

} // namespace RepoLens::Test
