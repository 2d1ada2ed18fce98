// Usages of one definition among several of the same name: `Flask.url_for` (a method) is not
// the free function `url_for`, though the index links references by name only.

#include "core/index/indexer.h"
#include "core/search/usages.h"
#include "core/store/indexstore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace RepoLens;

class tst_Usages : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void qualifiedNameNarrows();
    void freeFunctionNarrows();
    void bareNameListsEverything();
    void definitionAtAPosition_data();
    void definitionAtAPosition();
    void javaImplicitThis();
    void testPaths();

private:
    QStringList where(const UsageSet &set) const;
    QTemporaryDir m_root;
    QTemporaryDir m_data;
    std::unique_ptr<IndexStore> m_store;
};

namespace {

void write(const QString &path, const QByteArray &text)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(text);
}

} // namespace

void tst_Usages::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    const QString r = m_root.path();
    // Shaped like flask: a module function that calls the app's method of the same name.
    write(r + QStringLiteral("/src/flask/helpers.py"),
          "from .globals import current_app\n"
          "\n"
          "\n"
          "def url_for(endpoint, **values):\n"
          "    return current_app.url_for(endpoint, **values)\n"
          "\n"
          "\n"
          "def redirect_to(endpoint):\n"
          "    return url_for(endpoint)\n");
    write(r + QStringLiteral("/src/flask/app.py"),
          "class Flask:\n"
          "    def url_for(self, endpoint, **values):\n"
          "        return self.build(endpoint, values)\n"
          "\n"
          "    def make_context(self):\n"
          "        return self.url_for(\"index\")\n"
          "\n"
          "    def build(self, endpoint, values):\n"
          "        return endpoint\n");
    write(r + QStringLiteral("/src/flask/views.py"),
          "from .helpers import url_for\n"
          "\n"
          "\n"
          "def index():\n"
          "    return url_for(\"index\")\n");
    write(r + QStringLiteral("/tests/test_helpers.py"),
          "import flask\n"
          "\n"
          "\n"
          "def test_url_for(app):\n"
          "    assert flask.url_for(\"a\") == app.url_for(\"a\")\n");
    write(r + QStringLiteral("/java/Shop.java"),
          "class Shop {\n"
          "    int total() { return price() + 1; }\n"
          "    int price() { return 3; }\n"
          "}\n"
          "class Basket {\n"
          "    int price() { return 4; }\n"
          "    int sum(Shop s) { return s.price() + price(); }\n"
          "}\n");
    const QString db = m_data.filePath(QStringLiteral("index.sqlite"));
    IndexOptions options;
    options.gitHistory = false;
    auto report = Indexer(r, db, options).run();
    QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
    auto opened = IndexStore::open(db, IndexStore::Mode::ReadOnly);
    QVERIFY(opened);
    m_store = std::move(*opened);
}

QStringList tst_Usages::where(const UsageSet &set) const
{
    QStringList out;
    for (const Usage &u : set.usages)
        out << QStringLiteral("%1:%2 %3%4")
                   .arg(u.ref.path)
                   .arg(u.ref.line)
                   .arg(u.ref.qualifier.isEmpty() ? QString() : u.ref.qualifier + u'.', u.ref.name)
               + (u.fit == UsageFit::ByName ? QStringLiteral(" (by name)") : QString());
    return out;
}

void tst_Usages::qualifiedNameNarrows()
{
    const QList<SymbolRecord> defs = definitionsNamed(*m_store, QStringLiteral("Flask.url_for"));
    QCOMPARE(defs.size(), 1);
    QCOMPARE(defs.first().path, QStringLiteral("src/flask/app.py"));
    QCOMPARE(definitionsNamed(*m_store, QStringLiteral("Flask::url_for")).size(), 1);
    const UsageSet set = usagesOf(*m_store, defs);
    QCOMPARE(set.otherDefinitions, 1);
    const QStringList expected = {
        QStringLiteral("src/flask/app.py:6 self.url_for"),
        QStringLiteral("src/flask/helpers.py:5 current_app.url_for (by name)"),
        QStringLiteral("tests/test_helpers.py:5 app.url_for (by name)"),
    };
    QCOMPARE(where(set), expected);
    QCOMPARE(set.usages.first().lineText, QStringLiteral("return self.url_for(\"index\")"));
    QVERIFY(set.leftOut >= 3); // the free function's: views.py, redirect_to, flask.url_for
}

void tst_Usages::freeFunctionNarrows()
{
    QList<SymbolRecord> defs = definitionsNamed(*m_store, QStringLiteral("helpers.url_for"));
    QCOMPARE(defs.size(), 1);
    QCOMPARE(defs.first().path, QStringLiteral("src/flask/helpers.py"));
    const UsageSet set = usagesOf(*m_store, defs, false);
    const QStringList expected = {
        QStringLiteral("src/flask/helpers.py:9 url_for"),
        QStringLiteral("src/flask/views.py:5 url_for"),
        QStringLiteral("tests/test_helpers.py:5 flask.url_for"),
    };
    QCOMPARE(where(set), expected);
}

void tst_Usages::bareNameListsEverything()
{
    const QList<SymbolRecord> defs = definitionsNamed(*m_store, QStringLiteral("url_for"));
    QCOMPARE(defs.size(), 2);
    const UsageSet set = usagesOf(*m_store, defs, false);
    QCOMPARE(set.otherDefinitions, 0);
    QCOMPARE(set.leftOut, 0);
    QCOMPARE(set.usages.size(), 6);
}

void tst_Usages::definitionAtAPosition_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("expected");
    QTest::newRow("self.url_for") << QStringLiteral("src/flask/app.py") << 6 << 0 << QStringLiteral("Flask.url_for");
    QTest::newRow("current_app.url_for") << QStringLiteral("src/flask/helpers.py") << 5 << 0
                                         << QStringLiteral("Flask.url_for");
    QTest::newRow("bare call") << QStringLiteral("src/flask/helpers.py") << 9 << 0 << QStringLiteral("url_for");
    QTest::newRow("the definition") << QStringLiteral("src/flask/app.py") << 2 << 0 << QStringLiteral("Flask.url_for");
    QTest::newRow("module.function") << QStringLiteral("tests/test_helpers.py") << 5 << 20 << QStringLiteral("url_for");
    QTest::newRow("app.method") << QStringLiteral("tests/test_helpers.py") << 5 << 40 << QStringLiteral("Flask.url_for");
}

void tst_Usages::definitionAtAPosition()
{
    QFETCH(QString, path);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, expected);
    const SymbolRecord d = definitionAt(*m_store, path, line, column, QStringLiteral("url_for"));
    QCOMPARE(d.qualifiedName, expected);
}

void tst_Usages::javaImplicitThis()
{
    const UsageSet shop = usagesOf(*m_store, definitionsNamed(*m_store, QStringLiteral("Shop.price")));
    QCOMPARE(where(shop), QStringList({QStringLiteral("java/Shop.java:2 price"), QStringLiteral("java/Shop.java:7 s.price (by name)")}));
    const UsageSet basket = usagesOf(*m_store, definitionsNamed(*m_store, QStringLiteral("Basket.price")));
    QCOMPARE(where(basket), QStringList({QStringLiteral("java/Shop.java:7 s.price (by name)"), QStringLiteral("java/Shop.java:7 price")}));
}

void tst_Usages::testPaths()
{
    QVERIFY(isTestPath(QStringLiteral("tests/test_helpers.py")));
    QVERIFY(isTestPath(QStringLiteral("src/test/java/FooTest.java")));
    QVERIFY(isTestPath(QStringLiteral("pkg/server_test.go")));
    QVERIFY(isTestPath(QStringLiteral("tests/unit/type/list.tcl")));
    QVERIFY(!isTestPath(QStringLiteral("src/flask/testing.py")));
    QVERIFY(!isTestPath(QStringLiteral("src/latest/notes.md")));
}

QTEST_GUILESS_MAIN(tst_Usages)
#include "tst_usages.moc"
