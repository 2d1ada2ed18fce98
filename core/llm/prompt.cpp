#include "prompt.h"

namespace RepoLens {

int modelContextTokens(const QString &model)
{
    const QString m = model.toLower().section(u'/', -1);
    struct Family
    {
        const char *prefix;
        int tokens;
    };
    // Longest prefixes first where one is a prefix of another.
    static const Family families[] = {
        {"gpt-4.1", 1047576},   {"gpt-4o", 128000},      {"gpt-4-turbo", 128000}, {"gpt-4", 8192},
        {"gpt-5", 400000},      {"gpt-3.5", 16385},      {"o1", 128000},          {"o3", 200000},
        {"o4", 200000},         {"claude", 200000},      {"gemini", 1048576},     {"qwen2.5-coder", 32768},
        {"qwen2.5", 32768},     {"qwen3", 40960},        {"qwen2", 32768},        {"llama3.1", 131072},
        {"llama3.2", 131072},   {"llama3.3", 131072},    {"llama-3.1", 131072},   {"llama-3.2", 131072},
        {"llama-3.3", 131072},  {"llama3", 8192},        {"llama2", 4096},        {"codellama", 16384},
        {"mistral-nemo", 131072}, {"mistral", 32768},    {"mixtral", 32768},      {"codestral", 32768},
        {"deepseek-coder-v2", 163840}, {"deepseek-r1", 131072}, {"deepseek", 65536}, {"phi4", 16384},
        {"phi3", 4096},         {"gemma3", 131072},      {"gemma2", 8192},        {"gemma", 8192},
        {"starcoder2", 16384},  {"granite", 8192},
    };
    for (const Family &f : families) {
        if (m.startsWith(QLatin1String(f.prefix)))
            return f.tokens;
    }
    return 8192;
}

int questionTokenLimit(const QString &model, int contextBudget, int historyBudget, int maxTokens)
{
    const int instructions = 400;
    const int answer = maxTokens > 0 ? maxTokens : 1024;
    return std::max(512, modelContextTokens(model) - contextBudget - historyBudget - answer - instructions);
}

QString systemInstructions(const QString &folderName)
{
    const QString where = folderName.isEmpty() ? QStringLiteral("a codebase")
                                               : QStringLiteral("the codebase in the folder \"%1\"").arg(folderName);
    return QStringLiteral(
               "You are RepoLens, an assistant that answers questions about %1.\n"
               "Rules:\n"
               "1. Answer only from the numbered context below and the conversation. Do not use outside "
               "knowledge about this codebase and do not guess. If the context is not enough to answer, say "
               "what is missing and suggest asking again with @codebase, or naming a file (@path/to/file) "
               "or a symbol (@Name).\n"
               "2. Cite the sources of every statement about the code: [n] for context chunk n, or "
               "path:line / path:start-end with the path exactly as shown in the context. Never invent "
               "paths or line numbers.\n"
               "3. Be concise. Use Markdown; put code in fenced blocks with a language tag.\n")
        .arg(where);
}

QString formatContext(const QList<ContextChunk> &chunks, const QString &graphSection)
{
    QString out;
    if (chunks.isEmpty()) {
        out += QStringLiteral("Context: (no code was found for this question)\n");
    } else {
        out += QStringLiteral("Context (%1 numbered chunks from the codebase):\n\n").arg(chunks.size());
        for (const ContextChunk &c : chunks)
            out += formatContextChunk(c) + u'\n';
    }
    if (!graphSection.isEmpty())
        out += QStringLiteral("\n") + graphSection + u'\n';
    return out;
}

QList<ChatMessage> buildChatMessages(const QString &question, const QList<ContextChunk> &context,
                                     const QList<ConversationTurn> &history, const PromptOptions &options)
{
    QList<ChatMessage> messages;
    QString system = systemInstructions(options.folderName);
    system += u'\n' + formatContext(context, options.graphSection);
    messages.append({QStringLiteral("system"), system});
    // Earlier turns, newest first until the budget is spent, then in order.
    QList<ChatMessage> turns;
    int used = 0;
    for (qsizetype i = history.size() - 1; i >= 0; --i) {
        const ConversationTurn &t = history.at(i);
        const int cost = estimateTokens(t.question) + estimateTokens(t.answer) + 8;
        if (used + cost > options.historyBudget)
            break;
        used += cost;
        if (!t.answer.isEmpty())
            turns.prepend({QStringLiteral("assistant"), t.answer});
        turns.prepend({QStringLiteral("user"), t.question});
    }
    messages.append(turns);
    messages.append({QStringLiteral("user"), question});
    return messages;
}

} // namespace RepoLens
