#pragma once

#include "core/base/result.h"
#include "core/parse/chunk.h"

#include <QList>
#include <QString>

#include <functional>
#include <optional>

namespace RepoLens {

namespace Store {
struct Connection;
}

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

// The code graph: `symbols` (definitions), `refs` (calls, creations, imports, inheritance and
// type uses, each linked to the definition it names when that can be decided) and
// `file_imports` (which files a file imports). A view over the connection of an IndexStore.
class SymbolStore
{
public:
    explicit SymbolStore(Store::Connection &connection);

    // Part of schema 1: the tables; their secondary indexes are graphIndexes() (dropped during
    // bulk loads, recreated at every open).
    static const char *schemaV1();
    static const char *graphIndexes();
    static const char *dropGraphIndexes();

    // --- writing (ReadWrite only, inside the owner's transaction) ------------------------------
    // Replaces the file's definitions and references. `chunkIds` are the row ids of the file's
    // chunks in ParseResult order (Symbol::chunk / Reference::chunk index into it). `fresh`: the
    // file had no content before (skips the deletes).
    Result<void> replace(qint64 fileId, const QList<Symbol> &symbols, const QList<Reference> &refs,
                         const QList<qint64> &chunkIds, bool fresh);
    Result<void> removeOfFile(qint64 fileId);
    // Links references to definitions: same file first, then files the referencing file
    // imports, then a unique definition anywhere. Recomputes every reference, or with
    // `incremental` only those that can have changed since this connection last linked:
    // references in files it replaced or cleared (or whose imports changed) and references
    // naming a definition those files had or have. Only valid when the index was fully
    // resolved before this connection's first write (the indexer checks refs_resolved).
    Result<void> resolveReferences(bool incremental = false);

    // --- reading -------------------------------------------------------------------------------
    QList<SymbolRecord> named(const QString &name, int limit = 200) const;
    // How many definitions have this name, counting no further than `limit`.
    int countNamed(const QString &name, int limit) const;
    QList<SymbolRecord> withQualifiedName(const QString &qualifiedName, int limit = 200) const;
    QList<SymbolRecord> ofFile(qint64 fileId) const;
    // The name and chunk of each definition of the file that has a chunk, in ofFile()'s order:
    // what ranking asks of a file, without the records.
    QList<std::pair<QString, qint64>> definitionChunksOfFile(qint64 fileId) const;
    QList<SymbolRecord> byPrefix(const QString &prefix, int limit) const;
    std::optional<SymbolRecord> symbol(qint64 id) const;
    void forEach(const std::function<void(const SymbolRecord &)> &visit) const;

    QList<RefRecord> refsNamed(const QString &name, int limit = 100000) const;
    QList<RefRecord> refsToSymbol(qint64 symbolId, int limit = 100000) const;
    QList<RefRecord> refsFromChunk(qint64 chunkId) const;
    QList<RefRecord> refsInFile(qint64 fileId) const;
    int refCount(const QString &name) const;
    // Resolved edges between chunks: (from chunk, to chunk holding the definition); imports
    // and includes are not edges between chunks.
    void forEachChunkEdge(const std::function<void(qint64 fromChunk, qint64 toChunk)> &visit) const;

private:
    Result<void> linkFileImports(bool incremental);
    Store::Connection &m_c;
};

} // namespace RepoLens
