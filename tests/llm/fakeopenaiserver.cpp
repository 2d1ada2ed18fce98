#include "fakeopenaiserver.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTcpSocket>
#include <QTimer>

namespace RepoLens::Test {

FakeOpenAiServer::FakeOpenAiServer(QObject *parent)
    : QObject(parent)
{
    m_default = stream({QStringLiteral("Default answer.")});
    connect(&m_server, &QTcpServer::newConnection, this, &FakeOpenAiServer::onConnection);
}

FakeOpenAiServer::~FakeOpenAiServer()
{
    // Sockets still open (keep-alive clients) are deleted with the server after m_buffers is
    // gone: their disconnected() must not reach us any more.
    for (QTcpSocket *s : m_server.findChildren<QTcpSocket *>())
        s->disconnect(this);
    for (QTcpSocket *s : findChildren<QTcpSocket *>())
        s->disconnect(this);
}

bool FakeOpenAiServer::listen()
{
    return m_server.listen(QHostAddress::LocalHost, 0);
}

quint16 FakeOpenAiServer::port() const
{
    return m_server.serverPort();
}

QUrl FakeOpenAiServer::baseUrl() const
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1/v1").arg(port()));
}

QUrl FakeOpenAiServer::rootUrl() const
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port()));
}

void FakeOpenAiServer::enqueue(const Response &response)
{
    m_queue.append(response);
}

QList<FakeOpenAiServer::Request> FakeOpenAiServer::chatRequests() const
{
    QList<Request> out;
    for (const Request &r : m_requests) {
        if (r.path.endsWith("/chat/completions"))
            out.append(r);
    }
    return out;
}

QList<FakeOpenAiServer::Request> FakeOpenAiServer::embeddingRequests() const
{
    QList<Request> out;
    for (const Request &r : m_requests) {
        if (r.path.endsWith("/embeddings"))
            out.append(r);
    }
    return out;
}

FakeOpenAiServer::Request FakeOpenAiServer::lastChatRequest() const
{
    const QList<Request> all = chatRequests();
    return all.isEmpty() ? Request() : all.last();
}

QList<QByteArray> FakeOpenAiServer::sseChunks(const QStringList &pieces, const QByteArray &finishReason, bool done)
{
    QList<QByteArray> out;
    int i = 0;
    for (const QString &p : pieces) {
        QJsonObject delta{{QStringLiteral("content"), p}};
        if (i++ == 0)
            delta.insert(QStringLiteral("role"), QStringLiteral("assistant"));
        const QJsonObject event{
            {QStringLiteral("id"), QStringLiteral("chatcmpl-fake")},
            {QStringLiteral("object"), QStringLiteral("chat.completion.chunk")},
            {QStringLiteral("choices"),
             QJsonArray{QJsonObject{{QStringLiteral("index"), 0}, {QStringLiteral("delta"), delta},
                                    {QStringLiteral("finish_reason"), QJsonValue::Null}}}}};
        out << "data: " + QJsonDocument(event).toJson(QJsonDocument::Compact) + "\n\n";
    }
    if (!finishReason.isEmpty()) {
        const QJsonObject event{
            {QStringLiteral("id"), QStringLiteral("chatcmpl-fake")},
            {QStringLiteral("choices"),
             QJsonArray{QJsonObject{{QStringLiteral("index"), 0}, {QStringLiteral("delta"), QJsonObject()},
                                    {QStringLiteral("finish_reason"), QString::fromLatin1(finishReason)}}}}};
        out << "data: " + QJsonDocument(event).toJson(QJsonDocument::Compact) + "\n\n";
    }
    if (done)
        out << QByteArray("data: [DONE]\n\n");
    return out;
}

FakeOpenAiServer::Response FakeOpenAiServer::stream(const QStringList &pieces, int chunkDelayMs)
{
    Response r;
    r.chunks = sseChunks(pieces);
    r.chunkDelayMs = chunkDelayMs;
    return r;
}

FakeOpenAiServer::Response FakeOpenAiServer::error(int status, const QByteArray &message, const QByteArray &code,
                                                   const QByteArray &retryAfter)
{
    Response r;
    r.status = status;
    r.contentType = "application/json";
    QJsonObject err{{QStringLiteral("message"), QString::fromUtf8(message)},
                    {QStringLiteral("type"), QStringLiteral("invalid_request_error")}};
    if (!code.isEmpty())
        err.insert(QStringLiteral("code"), QString::fromUtf8(code));
    r.chunks = {QJsonDocument(QJsonObject{{QStringLiteral("error"), err}}).toJson(QJsonDocument::Compact)};
    r.chunked = false;
    if (!retryAfter.isEmpty())
        r.headers.append({"Retry-After", retryAfter});
    return r;
}

FakeOpenAiServer::Response FakeOpenAiServer::json(const QJsonObject &body)
{
    Response r;
    r.contentType = "application/json";
    r.chunks = {QJsonDocument(body).toJson(QJsonDocument::Compact)};
    r.chunked = false;
    return r;
}

FakeOpenAiServer::Response FakeOpenAiServer::completion(const QString &text)
{
    return json(QJsonObject{
        {QStringLiteral("id"), QStringLiteral("chatcmpl-fake")},
        {QStringLiteral("object"), QStringLiteral("chat.completion")},
        {QStringLiteral("choices"),
         QJsonArray{QJsonObject{{QStringLiteral("index"), 0},
                                {QStringLiteral("message"), QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                                                        {QStringLiteral("content"), text}}},
                                {QStringLiteral("finish_reason"), QStringLiteral("stop")}}}},
        {QStringLiteral("usage"), QJsonObject{{QStringLiteral("prompt_tokens"), 10}, {QStringLiteral("completion_tokens"), 5}}}});
}

void FakeOpenAiServer::onConnection()
{
    while (QTcpSocket *socket = m_server.nextPendingConnection()) {
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
            m_buffers.remove(socket);
            socket->deleteLater();
        });
    }
}

void FakeOpenAiServer::onReadyRead(QTcpSocket *socket)
{
    QByteArray &buffer = m_buffers[socket];
    buffer += socket->readAll();
    if (buffer.startsWith('\x16')) {
        // a TLS ClientHello: this server only speaks plain HTTP
        socket->write("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
        socket->disconnectFromHost();
        buffer.clear();
        return;
    }
    for (;;) {
        const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
        if (headerEnd < 0)
            return;
        Request request;
        const QList<QByteArray> lines = buffer.left(headerEnd).split('\n');
        const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
        request.method = first.value(0);
        request.path = first.value(1);
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QByteArray line = lines.at(i).trimmed();
            const qsizetype colon = line.indexOf(':');
            if (colon > 0)
                request.headers.insert(line.left(colon).trimmed().toLower(), line.mid(colon + 1).trimmed());
        }
        const int length = request.headers.value("content-length").toInt();
        if (buffer.size() < headerEnd + 4 + length)
            return;
        request.body = buffer.mid(headerEnd + 4, length);
        buffer.remove(0, headerEnd + 4 + length);
        request.json = QJsonDocument::fromJson(request.body).object();
        handle(socket, request);
    }
}

void FakeOpenAiServer::handle(QTcpSocket *socket, const Request &request)
{
    m_requests.append(request);
    Q_EMIT requestReceived(int(m_requests.size()) - 1);
    if (!m_requiredKey.isEmpty() && request.headers.value("authorization") != "Bearer " + m_requiredKey) {
        respond(socket, error(401, "Incorrect API key provided.", "invalid_api_key"));
        return;
    }
    if (request.method == "GET" && (request.path.endsWith("/models") || request.path.endsWith("/api/tags"))) {
        QJsonArray data;
        QJsonArray models;
        for (const QString &m : std::as_const(m_models)) {
            data.append(QJsonObject{{QStringLiteral("id"), m}, {QStringLiteral("object"), QStringLiteral("model")}});
            models.append(QJsonObject{{QStringLiteral("name"), m}, {QStringLiteral("model"), m}});
        }
        respond(socket, request.path.endsWith("/api/tags") ? json(QJsonObject{{QStringLiteral("models"), models}})
                                                           : json(QJsonObject{{QStringLiteral("object"), QStringLiteral("list")},
                                                                              {QStringLiteral("data"), data}}));
        return;
    }
    if (request.method == "POST" && request.path.endsWith("/embeddings")) {
        // 8 dimensions from the text's bytes: deterministic, and different texts differ.
        const QJsonValue input = request.json.value(QStringLiteral("input"));
        const QJsonArray inputs = input.isArray() ? input.toArray() : QJsonArray{input};
        QJsonArray data;
        for (qsizetype i = 0; i < inputs.size(); ++i) {
            const QByteArray text = inputs.at(i).toString().toUtf8();
            double v[8] = {1, 0, 0, 0, 0, 0, 0, 0};
            for (qsizetype b = 0; b < text.size(); ++b)
                v[b % 8] += double(uchar(text.at(b))) / 256.0;
            QJsonArray vector;
            for (double x : v)
                vector.append(x);
            data.append(QJsonObject{{QStringLiteral("object"), QStringLiteral("embedding")},
                                    {QStringLiteral("index"), int(i)},
                                    {QStringLiteral("embedding"), vector}});
        }
        respond(socket, json(QJsonObject{{QStringLiteral("object"), QStringLiteral("list")},
                                         {QStringLiteral("data"), data},
                                         {QStringLiteral("model"), request.json.value(QStringLiteral("model"))}}));
        return;
    }
    if (request.method == "POST" && request.path.endsWith("/rerank")) {
        // The common re-rank format: each document scored, the first highest.
        const QJsonArray documents = request.json.value(QStringLiteral("documents")).toArray();
        QJsonArray results;
        for (qsizetype i = 0; i < documents.size(); ++i)
            results.append(QJsonObject{{QStringLiteral("index"), int(i)}, {QStringLiteral("relevance_score"), 1.0 / double(i + 1)}});
        respond(socket, json(QJsonObject{{QStringLiteral("results"), results}}));
        return;
    }
    if (request.method != "POST" || !request.path.endsWith("/chat/completions")) {
        respond(socket, error(404, "not found: " + request.path));
        return;
    }
    Response r;
    if (m_responder)
        r = m_responder(request);
    else if (!m_queue.isEmpty())
        r = m_queue.takeFirst();
    else
        r = m_default;
    respond(socket, r);
}

void FakeOpenAiServer::respond(QTcpSocket *socket, const Response &response)
{
    if (response.hang)
        return;
    QPointer<QTcpSocket> guard(socket);
    auto start = [this, guard, response] {
        if (!guard)
            return;
        QByteArray head = "HTTP/1.1 " + QByteArray::number(response.status) + ' '
                          + (response.status == 200 ? "OK" : "Error") + "\r\n";
        head += "Content-Type: " + response.contentType + "\r\n";
        for (const auto &[name, value] : response.headers)
            head += name + ": " + value + "\r\n";
        if (response.chunked) {
            head += "Transfer-Encoding: chunked\r\n";
        } else if (!response.disconnect && response.chunks.size() == 1) {
            head += "Content-Length: " + QByteArray::number(response.chunks.first().size()) + "\r\n";
        }
        head += "Connection: close\r\n\r\n";
        guard->write(head);
        guard->flush();
        QTimer::singleShot(response.firstDelayMs, this, [this, guard, response] { writePiece(guard, response, 0); });
    };
    if (response.headerDelayMs > 0)
        QTimer::singleShot(response.headerDelayMs, this, start);
    else
        start();
}

void FakeOpenAiServer::writePiece(QPointer<QTcpSocket> socket, Response response, int index)
{
    if (!socket)
        return;
    if (index >= response.chunks.size()) {
        if (response.disconnect) {
            socket->flush();
            socket->abort();
            return;
        }
        if (response.chunked)
            socket->write("0\r\n\r\n");
        socket->flush();
        socket->disconnectFromHost();
        return;
    }
    const QByteArray &piece = response.chunks.at(index);
    if (response.chunked)
        socket->write(QByteArray::number(piece.size(), 16) + "\r\n" + piece + "\r\n");
    else
        socket->write(piece);
    socket->flush();
    if (response.chunkDelayMs > 0)
        QTimer::singleShot(response.chunkDelayMs, this, [this, socket, response, index] {
            writePiece(socket, response, index + 1);
        });
    else
        writePiece(socket, response, index + 1);
}

} // namespace RepoLens::Test
