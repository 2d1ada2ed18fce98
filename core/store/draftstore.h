#pragma once

#include "chunkstore.h"
#include "ftspretokens.h"

#include "core/base/result.h"
#include "core/parse/chunk.h"

#include <QList>
#include <QString>

#include <memory>

namespace RepoLens {

namespace Store {
struct Connection;
}

// Draft windows: plain-text windows of files that are still pending (not parsed yet),
// searchable through ChunkStore::search() under negative chunk ids until each file's parsed
// chunks are written. A first index writes them for every file before parsing (keyword-ready
// in seconds) and removes them when it completes. They live in a disposable database file
// beside the index (path()), attached to the connection as "drafts" while it exists, so they
// cost the index nothing once gone.
class DraftStore
{
public:
    explicit DraftStore(Store::Connection &connection);
    ~DraftStore();

    QString path() const; // "<index>-drafts"

    // --- writing (ReadWrite only) --------------------------------------------------------------
    // begin() starts a new set under a temporary name (it attaches a file: call it outside a
    // transaction), add() writes inside a transaction of the owning IndexStore, publish()
    // makes the set visible to every connection after the commit, clear() removes it.
    Result<void> begin();
    // tokens: the path's and each window's text encoded by preTokenizer() (on any thread);
    // without them they are encoded here.
    struct Tokens
    {
        QByteArray path;
        QList<QByteArray> windows;
    };
    Result<void> add(qint64 fileId, const QString &path, const QList<Chunk> &windows,
                     const Tokens *tokens = nullptr);
    Result<void> publish();
    Result<void> clear();
    // Encodes the windows' full-text tokens beforehand, on up to `threads` threads at once: the
    // writer then only stores them. Made on the writer's thread.
    Result<std::shared_ptr<const FtsPreTokenizer>> preTokenizer(int threads) const;
    static Tokens encode(const FtsPreTokenizer &tokenizer, const QString &path, const QList<Chunk> &windows);
    // Detaches the drafts file (before the connection closes).
    void detach();

    // --- reading -------------------------------------------------------------------------------
    // True while a drafts file exists; (re)attaches it to this connection when it is new.
    bool exists() const;
    int count() const;
    std::optional<ChunkRecord> window(qint64 negativeId) const;
    // Best windows of pending files for an FTS5 MATCH expression (negative ids).
    Result<QList<FtsHit>> search(const QString &match, int limit, const FtsWeights &weights) const;
    // Light records of the windows among ids (the negative ones).
    QList<ChunkRecord> headers(const QList<qint64> &ids) const;

private:
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace RepoLens
