#pragma once

#include "chatclient.h"

#include "core/retrieve/contextchunk.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace RepoLens {

// About how many tokens a model reads in all (prompt and answer), from its name: the
// published context of common families (gpt-4o: 128k, qwen2.5-coder: 32k, llama3.1: 128k,
// claude: 200k, ...), 8,192 for a name it does not know. An estimate for warnings, not a
// limit: servers may be configured smaller (Ollama's num_ctx) or larger.
int modelContextTokens(const QString &model);

// What one question may take: the model's context minus the code context budget, the
// conversation budget, the answer's max tokens and the instructions. At least 512.
int questionTokenLimit(const QString &model, int contextBudget, int historyBudget, int maxTokens);

// An earlier question and its answer in the same conversation.
struct ConversationTurn
{
    QString question;
    QString answer;
};

struct PromptOptions
{
    QString folderName;       // shown to the model ("the codebase in folder X")
    int historyBudget = 2000; // tokens of earlier turns, most recent first
    QString graphSection;     // paths between symbols (multi-hop questions), already formatted
    bool contextReused = false; // the context is the previous question's
};

// The system instructions: answer only from the context, cite as [n] or path:line.
QString systemInstructions(const QString &folderName);
// The context section: numbered chunks (+ graph paths).
QString formatContext(const QList<ContextChunk> &chunks, const QString &graphSection = {});
// system (instructions + context), the earlier turns that fit historyBudget (oldest first),
// then the question.
QList<ChatMessage> buildChatMessages(const QString &question, const QList<ContextChunk> &context,
                                     const QList<ConversationTurn> &history, const PromptOptions &options);

} // namespace RepoLens
