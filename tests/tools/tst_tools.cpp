// The tool layer on a real index of a fixture repository (tests/tools/fixture.json): every
// tool with exact results, paging, withheld credentials, and bad calls refused as errors.

#include "toolfixture.h"

#include "core/grep/occurrences.h"
#include "core/tools/jsonschema.h"
#include "core/tools/toolregistry.h"

#include <QJsonArray>
#include <QProcess>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QThread>
#include <QElapsedTimer>

#include <sys/stat.h>
#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <thread>

using namespace RepoLens;
using namespace RepoLens::ToolTest;
using namespace Qt::StringLiterals;

class tst_Tools : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void specs();
    void findSymbol();
    void referencesCallers();
    void referencesAllAndCallees();
    void referencesTextMatches();
    void readLines();
    void readWithholdsAndRefuses();
    void grepLiteralAndPaging();
    void grepRegexWordContext();
    void grepBadPatterns();
    void outline();
    void impactSymbolAndPath();
    void impactWorkingTree();
    void searchAndPaging();
    void statusListReindex();
    void badCalls();
    void severalRepos();
    void noIndexYet();
    void answersDuringTheFirstIndex();
    void keyLinesAndSwappedFilesNeverLeave();
    void outputsMatchTheirSchemas();

private:
    ToolResult call(const QString &tool, const QJsonObject &args);
    Error callError(const QString &tool, const QJsonObject &args);
    QTemporaryDir m_root;
    QTemporaryDir m_data;
    FixtureHost m_host;
    std::unique_ptr<ToolRegistry> m_tools;
    QList<QPair<QString, ToolResult>> m_seen;
};

ToolResult tst_Tools::call(const QString &tool, const QJsonObject &args)
{
    auto r = m_tools->call(tool, args);
    if (!r)
        qWarning() << tool << r.error().toString();
    [&] { QVERIFY(r.ok()); }();
    if (!r)
        return {};
    m_seen.append({tool, *r});
    return *r;
}

Error tst_Tools::callError(const QString &tool, const QJsonObject &args)
{
    auto r = m_tools->call(tool, args);
    [&] { QVERIFY2(!r.ok(), qPrintable(tool)); }();
    return r ? Error{} : r.error();
}

void tst_Tools::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(writeFixture(m_root.path()));
    const QString root = QFileInfo(m_root.path()).canonicalFilePath();
    const QString db = IndexStore::databasePath(m_data.path(), root);
    Indexer indexer(root, db);
    auto report = indexer.run();
    QVERIFY2(report, report ? "" : qPrintable(report.error().toString()));
    m_host.handles = {RepoHandle{u"fixture"_s, root, db}};
    m_tools = std::make_unique<ToolRegistry>(&m_host);
    m_tools->setUseVectors(false);
}

void tst_Tools::specs()
{
    QStringList names;
    for (const ToolSpec &s : m_tools->specs()) {
        names << s.name;
        QCOMPARE(s.inputSchema.value(u"type"_s).toString(), u"object"_s);
        QCOMPARE(s.outputSchema.value(u"type"_s).toString(), u"object"_s);
        QVERIFY2(s.description.size() > 40, qPrintable(s.name));
        // every tool but list_repos takes `repo`
        QCOMPARE(s.inputSchema.value(u"properties"_s).toObject().contains(u"repo"_s), s.name != u"list_repos"_s);
    }
    QCOMPARE(names, (QStringList{u"search"_s, u"find_symbol"_s, u"references"_s, u"outline"_s, u"impact"_s, u"read"_s,
                                 u"grep"_s, u"index_status"_s, u"reindex"_s, u"list_repos"_s}));
    QVERIFY(m_tools->spec(u"read"_s)->readOnly);
    QVERIFY(!m_tools->spec(u"reindex"_s)->readOnly);
}

void tst_Tools::findSymbol()
{
    const ToolResult r = call(u"find_symbol"_s, {{u"name"_s, u"total_price"_s}});
    QVERIFY(!r.isError);
    const QJsonArray defs = r.structured.value(u"definitions"_s).toArray();
    QCOMPARE(defs.size(), 1);
    const QJsonObject d = defs.first().toObject();
    QCOMPARE(d.value(u"path"_s).toString(), u"src/shop/cart.py"_s);
    QCOMPARE(d.value(u"line"_s).toInt(), 18);
    QCOMPARE(d.value(u"end_line"_s).toInt(), 20);
    QCOMPARE(d.value(u"kind"_s).toString(), u"function"_s);
    QCOMPARE(d.value(u"doc"_s).toString(), u"Sum of the prices of the items."_s);
    QVERIFY2(d.value(u"signature"_s).toString().startsWith(u"def total_price(items)"_s), qPrintable(d.value(u"signature"_s).toString()));
    QCOMPARE(r.structured.value(u"total"_s).toInt(), 1);
    QVERIFY(r.text.contains(u"src/shop/cart.py:18-20"_s));

    // qualified, and by prefix
    const ToolResult q = call(u"find_symbol"_s, {{u"name"_s, u"Cart.add"_s}});
    QCOMPARE(q.structured.value(u"definitions"_s).toArray().size(), 1);
    QCOMPARE(q.structured.value(u"definitions"_s).toArray().first().toObject().value(u"line"_s).toInt(), 12);
    const ToolResult p = call(u"find_symbol"_s, {{u"name"_s, u"pri"_s}, {u"exact"_s, false}});
    QStringList found;
    for (const QJsonValue &v : p.structured.value(u"definitions"_s).toArray())
        found << v.toObject().value(u"name"_s).toString();
    QCOMPARE(found, QStringList{u"price_of"_s});
    const ToolResult none = call(u"find_symbol"_s, {{u"name"_s, u"nothing_like_this"_s}});
    QCOMPARE(none.structured.value(u"total"_s).toInt(), 0);
    QVERIFY(!none.isError);
}

void tst_Tools::referencesCallers()
{
    const ToolResult r = call(u"references"_s, {{u"symbol"_s, u"total_price"_s}, {u"kind"_s, u"callers"_s}});
    const QJsonArray results = r.structured.value(u"results"_s).toArray();
    QStringList got;
    for (const QJsonValue &v : results) {
        const QJsonObject o = v.toObject();
        got << u"%1:%2 %3 in %4"_s.arg(o.value(u"path"_s).toString()).arg(o.value(u"line"_s).toInt())
                   .arg(o.value(u"kind"_s).toString(), o.value(u"in"_s).toString());
    }
    QCOMPARE(got, (QStringList{u"src/shop/cart.py:15 call in Cart.add"_s, u"src/shop/checkout.py:9 call in checkout"_s}));
    QVERIFY(r.structured.value(u"exhaustive"_s).toBool());
    QCOMPARE(r.structured.value(u"total"_s).toInt(), 2);
    // paging: one per page
    const ToolResult first = call(u"references"_s, {{u"symbol"_s, u"total_price"_s}, {u"kind"_s, u"callers"_s}, {u"limit"_s, 1}});
    QCOMPARE(first.structured.value(u"results"_s).toArray().size(), 1);
    const QString cursor = first.structured.value(u"next_cursor"_s).toString();
    QVERIFY(!cursor.isEmpty());
    const ToolResult second = call(u"references"_s, {{u"symbol"_s, u"total_price"_s}, {u"kind"_s, u"callers"_s}, {u"limit"_s, 1}, {u"cursor"_s, cursor}});
    QCOMPARE(second.structured.value(u"results"_s).toArray().first().toObject().value(u"path"_s).toString(), u"src/shop/checkout.py"_s);
    QVERIFY(!second.structured.contains(u"next_cursor"_s));
    // a cursor of another query is refused
    QCOMPARE(callError(u"references"_s, {{u"symbol"_s, u"price_of"_s}, {u"kind"_s, u"callers"_s}, {u"limit"_s, 1}, {u"cursor"_s, cursor}}).code,
             ErrorCode::InvalidArgument);
}

void tst_Tools::referencesAllAndCallees()
{
    const ToolResult all = call(u"references"_s, {{u"symbol"_s, u"Cart"_s}});
    QStringList got;
    for (const QJsonValue &v : all.structured.value(u"results"_s).toArray())
        got << u"%1:%2 %3"_s.arg(v.toObject().value(u"path"_s).toString()).arg(v.toObject().value(u"line"_s).toInt()).arg(v.toObject().value(u"kind"_s).toString());
    // creations and the imports of the name
    QVERIFY2(got.contains(u"src/shop/checkout.py:6 new"_s) || got.contains(u"src/shop/checkout.py:6 call"_s), qPrintable(got.join(u"; "_s)));
    QVERIFY2(got.contains(u"tests/test_cart.py:5 new"_s) || got.contains(u"tests/test_cart.py:5 call"_s), qPrintable(got.join(u"; "_s)));

    const ToolResult callees = call(u"references"_s, {{u"symbol"_s, u"total_price"_s}, {u"kind"_s, u"callees"_s}});
    QHash<QString, QString> targets;
    for (const QJsonValue &v : callees.structured.value(u"results"_s).toArray()) {
        const QJsonObject t = v.toObject().value(u"target"_s).toObject();
        targets.insert(v.toObject().value(u"name"_s).toString(),
                       t.isEmpty() ? u"-"_s : u"%1:%2"_s.arg(t.value(u"path"_s).toString()).arg(t.value(u"line"_s).toInt()));
    }
    QCOMPARE(targets.value(u"price_of"_s), u"src/shop/cart.py:23"_s);
    QCOMPARE(targets.value(u"sum"_s), u"-"_s); // a builtin: not in the index
}

// A constant used as a value: no reference in the graph, but the code lines that hold the word
// are listed (the graph's own lines and the definition left out).
void tst_Tools::referencesTextMatches()
{
    const ToolResult r = call(u"references"_s, {{u"symbol"_s, u"PRICES"_s}});
    QCOMPARE(r.structured.value(u"total"_s).toInt(), 0);
    QStringList got;
    for (const QJsonValue &v : r.structured.value(u"text_matches"_s).toArray())
        got << u"%1:%2:%3 %4"_s.arg(v.toObject().value(u"path"_s).toString()).arg(v.toObject().value(u"line"_s).toInt())
                   .arg(v.toObject().value(u"column"_s).toInt()).arg(v.toObject().value(u"text"_s).toString());
    // (the README's "Prices live in `PRICES`." is not code)
    QCOMPARE(got, (QStringList{u"src/shop/cart.py:24:12     return PRICES.get(name, 0)"_s}));
    QVERIFY(!r.structured.value(u"text_matches_more"_s).toBool());
    QVERIFY2(r.text.contains(u"1 other line(s) hold the word `PRICES`"_s), qPrintable(r.text));
    // a called name: the graph's lines (two calls, the definition) are not repeated; the line
    // that imports it by name is text (the graph records the module an import names)
    const ToolResult called = call(u"references"_s, {{u"symbol"_s, u"total_price"_s}});
    const QJsonArray calledText = called.structured.value(u"text_matches"_s).toArray();
    QCOMPARE(calledText.size(), 1);
    QCOMPARE(calledText.first().toObject().value(u"path"_s).toString(), u"src/shop/checkout.py"_s);
    QCOMPARE(calledText.first().toObject().value(u"line"_s).toInt(), 1);
    // a function's own body is not where it is used (its parameters and locals of the same
    // name); a class's body is (self.x in its methods)
    auto store = IndexStore::open(m_host.handles.first().databasePath, IndexStore::Mode::ReadOnly);
    QVERIFY(store);
    const TextOccurrenceQuery priceOf = textOccurrenceQuery(**store, u"price_of"_s, {});
    QCOMPARE(priceOf.known.value(u"src/shop/cart.py"_s), (QSet<int>{23, 24}));
    const TextOccurrenceQuery cart = textOccurrenceQuery(**store, u"Cart"_s, {});
    QCOMPARE(cart.known.value(u"src/shop/cart.py"_s), (QSet<int>{6}));
    // later pages do not repeat them
    const ToolResult first = call(u"references"_s, {{u"symbol"_s, u"Cart"_s}, {u"limit"_s, 1}});
    const QString cursor = first.structured.value(u"next_cursor"_s).toString();
    QVERIFY(!cursor.isEmpty());
    const ToolResult second = call(u"references"_s, {{u"symbol"_s, u"Cart"_s}, {u"limit"_s, 1}, {u"cursor"_s, cursor}});
    QVERIFY(!second.structured.contains(u"text_matches"_s));
}

void tst_Tools::readLines()
{
    const ToolResult r = call(u"read"_s, {{u"path"_s, u"src/shop/cart.py"_s}, {u"start_line"_s, 12}, {u"end_line"_s, 15}});
    QCOMPARE(r.structured.value(u"content"_s).toString(),
             u"12      def add(self, item, qty=1):\n"
             "13          \"\"\"Add an item; returns the new total.\"\"\"\n"
             "14          self.items.append((item, qty))\n"
             "15          return total_price(self.items)\n"_s);
    QCOMPARE(r.structured.value(u"total_lines"_s).toInt(), 24);
    QCOMPARE(r.structured.value(u"enclosing"_s).toObject().value(u"symbol"_s).toString(), u"Cart.add"_s);
    QCOMPARE(r.structured.value(u"next_start_line"_s).toInt(), 16);
    // clamped to the file; absolute paths inside the folder are fine
    const ToolResult tail = call(u"read"_s, {{u"path"_s, QString(m_host.handles.first().root + u"/src/shop/checkout.py"_s)}, {u"start_line"_s, 8}, {u"end_line"_s, 500}});
    QCOMPARE(tail.structured.value(u"start_line"_s).toInt(), 8);
    QCOMPARE(tail.structured.value(u"end_line"_s).toInt(), 9);
    QVERIFY(!tail.structured.contains(u"next_start_line"_s));
    QCOMPARE(tail.structured.value(u"path"_s).toString(), u"src/shop/checkout.py"_s);
}

void tst_Tools::readWithholdsAndRefuses()
{
    const ToolResult s = call(u"read"_s, {{u"path"_s, u"config/settings.py"_s}});
    // (how much of the line goes is the secret rules' business: core/base/secrets.h)
    const QStringList lines = s.structured.value(u"content"_s).toString().split(u'\n');
    QCOMPARE(lines.at(0), u"1  DEBUG = False"_s);
    QVERIFY2(lines.at(1).startsWith(u"2  GITHUB_"_s) && lines.at(1).contains(u"[withheld: GitHub token]"_s), qPrintable(lines.at(1)));
    QCOMPARE(lines.at(2), u"3  TIMEOUT = 30"_s);
    QVERIFY(s.structured.value(u"withheld_credentials"_s).toInt() >= 1);
    QVERIFY(!s.text.contains(u"ghp_"_s));

    const ToolResult env = call(u"read"_s, {{u"path"_s, u".env"_s}});
    QVERIFY(env.isError);
    QVERIFY2(env.text.contains(u"ignored"_s), qPrintable(env.text));
    QVERIFY(!env.text.contains(u"hunter2"_s));
    const ToolResult missing = call(u"read"_s, {{u"path"_s, u"src/nope.py"_s}});
    QVERIFY(missing.isError);

    for (const QString &outside : {u"../outside.txt"_s, u"/etc/passwd"_s, u"src/../../x"_s}) {
        const Error e = callError(u"read"_s, {{u"path"_s, outside}});
        QCOMPARE(e.code, ErrorCode::InvalidArgument);
        QVERIFY2(e.message.contains(u"outside the folder"_s), qPrintable(e.message));
    }
    // a symbolic link that leads out of the folder
    QVERIFY(QFile::link(u"/etc/passwd"_s, m_root.path() + u"/link.txt"_s));
    QCOMPARE(callError(u"read"_s, {{u"path"_s, u"link.txt"_s}}).code, ErrorCode::InvalidArgument);
    QFile::remove(m_root.path() + u"/link.txt"_s);
}

void tst_Tools::grepLiteralAndPaging()
{
    const ToolResult r = call(u"grep"_s, {{u"pattern"_s, u"total_price"_s}});
    QStringList got;
    for (const QJsonValue &v : r.structured.value(u"matches"_s).toArray())
        got << u"%1:%2:%3"_s.arg(v.toObject().value(u"path"_s).toString()).arg(v.toObject().value(u"line"_s).toInt()).arg(v.toObject().value(u"column"_s).toInt());
    QCOMPARE(got, (QStringList{u"src/shop/cart.py:15:16"_s, u"src/shop/cart.py:18:5"_s, u"src/shop/checkout.py:1:29"_s,
                               u"src/shop/checkout.py:9:12"_s}));
    QVERIFY(!r.structured.contains(u"next_cursor"_s));
    QCOMPARE(r.structured.value(u"files_total"_s).toInt(), 5);

    // pages of 3: the second starts after the third match
    QStringList paged;
    QString cursor;
    int pages = 0;
    do {
        QJsonObject args{{u"pattern"_s, u"total_price"_s}, {u"limit"_s, 3}};
        if (!cursor.isEmpty())
            args.insert(u"cursor"_s, cursor);
        const ToolResult page = call(u"grep"_s, args);
        for (const QJsonValue &v : page.structured.value(u"matches"_s).toArray())
            paged << u"%1:%2:%3"_s.arg(v.toObject().value(u"path"_s).toString()).arg(v.toObject().value(u"line"_s).toInt()).arg(v.toObject().value(u"column"_s).toInt());
        cursor = page.structured.value(u"next_cursor"_s).toString();
        ++pages;
    } while (!cursor.isEmpty() && pages < 10);
    QCOMPARE(pages, 2);
    QCOMPARE(paged, got);

    // path globs; case
    const ToolResult tests = call(u"grep"_s, {{u"pattern"_s, u"cart"_s}, {u"path"_s, u"tests/**"_s}, {u"case_sensitive"_s, false}});
    QCOMPARE(tests.structured.value(u"matches"_s).toArray().size(), 3); // "Cart" import, "cart = Cart()", "cart.add"
    const ToolResult secret = call(u"grep"_s, {{u"pattern"_s, u"GITHUB_TOKEN"_s}});
    const QString secretLine = secret.structured.value(u"matches"_s).toArray().first().toObject().value(u"text"_s).toString();
    QVERIFY2(secretLine.contains(u"[withheld: GitHub token]"_s) && !secretLine.contains(u"ghp_"_s), qPrintable(secretLine));
    // ignored files are never searched
    QCOMPARE(call(u"grep"_s, {{u"pattern"_s, u"hunter2"_s}}).structured.value(u"matches"_s).toArray().size(), 0);
}

void tst_Tools::grepRegexWordContext()
{
    const ToolResult r = call(u"grep"_s, {{u"pattern"_s, u"def \\w+_(of|price)\\("_s}, {u"regex"_s, true}, {u"context"_s, 1}});
    const QJsonArray m = r.structured.value(u"matches"_s).toArray();
    QCOMPARE(m.size(), 2);
    QCOMPARE(m.at(0).toObject().value(u"line"_s).toInt(), 18);
    QCOMPARE(m.at(0).toObject().value(u"after"_s).toArray().first().toString(), u"    \"\"\"Sum of the prices of the items.\"\"\""_s);
    QCOMPARE(m.at(1).toObject().value(u"line"_s).toInt(), 23);
    QCOMPARE(m.at(1).toObject().value(u"before"_s).toArray().first().toString(), QString());
    // whole words: "price" alone is not in price_of or total_price
    const ToolResult w = call(u"grep"_s, {{u"pattern"_s, u"price"_s}, {u"word"_s, true}, {u"path"_s, u"src/**"_s}});
    QCOMPARE(w.structured.value(u"matches"_s).toArray().size(), 0);
    const ToolResult w2 = call(u"grep"_s, {{u"pattern"_s, u"prices"_s}, {u"word"_s, true}, {u"case_sensitive"_s, false}, {u"path"_s, u"*.md"_s}});
    QCOMPARE(w2.structured.value(u"matches"_s).toArray().size(), 2);
}

void tst_Tools::grepBadPatterns()
{
    const QString huge(5 * 1024 * 1024, u'a');
    const Error e = callError(u"grep"_s, {{u"pattern"_s, huge}, {u"regex"_s, true}});
    QCOMPARE(e.code, ErrorCode::InvalidArgument);
    QVERIFY2(e.message.startsWith(u"pattern: is 5242880 characters long"_s), qPrintable(e.message));
    const Error bad = callError(u"grep"_s, {{u"pattern"_s, u"(unclosed"_s}, {u"regex"_s, true}});
    QCOMPARE(bad.code, ErrorCode::InvalidArgument);
    QVERIFY2(bad.message.contains(u"not a valid regular expression"_s), qPrintable(bad.message));
    QCOMPARE(callError(u"grep"_s, {{u"pattern"_s, u"x"_s}, {u"path"_s, u"../**"_s}}).code, ErrorCode::InvalidArgument);
    // a pathological expression ends (PCRE2's match limit), the server keeps going
    const ToolResult slow = call(u"grep"_s, {{u"pattern"_s, u"(a+)+$"_s}, {u"regex"_s, true}});
    QVERIFY(!slow.isError);
}

void tst_Tools::outline()
{
    const ToolResult r = call(u"outline"_s, {{u"path"_s, u"src/shop/cart.py"_s}});
    QStringList got;
    std::function<void(const QJsonArray &, int)> walk = [&](const QJsonArray &nodes, int depth) {
        for (const QJsonValue &v : nodes) {
            const QJsonObject o = v.toObject();
            got << u"%1%2 %3 %4-%5"_s.arg(QString(depth * 2, u' '), o.value(u"kind"_s).toString(), o.value(u"name"_s).toString())
                       .arg(o.value(u"start_line"_s).toInt())
                       .arg(o.value(u"end_line"_s).toInt());
            walk(o.value(u"children"_s).toArray(), depth + 1);
        }
    };
    walk(r.structured.value(u"definitions"_s).toArray(), 0);
    QCOMPARE(got.join(u'\n'), QStringList({u"variable PRICES 3-3"_s, u"class Cart 6-15"_s, u"  constructor __init__ 9-10"_s, u"  method add 12-15"_s,
                                           u"function total_price 18-20"_s, u"function price_of 23-24"_s})
                                  .join(u'\n'));
    const ToolResult md = call(u"outline"_s, {{u"path"_s, u"README.md"_s}});
    QVERIFY(md.text.contains(u"Prices"_s));
    QVERIFY(call(u"outline"_s, {{u"path"_s, u".env"_s}}).isError);
}

void tst_Tools::impactSymbolAndPath()
{
    const ToolResult r = call(u"impact"_s, {{u"target"_s, u"total_price"_s}});
    QCOMPARE(r.structured.value(u"mode"_s).toString(), u"symbol"_s);
    QStringList deps;
    for (const QJsonValue &v : r.structured.value(u"dependents"_s).toArray())
        deps << u"%1@%2"_s.arg(v.toObject().value(u"symbol"_s).toString()).arg(v.toObject().value(u"depth"_s).toInt());
    deps.sort();
    QCOMPARE(deps, (QStringList{u"Cart.add@1"_s, u"checkout@1"_s, u"test_add_returns_total@2"_s}));
    QCOMPARE(r.structured.value(u"tests"_s).toArray().size(), 1);
    QCOMPARE(r.structured.value(u"tests"_s).toArray().first().toObject().value(u"path"_s).toString(), u"tests/test_cart.py"_s);
    // its direct uses the graph does not record: the import by name
    const QJsonArray imported = r.structured.value(u"text_matches"_s).toArray();
    QCOMPARE(imported.size(), 1);
    QCOMPARE(imported.first().toObject().value(u"path"_s).toString(), u"src/shop/checkout.py"_s);
    // a constant read as a value: no dependent in the graph, one use by text
    const ToolResult prices = call(u"impact"_s, {{u"target"_s, u"PRICES"_s}});
    QCOMPARE(prices.structured.value(u"dependents"_s).toArray().size(), 0);
    const QJsonArray read = prices.structured.value(u"text_matches"_s).toArray();
    QCOMPARE(read.size(), 1);
    QCOMPARE(read.first().toObject().value(u"line"_s).toInt(), 24);
    QVERIFY2(prices.text.contains(u"1 line(s) use `PRICES` without a call the graph records"_s), qPrintable(prices.text));

    const ToolResult p = call(u"impact"_s, {{u"target"_s, u"src/shop/checkout.py"_s}});
    QCOMPARE(p.structured.value(u"mode"_s).toString(), u"path"_s);
    QCOMPARE(p.structured.value(u"dependents"_s).toArray().size(), 0); // nothing calls checkout()
    QVERIFY(!p.structured.contains(u"text_matches"_s)); // a file: its names' uses are its dependents
    QVERIFY(call(u"impact"_s, {{u"target"_s, u"no_such_thing"_s}}).isError);
}

void tst_Tools::impactWorkingTree()
{
    if (QStandardPaths::findExecutable(u"git"_s).isEmpty())
        QSKIP("git is not installed");
    const QString root = m_host.handles.first().root;
    auto git = [&](const QStringList &args) {
        QProcess p;
        p.setWorkingDirectory(root);
        p.start(u"git"_s, QStringList{u"-c"_s, u"user.name=t"_s, u"-c"_s, u"user.email=t@t"_s} + args);
        return p.waitForFinished(20000) && p.exitCode() == 0;
    };
    QVERIFY(git({u"init"_s, u"-q"_s}));
    QVERIFY(git({u"add"_s, u"-A"_s}));
    QVERIFY(git({u"commit"_s, u"-qm"_s, u"fixture"_s}));
    QFile f(root + u"/src/shop/cart.py"_s);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QByteArray text = f.readAll();
    f.close();
    text.replace("return PRICES.get(name, 0)", "return PRICES.get(name.lower(), 0)");
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(text);
    f.close();
    const ToolResult r = call(u"impact"_s, {{u"target"_s, u"working tree"_s}});
    QVERIFY2(!r.isError, qPrintable(r.text));
    QCOMPARE(r.structured.value(u"mode"_s).toString(), u"working tree"_s);
    const QJsonArray touched = r.structured.value(u"touched"_s).toArray();
    QCOMPARE(touched.size(), 1);
    QCOMPARE(touched.first().toObject().value(u"symbol"_s).toString(), u"price_of"_s);
    QStringList deps;
    for (const QJsonValue &v : r.structured.value(u"dependents"_s).toArray())
        deps << u"%1@%2"_s.arg(v.toObject().value(u"symbol"_s).toString()).arg(v.toObject().value(u"depth"_s).toInt());
    deps.sort();
    QCOMPARE(deps, (QStringList{u"Cart.add@2"_s, u"checkout@2"_s, u"total_price@1"_s}));
    QVERIFY(git({u"checkout"_s, u"-q"_s, u"--"_s, u"src/shop/cart.py"_s}));
    QVERIFY(QDir(root + u"/.git"_s).removeRecursively());
}

void tst_Tools::searchAndPaging()
{
    const ToolResult r = call(u"search"_s, {{u"query"_s, u"total_price"_s}, {u"top_k"_s, 3}});
    const QJsonArray results = r.structured.value(u"results"_s).toArray();
    QVERIFY(!results.isEmpty());
    QCOMPARE(results.first().toObject().value(u"symbol"_s).toString(), u"total_price"_s);
    QCOMPARE(results.first().toObject().value(u"path"_s).toString(), u"src/shop/cart.py"_s);
    QCOMPARE(results.first().toObject().value(u"start_line"_s).toInt(), 18);
    QVERIFY(results.first().toObject().value(u"snippet"_s).toString().startsWith(u"def total_price(items):"_s));
    QVERIFY(!results.first().toObject().value(u"reasons"_s).toArray().isEmpty());
    QCOMPARE(r.structured.value(u"route"_s).toString(), u"symbol"_s);
    QVERIFY(r.structured.value(u"index"_s).toObject().value(u"complete"_s).toBool());

    // pages of one hit each: no hit twice, in the order of one big page
    const ToolResult big = call(u"search"_s, {{u"query"_s, u"cart items price"_s}, {u"top_k"_s, 4}});
    QStringList expected;
    for (const QJsonValue &v : big.structured.value(u"results"_s).toArray())
        expected << v.toObject().value(u"path"_s).toString() + u':' + QString::number(v.toObject().value(u"start_line"_s).toInt());
    QCOMPARE(expected.size(), 4);
    QStringList paged;
    QString cursor;
    for (int i = 0; i < 4; ++i) {
        QJsonObject args{{u"query"_s, u"cart items price"_s}, {u"top_k"_s, 1}};
        if (!cursor.isEmpty())
            args.insert(u"cursor"_s, cursor);
        const ToolResult page = call(u"search"_s, args);
        for (const QJsonValue &v : page.structured.value(u"results"_s).toArray())
            paged << v.toObject().value(u"path"_s).toString() + u':' + QString::number(v.toObject().value(u"start_line"_s).toInt());
        cursor = page.structured.value(u"next_cursor"_s).toString();
        QVERIFY(!cursor.isEmpty());
    }
    QCOMPARE(paged, expected);

    // a graph route lists every usage, a page at a time
    const ToolResult callers = call(u"search"_s, {{u"query"_s, u"who calls total_price"_s}, {u"top_k"_s, 2}});
    QCOMPARE(callers.structured.value(u"route"_s).toString(), u"graph:callers"_s);
    QVERIFY(callers.structured.value(u"exhaustive"_s).toBool());
    QCOMPARE(callers.structured.value(u"total"_s).toInt(), 3);
    QStringList symbols;
    for (const QJsonValue &v : callers.structured.value(u"results"_s).toArray())
        symbols << v.toObject().value(u"symbol"_s).toString();
    QCOMPARE(symbols, (QStringList{u"total_price"_s, u"Cart.add"_s}));
    const QString more = callers.structured.value(u"next_cursor"_s).toString();
    QVERIFY(!more.isEmpty());
    const ToolResult rest = call(u"search"_s, {{u"query"_s, u"who calls total_price"_s}, {u"top_k"_s, 2}, {u"cursor"_s, more}});
    QCOMPARE(rest.structured.value(u"results"_s).toArray().size(), 1);
    QCOMPARE(rest.structured.value(u"results"_s).toArray().first().toObject().value(u"symbol"_s).toString(), u"checkout"_s);
    QVERIFY(!rest.structured.contains(u"next_cursor"_s));
    QVERIFY(!callers.structured.value(u"notes"_s).toArray().contains(QJsonValue(
        u"no call in the reference graph; the references tool's text_matches list the lines that use the name "
        "without a call (property or field reads, callbacks)"_s)));
    // a name nothing calls (a constant read as a value): the note says where its uses are
    const ToolResult uncalled = call(u"search"_s, {{u"query"_s, u"who calls PRICES"_s}});
    QCOMPARE(uncalled.structured.value(u"route"_s).toString(), u"graph:callers"_s);
    QVERIFY2(uncalled.structured.value(u"notes"_s).toArray().contains(QJsonValue(
                 u"no call in the reference graph; the references tool's text_matches list the lines that use the "
                 "name without a call (property or field reads, callbacks)"_s)),
             qPrintable(uncalled.text));

    // filters
    const ToolResult tests = call(u"search"_s, {{u"query"_s, u"cart add"_s}, {u"filters"_s, QJsonObject{{u"path"_s, u"tests/**"_s}}}});
    for (const QJsonValue &v : tests.structured.value(u"results"_s).toArray())
        QVERIFY(v.toObject().value(u"path"_s).toString().startsWith(u"tests/"_s));
    QCOMPARE(callError(u"search"_s, {{u"query"_s, u"x"_s}, {u"filters"_s, QJsonObject{{u"lang"_s, u"klingon"_s}}}}).code,
             ErrorCode::InvalidArgument);
    // a secret in a snippet is withheld
    const ToolResult token = call(u"search"_s, {{u"query"_s, u"GITHUB_TOKEN settings"_s}});
    QVERIFY(!QJsonDocument(token.structured).toJson().contains("ghp_"));
    QVERIFY(!token.text.contains(u"ghp_"_s));
}

void tst_Tools::statusListReindex()
{
    const ToolResult s = call(u"index_status"_s, {});
    const QJsonObject files = s.structured.value(u"files"_s).toObject();
    QCOMPARE(files.value(u"indexed"_s).toObject().value(u"files"_s).toInt(), 5);
    QCOMPARE(files.value(u"ignored"_s).toObject().value(u"files"_s).toInt(), 1); // .env
    QVERIFY(s.structured.value(u"indexed"_s).toBool());
    QVERIFY(s.structured.value(u"chunks"_s).toInt() > 8);
    QVERIFY(s.text.contains(u"not watched"_s));

    const ToolResult l = call(u"list_repos"_s, {});
    const QJsonArray repos = l.structured.value(u"repos"_s).toArray();
    QCOMPARE(repos.size(), 1);
    QCOMPARE(repos.first().toObject().value(u"name"_s).toString(), u"fixture"_s);
    QVERIFY(repos.first().toObject().value(u"indexed"_s).toBool());

    const ToolResult r = call(u"reindex"_s, {{u"full"_s, true}});
    QCOMPARE(r.structured.value(u"status"_s).toString(), u"started"_s);
    QCOMPARE(m_host.reindexed, QStringList{u"fixture:full"_s});

    // while another process writes, answers say so
    m_host.state.otherWriter = u"pid 42, repolens-cli index"_s;
    const ToolResult busy = call(u"find_symbol"_s, {{u"name"_s, u"checkout"_s}});
    QVERIFY(!busy.structured.value(u"index"_s).toObject().value(u"complete"_s).toBool());
    QVERIFY2(busy.text.contains(u"indexing in another RepoLens process (pid 42, repolens-cli index)"_s), qPrintable(busy.text));
    m_host.state = {};
}

void tst_Tools::badCalls()
{
    const Error unknown = callError(u"delete_everything"_s, {});
    QCOMPARE(unknown.code, ErrorCode::NotFound);
    QVERIFY(unknown.message.contains(u"unknown tool"_s));
    const Error type = callError(u"find_symbol"_s, {{u"name"_s, 5}});
    QCOMPARE(type.code, ErrorCode::InvalidArgument);
    QCOMPARE(type.message, u"name: expected string, got integer"_s);
    QCOMPARE(callError(u"find_symbol"_s, {}).message, u"arguments: missing required property \"name\""_s);
    QCOMPARE(callError(u"search"_s, {{u"query"_s, u"x"_s}, {u"top_k"_s, 500}}).message, u"top_k: must be at most 50"_s);
    QCOMPARE(callError(u"search"_s, {{u"query"_s, u"x"_s}, {u"top_k"_s, 2.5}}).message, u"top_k: expected integer, got number"_s);
    QVERIFY(callError(u"read"_s, {{u"path"_s, u"a"_s}, {u"bogus"_s, 1}}).message.startsWith(u"arguments: unknown property \"bogus\""_s));
    QCOMPARE(callError(u"references"_s, {{u"symbol"_s, u"x"_s}, {u"kind"_s, u"friends"_s}}).message,
             u"kind: must be one of callers, callees, all"_s);
    QCOMPARE(callError(u"grep"_s, {{u"pattern"_s, u"x"_s}, {u"cursor"_s, u"!!!"_s}}).code, ErrorCode::InvalidArgument);
}

void tst_Tools::severalRepos()
{
    QTemporaryDir other;
    QVERIFY(writeFixture(other.path()));
    const QString root = QFileInfo(other.path()).canonicalFilePath();
    const QString db = IndexStore::databasePath(m_data.path(), root);
    QVERIFY(Indexer(root, db).run());
    const QList<RepoHandle> saved = m_host.handles;
    m_host.handles << RepoHandle{u"second"_s, root, db};
    QVERIFY(callError(u"find_symbol"_s, {{u"name"_s, u"checkout"_s}}).message.startsWith(u"repo: several folders are served"_s));
    QCOMPARE(call(u"find_symbol"_s, {{u"name"_s, u"checkout"_s}, {u"repo"_s, u"second"_s}}).structured.value(u"repo"_s).toString(),
             u"second"_s);
    QCOMPARE(call(u"find_symbol"_s, {{u"name"_s, u"checkout"_s}, {u"repo"_s, root}}).structured.value(u"repo"_s).toString(), u"second"_s);
    QCOMPARE(callError(u"find_symbol"_s, {{u"name"_s, u"checkout"_s}, {u"repo"_s, u"third"_s}}).code, ErrorCode::InvalidArgument);
    QCOMPARE(call(u"list_repos"_s, {}).structured.value(u"repos"_s).toArray().size(), 2);
    m_host.handles = saved;
}

void tst_Tools::noIndexYet()
{
    const QList<RepoHandle> saved = m_host.handles;
    m_host.handles = {RepoHandle{u"new"_s, m_root.path(), m_data.path() + u"/none/index.sqlite"_s}};
    const ToolResult r = call(u"search"_s, {{u"query"_s, u"x"_s}});
    QVERIFY(r.isError);
    QVERIFY2(r.text.contains(u"has no index yet"_s), qPrintable(r.text));
    const ToolResult s = call(u"index_status"_s, {});
    QVERIFY(!s.isError);
    QVERIFY(!s.structured.value(u"indexed"_s).toBool());
    m_host.handles = saved;
}

void tst_Tools::answersDuringTheFirstIndex()
{
    // Between the draft pass and the parse pass every file is searchable as text windows; the
    // tools answer from them and say how much is parsed.
    QTemporaryDir root;
    QTemporaryDir data;
    QVERIFY(writeFixture(root.path()));
    const QString canonical = QFileInfo(root.path()).canonicalFilePath();
    const QString db = IndexStore::databasePath(data.path(), canonical);
    const QList<RepoHandle> saved = m_host.handles;
    m_host.handles = {RepoHandle{u"early"_s, canonical, db}};
    IndexOptions options;
    options.draftMinFiles = 1;
    ToolResult during;
    options.afterDrafts = [&] { during = call(u"grep"_s, {{u"pattern"_s, u"def checkout"_s}}); };
    QVERIFY(Indexer(canonical, db, options).run());
    m_host.handles = saved;
    QVERIFY(!during.isError);
    QCOMPARE(during.structured.value(u"matches"_s).toArray().size(), 1);
    const QJsonObject index = during.structured.value(u"index"_s).toObject();
    QVERIFY(!index.value(u"complete"_s).toBool());
    QCOMPARE(index.value(u"note"_s).toString(), u"the index is being built: 0 of 5 files parsed; results may be incomplete"_s);
}

// What a tool returns goes to a model (agent mode) or an MCP client. A range or a grep line cut
// out of a key's body is withheld as the whole file would be; a grep pattern that only matches
// inside a secret finds nothing (no oracle for its characters); a file swapped for a symlink to
// something outside the folder, or for a FIFO, after it was indexed is refused, never followed
// and never waited on.
void tst_Tools::keyLinesAndSwappedFilesNeverLeave()
{
    const QString root = m_host.handles.first().root;
    QRandomGenerator random(1717);
    const QByteArray alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    QList<QByteArray> body;
    QByteArray file = "import rsa\n\nRELEASE_KEY = \"\"\"-----BEGIN RSA PRIVATE KEY-----\n";
    for (int l = 0; l < 20; ++l) {
        QByteArray line = "MIIEow" + QByteArray::number(l);
        while (line.size() < 64)
            line += alphabet.at(random.bounded(int(alphabet.size())));
        body << line;
        file += line + '\n';
    }
    file += "-----END RSA PRIVATE KEY-----\"\"\"\n\n\ndef sign(data):\n    return rsa.sign(data, RELEASE_KEY)\n";
    QDir().mkpath(root + u"/keys"_s);
    {
        QFile f(root + u"/keys/signing.py"_s);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(file);
    }
    auto reindexed = Indexer(root, m_host.handles.first().databasePath).run();
    QVERIFY2(reindexed, reindexed ? "" : qPrintable(reindexed.error().toString()));
    const auto leaks = [&](const ToolResult &r) {
        const QByteArray all = r.text.toUtf8() + QJsonDocument(r.structured).toJson();
        QStringList found;
        for (const QByteArray &line : std::as_const(body)) {
            if (all.contains(line.mid(8, 40)))
                found << QString::fromLatin1(line);
        }
        return found.join(u'\n');
    };

    // lines 5-6 and line 10 alone: inside the body, neither armour line in the range
    for (const auto &[first, last] : {std::pair{5, 6}, std::pair{10, 10}, std::pair{4, 23}}) {
        const ToolResult r = call(u"read"_s, {{u"path"_s, u"keys/signing.py"_s}, {u"start_line"_s, first}, {u"end_line"_s, last}});
        QVERIFY2(!r.isError, qPrintable(r.text));
        QVERIFY2(leaks(r).isEmpty(), qPrintable(QStringLiteral("read %1-%2 shows key lines:\n%3").arg(first).arg(last).arg(leaks(r))));
        QVERIFY(r.structured.value(u"withheld_credentials"_s).toInt() >= 1);
        QCOMPARE(r.structured.value(u"start_line"_s).toInt(), first);
        QCOMPARE(r.structured.value(u"end_line"_s).toInt(), last);
    }
    // the lines after the key are shown as they are, at their own numbers
    const ToolResult after = call(u"read"_s, {{u"path"_s, u"keys/signing.py"_s}, {u"start_line"_s, 27}, {u"end_line"_s, 28}});
    QCOMPARE(after.structured.value(u"content"_s).toString(), u"27  def sign(data):\n28      return rsa.sign(data, RELEASE_KEY)\n"_s);

    // grep: a piece of a key line finds nothing; a line next to the key shows no key line
    const ToolResult piece = call(u"grep"_s, {{u"pattern"_s, QString::fromLatin1(body.at(7).mid(20, 16))}});
    QVERIFY2(piece.structured.value(u"matches"_s).toArray().isEmpty(), qPrintable(piece.text));
    QCOMPARE(piece.structured.value(u"matches_not_shown"_s).toInt(), 1);
    QVERIFY(leaks(piece).isEmpty());
    const ToolResult armour = call(u"grep"_s, {{u"pattern"_s, u"MIIEow1"_s}});
    QVERIFY2(armour.structured.value(u"matches"_s).toArray().isEmpty(), qPrintable(armour.text));
    const ToolResult context = call(u"grep"_s, {{u"pattern"_s, u"RELEASE_KEY"_s}, {u"context"_s, 3}});
    QCOMPARE(context.structured.value(u"matches"_s).toArray().size(), 2); // the assignment and the call
    QVERIFY2(leaks(context).isEmpty(), qPrintable(leaks(context)));
    QVERIFY(context.text.contains(u"[withheld: private key]"_s));
    // a pattern around the secret still finds its line, withheld
    const ToolResult token = call(u"grep"_s, {{u"pattern"_s, u"GITHUB_TOKEN"_s}});
    QVERIFY(!token.structured.value(u"matches"_s).toArray().isEmpty());
    QVERIFY(!token.text.contains(u"ghp_"_s));
    QCOMPARE(call(u"grep"_s, {{u"pattern"_s, u"R3aLlyS3cr3t"_s}}).structured.value(u"matches"_s).toArray().size(), 0);

    // swapped for a symlink to a file outside the folder since it was indexed
    QTemporaryDir outside;
    {
        QFile f(outside.filePath(u"private.txt"_s));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("OUTSIDE_ONLY_TEXT price_of\n");
    }
    const QString cart = root + u"/src/shop/cart.py"_s;
    QFile original(cart);
    QVERIFY(original.open(QIODevice::ReadOnly));
    const QByteArray cartText = original.readAll();
    original.close();
    auto restore = qScopeGuard([&] {
        QFile::remove(cart);
        QFile f(cart);
        if (f.open(QIODevice::WriteOnly))
            f.write(cartText);
        f.close();
        QFile::remove(root + u"/keys/signing.py"_s);
        (void)Indexer(root, m_host.handles.first().databasePath).run();
    });
    QVERIFY(QFile::remove(cart));
    QVERIFY(QFile::link(outside.filePath(u"private.txt"_s), cart));
    const auto outsideRead = m_tools->call(u"read"_s, {{u"path"_s, u"src/shop/cart.py"_s}});
    QVERIFY(!outsideRead || (outsideRead->isError && !outsideRead->text.contains(u"OUTSIDE_ONLY_TEXT"_s)));
    const ToolResult grepLink = call(u"grep"_s, {{u"pattern"_s, u"OUTSIDE_ONLY_TEXT"_s}});
    QVERIFY2(grepLink.structured.value(u"matches"_s).toArray().isEmpty(), qPrintable(grepLink.text));
    // ... or to a file inside it that the ignore rules keep out (.env: hunter2)
    QVERIFY(QFile::remove(cart));
    QVERIFY(QFile::link(u"../../.env"_s, cart));
    const ToolResult viaLink = call(u"read"_s, {{u"path"_s, u"src/shop/cart.py"_s}});
    QVERIFY2(viaLink.isError, qPrintable(viaLink.text));
    QVERIFY2(viaLink.text.contains(u"symlink"_s), qPrintable(viaLink.text));
    QVERIFY(!viaLink.text.contains(u"hunter2"_s));
    const ToolResult grepEnv = call(u"grep"_s, {{u"pattern"_s, u"hunter2"_s}});
    QVERIFY2(grepEnv.structured.value(u"matches"_s).toArray().isEmpty(), qPrintable(grepEnv.text));

    // swapped for a FIFO: refused at once (a blocked reader would hang the server's thread;
    // past 20 s a writer is opened so that the test fails instead of hanging)
    QVERIFY(QFile::remove(cart));
    QCOMPARE(::mkfifo(QFile::encodeName(cart).constData(), 0644), 0);
    std::atomic_bool done{false};
    std::thread unblock([&] {
        for (int i = 0; i < 200 && !done.load(); ++i)
            QThread::msleep(100);
        while (!done.load()) { // every blocked reader in turn
            const int fd = ::open(QFile::encodeName(cart).constData(), O_WRONLY | O_NONBLOCK);
            if (fd >= 0)
                ::close(fd);
            QThread::msleep(50);
        }
    });
    QElapsedTimer clock;
    clock.start();
    const ToolResult fifo = call(u"read"_s, {{u"path"_s, u"src/shop/cart.py"_s}});
    const ToolResult grepFifo = call(u"grep"_s, {{u"pattern"_s, u"price_of"_s}});
    const qint64 waited = clock.elapsed();
    done.store(true);
    unblock.join();
    QVERIFY2(waited < 20000, "a tool blocked on a FIFO");
    QVERIFY(fifo.isError);
    QVERIFY2(fifo.text.contains(u"not a regular file"_s), qPrintable(fifo.text));
    for (const QJsonValue &m : grepFifo.structured.value(u"matches"_s).toArray())
        QVERIFY(m.toObject().value(u"path"_s).toString() != u"src/shop/cart.py"_s);
}

void tst_Tools::outputsMatchTheirSchemas()
{
    QVERIFY(m_seen.size() > 30);
    for (const auto &[tool, result] : std::as_const(m_seen)) {
        if (result.isError)
            continue;
        const QString problem = validateJson(result.structured, m_tools->spec(tool)->outputSchema);
        QVERIFY2(problem.isEmpty(), qPrintable(tool + u": "_s + problem));
    }
}

QTEST_GUILESS_MAIN(tst_Tools)
#include "tst_tools.moc"
