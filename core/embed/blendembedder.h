#pragma once

#include "embedder.h"

#include <memory>
#include <optional>

namespace RepoLens {

// Two local views of a text side by side: the built-in embedder (fitted on the folder) and a
// static model (learned elsewhere). The vector is the two unit vectors concatenated, scaled by
// sqrt(1 - w) and sqrt(w), so that the cosine of two blended vectors is (1 - w) times the first
// views' cosine plus w times the second's. The model id names both parts and w.
class BlendEmbedder : public Embedder
{
public:
    struct Parts
    {
        QString first;
        QString second;
        double secondWeight = 0.5;
    };

    BlendEmbedder(std::shared_ptr<Embedder> first, std::shared_ptr<Embedder> second, double secondWeight);

    static QString blendModelId(const Parts &parts);
    // The parts a blend's model id names, if it is one.
    static std::optional<Parts> partsOf(const QString &modelId);
    static bool isBlendModel(const QString &modelId);
    // Two unit vectors into one blended unit vector (empty when either is empty).
    static EmbeddingVector blend(const EmbeddingVector &first, const EmbeddingVector &second, double secondWeight);

    QString modelId() const override { return m_modelId; }
    int dimension() const override;
    bool isLocal() const override { return m_first->isLocal() && m_second->isLocal(); }
    int batchSize() const override { return std::min(m_first->batchSize(), m_second->batchSize()); }
    Result<QList<EmbeddingVector>> embed(const QStringList &texts, EmbedPurpose purpose,
                                         const std::atomic_bool *cancel = nullptr) override;

    const std::shared_ptr<Embedder> &first() const { return m_first; }
    const std::shared_ptr<Embedder> &second() const { return m_second; }

private:
    std::shared_ptr<Embedder> m_first;
    std::shared_ptr<Embedder> m_second;
    double m_secondWeight;
    QString m_modelId;
};

} // namespace RepoLens
