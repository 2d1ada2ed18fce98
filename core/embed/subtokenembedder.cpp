#include "subtokenembedder.h"

#include "builtinembedder.h"

#include <cmath>
#include <string>
#include <unordered_map>

namespace RepoLens {

namespace {

const QLatin1String kSubtokenPrefix("subtokens1-");

quint64 subtokenSplitMix(quint64 x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

quint64 subtokenHash(const std::string &term)
{
    quint64 h = 0xcbf29ce484222325ull;
    for (unsigned char c : term) {
        h ^= c;
        h *= 0x100000001b3ull;
    }
    return h;
}

QString subtokenWeightName(SubtokenEmbedder::TermWeight w)
{
    switch (w) {
    case SubtokenEmbedder::TermWeight::Raw:
        return QStringLiteral("raw");
    case SubtokenEmbedder::TermWeight::Log:
        return QStringLiteral("log");
    case SubtokenEmbedder::TermWeight::Binary:
        return QStringLiteral("bin");
    }
    return {};
}

} // namespace

SubtokenEmbedder::SubtokenEmbedder(Options options)
    : m_options(options)
{
    m_options.dimension = std::clamp((m_options.dimension + 63) / 64 * 64, 64, 4096);
}

SubtokenEmbedder::Options SubtokenEmbedder::optionsFromEnvironment()
{
    Options o;
    for (const QString &kv : qEnvironmentVariable("REPOLENS_SUBTOKENS").split(u',', Qt::SkipEmptyParts)) {
        const QString k = kv.section(u'=', 0, 0).trimmed();
        const QString v = kv.section(u'=', 1).trimmed();
        if (k == QLatin1String("dim"))
            o.dimension = v.toInt();
        for (TermWeight w : {TermWeight::Raw, TermWeight::Log, TermWeight::Binary}) {
            if (k == QLatin1String("weight") && v == subtokenWeightName(w))
                o.weight = w;
        }
    }
    return o;
}

bool SubtokenEmbedder::isSubtokenModel(const QString &modelId)
{
    return optionsFromModelId(modelId).has_value();
}

std::optional<SubtokenEmbedder::Options> SubtokenEmbedder::optionsFromModelId(const QString &modelId)
{
    if (!modelId.startsWith(kSubtokenPrefix))
        return std::nullopt;
    const QStringList parts = modelId.mid(kSubtokenPrefix.size()).split(u'-');
    if (parts.size() != 2)
        return std::nullopt;
    bool ok = false;
    Options o;
    o.dimension = parts[0].toInt(&ok);
    if (!ok || o.dimension < 64 || o.dimension > 4096 || o.dimension % 64 != 0)
        return std::nullopt;
    for (TermWeight w : {TermWeight::Raw, TermWeight::Log, TermWeight::Binary}) {
        if (parts[1] == subtokenWeightName(w)) {
            o.weight = w;
            return o;
        }
    }
    return std::nullopt;
}

QString SubtokenEmbedder::modelId() const
{
    return kSubtokenPrefix + QString::number(m_options.dimension) + u'-' + subtokenWeightName(m_options.weight);
}

EmbeddingVector SubtokenEmbedder::embedOne(const QString &text) const
{
    std::unordered_map<std::string, int> counts;
    BuiltinEmbedder::forEachCodeTerm(text.toUtf8(), [&](const std::string &t) { ++counts[t]; });
    const int dim = m_options.dimension;
    std::vector<double> sum(size_t(dim), 0.0);
    for (const auto &[term, count] : counts) {
        double w = 1.0;
        if (m_options.weight == TermWeight::Raw)
            w = count;
        else if (m_options.weight == TermWeight::Log)
            w = 1.0 + std::log(double(count));
        const quint64 seed = subtokenHash(term);
        for (int block = 0; block < dim / 64; ++block) {
            const quint64 bits = subtokenSplitMix(seed + quint64(block));
            for (int b = 0; b < 64; ++b)
                sum[size_t(block * 64 + b)] += (bits >> b) & 1 ? w : -w;
        }
    }
    EmbeddingVector v(size_t(dim), 0.0f);
    for (int k = 0; k < dim; ++k)
        v[size_t(k)] = float(sum[size_t(k)]);
    normaliseVector(v);
    return v;
}

Result<QList<EmbeddingVector>> SubtokenEmbedder::embed(const QStringList &texts, EmbedPurpose purpose,
                                                       const std::atomic_bool *cancel)
{
    Q_UNUSED(purpose);
    QList<EmbeddingVector> out;
    out.reserve(texts.size());
    for (const QString &t : texts) {
        if (cancel && cancel->load(std::memory_order_relaxed))
            return makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"));
        out.append(embedOne(t));
    }
    return out;
}

} // namespace RepoLens
