#include "llmjudge.h"

#include <QRegularExpression>

namespace RepoLens {

ChatJudge::ChatJudge(LlmEndpoint endpoint, int maxDocumentChars)
    : m_endpoint(std::move(endpoint))
    , m_maxChars(maxDocumentChars)
{
}

QString ChatJudge::prompt(const QString &question, const QStringList &documents, int maxDocumentChars)
{
    QString p = QStringLiteral("Question: ") + question + QStringLiteral("\n\n");
    for (qsizetype i = 0; i < documents.size(); ++i) {
        QString doc = documents.at(i);
        if (doc.size() > maxDocumentChars)
            doc = doc.left(maxDocumentChars) + QStringLiteral("\n…");
        p += QStringLiteral("[%1]\n%2\n\n").arg(i + 1).arg(doc);
    }
    p += QStringLiteral("Rate how useful each snippet is for answering the question, from 0 (unrelated) to 10 "
                        "(answers it). Reply with exactly %1 lines of the form \"<number>: <score>\" and nothing else.")
             .arg(documents.size());
    return p;
}

QList<double> ChatJudge::parseScores(const QString &answer, int count)
{
    QList<double> scores(count, 0.0);
    static const QRegularExpression line(QStringLiteral("^\\W*\\[?(\\d+)\\]?\\s*[:=\\-]\\s*(\\d+(?:\\.\\d+)?)"),
                                         QRegularExpression::MultilineOption);
    auto it = line.globalMatch(answer);
    while (it.hasNext()) {
        const auto m = it.next();
        const int n = m.captured(1).toInt();
        if (n >= 1 && n <= count)
            scores[n - 1] = std::clamp(m.captured(2).toDouble(), 0.0, 10.0);
    }
    return scores;
}

Result<QList<double>> ChatJudge::judge(const QString &question, const QStringList &documents,
                                       const std::atomic_bool *cancel)
{
    if (!m_endpoint.isConfigured())
        return makeError(ErrorCode::Unsupported, QStringLiteral("no chat endpoint is configured for the LLM judge"));
    ChatRequest request;
    request.stream = false;
    request.purpose = QStringLiteral("judge");
    request.temperature = 0;
    request.messages = {
        ChatMessage{QStringLiteral("system"),
                    QStringLiteral("You judge the relevance of code snippets to a developer's question.")},
        ChatMessage{QStringLiteral("user"), prompt(question, documents, m_maxChars)}};
    const ChatOutcome outcome = completeBlocking(m_endpoint, request, cancel);
    if (!outcome.ok())
        return makeError(outcome.error.kind == LlmErrorKind::Cancelled ? ErrorCode::Cancelled : ErrorCode::Network,
                         describeLlmError(outcome.error), outcome.url);
    return parseScores(outcome.text, int(documents.size()));
}

} // namespace RepoLens
