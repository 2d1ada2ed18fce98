#pragma once

#include "core/base/result.h"
#include "core/embed/builtinembedder.h"
#include "core/embed/httpjson.h"
#include "core/store/indexstore.h"

#include <QList>
#include <QString>

#include <atomic>
#include <memory>

namespace RepoLens {

enum class RerankMode { Off, Local, Endpoint, Llm };
QString rerankModeName(RerankMode mode);
RerankMode rerankModeFromName(const QString &name, bool *ok = nullptr);

// Scores (query, chunk) pairs after fusion. Higher is more relevant; any scale (the searcher
// normalises). Blocking: called on query threads.
class Reranker
{
public:
    virtual ~Reranker() = default;
    virtual QString name() const = 0;
    virtual Result<QList<double>> score(const QString &query, const QList<ChunkRecord> &chunks,
                                        const std::atomic_bool *cancel = nullptr) = 0;
    // A re-ranker that sends the chunks off the machine tells `log` of every request (What Was
    // Sent); the built-in one sends nothing.
    void setRequestLog(RemoteRequestLog log) { m_log = std::move(log); }

protected:
    RemoteRequestLog m_log;
};

// Built-in, no network: query-term coverage of the chunk's name, signature and path (where
// matches mean most), coverage of its body, and a late-interaction similarity: for each query
// term, its best cosine to any chunk term in the built-in model's latent space (ColBERT's
// MaxSim with LSA term vectors), averaged.
class LocalReranker : public Reranker
{
public:
    explicit LocalReranker(std::shared_ptr<const BuiltinEmbedder> model = {});
    QString name() const override { return QStringLiteral("local"); }
    Result<QList<double>> score(const QString &query, const QList<ChunkRecord> &chunks,
                                const std::atomic_bool *cancel = nullptr) override;

private:
    std::shared_ptr<const BuiltinEmbedder> m_model;
};

// The common /v1/rerank format (llama.cpp server, vLLM, TEI, Cohere, Jina):
// {"model", "query", "documents": [...], "top_n"} -> {"results": [{"index", "relevance_score"}]}.
class RemoteReranker : public Reranker
{
public:
    RemoteReranker(HttpEndpoint endpoint, QString model, int maxDocumentChars = 4000);
    QString name() const override { return QStringLiteral("endpoint"); }
    Result<QList<double>> score(const QString &query, const QList<ChunkRecord> &chunks,
                                const std::atomic_bool *cancel = nullptr) override;
    // Chunks go through the withholding stage (core/base/secrets.h) before they are sent
    // (default; off only with the send_credentials setting).
    void setWithholdSecrets(bool withhold) { m_withhold = withhold; }

private:
    HttpEndpoint m_endpoint;
    QString m_model;
    int m_maxChars;
    bool m_withhold = true;
};

// The LLM as judge: implemented by the chat client (core/llm, not built yet); asked to rate
// each chunk's relevance to the question from 0 to 10.
class LlmJudge
{
public:
    virtual ~LlmJudge() = default;
    virtual Result<QList<double>> judge(const QString &question, const QStringList &documents,
                                        const std::atomic_bool *cancel) = 0;
    // Where its requests go, for the What Was Sent log.
    virtual QString endpointDisplay() const { return {}; }
    virtual QString model() const { return {}; }
    virtual bool isLocal() const { return false; }
};

class JudgeReranker : public Reranker
{
public:
    explicit JudgeReranker(std::shared_ptr<LlmJudge> judge, bool withholdSecrets = true);
    QString name() const override { return QStringLiteral("llm"); }
    Result<QList<double>> score(const QString &query, const QList<ChunkRecord> &chunks,
                                const std::atomic_bool *cancel = nullptr) override;

private:
    std::shared_ptr<LlmJudge> m_judge;
    bool m_withhold = true;
};

} // namespace RepoLens
