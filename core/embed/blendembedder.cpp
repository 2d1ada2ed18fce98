#include "blendembedder.h"

#include <algorithm>
#include <cmath>

namespace RepoLens {

namespace {

const QLatin1String kBlendPrefix("blend1-");

} // namespace

BlendEmbedder::BlendEmbedder(std::shared_ptr<Embedder> first, std::shared_ptr<Embedder> second, double secondWeight)
    : m_first(std::move(first))
    , m_second(std::move(second))
    , m_secondWeight(std::clamp(secondWeight, 0.0, 1.0))
    , m_modelId(blendModelId({m_first->modelId(), m_second->modelId(), m_secondWeight}))
{
}

QString BlendEmbedder::blendModelId(const Parts &parts)
{
    // blend1-<w in hundredths>-<first>+<second>; neither part's id holds a '+'
    return kBlendPrefix + QString::number(qRound(parts.secondWeight * 100)) + u'-' + parts.first + u'+' + parts.second;
}

std::optional<BlendEmbedder::Parts> BlendEmbedder::partsOf(const QString &modelId)
{
    if (!modelId.startsWith(kBlendPrefix))
        return std::nullopt;
    const QString rest = modelId.mid(kBlendPrefix.size());
    const qsizetype dash = rest.indexOf(u'-');
    const qsizetype plus = rest.indexOf(u'+');
    if (dash <= 0 || plus <= dash + 1 || plus == rest.size() - 1)
        return std::nullopt;
    bool ok = false;
    const int hundredths = rest.left(dash).toInt(&ok);
    if (!ok || hundredths < 0 || hundredths > 100)
        return std::nullopt;
    return Parts{rest.mid(dash + 1, plus - dash - 1), rest.mid(plus + 1), hundredths / 100.0};
}

bool BlendEmbedder::isBlendModel(const QString &modelId)
{
    return partsOf(modelId).has_value();
}

EmbeddingVector BlendEmbedder::blend(const EmbeddingVector &first, const EmbeddingVector &second, double secondWeight)
{
    if (first.empty() || second.empty())
        return {};
    const float a = float(std::sqrt(1.0 - secondWeight));
    const float b = float(std::sqrt(secondWeight));
    EmbeddingVector out;
    out.reserve(first.size() + second.size());
    for (float x : first)
        out.push_back(a * x);
    for (float x : second)
        out.push_back(b * x);
    normaliseVector(out); // (a unit already when both parts are; an all-zero part stays zero)
    return out;
}

int BlendEmbedder::dimension() const
{
    const int a = m_first->dimension();
    const int b = m_second->dimension();
    return a > 0 && b > 0 ? a + b : 0;
}

Result<QList<EmbeddingVector>> BlendEmbedder::embed(const QStringList &texts, EmbedPurpose purpose,
                                                    const std::atomic_bool *cancel)
{
    auto a = m_first->embed(texts, purpose, cancel);
    if (!a)
        return a.error();
    auto b = m_second->embed(texts, purpose, cancel);
    if (!b)
        return b.error();
    if (a->size() != texts.size() || b->size() != texts.size())
        return makeError(ErrorCode::Corrupt, QStringLiteral("a blended view returned %1 and %2 vectors for %3 texts")
                                                  .arg(a->size()).arg(b->size()).arg(texts.size()));
    QList<EmbeddingVector> out;
    out.reserve(texts.size());
    for (qsizetype i = 0; i < texts.size(); ++i)
        out << blend(a->at(i), b->at(i), m_secondWeight);
    return out;
}

} // namespace RepoLens
