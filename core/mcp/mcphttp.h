#pragma once

#include "core/base/result.h"

#include <QHash>
#include <QHostAddress>
#include <QJsonValue>
#include <QObject>
#include <QPointer>

#include <memory>

class QTcpServer;
class QTcpSocket;

namespace RepoLens {

class McpServer;
class McpSession;

struct McpHttpOptions
{
    QHostAddress address = QHostAddress::LocalHost;
    quint16 port = 0;            // 0: any free port
    QString path = QStringLiteral("/mcp");
    QString token;               // bearer token; empty: no authentication
    bool allowRemote = false;    // listening on a non-loopback address must be asked for
    qint64 maxBodyBytes = 64 * 1024 * 1024;
};

// MCP's Streamable HTTP transport on one endpoint (POST, GET, DELETE /mcp), HTTP/1.1 with
// keep-alive, written on QTcpServer:
// - POST carries one JSON-RPC message. initialize opens a session (Mcp-Session-Id header);
//   every later request names it (400 without, 404 for an unknown one). Notifications and
//   responses get 202. A tools/call from a client that accepts text/event-stream is answered
//   as a stream (progress and log notifications, then the result); other requests as JSON.
// - GET opens the session's stream for what the server sends on its own (roots requests,
//   index log messages); DELETE ends the session.
// - Authorization: Bearer <token> on every request unless the token is empty (401); Host and
//   Origin must name this machine (403), against DNS rebinding; an unsupported
//   MCP-Protocol-Version header gets 400.
class McpHttpTransport : public QObject
{
    Q_OBJECT
public:
    McpHttpTransport(McpServer *server, McpHttpOptions options, QObject *parent = nullptr);
    ~McpHttpTransport() override;

    Result<void> listen();
    quint16 port() const;
    QString url() const; // http://127.0.0.1:PORT/mcp

private:
    struct Connection;
    struct Request;
    void onNewConnection();
    void onReadyRead(QTcpSocket *socket);
    void handle(Connection &c, const Request &r);
    void handlePost(Connection &c, const Request &r);
    bool hostAllowed(const QByteArray &host) const;
    bool originAllowed(const QByteArray &origin) const;
    void send(QTcpSocket *socket, int status, const QByteArray &contentType, const QByteArray &body,
              const QList<QPair<QByteArray, QByteArray>> &headers = {});
    void sendJsonRpcError(QTcpSocket *socket, int status, int code, const QString &message);
    void deliver(const QString &sessionId, const QJsonObject &message, const QJsonValue &related);

    McpServer *m_server;
    McpHttpOptions m_options;
    QTcpServer *m_tcp = nullptr;
    QHash<QTcpSocket *, std::shared_ptr<Connection>> m_connections;
    QHash<QString, std::shared_ptr<McpSession>> m_sessions;
    // open streams: session -> (request id key -> socket) for POST streams, GET streams
    struct Stream
    {
        QPointer<QTcpSocket> socket;
        bool sse = false;
        QJsonValue id;
    };
    QHash<QString, QHash<QString, Stream>> m_postStreams;
    QHash<QString, QList<QPointer<QTcpSocket>>> m_getStreams;
};

} // namespace RepoLens
