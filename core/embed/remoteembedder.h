#pragma once

#include "embedder.h"
#include "httpjson.h"

#include <memory>

class QNetworkAccessManager;

namespace RepoLens {

struct RemoteEmbedderConfig
{
    HttpEndpoint endpoint;     // base URL ending in /v1 (the client appends /embeddings)
    QString model;             // e.g. text-embedding-3-small, nomic-embed-text
    int maxInputTokens = 8191; // the model's input limit
    double charsPerToken = 3.0; // conservative for code: longer inputs are split before sending
    int batchSize = 64;        // inputs per request
};

// An OpenAI-compatible /v1/embeddings client. Inputs over the model's limit are split at line
// boundaries and the pieces' vectors averaged (weighted by length): nothing is dropped, and a
// length error from the server halves the limit and retries. Requests are batched; 429/5xx are
// retried with capped backoff (see JsonPost). Blocking: call from worker threads only.
class RemoteEmbedder : public Embedder
{
public:
    explicit RemoteEmbedder(RemoteEmbedderConfig config);
    ~RemoteEmbedder() override;

    QString modelId() const override;
    int dimension() const override { return m_dimension; }
    bool isLocal() const override;
    bool sendsRequests() const override { return true; }
    int batchSize() const override { return m_config.batchSize; }
    Result<QList<EmbeddingVector>> embed(const QStringList &texts, EmbedPurpose purpose,
                                         const std::atomic_bool *cancel = nullptr) override;

    void setRequestLog(RemoteRequestLog log) override { m_log = std::move(log); }
    void setNextRequestFiles(const QStringList &files) override { m_nextFiles = files; }

    // Requests sent so far (tests).
    int requestCount() const { return m_requests; }
    // Splits text into pieces of at most maxChars, at line boundaries where possible.
    static QStringList split(const QString &text, int maxChars);

private:
    Result<QList<EmbeddingVector>> embedPieces(const QStringList &pieces, EmbedPurpose purpose,
                                               const QStringList &files, const std::atomic_bool *cancel);
    void logRequest(EmbedPurpose purpose, const QStringList &files, qint64 bytes, bool ok) const;

    RemoteEmbedderConfig m_config;
    int m_dimension = 0;
    int m_maxChars = 0;
    int m_requests = 0;
    RemoteRequestLog m_log;
    QStringList m_nextFiles;
    std::unique_ptr<QNetworkAccessManager> m_nam;
};

} // namespace RepoLens
