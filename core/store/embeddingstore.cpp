#include "embeddingstore.h"

#include "chunkstore_p.h"
#include "connection_p.h"

#include <QSet>

namespace RepoLens {

using Sql::Stmt;
using Lease = Store::Connection::Lease;

namespace {

Result<void> ensureTables(sqlite3 *db)
{
    return Sql::execScript(db, EmbeddingStore::schemaV1());
}

} // namespace

EmbeddingStore::EmbeddingStore(Store::Connection &connection)
    : m_c(connection)
{
}

const char *EmbeddingStore::schemaV1()
{
    return R"SQL(
CREATE TABLE IF NOT EXISTS embeddings(
    content_hash BLOB NOT NULL,
    model_id TEXT NOT NULL,
    vector BLOB NOT NULL,
    PRIMARY KEY(content_hash, model_id)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS embed_models(
    model_id TEXT PRIMARY KEY,
    dimension INTEGER NOT NULL,
    data BLOB,
    created INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;
)SQL";
}

Result<void> EmbeddingStore::saveModel(const Model &model)
{
    if (auto r = ensureTables(m_c.db); !r)
        return r;
    Stmt s(m_c.db, "INSERT OR REPLACE INTO embed_models(model_id, dimension, data, created) VALUES (?1, ?2, ?3, ?4)");
    s.bind(1, model.modelId).bind(2, model.dimension);
    if (model.data.isEmpty())
        s.bindNull(3);
    else
        s.bind(3, model.data);
    s.bind(4, model.created);
    return s.exec();
}

std::optional<EmbeddingStore::Model> EmbeddingStore::model(const QString &modelId) const
{
    Stmt s(m_c.db, "SELECT model_id, dimension, data, created FROM embed_models WHERE model_id = ?1");
    if (!s.isValid())
        return std::nullopt;
    s.bind(1, modelId);
    if (!s.step())
        return std::nullopt;
    return Model{s.text(0), s.integer(1), s.blob(2), s.int64(3)};
}

QList<ChunkRecord> EmbeddingStore::chunksWithout(const QString &modelId, int limit,
                                                 const QStringList &priorityPaths) const
{
    QList<ChunkRecord> out;
#define MISSING                                                                                    \
    REPOLENS_CHUNK_SELECT "WHERE NOT EXISTS (SELECT 1 FROM embeddings e WHERE e.content_hash = c.content_hash" \
                          " AND e.model_id = ?1) "
    QSet<qint64> taken;
    if (!priorityPaths.isEmpty()) {
        Stmt s(m_c.db, MISSING "AND c.path = ?2 ORDER BY c.id");
        if (s.isValid()) {
            for (const QString &p : priorityPaths) {
                s.reset();
                s.bind(1, modelId).bind(2, p);
                while (out.size() < limit && s.step()) {
                    ChunkRecord c = Store::readChunk(s);
                    taken.insert(c.id);
                    out.append(std::move(c));
                }
            }
        }
    }
    if (out.size() >= limit)
        return out;
    Stmt s(m_c.db, MISSING "ORDER BY f.mtime DESC, c.id LIMIT ?2");
#undef MISSING
    if (!s.isValid())
        return out;
    s.bind(1, modelId).bind(2, limit - int(out.size()) + int(taken.size()));
    while (out.size() < limit && s.step()) {
        if (taken.contains(s.int64(0)))
            continue;
        out.append(Store::readChunk(s));
    }
    return out;
}

Result<void> EmbeddingStore::put(const QString &modelId, const QList<QPair<QByteArray, QByteArray>> &rows)
{
    if (auto r = ensureTables(m_c.db); !r)
        return r;
    Stmt &s = m_c.stmt("INSERT OR REPLACE INTO embeddings(content_hash, model_id, vector) VALUES (?1, ?2, ?3)");
    const Lease lease_s{s};
    for (const auto &[hash, vector] : rows) {
        s.reset();
        s.bind(1, hash).bind(2, modelId).bind(3, vector);
        if (auto r = s.exec(); !r)
            return r;
    }
    return {};
}

int EmbeddingStore::embeddedChunkCount(const QString &modelId) const
{
    Stmt s(m_c.db, "SELECT COUNT(*) FROM chunks c WHERE EXISTS (SELECT 1 FROM embeddings e"
                   " WHERE e.content_hash = c.content_hash AND e.model_id = ?1)");
    if (!s.isValid())
        return 0;
    s.bind(1, modelId);
    return s.step() ? s.integer(0) : 0;
}

void EmbeddingStore::forEachChunkVector(const QString &modelId,
                                        const std::function<void(qint64, QByteArrayView)> &visit) const
{
    Stmt s(m_c.db, "SELECT c.id, e.vector FROM chunks c JOIN embeddings e ON e.content_hash = c.content_hash"
                   " AND e.model_id = ?1 ORDER BY c.id");
    if (!s.isValid())
        return;
    s.bind(1, modelId);
    while (s.step()) {
        const auto *p = static_cast<const char *>(sqlite3_column_blob(s.raw(), 1));
        visit(s.int64(0), QByteArrayView(p, sqlite3_column_bytes(s.raw(), 1)));
    }
}

QByteArray EmbeddingStore::chunkVector(qint64 chunkId, const QString &modelId) const
{
    Stmt s(m_c.db, "SELECT e.vector FROM chunks c JOIN embeddings e ON e.content_hash = c.content_hash"
                   " AND e.model_id = ?2 WHERE c.id = ?1");
    if (!s.isValid())
        return {};
    s.bind(1, chunkId).bind(2, modelId);
    return s.step() ? s.blob(0) : QByteArray();
}

Result<int> EmbeddingStore::removeOrphans()
{
    if (auto r = ensureTables(m_c.db); !r)
        return r.error();
    if (auto r = Sql::execScript(m_c.db, "DELETE FROM embeddings WHERE content_hash NOT IN"
                                         " (SELECT content_hash FROM chunks)");
        !r)
        return r.error();
    return sqlite3_changes(m_c.db);
}

Result<void> EmbeddingStore::removeModel(const QString &modelId)
{
    if (auto r = ensureTables(m_c.db); !r)
        return r;
    for (const char *sql : {"DELETE FROM embeddings WHERE model_id = ?1", "DELETE FROM embed_models WHERE model_id = ?1"}) {
        Stmt s(m_c.db, sql);
        s.bind(1, modelId);
        if (auto r = s.exec(); !r)
            return r;
    }
    return {};
}

} // namespace RepoLens
