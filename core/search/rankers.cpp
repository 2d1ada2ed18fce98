#include "rankers.h"

#include "reranker.h"
#include "searchtypes.h"

#include "core/store/indexstore.h"

#include <QHash>

#include <algorithm>
#include <cmath>

namespace RepoLens {

RerankStage::RerankStage(std::shared_ptr<Reranker> reranker, RerankMode mode)
    : m_reranker(std::move(reranker))
    , m_mode(mode)
{
}

Result<void> RerankStage::run(QueryContext &ctx) const
{
    if (ctx.candidates.isEmpty())
        return {};
    if (!m_reranker) {
        ctx.note(QStringLiteral("re-ranker '%1' is not configured").arg(rerankModeName(m_mode)));
        return {};
    }
    const QList<Candidate *> order = ctx.candidates.order();
    const qsizetype depth = std::min<qsizetype>(ctx.options.rerankDepth, order.size());
    QList<ChunkRecord> chunks;
    for (qsizetype i = 0; i < depth; ++i) {
        const qint64 id = order.at(i)->chunkId;
        chunks.append(ctx.store.chunks().chunk(id).value_or(ctx.candidates.headerOrEmpty(id)));
    }
    auto scores = m_reranker->score(ctx.query.parsed.text, chunks, ctx.cancel);
    if (!scores) {
        ctx.note(QStringLiteral("re-ranking failed: %1").arg(scores.error().message));
        return {};
    }
    double lo = 1e300, hi = -1e300;
    for (double s : *scores) {
        lo = std::min(lo, s);
        hi = std::max(hi, s);
    }
    const double span = hi > lo ? hi - lo : 1.0;
    for (qsizetype i = 0; i < depth; ++i) {
        Candidate &c = *order.at(i);
        c.scores.rerank = (scores->at(i) - lo) / span;
        c.scores.final += ctx.tuning.rerankWeight * ctx.range * c.scores.rerank;
    }
    ctx.response->route += QStringLiteral("+rerank");
    return {};
}

Result<void> Diversity::run(QueryContext &ctx) const
{
    // Greedy: the next hit is the best candidate once each file's earlier picks have cost it
    // `decay` per pick (decay 1: plain order), never more than maxPerFile from one file.
    const QList<Candidate *> ranked = ctx.candidates.order();
    const double decay = ctx.tuning.decay;
    QHash<QString, int> perFile;
    QList<bool> taken(ranked.size(), false);
    while (ctx.response->hits.size() < ctx.options.topK) {
        qsizetype best = -1;
        double bestScore = 0;
        for (qsizetype i = 0; i < ranked.size(); ++i) {
            if (taken.at(i))
                continue;
            const Candidate &c = *ranked.at(i);
            // The list is in falling order and a pick only ever costs: once a candidate's own
            // score cannot beat the best so far (a non-negative one), no later one can.
            if (best >= 0 && bestScore >= 0 && decay <= 1.0 && c.scores.final <= bestScore)
                break;
            const int n = perFile.value(c.path);
            if (ctx.options.maxPerFile > 0 && n >= ctx.options.maxPerFile)
                continue;
            const double score = n == 0 || decay >= 1.0 ? c.scores.final : c.scores.final * std::pow(decay, n);
            if (best < 0 || score > bestScore) { // ties keep the ranked (path, line) order
                best = i;
                bestScore = score;
            }
            if (decay >= 1.0)
                break; // plain order: the first free one is the best
        }
        if (best < 0)
            break;
        taken[best] = true;
        const Candidate &c = *ranked.at(best);
        ++perFile[c.path];
        SearchHit hit;
        hit.chunk = ctx.store.chunks().chunk(c.chunkId).value_or(ctx.candidates.headerOrEmpty(c.chunkId));
        hit.scores = c.scores;
        hit.scores.final = bestScore;
        hit.reasons = c.reasons;
        if (c.scores.titleRank > 0)
            hit.reasons.prepend(QStringLiteral("title keyword rank %1").arg(c.scores.titleRank));
        if (c.scores.vectorRank > 0)
            hit.reasons.prepend(QStringLiteral("vector rank %1").arg(c.scores.vectorRank));
        if (c.scores.bm25Rank > 0)
            hit.reasons.prepend(QStringLiteral("keyword rank %1").arg(c.scores.bm25Rank));
        if (bestScore < c.scores.final)
            hit.reasons << QStringLiteral("chunk %1 of its file: x%2").arg(perFile.value(c.path)).arg(bestScore / c.scores.final, 0, 'g', 2);
        ctx.response->hits.append(std::move(hit));
    }
    return {};
}

QList<qsizetype> groupedByFile(const QStringList &paths)
{
    QList<qsizetype> order;
    order.reserve(paths.size());
    QHash<QString, qsizetype> firstOf; // a file -> its place in `files`
    QList<QList<qsizetype>> files;
    for (qsizetype i = 0; i < paths.size(); ++i) {
        auto it = firstOf.constFind(paths.at(i));
        if (it == firstOf.constEnd()) {
            it = firstOf.insert(paths.at(i), files.size());
            files.append(QList<qsizetype>());
        }
        files[*it].append(i);
    }
    for (const QList<qsizetype> &f : files)
        order += f;
    return order;
}

} // namespace RepoLens
