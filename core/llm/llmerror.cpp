#include "llmerror.h"

namespace RepoLens {

QString llmErrorKindName(LlmErrorKind kind)
{
    switch (kind) {
    case LlmErrorKind::None: return QStringLiteral("none");
    case LlmErrorKind::ConnectionRefused: return QStringLiteral("connection-refused");
    case LlmErrorKind::HostNotFound: return QStringLiteral("host-not-found");
    case LlmErrorKind::Tls: return QStringLiteral("tls");
    case LlmErrorKind::Unauthorized: return QStringLiteral("unauthorized");
    case LlmErrorKind::Forbidden: return QStringLiteral("forbidden");
    case LlmErrorKind::ModelNotFound: return QStringLiteral("model-not-found");
    case LlmErrorKind::EndpointNotFound: return QStringLiteral("endpoint-not-found");
    case LlmErrorKind::BadRequest: return QStringLiteral("bad-request");
    case LlmErrorKind::RateLimited: return QStringLiteral("rate-limited");
    case LlmErrorKind::ServerError: return QStringLiteral("server-error");
    case LlmErrorKind::Timeout: return QStringLiteral("timeout");
    case LlmErrorKind::MalformedStream: return QStringLiteral("malformed-stream");
    case LlmErrorKind::TruncatedStream: return QStringLiteral("truncated-stream");
    case LlmErrorKind::ConnectionClosed: return QStringLiteral("connection-closed");
    case LlmErrorKind::Network: return QStringLiteral("network");
    case LlmErrorKind::NotConfigured: return QStringLiteral("not-configured");
    case LlmErrorKind::Cancelled: return QStringLiteral("cancelled");
    }
    return QStringLiteral("unknown");
}

QString describeLlmError(const LlmError &e)
{
    QString what;
    switch (e.kind) {
    case LlmErrorKind::None:
        return {};
    case LlmErrorKind::ConnectionRefused:
        what = QStringLiteral("connection refused: is the model server running and is the port right?");
        break;
    case LlmErrorKind::HostNotFound:
        what = QStringLiteral("host not found: check the base URL");
        break;
    case LlmErrorKind::Tls:
        what = QStringLiteral("secure connection failed (TLS): check the URL's scheme and the certificate");
        break;
    case LlmErrorKind::Unauthorized:
        what = QStringLiteral("the server refused the API key (HTTP 401): set the key (OPENAI_API_KEY or the settings)");
        break;
    case LlmErrorKind::Forbidden:
        what = QStringLiteral("the API key may not use this model or endpoint (HTTP 403)");
        break;
    case LlmErrorKind::ModelNotFound:
        what = QStringLiteral("the server does not have this model (HTTP 404): check the model name (with Ollama: ollama pull NAME)");
        break;
    case LlmErrorKind::EndpointNotFound:
        what = QStringLiteral("no chat completions endpoint at this URL (HTTP 404): the base URL usually ends in /v1");
        break;
    case LlmErrorKind::BadRequest:
        what = QStringLiteral("the server rejected the request (HTTP %1)").arg(e.httpStatus);
        break;
    case LlmErrorKind::RateLimited:
        what = QStringLiteral("rate limited (HTTP 429) after %1 attempts: wait a moment and retry").arg(e.attempts);
        break;
    case LlmErrorKind::ServerError:
        what = QStringLiteral("the server failed (HTTP %1) after %2 attempts").arg(e.httpStatus).arg(e.attempts);
        break;
    case LlmErrorKind::Timeout:
        what = QStringLiteral("the server stopped answering (timeout)");
        break;
    case LlmErrorKind::MalformedStream:
        what = QStringLiteral("the server sent something that is not an OpenAI-compatible stream");
        break;
    case LlmErrorKind::TruncatedStream:
        what = QStringLiteral("the answer stream ended before it was complete");
        break;
    case LlmErrorKind::ConnectionClosed:
        what = QStringLiteral("the server closed the connection");
        break;
    case LlmErrorKind::Network:
        what = QStringLiteral("network error");
        break;
    case LlmErrorKind::NotConfigured:
        what = QStringLiteral("no model is configured: set a base URL and a model");
        break;
    case LlmErrorKind::Cancelled:
        what = QStringLiteral("stopped");
        break;
    }
    QString out = what;
    if (!e.detail.isEmpty())
        out += QStringLiteral(" — ") + e.detail;
    if (!e.endpoint.isEmpty())
        out += QStringLiteral(" [") + e.endpoint + u']';
    if (e.partial)
        out += QStringLiteral(" (the answer so far is kept)");
    return out;
}

} // namespace RepoLens
