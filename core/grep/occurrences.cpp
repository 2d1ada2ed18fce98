#include "occurrences.h"

#include "core/parse/chunk.h"
#include "core/parse/language.h"
#include "core/store/indexstore.h"

#include <QElapsedTimer>
#include <QRegularExpression>

#include <algorithm>

namespace RepoLens {

TextOccurrenceQuery textOccurrenceQuery(const IndexStore &store, const QString &name, const QList<RefRecord> &graphRefs)
{
    TextOccurrenceQuery q;
    q.name = name;
    for (const SymbolRecord &s : store.symbols().named(name, 1000)) {
        QSet<int> &lines = q.known[s.path];
        lines.insert(s.line);
        if (isCallableKind(s.kind)) {
            for (int l = s.line + 1; l <= std::min(s.endLine, s.line + 5000); ++l)
                lines.insert(l);
        }
    }
    for (const RefRecord &r : graphRefs)
        q.known[r.path].insert(r.line);
    return q;
}

TextOccurrences textOccurrences(const GrepBackend &grep, const IndexStore &store, const QString &rootPath,
                                const TextOccurrenceQuery &query, const std::atomic_bool *cancel)
{
    TextOccurrences out;
    static const QRegularExpression identifier(QStringLiteral("^[A-Za-z_$][A-Za-z0-9_$]*$"));
    if (query.name.size() < 3 || !identifier.match(query.name).hasMatch()) {
        out.skipped = QStringLiteral("`%1` is not looked for as text (only names of three or more letters, digits "
                                     "and underscores are)")
                          .arg(query.name);
        return out;
    }
    if (query.limit <= 0)
        return out;
    GrepQuery q;
    q.pattern = query.name;
    q.caseSensitive = true;
    q.word = true;
    q.withholdSecrets = query.withholdSecrets;
    // Up to three times `limit` lines are read, then the member accesses (`request.body`,
    // `p->size`, `Foo::bar`: what a property, field or method reference looks like) go first,
    // the other lines (a constant used as a value, a callback, comments) after them, each in
    // path order.
    const int gather = 3 * query.limit;
    QList<GrepMatch> found;
    bool more = false;
    QElapsedTimer timer;
    timer.start();
    for (int pages = 0;; ++pages) {
        const qint64 left = query.timeoutMs - timer.elapsed();
        if (left <= 0 || pages == 50) {
            more = true;
            break;
        }
        q.timeoutMs = int(left);
        q.limit = std::max(50, gather - int(found.size()) + 10);
        const auto page = grep.grep(store, rootPath, q, cancel);
        if (!page)
            break;
        for (const GrepMatch &m : page->matches) {
            if (query.known.value(m.path).contains(m.line))
                continue;
            if (query.codeOnly && !isTreeSitterLanguage(languageForPath(m.path)))
                continue;
            if (found.size() >= gather) {
                more = true;
                break;
            }
            found << m;
        }
        if (more || (!page->more && !page->timedOut))
            break;
        q.afterPath = page->resumePath;
        q.afterLine = page->resumeLine;
    }
    auto isMemberAccess = [](const GrepMatch &m) {
        const QStringView before = QStringView(m.text).left(m.matchStart);
        return before.endsWith(u'.') || before.endsWith(QLatin1String("->")) || before.endsWith(QLatin1String("::"));
    };
    std::stable_partition(found.begin(), found.end(), isMemberAccess);
    if (found.size() > query.limit) {
        found.resize(query.limit);
        more = true;
    }
    out.matches = found;
    out.more = more;
    return out;
}

} // namespace RepoLens
