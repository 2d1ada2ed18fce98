// `repolens-cli ask --agent` as a program against a scripted OpenAI-compatible server that
// streams tool_calls: the steps go to stderr, the answer to stdout, --json carries the steps;
// a model without tool support is answered single-shot with a note.

#include "llm/fakeopenaiserver.h"
#include "../common/cliprocess.h"
#include "tools/toolfixture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>

using RepoLens::Test::FakeOpenAiServer;
using namespace Qt::StringLiterals;

namespace {

FakeOpenAiServer::Response calls(const QString &tool, const QString &args)
{
    const QJsonObject delta{{u"tool_calls"_s, QJsonArray{QJsonObject{{u"index"_s, 0}, {u"id"_s, u"c1"_s}, {u"type"_s, u"function"_s},
                                                                    {u"function"_s, QJsonObject{{u"name"_s, tool}, {u"arguments"_s, args}}}}}}};
    FakeOpenAiServer::Response r;
    for (const QJsonObject &choice : {QJsonObject{{u"index"_s, 0}, {u"delta"_s, delta}},
                                      QJsonObject{{u"index"_s, 0}, {u"delta"_s, QJsonObject()}, {u"finish_reason"_s, u"tool_calls"_s}}})
        r.chunks << "data: " + QJsonDocument(QJsonObject{{u"choices"_s, QJsonArray{choice}}}).toJson(QJsonDocument::Compact) + "\n\n";
    r.chunks << "data: [DONE]\n\n";
    return r;
}

} // namespace

class tst_CliAgent : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void stepsOnStderrAnswerOnStdout();
    void jsonCarriesTheSteps();
    void modelWithoutToolsFallsBack();

private:
    using Run = RepoLens::TestCli::Run;
    Run cli(const QStringList &args);
    QTemporaryDir m_root;
    QTemporaryDir m_data;
    QTemporaryDir m_config;
    FakeOpenAiServer m_server;
};

tst_CliAgent::Run tst_CliAgent::cli(const QStringList &args)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"XDG_CONFIG_HOME"_s, m_config.path());
    env.insert(u"OPENAI_API_KEY"_s, u"sk-agent-test"_s);
    return RepoLens::TestCli::runServing(QStringList{u"--data-dir"_s, m_data.path()} + args
                                             + QStringList{u"--base-url"_s, m_server.baseUrl().toString(), u"--model"_s,
                                                           u"fake-agent"_s},
                                         env, 120000);
}

void tst_CliAgent::initTestCase()
{
    QVERIFY(m_server.listen());
    QVERIFY(RepoLens::ToolTest::writeFixture(m_root.path()));
    QProcess index;
    index.start(QStringLiteral(REPOLENS_BINARY_DIR "/app/repolens-cli"),
                {u"--data-dir"_s, m_data.path(), u"index"_s, m_root.path(), u"--no-vectors"_s});
    QVERIFY(index.waitForFinished(120000));
    QCOMPARE(index.exitCode(), 0);
}

void tst_CliAgent::stepsOnStderrAnswerOnStdout()
{
    m_server.clearRequests();
    m_server.enqueue(calls(u"find_symbol"_s, u"{\"name\": \"price_of\"}"_s));
    m_server.enqueue(FakeOpenAiServer::stream({u"`price_of` looks the name up in PRICES "_s, u"(src/shop/cart.py:23-24).\n"_s}));
    const Run r = cli({u"ask"_s, m_root.path(), u"what does price_of do"_s, u"--agent"_s});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QCOMPARE(r.out, u"`price_of` looks the name up in PRICES (src/shop/cart.py:23-24).\n"_s);
    QVERIFY2(r.err.contains(u"step 1: find_symbol {\"name\":\"price_of\"} -> 1 definition(s) of price_of"_s), qPrintable(r.err));
    QVERIFY2(r.err.contains(u"agent: 1 step(s) in 2 request(s), stopped: answered"_s), qPrintable(r.err));
    QVERIFY(!r.err.contains(u"invalid citation"_s));
    const QJsonArray messages = m_server.chatRequests().at(1).json.value(u"messages"_s).toArray();
    QCOMPARE(messages.last().toObject().value(u"tool_call_id"_s).toString(), u"c1"_s);
    QVERIFY(messages.last().toObject().value(u"content"_s).toString().contains(u"src/shop/cart.py:23-24"_s));
}

void tst_CliAgent::jsonCarriesTheSteps()
{
    m_server.enqueue(calls(u"read"_s, u"{\"path\": \"src/shop/checkout.py\", \"start_line\": 4, \"end_line\": 9}"_s));
    m_server.enqueue(FakeOpenAiServer::stream({u"checkout builds a Cart (src/shop/checkout.py:4-9) and src/shop/nope.py:1."_s}));
    const Run r = cli({u"ask"_s, m_root.path(), u"How does the checkout function work?"_s, u"--json"_s}); // Auto: "How ..." takes the loop
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject obj = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(obj.value(u"mode"_s).toString(), u"agent"_s);
    const QJsonArray steps = obj.value(u"steps"_s).toArray();
    QCOMPARE(steps.size(), 1);
    QCOMPARE(steps.first().toObject().value(u"tool"_s).toString(), u"read"_s);
    QCOMPARE(steps.first().toObject().value(u"summary"_s).toString(), u"read src/shop/checkout.py:4-9"_s);
    QCOMPARE(obj.value(u"stop"_s).toString(), u"answered"_s);
    QStringList valid;
    for (const QJsonValue &c : obj.value(u"citations"_s).toArray())
        valid << c.toObject().value(u"text"_s).toString() + (c.toObject().value(u"valid"_s).toBool() ? u" ok"_s : u" invalid"_s);
    QCOMPARE(valid, (QStringList{u"src/shop/checkout.py:4-9 ok"_s, u"src/shop/nope.py:1 invalid"_s}));
}

void tst_CliAgent::modelWithoutToolsFallsBack()
{
    m_server.clearRequests();
    m_server.enqueue(FakeOpenAiServer::error(400, "this model does not support tools"));
    m_server.enqueue(FakeOpenAiServer::stream({u"Single-shot."_s}));
    const Run r = cli({u"ask"_s, m_root.path(), u"what does price_of do"_s, u"--agent"_s});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY(r.out.startsWith(u"Single-shot."_s));
    QVERIFY2(r.err.contains(u"note: the model does not take tools"_s), qPrintable(r.err));
    QCOMPARE(m_server.chatRequests().size(), 2);
}

QTEST_GUILESS_MAIN(tst_CliAgent)
#include "tst_cliagent.moc"
