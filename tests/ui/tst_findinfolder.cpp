// Edit ▸ Find in Folder (Ctrl+Shift+F) with real key and mouse events, offscreen: the panel
// opens focused, searches as you type (grep from the index, on the query threads), groups the
// matches by file with the match marked, follows Match case / Whole words / Regular expression,
// the file globs and the lines of context, says what is wrong with a bad expression, opens the viewer at a clicked
// line, stops a scan of every file with Stop, and shows a saved file's new text.

#include "uitestfixture.h"

#include "ui/codeeditor.h"
#include "ui/codeviewer.h"
#include "ui/findinfolderpanel.h"
#include "ui/mainwindow.h"

#include <QApplication>
#include <QCheckBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTreeWidget>

using namespace RepoLens;

class tst_FindInFolder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void shortcutOpensThePanelFocused();
    void searchesAsYouType();
    void optionsAndGlobs();
    void contextLines();
    void badExpressionIsExplained();
    void clickOpensTheLine();
    void stopEndsAScanOfEveryFile();
    void savedTextIsFound();
    void selectionFillsThePattern();

private:
    FindInFolderPanel *panel() const { return m_window->findInFolder(); }
    // Types (or replaces) the pattern with key events and waits for the search to end.
    int search(const QString &text);
    int waitForSearch(QSignalSpy &spy);
    QStringList rows() const;
    void write(const QString &rel, const QByteArray &bytes) const;

    QTemporaryDir m_fixture;
    QTemporaryDir m_data;
    MainWindow *m_window = nullptr;
};

void tst_FindInFolder::write(const QString &rel, const QByteArray &bytes) const
{
    const QString path = m_fixture.filePath(rel);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes);
}

void tst_FindInFolder::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    qputenv("REPOLENS_TEST", "1");
    QVERIFY(TestFixture::writeSmall(m_fixture.path()));
    write(QStringLiteral("notes/needles.txt"), "first line\n"
                                               "the needle is here\n"
                                               "  two needles: needle and NEEDLE\n"
                                               "haystack only\n");
    write(QStringLiteral("notes/more.py"), "def find_needle(stack):\n    return stack.index('needle')\n");
    // A pattern no trigram narrows over this file reads every line and gives up on each: slow
    // enough to be stopped.
    QByteArray slow;
    for (int i = 0; i < 4000; ++i)
        slow += QByteArray(28, 'a') + "b\n";
    write(QStringLiteral("slow/aaa.txt"), slow);
    MainWindow::Options options;
    options.dataDir = m_data.path();
    options.restoreState = false;
    options.stallDetector = false;
    options.detectOllama = false;
    m_window = new MainWindow(options);
    m_window->resize(1200, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    QApplication::setActiveWindow(m_window);
    QSignalSpy finished(m_window, &MainWindow::indexingFinished);
    QVERIFY(m_window->openFolder(m_fixture.path()));
    QVERIFY(finished.wait(60000));
}

void tst_FindInFolder::cleanupTestCase()
{
    delete m_window;
}

int tst_FindInFolder::waitForSearch(QSignalSpy &spy)
{
    if (spy.isEmpty() && !spy.wait(30000))
        return -2;
    return spy.last().first().toInt();
}

int tst_FindInFolder::search(const QString &text)
{
    QLineEdit *edit = panel()->patternEdit();
    edit->setFocus();
    edit->selectAll();
    QSignalSpy done(panel(), &FindInFolderPanel::searchFinished);
    if (text.isEmpty())
        QTest::keyClick(edit, Qt::Key_Backspace);
    else
        QTest::keyClicks(edit, text);
    // the search of the whole text (the debounce leaves out the keys in between)
    for (int i = 0; i < 200; ++i) {
        if (!done.isEmpty() && !panel()->isSearching() && edit->text() == text)
            break;
        done.wait(100);
    }
    QTest::qWait(300); // a later debounced search would show here
    if (panel()->isSearching()) {
        QSignalSpy again(panel(), &FindInFolderPanel::searchFinished);
        again.wait(30000);
        return again.isEmpty() ? -2 : again.last().first().toInt();
    }
    return done.isEmpty() ? -2 : done.last().first().toInt();
}

QStringList tst_FindInFolder::rows() const
{
    QStringList out;
    QTreeWidget *tree = panel()->tree();
    for (int i = 0; i < tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem *file = tree->topLevelItem(i);
        for (int c = 0; c < file->childCount(); ++c) {
            const QTreeWidgetItem *m = file->child(c);
            if (m->data(0, FindInFolderPanel::kContextRole).toBool())
                continue;
            const QString text = m->data(0, FindInFolderPanel::kTextRole).toString();
            const int start = m->data(0, FindInFolderPanel::kMatchStartRole).toInt();
            const int length = m->data(0, FindInFolderPanel::kMatchLengthRole).toInt();
            out << QStringLiteral("%1:%2:[%3]").arg(m->data(0, FindInFolderPanel::kPathRole).toString())
                       .arg(m->data(0, FindInFolderPanel::kLineRole).toInt())
                       .arg(text.mid(start, length));
        }
    }
    return out;
}

void tst_FindInFolder::shortcutOpensThePanelFocused()
{
    QVERIFY(!m_window->findInFolderDock()->isVisible());
    m_window->activateWindow();
    QTest::keyClick(m_window, Qt::Key_F, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(m_window->findInFolderDock()->isVisible());
    QTRY_VERIFY(panel()->patternEdit()->hasFocus());
    QCOMPARE(panel()->statusLabel()->text(), QStringLiteral("Type text to find in every indexed file of the folder."));
}

void tst_FindInFolder::searchesAsYouType()
{
    QCOMPARE(search(QStringLiteral("needle")), 4);
    QCOMPARE(rows(), (QStringList{QStringLiteral("notes/more.py:1:[needle]"), QStringLiteral("notes/more.py:2:[needle]"),
                                  QStringLiteral("notes/needles.txt:2:[needle]"),
                                  QStringLiteral("notes/needles.txt:3:[needle]")}));
    // the file rows say how many matches they hold; the match rows read "line: text"
    QTreeWidget *tree = panel()->tree();
    QCOMPARE(tree->topLevelItemCount(), 2);
    QCOMPARE(tree->topLevelItem(1)->text(0), QStringLiteral("notes/needles.txt (2 match(es))"));
    QCOMPARE(tree->topLevelItem(1)->child(1)->text(0), QStringLiteral("3: two needles: needle and NEEDLE"));
    QVERIFY2(panel()->statusLabel()->text().startsWith(QStringLiteral("4 match(es) in 2 file(s) · ")),
             qPrintable(panel()->statusLabel()->text()));
    // typing on narrows it
    QLineEdit *edit = panel()->patternEdit();
    QSignalSpy done(panel(), &FindInFolderPanel::searchFinished);
    QTest::keyClicks(edit, QStringLiteral("s:"));
    QCOMPARE(waitForSearch(done), 1);
    QCOMPARE(rows(), (QStringList{QStringLiteral("notes/needles.txt:3:[needles:]")}));
}

void tst_FindInFolder::optionsAndGlobs()
{
    QCOMPARE(search(QStringLiteral("NEEDLE")), 4); // case-insensitive by default
    QSignalSpy done(panel(), &FindInFolderPanel::searchFinished);
    QTest::mouseClick(panel()->caseBox(), Qt::LeftButton);
    QVERIFY(panel()->caseBox()->isChecked());
    QCOMPARE(waitForSearch(done), 1);
    QCOMPARE(rows(), (QStringList{QStringLiteral("notes/needles.txt:3:[NEEDLE]")}));
    QTest::mouseClick(panel()->caseBox(), Qt::LeftButton);
    done.clear();
    QTest::mouseClick(panel()->wordBox(), Qt::LeftButton);
    QCOMPARE(waitForSearch(done), 3); // not find_needle, nor needles
    done.clear();
    QTest::mouseClick(panel()->wordBox(), Qt::LeftButton);
    QCOMPARE(waitForSearch(done), 4);
    // only Python files
    done.clear();
    QTest::keyClicks(panel()->globEdit(), QStringLiteral("*.py"));
    QCOMPARE(waitForSearch(done), 2);
    QCOMPARE(rows(), (QStringList{QStringLiteral("notes/more.py:1:[needle]"), QStringLiteral("notes/more.py:2:[needle]")}));
    panel()->globEdit()->clear();
    // a regular expression
    done.clear();
    QTest::mouseClick(panel()->regexBox(), Qt::LeftButton);
    QVERIFY(waitForSearch(done) >= 0);
    QCOMPARE(search(QStringLiteral("need(le|ed)s?:")), 1);
    QCOMPARE(rows(), (QStringList{QStringLiteral("notes/needles.txt:3:[needles:]")}));
}

// Context: the lines around each match, dimmed, each shown once where groups meet; a match that
// was context of the one before takes its row.
void tst_FindInFolder::contextLines()
{
    QCOMPARE(search(QStringLiteral("needle")), 4);
    QSignalSpy done(panel(), &FindInFolderPanel::searchFinished);
    QSpinBox *context = panel()->contextBox();
    context->setFocus();
    QTest::keyClick(context, Qt::Key_Up);
    QCOMPARE(context->value(), 1);
    QCOMPARE(waitForSearch(done), 4);
    QTreeWidget *tree = panel()->tree();
    QCOMPARE(tree->topLevelItemCount(), 2);
    auto lines = [&](int file) {
        QStringList out;
        QTreeWidgetItem *f = tree->topLevelItem(file);
        for (int c = 0; c < f->childCount(); ++c) {
            const QTreeWidgetItem *row = f->child(c);
            out << (row->data(0, FindInFolderPanel::kContextRole).toBool() ? QStringLiteral("  ") : QStringLiteral("> "))
                       + row->text(0);
        }
        return out;
    };
    QCOMPARE(lines(0), (QStringList{QStringLiteral("> 1: def find_needle(stack):"),
                                    QStringLiteral("> 2: return stack.index('needle')")}));
    QCOMPARE(lines(1), (QStringList{QStringLiteral("  1: first line"), QStringLiteral("> 2: the needle is here"),
                                    QStringLiteral("> 3: two needles: needle and NEEDLE"),
                                    QStringLiteral("  4: haystack only")}));
    QCOMPARE(tree->topLevelItem(1)->text(0), QStringLiteral("notes/needles.txt (2 match(es))"));
    QCOMPARE(rows(), (QStringList{QStringLiteral("notes/more.py:1:[needle]"), QStringLiteral("notes/more.py:2:[needle]"),
                                  QStringLiteral("notes/needles.txt:2:[needle]"),
                                  QStringLiteral("notes/needles.txt:3:[needle]")}));
    // a line of context opens too
    QTreeWidgetItem *row = tree->topLevelItem(1)->child(3);
    tree->scrollToItem(row);
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualItemRect(row).center());
    QTRY_VERIFY(m_window->viewer()->currentEditor()
                && m_window->viewer()->currentEditor()->relativePath() == QStringLiteral("notes/needles.txt"));
    QTRY_VERIFY(m_window->viewer()->currentEditor()->isLoaded());
    QCOMPARE(m_window->viewer()->currentEditor()->currentLineNumber(), 4);
    done.clear();
    context->setValue(0);
    QCOMPARE(waitForSearch(done), 4);
    QCOMPARE(lines(1), (QStringList{QStringLiteral("> 2: the needle is here"), QStringLiteral("> 3: two needles: needle and NEEDLE")}));
}

void tst_FindInFolder::badExpressionIsExplained()
{
    QVERIFY(panel()->regexBox()->isChecked());
    QCOMPARE(search(QStringLiteral("needle(")), -1);
    QVERIFY2(panel()->statusLabel()->text().startsWith(QStringLiteral("Not a valid regular expression: missing closing "
                                                                       "parenthesis")),
             qPrintable(panel()->statusLabel()->text()));
    QCOMPARE(panel()->tree()->topLevelItemCount(), 0);
    QTest::mouseClick(panel()->regexBox(), Qt::LeftButton);
    QVERIFY(!panel()->regexBox()->isChecked());
}

void tst_FindInFolder::clickOpensTheLine()
{
    QCOMPARE(search(QStringLiteral("haystack")), 1);
    QTreeWidget *tree = panel()->tree();
    QTreeWidgetItem *row = tree->topLevelItem(0)->child(0);
    tree->scrollToItem(row);
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualItemRect(row).center());
    CodeEditor *editor = m_window->viewer()->currentEditor();
    QTRY_VERIFY(editor && editor->relativePath() == QStringLiteral("notes/needles.txt"));
    editor = m_window->viewer()->currentEditor();
    QTRY_VERIFY(editor->isLoaded());
    QCOMPARE(editor->currentLineNumber(), 4);
}

void tst_FindInFolder::stopEndsAScanOfEveryFile()
{
    QTest::mouseClick(panel()->regexBox(), Qt::LeftButton);
    QVERIFY(panel()->regexBox()->isChecked());
    QLineEdit *edit = panel()->patternEdit();
    edit->setFocus();
    edit->selectAll();
    QSignalSpy done(panel(), &FindInFolderPanel::searchFinished);
    QTest::keyClicks(edit, QStringLiteral("(a+)+$"));
    // every file is read, line by line: the progress bar and Stop show
    QTRY_VERIFY_WITH_TIMEOUT(panel()->progressBar()->isVisible(), 30000);
    QVERIFY(panel()->stopButton()->isVisible());
    QVERIFY(panel()->isSearching());
    QVERIFY2(panel()->statusLabel()->text().startsWith(QStringLiteral("Reading files: ")),
             qPrintable(panel()->statusLabel()->text()));
    QTest::mouseClick(panel()->stopButton(), Qt::LeftButton);
    QVERIFY(!panel()->isSearching());
    QVERIFY(!panel()->progressBar()->isVisible());
    QVERIFY(!panel()->stopButton()->isVisible());
    QCOMPARE(panel()->statusLabel()->text(), QStringLiteral("Stopped."));
    QVERIFY(!done.isEmpty());
    QCOMPARE(done.last().first().toInt(), 0);
    // a later result of the stopped search never shows
    QTest::qWait(500);
    QCOMPARE(panel()->statusLabel()->text(), QStringLiteral("Stopped."));
    QTest::mouseClick(panel()->regexBox(), Qt::LeftButton);
    QVERIFY(!panel()->regexBox()->isChecked());
}

void tst_FindInFolder::savedTextIsFound()
{
    QCOMPARE(search(QStringLiteral("freshly_saved_words")), 0);
    QSignalSpy done(panel(), &FindInFolderPanel::searchFinished);
    write(QStringLiteral("notes/new.txt"), "some freshly_saved_words here\n");
    // the watcher re-indexes the file; the open panel searches again
    for (int i = 0; i < 300 && (done.isEmpty() || done.last().first().toInt() != 1); ++i)
        done.wait(100);
    QCOMPARE(rows(), (QStringList{QStringLiteral("notes/new.txt:1:[freshly_saved_words]")}));
}

void tst_FindInFolder::selectionFillsThePattern()
{
    m_window->openFile(QStringLiteral("notes/needles.txt"));
    CodeEditor *editor = m_window->viewer()->currentEditor();
    QVERIFY(editor);
    QTRY_VERIFY(editor->isLoaded());
    editor->setSelection(1, 4, 1, 10); // "needle" on line 2
    QCOMPARE(editor->selectedText(), QStringLiteral("needle"));
    editor->setFocus();
    QSignalSpy done(panel(), &FindInFolderPanel::searchFinished);
    QTest::keyClick(m_window, Qt::Key_F, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(panel()->patternEdit()->text(), QStringLiteral("needle"));
    QTRY_VERIFY(panel()->patternEdit()->hasFocus());
    QCOMPARE(waitForSearch(done), 4);
}

QTEST_MAIN(tst_FindInFolder)
#include "tst_findinfolder.moc"
