#include "hyde.h"

namespace RepoLens {

namespace {

RemoteCall hydeRemoteCall(const LlmEndpoint &endpoint, const ChatOutcome &outcome, const QString &purpose,
                         const QStringList &files)
{
    RemoteCall c;
    c.time = QDateTime::currentDateTime();
    c.endpoint = outcome.url.isEmpty() ? endpoint.displayUrl(QStringLiteral("chat/completions")) : outcome.url;
    c.purpose = purpose;
    c.model = endpoint.model;
    c.bytes = outcome.bytesSent;
    c.files = files;
    c.local = endpoint.isLocal();
    c.status = outcome.ok() ? QStringLiteral("ok") : llmErrorKindName(outcome.error.kind);
    c.body = outcome.requestBody;
    return c;
}

} // namespace

QString hydeSystemPrompt()
{
    return QStringLiteral(
        "You are an expert software engineer. Your task is to predict code that answers the given query.\n"
        "Instructions:\n"
        "1. Analyze the query carefully.\n"
        "2. Think through the solution step-by-step.\n"
        "3. Generate concise, idiomatic code that addresses the query.\n"
        "4. Include specific method names, class names, and key concepts in your response.\n"
        "5. If applicable, suggest modern libraries or best practices for the given task.\n"
        "6. You may guess the language based on the context provided.\n"
        "Output format:\n"
        "- Provide only the improved query or predicted code snippet.\n"
        "- Do not include any explanatory text outside the code.\n"
        "- Ensure the response is directly usable for further processing or execution.");
}

QString hydeRewriteSystemPrompt(const QString &question, const QString &tempContext)
{
    return QStringLiteral(
               "You are an expert software engineer. Your task is to enhance the original query: %1 using the "
               "provided context: %2\n"
               "Instructions:\n"
               "1. Analyze the query and context thoroughly.\n"
               "2. Expand the query with relevant code-specific details:\n"
               "   - For code-related queries: Include precise method names, class names, and key concepts.\n"
               "   - For general queries: Reference important files like README.md or configuration files.\n"
               "   - For method-specific queries: Predict potential implementation details.\n"
               "3. Incorporate keywords from the context that are most pertinent to answering the query.\n"
               "4. Ensure the enhanced query remains focused and concise while being more descriptive and targeted.\n"
               "5. You may guess the language based on the context provided.\n"
               "Output format: Provide only the enhanced query. Do not include any explanatory text or additional "
               "commentary.")
        .arg(question, tempContext);
}

HydeExpander::HydeExpander(LlmEndpoint endpoint)
    : m_endpoint(std::move(endpoint))
{
}

ExpansionReply HydeExpander::complete(const ChatRequest &request, const std::atomic_bool *cancel) const
{
    const ChatOutcome outcome = completeBlocking(m_endpoint, request, cancel);
    ExpansionReply reply;
    reply.text = outcome.text;
    reply.failed = !outcome.ok();
    if (reply.failed)
        reply.error = describeLlmError(outcome.error);
    reply.call = hydeRemoteCall(m_endpoint, outcome, request.purpose, {});
    return reply;
}

ExpansionReply HydeExpander::hypotheticalCode(const QString &question, const std::atomic_bool *cancel) const
{
    ChatRequest first;
    first.purpose = QStringLiteral("hyde");
    first.stream = false;
    first.maxTokens = 400;
    first.messages = {{QStringLiteral("system"), hydeSystemPrompt()},
                      {QStringLiteral("user"), QStringLiteral("Help predict the answer to the query: %1").arg(question)}};
    return complete(first, cancel);
}

ExpansionReply HydeExpander::rewrite(const QString &question, const QString &hypothetical, const QString &foundCode,
                                     const std::atomic_bool *cancel) const
{
    ChatRequest second;
    second.purpose = QStringLiteral("hyde-rewrite");
    second.stream = false;
    second.maxTokens = 300;
    second.messages = {{QStringLiteral("system"), hydeRewriteSystemPrompt(question, foundCode)},
                       {QStringLiteral("user"), QStringLiteral("Predict the answer to the query: %1").arg(hypothetical)}};
    return complete(second, cancel);
}

std::shared_ptr<const QueryExpander> hydeExpander(const LlmEndpoint &endpoint)
{
    if (!endpoint.isConfigured())
        return nullptr;
    return std::make_shared<HydeExpander>(endpoint);
}

} // namespace RepoLens
