#include "chatclient.h"

#include "sseparser.h"

#include "core/base/logging.h"

#include <QEventLoop>
#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>

namespace RepoLens {

namespace {

constexpr qsizetype kMaxErrorBody = 64 * 1024;
constexpr qsizetype kMaxJsonBody = 16 * 1024 * 1024;

// The server's own words from an error body ({"error": {"message": ...}} or {"error": "..."}
// or {"detail": ...}), or the start of the body.
QString serverMessage(const QByteArray &body, QString *code = nullptr)
{
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    if (doc.isObject()) {
        const QJsonObject obj = doc.object();
        const QJsonValue err = obj.value(QStringLiteral("error"));
        if (err.isObject()) {
            const QJsonObject e = err.toObject();
            if (code) {
                const QJsonValue c = e.value(QStringLiteral("code"));
                *code = c.isString() ? c.toString() : e.value(QStringLiteral("type")).toString();
            }
            return e.value(QStringLiteral("message")).toString().left(500);
        }
        if (err.isString())
            return err.toString().left(500);
        if (obj.value(QStringLiteral("detail")).isString())
            return obj.value(QStringLiteral("detail")).toString().left(500);
        if (obj.value(QStringLiteral("message")).isString())
            return obj.value(QStringLiteral("message")).toString().left(500);
    }
    return QString::fromUtf8(body.left(300)).simplified();
}

} // namespace

QUrl LlmEndpoint::url(const QString &path) const
{
    QUrl u = baseUrl;
    QString p = u.path();
    while (p.endsWith(u'/'))
        p.chop(1);
    u.setPath(p + u'/' + path);
    return u;
}

QString LlmEndpoint::displayUrl(const QString &path) const
{
    return url(path).toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery | QUrl::RemoveFragment);
}

bool LlmEndpoint::isLocal() const
{
    const QString host = baseUrl.host().toLower();
    if (host == QLatin1String("localhost") || host.endsWith(QLatin1String(".localhost")))
        return true;
    const QHostAddress address(host);
    return !address.isNull() && address.isLoopback();
}

LlmErrorKind llmErrorKindForNetworkError(int networkError)
{
    switch (QNetworkReply::NetworkError(networkError)) {
    case QNetworkReply::NoError:
        return LlmErrorKind::None;
    case QNetworkReply::ConnectionRefusedError:
        return LlmErrorKind::ConnectionRefused;
    case QNetworkReply::HostNotFoundError:
        return LlmErrorKind::HostNotFound;
    case QNetworkReply::SslHandshakeFailedError:
        return LlmErrorKind::Tls;
    case QNetworkReply::TimeoutError:
    case QNetworkReply::OperationCanceledError: // the transfer timeout aborted it (we never abort ourselves)
        return LlmErrorKind::Timeout;
    case QNetworkReply::RemoteHostClosedError:
        return LlmErrorKind::ConnectionClosed;
    default:
        return LlmErrorKind::Network;
    }
}

QByteArray chatRequestBody(const LlmEndpoint &endpoint, const ChatRequest &request)
{
    QJsonArray messages;
    for (const ChatMessage &m : request.messages) {
        QJsonObject msg{{QStringLiteral("role"), m.role}, {QStringLiteral("content"), m.content}};
        if (!m.toolCalls.isEmpty()) {
            QJsonArray calls;
            for (const ToolCallRequest &c : m.toolCalls)
                calls.append(QJsonObject{{QStringLiteral("id"), c.id},
                                         {QStringLiteral("type"), QStringLiteral("function")},
                                         {QStringLiteral("function"), QJsonObject{{QStringLiteral("name"), c.name},
                                                                                   {QStringLiteral("arguments"), c.arguments}}}});
            msg.insert(QStringLiteral("tool_calls"), calls);
            if (m.content.isEmpty())
                msg.insert(QStringLiteral("content"), QJsonValue());
        }
        if (!m.toolCallId.isEmpty())
            msg.insert(QStringLiteral("tool_call_id"), m.toolCallId);
        messages.append(msg);
    }
    QJsonObject body{{QStringLiteral("model"), endpoint.model},
                     {QStringLiteral("messages"), messages},
                     {QStringLiteral("stream"), request.stream}};
    if (!request.tools.isEmpty())
        body.insert(QStringLiteral("tools"), request.tools);
    if (!request.toolChoice.isEmpty() && !request.tools.isEmpty())
        body.insert(QStringLiteral("tool_choice"), request.toolChoice);
    const double temperature = request.temperature < -1 ? endpoint.temperature : request.temperature;
    if (temperature >= 0)
        body.insert(QStringLiteral("temperature"), temperature);
    const int maxTokens = request.maxTokens < 0 ? endpoint.maxTokens : request.maxTokens;
    if (maxTokens > 0)
        body.insert(QStringLiteral("max_tokens"), maxTokens);
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

// --- ChatReply ---------------------------------------------------------------------------

ChatReply::ChatReply(QNetworkAccessManager *nam, LlmEndpoint endpoint, ChatRequest request, QObject *parent)
    : QObject(parent)
    , m_nam(nam)
    , m_endpoint(std::move(endpoint))
    , m_request(std::move(request))
    , m_body(chatRequestBody(m_endpoint, m_request))
{
    m_error.endpoint = displayUrl();
    m_clock.start();
}

ChatReply::~ChatReply()
{
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
    }
}

QString ChatReply::displayUrl() const
{
    return m_endpoint.displayUrl(QStringLiteral("chat/completions"));
}

bool ChatReply::isCutOff() const
{
    if (m_text.isEmpty())
        return false;
    return m_error.isError() || m_finishReason == QLatin1String("length");
}

void ChatReply::send()
{
    if (m_finished)
        return;
    ++m_attempts;
    m_status = 0;
    m_errorBody.clear();
    m_jsonBody.clear();
    m_sse = std::make_unique<SseParser>();
    m_streamBody = m_request.stream;
    QNetworkRequest request(m_endpoint.url(QStringLiteral("chat/completions")));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    request.setRawHeader("Accept", m_request.stream ? "text/event-stream" : "application/json");
    if (!m_endpoint.apiKey.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + m_endpoint.apiKey.toUtf8());
    request.setTransferTimeout(std::max(1, m_endpoint.timeoutMs));
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::NoLessSafeRedirectPolicy);
    // Streams must not be buffered or compressed by anything in between.
    request.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    qCInfo(lcLlm).nospace() << "POST " << displayUrl() << " (" << m_request.purpose << ", model "
                            << m_endpoint.model << ", " << m_body.size() << " bytes, attempt " << m_attempts << ")";
    QNetworkReply *reply = m_nam->post(request, m_body);
    m_reply = reply;
    connect(reply, &QNetworkReply::metaDataChanged, this, &ChatReply::onMetaData);
    connect(reply, &QNetworkReply::readyRead, this, &ChatReply::onReadyRead);
    connect(reply, &QNetworkReply::finished, this, &ChatReply::onFinished);
#ifndef QT_NO_SSL
    connect(reply, &QNetworkReply::sslErrors, this, [this](const QList<QSslError> &errors) {
        if (!errors.isEmpty())
            m_error.detail = errors.first().errorString();
    });
#endif
}

void ChatReply::onMetaData()
{
    if (!m_reply)
        return;
    m_status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray type = m_reply->header(QNetworkRequest::ContentTypeHeader).toByteArray().toLower();
    if (m_status >= 200 && m_status < 300)
        m_streamBody = m_request.stream && !type.startsWith("application/json");
}

void ChatReply::onReadyRead()
{
    QNetworkReply *reply = m_reply;
    if (!reply || m_finished)
        return;
    if (m_status == 0)
        onMetaData();
    const QByteArray bytes = reply->readAll();
    m_bytesReceived += bytes.size();
    if (m_status < 200 || m_status >= 300) {
        if (m_errorBody.size() < kMaxErrorBody)
            m_errorBody += bytes.left(kMaxErrorBody - m_errorBody.size());
        return;
    }
    if (!m_streamBody) {
        if (m_jsonBody.size() + bytes.size() > kMaxJsonBody) {
            fail(LlmErrorKind::MalformedStream, QStringLiteral("the answer is larger than 16 MB"));
            return;
        }
        m_jsonBody += bytes;
        return;
    }
    const QList<SseEvent> events = m_sse->feed(bytes);
    for (const SseEvent &e : events) {
        if (m_finished)
            return;
        if (e.event == "error") {
            m_sawEvent = true;
            fail(LlmErrorKind::ServerError, serverMessage(e.data), m_status);
            return;
        }
        handleEvent(e.data);
    }
    if (m_sse->overflowed() && !m_finished)
        fail(LlmErrorKind::MalformedStream, QStringLiteral("a stream line longer than 4 MB"));
}

void ChatReply::handleEvent(const QByteArray &rawData)
{
    const QByteArray data = rawData.trimmed();
    if (data.isEmpty())
        return;
    m_sawEvent = true;
    if (data == "[DONE]") {
        m_done = true;
        return;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(data, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        fail(LlmErrorKind::MalformedStream,
             QStringLiteral("not JSON: %1").arg(QString::fromUtf8(data.left(120)).simplified()));
        return;
    }
    const QJsonObject obj = doc.object();
    if (obj.contains(QStringLiteral("error"))) {
        QString code;
        const QString message = serverMessage(data, &code);
        fail(LlmErrorKind::ServerError, message.isEmpty() ? code : message, m_status);
        return;
    }
    const QJsonObject usage = obj.value(QStringLiteral("usage")).toObject();
    if (!usage.isEmpty()) {
        m_promptTokens = usage.value(QStringLiteral("prompt_tokens")).toInt(m_promptTokens);
        m_completionTokens = usage.value(QStringLiteral("completion_tokens")).toInt(m_completionTokens);
    }
    const QJsonValue choicesValue = obj.value(QStringLiteral("choices"));
    if (!choicesValue.isArray()) {
        if (!obj.contains(QStringLiteral("usage")) && !obj.contains(QStringLiteral("id")))
            fail(LlmErrorKind::MalformedStream, QStringLiteral("an event without \"choices\""));
        return;
    }
    const QJsonArray choices = choicesValue.toArray();
    if (choices.isEmpty())
        return; // usage-only chunk
    const QJsonObject choice = choices.first().toObject();
    QString delta;
    const QJsonValue d = choice.value(QStringLiteral("delta"));
    if (d.isObject()) {
        delta = d.toObject().value(QStringLiteral("content")).toString();
        // Tool calls arrive in pieces: the first delta of a call has its index, id and name,
        // later ones add to its arguments (several calls interleave by index).
        for (const QJsonValue &v : d.toObject().value(QStringLiteral("tool_calls")).toArray()) {
            const QJsonObject call = v.toObject();
            const int index = call.value(QStringLiteral("index")).toInt(int(m_toolCalls.size()));
            if (index < 0 || index > 255) {
                fail(LlmErrorKind::MalformedStream, QStringLiteral("a tool call with index %1").arg(index));
                return;
            }
            while (m_toolCalls.size() <= index)
                m_toolCalls.append(ToolCallRequest());
            ToolCallRequest &t = m_toolCalls[index];
            if (call.value(QStringLiteral("id")).isString() && !call.value(QStringLiteral("id")).toString().isEmpty())
                t.id = call.value(QStringLiteral("id")).toString();
            const QJsonObject fn = call.value(QStringLiteral("function")).toObject();
            if (fn.value(QStringLiteral("name")).isString())
                t.name += fn.value(QStringLiteral("name")).toString();
            if (fn.value(QStringLiteral("arguments")).isString())
                t.arguments += fn.value(QStringLiteral("arguments")).toString();
            if (t.arguments.size() > 1024 * 1024) {
                fail(LlmErrorKind::MalformedStream, QStringLiteral("tool call arguments longer than 1 MB"));
                return;
            }
            m_sawEvent = true;
            if (m_firstTokenMs < 0)
                m_firstTokenMs = m_clock.nsecsElapsed() / 1e6;
        }
    } else if (choice.value(QStringLiteral("text")).isString()) {
        delta = choice.value(QStringLiteral("text")).toString(); // completions-style servers
    } else if (choice.value(QStringLiteral("message")).isObject()) {
        delta = choice.value(QStringLiteral("message")).toObject().value(QStringLiteral("content")).toString();
    }
    const QJsonValue reason = choice.value(QStringLiteral("finish_reason"));
    if (reason.isString() && !reason.toString().isEmpty()) {
        m_finishReason = reason.toString();
        m_done = true;
    }
    if (!delta.isEmpty()) {
        if (m_firstTokenMs < 0)
            m_firstTokenMs = m_clock.nsecsElapsed() / 1e6;
        m_text += delta;
        Q_EMIT textReceived(delta);
    }
}

bool ChatReply::scheduleRetry(int status, QNetworkReply *reply)
{
    const bool retryable = status == 429 || (status >= 500 && status <= 599);
    if (!retryable || m_sawEvent || m_attempts > m_endpoint.maxRetries)
        return false;
    int waitMs = m_endpoint.initialBackoffMs << std::min(m_attempts - 1, 16);
    bool ok = false;
    const int retryAfter = reply->rawHeader("Retry-After").trimmed().toInt(&ok);
    if (ok && retryAfter >= 0)
        waitMs = retryAfter * 1000;
    waitMs = std::clamp(waitMs, 0, std::max(0, m_endpoint.maxBackoffMs));
    qCInfo(lcLlm).nospace() << "HTTP " << status << " from " << displayUrl() << "; retry " << m_attempts << " in "
                            << waitMs << " ms";
    if (!m_retryTimer) {
        m_retryTimer = new QTimer(this);
        m_retryTimer->setSingleShot(true);
        connect(m_retryTimer, &QTimer::timeout, this, &ChatReply::send);
    }
    Q_EMIT retrying(m_attempts, waitMs, status);
    m_retryTimer->start(waitMs);
    return true;
}

void ChatReply::onFinished()
{
    QNetworkReply *reply = m_reply;
    if (!reply || m_finished)
        return;
    m_reply = nullptr;
    reply->deleteLater();
    if (m_status == 0)
        m_status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    // Whatever is still buffered.
    if (reply->bytesAvailable() > 0) {
        m_reply = reply;
        onReadyRead();
        m_reply = nullptr;
        if (m_finished)
            return;
    }
    const int status = m_status;
    const QNetworkReply::NetworkError netError = reply->error();
    m_error.attempts = m_attempts;
    m_error.httpStatus = status;

    if (status >= 300) {
        if (scheduleRetry(status, reply))
            return;
        QString code;
        QString detail = serverMessage(m_errorBody, &code);
        LlmErrorKind kind = LlmErrorKind::BadRequest;
        if (status == 401)
            kind = LlmErrorKind::Unauthorized;
        else if (status == 403)
            kind = LlmErrorKind::Forbidden;
        else if (status == 404) {
            const bool aboutModel = code == QLatin1String("model_not_found")
                                    || detail.contains(QLatin1String("model"), Qt::CaseInsensitive);
            kind = aboutModel ? LlmErrorKind::ModelNotFound : LlmErrorKind::EndpointNotFound;
        } else if (status == 429)
            kind = LlmErrorKind::RateLimited;
        else if (status >= 500)
            kind = LlmErrorKind::ServerError;
        else if (status >= 300 && status < 400)
            kind = LlmErrorKind::EndpointNotFound; // a redirect we would not follow
        fail(kind, detail, status);
        return;
    }

    if (netError != QNetworkReply::NoError) {
        const LlmErrorKind kind = llmErrorKindForNetworkError(netError);
        QString detail = reply->errorString();
        if (kind == LlmErrorKind::Tls && !m_error.detail.isEmpty())
            detail = m_error.detail;
        if (kind == LlmErrorKind::Timeout)
            detail = QStringLiteral("no data for %1 s").arg(m_endpoint.timeoutMs / 1000.0);
        fail(kind, detail, status);
        return;
    }

    // HTTP 2xx, transfer complete.
    if (!m_streamBody) {
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(m_jsonBody, &parseError);
        const QJsonArray choices = doc.object().value(QStringLiteral("choices")).toArray();
        if (parseError.error != QJsonParseError::NoError || choices.isEmpty()) {
            fail(LlmErrorKind::MalformedStream,
                 doc.object().contains(QStringLiteral("error")) ? serverMessage(m_jsonBody)
                                                                : QStringLiteral("an answer without \"choices\""));
            return;
        }
        const QJsonObject choice = choices.first().toObject();
        m_text = choice.value(QStringLiteral("message")).toObject().value(QStringLiteral("content")).toString();
        for (const QJsonValue &v : choice.value(QStringLiteral("message")).toObject().value(QStringLiteral("tool_calls")).toArray()) {
            const QJsonObject fn = v.toObject().value(QStringLiteral("function")).toObject();
            m_toolCalls.append(ToolCallRequest{v.toObject().value(QStringLiteral("id")).toString(),
                                               fn.value(QStringLiteral("name")).toString(),
                                               fn.value(QStringLiteral("arguments")).isString()
                                                   ? fn.value(QStringLiteral("arguments")).toString()
                                                   : QString::fromUtf8(QJsonDocument(fn.value(QStringLiteral("arguments")).toObject()).toJson(QJsonDocument::Compact))});
        }
        m_finishReason = choice.value(QStringLiteral("finish_reason")).toString();
        const QJsonObject usage = doc.object().value(QStringLiteral("usage")).toObject();
        m_promptTokens = usage.value(QStringLiteral("prompt_tokens")).toInt();
        m_completionTokens = usage.value(QStringLiteral("completion_tokens")).toInt();
        m_firstTokenMs = m_clock.nsecsElapsed() / 1e6;
        if (!m_text.isEmpty())
            Q_EMIT textReceived(m_text);
        m_done = true;
    }
    if (!m_done) {
        fail(LlmErrorKind::TruncatedStream,
             m_sawEvent ? QStringLiteral("no [DONE] at the end of the stream")
                        : QStringLiteral("the stream ended without any event"),
             status);
        return;
    }
    finish();
}

void ChatReply::fail(LlmErrorKind kind, const QString &detail, int status)
{
    if (m_finished)
        return;
    m_error.kind = kind;
    QString clean = detail;
    if (!m_endpoint.apiKey.isEmpty())
        clean.replace(m_endpoint.apiKey, QStringLiteral("***"));
    m_error.detail = clean;
    m_error.httpStatus = status ? status : m_status;
    m_error.attempts = m_attempts;
    m_error.partial = !m_text.isEmpty();
    if (m_reply) {
        QNetworkReply *reply = m_reply;
        m_reply = nullptr;
        reply->disconnect(this);
        m_failedHere = true;
        reply->abort();
        reply->deleteLater();
    }
    finish();
}

void ChatReply::abort()
{
    if (m_finished)
        return;
    m_aborted = true;
    if (m_retryTimer)
        m_retryTimer->stop();
    fail(LlmErrorKind::Cancelled, QString());
}

void ChatReply::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    m_totalMs = m_clock.nsecsElapsed() / 1e6;
    if (m_error.isError())
        qCInfo(lcLlm).nospace() << displayUrl() << " failed: " << llmErrorKindName(m_error.kind) << " (HTTP "
                                << m_error.httpStatus << ", " << m_text.size() << " chars kept)";
    else
        qCInfo(lcLlm).nospace() << displayUrl() << " done in " << qRound(m_totalMs) << " ms (" << m_text.size()
                                << " chars, finish reason " << m_finishReason << ")";
    Q_EMIT finished();
}

// --- ChatClient --------------------------------------------------------------------------

ChatClient::ChatClient(QObject *parent)
    : ChatClient(nullptr, parent)
{
}

ChatClient::ChatClient(QNetworkAccessManager *nam, QObject *parent)
    : QObject(parent)
    , m_nam(nam ? nam : new QNetworkAccessManager(this))
{
}

ChatReply *ChatClient::send(const ChatRequest &request)
{
    auto *reply = new ChatReply(m_nam, m_endpoint, request, this);
    if (!m_endpoint.isConfigured()) {
        QTimer::singleShot(0, reply, [reply] {
            reply->fail(LlmErrorKind::NotConfigured, QString());
        });
        return reply;
    }
    reply->send();
    return reply;
}

ChatOutcome completeBlocking(const LlmEndpoint &endpoint, const ChatRequest &request, const std::atomic_bool *cancel,
                             const std::function<void(const QString &)> &onDelta, QNetworkAccessManager *nam)
{
    ChatClient client(nam, nullptr);
    client.setEndpoint(endpoint);
    QEventLoop loop;
    ChatReply *reply = client.send(request);
    QObject::connect(reply, &ChatReply::finished, &loop, &QEventLoop::quit);
    if (onDelta)
        QObject::connect(reply, &ChatReply::textReceived, &loop, [&onDelta](const QString &d) { onDelta(d); });
    QTimer poll;
    if (cancel) {
        QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
            if (cancel->load())
                reply->abort();
        });
        poll.start(50);
    }
    if (!reply->isFinished())
        loop.exec();
    ChatOutcome out;
    out.text = reply->text();
    out.toolCalls = reply->toolCalls();
    out.error = reply->error();
    out.finishReason = reply->finishReason();
    out.attempts = reply->attempts();
    out.millis = reply->totalMillis();
    out.firstTokenMillis = reply->firstTokenMillis();
    out.url = reply->displayUrl();
    out.requestBody = reply->requestBody();
    out.bytesSent = reply->bytesSent();
    out.cutOff = reply->isCutOff();
    delete reply;
    return out;
}

} // namespace RepoLens
