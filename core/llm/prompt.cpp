#include "prompt.h"

#include "core/base/secrets.h"

namespace RepoLens {

QString ContextChunk::location() const
{
    if (startLine <= 0)
        return path;
    if (endLine <= startLine)
        return path + u':' + QString::number(startLine);
    return path + u':' + QString::number(startLine) + u'-' + QString::number(endLine);
}

int estimateTokens(QStringView text)
{
    qsizetype bytes = 0;
    for (QChar c : text)
        bytes += c.unicode() < 0x80 ? 1 : (c.unicode() < 0x800 ? 2 : (c.isSurrogate() ? 2 : 3));
    return int((bytes + 3) / 4);
}

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

namespace {

QString fenceFor(const QString &text)
{
    // A fence longer than any run of backticks inside the code.
    int longest = 0;
    int run = 0;
    for (QChar c : text) {
        run = c == u'`' ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    return QString(std::max(3, longest + 1), u'`');
}

bool overlaps(const ContextChunk &a, const ContextChunk &b)
{
    if (a.path != b.path)
        return false;
    if (a.startLine <= 0 || b.startLine <= 0)
        return a.chunkId != 0 && a.chunkId == b.chunkId;
    if (a.endLine < b.startLine || b.endLine < a.startLine)
        return false;
    // A class skeleton and one of its members carry different text.
    if ((a.chunkId && b.parentChunkId == a.chunkId) || (b.chunkId && a.parentChunkId == b.chunkId))
        return false;
    return true;
}

} // namespace

void withholdFrom(ContextChunk &chunk)
{
    const WithheldText w = withholdSecrets(chunk.text);
    QStringList where;
    if (w.isWithheld()) {
        chunk.text = w.text;
        where << w.describe(std::max(1, chunk.startLine));
    }
    // The references name symbols and paths; a credential there is unlikely but not impossible.
    for (QString &ref : chunk.references) {
        const WithheldText r = withholdSecrets(ref);
        if (r.isWithheld()) {
            ref = r.text;
            where << QStringLiteral("references");
        }
    }
    if (!where.isEmpty())
        chunk.withheld = where.join(QStringLiteral("; "));
}

QString formatContextChunk(const ContextChunk &c)
{
    QString header = u'[' + QString::number(c.number) + QStringLiteral("] ") + c.location();
    if (!c.symbol.isEmpty() || !c.kind.isEmpty()) {
        header += QStringLiteral(" (");
        header += c.kind;
        if (!c.symbol.isEmpty())
            header += (c.kind.isEmpty() ? QString() : QStringLiteral(" ")) + c.symbol;
        header += u')';
    }
    QString text = c.text;
    if (!text.endsWith(u'\n'))
        text += u'\n';
    const QString fence = fenceFor(text);
    QString out = header + u'\n' + fence + languageName(c.language) + u'\n' + text + fence + u'\n';
    if (!c.references.isEmpty())
        out += QStringLiteral("References: ") + c.references.join(QStringLiteral("; ")) + u'\n';
    return out;
}

PackedContext packContext(const QList<ContextChunk> &candidates, int budgetTokens, bool withholdSecrets)
{
    PackedContext out;
    int used = 0;
    for (qsizetype i = 0; i < candidates.size(); ++i) {
        ContextChunk c = candidates.at(i);
        PackDecision d;
        d.candidate = int(i);
        if (withholdSecrets)
            withholdFrom(c);
        d.withheld = c.withheld;
        c.number = int(out.chunks.size()) + 1;
        d.tokens = estimateTokens(formatContextChunk(c)) + 2;
        bool skip = false;
        for (const ContextChunk &taken : std::as_const(out.chunks)) {
            if (overlaps(c, taken)) {
                d.reason = QStringLiteral("overlaps [%1]").arg(taken.number);
                skip = true;
                break;
            }
        }
        if (!skip && used + d.tokens > budgetTokens) {
            d.reason = QStringLiteral("over the budget (%1 tokens, %2 left)").arg(d.tokens).arg(budgetTokens - used);
            skip = true;
        }
        if (!skip) {
            d.included = true;
            d.number = c.number;
            c.tokens = d.tokens;
            used += d.tokens;
            if (!c.withheld.isEmpty())
                ++out.withheld;
            out.chunks.append(c);
        }
        out.decisions.append(d);
    }
    out.tokens = used;
    return out;
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
