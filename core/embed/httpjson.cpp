#include "httpjson.h"

#include "core/base/logging.h"

#include <QEventLoop>
#include <QJsonParseError>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>

#include <memory>

namespace RepoLens {

QUrl HttpEndpoint::url(const QString &path) const
{
    QUrl u = baseUrl;
    QString p = u.path();
    while (p.endsWith(u'/'))
        p.chop(1);
    u.setPath(p + u'/' + path);
    return u;
}

QString HttpEndpoint::displayUrl(const QString &path) const
{
    return url(path).toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery);
}

JsonPost::JsonPost(QNetworkAccessManager *nam, HttpEndpoint endpoint, QString path, QJsonObject body, Done done,
                   QObject *parent)
    : QObject(parent)
    , m_nam(nam)
    , m_endpoint(std::move(endpoint))
    , m_path(std::move(path))
    , m_body(QJsonDocument(body).toJson(QJsonDocument::Compact))
    , m_done(std::move(done))
{
}

JsonPost::~JsonPost()
{
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
    }
}

void JsonPost::start()
{
    send();
}

void JsonPost::abort()
{
    if (m_retryTimer)
        m_retryTimer->stop();
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
        m_reply = nullptr;
    }
    finish(makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"), m_endpoint.displayUrl(m_path)), 0);
}

void JsonPost::send()
{
    ++m_attempts;
    QNetworkRequest request(m_endpoint.url(m_path));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    request.setRawHeader("Accept", "application/json");
    if (!m_endpoint.apiKey.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + m_endpoint.apiKey.toUtf8());
    request.setTransferTimeout(m_endpoint.timeoutMs);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::NoLessSafeRedirectPolicy);
    m_reply = m_nam->post(request, m_body);
    connect(m_reply, &QNetworkReply::finished, this, &JsonPost::onFinished);
}

void JsonPost::onFinished()
{
    QNetworkReply *reply = m_reply;
    m_reply = nullptr;
    if (!reply)
        return;
    reply->deleteLater();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray bytes = reply->readAll();
    const QString where = m_endpoint.displayUrl(m_path);
    const bool retryable = status == 429 || (status >= 500 && status <= 599);
    if (retryable && m_attempts <= m_endpoint.maxRetries) {
        int waitMs = m_endpoint.initialBackoffMs << std::min(m_attempts - 1, 16);
        bool ok = false;
        const int retryAfter = reply->rawHeader("Retry-After").trimmed().toInt(&ok);
        if (ok && retryAfter >= 0)
            waitMs = retryAfter * 1000;
        waitMs = std::clamp(waitMs, 0, m_endpoint.maxBackoffMs);
        qCInfo(lcEmbed).nospace() << "HTTP " << status << " from " << where << "; retry " << m_attempts << " in "
                                  << waitMs << " ms";
        if (!m_retryTimer) {
            m_retryTimer = new QTimer(this);
            m_retryTimer->setSingleShot(true);
            connect(m_retryTimer, &QTimer::timeout, this, &JsonPost::send);
        }
        m_retryTimer->start(waitMs);
        return;
    }
    const QNetworkReply::NetworkError netError = reply->error();
    if (netError == QNetworkReply::OperationCanceledError && status == 0) {
        // setTransferTimeout aborts with OperationCanceledError
        finish(makeError(ErrorCode::Timeout,
                         QStringLiteral("no answer within %1 s").arg(m_endpoint.timeoutMs / 1000.0), where),
               0);
        return;
    }
    if (netError == QNetworkReply::TimeoutError) {
        finish(makeError(ErrorCode::Timeout, QStringLiteral("the request timed out"), where), 0);
        return;
    }
    if (status == 0) {
        finish(makeError(ErrorCode::Network, reply->errorString(), where), 0);
        return;
    }
    if (status < 200 || status > 299) {
        QString detail = QString::fromUtf8(bytes.left(300)).simplified();
        const QJsonDocument doc = QJsonDocument::fromJson(bytes);
        if (doc.isObject()) {
            QJsonValue err = doc.object().value(QStringLiteral("error"));
            if (err.isUndefined()) // zoekt: {"Error": "..."}
                err = doc.object().value(QStringLiteral("Error"));
            if (err.isObject())
                detail = err.toObject().value(QStringLiteral("message")).toString(detail);
            else if (err.isString())
                detail = err.toString();
        }
        const QString what = status == 401 || status == 403 ? QStringLiteral("the server refused the API key")
                             : retryable ? QStringLiteral("the server kept failing after %1 attempts").arg(m_attempts)
                                         : QStringLiteral("the server rejected the request");
        finish(makeError(status == 401 || status == 403 ? ErrorCode::PermissionDenied : ErrorCode::Network,
                         QStringLiteral("%1 (HTTP %2: %3)").arg(what).arg(status).arg(detail), where),
               status);
        return;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        finish(makeError(ErrorCode::Protocol,
                         QStringLiteral("malformed JSON in the answer: %1").arg(parseError.errorString()), where),
               status);
        return;
    }
    finish(doc, status);
}

void JsonPost::finish(Result<QJsonDocument> result, int status)
{
    if (m_finished)
        return;
    m_finished = true;
    if (m_done)
        m_done(std::move(result), status);
}

Result<QJsonDocument> postJsonBlocking(const HttpEndpoint &endpoint, const QString &path, const QJsonObject &body,
                                       const std::atomic_bool *cancel, int *httpStatus, QNetworkAccessManager *nam)
{
    std::unique_ptr<QNetworkAccessManager> own;
    if (!nam) {
        own = std::make_unique<QNetworkAccessManager>();
        nam = own.get();
    }
    QEventLoop loop;
    std::optional<Result<QJsonDocument>> out;
    int status = 0;
    JsonPost post(nam, endpoint, path, body, [&](Result<QJsonDocument> r, int s) {
        out = std::move(r);
        status = s;
        loop.quit();
    });
    QTimer poll;
    if (cancel) {
        QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
            if (cancel->load())
                post.abort();
        });
        poll.start(50);
    }
    post.start();
    if (!out)
        loop.exec();
    if (httpStatus)
        *httpStatus = status;
    return std::move(*out);
}

} // namespace RepoLens
