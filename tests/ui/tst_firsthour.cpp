// What new users hit in their first hour, offscreen with real events: drops on
// every pane, a file argument opens its repository, minimum widths, the status bar's Stop
// button, viewer navigation (Back/Forward, Find "n of m", line:column, tab names, tooltips
// after a jump), the file filter and compact folders, Find References narrowed to the
// definition meant, "who calls" as a list of call sites, examples made from the folder,
// Settings and What Was Sent details, and the chat against a fake model: follow-ups on a new
// topic, nothing indexed, a stopped index, scrolling, theme switches, streaming without
// re-rendering the whole answer, long pastes.

#include "uitestfixture.h"

#include "llm/fakeopenaiserver.h"

#include "ui/answerview.h"
#include "ui/appsettings.h"
#include "ui/chatcontroller.h"
#include "ui/chatpane.h"
#include "ui/codeeditor.h"
#include "ui/codeviewer.h"
#include "ui/filetreemodel.h"
#include "ui/filetreepanel.h"
#include "ui/findbar.h"
#include "ui/mainwindow.h"
#include "ui/quickopendialog.h"
#include "ui/referencespanel.h"
#include "ui/retrievalinspector.h"
#include "ui/sentlogdialog.h"
#include "ui/settingsdialog.h"

#include "core/index/indexservice.h"
#include "core/store/indexstore.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextTable>
#include <QToolButton>
#include <QToolTip>
#include <QTreeView>
#include <QTreeWidget>
#include <QScopeGuard>
#include <QThread>
#include <QUrl>

using namespace RepoLens;
using RepoLens::Test::FakeOpenAiServer;

class tst_FirstHour : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();

    // the window
    void fileArgumentOpensTheRepositoryRoot();
    void dropsOnEveryPaneOpenTheFolder();
    void minimumWidthsFitASmallScreen();
    void settingsDialogFitsASmallScreen();
    void stopButtonStaysPutAndStops();
    // the viewer
    void backAndForward();
    void tooltipAndLookingUpGoAfterAJump();
    void jumpedToNameIsReadable();
    void findSaysWhichMatchAndKeepsItInView();
    void cursorPositionInTheStatusBar();
    void tabsOfTheSameNameDiffer();
    // files
    void filterIsClearedForANewFolderAndSaysNoMatches();
    void quickOpenKeepsTheFilter();
    void deepFoldersAreCompacted();
    void fileCountsAgree();
    // references and graph answers
    void findReferencesNarrowsToTheMethod();
    void whoCallsIsACompactList();
    void examplesComeFromTheFolder();
    // dialogs
    void rerankFieldsFollowTheMode();
    void staticModelFolderIsChecked();
    void emptyIgnoreListIsNotInvalid();
    void sentLogEnterClosesAndClearAsks();
    void testConnectionIsLogged();
    void reopensTheLastFolder();
    // the chat with a model
    void followUpOnANewTopicSearchesAgain();
    void followUpThatRefersBackKeepsTheContext();
    void sourcesAreOneALine();
    void inspectorShowsAReadablePrompt();
    void streamingRendersOnlyTheTail();
    void newQuestionScrollsIntoView();
    void themeSwitchRepaintsOldBubbles();
    void longPasteIsMeasured();
    void cardPathsAreElidedAndPreviewsDedented();
    void emptyFolderSendsNothing();
    void stoppedIndexIsSaid();
    void stopWhileDraftingKeepsWhatWasRead();
    void stopBeforeAnythingIsReadIsSaid();

private:
    void openAndWait(const QString &path);
    CodeEditor *openEditor(const QString &rel);
    void configureModel();
    int askAndWait(const QString &question);
    // Parsing sleeps a little per file, so that Stop reliably lands in the middle.
    void slowIndexing(bool slow);
    // Delivers a drag and a drop at `pos` (window coordinates) the way Qt does: to the widget
    // under the point that accepts drops, and up its parents until one accepts.
    bool dropAt(const QPoint &pos, const QList<QUrl> &urls);

    QTemporaryDir m_home;
    QTemporaryDir m_repo;
    QTemporaryDir m_other;
    QTemporaryDir m_large;
    QTemporaryDir m_empty;
    QTemporaryDir m_data;
    FakeOpenAiServer m_server;
    MainWindow *m_window = nullptr;
};

namespace {

void write(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(content);
}

QString canonical(const QString &path)
{
    return QFileInfo(path).canonicalFilePath();
}

} // namespace

void tst_FirstHour::initTestCase()
{
    QVERIFY(m_home.isValid());
    qputenv("HOME", m_home.path().toLocal8Bit());
    QStandardPaths::setTestModeEnabled(true);
    qputenv("REPOLENS_TEST", "1");
    qputenv("REPOLENS_OLLAMA_URL", "off");
    QVERIFY(m_server.listen());
    // A repository shaped like flask: a method and a free function of the same name, two
    // app.py files, tests, a deep Java package.
    const QString r = m_repo.path();
    QVERIFY(QDir().mkpath(r + QStringLiteral("/.git")));
    write(r + QStringLiteral("/.git/HEAD"), "ref: refs/heads/main\n");
    write(r + QStringLiteral("/src/flask/helpers.py"),
          "from .globals import current_app\n\n\ndef url_for(endpoint, **values):\n"
          "    \"\"\"Build a URL for the endpoint.\"\"\"\n"
          "    return current_app.url_for(endpoint, **values)\n\n\ndef redirect_to(endpoint):\n"
          "    return url_for(endpoint)\n");
    QByteArray app = "class Flask:\n    \"\"\"The application object.\"\"\"\n\n"
                     "    def url_for(self, endpoint, **values):\n        return self.build(endpoint, values)\n\n"
                     "    def make_context(self):\n        return self.url_for(\"index\")\n\n"
                     "    def build(self, endpoint, values):\n        return endpoint\n\n";
    for (int i = 0; i < 60; ++i)
        app += QStringLiteral("    def handler_%1(self, request):\n        \"\"\"Handles route %1.\"\"\"\n"
                              "        return self.url_for(\"route_%1\")\n\n")
                   .arg(i)
                   .toUtf8();
    write(r + QStringLiteral("/src/flask/app.py"), app);
    write(r + QStringLiteral("/src/flask/sansio/app.py"),
          "class App:\n    \"\"\"The application without I/O.\"\"\"\n\n    def route(self, rule):\n        return rule\n");
    write(r + QStringLiteral("/src/flask/views.py"),
          "from .helpers import url_for\n\n\ndef index():\n    return url_for(\"index\")\n\n\n"
          "def about():\n    return url_for(\"about\")\n");
    write(r + QStringLiteral("/src/flask/sessions.py"),
          "import hmac\n\n\nclass SecureCookieSessionInterface:\n"
          "    \"\"\"Signs the session cookie with the secret key.\"\"\"\n\n"
          "    def get_signing_serializer(self, app):\n        return hmac.new(app.secret_key)\n\n"
          "    def save_session(self, app, session, response):\n"
          "        cookie = self.get_signing_serializer(app).dumps(dict(session))\n"
          "        response.set_cookie(app.session_cookie_name, cookie)\n");
    write(r + QStringLiteral("/src/flask/blueprints.py"),
          "class Blueprint:\n    \"\"\"A group of routes registered on an app.\"\"\"\n\n"
          "    def register(self, app, options):\n        app.blueprints[self.name] = self\n"
          "        for deferred in self.deferred_functions:\n            deferred(app)\n\n"
          "    def add_url_rule(self, rule, endpoint=None):\n        self.deferred_functions.append(rule)\n");
    write(r + QStringLiteral("/tests/test_helpers.py"),
          "import flask\n\n\ndef test_url_for(app):\n    assert flask.url_for(\"a\") == app.url_for(\"a\")\n\n\n"
          "def test_redirect(app):\n    assert flask.url_for(\"b\")\n");
    write(r + QStringLiteral("/src/main/java/com/example/deep/Thing.java"),
          "package com.example.deep;\n\npublic class Thing {\n    public int size() { return 3; }\n}\n");
    write(r + QStringLiteral("/README.md"), "# Flaskish\n\nA small web framework.\n");
    QVERIFY(SelfTest::writeFixture(m_other.path()));
    QVERIFY(TestFixture::writeLarge(m_large.path(), 750) >= 750);
    MainWindow::Options options;
    options.dataDir = m_data.path();
    options.restoreState = false;
    options.detectOllama = false;
    m_window = new MainWindow(options);
    m_window->resize(1400, 880);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    openAndWait(m_repo.path());
}

void tst_FirstHour::cleanupTestCase()
{
    delete m_window;
}

void tst_FirstHour::openAndWait(const QString &path)
{
    const QString root = canonical(path);
    if (m_window->rootPath() == root && !m_window->isIndexing())
        return;
    QSignalSpy finished(m_window, &MainWindow::indexingFinished);
    if (m_window->rootPath() != root)
        QVERIFY(m_window->openFolder(root));
    if (m_window->isIndexing() || finished.isEmpty())
        QVERIFY(finished.wait(60000));
}

CodeEditor *tst_FirstHour::openEditor(const QString &rel)
{
    // Window shortcuts (F2, Shift+F12, Alt+Left) need the window active again after dialogs.
    m_window->activateWindow();
    (void)QTest::qWaitFor([this] { return m_window->isActiveWindow(); }, 2000);
    m_window->openFile(rel);
    CodeEditor *e = m_window->viewer()->currentEditor();
    if (e && !e->isLoaded()) {
        QSignalSpy loaded(e, &CodeEditor::loaded);
        loaded.wait(10000);
    }
    return e && e->isLoaded() ? e : nullptr;
}

void tst_FirstHour::configureModel()
{
    LlmSettings llm;
    llm.baseUrl = m_server.baseUrl();
    llm.model = QStringLiteral("qwen2.5-coder:7b");
    llm.topK = 6;
    llm.contextBudget = 2000;
    m_window->chatController()->setSettings(llm, SearchSettings());
    m_window->chatController()->setApiKey(QString(), QString());
}

void tst_FirstHour::slowIndexing(bool slow)
{
    IndexOptions options = m_window->indexService()->options();
    options.beforeRead = slow ? std::function<void(const QString &)>([](const QString &) { QThread::msleep(15); })
                              : std::function<void(const QString &)>();
    m_window->indexService()->setOptions(options);
}

int tst_FirstHour::askAndWait(const QString &question)
{
    QSignalSpy done(m_window->chatController(), &ChatController::answerFinished);
    m_window->ask(question);
    if (!done.wait(30000))
        return 0;
    return done.first().at(0).toInt();
}

bool tst_FirstHour::dropAt(const QPoint &pos, const QList<QUrl> &urls)
{
    // As a file manager offers it: the URLs and their paths as text.
    QMimeData mime;
    mime.setUrls(urls);
    QStringList paths;
    for (const QUrl &u : urls)
        paths << u.toLocalFile();
    mime.setText(paths.join(u'\n'));
    QWidget *target = m_window->childAt(pos);
    if (!target)
        target = m_window;
    while (!target->acceptDrops() && !target->isWindow())
        target = target->parentWidget();
    const QPoint local = target->mapFrom(m_window, pos);
    QDragEnterEvent enter(local, Qt::CopyAction | Qt::MoveAction | Qt::LinkAction, &mime, Qt::LeftButton,
                          Qt::NoModifier);
    QApplication::sendEvent(target, &enter);
    if (!enter.isAccepted())
        return false;
    QDragMoveEvent move(local, Qt::CopyAction | Qt::MoveAction | Qt::LinkAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &move);
    if (!move.isAccepted())
        return false;
    QDropEvent drop(QPointF(local), Qt::CopyAction | Qt::MoveAction | Qt::LinkAction, &mime, Qt::LeftButton,
                    Qt::NoModifier);
    QApplication::sendEvent(target, &drop);
    return drop.isAccepted();
}

// --- the window ----------------------------------------------------------------------------------

// `repolens some/repo/src/flask/views.py` (and a dropped file) opens the repository holding the
// file, not the file's folder, and shows the file.
void tst_FirstHour::fileArgumentOpensTheRepositoryRoot()
{
    openAndWait(m_other.path());
    QCOMPARE(MainWindow::projectRootFor(m_repo.path() + QStringLiteral("/src/flask/views.py")), canonical(m_repo.path()));
    QCOMPARE(MainWindow::projectRootFor(m_repo.path() + QStringLiteral("/src/main/java/com/example/deep/Thing.java")),
             canonical(m_repo.path()));
    // no repository around it: its own folder (and never the home folder)
    QCOMPARE(MainWindow::projectRootFor(m_other.path() + QStringLiteral("/service/config.py")),
             QFileInfo(m_other.path() + QStringLiteral("/service")).absoluteFilePath());
    QSignalSpy finished(m_window, &MainWindow::indexingFinished);
    m_window->openPath(m_repo.path() + QStringLiteral("/src/flask/views.py"));
    QCOMPARE(m_window->rootPath(), canonical(m_repo.path()));
    QTRY_VERIFY(m_window->viewer()->currentEditor()
                && m_window->viewer()->currentEditor()->relativePath() == QLatin1String("src/flask/views.py"));
    if (m_window->isIndexing())
        QVERIFY(finished.wait(60000));
}

// A folder dropped on any pane opens: the code editor and the question box would take it as
// text, the tree and the panels would refuse it.
void tst_FirstHour::dropsOnEveryPaneOpenTheFolder()
{
    openAndWait(m_repo.path());
    QVERIFY(openEditor(QStringLiteral("src/flask/views.py")));
    m_window->findChild<QDockWidget *>(QStringLiteral("referencesDock"))->show();
    QApplication::processEvents();
    struct Pane
    {
        const char *name;
        QWidget *widget;
    };
    const QList<Pane> panes = {
        {"code editor", m_window->viewer()->currentEditor()->viewport()},
        {"tab bar", m_window->viewer()->tabWidget()->tabBar()},
        {"file tree", m_window->fileTree()->view()->viewport()},
        {"file filter", m_window->fileTree()->filterEdit()},
        {"chat conversation", m_window->chat()->findChild<QScrollArea *>(QStringLiteral("chatScroll"))->viewport()},
        {"question box", m_window->chat()->questionEdit()->viewport()},
        {"references", m_window->references()},
        {"status bar", m_window->statusBar()},
    };
    QString expected = canonical(m_repo.path());
    for (const Pane &pane : panes) {
        QVERIFY2(pane.widget, pane.name);
        QTRY_VERIFY2(pane.widget->isVisible(), pane.name); // the tree shows once it has been read
        const QPoint pos = pane.widget->mapTo(m_window, pane.widget->rect().center());
        const QString folder = expected == canonical(m_repo.path()) ? m_other.path() : m_repo.path();
        QSignalSpy opened(m_window, &MainWindow::folderOpened);
        QVERIFY2(dropAt(pos, {QUrl::fromLocalFile(folder)}), pane.name);
        QVERIFY2(opened.wait(5000), pane.name);
        expected = canonical(folder);
        QCOMPARE(m_window->rootPath(), expected);
        QVERIFY2(m_window->chat()->questionEdit()->toPlainText().isEmpty(), pane.name);
        QSignalSpy finished(m_window, &MainWindow::indexingFinished);
        if (m_window->isIndexing())
            QVERIFY(finished.wait(60000));
        if (m_window->viewer()->currentEditor() == nullptr)
            m_window->openFile(m_window->fileTree()->model()->filePaths(true).value(0));
    }
    // a file dropped on the editor: its repository opens and the file is shown
    openAndWait(m_other.path());
    QVERIFY(openEditor(QStringLiteral("service/config.py")));
    QWidget *editor = m_window->viewer()->currentEditor()->viewport();
    QSignalSpy opened(m_window, &MainWindow::folderOpened);
    QVERIFY(dropAt(editor->mapTo(m_window, editor->rect().center()),
                   {QUrl::fromLocalFile(m_repo.path() + QStringLiteral("/src/flask/sessions.py"))}));
    QVERIFY(opened.wait(5000));
    QCOMPARE(m_window->rootPath(), canonical(m_repo.path()));
    QTRY_VERIFY(m_window->viewer()->currentEditor()
                && m_window->viewer()->currentEditor()->relativePath() == QLatin1String("src/flask/sessions.py"));
    QSignalSpy finished(m_window, &MainWindow::indexingFinished);
    if (m_window->isIndexing())
        QVERIFY(finished.wait(60000));
}

// A 1280 or 1024 wide screen holds the window with every pane; opening the Find bar does not
// make the window wider.
void tst_FirstHour::minimumWidthsFitASmallScreen()
{
    openAndWait(m_repo.path());
    QVERIFY(openEditor(QStringLiteral("src/flask/app.py")));
    m_window->showNormal();
    const int before = m_window->minimumSizeHint().width();
    QVERIFY2(before <= 1000, qPrintable(QString::number(before)));
    QTest::keyClick(m_window->viewer()->currentEditor(), Qt::Key_F, Qt::ControlModifier);
    QTRY_VERIFY(m_window->viewer()->findBar()->isVisible());
    QApplication::processEvents();
    const int withFind = m_window->minimumSizeHint().width();
    QVERIFY2(withFind <= before, qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(withFind)));
    m_window->resize(1024, 700);
    QApplication::processEvents();
    QCOMPARE(m_window->width(), 1024);
    // the chat's New Chat button is not cut off at that width
    auto *newChat = m_window->chat()->findChild<QToolButton *>(QStringLiteral("newChat"));
    QVERIFY(newChat->isVisible());
    QVERIFY(newChat->mapTo(m_window, QPoint(newChat->width(), 0)).x() <= m_window->width());
    QTest::keyClick(m_window->viewer()->findBar()->lineEdit(), Qt::Key_Escape);
    m_window->resize(1400, 880);
}

void tst_FirstHour::settingsDialogFitsASmallScreen()
{
    SettingsBundle current;
    SettingsDialog dialog(current, nullptr, m_window);
    for (const char *page : {"model", "embeddings", "retrieval", "indexing", "appearance"}) {
        dialog.showPage(QString::fromLatin1(page));
        QApplication::processEvents();
        const int width = dialog.minimumSizeHint().width();
        QVERIFY2(width <= 900, qPrintable(QStringLiteral("%1: %2 px").arg(QLatin1String(page)).arg(width)));
    }
}

// The Stop button sits at the right edge while the counters grow, and a click on it stops.
void tst_FirstHour::stopButtonStaysPutAndStops()
{
    slowIndexing(true);
    auto restore = qScopeGuard([this] { slowIndexing(false); });
    QSignalSpy finished(m_window, &MainWindow::indexingFinished);
    QVERIFY(m_window->openFolder(canonical(m_large.path())));
    QToolButton *stop = m_window->cancelButton();
    QTRY_VERIFY(stop->isVisible());
    QSet<int> positions;
    QElapsedTimer t;
    t.start();
    while (m_window->isIndexing() && t.elapsed() < 3000) {
        QTest::qWait(100);
        if (stop->isVisible())
            positions.insert(stop->mapTo(m_window, QPoint(0, 0)).x());
    }
    QVERIFY(!positions.isEmpty());
    QCOMPARE(positions.size(), 1);
    QVERIFY(*positions.cbegin() + stop->width() >= m_window->width() - 40);
    QVERIFY(m_window->isIndexing());
    QTest::mouseClick(stop, Qt::LeftButton);
    QVERIFY(finished.wait(60000));
    QVERIFY(!m_window->isIndexing());
    restore.dismiss();
    slowIndexing(false);
    openAndWait(m_repo.path());
}

// --- the viewer ----------------------------------------------------------------------------------

void tst_FirstHour::backAndForward()
{
    openAndWait(m_repo.path());
    CodeEditor *views = openEditor(QStringLiteral("src/flask/views.py"));
    QVERIFY(views);
    views->setCursorPosition(4, 12); // on url_for in index()
    QSignalSpy shown(m_window, &MainWindow::definitionShown);
    QTest::keyClick(views, Qt::Key_F2);
    QVERIFY(shown.wait(10000));
    QTRY_COMPARE(m_window->viewer()->currentEditor()->relativePath(), QStringLiteral("src/flask/helpers.py"));
    CodeEditor *target = m_window->viewer()->currentEditor();
    QTest::keyClick(target, Qt::Key_Left, Qt::AltModifier);
    QTRY_COMPARE(m_window->viewer()->currentEditor()->relativePath(), QStringLiteral("src/flask/views.py"));
    QTRY_COMPARE(m_window->viewer()->currentEditor()->currentLineNumber(), 5);
    QTest::keyClick(m_window->viewer()->currentEditor(), Qt::Key_Right, Qt::AltModifier);
    QTRY_COMPARE(m_window->viewer()->currentEditor()->relativePath(), QStringLiteral("src/flask/helpers.py"));
    QTRY_COMPARE(m_window->viewer()->currentEditor()->currentLineNumber(), 4);
}

void tst_FirstHour::tooltipAndLookingUpGoAfterAJump()
{
    CodeEditor *views = openEditor(QStringLiteral("src/flask/views.py"));
    QVERIFY(views);
    QSignalSpy hover(m_window, &MainWindow::hoverShown);
    const int pos = views->positionFromLineIndex(4, 12);
    Q_EMIT views->hoverRequested(QStringLiteral("url_for"), views->viewport()->mapToGlobal(views->pointForPosition(pos)));
    QVERIFY(hover.wait(5000));
    QTRY_VERIFY(QToolTip::isVisible());
    views->setCursorPosition(4, 12);
    QSignalSpy shown(m_window, &MainWindow::definitionShown);
    QTest::keyClick(views, Qt::Key_F2);
    QVERIFY(shown.wait(10000));
    QTRY_VERIFY_WITH_TIMEOUT(!QToolTip::isVisible(), 1500); // a tooltip left alone stays 10 s
    QVERIFY2(!m_window->statusBar()->currentMessage().contains(QStringLiteral("Looking up")),
             qPrintable(m_window->statusBar()->currentMessage()));
}

// F2 selects the name jumped to. The selection is opaque, drawn under the text in its own
// colours; a translucent one is drawn over the text and washed the name out.
void tst_FirstHour::jumpedToNameIsReadable()
{
    for (const auto theme : {AppearanceSettings::Theme::Light, AppearanceSettings::Theme::Dark}) {
        applyTheme(theme);
        QApplication::processEvents();
        CodeEditor *views = openEditor(QStringLiteral("src/flask/views.py"));
        QVERIFY(views);
        views->setCursorPosition(4, 12);
        QSignalSpy shown(m_window, &MainWindow::definitionShown);
        QTest::keyClick(views, Qt::Key_F2);
        QVERIFY(shown.wait(10000));
        QTRY_COMPARE(m_window->viewer()->currentEditor()->relativePath(), QStringLiteral("src/flask/helpers.py"));
        CodeEditor *target = m_window->viewer()->currentEditor();
        QTRY_COMPARE(target->selectedText(), QStringLiteral("url_for"));
        QCOMPARE(int(target->SendScintilla(QsciScintillaBase::SCI_GETSELALPHA)), int(QsciScintillaBase::SC_ALPHA_NOALPHA));
        target->setSelection(0, 0, 0, 0);
    }
    applyTheme(AppearanceSettings::Theme::System);
}

void tst_FirstHour::findSaysWhichMatchAndKeepsItInView()
{
    CodeEditor *e = openEditor(QStringLiteral("src/flask/app.py"));
    QVERIFY(e);
    e->setCursorPosition(0, 0);
    e->setFirstVisibleLine(0);
    QTest::keyClick(e, Qt::Key_F, Qt::ControlModifier);
    FindBar *bar = m_window->viewer()->findBar();
    QTRY_VERIFY(bar->isVisible());
    QTest::keyClicks(bar->lineEdit(), QStringLiteral("self.url_for"));
    QCOMPARE(bar->matchCount(), 61);
    QCOMPARE(bar->statusLabel()->text(), QStringLiteral("1 of 61"));
    QTest::keyClick(bar->lineEdit(), Qt::Key_Return);
    QTest::keyClick(bar->lineEdit(), Qt::Key_Return);
    QCOMPARE(bar->statusLabel()->text(), QStringLiteral("3 of 61"));
    // every match is marked, not only the current one
    for (int start : e->matchStarts())
        QVERIFY(e->SendScintilla(QsciScintilla::SCI_INDICATORALLONFOR, start) != 0);
    // the match is well inside the view, not on its first or last line
    for (int i = 0; i < 12; ++i) {
        QTest::keyClick(bar->lineEdit(), Qt::Key_Return);
        int line = 0, index = 0;
        e->getCursorPosition(&line, &index);
        const int first = e->firstVisibleLine();
        const int onScreen = int(e->SendScintilla(QsciScintilla::SCI_LINESONSCREEN));
        QVERIFY2(line > first && line < first + onScreen - 1,
                 qPrintable(QStringLiteral("line %1 in %2..%3").arg(line).arg(first).arg(first + onScreen)));
    }
    QCOMPARE(bar->statusLabel()->text(), QStringLiteral("15 of 61"));
    QTest::keyClick(bar->lineEdit(), Qt::Key_Escape);
}

void tst_FirstHour::cursorPositionInTheStatusBar()
{
    CodeEditor *e = openEditor(QStringLiteral("src/flask/helpers.py"));
    QVERIFY(e);
    e->setFocus();
    e->setCursorPosition(5, 0);
    QTest::keyClick(e, Qt::Key_End);
    QTRY_COMPARE(m_window->cursorLabel()->text(), QStringLiteral("Ln 6, Col 51"));
    QTest::keyClick(e, Qt::Key_Home);
    QTRY_COMPARE(m_window->cursorLabel()->text(), QStringLiteral("Ln 6, Col 5"));
}

void tst_FirstHour::tabsOfTheSameNameDiffer()
{
    QVERIFY(openEditor(QStringLiteral("src/flask/app.py")));
    QVERIFY(openEditor(QStringLiteral("src/flask/sansio/app.py")));
    QTabWidget *tabs = m_window->viewer()->tabWidget();
    QStringList titles;
    for (int i = 0; i < tabs->count(); ++i) {
        if (tabs->tabText(i).startsWith(QLatin1String("app.py")))
            titles << tabs->tabText(i);
    }
    titles.sort();
    QCOMPARE(titles, QStringList({QStringLiteral("app.py — flask"), QStringLiteral("app.py — sansio")}));
    m_window->viewer()->closeCurrentTab();
    bool plain = false;
    for (int i = 0; i < tabs->count(); ++i)
        plain = plain || tabs->tabText(i) == QLatin1String("app.py");
    QVERIFY(plain); // one left: its name alone again
}

// --- files ---------------------------------------------------------------------------------------

void tst_FirstHour::filterIsClearedForANewFolderAndSaysNoMatches()
{
    openAndWait(m_repo.path());
    QLineEdit *filter = m_window->fileTree()->filterEdit();
    QTest::keyClicks(filter, QStringLiteral("sessions"));
    QTRY_VERIFY(m_window->fileTree()->view()->isVisible());
    openAndWait(m_other.path());
    QCOMPARE(filter->text(), QString());
    QTRY_VERIFY(m_window->fileTree()->view()->isVisible());
    QTest::keyClicks(filter, QStringLiteral("zzzz-nothing"));
    QTRY_VERIFY(m_window->fileTree()->placeholder()->isVisible());
    QVERIFY(m_window->fileTree()->placeholder()->text().contains(QStringLiteral("zzzz-nothing")));
    QVERIFY(!m_window->fileTree()->view()->isVisible());
    QTest::keyClick(filter, Qt::Key_Escape);
    QTRY_VERIFY2(m_window->fileTree()->view()->isVisible(),
                 qPrintable(QStringLiteral("filter '%1', model %2 rows, view %3 rows, placeholder '%4'")
                                .arg(filter->text())
                                .arg(m_window->fileTree()->model()->rowCount())
                                .arg(m_window->fileTree()->view()->model()->rowCount())
                                .arg(m_window->fileTree()->placeholder()->text())));
    QCOMPARE(filter->text(), QString());
}

void tst_FirstHour::quickOpenKeepsTheFilter()
{
    openAndWait(m_repo.path());
    QLineEdit *filter = m_window->fileTree()->filterEdit();
    filter->clear();
    QTest::keyClicks(filter, QStringLiteral("helpers"));
    QTest::qWait(300);
    m_window->quickOpen();
    QuickOpenDialog *quick = m_window->findChild<QuickOpenDialog *>();
    QVERIFY(quick);
    QTRY_VERIFY(quick->isVisible());
    QTest::keyClicks(quick->lineEdit(), QStringLiteral("blueprints"));
    QTest::keyClick(quick->lineEdit(), Qt::Key_Return);
    QTRY_COMPARE(m_window->viewer()->currentEditor()->relativePath(), QStringLiteral("src/flask/blueprints.py"));
    QTest::qWait(100);
    QCOMPARE(filter->text(), QStringLiteral("helpers"));
    filter->clear();
}

// Java's package folders: one row "src/main/java/com/example/deep", not six nested ones.
void tst_FirstHour::deepFoldersAreCompacted()
{
    openAndWait(m_repo.path());
    m_window->fileTree()->filterEdit()->clear();
    QTRY_VERIFY(m_window->fileTree()->view()->model()->rowCount() > 3);
    FileTreeModel *model = m_window->fileTree()->model();
    const QModelIndex file = model->indexForPath(QStringLiteral("src/main/java/com/example/deep/Thing.java"));
    QVERIFY(file.isValid());
    const QModelIndex folder = file.parent();
    QCOMPARE(folder.data().toString(), QStringLiteral("main/java/com/example/deep"));
    QCOMPARE(folder.data(FileTreeModel::PathRole).toString(), QStringLiteral("src/main/java/com/example/deep"));
    QCOMPARE(folder.parent().data().toString(), QStringLiteral("src"));
    QCOMPARE(model->indexForPath(QStringLiteral("src/main/java")), folder);
    m_window->fileTree()->revealPath(QStringLiteral("src/main/java/com/example/deep/Thing.java"));
    QTreeView *view = m_window->fileTree()->view();
    QVERIFY(view->isExpanded(view->currentIndex().parent()));
    QCOMPARE(view->currentIndex().data().toString(), QStringLiteral("Thing.java"));
}

// One number for one thing: the tree's summary and the status bar agree.
void tst_FirstHour::fileCountsAgree()
{
    openAndWait(m_repo.path());
    QTest::qWait(300);
    int indexed = 0;
    int notIndexed = 0;
    m_window->fileTree()->model()->countFiles(&indexed, &notIndexed);
    const QString stats = m_window->findChild<QLabel *>(QStringLiteral("indexStats"))->text();
    const QString summary = m_window->fileTree()->summaryLabel()->text();
    QVERIFY2(stats.startsWith(QLocale().toString(indexed) + u' '), qPrintable(stats + QStringLiteral(" / ") + summary));
    QVERIFY2(summary.contains(QLocale().toString(indexed) + QStringLiteral(" indexed")), qPrintable(summary));
}

// --- references ----------------------------------------------------------------------------------

// Shift+F12 on self.url_for lists the method's usages, not the free function's.
void tst_FirstHour::findReferencesNarrowsToTheMethod()
{
    openAndWait(m_repo.path());
    CodeEditor *e = openEditor(QStringLiteral("src/flask/app.py"));
    QVERIFY(e);
    e->setCursorPosition(7, 22); // return self.url_for("index")
    QCOMPARE(e->identifierUnderCursor(), QStringLiteral("url_for"));
    QSignalSpy shown(m_window, &MainWindow::referencesShown);
    QTest::keyClick(e, Qt::Key_F12, Qt::ShiftModifier);
    QVERIFY(shown.wait(10000));
    // 61 self.url_for calls in app.py, current_app.url_for in helpers.py, app.url_for in the test
    QCOMPARE(shown.first().at(0).toInt(), 63);
    const QString title = m_window->references()->titleLabel()->text();
    QVERIFY2(title.contains(QStringLiteral("Flask.url_for")), qPrintable(title));
    QVERIFY2(title.contains(QStringLiteral("left out")), qPrintable(title));
    // on the free function's call: its usages
    CodeEditor *views = openEditor(QStringLiteral("src/flask/views.py"));
    views->setCursorPosition(4, 12);
    shown.clear();
    QTest::keyClick(views, Qt::Key_F12, Qt::ShiftModifier);
    QVERIFY(shown.wait(10000));
    QCOMPARE(shown.first().at(0).toInt(), 5); // 2 in views.py, redirect_to, 2 flask.url_for (the import
                                              // names the module)
}

// "who calls url_for": the call sites by file, the calling line each, tests folded.
void tst_FirstHour::whoCallsIsACompactList()
{
    openAndWait(m_repo.path());
    m_window->chatController()->setSettings(LlmSettings(), SearchSettings());
    QSignalSpy shown(m_window, &MainWindow::answerShown);
    m_window->ask(QStringLiteral("who calls url_for"));
    QVERIFY(shown.wait(20000));
    QVERIFY(m_window->chat()->lastResultCards().isEmpty()); // no bulky cards
    QWidget *list = nullptr;
    QTRY_VERIFY((list = m_window->chat()->findChildren<QWidget *>(QStringLiteral("callSites")).value(0)) != nullptr);
    QStringList files;
    for (auto *f : list->findChildren<LinkLabel *>(QStringLiteral("callSiteFile")))
        files << f->text();
    QVERIFY2(files.contains(QStringLiteral("src/flask/views.py (2)")), qPrintable(files.join(u'|')));
    QVERIFY2(files.contains(QStringLiteral("src/flask/app.py (61)")), qPrintable(files.join(u'|')));
    auto *tests = list->findChild<QToolButton *>(QStringLiteral("callSiteTests"));
    QVERIFY(tests);
    QWidget *folded = list->findChild<QWidget *>(QStringLiteral("callSiteTestList"));
    QVERIFY(!folded->isVisible());
    QTest::mouseClick(tests, Qt::LeftButton);
    QTRY_VERIFY(folded->isVisible());
    // each line is the calling line and opens there
    LinkLabel *site = nullptr;
    for (auto *l : list->findChildren<LinkLabel *>(QStringLiteral("callSite"))) {
        if (l->text().contains(QStringLiteral("return url_for(\"about\")")))
            site = l;
    }
    QVERIFY(site);
    QVERIFY(site->text().trimmed().startsWith(QStringLiteral("9 ")));
    QTest::mouseClick(site, Qt::LeftButton);
    QTRY_COMPARE(m_window->viewer()->currentEditor()->relativePath(), QStringLiteral("src/flask/views.py"));
    QTRY_COMPARE(m_window->viewer()->currentEditor()->currentLineNumber(), 9);
}

// The empty chat suggests questions about this folder's own code, and a click asks one.
void tst_FirstHour::examplesComeFromTheFolder()
{
    m_window->chatController()->setSettings(LlmSettings(), SearchSettings());
    m_window->chatController()->newConversation();
    m_window->chatController()->refreshExamples();
    QStringList texts;
    QTRY_VERIFY([&] {
        texts.clear();
        for (LinkLabel *l : m_window->chat()->exampleLinks())
            texts << l->text();
        return texts.contains(QStringLiteral("who calls url_for"));
    }());
    QVERIFY2(texts.contains(QStringLiteral("explain @src/flask/app.py")), qPrintable(texts.join(u'|')));
    QSignalSpy asked(m_window->chat(), &ChatPane::questionAsked);
    LinkLabel *first = m_window->chat()->exampleLinks().first();
    QTest::mouseClick(first, Qt::LeftButton, Qt::NoModifier, first->rect().center());
    QCOMPARE(asked.size(), 1);
    QCOMPARE(asked.first().at(0).toString(), first->text());
}

// --- dialogs -------------------------------------------------------------------------------------

void tst_FirstHour::rerankFieldsFollowTheMode()
{
    SettingsBundle current;
    SettingsDialog dialog(current, nullptr, m_window);
    dialog.showPage(QStringLiteral("retrieval"));
    QComboBox *mode = dialog.rerank();
    mode->setCurrentIndex(mode->findData(rerankModeName(RerankMode::Off)));
    QVERIFY(!dialog.rerankUrl()->isEnabled());
    QVERIFY(!dialog.rerankModel()->isEnabled());
    mode->setCurrentIndex(mode->findData(rerankModeName(RerankMode::Endpoint)));
    QVERIFY(dialog.rerankUrl()->isEnabled());
    QVERIFY(dialog.rerankModel()->isEnabled());
    mode->setCurrentIndex(mode->findData(rerankModeName(RerankMode::Local)));
    QVERIFY(!dialog.rerankUrl()->isEnabled());
}

// Settings ▸ Embeddings ▸ Static model folder: a folder that is not a model is refused with
// why; a model is described and saved; the choice shows again when the dialog opens.
void tst_FirstHour::staticModelFolderIsChecked()
{
    SettingsBundle current;
    SettingsDialog dialog(current, nullptr, m_window);
    dialog.setQuietErrors(true);
    dialog.showPage(QStringLiteral("embeddings"));
    QVERIFY(!dialog.staticFolderEdit()->isEnabled());
    dialog.staticModelChoice()->setChecked(true);
    QVERIFY(dialog.staticFolderEdit()->isEnabled());
    QTemporaryDir notAModel;
    dialog.staticFolderEdit()->setText(notAModel.path());
    QSignalSpy applied(&dialog, &SettingsDialog::applied);
    QVERIFY(!dialog.apply());
    QVERIFY2(dialog.lastError().contains(QLatin1String("not a usable static embedding model")), qPrintable(dialog.lastError()));
    QVERIFY2(dialog.lastError().contains(QLatin1String("config.json, tokenizer.json and model.safetensors")),
             qPrintable(dialog.lastError()));
    QCOMPARE(dialog.staticFolderStatus()->text(), dialog.lastError());
    QCOMPARE(applied.size(), 0);

    const QString model = QStringLiteral(REPOLENS_TEST_DATA "/staticmodel/tiny-wordpiece");
    dialog.staticFolderEdit()->setText(model);
    QVERIFY2(dialog.apply(), qPrintable(dialog.lastError()));
    QCOMPARE(applied.size(), 1);
    const SettingsBundle saved = applied.first().at(0).value<SettingsBundle>();
    QCOMPARE(saved.search.embedStatic, QFileInfo(model).absoluteFilePath());
    QVERIFY2(dialog.staticFolderStatus()->text().startsWith(QLatin1String("WordPiece model:")),
             qPrintable(dialog.staticFolderStatus()->text()));

    SettingsDialog again(saved, nullptr, m_window);
    again.setQuietErrors(true);
    QVERIFY(again.staticModelChoice()->isChecked());
    QCOMPARE(again.staticFolderEdit()->text(), saved.search.embedStatic);
}

void tst_FirstHour::emptyIgnoreListIsNotInvalid()
{
    SettingsBundle current;
    SettingsDialog dialog(current, nullptr, m_window);
    dialog.setQuietErrors(true);
    QSignalSpy applied(&dialog, &SettingsDialog::applied);
    QVERIFY(dialog.apply());
    m_window->applySettings(applied.first().at(0).value<SettingsBundle>());
    QSettings settings(QStringLiteral("RepoLens"), QStringLiteral("repolens"));
    settings.sync();
    QFile file(settings.fileName());
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY2(!text.contains("@Invalid"), text.constData());
}

void tst_FirstHour::sentLogEnterClosesAndClearAsks()
{
    SentLogDialog dialog(m_window);
    QSignalSpy cleared(&dialog, &SentLogDialog::clearRequested);
    RemoteRequestRecord record;
    record.time = QDateTime::currentDateTime();
    record.endpoint = QStringLiteral("http://127.0.0.1:1/v1/chat/completions");
    record.purpose = QStringLiteral("answer");
    record.files = {QStringLiteral("src/flask/app.py:1-40"), QStringLiteral("src/flask/helpers.py:4-7"),
                    QStringLiteral("src/a/very/long/path/that/would/not/fit/in/the/column/of/the/dialog.py:100-180")};
    dialog.setRecords(QStringLiteral("flaskish"), {record});
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    // the files are rows of their own under the request, none cut off
    QTreeWidgetItem *item = dialog.table()->topLevelItem(0);
    QCOMPARE(item->childCount(), 3);
    QCOMPARE(item->child(2)->text(6), record.files.at(2));
    // Enter closes the dialog; it does not clear the log
    QTest::keyClick(&dialog, Qt::Key_Return);
    QTRY_VERIFY(!dialog.isVisible());
    QCOMPARE(cleared.size(), 0);
    // Clear Log asks first, and No is the default answer
    dialog.show();
    QString defaultButton;
    QTimer::singleShot(200, this, [&] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box) {
            for (QWidget *w : QApplication::topLevelWidgets()) {
                if (auto *b = qobject_cast<QMessageBox *>(w); b && b->isVisible())
                    box = b;
            }
        }
        if (box) {
            defaultButton = box->defaultButton() ? box->defaultButton()->text() : QString();
            QTest::keyClick(box, Qt::Key_Return);
        }
    });
    QTest::mouseClick(dialog.clearButton(), Qt::LeftButton);
    QTRY_VERIFY(!defaultButton.isEmpty());
    QVERIFY2(defaultButton.contains(QStringLiteral("No")), qPrintable(defaultButton));
    QCOMPARE(cleared.size(), 0);
}

// Settings ▸ Model ▸ Test Connection sends GET /models: What Was Sent lists it.
void tst_FirstHour::testConnectionIsLogged()
{
    openAndWait(m_repo.path());
    m_server.setModels({QStringLiteral("qwen2.5-coder:7b")});
    m_window->showSettings(QStringLiteral("model"));
    SettingsDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = m_window->findChild<SettingsDialog *>()) != nullptr);
    dialog->baseUrlEdit()->setText(m_server.baseUrl().toString());
    dialog->modelBox()->setCurrentText(QStringLiteral("qwen2.5-coder:7b"));
    QSignalSpy tested(dialog, &SettingsDialog::connectionTested);
    QSignalSpy logged(m_window->chatController(), &ChatController::requestLogged);
    QTest::mouseClick(dialog->testButton(), Qt::LeftButton);
    QVERIFY(tested.wait(10000));
    QVERIFY(logged.wait(5000));
    dialog->reject();
    m_window->chatController()->showSentLog();
    SentLogDialog *log = nullptr;
    QTRY_VERIFY((log = m_window->findChild<SentLogDialog *>()) != nullptr);
    QTRY_VERIFY(log->table()->topLevelItemCount() > 0);
    bool found = false;
    for (int i = 0; i < log->table()->topLevelItemCount(); ++i) {
        const QTreeWidgetItem *item = log->table()->topLevelItem(i);
        found = found || (item->text(2) == QLatin1String("test connection") && item->text(1).contains(QStringLiteral("GET "))
                          && item->text(1).contains(QStringLiteral("/models")));
    }
    QVERIFY(found);
    log->close();
    log->deleteLater();
}

void tst_FirstHour::reopensTheLastFolder()
{
    openAndWait(m_repo.path());
    QCOMPARE(MainWindow::recentFolders().value(0), canonical(m_repo.path()));
    MainWindow::Options options;
    options.dataDir = m_data.path();
    options.restoreState = false;
    options.detectOllama = false;
    options.stallDetector = false;
    {
        MainWindow::setReopensLastFolder(false);
        MainWindow second(options);
        QVERIFY(!second.reopenLastFolder());
        QVERIFY(second.rootPath().isEmpty());
    }
    {
        MainWindow::setReopensLastFolder(true);
        MainWindow second(options);
        QSignalSpy finished(&second, &MainWindow::indexingFinished);
        QVERIFY(second.reopenLastFolder());
        QCOMPARE(second.rootPath(), canonical(m_repo.path()));
        QVERIFY(finished.wait(60000));
    }
}

// --- the chat with a model -----------------------------------------------------------------------

// "where is the session cookie signed?" after a question about blueprints is searched again:
// its own code is the context, not the blueprint chunks of the first question.
void tst_FirstHour::followUpOnANewTopicSearchesAgain()
{
    openAndWait(m_repo.path());
    configureModel();
    m_window->chatController()->newConversation();
    m_server.enqueue(FakeOpenAiServer::stream({QStringLiteral("Blueprints are registered by `Blueprint.register` [1].")}));
    int block = askAndWait(QStringLiteral("how are blueprints registered?"));
    QVERIFY(block);
    const ChatTurn *first = m_window->chatController()->turnForBlock(block);
    QVERIFY(!first->context.isEmpty());
    QCOMPARE(first->context.first().path, QStringLiteral("src/flask/blueprints.py"));
    m_server.enqueue(FakeOpenAiServer::stream({QStringLiteral("It is signed in `save_session` [1].")}));
    block = askAndWait(QStringLiteral("where is the session cookie signed?"));
    const ChatTurn *second = m_window->chatController()->turnForBlock(block);
    QVERIFY(!second->contextReused);
    QCOMPARE(second->context.first().path, QStringLiteral("src/flask/sessions.py"));
    QVERIFY2(second->trace.notes.join(u'\n').contains(QStringLiteral("searched again")),
             qPrintable(second->trace.notes.join(u'\n')));
    const QString system = m_server.lastChatRequest().json.value(QStringLiteral("messages")).toArray().first().toObject()
                               .value(QStringLiteral("content")).toString();
    QVERIFY(system.contains(QStringLiteral("src/flask/sessions.py")));
}

void tst_FirstHour::followUpThatRefersBackKeepsTheContext()
{
    m_server.enqueue(FakeOpenAiServer::stream({QStringLiteral("With `hmac` [1].")}));
    const int block = askAndWait(QStringLiteral("and how is it tested?"));
    const ChatTurn *turn = m_window->chatController()->turnForBlock(block);
    QVERIFY(turn->contextReused);
    QCOMPARE(turn->context.first().path, QStringLiteral("src/flask/sessions.py"));
    QVERIFY(turn->trace.notes.join(u'\n').contains(QStringLiteral("refers back")));
    // and the answer's status line says which happened
    bool said = false;
    for (QLabel *l : m_window->chat()->findChildren<QLabel *>())
        said = said || l->text().contains(QStringLiteral("refers back"));
    QVERIFY(said);
}

// The Sources of an answer: one per line, not a paragraph of tiny links.
void tst_FirstHour::sourcesAreOneALine()
{
    AnswerView *view = m_window->chat()->lastAnswerView();
    QVERIFY(view);
    const ChatTurn &turn = m_window->chatController()->turns().last();
    QVERIFY(turn.context.size() >= 2);
    QTextTable *table = nullptr;
    for (QTextBlock b = view->document()->begin(); b.isValid() && !table; b = b.next()) {
        QTextCursor c(b);
        if (QTextTable *t = c.currentTable(); t && t->cellAt(0, 0).firstCursorPosition().block().text().startsWith(u'['))
            table = t;
    }
    QVERIFY(table);
    QCOMPARE(table->rows(), int(turn.context.size()));
    QCOMPARE(table->cellAt(0, 1).firstCursorPosition().block().text(),
             QStringLiteral("%1:%2–%3").arg(turn.context.first().path).arg(turn.context.first().startLine)
                 .arg(turn.context.first().endLine));
}

void tst_FirstHour::inspectorShowsAReadablePrompt()
{
    const ChatTurn &turn = m_window->chatController()->turns().last();
    m_window->chatController()->showInspector(turn.blockId);
    RetrievalInspector *inspector = nullptr;
    QTRY_VERIFY((inspector = m_window->findChild<RetrievalInspector *>()) != nullptr);
    const QString prompt = inspector->prompt()->toPlainText();
    QVERIFY(prompt.contains(QStringLiteral("━━━━ system ━━━━\n")));
    QVERIFY(prompt.contains(QStringLiteral("━━━━ user ━━━━\nand how is it tested?")));
    QVERIFY(!prompt.contains(QStringLiteral("\\n")));
    QVERIFY(inspector->request()->toPlainText().contains(QStringLiteral("\\n"))); // the exact body stays too
    inspector->close();
    inspector->deleteLater();
}

// A long answer streams in: each update renders the new text, not the whole answer again.
void tst_FirstHour::streamingRendersOnlyTheTail()
{
    QStringList pieces;
    QString whole;
    for (int p = 0; p < 120; ++p) {
        const QString para = QStringLiteral("Paragraph %1 explains `url_for` in src/flask/helpers.py:4-6 and more words "
                                            "so that it is long enough to matter [1].\n\n")
                                 .arg(p);
        pieces << para.left(40) << para.mid(40);
        whole += para;
    }
    m_server.enqueue(FakeOpenAiServer::stream(pieces, 5));
    QSignalSpy done(m_window->chatController(), &ChatController::answerFinished);
    m_window->ask(QStringLiteral("@codebase explain url_for at length"));
    AnswerView *view = nullptr;
    int largest = 0;
    int updates = 0;
    QElapsedTimer t;
    t.start();
    while (done.isEmpty() && t.elapsed() < 60000) {
        QTest::qWait(20);
        view = m_window->chat()->lastAnswerView();
        if (view && view->isStreaming() && view->answer().size() > 3000) {
            largest = std::max(largest, view->lastRenderSize());
            ++updates;
        }
    }
    QVERIFY(!done.isEmpty());
    QVERIFY(updates > 5);
    // an update renders the few paragraphs that arrived, never the 15 KB already there
    QVERIFY2(largest < 3000, qPrintable(QString::number(largest)));
    QCOMPARE(m_window->chatController()->turns().last().answer, whole);
    QCOMPARE(view->invalidCitations(), 0);
}

// A new question is shown even when the conversation was scrolled up to an earlier answer.
void tst_FirstHour::newQuestionScrollsIntoView()
{
    auto *scroll = m_window->chat()->findChild<QScrollArea *>(QStringLiteral("chatScroll"));
    configureModel();
    if (scroll->verticalScrollBar()->maximum() == 0) {
        // an answer longer than the view first
        m_server.enqueue(FakeOpenAiServer::stream({QStringLiteral("A long answer [1].\n\n").repeated(60)}));
        QVERIFY(askAndWait(QStringLiteral("@codebase explain the session")));
    }
    QTRY_VERIFY(scroll->verticalScrollBar()->maximum() > 0);
    scroll->verticalScrollBar()->setValue(0);
    FakeOpenAiServer::Response slow = FakeOpenAiServer::stream({QStringLiteral("Short [1].")});
    slow.firstDelayMs = 1500;
    m_server.enqueue(slow);
    QSignalSpy done(m_window->chatController(), &ChatController::answerFinished);
    const QString question = QStringLiteral("@codebase where is the session saved?");
    m_window->ask(question);
    auto bubbleInView = [&] {
        RoundedLabel *bubble = nullptr;
        for (RoundedLabel *b : m_window->chat()->findChildren<RoundedLabel *>(QStringLiteral("questionBubble"))) {
            if (b->text() == question)
                bubble = b;
        }
        if (!bubble)
            return false;
        const QRect inView(QPoint(0, 0), scroll->viewport()->size());
        return inView.contains(bubble->mapTo(scroll->viewport(), QPoint(0, 0)));
    };
    // while the model thinks, and once it answered
    QTest::qWait(600);
    QVERIFY(done.isEmpty());
    QVERIFY(bubbleInView());
    QVERIFY(done.wait(20000));
    QTest::qWait(100);
    QVERIFY(bubbleInView());
}

// Dark to light at run time: earlier question bubbles and links take the new colours.
void tst_FirstHour::themeSwitchRepaintsOldBubbles()
{
    applyTheme(AppearanceSettings::Theme::Dark);
    QApplication::processEvents();
    m_server.enqueue(FakeOpenAiServer::stream({QStringLiteral("Dark [1].")}));
    QVERIFY(askAndWait(QStringLiteral("@codebase dark question")));
    RoundedLabel *bubble = m_window->chat()->findChildren<RoundedLabel *>(QStringLiteral("questionBubble")).last();
    QVERIFY(bubble->grab().toImage().pixelColor(bubble->width() / 2, 2).lightnessF() < 0.4);
    // every colour the style draws frames with is dark too (a light default drew white edges)
    for (const auto role : {QPalette::Window, QPalette::Base, QPalette::Button, QPalette::Light, QPalette::Midlight,
                            QPalette::Mid, QPalette::Dark, QPalette::Shadow}) {
        QVERIFY2(QApplication::palette().color(role).lightnessF() < 0.35,
                 qPrintable(QStringLiteral("role %1: %2").arg(int(role)).arg(QApplication::palette().color(role).name())));
    }
    // the model status link is the palette's link colour, not pure blue
    QVERIFY(m_window->chat()->modelStatusLabel()->text().contains(QApplication::palette().color(QPalette::Link).name()));
    applyTheme(AppearanceSettings::Theme::Light);
    QApplication::processEvents();
    const QImage light = bubble->grab().toImage();
    QVERIFY2(light.pixelColor(bubble->width() / 2, 2).lightnessF() > 0.6,
             qPrintable(light.pixelColor(bubble->width() / 2, 2).name()));
    QVERIFY(bubble->palette().color(QPalette::WindowText).lightnessF() < 0.4); // dark text on it
    QVERIFY(m_window->chat()->modelStatusLabel()->text().contains(QApplication::palette().color(QPalette::Link).name()));
    applyTheme(AppearanceSettings::Theme::System);
}

// 277 KB pasted: measured against the model's context at once, and not sent whole.
void tst_FirstHour::longPasteIsMeasured()
{
    QuestionEdit *edit = m_window->chat()->questionEdit();
    edit->clear();
    edit->setFocus();
    QString log;
    for (int i = 0; log.size() < 277 * 1024; ++i)
        log += QStringLiteral("2024-05-01 12:00:%1 ERROR worker-%2 request failed: timeout after 30 s in handler_%2\n")
                   .arg(i % 60, 2, 10, QLatin1Char('0'))
                   .arg(i % 60);
    QApplication::clipboard()->setText(QStringLiteral("why does this fail?\n") + log);
    const int before = int(m_server.chatRequests().size());
    QTest::keyClick(edit, Qt::Key_V, Qt::ControlModifier);
    QTRY_VERIFY(m_window->chat()->inputNotice()->isVisible());
    const QString notice = m_window->chat()->inputNotice()->text();
    QVERIFY2(notice.contains(QStringLiteral("cannot be sent")), qPrintable(notice));
    QVERIFY(notice.contains(QStringLiteral("qwen2.5-coder:7b")));
    QTest::keyClick(edit, Qt::Key_Return);
    QTest::qWait(300);
    QCOMPARE(int(m_server.chatRequests().size()), before);
    QVERIFY(!edit->toPlainText().isEmpty()); // kept, to be shortened
    edit->clear();
}

void tst_FirstHour::cardPathsAreElidedAndPreviewsDedented()
{
    // a method's preview keeps its body one step right of its first line
    const QString method = QStringLiteral("def url_for(self, endpoint):\n        \"\"\"Build it.\"\"\"\n"
                                          "        if endpoint:\n            return endpoint\n        return None");
    const auto lines = makePreview(method, int(LanguageId::Python), 6);
    QStringList text;
    for (const auto &line : lines) {
        QString s;
        for (const PreviewSegment &seg : line)
            s += seg.text;
        text << s;
    }
    QCOMPARE(text, QStringList({QStringLiteral("def url_for(self, endpoint):"), QStringLiteral("    \"\"\"Build it.\"\"\""),
                                QStringLiteral("    if endpoint:"), QStringLiteral("        return endpoint"),
                                QStringLiteral("    return None")}));
    // a decorated method: the definition is at the decorator's column
    const auto decorated = makePreview(QStringLiteral("@setupmethod\n    def record(self, func):\n        return func"),
                                       int(LanguageId::Python), 6);
    QStringList decoratedText;
    for (const auto &line : decorated) {
        QString s;
        for (const PreviewSegment &seg : line)
            s += seg.text;
        decoratedText << s;
    }
    QCOMPARE(decoratedText, QStringList({QStringLiteral("@setupmethod"), QStringLiteral("def record(self, func):"),
                                         QStringLiteral("    return func")}));
    // a path too long for the card shows "…", keeping the file name
    ChatResult r;
    r.path = QStringLiteral("src/main/java/com/example/deep/inside/a/very/long/package/path/Thing.java");
    r.startLine = 3;
    r.endLine = 5;
    ResultCard card(1, r, CodeTheme::fromPalette(m_window->palette()), false);
    card.resize(300, 120);
    card.show();
    QVERIFY(QTest::qWaitForWindowExposed(&card));
    QTRY_VERIFY(card.pathLabel()->width() > 100);
    const QString shown = card.pathLabel()->displayedText();
    QVERIFY2(shown.contains(QChar(0x2026)), qPrintable(shown));
    QVERIFY2(shown.endsWith(QStringLiteral("Thing.java:3–5")), qPrintable(shown));
}

// An empty folder: the question is not sent; the chat says there is nothing to search.
void tst_FirstHour::emptyFolderSendsNothing()
{
    write(m_empty.path() + QStringLiteral("/picture.png"), QByteArray("\x89PNG\r\n\x1a\n\0\0\0\0", 12));
    openAndWait(m_empty.path());
    configureModel();
    const int before = int(m_server.chatRequests().size());
    const int block = askAndWait(QStringLiteral("what does this project do?"));
    QVERIFY(block);
    QCOMPARE(int(m_server.chatRequests().size()), before);
    const ChatTurn *turn = m_window->chatController()->turnForBlock(block);
    QCOMPARE(turn->status, QStringLiteral("no-context"));
    QVERIFY2(turn->error.contains(QStringLiteral("nothing to search")), qPrintable(turn->error));
}

// After Stop, answers say the index is incomplete, in words for the window (no `index`).
void tst_FirstHour::stoppedIndexIsSaid()
{
    slowIndexing(true);
    QSignalSpy finished(m_window, &MainWindow::indexingFinished);
    // Stopped once some files are parsed (a stop while the drafts are written keeps nothing: a
    // fixed wait stopped there on a loaded machine, where scanning and drafting ~1800 files take
    // longer than it).
    int parsed = 0;
    QMetaObject::Connection watch = connect(m_window->indexService(), &IndexService::progressChanged, this,
                                            [&parsed](const IndexProgress &p) {
                                                if (p.phase == IndexProgress::Phase::Parsing)
                                                    parsed = p.filesDone;
                                            });
    QVERIFY(m_window->openFolder(canonical(m_large.path())));
    QTRY_VERIFY(m_window->isIndexing());
    QTRY_VERIFY_WITH_TIMEOUT(parsed >= 20, 60000);
    disconnect(watch);
    m_window->cancelIndexing();
    QVERIFY(finished.wait(60000));
    slowIndexing(false);
    configureModel();
    m_server.enqueue(FakeOpenAiServer::stream({QStringLiteral("Partial [1].")}));
    const int block = askAndWait(QStringLiteral("@codebase ring buffer"));
    QVERIFY(block);
    const ChatTurn *turn = m_window->chatController()->turnForBlock(block);
    QVERIFY(!turn->trace.indexComplete);
    QString status;
    for (QLabel *l : m_window->chat()->findChildren<QLabel *>()) {
        if (l->text().contains(QStringLiteral("incomplete")))
            status = l->text();
    }
    QVERIFY2(status.contains(QStringLiteral("indexing was stopped")), qPrintable(status));
    QVERIFY(!status.contains(QStringLiteral("`index`")));
    // the inspector says it too, in the window's words
    m_window->chatController()->showInspector(block);
    RetrievalInspector *inspector = nullptr;
    QTRY_VERIFY((inspector = m_window->findChild<RetrievalInspector *>()) != nullptr);
    const QString overview = inspector->overview()->toPlainText();
    QVERIFY2(overview.contains(QStringLiteral("Index: incomplete (indexing was stopped")), qPrintable(overview));
    QVERIFY2(!overview.contains(QStringLiteral("`index`")) && !overview.contains(QStringLiteral("repolens-cli")),
             qPrintable(overview));
    inspector->close();
    inspector->deleteLater();
}

// A Stop while a first index writes its draft windows (plain-text windows of every file, before
// parsing) keeps the windows written so far: their files are searched as text, and the
// answer says the index is incomplete.
void tst_FirstHour::stopWhileDraftingKeepsWhatWasRead()
{
    const IndexOptions saved = m_window->indexService()->options();
    auto restore = qScopeGuard([&] { m_window->indexService()->setOptions(saved); });
    IndexOptions options = saved;
    options.draftMinFiles = 100; // the large folder has 750 files
    options.beforeDraft = [](const QString &) { QThread::msleep(10); };
    m_window->indexService()->setOptions(options);
    openAndWait(m_other.path());
    const QString large = canonical(m_large.path());
    // a first index again (the last request made on that folder may still be logged in its
    // What Was Sent store while the other folder opens: removed once nothing writes there)
    const QString largeData = QFileInfo(IndexStore::databasePath(m_data.path(), large)).absolutePath();
    QTRY_VERIFY_WITH_TIMEOUT(QDir(largeData).removeRecursively() && !QFileInfo::exists(largeData), 10000);
    QSignalSpy finished(m_window, &MainWindow::indexingFinished);
    int drafted = 0;
    QMetaObject::Connection watch = connect(m_window->indexService(), &IndexService::progressChanged, this,
                                            [&](const IndexProgress &p) {
                                                if (p.phase == IndexProgress::Phase::Drafting && p.filesDone >= 40
                                                    && drafted == 0) {
                                                    drafted = p.filesDone;
                                                    m_window->cancelIndexing();
                                                }
                                            });
    QVERIFY(m_window->openFolder(large));
    QVERIFY(finished.wait(120000));
    disconnect(watch);
    QVERIFY2(drafted >= 40, "stopped in the draft pass");
    restore.dismiss();
    m_window->indexService()->setOptions(saved);
    configureModel();
    m_window->chatController()->newConversation();
    m_server.enqueue(FakeOpenAiServer::stream({QStringLiteral("From the text [1].")}));
    const int before = int(m_server.chatRequests().size());
    const int block = askAndWait(QStringLiteral("@codebase namespace include"));
    QVERIFY(block);
    const ChatTurn *turn = m_window->chatController()->turnForBlock(block);
    QVERIFY2(turn->status != QLatin1String("no-context"), qPrintable(turn->error));
    QVERIFY(!turn->context.isEmpty());
    QVERIFY(!turn->trace.indexComplete);
    QCOMPARE(int(m_server.chatRequests().size()), before + 1);
    QString status;
    for (QLabel *l : m_window->chat()->findChildren<QLabel *>()) {
        if (l->text().contains(QStringLiteral("incomplete")))
            status = l->text();
    }
    QVERIFY2(status.contains(QStringLiteral("indexing was stopped")), qPrintable(status));
}

// Stopped before a single file was read: the chat says so and how to go on, not that the
// folder "has nothing to search".
void tst_FirstHour::stopBeforeAnythingIsReadIsSaid()
{
    const IndexOptions saved = m_window->indexService()->options();
    auto restore = qScopeGuard([&] { m_window->indexService()->setOptions(saved); });
    auto released = std::make_shared<std::atomic_bool>(false);
    IndexOptions options = saved;
    options.draftMinFiles = 100;
    options.beforeDraft = [released](const QString &) {
        while (!released->load())
            QThread::msleep(5);
    };
    m_window->indexService()->setOptions(options);
    openAndWait(m_other.path());
    const QString large = canonical(m_large.path());
    QVERIFY(QDir(QFileInfo(IndexStore::databasePath(m_data.path(), large)).absolutePath()).removeRecursively());
    QSignalSpy finished(m_window, &MainWindow::indexingFinished);
    QMetaObject::Connection watch = connect(m_window->indexService(), &IndexService::progressChanged, this,
                                            [&](const IndexProgress &p) {
                                                if (p.phase == IndexProgress::Phase::Drafting && !released->load()) {
                                                    m_window->cancelIndexing();
                                                    released->store(true);
                                                }
                                            });
    QVERIFY(m_window->openFolder(large));
    QVERIFY(finished.wait(120000));
    disconnect(watch);
    released->store(true);
    QVERIFY(!m_window->isIndexing());
    configureModel();
    m_window->chatController()->newConversation();
    const int before = int(m_server.chatRequests().size());
    const int block = askAndWait(QStringLiteral("@codebase namespace include"));
    QVERIFY(block);
    const ChatTurn *turn = m_window->chatController()->turnForBlock(block);
    QCOMPARE(turn->status, QStringLiteral("no-context"));
    QVERIFY2(turn->error.contains(QStringLiteral("Indexing was stopped before any file")), qPrintable(turn->error));
    QVERIFY2(!turn->error.contains(QStringLiteral("nothing to search")), qPrintable(turn->error));
    QCOMPARE(int(m_server.chatRequests().size()), before);
}

QTEST_MAIN(tst_FirstHour)
#include "tst_firsthour.moc"
