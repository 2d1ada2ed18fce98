#pragma once

#include "core/base/filestatus.h"
#include "core/base/result.h"
#include "core/parse/chunk.h"

#include <QHash>
#include <QList>
#include <QString>

#include <functional>
#include <memory>

namespace RepoLens {

struct FileRecord
{
    qint64 id = 0;
    QString path;       // relative to the root, '/' separated
    LanguageId language = LanguageId::None;
    qint64 size = 0;
    qint64 mtimeMs = 0;
    QByteArray contentHash;
    int lineCount = 0;
    FileStatus status = FileStatus::Pending;
    QString reason;
    bool isDir = false;          // an ignored directory recorded as one entry
    int commitCount = 0;         // git history (0 when unknown)
    qint64 lastCommitTime = 0;   // seconds since epoch
};

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

struct SymbolRecord
{
    qint64 id = 0;
    QString name;
    QString qualifiedName;
    ChunkKind kind = ChunkKind::Function;
    qint64 chunkId = 0;
    qint64 fileId = 0;
    QString path;
    int line = 0;
    int column = 0;
    int endLine = 0;     // end of the holding chunk
    QString signature;   // of the holding chunk
};

struct RefRecord
{
    qint64 id = 0;
    RefKind kind = RefKind::Call;
    QString name;
    QString qualifier;
    qint64 fileId = 0;
    QString path;
    int line = 0;
    int column = 0;
    qint64 fromChunkId = 0;
    QString fromName;    // qualified name of the chunk the reference occurs in
    qint64 toSymbolId = 0;
};

struct FtsHit
{
    qint64 chunkId = 0;
    double score = 0; // higher is better (negated bm25)
};

struct StatusCount
{
    FileStatus status = FileStatus::Pending;
    int files = 0;
    QHash<QString, int> reasons; // reason -> count
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

// The SQLite database of one opened folder. One instance per thread: the writer thread owns
// a read-write instance, query threads open read-only ones. WAL mode lets them run together.
class IndexStore
{
public:
    // Schema history (each step is a migration in indexstore.cpp; tests/data/schema/ keeps a
    // database of every older version):
    //  1  first release
    //  2  the chunks_au trigger re-indexes FTS only when indexed columns change, so a chunk
    //     whose text did not change keeps its row (id, summary, vector) and only moves
    //  3  chunks enter chunks_fts from the insert code (no trigger: FTS5 flushed a segment at
    //     every statement savepoint)
    static constexpr int kSchemaVersion = 3;
    enum class Mode { ReadWrite, ReadOnly };

    ~IndexStore();
    IndexStore(const IndexStore &) = delete;
    IndexStore &operator=(const IndexStore &) = delete;

    // <dataDir>/<folder name>-<hash of the canonical root path>/index.sqlite
    static QString databasePath(const QString &dataDir, const QString &rootPath);
    static QString defaultDataDir();

    // Opens (and in ReadWrite mode creates or migrates) the database. A file that is not an
    // SQLite database, or is shorter than its header says (truncated), fails with Corrupt; a
    // database written by a newer schema with SchemaTooNew; a data folder or database that
    // cannot be written with ReadOnly / PermissionDenied.
    static Result<std::unique_ptr<IndexStore>> open(const QString &dbPath, Mode mode);
    // Moves a corrupt database (and its -wal / -shm files) aside to
    // "<dbPath>.corrupt-<yyyyMMdd-HHmmss>" so a new one can be built; the old one is kept for
    // the user. Returns the new path of the database file.
    static Result<QString> moveAside(const QString &dbPath);

    QString path() const;
    Mode mode() const;

    // --- meta ------------------------------------------------------------------------------
    QString meta(const QString &key, const QString &fallback = {}) const;
    Result<void> setMeta(const QString &key, const QString &value);

    // --- writing (ReadWrite only) ------------------------------------------------------------
    Result<void> beginTransaction();
    Result<void> commit();
    void rollback();

    // Inserts or updates by path; returns the file id.
    Result<qint64> upsertFile(const FileRecord &file);
    // Replaces the file's chunks, symbols and references (within the caller's transaction).
    // A chunk whose content hash is unchanged keeps its row: id, summary and (through the hash)
    // its vectors; only its position is updated. `fresh`: the file had no content in the index
    // before (skips the deletes).
    Result<void> replaceFileContent(qint64 fileId, const QString &path, const ParseResult &parsed,
                                    bool fresh = false);
    // Bulk loads (a first index) drop the secondary indexes of symbols and refs and build
    // them once at the end, which is much cheaper than maintaining them row by row. A crash
    // in between is repaired at the next open.
    Result<void> beginBulkLoad();
    Result<void> endBulkLoad();
    Result<void> removeFile(const QString &path);
    Result<void> clearFileContent(qint64 fileId);
    // Draft windows: plain-text windows of files that are still pending (not parsed yet),
    // searchable by searchFts() under negative chunk ids until each file's parsed chunks are
    // written. A first index writes them for every file before parsing (keyword-ready in
    // seconds) and removes them when it completes. They live in a disposable database file
    // beside the index (draftsPath()), so they cost the index nothing once gone.
    // beginDrafts() starts a new set (under a temporary name; write inside a transaction of
    // this store), publishDrafts() makes it visible to every connection after the commit,
    // clearDrafts() removes it.
    QString draftsPath() const;
    Result<void> beginDrafts();
    Result<void> addDrafts(qint64 fileId, const QString &path, const QList<Chunk> &windows);
    Result<void> publishDrafts();
    Result<void> clearDrafts();
    // A one-line description of a chunk (LLM-written); kept while the chunk's text is unchanged.
    Result<void> setChunkSummary(qint64 chunkId, const QString &summary);
    // Resolves references to definitions: same file first, then files the referencing file
    // imports, then a unique definition anywhere. Recomputes every reference, or with
    // `incremental` only those that can have changed since this connection last resolved:
    // references in files it replaced or cleared (or whose imports changed) and references
    // naming a definition those files had or have. Only valid when the index was fully
    // resolved before this connection's first write (the indexer checks refs_resolved).
    Result<void> resolveReferences(bool incremental = false);
    Result<void> setGitHistory(const QHash<QString, QPair<int, qint64>> &byPath);
    Result<void> optimize();

    // --- reading ---------------------------------------------------------------------------
    QHash<QString, FileRecord> files() const;       // every file, by path
    QHash<QString, FileRecord> filesUnder(const QString &dir) const; // below dir/, by path
    std::optional<FileRecord> file(const QString &path) const;
    std::optional<FileRecord> file(qint64 id) const;
    QList<StatusCount> statusCounts() const;
    int chunkCount() const;
    int fileCount(FileStatus status) const;

    bool hasDrafts() const;
    int draftCount() const;
    // FTS5 MATCH expression -> best chunks; also the draft windows of pending files (negative
    // ids, kind Text) while there are any. chunk(), chunks() and chunkHeaders() read both.
    Result<QList<FtsHit>> searchFts(const QString &match, int limit, const FtsWeights &weights = {}) const;
    std::optional<ChunkRecord> chunk(qint64 id) const;
    QList<ChunkRecord> chunks(const QList<qint64> &ids) const; // same order as ids, missing skipped
    QList<ChunkRecord> chunksOfFile(qint64 fileId) const;
    // Document frequency of FTS terms (lowercased, tokenized) among chunks.
    QHash<QString, int> termDocumentFrequencies(const QStringList &terms) const;

    QList<SymbolRecord> symbolsNamed(const QString &name, int limit = 200) const;
    QList<SymbolRecord> symbolsWithQualifiedName(const QString &qualifiedName, int limit = 200) const;
    QList<SymbolRecord> symbolsOfFile(qint64 fileId) const;
    QList<SymbolRecord> symbolsByPrefix(const QString &prefix, int limit) const;
    std::optional<SymbolRecord> symbol(qint64 id) const;
    void forEachSymbol(const std::function<void(const SymbolRecord &)> &visit) const;
    QList<RefRecord> refsNamed(const QString &name, int limit = 100000) const;
    QList<RefRecord> refsToSymbol(qint64 symbolId, int limit = 100000) const;
    QList<RefRecord> refsFromChunk(qint64 chunkId) const;
    QList<RefRecord> refsInFile(qint64 fileId) const;
    int refCount(const QString &name) const;

    // Runs PRAGMA quick_check; ok() when it says "ok".
    Result<void> checkIntegrity(bool full = false) const;

    // === Retrieval: embeddings, embedding models, graph (issue 4) ============================
    // Vectors are keyed by chunk content hash + model id, so re-indexing a file, restarting or
    // switching models back reuses what was computed. A vector is float32, native byte order.
    struct EmbeddingModel
    {
        QString modelId;
        int dimension = 0;
        QByteArray data;    // the built-in model's parameters; empty for remote models
        qint64 created = 0; // seconds since epoch
    };
    Result<void> saveEmbeddingModel(const EmbeddingModel &model);
    std::optional<EmbeddingModel> embeddingModel(const QString &modelId) const;
    // Chunks with no vector for modelId, at most limit, files in priorityPaths first, then the
    // most recently modified files.
    QList<ChunkRecord> chunksWithoutEmbedding(const QString &modelId, int limit,
                                              const QStringList &priorityPaths = {}) const;
    // (content hash, vector) pairs; replaces existing rows (within the caller's transaction).
    Result<void> putEmbeddings(const QString &modelId, const QList<QPair<QByteArray, QByteArray>> &rows);
    int embeddedChunkCount(const QString &modelId) const;
    // Every chunk that has a vector for modelId, in chunk id order.
    void forEachChunkVector(const QString &modelId,
                            const std::function<void(qint64 chunkId, QByteArrayView vector)> &visit) const;
    QByteArray chunkVector(qint64 chunkId, const QString &modelId) const;
    // Removes vectors whose content hash no chunk has any more; returns how many.
    Result<int> removeOrphanEmbeddings();
    // Removes every vector (and the stored model) of one model.
    Result<void> removeEmbeddingModel(const QString &modelId);
    // Every chunk (no JOIN order guarantee beyond chunk id), for fitting the built-in model.
    void forEachChunk(const std::function<void(const ChunkRecord &)> &visit) const;
    // Resolved code-graph edges between chunks: (from chunk, to chunk holding the definition).
    void forEachChunkEdge(const std::function<void(qint64 fromChunk, qint64 toChunk)> &visit) const;
    // Light records (id, file, path, kind, names, lines, language; no text, doc or signature)
    // of many chunks in one query, in no particular order; unknown ids are skipped.
    QList<ChunkRecord> chunkHeaders(const QList<qint64> &ids) const;
    // Changes whenever a chunk is added, removed or replaced: "count:max id:sum of ids".
    QString chunkSetFingerprint() const;
    // Chunk ids (and their file ids) in id order, for graph ranking.
    QList<QPair<qint64, qint64>> chunkFileIds() const;

private:
    IndexStore();
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace RepoLens
