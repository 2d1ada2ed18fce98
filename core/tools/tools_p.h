#pragma once

// Private to core/tools: what each tool's implementation gets, and the schema helpers.

#include "tool.h"

#include "core/grep/grep.h"

#include "core/search/searcher.h"
#include "core/store/indexstore.h"

#include <QJsonArray>
#include <QJsonObject>

namespace RepoLens::Tools {

struct Env
{
    QString tool;
    QJsonObject args;
    RepoHandle repo;
    const IndexStore *store = nullptr;   // null: no index yet (storeError says why)
    const Searcher *searcher = nullptr;
    Error storeError;
    IndexActivity activity;
    ToolHost *host = nullptr;
    const ToolCallContext *context = nullptr;
    const GrepBackend *grep = nullptr;
    QList<RepoHandle> allRepos;
};

using RunFn = Result<ToolResult> (*)(Env &env);

struct Def
{
    ToolSpec spec;
    RunFn run = nullptr;
    bool needsIndex = true;  // fails with a tool error (not a protocol error) when there is none
    bool perRepo = true;     // takes the `repo` argument
};

QList<Def> searchTools();   // search
QList<Def> codeTools();     // find_symbol, references, outline, impact
QList<Def> fileTools();     // read, grep
QList<Def> statusTools();   // index_status, reindex, list_repos

// --- schema helpers ---------------------------------------------------------------------------
QJsonObject stringProp(const QString &description, int maxLength = 0);
QJsonObject intProp(const QString &description, int minimum, int maximum, int defaultValue);
QJsonObject boolProp(const QString &description, bool defaultValue);
QJsonObject enumProp(const QString &description, const QStringList &values, const QString &defaultValue);
QJsonObject stringsProp(const QString &description); // a string or a list of strings
QJsonObject objectSchema(const QJsonObject &properties, const QStringList &required = {}, bool closed = true);
QJsonObject arrayOf(const QJsonObject &items, const QString &description = {});
QJsonObject typed(const QString &type, const QString &description = {});
QJsonObject cursorProp();
QJsonObject repoProp();

// --- helpers shared by tools -------------------------------------------------------------------
// A tool error (isError result) with this text.
ToolResult failure(const QString &text);
Error badArgument(const QString &message);
int intArg(const Env &env, const QString &key, int fallback);
QString stringArg(const Env &env, const QString &key);
QStringList stringsArg(const Env &env, const QString &key);
// A root-relative path from what the caller wrote (relative, or absolute under the root);
// InvalidArgument for anything outside the folder (.., absolute elsewhere, a symlink out).
Result<QString> relativePath(const RepoHandle &repo, const QString &path);
// "the index is being built: 120 of 400 files parsed; results may be incomplete" (empty when
// the index is complete and nothing writes it).
QString freshnessNote(const Env &env);
// Adds "index" (complete, note) to a structured result and the note to its text.
void addFreshness(const Env &env, ToolResult &result);
bool isTestPath(const QString &path);

} // namespace RepoLens::Tools
