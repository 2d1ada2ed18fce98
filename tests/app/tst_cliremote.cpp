// `repolens-cli search` with a zoekt webserver configured (remote.zoekt_url), run as a program
// against a fake zoekt on 127.0.0.1: remote hits in --json and in the text output, marked as
// remote; a dead server leaves the local results and prints a note; unset, nothing is asked.

#include "../common/fakehttpserver.h"
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

class tst_CliRemote : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void jsonHasRemoteResults();
    void textMarksRemoteResults();
    void deadServerIsANote();
    void unsetAsksNothing();

private:
    using Run = RepoLens::TestCli::Run;
    Run cli(const QStringList &args);
    static QByteArray reply();

    QTemporaryDir m_root;
    QTemporaryDir m_data;
    QTemporaryDir m_config;
    FakeHttpServer m_server{[](const FakeHttpServer::Request &) { return FakeHttpServer::json(reply()); }};
};

QByteArray tst_CliRemote::reply()
{
    const QJsonObject chunk{{QStringLiteral("Content"), QString::fromLatin1(QByteArray("func LoadConfig(path string) error {\n").toBase64())},
                            {QStringLiteral("ContentStart"), QJsonObject{{QStringLiteral("ByteOffset"), 120},
                                                                         {QStringLiteral("LineNumber"), 14},
                                                                         {QStringLiteral("Column"), 1}}},
                            {QStringLiteral("Ranges"), QJsonArray()},
                            {QStringLiteral("FileName"), false},
                            {QStringLiteral("Score"), 25.5}};
    const QJsonObject file{{QStringLiteral("FileName"), QStringLiteral("cmd/config.go")},
                           {QStringLiteral("Repository"), QStringLiteral("github.com/acme/gateway")},
                           {QStringLiteral("Language"), QStringLiteral("Go")},
                           {QStringLiteral("Branches"), QJsonArray{QStringLiteral("main")}},
                           {QStringLiteral("ChunkMatches"), QJsonArray{chunk}},
                           {QStringLiteral("Score"), 87.25}};
    const QJsonObject result{{QStringLiteral("FileCount"), 1}, {QStringLiteral("Files"), QJsonArray{file}}};
    return QJsonDocument(QJsonObject{{QStringLiteral("Result"), result}}).toJson(QJsonDocument::Compact);
}

tst_CliRemote::Run tst_CliRemote::cli(const QStringList &args)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_config.path());
    return RepoLens::TestCli::runServing(QStringList{QStringLiteral("--data-dir"), m_data.path()} + args, env);
}

void tst_CliRemote::initTestCase()
{
    QVERIFY(m_server.listen());
    QDir().mkpath(m_root.filePath(QStringLiteral("src")));
    QFile f(m_root.filePath(QStringLiteral("src/config.py")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("def load_config(path):\n"
            "    \"\"\"Reads the YAML configuration file.\"\"\"\n"
            "    with open(path) as handle:\n"
            "        return handle.read()\n");
    f.close();
    QCOMPARE(cli({QStringLiteral("index"), m_root.path(), QStringLiteral("--no-vectors")}).code, 0);
}

void tst_CliRemote::jsonHasRemoteResults()
{
    QCOMPARE(cli({QStringLiteral("config"), QStringLiteral("remote.zoekt_url"), m_server.rootUrl().toString()}).code, 0);
    m_server.requests.clear();
    const Run r = cli({QStringLiteral("search"), m_root.path(), QStringLiteral("configuration file"), QStringLiteral("--json")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QCOMPARE(m_server.requests.size(), 1);
    QCOMPARE(QJsonDocument::fromJson(m_server.requests.first().body).object().value(QStringLiteral("Q")).toString(),
             QStringLiteral("configuration")); // "file" is a stopword
    const QJsonObject obj = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(obj.value(QStringLiteral("results")).toArray().first().toObject().value(QStringLiteral("path")).toString(),
             QStringLiteral("src/config.py"));
    const QJsonArray remote = obj.value(QStringLiteral("remote_results")).toArray();
    QCOMPARE(remote.size(), 1);
    const QJsonObject expected{{QStringLiteral("engine"), QStringLiteral("zoekt")},
                               {QStringLiteral("repository"), QStringLiteral("github.com/acme/gateway")},
                               {QStringLiteral("path"), QStringLiteral("cmd/config.go")},
                               {QStringLiteral("start_line"), 14},
                               {QStringLiteral("end_line"), 14},
                               {QStringLiteral("line"), 14},
                               {QStringLiteral("language"), QStringLiteral("Go")},
                               {QStringLiteral("snippet"), QStringLiteral("func LoadConfig(path string) error {")},
                               {QStringLiteral("matches"), 1},
                               {QStringLiteral("score"), 87.25},
                               {QStringLiteral("rank"), 1},
                               {QStringLiteral("reasons"), QJsonArray{QStringLiteral("zoekt rank 1")}},
                               {QStringLiteral("branches"), QJsonArray{QStringLiteral("main")}}};
    QCOMPARE(remote.first().toObject(), expected);
    const QJsonObject status = obj.value(QStringLiteral("remote")).toObject();
    QCOMPARE(status.value(QStringLiteral("ok")).toBool(), true);
    QCOMPARE(status.value(QStringLiteral("files")).toInt(), 1);
    QCOMPARE(status.value(QStringLiteral("url")).toString(), m_server.rootUrl().toString() + QStringLiteral("/api/search"));
}

void tst_CliRemote::textMarksRemoteResults()
{
    QCOMPARE(cli({QStringLiteral("config"), QStringLiteral("remote.zoekt_url"), m_server.rootUrl().toString()}).code, 0);
    const Run r = cli({QStringLiteral("search"), m_root.path(), QStringLiteral("configuration file")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("\n1 remote results (zoekt, files not in this index)\n\n"
                                           "remote 1. github.com/acme/gateway cmd/config.go:14-14  zoekt rank 1  score 87.250\n"
                                           "    func LoadConfig(path string) error {\n")),
             qPrintable(r.out));
    // after the local results
    QVERIFY(r.out.indexOf(QStringLiteral("src/config.py")) < r.out.indexOf(QStringLiteral("remote 1.")));
}

void tst_CliRemote::deadServerIsANote()
{
    QTcpServer closed;
    QVERIFY(closed.listen(QHostAddress::LocalHost, 0));
    const QString url = QStringLiteral("http://127.0.0.1:%1").arg(closed.serverPort());
    closed.close();
    QCOMPARE(cli({QStringLiteral("config"), QStringLiteral("remote.zoekt_url"), url}).code, 0);
    const Run r = cli({QStringLiteral("search"), m_root.path(), QStringLiteral("configuration file")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("note: zoekt at %1/api/search failed: Connection refused; local results only\n").arg(url)),
             qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("src/config.py:1-4")));
    QVERIFY(!r.out.contains(QStringLiteral("remote 1.")));
}

void tst_CliRemote::unsetAsksNothing()
{
    QCOMPARE(cli({QStringLiteral("config"), QStringLiteral("remote.zoekt_url"), QString()}).code, 0);
    m_server.requests.clear();
    m_server.connections = 0;
    const Run r = cli({QStringLiteral("search"), m_root.path(), QStringLiteral("configuration file"), QStringLiteral("--json")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QCOMPARE(m_server.connections, 0);
    const QJsonObject obj = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QVERIFY(!obj.contains(QStringLiteral("remote_results")));
    QVERIFY(!obj.contains(QStringLiteral("remote")));
}

QTEST_GUILESS_MAIN(tst_CliRemote)
#include "tst_cliremote.moc"
