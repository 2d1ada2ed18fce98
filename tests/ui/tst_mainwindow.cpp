// The desktop window end to end, offscreen: open a folder, index, ask, open a result, navigate.

#include "uitestfixture.h"

#include "ui/chatpane.h"
#include "ui/codeeditor.h"
#include "ui/codeviewer.h"
#include "ui/filetreemodel.h"
#include "ui/filetreepanel.h"
#include "ui/codetheme.h"
#include "ui/findbar.h"
#include "ui/mainwindow.h"
#include "ui/quickopendialog.h"
#include "ui/referencespanel.h"
#include "ui/shortcutsdialog.h"
#include "ui/stalldetector.h"

#include "core/embed/embeddingindexer.h"
#include "core/index/indexservice.h"
#include "core/store/indexstore.h"

#include <Qsci/qscilexer.h>

#include <QApplication>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QPointer>
#include <QProgressBar>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QToolButton>
#include <QTreeWidgetItemIterator>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <QTreeWidget>
#include <QUrl>

#include <algorithm>
#include <numeric>

using namespace RepoLens;

class tst_MainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void emptyPanesExplainThemselves();
    void openFolderAndIndex();
    void layoutHasEveryPane();
    void fileTreeShowsStatuses();
    void fileTreeStatusDetails();
    void fileTreeFilter();
    void askAndOpenResult();
    void enterSendsShiftEnterAddsLine();
    void newerQuestionCancelsOlder();
    void ctrlClickGoesToDefinition();
    void f2GoesToDefinition();
    void findReferences();
    void findReferencesListsTextMatches();
    void whoCallsAnAttributeListsItsUses();
    void hoverShowsSignatureAndUsages();
    void dropFolder();
    void dropFile();
    void openRecentMenu();
    void openFolderDialog();
    void closeTabShortcut();
    void keyboardShortcuts();
    void shortcutsDialogListsEveryShortcut();
    void contextMenuFindsReferences();
    void followsSystemPalette();
    void progressWhileIndexingAndCancel();
    void windowLayoutPersists();

private:
    CodeEditor *waitForEditor(const QString &relPath);
    void openFixture();

    QTemporaryDir m_fixture;
    QTemporaryDir m_other;
    QTemporaryDir m_large;
    QTemporaryDir m_large2;
    QTemporaryDir m_data;
    MainWindow *m_window = nullptr;
};

void tst_MainWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    qputenv("REPOLENS_TEST", "1");
    QVERIFY(m_fixture.isValid());
    QVERIFY(TestFixture::writeSmall(m_fixture.path()));
    // Files the tree shows as not indexed, with why.
    QFile big(m_fixture.path() + QStringLiteral("/data/huge.txt"));
    QVERIFY(QDir().mkpath(m_fixture.path() + QStringLiteral("/data")));
    QVERIFY(big.open(QIODevice::WriteOnly));
    big.write(QByteArray("lorem ipsum dolor sit amet\n").repeated(50000)); // 1.35 MB > the 1 MB cap
    big.close();
    QFile blob(m_fixture.path() + QStringLiteral("/data/blob.dat"));
    QVERIFY(blob.open(QIODevice::WriteOnly));
    blob.write(QByteArray("\x7f\x00\x01\x02\xff\x00", 6).repeated(200));
    blob.close();
    QVERIFY(m_other.isValid());
    QVERIFY(SelfTest::writeFixture(m_other.path()));
    // before the window's stall detector runs
    // parsed for seconds on one thread (the tree refreshes every 1.5 s); small files only, so that
    // a thousand of them (a count with a group separator) are done in seconds too
    QVERIFY(TestFixture::writeLarge(m_large.path(), 1100, false) >= 1100);
    QVERIFY(TestFixture::writeLarge(m_large2.path(), 600) >= 600);
    MainWindow::Options options;
    options.dataDir = m_data.path();
    options.restoreState = false;
    m_window = new MainWindow(options);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
}

void tst_MainWindow::cleanupTestCase()
{
    delete m_window;
}

void tst_MainWindow::openFixture()
{
    const QString root = QFileInfo(m_fixture.path()).canonicalFilePath();
    if (m_window->rootPath() == root && !m_window->isIndexing())
        return;
    QSignalSpy finished(m_window, &MainWindow::indexingFinished);
    if (m_window->rootPath() != root)
        QVERIFY(m_window->openFolder(root));
    if (m_window->isIndexing())
        QVERIFY(finished.wait(60000));
}

CodeEditor *tst_MainWindow::waitForEditor(const QString &relPath)
{
    CodeEditor *editor = m_window->viewer()->currentEditor();
    if (!editor || editor->relativePath() != relPath)
        return nullptr;
    if (!editor->isLoaded()) {
        QSignalSpy loaded(editor, &CodeEditor::loaded);
        if (!loaded.wait(10000))
            return nullptr;
    }
    return editor;
}

// Before a folder is open no pane is blank: the tree says how to open one, the references
// panel says how to fill it (no empty table), the conversation box names the new conversation.
void tst_MainWindow::emptyPanesExplainThemselves()
{
    QVERIFY(m_window->rootPath().isEmpty());
    FileTreePanel *files = m_window->fileTree();
    QVERIFY(files->view()->isHidden());
    QVERIFY(files->placeholder()->isVisible());
    QVERIFY(files->placeholder()->text().contains(QLatin1String("Open Folder")));
    ReferencesPanel *refs = m_window->references();
    QVERIFY(refs->tree()->isHidden());
    QVERIFY(refs->titleLabel()->isVisible());
    QVERIFY(refs->titleLabel()->text().contains(QLatin1String("Shift+F12")));
    QVERIFY(refs->titleLabel()->height() > refs->height() / 2); // the message fills the panel
    auto *conversations = m_window->chat()->findChild<QComboBox *>(QStringLiteral("conversationBox"));
    QVERIFY(conversations);
    QVERIFY(!conversations->currentText().isEmpty());
}

void tst_MainWindow::openFolderAndIndex()
{
    QSignalSpy opened(m_window, &MainWindow::folderOpened);
    QSignalSpy started(m_window->indexService(), &IndexService::indexingStarted);
    QSignalSpy progress(m_window->indexService(), &IndexService::progressChanged);
    QSignalSpy finished(m_window, &MainWindow::indexingFinished);
    QSignalSpy vectors(m_window->indexService(), &IndexService::afterIndexProgress);
    QVERIFY(m_window->openFolder(m_fixture.path()));
    QCOMPARE(opened.count(), 1);
    QCOMPARE(m_window->rootPath(), QFileInfo(m_fixture.path()).canonicalFilePath());
    QCOMPARE(started.count(), 1);
    QVERIFY(m_window->isIndexing());
    QVERIFY(finished.wait(60000));
    QVERIFY(!m_window->isIndexing());
    QVERIFY(progress.count() >= 1);
    // the indexer ran on its own named thread
    QCOMPARE(m_window->indexService()->workerThread()->objectName(), QStringLiteral("repolens-indexer"));
    QVERIFY(m_window->windowTitle().contains(QFileInfo(m_fixture.path()).fileName()));
    QVERIFY(MainWindow::recentFolders().contains(m_window->rootPath()));
    // the tree replaces its placeholder
    QTRY_VERIFY(m_window->fileTree()->view()->isVisible());
    QVERIFY(m_window->fileTree()->placeholder()->isHidden());

    // Then, behind the keyword index, the embedding stage: progress in the status bar, and at
    // its end every chunk has a vector of the built-in model.
    QTRY_VERIFY_WITH_TIMEOUT(!vectors.isEmpty() && vectors.last().at(1).toInt() == 0, 60000);
    QVERIFY(vectors.size() >= 2); // some progress, then the end
    auto *label = m_window->findChild<QLabel *>(QStringLiteral("vectorProgress"));
    QVERIFY(label && label->isHidden());
    auto store = IndexStore::open(m_window->indexService()->databasePath(), IndexStore::Mode::ReadOnly);
    QVERIFY(store);
    const QString model = (*store)->meta(QString::fromLatin1(kMetaActiveModel));
    QVERIFY2(model.startsWith(QLatin1String("builtin-")), qPrintable(model));
    QVERIFY((*store)->chunks().count() > 0);
    QCOMPARE((*store)->embeddings().embeddedChunkCount(model), (*store)->chunks().count());
}

void tst_MainWindow::fileTreeShowsStatuses()
{
    openFixture();
    FileTreeModel *model = m_window->fileTree()->model();
    QTRY_VERIFY_WITH_TIMEOUT(model->indexForPath(QStringLiteral("service/config.py")).isValid(), 10000);
    QTRY_COMPARE_WITH_TIMEOUT(
        FileStatus(model->indexForPath(QStringLiteral("service/config.py")).data(FileTreeModel::StatusRole).toInt()),
        FileStatus::Indexed, 10000);
    // An ignored folder is one greyed-out entry with the rule as tooltip.
    const QModelIndex nodeModules = model->indexForPath(QStringLiteral("node_modules"));
    QVERIFY(nodeModules.isValid());
    QCOMPARE(FileStatus(nodeModules.data(FileTreeModel::StatusRole).toInt()), FileStatus::Ignored);
    QVERIFY(nodeModules.data(Qt::ForegroundRole).isValid());
    QVERIFY(nodeModules.data(Qt::ToolTipRole).toString().contains(QLatin1String("built-in")));
    const QModelIndex log = model->indexForPath(QStringLiteral("debug.log"));
    QVERIFY(log.isValid());
    QCOMPARE(FileStatus(log.data(FileTreeModel::StatusRole).toInt()), FileStatus::Ignored);
    QVERIFY(log.data(Qt::ToolTipRole).toString().contains(QLatin1String(".gitignore")));
    QVERIFY(!model->indexForPath(QStringLiteral("node_modules/left-pad/index.js")).isValid());
}

void tst_MainWindow::layoutHasEveryPane()
{
    openFixture();
    auto dock = [this](const char *name) { return m_window->findChild<QDockWidget *>(QLatin1String(name)); };
    QDockWidget *files = dock("filesDock");
    QDockWidget *chat = dock("chatDock");
    QDockWidget *refs = dock("referencesDock");
    QVERIFY(files && chat && refs);
    QCOMPARE(m_window->dockWidgetArea(files), Qt::LeftDockWidgetArea);
    QCOMPARE(m_window->dockWidgetArea(chat), Qt::RightDockWidgetArea);
    QCOMPARE(m_window->dockWidgetArea(refs), Qt::BottomDockWidgetArea);
    QCOMPARE(files->widget(), static_cast<QWidget *>(m_window->fileTree()));
    QCOMPARE(chat->widget(), static_cast<QWidget *>(m_window->chat()));
    QCOMPARE(refs->widget(), static_cast<QWidget *>(m_window->references()));
    QVERIFY(files->isVisible() && chat->isVisible() && refs->isVisible());
    // the viewer in the centre, once a folder is open; the status bar below
    QVERIFY(m_window->centralWidget()->isAncestorOf(m_window->viewer()));
    QVERIFY(m_window->viewer()->isVisible());
    QVERIFY(m_window->statusBar()->isVisible());
    QVERIFY(m_window->statusBar()->isAncestorOf(m_window->findChild<QLabel *>(QStringLiteral("indexStats"))));
    // the panes do not overlap: files | viewer | chat, references below the viewer
    const QRect viewer(m_window->viewer()->mapTo(m_window, QPoint()), m_window->viewer()->size());
    const QRect filesRect = files->geometry();
    const QRect chatRect = chat->geometry();
    const QRect refsRect = refs->geometry();
    QVERIFY(filesRect.right() < viewer.left());
    QVERIFY(chatRect.left() > viewer.right());
    QVERIFY(refsRect.top() > viewer.bottom());
}

// Too large and binary files are greyed out with the reason as tooltip; a parse error is
// marked with an icon and stays black (it was indexed as text).
void tst_MainWindow::fileTreeStatusDetails()
{
    openFixture();
    FileTreeModel *model = m_window->fileTree()->model();
    const QModelIndex huge = model->indexForPath(QStringLiteral("data/huge.txt"));
    QVERIFY(huge.isValid());
    QTRY_COMPARE_WITH_TIMEOUT(FileStatus(huge.data(FileTreeModel::StatusRole).toInt()), FileStatus::TooLarge, 5000);
    QVERIFY(huge.data(Qt::ForegroundRole).isValid());
    QVERIFY2(huge.data(Qt::ToolTipRole).toString().contains(QLatin1String("Too large")),
             qPrintable(huge.data(Qt::ToolTipRole).toString()));
    const QModelIndex blob = model->indexForPath(QStringLiteral("data/blob.dat"));
    QVERIFY(blob.isValid());
    QTRY_COMPARE_WITH_TIMEOUT(FileStatus(blob.data(FileTreeModel::StatusRole).toInt()), FileStatus::Binary, 5000);
    QVERIFY(blob.data(Qt::ForegroundRole).isValid());
    QVERIFY2(blob.data(Qt::ToolTipRole).toString().contains(QLatin1String("Binary")),
             qPrintable(blob.data(Qt::ToolTipRole).toString()));
    const QModelIndex config = model->indexForPath(QStringLiteral("service/config.py"));
    QVERIFY(!config.data(Qt::ForegroundRole).isValid());

    // A parse error (the parser timed out: indexed as text) has a warning icon and its reason.
    FileTreeModel statuses;
    statuses.setEntries({FileEntry{QStringLiteral("a.py"), FileStatus::ParseError, QStringLiteral("parse timed out"), false},
                         FileEntry{QStringLiteral("b.py"), FileStatus::Indexed, QString(), false},
                         FileEntry{QStringLiteral("c.py"), FileStatus::Pending, QString(), false}});
    const QModelIndex bad = statuses.indexForPath(QStringLiteral("a.py"));
    const QModelIndex good = statuses.indexForPath(QStringLiteral("b.py"));
    const QModelIndex pending = statuses.indexForPath(QStringLiteral("c.py"));
    QVERIFY(bad.data(Qt::ToolTipRole).toString().contains(QLatin1String("parse error")));
    QVERIFY(bad.data(Qt::ToolTipRole).toString().contains(QLatin1String("parse timed out")));
    QVERIFY(bad.data(Qt::DecorationRole).value<QIcon>().cacheKey()
            != good.data(Qt::DecorationRole).value<QIcon>().cacheKey());
    QVERIFY(!bad.data(Qt::ForegroundRole).isValid());
    // not yet indexed: italic, until an update says otherwise
    QVERIFY(pending.data(Qt::FontRole).value<QFont>().italic());
    statuses.updateStatuses({FileEntry{QStringLiteral("c.py"), FileStatus::Indexed, QString(), false}});
    QVERIFY(!pending.data(Qt::FontRole).isValid());
}

void tst_MainWindow::fileTreeFilter()
{
    openFixture();
    FileTreePanel *panel = m_window->fileTree();
    QTreeView *view = panel->view();
    QLineEdit *filter = panel->filterEdit();
    QTest::keyClicks(filter, QStringLiteral("ringbuf"));
    auto visibleFiles = [view] {
        QStringList out;
        std::function<void(const QModelIndex &)> walk = [&](const QModelIndex &parent) {
            for (int r = 0; r < view->model()->rowCount(parent); ++r) {
                const QModelIndex i = view->model()->index(r, 0, parent);
                if (!i.data(FileTreeModel::IsDirRole).toBool())
                    out << i.data(FileTreeModel::PathRole).toString();
                walk(i);
            }
        };
        walk(QModelIndex());
        return out;
    };
    QTRY_COMPARE_WITH_TIMEOUT(visibleFiles(), QStringList{QStringLiteral("src/ringbuffer.h")}, 3000);
    filter->clear();
    QTRY_VERIFY_WITH_TIMEOUT(visibleFiles().size() > 5, 3000);
    QTest::keyClicks(filter, QStringLiteral("*.py"));
    auto onlyPython = [&] {
        const QStringList files = visibleFiles();
        return files.size() >= 3 && std::all_of(files.cbegin(), files.cend(), [](const QString &p) {
                   return p.endsWith(QLatin1String(".py"));
               });
    };
    QTRY_VERIFY_WITH_TIMEOUT(onlyPython(), 3000);
    filter->clear();
    // (the tree follows a file only while the filter shows it: the user's filter is kept)
    QTRY_VERIFY_WITH_TIMEOUT(visibleFiles().contains(QStringLiteral("README.md")), 3000);
    // Clicking a file opens it.
    const QModelIndex source = panel->model()->indexForPath(QStringLiteral("README.md"));
    QVERIFY(source.isValid());
    panel->revealPath(QStringLiteral("README.md"));
    const QModelIndex index = view->currentIndex();
    QCOMPARE(index.data(FileTreeModel::PathRole).toString(), QStringLiteral("README.md"));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(index).center());
    QVERIFY(waitForEditor(QStringLiteral("README.md")));
}

void tst_MainWindow::askAndOpenResult()
{
    openFixture();
    QSignalSpy answered(m_window, &MainWindow::answerShown);
    m_window->ask(QStringLiteral("where is the config file parsed"));
    QVERIFY(answered.wait(20000));
    QVERIFY(answered.first().first().toInt() > 0);
    const QList<ResultCard *> cards = m_window->chat()->lastResultCards();
    QVERIFY(!cards.isEmpty());
    const ChatResult top = cards.first()->result();
    QCOMPARE(top.path, QStringLiteral("service/config.py"));
    QVERIFY2(top.symbol.contains(QLatin1String("parse_config")), qPrintable(top.symbol));
    QCOMPARE(top.kind, QStringLiteral("function"));
    QVERIFY(top.startLine > 0 && top.endLine >= top.startLine);
    QVERIFY(!top.previewLines.isEmpty());
    // The card shows path:lines, symbol, kind, the first lines of code and the score.
    {
        QStringList texts;
        for (const QLabel *label : cards.first()->findChildren<QLabel *>())
            texts << label->text();
        const QString all = texts.join(u'\n');
        QVERIFY2(all.contains(QStringLiteral("%1:%2–%3").arg(top.path).arg(top.startLine).arg(top.endLine)), qPrintable(all));
        QVERIFY2(all.contains(top.symbol) && all.contains(top.kind), qPrintable(all));
        QVERIFY2(texts.contains(QString::number(top.score, 'f', 2)), qPrintable(all));
        QWidget *code = cards.first()->findChild<QWidget *>(QStringLiteral("resultCode"));
        QVERIFY(code && !code->isHidden());
    }
    // Grouped by file: the files in the order of their best card, a file's cards together and in
    // rank order, each numbered by its rank; a further card of a file sits under its first and
    // shows the file's name only.
    {
        QStringList files;
        QList<int> numbers;
        int under = 0;
        for (qsizetype i = 0; i < cards.size(); ++i) {
            const ChatResult &r = cards.at(i)->result();
            const bool same = i > 0 && cards.at(i - 1)->result().path == r.path;
            QCOMPARE(cards.at(i)->isUnderSameFile(), same);
            if (same) {
                ++under;
                QVERIFY(cards.at(i)->number() > cards.at(i - 1)->number());
                QCOMPARE(cards.at(i)->pathLabel()->text(),
                         QStringLiteral("%1:%2–%3").arg(r.path.section(u'/', -1)).arg(r.startLine).arg(r.endLine));
            } else {
                QVERIFY2(!files.contains(r.path), qPrintable(r.path));
                files << r.path;
            }
            numbers << cards.at(i)->number();
        }
        QVERIFY(under > 0); // the question's results interleave files, so the grouping is seen
        QList<int> sorted = numbers;
        std::sort(sorted.begin(), sorted.end());
        QList<int> ranks(numbers.size());
        std::iota(ranks.begin(), ranks.end(), 1);
        QCOMPARE(sorted, ranks);
        QVERIFY(numbers != ranks); // the display order is not the rank order
        // each file's first card: its best rank, and the files by that rank
        QList<int> firsts;
        for (qsizetype i = 0; i < cards.size(); ++i) {
            if (!cards.at(i)->isUnderSameFile())
                firsts << cards.at(i)->number();
        }
        QVERIFY(std::is_sorted(firsts.cbegin(), firsts.cend()));
        // the status line counts the files
        const QString counted = QCoreApplication::translate("RepoLens::ChatPane", "%n result(s)", nullptr, int(cards.size()))
                                + QCoreApplication::translate("RepoLens::ChatPane", " in %n file(s)", nullptr,
                                                              int(files.size()));
        bool said = false;
        for (const QLabel *label : m_window->chat()->findChildren<QLabel *>())
            said = said || (label->isVisible() && label->text().contains(counted));
        QVERIFY2(said, qPrintable(counted));
    }
    // Vectors were built after the keyword index (openFolderAndIndex waited for them): the
    // offline answer is a hybrid search, and its status line says so.
    bool hybrid = false;
    for (const QLabel *label : m_window->chat()->findChildren<QLabel *>())
        hybrid = hybrid || (label->isVisible() && label->text().contains(QLatin1String("hybrid")));
    QVERIFY(hybrid);

    // Click the path link of the first card.
    QTest::mouseClick(cards.first()->pathLabel(), Qt::LeftButton);
    CodeEditor *editor = waitForEditor(top.path);
    QVERIFY(editor);
    QVERIFY(editor->isReadOnly());
    QCOMPARE(editor->snippetHighlights(), (QList<QPair<int, int>>{{top.startLine, top.endLine}}));
    // margin marker on every line of the range, none outside
    for (int line = top.startLine; line <= top.endLine; ++line)
        QVERIFY2(editor->markersAtLine(line - 1) & (1 << 1), qPrintable(QString::number(line)));
    QVERIFY(!(editor->markersAtLine(top.endLine) & (1 << 1)));
    // indicator over the text of the range
    const int inside = editor->positionFromLineIndex(top.startLine - 1, 1);
    QVERIFY(editor->SendScintilla(QsciScintilla::SCI_INDICATORVALUEAT, 8, inside) != 0);
    const int outside = editor->positionFromLineIndex(top.endLine, 0);
    QCOMPARE(editor->SendScintilla(QsciScintilla::SCI_INDICATORVALUEAT, 8, outside), 0L);
    // scrolled into view, cursor on the first line
    const int first = editor->firstVisibleLine();
    const int onScreen = int(editor->SendScintilla(QsciScintilla::SCI_LINESONSCREEN));
    QVERIFY(top.startLine - 1 >= first && top.startLine - 1 < first + onScreen);
    QCOMPARE(editor->currentLineNumber(), top.startLine);
    // the text at the range is the chunk
    QVERIFY(editor->text(top.startLine - 1).contains(QLatin1String("parse_config")));

    // A second citation in the same file adds a second range.
    const QList<ResultCard *> all = m_window->chat()->lastResultCards();
    for (ResultCard *card : all) {
        if (card->result().path == top.path && card->result().startLine != top.startLine) {
            QTest::mouseClick(card->pathLabel(), Qt::LeftButton);
            QCOMPARE(editor->snippetHighlights().size(), 2);
            break;
        }
    }
}

void tst_MainWindow::enterSendsShiftEnterAddsLine()
{
    openFixture();
    m_window->focusChat();
    QuestionEdit *edit = m_window->chat()->questionEdit();
    edit->clear();
    QSignalSpy asked(m_window->chat(), &ChatPane::questionAsked);
    QSignalSpy answered(m_window, &MainWindow::answerShown);
    QTest::keyClicks(edit, QStringLiteral("ring buffer"));
    QTest::keyClick(edit, Qt::Key_Return, Qt::ShiftModifier);
    QTest::keyClicks(edit, QStringLiteral("push"));
    QCOMPARE(asked.count(), 0);
    QCOMPARE(edit->toPlainText(), QStringLiteral("ring buffer\npush"));
    QTest::keyClick(edit, Qt::Key_Return);
    QCOMPARE(asked.count(), 1);
    QCOMPARE(asked.first().first().toString(), QStringLiteral("ring buffer\npush"));
    QVERIFY(edit->toPlainText().isEmpty());
    QVERIFY(answered.wait(20000));
    const QList<ResultCard *> cards = m_window->chat()->lastResultCards();
    QVERIFY(!cards.isEmpty());
    QCOMPARE(cards.first()->result().path, QStringLiteral("src/ringbuffer.h"));
}

void tst_MainWindow::newerQuestionCancelsOlder()
{
    openFixture();
    QSignalSpy answered(m_window, &MainWindow::answerShown);
    m_window->ask(QStringLiteral("server start port"));
    m_window->ask(QStringLiteral("ring buffer capacity"));
    QVERIFY(answered.wait(20000));
    QTest::qWait(300);
    // Only the newer question is answered; the older one says it stopped.
    QCOMPARE(answered.count(), 1);
    QCOMPARE(m_window->chat()->lastResultCards().first()->result().path, QStringLiteral("src/ringbuffer.h"));
}

void tst_MainWindow::ctrlClickGoesToDefinition()
{
    openFixture();
    m_window->openFile(QStringLiteral("service/server.py"));
    CodeEditor *editor = waitForEditor(QStringLiteral("service/server.py"));
    QVERIFY(editor);
    // line 6: "        self.config = parse_config(config_path)"
    const int line = 5;
    const QString text = editor->text(line);
    const int column = int(text.indexOf(QLatin1String("parse_config")));
    QVERIFY(column > 0);
    const int pos = editor->positionFromLineIndex(line, column + 3);
    QCOMPARE(editor->identifierAt(pos), QStringLiteral("parse_config"));
    editor->ensureLineVisible(line);
    QPoint point = editor->pointForPosition(pos);
    point.ry() += editor->textHeight(line) / 2;
    QSignalSpy shown(m_window, &MainWindow::definitionShown);
    QTest::mouseClick(editor->viewport(), Qt::LeftButton, Qt::ControlModifier, point);
    QVERIFY(shown.wait(10000));
    QCOMPARE(shown.first().at(0).toString(), QStringLiteral("service/config.py"));
    CodeEditor *target = waitForEditor(QStringLiteral("service/config.py"));
    QVERIFY(target);
    QCOMPARE(target->text(target->currentLineNumber() - 1).trimmed(), QStringLiteral("def parse_config(path):"));
    QCOMPARE(target->selectedText(), QStringLiteral("parse_config"));
}

void tst_MainWindow::f2GoesToDefinition()
{
    openFixture();
    m_window->openFile(QStringLiteral("service/server.py"));
    CodeEditor *editor = waitForEditor(QStringLiteral("service/server.py"));
    QVERIFY(editor);
    const int column = int(editor->text(5).indexOf(QLatin1String("parse_config")));
    editor->setCursorPosition(5, column + 1);
    editor->setFocus();
    QSignalSpy shown(m_window, &MainWindow::definitionShown);
    QTest::keyClick(m_window, Qt::Key_F2);
    QVERIFY(shown.wait(10000));
    QCOMPARE(shown.first().at(0).toString(), QStringLiteral("service/config.py"));
}

void tst_MainWindow::findReferences()
{
    openFixture();
    QSignalSpy shown(m_window, &MainWindow::referencesShown);
    m_window->findReferences(QStringLiteral("parse_config"));
    QVERIFY(shown.wait(10000));
    QVERIFY(shown.first().first().toInt() >= 1); // the call in server.py (+ the import)
    QTreeWidget *tree = m_window->references()->tree();
    QVERIFY(tree->isVisible());
    QTreeWidgetItem *serverRef = nullptr;
    QTreeWidgetItem *definition = nullptr;
    for (int i = 0; i < tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem *file = tree->topLevelItem(i);
        for (int c = 0; c < file->childCount(); ++c) {
            QTreeWidgetItem *item = file->child(c);
            if (file->text(0).startsWith(QLatin1String("service/server.py")) && item->text(2).contains(QLatin1String("parse_config(")))
                serverRef = item;
            if (item->text(1) == QLatin1String("definition"))
                definition = item;
        }
    }
    QVERIFY(serverRef);
    QVERIFY(definition);
    QCOMPARE(definition->parent()->text(0).section(u' ', 0, 0), QStringLiteral("service/config.py"));
    // Clicking a usage opens it.
    tree->scrollToItem(serverRef);
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualItemRect(serverRef).center());
    CodeEditor *editor = waitForEditor(QStringLiteral("service/server.py"));
    QVERIFY(editor);
    QVERIFY(editor->text(editor->currentLineNumber() - 1).contains(QLatin1String("parse_config(")));
}

// An attribute the graph records no usage of (`self.running`): its code lines are listed as
// text matches, dimmed, after the graph's; the README's words are not code.
void tst_MainWindow::findReferencesListsTextMatches()
{
    openFixture();
    QSignalSpy shown(m_window, &MainWindow::referencesShown);
    m_window->findReferences(QStringLiteral("running"));
    QVERIFY(shown.wait(10000));
    QCOMPARE(shown.first().first().toInt(), 0); // no usage in the graph
    const QString title = m_window->references()->titleLabel()->text();
    QVERIFY2(title.contains(QLatin1String("3 text match(es)")), qPrintable(title));
    QTreeWidget *tree = m_window->references()->tree();
    QCOMPARE(tree->topLevelItemCount(), 1);
    QTreeWidgetItem *file = tree->topLevelItem(0);
    QCOMPARE(file->text(0), QStringLiteral("service/server.py (3)"));
    QStringList rows;
    for (int c = 0; c < file->childCount(); ++c)
        rows << file->child(c)->text(0) + u' ' + file->child(c)->text(1) + u' ' + file->child(c)->text(2);
    QCOMPARE(rows, (QStringList{QStringLiteral("line 7 text match self.running = False"),
                                QStringLiteral("line 11 text match self.running = True"),
                                QStringLiteral("line 15 text match self.running = False")}));
    QCOMPARE(file->child(0)->foreground(2).color(), m_window->references()->palette().color(QPalette::PlaceholderText));
    // the graph's usages stay apart: parse_config's call is a usage, its import line text
    shown.clear();
    m_window->findReferences(QStringLiteral("parse_config"));
    QVERIFY(shown.wait(10000));
    QCOMPARE(shown.first().first().toInt(), 1);
    QVERIFY2(m_window->references()->titleLabel()->text().contains(QLatin1String("1 text match")),
             qPrintable(m_window->references()->titleLabel()->text()));

    // the panel: files of the graph's lines in path order, files with only text matches after
    // them in the order given (member accesses first)
    ReferencesPanel panel;
    CodeLocation def{QStringLiteral("b/def.py"), 3, 5, 3, QStringLiteral("definition"), QString(), QStringLiteral("def x"), false};
    CodeLocation use{QStringLiteral("a/use.py"), 9, 1, 9, QStringLiteral("call"), QString(), QStringLiteral("x()"), false};
    CodeLocation member{QStringLiteral("z/member.py"), 2, 3, 2, QStringLiteral("text match"), QString(), QStringLiteral("o.x"), true};
    CodeLocation comment{QStringLiteral("c/comment.py"), 1, 3, 1, QStringLiteral("text match"), QString(), QStringLiteral("# x"), true};
    CodeLocation inDef{QStringLiteral("b/def.py"), 7, 3, 7, QStringLiteral("text match"), QString(), QStringLiteral("y = x"), true};
    CodeLocation aboveDef{QStringLiteral("b/def.py"), 1, 1, 1, QStringLiteral("text match"), QString(), QStringLiteral("x = 1"), true};
    panel.setLocations(QStringLiteral("x"), {use, def, member, comment, inDef, aboveDef});
    QStringList files;
    for (int i = 0; i < panel.tree()->topLevelItemCount(); ++i)
        files << panel.tree()->topLevelItem(i)->text(0);
    QCOMPARE(files, (QStringList{QStringLiteral("a/use.py (1)"), QStringLiteral("b/def.py (3)"),
                                 QStringLiteral("z/member.py (1)"), QStringLiteral("c/comment.py (1)")}));
    // in a file, the graph's lines first, then the text matches by line
    QTreeWidgetItem *defFile = panel.tree()->topLevelItem(1);
    QCOMPARE(defFile->child(0)->text(2), QStringLiteral("def x"));
    QCOMPARE(defFile->child(1)->text(2), QStringLiteral("x = 1"));
    QCOMPARE(defFile->child(2)->text(2), QStringLiteral("y = x"));
}

// "who calls running": nothing calls an attribute; the answer lists the lines that use it, found
// by text, each opening its line.
void tst_MainWindow::whoCallsAnAttributeListsItsUses()
{
    openFixture();
    QSignalSpy answered(m_window, &MainWindow::answerShown);
    m_window->ask(QStringLiteral("who calls running"));
    QVERIFY(answered.wait(20000));
    QLabel *none = nullptr;
    QTRY_VERIFY((none = m_window->chat()->findChildren<QLabel *>(QStringLiteral("noCallSites")).value(0)) != nullptr);
    QVERIFY2(none->text().contains(QLatin1String("No call sites of running in the index. 3 line(s) use it without a call")),
             qPrintable(none->text()));
    QWidget *uses = m_window->chat()->findChildren<QWidget *>(QStringLiteral("textUses")).value(0);
    QVERIFY(uses);
    QStringList lines;
    for (auto *l : uses->findChildren<LinkLabel *>(QStringLiteral("callSite")))
        lines << l->text().simplified();
    QCOMPARE(lines, (QStringList{QStringLiteral("7 self.running = False"), QStringLiteral("11 self.running = True"),
                                 QStringLiteral("15 self.running = False")}));
    QVERIFY(uses->findChildren<LinkLabel *>(QStringLiteral("callSite")).first()->toolTip().contains(
        QLatin1String("Found by text")));
}

void tst_MainWindow::hoverShowsSignatureAndUsages()
{
    openFixture();
    m_window->openFile(QStringLiteral("service/server.py"));
    CodeEditor *editor = waitForEditor(QStringLiteral("service/server.py"));
    QVERIFY(editor);
    QSignalSpy hover(m_window, &MainWindow::hoverShown);
    Q_EMIT editor->hoverRequested(QStringLiteral("parse_config"), editor->mapToGlobal(QPoint(40, 40)));
    QVERIFY(hover.wait(10000));
    const QString text = hover.first().first().toString();
    QVERIFY2(text.contains(QLatin1String("def parse_config(path)")), qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("service/config.py")), qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("usage")), qPrintable(text));

    // The mouse resting on a name (Scintilla's dwell) asks for the same.
    const int line = 5;
    const int column = int(editor->text(line).indexOf(QLatin1String("parse_config")));
    const int pos = editor->positionFromLineIndex(line, column + 2);
    const QPoint point = editor->pointForPosition(pos);
    QSignalSpy requested(editor, &CodeEditor::hoverRequested);
    hover.clear();
    Q_EMIT editor->SCN_DWELLSTART(pos, point.x(), point.y());
    QCOMPARE(requested.count(), 1);
    QCOMPARE(requested.first().first().toString(), QStringLiteral("parse_config"));
    QVERIFY(hover.wait(10000));
}

void tst_MainWindow::dropFolder()
{
    openFixture();
    QSignalSpy opened(m_window, &MainWindow::folderOpened);
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(m_other.path())});
    const QPoint pos = m_window->rect().center();
    QDragEnterEvent enter(pos, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(m_window, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(pos), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(m_window, &drop);
    QVERIFY(drop.isAccepted());
    QVERIFY(opened.wait(5000));
    QCOMPARE(m_window->rootPath(), QFileInfo(m_other.path()).canonicalFilePath());
    QSignalSpy finished(m_window, &MainWindow::indexingFinished);
    if (m_window->isIndexing())
        QVERIFY(finished.wait(60000));
}

void tst_MainWindow::dropFile()
{
    // Dropping a file opens its folder and shows the file.
    const QString file = m_fixture.path() + QStringLiteral("/README.md");
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(file)});
    QSignalSpy opened(m_window, &MainWindow::folderOpened);
    const QPoint pos = m_window->rect().center();
    QDragEnterEvent enter(pos, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(m_window, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(pos), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(m_window, &drop);
    QVERIFY(drop.isAccepted());
    QVERIFY(opened.wait(5000));
    QCOMPARE(m_window->rootPath(), QFileInfo(m_fixture.path()).canonicalFilePath());
    QVERIFY(waitForEditor(QStringLiteral("README.md")));
    QSignalSpy finished(m_window, &MainWindow::indexingFinished);
    if (m_window->isIndexing())
        QVERIFY(finished.wait(60000));
}

// File ▸ Open Recent lists the folders opened before, newest first; choosing one opens it.
void tst_MainWindow::openRecentMenu()
{
    openFixture();
    const QString other = QFileInfo(m_other.path()).canonicalFilePath();
    QVERIFY(MainWindow::recentFolders().contains(other)); // dropFolder opened it
    QCOMPARE(MainWindow::recentFolders().first(), m_window->rootPath());
    QMenu *recent = nullptr;
    for (QAction *menu : m_window->menuBar()->actions()) {
        if (!menu->menu())
            continue;
        for (QAction *a : menu->menu()->actions()) {
            if (a->menu() && a->text().remove(u'&') == QLatin1String("Open Recent"))
                recent = a->menu();
        }
    }
    QVERIFY(recent);
    Q_EMIT recent->aboutToShow();
    QAction *entry = nullptr;
    for (QAction *a : recent->actions()) {
        if (a->text() == QDir::toNativeSeparators(other))
            entry = a;
    }
    QVERIFY(entry);
    QSignalSpy opened(m_window, &MainWindow::folderOpened);
    QSignalSpy finished(m_window, &MainWindow::indexingFinished);
    entry->trigger();
    QCOMPARE(opened.count(), 1);
    QCOMPARE(m_window->rootPath(), other);
    QVERIFY(m_window->isIndexing());
    QVERIFY(finished.wait(60000));
    QCOMPARE(MainWindow::recentFolders().first(), other);
}

// File ▸ Open Folder… (Ctrl+O) asks for a folder and opens it.
void tst_MainWindow::openFolderDialog()
{
    openFixture();
    const QString other = QFileInfo(m_other.path()).canonicalFilePath();
    bool sawDialog = false;
    QTimer::singleShot(200, m_window, [&] {
        auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        sawDialog = dialog->fileMode() == QFileDialog::Directory;
        dialog->setDirectory(other);
        static_cast<QDialog *>(dialog)->accept(); // QFileDialog::accept() is protected
    });
    QSignalSpy opened(m_window, &MainWindow::folderOpened);
    QSignalSpy finished(m_window, &MainWindow::indexingFinished);
    QTest::keyClick(m_window, Qt::Key_O, Qt::ControlModifier);
    QTRY_COMPARE(opened.count(), 1);
    QVERIFY(sawDialog);
    QCOMPARE(m_window->rootPath(), other);
    if (m_window->isIndexing())
        QVERIFY(finished.wait(60000));
    QApplication::setActiveWindow(m_window); // the offscreen platform does not give it back
}

void tst_MainWindow::closeTabShortcut()
{
    openFixture();
    m_window->openFile(QStringLiteral("service/config.py"));
    QVERIFY(waitForEditor(QStringLiteral("service/config.py")));
    const int before = m_window->viewer()->count();
    QTest::keyClick(m_window, Qt::Key_W, Qt::ControlModifier);
    QTRY_COMPARE(m_window->viewer()->count(), before - 1);
}

// Ctrl+P quick-open, Ctrl+L focus chat, Ctrl+F find, Ctrl+G go to line, F5 re-index.
void tst_MainWindow::keyboardShortcuts()
{
    openFixture();
    // (quick-open offers the file tree's paths, which the tree lists behind the window's back)
    QTRY_VERIFY_WITH_TIMEOUT(
        m_window->fileTree()->model()->indexForPath(QStringLiteral("src/ringbuffer.h")).isValid(), 10000);
    QApplication::setActiveWindow(m_window);
    // Ctrl+P: type part of a name, Enter opens it
    QTest::keyClick(m_window, Qt::Key_P, Qt::ControlModifier);
    auto *quick = m_window->findChild<QuickOpenDialog *>();
    QVERIFY(quick);
    QTRY_VERIFY(quick->isVisible());
    QTest::keyClicks(quick->lineEdit(), QStringLiteral("ringbuf"));
    QTRY_VERIFY(quick->list()->count() >= 1);
    QVERIFY(quick->list()->currentItem());
    QCOMPARE(quick->list()->currentItem()->data(Qt::UserRole).toString(), QStringLiteral("src/ringbuffer.h"));
    QTest::keyClick(quick->lineEdit(), Qt::Key_Return);
    QVERIFY(!quick->isVisible());
    CodeEditor *editor = waitForEditor(QStringLiteral("src/ringbuffer.h"));
    QVERIFY(editor);
    QApplication::setActiveWindow(m_window); // the offscreen platform does not give it back
    // Ctrl+F and Ctrl+G show the viewer's bars
    editor->setFocus();
    QTest::keyClick(m_window, Qt::Key_F, Qt::ControlModifier);
    QVERIFY(m_window->viewer()->findBar()->isVisible());
    QTest::keyClick(m_window->viewer()->findBar()->lineEdit(), Qt::Key_Escape);
    QTest::keyClick(m_window, Qt::Key_G, Qt::ControlModifier);
    QVERIFY(m_window->viewer()->goToLineBar()->isVisible());
    QTest::keyClick(m_window->viewer()->goToLineBar()->lineEdit(), Qt::Key_Escape);
    // Ctrl+L: the question box takes the focus
    QTest::keyClick(m_window, Qt::Key_L, Qt::ControlModifier);
    QCOMPARE(m_window->focusWidget(), static_cast<QWidget *>(m_window->chat()->questionEdit()));
    // F5: re-index
    QSignalSpy started(m_window->indexService(), &IndexService::indexingStarted);
    QSignalSpy finished(m_window, &MainWindow::indexingFinished);
    QTest::keyClick(m_window, Qt::Key_F5);
    QTRY_COMPARE(started.count(), 1);
    QVERIFY(finished.wait(60000));
}

// Help ▸ Keyboard Shortcuts (Ctrl+F1) lists every menu command that has a shortcut.
void tst_MainWindow::shortcutsDialogListsEveryShortcut()
{
    QMap<QString, QString> expected; // shortcut -> a menu command
    std::function<void(const QMenu *)> collect = [&](const QMenu *menu) {
        for (QAction *a : menu->actions()) {
            if (a->menu())
                collect(a->menu());
            else if (!a->shortcut().isEmpty())
                expected.insert(a->shortcut().toString(QKeySequence::NativeText), a->text().remove(u'&'));
        }
    };
    for (QAction *a : m_window->menuBar()->actions()) {
        if (a->menu())
            collect(a->menu());
    }
    for (const char *key : {"Ctrl+O", "Ctrl+P", "Ctrl+L", "Ctrl+W", "F5", "Ctrl+F", "Ctrl+G", "F2", "Shift+F12",
                            "Ctrl+F1"})
        QVERIFY2(expected.contains(QKeySequence(QLatin1String(key)).toString(QKeySequence::NativeText)), key);

    QPointer<QTreeWidget> list;
    QMap<QString, QString> listed;
    // (looked for until the modal dialog is up: on a loaded machine it takes more than a moment)
    QTimer poll;
    connect(&poll, &QTimer::timeout, m_window, [&] {
        auto *dialog = qobject_cast<ShortcutsDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        poll.stop();
        list = dialog->findChild<QTreeWidget *>();
        for (QTreeWidgetItemIterator it(list); *it; ++it)
            listed.insert((*it)->text(1), (*it)->text(0));
        dialog->reject();
    });
    poll.start(100);
    QApplication::setActiveWindow(m_window);
    QTest::keyClick(m_window, Qt::Key_F1, Qt::ControlModifier);
    QTRY_VERIFY_WITH_TIMEOUT(!listed.isEmpty(), 10000);
    for (auto it = expected.cbegin(); it != expected.cend(); ++it)
        QVERIFY2(listed.contains(it.key()), qPrintable(it.key() + QStringLiteral(" ") + it.value()));
    QVERIFY(listed.contains(QStringLiteral("Ctrl+Click")));
    QApplication::setActiveWindow(m_window);
}

// The viewer's context menu has Go to Definition and Find References for the word clicked.
void tst_MainWindow::contextMenuFindsReferences()
{
    openFixture();
    m_window->openFile(QStringLiteral("service/server.py"));
    CodeEditor *editor = waitForEditor(QStringLiteral("service/server.py"));
    QVERIFY(editor);
    const int line = 5;
    const int column = int(editor->text(line).indexOf(QLatin1String("parse_config")));
    editor->ensureLineVisible(line);
    QPoint point = editor->pointForPosition(editor->positionFromLineIndex(line, column + 2));
    point.ry() += editor->textHeight(line) / 2;
    QContextMenuEvent event(QContextMenuEvent::Mouse, point, editor->viewport()->mapToGlobal(point));
    QCoreApplication::sendEvent(editor->viewport(), &event);
    QMenu *menu = nullptr;
    QTRY_VERIFY((menu = qobject_cast<QMenu *>(QApplication::activePopupWidget())));
    QAction *refs = nullptr;
    QAction *def = nullptr;
    for (QAction *a : menu->actions()) {
        if (a->text() == QLatin1String("Find References"))
            refs = a;
        if (a->text() == QLatin1String("Go to Definition"))
            def = a;
    }
    QVERIFY(refs && def);
    QVERIFY(refs->isEnabled());
    QCOMPARE(refs->shortcut(), QKeySequence(Qt::SHIFT | Qt::Key_F12));
    QSignalSpy shown(m_window, &MainWindow::referencesShown);
    refs->trigger();
    menu->close();
    QVERIFY(shown.wait(10000));
    QVERIFY(shown.first().first().toInt() >= 1);
    QVERIFY(m_window->references()->tree()->topLevelItemCount() >= 1);
}

// Light and dark colour schemes follow the system palette, also when it changes at run time.
void tst_MainWindow::followsSystemPalette()
{
    openFixture();
    m_window->openFile(QStringLiteral("service/config.py"));
    CodeEditor *editor = waitForEditor(QStringLiteral("service/config.py"));
    QVERIFY(editor);
    const QPalette light = QApplication::palette();
    QVERIFY(!CodeTheme::fromPalette(light).dark);
    QPalette dark = light;
    dark.setColor(QPalette::Window, QColor(0x2d, 0x2f, 0x33));
    dark.setColor(QPalette::WindowText, QColor(0xdc, 0xdd, 0xde));
    dark.setColor(QPalette::Base, QColor(0x1f, 0x21, 0x24));
    dark.setColor(QPalette::Text, QColor(0xdc, 0xdd, 0xde));
    QApplication::setPalette(dark);
    const CodeTheme darkTheme = CodeTheme::fromPalette(dark);
    QVERIFY(darkTheme.dark);
    QTRY_COMPARE(editor->lexer()->paper(CodeTheme::Default), darkTheme.background);
    QCOMPARE(editor->lexer()->color(CodeTheme::Keyword), darkTheme.colors[CodeTheme::Keyword]);
    QApplication::setPalette(light);
    QTRY_COMPARE(editor->lexer()->paper(CodeTheme::Default), CodeTheme::fromPalette(light).background);
}

// While indexing: files done / total, the phase and a progress bar in the status bar; the
// tree fills in as files are indexed; answers say the index is incomplete; the cancel button
// stops the run and keeps what was indexed.
void tst_MainWindow::progressWhileIndexingAndCancel()
{
    QLabel *phase = m_window->progressLabel();
    QProgressBar *bar = m_window->progressBar();
    auto *cancel = m_window->findChild<QToolButton *>(QStringLiteral("indexCancel"));
    QVERIFY(cancel);
    FileTreeModel *model = m_window->fileTree()->model();
    // "Indexing 1,234 / 5,678 files", or on a first index "Parsing 1,234 / 5,678 files
    // (searchable)" once every file is searchable as text (numbers with group separators)
    static const QRegularExpression counting(QStringLiteral(
        "^(?:Indexing|Parsing) ([\\d,. \\x{a0}]+) / ([\\d,. \\x{a0}]+) files(?: \\(searchable\\))?$"));
    auto number = [](const QString &text) { return QString(text).remove(QRegularExpression(QStringLiteral("\\D"))).toInt(); };
    auto parsing = [&] {
        const auto m = counting.match(phase->text());
        return m.hasMatch() && number(m.captured(1)) > 0;
    };
    auto countStatuses = [model](int *indexed, int *pending) {
        *indexed = *pending = 0;
        for (const QString &path : model->filePaths(true)) {
            const auto status = FileStatus(model->indexForPath(path).data(FileTreeModel::StatusRole).toInt());
            *indexed += status == FileStatus::Indexed;
            *pending += status == FileStatus::Pending;
        }
    };
    // One parse thread: the run lasts long enough to watch the tree fill in.
    const IndexOptions before = m_window->indexService()->options();
    IndexOptions slow = before;
    slow.threads = 1;
    m_window->indexService()->setOptions(slow);
    auto restore = qScopeGuard([&] { m_window->indexService()->setOptions(before); });

    // 1. A large folder: progress shows at once, then files done / total.
    bool partialTree = false;
    bool liveSummary = false;
    auto *stats = m_window->findChild<QLabel *>(QStringLiteral("indexStats"));
    QVERIFY(stats);
    auto connection = connect(m_window, &MainWindow::treeUpdated, this, [&] {
        if (!m_window->isIndexing())
            return;
        int indexed = 0;
        int pending = 0;
        countStatuses(&indexed, &pending);
        if (indexed > 0 && pending > 0) {
            partialTree = true;
            // the summary under the tree counts the files indexed so far
            const QString summary = m_window->fileTree()->summaryLabel()->text();
            liveSummary = liveSummary || summary.contains(QLocale().toString(indexed) + QLatin1String(" indexed"));
        }
    });
    auto disconnectTree = qScopeGuard([&] { disconnect(connection); });
    QSignalSpy finished(m_window, &MainWindow::indexingFinished);
    QVERIFY(m_window->openFolder(m_large.path()));
    QVERIFY(phase->isVisible() && bar->isVisible() && cancel->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(parsing(), 60000);
    const auto m = counting.match(phase->text());
    QVERIFY(number(m.captured(2)) > 1000);
    QCOMPARE(bar->maximum(), number(m.captured(2)));
    QVERIFY(bar->value() > 0 && bar->value() <= bar->maximum());
    QVERIFY(!phase->toolTip().isEmpty()); // the current file

    // Ask meanwhile: the answer says the index is still being built.
    QSignalSpy answered(m_window, &MainWindow::answerShown);
    m_window->ask(QStringLiteral("cache eviction"));
    QVERIFY(answered.wait(30000));
    bool saysIncomplete = false;
    for (const QLabel *label : m_window->chat()->findChildren<QLabel *>())
        saysIncomplete = saysIncomplete || label->text().contains(QLatin1String("still being built"));
    QVERIFY(saysIncomplete);

    // The tree shows files as indexed while others are still waiting.
    QTRY_VERIFY_WITH_TIMEOUT(partialTree || !m_window->isIndexing(), 60000);
    QVERIFY2(partialTree, "the tree did not update while indexing");
    QVERIFY2(liveSummary, qPrintable(m_window->fileTree()->summaryLabel()->text()));
    // the status bar counts follow too (not "Not indexed yet" next to the progress)
    if (m_window->isIndexing())
        QVERIFY2(stats->text().isEmpty() || stats->text().contains(QLatin1String("files indexed")), qPrintable(stats->text()));
    if (m_window->isIndexing())
        QVERIFY(finished.wait(120000));
    int indexed = 0;
    int pending = 0;
    QTRY_VERIFY_WITH_TIMEOUT((countStatuses(&indexed, &pending), pending == 0 && indexed > 1000), 10000);
    QVERIFY(!phase->isVisible() && !bar->isVisible() && !cancel->isVisible());

    // 2. Another large folder, stopped with the cancel button while files are parsed: what was
    // indexed is kept, the rest stays "not indexed yet".
    finished.clear();
    QVERIFY(m_window->openFolder(m_large2.path()));
    QTRY_VERIFY_WITH_TIMEOUT(parsing(), 60000);
    QVERIFY(cancel->isVisible());
    QTest::mouseClick(cancel, Qt::LeftButton);
    QVERIFY(finished.wait(60000));
    QVERIFY2(m_window->statusBar()->currentMessage().contains(QLatin1String("stopped")),
             qPrintable(m_window->statusBar()->currentMessage()));
    QVERIFY(!phase->isVisible() && !bar->isVisible() && !cancel->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT((countStatuses(&indexed, &pending), indexed > 0 && pending > 0), 10000);
}

// The dock layout and the window geometry are saved on close and restored at the next start.
void tst_MainWindow::windowLayoutPersists()
{
    QSettings(QStringLiteral("RepoLens"), QStringLiteral("repolens")).remove(QStringLiteral("window"));
    MainWindow::Options options;
    options.dataDir = m_data.path();
    options.restoreState = true;
    options.stallDetector = false;
    options.detectOllama = false;
    QSize savedSize;
    int savedFilesWidth = 0;
    {
        MainWindow first(options);
        first.show();
        QVERIFY(QTest::qWaitForWindowExposed(&first));
        first.resize(1111, 777);
        auto *files = first.findChild<QDockWidget *>(QStringLiteral("filesDock"));
        auto *refs = first.findChild<QDockWidget *>(QStringLiteral("referencesDock"));
        auto *chat = first.findChild<QDockWidget *>(QStringLiteral("chatDock"));
        first.resizeDocks({files}, {345}, Qt::Horizontal);
        refs->hide();
        first.addDockWidget(Qt::LeftDockWidgetArea, chat); // chat moved under the files
        QTRY_COMPARE(first.size(), QSize(1111, 777));
        QTest::qWait(100);
        savedSize = first.size();
        savedFilesWidth = files->width();
        first.close();
    }
    MainWindow second(options);
    second.show();
    QVERIFY(QTest::qWaitForWindowExposed(&second));
    auto *files = second.findChild<QDockWidget *>(QStringLiteral("filesDock"));
    auto *refs = second.findChild<QDockWidget *>(QStringLiteral("referencesDock"));
    auto *chat = second.findChild<QDockWidget *>(QStringLiteral("chatDock"));
    QTRY_COMPARE(second.size(), savedSize);
    QTest::qWait(100);
    QVERIFY(refs->isHidden());
    QCOMPARE(second.dockWidgetArea(chat), Qt::LeftDockWidgetArea);
    QVERIFY2(std::abs(files->width() - savedFilesWidth) <= 2,
             qPrintable(QStringLiteral("%1 vs %2").arg(files->width()).arg(savedFilesWidth)));
    second.close();
    QSettings(QStringLiteral("RepoLens"), QStringLiteral("repolens")).remove(QStringLiteral("window"));
}

QTEST_MAIN(tst_MainWindow)
#include "tst_mainwindow.moc"
