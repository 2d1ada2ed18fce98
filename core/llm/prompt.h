#pragma once

#include "chatclient.h"

#include "core/parse/language.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <functional>

namespace RepoLens {

// One piece of code offered to the model, numbered for citations ([n]).
struct ContextChunk
{
    int number = 0;            // 1-based citation number once packed; 0 before
    qint64 chunkId = 0;
    qint64 parentChunkId = 0;  // the enclosing class skeleton, if any
    QString path;              // root-relative
    int startLine = 0;
    int endLine = 0;
    LanguageId language = LanguageId::None;
    QString kind;              // "function", "class", ...
    QString symbol;            // qualified name
    QString text;
    QStringList references;    // "calls parse_file (src/util.py:5)", "called by main (src/main.py:20)"
    QString source;            // "search", "mention", "graph", "hyde"
    double score = 0;
    int tokens = 0;            // estimated cost of its block in the prompt
    QString withheld;          // where credentials were withheld from `text`, in file lines:
                               // "lines 3-29 (private key); line 40 (credential)"; empty: none

    QString location() const;  // "path:start-end"
};

// Rough token count (about 4 bytes of UTF-8 per token for code and English): good enough for
// budgets; servers report the exact count.
int estimateTokens(QStringView text);

// The withholding stage applied to a chunk about to be sent: its text and references with
// every credential replaced, and `withheld` saying where (file lines).
void withholdFrom(ContextChunk &chunk);

// About how many tokens a model reads in all (prompt and answer), from its name: the
// published context of common families (gpt-4o: 128k, qwen2.5-coder: 32k, llama3.1: 128k,
// claude: 200k, ...), 8,192 for a name it does not know. An estimate for warnings, not a
// limit: servers may be configured smaller (Ollama's num_ctx) or larger.
int modelContextTokens(const QString &model);

// What one question may take: the model's context minus the code context budget, the
// conversation budget, the answer's max tokens and the instructions. At least 512.
int questionTokenLimit(const QString &model, int contextBudget, int historyBudget, int maxTokens);

// The block of one chunk in the prompt:
//   [3] src/config.py:10-42 (function load_config)
//   ```python
//   ...
//   ```
//   References: calls parse_file (src/util.py:5); called by main (src/main.py:20)
QString formatContextChunk(const ContextChunk &chunk);

// Why a candidate was or was not sent.
struct PackDecision
{
    int candidate = 0;      // index into the candidates
    bool included = false;
    int number = 0;         // citation number when included
    int tokens = 0;
    QString reason;         // "", "overlaps [2]", "over the budget (...)"
    QString withheld;       // where credentials were withheld from the chunk (see ContextChunk)
};

struct PackedContext
{
    QList<ContextChunk> chunks;     // numbered 1..n in the order sent
    QList<PackDecision> decisions;  // one per candidate, same order as the candidates
    int tokens = 0;
    int withheld = 0;               // chunks sent with credentials withheld
};

// Fills a token budget best-first: candidates in the order given (pinned mentions and graph
// paths first, then search results); a chunk overlapping one already taken (same file,
// intersecting lines, neither being the other's class skeleton) is skipped, one too big for
// what is left is skipped while smaller ones may still fit. With `withholdSecrets` every
// chunk goes through the withholding stage (core/base/secrets.h) first: credentials are
// replaced by "[withheld: KIND]" (line breaks kept) and the chunk says where.
PackedContext packContext(const QList<ContextChunk> &candidates, int budgetTokens, bool withholdSecrets = true);

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
