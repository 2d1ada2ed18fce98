#pragma once

#include "core/base/result.h"
#include "core/parse/chunk.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QHash>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace RepoLens {

namespace Sql {
class Stmt;
}
namespace Store {
struct Connection;
}
class DraftStore;

struct ChunkRecord
{
    qint64 id = 0;
    qint64 fileId = 0;
    QString path;
    LanguageId language = LanguageId::None;
    ChunkKind kind = ChunkKind::Code;
    QString name;
    QString qualifiedName;
    qint64 parentId = 0;
    int startLine = 0;
    int endLine = 0;
    int startByte = 0;
    int endByte = 0;
    int part = 0;
    int partCount = 0;
    QString signature;
    QString doc;
    QString text;
    QString summary;
    QByteArray contentHash;
};

struct FtsHit
{
    qint64 chunkId = 0;
    double score = 0; // higher is better (negated bm25)
};

// BM25 column weights for chunks_fts(path, qualified_name, signature, doc, text, summary).
struct FtsWeights
{
    double path = 2.0;
    double name = 6.0;
    double signature = 3.0;
    double doc = 1.5;
    double text = 1.0;
    double summary = 1.5;
};

// The `chunks` table and its FTS5 index `chunks_fts` (the code-aware `repolens` tokenizer
// wrapped in Porter stemming). Reads also see the draft windows of files that are not parsed
// yet (negative ids, kind Text; see DraftStore). A view over the connection of an IndexStore.
class ChunkStore
{
public:
    ChunkStore(Store::Connection &connection, const DraftStore &drafts);

    // Part of schema 1 (the FTS triggers of schema 1 are changed by the migrations to 2 and 3).
    static const char *schemaV1();
    // The content hash of a chunk: what vectors and summaries are keyed by.
    static QByteArray contentHash(const Chunk &chunk);
    // The same from the UTF-8 of its parts (the kind's name, qualified name, signature, doc, text).
    static QByteArray contentHash(QByteArrayView kind, QByteArrayView qualifiedName, QByteArrayView signature,
                                  QByteArrayView doc, QByteArrayView text);

    // --- writing (ReadWrite only, inside the owner's transaction) ------------------------------
    // Replaces the file's chunks; returns the row id of each of `chunks`, in order. A chunk whose
    // content hash is unchanged keeps its row (id, summary; vectors are keyed by the hash): only
    // its position is updated, which does not touch the FTS index. `fresh`: the file had no
    // chunks before (skips the look-up).
    Result<QList<qint64>> replace(qint64 fileId, const QString &path, const QList<Chunk> &chunks, bool fresh);
    Result<void> removeOfFile(qint64 fileId);
    // A one-line description of a chunk (LLM-written); kept while the chunk's text is unchanged.
    Result<void> setSummary(qint64 chunkId, const QString &summary);

    // --- reading -------------------------------------------------------------------------------
    int count() const;
    int distinctContentCount() const; // chunks of different content (content hash)
    // FTS5 MATCH expression -> best chunks; also the draft windows of pending files (negative
    // ids) while there are any.
    Result<QList<FtsHit>> search(const QString &match, int limit, const FtsWeights &weights = {}) const;
    // The same for terms ORed (each one quoted): "t1" OR "t2" ...; remembers each term's
    // document count for the next queries (until the index changes).
    Result<QList<FtsHit>> searchTerms(const QStringList &terms, int limit, const FtsWeights &weights = {}) const;
    // Whether the keyword ranking reads row lengths from memory (read once a query matches
    // many rows, or once this connection's queries have looked up many one by one; dropped when
    // the index changes).
    bool holdsRowLengths() const;
    // Ranked reads that ran in two halves of the row ids at once, on this connection and a
    // second one (a read-only store on two or more cores, many rows to score).
    qint64 splitReads() const;
    std::optional<ChunkRecord> chunk(qint64 id) const;
    QList<ChunkRecord> byIds(const QList<qint64> &ids) const; // same order as ids, missing skipped
    QList<ChunkRecord> ofFile(qint64 fileId) const;
    // Light records (id, file, path, kind, names, lines, language; no text, doc or signature)
    // of many chunks in one query, in no particular order; unknown ids are skipped.
    QList<ChunkRecord> headers(const QList<qint64> &ids) const;
    // headers() of a file's chunks, in ofFile()'s order.
    QList<ChunkRecord> headersOfFile(qint64 fileId) const;
    // What a lexical view reads of each chunk, as UTF-8 lines: its path, kind and qualified
    // name, signature, doc comment and summary, then the first `maxTextChars` characters of its
    // text. In no particular order; unknown ids are skipped.
    QList<std::pair<qint64, QByteArray>> lexicalTexts(const QList<qint64> &ids, int maxTextChars) const;
    // Of `ids`, the chunks whose text holds one of `needles` (exact bytes), with their headers
    // (as headers()), in no particular order: a substring test without reading the texts out.
    QList<ChunkRecord> containing(const QList<qint64> &ids, const QStringList &needles) const;
    // Document frequency of FTS terms (lowercased, tokenized) among chunks.
    QHash<QString, int> termDocumentFrequencies(const QStringList &terms) const;
    // Every chunk, in an order that depends on the contents only (content hash, path, position):
    // fitting the built-in embedder twice on the same files gives the same model.
    void forEach(const std::function<void(const ChunkRecord &)> &visit) const;
    // Changes whenever a chunk is added, removed or replaced: "count:max id:sum of ids".
    QString fingerprint() const;
    // Chunk ids (and their file ids) in id order, for graph ranking.
    QList<QPair<qint64, qint64>> fileIds() const;

private:
    // BM25's best rows for a MATCH expression whose first `skip` phrases only filter and whose
    // other phrases are `terms`, one quoted term each (or `terms` empty: unknown).
    // `expectedRows`: about how many rows it scores (0: unknown); a long read runs on two cores.
    Result<QList<FtsHit>> rankedRows(const QString &match, const QStringList &terms, int skip, int limit,
                                     const FtsWeights &weights, qint64 expectedRows = 0) const;
    // The rows holding each term (one quoted term each), remembered until the index changes;
    // std::nullopt when one cannot be counted.
    std::optional<QList<qint64>> documentCounts(const QStringList &terms) const;
    std::optional<Result<QList<FtsHit>>> prunedRows(const QStringList &terms, int limit,
                                                    const FtsWeights &weights) const;
    Result<QList<FtsHit>> withDrafts(QList<FtsHit> hits, const QString &match, int limit,
                                     const FtsWeights &weights) const;
    // The rows of one file's chunks by `sql` (the file's id its ?1), each as `read` makes it.
    QList<ChunkRecord> rowsOfFile(const char *sql, qint64 fileId, ChunkRecord (*read)(const Sql::Stmt &)) const;

    Store::Connection &m_c;
    const DraftStore &m_drafts;
};

} // namespace RepoLens
