// The outline pieces: fuzzy matching, the Symbols panel following the open file and its cursor,
// Go to Symbol in File (Ctrl+Shift+O) and in Folder (Ctrl+T), on a fixture folder of real
// chunker inputs in several languages.

#include "uitestfixture.h"

#include "ui/codeeditor.h"
#include "ui/codeviewer.h"
#include "ui/fuzzymatch.h"
#include "ui/gotosymboldialog.h"
#include "ui/mainwindow.h"
#include "ui/symbolspanel.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace RepoLens;

class tst_Symbols : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void fuzzyScores();
    void rankingPrefersNamesAndQualifiedPatterns();
    void panelShowsTheOpenFileAsATree();
    void panelFollowsTheCursorAndJumps();
    void panelSaysWhyAFileHasNoSymbols();
    void goToSymbolInFile();
    void goToSymbolInFolder();
    void referencesInTheLanguagesNotation();
    void shortcutsAreInTheMenus();

private:
    CodeEditor *openAndWait(const QString &relPath);
    QTreeWidgetItem *findItem(const QString &name) const;
    QAction *action(const QString &text) const;

    QTemporaryDir m_fixture;
    QTemporaryDir m_data;
    MainWindow *m_window = nullptr;
};

void tst_Symbols::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    qputenv("REPOLENS_TEST", "1");
    const QString data = QStringLiteral(REPOLENS_TEST_DATA "/chunker");
    for (const char *f : {"ruby/cache_store.rb", "kotlin/Repository.kt", "php/Kernel.php",
                          "haskell/Queue.hs", "python/sessions.py", "markdown/guide.md"}) {
        const QString rel = QString::fromLatin1(f);
        QVERIFY(TestFixture::copyFile(data + u'/' + rel, m_fixture.path() + QStringLiteral("/lib/") + rel));
    }
    // A Ruby script without an extension: Ruby by its shebang, in the index and in the dialogs.
    QDir().mkpath(m_fixture.path() + QStringLiteral("/bin"));
    QFile script(m_fixture.path() + QStringLiteral("/bin/release-tool"));
    QVERIFY(script.open(QIODevice::WriteOnly));
    script.write("#!/usr/bin/env ruby\nmodule Tools\n  class Runner\n    def start_release\n    end\n  end\nend\n");
    script.close();
    MainWindow::Options options;
    options.dataDir = m_data.path();
    options.restoreState = false;
    options.stallDetector = false;
    options.detectOllama = false;
    m_window = new MainWindow(options);
    m_window->resize(1200, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    QSignalSpy finished(m_window, &MainWindow::indexingFinished);
    QVERIFY(m_window->openFolder(m_fixture.path()));
    QVERIFY(finished.wait(60000));
}

void tst_Symbols::cleanupTestCase()
{
    delete m_window;
}

CodeEditor *tst_Symbols::openAndWait(const QString &relPath)
{
    QSignalSpy ready(m_window->symbols(), &SymbolsPanel::outlineReady);
    m_window->openFile(relPath);
    CodeEditor *editor = m_window->viewer()->currentEditor();
    if (!editor || editor->relativePath() != relPath)
        return nullptr;
    // generous: the first file of a language compiles its queries, slow on a loaded machine
    if (ready.isEmpty() && !ready.wait(30000))
        return nullptr;
    return editor;
}

QTreeWidgetItem *tst_Symbols::findItem(const QString &name) const
{
    const QList<QTreeWidgetItem *> found =
        m_window->symbols()->tree()->findItems(name, Qt::MatchExactly | Qt::MatchRecursive, 0);
    return found.isEmpty() ? nullptr : found.first();
}

QAction *tst_Symbols::action(const QString &text) const
{
    for (QAction *a : m_window->findChildren<QAction *>()) {
        if (a->text() == text)
            return a;
    }
    return nullptr;
}

void tst_Symbols::fuzzyScores()
{
    QCOMPARE(fuzzyScore(u"", u"anything"), 0);
    QCOMPARE(fuzzyScore(u"xyz", u"abc"), -1);
    QCOMPARE(fuzzyScore(u"abc", u"ab"), -1);
    QCOMPARE(fuzzyScore(u"ba", u"ab"), -1); // order matters
    QVERIFY(fuzzyScore(u"read", u"read") > fuzzyScore(u"read", u"prepareData"));
    QVERIFY(fuzzyScore(u"read", u"readAll") > fuzzyScore(u"read", u"threadId"));
    QVERIFY(fuzzyScore(u"ms", u"MemoryStore") > fuzzyScore(u"ms", u"items"));
    QVERIFY(fuzzyScore(u"gts", u"go_to_symbol") > fuzzyScore(u"gts", u"gets"));
    QVERIFY(fuzzyScore(u"Store", u"Store") > fuzzyScore(u"store", u"Store")); // exact case
    QList<int> positions;
    QVERIFY(fuzzyScore(u"gsf", u"goToSymbolInFile", &positions) > 0);
    QCOMPARE(positions, QList<int>({0, 4, 12}));
    QVERIFY(fuzzyScore(u"rd", u"Shop::Cache::MemoryStore#read", &positions) > 0);
    QCOMPARE(positions, QList<int>({25, 28})); // the word "read", not the "r" of MemoryStore
}

void tst_Symbols::rankingPrefersNamesAndQualifiedPatterns()
{
    using Entry = GoToSymbolDialog::Entry;
    const QList<Entry> entries = {
        {QStringLiteral("prepareData"), QStringLiteral("Loader.prepareData"), {}, QStringLiteral("a.rb"), 1},
        {QStringLiteral("readAll"), QStringLiteral("Shop::Io#readAll"), {}, QStringLiteral("b.rb"), 2},
        {QStringLiteral("read"), QStringLiteral("Shop::Cache::MemoryStore#read"), {}, QStringLiteral("c.rb"), 3},
        {QStringLiteral("Reader"), QStringLiteral("Shop::Reader"), {}, QStringLiteral("d.rb"), 4},
    };
    QList<int> top = GoToSymbolDialog::rank(entries, QStringLiteral("read"), 10);
    QCOMPARE(top.size(), 4);
    QCOMPARE(top.first(), 2); // the exact name
    QCOMPARE(top.last(), 0);  // letters scattered through a longer name
    top = GoToSymbolDialog::rank(entries, QStringLiteral("Store#rd"), 10);
    QCOMPARE(top, QList<int>{2});
    top = GoToSymbolDialog::rank(entries, QString(), 2);
    QCOMPARE(top, QList<int>({0, 1})); // no pattern: as given
}

void tst_Symbols::panelShowsTheOpenFileAsATree()
{
    QDockWidget *dock = m_window->findChild<QDockWidget *>(QStringLiteral("symbolsDock"));
    QVERIFY(dock);
    QCOMPARE(dock->widget(), static_cast<QWidget *>(m_window->symbols()));
    QCOMPARE(m_window->dockWidgetArea(dock), Qt::LeftDockWidgetArea);
    QVERIFY(openAndWait(QStringLiteral("lib/ruby/cache_store.rb")));
    QTreeWidget *tree = m_window->symbols()->tree();
    QVERIFY(tree->isVisible());
    QCOMPARE(tree->topLevelItemCount(), 1);
    QCOMPARE(tree->topLevelItem(0)->text(0), QStringLiteral("Shop"));
    QTreeWidgetItem *read = findItem(QStringLiteral("read"));
    QVERIFY(read);
    QCOMPARE(read->text(1), QStringLiteral("method"));
    QCOMPARE(read->parent()->text(0), QStringLiteral("MemoryStore"));
    QCOMPARE(read->parent()->parent()->text(0), QStringLiteral("Cache"));
    QTreeWidgetItem *init = findItem(QStringLiteral("initialize"));
    QVERIFY(init);
    QCOMPARE(init->text(1), QStringLiteral("constructor"));
    // a mixin module is a module, its method a method
    QTreeWidgetItem *instrument = findItem(QStringLiteral("instrument"));
    QVERIFY(instrument);
    QCOMPARE(instrument->parent()->text(0), QStringLiteral("Instrumentation"));
    QCOMPARE(instrument->parent()->text(1), QStringLiteral("module"));

    // another language, another tree: Haskell's module header holds everything
    QVERIFY(openAndWait(QStringLiteral("lib/haskell/Queue.hs")));
    QVERIFY(findItem(QStringLiteral("push")));
    QCOMPARE(findItem(QStringLiteral("push"))->text(1), QStringLiteral("function"));
    QCOMPARE(findItem(QStringLiteral("Measured"))->text(1), QStringLiteral("trait"));
}

void tst_Symbols::panelFollowsTheCursorAndJumps()
{
    CodeEditor *editor = openAndWait(QStringLiteral("lib/kotlin/Repository.kt"));
    QVERIFY(editor);
    QTreeWidget *tree = m_window->symbols()->tree();
    QTreeWidgetItem *observe = findItem(QStringLiteral("observe"));
    QVERIFY(observe);
    // clicking an entry shows its line
    const QRect rect = tree->visualItemRect(observe);
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, rect.center());
    QTRY_COMPARE(editor->currentLineNumber(), 32);
    // moving the cursor into another definition selects it
    editor->setCursorPosition(26 - 1, 8); // inside `get`
    QTRY_VERIFY(tree->currentItem());
    QTRY_COMPARE(tree->currentItem()->text(0), QStringLiteral("get"));
    editor->setCursorPosition(66 - 1, 4); // Registry.register
    QTRY_COMPARE(tree->currentItem()->text(0), QStringLiteral("register"));
    QCOMPARE(tree->currentItem()->parent()->text(0), QStringLiteral("Registry"));
}

void tst_Symbols::panelSaysWhyAFileHasNoSymbols()
{
    QSignalSpy ready(m_window->symbols(), &SymbolsPanel::outlineReady);
    m_window->openFile(QStringLiteral("lib/markdown/guide.md"));
    QVERIFY(ready.wait(10000));
    QVERIFY(!m_window->symbols()->tree()->isVisible());
    QLabel *placeholder = m_window->symbols()->findChild<QLabel *>(QStringLiteral("symbolsPlaceholder"));
    QVERIFY(placeholder && placeholder->isVisible());
    QVERIFY2(placeholder->text().contains(QStringLiteral("Markdown")), qPrintable(placeholder->text()));
}

void tst_Symbols::goToSymbolInFile()
{
    CodeEditor *editor = openAndWait(QStringLiteral("lib/php/Kernel.php"));
    QVERIFY(editor);
    QAction *act = action(QStringLiteral("Go to &Symbol in File…"));
    QVERIFY(act);
    QCOMPARE(act->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    act->trigger();
    GoToSymbolDialog *dialog = m_window->fileSymbolsDialog();
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    QTRY_VERIFY(dialog->list()->count() > 5);
    QTest::keyClicks(dialog->lineEdit(), QStringLiteral("dsp"));
    QTRY_VERIFY(dialog->list()->count() >= 1);
    QVERIFY2(dialog->list()->item(0)->text().startsWith(QStringLiteral("App\\Http\\Kernel::dispatch")),
             qPrintable(dialog->list()->item(0)->text()));
    QTest::keyClick(dialog->lineEdit(), Qt::Key_Return);
    QTRY_VERIFY(!dialog->isVisible());
    QCOMPARE(editor->currentLineNumber(), 47);
}

void tst_Symbols::goToSymbolInFolder()
{
    QAction *act = action(QStringLiteral("Go to Symbol in &Folder…"));
    QVERIFY(act);
    QCOMPARE(act->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_T));
    act->trigger();
    GoToSymbolDialog *dialog = m_window->folderSymbolsDialog();
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(dialog->entryCount() > 50, 10000); // symbols of five languages
    QTest::keyClicks(dialog->lineEdit(), QStringLiteral("MemoryStore#frcfg"));
    QTRY_COMPARE(dialog->list()->count(), 1);
    QVERIFY2(dialog->list()->item(0)->text().contains(QStringLiteral("lib/ruby/cache_store.rb:48")),
             qPrintable(dialog->list()->item(0)->text()));
    QTest::keyClick(dialog->lineEdit(), Qt::Key_Return);
    QTRY_COMPARE(m_window->viewer()->currentEditor()->relativePath(), QStringLiteral("lib/ruby/cache_store.rb"));
    QTRY_COMPARE(m_window->viewer()->currentEditor()->currentLineNumber(), 48);

    // a plain name across languages: the Kotlin extension function
    act->trigger();
    QTRY_VERIFY(dialog->isVisible());
    QTest::keyClicks(dialog->lineEdit(), QStringLiteral("discounted"));
    QTRY_VERIFY(dialog->list()->count() >= 1);
    QVERIFY2(dialog->list()->item(0)->text().startsWith(QStringLiteral("Product.discounted")),
             qPrintable(dialog->list()->item(0)->text()));
    QTest::keyClick(dialog->lineEdit(), Qt::Key_Escape);
    QTRY_VERIFY(!dialog->isVisible());

    // the script's names as Ruby writes them (its language is the index's, not its file name's)
    act->trigger();
    QTRY_VERIFY(dialog->isVisible());
    QTest::keyClicks(dialog->lineEdit(), QStringLiteral("Runner#start_release"));
    QTRY_VERIFY(dialog->list()->count() >= 1);
    QVERIFY2(dialog->list()->item(0)->text().startsWith(QStringLiteral("Tools::Runner#start_release")),
             qPrintable(dialog->list()->item(0)->text()));
    QTest::keyClick(dialog->lineEdit(), Qt::Key_Escape);
    QTRY_VERIFY(!dialog->isVisible());
}

void tst_Symbols::referencesInTheLanguagesNotation()
{
    // the Symbols panel's tooltip
    QVERIFY(openAndWait(QStringLiteral("lib/ruby/cache_store.rb")));
    QTreeWidgetItem *read = findItem(QStringLiteral("read"));
    QVERIFY(read);
    QVERIFY2(read->toolTip(0).startsWith(QStringLiteral("Shop::Cache::MemoryStore#read\n")),
             qPrintable(read->toolTip(0)));
    QTreeWidgetItem *store = findItem(QStringLiteral("MemoryStore"));
    QVERIFY(store);
    QVERIFY2(store->toolTip(0).startsWith(QStringLiteral("Shop::Cache::MemoryStore\n")), qPrintable(store->toolTip(0)));

    // Find References: the definition and the function a call is in, as Ruby writes them
    QSignalSpy shown(m_window, &MainWindow::referencesShown);
    m_window->findReferences(QStringLiteral("prune!"));
    QVERIFY(shown.wait(10000));
    QTreeWidget *tree = m_window->references()->tree();
    QStringList lines;
    for (int i = 0; i < tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem *file = tree->topLevelItem(i);
        for (int c = 0; c < file->childCount(); ++c)
            lines << file->child(c)->text(1) + u' ' + file->child(c)->text(0);
    }
    QVERIFY2(lines.contains(QStringLiteral("definition line 61 in Shop::Cache::MemoryStore#prune!")),
             qPrintable(lines.join(u'|')));

    m_window->findReferences(QStringLiteral("delete"));
    QVERIFY(shown.wait(10000));
    lines.clear();
    for (int i = 0; i < tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem *file = tree->topLevelItem(i);
        for (int c = 0; c < file->childCount(); ++c)
            lines << file->child(c)->text(1) + u' ' + file->child(c)->text(0);
    }
    QVERIFY2(lines.contains(QStringLiteral("definition line 41 in Shop::Cache::MemoryStore#delete")),
             qPrintable(lines.join(u'|')));
    QVERIFY2(lines.contains(QStringLiteral("call line 31 in Shop::Cache::MemoryStore#read")), qPrintable(lines.join(u'|')));
}

void tst_Symbols::shortcutsAreInTheMenus()
{
    QStringList navigate;
    for (QAction *menu : m_window->menuBar()->actions()) {
        if (menu->text() == QStringLiteral("&Navigate") && menu->menu()) {
            for (QAction *a : menu->menu()->actions())
                navigate << a->text();
        }
        if (menu->text() == QStringLiteral("&View") && menu->menu()) {
            bool found = false;
            for (QAction *a : menu->menu()->actions())
                found = found || (a->text() == QStringLiteral("Symbols") && a->shortcut() == QKeySequence(Qt::ALT | Qt::Key_4));
            QVERIFY(found);
        }
    }
    QVERIFY(navigate.contains(QStringLiteral("Go to &Symbol in File…")));
    QVERIFY(navigate.contains(QStringLiteral("Go to Symbol in &Folder…")));
}

QTEST_MAIN(tst_Symbols)
#include "tst_symbols.moc"
