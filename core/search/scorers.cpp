#include "scorers.h"

#include "core/store/indexstore.h"

#include <algorithm>
#include <functional>

namespace RepoLens {

Result<void> Fusion::run(QueryContext &ctx) const
{
    const Tuning &tune = ctx.tuning;
    double best = 0;
    double bestVector = 0;
    for (const Candidate &c : std::as_const(ctx.candidates)) {
        best = std::max(best, c.scores.bm25);
        if (!ctx.queryVector.empty())
            bestVector = std::max(bestVector, c.scores.vector);
    }
    for (Candidate &c : ctx.candidates) {
        c.scores.bm25 = best > 0 ? c.scores.bm25 / best : 0;
        const double vec = bestVector > 0 ? std::max(0.0, c.scores.vector) / bestVector : 0.0;
        if (tune.fusion == 1) {
            double rrf = 0;
            if (c.scores.bm25Rank > 0)
                rrf += 1.0 / (tune.rrfK + c.scores.bm25Rank);
            if (c.scores.vectorRank > 0)
                rrf += tune.vectorWeight / (tune.rrfK + c.scores.vectorRank);
            // scaled so the best possible BM25-only score is 1, like the weighted mix
            c.base = rrf * (tune.rrfK + 1) + c.scores.symbol;
        } else {
            c.base = c.scores.bm25 + tune.vectorWeight * vec + c.scores.symbol;
        }
    }
    return {};
}

Result<void> FileEvidence::run(QueryContext &ctx) const
{
    const Tuning &tune = ctx.tuning;
    QHash<QString, QList<double>> fileScores;
    for (const Candidate &c : std::as_const(ctx.candidates))
        fileScores[c.path].append(c.base);
    for (auto it = fileScores.begin(); it != fileScores.end(); ++it)
        std::sort(it->begin(), it->end(), std::greater<>());
    double top = -1e300, bottom = 1e300;
    for (Candidate &c : ctx.candidates) {
        const QList<double> &scores = fileScores.value(c.path);
        double others = 0;
        int counted = 0;
        bool skippedSelf = false;
        for (double s : scores) {
            if (!skippedSelf && s == c.base) {
                skippedSelf = true;
                continue;
            }
            if (counted++ >= tune.fileChunks)
                break;
            others += s;
        }
        c.scores.file = tune.fileWeight * others / std::max(1, tune.fileChunks);
        const QString stem = c.path.section(u'/', -1).section(u'.', 0, 0).toLower();
        c.scores.path = 0;
        if (!stem.isEmpty() && ctx.query.termSet.contains(stem)) {
            c.scores.path = tune.pathBonus;
            c.reasons << QStringLiteral("file name matches `%1`").arg(stem);
        }
        c.scores.final = c.base + c.scores.file + c.scores.path;
        top = std::max(top, c.scores.final);
        bottom = std::min(bottom, c.scores.final);
    }
    ctx.range = ctx.candidates.isEmpty() ? 0.0 : std::max(1e-9, top - bottom);
    return {};
}

Result<void> FilePrior::run(QueryContext &ctx) const
{
    if (ctx.candidates.isEmpty())
        return {};
    const FileQuality &files = ctx.caches.files();
    for (Candidate &c : ctx.candidates) {
        c.scores.prior = ctx.tuning.priorCap * ctx.range * files.percentile.value(c.fileId, 0.0);
        const FileClass fc = files.fileClass.value(c.fileId, FileClass::Normal);
        if (fc != FileClass::Normal && !queryAsksFor(fc, ctx.query.asked)) {
            c.scores.prior -= ctx.tuning.demote * ctx.range;
            c.reasons << QStringLiteral("demoted: %1").arg(fileClassName(fc));
        }
        c.scores.final += c.scores.prior;
    }
    return {};
}

Result<void> GraphPrior::run(QueryContext &ctx) const
{
    if (ctx.candidates.isEmpty())
        return {};
    const CodeGraph &graph = ctx.caches.graph();
    QHash<int, double> ppr;
    double pprMax = 0;
    if (!ctx.symbolSeeds.isEmpty() && !graph.isEmpty()) {
        std::vector<int> seeds;
        for (qint64 id : std::as_const(ctx.symbolSeeds)) {
            const int n = graph.nodeOf(id);
            if (n >= 0)
                seeds.push_back(n);
        }
        std::sort(seeds.begin(), seeds.end()); // the push order must not depend on hashing
        if (!seeds.empty()) {
            ppr = graph.localPagerank(seeds);
            for (const Candidate &c : std::as_const(ctx.candidates)) {
                const int n = graph.nodeOf(c.chunkId);
                if (n >= 0 && !ctx.symbolSeeds.contains(c.chunkId))
                    pprMax = std::max(pprMax, ppr.value(n));
            }
        }
    }
    for (Candidate &c : ctx.candidates) {
        double g = graph.filePagerankPercentile(c.fileId);
        if (pprMax > 0) {
            const int n = graph.nodeOf(c.chunkId);
            const double p = n >= 0 && !ctx.symbolSeeds.contains(c.chunkId) ? ppr.value(n) / pprMax : 0.0;
            g = 0.5 * g + 0.5 * p;
        }
        c.scores.graph = ctx.tuning.graphCap * ctx.range * g;
        c.scores.final += c.scores.graph;
    }
    return {};
}

Result<void> GraphExpansion::run(QueryContext &ctx) const
{
    const Tuning &tune = ctx.tuning;
    if (ctx.candidates.isEmpty() || tune.expand <= 0 || tune.expandFrom <= 0)
        return {};
    const CodeGraph &graph = ctx.caches.graph();
    const QList<Candidate *> order = ctx.candidates.order();
    QList<Candidate> expansions;
    QSet<qint64> expanded;
    for (qsizetype i = 0; i < std::min<qsizetype>(tune.expandFrom, order.size()); ++i) {
        const Candidate &parent = *order.at(i);
        const int n = graph.nodeOf(parent.chunkId);
        if (n < 0)
            continue;
        auto consider = [&](int m, const QString &why) {
            const qint64 id = graph.chunkOf(m);
            if (ctx.candidates.contains(id) || expanded.contains(id))
                return;
            expanded.insert(id);
            Candidate e;
            e.chunkId = id;
            e.scores.final = parent.scores.final * tune.expand;
            e.scores.graph = e.scores.final;
            e.reasons << why.arg(ctx.candidates.headerOrEmpty(parent.chunkId).qualifiedName);
            expansions.append(e);
        };
        const auto &callees = graph.callees(n);
        const auto &callers = graph.callers(n);
        for (size_t j = 0; j < std::min<size_t>(callees.size(), 8); ++j)
            consider(callees[j], QStringLiteral("called by `%1`"));
        for (size_t j = 0; j < std::min<size_t>(callers.size(), 8); ++j)
            consider(callers[j], QStringLiteral("calls `%1`"));
    }
    QList<qint64> ids;
    for (const Candidate &e : std::as_const(expansions))
        ids.append(e.chunkId);
    for (const Candidate &e : std::as_const(expansions))
        ctx.candidates[e.chunkId] = e;
    ctx.candidates.loadHeaders(ctx.store.chunks(), ids, ctx.query.parsed.filters);
    return {};
}

} // namespace RepoLens
