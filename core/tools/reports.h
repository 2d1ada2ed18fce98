#pragma once

#include "core/search/searchtypes.h"
#include "core/search/usages.h"
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
// One hit of a remote engine (a file the local index does not have) as `search --json` prints it.
QJsonObject remoteHitJson(const RemoteHit &hit);
// The whole response: query, route, vector coverage, filters, millis, results, notes; with a
// remote engine configured also remote_results and remote (what the engine did).
QJsonObject searchResponseJson(const QString &query, const Result<SearchResponse> &response);

// Definitions of a name and every usage (`refs`, the references tool with kind "all").
struct ReferenceReport
{
    QString asked;                // as asked: "url_for", "Flask.url_for", "Flask::url_for"
    QString name;                 // the short name searched
    QList<SymbolRecord> definitions;
    QList<RefRecord> usages;      // by path, line, column
    QList<UsageFit> fits;         // per usage: certain, or by name only (receiver of unknown type)
    int otherDefinitions = 0;     // same-named definitions not asked about ("Flask.url_for": url_for)
    int leftOut = 0;              // usages of those, left out
    bool isResolvedUsage(const RefRecord &r) const; // resolved to one of `definitions`
    bool isOtherDefinition(const RefRecord &r) const; // resolved to another symbol of that name
};
// `name` may be qualified ("Session.request", "ns::f"): only that definition and the usages
// that fit it (core/search/usages.h); a bare name: every definition and every usage.
ReferenceReport referenceReport(const IndexStore &store, const QString &name);

// Files per status with the reasons (`status`, index_status).
QList<StatusCount> statusCounts(const IndexStore &store);
QJsonObject statusCountsJson(const QList<StatusCount> &counts);

} // namespace RepoLens
