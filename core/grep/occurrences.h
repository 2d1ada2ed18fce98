#pragma once

#include "core/grep/grep.h"
#include "core/store/symbolstore.h"

#include <QHash>
#include <QSet>

#include <atomic>

namespace RepoLens {

class IndexStore;

// The lines that hold a name as a whole word (case-sensitive) where the reference graph records
// nothing: a property or field read (`request.body`), a function passed as a callback
// (`connect(self.on_done)`), a constant used as a value (`PRICES.get(...)`), the name in a
// comment, a string or a file no grammar parses. The graph records calls, creations, imports,
// inheritance and types; these lines are what "every usage" would otherwise miss. Answered by
// grep from the index (core/grep/grep.h): member accesses (`x.name`, `p->name`, `Ns::name`)
// first, then the other lines, each in path order; by default in code files only (a word
// such as `body` fills the docs).
struct TextOccurrences
{
    QList<GrepMatch> matches;
    bool more = false;  // other lines hold the word too (past `limit`, or past the time budget)
    QString skipped;    // why nothing was looked for (a name no trigram narrows); empty otherwise
};

struct TextOccurrenceQuery
{
    QString name;
    QHash<QString, QSet<int>> known; // path -> lines the graph already gives (definitions, references): left out
    int limit = 100;
    bool withholdSecrets = false;    // as GrepQuery::withholdSecrets: for what leaves the machine
    int timeoutMs = 2000;            // for the whole look-up
    bool codeOnly = true;            // only files of a parsed language (not docs, config, plain text)
};

// The query for `name` with what the graph gives left out: each definition's line (for a function
// or method, its whole body: a parameter or local of the same name is not a usage of it) and the
// lines of `graphRefs` (the references the caller lists).
TextOccurrenceQuery textOccurrenceQuery(const IndexStore &store, const QString &name, const QList<RefRecord> &graphRefs);

// A name of fewer than three characters, or one that is not an identifier, is not looked for
// (`skipped` says so): no trigram narrows it, and every file would be read.
TextOccurrences textOccurrences(const GrepBackend &grep, const IndexStore &store, const QString &rootPath,
                                const TextOccurrenceQuery &query, const std::atomic_bool *cancel = nullptr);

} // namespace RepoLens
