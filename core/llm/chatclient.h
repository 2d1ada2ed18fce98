#pragma once

#include "llmerror.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QUrl>

#include <atomic>
#include <functional>

class QNetworkAccessManager;
class QNetworkReply;
class QTimer;

namespace RepoLens {

class SseParser;

// An OpenAI-compatible chat completions endpoint: OpenAI, Ollama (/v1), llama.cpp server,
// vLLM, LM Studio, ... The API key is sent as "Authorization: Bearer" and never logged,
// stored in requestBody() or put into an error.
struct LlmEndpoint
{
    QUrl baseUrl;              // e.g. http://127.0.0.1:11434/v1 (the path before /chat/completions)
    QString model;
    QString apiKey;
    double temperature = 0.2;  // < 0: the server's default
    int maxTokens = 0;         // 0: the server's default
    int timeoutMs = 120000;    // transfer timeout: no byte for this long fails the request
    int maxRetries = 3;        // on 429 and 5xx, before the first token only
    int initialBackoffMs = 1000;
    int maxBackoffMs = 8000;   // cap of one wait (also caps Retry-After)

    bool isConfigured() const { return baseUrl.isValid() && !baseUrl.isEmpty() && !model.isEmpty(); }
    QUrl url(const QString &path) const;        // baseUrl + "/" + path
    QString displayUrl(const QString &path) const; // without user info or query: safe to show
    bool isLocal() const;                       // loopback host: nothing leaves the machine
};

// A function call the model asked for (OpenAI tool calling). `arguments` is the JSON text as
// the model wrote it (it may be malformed: the caller parses it).
struct ToolCallRequest
{
    QString id;
    QString name;
    QString arguments;
};

struct ChatMessage
{
    QString role;    // "system", "user", "assistant", "tool"
    QString content;
    QList<ToolCallRequest> toolCalls; // assistant: the calls it made
    QString toolCallId;               // tool: the call this answers
};

struct ChatRequest
{
    QList<ChatMessage> messages;
    QJsonArray tools;          // OpenAI "tools" (function definitions); empty: none offered
    QString toolChoice;        // "auto", "none", "required"; empty: the server's default
    bool stream = true;
    QString purpose;           // "answer", "hyde", "hyde-rewrite", "summary", "judge", "test"
    double temperature = -2;   // < -1: the endpoint's
    int maxTokens = -1;        // < 0: the endpoint's
};

// The kind of a QNetworkReply::NetworkError (transport failures; HTTP statuses are mapped
// separately).
LlmErrorKind llmErrorKindForNetworkError(int networkError);

// The exact JSON body sent for a request (what the retrieval inspector shows).
QByteArray chatRequestBody(const LlmEndpoint &endpoint, const ChatRequest &request);

// One streamed chat completion. Emits textReceived() for each piece of the answer and
// finished() exactly once (success, failure or abort). Failures before the first token on
// HTTP 429/5xx are retried with capped exponential backoff (Retry-After honoured up to the
// cap); after the first token nothing is retried and the partial text stays in text().
// Lives in the thread of its ChatClient; needs that thread's event loop.
class ChatReply : public QObject
{
    Q_OBJECT
public:
    ~ChatReply() override;

    QString text() const { return m_text; }
    bool isFinished() const { return m_finished; }
    LlmError error() const { return m_error; }
    bool hasError() const { return m_error.isError(); }
    QString finishReason() const { return m_finishReason; } // "stop", "length", "tool_calls", ...
    // The tool calls the answer asked for, assembled from the streamed deltas (several calls,
    // arguments split across chunks) or read from a non-streamed message.
    QList<ToolCallRequest> toolCalls() const { return m_toolCalls; }
    // The answer is incomplete: failed after some text, or stopped by the token limit.
    bool isCutOff() const;
    int attempts() const { return m_attempts; }
    double firstTokenMillis() const { return m_firstTokenMs; } // -1 when none arrived
    double totalMillis() const { return m_totalMs; }
    QString purpose() const { return m_request.purpose; }
    QString displayUrl() const;
    QByteArray requestBody() const { return m_body; }
    qint64 bytesSent() const { return m_body.size(); }
    qint64 bytesReceived() const { return m_bytesReceived; }
    int promptTokens() const { return m_promptTokens; }       // from the server's usage, 0 if none
    int completionTokens() const { return m_completionTokens; }

public Q_SLOTS:
    void abort();

Q_SIGNALS:
    void textReceived(const QString &delta);
    void retrying(int attempt, int waitMs, int httpStatus);
    void finished();

private:
    friend class ChatClient;
    ChatReply(QNetworkAccessManager *nam, LlmEndpoint endpoint, ChatRequest request, QObject *parent);
    void send();
    void onMetaData();
    void onReadyRead();
    void onFinished();
    void handleEvent(const QByteArray &data);
    void fail(LlmErrorKind kind, const QString &detail, int status = 0);
    void finish();
    bool scheduleRetry(int status, QNetworkReply *reply);

    QNetworkAccessManager *m_nam;
    LlmEndpoint m_endpoint;
    ChatRequest m_request;
    QByteArray m_body;
    QPointer<QNetworkReply> m_reply;
    QTimer *m_retryTimer = nullptr;
    std::unique_ptr<SseParser> m_sse;
    QByteArray m_errorBody;   // body of a non-2xx answer (bounded)
    QByteArray m_jsonBody;    // a non-streamed answer
    QString m_text;
    QList<ToolCallRequest> m_toolCalls;
    QString m_finishReason;
    LlmError m_error;
    QElapsedTimer m_clock;
    double m_firstTokenMs = -1;
    double m_totalMs = 0;
    qint64 m_bytesReceived = 0;
    int m_attempts = 0;
    int m_status = 0;
    int m_promptTokens = 0;
    int m_completionTokens = 0;
    bool m_streamBody = true;   // the answer is text/event-stream
    bool m_sawEvent = false;    // any data event arrived (no more retries)
    bool m_done = false;        // [DONE] or a finish_reason arrived
    bool m_aborted = false;
    bool m_failedHere = false;  // we aborted the reply because of a protocol error
    bool m_finished = false;
};

// Sends chat completions to one endpoint. No thread needed: QNetworkAccessManager is
// asynchronous. Create and use it on one thread.
class ChatClient : public QObject
{
    Q_OBJECT
public:
    explicit ChatClient(QObject *parent = nullptr);
    ChatClient(QNetworkAccessManager *nam, QObject *parent);

    void setEndpoint(const LlmEndpoint &endpoint) { m_endpoint = endpoint; }
    const LlmEndpoint &endpoint() const { return m_endpoint; }
    QNetworkAccessManager *networkAccessManager() const { return m_nam; }

    // Starts a request; the reply is a child of the client (delete it or let the client do).
    // With an unconfigured endpoint the reply finishes with NotConfigured on the next loop turn.
    ChatReply *send(const ChatRequest &request);

private:
    QNetworkAccessManager *m_nam;
    LlmEndpoint m_endpoint;
};

// What a finished request produced, for blocking callers (worker threads, the CLI).
struct ChatOutcome
{
    QString text;
    QList<ToolCallRequest> toolCalls;
    LlmError error;
    QString finishReason;
    int attempts = 0;
    double millis = 0;
    double firstTokenMillis = -1;
    QString url;
    QByteArray requestBody;
    qint64 bytesSent = 0;
    bool cutOff = false;
    bool ok() const { return !error.isError(); }
};

// Runs one request with a local event loop until it finishes or `cancel` is set (polled every
// 50 ms). onDelta sees every piece of text as it arrives. Never call it on the GUI thread.
// `nam`: reuse one access manager (of this thread) for many requests (connection reuse).
ChatOutcome completeBlocking(const LlmEndpoint &endpoint, const ChatRequest &request,
                             const std::atomic_bool *cancel = nullptr,
                             const std::function<void(const QString &delta)> &onDelta = {},
                             QNetworkAccessManager *nam = nullptr);

} // namespace RepoLens
