#include "modelprobe.h"

#include "core/base/logging.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPointer>

namespace RepoLens {

namespace {

LlmErrorKind kindForReply(QNetworkReply *reply, int status)
{
    if (status == 401)
        return LlmErrorKind::Unauthorized;
    if (status == 403)
        return LlmErrorKind::Forbidden;
    if (status == 404)
        return LlmErrorKind::EndpointNotFound;
    if (status == 429)
        return LlmErrorKind::RateLimited;
    if (status >= 500)
        return LlmErrorKind::ServerError;
    if (status >= 400)
        return LlmErrorKind::BadRequest;
    return llmErrorKindForNetworkError(reply->error());
}

void getJson(QNetworkAccessManager *nam, const QUrl &url, const QString &apiKey, int timeoutMs, QObject *context,
             std::function<void(QJsonDocument, LlmError)> done)
{
    QNetworkRequest request(url);
    request.setRawHeader("Accept", "application/json");
    if (!apiKey.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + apiKey.toUtf8());
    request.setTransferTimeout(timeoutMs);
    QNetworkReply *reply = nam->get(request);
    const QString display = url.toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery);
    QPointer<QObject> guard(context);
    QObject::connect(reply, &QNetworkReply::finished, context, [reply, display, apiKey, done = std::move(done)] {
        reply->deleteLater();
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QByteArray body = reply->readAll();
        LlmError error;
        error.endpoint = display;
        error.httpStatus = status;
        error.attempts = 1;
        if (reply->error() != QNetworkReply::NoError || status >= 300) {
            error.kind = kindForReply(reply, status);
            error.detail = status >= 300 ? QString::fromUtf8(body.left(300)).simplified() : reply->errorString();
            if (!apiKey.isEmpty())
                error.detail.replace(apiKey, QStringLiteral("***"));
            done(QJsonDocument(), error);
            return;
        }
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);
        if (parseError.error != QJsonParseError::NoError) {
            error.kind = LlmErrorKind::MalformedStream;
            error.detail = QStringLiteral("not JSON");
        }
        done(doc, error);
    });
}

} // namespace

void listModels(QNetworkAccessManager *nam, const LlmEndpoint &endpoint,
                std::function<void(const ModelListing &)> done, QObject *context)
{
    const QUrl base = endpoint.baseUrl;
    getJson(nam, endpoint.url(QStringLiteral("models")), endpoint.apiKey, std::min(endpoint.timeoutMs, 15000),
            context, [base, done = std::move(done)](const QJsonDocument &doc, const LlmError &error) {
                ModelListing out;
                out.baseUrl = base;
                out.error = error;
                for (const QJsonValue &v : doc.object().value(QStringLiteral("data")).toArray()) {
                    const QString id = v.toObject().value(QStringLiteral("id")).toString();
                    if (!id.isEmpty())
                        out.models << id;
                }
                // Ollama's own listing, when pointed at its root
                for (const QJsonValue &v : doc.object().value(QStringLiteral("models")).toArray()) {
                    const QString id = v.toObject().value(QStringLiteral("name")).toString();
                    if (!id.isEmpty() && !out.models.contains(id))
                        out.models << id;
                }
                done(out);
            });
}

QUrl defaultOllamaUrl()
{
    const QString env = qEnvironmentVariable("REPOLENS_OLLAMA_URL");
    if (env == QLatin1String("off"))
        return {};
    if (!env.isEmpty())
        return QUrl(env);
    return QUrl(QStringLiteral("http://127.0.0.1:11434"));
}

void detectOllama(QNetworkAccessManager *nam, const QUrl &ollamaUrl, std::function<void(const ModelListing &)> done,
                  QObject *context, int timeoutMs)
{
    if (!ollamaUrl.isValid() || ollamaUrl.isEmpty()) {
        ModelListing none;
        none.error.kind = LlmErrorKind::NotConfigured;
        done(none);
        return;
    }
    QUrl tags = ollamaUrl;
    QString path = tags.path();
    while (path.endsWith(u'/'))
        path.chop(1);
    tags.setPath(path + QStringLiteral("/api/tags"));
    QUrl chatBase = ollamaUrl;
    chatBase.setPath(path + QStringLiteral("/v1"));
    getJson(nam, tags, QString(), timeoutMs, context,
            [chatBase, done = std::move(done)](const QJsonDocument &doc, const LlmError &error) {
                ModelListing out;
                out.baseUrl = chatBase;
                out.error = error;
                out.isOllama = true;
                for (const QJsonValue &v : doc.object().value(QStringLiteral("models")).toArray()) {
                    const QString name = v.toObject().value(QStringLiteral("name")).toString();
                    if (!name.isEmpty())
                        out.models << name;
                }
                if (out.ok())
                    qCInfo(lcLlm) << "Ollama found at" << chatBase.toString() << "with" << out.models.size() << "models";
                done(out);
            });
}

QString preferredModel(const QStringList &models)
{
    // Embedding-only models cannot chat.
    QStringList chat;
    for (const QString &m : models) {
        const QString l = m.toLower();
        if (!l.contains(QLatin1String("embed")) && !l.contains(QLatin1String("rerank")))
            chat << m;
    }
    for (const QString &m : std::as_const(chat)) {
        if (m.contains(QLatin1String("coder"), Qt::CaseInsensitive) || m.contains(QLatin1String("code"), Qt::CaseInsensitive))
            return m;
    }
    return chat.value(0);
}

} // namespace RepoLens
