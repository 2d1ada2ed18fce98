// The desktop window end to end, offscreen: open a folder, index, ask, open a result, navigate.

#include "uitestfixture.h"

#include "ui/chatpane.h"
#include "ui/codeeditor.h"
#include "ui/codeviewer.h"
#include "ui/filetreemodel.h"
#include "ui/filetreepanel.h"
#include "ui/mainwindow.h"
#include "ui/referencespanel.h"
#include "ui/stalldetector.h"

#include "core/embed/embeddingindexer.h"
#include "core/index/indexservice.h"
#include "core/store/indexstore.h"

#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <QTreeWidget>
#include <QUrl>

using namespace RepoLens;

class tst_MainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void openFolderAndIndex();
    void fileTreeShowsStatuses();
    void fileTreeFilter();
    void askAndOpenResult();
    void enterSendsShiftEnterAddsLine();
    void newerQuestionCancelsOlder();
    void ctrlClickGoesToDefinition();
    void f2GoesToDefinition();
    void findReferences();
    void hoverShowsSignatureAndUsages();
    void dropFolder();
    void dropFile();
    void closeTabShortcut();

private:
    CodeEditor *waitForEditor(const QString &relPath);
    void openFixture();

    QTemporaryDir m_fixture;
    QTemporaryDir m_other;
    QTemporaryDir m_data;
    MainWindow *m_window = nullptr;
};

void tst_MainWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    qputenv("REPOLENS_TEST", "1");
    QVERIFY(m_fixture.isValid());
    QVERIFY(TestFixture::writeSmall(m_fixture.path()));
    QVERIFY(m_other.isValid());
    QVERIFY(SelfTest::writeFixture(m_other.path()));
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
    QVERIFY((*store)->chunkCount() > 0);
    QCOMPARE((*store)->embeddedChunkCount(model), (*store)->chunkCount());
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

void tst_MainWindow::closeTabShortcut()
{
    openFixture();
    m_window->openFile(QStringLiteral("service/config.py"));
    QVERIFY(waitForEditor(QStringLiteral("service/config.py")));
    const int before = m_window->viewer()->count();
    QTest::keyClick(m_window, Qt::Key_W, Qt::ControlModifier);
    QTRY_COMPARE(m_window->viewer()->count(), before - 1);
}

QTEST_MAIN(tst_MainWindow)
#include "tst_mainwindow.moc"
