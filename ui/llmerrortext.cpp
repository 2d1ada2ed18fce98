#include "llmerrortext.h"

#include <QCoreApplication>

namespace RepoLens {

QString llmErrorText(const LlmError &e, const QString &model, int timeoutSeconds)
{
    const QString where = e.endpoint;
    QString what;
    switch (e.kind) {
    case LlmErrorKind::None:
        return {};
    case LlmErrorKind::ConnectionRefused:
        what = QCoreApplication::translate("RepoLens::ChatController", "Could not connect to %1: nothing is listening there. Is the model server (Ollama, llama.cpp, …) "
                  "running, and is the port right?").arg(where);
        break;
    case LlmErrorKind::HostNotFound:
        what = QCoreApplication::translate("RepoLens::ChatController", "The host of %1 was not found. Check the base URL in Settings ▸ Model.").arg(where);
        break;
    case LlmErrorKind::Tls:
        what = QCoreApplication::translate("RepoLens::ChatController", "The secure connection to %1 failed (TLS). Check http:// versus https:// and the server's "
                  "certificate.").arg(where);
        break;
    case LlmErrorKind::Unauthorized:
        what = QCoreApplication::translate("RepoLens::ChatController", "The server refused the API key (HTTP 401). Set the key in Settings ▸ Model.");
        break;
    case LlmErrorKind::Forbidden:
        what = QCoreApplication::translate("RepoLens::ChatController", "The API key may not use this model or endpoint (HTTP 403).");
        break;
    case LlmErrorKind::ModelNotFound:
        what = QCoreApplication::translate("RepoLens::ChatController", "The server has no model \"%1\" (HTTP 404). Check the name in Settings ▸ Model; with Ollama, "
                  "pull it first (ollama pull %1).").arg(model);
        break;
    case LlmErrorKind::EndpointNotFound:
        what = QCoreApplication::translate("RepoLens::ChatController", "There is no chat completions endpoint at %1 (HTTP 404). The base URL usually ends in /v1.")
                   .arg(where);
        break;
    case LlmErrorKind::BadRequest:
        what = QCoreApplication::translate("RepoLens::ChatController", "The server rejected the request (HTTP %1).").arg(e.httpStatus);
        break;
    case LlmErrorKind::RateLimited:
        what = QCoreApplication::translate("RepoLens::ChatController",
                                          "The server is rate limiting (HTTP 429), still after %n attempt(s). Wait a moment and retry.",
                                          nullptr, e.attempts);
        break;
    case LlmErrorKind::ServerError:
        what = e.httpStatus >= 500 ? QCoreApplication::translate("RepoLens::ChatController", "The server failed (HTTP %1), still after %n attempt(s).", nullptr,
                                                                     e.attempts)
                                         .arg(e.httpStatus)
                                   : QCoreApplication::translate("RepoLens::ChatController", "The server reported an error.");
        break;
    case LlmErrorKind::Timeout:
        what = QCoreApplication::translate("RepoLens::ChatController", "The server stopped answering (no data for %1 s). Local models can be slow to start: retry, or "
                  "raise the timeout in Settings ▸ Model.").arg(timeoutSeconds);
        break;
    case LlmErrorKind::MalformedStream:
        what = QCoreApplication::translate("RepoLens::ChatController", "The server sent something that is not an OpenAI-compatible answer stream.");
        break;
    case LlmErrorKind::TruncatedStream:
        what = QCoreApplication::translate("RepoLens::ChatController", "The answer stream ended before it was complete.");
        break;
    case LlmErrorKind::ConnectionClosed:
        what = QCoreApplication::translate("RepoLens::ChatController", "The server closed the connection in the middle of the answer.");
        break;
    case LlmErrorKind::Network:
        what = QCoreApplication::translate("RepoLens::ChatController", "Network error talking to %1.").arg(where);
        break;
    case LlmErrorKind::NotConfigured:
        what = QCoreApplication::translate("RepoLens::ChatController", "No model is configured (Settings ▸ Model).");
        break;
    case LlmErrorKind::Cancelled:
        what = QCoreApplication::translate("RepoLens::ChatController", "Stopped.");
        break;
    }
    if (!e.detail.isEmpty() && e.kind != LlmErrorKind::Cancelled)
        what += u'\n' + QCoreApplication::translate("RepoLens::ChatController", "Server said: %1").arg(e.detail.left(300));
    return what;
}

} // namespace RepoLens
