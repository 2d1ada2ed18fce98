#pragma once

// The SQLite connection that the focused stores of one IndexStore share (files, chunks,
// drafts, symbols, embeddings): the raw handle, a cache of prepared statements, and what the
// writer changed since references were last linked. Private to core/store.

#include "ftsrank_p.h"
#include "sqlite_p.h"

#include <QSet>
#include <QString>

#include <map>
#include <memory>

namespace RepoLens::Store {

struct Connection
{
    QString path;          // the database file
    bool readOnly = false;
    bool immutable = false; // opened as immutable (a read-only folder with an empty log)
    sqlite3 *db = nullptr;
    mutable std::map<const char *, std::unique_ptr<Sql::Stmt>> stmts;

    // Resets a cached statement when the caller is done, so no read transaction stays open.
    struct Lease
    {
        Sql::Stmt &stmt;
        ~Lease() { stmt.reset(); }
    };

    // A cached statement for a static SQL text (keyed by the pointer).
    Sql::Stmt &stmt(const char *sql) const
    {
        auto it = stmts.find(sql);
        if (it == stmts.end())
            it = stmts.emplace(sql, std::make_unique<Sql::Stmt>(db, sql)).first;
        else
            it->second->reset();
        return *it->second;
    }

    // What keyword ranking keeps between queries (row lengths, document counts of terms).
    mutable FtsRankCache rankCache;

    // Cached statements may depend on indexes that a bulk load drops: forget them.
    void clearStatements() { stmts.clear(); }

    // A second read-only connection to the same file, so that one long ranked read can run on
    // two cores (each half of the row ids on its own connection). Opened on first use by
    // openSibling(), only for a read-only connection; closed by closeSibling().
    mutable std::unique_ptr<Connection> sibling;
    mutable bool siblingTried = false;
    mutable qint64 splitReads = 0; // ranked reads run in two halves so far

    Error lastError(const QString &context = {}) const
    {
        return Sql::failure(db, sqlite3_errcode(db), context.toUtf8().constData());
    }

    // What this connection changed since the last resolveReferences(): the names defined in
    // files whose content was replaced or cleared (before and after), and those files. Lets the
    // link step recompute only the references that can have a new target.
    struct Changes
    {
        QSet<QString> names;
        QSet<qint64> files;
        bool pathSetChanged = false; // an indexed file appeared or went: imports of others may move
        void clear()
        {
            names.clear();
            files.clear();
            pathSetChanged = false;
        }
    };
    Changes changes;

    // Records a file whose content is about to change, with the names it defined so far.
    void noteDirtyFile(qint64 fileId)
    {
        changes.files.insert(fileId);
        Sql::Stmt &s = stmt("SELECT name FROM symbols WHERE file_id = ?1");
        const Lease lease{s};
        s.bind(1, fileId);
        while (s.step())
            changes.names.insert(s.text(0));
    }
};

// Registers the tokenizer and the ranking function on a new connection to an index, and sets
// its cache and memory map.
Result<void> prepareConnection(sqlite3 *raw, bool readOnly);

// The connection's sibling (see Connection::sibling), opened at the first call; nullptr when
// it cannot be had (a read-write connection, one core, or the file would not open).
Connection *openSibling(const Connection &c);
void closeSibling(const Connection &c);

} // namespace RepoLens::Store
