#pragma once

#include "chunkstore.h"
#include "draftstore.h"
#include "embeddingstore.h"
#include "filestore.h"
#include "grepstore.h"
#include "symbolstore.h"

#include "core/base/result.h"
#include "core/parse/chunk.h"

#include <QString>

#include <memory>
#include <optional>

namespace RepoLens {

// The SQLite database of one opened folder. It opens (and in ReadWrite mode creates or
// migrates) the database and hands out focused stores over its one connection:
//   files()       the files table: status, change detection, git history
//   chunks()      chunks and their FTS5 index (plus draft windows while a first index runs)
//   drafts()      the draft windows of a first index (a disposable file beside the index)
//   symbols()     definitions, references and file imports: the code graph
//   embeddings()  vectors and embedding models
//   grep()        the grep index: trigram postings of every searchable file's text
// Writes that span stores (a file's whole content) and transactions are here.
// One instance per thread: the writer thread owns a read-write instance, query threads open
// read-only ones. WAL mode lets them run together.
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
    //  4  the grep index (grep_files, grep_segments, grep_postings); every file with text is
    //     unindexed until the next run of the indexer builds its postings
    static constexpr int kSchemaVersion = 4;
    enum class Mode { ReadWrite, ReadOnly };

    ~IndexStore();
    IndexStore(const IndexStore &) = delete;
    IndexStore &operator=(const IndexStore &) = delete;

    // <dataDir>/<folder name>-<hash of the canonical root path>/index.sqlite
    static QString databasePath(const QString &dataDir, const QString &rootPath);
    static QString defaultDataDir();

    // Opens (and in ReadWrite mode creates or migrates) the database. A file that is not an
    // SQLite database, is shorter than its header says (truncated), whose schema or the first
    // pages of a table cannot be read (a zeroed page), or that was marked damaged at run time
    // (integrity.h; ReadWrite only) fails with Corrupt; a database written by a newer schema
    // with SchemaTooNew; a data folder or database that cannot be written with ReadOnly /
    // PermissionDenied in ReadWrite mode. ReadOnly mode also opens an index in a folder that
    // cannot be written (canBeUpdated() is false then).
    static Result<std::unique_ptr<IndexStore>> open(const QString &dbPath, Mode mode);
    // Moves a corrupt database (and its -wal / -shm files) aside to
    // "<dbPath>.corrupt-<yyyyMMdd-HHmmss>" so a new one can be built; the old one is kept for
    // the user. Its caches go (draft windows, the vectors-*.idx files) and its damage mark is
    // cleared. Returns the new path of the database file.
    static Result<QString> moveAside(const QString &dbPath);

    QString path() const;
    Mode mode() const;
    // False for a ReadOnly store whose data folder cannot be written: it can be searched as
    // it is, but no writer can update it.
    bool canBeUpdated() const;
    // Damage met while the database was used (integrity.h): by this process or another one.
    // The next writer moves it aside and rebuilds it.
    std::optional<QString> damage() const;

    // --- the focused stores ------------------------------------------------------------------
    FileStore &files();
    const FileStore &files() const;
    ChunkStore &chunks();
    const ChunkStore &chunks() const;
    DraftStore &drafts();
    const DraftStore &drafts() const;
    SymbolStore &symbols();
    const SymbolStore &symbols() const;
    EmbeddingStore &embeddings();
    const EmbeddingStore &embeddings() const;
    GrepStore &grep();
    const GrepStore &grep() const;

    // --- meta --------------------------------------------------------------------------------
    QString meta(const QString &key, const QString &fallback = {}) const;
    // SQLite's PRAGMA data_version: changes whenever another connection (another thread's
    // store, another process) committed to the database since the last call saw it.
    qint64 dataVersion() const;
    Result<void> setMeta(const QString &key, const QString &value);

    // --- writing (ReadWrite only) ------------------------------------------------------------
    Result<void> beginTransaction();
    Result<void> commit();
    void rollback();

    // Replaces the file's chunks, symbols and references (within the caller's transaction);
    // the file is searchable by grep, unindexed until its trigrams are flushed (grep()).
    // A chunk whose content hash is unchanged keeps its row: id, summary and (through the hash)
    // its vectors; only its position is updated. `fresh`: the file had no content in the index
    // before (skips the deletes).
    Result<void> replaceFileContent(qint64 fileId, const QString &path, const ParseResult &parsed,
                                    bool fresh = false);
    Result<void> clearFileContent(qint64 fileId);
    // Removes the file's row and content.
    Result<void> removeFile(const QString &path);
    // Bulk loads (a first index) drop the secondary indexes of symbols and refs and build
    // them once at the end, which is much cheaper than maintaining them row by row. A crash
    // in between is repaired at the next open.
    Result<void> beginBulkLoad();
    Result<void> endBulkLoad();
    Result<void> optimize();

    // Runs PRAGMA quick_check (integrity_check when `full`); ok() when it says "ok".
    Result<void> checkIntegrity(bool full = false) const;

private:
    IndexStore();
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace RepoLens
