#pragma once

#include "core/base/result.h"

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>

#include <memory>

namespace RepoLens {

// A function or class whose method summary is still to be written.
struct SummaryCandidate
{
    qint64 chunkId = 0;
    QByteArray contentHash;
    QString path;
    int startLine = 0;
    int endLine = 0;
    QString kind;
    QString name;       // qualified
    QString language;   // languageName()
    QString text;
};

// Method summaries (LLM-written descriptions of functions and classes, an optional indexing
// step) kept by chunk content hash in a table of their own (`chunk_summaries`), and copied into
// `chunks.summary` — which is in the FTS index — so keyword search finds "what the code does".
// A chunk whose content did not change keeps its summary across re-indexing (applyCached());
// a changed chunk has a new hash and is summarised again.
class SummaryStore
{
public:
    ~SummaryStore();
    SummaryStore(const SummaryStore &) = delete;
    SummaryStore &operator=(const SummaryStore &) = delete;

    static Result<std::unique_ptr<SummaryStore>> open(const QString &dbPath);

    // Functions, methods, constructors and classes without a summary (distinct contents).
    int pendingCount() const;
    QList<SummaryCandidate> pending(int limit) const;
    int summarizedCount() const; // chunks that carry a summary
    // Copies stored summaries into chunks that lost theirs when their file was re-indexed.
    Result<int> applyCached();
    // Stores summaries (content hash -> text) and puts them on every chunk with that content.
    // An empty text marks a chunk that must not be summarised (withheld) without touching it.
    Result<void> putSummaries(const QList<QPair<QByteArray, QString>> &summaries, const QString &model);
    // Forgets every summary (settings: turned off and cleared).
    Result<void> clearAll();

private:
    SummaryStore();
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace RepoLens
