#include "storetestutil.h"

using namespace RepoLens;
using namespace RepoLens::StoreTest;

class tst_SymbolStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void lookups();
    void referencesResolve();
    void incrementalLinkingMatchesAFullPass();
    void chunkEdges();
};

namespace {

// The file a call of `name` in `path` is linked to, "unresolved" or "none".
QString target(const IndexStore &store, const QString &path, const QString &name)
{
    for (const RefRecord &r : store.symbols().refsNamed(name)) {
        if (r.path == path && r.kind == RefKind::Call) {
            auto s = store.symbols().symbol(r.toSymbolId);
            return s ? s->path : QStringLiteral("unresolved");
        }
    }
    return QStringLiteral("none");
}

// Every reference and its target, for comparing two databases.
QStringList links(const IndexStore &store)
{
    QStringList out;
    store.symbols().forEach([&](const SymbolRecord &s) {
        for (const RefRecord &r : store.symbols().refsToSymbol(s.id))
            out << QStringLiteral("%1:%2 %3 -> %4:%5").arg(r.path).arg(r.line).arg(r.name, s.path).arg(s.line);
    });
    out.sort();
    return out;
}

} // namespace

void tst_SymbolStore::lookups()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    const qint64 file = addFile(*store, QStringLiteral("pkg/m.py"),
                                "class Session:\n    def request(self):\n        return send(self)\n\n\n"
                                "def send(x):\n    return x\n\n\ndef sender():\n    send(1)\n");
    QVERIFY(file);
    const QList<SymbolRecord> named = store->symbols().named(QStringLiteral("request"));
    QCOMPARE(named.size(), 1);
    QCOMPARE(named.first().qualifiedName, QStringLiteral("Session.request"));
    QCOMPARE(named.first().kind, ChunkKind::Method);
    QCOMPARE(named.first().path, QStringLiteral("pkg/m.py"));
    QCOMPARE(named.first().line, 2);
    QVERIFY(named.first().endLine >= 3);
    QVERIFY(named.first().signature.contains(QLatin1String("def request")));
    QCOMPARE(store->symbols().withQualifiedName(QStringLiteral("Session.request")).first().id, named.first().id);
    QCOMPARE(store->symbols().withQualifiedName(QStringLiteral("request")).size(), 0);
    QStringList prefixed;
    for (const SymbolRecord &s : store->symbols().byPrefix(QStringLiteral("send"), 10))
        prefixed << s.name;
    QCOMPARE(prefixed, (QStringList{QStringLiteral("send"), QStringLiteral("sender")}));
    const QList<SymbolRecord> ofFile = store->symbols().ofFile(file);
    QCOMPARE(ofFile.size(), 4);
    // the definitions' names and chunks, in the same order, without the records
    QList<std::pair<QString, qint64>> expected;
    for (const SymbolRecord &s : ofFile) {
        if (s.chunkId)
            expected.append({s.name, s.chunkId});
    }
    QCOMPARE(expected.size(), 4);
    QCOMPARE(store->symbols().definitionChunksOfFile(file), expected);
    QCOMPARE(expected.at(2).first, QStringLiteral("send"));
    QVERIFY(store->symbols().definitionChunksOfFile(file + 1000).isEmpty());
    QCOMPARE(store->symbols().refCount(QStringLiteral("send")), 2);
    QCOMPARE(store->symbols().refsInFile(file).size(), 2);
    const qint64 senderChunk = store->symbols().named(QStringLiteral("sender")).first().chunkId;
    const QList<RefRecord> fromSender = store->symbols().refsFromChunk(senderChunk);
    QCOMPARE(fromSender.size(), 1);
    QCOMPARE(fromSender.first().fromName, QStringLiteral("sender"));
    QCOMPARE(fromSender.first().line, 11);
}

void tst_SymbolStore::referencesResolve()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    QVERIFY(addFile(*store, QStringLiteral("pkg/a.py"), "def helper():\n    pass\n\ndef run():\n    helper()\n    shared()\n"));
    QVERIFY(addFile(*store, QStringLiteral("pkg/b.py"), "def shared():\n    pass\n\ndef helper():\n    pass\n"));
    QVERIFY(addFile(*store, QStringLiteral("pkg/c.py"), "def shared():\n    pass\n"));
    QVERIFY(addFile(*store, QStringLiteral("pkg/d.py"), "from .b import shared\n\ndef go():\n    shared()\n    helper()\n"));
    QVERIFY(addFile(*store, QStringLiteral("pkg/e.py"), "def lonely():\n    unique_one()\n"));
    QVERIFY(addFile(*store, QStringLiteral("pkg/f.py"), "def unique_one():\n    pass\n"));
    QVERIFY(store->symbols().resolveReferences());
    QCOMPARE(target(*store, QStringLiteral("pkg/a.py"), QStringLiteral("helper")), QStringLiteral("pkg/a.py")); // same file
    QCOMPARE(target(*store, QStringLiteral("pkg/a.py"), QStringLiteral("shared")), QStringLiteral("unresolved")); // ambiguous
    QCOMPARE(target(*store, QStringLiteral("pkg/d.py"), QStringLiteral("shared")), QStringLiteral("pkg/b.py")); // imported module
    QCOMPARE(target(*store, QStringLiteral("pkg/d.py"), QStringLiteral("helper")), QStringLiteral("pkg/b.py")); // via import too
    QCOMPARE(target(*store, QStringLiteral("pkg/e.py"), QStringLiteral("unique_one")), QStringLiteral("pkg/f.py")); // the only one
}

void tst_SymbolStore::incrementalLinkingMatchesAFullPass()
{
    // One database linked incrementally after each change, one relinked from scratch: the
    // links must be the same after every step.
    QTemporaryDir dir;
    auto inc = openStore(dir, QStringLiteral("inc.sqlite"));
    auto full = openStore(dir, QStringLiteral("full.sqlite"));
    QVERIFY(inc && full);
    const QList<QPair<QString, QByteArray>> initial = {
        {QStringLiteral("a.py"), "from b import util\n\ndef main():\n    util()\n    other()\n"},
        {QStringLiteral("b.py"), "def util():\n    pass\n"},
        {QStringLiteral("c.py"), "def util():\n    pass\n\ndef other():\n    pass\n"},
    };
    for (const auto &[path, src] : initial) {
        QVERIFY(addFile(*inc, path, src));
        QVERIFY(addFile(*full, path, src));
    }
    QVERIFY(inc->symbols().resolveReferences());
    QVERIFY(full->symbols().resolveReferences());
    QCOMPARE(links(*inc), links(*full));
    const QList<QPair<QString, QByteArray>> steps = {
        {QStringLiteral("b.py"), "def renamed():\n    pass\n"},                 // a definition goes
        {QStringLiteral("d.py"), "def other():\n    pass\n"},                   // `other` gets ambiguous
        {QStringLiteral("a.py"), "from c import other\n\ndef main():\n    util()\n    other()\n"}, // imports change
        {QStringLiteral("c.py"), "def util():\n    pass\n"},                    // `other` unique again
    };
    for (const auto &[path, src] : steps) {
        QVERIFY(addFile(*inc, path, src));
        QVERIFY(addFile(*full, path, src));
        QVERIFY(inc->symbols().resolveReferences(true));
        QVERIFY(full->symbols().resolveReferences(false));
        QCOMPARE(links(*inc), links(*full));
    }
    QVERIFY(!links(*full).isEmpty());
}

void tst_SymbolStore::chunkEdges()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    QVERIFY(addFile(*store, QStringLiteral("a.py"), "import os\n\ndef caller():\n    callee()\n\ndef callee():\n    pass\n"));
    QVERIFY(store->symbols().resolveReferences());
    const qint64 from = store->symbols().named(QStringLiteral("caller")).first().chunkId;
    const qint64 to = store->symbols().named(QStringLiteral("callee")).first().chunkId;
    QList<QPair<qint64, qint64>> edges;
    store->symbols().forEachChunkEdge([&](qint64 a, qint64 b) { edges.append({a, b}); });
    QCOMPARE(edges, (QList<QPair<qint64, qint64>>{{from, to}})); // the import is not an edge
}

QTEST_GUILESS_MAIN(tst_SymbolStore)
#include "tst_symbolstore.moc"
