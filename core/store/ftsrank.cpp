#include "ftsrank_p.h"

#include "fts5tokenizer_p.h"

#include <QtGlobal>

#include <algorithm>
#include <cmath>
#include <memory>

namespace RepoLens::Store {

namespace {

// SQLite's variable-length integer (the encoding FTS5 writes its docsize records in): big-endian
// groups of seven bits, the high bit set on every byte but the last; a ninth byte has eight.
const unsigned char *readVarint(const unsigned char *p, const unsigned char *end, quint64 *value)
{
    quint64 v = 0;
    for (int i = 0; i < 9 && p < end; ++i) {
        const unsigned char c = *p++;
        if (i == 8) {
            *value = (v << 8) | c;
            return p;
        }
        v = (v << 7) | (c & 0x7f);
        if (!(c & 0x80)) {
            *value = v;
            return p;
        }
    }
    *value = v;
    return p;
}

struct RowStats
{
    double avgdl = 0;
    std::vector<double> idf;
    std::vector<double> freq;
    size_t hint = 0;
    int skip = 0; // filter phrases in front, not scored
    bool useLengths = false;
};

constexpr double kK1 = 1.2;
constexpr double kB = 0.75;

int countRow(const Fts5ExtensionApi *, Fts5Context *, void *count)
{
    ++*static_cast<qint64 *>(count);
    return SQLITE_OK;
}

// The statistics of one query, computed at its first row as bm25() does: the row count and the
// average row length of the table, and each phrase's IDF from the rows that hold it.
int queryStats(const Fts5ExtensionApi *api, Fts5Context *fts, FtsRankQuery *query, RowStats **out)
{
    if (auto *stats = static_cast<RowStats *>(api->xGetAuxdata(fts, 0))) {
        *out = stats;
        return SQLITE_OK;
    }
    auto stats = std::make_unique<RowStats>();
    const int phrases = api->xPhraseCount(fts);
    sqlite3_int64 rows = 0;
    sqlite3_int64 tokens = 0;
    int rc = api->xRowCount(fts, &rows);
    if (rc == SQLITE_OK)
        rc = api->xColumnTotalSize(fts, -1, &tokens);
    if (rc != SQLITE_OK)
        return rc;
    stats->avgdl = double(tokens) / double(rows);
    const int skip = query ? std::clamp(query->skip, 0, phrases) : 0;
    const int scored = phrases - skip;
    // The cached counts are the counts of these phrases only when each is one quoted term.
    FtsRankCache *cache = query && query->cache && query->terms.size() == scored ? query->cache : nullptr;
    qint64 matches = 0;
    stats->idf.resize(size_t(scored));
    for (int i = 0; i < scored; ++i) {
        qint64 hits = 0;
        if (!cache || !cache->documentCount(query->terms.at(i), &hits)) {
            hits = 0;
            rc = api->xQueryPhrase(fts, skip + i, &hits, countRow);
            if (rc != SQLITE_OK)
                return rc;
            if (cache)
                cache->setDocumentCount(query->terms.at(i), hits);
        }
        matches += hits;
        stats->idf[size_t(i)] = bm25Idf(rows, hits);
    }
    stats->skip = skip;
    stats->freq.assign(size_t(scored), 0.0);
    // Many rows to score: one read of every length beats one look-up per row. So do many
    // queries of a warm searcher: once the rows it has looked up one by one reach an eighth of
    // the table (a look-up costs several times what one row of the whole read does), every later
    // query reads its lengths from memory.
    if (query && query->cache) {
        FtsRankCache &lengths = *query->cache;
        if (!lengths.hasRowLengths()
            && (matches >= rowLengthsFromMatches() || lengths.countLookups(matches) >= rows / 8)) {
            // (the look-ups below run while FTS5 iterates: the lengths are read by another statement)
            lengths.loadRowLengths(api->xUserData(fts) ? static_cast<sqlite3 *>(api->xUserData(fts)) : nullptr);
        }
        stats->useLengths = lengths.hasRowLengths();
    }
    *out = stats.get();
    return api->xSetAuxdata(fts, stats.release(), [](void *p) { delete static_cast<RowStats *>(p); });
}

void rankFunction(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    auto *query = argc > 0 ? static_cast<FtsRankQuery *>(sqlite3_value_pointer(argv[0], "repolens_rank")) : nullptr;
    sqlite3_value **weights = argv + 1;
    const int weightCount = std::max(0, argc - 1);
    RowStats *stats = nullptr;
    int rc = queryStats(api, fts, query, &stats);
    if (rc != SQLITE_OK) {
        sqlite3_result_error_code(ctx, rc);
        return;
    }
    // Each scored phrase's instances, read from its own position list: xInst would merge the
    // lists of every phrase (the filter phrases in front too) into one sorted array per row. A
    // phrase's instances come in the same order either way, so the sums are the same.
    std::fill(stats->freq.begin(), stats->freq.end(), 0.0);
    const int phrases = stats->skip + int(stats->freq.size());
    for (int phrase = stats->skip; rc == SQLITE_OK && phrase < phrases; ++phrase) {
        Fts5PhraseIter iter;
        int column = 0, offset = 0;
        double &freq = stats->freq[size_t(phrase - stats->skip)];
        rc = api->xPhraseFirst(fts, phrase, &iter, &column, &offset);
        for (; rc == SQLITE_OK && column >= 0; api->xPhraseNext(fts, &iter, &column, &offset))
            freq += weightCount > column ? sqlite3_value_double(weights[column]) : 1.0;
    }
    double length = 0;
    if (rc == SQLITE_OK) {
        int tokens = 0;
        if (!stats->useLengths || !query->cache->rowLength(api->xRowid(fts), &stats->hint, &tokens))
            rc = api->xColumnSize(fts, -1, &tokens);
        length = double(tokens);
    }
    if (rc != SQLITE_OK) {
        sqlite3_result_error_code(ctx, rc);
        return;
    }
    double score = 0.0;
    for (size_t i = 0; i < stats->idf.size(); ++i) {
        const double f = stats->freq[i];
        score += stats->idf[i] * ((f * (kK1 + 1.0)) / (f + kK1 * (1 - kB + kB * length / stats->avgdl)));
    }
    sqlite3_result_double(ctx, -1.0 * score);
}

} // namespace

qint64 rowLengthsFromMatches()
{
    // (read at each query: tests change it)
    bool set = false;
    const int from = qEnvironmentVariableIntValue("REPOLENS_FTS_LENGTHS_FROM", &set);
    return set ? from : 20000;
}

double bm25Idf(qint64 rows, qint64 hits)
{
    // (FTS5: a phrase in more than half the rows would get a negative IDF; it gets 1e-6)
    const double idf = std::log((double(rows) - double(hits) + 0.5) / (double(hits) + 0.5));
    return idf <= 0.0 ? 1e-6 : idf;
}

double bm25Bound(double idf)
{
    return idf * (kK1 + 1.0);
}

qint64 FtsRankCache::rowCount(sqlite3 *db)
{
    if (m_rowCount != -2)
        return m_rowCount;
    m_rowCount = -1;
    // FTS5's averages record (rowid 1 of its data table): the row count, then the token count
    // of each column, as varints.
    sqlite3_stmt *s = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT block FROM chunks_fts_data WHERE id = 1", -1, &s, nullptr) == SQLITE_OK
        && sqlite3_step(s) == SQLITE_ROW) {
        const auto *p = static_cast<const unsigned char *>(sqlite3_column_blob(s, 0));
        if (p) {
            quint64 rows = 0;
            readVarint(p, p + sqlite3_column_bytes(s, 0), &rows);
            m_rowCount = qint64(rows);
        }
    }
    sqlite3_finalize(s);
    return m_rowCount;
}

void FtsRankCache::checkGeneration(sqlite3 *db)
{
    qint64 version = -1;
    sqlite3_stmt *s = nullptr;
    if (sqlite3_prepare_v2(db, "PRAGMA data_version", -1, &s, nullptr) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW)
        version = sqlite3_column_int64(s, 0);
    sqlite3_finalize(s);
    const qint64 changes = sqlite3_total_changes64(db);
    if (version == m_dataVersion && changes == m_totalChanges && version >= 0)
        return;
    m_dataVersion = version;
    m_totalChanges = changes;
    m_documentCounts.clear();
    m_lookups = 0;
    m_rowCount = -2;
    m_lengthsLoaded = false;
    std::vector<sqlite3_int64>().swap(m_rowids);
    std::vector<int>().swap(m_lengths);
    std::vector<int>().swap(m_dense);
}

bool FtsRankCache::documentCount(const QString &term, qint64 *count) const
{
    const auto it = m_documentCounts.constFind(term);
    if (it == m_documentCounts.cend())
        return false;
    *count = *it;
    return true;
}

void FtsRankCache::setDocumentCount(const QString &term, qint64 count)
{
    if (m_documentCounts.size() > 100000)
        m_documentCounts.clear(); // bounded: a long session of odd queries
    m_documentCounts.insert(term, count);
}

qint64 FtsRankCache::countLookups(qint64 rows)
{
    if (!m_lengthsLoaded)
        m_lookups += rows;
    return m_lookups;
}

bool FtsRankCache::rowLength(sqlite3_int64 rowid, size_t *hint, int *length) const
{
    if (!m_lengthsLoaded)
        return false;
    if (!m_dense.empty()) {
        const sqlite3_int64 at = rowid - m_firstRowid;
        if (at < 0 || at >= sqlite3_int64(m_dense.size()) || m_dense[size_t(at)] < 0)
            return false;
        *length = m_dense[size_t(at)];
        return true;
    }
    size_t i = *hint;
    if (i >= m_rowids.size() || m_rowids[i] > rowid)
        i = 0;
    // Rows come in ascending rowid order: a short gallop from the last one.
    size_t step = 1;
    while (i + step < m_rowids.size() && m_rowids[i + step] <= rowid)
        step *= 2;
    const auto first = m_rowids.begin() + qsizetype(i);
    const auto last = m_rowids.begin() + qsizetype(std::min(m_rowids.size(), i + step + 1));
    const auto it = std::lower_bound(first, last, rowid);
    if (it == m_rowids.end() || *it != rowid)
        return false;
    *hint = size_t(it - m_rowids.begin());
    *length = m_lengths[*hint];
    return true;
}

bool FtsRankCache::medianRowid(sqlite3_int64 *rowid) const
{
    if (!m_lengthsLoaded)
        return false;
    if (!m_dense.empty()) {
        // (ids without a row are few: at most as many as rows)
        if (m_dense.size() < 2)
            return false;
        *rowid = m_firstRowid + sqlite3_int64(m_dense.size() / 2);
        return true;
    }
    if (m_rowids.size() < 2)
        return false;
    *rowid = m_rowids[m_rowids.size() / 2];
    return true;
}

void FtsRankCache::loadRowLengths(sqlite3 *db)
{
    m_lengthsLoaded = false;
    m_rowids.clear();
    m_lengths.clear();
    std::vector<int>().swap(m_dense);
    if (!db)
        return;
    sqlite3_stmt *s = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT id, sz FROM chunks_fts_docsize ORDER BY id", -1, &s, nullptr) != SQLITE_OK) {
        sqlite3_finalize(s);
        return;
    }
    int rc = SQLITE_OK;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        const auto *p = static_cast<const unsigned char *>(sqlite3_column_blob(s, 1));
        const auto *end = p + sqlite3_column_bytes(s, 1);
        quint64 total = 0;
        while (p && p < end) {
            quint64 v = 0;
            p = readVarint(p, end, &v);
            total += v;
        }
        m_rowids.push_back(sqlite3_column_int64(s, 0));
        m_lengths.push_back(int(total));
    }
    sqlite3_finalize(s);
    m_lengthsLoaded = rc == SQLITE_DONE;
    if (!m_lengthsLoaded) {
        std::vector<sqlite3_int64>().swap(m_rowids);
        std::vector<int>().swap(m_lengths);
        return;
    }
    // Dense ids (a first index numbers its rows one after the other): a length by its id, one
    // read instead of a search, in half the memory.
    if (!m_rowids.empty()) {
        const sqlite3_int64 span = m_rowids.back() - m_rowids.front() + 1;
        if (span <= 2 * sqlite3_int64(m_rowids.size())) {
            m_firstRowid = m_rowids.front();
            m_dense.assign(size_t(span), -1);
            for (size_t i = 0; i < m_rowids.size(); ++i)
                m_dense[size_t(m_rowids[i] - m_firstRowid)] = m_lengths[i];
            std::vector<sqlite3_int64>().swap(m_rowids);
            std::vector<int>().swap(m_lengths);
        }
    }
}

Result<void> registerRankFunction(sqlite3 *db)
{
    auto found = fts5ApiOf(db);
    if (!found)
        return found.error();
    fts5_api *api = *found;
    if (api->xCreateFunction(api, "repolens_bm25", db, &rankFunction, nullptr) != SQLITE_OK)
        return makeError(ErrorCode::Database, QStringLiteral("could not register the FTS5 ranking function"));
    return {};
}

} // namespace RepoLens::Store
