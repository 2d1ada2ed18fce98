#pragma once

#include <QString>
#include <QStringList>

#include <atomic>

namespace RepoLens {

class IndexStore;

struct GrepCommand
{
    QString pattern;
    bool regex = false;
    bool ignoreCase = false;
    bool word = false;
    QStringList globs;
    int context = 0;
    int maxMatches = 0; // 0: all
    bool json = false;
};

// `repolens-cli grep DIR PATTERN`: every matching line of the folder's searchable files from
// the grep index, as `path:line:text` (context lines `path-line-text`, groups separated by
// `--`, like grep), escaped for the terminal; --json: one object with the matches. A scan of
// every file (a pattern no trigram narrows) shows its progress on a terminal's stderr; Ctrl+C
// stops it. Exit status 0 with matches, 1 without, 2 for a bad pattern.
int runGrepCommand(const IndexStore &store, const QString &root, const GrepCommand &command,
                   const std::atomic_bool *cancel);

// `repolens-cli bench-grep DIR --queries FILE [--runs N]` (scripts/bench-grep): each query of
// FILE (one JSON object a line: {"pattern": "...", "regex": false, "ignore_case": false}) is
// answered in full (every page) N times in this process; one JSON line per query on stdout with
// the matches, files read, whether the index narrowed it, and the wall and CPU milliseconds of
// each run (CPU: the whole process, reading threads included).
int runGrepBench(const IndexStore &store, const QString &root, const QString &queriesFile, int runs);

} // namespace RepoLens
