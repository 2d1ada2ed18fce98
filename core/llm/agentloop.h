#pragma once

#include "chatclient.h"

#include "core/tools/tool.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <atomic>
#include <functional>

class QNetworkAccessManager;

namespace RepoLens {

class ToolRegistry;

struct AgentOptions
{
    int maxRounds = 4;          // rounds of tool calls; then one more request must answer
    int maxCallsPerRound = 8;   // further calls in one message are answered "over the limit"
    int budgetTokens = 24000;   // tool results sent back in all rounds; past it the model must answer
    int maxResultChars = 12000; // one tool result is cut here (with a note)
    QString folderName;
};

// One tool call of the loop, as the chat and the CLI show it.
struct AgentStep
{
    int round = 0;              // 1-based
    QString callId;
    QString tool;
    QString arguments;          // the JSON text as the model wrote it
    QString summary;            // one line: "12 results (hybrid)", "error: unknown tool"
    QString result;             // the text sent back to the model
    bool error = false;
    bool finished = false;
    double millis = 0;
    int withheld = 0;           // credentials withheld from the result
};

// One request of the loop (for the inspector and What Was Sent).
struct AgentRound
{
    int round = 0;              // 1..; the answering request has the number after the last tool round
    QString url;
    QByteArray requestBody;
    qint64 bytesSent = 0;
    int toolCalls = 0;
    QString status;             // "ok" or the error kind
    double millis = 0;
    QStringList toolResults;    // the tool results the request carried (their summaries)
    QStringList withheld;       // those with credentials withheld: "read keys.py:3-9: 2 credential(s)"
};

// A range the model saw through a tool (read, search hits, definitions): what its answer may cite.
struct AgentSource
{
    QString path;
    int startLine = 0;
    int endLine = 0;
    QString tool;
};

struct AgentOutcome
{
    QString answer;
    QList<AgentStep> steps;
    QList<AgentRound> rounds;
    QList<AgentSource> sources;
    LlmError error;
    bool cutOff = false;
    // The endpoint refused the tools (a model without tool calling): nothing was answered;
    // the caller answers single-shot and says so.
    bool toolsUnsupported = false;
    QString stopReason;         // "answered", "round limit", "token budget", "cancelled", "error"
    int toolTokens = 0;
    bool ok() const { return !error.isError() && !toolsUnsupported; }
};

struct AgentCallbacks
{
    std::function<void(const AgentStep &step)> stepStarted;
    std::function<void(const AgentStep &step)> stepFinished;
    std::function<void(const QString &delta)> answerDelta;
    std::function<void(const AgentRound &round)> roundFinished;
};

// The OpenAI "tools" array for the registry's tools (name, description, input schema).
QJsonArray openAiTools(const ToolRegistry &tools);

// The system prompt of agent mode.
QString agentInstructions(const QString &folderName);

// Whether a question is worth the loop in Auto mode: questions that need several steps (how,
// why, trace, flow, where ... handled, bug reports and stack traces) rather than one lookup
// ("who calls X" and bare identifiers are answered exhaustively by one retrieval).
bool agentHelps(const QString &question, QString *reason = nullptr);

// A model without tool calling: an error that says the request's tools were refused.
bool isToolsUnsupported(const LlmError &error);

// The loop, blocking (worker threads, the CLI): ask the model with the tools; run the calls it
// makes (in parallel, at most maxCallsPerRound), send the results back; repeat until it answers,
// the rounds or the token budget run out (then it is asked to answer from what it has), or
// `cancel` is set (checked between calls and every 50 ms while a request streams). Malformed
// arguments and unknown tools are answered to the model as errors, never run.
AgentOutcome runAgent(const LlmEndpoint &endpoint, const QList<ChatMessage> &conversation, const ToolRegistry &tools,
                      const AgentOptions &options, const std::atomic_bool *cancel = nullptr,
                      const AgentCallbacks &callbacks = {}, QNetworkAccessManager *nam = nullptr);

} // namespace RepoLens
