#pragma once

#include "embedder.h"

#include <QHash>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace RepoLens {

struct BuiltinEmbedderOptions
{
    int dimension = 64;         // latent dimensions kept (measured: 32 < 64 > 96 > 128 > 256)
    int maxVocabulary = 50000;  // most frequent terms (by document frequency) kept
    int minDocFrequency = 2;    // a term seen in one chunk only says nothing about others
    double maxDocShare = 0.25;  // terms in more than this share of chunks are noise (self, return)
    int sampleChunks = 40000;   // chunks the SVD is fitted on (all are folded in)
    // Distinct chunks above which the vocabulary and its IDF come from a sample of this many
    // (every stride-th in content order) and every chunk is folded in while it is read again,
    // so that the fit's memory does not grow with the repository.
    int vocabularySample = 200000;
    int oversample = 16;
    int powerIterations = 1;    // 2 measured no better on the dev eval, and slower
    double sigmaPower = 0.5;    // weight of latent dimension j: sigma_j ^ sigmaPower
    quint64 seed = 0x5245504f4c454e53ull;
    int threads = 0;            // 0 = one per core
    int foldBlock = 4096;       // chunks folded in at once while the next are read (foldInCorpus)
};

// The built-in, offline embedder: latent semantic analysis of this repository. Chunks are
// bags of code-aware terms (identifiers whole and split on camelCase / snake_case, lightly
// stemmed) weighted by sublinear TF x IDF; a randomized truncated SVD of the chunk-term matrix
// gives every term a dense vector, and a text's vector is the weighted sum of its terms'
// vectors (the classic LSA fold-in). Terms that co-occur across the codebase end up close, so a
// question can match code that shares few of its words. It knows only this repository's
// vocabulary: no model is downloaded, nothing leaves the machine.
class BuiltinEmbedder : public Embedder
{
public:
    ~BuiltinEmbedder() override;

    // Fits a model on every chunk of the index (on a sample of vocabularySample of them when
    // there are more). When fitted is given it receives the vector of every chunk seen, by
    // content hash (saves folding them in again); it stays empty after a sampled fit: then
    // foldInCorpus() gives them.
    static Result<std::unique_ptr<BuiltinEmbedder>> fit(const IndexStore &store, const BuiltinEmbedderOptions &options,
                                                        const std::atomic_bool *cancel = nullptr,
                                                        QHash<QByteArray, EmbeddingVector> *fitted = nullptr);
    // Every distinct chunk's vector (as embed() computes it), read in content order and folded
    // in on `threads` threads, handed to `sink` in blocks of `block` with its content hash (in
    // the order read; a block is folded while the next is read). Stops at the first error of
    // `sink`, or with Cancelled.
    using VectorSink = std::function<Result<void>(const QList<QPair<QByteArray, EmbeddingVector>> &block)>;
    Result<void> foldInCorpus(const IndexStore &store, int threads, const std::atomic_bool *cancel,
                              const VectorSink &sink, int block = 4096) const;
    static Result<std::unique_ptr<BuiltinEmbedder>> fromData(const QByteArray &data);
    QByteArray data() const;

    static bool isBuiltinModel(const QString &modelId);

    QString modelId() const override;
    int dimension() const override;
    bool isLocal() const override { return true; }
    int batchSize() const override { return 512; }
    Result<QList<EmbeddingVector>> embed(const QStringList &texts, EmbedPurpose purpose,
                                         const std::atomic_bool *cancel = nullptr) override;

    int vocabularySize() const;
    // The normalised latent vector of one term (as the tokenizer produces it), if known.
    std::optional<EmbeddingVector> termVector(const QString &term) const;
    // The distinct known terms of a text (tokenized, stemmed), at most maxTerms.
    QStringList terms(const QString &text, int maxTerms = 1000) const;

    // The tokenizer shared by fitting, embedding and the local reranker.
    static QStringList tokenize(QStringView text);
    // The same terms, one call each, without making strings (the sub-token view uses it).
    static void forEachCodeTerm(QByteArrayView utf8, const std::function<void(const std::string &)> &f);
    // A 64-bit hash of each of those terms, appended in order (the lexical view's bags).
    static void appendCodeTermHashes(QByteArrayView utf8, std::vector<quint64> *out);

private:
    BuiltinEmbedder();
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace RepoLens
