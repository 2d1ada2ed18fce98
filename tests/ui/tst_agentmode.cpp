// Agent mode in the chat, offscreen, against a scripted OpenAI-compatible server that streams
// tool_calls: the steps show as they happen (tool, arguments, a one-line result, expandable to
// what the tool returned), the answer's citations of code the model read are valid, Stop ends
// a running loop, a model without tool support falls back to single-shot with a note, and
// Settings ▸ Integrations shows the MCP command for the open folder with Copy.
// REPOLENS_SCREENSHOTS=dir saves chat-agent.png.

#include "uitestfixture.h"

#include "llm/fakeopenaiserver.h"
#include "tools/toolfixture.h"

#include "ui/agentsteps.h"
#include "ui/answerview.h"
#include "ui/chatcontroller.h"
#include "ui/chatpane.h"
#include "ui/mainwindow.h"
#include "ui/sentlogdialog.h"
#include "ui/settingsdialog.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDockWidget>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QToolButton>
#include <QTreeWidget>

using namespace RepoLens;
using RepoLens::Test::FakeOpenAiServer;
using namespace Qt::StringLiterals;

namespace {

QByteArray sseEvent(const QJsonObject &delta, const QString &finish = {})
{
    const QJsonObject chunk{{u"choices"_s, QJsonArray{QJsonObject{{u"index"_s, 0}, {u"delta"_s, delta},
                                                                  {u"finish_reason"_s, finish.isEmpty() ? QJsonValue() : QJsonValue(finish)}}}}};
    return "data: " + QJsonDocument(chunk).toJson(QJsonDocument::Compact) + "\n\n";
}

FakeOpenAiServer::Response calls(const QList<QPair<QString, QString>> &toolAndArgs, int delayMs = 0)
{
    FakeOpenAiServer::Response r;
    QJsonArray list;
    for (int i = 0; i < toolAndArgs.size(); ++i)
        list.append(QJsonObject{{u"index"_s, i}, {u"id"_s, u"call_%1"_s.arg(i)}, {u"type"_s, u"function"_s},
                                {u"function"_s, QJsonObject{{u"name"_s, toolAndArgs.at(i).first}, {u"arguments"_s, toolAndArgs.at(i).second}}}});
    r.chunks << sseEvent(QJsonObject{{u"tool_calls"_s, list}}) << sseEvent({}, u"tool_calls"_s) << "data: [DONE]\n\n";
    r.firstDelayMs = delayMs;
    return r;
}

} // namespace

class tst_AgentMode : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void stepsShowAndTheAnswerCites();
    void stopEndsTheLoop();
    void modelWithoutToolsFallsBack();
    void integrationsShowTheCommand();

private:
    void configure(LlmSettings::AgentMode mode);
    QTemporaryDir m_home;
    QTemporaryDir m_fixture;
    QTemporaryDir m_data;
    FakeOpenAiServer m_server;
    MainWindow *m_window = nullptr;
    QString m_root;
};

void tst_AgentMode::configure(LlmSettings::AgentMode mode)
{
    LlmSettings llm;
    llm.baseUrl = m_server.baseUrl();
    llm.model = u"fake-agent"_s;
    llm.agentMode = mode;
    m_window->chatController()->setSettings(llm, SearchSettings());
}

void tst_AgentMode::initTestCase()
{
    qputenv("HOME", m_home.path().toLocal8Bit());
    QStandardPaths::setTestModeEnabled(true);
    qputenv("REPOLENS_TEST", "1");
    qputenv("REPOLENS_OLLAMA_URL", "off");
    QVERIFY(m_server.listen());
    QVERIFY(ToolTest::writeFixture(m_fixture.path()));
    m_root = QFileInfo(m_fixture.path()).canonicalFilePath();
    if (qEnvironmentVariableIntValue("REPOLENS_DARK_PALETTE") == 1)
        applyTheme(AppearanceSettings::Theme::Dark);
    MainWindow::Options options;
    options.dataDir = m_data.path();
    options.restoreState = false;
    options.detectOllama = false;
    options.credentials = std::make_shared<MemoryCredentialStore>(true);
    m_window = new MainWindow(options);
    m_window->resize(1500, 950);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    QSignalSpy finished(m_window, &MainWindow::indexingFinished);
    QVERIFY(m_window->openFolder(m_root));
    QVERIFY(finished.wait(60000));
    configure(LlmSettings::AgentMode::Auto);
}

void tst_AgentMode::cleanupTestCase()
{
    delete m_window;
}

void tst_AgentMode::stepsShowAndTheAnswerCites()
{
    m_server.clearRequests();
    m_server.enqueue(calls({{u"search"_s, u"{\"query\": \"total price of the cart\"}"_s},
                            {u"find_symbol"_s, u"{\"name\": \"total_price\"}"_s}}));
    m_server.enqueue(calls({{u"read"_s, u"{\"path\": \"src/shop/cart.py\", \"start_line\": 18, \"end_line\": 24}"_s}}));
    m_server.enqueue(FakeOpenAiServer::stream(
        {u"`Cart.add` appends the item and returns `total_price(self.items)` (src/shop/cart.py:15), "_s,
         u"which sums `price_of(name) * qty` over the items (src/shop/cart.py:18-20); `price_of` looks the "_s,
         u"name up in `PRICES` (src/shop/cart.py:23-24)."_s}));
    QSignalSpy done(m_window->chatController(), &ChatController::answerFinished);
    QSignalSpy logged(m_window->chatController(), &ChatController::requestLogged);
    // "How ..." with several words: Auto picks agent mode.
    m_window->ask(u"How is the total price of a cart computed?"_s);
    QVERIFY(done.wait(30000));
    QCOMPARE(done.first().at(1).toString(), u"complete"_s);
    const int block = done.first().at(0).toInt();
    AgentStepsView *steps = m_window->chat()->agentSteps(block);
    QVERIFY(steps);
    QCOMPARE(steps->stepCount(), 3);
    const QStringList lines = steps->stepLines();
    QVERIFY2(lines.at(0).startsWith(u"1. search {\"query\":\"total price of the cart\"} — "_s), qPrintable(lines.at(0)));
    QVERIFY2(lines.at(1).endsWith(u"— 1 definition(s) of total_price"_s), qPrintable(lines.at(1)));
    QVERIFY2(lines.at(2).endsWith(u"— read src/shop/cart.py:18-24"_s), qPrintable(lines.at(2)));
    // Expanding a step shows what the tool returned.
    QToolButton *toggle = steps->toggle(u"2/call_0"_s);
    QVERIFY(toggle);
    QVERIFY(!steps->detail(u"2/call_0"_s)->isVisible());
    toggle->click();
    QVERIFY(steps->detail(u"2/call_0"_s)->isVisible());
    QVERIFY(steps->detail(u"2/call_0"_s)->toPlainText().contains(u"18  def total_price(items):"_s));
    // Every citation is of code the model read, and valid.
    AnswerView *answer = m_window->chat()->answerView(block);
    QVERIFY(answer);
    QCOMPARE(answer->invalidCitations(), 0);
    QVERIFY(answer->toPlainText().contains(u"price_of"_s));
    const ChatTurn *turn = m_window->chatController()->turnForBlock(block);
    QVERIFY(turn && turn->agent);
    QCOMPARE(turn->steps.size(), 3);
    QCOMPARE(turn->trace.stages.size(), 3); // the inspector lists the three requests
    QCOMPARE(m_server.chatRequests().size(), 3);
    // What Was Sent lists each of the three round trips.
    QTRY_COMPARE_WITH_TIMEOUT(logged.size(), 3, 10000);
    m_window->chatController()->showSentLog();
    SentLogDialog *log = nullptr;
    QTRY_VERIFY((log = m_window->findChild<SentLogDialog *>()) != nullptr);
    QTRY_COMPARE(log->table()->topLevelItemCount(), 3);
    for (int i = 0; i < 3; ++i) {
        const QTreeWidgetItem *item = log->table()->topLevelItem(i);
        QCOMPARE(item->text(2), u"agent"_s);
        QCOMPARE(item->text(3), u"fake-agent"_s);
        QVERIFY2(item->text(1).startsWith(m_server.baseUrl().toString()), qPrintable(item->text(1)));
        QVERIFY(item->text(4) != u"0"_s); // bytes sent
    }
    log->close();
    log->deleteLater();
    const QString dir = qEnvironmentVariable("REPOLENS_SCREENSHOTS");
    if (!dir.isEmpty()) {
        // A wide chat, the code open at the cited lines.
        if (auto *dock = m_window->findChild<QDockWidget *>(u"chatDock"_s))
            m_window->resizeDocks({dock}, {760}, Qt::Horizontal);
        QApplication::processEvents();
        Q_EMIT m_window->chatController()->locationActivated(u"src/shop/cart.py"_s, 18, 20);
        QTest::qWait(500);
        m_window->grab().save(dir + u"/chat-agent.png"_s);
    }
}

void tst_AgentMode::stopEndsTheLoop()
{
    configure(LlmSettings::AgentMode::Agent);
    m_server.clearQueue();
    m_server.enqueue(calls({{u"index_status"_s, u"{}"_s}}));
    m_server.enqueue(FakeOpenAiServer::stream({u"never"_s, u" arrives"_s}, 3000)); // slow
    QSignalSpy done(m_window->chatController(), &ChatController::answerFinished);
    m_window->ask(u"status"_s);
    QTRY_VERIFY_WITH_TIMEOUT(m_server.chatRequests().size() >= 2 || !done.isEmpty(), 20000);
    m_window->chatController()->stop();
    QVERIFY(done.wait(5000));
    QCOMPARE(done.first().at(1).toString(), u"stopped"_s);
    m_server.clearQueue();
    configure(LlmSettings::AgentMode::Auto);
}

void tst_AgentMode::modelWithoutToolsFallsBack()
{
    configure(LlmSettings::AgentMode::Agent);
    m_server.clearQueue();
    m_server.clearRequests();
    m_server.enqueue(FakeOpenAiServer::error(400, "model fake-agent does not support tools"));
    m_server.enqueue(FakeOpenAiServer::stream({u"Single-shot answer from src/shop/cart.py:18-20."_s}));
    QSignalSpy done(m_window->chatController(), &ChatController::answerFinished);
    m_window->ask(u"How is the total price computed?"_s);
    QVERIFY(done.wait(30000));
    QCOMPARE(done.first().at(1).toString(), u"complete"_s);
    const QList<FakeOpenAiServer::Request> requests = m_server.chatRequests();
    QCOMPARE(requests.size(), 2);
    QVERIFY(requests.at(0).json.contains(u"tools"_s));
    QVERIFY(!requests.at(1).json.contains(u"tools"_s)); // the single-shot request: context, no tools
    const ChatTurn *turn = m_window->chatController()->turnForBlock(done.first().at(0).toInt());
    QVERIFY(turn && !turn->agent);
    QVERIFY(!turn->context.isEmpty());
    // ... and the chat says why.
    AgentStepsView *steps = m_window->chat()->agentSteps(done.first().at(0).toInt());
    QVERIFY(steps);
    QCOMPARE(steps->note(), u"fake-agent does not take tools; answered single-shot instead."_s);
    QVERIFY(turn->trace.notes.contains(u"the model does not take tools: answered single-shot"_s));
    configure(LlmSettings::AgentMode::Auto);
}

void tst_AgentMode::integrationsShowTheCommand()
{
    SettingsBundle bundle;
    bundle.folder = m_root;
    SettingsDialog dialog(bundle, std::make_shared<MemoryCredentialStore>(true));
    dialog.showPage(u"integrations"_s);
    QCOMPARE(dialog.integrationClient()->itemText(0), u"Claude Code"_s);
    QVERIFY2(dialog.integrationText()->toPlainText().startsWith(u"claude mcp add repolens -- "_s),
             qPrintable(dialog.integrationText()->toPlainText()));
    QVERIFY(dialog.integrationText()->toPlainText().endsWith(u" mcp "_s + m_root));
    dialog.integrationClient()->setCurrentIndex(2); // Cursor
    const QJsonObject cursor = QJsonDocument::fromJson(dialog.integrationText()->toPlainText().toUtf8()).object();
    QCOMPARE(cursor.value(u"mcpServers"_s).toObject().value(u"repolens"_s).toObject().value(u"args"_s).toArray(),
             (QJsonArray{u"mcp"_s, m_root}));
    dialog.integrationCopy()->click();
    QCOMPARE(QApplication::clipboard()->text(), dialog.integrationText()->toPlainText());
}

QTEST_MAIN(tst_AgentMode)
#include "tst_agentmode.moc"
