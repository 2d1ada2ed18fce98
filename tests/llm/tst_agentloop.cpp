// Agent mode against a scripted OpenAI-compatible server that streams real tool_calls deltas:
// several calls in one message with arguments split across chunks, malformed arguments, an
// unknown tool, a model that never answers, a model without tool support, the per-round limit,
// cancellation. Checks what RepoLens sends back, exactly.

#include "fakeopenaiserver.h"

#include "../tools/toolfixture.h"

#include "core/llm/agentloop.h"
#include "core/tools/toolregistry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTimer>

using namespace RepoLens;
using namespace RepoLens::Test;
using namespace RepoLens::ToolTest;
using namespace Qt::StringLiterals;

namespace {

QByteArray sseEvent(const QJsonObject &delta, const QString &finish = {})
{
    const QJsonObject chunk{{u"id"_s, u"chatcmpl-1"_s},
                            {u"object"_s, u"chat.completion.chunk"_s},
                            {u"choices"_s, QJsonArray{QJsonObject{{u"index"_s, 0},
                                                                  {u"delta"_s, delta},
                                                                  {u"finish_reason"_s, finish.isEmpty() ? QJsonValue() : QJsonValue(finish)}}}}};
    return "data: " + QJsonDocument(chunk).toJson(QJsonDocument::Compact) + "\n\n";
}

QJsonObject callStart(int index, const QString &id, const QString &name, const QString &args = {})
{
    return QJsonObject{{u"tool_calls"_s, QJsonArray{QJsonObject{{u"index"_s, index},
                                                               {u"id"_s, id},
                                                               {u"type"_s, u"function"_s},
                                                               {u"function"_s, QJsonObject{{u"name"_s, name}, {u"arguments"_s, args}}}}}}};
}

QJsonObject callArgs(int index, const QString &piece)
{
    return QJsonObject{{u"tool_calls"_s, QJsonArray{QJsonObject{{u"index"_s, index},
                                                               {u"function"_s, QJsonObject{{u"arguments"_s, piece}}}}}}};
}

FakeOpenAiServer::Response toolCalls(const QList<QByteArray> &events)
{
    FakeOpenAiServer::Response r;
    r.chunks = events;
    r.chunks << sseEvent({}, u"tool_calls"_s) << "data: [DONE]\n\n";
    return r;
}

} // namespace

class tst_AgentLoop : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void parallelCallsWithSplitArguments();
    void malformedArgumentsAndUnknownTool();
    void loopThatNeverAnswers();
    void tokenBudgetEndsTheLoop();
    void modelWithoutTools();
    void perRoundLimit();
    void cancelStops();
    void autoModeDecision_data();
    void autoModeDecision();

private:
    LlmEndpoint endpoint() const;
    QList<ChatMessage> conversation() const;
    QTemporaryDir m_root;
    QTemporaryDir m_data;
    FixtureHost m_host;
    std::unique_ptr<ToolRegistry> m_tools;
    FakeOpenAiServer m_server;
};

LlmEndpoint tst_AgentLoop::endpoint() const
{
    LlmEndpoint e;
    e.baseUrl = m_server.baseUrl();
    e.model = u"fake-model"_s;
    e.maxRetries = 0;
    e.timeoutMs = 10000;
    return e;
}

QList<ChatMessage> tst_AgentLoop::conversation() const
{
    return {{u"system"_s, agentInstructions(u"shop"_s), {}, {}}, {u"user"_s, u"How is the total price computed?"_s, {}, {}}};
}

void tst_AgentLoop::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(writeFixture(m_root.path()));
    const QString root = QFileInfo(m_root.path()).canonicalFilePath();
    const QString db = IndexStore::databasePath(m_data.path(), root);
    QVERIFY(Indexer(root, db).run());
    m_host.handles = {RepoHandle{u"shop"_s, root, db}};
    m_tools = std::make_unique<ToolRegistry>(&m_host);
    m_tools->setUseVectors(false);
    QVERIFY(m_server.listen());
}

void tst_AgentLoop::init()
{
    m_server.clearQueue();
    m_server.clearRequests();
    m_server.setDefaultResponse(FakeOpenAiServer::stream({u"default answer"_s}));
}

void tst_AgentLoop::parallelCallsWithSplitArguments()
{
    // Two calls in one message; their arguments arrive in pieces, interleaved.
    m_server.enqueue(toolCalls({sseEvent(callStart(0, u"call_a"_s, u"find_symbol"_s)),
                                sseEvent(callStart(1, u"call_b"_s, u"read"_s, u"{\"pa"_s)),
                                sseEvent(callArgs(0, u"{\"name\": \"total_"_s)),
                                sseEvent(callArgs(1, u"th\": \"src/shop/cart.py\", \"start_line\": 18, "_s)),
                                sseEvent(callArgs(0, u"price\"}"_s)),
                                sseEvent(callArgs(1, u"\"end_line\": 20}"_s))}));
    m_server.enqueue(FakeOpenAiServer::stream({u"`total_price` sums price_of(name) * qty "_s, u"(src/shop/cart.py:18-20)."_s}));
    QList<AgentStep> started, finished;
    QString streamed;
    AgentCallbacks cb;
    cb.stepStarted = [&](const AgentStep &s) { started << s; };
    cb.stepFinished = [&](const AgentStep &s) { finished << s; };
    cb.answerDelta = [&](const QString &d) { streamed += d; };
    const AgentOutcome out = runAgent(endpoint(), conversation(), *m_tools, AgentOptions(), nullptr, cb);
    QVERIFY2(out.ok(), qPrintable(out.error.detail));
    QCOMPARE(out.answer, u"`total_price` sums price_of(name) * qty (src/shop/cart.py:18-20)."_s);
    QCOMPARE(streamed, out.answer);
    QCOMPARE(out.stopReason, u"answered"_s);
    QCOMPARE(started.size(), 2);
    QCOMPARE(finished.size(), 2);
    QCOMPARE(out.steps.at(0).tool, u"find_symbol"_s);
    QCOMPARE(out.steps.at(0).arguments, u"{\"name\": \"total_price\"}"_s);
    QCOMPARE(out.steps.at(1).arguments, u"{\"path\": \"src/shop/cart.py\", \"start_line\": 18, \"end_line\": 20}"_s);
    QCOMPARE(out.steps.at(1).summary, u"read src/shop/cart.py:18-20"_s);

    const QList<FakeOpenAiServer::Request> requests = m_server.chatRequests();
    QCOMPARE(requests.size(), 2);
    // The first offers the read-only tools.
    QStringList offered;
    for (const QJsonValue &t : requests.at(0).json.value(u"tools"_s).toArray())
        offered << t.toObject().value(u"function"_s).toObject().value(u"name"_s).toString();
    QCOMPARE(offered, (QStringList{u"search"_s, u"find_symbol"_s, u"references"_s, u"outline"_s, u"impact"_s, u"read"_s,
                                   u"grep"_s, u"index_status"_s, u"list_repos"_s}));
    QCOMPARE(requests.at(0).json.value(u"tool_choice"_s).toString(), u"auto"_s);
    // The second carries the assistant's calls and one tool message per call, in order.
    const QJsonArray messages = requests.at(1).json.value(u"messages"_s).toArray();
    QCOMPARE(messages.size(), 5);
    const QJsonObject assistant = messages.at(2).toObject();
    QCOMPARE(assistant.value(u"role"_s).toString(), u"assistant"_s);
    const QJsonArray calls = assistant.value(u"tool_calls"_s).toArray();
    QCOMPARE(calls.size(), 2);
    QCOMPARE(calls.at(0).toObject().value(u"id"_s).toString(), u"call_a"_s);
    QCOMPARE(calls.at(0).toObject().value(u"function"_s).toObject().value(u"name"_s).toString(), u"find_symbol"_s);
    QCOMPARE(calls.at(1).toObject().value(u"function"_s).toObject().value(u"arguments"_s).toString(),
             u"{\"path\": \"src/shop/cart.py\", \"start_line\": 18, \"end_line\": 20}"_s);
    const QJsonObject first = messages.at(3).toObject();
    QCOMPARE(first.value(u"role"_s).toString(), u"tool"_s);
    QCOMPARE(first.value(u"tool_call_id"_s).toString(), u"call_a"_s);
    QVERIFY2(first.value(u"content"_s).toString().contains(u"src/shop/cart.py:18-20  function def total_price(items)"_s),
             qPrintable(first.value(u"content"_s).toString()));
    const QJsonObject second = messages.at(4).toObject();
    QCOMPARE(second.value(u"tool_call_id"_s).toString(), u"call_b"_s);
    QVERIFY2(second.value(u"content"_s).toString().contains(u"18  def total_price(items):\n"_s), qPrintable(second.value(u"content"_s).toString()));
    // What the model read may be cited.
    bool readSource = false;
    for (const AgentSource &s : out.sources)
        readSource = readSource || (s.tool == u"read"_s && s.path == u"src/shop/cart.py"_s && s.startLine == 18 && s.endLine == 20);
    QVERIFY(readSource);
    QCOMPARE(out.rounds.size(), 2);
    QCOMPARE(out.rounds.at(0).toolCalls, 2);
}

void tst_AgentLoop::malformedArgumentsAndUnknownTool()
{
    m_server.enqueue(toolCalls({sseEvent(callStart(0, u"c1"_s, u"read"_s, u"{\"path\": \"src/"_s)),
                                sseEvent(callStart(1, u"c2"_s, u"delete_repo"_s, u"{}"_s))}));
    m_server.enqueue(FakeOpenAiServer::stream({u"I could not read it."_s}));
    const AgentOutcome out = runAgent(endpoint(), conversation(), *m_tools, AgentOptions());
    QVERIFY(out.ok());
    QCOMPARE(out.steps.size(), 2);
    QVERIFY(out.steps.at(0).error);
    QVERIFY(out.steps.at(1).error);
    const QJsonArray messages = m_server.chatRequests().at(1).json.value(u"messages"_s).toArray();
    QVERIFY2(messages.at(3).toObject().value(u"content"_s).toString().startsWith(u"error: the arguments are not a JSON object"_s),
             qPrintable(messages.at(3).toObject().value(u"content"_s).toString()));
    QCOMPARE(messages.at(4).toObject().value(u"content"_s).toString(),
             u"error: there is no tool \"delete_repo\"; the tools are search, find_symbol, references, outline, impact, read, "
             "grep, index_status, list_repos"_s);
}

void tst_AgentLoop::loopThatNeverAnswers()
{
    // Every answer is another search.
    m_server.setResponder([](const FakeOpenAiServer::Request &) {
        return toolCalls({sseEvent(callStart(0, u"again"_s, u"search"_s, u"{\"query\": \"price\"}"_s))});
    });
    AgentOptions options;
    options.maxRounds = 2;
    const AgentOutcome out = runAgent(endpoint(), conversation(), *m_tools, options);
    m_server.setResponder({});
    const QList<FakeOpenAiServer::Request> requests = m_server.chatRequests();
    QCOMPARE(requests.size(), 3); // two rounds of tools, then one request that must answer
    QCOMPARE(requests.at(2).json.value(u"tool_choice"_s).toString(), u"none"_s);
    const QJsonArray last = requests.at(2).json.value(u"messages"_s).toArray();
    QVERIFY(last.last().toObject().value(u"content"_s).toString().startsWith(u"That is the last tool result you get (round limit)"_s));
    QCOMPARE(out.steps.size(), 2);
    QCOMPARE(out.stopReason, u"no answer"_s);
    QVERIFY(out.error.isError());
    QVERIFY(out.answer.isEmpty());
}

// Tool results past the token budget: no more rounds, the next request must answer.
void tst_AgentLoop::tokenBudgetEndsTheLoop()
{
    m_server.enqueue(toolCalls({sseEvent(callStart(0, u"r1"_s, u"read"_s, u"{\"path\": \"src/shop/cart.py\"}"_s))}));
    m_server.enqueue(FakeOpenAiServer::stream({u"`total_price` is at src/shop/cart.py:18."_s}));
    AgentOptions options;
    options.budgetTokens = 40; // one read of cart.py is more
    const AgentOutcome out = runAgent(endpoint(), conversation(), *m_tools, options);
    QVERIFY2(out.ok(), qPrintable(out.error.detail));
    QVERIFY(out.toolTokens >= 40);
    QCOMPARE(out.stopReason, u"token budget"_s);
    QCOMPARE(out.answer, u"`total_price` is at src/shop/cart.py:18."_s);
    const QList<FakeOpenAiServer::Request> requests = m_server.chatRequests();
    QCOMPARE(requests.size(), 2);
    QCOMPARE(requests.at(0).json.value(u"tool_choice"_s).toString(), u"auto"_s);
    QCOMPARE(requests.at(1).json.value(u"tool_choice"_s).toString(), u"none"_s);
    const QJsonArray last = requests.at(1).json.value(u"messages"_s).toArray();
    QCOMPARE(last.last().toObject().value(u"content"_s).toString(),
             u"That is the last tool result you get (token budget). Answer the question now from what the tools "
             "returned, citing path:line."_s);
    QCOMPARE(out.steps.size(), 1);
    QCOMPARE(out.rounds.size(), 2);
}

void tst_AgentLoop::modelWithoutTools()
{
    m_server.enqueue(FakeOpenAiServer::error(400, "registry.ollama.ai/library/llama2:latest does not support tools"));
    const AgentOutcome out = runAgent(endpoint(), conversation(), *m_tools, AgentOptions());
    QVERIFY(out.toolsUnsupported);
    QVERIFY(!out.ok());
    QCOMPARE(m_server.chatRequests().size(), 1);
}

void tst_AgentLoop::perRoundLimit()
{
    m_server.enqueue(toolCalls({sseEvent(callStart(0, u"a"_s, u"index_status"_s, u"{}"_s)),
                                sseEvent(callStart(1, u"b"_s, u"list_repos"_s, u"{}"_s)),
                                sseEvent(callStart(2, u"c"_s, u"index_status"_s, u"{}"_s))}));
    m_server.enqueue(FakeOpenAiServer::stream({u"done"_s}));
    AgentOptions options;
    options.maxCallsPerRound = 2;
    const AgentOutcome out = runAgent(endpoint(), conversation(), *m_tools, options);
    QVERIFY(out.ok());
    QCOMPARE(out.steps.size(), 3);
    QVERIFY(!out.steps.at(0).error);
    QVERIFY(!out.steps.at(1).error);
    QCOMPARE(out.steps.at(2).result, u"error: not run: at most 2 tool calls per message"_s);
    // every call still gets its tool message
    QCOMPARE(m_server.chatRequests().at(1).json.value(u"messages"_s).toArray().size(), 6);
}

void tst_AgentLoop::cancelStops()
{
    FakeOpenAiServer::Response slow = FakeOpenAiServer::stream({u"a"_s, u"b"_s, u"c"_s}, 2000);
    m_server.enqueue(slow);
    std::atomic_bool cancel{false};
    QTimer::singleShot(200, [&] { cancel = true; });
    QElapsedTimer t;
    t.start();
    const AgentOutcome out = runAgent(endpoint(), conversation(), *m_tools, AgentOptions(), &cancel);
    QCOMPARE(out.error.kind, LlmErrorKind::Cancelled);
    QCOMPARE(out.stopReason, u"cancelled"_s);
    QVERIFY(t.elapsed() < 3000); // not after the whole stream (not a timing test: the stream takes 6 s)
}

void tst_AgentLoop::autoModeDecision_data()
{
    QTest::addColumn<QString>("question");
    QTest::addColumn<bool>("agent");
    QTest::newRow("how") << u"How does a Session decide to retry a request?"_s << true;
    QTest::newRow("trace") << u"Trace the flow from checkout to the price lookup"_s << true;
    QTest::newRow("traceback") << u"Traceback (most recent call last):\n  File a.py\n    x()\nKeyError: 'apple'"_s << true;
    QTest::newRow("who calls") << u"who calls total_price"_s << false;
    QTest::newRow("identifier") << u"total_price"_s << false;
    QTest::newRow("short") << u"cart add method"_s << false;
    QTest::newRow("lookup") << u"Show me the function that returns the price of one item"_s << false;
}

void tst_AgentLoop::autoModeDecision()
{
    QFETCH(QString, question);
    QFETCH(bool, agent);
    QString why;
    QCOMPARE(agentHelps(question, &why), agent);
    QVERIFY(!why.isEmpty());
}

QTEST_GUILESS_MAIN(tst_AgentLoop)
#include "tst_agentloop.moc"
