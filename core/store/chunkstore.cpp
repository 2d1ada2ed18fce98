#include "chunkstore.h"

#include "chunkstore_p.h"
#include "connection_p.h"
#include "draftstore.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QScopeGuard>
#include <QSet>

#include <algorithm>
#include <numeric>
#include <optional>
#include <thread>

namespace RepoLens {

using Sql::Stmt;
using Lease = Store::Connection::Lease;

ChunkStore::ChunkStore(Store::Connection &connection, const DraftStore &drafts)
    : m_c(connection)
    , m_drafts(drafts)
{
}

const char *ChunkStore::schemaV1()
{
    return R"SQL(
CREATE TABLE chunks(
    id INTEGER PRIMARY KEY,
    file_id INTEGER NOT NULL,
    path TEXT NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    qualified_name TEXT NOT NULL DEFAULT '',
    parent_chunk_id INTEGER,
    start_line INTEGER NOT NULL,
    end_line INTEGER NOT NULL,
    start_byte INTEGER NOT NULL,
    end_byte INTEGER NOT NULL,
    part INTEGER NOT NULL DEFAULT 0,
    part_count INTEGER NOT NULL DEFAULT 0,
    signature TEXT NOT NULL DEFAULT '',
    doc TEXT NOT NULL DEFAULT '',
    text TEXT NOT NULL DEFAULT '',
    summary TEXT NOT NULL DEFAULT '',
    content_hash BLOB NOT NULL);
CREATE INDEX chunks_file ON chunks(file_id);
CREATE INDEX chunks_hash ON chunks(content_hash);
CREATE VIRTUAL TABLE chunks_fts USING fts5(
    path, qualified_name, signature, doc, text, summary,
    content='chunks', content_rowid='id', tokenize='porter repolens');
CREATE TRIGGER chunks_ai AFTER INSERT ON chunks BEGIN
    INSERT INTO chunks_fts(rowid, path, qualified_name, signature, doc, text, summary)
    VALUES (new.id, new.path, new.qualified_name, new.signature, new.doc, new.text, new.summary);
END;
CREATE TRIGGER chunks_ad AFTER DELETE ON chunks BEGIN
    INSERT INTO chunks_fts(chunks_fts, rowid, path, qualified_name, signature, doc, text, summary)
    VALUES ('delete', old.id, old.path, old.qualified_name, old.signature, old.doc, old.text, old.summary);
END;
CREATE TRIGGER chunks_au AFTER UPDATE ON chunks BEGIN
    INSERT INTO chunks_fts(chunks_fts, rowid, path, qualified_name, signature, doc, text, summary)
    VALUES ('delete', old.id, old.path, old.qualified_name, old.signature, old.doc, old.text, old.summary);
    INSERT INTO chunks_fts(rowid, path, qualified_name, signature, doc, text, summary)
    VALUES (new.id, new.path, new.qualified_name, new.signature, new.doc, new.text, new.summary);
END;
)SQL";
}

QByteArray ChunkStore::contentHash(const Chunk &c)
{
    return contentHash(chunkKindName(c.kind).toUtf8(), c.qualifiedName.toUtf8(), c.signature.toUtf8(), c.doc.toUtf8(),
                       c.text.toUtf8());
}

QByteArray ChunkStore::contentHash(QByteArrayView kind, QByteArrayView qualifiedName, QByteArrayView signature,
                                   QByteArrayView doc, QByteArrayView text)
{
    QCryptographicHash h(QCryptographicHash::Sha1);
    h.addData(kind);
    h.addData(QByteArrayView("\x1f", 1));
    h.addData(qualifiedName);
    h.addData(QByteArrayView("\x1f", 1));
    h.addData(signature);
    h.addData(QByteArrayView("\x1f", 1));
    h.addData(doc);
    h.addData(QByteArrayView("\x1f", 1));
    h.addData(text);
    return h.result();
}

Result<QList<qint64>> ChunkStore::replace(qint64 fileId, const QString &path, const QList<Chunk> &chunks,
                                          bool fresh)
{
    QHash<QByteArray, QList<qint64>> reusable;
    if (!fresh) {
        Stmt &old = m_c.stmt("SELECT id, content_hash FROM chunks WHERE file_id = ?1 ORDER BY id");
        const Lease lease_old{old};
        old.bind(1, fileId);
        while (old.step())
            reusable[old.blob(1)].append(old.int64(0));
        if (old.failed())
            return old.error();
    }
    Stmt &move = m_c.stmt("UPDATE chunks SET parent_chunk_id = ?2, start_line = ?3, end_line = ?4,"
                          " start_byte = ?5, end_byte = ?6, part = ?7, part_count = ?8 WHERE id = ?1");
    const Lease lease_move{move};
    Stmt &ins = m_c.stmt(
        "INSERT INTO chunks(file_id, path, kind, name, qualified_name, parent_chunk_id, start_line,"
        " end_line, start_byte, end_byte, part, part_count, signature, doc, text, content_hash)"
        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)");
    const Lease lease_ins{ins};
    // What the old chunks_ai trigger did (see the migration to schema 3); the delete and update
    // triggers remain, so these values must be exactly the row's.
    Stmt &fts = m_c.stmt("INSERT INTO chunks_fts(rowid, path, qualified_name, signature, doc, text, summary)"
                         " VALUES (?1, ?2, ?3, ?4, ?5, ?6, '')");
    const Lease lease_fts{fts};
    QList<qint64> ids;
    ids.reserve(chunks.size());
    // Each text is made UTF-8 once, for the hash and both rows (bound without copies: the bytes
    // live until the statements ran; the bindings are cleared before they go).
    const QByteArray pathUtf8 = path.toUtf8();
    auto unbind = qScopeGuard([&] {
        sqlite3_clear_bindings(ins.raw());
        sqlite3_clear_bindings(fts.raw());
    });
    for (const Chunk &c : chunks) {
        const QByteArray kind = chunkKindName(c.kind).toUtf8();
        const QByteArray qualified = c.qualifiedName.toUtf8();
        const QByteArray signature = c.signature.toUtf8();
        const QByteArray doc = c.doc.toUtf8();
        const QByteArray text = c.text.toUtf8();
        const QByteArray hash = contentHash(kind, qualified, signature, doc, text);
        if (auto it = reusable.find(hash); it != reusable.end() && !it->isEmpty()) {
            const qint64 id = it->takeFirst();
            move.reset();
            move.bind(1, id);
            if (c.parent >= 0 && c.parent < ids.size())
                move.bind(2, ids.at(c.parent));
            else
                move.bindNull(2);
            move.bind(3, c.startLine).bind(4, c.endLine).bind(5, c.startByte).bind(6, c.endByte);
            move.bind(7, c.part).bind(8, c.partCount);
            if (auto r = move.exec(); !r)
                return r.error();
            ids.append(id);
            continue;
        }
        const QByteArray name = c.name.toUtf8();
        ins.reset();
        ins.bind(1, fileId).bindUtf8(2, pathUtf8).bindUtf8(3, kind).bindUtf8(4, name);
        ins.bindUtf8(5, qualified);
        if (c.parent >= 0 && c.parent < ids.size())
            ins.bind(6, ids.at(c.parent));
        else
            ins.bindNull(6);
        ins.bind(7, c.startLine).bind(8, c.endLine).bind(9, c.startByte).bind(10, c.endByte);
        ins.bind(11, c.part).bind(12, c.partCount).bindUtf8(13, signature).bindUtf8(14, doc);
        ins.bindUtf8(15, text).bind(16, hash);
        ins.step();
        if (ins.failed())
            return ins.error();
        const qint64 id = sqlite3_last_insert_rowid(m_c.db);
        fts.reset();
        fts.bind(1, id).bindUtf8(2, pathUtf8).bindUtf8(3, qualified).bindUtf8(4, signature).bindUtf8(5, doc);
        fts.bindUtf8(6, text);
        if (auto r = fts.exec(); !r)
            return r.error();
        ids.append(id);
    }
    if (!reusable.isEmpty()) {
        Stmt &drop = m_c.stmt("DELETE FROM chunks WHERE id = ?1");
        const Lease lease_drop{drop};
        for (const QList<qint64> &left : std::as_const(reusable)) {
            for (qint64 id : left) {
                drop.reset();
                drop.bind(1, id);
                if (auto r = drop.exec(); !r)
                    return r.error();
            }
        }
    }
    return ids;
}

Result<void> ChunkStore::removeOfFile(qint64 fileId)
{
    Stmt &s = m_c.stmt("DELETE FROM chunks WHERE file_id = ?1");
    const Lease lease_s{s};
    s.bind(1, fileId);
    return s.exec();
}

Result<void> ChunkStore::setSummary(qint64 chunkId, const QString &summary)
{
    Stmt &s = m_c.stmt("UPDATE chunks SET summary = ?2 WHERE id = ?1 AND summary IS NOT ?2");
    const Lease lease_s{s};
    s.bind(1, chunkId).bind(2, summary);
    return s.exec();
}

int ChunkStore::count() const
{
    Stmt s(m_c.db, "SELECT COUNT(*) FROM chunks");
    return s.step() ? s.integer(0) : 0;
}

int ChunkStore::distinctContentCount() const
{
    Stmt s(m_c.db, "SELECT COUNT(DISTINCT content_hash) FROM chunks");
    return s.step() ? s.integer(0) : 0;
}

namespace {

QString quotedTerm(const QString &t)
{
    return u'"' + QString(t).replace(u'"', QLatin1String("\"\"")) + u'"';
}

QString anyOf(const QStringList &terms)
{
    QStringList quoted;
    for (const QString &t : terms)
        quoted << quotedTerm(t);
    return quoted.join(QStringLiteral(" OR "));
}

// Posting lists shorter than this in total are ranked in one pass: pruning would not pay. Both
// passes read every term's posting list; what they save is scoring rows with every term. With
// many terms (a bug report's forty most specific words) the essential ones hold most rows and
// the first pass is a loss unless the lists are long; with a few words, some of them common (a
// question, a report's title), the essential ones hold a small share (sympy: 4 to 20 %) and it
// pays from a few thousand rows. (REPOLENS_FTS_PRUNE_FROM: tests prune small indexes)
qint64 pruneFromMatches(qsizetype terms)
{
    static const qint64 from = qEnvironmentVariableIsSet("REPOLENS_FTS_PRUNE_FROM")
                                   ? qEnvironmentVariableIntValue("REPOLENS_FTS_PRUNE_FROM")
                                   : -1;
    if (from >= 0)
        return from;
    return terms <= 16 ? 5000 : 50000;
}

// A ranked read expected to score at least this many rows runs on two cores, each half of the
// row ids on its own connection: scoring is FTS5's walk of the posting lists and one call of the
// ranking function per row, about a microsecond a row on the stress tree, and a thread costs
// some tens of microseconds. (REPOLENS_FTS_SPLIT_FROM: tests split small indexes; -1 never)
qint64 splitFromRows()
{
    // (read at each query: tests change it)
    bool set = false;
    const int from = qEnvironmentVariableIntValue("REPOLENS_FTS_SPLIT_FROM", &set);
    return set ? from : 8000;
}

enum class RowRange { All, Below, From };

// The best `limit` rows of `match` by BM25 on one connection, with the ranking's caches in
// `cache` (which may be another connection's: it is only read while a split read runs), among
// all rows, those below `bound`, or those from `bound` on. Best first; equal scores by row id.
Result<QList<FtsHit>> rankedRowsOn(const Store::Connection &c, Store::FtsRankCache *cache, const QString &match,
                                   const QStringList &terms, int skip, int limit, const FtsWeights &w,
                                   RowRange range, qint64 bound)
{
    // bm25() computed with cached row lengths and term counts (ftsrank_p.h): the same scores.
    Store::FtsRankQuery rank{cache, terms, skip};
    static const char *const sql[] = {
        "SELECT rowid, repolens_bm25(chunks_fts, ?9, ?2, ?3, ?4, ?5, ?6, ?7) AS score"
        " FROM chunks_fts WHERE chunks_fts MATCH ?1 ORDER BY score LIMIT ?8",
        "SELECT rowid, repolens_bm25(chunks_fts, ?9, ?2, ?3, ?4, ?5, ?6, ?7) AS score"
        " FROM chunks_fts WHERE chunks_fts MATCH ?1 AND rowid < ?10 ORDER BY score LIMIT ?8",
        "SELECT rowid, repolens_bm25(chunks_fts, ?9, ?2, ?3, ?4, ?5, ?6, ?7) AS score"
        " FROM chunks_fts WHERE chunks_fts MATCH ?1 AND rowid >= ?10 ORDER BY score LIMIT ?8",
    };
    Stmt &s = c.stmt(sql[int(range)]);
    const Lease lease_s{s};
    s.bind(1, match).bind(2, w.path).bind(3, w.name).bind(4, w.signature).bind(5, w.doc);
    s.bind(6, w.text).bind(7, w.summary).bind(8, limit);
    sqlite3_bind_pointer(s.raw(), 9, &rank, "repolens_rank", nullptr);
    if (range != RowRange::All)
        s.bind(10, bound);
    QList<FtsHit> hits;
    while (s.step())
        hits.append(FtsHit{s.int64(0), -s.real(1)});
    if (s.failed())
        return makeError(ErrorCode::InvalidArgument, QString::fromUtf8(sqlite3_errmsg(c.db)), match);
    return hits;
}

// `read` of the rows below `middle` on `c` and of those from it on `sibling`, at once; the
// sibling's half is read on `c` again when it failed there. Counted in c.splitReads.
template<typename Read>
auto readInHalves(const Store::Connection &c, const Store::Connection &sibling, qint64 middle, Read read)
{
    using Half = decltype(read(c, RowRange::All, 0));
    std::optional<Half> upper;
    std::thread helper([&] { upper = read(sibling, RowRange::From, middle); });
    Half lower = read(c, RowRange::Below, middle);
    helper.join();
    if (!*upper)
        upper = read(c, RowRange::From, middle);
    ++c.splitReads;
    return std::pair<Half, Half>(std::move(lower), std::move(*upper));
}

} // namespace

Result<QList<FtsHit>> ChunkStore::search(const QString &match, int limit, const FtsWeights &w) const
{
    m_c.rankCache.checkGeneration(m_c.db);
    auto hits = rankedRows(match, {}, 0, limit, w);
    if (!hits)
        return hits;
    return withDrafts(std::move(*hits), match, limit, w);
}

Result<QList<FtsHit>> ChunkStore::searchTerms(const QStringList &terms, int limit, const FtsWeights &w) const
{
    m_c.rankCache.checkGeneration(m_c.db);
    const QString match = anyOf(terms);
    auto hits = prunedRows(terms, limit, w);
    if (!hits) {
        // (the counts are read here when the ranking would read them anyway: a long read splits)
        const std::optional<QList<qint64>> counts = documentCounts(terms);
        const qint64 expected = counts ? std::accumulate(counts->cbegin(), counts->cend(), qint64(0)) : 0;
        hits = rankedRows(match, terms, 0, limit, w, expected);
    }
    if (!*hits)
        return *hits;
    return withDrafts(std::move(**hits), match, limit, w);
}

bool ChunkStore::holdsRowLengths() const
{
    return m_c.rankCache.hasRowLengths();
}

qint64 ChunkStore::splitReads() const
{
    return m_c.splitReads;
}

namespace {

// Rows of chunks_fts holding each term (a quoted term each) on one connection: all rows, those
// below `bound`, or those from `bound` on. std::nullopt when one cannot be counted.
std::optional<QList<qint64>> countRows(const Store::Connection &c, const QStringList &terms, RowRange range,
                                       qint64 bound)
{
    static const char *const sql[] = {
        "SELECT COUNT(*) FROM chunks_fts WHERE chunks_fts MATCH ?1",
        "SELECT COUNT(*) FROM chunks_fts WHERE chunks_fts MATCH ?1 AND rowid < ?2",
        "SELECT COUNT(*) FROM chunks_fts WHERE chunks_fts MATCH ?1 AND rowid >= ?2",
    };
    QList<qint64> out;
    out.reserve(terms.size());
    Stmt &count = c.stmt(sql[int(range)]);
    const Lease lease_count{count};
    for (const QString &t : terms) {
        count.reset();
        count.bind(1, quotedTerm(t));
        if (range != RowRange::All)
            count.bind(2, bound);
        if (!count.step())
            return std::nullopt;
        out << count.int64(0);
    }
    return out;
}

} // namespace

std::optional<QList<qint64>> ChunkStore::documentCounts(const QStringList &terms) const
{
    QStringList missing;
    for (const QString &t : terms) {
        qint64 h = 0;
        if (!m_c.rankCache.documentCount(t, &h) && !missing.contains(t))
            missing << t;
    }
    QList<qint64> counted; // of `missing`
    if (!missing.isEmpty()) {
        // Counting walks each term's whole posting list: on a large index, in two halves at once.
        sqlite3_int64 middle = 0;
        const qint64 splitFrom = splitFromRows();
        const Store::Connection *sibling =
            splitFrom >= 0 && m_c.rankCache.rowCount(m_c.db) >= 8 * splitFrom && m_c.rankCache.medianRowid(&middle)
                ? Store::openSibling(m_c)
                : nullptr;
        auto count = [&missing](const Store::Connection &c, RowRange range, qint64 bound) {
            return countRows(c, missing, range, bound);
        };
        std::optional<QList<qint64>> counts;
        if (sibling) {
            auto [lower, upper] = readInHalves(m_c, *sibling, middle, count);
            if (lower && upper) {
                for (qsizetype i = 0; i < lower->size(); ++i)
                    (*lower)[i] += upper->at(i);
                counts = std::move(lower);
            }
        } else {
            counts = count(m_c, RowRange::All, 0);
        }
        if (!counts)
            return std::nullopt;
        for (qsizetype i = 0; i < missing.size(); ++i)
            m_c.rankCache.setDocumentCount(missing.at(i), counts->at(i));
        counted = std::move(*counts);
    }
    QList<qint64> out;
    out.reserve(terms.size());
    for (const QString &t : terms) {
        qint64 h = 0;
        if (const qsizetype at = missing.indexOf(t); at >= 0)
            h = counted.at(at);
        else
            m_c.rankCache.documentCount(t, &h);
        out << h;
    }
    return out;
}

Result<QList<FtsHit>> ChunkStore::rankedRows(const QString &match, const QStringList &terms, int skip, int limit,
                                             const FtsWeights &w, qint64 expectedRows) const
{
    Store::FtsRankCache *cache = &m_c.rankCache;
    // Two halves at once, when there are many rows to score and the ranking's caches will not
    // change while both read them: every term's count known, the row lengths in memory.
    sqlite3_int64 middle = 0;
    const qint64 splitFrom = splitFromRows();
    const bool split = splitFrom >= 0 && expectedRows >= splitFrom && limit > 0 && !terms.isEmpty()
                       && cache->hasRowLengths() && cache->medianRowid(&middle)
                       && std::all_of(terms.cbegin(), terms.cend(), [cache](const QString &t) {
                              qint64 n = 0;
                              return cache->documentCount(t, &n);
                          });
    auto ranked = [&](const Store::Connection &c, RowRange range, qint64 bound) {
        return rankedRowsOn(c, cache, match, terms, skip, limit, w, range, bound);
    };
    const Store::Connection *sibling = split ? Store::openSibling(m_c) : nullptr;
    if (!sibling)
        return ranked(m_c, RowRange::All, 0);
    auto [lower, upper] = readInHalves(m_c, *sibling, middle, ranked);
    if (!lower)
        return lower;
    if (!upper)
        return upper;
    // Equal scores by row id, as one read over all rows gives them (FTS5 yields rows in id
    // order, and SQLite's sort keeps that order among equal keys).
    QList<FtsHit> best = std::move(*lower);
    best += *upper;
    std::stable_sort(best.begin(), best.end(), [](const FtsHit &a, const FtsHit &b) { return a.score > b.score; });
    if (best.size() > limit)
        best.resize(limit);
    return best;
}

// The top `limit` rows of "t1" OR ... OR "tn" by BM25 without scoring every row that holds a
// term (MaxScore, as search engines prune). A term adds at most bound(idf) = idf x (k1 + 1) to a
// row's score. A first pass scores, with every term, the rows holding the rarest terms; its
// limit-th score is a floor of the true limit-th score. The most common terms whose bounds sum
// below that floor cannot place a row holding only them in the top `limit`, so a second pass
// scores only the rows holding one of the other terms and none of the first pass's (scored
// already), each with every term. The best of both are the same rows in the same order with
// the same scores as one pass over all (rows below the floor are not tied with any row kept).
// std::nullopt: not worth it (short posting lists) or not possible; the caller ranks in one
// pass.
std::optional<Result<QList<FtsHit>>> ChunkStore::prunedRows(const QStringList &terms, int limit,
                                                             const FtsWeights &w) const
{
    const qsizetype n = terms.size();
    if (n < 2 || limit <= 0)
        return std::nullopt;
    const qint64 rows = m_c.rankCache.rowCount(m_c.db);
    if (rows <= 0)
        return std::nullopt;
    const std::optional<QList<qint64>> counts = documentCounts(terms);
    if (!counts)
        return std::nullopt;
    const QList<qint64> &hits = *counts;
    const qint64 total = std::accumulate(hits.cbegin(), hits.cend(), qint64(0));
    if (total < pruneFromMatches(n))
        return std::nullopt;
    QList<qsizetype> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](qsizetype a, qsizetype b) { return hits[a] < hits[b]; });
    // The rows holding one of the terms order[from, to) and none of order[0, from), each scored
    // with every term (the filter's phrases come first: `to` of them).
    auto pass = [&](qsizetype from, qsizetype to) {
        QStringList chosen;
        QStringList excluded;
        qint64 expected = 0;
        for (qsizetype i = 0; i < to; ++i) {
            (i < from ? excluded : chosen) << terms.at(order.at(i));
            expected += i < from ? 0 : hits[order[i]];
        }
        QString filter = u'(' + anyOf(chosen) + u')';
        if (!excluded.isEmpty())
            filter = u'(' + filter + QStringLiteral(" NOT (") + anyOf(excluded) + QStringLiteral("))");
        return rankedRows(filter + QStringLiteral(" AND (") + anyOf(terms) + u')', terms, int(to), limit, w,
                          expected);
    };
    // First pass: the rarest terms, holding a few times `limit` rows between them.
    qsizetype first = 0;
    for (qint64 seen = 0; first < n && seen < 4 * qint64(limit); ++first)
        seen += hits[order[first]];
    if (first >= n)
        return std::nullopt;
    auto firstRows = pass(0, first);
    if (!firstRows || firstRows->size() < limit)
        return std::nullopt;
    const double floor = firstRows->last().score;
    // The most common terms that cannot lift a row past the floor on their own (with a margin
    // for rounding).
    qsizetype essential = n;
    double bounds = 0;
    for (qsizetype k = n - 1; k >= 0; --k) {
        const double bound = Store::bm25Bound(Store::bm25Idf(rows, hits[order[k]]));
        if ((bounds + bound) * (1 + 1e-9) >= floor)
            break;
        bounds += bound;
        essential = k;
    }
    if (essential <= first)
        return firstRows; // every row that can place held one of the first pass's terms
    if (essential >= n)
        return std::nullopt;
    // The other rows that can place: those holding one of the other essential terms and none
    // of the first pass's (which it scored already). The best of both, ties by row as FTS5
    // gives them (its rows come in rowid order; the sort keeps that order among equal scores).
    auto otherRows = pass(first, essential);
    if (!otherRows)
        return otherRows;
    QList<FtsHit> best = std::move(*firstRows);
    best += *otherRows;
    std::sort(best.begin(), best.end(), [](const FtsHit &a, const FtsHit &b) {
        return a.score != b.score ? a.score > b.score : a.chunkId < b.chunkId;
    });
    if (best.size() > limit)
        best.resize(limit);
    return best;
}

Result<QList<FtsHit>> ChunkStore::withDrafts(QList<FtsHit> hits, const QString &match, int limit,
                                             const FtsWeights &w) const
{
    if (!m_drafts.exists())
        return hits;
    // Files not parsed yet answer from their draft windows (negative ids).
    auto drafts = m_drafts.search(match, limit, w);
    if (!drafts)
        return drafts.error();
    hits += *drafts;
    std::stable_sort(hits.begin(), hits.end(), [](const FtsHit &a, const FtsHit &b) { return a.score > b.score; });
    if (hits.size() > limit)
        hits.resize(limit);
    return hits;
}

std::optional<ChunkRecord> ChunkStore::chunk(qint64 id) const
{
    if (id < 0)
        return m_drafts.window(id);
    Stmt &s = m_c.stmt(REPOLENS_CHUNK_SELECT "WHERE c.id = ?1");
    const Lease lease_s{s};
    s.bind(1, id);
    if (!s.step())
        return std::nullopt;
    return Store::readChunk(s);
}

QList<ChunkRecord> ChunkStore::byIds(const QList<qint64> &ids) const
{
    QList<ChunkRecord> out;
    out.reserve(ids.size());
    for (qint64 id : ids) {
        if (auto c = chunk(id))
            out.append(std::move(*c));
    }
    return out;
}

QList<ChunkRecord> ChunkStore::ofFile(qint64 fileId) const
{
    return rowsOfFile(REPOLENS_CHUNK_SELECT "WHERE c.file_id = ?1 ORDER BY c.start_byte, c.id", fileId,
                      &Store::readChunk);
}

QList<ChunkRecord> ChunkStore::rowsOfFile(const char *sql, qint64 fileId, ChunkRecord (*read)(const Stmt &)) const
{
    Stmt &s = m_c.stmt(sql);
    const Lease lease_s{s};
    s.bind(1, fileId);
    QList<ChunkRecord> out;
    while (s.step())
        out.append(read(s));
    return out;
}

namespace {

// A chunk's header (no text) as headers() and containing() read it.
#define REPOLENS_HEADER_SELECT                                                                     \
    "SELECT c.id, c.file_id, c.path, c.kind, c.name, c.qualified_name, c.start_line, c.end_line,"  \
    " c.part, c.part_count, f.language FROM chunks c JOIN files f ON f.id = c.file_id "

ChunkRecord readChunkHeader(const Stmt &s)
{
    ChunkRecord c = Store::readChunkIdentity(s);
    c.startLine = s.integer(6);
    c.endLine = s.integer(7);
    c.part = s.integer(8);
    c.partCount = s.integer(9);
    c.language = languageFromName(s.text(10));
    return c;
}

} // namespace

QList<ChunkRecord> ChunkStore::headers(const QList<qint64> &ids) const
{
    QList<ChunkRecord> out;
    if (ids.isEmpty())
        return out;
    Stmt s(m_c.db, REPOLENS_HEADER_SELECT "WHERE c.id IN (SELECT value FROM json_each(?1))");
    if (!s.isValid())
        return out;
    s.bind(1, Store::jsonIdList(ids));
    out.reserve(ids.size());
    out += m_drafts.headers(ids);
    while (s.step())
        out.append(readChunkHeader(s));
    return out;
}

QList<ChunkRecord> ChunkStore::headersOfFile(qint64 fileId) const
{
    return rowsOfFile(REPOLENS_HEADER_SELECT "WHERE c.file_id = ?1 ORDER BY c.start_byte, c.id", fileId,
                      &readChunkHeader);
}

QList<ChunkRecord> ChunkStore::containing(const QList<qint64> &ids, const QStringList &needles) const
{
    QList<ChunkRecord> out;
    if (ids.isEmpty() || needles.isEmpty())
        return out;
    Stmt s(m_c.db, REPOLENS_HEADER_SELECT "WHERE c.id IN (SELECT value FROM json_each(?1))"
                   " AND EXISTS (SELECT 1 FROM json_each(?2) n WHERE instr(c.text, n.value) > 0)");
    if (!s.isValid())
        return out;
    s.bind(1, Store::jsonIdList(ids));
    s.bind(2, QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(needles)).toJson(QJsonDocument::Compact)));
    while (s.step())
        out.append(readChunkHeader(s));
    return out;
}

QList<std::pair<qint64, QByteArray>> ChunkStore::lexicalTexts(const QList<qint64> &ids, int maxTextChars) const
{
    QList<std::pair<qint64, QByteArray>> out;
    if (ids.isEmpty())
        return out;
    // the header embeddingText() writes: a signature or doc comment only when the text does not
    // hold it already; then the text, cut where the whole reaches maxTextChars
    Stmt s(m_c.db, "SELECT c.id, c.path, c.kind, c.name, c.qualified_name,"
                   " CASE WHEN c.signature = '' OR instr(c.text, c.signature) > 0 THEN '' ELSE c.signature END,"
                   " CASE WHEN c.doc = '' OR instr(c.text, c.doc) > 0 THEN '' ELSE c.doc END, c.summary, substr(c.text, 1, ?2)"
                   " FROM chunks c WHERE c.id IN (SELECT value FROM json_each(?1))");
    if (!s.isValid())
        return out;
    s.bind(1, Store::jsonIdList(ids));
    s.bind(2, std::max(0, maxTextChars));
    out.reserve(ids.size());
    QSet<qint64> found;
    while (s.step()) {
        QByteArray text = "path: " + s.blob(1) + '\n';
        const QByteArray qualified = s.blob(4);
        if (const qsizetype dot = qualified.lastIndexOf('.'); dot > 0)
            text += "in: " + qualified.left(dot) + '\n';
        if (!s.blob(3).isEmpty())
            text += s.blob(2) + ": " + qualified + '\n';
        for (int col : {5, 6}) {
            if (const QByteArray part = s.blob(col); !part.isEmpty())
                text += part + '\n';
        }
        if (const QByteArray summary = s.blob(7); !summary.isEmpty())
            text += "summary: " + summary + '\n';
        const qsizetype header = text.size();
        text += s.blob(8);
        text.truncate(std::max(header, qsizetype(maxTextChars)));
        found.insert(s.int64(0));
        out.append({s.int64(0), std::move(text)});
    }
    // draft text windows (keyword search before parsing) live in their own store
    for (qint64 id : ids) {
        if (id >= 0 || found.contains(id))
            continue;
        if (const auto c = m_drafts.window(id))
            out.append({id, (QStringLiteral("path: ") + c->path + u'\n' + c->text.left(std::max(0, maxTextChars))).toUtf8()});
    }
    return out;
}

QHash<QString, int> ChunkStore::termDocumentFrequencies(const QStringList &terms) const
{
    QHash<QString, int> out;
    if (terms.isEmpty())
        return out;
    // Ask FTS itself (the porter-stemmed index) with a count per term, remembered with the
    // ranking's own counts until the index changes: a bug report asks for hundreds of words,
    // and the common ones, the slow ones to count, recur from report to report.
    m_c.rankCache.checkGeneration(m_c.db);
    if (const std::optional<QList<qint64>> counts = documentCounts(terms)) {
        for (qsizetype i = 0; i < terms.size(); ++i)
            out.insert(terms.at(i), int(counts->at(i)));
        return out;
    }
    // (one by one when one of them could not be counted: the others are still answered)
    Stmt &s = m_c.stmt("SELECT COUNT(*) FROM chunks_fts WHERE chunks_fts MATCH ?1");
    const Lease lease_s{s};
    for (const QString &t : terms) {
        qint64 count = 0;
        if (!m_c.rankCache.documentCount(t, &count)) {
            s.reset();
            s.bind(1, quotedTerm(t));
            if (!s.step())
                continue; // (not remembered: a failed count is asked again next time)
            count = s.int64(0);
            m_c.rankCache.setDocumentCount(t, count);
        }
        out.insert(t, int(count));
    }
    return out;
}

void ChunkStore::forEach(const std::function<void(const ChunkRecord &)> &visit) const
{
    // Content order, not id order: ids follow the order the parse pool finished files in,
    // which differs from run to run.
    Stmt s(m_c.db, REPOLENS_CHUNK_SELECT "ORDER BY c.content_hash, f.path, c.start_byte, c.part");
    while (s.step())
        visit(Store::readChunk(s));
}

QString ChunkStore::fingerprint() const
{
    Stmt s(m_c.db, "SELECT COUNT(*), COALESCE(MAX(id), 0), COALESCE(SUM(id), 0) FROM chunks");
    if (!s.step())
        return {};
    return QStringLiteral("%1:%2:%3").arg(s.int64(0)).arg(s.int64(1)).arg(s.int64(2));
}

QList<QPair<qint64, qint64>> ChunkStore::fileIds() const
{
    // From the file index, which holds both (a table scan reads every chunk's text: 0.33 against
    // 0.06 s for 840,000 chunks), sorted here.
    QList<QPair<qint64, qint64>> out;
    Stmt s(m_c.db, "SELECT id, file_id FROM chunks INDEXED BY chunks_file");
    while (s.step())
        out.append({s.int64(0), s.int64(1)});
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace RepoLens
