#pragma once

#include "core/base/result.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QUrl>

#include <atomic>
#include <functional>

class QNetworkAccessManager;
class QNetworkReply;
class QTimer;

namespace RepoLens {

// An OpenAI-compatible HTTP endpoint (OpenAI, Ollama, llama.cpp server, vLLM, LM Studio, TEI).
struct HttpEndpoint
{
    QUrl baseUrl;           // e.g. http://localhost:11434/v1
    QString apiKey;         // sent as "Authorization: Bearer ..."; never logged or put in errors
    int timeoutMs = 60000;  // transfer timeout of one request (no bytes for this long)
    int maxRetries = 4;     // on 429 and 5xx only
    int initialBackoffMs = 500;
    int maxBackoffMs = 8000; // cap of one wait (also caps Retry-After)

    // baseUrl + "/" + path, without user info (safe to show)
    QUrl url(const QString &path) const;
    QString displayUrl(const QString &path) const;
};

// One JSON POST with retries: 429 and 5xx are retried with capped exponential backoff
// (honouring Retry-After up to the cap); other 4xx, network errors, timeouts and malformed JSON
// fail at once with a clear Error (Network / Timeout / Protocol). Asynchronous: lives in the
// thread that created it, needs that thread's event loop.
class JsonPost : public QObject
{
    Q_OBJECT
public:
    using Done = std::function<void(Result<QJsonDocument>, int httpStatus)>;
    JsonPost(QNetworkAccessManager *nam, HttpEndpoint endpoint, QString path, QJsonObject body, Done done,
             QObject *parent = nullptr);
    ~JsonPost() override;
    void start();
    void abort();
    int attempts() const { return m_attempts; }

private:
    void send();
    void onFinished();
    void finish(Result<QJsonDocument> result, int status);

    QNetworkAccessManager *m_nam;
    HttpEndpoint m_endpoint;
    QString m_path;
    QByteArray m_body;
    Done m_done;
    QNetworkReply *m_reply = nullptr;
    QTimer *m_retryTimer = nullptr;
    int m_attempts = 0;
    bool m_finished = false;
};

// Blocking wrapper for worker threads: runs a local event loop until the answer, an error or
// cancellation (polled every 50 ms). Never call it on the GUI thread.
Result<QJsonDocument> postJsonBlocking(const HttpEndpoint &endpoint, const QString &path, const QJsonObject &body,
                                       const std::atomic_bool *cancel = nullptr, int *httpStatus = nullptr,
                                       QNetworkAccessManager *nam = nullptr);

} // namespace RepoLens
