#include "reports.h"

#include "core/search/usages.h"
#include "core/store/indexstore.h"

#include <QJsonArray>
#include <QSet>

using namespace Qt::StringLiterals;

namespace RepoLens {

QJsonObject searchHitJson(const SearchHit &hit)
{
    QJsonObject scores{{u"bm25"_s, hit.scores.bm25},     {u"bm25_rank"_s, hit.scores.bm25Rank},
                       {u"vector"_s, hit.scores.vector}, {u"vector_rank"_s, hit.scores.vectorRank},
                       {u"lexical"_s, hit.scores.lexical},
                       {u"symbol"_s, hit.scores.symbol}, {u"file"_s, hit.scores.file},
                       {u"path"_s, hit.scores.path},     {u"prior"_s, hit.scores.prior},
                       {u"graph"_s, hit.scores.graph},   {u"rerank"_s, hit.scores.rerank},
                       {u"title"_s, hit.scores.title},   {u"title_rank"_s, hit.scores.titleRank},
                       {u"mention"_s, hit.scores.mention},
                       {u"final"_s, hit.scores.final}};
    if (hit.scores.remoteRank > 0) {
        scores.insert(u"remote"_s, hit.scores.remote);
        scores.insert(u"remote_rank"_s, hit.scores.remoteRank);
    }
    return QJsonObject{{u"path"_s, hit.chunk.path},
                       {u"start_line"_s, hit.chunk.startLine},
                       {u"end_line"_s, hit.chunk.endLine},
                       {u"kind"_s, chunkKindName(hit.chunk.kind)},
                       {u"symbol"_s, hit.chunk.qualifiedName},
                       {u"language"_s, languageName(hit.chunk.language)},
                       {u"score"_s, hit.scores.final},
                       {u"scores"_s, scores},
                       {u"reasons"_s, QJsonArray::fromStringList(hit.reasons)}};
}

QJsonObject remoteHitJson(const RemoteHit &hit)
{
    QJsonObject obj{{u"engine"_s, hit.engine},
                    {u"repository"_s, hit.repository},
                    {u"path"_s, hit.path},
                    {u"start_line"_s, hit.startLine},
                    {u"end_line"_s, hit.endLine},
                    {u"line"_s, hit.line},
                    {u"language"_s, hit.language},
                    {u"snippet"_s, hit.snippet},
                    {u"matches"_s, hit.matches},
                    {u"score"_s, hit.score},
                    {u"rank"_s, hit.rank},
                    {u"reasons"_s, QJsonArray::fromStringList(hit.reasons)}};
    if (!hit.branches.isEmpty())
        obj.insert(u"branches"_s, QJsonArray::fromStringList(hit.branches));
    if (!hit.commit.isEmpty())
        obj.insert(u"commit"_s, hit.commit);
    return obj;
}

QJsonObject searchResponseJson(const QString &query, const Result<SearchResponse> &response)
{
    QJsonObject obj{{u"query"_s, query}};
    if (!response) {
        obj.insert(u"error"_s, response.error().message);
        obj.insert(u"results"_s, QJsonArray());
        return obj;
    }
    QJsonArray results;
    for (const SearchHit &hit : response->hits)
        results.append(searchHitJson(hit));
    obj.insert(u"route"_s, response->route);
    obj.insert(u"vector_coverage"_s, response->vectorCoverage);
    if (response->exhaustive)
        obj.insert(u"exhaustive"_s, true);
    obj.insert(u"filters"_s, response->query.filters.describe());
    obj.insert(u"millis"_s, response->millis);
    QJsonArray stages;
    for (const StageTiming &t : response->timings)
        stages.append(QJsonObject{{u"stage"_s, t.stage}, {u"millis"_s, t.millis}});
    obj.insert(u"stages"_s, stages);
    obj.insert(u"results"_s, results);
    if (!response->remote.engine.isEmpty()) {
        // only when a remote engine is configured: hits in files the local index does not have
        QJsonArray remote;
        for (const RemoteHit &hit : response->remoteHits)
            remote.append(remoteHitJson(hit));
        obj.insert(u"remote_results"_s, remote);
        QJsonObject status{{u"engine"_s, response->remote.engine}, {u"url"_s, response->remote.url},
                           {u"ok"_s, response->remote.ok},         {u"files"_s, response->remote.files},
                           {u"mapped"_s, response->remote.mapped}, {u"filtered"_s, response->remote.filtered}};
        if (!response->remote.error.isEmpty())
            status.insert(u"error"_s, response->remote.error);
        obj.insert(u"remote"_s, status);
    }
    if (!response->notes.isEmpty())
        obj.insert(u"notes"_s, QJsonArray::fromStringList(response->notes));
    return obj;
}

bool ReferenceReport::isResolvedUsage(const RefRecord &r) const
{
    if (!r.toSymbolId)
        return false;
    for (const SymbolRecord &s : definitions)
        if (s.id == r.toSymbolId)
            return true;
    return false;
}

bool ReferenceReport::isOtherDefinition(const RefRecord &r) const
{
    return r.toSymbolId && !isResolvedUsage(r);
}

ReferenceReport referenceReport(const IndexStore &store, const QString &asked)
{
    ReferenceReport report;
    report.asked = asked;
    report.definitions = definitionsNamed(store, asked);
    if (report.definitions.isEmpty()) {
        report.name = asked.section(u'.', -1).section(u"::"_s, -1).section(u'#', -1);
        report.usages = store.symbols().refsNamed(report.name);
        report.fits = QList<UsageFit>(report.usages.size(), UsageFit::Yes);
        return report;
    }
    report.name = report.definitions.first().name;
    const UsageSet set = usagesOf(store, report.definitions);
    report.otherDefinitions = set.otherDefinitions;
    report.leftOut = set.leftOut;
    for (const Usage &u : set.usages) {
        report.usages << u.ref;
        report.fits << u.fit;
    }
    return report;
}

QList<StatusCount> statusCounts(const IndexStore &store)
{
    return store.files().statusCounts();
}

QJsonObject statusCountsJson(const QList<StatusCount> &counts)
{
    QJsonObject obj;
    for (const StatusCount &c : counts) {
        QJsonObject reasons;
        for (auto it = c.reasons.cbegin(); it != c.reasons.cend(); ++it)
            reasons.insert(it.key(), it.value());
        obj.insert(fileStatusName(c.status), QJsonObject{{u"files"_s, c.files}, {u"reasons"_s, reasons}});
    }
    return obj;
}

} // namespace RepoLens
