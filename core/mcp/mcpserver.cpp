#include "mcpserver.h"

#include "mcpfolders.h"

#include "core/base/logging.h"
#include "core/tools/toolregistry.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QThread>
#include <QTimer>
#include <QUrl>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace RepoLens {

namespace {

constexpr int kResultAfterProgressMs = 30;

bool validId(const QJsonValue &id)
{
    return id.isString() || (id.isDouble());
}

} // namespace

QString mcpRequestKey(const QJsonValue &id)
{
    return id.isString() ? u"s:"_s + id.toString() : u"n:"_s + QString::number(id.toDouble(), 'g', 17);
}

McpServer::McpServer(ToolRegistry *tools, McpFolders *folders, QObject *parent)
    : QObject(parent)
    , m_tools(tools)
    , m_folders(folders)
{
    m_pool.setObjectName(u"repolens-mcp-tools"_s);
    m_pool.setMaxThreadCount(std::clamp(QThread::idealThreadCount(), 2, 4));
    m_pool.setExpiryTimeout(120 * 1000);
    if (m_folders)
        connect(m_folders, &McpFolders::logMessage, this, &McpServer::log);
}

McpServer::~McpServer()
{
    for (const auto &weak : std::as_const(m_sessions))
        if (auto s = weak.lock())
            for (const auto &c : std::as_const(s->calls))
                c.cancel->store(true);
    m_pool.waitForDone();
}

QStringList McpServer::supportedVersions()
{
    return {u"2025-11-25"_s, u"2025-06-18"_s, u"2025-03-26"_s, u"2024-11-05"_s};
}

QStringList McpServer::logLevels()
{
    return {u"debug"_s, u"info"_s, u"notice"_s, u"warning"_s, u"error"_s, u"critical"_s, u"alert"_s, u"emergency"_s};
}

std::shared_ptr<McpSession> McpServer::openSession(McpSession::SendFn send, const QString &id)
{
    auto s = std::make_shared<McpSession>();
    s->send = std::move(send);
    s->id = id;
    m_sessions.removeIf([](const std::weak_ptr<McpSession> &w) { return w.expired(); });
    m_sessions.append(s);
    return s;
}

void McpServer::closeSession(const std::shared_ptr<McpSession> &session)
{
    session->closed = true;
    for (const auto &c : std::as_const(session->calls))
        c.cancel->store(true);
    session->calls.clear();
}

int McpServer::runningCalls() const
{
    return m_running.load();
}

bool McpServer::waitForCalls(int msecs)
{
    QDeadlineTimer half(msecs / 2);
    while (m_running.load() > 0 && !half.hasExpired())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    if (m_running.load() > 0) {
        for (const auto &weak : std::as_const(m_sessions))
            if (auto s = weak.lock())
                for (const auto &c : std::as_const(s->calls))
                    c.cancel->store(true);
    }
    QDeadlineTimer rest(msecs - msecs / 2);
    while (m_running.load() > 0 && !rest.hasExpired())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    QCoreApplication::processEvents(); // the last results' queued sends
    return m_running.load() == 0;
}

void McpServer::log(const QString &level, const QString &text)
{
    const int wanted = int(logLevels().indexOf(level));
    for (const auto &weak : std::as_const(m_sessions)) {
        auto s = weak.lock();
        if (!s || s->closed || !s->initialized || wanted < s->logLevel)
            continue;
        s->send(QJsonObject{{u"jsonrpc"_s, u"2.0"_s},
                            {u"method"_s, u"notifications/message"_s},
                            {u"params"_s, QJsonObject{{u"level"_s, level}, {u"logger"_s, u"repolens"_s}, {u"data"_s, text}}}},
                QJsonValue());
    }
}

void McpServer::reply(const std::shared_ptr<McpSession> &session, const QJsonValue &id, const QJsonObject &result)
{
    if (session->closed)
        return;
    session->send(QJsonObject{{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, id}, {u"result"_s, result}}, id);
}

void McpServer::fail(const std::shared_ptr<McpSession> &session, const QJsonValue &id, int code, const QString &message,
                     const QJsonValue &data)
{
    if (session->closed)
        return;
    QJsonObject error{{u"code"_s, code}, {u"message"_s, message}};
    if (!data.isUndefined() && !data.isNull())
        error.insert(u"data"_s, data);
    session->send(QJsonObject{{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, id.isUndefined() ? QJsonValue() : id}, {u"error"_s, error}},
                  id.isUndefined() ? QJsonValue() : id);
}

void McpServer::receive(const std::shared_ptr<McpSession> &session, const QByteArray &json)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError) {
        fail(session, QJsonValue(), JsonRpc::ParseError,
             u"parse error: %1 at offset %2"_s.arg(error.errorString()).arg(error.offset));
        return;
    }
    receive(session, doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object()));
}

void McpServer::receive(const std::shared_ptr<McpSession> &session, const QJsonValue &value)
{
    if (value.isArray()) {
        fail(session, QJsonValue(), JsonRpc::InvalidRequest, u"batches are not supported (removed from MCP in 2025-06-18)"_s);
        return;
    }
    const QJsonObject message = value.toObject();
    if (!value.isObject() || message.value(u"jsonrpc"_s).toString() != u"2.0"_s) {
        fail(session, message.value(u"id"_s), JsonRpc::InvalidRequest, u"not a JSON-RPC 2.0 message"_s);
        return;
    }
    const bool hasMethod = message.contains(u"method"_s);
    const bool hasId = message.contains(u"id"_s);
    if (!hasMethod && hasId && (message.contains(u"result"_s) || message.contains(u"error"_s))) {
        handleResponse(session, message);
        return;
    }
    if (!message.value(u"method"_s).isString()) {
        fail(session, message.value(u"id"_s), JsonRpc::InvalidRequest, u"\"method\" must be a string"_s);
        return;
    }
    if (!hasId) {
        handleNotification(session, message);
        return;
    }
    if (!validId(message.value(u"id"_s))) {
        fail(session, QJsonValue(), JsonRpc::InvalidRequest, u"\"id\" must be a string or a number"_s);
        return;
    }
    handleRequest(session, message);
}

void McpServer::handleRequest(const std::shared_ptr<McpSession> &session, const QJsonObject &message)
{
    const QString method = message.value(u"method"_s).toString();
    const QJsonValue id = message.value(u"id"_s);
    const QJsonValue paramsValue = message.value(u"params"_s);
    if (!paramsValue.isUndefined() && !paramsValue.isObject()) {
        fail(session, id, JsonRpc::InvalidParams, u"\"params\" must be an object"_s);
        return;
    }
    const QJsonObject params = paramsValue.toObject();
    if (method == u"ping"_s) {
        reply(session, id, {});
        return;
    }
    if (method == u"initialize"_s) {
        const QString asked = params.value(u"protocolVersion"_s).toString();
        if (!params.value(u"protocolVersion"_s).isString()) {
            fail(session, id, JsonRpc::InvalidParams, u"initialize: protocolVersion is missing"_s);
            return;
        }
        session->protocolVersion = supportedVersions().contains(asked) ? asked : supportedVersions().first();
        session->clientInfo = params.value(u"clientInfo"_s).toObject();
        session->clientHasRoots = params.value(u"capabilities"_s).toObject().contains(u"roots"_s);
        session->initialized = true;
        QJsonObject result{{u"protocolVersion"_s, session->protocolVersion},
                           {u"capabilities"_s, QJsonObject{{u"tools"_s, QJsonObject{{u"listChanged"_s, false}}},
                                                           {u"logging"_s, QJsonObject()}}},
                           {u"serverInfo"_s, QJsonObject{{u"name"_s, u"repolens"_s},
                                                         {u"title"_s, u"RepoLens"_s},
                                                         {u"version"_s, QStringLiteral(REPOLENS_VERSION)}}}};
        if (!m_instructions.isEmpty())
            result.insert(u"instructions"_s, m_instructions);
        qCInfo(lcMcp).noquote() << "client" << session->clientInfo.value(u"name"_s).toString()
                                << session->clientInfo.value(u"version"_s).toString() << "protocol" << session->protocolVersion;
        reply(session, id, result);
        return;
    }
    if (!session->initialized) {
        fail(session, id, JsonRpc::InvalidRequest, u"not initialized: send initialize first (only ping is allowed before)"_s);
        return;
    }
    if (method == u"tools/list"_s) {
        QJsonArray tools;
        for (const ToolSpec &spec : m_tools->specs()) {
            tools.append(QJsonObject{{u"name"_s, spec.name},
                                     {u"title"_s, spec.title},
                                     {u"description"_s, spec.description},
                                     {u"inputSchema"_s, spec.inputSchema},
                                     {u"outputSchema"_s, spec.outputSchema},
                                     {u"annotations"_s, QJsonObject{{u"title"_s, spec.title},
                                                                    {u"readOnlyHint"_s, spec.readOnly},
                                                                    {u"destructiveHint"_s, false},
                                                                    {u"idempotentHint"_s, true},
                                                                    {u"openWorldHint"_s, false}}}});
        }
        reply(session, id, QJsonObject{{u"tools"_s, tools}});
        return;
    }
    if (method == u"tools/call"_s) {
        callTool(session, id, params);
        return;
    }
    if (method == u"logging/setLevel"_s) {
        const int level = int(logLevels().indexOf(params.value(u"level"_s).toString()));
        if (level < 0) {
            fail(session, id, JsonRpc::InvalidParams, u"level: must be one of %1"_s.arg(logLevels().join(u", "_s)));
            return;
        }
        session->logLevel = level;
        reply(session, id, {});
        return;
    }
    fail(session, id, JsonRpc::MethodNotFound, u"method not found: %1"_s.arg(method.left(200)));
}

void McpServer::handleNotification(const std::shared_ptr<McpSession> &session, const QJsonObject &message)
{
    const QString method = message.value(u"method"_s).toString();
    const QJsonObject params = message.value(u"params"_s).toObject();
    if (method == u"notifications/initialized"_s) {
        session->clientReady = true;
        if (m_followRoots && session->clientHasRoots)
            requestRoots(session);
    } else if (method == u"notifications/cancelled"_s) {
        const QString key = mcpRequestKey(params.value(u"requestId"_s));
        const auto it = session->calls.find(key);
        if (it != session->calls.end()) {
            qCInfo(lcMcp) << "cancelled by the client:" << key;
            it->cancel->store(true);
        }
    } else if (method == u"notifications/roots/list_changed"_s) {
        if (m_followRoots && session->clientHasRoots)
            requestRoots(session);
    }
    // Other notifications are ignored, as the specification asks.
}

void McpServer::handleResponse(const std::shared_ptr<McpSession> &session, const QJsonObject &message)
{
    const auto handler = session->waiting.take(mcpRequestKey(message.value(u"id"_s)));
    if (handler)
        handler(message);
}

void McpServer::requestRoots(const std::shared_ptr<McpSession> &session)
{
    const QJsonValue id = double(session->nextId++);
    std::weak_ptr<McpSession> weak = session;
    session->waiting.insert(mcpRequestKey(id), [this, weak](const QJsonObject &response) {
        if (response.contains(u"error"_s)) {
            qCInfo(lcMcp) << "the client did not list its roots:" << response.value(u"error"_s).toObject().value(u"message"_s).toString();
            return;
        }
        QStringList folders;
        for (const QJsonValue &r : response.value(u"result"_s).toObject().value(u"roots"_s).toArray()) {
            const QUrl uri(r.toObject().value(u"uri"_s).toString());
            const QFileInfo info(uri.toLocalFile());
            if (uri.isLocalFile() && info.isDir())
                folders << info.canonicalFilePath();
        }
        if (folders.isEmpty() || !m_folders || folders == m_folders->folders())
            return;
        qCInfo(lcMcp) << "serving the client's roots:" << folders;
        log(u"info"_s, u"serving the client's roots: %1"_s.arg(folders.join(u", "_s)));
        m_folders->setFolders(folders);
    });
    session->send(QJsonObject{{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, id}, {u"method"_s, u"roots/list"_s}}, QJsonValue());
}

void McpServer::callTool(const std::shared_ptr<McpSession> &session, const QJsonValue &id, const QJsonObject &params)
{
    const QJsonValue nameValue = params.value(u"name"_s);
    if (!nameValue.isString()) {
        fail(session, id, JsonRpc::InvalidParams, u"tools/call: \"name\" must be a string"_s);
        return;
    }
    const QJsonValue argsValue = params.value(u"arguments"_s);
    if (!argsValue.isUndefined() && !argsValue.isNull() && !argsValue.isObject()) {
        fail(session, id, JsonRpc::InvalidParams, u"tools/call: \"arguments\" must be an object"_s);
        return;
    }
    const QString name = nameValue.toString();
    if (!m_tools->spec(name)) {
        QStringList names;
        for (const ToolSpec &s : m_tools->specs())
            names << s.name;
        fail(session, id, JsonRpc::InvalidParams, u"unknown tool: %1 (tools: %2)"_s.arg(name.left(100), names.join(u", "_s)));
        return;
    }
    const QString key = mcpRequestKey(id);
    if (session->calls.contains(key)) {
        fail(session, id, JsonRpc::InvalidRequest, u"a request with this id is still running"_s);
        return;
    }
    const QJsonValue progressToken = params.value(u"_meta"_s).toObject().value(u"progressToken"_s);
    auto cancel = std::make_shared<std::atomic_bool>(false);
    session->calls.insert(key, McpSession::Call{cancel, id});
    ++m_running;
    const QJsonObject arguments = argsValue.toObject();
    std::weak_ptr<McpSession> weak = session;
    m_pool.start([this, weak, id, key, name, arguments, progressToken, cancel] {
        ToolCallContext ctx;
        ctx.cancel = cancel.get();
        auto sentProgress = std::make_shared<std::atomic_bool>(false);
        if (progressToken.isString() || progressToken.isDouble()) {
            auto last = std::make_shared<double>(-1);
            ctx.progress = [this, weak, id, progressToken, last, cancel, sentProgress](double done, double total, const QString &message) {
                if (done <= *last || cancel->load())
                    return; // progress must increase
                *last = done;
                *sentProgress = true;
                QJsonObject p{{u"progressToken"_s, progressToken}, {u"progress"_s, done}};
                if (total > 0)
                    p.insert(u"total"_s, total);
                if (!message.isEmpty())
                    p.insert(u"message"_s, message);
                const QJsonObject note{{u"jsonrpc"_s, u"2.0"_s}, {u"method"_s, u"notifications/progress"_s}, {u"params"_s, p}};
                QMetaObject::invokeMethod(
                    this,
                    [weak, note, id] {
                        if (auto s = weak.lock(); s && !s->closed)
                            s->send(note, id);
                    },
                    Qt::QueuedConnection);
            };
        }
        QElapsedTimer clock;
        clock.start();
        const Result<ToolResult> result = m_tools->call(name, arguments, ctx);
        const double ms = clock.nsecsElapsed() / 1e6;
        auto deliver = [this, weak, id, key, name, result, cancel, ms] {
                --m_running;
                auto s = weak.lock();
                const bool cancelled = cancel->load();
                if (s)
                    s->calls.remove(key);
                qCDebug(lcMcp).noquote() << name << "took" << ms << "ms" << (cancelled ? "(cancelled)" : "");
                if (s && !s->closed && !cancelled) {
                    if (!result) {
                        const Error &e = result.error();
                        if (e.code == ErrorCode::NotFound || e.code == ErrorCode::InvalidArgument)
                            fail(s, id, JsonRpc::InvalidParams, e.message);
                        else if (e.code != ErrorCode::Cancelled) // a cancelled request gets no response
                            fail(s, id, JsonRpc::InternalError, e.toString());
                    } else {
                        QJsonObject out{{u"content"_s, QJsonArray{QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, result->text}}}},
                                        {u"isError"_s, result->isError}};
                        if (!result->isError)
                            out.insert(u"structuredContent"_s, result->structured);
                        reply(s, id, out);
                    }
                }
                if (m_running.load() == 0)
                    Q_EMIT callsFinished();
            };
        // Clients may handle notifications a turn later than responses (the TypeScript SDK
        // does): a result written right behind its progress notifications would overtake them
        // and they would be dropped as unknown. A short pause keeps them in order.
        const bool pause = sentProgress->load();
        QMetaObject::invokeMethod(
            this,
            [this, deliver, pause] {
                if (pause)
                    QTimer::singleShot(kResultAfterProgressMs, this, deliver);
                else
                    deliver();
            },
            Qt::QueuedConnection);
    });
}

} // namespace RepoLens
