#pragma once

#include "core/search/searchtypes.h"
#include "core/store/filestore.h"
#include "core/store/symbolstore.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace RepoLens {

class IndexStore;

// The data behind the tools that repolens-cli shares with them (`search --json`, `refs`,
// `status`), so both say the same.

// One search hit as `search --json` and the search tool print it (paths relative to the root).
QJsonObject searchHitJson(const SearchHit &hit);
// The whole response: query, route, vector coverage, filters, millis, results, notes.
QJsonObject searchResponseJson(const QString &query, const Result<SearchResponse> &response);

// Definitions of a name and every usage (`refs`, the references tool with kind "all").
struct ReferenceReport
{
    QString name;                 // the short name searched
    QList<SymbolRecord> definitions;
    QList<RefRecord> usages;
    bool isResolvedUsage(const RefRecord &r) const; // resolved to one of `definitions`
    bool isOtherDefinition(const RefRecord &r) const; // resolved to another symbol of that name
};
// `name` may be qualified ("Session.request", "ns::f"): definitions by qualified name,
// usages by the last component.
ReferenceReport referenceReport(const IndexStore &store, const QString &name);

// Files per status with the reasons (`status`, index_status).
QList<StatusCount> statusCounts(const IndexStore &store);
QJsonObject statusCountsJson(const QList<StatusCount> &counts);

} // namespace RepoLens
