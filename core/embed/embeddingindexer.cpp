#include "embeddingindexer.h"

#include "core/base/logging.h"
#include "core/base/memory.h"
#include "core/base/secrets.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QThread>

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

namespace {

QString fileStamp(const QString &path)
{
    const QFileInfo info(path);
    return info.exists() ? QStringLiteral("%1:%2").arg(info.size()).arg(info.lastModified().toMSecsSinceEpoch())
                         : QString();
}

} // namespace

Result<std::shared_ptr<VectorIndex>> openVectorIndex(const IndexStore &store, const QString &databasePath,
                                                     const QString &modelId, bool save, bool *changed,
                                                     VectorIndexOptions options, const std::atomic_bool *cancel)
{
    if (changed)
        *changed = false;
    const QString path = vectorIndexPath(databasePath, modelId);
    std::shared_ptr<VectorIndex> index;
    if (QFileInfo::exists(path)) {
        // The file a complete embedding run wrote for these very chunks needs no check against
        // every stored vector (a million rows read at every start of a search).
        const QString stamp = fileStamp(path);
        const bool current = !stamp.isEmpty() && store.meta(QString::fromLatin1(kMetaVectorFile)) == stamp
                             && store.meta(QString::fromLatin1(kMetaEmbeddedFingerprint))
                                    == store.chunks().fingerprint() + u'|' + modelId;
        auto loaded = VectorIndex::load(path, options);
        if (loaded && (*loaded)->modelId() == modelId) {
            index = std::shared_ptr<VectorIndex>(std::move(*loaded));
            if (current)
                return index;
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
            index->reserve(store.embeddings().embeddedChunkCount(modelId)); // (no growth by copies)
        }
        if (dim != dimension) {
            failure = makeError(ErrorCode::Corrupt, QStringLiteral("vectors of different dimensions for one model"), modelId);
            return;
        }
        const EmbeddingVector v = vectorFromBlob(blob);
        if (rebuild) {
            // straight into the new index (no second copy of every vector), its graph below
            failure = index->append(chunkId, v.data(), dim);
            dirty = true;
            return;
        }
        inStore.insert(chunkId);
        {
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
    if (failure && rebuild && index)
        failure = index->finishAppending(cancel);
    if (failure && !pendingLabels.isEmpty())
        failure = index->addBatch(pendingLabels, pendingValues, cancel);
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
        else if (k == QLatin1String("vsample"))
            b.vocabularySample = int(v);
    }
}

namespace {

// What one run of the embedding stage carries from step to step: the database, the report,
// and the progress it sends (at most every 100 ms unless forced).
struct EmbedRun
{
    IndexStore &store;
    const QString &dbPath;
    const EmbedOptions &options;
    const EmbeddingIndexer::ProgressFn &progress;
    const std::atomic_bool *cancel;
    EmbedReport report;
    EmbedProgress prog;
    QElapsedTimer timer;
    QElapsedTimer lastProgress;

    void tell(bool force)
    {
        if (!progress || (!force && lastProgress.elapsed() < 100))
            return;
        lastProgress.restart();
        prog.elapsedSeconds = timer.elapsed() / 1000.0;
        progress(prog);
    }
    bool cancelled() const { return cancel && cancel->load(std::memory_order_relaxed); }
    double seconds() const { return timer.elapsed() / 1000.0; }
};

// Nothing changed since the last complete run (same chunks, same model, vector file there):
// the report says so and the run is done, without loading the model or the vector index.
bool embeddingsUpToDate(EmbedRun &run, const Embedder *embedder, const QString &fingerprint)
{
    const QString model = embedder ? embedder->modelId() : run.store.meta(QString::fromLatin1(kMetaBuiltinModel));
    if (model.isEmpty() || run.store.meta(QString::fromLatin1(kMetaActiveModel)) != model
        || run.store.meta(QString::fromLatin1(kMetaEmbeddedFingerprint)) != fingerprint + u'|' + model
        || (run.options.buildVectorIndex && !QFileInfo::exists(vectorIndexPath(run.dbPath, model))))
        return false;
    run.report.modelId = model;
    run.report.reused = run.report.chunksTotal;
    run.report.dimension = run.store.meta(QStringLiteral("embed_dimension")).toInt();
    run.prog.modelId = model;
    run.prog.chunksDone = run.report.chunksTotal;
    run.prog.phase = EmbedProgress::Phase::Done;
    run.report.seconds = run.seconds();
    run.tell(true);
    return true;
}

// The stored built-in model when it still fits the chunks: there is one, it can be read, and
// no more than `refitWhenNew` of the chunks are new since it was fitted. Null: fit again.
std::unique_ptr<BuiltinEmbedder> reusableBuiltinModel(const IndexStore &store, const QString &current, int total,
                                                      double refitWhenNew)
{
    if (current.isEmpty())
        return nullptr;
    const int missing = total - store.embeddings().embeddedChunkCount(current);
    if (missing > refitWhenNew * std::max(1, total))
        return nullptr;
    if (const auto stored = store.embeddings().model(current)) {
        if (auto e = BuiltinEmbedder::fromData(stored->data))
            return std::move(*e);
    }
    return nullptr;
}

// Stores a newly fitted built-in model as the folder's, in one transaction; the model it
// replaces goes, with its vectors and vector file.
Result<void> saveBuiltinModel(IndexStore &store, const QString &dbPath, const QString &replaced,
                              const BuiltinEmbedder &model, int fittedChunks)
{
    if (auto r = store.beginTransaction(); !r)
        return r.error();
    if (!replaced.isEmpty() && replaced != model.modelId()) {
        store.embeddings().removeModel(replaced);
        QFile::remove(vectorIndexPath(dbPath, replaced));
    }
    EmbeddingStore::Model rec{model.modelId(), model.dimension(), model.data(), QDateTime::currentSecsSinceEpoch()};
    Result<void> saved = store.embeddings().saveModel(rec);
    if (saved)
        saved = store.setMeta(QString::fromLatin1(kMetaBuiltinModel), model.modelId());
    if (saved)
        saved = store.setMeta(QString::fromLatin1(kMetaBuiltinFitChunks), QString::number(fittedChunks));
    if (!saved) {
        store.rollback();
        return saved.error();
    }
    if (auto r = store.commit(); !r)
        return r.error();
    return {};
}

// The built-in embedder for this run: the stored model (reusableBuiltinModel), or a new fit on
// every chunk, saved (*fittedNow); a fit hands over every chunk's vector in `fitted`, unless it
// was fitted on a sample (then they are folded in afterwards). Null when there is nothing to do
// (fewer than two chunks to learn from, or cancelled: report.cancelled).
Result<std::unique_ptr<BuiltinEmbedder>> prepareBuiltinModel(EmbedRun &run, QHash<QByteArray, EmbeddingVector> *fitted,
                                                             bool *fittedNow)
{
    *fittedNow = false;
    const QString current = run.store.meta(QString::fromLatin1(kMetaBuiltinModel));
    const int total = run.report.chunksTotal;
    if (auto reused = reusableBuiltinModel(run.store, current, total, run.options.refitWhenNew))
        return reused;
    if (total < 2)
        return std::unique_ptr<BuiltinEmbedder>(); // nothing to learn from yet
    run.prog.phase = EmbedProgress::Phase::Fitting;
    run.tell(true);
    QElapsedTimer fitTimer;
    fitTimer.start();
    auto model = BuiltinEmbedder::fit(run.store, run.options.builtin, run.cancel, fitted);
    if (!model) {
        if (model.error().code == ErrorCode::Cancelled) {
            run.report.cancelled = true;
            return std::unique_ptr<BuiltinEmbedder>();
        }
        return model.error();
    }
    if (auto r = saveBuiltinModel(run.store, run.dbPath, current, **model, total); !r)
        return r.error();
    run.report.fitSeconds = fitTimer.elapsed() / 1000.0;
    *fittedNow = true;
    return model;
}

// The fit computed every chunk's vector already: stored in one transaction, a block at a time
// (each vector leaves `fitted` as its row is written).
Result<void> storeFittedVectors(EmbedRun &run, const QString &modelId, QHash<QByteArray, EmbeddingVector> &fitted)
{
    if (auto r = run.store.beginTransaction(); !r)
        return r.error();
    QList<QPair<QByteArray, QByteArray>> rows;
    while (!fitted.isEmpty()) {
        rows.clear();
        for (auto it = fitted.begin(); it != fitted.end() && rows.size() < 4096;) {
            rows.append({it.key(), vectorToBlob(it.value())});
            it = fitted.erase(it);
        }
        if (auto r = run.store.embeddings().put(modelId, rows); !r) {
            run.store.rollback();
            return r.error();
        }
    }
    if (auto r = run.store.commit(); !r)
        return r.error();
    run.report.reused = 0;
    run.report.embedded = run.store.embeddings().embeddedChunkCount(modelId);
    run.prog.chunksDone = run.report.embedded;
    run.tell(false);
    return {};
}

// A model fitted on a sample: every chunk folded in as it is read again, stored in one
// transaction block by block.
Result<void> storeFoldedVectors(EmbedRun &run, const BuiltinEmbedder &model)
{
    const QString modelId = model.modelId();
    if (auto r = run.store.beginTransaction(); !r)
        return r.error();
    const int threads = run.options.builtin.threads > 0 ? run.options.builtin.threads
                                                          : std::max(1, QThread::idealThreadCount());
    auto folded = model.foldInCorpus(run.store, threads, run.cancel,
                                     [&](const QList<QPair<QByteArray, EmbeddingVector>> &block) -> Result<void> {
                                         QList<QPair<QByteArray, QByteArray>> rows;
                                         rows.reserve(block.size());
                                         for (const auto &[hash, vector] : block)
                                             rows.append({hash, vectorToBlob(vector)});
                                         if (auto r = run.store.embeddings().put(modelId, rows); !r)
                                             return r;
                                         run.prog.chunksDone += int(block.size());
                                         run.tell(false);
                                         return {};
                                     },
                                     run.options.builtin.foldBlock);
    if (!folded && folded.error().code != ErrorCode::Cancelled) {
        run.store.rollback();
        return folded.error();
    }
    // (a stop keeps what was folded in: the next run folds in the rest)
    if (auto r = run.store.commit(); !r)
        return r.error();
    if (!folded)
        run.report.cancelled = true;
    run.report.reused = 0;
    run.report.embedded = run.store.embeddings().embeddedChunkCount(modelId);
    run.prog.chunksDone = run.report.embedded;
    run.tell(false);
    return {};
}

// One request to the embedder: the chunks todo[start, end) (each content once), credentials
// withheld from what is sent when `redact`; the vectors stored in the open transaction.
// Returns true when the run must end here (cancelled during the request: what earlier batches
// computed is committed); an error when the embedder failed (committed the same way).
Result<bool> embedBatch(EmbedRun &run, Embedder *embedder, const QString &modelId, const QList<ChunkRecord> &todo,
                        qsizetype start, qsizetype end, bool redact)
{
    QStringList texts;
    QList<QByteArray> hashes;
    QSet<QByteArray> inBatch;
    QList<ChunkRecord> sent; // for the What Was Sent log of an embedder that sends them
    for (qsizetype i = start; i < end; ++i) {
        const ChunkRecord &chunk = todo.at(i);
        if (inBatch.contains(chunk.contentHash))
            continue;
        inBatch.insert(chunk.contentHash);
        bool withheld = false;
        const QString text = outgoingEmbeddingText(chunk, 0, redact, &withheld);
        run.report.redacted += withheld ? 1 : 0;
        texts << text;
        hashes << chunk.contentHash;
        sent << chunk;
    }
    if (embedder->sendsRequests()) // (the What Was Sent log of each request)
        embedder->setNextRequestFiles(sentLogFiles(sent, redact));
    auto vectors = embedder->embed(texts, EmbedPurpose::Document, run.cancel);
    if (!vectors || vectors->size() != texts.size()) {
        run.store.commit(); // keep what the earlier batches computed
        if (!vectors && vectors.error().code == ErrorCode::Cancelled) {
            run.report.cancelled = true;
            run.report.seconds = run.seconds();
            return true;
        }
        return vectors ? makeError(ErrorCode::Protocol, QStringLiteral("the embedder returned a wrong number of vectors"))
                       : vectors.error();
    }
    QList<QPair<QByteArray, QByteArray>> rows;
    for (qsizetype i = 0; i < texts.size(); ++i)
        rows.append({hashes.at(i), vectorToBlob(vectors->at(i))});
    if (auto r = run.store.embeddings().put(modelId, rows); !r) {
        run.store.rollback();
        return r.error();
    }
    run.report.embedded += int(rows.size());
    run.prog.chunksDone += int(end - start);
    run.tell(false);
    return false;
}

// Every chunk without a vector of this model, priority paths first, in transactions of four
// batches, until none is left or the run is cancelled (report.cancelled). Returns true when
// the run must end at once (embedBatch).
Result<bool> embedMissingChunks(EmbedRun &run, Embedder *embedder, const QString &modelId)
{
    const int batch = std::max(1, embedder->batchSize());
    const bool redact = run.options.withholdSecrets && !BuiltinEmbedder::isBuiltinModel(modelId);
    for (;;) {
        if (run.cancelled()) {
            run.report.cancelled = true;
            return false;
        }
        const QList<ChunkRecord> todo = run.store.embeddings().chunksWithout(modelId, batch * 4, run.options.priorityPaths);
        if (todo.isEmpty())
            return false;
        if (auto r = run.store.beginTransaction(); !r)
            return r.error();
        for (qsizetype start = 0; start < todo.size(); start += batch) {
            const auto stop = embedBatch(run, embedder, modelId, todo, start, std::min(todo.size(), start + batch), redact);
            if (!stop || *stop)
                return stop;
        }
        if (auto r = run.store.commit(); !r)
            return r.error();
    }
}

// A complete run: vectors of chunks that are gone removed, the model made the active one,
// its vector index brought up to date (when built), and the chunk set remembered so that the
// next run without changes does nothing.
Result<void> finishEmbedding(EmbedRun &run, const QString &modelId, const QString &fingerprint)
{
    if (auto r = run.store.embeddings().removeOrphans(); r)
        run.report.removedOrphans = *r;
    run.store.setMeta(QString::fromLatin1(kMetaActiveModel), modelId);
    run.store.setMeta(QStringLiteral("embed_dimension"), QString::number(run.report.dimension));
    if (run.options.buildVectorIndex) {
        run.prog.phase = EmbedProgress::Phase::VectorIndex;
        run.tell(true);
        QElapsedTimer indexTimer;
        indexTimer.start();
        auto index = openVectorIndex(run.store, run.dbPath, modelId, true, nullptr, {}, run.cancel);
        if (!index && index.error().code == ErrorCode::Cancelled) {
            // the vectors are stored; the next run builds the file (the run is not marked done)
            run.report.cancelled = true;
            run.report.seconds = run.seconds();
            return {};
        }
        if (!index && index.error().code != ErrorCode::NotFound)
            return index.error();
        run.report.indexSeconds = indexTimer.elapsed() / 1000.0;
        run.store.setMeta(QString::fromLatin1(kMetaVectorFile), fileStamp(vectorIndexPath(run.dbPath, modelId)));
    }
    run.store.setMeta(QString::fromLatin1(kMetaEmbeddedFingerprint), fingerprint + u'|' + modelId);
    run.prog.phase = EmbedProgress::Phase::Done;
    run.report.seconds = run.seconds();
    run.tell(true);
    return {};
}

} // namespace

Result<EmbedReport> EmbeddingIndexer::run(Embedder *embedder, const ProgressFn &progress, const std::atomic_bool *cancel)
{
    QElapsedTimer timer;
    timer.start();
    auto opened = IndexStore::open(m_dbPath, IndexStore::Mode::ReadWrite);
    if (!opened)
        return opened.error();
    EmbedRun run{**opened, m_dbPath, m_options, progress, cancel, {}, {}, timer, {}};
    run.lastProgress.start();
    const int total = run.store.chunks().count();
    run.report.chunksTotal = total;
    run.prog.chunksTotal = total;

    const QString fingerprint = run.store.chunks().fingerprint();
    if (embeddingsUpToDate(run, embedder, fingerprint))
        return run.report;
    // This run may change stored vectors: until it completes, the vector file is checked
    // against them when it is opened.
    if (auto r = run.store.setMeta(QString::fromLatin1(kMetaVectorFile), QString()); !r)
        return r.error();

    // What the run before this one in the process freed (a parse of the whole folder) is handed
    // back before the fit allocates.
    releaseFreedMemory();
    // The built-in model when no embedder is given: loaded, or fitted (with every vector).
    std::unique_ptr<BuiltinEmbedder> builtin;
    QHash<QByteArray, EmbeddingVector> fitted;
    bool fittedNow = false;
    if (!embedder) {
        auto model = prepareBuiltinModel(run, &fitted, &fittedNow);
        if (!model)
            return model.error();
        if (!*model) {
            if (!run.report.cancelled)
                run.report.seconds = run.seconds();
            return run.report;
        }
        builtin = std::move(*model);
        embedder = builtin.get();
    }
    const QString modelId = embedder->modelId();
    run.report.modelId = modelId;
    run.prog.modelId = modelId;
    run.prog.phase = EmbedProgress::Phase::Embedding;
    const int before = run.store.embeddings().embeddedChunkCount(modelId);
    run.report.reused = before;
    run.prog.chunksDone = before;
    run.tell(true);

    QElapsedTimer embedTimer;
    embedTimer.start();
    if (!fitted.isEmpty()) {
        if (auto r = storeFittedVectors(run, modelId, fitted); !r)
            return r.error();
    } else if (fittedNow) {
        if (auto r = storeFoldedVectors(run, *builtin); !r)
            return r.error();
        if (run.report.cancelled) {
            run.report.seconds = run.seconds();
            return run.report;
        }
    }
    const auto stop = embedMissingChunks(run, embedder, modelId);
    if (!stop)
        return stop.error();
    if (*stop)
        return run.report;
    run.report.embedSeconds = embedTimer.elapsed() / 1000.0;
    run.report.dimension = embedder->dimension();
    if (run.report.cancelled) {
        run.report.seconds = run.seconds();
        return run.report;
    }
    // Every vector is stored: the model and the fit's vectors are not needed for the vector
    // index, the largest allocation of the run. Give their memory back before it.
    fitted = {};
    builtin.reset();
    embedder = nullptr;
    releaseFreedMemory();
    if (auto r = finishEmbedding(run, modelId, fingerprint); !r)
        return r.error();
    return run.report;
}

} // namespace RepoLens
