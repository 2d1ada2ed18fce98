#include "summarystore.h"

#include "fts5tokenizer_p.h"
#include "sqlite_p.h"

#include <QDateTime>
#include <QFileInfo>

#include <map>

namespace RepoLens {

using Sql::Stmt;

namespace {

const char *const kSummarySchema = R"SQL(
CREATE TABLE IF NOT EXISTS chunk_summaries(
    content_hash BLOB PRIMARY KEY,
    summary TEXT NOT NULL,
    model TEXT NOT NULL DEFAULT '',
    created INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;
)SQL";

#define SUMMARY_KINDS "('function','method','constructor','class','struct','interface','enum','trait','impl')"

} // namespace

class SummaryStore::Private
{
public:
    sqlite3 *db = nullptr;
    std::map<const char *, std::unique_ptr<Stmt>> stmts;

    Stmt &stmt(const char *sql)
    {
        auto it = stmts.find(sql);
        if (it == stmts.end())
            it = stmts.emplace(sql, std::make_unique<Stmt>(db, sql)).first;
        else
            it->second->reset();
        return *it->second;
    }
};

SummaryStore::SummaryStore()
    : d(std::make_unique<Private>())
{
}

SummaryStore::~SummaryStore()
{
    d->stmts.clear();
    Sql::close(d->db);
}

Result<std::unique_ptr<SummaryStore>> SummaryStore::open(const QString &dbPath)
{
    if (!QFileInfo::exists(dbPath))
        return makeError(ErrorCode::NotFound, QStringLiteral("no index for this folder yet"), dbPath);
    std::unique_ptr<SummaryStore> store(new SummaryStore);
    auto handle = Sql::open(dbPath, false, 10000);
    if (!handle)
        return handle.error();
    store->d->db = *handle;
    if (auto r = registerCodeTokenizer(store->d->db); !r)
        return r.error();
    if (auto r = Sql::execScript(store->d->db, kSummarySchema); !r)
        return r.error();
    return store;
}

int SummaryStore::pendingCount() const
{
    Stmt &s = d->stmt("SELECT COUNT(DISTINCT content_hash) FROM chunks WHERE summary = '' AND kind IN " SUMMARY_KINDS
                      " AND content_hash NOT IN (SELECT content_hash FROM chunk_summaries)");
    const int n = s.step() ? s.integer(0) : 0;
    s.reset();
    return n;
}

QList<SummaryCandidate> SummaryStore::pending(int limit) const
{
    QList<SummaryCandidate> out;
    Stmt &s = d->stmt("SELECT MIN(c.id), c.content_hash, c.path, c.start_line, c.end_line, c.kind, c.qualified_name,"
                      " f.language, c.text FROM chunks c JOIN files f ON f.id = c.file_id"
                      " WHERE c.summary = '' AND c.kind IN " SUMMARY_KINDS
                      " AND c.content_hash NOT IN (SELECT content_hash FROM chunk_summaries)"
                      " GROUP BY c.content_hash ORDER BY MIN(c.id) LIMIT ?1");
    s.bind(1, limit);
    while (s.step()) {
        SummaryCandidate c;
        c.chunkId = s.int64(0);
        c.contentHash = s.blob(1);
        c.path = s.text(2);
        c.startLine = s.integer(3);
        c.endLine = s.integer(4);
        c.kind = s.text(5);
        c.name = s.text(6);
        c.language = s.text(7);
        c.text = s.text(8);
        out.append(c);
    }
    s.reset();
    return out;
}

int SummaryStore::summarizedCount() const
{
    Stmt &s = d->stmt("SELECT COUNT(*) FROM chunks WHERE summary != ''");
    const int n = s.step() ? s.integer(0) : 0;
    s.reset();
    return n;
}

Result<int> SummaryStore::applyCached()
{
    if (auto r = Sql::execScript(d->db, "BEGIN IMMEDIATE"); !r)
        return r.error();
    Stmt &s = d->stmt("UPDATE chunks SET summary = (SELECT summary FROM chunk_summaries cs"
                      " WHERE cs.content_hash = chunks.content_hash)"
                      " WHERE summary = '' AND content_hash IN (SELECT content_hash FROM chunk_summaries"
                      " WHERE summary != '')");
    if (auto r = s.exec(); !r) {
        Sql::execScript(d->db, "ROLLBACK");
        return r.error();
    }
    const int changed = sqlite3_changes(d->db);
    if (auto r = Sql::execScript(d->db, "COMMIT"); !r)
        return r.error();
    return changed;
}

Result<void> SummaryStore::putSummaries(const QList<QPair<QByteArray, QString>> &summaries, const QString &model)
{
    if (summaries.isEmpty())
        return {};
    if (auto r = Sql::execScript(d->db, "BEGIN IMMEDIATE"); !r)
        return r;
    Stmt &put = d->stmt("INSERT OR REPLACE INTO chunk_summaries(content_hash, summary, model, created)"
                        " VALUES (?1, ?2, ?3, ?4)");
    Stmt &apply = d->stmt("UPDATE chunks SET summary = ?2 WHERE content_hash = ?1 AND summary != ?2");
    // The summary is part of the embedding text: vectors computed without it are recomputed.
    Stmt &stale = d->stmt("DELETE FROM embeddings WHERE content_hash = ?1");
    bool dropped = false;
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    for (const auto &[hash, text] : summaries) {
        put.bind(1, hash).bind(2, text).bind(3, model).bind(4, now);
        Result<void> r = put.exec();
        if (r && !text.isEmpty()) {
            apply.bind(1, hash).bind(2, text);
            r = apply.exec();
            if (r && sqlite3_changes(d->db) > 0) {
                stale.bind(1, hash);
                r = stale.exec();
                dropped = true;
            }
        }
        if (!r) {
            Sql::execScript(d->db, "ROLLBACK");
            return r;
        }
    }
    // The embedding stage's "nothing changed" mark (core/embed, meta embed_done) no longer holds.
    if (dropped) {
        if (auto r = Sql::execScript(d->db, "DELETE FROM meta WHERE key = 'embed_done'"); !r) {
            Sql::execScript(d->db, "ROLLBACK");
            return r;
        }
    }
    return Sql::execScript(d->db, "COMMIT");
}

Result<void> SummaryStore::clearAll()
{
    return Sql::execScript(d->db, "BEGIN IMMEDIATE; DELETE FROM chunk_summaries;"
                                  " DELETE FROM embeddings WHERE content_hash IN"
                                  " (SELECT content_hash FROM chunks WHERE summary != '');"
                                  " UPDATE chunks SET summary = '' WHERE summary != '';"
                                  " DELETE FROM meta WHERE key = 'embed_done'; COMMIT;");
}

} // namespace RepoLens
