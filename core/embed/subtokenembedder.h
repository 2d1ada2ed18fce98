#pragma once

#include "embedder.h"

#include <memory>
#include <optional>

namespace RepoLens {

// The untrained lexical view: a text is the bag of its code-aware terms (the built-in embedder's
// tokenizer: identifiers whole and split on camelCase / snake_case, lowercased, plurals stemmed,
// numbers and a few stop words dropped), each term a fixed pseudo-random +-1 vector derived from
// the term itself, summed with a term-frequency weight and L2-normalised. Two such vectors have
// (up to the projection's noise, ~1/sqrt(dimension) per pair of terms) the cosine of the two
// weighted bags of terms: a length-normalised bag-of-sub-tokens similarity in a dense vector.
// Nothing is fitted or stored: the model id says everything needed to rebuild it.
class SubtokenEmbedder : public Embedder
{
public:
    enum class TermWeight { Raw, Log, Binary };
    struct Options
    {
        int dimension = 256;
        TermWeight weight = TermWeight::Log;
    };

    explicit SubtokenEmbedder(Options options);
    // Options{} changed by REPOLENS_SUBTOKENS="dim=512,weight=raw|log|bin" (experiments only).
    static Options optionsFromEnvironment();
    // The embedder a model id names ("subtokens1-256-log"), if it is one.
    static std::optional<Options> optionsFromModelId(const QString &modelId);
    static bool isSubtokenModel(const QString &modelId);

    QString modelId() const override;
    int dimension() const override { return m_options.dimension; }
    bool isLocal() const override { return true; }
    int batchSize() const override { return 512; }
    Result<QList<EmbeddingVector>> embed(const QStringList &texts, EmbedPurpose purpose,
                                         const std::atomic_bool *cancel = nullptr) override;

    EmbeddingVector embedOne(const QString &text) const;

private:
    Options m_options;
};

} // namespace RepoLens
