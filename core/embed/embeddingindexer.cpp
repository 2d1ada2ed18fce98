#include "embeddingindexer.h"

#include "core/base/logging.h"
#include "core/base/secrets.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QSet>

#include <cmath>

namespace RepoLens {

QString vectorIndexPath(const QString &databasePath, const QString &modelId)
{
    const QByteArray tag = QCryptographicHash::hash(modelId.toUtf8(), QCryptographicHash::Sha1).toHex().left(12);
    return QFileInfo(databasePath).absolutePath() + QStringLiteral("/vectors-") + QString::fromLatin1(tag)
           + QStringLiteral(".idx");
}

Result<std::shared_ptr<BuiltinEmbedder>> loadBuiltinEmbedder(const IndexStore &store, const QString &modelId)
{
    const auto model = store.embeddings().model(modelId);
    if (!model || model->data.isEmpty())
        return makeError(ErrorCode::NotFound, QStringLiteral("no stored built-in model"), modelId);
    auto e = BuiltinEmbedder::fromData(model->data);
    if (!e)
        return e.error();
    return std::shared_ptr<BuiltinEmbedder>(std::move(*e));
}

Result<std::shared_ptr<VectorIndex>> openVectorIndex(const IndexStore &store, const QString &databasePath,
                                                     const QString &modelId, bool save, bool *changed,
                                                     VectorIndexOptions options)
{
    if (changed)
        *changed = false;
    const QString path = vectorIndexPath(databasePath, modelId);
    std::shared_ptr<VectorIndex> index;
    if (QFileInfo::exists(path)) {
        auto loaded = VectorIndex::load(path, options);
        if (loaded && (*loaded)->modelId() == modelId) {
            index = std::shared_ptr<VectorIndex>(std::move(*loaded));
        } else {
            qCInfo(lcEmbed) << "rebuilding the vector index:"
                            << (loaded ? QStringLiteral("another model") : loaded.error().toString());
        }
    }
    bool dirty = false;
    const bool rebuild = !index;
    QSet<qint64> inStore;
    int dimension = index ? index->dimension() : 0;
    Result<void> failure;
    QList<qint64> pendingLabels;
    std::vector<float> pendingValues;
    store.embeddings().forEachChunkVector(modelId, [&](qint64 chunkId, QByteArrayView blob) {
        if (!failure)
            return;
        const int dim = int(blob.size() / qsizetype(sizeof(float)));
        if (!index) {
            dimension = dim;
            index = std::make_shared<VectorIndex>(dim, modelId, options);
        }
        if (dim != dimension) {
            failure = makeError(ErrorCode::Corrupt, QStringLiteral("vectors of different dimensions for one model"), modelId);
            return;
        }
        inStore.insert(chunkId);
        const EmbeddingVector v = vectorFromBlob(blob);
        if (!rebuild) {
            const std::vector<float> have = index->vector(chunkId);
            if (!have.empty()) {
                double dotp = 0, norm = 0;
                for (int i = 0; i < dim; ++i) {
                    dotp += double(have[size_t(i)]) * v[size_t(i)];
                    norm += double(v[size_t(i)]) * v[size_t(i)];
                }
                if (norm <= 0 || dotp >= 0.9999 * std::sqrt(norm))
                    return; // same vector
            }
        }
        pendingLabels.append(chunkId);
        pendingValues.insert(pendingValues.end(), v.begin(), v.end());
        dirty = true;
    });
    QElapsedTimer stepTimer;
    stepTimer.start();
    if (failure && !pendingLabels.isEmpty())
        failure = index->addBatch(pendingLabels, pendingValues);
    qCDebug(lcEmbed) << "vector index: graph built in" << stepTimer.elapsed();
    if (!failure)
        return failure.error();
    if (!index)
        return makeError(ErrorCode::NotFound, QStringLiteral("no vectors for this model yet"), modelId);
    if (!rebuild) {
        for (qint64 label : index->labels()) {
            if (!inStore.contains(label)) {
                index->remove(label);
                dirty = true;
            }
        }
    }
    if (dirty || rebuild) {
        if (changed)
            *changed = true;
        if (save) {
            stepTimer.restart();
            if (auto r = index->save(path); !r)
                qCWarning(lcEmbed) << "cannot save the vector index:" << r.error().toString();
            qCDebug(lcEmbed) << "vector index: saved in" << stepTimer.elapsed();
        }
    }
    return index;
}

EmbeddingIndexer::EmbeddingIndexer(QString databasePath, EmbedOptions options)
    : m_dbPath(std::move(databasePath))
    , m_options(std::move(options))
{
    // Experiments only (docs/retrieval.md): REPOLENS_LSA="dim=256,sigma=1,maxdf=0.25,..."
    BuiltinEmbedderOptions &b = m_options.builtin;
    for (const QString &kv : qEnvironmentVariable("REPOLENS_LSA").split(u',', Qt::SkipEmptyParts)) {
        const QString k = kv.section(u'=', 0, 0).trimmed();
        const double v = kv.section(u'=', 1).toDouble();
        if (k == QLatin1String("dim"))
            b.dimension = int(v);
        else if (k == QLatin1String("sigma"))
            b.sigmaPower = v;
        else if (k == QLatin1String("maxdf"))
            b.maxDocShare = v;
        else if (k == QLatin1String("mindf"))
            b.minDocFrequency = int(v);
        else if (k == QLatin1String("power"))
            b.powerIterations = int(v);
        else if (k == QLatin1String("sample"))
            b.sampleChunks = int(v);
        else if (k == QLatin1String("vocab"))
            b.maxVocabulary = int(v);
    }
}

Result<EmbedReport> EmbeddingIndexer::run(Embedder *embedder, const ProgressFn &progress, const std::atomic_bool *cancel)
{
    QElapsedTimer timer;
    timer.start();
    EmbedReport report;
    EmbedProgress prog;
    QElapsedTimer lastProgress;
    lastProgress.start();
    auto tell = [&](bool force) {
        if (!progress || (!force && lastProgress.elapsed() < 100))
            return;
        lastProgress.restart();
        prog.elapsedSeconds = timer.elapsed() / 1000.0;
        progress(prog);
    };
    auto cancelled = [&] { return cancel && cancel->load(std::memory_order_relaxed); };

    auto opened = IndexStore::open(m_dbPath, IndexStore::Mode::ReadWrite);
    if (!opened)
        return opened.error();
    IndexStore &store = **opened;
    const int total = store.chunks().count();
    report.chunksTotal = total;
    prog.chunksTotal = total;

    // Nothing changed since the last complete run (same chunks, same model, vector file there):
    // done, without loading the model or the vector index.
    const QString fingerprint = store.chunks().fingerprint();
    {
        const QString model = embedder ? embedder->modelId() : store.meta(QString::fromLatin1(kMetaBuiltinModel));
        if (!model.isEmpty() && store.meta(QString::fromLatin1(kMetaActiveModel)) == model
            && store.meta(QString::fromLatin1(kMetaEmbeddedFingerprint)) == fingerprint + u'|' + model
            && (!m_options.buildVectorIndex || QFileInfo::exists(vectorIndexPath(m_dbPath, model)))) {
            report.modelId = model;
            report.reused = total;
            report.dimension = store.meta(QStringLiteral("embed_dimension")).toInt();
            prog.modelId = model;
            prog.chunksDone = total;
            prog.phase = EmbedProgress::Phase::Done;
            report.seconds = timer.elapsed() / 1000.0;
            tell(true);
            return report;
        }
    }

    std::unique_ptr<BuiltinEmbedder> builtin;
    QHash<QByteArray, EmbeddingVector> fitted;
    if (!embedder) {
        const QString current = store.meta(QString::fromLatin1(kMetaBuiltinModel));
        bool needFit = current.isEmpty();
        if (!needFit) {
            const int missing = total - store.embeddings().embeddedChunkCount(current);
            needFit = missing > m_options.refitWhenNew * std::max(1, total);
            if (!needFit) {
                if (const auto stored = store.embeddings().model(current)) {
                    if (auto e = BuiltinEmbedder::fromData(stored->data))
                        builtin = std::move(*e);
                }
                needFit = !builtin;
            }
        }
        if (needFit) {
            if (total < 2) {
                report.seconds = timer.elapsed() / 1000.0;
                return report; // nothing to learn from yet
            }
            prog.phase = EmbedProgress::Phase::Fitting;
            tell(true);
            QElapsedTimer fitTimer;
            fitTimer.start();
            auto model = BuiltinEmbedder::fit(store, m_options.builtin, cancel, &fitted);
            if (!model) {
                if (model.error().code == ErrorCode::Cancelled) {
                    report.cancelled = true;
                    return report;
                }
                return model.error();
            }
            builtin = std::move(*model);
            if (auto r = store.beginTransaction(); !r)
                return r.error();
            if (!current.isEmpty() && current != builtin->modelId()) {
                store.embeddings().removeModel(current);
                QFile::remove(vectorIndexPath(m_dbPath, current));
            }
            EmbeddingStore::Model rec{builtin->modelId(), builtin->dimension(), builtin->data(),
                                           QDateTime::currentSecsSinceEpoch()};
            Result<void> saved = store.embeddings().saveModel(rec);
            if (saved)
                saved = store.setMeta(QString::fromLatin1(kMetaBuiltinModel), builtin->modelId());
            if (saved)
                saved = store.setMeta(QString::fromLatin1(kMetaBuiltinFitChunks), QString::number(total));
            if (!saved) {
                store.rollback();
                return saved.error();
            }
            if (auto r = store.commit(); !r)
                return r.error();
            report.fitSeconds = fitTimer.elapsed() / 1000.0;
        }
        embedder = builtin.get();
    }
    const QString modelId = embedder->modelId();
    report.modelId = modelId;
    prog.modelId = modelId;
    prog.phase = EmbedProgress::Phase::Embedding;
    const int before = store.embeddings().embeddedChunkCount(modelId);
    report.reused = before;
    prog.chunksDone = before;
    tell(true);

    QElapsedTimer embedTimer;
    embedTimer.start();
    // Fast path: the fit already produced every chunk's vector.
    if (!fitted.isEmpty()) {
        QList<QPair<QByteArray, QByteArray>> rows;
        rows.reserve(fitted.size());
        for (auto it = fitted.cbegin(); it != fitted.cend(); ++it)
            rows.append({it.key(), vectorToBlob(it.value())});
        fitted.clear();
        if (auto r = store.beginTransaction(); !r)
            return r.error();
        if (auto r = store.embeddings().put(modelId, rows); !r) {
            store.rollback();
            return r.error();
        }
        if (auto r = store.commit(); !r)
            return r.error();
        report.reused = 0;
        report.embedded = store.embeddings().embeddedChunkCount(modelId);
        prog.chunksDone = report.embedded;
        tell(false);
    }
    const int batch = std::max(1, embedder->batchSize());
    const bool redact = m_options.withholdSecrets && !BuiltinEmbedder::isBuiltinModel(modelId);
    for (;;) {
        if (cancelled()) {
            report.cancelled = true;
            break;
        }
        const QList<ChunkRecord> todo = store.embeddings().chunksWithout(modelId, batch * 4, m_options.priorityPaths);
        if (todo.isEmpty())
            break;
        if (auto r = store.beginTransaction(); !r)
            return r.error();
        for (qsizetype start = 0; start < todo.size(); start += batch) {
            QStringList texts;
            QList<QByteArray> hashes;
            QSet<QByteArray> inBatch;
            for (qsizetype i = start; i < std::min(todo.size(), start + batch); ++i) {
                if (inBatch.contains(todo.at(i).contentHash))
                    continue;
                inBatch.insert(todo.at(i).contentHash);
                bool withheld = false;
                const QString text = outgoingEmbeddingText(todo.at(i), 0, redact, &withheld);
                report.redacted += withheld ? 1 : 0;
                texts << text;
                hashes << todo.at(i).contentHash;
            }
            auto vectors = embedder->embed(texts, EmbedPurpose::Document, cancel);
            if (!vectors || vectors->size() != texts.size()) {
                store.commit(); // keep what the earlier batches computed
                if (!vectors && vectors.error().code == ErrorCode::Cancelled) {
                    report.cancelled = true;
                    report.seconds = timer.elapsed() / 1000.0;
                    return report;
                }
                return vectors ? makeError(ErrorCode::Protocol, QStringLiteral("the embedder returned a wrong number of vectors"))
                               : vectors.error();
            }
            QList<QPair<QByteArray, QByteArray>> rows;
            for (qsizetype i = 0; i < texts.size(); ++i)
                rows.append({hashes.at(i), vectorToBlob(vectors->at(i))});
            if (auto r = store.embeddings().put(modelId, rows); !r) {
                store.rollback();
                return r.error();
            }
            report.embedded += int(rows.size());
            prog.chunksDone += int(std::min(todo.size(), start + batch) - start);
            tell(false);
        }
        if (auto r = store.commit(); !r)
            return r.error();
    }
    report.embedSeconds = embedTimer.elapsed() / 1000.0;
    report.dimension = embedder->dimension();
    if (report.cancelled) {
        report.seconds = timer.elapsed() / 1000.0;
        return report;
    }
    if (auto r = store.embeddings().removeOrphans(); r)
        report.removedOrphans = *r;
    store.setMeta(QString::fromLatin1(kMetaActiveModel), modelId);
    store.setMeta(QStringLiteral("embed_dimension"), QString::number(report.dimension));

    if (m_options.buildVectorIndex) {
        prog.phase = EmbedProgress::Phase::VectorIndex;
        tell(true);
        QElapsedTimer indexTimer;
        indexTimer.start();
        auto index = openVectorIndex(store, m_dbPath, modelId, true);
        if (!index && index.error().code != ErrorCode::NotFound)
            return index.error();
        report.indexSeconds = indexTimer.elapsed() / 1000.0;
    }
    store.setMeta(QString::fromLatin1(kMetaEmbeddedFingerprint), fingerprint + u'|' + modelId);
    prog.phase = EmbedProgress::Phase::Done;
    report.seconds = timer.elapsed() / 1000.0;
    tell(true);
    return report;
}

} // namespace RepoLens
