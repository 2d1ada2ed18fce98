#pragma once

#include "core/store/indexstore.h"

#include <QHash>
#include <QList>
#include <QString>

#include <atomic>

namespace RepoLens {

// One hop on a path through the reference graph.
struct GraphStep
{
    qint64 chunkId = 0;
    QString path;
    int startLine = 0;
    int endLine = 0;
    QString symbol;   // qualified name of the chunk (or its path)
    QString kind;     // chunk kind
    // How this step is reached from the previous one (empty for the first):
    QString edge;     // "calls", "is called by", "contains", "is a member of", "inherits", ...
    QString via;      // the reference: "encode (src/a.py:12)"
};

struct GraphPath
{
    QList<GraphStep> steps;
};

struct GraphSearchOptions
{
    int maxDepth = 5;        // edges
    int maxPaths = 3;
    int maxVisited = 4000;   // chunks expanded
    int maxFanOut = 150;     // neighbours followed per chunk
};

// Shortest connections between the definitions of two symbols: breadth-first over chunks,
// following references both ways (calls, instantiations, inheritance, type uses, imports) and
// class membership. Names may be qualified ("Session.request"). Read-only, bounded, runs on a
// query thread.
QList<GraphPath> findGraphPaths(const IndexStore &store, const QString &from, const QString &to,
                                const GraphSearchOptions &options = {}, const std::atomic_bool *cancel = nullptr);

// Definitions of a name (qualified names tried as written, then their last part).
QList<SymbolRecord> resolveSymbol(const IndexStore &store, const QString &name, int limit = 10);

// The section of the prompt describing the paths, citing chunks by their numbers:
//   "Paths in the reference graph between A and B:
//    1. A [1] --contains--> A.encode [2] --calls helper (src/a.py:12)--> helper [3]"
QString formatGraphPaths(const QList<GraphPath> &paths, const QString &from, const QString &to,
                         const QHash<qint64, int> &numberOfChunk);

} // namespace RepoLens
