#pragma once

#include <QString>

namespace RepoLens {

// Why a request to a model endpoint failed. The UI turns the kind into a translated sentence
// with what to do; `detail` is the server's own message (never containing the API key).
enum class LlmErrorKind {
    None,
    ConnectionRefused,  // nothing listens at the address (server not started, wrong port)
    HostNotFound,       // DNS lookup failed
    Tls,                // TLS handshake / certificate problem
    Unauthorized,       // 401: missing or wrong API key
    Forbidden,          // 403: the key may not use this model / endpoint
    ModelNotFound,      // 404 naming the model (not pulled, misspelt)
    EndpointNotFound,   // 404 otherwise: the base URL is probably wrong (missing /v1?)
    BadRequest,         // other 4xx (context too long, unsupported parameter, ...)
    RateLimited,        // 429 after the retries
    ServerError,        // 5xx after the retries
    Timeout,            // no bytes for the transfer timeout
    MalformedStream,    // a stream event that is not the expected JSON
    TruncatedStream,    // the connection ended before the stream said it was done
    ConnectionClosed,   // the server closed the connection (mid-stream disconnect)
    Network,            // any other network error
    NotConfigured,      // no base URL or model
    Cancelled,          // stopped by the user
};

struct LlmError
{
    LlmErrorKind kind = LlmErrorKind::None;
    int httpStatus = 0;
    QString detail;    // server or network message, for the details line and logs
    QString endpoint;  // display URL (no user info, no query)
    int attempts = 0;
    bool partial = false; // some answer text had arrived before the failure

    bool isError() const { return kind != LlmErrorKind::None; }
    // Worth offering "Retry" (everything but a user's cancel).
    bool retryable() const { return kind != LlmErrorKind::None && kind != LlmErrorKind::Cancelled; }
};

// "connection-refused", "unauthorized", ... (stable, for logs, JSON and tests)
QString llmErrorKindName(LlmErrorKind kind);
// One English sentence for the CLI and logs: what happened, where, and what to try.
QString describeLlmError(const LlmError &error);

} // namespace RepoLens
