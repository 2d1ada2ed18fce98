#pragma once

#include "chatclient.h"

#include "core/search/reranker.h"

namespace RepoLens {

// The chat model as re-ranker (search's LlmJudge): one non-streamed request asks it to rate
// every candidate's relevance to the question from 0 to 10, one "<n>: <score>" line each.
// Unparsable or missing lines score 0; a failed request is an error (the searcher then keeps
// the fused ranking and notes why). Blocking: query threads only.
class ChatJudge : public LlmJudge
{
public:
    explicit ChatJudge(LlmEndpoint endpoint, int maxDocumentChars = 1500);
    Result<QList<double>> judge(const QString &question, const QStringList &documents,
                                const std::atomic_bool *cancel) override;
    QString endpointDisplay() const override { return m_endpoint.displayUrl(QStringLiteral("chat/completions")); }
    QString model() const override { return m_endpoint.model; }
    bool isLocal() const override { return m_endpoint.isLocal(); }

    static QString prompt(const QString &question, const QStringList &documents, int maxDocumentChars);
    static QList<double> parseScores(const QString &answer, int count);

private:
    LlmEndpoint m_endpoint;
    int m_maxChars;
};

} // namespace RepoLens
