#include "graphroute.h"

#include "core/store/indexstore.h"

#include <QSet>

namespace RepoLens {

Result<void> GraphRoute::run(QueryContext &ctx) const
{
    const QueryRoute &route = ctx.query.route;
    QString name = route.symbol;
    name.replace(QLatin1String("::"), QLatin1String(".")).replace(u'#', u'.');
    auto definitionsOf = [&ctx](const QString &qualified) {
        QList<SymbolRecord> found = ctx.store.symbols().withQualifiedName(qualified);
        if (found.isEmpty())
            found = ctx.store.symbols().named(qualified.section(u'.', -1));
        return found;
    };
    QList<SymbolRecord> defs = definitionsOf(name);
    // "who calls expired?": the name `expired?` when the index has it, else the question mark.
    if (defs.isEmpty() && name.endsWith(u'?') && ctx.store.symbols().refsNamed(name.section(u'.', -1), 1).isEmpty()) {
        name.chop(1);
        defs = definitionsOf(name);
    }
    const QString shortName = name.section(u'.', -1);
    ctx.response->graphSymbol = name;
    ctx.response->exhaustive = true;
    QSet<qint64> defIds;
    for (const SymbolRecord &s : std::as_const(defs))
        defIds.insert(s.id);
    QSet<qint64> added;
    auto addHit = [&](qint64 chunkId, const QString &reason, double score) {
        if (!chunkId)
            return;
        if (added.contains(chunkId)) {
            for (SearchHit &h : ctx.response->hits) {
                if (h.chunk.id == chunkId && h.reasons.size() < 20)
                    h.reasons << reason;
            }
            return;
        }
        auto rec = ctx.store.chunks().chunk(chunkId);
        if (!rec || !acceptsChunk(ctx.query.parsed.filters, *rec))
            return;
        added.insert(chunkId);
        SearchHit hit;
        hit.chunk = std::move(*rec);
        hit.scores.graph = score;
        hit.scores.final = score;
        hit.reasons << reason;
        ctx.response->hits.append(std::move(hit));
    };
    for (const SymbolRecord &s : std::as_const(defs))
        addHit(s.chunkId, QStringLiteral("defines `%1`").arg(s.qualifiedName), 1.0);
    if (route.kind == QueryRoute::Kind::Callers) {
        ctx.response->route = QStringLiteral("graph:callers");
        const QList<RefRecord> refs = ctx.store.symbols().refsNamed(shortName);
        int outside = 0;
        ctx.response->graphUsages = 0;
        for (const RefRecord &r : refs) {
            if (r.kind == RefKind::Import || r.kind == RefKind::Include)
                continue;
            // a reference resolved to another definition of the same name is not a usage
            if (r.toSymbolId && !defIds.isEmpty() && !defIds.contains(r.toSymbolId))
                continue;
            ++ctx.response->graphUsages;
            if (!r.fromChunkId) {
                ++outside;
                continue;
            }
            addHit(r.fromChunkId,
                   QStringLiteral("%1 `%2` at line %3").arg(refKindName(r.kind), r.name).arg(r.line), 0.5);
        }
        if (outside)
            ctx.response->notes << QStringLiteral("%1 usage(s) outside any chunk").arg(outside);
    } else {
        ctx.response->route = QStringLiteral("graph:callees");
        QStringList unresolved;
        for (const SymbolRecord &s : std::as_const(defs)) {
            for (const RefRecord &r : ctx.store.symbols().refsFromChunk(s.chunkId)) {
                if (r.kind != RefKind::Call && r.kind != RefKind::New)
                    continue;
                const auto target = r.toSymbolId ? ctx.store.symbols().symbol(r.toSymbolId) : std::nullopt;
                if (target && target->chunkId)
                    addHit(target->chunkId, QStringLiteral("called at %1:%2").arg(r.path).arg(r.line), 0.5);
                else if (!unresolved.contains(r.name))
                    unresolved << r.name;
            }
        }
        if (!unresolved.isEmpty())
            ctx.response->notes << QStringLiteral("calls outside the index or ambiguous: %1").arg(unresolved.join(QStringLiteral(", ")));
    }
    if (defs.isEmpty())
        ctx.response->notes << QStringLiteral("no definition named `%1` in the index").arg(name);
    return {};
}

} // namespace RepoLens
