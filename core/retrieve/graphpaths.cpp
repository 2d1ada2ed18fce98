#include "graphpaths.h"

#include <QQueue>
#include <QSet>

namespace RepoLens {

namespace {

QString refEdgeName(RefKind kind, bool forward)
{
    switch (kind) {
    case RefKind::Call: return forward ? QStringLiteral("calls") : QStringLiteral("is called by");
    case RefKind::New: return forward ? QStringLiteral("creates") : QStringLiteral("is created by");
    case RefKind::Import: return forward ? QStringLiteral("imports") : QStringLiteral("is imported by");
    case RefKind::Include: return forward ? QStringLiteral("includes") : QStringLiteral("is included by");
    case RefKind::Inherit: return forward ? QStringLiteral("inherits") : QStringLiteral("is inherited by");
    case RefKind::Type: return forward ? QStringLiteral("uses the type") : QStringLiteral("is used as a type by");
    }
    return forward ? QStringLiteral("refers to") : QStringLiteral("is referred to by");
}

struct Edge
{
    qint64 to = 0;
    QString edge;
    QString via;
};

class Graph
{
public:
    Graph(const IndexStore &store, const GraphSearchOptions &options)
        : m_store(store)
        , m_options(options)
    {
    }

    std::optional<ChunkRecord> chunk(qint64 id)
    {
        auto it = m_chunks.constFind(id);
        if (it != m_chunks.cend())
            return *it;
        auto c = m_store.chunks().chunk(id);
        if (c)
            m_chunks.insert(id, *c);
        return c;
    }

    QList<Edge> neighbours(qint64 id)
    {
        QList<Edge> out;
        const auto self = chunk(id);
        if (!self)
            return out;
        QSet<qint64> added;
        auto add = [&](qint64 to, const QString &edge, const QString &via) {
            if (to == 0 || to == id || added.contains(to) || out.size() >= m_options.maxFanOut)
                return;
            added.insert(to);
            out.append({to, edge, via});
        };
        // outgoing references, resolved to the chunk holding the definition
        for (const RefRecord &r : m_store.symbols().refsFromChunk(id)) {
            if (r.toSymbolId == 0)
                continue;
            const auto s = m_store.symbols().symbol(r.toSymbolId);
            if (s && s->chunkId)
                add(s->chunkId, refEdgeName(r.kind, true),
                    QStringLiteral("%1 (%2:%3)").arg(r.name, r.path).arg(r.line));
        }
        // class membership, both ways
        if (self->parentId)
            add(self->parentId, QStringLiteral("is a member of"), QString());
        if (isContainerKind(self->kind)) {
            for (const ChunkRecord &c : m_store.chunks().ofFile(self->fileId)) {
                if (c.parentId == id)
                    add(c.id, QStringLiteral("contains"), QString());
            }
        }
        // incoming references to the symbols defined here
        for (const SymbolRecord &s : symbolsOfChunk(*self)) {
            for (const RefRecord &r : m_store.symbols().refsToSymbol(s.id, m_options.maxFanOut)) {
                if (r.fromChunkId)
                    add(r.fromChunkId, refEdgeName(r.kind, false),
                        QStringLiteral("%1 (%2:%3)").arg(r.name, r.path).arg(r.line));
            }
        }
        return out;
    }

private:
    QList<SymbolRecord> symbolsOfChunk(const ChunkRecord &c)
    {
        if (!m_fileSymbols.contains(c.fileId))
            m_fileSymbols.insert(c.fileId, m_store.symbols().ofFile(c.fileId));
        QList<SymbolRecord> out;
        for (const SymbolRecord &s : m_fileSymbols.value(c.fileId)) {
            if (s.chunkId == c.id)
                out.append(s);
        }
        return out;
    }

    const IndexStore &m_store;
    GraphSearchOptions m_options;
    QHash<qint64, ChunkRecord> m_chunks;
    QHash<qint64, QList<SymbolRecord>> m_fileSymbols;
};

GraphStep stepFor(const ChunkRecord &c)
{
    GraphStep s;
    s.chunkId = c.id;
    s.path = c.path;
    s.startLine = c.startLine;
    s.endLine = c.endLine;
    s.symbol = c.qualifiedName.isEmpty() ? (c.name.isEmpty() ? c.path : c.name) : c.qualifiedName;
    s.kind = chunkKindName(c.kind);
    return s;
}

} // namespace

QList<SymbolRecord> resolveSymbol(const IndexStore &store, const QString &rawName, int limit)
{
    QString name = rawName;
    name.replace(QLatin1String("::"), QLatin1String("."));
    if (name.endsWith(QLatin1String("()")))
        name.chop(2);
    QList<SymbolRecord> out;
    if (name.contains(u'.'))
        out = store.symbols().withQualifiedName(name, limit);
    if (out.isEmpty())
        out = store.symbols().named(name.section(u'.', -1), limit);
    // Definitions that own a chunk first (a class before a forward declaration).
    std::stable_sort(out.begin(), out.end(), [](const SymbolRecord &a, const SymbolRecord &b) {
        return (a.chunkId != 0) > (b.chunkId != 0);
    });
    return out;
}

QList<GraphPath> findGraphPaths(const IndexStore &store, const QString &from, const QString &to,
                                const GraphSearchOptions &options, const std::atomic_bool *cancel)
{
    QList<GraphPath> paths;
    const QList<SymbolRecord> starts = resolveSymbol(store, from, 5);
    const QList<SymbolRecord> goals = resolveSymbol(store, to, 5);
    QSet<qint64> goalChunks;
    for (const SymbolRecord &s : goals) {
        if (s.chunkId)
            goalChunks.insert(s.chunkId);
    }
    if (starts.isEmpty() || goalChunks.isEmpty())
        return paths;

    Graph graph(store, options);
    struct Visit
    {
        qint64 parent = 0;
        Edge edge;
        int depth = 0;
    };
    QHash<qint64, Visit> visited;
    QQueue<qint64> queue;
    for (const SymbolRecord &s : starts) {
        if (s.chunkId && !visited.contains(s.chunkId)) {
            visited.insert(s.chunkId, Visit{});
            queue.enqueue(s.chunkId);
        }
    }
    auto buildPath = [&](qint64 end) {
        QList<qint64> ids;
        QList<Edge> edges;
        for (qint64 at = end; at != 0;) {
            ids.prepend(at);
            const Visit &v = visited.value(at);
            edges.prepend(v.edge);
            at = v.parent;
        }
        GraphPath p;
        for (qsizetype i = 0; i < ids.size(); ++i) {
            const auto c = graph.chunk(ids.at(i));
            if (!c)
                return GraphPath{};
            GraphStep step = stepFor(*c);
            if (i > 0) {
                step.edge = edges.at(i).edge;
                step.via = edges.at(i).via;
            }
            p.steps.append(step);
        }
        return p;
    };
    // A start that is itself a goal (both names in one chunk) is a path of one step.
    for (qint64 id : std::as_const(queue)) {
        if (goalChunks.contains(id)) {
            paths.append(buildPath(id));
            goalChunks.remove(id);
        }
    }
    int expanded = 0;
    while (!queue.isEmpty() && paths.size() < options.maxPaths && !goalChunks.isEmpty()) {
        if (cancel && cancel->load())
            break;
        const qint64 id = queue.dequeue();
        const int depth = visited.value(id).depth;
        if (depth >= options.maxDepth || ++expanded > options.maxVisited)
            continue;
        for (const Edge &e : graph.neighbours(id)) {
            if (visited.contains(e.to))
                continue;
            visited.insert(e.to, Visit{id, e, depth + 1});
            if (goalChunks.contains(e.to)) {
                const GraphPath p = buildPath(e.to);
                if (!p.steps.isEmpty())
                    paths.append(p);
                goalChunks.remove(e.to);
                if (paths.size() >= options.maxPaths)
                    break;
            }
            queue.enqueue(e.to);
        }
    }
    return paths;
}

QString formatGraphPaths(const QList<GraphPath> &paths, const QString &from, const QString &to,
                         const QHash<qint64, int> &numberOfChunk)
{
    if (paths.isEmpty())
        return QStringLiteral("No path between %1 and %2 was found in the reference graph (within %3 steps).")
            .arg(from, to)
            .arg(GraphSearchOptions().maxDepth);
    QString out = QStringLiteral("Paths in the reference graph between %1 and %2:\n").arg(from, to);
    int n = 0;
    for (const GraphPath &p : paths) {
        QString line = QString::number(++n) + QStringLiteral(". ");
        for (qsizetype i = 0; i < p.steps.size(); ++i) {
            const GraphStep &s = p.steps.at(i);
            if (i > 0) {
                line += QStringLiteral(" --") + s.edge;
                if (!s.via.isEmpty())
                    line += u' ' + s.via;
                line += QStringLiteral("--> ");
            }
            line += s.symbol;
            const int number = numberOfChunk.value(s.chunkId);
            if (number > 0)
                line += QStringLiteral(" [%1]").arg(number);
            else
                line += QStringLiteral(" (%1:%2-%3)").arg(s.path).arg(s.startLine).arg(s.endLine);
        }
        out += line + u'\n';
    }
    return out;
}

} // namespace RepoLens
