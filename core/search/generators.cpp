#include "generators.h"

#include "core/store/indexstore.h"

#include <algorithm>
#include <cmath>

namespace RepoLens {

namespace {

QString quoteTerm(const QString &t)
{
    return u'"' + QString(t).replace(u'"', QLatin1String("\"\"")) + u'"';
}

} // namespace

QString KeywordGenerator::matchExpression(const QStringList &terms)
{
    QStringList quoted;
    for (const QString &t : terms)
        quoted << quoteTerm(t);
    return quoted.join(QStringLiteral(" OR "));
}

QStringList KeywordGenerator::specificTerms(const QStringList &terms, const QHash<QString, int> &counts,
                                           const QHash<QString, int> &documentFrequencies, int chunks, int limit)
{
    QList<QPair<double, QString>> scored;
    for (const QString &t : terms) {
        const int df = documentFrequencies.value(t);
        if (df <= 0)
            continue; // not in the index: matches nothing
        const double idf = std::log((chunks + 1.0) / (df + 0.5));
        scored.append({-std::sqrt(double(std::max(1, counts.value(t)))) * idf, t});
    }
    std::stable_sort(scored.begin(), scored.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    QStringList out;
    for (qsizetype i = 0; i < std::min<qsizetype>(limit, scored.size()); ++i)
        out << scored.at(i).second;
    return out;
}

Result<void> KeywordGenerator::run(QueryContext &ctx) const
{
    if (ctx.query.terms.isEmpty())
        return {};
    QStringList terms = ctx.query.terms;
    if (ctx.query.report && ctx.tuning.reportTerms <= 0) {
        terms = terms.mid(0, 40);
    } else if (ctx.query.report) {
        // A report names hundreds of words: the most specific ones, weighted by how often the
        // report uses them.
        terms = specificTerms(terms, ctx.query.termCounts, ctx.store.chunks().termDocumentFrequencies(terms),
                              ctx.store.chunks().count(), ctx.tuning.reportTerms);
        if (terms.isEmpty())
            return {};
    }
    const int fetch = ctx.filtered() ? ctx.options.candidates * 4 : ctx.options.candidates;
    auto hits = ctx.store.chunks().searchTerms(terms, fetch);
    if (!hits)
        return hits.error();
    int rank = 0;
    for (const FtsHit &h : std::as_const(*hits)) {
        Candidate &c = ctx.candidates[h.chunkId];
        c.scores.bm25 = h.score;
        c.scores.bm25Rank = ++rank;
    }
    return {};
}

VectorGenerator::VectorGenerator(std::shared_ptr<Embedder> embedder, std::shared_ptr<VectorIndex> index)
    : m_embedder(std::move(embedder))
    , m_index(std::move(index))
{
}

Result<void> VectorGenerator::run(QueryContext &ctx) const
{
    const QueryAnalysis &q = ctx.query;
    const QString text = q.terms.isEmpty() ? q.parsed.text : q.terms.join(u' ') + u' ' + q.parsed.identifiers.join(u' ');
    auto v = m_embedder->embed({text}, EmbedPurpose::Query, ctx.cancel);
    if (v && !v->isEmpty() && !v->first().empty()) {
        ctx.queryVector = v->first();
        const int k = ctx.filtered() ? ctx.options.vectorCandidates * 4 : ctx.options.vectorCandidates;
        const QList<VectorHit> hits = m_index->search(ctx.queryVector, k);
        int rank = 0;
        for (const VectorHit &h : hits) {
            Candidate &c = ctx.candidates[h.label];
            c.scores.vector = h.similarity;
            c.scores.vectorRank = ++rank;
        }
    } else if (!v) {
        ctx.note(QStringLiteral("query embedding failed: %1").arg(v.error().message));
        ctx.response->route = QStringLiteral("keyword");
    }
    return {};
}

Result<void> SymbolGenerator::run(QueryContext &ctx) const
{
    int symbolHits = 0;
    for (const QString &name : std::as_const(ctx.query.symbolNames)) {
        // (counted first: the definitions of a common name are many to read and sort)
        if (ctx.store.symbols().countNamed(name, 50) >= 50)
            continue; // too common to tell anything
        const QList<SymbolRecord> symbols = ctx.store.symbols().named(name, 50);
        for (const SymbolRecord &s : symbols) {
            if (!s.chunkId)
                continue;
            Candidate &c = ctx.candidates[s.chunkId];
            const double bonus = ctx.tuning.symbolBonus / std::max<qsizetype>(1, symbols.size() > 3 ? 2 : 1);
            if (c.scores.symbol < bonus) {
                c.scores.symbol = bonus;
                c.reasons << QStringLiteral("defines `%1`").arg(name);
            }
            ctx.symbolSeeds.insert(s.chunkId);
            ++symbolHits;
        }
    }
    if (symbolHits > 0 && ctx.response->route == QLatin1String("keyword"))
        ctx.response->route = QStringLiteral("keyword+symbol");
    return {};
}

Result<void> HeaderFilter::run(QueryContext &ctx) const
{
    ctx.candidates.loadHeaders(ctx.store.chunks(), ctx.candidates.ids(), ctx.query.parsed.filters);
    return {};
}

VectorScorer::VectorScorer(std::shared_ptr<VectorIndex> index)
    : m_index(std::move(index))
{
}

Result<void> VectorScorer::run(QueryContext &ctx) const
{
    if (ctx.queryVector.empty())
        return {};
    const QList<qint64> ids = ctx.candidates.ids();
    const QList<float> sims = m_index->similarities(ctx.queryVector, ids);
    for (qsizetype i = 0; i < ids.size(); ++i) {
        if (!std::isnan(sims.at(i)))
            ctx.candidates[ids.at(i)].scores.vector = sims.at(i);
    }
    return {};
}

} // namespace RepoLens
