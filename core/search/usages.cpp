#include "usages.h"

#include "core/parse/language.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

namespace RepoLens {

namespace {

QString normalised(QString name)
{
    name.replace(QLatin1String("::"), QLatin1String(".")).replace(u'#', u'.');
    return name;
}

// "Flask" for "Flask.url_for"; empty for a top-level name.
QString ownerOf(const SymbolRecord &s)
{
    const QString q = normalised(s.qualifiedName);
    const qsizetype dot = q.lastIndexOf(u'.');
    return dot > 0 ? q.left(dot).section(u'.', -1) : QString();
}

bool isMember(const SymbolRecord &s)
{
    return (s.kind == ChunkKind::Method || s.kind == ChunkKind::Constructor) && !ownerOf(s).isEmpty();
}

// Names a module qualifier of a top-level definition can have: its file's stem and the
// folders above it ("helpers", "flask", "src" for src/flask/helpers.py).
QSet<QString> moduleNames(const SymbolRecord &s)
{
    QSet<QString> out;
    const QStringList parts = s.path.split(u'/', Qt::SkipEmptyParts);
    for (qsizetype i = 0; i < parts.size(); ++i)
        out.insert(i + 1 == parts.size() ? parts.at(i).section(u'.', 0, 0) : parts.at(i));
    return out;
}

// The class a reference occurs in: "Flask" for a reference inside "Flask.make_response".
QString enclosingClass(const RefRecord &r)
{
    const QString from = normalised(r.fromName);
    const qsizetype dot = from.lastIndexOf(u'.');
    return dot > 0 ? from.left(dot).section(u'.', -1) : QString();
}

bool isSelfReceiver(const QString &q)
{
    static const QSet<QString> self = {QStringLiteral("self"), QStringLiteral("this"), QStringLiteral("cls"),
                                       QStringLiteral("Self"), QStringLiteral("super"), QStringLiteral("super()")};
    return self.contains(q);
}

// Languages where a bare call inside a class body calls a member (implicit `this`).
bool hasImplicitThis(LanguageId language)
{
    return language == LanguageId::Java || language == LanguageId::Cpp;
}

} // namespace

QList<SymbolRecord> definitionsNamed(const IndexStore &store, const QString &name)
{
    const QString n = normalised(name.trimmed());
    if (!n.contains(u'.'))
        return store.symbols().named(n, 500);
    QList<SymbolRecord> exact = store.symbols().withQualifiedName(n, 500);
    if (!exact.isEmpty())
        return exact;
    // A tail of a longer qualified name, or a module in front ("helpers.url_for").
    const QString last = n.section(u'.', -1);
    const QString head = n.left(n.size() - last.size() - 1);
    QList<SymbolRecord> out;
    for (const SymbolRecord &s : store.symbols().named(last, 500)) {
        const QString q = normalised(s.qualifiedName);
        if (q.endsWith(u'.' + n) || (q == last && moduleNames(s).contains(head.section(u'.', -1))))
            out.append(s);
    }
    return out;
}

UsageFit usageFit(const RefRecord &r, const SymbolRecord &def, const QList<SymbolRecord> &all)
{
    if (r.name != def.name)
        return UsageFit::No;
    const QString q = r.qualifier.trimmed();
    const QString receiver = q.section(u'.', -1).trimmed();
    const bool self = isSelfReceiver(receiver);
    auto someOther = [&](auto pred) {
        for (const SymbolRecord &s : all) {
            if (s.id != def.id && pred(s))
                return true;
        }
        return false;
    };
    if (q.isEmpty() && isMember(def) && r.kind != RefKind::Import && r.kind != RefKind::Include) {
        // A bare name reaches a method only through an implicit this, from inside its class
        // (or a subclass: then only when the index linked it and the class has no own one).
        if (!hasImplicitThis(languageForPath(r.path)))
            return UsageFit::No;
        const QString cls = enclosingClass(r);
        if (cls == ownerOf(def))
            return UsageFit::Yes;
        if (someOther([&](const SymbolRecord &s) { return isMember(s) && ownerOf(s) == cls; }))
            return UsageFit::No;
        return r.toSymbolId == def.id ? UsageFit::Yes : UsageFit::No;
    }
    if (r.toSymbolId == def.id && q.isEmpty()) {
        // Linked by name, no receiver: trust the link. (With a receiver the link is judged
        // below: it was made by name alone.)
        return UsageFit::Yes;
    }
    if (r.kind == RefKind::Import || r.kind == RefKind::Include) {
        if (isMember(def))
            return UsageFit::No;
        const bool module = q.isEmpty() || moduleNames(def).contains(receiver);
        return r.toSymbolId == 0 && module ? UsageFit::ByName : UsageFit::No;
    }
    // Linked to another definition: for a bare name (or an import) that is final; a receiver
    // is judged below, the link ignored it.
    if (r.toSymbolId != 0 && q.isEmpty())
        return UsageFit::No;
    if (isMember(def)) {
        const QString owner = ownerOf(def);
        if (self) {
            const QString cls = enclosingClass(r);
            if (cls == owner)
                return UsageFit::Yes;
            // inside another class that defines the name itself: that one's
            if (someOther([&](const SymbolRecord &s) { return isMember(s) && ownerOf(s) == cls; }))
                return UsageFit::No;
            return UsageFit::ByName; // a subclass, or a mixin
        }
        if (receiver == owner)
            return UsageFit::Yes;
        if (someOther([&](const SymbolRecord &s) { return isMember(s) && ownerOf(s) == receiver; }))
            return UsageFit::No;
        if (someOther([&](const SymbolRecord &s) { return !isMember(s) && moduleNames(s).contains(receiver); }))
            return UsageFit::No; // module.function(): the top-level one
        return UsageFit::ByName; // an object of unknown type
    }
    // A top-level definition.
    if (q.isEmpty())
        return r.toSymbolId == 0 ? UsageFit::ByName : UsageFit::No;
    if (self)
        return UsageFit::No;
    if (moduleNames(def).contains(receiver))
        return UsageFit::Yes;
    if (someOther([&](const SymbolRecord &s) { return isMember(s); }))
        return UsageFit::No; // obj.name(): the method
    return UsageFit::ByName;
}

UsageSet usagesOf(const IndexStore &store, const QList<SymbolRecord> &definitions, bool withImports, int limit)
{
    UsageSet out;
    out.definitions = definitions;
    if (definitions.isEmpty())
        return out;
    const QString name = definitions.first().name;
    const QList<SymbolRecord> all = store.symbols().named(name, 500);
    QSet<qint64> asked;
    for (const SymbolRecord &d : definitions)
        asked.insert(d.id);
    out.otherDefinitions = int(std::count_if(all.cbegin(), all.cend(), [&](const SymbolRecord &s) {
        return !asked.contains(s.id);
    }));
    QHash<qint64, std::optional<ChunkRecord>> chunks;
    for (const RefRecord &r : store.symbols().refsNamed(name, limit)) {
        if (!withImports && (r.kind == RefKind::Import || r.kind == RefKind::Include))
            continue;
        UsageFit best = out.otherDefinitions == 0 ? UsageFit::Yes : UsageFit::No;
        if (out.otherDefinitions > 0) {
            for (const SymbolRecord &d : definitions) {
                const UsageFit f = usageFit(r, d, all);
                if (int(f) > int(best))
                    best = f;
            }
        }
        if (best == UsageFit::No) {
            ++out.leftOut;
            continue;
        }
        Usage u;
        u.ref = r;
        u.fit = best;
        if (r.fromChunkId) {
            auto it = chunks.find(r.fromChunkId);
            if (it == chunks.end())
                it = chunks.insert(r.fromChunkId, store.chunks().chunk(r.fromChunkId));
            if (const std::optional<ChunkRecord> &c = *it; c && r.line >= c->startLine && r.line <= c->endLine)
                u.lineText = c->text.section(u'\n', r.line - c->startLine, r.line - c->startLine).trimmed().left(300);
        } else {
            ++out.outsideChunks;
        }
        out.usages.append(u);
    }
    std::stable_sort(out.usages.begin(), out.usages.end(), [](const Usage &a, const Usage &b) {
        if (a.ref.path != b.ref.path)
            return a.ref.path < b.ref.path;
        return a.ref.line != b.ref.line ? a.ref.line < b.ref.line : a.ref.column < b.ref.column;
    });
    return out;
}

SymbolRecord definitionAt(const IndexStore &store, const QString &path, int line, int column, const QString &name)
{
    const QList<SymbolRecord> all = store.symbols().named(name, 500);
    if (all.isEmpty())
        return {};
    for (const SymbolRecord &s : all) {
        if (s.path == path && s.line == line)
            return s;
    }
    const auto file = store.files().file(path);
    if (!file)
        return {};
    const RefRecord *at = nullptr;
    const QList<RefRecord> refs = store.symbols().refsInFile(file->id);
    for (const RefRecord &r : refs) {
        if (r.name != name || r.line != line)
            continue;
        // the reference whose name covers the column, else the first on the line
        if (column <= 0 || (column >= r.column && column <= r.column + int(name.size()))) {
            at = &r;
            break;
        }
        if (!at)
            at = &r;
    }
    if (!at)
        return all.size() == 1 ? all.first() : SymbolRecord();
    SymbolRecord best;
    int bestFit = int(UsageFit::No);
    bool tie = false;
    for (const SymbolRecord &d : all) {
        const int f = int(usageFit(*at, d, all));
        if (f > bestFit) {
            best = d;
            bestFit = f;
            tie = false;
        } else if (f == bestFit && f > int(UsageFit::No)) {
            tie = true;
        }
    }
    return tie || bestFit == int(UsageFit::No) ? SymbolRecord() : best;
}

bool isTestPath(const QString &path)
{
    const QString lower = path.toLower();
    const QString name = lower.section(u'/', -1);
    const QString stem = name.section(u'.', 0, 0);
    static const QRegularExpression testDir(
        QStringLiteral("(^|/)(tests?|testing|spec|specs|__tests__|testdata|test_data|unittests?)/"));
    return testDir.match(lower).hasMatch() || name.startsWith(QLatin1String("test_"))
           || stem.endsWith(QLatin1String("_test")) || stem.endsWith(QLatin1String("_tests"))
           || stem.endsWith(QLatin1String("_spec")) || name.contains(QLatin1String(".test."))
           || name.contains(QLatin1String(".spec.")) || stem == QLatin1String("conftest")
           || path.section(u'/', -1).section(u'.', 0, 0).endsWith(QLatin1String("Test"))
           || path.section(u'/', -1).section(u'.', 0, 0).endsWith(QLatin1String("Tests"));
}

} // namespace RepoLens
