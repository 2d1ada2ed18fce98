#pragma once

#include "chatclient.h"

#include <QString>
#include <QStringList>
#include <QUrl>

namespace RepoLens {

// Chat / answering settings shared by the desktop app and the CLI, persisted with QSettings
// (organisation "RepoLens", group "llm"). The API key is never stored here: the app keeps it in
// the system keychain through a CredentialStore, or reads the environment variable named by
// apiKeyEnv (OPENAI_API_KEY by default).
struct LlmSettings
{
    QUrl baseUrl;                 // empty: no model configured (retrieval-only answers)
    QString model;
    double temperature = 0.2;
    int maxTokens = 1024;         // 0: the server's default
    QString apiKeyEnv = QStringLiteral("OPENAI_API_KEY");
    int timeoutSeconds = 120;     // transfer timeout (no byte for this long)
    bool hyde = false;            // HyDE for long / vague natural-language questions
    int topK = 12;                // search results considered for the context
    int contextBudget = 6000;     // tokens of code context per question
    int historyBudget = 2000;     // tokens of earlier conversation
    bool summaries = false;       // method summaries while indexing (calls the model per chunk)
    // Chunks that look like they hold a credential (core/base/secrets.h) are withheld from
    // every endpoint (chat, HyDE, re-ranking, summaries) unless the user turns this on.
    bool sendCredentials = false;
    // Agent mode: the model calls the tools (search, read, references, ...) in a loop.
    enum class AgentMode { Auto, SingleShot, Agent };
    AgentMode agentMode = AgentMode::Auto; // "agent": auto, single, agent
    int agentRounds = 4;          // "agent.rounds": rounds of tool calls before the answer
    int agentCalls = 8;           // "agent.calls": tool calls per round
    int agentBudget = 24000;      // "agent.budget": tokens of tool results in all rounds

    bool isConfigured() const { return !baseUrl.isEmpty() && baseUrl.isValid() && !model.isEmpty(); }
    // The endpoint with the key given (the caller resolves it).
    LlmEndpoint endpoint(const QString &apiKey = {}) const;

    static LlmSettings load();
    void save() const;

    // "llm.url", "llm.model", "llm.temperature", "llm.max_tokens", "llm.key_env", "llm.timeout",
    // "hyde", "top_k", "context_budget", "history_budget", "summaries", "send_credentials",
    // "agent", "agent.rounds", "agent.calls", "agent.budget"
    static QStringList keys();
    QString value(const QString &key) const;
    // false and a reason (English; the UI shows its own words) for an unknown key or bad value
    bool setValue(const QString &key, const QString &value, QString *why = nullptr);
};

QString agentModeName(LlmSettings::AgentMode mode); // "auto", "single", "agent"

// The key from the environment variable the settings name (or OPENAI_API_KEY).
QString apiKeyFromEnvironment(const LlmSettings &settings);

} // namespace RepoLens
