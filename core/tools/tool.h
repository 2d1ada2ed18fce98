#pragma once

#include "core/base/result.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <atomic>
#include <functional>

namespace RepoLens {

// What an agent sees of a tool: its name, a description written for a model, and JSON
// Schemas (draft 2020-12 subset, see jsonschema.h) of its arguments and of its structured result.
struct ToolSpec
{
    QString name;          // "search", "find_symbol", ...
    QString title;         // "Search the code"
    QString description;
    QJsonObject inputSchema;
    QJsonObject outputSchema;
    bool readOnly = true;  // false: changes state (reindex)
};

// One folder the tools answer about.
struct RepoHandle
{
    QString name;          // unique among the served folders (the folder name, made unique)
    QString root;          // canonical absolute path
    QString databasePath;  // its IndexStore
};

// The live state of a folder's index as the adapter knows it (the MCP server's or the app's
// IndexService). Tools add it to what they say ("answered during the first index").
struct IndexActivity
{
    bool indexing = false;       // this process is indexing the folder now
    QString phase;               // "scanning", "parsing", ...
    int filesDone = 0;
    int filesTotal = 0;
    QString otherWriter;         // another RepoLens process writes the index: who
    bool watching = false;       // the folder is watched and kept fresh
    QString watchDetail;
    QString lastError;
};

// Implemented by each adapter (MCP server, chat, CLI); called from the thread that runs the
// tool (any thread): implementations must be thread-safe.
class ToolHost
{
public:
    virtual ~ToolHost() = default;
    virtual QList<RepoHandle> repos() const = 0;
    virtual IndexActivity activity(const QString &repoName) const
    {
        Q_UNUSED(repoName);
        return {};
    }
    // Starts bringing the index up to date (full: rescan everything); returns what happened:
    // "started", "queued" (a run is going on), "another process" (see IndexActivity).
    virtual Result<QString> reindex(const QString &repoName, bool full)
    {
        Q_UNUSED(repoName);
        Q_UNUSED(full);
        return makeError(ErrorCode::Unsupported, QStringLiteral("reindexing is not available here"));
    }
};

// Per call: cancellation and progress (MCP notifications/progress, the chat's step line).
struct ToolCallContext
{
    const std::atomic_bool *cancel = nullptr;
    std::function<void(double done, double total, const QString &message)> progress;

    bool cancelled() const { return cancel && cancel->load(std::memory_order_relaxed); }
    void report(double done, double total, const QString &message) const
    {
        if (progress)
            progress(done, total, message);
    }
};

// What a tool returns: the structured result (valid against the spec's outputSchema) and the
// same in a few readable lines (MCP's text block, the chat's step summary and what a model
// without structured output reads). isError: the tool ran and failed (no index yet, a file
// that is gone); the text says why. Bad calls (unknown tool, arguments that do not match the
// schema, a path outside the folder, a pattern over the size cap) are not results but errors
// of call(): ErrorCode::NotFound for the tool, InvalidArgument for the arguments.
struct ToolResult
{
    QJsonObject structured;
    QString text;
    bool isError = false;
    QString summary;       // one line for step lists: "12 results (hybrid)", "read src/a.py:1-80"
};

} // namespace RepoLens
