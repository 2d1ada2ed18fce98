// The chat against a fake OpenAI-compatible server, offscreen: the answer streams in,
// citations open the viewer at the cited lines, invented ones are marked, errors end with a
// Retry, partial answers are kept, follow-ups re-use the context, conversations persist, the
// inspector and the "What was sent" log show what was sent; settings apply without a restart.
// REPOLENS_SCREENSHOTS=dir saves pictures of the main states.

#include "uitestfixture.h"

#include "llm/fakeopenaiserver.h"

#include "ui/answerview.h"
#include "ui/appsettings.h"
#include "ui/chatcontroller.h"
#include "ui/chatpane.h"
#include "ui/codeeditor.h"
#include "ui/codeviewer.h"
#include "ui/mainwindow.h"
#include "ui/retrievalinspector.h"
#include "ui/sentlogdialog.h"
#include "ui/summaryrunner.h"
#include "ui/settingsdialog.h"

#include "core/index/indexservice.h"
#include "core/search/searcher.h"
#include "core/store/indexstore.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QCompleter>
#include <QJsonArray>
#include <QLineEdit>
#include <QMap>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QToolButton>
#include <QTreeWidget>

using namespace RepoLens;
using RepoLens::Test::FakeOpenAiServer;

class tst_Chat : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void answerStreamsInWithCitations();
    void citationOpensTheViewerAtTheLines();
    void inventedPathIsMarkedInvalid();
    void htmlAndImagesAreNotLoaded();
    void followUpReusesTheContext();
    void codebaseRetrievesAgain();
    void errorShowsRetry();
    void midStreamDisconnectKeepsPartialAnswer();
    void stopKeepsPartialAnswer();
    void inspectorShowsWhatWasSent();
    void sentLogListsEveryRequest();
    void inspectorAndSentLogShowWhereTextWasWithheld();
    void conversationsPersist();
    void mentionCompletion();
    void settingsApplyWithoutRestart();
    void retrievalOnlyWithoutAModel();
    void retrievalOnlySearchesAReportByItsLines();
    void whoCallsIsKeptInTheConversation();
    void ollamaIsOffered();
    void methodSummariesFromTheStatusBar();

private:
    int askAndWait(const QString &question, QString *status = nullptr);
    void screenshot(const QString &name, QWidget *widget = nullptr);
    void configure();

    QTemporaryDir m_home;
    QTemporaryDir m_fixture;
    QTemporaryDir m_data;
    FakeOpenAiServer m_server;
    std::shared_ptr<MemoryCredentialStore> m_keys = std::make_shared<MemoryCredentialStore>(true);
    MainWindow *m_window = nullptr;
    int m_lastBlock = 0;
};

static const QString kAnswer = QStringLiteral(
    "The configuration is parsed by `parse_config` in service/config.py:11-17 [1]; it reads JSON and then fills in "
    "defaults through `normalise` [2].\n\n"
    "```python\n"
    "def parse_config(path):\n"
    "    with open(path) as handle:\n"
    "        return normalise(json.load(handle))\n"
    "```\n\n"
    "- Missing files raise `ConfigError`.\n"
    "- The server reads it at start-up.\n\n"
    "See also service/nothere.py:3 and service/config.py:90-95.\n\n"
    "<img src=\"http://127.0.0.1:9/pixel.png\"> ![tracker](http://127.0.0.1:9/track.png) <b>not bold</b>");

static QStringList pieces(const QString &text, int size)
{
    QStringList out;
    for (qsizetype i = 0; i < text.size(); i += size)
        out << text.mid(i, size);
    return out;
}

void tst_Chat::screenshot(const QString &name, QWidget *widget)
{
    const QString dir = qEnvironmentVariable("REPOLENS_SCREENSHOTS");
    if (dir.isEmpty())
        return;
    QApplication::processEvents();
    (widget ? widget : m_window)->grab().save(dir + u'/' + name + QStringLiteral(".png"));
}

void tst_Chat::configure()
{
    LlmSettings llm;
    llm.baseUrl = m_server.baseUrl();
    llm.model = QStringLiteral("fake-coder");
    llm.topK = 8;
    llm.contextBudget = 3000;
    m_window->chatController()->setSettings(llm, SearchSettings());
    m_window->chatController()->setApiKey(QStringLiteral("sk-gui-test"), QStringLiteral("test"));
}

void tst_Chat::initTestCase()
{
    // The settings this test applies must not reach other tests (test-mode settings live
    // under $HOME/.qttest, shared by every test): a home of our own.
    QVERIFY(m_home.isValid());
    qputenv("HOME", m_home.path().toLocal8Bit());
    QStandardPaths::setTestModeEnabled(true);
    qputenv("REPOLENS_TEST", "1");
    qputenv("REPOLENS_OLLAMA_URL", "off");
    QVERIFY(m_server.listen());
    QVERIFY(TestFixture::writeSmall(m_fixture.path()));
    if (qEnvironmentVariableIntValue("REPOLENS_DARK_PALETTE") == 1)
        applyTheme(AppearanceSettings::Theme::Dark); // screenshots of the dark scheme
    MainWindow::Options options;
    options.dataDir = m_data.path();
    options.restoreState = false;
    options.detectOllama = false;
    options.credentials = m_keys;
    m_window = new MainWindow(options);
    m_window->resize(1500, 950);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    QSignalSpy finished(m_window, &MainWindow::indexingFinished);
    QVERIFY(m_window->openFolder(QFileInfo(m_fixture.path()).canonicalFilePath()));
    QVERIFY(finished.wait(60000));
    configure();
}

void tst_Chat::cleanupTestCase()
{
    delete m_window;
    QVERIFY(QSettings(QStringLiteral("RepoLens"), QStringLiteral("repolens")).fileName().startsWith(m_home.path()));
}

int tst_Chat::askAndWait(const QString &question, QString *status)
{
    QSignalSpy done(m_window->chatController(), &ChatController::answerFinished);
    m_window->ask(question);
    if (!done.wait(30000))
        return 0;
    m_lastBlock = done.first().at(0).toInt();
    if (status)
        *status = done.first().at(1).toString();
    return m_lastBlock;
}

void tst_Chat::answerStreamsInWithCitations()
{
    m_server.enqueue(FakeOpenAiServer::stream(pieces(kAnswer, 24), 15));
    QSignalSpy done(m_window->chatController(), &ChatController::answerFinished);
    m_window->ask(QStringLiteral("where is the config file parsed?"));
    // it streams: some text is shown before the answer is complete
    QTRY_VERIFY_WITH_TIMEOUT(m_window->chat()->lastAnswerView()
                                 && m_window->chat()->lastAnswerView()->answer().size() > 30
                                 && m_window->chat()->lastAnswerView()->isStreaming(),
                             20000);
    QVERIFY(done.isEmpty());
    screenshot(QStringLiteral("chat-streaming"));
    QVERIFY(done.wait(20000));
    m_lastBlock = done.first().at(0).toInt();
    QCOMPARE(done.first().at(1).toString(), QStringLiteral("complete"));
    AnswerView *view = m_window->chat()->answerView(m_lastBlock);
    QVERIFY(view);
    QVERIFY(!view->isStreaming());
    QCOMPARE(view->answer(), kAnswer);

    // the exact request: model, stream, numbered context with path and lines, the question
    const FakeOpenAiServer::Request r = m_server.lastChatRequest();
    QCOMPARE(r.headers.value("authorization"), QByteArray("Bearer sk-gui-test"));
    QCOMPARE(r.json.value(QStringLiteral("model")).toString(), QStringLiteral("fake-coder"));
    QVERIFY(r.json.value(QStringLiteral("stream")).toBool());
    const QJsonArray messages = r.json.value(QStringLiteral("messages")).toArray();
    const QString system = messages.first().toObject().value(QStringLiteral("content")).toString();
    QVERIFY(system.contains(QStringLiteral("Answer only from the numbered context")));
    QVERIFY2(system.contains(QStringLiteral("[1] service/config.py:11-17 (function parse_config)")), qPrintable(system.left(2000)));
    QCOMPARE(messages.last().toObject().value(QStringLiteral("content")).toString(),
             QStringLiteral("where is the config file parsed?"));

    // code blocks are highlighted (once the thread pool has parsed them)
    QCOMPARE(view->codeBlocks().size(), 1);
    QTRY_VERIFY(view->toHtml().contains(QStringLiteral("parse_config")));
    screenshot(QStringLiteral("chat-answer"));
    screenshot(QStringLiteral("chat-answer-pane"), m_window->chat());
}

void tst_Chat::citationOpensTheViewerAtTheLines()
{
    AnswerView *view = m_window->chat()->answerView(m_lastBlock);
    QVERIFY(view);
    int index = -1;
    for (int i = 0; i < view->citations().size(); ++i) {
        const CheckedCitation &c = view->citations().at(i);
        if (c.valid && c.match.kind == CitationMatch::Kind::PathLines) {
            index = i;
            break;
        }
    }
    QVERIFY(index >= 0);
    QCOMPARE(view->citations().at(index).path, QStringLiteral("service/config.py"));
    view->activateCitation(index);
    CodeEditor *editor = m_window->viewer()->currentEditor();
    QVERIFY(editor);
    QCOMPARE(editor->relativePath(), QStringLiteral("service/config.py"));
    if (!editor->isLoaded()) {
        QSignalSpy loaded(editor, &CodeEditor::loaded);
        QVERIFY(loaded.wait(10000));
    }
    QVERIFY(editor->snippetHighlights().contains(QPair<int, int>(11, 17)));
    QCOMPARE(editor->currentLineNumber(), 11);
    QVERIFY(editor->text(10).contains(QStringLiteral("parse_config")));
    screenshot(QStringLiteral("chat-citation"));

    // [2] opens the second chunk of the context
    int number2 = -1;
    for (int i = 0; i < view->citations().size(); ++i) {
        const CheckedCitation &c = view->citations().at(i);
        if (c.valid && c.match.kind == CitationMatch::Kind::Number && c.match.numbers == QList<int>{2} && !c.quiet)
            number2 = i;
    }
    QVERIFY(number2 >= 0);
    const ChatTurn *turn = m_window->chatController()->turnForBlock(m_lastBlock);
    QVERIFY(turn && turn->context.size() >= 2);
    view->activateCitation(number2);
    QCOMPARE(m_window->viewer()->currentEditor()->relativePath(), turn->context.at(1).path);
}

void tst_Chat::inventedPathIsMarkedInvalid()
{
    AnswerView *view = m_window->chat()->answerView(m_lastBlock);
    QVERIFY(view);
    QCOMPARE(view->invalidCitations(), 2);
    bool missing = false;
    bool outOfRange = false;
    for (const CheckedCitation &c : view->citations()) {
        if (c.match.path == QLatin1String("service/nothere.py")) {
            missing = true;
            QVERIFY(!c.valid);
            QCOMPARE(c.problem, CheckedCitation::Problem::UnknownPath);
        }
        if (c.match.startLine == 90) {
            outOfRange = true;
            QVERIFY(!c.valid);
            QCOMPARE(c.problem, CheckedCitation::Problem::LineOutOfRange);
        }
    }
    QVERIFY(missing && outOfRange);
    // visibly marked: struck through in the rendered document
    bool struck = false;
    for (QTextBlock b = view->document()->begin(); b.isValid(); b = b.next()) {
        for (auto it = b.begin(); !it.atEnd(); ++it) {
            if (it.fragment().text().contains(QStringLiteral("nothere.py")))
                struck = struck || it.fragment().charFormat().fontStrikeOut();
        }
    }
    QVERIFY(struck);
    // and the status line says so
    QVERIFY(m_window->chat()->findChildren<QLabel *>().size() > 0);
    // clicking it does not open anything
    const QString before = m_window->viewer()->currentEditor()->relativePath();
    for (int i = 0; i < view->citations().size(); ++i) {
        if (!view->citations().at(i).valid)
            view->activateCitation(i);
    }
    QCOMPARE(m_window->viewer()->currentEditor()->relativePath(), before);
}

void tst_Chat::htmlAndImagesAreNotLoaded()
{
    AnswerView *view = m_window->chat()->answerView(m_lastBlock);
    for (QTextBlock b = view->document()->begin(); b.isValid(); b = b.next()) {
        for (auto it = b.begin(); !it.atEnd(); ++it)
            QVERIFY(!it.fragment().charFormat().isImageFormat());
    }
    const QString text = view->toPlainText();
    QVERIFY(text.contains(QStringLiteral("<img src=")));
    QVERIFY(text.contains(QStringLiteral("[image: tracker]")));
    QVERIFY(text.contains(QStringLiteral("<b>not bold</b>")));
    // nothing asked the server for the pictures
    for (const FakeOpenAiServer::Request &r : m_server.requests())
        QVERIFY(!r.path.endsWith(".png"));
}

void tst_Chat::followUpReusesTheContext()
{
    const QByteArray before = m_server.lastChatRequest().json.value(QStringLiteral("messages")).toArray().first()
                                  .toObject().value(QStringLiteral("content")).toString().toUtf8();
    m_server.enqueue(FakeOpenAiServer::stream({QStringLiteral("It is called by `Server.__init__` [1].")}));
    QString status;
    const int block = askAndWait(QStringLiteral("and who calls it?"), &status);
    QVERIFY(block);
    QCOMPARE(status, QStringLiteral("complete"));
    const ChatTurn *turn = m_window->chatController()->turnForBlock(block);
    QVERIFY(turn->contextReused);
    const QJsonArray messages = m_server.lastChatRequest().json.value(QStringLiteral("messages")).toArray();
    // same context, the conversation so far, then the question
    QCOMPARE(messages.first().toObject().value(QStringLiteral("content")).toString().toUtf8(), before);
    QCOMPARE(messages.size(), 4);
    QCOMPARE(messages.at(1).toObject().value(QStringLiteral("content")).toString(),
             QStringLiteral("where is the config file parsed?"));
    QCOMPARE(messages.at(2).toObject().value(QStringLiteral("role")).toString(), QStringLiteral("assistant"));
    QCOMPARE(messages.at(3).toObject().value(QStringLiteral("content")).toString(), QStringLiteral("and who calls it?"));
}

void tst_Chat::codebaseRetrievesAgain()
{
    m_server.enqueue(FakeOpenAiServer::stream({QStringLiteral("The ring buffer is in src/ringbuffer.h [1].")}));
    const int block = askAndWait(QStringLiteral("@codebase ring buffer push"));
    const ChatTurn *turn = m_window->chatController()->turnForBlock(block);
    QVERIFY(!turn->contextReused);
    QVERIFY(!turn->context.isEmpty());
    QCOMPARE(turn->context.first().path, QStringLiteral("src/ringbuffer.h"));
    const QString question = m_server.lastChatRequest().json.value(QStringLiteral("messages")).toArray().last()
                                 .toObject().value(QStringLiteral("content")).toString();
    QCOMPARE(question, QStringLiteral("ring buffer push"));
}

void tst_Chat::errorShowsRetry()
{
    m_server.enqueue(FakeOpenAiServer::error(401, "Incorrect API key provided", "invalid_api_key"));
    QString status;
    const int block = askAndWait(QStringLiteral("@codebase how does the server start?"), &status);
    QCOMPARE(status, QStringLiteral("error"));
    QLabel *notice = m_window->chat()->noticeLabel(block);
    QVERIFY(notice && notice->isVisible());
    QVERIFY2(notice->text().contains(QStringLiteral("refused the API key")), qPrintable(notice->text()));
    QPushButton *retry = m_window->chat()->retryButton(block);
    QVERIFY(retry && retry->isVisible());
    screenshot(QStringLiteral("chat-error"), m_window->chat());
    // Retry sends the same question again (the context is kept: no new retrieval)
    const int requests = int(m_server.chatRequests().size());
    m_server.enqueue(FakeOpenAiServer::stream({QStringLiteral("It starts in `Server.start` [1].")}));
    QSignalSpy done(m_window->chatController(), &ChatController::answerFinished);
    QTest::mouseClick(retry, Qt::LeftButton);
    QVERIFY(done.wait(20000));
    QCOMPARE(done.first().at(1).toString(), QStringLiteral("complete"));
    QCOMPARE(m_server.chatRequests().size(), requests + 1);
    QVERIFY(!notice->isVisible());
    QCOMPARE(m_window->chat()->answerView(block)->answer(), QStringLiteral("It starts in `Server.start` [1]."));
}

void tst_Chat::midStreamDisconnectKeepsPartialAnswer()
{
    FakeOpenAiServer::Response cut;
    cut.chunks = FakeOpenAiServer::sseChunks({QStringLiteral("The workers default to "), QStringLiteral("four and the")},
                                             {}, false);
    cut.chunkDelayMs = 30;
    cut.disconnect = true;
    m_server.enqueue(cut);
    QString status;
    const int block = askAndWait(QStringLiteral("@codebase how many workers by default?"), &status);
    QCOMPARE(status, QStringLiteral("cut-off"));
    QCOMPARE(m_window->chat()->answerView(block)->answer(), QStringLiteral("The workers default to four and the"));
    QLabel *notice = m_window->chat()->noticeLabel(block);
    QVERIFY(notice->isVisible());
    QVERIFY2(notice->text().contains(QStringLiteral("cut off")), qPrintable(notice->text()));
    QVERIFY(m_window->chat()->retryButton(block)->isVisible());
}

void tst_Chat::stopKeepsPartialAnswer()
{
    m_server.enqueue(FakeOpenAiServer::stream({QStringLiteral("Slowly "), QStringLiteral("the "), QStringLiteral("answer "),
                                               QStringLiteral("comes")},
                                              400));
    QSignalSpy done(m_window->chatController(), &ChatController::answerFinished);
    m_window->ask(QStringLiteral("@codebase what does normalise do?"));
    const int block = m_window->chat()->lastBlockId();
    QTRY_VERIFY_WITH_TIMEOUT(m_window->chat()->answerView(block) && !m_window->chat()->answerView(block)->answer().isEmpty(),
                             10000);
    // Esc in the question box stops, as the Stop button does
    QTest::keyClick(m_window->chat()->questionEdit(), Qt::Key_Escape);
    QTRY_VERIFY_WITH_TIMEOUT(!done.isEmpty(), 5000);
    QCOMPARE(done.first().at(1).toString(), QStringLiteral("stopped"));
    QCOMPARE(done.first().at(0).toInt(), block);
    QVERIFY(m_window->chat()->answerView(block)->answer().startsWith(QStringLiteral("Slowly")));
    QVERIFY(!m_window->chatController()->isBusy());
}

void tst_Chat::inspectorShowsWhatWasSent()
{
    m_window->chatController()->showInspector(m_window->chatController()->turns().first().blockId);
    RetrievalInspector *inspector = nullptr;
    QTRY_VERIFY((inspector = m_window->findChild<RetrievalInspector *>()) != nullptr);
    QVERIFY(inspector->candidates()->topLevelItemCount() > 0);
    QVERIFY(inspector->context()->topLevelItemCount() > 0);
    QCOMPARE(inspector->context()->topLevelItem(0)->text(1), QStringLiteral("service/config.py:11-17"));
    const QString request = inspector->request()->toPlainText();
    QVERIFY(request.contains(m_server.baseUrl().toString() + QStringLiteral("/chat/completions")));
    QVERIFY(request.contains(QStringLiteral("\"model\": \"fake-coder\"")));
    QVERIFY(request.contains(QStringLiteral("[1] service/config.py:11-17")));
    QVERIFY(!request.contains(QStringLiteral("sk-gui-test")));
    inspector->tabs()->setCurrentIndex(1);
    screenshot(QStringLiteral("inspector"), inspector);
    inspector->close();
}

void tst_Chat::sentLogListsEveryRequest()
{
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            m_window->chatController()->showSentLog();
            QTest::qWait(200);
            SentLogDialog *log = m_window->findChild<SentLogDialog *>();
            const bool ok = log && log->table()->topLevelItemCount() >= 5;
            if (log)
                log->deleteLater();
            return ok;
        }(),
        10000);
    m_window->chatController()->showSentLog();
    SentLogDialog *log = nullptr;
    QTRY_VERIFY((log = m_window->findChild<SentLogDialog *>()) != nullptr);
    QTRY_VERIFY(log->table()->topLevelItemCount() >= 5);
    const QTreeWidgetItem *newest = log->table()->topLevelItem(0);
    QVERIFY(newest->text(1).contains(QStringLiteral("127.0.0.1")));
    QCOMPARE(newest->text(2), QStringLiteral("answer"));
    QVERIFY(!newest->text(6).isEmpty()); // files and line ranges
    screenshot(QStringLiteral("sent-log"), log);
    log->close();
}

// The inspector and What Was Sent say where credentials were withheld, also for an
// answer reopened from the database (the trace keeps it by citation number).
void tst_Chat::inspectorAndSentLogShowWhereTextWasWithheld()
{
    ContextChunk chunk;
    chunk.number = 1;
    chunk.path = QStringLiteral("deploy/keys.py");
    chunk.startLine = 1;
    chunk.endLine = 40;
    chunk.text = QStringLiteral("KEY = \"\"\"[withheld: private key]\n\n\"\"\"\n");
    ChatTurn turn;
    turn.question = QStringLiteral("explain @deploy/keys.py");
    ContextCandidate candidate;
    candidate.chunk = chunk;
    turn.trace.candidates = {candidate};
    PackDecision decision;
    decision.included = true;
    decision.number = 1;
    decision.withheld = QStringLiteral("lines 3-29 (private key)");
    turn.trace.decisions = {decision};
    turn.trace.withheld = 1;
    turn.context = {chunk}; // as stored: without the withheld field
    RetrievalInspector inspector;
    inspector.setTurn(turn);
    QCOMPARE(inspector.context()->topLevelItem(0)->text(5), QStringLiteral("lines 3-29 (private key)"));
    QVERIFY(inspector.candidates()->topLevelItem(0)->text(16).startsWith(
        QStringLiteral("credentials withheld: lines 3-29 (private key)")));

    RemoteRequestRecord record;
    record.time = QDateTime::currentDateTime();
    record.endpoint = QStringLiteral("https://api.example.com/v1/chat/completions");
    record.purpose = QStringLiteral("answer");
    record.files = {QStringLiteral("deploy/keys.py:1-40"), QStringLiteral("withheld: deploy/keys.py lines 3-29 (private key)")};
    SentLogDialog log;
    log.setRecords(QStringLiteral("demo"), {record});
    // (the row says how many chunks from how many files; its children list them)
    QCOMPARE(log.table()->topLevelItem(0)->text(6), QStringLiteral("1 chunk(s) from 1 file(s)"));
    QCOMPARE(log.table()->topLevelItem(0)->childCount(), 1);
    QCOMPARE(log.table()->topLevelItem(0)->child(0)->text(6), QStringLiteral("deploy/keys.py:1-40"));
    QCOMPARE(log.table()->topLevelItem(0)->text(7), QStringLiteral("deploy/keys.py lines 3-29 (private key)"));
}

void tst_Chat::conversationsPersist()
{
    const qint64 first = m_window->chatController()->conversationId();
    QVERIFY(first > 0);
    const int turns = int(m_window->chatController()->turns().size());
    m_window->chatController()->newConversation();
    QCOMPARE(m_window->chatController()->turns().size(), 0);
    m_server.enqueue(FakeOpenAiServer::stream({QStringLiteral("A second conversation [1].")}));
    QVERIFY(askAndWait(QStringLiteral("what does the README say?")));
    QTRY_VERIFY(m_window->chatController()->conversationId() > 0);
    QVERIFY(m_window->chatController()->conversationId() != first);
    QTRY_COMPARE(m_window->chat()->conversationBox()->count(), 2);
    // back to the first one: every turn with its answer and context
    QSignalSpy changed(m_window->chatController(), &ChatController::conversationsChanged);
    m_window->chatController()->openConversation(first);
    QTRY_COMPARE(m_window->chatController()->conversationId(), first);
    QTRY_COMPARE(int(m_window->chatController()->turns().size()), turns);
    const ChatTurn &t = m_window->chatController()->turns().first();
    QCOMPARE(t.question, QStringLiteral("where is the config file parsed?"));
    QCOMPARE(t.answer, kAnswer);
    QVERIFY(!t.context.isEmpty());
    QVERIFY(m_window->chat()->answerView(t.blockId));
    QCOMPARE(m_window->chat()->answerView(t.blockId)->answer(), kAnswer);
    // regenerate the first answer: same context, the answer is replaced
    m_server.enqueue(FakeOpenAiServer::stream({QStringLiteral("Regenerated [1].")}));
    QSignalSpy done(m_window->chatController(), &ChatController::answerFinished);
    m_window->chatController()->regenerate(t.blockId);
    QVERIFY(done.wait(20000));
    QCOMPARE(m_window->chatController()->turns().first().answer, QStringLiteral("Regenerated [1]."));
    // copy the answer
    QWidget *actions = m_window->chat()->answerActions(t.blockId);
    QPushButton *copy = actions->findChild<QPushButton *>(QStringLiteral("copyButton"));
    QTest::mouseClick(copy, Qt::LeftButton);
    QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("Regenerated [1]."));
}

void tst_Chat::mentionCompletion()
{
    QuestionEdit *edit = m_window->chat()->questionEdit();
    edit->setFocus();
    edit->clear();
    QTest::keyClicks(edit, QStringLiteral("explain @config"));
    QTRY_VERIFY(edit->completer()->popup()->isVisible());
    const QStringList items = [&] {
        QStringList out;
        for (int i = 0; i < edit->completer()->model()->rowCount(); ++i)
            out << edit->completer()->model()->index(i, 0).data().toString();
        return out;
    }();
    QVERIFY2(items.contains(QStringLiteral("service/config.py")), qPrintable(items.join(u',')));
    edit->insertMention(QStringLiteral("service/config.py"));
    QCOMPARE(edit->toPlainText(), QStringLiteral("explain @service/config.py "));
    // the pinned file is the context
    m_server.enqueue(FakeOpenAiServer::stream({QStringLiteral("It parses JSON [1].")}));
    QSignalSpy done(m_window->chatController(), &ChatController::answerFinished);
    QTest::keyClick(edit, Qt::Key_Return);
    QVERIFY(done.wait(20000));
    const ChatTurn *turn = m_window->chatController()->turnForBlock(done.first().at(0).toInt());
    QVERIFY(!turn->context.isEmpty());
    // the pinned file comes first, whole
    QCOMPARE(turn->context.first().path, QStringLiteral("service/config.py"));
    QCOMPARE(turn->context.first().source, QStringLiteral("mention"));
    QCOMPARE(turn->context.first().startLine, 1);
}

void tst_Chat::settingsApplyWithoutRestart()
{
    SettingsBundle current;
    current.llm = m_window->chatController()->settings();
    SettingsDialog dialog(current, m_keys, m_window);
    dialog.setQuietErrors(true);
    screenshot(QStringLiteral("settings-model"), &dialog);
    QSignalSpy applied(&dialog, &SettingsDialog::applied);
    dialog.baseUrlEdit()->setText(QStringLiteral("ftp://example.com"));
    QVERIFY(!dialog.apply());
    QVERIFY(dialog.lastError().contains(QStringLiteral("base URL")));
    QCOMPARE(applied.size(), 0);
    dialog.baseUrlEdit()->setText(m_server.baseUrl().toString());
    dialog.modelBox()->setCurrentText(QStringLiteral("other model"));
    QVERIFY(!dialog.apply());
    dialog.ignorePatterns()->setPlainText(QStringLiteral("*"));
    dialog.modelBox()->setCurrentText(QStringLiteral("fake-coder-2"));
    QVERIFY(!dialog.apply());
    QVERIFY(dialog.lastError().contains(QStringLiteral("every file")));
    dialog.ignorePatterns()->setPlainText(QString());
    // the key goes to the credential store, never to the settings
    dialog.keyEdit()->setText(QStringLiteral("sk-new-key"));
    QMetaObject::invokeMethod(dialog.keyEdit(), "textEdited", Q_ARG(QString, QStringLiteral("sk-new-key")));
    dialog.topK()->setValue(5);
    QVERIFY(dialog.apply());
    QCOMPARE(applied.size(), 1);
    m_window->applySettings(applied.first().first().value<SettingsBundle>());
    QCOMPARE(m_window->chatController()->settings().model, QStringLiteral("fake-coder-2"));
    QCOMPARE(m_window->chatController()->settings().topK, 5);
    QTRY_COMPARE(m_window->chatController()->apiKey(), QStringLiteral("sk-new-key"));
    const QString settingsFile = QSettings(QStringLiteral("RepoLens"), QStringLiteral("repolens")).fileName();
    QFile f(settingsFile);
    if (f.open(QIODevice::ReadOnly))
        QVERIFY(!f.readAll().contains("sk-new-key"));
    // test connection lists the models
    m_server.setModels({QStringLiteral("fake-coder-2"), QStringLiteral("fake-embed")});
    QSignalSpy tested(&dialog, &SettingsDialog::connectionTested);
    dialog.testButton()->click();
    QVERIFY(tested.wait(10000));
    QVERIFY(tested.first().first().toBool());
    QVERIFY2(dialog.testResult()->text().startsWith(QStringLiteral("Connected: 2 model")), qPrintable(dialog.testResult()->text()));
    // the next answer uses the new model at once
    m_server.enqueue(FakeOpenAiServer::stream({QStringLiteral("ok")}));
    QVERIFY(askAndWait(QStringLiteral("@codebase ringbuffer")));
    QCOMPARE(m_server.lastChatRequest().json.value(QStringLiteral("model")).toString(), QStringLiteral("fake-coder-2"));
    QCOMPARE(m_server.lastChatRequest().headers.value("authorization"), QByteArray("Bearer sk-new-key"));
    configure();
}

void tst_Chat::retrievalOnlyWithoutAModel()
{
    m_window->chatController()->setSettings(LlmSettings(), SearchSettings());
    const int requests = int(m_server.chatRequests().size());
    QSignalSpy shown(m_window, &MainWindow::answerShown);
    m_window->ask(QStringLiteral("where is the config file parsed"));
    QVERIFY(shown.wait(20000));
    QVERIFY(!m_window->chat()->lastResultCards().isEmpty());
    QCOMPARE(m_server.chatRequests().size(), requests);
    QVERIFY(m_window->chat()->modelStatusLabel()->text().contains(QStringLiteral("Configure a model")));
    bool said = false;
    for (QLabel *l : m_window->chat()->findChildren<QLabel *>())
        said = said || l->text().contains(QStringLiteral("No model is configured"));
    QVERIFY(said);
    screenshot(QStringLiteral("chat-retrieval-only"), m_window->chat());
    configure();
}

// A pasted bug report is searched with its lines (its title, code blocks, traceback frames):
// the chat's cards are the hits the Searcher gives for the same text, in the same order, as
// `repolens-cli search` shows them. (The chat once flattened the question to one line first.)
void tst_Chat::retrievalOnlySearchesAReportByItsLines()
{
    SearchSettings plain;
    plain.vectors = false; // the same searcher here as below: no vector file to share
    m_window->chatController()->setSettings(LlmSettings(), plain);
    const QString report = QStringLiteral(
        "Session.request sends without the session headers\r\n\r\n"
        "After the upgrade a request made through a session goes out without the headers set on it. "
        "It happens on every call I tried, with and without a proxy, and it worked before.\r\n\r\n"
        "```\r\nTraceback (most recent call last):\r\n"
        "  File \"/home/me/app.py\", line 3, in <module>\r\n    s.request(\"GET\", url)\r\n"
        "  File \"/usr/lib/python3/site-packages/lib/python/sessions.py\", line 44, in request\r\n"
        "    prep = self.prepare_request(req)\r\n"
        "AttributeError: 'Session' object has no attribute 'prepare_request'\r\n```\r\n");
    QSignalSpy shown(m_window, &MainWindow::answerShown);
    m_window->ask(report);
    QVERIFY(shown.wait(20000));
    // the cards in rank order (their numbers; they are shown grouped by file)
    QMap<int, QString> byRank;
    for (ResultCard *card : m_window->chat()->lastResultCards())
        byRank.insert(card->number(), QStringLiteral("%1:%2").arg(card->result().path).arg(card->result().startLine));
    const QStringList cards = byRank.values();

    auto store = IndexStore::open(m_window->indexService()->databasePath(), IndexStore::Mode::ReadOnly);
    QVERIFY(store);
    Searcher searcher(store->get());
    SearchOptions options;
    options.vectors = false;
    auto result = searcher.search(report.trimmed(), options);
    QVERIFY(result);
    QVERIFY2(result->route.startsWith(QLatin1String("bug report")), qPrintable(result->route));
    QStringList hits;
    for (const SearchHit &h : result->hits)
        hits << QStringLiteral("%1:%2").arg(h.chunk.path).arg(h.chunk.startLine);
    QVERIFY(!hits.isEmpty());
    QCOMPARE(cards, hits);
    // the traceback was read as one: its frame in the project leads
    QVERIFY2(result->hits.first().reasons.join(u';').contains(QStringLiteral("traceback frame")),
             qPrintable(result->hits.first().reasons.join(u';')));
    configure();
}

// A "who calls" answer (call sites, not cards) is saved with the conversation and comes back
// with it.
void tst_Chat::whoCallsIsKeptInTheConversation()
{
    ChatController *chat = m_window->chatController();
    chat->setSettings(LlmSettings(), SearchSettings());
    chat->newConversation();
    QSignalSpy shown(m_window, &MainWindow::answerShown);
    m_window->ask(QStringLiteral("who calls parse_config"));
    QVERIFY(shown.wait(20000));
    QCOMPARE(shown.first().first().toInt(), 1); // its one call site
    const QString expected = QStringLiteral("Defined at:\n"
                                            "- `service/config.py:11` def parse_config(path)\n"
                                            "\n"
                                            "1 call site(s) in 1 file(s):\n"
                                            "- `service/server.py:6` self.config = parse_config(config_path)\n");
    QCOMPARE(chat->turns().last().answer, expected);
    QTRY_VERIFY(chat->conversationId() > 0);
    const qint64 id = chat->conversationId();
    chat->newConversation();
    chat->openConversation(id);
    QTRY_COMPARE(chat->conversationId(), id);
    QTRY_COMPARE(int(chat->turns().size()), 1);
    QCOMPARE(chat->turns().first().answer, expected);
    QVERIFY(m_window->chat()->answerView(chat->turns().first().blockId));
    QCOMPARE(m_window->chat()->answerView(chat->turns().first().blockId)->answer(), expected);
    configure();
}

void tst_Chat::ollamaIsOffered()
{
    // No model configured and an "Ollama" answering /api/tags: the chat offers it.
    m_window->chatController()->setSettings(LlmSettings(), SearchSettings());
    m_server.setModels({QStringLiteral("nomic-embed-text"), QStringLiteral("qwen2.5-coder:7b")});
    qputenv("REPOLENS_OLLAMA_URL", m_server.rootUrl().toString().toUtf8());
    QSignalSpy found(m_window->chatController(), &ChatController::ollamaFound);
    m_window->chatController()->detectOllama();
    QVERIFY(found.wait(5000));
    qputenv("REPOLENS_OLLAMA_URL", "off");
    QWidget *offer = m_window->chat()->offerWidget();
    QTRY_VERIFY(offer->isVisible());
    screenshot(QStringLiteral("chat-ollama-offer"), m_window->chat());
    QPushButton *use = offer->findChild<QPushButton *>(QStringLiteral("offerAccept"));
    QVERIFY(use->text().contains(QStringLiteral("qwen2.5-coder:7b")));
    use->click();
    QVERIFY(m_window->chatController()->isConfigured());
    QCOMPARE(m_window->chatController()->settings().model, QStringLiteral("qwen2.5-coder:7b"));
    QCOMPARE(m_window->chatController()->settings().baseUrl, m_server.baseUrl());
    QVERIFY(!offer->isVisible());
    configure();
}

void tst_Chat::methodSummariesFromTheStatusBar()
{
    int calls = 0;
    m_server.setResponder([&calls](const FakeOpenAiServer::Request &) {
        ++calls;
        return FakeOpenAiServer::completion(QStringLiteral("Describes what the code does, for search."));
    });
    LlmEndpoint e;
    e.baseUrl = m_server.baseUrl();
    e.model = QStringLiteral("fake-coder");
    SummaryRunner *runner = m_window->summaryRunner();
    QSignalSpy offered(runner, &SummaryRunner::offered);
    runner->offer(m_window->indexService()->databasePath(), e);
    QVERIFY(offered.wait(10000));
    const int pending = offered.first().first().toInt();
    QVERIFY(pending > 5);
    QCOMPARE(calls, 0); // nothing is sent before Start
    QLabel *label = m_window->findChild<QLabel *>(QStringLiteral("summaryStatus"));
    QVERIFY(label && label->isVisible());
    QVERIFY2(label->text().contains(QString::number(pending)), qPrintable(label->text()));
    screenshot(QStringLiteral("summaries-offer"));
    QSignalSpy finished(runner, &SummaryRunner::finished);
    m_window->findChild<QToolButton *>(QStringLiteral("summaryStart"))->click();
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.first().first().toInt(), pending);
    QCOMPARE(calls, pending);
    m_server.setResponder({});
    // nothing left to offer
    runner->offer(m_window->indexService()->databasePath(), e);
    QTest::qWait(300);
    QCOMPARE(offered.size(), 1);
}

QTEST_MAIN(tst_Chat)
#include "tst_chat.moc"
