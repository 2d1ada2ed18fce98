#pragma once

#include "builtinembedder.h"
#include "embedder.h"

#include "core/store/vectorindex.h"

#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <memory>

namespace RepoLens {

struct EmbedProgress
{
    enum class Phase { Fitting, Embedding, VectorIndex, Done };
    Phase phase = Phase::Fitting;
    int chunksDone = 0;   // have a vector for the model (reused or new)
    int chunksTotal = 0;
    double elapsedSeconds = 0;
    QString modelId;
};

struct EmbedReport
{
    QString modelId;
    int dimension = 0;
    int chunksTotal = 0;
    int embedded = 0;        // computed in this run
    int reused = 0;          // already stored (same content hash and model)
    int removedOrphans = 0;
    int redacted = 0;        // chunks sent with credentials withheld
    double fitSeconds = 0;
    double embedSeconds = 0;
    double indexSeconds = 0; // vector index sync + save
    double seconds = 0;
    bool cancelled = false;
};

struct EmbedOptions
{
    BuiltinEmbedderOptions builtin;
    // Refit the built-in model when the chunks it never saw exceed this share of the index.
    double refitWhenNew = 0.3;
    QStringList priorityPaths;  // embedded first (open files, recently changed)
    int batchChunks = 64;       // per embedder call for remote models
    bool buildVectorIndex = true;
    // Credentials found in a chunk are replaced by "[withheld: KIND]" in what is sent to
    // an embedding endpoint (the built-in embedder sends nothing and sees the chunk as it is).
    bool withholdSecrets = true;
};

// The embedding stage, run after the keyword index is ready: fits (or reuses) the built-in
// model, or uses the given embedder, computes vectors for chunks that have none for that
// model (open/recent files first), stores them keyed by content hash + model, marks the model
// active and brings the vector index file up to date. Resumable: every batch is committed.
class EmbeddingIndexer
{
public:
    explicit EmbeddingIndexer(QString databasePath, EmbedOptions options = {});

    using ProgressFn = std::function<void(const EmbedProgress &)>;
    // embedder == nullptr: the built-in embedder.
    Result<EmbedReport> run(Embedder *embedder = nullptr, const ProgressFn &progress = {},
                            const std::atomic_bool *cancel = nullptr);

private:
    QString m_dbPath;
    EmbedOptions m_options;
};

// Meta keys in the index database.
inline constexpr const char *kMetaActiveModel = "embed_model";
inline constexpr const char *kMetaBuiltinModel = "embed_builtin_model";
inline constexpr const char *kMetaBuiltinFitChunks = "embed_builtin_fit_chunks";
// "<chunk set fingerprint>|<model>" after a complete run: the next run with no change is a no-op.
inline constexpr const char *kMetaEmbeddedFingerprint = "embed_done";
// The vector index file as that complete run left it ("<size>:<mtime ms>"): while it and the
// chunks are unchanged, opening the file needs no check against every stored vector.
inline constexpr const char *kMetaVectorFile = "embed_vector_file";

// The vector index file of a model, next to the database.
QString vectorIndexPath(const QString &databasePath, const QString &modelId);

// Opens the vector index of a model: loads the file, checks it against SQLite (same model,
// same chunk ids), brings it up to date incrementally (adds missing vectors, marks stale ones
// deleted) or rebuilds it when missing or unreadable, and saves it when it changed and save is
// true. *changed (optional) tells whether it was rebuilt or updated. A file that a complete
// run left for the same chunks (kMetaVectorFile, kMetaEmbeddedFingerprint) is taken as it is.
// A set *cancel stops a graph build (Cancelled; nothing is saved).
Result<std::shared_ptr<VectorIndex>> openVectorIndex(const IndexStore &store, const QString &databasePath,
                                                     const QString &modelId, bool save, bool *changed = nullptr,
                                                     VectorIndexOptions options = {},
                                                     const std::atomic_bool *cancel = nullptr);

// The query-side embedder for a model: the built-in one from the database, or null when the
// model is a remote one (the caller supplies it).
Result<std::shared_ptr<BuiltinEmbedder>> loadBuiltinEmbedder(const IndexStore &store, const QString &modelId);

} // namespace RepoLens
