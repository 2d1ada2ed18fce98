#pragma once

#include "tool.h"

#include "core/base/result.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <memory>
#include <optional>

namespace RepoLens {

class GrepBackend;

// The tools agents use on an index, in one place for every adapter (the MCP server, the
// chat's agent mode, repolens-cli): their names and JSON schemas, argument validation, paging,
// the `repo` argument when several folders are served, and the withholding of credentials in
// everything they return (withhold.h).
//
//   search        the hybrid retrieval pipeline (route, per-hit scores and reasons, coverage)
//   find_symbol   definitions by name (exact, or by prefix) with signature, doc line, location
//   references    every usage of a symbol from the graph (callers, callees or all), paged
//   read          numbered lines of an indexed file, clamped, with the enclosing definition
//   grep          exact text or a regular expression over the indexed files, paged
//   outline       a file's definitions as a tree
//   impact        what depends on a symbol or file, or on the uncommitted changes (git diff)
//   index_status  files per status with reasons, freshness, progress
//   reindex       bring the index up to date now
//   list_repos    the folders served
//
// Threading: call() may run on any thread, several at once; each thread keeps its own
// read-only IndexStore and Searcher per folder (reopened when the database is replaced, the
// searcher's caches rebuilt when the index changed). The host must be thread-safe.
class ToolRegistry
{
public:
    explicit ToolRegistry(ToolHost *host);
    ~ToolRegistry();

    QList<ToolSpec> specs() const;
    std::optional<ToolSpec> spec(const QString &name) const;

    // Runs a tool. Errors (not results): NotFound for an unknown tool, InvalidArgument for
    // arguments the schema or the tool rejects (the message says which and why), Cancelled.
    Result<ToolResult> call(const QString &name, const QJsonObject &arguments,
                            const ToolCallContext &context = {}) const;

    // Replaces the grep backend; the default answers from the grep index (core/grep/grep.h).
    void setGrepBackend(std::shared_ptr<const GrepBackend> backend);

    // The searcher of this thread uses vectors when the index has them (default on).
    void setUseVectors(bool on);

private:
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace RepoLens
