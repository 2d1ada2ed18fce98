#include "reports.h"
#include "tools_p.h"

#include "core/embed/embeddingindexer.h"

#include <QFileInfo>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace RepoLens::Tools {

namespace {

QJsonObject activityJson(const IndexActivity &a)
{
    QJsonObject o{{u"indexing"_s, a.indexing}, {u"watching"_s, a.watching}};
    if (a.indexing) {
        o.insert(u"phase"_s, a.phase);
        o.insert(u"files_done"_s, a.filesDone);
        o.insert(u"files_total"_s, a.filesTotal);
    }
    if (!a.otherWriter.isEmpty())
        o.insert(u"other_process"_s, a.otherWriter);
    if (!a.watchDetail.isEmpty())
        o.insert(u"watch_detail"_s, a.watchDetail);
    if (!a.lastError.isEmpty())
        o.insert(u"last_error"_s, a.lastError);
    return o;
}

Result<ToolResult> runIndexStatus(Env &env)
{
    ToolResult out;
    out.structured = QJsonObject{{u"repo"_s, env.repo.name},
                                 {u"root"_s, env.repo.root},
                                 {u"database"_s, env.repo.databasePath},
                                 {u"indexed"_s, env.store != nullptr},
                                 {u"activity"_s, activityJson(env.activity)}};
    out.text = u"%1 (%2)\n"_s.arg(env.repo.name, env.repo.root);
    if (!env.store) {
        out.text += u"no index yet%1\n"_s.arg(env.activity.indexing || !env.activity.otherWriter.isEmpty()
                                                 ? u": it is being built now"_s
                                                 : u"; call reindex to build it"_s);
        out.structured.insert(u"files"_s, QJsonObject());
        out.summary = u"no index yet"_s;
        addFreshness(env, out);
        return out;
    }
    const QList<StatusCount> counts = statusCounts(*env.store);
    const int chunks = env.store->chunks().count();
    out.structured.insert(u"files"_s, statusCountsJson(counts));
    out.structured.insert(u"chunks"_s, chunks);
    out.structured.insert(u"last_indexed"_s, env.store->meta(u"last_indexed"_s));
    const QString model = env.store->meta(QString::fromLatin1(kMetaActiveModel));
    const int embedded = model.isEmpty() ? 0 : env.store->embeddings().embeddedChunkCount(model);
    out.structured.insert(u"vectors"_s, QJsonObject{{u"model"_s, model},
                                                    {u"chunks"_s, embedded},
                                                    {u"coverage"_s, chunks ? double(embedded) / chunks : 0.0}});
    out.text += u"chunks: %1; vectors: %2 of them%3\n"_s.arg(chunks).arg(embedded).arg(model.isEmpty() ? QString() : u" ("_s + model + u')');
    for (const StatusCount &c : counts) {
        out.text += u"%1: %2\n"_s.arg(fileStatusName(c.status)).arg(c.files);
        QList<QPair<int, QString>> reasons;
        for (auto it = c.reasons.cbegin(); it != c.reasons.cend(); ++it)
            reasons.append({it.value(), it.key()});
        std::sort(reasons.begin(), reasons.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
        for (int i = 0; i < std::min<qsizetype>(5, reasons.size()); ++i)
            out.text += u"    %1  %2\n"_s.arg(reasons.at(i).first, 5).arg(reasons.at(i).second);
    }
    if (env.activity.indexing)
        out.text += u"indexing now: %1, %2 of %3 files\n"_s.arg(env.activity.phase).arg(env.activity.filesDone).arg(env.activity.filesTotal);
    if (!env.activity.otherWriter.isEmpty())
        out.text += u"indexing in another RepoLens process: %1\n"_s.arg(env.activity.otherWriter);
    out.text += env.activity.watching ? u"kept fresh: the folder is watched\n"_s : u"not watched: call reindex after changes\n"_s;
    out.summary = u"%1 chunks, %2 files indexed"_s.arg(chunks).arg(env.store->files().count(FileStatus::Indexed));
    addFreshness(env, out);
    return out;
}

Result<ToolResult> runReindex(Env &env)
{
    if (!env.host)
        return failure(u"reindexing is not available here"_s);
    const bool full = env.args.value(u"full"_s).toBool(false);
    const auto r = env.host->reindex(env.repo.name, full);
    if (!r)
        return failure(u"cannot reindex %1: %2"_s.arg(env.repo.name, r.error().toString()));
    ToolResult out;
    out.structured = QJsonObject{{u"repo"_s, env.repo.name}, {u"status"_s, *r}};
    out.text = u"%1: %2; index_status shows the progress\n"_s.arg(env.repo.name, *r);
    out.summary = u"reindex: "_s + *r;
    return out;
}

Result<ToolResult> runListRepos(Env &env)
{
    ToolResult out;
    QJsonArray repos;
    for (const RepoHandle &r : std::as_const(env.allRepos)) {
        const IndexActivity a = env.host ? env.host->activity(r.name) : IndexActivity();
        const bool indexed = QFileInfo::exists(r.databasePath);
        repos.append(QJsonObject{{u"name"_s, r.name}, {u"root"_s, r.root}, {u"indexed"_s, indexed}, {u"activity"_s, activityJson(a)}});
        out.text += u"%1  %2%3%4\n"_s.arg(r.name, r.root, indexed ? QString() : u"  (no index yet)"_s,
                                          a.indexing ? u"  (indexing)"_s : QString());
    }
    out.structured = QJsonObject{{u"repos"_s, repos}};
    out.summary = u"%1 folder(s)"_s.arg(repos.size());
    return out;
}

} // namespace

QList<Def> statusTools()
{
    const QJsonObject activity = objectSchema({{u"indexing"_s, typed(u"boolean"_s)},
                                               {u"watching"_s, typed(u"boolean"_s)},
                                               {u"phase"_s, typed(u"string"_s)},
                                               {u"files_done"_s, typed(u"integer"_s)},
                                               {u"files_total"_s, typed(u"integer"_s)},
                                               {u"other_process"_s, typed(u"string"_s)}},
                                              {u"indexing"_s, u"watching"_s}, false);
    Def status;
    status.spec.name = u"index_status"_s;
    status.spec.title = u"Index status"_s;
    status.spec.description =
        u"How complete and fresh the index is: files per status (indexed, ignored, too large, binary, "
        "generated, parse error, pending) with the reasons, chunks, vector coverage, whether indexing "
        "runs now (here or in another RepoLens process) and whether the folder is watched."_s;
    status.spec.inputSchema = objectSchema({});
    status.spec.outputSchema = objectSchema({{u"repo"_s, typed(u"string"_s)},
                                             {u"root"_s, typed(u"string"_s)},
                                             {u"database"_s, typed(u"string"_s)},
                                             {u"indexed"_s, typed(u"boolean"_s)},
                                             {u"files"_s, objectSchema({}, {}, false)},
                                             {u"chunks"_s, typed(u"integer"_s)},
                                             {u"last_indexed"_s, typed(u"string"_s)},
                                             {u"vectors"_s, objectSchema({{u"model"_s, typed(u"string"_s)},
                                                                          {u"chunks"_s, typed(u"integer"_s)},
                                                                          {u"coverage"_s, typed(u"number"_s)}},
                                                                         {}, false)},
                                             {u"activity"_s, activity},
                                             {u"index"_s, objectSchema({}, {}, false)}},
                                            {u"repo"_s, u"indexed"_s, u"activity"_s}, false);
    status.run = runIndexStatus;
    status.needsIndex = false;

    Def reindex;
    reindex.spec.name = u"reindex"_s;
    reindex.spec.title = u"Update the index"_s;
    reindex.spec.description =
        u"Brings the index up to date now (changed, new and deleted files; full: rescan every file). "
        "Returns at once; index_status shows the progress. The folder is watched anyway, so this is "
        "rarely needed."_s;
    reindex.spec.inputSchema = objectSchema({{u"full"_s, boolProp(u"rescan every file"_s, false)}});
    reindex.spec.outputSchema = objectSchema({{u"repo"_s, typed(u"string"_s)},
                                              {u"status"_s, typed(u"string"_s, u"started, queued or another process"_s)}},
                                             {u"repo"_s, u"status"_s}, false);
    reindex.spec.readOnly = false;
    reindex.run = runReindex;
    reindex.needsIndex = false;

    Def list;
    list.spec.name = u"list_repos"_s;
    list.spec.title = u"Served folders"_s;
    list.spec.description = u"The folders this server answers about; pass one's name as `repo` to the other tools."_s;
    list.spec.inputSchema = objectSchema({});
    list.spec.outputSchema = objectSchema({{u"repos"_s, arrayOf(objectSchema({{u"name"_s, typed(u"string"_s)},
                                                                              {u"root"_s, typed(u"string"_s)},
                                                                              {u"indexed"_s, typed(u"boolean"_s)},
                                                                              {u"activity"_s, activity}},
                                                                             {u"name"_s, u"root"_s, u"indexed"_s}, false))}},
                                          {u"repos"_s}, false);
    list.run = runListRepos;
    list.needsIndex = false;
    list.perRepo = false;
    return {status, reindex, list};
}

} // namespace RepoLens::Tools
