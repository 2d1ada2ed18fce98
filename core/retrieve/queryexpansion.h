#pragma once

#include "remotecall.h"

#include <QString>

#include <atomic>
#include <optional>

namespace RepoLens {

// What a model wrote for one step of query expansion, and the request that carried it.
struct ExpansionReply
{
    QString text;                   // as the model wrote it (may be fenced)
    QString error;                  // why the step failed, for the trace; empty when it did not
    bool failed = false;
    std::optional<RemoteCall> call; // the request, when one was made
    bool ok() const { return !failed; }
};

// The model HyDE asks (Hypothetical Document Embeddings, as CodeQA uses them): the retrieval
// knows when to expand a question and what to search with the expansion, the implementation
// (core/llm/hyde.h) knows the prompts and the endpoint. Both calls block; they run on the
// query thread and must honour `cancel`.
class QueryExpander
{
public:
    virtual ~QueryExpander() = default;
    // Code that would answer the question.
    virtual ExpansionReply hypotheticalCode(const QString &question, const std::atomic_bool *cancel) const = 0;
    // The question rewritten with the code that a search for the hypothetical code found
    // (`foundCode`: "File: path:start-end\n<text>\n\n" blocks, credentials already withheld).
    virtual ExpansionReply rewrite(const QString &question, const QString &hypothetical, const QString &foundCode,
                                   const std::atomic_bool *cancel) const = 0;
};

// Whether HyDE helps this question: natural-language questions that are long (8+ words) or
// vague (4+ words naming no identifier). Identifier questions, graph questions ("who calls X")
// and short questions skip it (rewriting hurts them, as Cody found). `reason` says why.
bool hydeDecision(const QString &question, QString *reason = nullptr);

// Sanitises model-written text for the searcher (no accidental "path:" filters, bounded).
QString searchableText(const QString &text, int maxChars = 2000);

// A model's answer without the Markdown fence around it, trimmed.
QString unfencedText(const QString &text);

} // namespace RepoLens
