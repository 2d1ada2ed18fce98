#pragma once

#include "stage.h"

#include "core/store/conversationstore.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <QUrl>

namespace RepoLens {

// A zoekt webserver (as Sourcegraph runs it, started with -rpc) asked for keyword candidates.
struct ZoektConfig
{
    QUrl url;            // e.g. http://zoekt.example:6070; empty: no remote search, nothing is sent
    QString repository;  // zoekt's name of the open folder ("github.com/org/repo"): its hits map onto local chunks
    int timeoutMs = 3000; // the whole request; zoekt itself is asked to stop at half of it
    int maxTerms = 8;    // keyword terms sent, the query's first
    int maxFiles = 50;   // upper bound of MaxDocDisplayCount (the search's top k, at most this)

    bool isEnabled() const { return url.isValid() && !url.isEmpty(); }
};

// A remote candidate generator: POST <url>/api/search with the query's keyword terms OR-ed (each
// escaped as a literal), at most top-k files, a short timeout and no retry. Files of the open
// folder (`repository`, same path, in the local index) map onto the local chunk around the best
// match: that chunk is a candidate with `remoteRank`, fused like the other generators'. Other
// files become `SearchResponse::remoteHits` (repository, path, lines, snippet, zoekt's score
// and rank), listed after the local results. A dead server, a timeout, an HTTP error or a
// reply that is not zoekt's JSON leave the local results as they are and say why in a note and
// in `SearchResponse::remote`. Blocking, on the query thread.
class ZoektGenerator : public SearchStage
{
public:
    explicit ZoektGenerator(ZoektConfig config, RemoteRequestLog log = {});
    QString name() const override { return QStringLiteral("zoekt"); }
    Result<void> run(QueryContext &context) const override;

    // The zoekt query for terms (split at spaces): each a literal (regular-expression and query-syntax characters
    // escaped with a backslash, "or" left out), OR-ed.
    static QString zoektQuery(const QStringList &terms);
    // The body of POST /api/search.
    static QJsonObject requestBody(const QString &query, int maxFiles, int timeoutMs);
    // The files of a reply ({"Result": {"Files": [...]}}), in its order, LineMatches or
    // ChunkMatches; an error when it is not that shape.
    static Result<QList<RemoteHit>> parseReply(const QJsonObject &reply);

private:
    ZoektConfig m_config;
    RemoteRequestLog m_log;
};

} // namespace RepoLens
