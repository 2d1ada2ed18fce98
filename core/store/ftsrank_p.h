#pragma once

// BM25 for chunks_fts as FTS5's own bm25() computes it (the same formula over the same
// statistics, summed in the same order: the same doubles), made cheap on a large index. FTS5
// looks a matching row's length up with one SQL statement per row (its docsize table), which
// was 85% of a keyword search over a million chunks; here the lengths are read once into
// memory. A term's document count, which bm25() finds by walking the term's whole posting list
// in every query, is remembered between queries. Both are dropped when the database changes.
// Private to core/store.

#include "core/base/result.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <sqlite3.h>

#include <vector>

namespace RepoLens::Store {

// What the ranking keeps between queries on one connection.
class FtsRankCache
{
public:
    // Drops everything when the database changed since the last call (another connection
    // committed, or this one wrote).
    void checkGeneration(sqlite3 *db);

    // Rows holding `term` (a phrase of one quoted term), when known.
    bool documentCount(const QString &term, qint64 *count) const;
    void setDocumentCount(const QString &term, qint64 count);

    // The length (tokens in all columns) of a row, as FTS5 records it; false when unknown.
    // `hint` speeds up look-ups in rowid order (start at 0).
    bool rowLength(sqlite3_int64 rowid, size_t *hint, int *length) const;
    bool hasRowLengths() const { return m_lengthsLoaded; }
    // Adds `rows` to the rows looked up one by one since the database last changed (none once
    // the lengths are read); returns the total.
    qint64 countLookups(qint64 rows);
    // Rows of chunks_fts (FTS5's own count, from its averages record); -1 when unreadable.
    qint64 rowCount(sqlite3 *db);
    // Reads the lengths of every row of chunks_fts (its docsize table).
    void loadRowLengths(sqlite3 *db);
    // The row id that splits the rows in two halves of equal count (the first row of the
    // upper half), once the lengths are read; false before, or with fewer than two rows.
    bool medianRowid(sqlite3_int64 *rowid) const;

private:
    qint64 m_dataVersion = -1;
    qint64 m_totalChanges = -1;
    QHash<QString, qint64> m_documentCounts;
    qint64 m_lookups = 0;
    qint64 m_rowCount = -2; // -2: not read yet
    bool m_lengthsLoaded = false;
    std::vector<sqlite3_int64> m_rowids; // ascending
    std::vector<int> m_lengths;
    // When the row ids are dense (at most twice as many ids as rows, as in an index built once):
    // each id's length at [id - m_firstRowid], -1 for an id with no row; m_rowids and m_lengths
    // are then empty.
    std::vector<int> m_dense;
    sqlite3_int64 m_firstRowid = 0;
};

// One query's use of the ranking function: bound to its statement as a pointer of type
// "repolens_rank". The first `skip` phrases of the MATCH expression only choose rows (a filter
// ANDed in front); the rest are scored, and are `terms` in order (one quoted term each).
struct FtsRankQuery
{
    FtsRankCache *cache = nullptr;
    QStringList terms;
    int skip = 0;
};

// Registers repolens_bm25(chunks_fts, query, w0, w1, ...) on a connection: bm25() with the
// column weights w*, using `query` (a bound FtsRankQuery pointer, or NULL) for its caches.
Result<void> registerRankFunction(sqlite3 *db);

// Matching rows of one query from which the lengths are read into memory: fewer are looked up
// one by one, as FTS5 does, until one connection's look-ups add up to an eighth of the table.
// (REPOLENS_FTS_LENGTHS_FROM: tests read them for small indexes too, or never for one query)
qint64 rowLengthsFromMatches();

// BM25's largest possible share of one phrase with this IDF (as its frequency grows without
// bound), and the IDF of a phrase held by `hits` of `rows` rows, exactly as the ranking uses them.
double bm25Idf(qint64 rows, qint64 hits);
double bm25Bound(double idf);

} // namespace RepoLens::Store
