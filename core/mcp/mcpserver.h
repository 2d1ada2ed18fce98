#pragma once

#include <QHash>
#include <QJsonObject>
#include <QJsonValue>
#include <QObject>
#include <QStringList>
#include <QThreadPool>

#include <atomic>
#include <functional>
#include <memory>

namespace RepoLens {

class McpFolders;
class ToolRegistry;

// A JSON-RPC request id as a hash key: "s:" + a string id, "n:" + a numeric one (ids 1 and "1"
// are different requests).
QString mcpRequestKey(const QJsonValue &id);

// One client connection (stdio) or HTTP session. The transport sets `send`: it delivers a
// JSON-RPC message to the client; `relatedRequest` is the id of the client request the message
// belongs to (its response, or a progress / log notification sent while it runs), null for
// messages of the session (roots requests, index log messages).
class McpSession
{
public:
    using SendFn = std::function<void(const QJsonObject &message, const QJsonValue &relatedRequest)>;

    QString id;                   // the HTTP Mcp-Session-Id (empty on stdio)
    SendFn send;
    bool initialized = false;     // initialize was answered
    bool clientReady = false;     // notifications/initialized arrived
    QString protocolVersion;
    QJsonObject clientInfo;
    bool clientHasRoots = false;
    int logLevel = 1;             // index into McpServer::logLevels(); "info"

private:
    friend class McpServer;
    struct Call
    {
        std::shared_ptr<std::atomic_bool> cancel;
        QJsonValue id;
    };
    QHash<QString, Call> calls;   // running tools/call requests by id
    qint64 nextId = 1;
    QHash<QString, std::function<void(const QJsonObject &)>> waiting; // our requests to the client
    bool closed = false;
};

// The Model Context Protocol over JSON-RPC 2.0, independent of the transport: lifecycle
// (initialize, version negotiation, notifications/initialized), ping, tools/list (input and
// output schemas, annotations), tools/call (structuredContent and a text block, isError for
// failures of the tool, JSON-RPC errors for bad calls), notifications/progress while a call
// runs, notifications/cancelled, logging/setLevel and notifications/message, and roots: when
// the server was started without folders it asks a client that has roots for them and serves
// those (again after notifications/roots/list_changed).
//
// Tool calls run on a private thread pool (a slow search never blocks ping or cancellation);
// everything else runs on the server's thread, where `send` is called too.
class McpServer : public QObject
{
    Q_OBJECT
public:
    McpServer(ToolRegistry *tools, McpFolders *folders, QObject *parent = nullptr);
    ~McpServer() override;

    static QStringList supportedVersions(); // newest first
    static QStringList logLevels();         // debug .. emergency

    // Serve the folders the client's roots name (the server was started without any).
    void setFollowRoots(bool on) { m_followRoots = on; }
    void setInstructions(const QString &text) { m_instructions = text; }

    std::shared_ptr<McpSession> openSession(McpSession::SendFn send, const QString &id = {});
    // Cancels its calls; their results are dropped.
    void closeSession(const std::shared_ptr<McpSession> &session);

    // One message from the client. Malformed input gets a JSON-RPC error (parse error, invalid
    // request) and nothing else happens; the session keeps working.
    void receive(const std::shared_ptr<McpSession> &session, const QByteArray &json);
    void receive(const std::shared_ptr<McpSession> &session, const QJsonValue &message);

    int runningCalls() const;
    bool waitForCalls(int msecs); // cancels what is still running after msecs / 2

    // notifications/message to every session that asked for this level or lower.
    void log(const QString &level, const QString &text);

Q_SIGNALS:
    void callsFinished(); // no tools/call is running any more

private:
    void handleRequest(const std::shared_ptr<McpSession> &session, const QJsonObject &message);
    void handleNotification(const std::shared_ptr<McpSession> &session, const QJsonObject &message);
    void handleResponse(const std::shared_ptr<McpSession> &session, const QJsonObject &message);
    void callTool(const std::shared_ptr<McpSession> &session, const QJsonValue &id, const QJsonObject &params);
    void requestRoots(const std::shared_ptr<McpSession> &session);
    void reply(const std::shared_ptr<McpSession> &session, const QJsonValue &id, const QJsonObject &result);
    void fail(const std::shared_ptr<McpSession> &session, const QJsonValue &id, int code, const QString &message,
              const QJsonValue &data = QJsonValue());

    ToolRegistry *m_tools;
    McpFolders *m_folders;
    QThreadPool m_pool;
    QList<std::weak_ptr<McpSession>> m_sessions;
    std::atomic_int m_running{0};
    bool m_followRoots = false;
    QString m_instructions;
};

// JSON-RPC error codes
namespace JsonRpc {
inline constexpr int ParseError = -32700;
inline constexpr int InvalidRequest = -32600;
inline constexpr int MethodNotFound = -32601;
inline constexpr int InvalidParams = -32602;
inline constexpr int InternalError = -32603;
} // namespace JsonRpc

} // namespace RepoLens
