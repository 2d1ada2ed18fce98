#pragma once

#include "chunkstore.h"

#include "core/base/result.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace RepoLens {

namespace Store {
struct Connection;
}

// Vectors of chunks (`embeddings`) and the embedding models that made them (`embed_models`).
// Vectors are keyed by chunk content hash + model id, so re-indexing a file, restarting or
// switching models back reuses what was computed. A vector is float32, native byte order.
// A view over the connection of an IndexStore.
class EmbeddingStore
{
public:
    struct Model
    {
        QString modelId;
        int dimension = 0;
        QByteArray data;    // the built-in model's parameters; empty for remote models
        qint64 created = 0; // seconds since epoch
    };

    explicit EmbeddingStore(Store::Connection &connection);

    // Part of schema 1 (also created on first use in databases older than the tables).
    static const char *schemaV1();

    // --- writing -------------------------------------------------------------------------------
    Result<void> saveModel(const Model &model);
    // (content hash, vector) pairs; replaces existing rows (within the caller's transaction).
    Result<void> put(const QString &modelId, const QList<QPair<QByteArray, QByteArray>> &rows);
    // Removes vectors whose content hash no chunk has any more; returns how many.
    Result<int> removeOrphans();
    // Removes every vector (and the stored model) of one model.
    Result<void> removeModel(const QString &modelId);

    // --- reading -------------------------------------------------------------------------------
    std::optional<Model> model(const QString &modelId) const;
    // Chunks with no vector for modelId, at most limit, files in priorityPaths first, then the
    // most recently modified files.
    QList<ChunkRecord> chunksWithout(const QString &modelId, int limit, const QStringList &priorityPaths = {}) const;
    int embeddedChunkCount(const QString &modelId) const;
    // Every chunk that has a vector for modelId, in chunk id order.
    void forEachChunkVector(const QString &modelId,
                            const std::function<void(qint64 chunkId, QByteArrayView vector)> &visit) const;
    QByteArray chunkVector(qint64 chunkId, const QString &modelId) const;

private:
    Store::Connection &m_c;
};

} // namespace RepoLens
