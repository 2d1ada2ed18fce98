// `repolens-cli ask` and `summarize` run as programs against the fake OpenAI-compatible server.

#include "llm/fakeopenaiserver.h"
#include "../common/cliprocess.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using RepoLens::Test::FakeOpenAiServer;

class tst_CliAsk : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void streamsAnAnswerWithSources();
    void checksCitations();
    void usesTheSettingsWithoutFlags();
    void retrievalOnlyWithoutAModel();
    void errorsEndClearly();
    void summarizeCountsCallsFirst();
    void invalidCitationsKeepTheirPath();
    void failedModelPrintsNoSources();
    void noLibraryLogLinesByDefault();
    void nothingIndexedIsNotSentToTheModel();
    void incompleteIndexIsNoted();
    void stoppedBeforeAnythingIsSaid();

private:
    using Run = RepoLens::TestCli::Run;
    Run cli(const QStringList &args, const QByteArray &apiKey = "sk-cli-test");

    QTemporaryDir m_root;
    QTemporaryDir m_data;
    QTemporaryDir m_config;
    FakeOpenAiServer m_server;
};

tst_CliAsk::Run tst_CliAsk::cli(const QStringList &args, const QByteArray &apiKey)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_config.path());
    env.insert(QStringLiteral("OPENAI_API_KEY"), QString::fromLatin1(apiKey));
    env.remove(QStringLiteral("REPOLENS_API_KEY"));
    return RepoLens::TestCli::runServing(QStringList{QStringLiteral("--data-dir"), m_data.path()} + args, env);
}

void tst_CliAsk::initTestCase()
{
    QVERIFY(m_server.listen());
    QDir().mkpath(m_root.filePath(QStringLiteral("src")));
    QFile f(m_root.filePath(QStringLiteral("src/config.py")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("def load_config(path):\n"
            "    \"\"\"Reads the YAML configuration file.\"\"\"\n"
            "    with open(path) as handle:\n"
            "        return parse_yaml(handle.read())\n"
            "\n"
            "\n"
            "def parse_yaml(text):\n"
            "    return dict(line.split(': ') for line in text.splitlines())\n");
    f.close();
    QCOMPARE(cli({QStringLiteral("index"), m_root.path(), QStringLiteral("--no-vectors")}).code, 0);
}

void tst_CliAsk::init()
{
    m_server.clearQueue();
    m_server.clearRequests();
}

void tst_CliAsk::streamsAnAnswerWithSources()
{
    m_server.enqueue(FakeOpenAiServer::stream({QStringLiteral("The file is read by `load_config` "),
                                               QStringLiteral("[1] in src/config.py:1-4.")},
                                              20));
    const Run r = cli({QStringLiteral("ask"), m_root.path(), QStringLiteral("where is the configuration file read?"),
                       QStringLiteral("--base-url"), m_server.baseUrl().toString(), QStringLiteral("--model"),
                       QStringLiteral("fake-coder")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY(r.out.startsWith(QStringLiteral("The file is read by `load_config` [1] in src/config.py:1-4.")));
    QVERIFY(r.out.contains(QStringLiteral("Sources:\n  [1] src/config.py:1-4  load_config")));
    QVERIFY(!r.err.contains(QStringLiteral("invalid citation")));
    const FakeOpenAiServer::Request req = m_server.lastChatRequest();
    QCOMPARE(req.json.value(QStringLiteral("model")).toString(), QStringLiteral("fake-coder"));
    QCOMPARE(req.json.value(QStringLiteral("stream")).toBool(), true);
    QCOMPARE(req.headers.value("authorization"), QByteArray("Bearer sk-cli-test"));
    const QJsonArray messages = req.json.value(QStringLiteral("messages")).toArray();
    QCOMPARE(messages.last().toObject().value(QStringLiteral("content")).toString(),
             QStringLiteral("where is the configuration file read?"));
    QVERIFY(messages.first().toObject().value(QStringLiteral("content")).toString().contains(
        QStringLiteral("[1] src/config.py:1-4 (function load_config)")));
}

void tst_CliAsk::checksCitations()
{
    m_server.enqueue(FakeOpenAiServer::stream({QStringLiteral("See src/config.py:2 and src/invented.py:9 and src/config.py:50.")}));
    const Run r = cli({QStringLiteral("ask"), m_root.path(), QStringLiteral("@codebase parse_yaml"), QStringLiteral("--base-url"),
                       m_server.baseUrl().toString(), QStringLiteral("--model"), QStringLiteral("m"), QStringLiteral("--json")});
    QCOMPARE(r.code, 0);
    const QJsonObject obj = QJsonDocument::fromJson(r.out.toUtf8()).object();
    const QJsonArray citations = obj.value(QStringLiteral("citations")).toArray();
    QCOMPARE(citations.size(), 3);
    QVERIFY(citations.at(0).toObject().value(QStringLiteral("valid")).toBool());
    QVERIFY(!citations.at(1).toObject().value(QStringLiteral("valid")).toBool());
    QVERIFY(!citations.at(2).toObject().value(QStringLiteral("valid")).toBool());
    QVERIFY(citations.at(2).toObject().value(QStringLiteral("problem")).toString().contains(QStringLiteral("8 lines")));
    QVERIFY(!obj.value(QStringLiteral("sources")).toArray().isEmpty());
}

void tst_CliAsk::usesTheSettingsWithoutFlags()
{
    QCOMPARE(cli({QStringLiteral("config"), QStringLiteral("llm.url"), m_server.baseUrl().toString()}).code, 0);
    QCOMPARE(cli({QStringLiteral("config"), QStringLiteral("llm.model"), QStringLiteral("from-settings")}).code, 0);
    QCOMPARE(cli({QStringLiteral("config"), QStringLiteral("llm.url"), QStringLiteral("ftp://nope")}).code, 2);
    QVERIFY(cli({QStringLiteral("config")}).out.contains(QStringLiteral("llm.model = from-settings")));
    m_server.enqueue(FakeOpenAiServer::stream({QStringLiteral("ok")}));
    const Run r = cli({QStringLiteral("ask"), m_root.path(), QStringLiteral("load_config")});
    QCOMPARE(r.code, 0);
    QCOMPARE(m_server.lastChatRequest().json.value(QStringLiteral("model")).toString(), QStringLiteral("from-settings"));
    QCOMPARE(cli({QStringLiteral("config"), QStringLiteral("llm.url"), QString()}).code, 0);
}

void tst_CliAsk::retrievalOnlyWithoutAModel()
{
    const Run r = cli({QStringLiteral("ask"), m_root.path(), QStringLiteral("yaml configuration")});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains(QStringLiteral("[1] src/config.py")));
    QVERIFY(r.err.contains(QStringLiteral("No model is configured")));
    QCOMPARE(m_server.chatRequests().size(), 0);
}

void tst_CliAsk::errorsEndClearly()
{
    m_server.enqueue(FakeOpenAiServer::error(404, "model \"ghost\" not found, try pulling it first"));
    Run r = cli({QStringLiteral("ask"), m_root.path(), QStringLiteral("load_config"), QStringLiteral("--base-url"),
                 m_server.baseUrl().toString(), QStringLiteral("--model"), QStringLiteral("ghost")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("does not have this model")), qPrintable(r.err));
    QVERIFY(!r.err.contains(QStringLiteral("sk-cli-test")));
    // a stream cut in the middle keeps what arrived and says so
    FakeOpenAiServer::Response cut;
    cut.chunks = FakeOpenAiServer::sseChunks({QStringLiteral("Half an ans")}, {}, false);
    cut.disconnect = true;
    m_server.enqueue(cut);
    r = cli({QStringLiteral("ask"), m_root.path(), QStringLiteral("load_config"), QStringLiteral("--base-url"),
             m_server.baseUrl().toString(), QStringLiteral("--model"), QStringLiteral("m")});
    QCOMPARE(r.code, 1);
    QVERIFY(r.out.startsWith(QStringLiteral("Half an ans")));
    QVERIFY(r.out.contains(QStringLiteral("[the answer was cut off]")));
}

void tst_CliAsk::summarizeCountsCallsFirst()
{
    m_server.setResponder([](const FakeOpenAiServer::Request &) {
        return FakeOpenAiServer::completion(QStringLiteral("Reads a configuration file."));
    });
    const Run r = cli({QStringLiteral("summarize"), m_root.path(), QStringLiteral("--base-url"), m_server.baseUrl().toString(),
                       QStringLiteral("--model"), QStringLiteral("m")});
    m_server.setResponder({});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY(r.err.contains(QStringLiteral("method summaries: 2 call(s) to m")));
    QVERIFY(r.err.contains(QStringLiteral("2 written")));
    QCOMPARE(m_server.chatRequests().size(), 2);
    const Run again = cli({QStringLiteral("summarize"), m_root.path(), QStringLiteral("--base-url"),
                           m_server.baseUrl().toString(), QStringLiteral("--model"), QStringLiteral("m")});
    QVERIFY(again.err.contains(QStringLiteral("0 call(s)")));
}

// --json: an invalid citation says which path was written (a number: null), never "".
void tst_CliAsk::invalidCitationsKeepTheirPath()
{
    m_server.enqueue(FakeOpenAiServer::stream({QStringLiteral("See src/invented.py:9, config.py:2 and [7].")}));
    const Run r = cli({QStringLiteral("ask"), m_root.path(), QStringLiteral("@codebase parse_yaml"), QStringLiteral("--base-url"),
                       m_server.baseUrl().toString(), QStringLiteral("--model"), QStringLiteral("m"), QStringLiteral("--json")});
    QCOMPARE(r.code, 0);
    const QJsonArray citations = QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("citations")).toArray();
    QCOMPARE(citations.size(), 3);
    QCOMPARE(citations.at(0).toObject().value(QStringLiteral("path")).toString(), QStringLiteral("src/invented.py"));
    // a bare file name is not the file deeper in the folder that ends with it
    QVERIFY(!citations.at(1).toObject().value(QStringLiteral("valid")).toBool());
    QCOMPARE(citations.at(1).toObject().value(QStringLiteral("path")).toString(), QStringLiteral("config.py"));
    QVERIFY(citations.at(1).toObject().value(QStringLiteral("problem")).toString().contains(QStringLiteral("src/config.py")));
    QVERIFY(citations.at(2).toObject().value(QStringLiteral("path")).isNull());
}

void tst_CliAsk::failedModelPrintsNoSources()
{
    m_server.enqueue(FakeOpenAiServer::error(404, "model \"ghost\" not found"));
    const Run r = cli({QStringLiteral("ask"), m_root.path(), QStringLiteral("load_config"), QStringLiteral("--base-url"),
                       m_server.baseUrl().toString(), QStringLiteral("--model"), QStringLiteral("ghost")});
    QCOMPARE(r.code, 1);
    QVERIFY2(!r.out.contains(QStringLiteral("Sources:")), qPrintable(r.out));
    QVERIFY2(r.out.trimmed().isEmpty(), qPrintable(r.out));
}

// The library's info lines (each request made) are not the CLI's output.
void tst_CliAsk::noLibraryLogLinesByDefault()
{
    m_server.enqueue(FakeOpenAiServer::stream({QStringLiteral("ok [1]")}));
    const Run r = cli({QStringLiteral("ask"), m_root.path(), QStringLiteral("load_config"), QStringLiteral("--base-url"),
                       m_server.baseUrl().toString(), QStringLiteral("--model"), QStringLiteral("m")});
    QCOMPARE(r.code, 0);
    QVERIFY2(!r.err.contains(QStringLiteral("POST ")), qPrintable(r.err));
    QVERIFY2(!r.err.contains(QStringLiteral("done in")), qPrintable(r.err));
    QVERIFY2(!r.err.contains(QStringLiteral("repolens.llm")), qPrintable(r.err));
}

// An empty folder: nothing to answer from, so nothing goes to the model.
void tst_CliAsk::nothingIndexedIsNotSentToTheModel()
{
    QTemporaryDir empty;
    QFile blob(empty.filePath(QStringLiteral("image.png")));
    QVERIFY(blob.open(QIODevice::WriteOnly));
    blob.write(QByteArray("\x89PNG\r\n\x1a\n\0\0\0", 11));
    blob.close();
    const Run r = cli({QStringLiteral("ask"), empty.path(), QStringLiteral("how does it work?"), QStringLiteral("--base-url"),
                       m_server.baseUrl().toString(), QStringLiteral("--model"), QStringLiteral("m")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("nothing to search")), qPrintable(r.err));
    QCOMPARE(m_server.chatRequests().size(), 0);
}

// An index stopped half-way (killed after its first batch) says so with the answer.
void tst_CliAsk::incompleteIndexIsNoted()
{
    QTemporaryDir root;
    for (int i = 0; i < 40; ++i) {
        QFile f(root.filePath(QStringLiteral("m%1.py").arg(i)));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("def load_%1(path):\n    return open(path).read()\n").arg(i).toUtf8());
    }
    QProcess p;
    p.setProgram(QStringLiteral(REPOLENS_BINARY_DIR "/app/repolens-cli"));
    p.setArguments({QStringLiteral("--data-dir"), m_data.path(), QStringLiteral("index"), root.path(),
                    QStringLiteral("--no-vectors")});
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_config.path());
    env.insert(QStringLiteral("REPOLENS_DEBUG_CRASH_AT"), QStringLiteral("after-commit"));
    env.insert(QStringLiteral("REPOLENS_EXP_BATCH"), QStringLiteral("5"));
    env.insert(QStringLiteral("REPOLENS_EXP_BATCH_MS"), QStringLiteral("0"));
    p.setProcessEnvironment(env);
    p.start();
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitStatus(), QProcess::CrashExit);
    const Run r = cli({QStringLiteral("ask"), root.path(), QStringLiteral("load_3")});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.err.contains(QStringLiteral("the index is incomplete")), qPrintable(r.err));
}

// An index stopped before any file was written (killed after the scan): `ask` says that, and
// how to go on, instead of "nothing to search: no file is indexed".
void tst_CliAsk::stoppedBeforeAnythingIsSaid()
{
    QTemporaryDir root;
    for (int i = 0; i < 40; ++i) {
        QFile f(root.filePath(QStringLiteral("m%1.py").arg(i)));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("def load_%1(path):\n    return open(path).read()\n").arg(i).toUtf8());
    }
    QProcess p;
    p.setProgram(QStringLiteral(REPOLENS_BINARY_DIR "/app/repolens-cli"));
    p.setArguments({QStringLiteral("--data-dir"), m_data.path(), QStringLiteral("index"), root.path(),
                    QStringLiteral("--no-vectors")});
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_config.path());
    env.insert(QStringLiteral("REPOLENS_DEBUG_CRASH_AT"), QStringLiteral("after-scan"));
    p.setProcessEnvironment(env);
    p.start();
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitStatus(), QProcess::CrashExit);
    m_server.clearRequests();
    const Run r = cli({QStringLiteral("ask"), root.path(), QStringLiteral("load_3"), QStringLiteral("--base-url"),
                       m_server.baseUrl().toString(), QStringLiteral("--model"), QStringLiteral("m")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("indexing of %1 was stopped before any file was indexed").arg(root.path())),
             qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("`repolens-cli index %1` goes on").arg(root.path())), qPrintable(r.err));
    QVERIFY2(!r.err.contains(QStringLiteral("no file in")), qPrintable(r.err));
    QCOMPARE(m_server.chatRequests().size(), 0);
    // search says it too (it found nothing: not because nothing matches)
    const Run s = cli({QStringLiteral("search"), root.path(), QStringLiteral("load_3")});
    QCOMPARE(s.code, 0);
    QVERIFY2(s.err.contains(QStringLiteral("note: the index is incomplete")), qPrintable(s.err));
    const Run j = cli({QStringLiteral("search"), root.path(), QStringLiteral("load_3"), QStringLiteral("--json")});
    QCOMPARE(QJsonDocument::fromJson(j.out.toUtf8()).object().value(QStringLiteral("index_complete")).toBool(true), false);
    // once indexed, neither says so
    QCOMPARE(cli({QStringLiteral("index"), root.path(), QStringLiteral("--no-vectors")}).code, 0);
    const Run done = cli({QStringLiteral("search"), root.path(), QStringLiteral("load_3")});
    QVERIFY2(!done.err.contains(QStringLiteral("incomplete")), qPrintable(done.err));
    QVERIFY2(done.out.contains(QStringLiteral("m3.py")), qPrintable(done.out));
    const Run doneJson = cli({QStringLiteral("search"), root.path(), QStringLiteral("load_3"), QStringLiteral("--json")});
    QCOMPARE(QJsonDocument::fromJson(doneJson.out.toUtf8()).object().value(QStringLiteral("index_complete")).toBool(false), true);
}

QTEST_GUILESS_MAIN(tst_CliAsk)
#include "tst_cliask.moc"
