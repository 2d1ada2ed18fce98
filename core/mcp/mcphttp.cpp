#include "mcphttp.h"

#include "mcpserver.h"

#include "core/base/logging.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTcpServer>
#include <QTcpSocket>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace RepoLens {

namespace {

QByteArray reason(int status)
{
    switch (status) {
    case 200: return "OK";
    case 202: return "Accepted";
    case 204: return "No Content";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 406: return "Not Acceptable";
    case 411: return "Length Required";
    case 413: return "Payload Too Large";
    case 415: return "Unsupported Media Type";
    default: return "Error";
    }
}

QByteArray chunk(const QByteArray &data)
{
    return QByteArray::number(data.size(), 16) + "\r\n" + data + "\r\n";
}

QByteArray sseEvent(const QJsonObject &message)
{
    return "event: message\ndata: " + QJsonDocument(message).toJson(QJsonDocument::Compact) + "\n\n";
}

bool isLoopbackName(const QByteArray &hostPort)
{
    QByteArray host = hostPort.trimmed().toLower();
    if (host.startsWith('[')) {
        const qsizetype end = host.indexOf(']');
        host = end > 0 ? host.mid(1, end - 1) : host;
    } else if (const qsizetype colon = host.lastIndexOf(':'); colon >= 0 && host.count(':') == 1) {
        host = host.left(colon);
    }
    if (host == "localhost" || host.endsWith(".localhost"))
        return true;
    const QHostAddress a(QString::fromLatin1(host));
    return !a.isNull() && a.isLoopback();
}

} // namespace

struct McpHttpTransport::Request
{
    QByteArray method;
    QByteArray target;
    QHash<QByteArray, QByteArray> headers; // lower-case names
    QByteArray body;
    QByteArray header(const char *name) const { return headers.value(QByteArray(name)); }
};

struct McpHttpTransport::Connection
{
    QTcpSocket *socket = nullptr;
    QByteArray buffer;
    bool streaming = false; // a response stream is open on it (SSE): no further requests
};

McpHttpTransport::McpHttpTransport(McpServer *server, McpHttpOptions options, QObject *parent)
    : QObject(parent)
    , m_server(server)
    , m_options(std::move(options))
{
}

McpHttpTransport::~McpHttpTransport()
{
    for (const auto &s : std::as_const(m_sessions))
        m_server->closeSession(s);
}

Result<void> McpHttpTransport::listen()
{
    if (!m_options.address.isLoopback() && !m_options.allowRemote)
        return makeError(ErrorCode::PermissionDenied,
                         u"refusing to listen on %1: only this machine (127.0.0.1) unless --allow-remote is given"_s.arg(
                             m_options.address.toString()));
    m_tcp = new QTcpServer(this);
    connect(m_tcp, &QTcpServer::newConnection, this, &McpHttpTransport::onNewConnection);
    if (!m_tcp->listen(m_options.address, m_options.port))
        return makeError(ErrorCode::Io, u"cannot listen on %1:%2: %3"_s.arg(m_options.address.toString()).arg(m_options.port).arg(m_tcp->errorString()));
    return {};
}

quint16 McpHttpTransport::port() const
{
    return m_tcp ? m_tcp->serverPort() : 0;
}

QString McpHttpTransport::url() const
{
    const QString host = m_options.address.protocol() == QAbstractSocket::IPv6Protocol ? u'[' + m_options.address.toString() + u']'
                                                                                       : m_options.address.toString();
    return u"http://%1:%2%3"_s.arg(host).arg(port()).arg(m_options.path);
}

void McpHttpTransport::onNewConnection()
{
    while (QTcpSocket *socket = m_tcp->nextPendingConnection()) {
        auto c = std::make_shared<Connection>();
        c->socket = socket;
        m_connections.insert(socket, c);
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
            m_connections.remove(socket);
            socket->deleteLater();
        });
    }
}

void McpHttpTransport::onReadyRead(QTcpSocket *socket)
{
    const auto it = m_connections.find(socket);
    if (it == m_connections.end())
        return;
    Connection &c = **it;
    c.buffer += socket->readAll();
    while (!c.streaming) {
        const qsizetype headerEnd = c.buffer.indexOf("\r\n\r\n");
        if (headerEnd < 0) {
            if (c.buffer.size() > 64 * 1024) {
                send(socket, 400, "text/plain", "header too large\n");
                socket->disconnectFromHost();
            }
            return;
        }
        Request r;
        const QList<QByteArray> lines = c.buffer.left(headerEnd).split('\n');
        const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
        if (first.size() < 3) {
            send(socket, 400, "text/plain", "bad request line\n");
            socket->disconnectFromHost();
            return;
        }
        r.method = first.at(0);
        r.target = first.at(1);
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const qsizetype colon = lines.at(i).indexOf(':');
            if (colon > 0)
                r.headers.insert(lines.at(i).left(colon).trimmed().toLower(), lines.at(i).mid(colon + 1).trimmed());
        }
        if (r.header("transfer-encoding").toLower().contains("chunked")) {
            send(socket, 411, "text/plain", "send the body with a Content-Length\n");
            socket->disconnectFromHost();
            return;
        }
        bool ok = true;
        const qint64 length = r.headers.contains("content-length") ? r.header("content-length").toLongLong(&ok) : 0;
        if (!ok || length < 0) {
            send(socket, 400, "text/plain", "bad Content-Length\n");
            socket->disconnectFromHost();
            return;
        }
        if (length > m_options.maxBodyBytes) {
            send(socket, 413, "text/plain", "the body is too large\n");
            socket->disconnectFromHost();
            return;
        }
        if (c.buffer.size() < headerEnd + 4 + length)
            return; // the rest of the body is on its way
        r.body = c.buffer.mid(headerEnd + 4, length);
        c.buffer.remove(0, headerEnd + 4 + length);
        handle(c, r);
    }
}

bool McpHttpTransport::hostAllowed(const QByteArray &host) const
{
    if (host.isEmpty())
        return false;
    if (!m_options.address.isLoopback())
        return true; // asked for remote access: the token protects it
    return isLoopbackName(host);
}

bool McpHttpTransport::originAllowed(const QByteArray &origin) const
{
    if (origin.isEmpty() || origin == "null")
        return origin.isEmpty();
    const QUrl url(QString::fromLatin1(origin));
    if (!m_options.address.isLoopback())
        return true;
    return url.isValid() && isLoopbackName(url.host().toLatin1());
}

void McpHttpTransport::send(QTcpSocket *socket, int status, const QByteArray &contentType, const QByteArray &body,
                            const QList<QPair<QByteArray, QByteArray>> &headers)
{
    QByteArray head = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason(status) + "\r\n";
    if (!contentType.isEmpty())
        head += "Content-Type: " + contentType + "\r\n";
    head += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
    for (const auto &h : headers)
        head += h.first + ": " + h.second + "\r\n";
    head += "\r\n";
    socket->write(head + body);
}

void McpHttpTransport::sendJsonRpcError(QTcpSocket *socket, int status, int code, const QString &message)
{
    send(socket, status, "application/json",
         QJsonDocument(QJsonObject{{u"jsonrpc"_s, u"2.0"_s},
                                   {u"id"_s, QJsonValue()},
                                   {u"error"_s, QJsonObject{{u"code"_s, code}, {u"message"_s, message}}}})
             .toJson(QJsonDocument::Compact));
}

void McpHttpTransport::handle(Connection &c, const Request &r)
{
    QTcpSocket *socket = c.socket;
    const qsizetype query = r.target.indexOf('?');
    const QByteArray path = query < 0 ? r.target : r.target.left(query);
    if (!hostAllowed(r.header("host")) || !originAllowed(r.header("origin"))) {
        qCInfo(lcMcp) << "refused a request for host" << r.header("host") << "origin" << r.header("origin");
        send(socket, 403, "text/plain", "Host and Origin must name this machine\n");
        return;
    }
    if (path != m_options.path.toLatin1()) {
        send(socket, 404, "text/plain", "the MCP endpoint is " + m_options.path.toLatin1() + "\n");
        return;
    }
    if (!m_options.token.isEmpty()) {
        const QByteArray auth = r.header("authorization");
        const QByteArray expected = "Bearer " + m_options.token.toLatin1();
        if (auth.size() != expected.size() || auth != expected) {
            send(socket, 401, "application/json", R"J({"error":"a bearer token is needed (Authorization: Bearer TOKEN)"})J",
                 {{"WWW-Authenticate", "Bearer realm=\"repolens\""}});
            return;
        }
    }
    const QByteArray version = r.header("mcp-protocol-version");
    if (!version.isEmpty() && !McpServer::supportedVersions().contains(QString::fromLatin1(version))) {
        sendJsonRpcError(socket, 400, JsonRpc::InvalidRequest, u"unsupported MCP-Protocol-Version %1"_s.arg(QString::fromLatin1(version)));
        return;
    }
    const QString sessionId = QString::fromLatin1(r.header("mcp-session-id"));
    if (r.method == "POST") {
        handlePost(c, r);
        return;
    }
    if (r.method == "GET") {
        if (!r.header("accept").contains("text/event-stream")) {
            send(socket, 406, "text/plain", "GET opens an event stream: Accept: text/event-stream\n");
            return;
        }
        if (!m_sessions.contains(sessionId)) {
            send(socket, sessionId.isEmpty() ? 400 : 404, "text/plain", "unknown or missing Mcp-Session-Id\n");
            return;
        }
        socket->write("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
                      "Transfer-Encoding: chunked\r\n\r\n");
        socket->write(chunk(": stream of server messages\n\n"));
        c.streaming = true;
        m_getStreams[sessionId].append(socket);
        return;
    }
    if (r.method == "DELETE") {
        const auto s = m_sessions.take(sessionId);
        if (!s) {
            send(socket, sessionId.isEmpty() ? 400 : 404, "text/plain", "unknown or missing Mcp-Session-Id\n");
            return;
        }
        m_server->closeSession(s);
        for (const auto &get : m_getStreams.take(sessionId))
            if (get) {
                get->write(chunk({}));
                get->disconnectFromHost();
            }
        m_postStreams.remove(sessionId);
        send(socket, 200, {}, {});
        return;
    }
    send(socket, 405, "text/plain", "use POST, GET or DELETE\n", {{"Allow", "GET, POST, DELETE"}});
}

void McpHttpTransport::handlePost(Connection &c, const Request &r)
{
    QTcpSocket *socket = c.socket;
    if (!r.header("content-type").toLower().startsWith("application/json")) {
        sendJsonRpcError(socket, 415, JsonRpc::InvalidRequest, u"Content-Type must be application/json"_s);
        return;
    }
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(r.body, &error);
    if (error.error != QJsonParseError::NoError) {
        sendJsonRpcError(socket, 400, JsonRpc::ParseError, u"parse error: %1 at offset %2"_s.arg(error.errorString()).arg(error.offset));
        return;
    }
    if (!doc.isObject()) {
        sendJsonRpcError(socket, 400, JsonRpc::InvalidRequest, u"one JSON-RPC message per request (batches are not supported)"_s);
        return;
    }
    const QJsonObject message = doc.object();
    const bool isRequest = message.value(u"method"_s).isString() && message.contains(u"id"_s);
    const QString method = message.value(u"method"_s).toString();
    QString sessionId = QString::fromLatin1(r.header("mcp-session-id"));
    std::shared_ptr<McpSession> session;
    if (isRequest && method == u"initialize"_s) {
        QByteArray random(16, '\0');
        QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(random.data()), 4);
        sessionId = QString::fromLatin1(random.toHex());
        session = m_server->openSession([this, sessionId](const QJsonObject &m, const QJsonValue &related) {
            deliver(sessionId, m, related);
        }, sessionId);
        m_sessions.insert(sessionId, session);
    } else {
        session = m_sessions.value(sessionId);
        if (!session) {
            sendJsonRpcError(socket, sessionId.isEmpty() ? 400 : 404, JsonRpc::InvalidRequest,
                             sessionId.isEmpty() ? u"missing Mcp-Session-Id: send initialize first"_s
                                                 : u"unknown Mcp-Session-Id (the session ended): initialize again"_s);
            return;
        }
    }
    if (!isRequest) {
        // Notifications and responses: accepted, nothing to answer.
        send(socket, 202, {}, {});
        m_server->receive(session, QJsonValue(message));
        return;
    }
    const QJsonValue id = message.value(u"id"_s);
    const bool sse = method == u"tools/call"_s && r.header("accept").contains("text/event-stream");
    Stream stream;
    stream.socket = socket;
    stream.sse = sse;
    stream.id = id;
    m_postStreams[sessionId].insert(mcpRequestKey(id), stream);
    if (sse)
        socket->write("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
                      "Mcp-Session-Id: " + sessionId.toLatin1() + "\r\nTransfer-Encoding: chunked\r\n\r\n");
    c.streaming = true; // one request at a time per connection: answers stay in order
    m_server->receive(session, QJsonValue(message));
}

void McpHttpTransport::deliver(const QString &sessionId, const QJsonObject &message, const QJsonValue &related)
{
    auto &streams = m_postStreams[sessionId];
    const bool isResponse = message.contains(u"result"_s) || message.contains(u"error"_s);
    if (!related.isNull() && !related.isUndefined()) {
        const QString key = mcpRequestKey(related);
        const auto it = streams.find(key);
        if (it != streams.end()) {
            QTcpSocket *socket = it->socket;
            const bool sse = it->sse;
            if (isResponse && message.value(u"id"_s) == related)
                streams.erase(it);
            if (!socket)
                return; // the client hung up: the answer has nowhere to go
            if (sse) {
                socket->write(chunk(sseEvent(message)));
                if (isResponse)
                    socket->write(chunk({})); // end of the stream; the connection stays open
            } else if (isResponse) {
                send(socket, 200, "application/json", QJsonDocument(message).toJson(QJsonDocument::Compact),
                     {{"Mcp-Session-Id", sessionId.toLatin1()}});
            }
            if (isResponse) {
                if (const auto c = m_connections.value(socket)) {
                    c->streaming = false;
                    if (!c->buffer.isEmpty())
                        QMetaObject::invokeMethod(this, [this, socket] { onReadyRead(socket); }, Qt::QueuedConnection);
                }
            }
            return; // notifications of a JSON-answered request are dropped
        }
    }
    // Messages of the session: on its GET stream, if one is open.
    auto &gets = m_getStreams[sessionId];
    gets.removeIf([](const QPointer<QTcpSocket> &s) { return !s || s->state() != QAbstractSocket::ConnectedState; });
    if (!gets.isEmpty())
        gets.first()->write(chunk(sseEvent(message)));
}

} // namespace RepoLens
