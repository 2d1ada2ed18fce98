#pragma once

#include "embedder.h"

#include <memory>
#include <vector>

namespace RepoLens {

// What a loaded static model is.
struct StaticModelInfo
{
    QString folder;
    QString tokenizerModel;   // "WordPiece" or "Unigram"
    QString dtype;            // of the embedding table: F32, F16, BF16, I8, F64
    int dimension = 0;
    int rows = 0;             // embedding table rows (clusters when a mapping is present)
    int vocabulary = 0;       // token ids the tokenizer can give
    bool hasWeights = false;  // per-token weights
    bool hasMapping = false;  // token -> row mapping (vocabulary quantization)
    bool normalize = false;   // config.json "normalize"
    int maxLength = 512;      // tokens per text (config "max_length"; -1: no limit)
    int medianTokenLength = 0;
};

// A static embedding model in the model2vec format (MinishLab's potion-* models and anything
// saved by model2vec): a folder with config.json, tokenizer.json (WordPiece or Unigram) and
// model.safetensors (`embeddings` [rows, dim] in F32/F16/BF16/I8/F64, optional F64/F32 `weights`
// [vocabulary] and I32/I64 `mapping` [vocabulary]); the sentence-transformers layouts
// (config_sentence_transformers.json, `embedding.weight`, 0_StaticEmbedding/) are read too.
// A text's vector is the mean of its tokens' rows, each times its weight, as
// model2vec.StaticModel.encode computes it: the text cut to max_length x median token length
// characters, tokenized without special tokens, cut to max_length tokens, [UNK] dropped.
// Runs on the CPU, needs no server and sends nothing anywhere. The model id is derived from the
// three files' content, so vectors of another model (or another version of one) never mix.
class StaticEmbedder : public Embedder
{
public:
    ~StaticEmbedder() override;

    // Loads the model in a folder, checking everything (a malformed file gives an error, never
    // a crash). The same folder, unchanged, is loaded once per process.
    static Result<std::shared_ptr<StaticEmbedder>> load(const QString &folder);
    static Result<std::unique_ptr<StaticEmbedder>> loadUncached(const QString &folder);
    // The model from the three files' contents (the fuzz target's entry point).
    static Result<std::unique_ptr<StaticEmbedder>> fromData(const QByteArray &config, const QByteArray &tokenizer,
                                                            QByteArray safetensors, const QString &folder = {});

    // A quick check of a folder (for a settings dialog): the config and the tokenizer are read,
    // of model.safetensors only the header; the tensors' types and shapes are checked against
    // the vocabulary. load() checks the rest (values, mapping).
    static Result<StaticModelInfo> inspect(const QString &folder);

    static bool isStaticModel(const QString &modelId);

    // model2vec's encode(text): normalised only when the model's config says so.
    EmbeddingVector encode(const QString &text) const;
    // The token ids encode() averages (after the cuts, without [UNK]).
    std::vector<int> tokenIds(const QString &text) const;
    const StaticModelInfo &info() const;

    QString modelId() const override;
    int dimension() const override;
    bool isLocal() const override { return true; }
    int batchSize() const override { return 256; }
    // Always L2-normalised (cosine is the metric these models are made for).
    Result<QList<EmbeddingVector>> embed(const QStringList &texts, EmbedPurpose purpose,
                                         const std::atomic_bool *cancel = nullptr) override;

private:
    StaticEmbedder();
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace RepoLens
