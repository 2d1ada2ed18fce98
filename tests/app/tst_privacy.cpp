// Private by default, and careful with keys and storage:
// - the CLI (index, search, ask) and the desktop app (--self-test: index, ask, open the hit) run
//   with no configuration under an LD_PRELOAD shim that logs every connect() / sendto() /
//   sendmsg(): no inet or inet6 destination may appear;
// - with an endpoint and an API key configured, the key never shows up in the output (debug
//   logging on, errors included), the settings files or the data folder;
// - a read-only data folder is a clear error and the index stays intact;
// - credentials in the repository never reach an endpoint: key blocks, credentials
//   files and credential-like assignments are withheld from what `index` sends to an embedding
//   endpoint and what `ask "explain @FILE"` sends to a chat endpoint, every request logged by a
//   fake server on 127.0.0.1; What Was Sent records where text was withheld; with
//   send_credentials on, the same files do arrive (the check can fail).

#include "core/store/conversationstore.h"
#include "core/store/indexstore.h"
#include "llm/fakeopenaiserver.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QScopeGuard>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using RepoLens::Test::FakeOpenAiServer;

class tst_Privacy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cliSendsNothingWithoutConfiguration();
    void appSendsNothingWithoutConfiguration();
    void apiKeysNeverAppearInLogsOrFiles();
    void readOnlyDataFolderIsAClearError();
    void keysNeverReachTheEmbeddingEndpoint();
    void credentialsNeverReachTheChatEndpoint_data();
    void credentialsNeverReachTheChatEndpoint();
    void whatWasSentSaysWhereTextWasWithheld();
    void noPathSendsTheRepositorysSecrets_data();
    void noPathSendsTheRepositorysSecrets();

private:
    struct Run
    {
        int code = -1;
        QString out;
        QString err;
    };
    // Runs a program with a clean environment: fresh HOME / XDG folders, no API keys.
    Run run(const QString &program, const QStringList &args, const QProcessEnvironment &extra = {},
            int timeoutMs = 180000);
    QStringList networkDestinations() const; // inet / inet6 lines of the connect log
    static QString cli() { return QStringLiteral(REPOLENS_BINARY_DIR "/app/repolens-cli"); }

    // A private key made by ssh-keygen (a real process), or nothing when it is missing.
    static QByteArray makeKey(const QString &dir, const QStringList &args);
    static void writeFile(const QString &root, const QString &rel, const QByteArray &text);

    QTemporaryDir m_root;
    QTemporaryDir m_home;
    QString m_log;
    QTemporaryDir m_secretsRoot; // the chat cases
    QString m_chatData;
    QTemporaryDir m_leakRoot;    // every path: a key, a token, a password, a command line
    QList<QByteArray> m_leakSecrets;
    void writeLeakFixture();
};

void tst_Privacy::initTestCase()
{
    QVERIFY(QFileInfo::exists(QStringLiteral(REPOLENS_CONNECT_LOGGER)));
    m_log = m_home.filePath(QStringLiteral("connect.log"));
    const auto write = [&](const QString &rel, const QByteArray &text) {
        const QString path = m_root.filePath(rel);
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
    };
    write(QStringLiteral("src/config.py"),
          "def load_config(path):\n    \"\"\"Reads the YAML configuration file.\"\"\"\n"
          "    with open(path) as handle:\n        return parse_yaml(handle.read())\n\n\n"
          "def parse_yaml(text):\n    return dict(line.split(': ') for line in text.splitlines())\n");
    write(QStringLiteral("src/server.cpp"),
          "#include <string>\n\nclass Server {\npublic:\n    void listen(int port) { m_port = port; }\n\n"
          "private:\n    int m_port = 0;\n};\n");
    write(QStringLiteral("README.md"), "# Demo\n\nReads configuration and starts a server.\n");
}

tst_Privacy::Run tst_Privacy::run(const QString &program, const QStringList &args,
                                  const QProcessEnvironment &extra, int timeoutMs)
{
    QProcess p;
    p.setProgram(program);
    p.setArguments(args);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"OPENAI_API_KEY", "REPOLENS_API_KEY", "ANTHROPIC_API_KEY", "http_proxy",
                             "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "QT_LOGGING_RULES"})
        env.remove(QString::fromLatin1(name));
    env.insert(QStringLiteral("HOME"), m_home.path());
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_home.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.filePath(QStringLiteral("data")));
    env.insert(QStringLiteral("XDG_CACHE_HOME"), m_home.filePath(QStringLiteral("cache")));
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_home.path());
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("LD_PRELOAD"), QStringLiteral(REPOLENS_CONNECT_LOGGER));
    env.insert(QStringLiteral("REPOLENS_CONNECT_LOG"), m_log);
    // Sanitizer builds: the shim is not instrumented and comes first.
    env.insert(QStringLiteral("ASAN_OPTIONS"), env.value(QStringLiteral("ASAN_OPTIONS"))
                                                   + QStringLiteral(":verify_asan_link_order=0:detect_leaks=0"));
    for (const QString &key : extra.keys())
        env.insert(key, extra.value(key));
    p.setProcessEnvironment(env);
    p.setProgram(program);
    p.start();
    // A fake server may live on this thread: keep the event loop going.
    QElapsedTimer t;
    t.start();
    while (p.state() != QProcess::NotRunning && t.elapsed() < timeoutMs) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        p.waitForFinished(10);
    }
    if (p.state() != QProcess::NotRunning) {
        p.kill();
        p.waitForFinished();
    }
    return Run{p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
               QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

QStringList tst_Privacy::networkDestinations() const
{
    QFile f(m_log);
    QStringList out;
    if (!f.open(QIODevice::ReadOnly))
        return out;
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line.contains(" inet ") || line.contains(" inet6 "))
            out << QString::fromUtf8(line);
    }
    return out;
}

void tst_Privacy::cliSendsNothingWithoutConfiguration()
{
    QFile::remove(m_log);
    const QString data = m_home.filePath(QStringLiteral("cli-data"));
    Run r = run(cli(), {QStringLiteral("--data-dir"), data, QStringLiteral("index"), m_root.path()});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    r = run(cli(), {QStringLiteral("--data-dir"), data, QStringLiteral("search"), m_root.path(),
                    QStringLiteral("where is the configuration read")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY(r.out.contains(QStringLiteral("src/config.py")));
    r = run(cli(), {QStringLiteral("--data-dir"), data, QStringLiteral("ask"), m_root.path(),
                    QStringLiteral("how is the YAML configuration parsed?")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY(r.out.contains(QStringLiteral("src/config.py")));
    // The shim works (the log exists once anything at all was logged, e.g. D-Bus): check it
    // on a process that does connect.
    const QStringList network = networkDestinations();
    QVERIFY2(network.isEmpty(), qPrintable(network.join(u'\n')));
}

void tst_Privacy::appSendsNothingWithoutConfiguration()
{
    const QString app = QStringLiteral(REPOLENS_BINARY_DIR "/app/repolens");
    if (!QFileInfo::exists(app))
        QSKIP("the desktop app is not built (REPOLENS_BUILD_GUI=OFF)");
    QFile::remove(m_log);
    const Run r = run(app, {QStringLiteral("--self-test")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QStringList network = networkDestinations();
    QVERIFY2(network.isEmpty(), qPrintable(network.join(u'\n')));
}

void tst_Privacy::apiKeysNeverAppearInLogsOrFiles()
{
    FakeOpenAiServer server;
    QVERIFY(server.listen());
    QString key = QStringLiteral("sk-test-");
    for (int i = 0; i < 40; ++i)
        key += QChar(u'a' + QRandomGenerator::global()->bounded(26));
    QProcessEnvironment env;
    env.insert(QStringLiteral("OPENAI_API_KEY"), key);
    env.insert(QStringLiteral("REPOLENS_API_KEY"), key);
    env.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("repolens.*=true"));
    const QString data = m_home.filePath(QStringLiteral("key-data"));
    QString everything;
    QFile::remove(m_log);
    Run r = run(cli(), {QStringLiteral("--data-dir"), data, QStringLiteral("config"), QStringLiteral("llm.url"),
                        server.baseUrl().toString()}, env);
    QCOMPARE(r.code, 0);
    r = run(cli(), {QStringLiteral("--data-dir"), data, QStringLiteral("config"), QStringLiteral("llm.model"),
                    QStringLiteral("fake-coder")}, env);
    QCOMPARE(r.code, 0);
    r = run(cli(), {QStringLiteral("--data-dir"), data, QStringLiteral("index"), m_root.path(),
                    QStringLiteral("--no-vectors")}, env);
    QCOMPARE(r.code, 0);
    everything += r.out + r.err;
    // Rejected key, server error, then a real answer: every path that prints or logs.
    server.enqueue(FakeOpenAiServer::error(401, "Incorrect API key provided: " + key.toUtf8(), "invalid_api_key"));
    r = run(cli(), {QStringLiteral("--data-dir"), data, QStringLiteral("ask"), m_root.path(),
                    QStringLiteral("where is the configuration read?")}, env);
    everything += r.out + r.err;
    QVERIFY(r.code != 0);
    server.enqueue(FakeOpenAiServer::error(500, "upstream failed for Bearer " + key.toUtf8()));
    server.enqueue(FakeOpenAiServer::error(500, "upstream failed for Bearer " + key.toUtf8()));
    server.enqueue(FakeOpenAiServer::error(500, "upstream failed for Bearer " + key.toUtf8()));
    server.enqueue(FakeOpenAiServer::error(500, "upstream failed for Bearer " + key.toUtf8()));
    r = run(cli(), {QStringLiteral("--data-dir"), data, QStringLiteral("ask"), m_root.path(),
                    QStringLiteral("where is the configuration read?")}, env);
    everything += r.out + r.err;
    server.clearQueue();
    server.enqueue(FakeOpenAiServer::stream({QStringLiteral("It is read by load_config [1].")}));
    r = run(cli(), {QStringLiteral("--data-dir"), data, QStringLiteral("ask"), m_root.path(),
                    QStringLiteral("where is the configuration read?")}, env);
    everything += r.out + r.err;
    QVERIFY2(r.code == 0, qPrintable(r.err));
    // The key did go where it belongs...
    QCOMPARE(server.lastChatRequest().headers.value("authorization"), "Bearer " + key.toUtf8());
    // ...which the connect() logger saw: it does catch Qt's connections.
    const QString fake = QStringLiteral("connect inet 127.0.0.1 %1").arg(server.baseUrl().port());
    QVERIFY2(networkDestinations().contains(fake), qPrintable(networkDestinations().join(u'\n')));
    // ...and nowhere else.
    QVERIFY2(!everything.contains(key), "the API key was printed");
    QVERIFY2(!everything.contains(key.mid(8, 20)), "part of the API key was printed");
    QDirIterator files(m_home.path(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    int checked = 0;
    while (files.hasNext()) {
        const QString path = files.next();
        if (path == m_log)
            continue;
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY2(!f.readAll().contains(key.toUtf8()), qPrintable(path));
        ++checked;
    }
    QVERIFY(checked >= 2); // at least the settings file and the database
}

void tst_Privacy::readOnlyDataFolderIsAClearError()
{
    const QString data = m_home.filePath(QStringLiteral("ro-data"));
    QDir().mkpath(data);
    Run r = run(cli(), {QStringLiteral("--data-dir"), data, QStringLiteral("index"), m_root.path(),
                        QStringLiteral("--no-vectors")});
    QCOMPARE(r.code, 0);
    const QString db = RepoLens::IndexStore::databasePath(data, m_root.path());
    // Something to write next time.
    QFile more(m_root.filePath(QStringLiteral("src/extra.py")));
    QVERIFY(more.open(QIODevice::WriteOnly));
    more.write("def extra_function():\n    pass\n");
    more.close();

    const QStringList indexArgs = {QStringLiteral("--data-dir"), data, QStringLiteral("index"), m_root.path(),
                                   QStringLiteral("--no-vectors")};
    if (::geteuid() != 0) {
        QFile::setPermissions(QFileInfo(db).absolutePath(), QFileDevice::ReadOwner | QFileDevice::ExeOwner);
        QFile::setPermissions(db, QFileDevice::ReadOwner);
        r = run(cli(), indexArgs);
        QFile::setPermissions(QFileInfo(db).absolutePath(),
                              QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        QFile::setPermissions(db, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    } else {
        // root ignores permissions: a read-only bind mount in a private mount namespace.
        QProcess probe;
        probe.start(QStringLiteral("unshare"), {QStringLiteral("-m"), QStringLiteral("true")});
        if (!probe.waitForFinished(10000) || probe.exitCode() != 0)
            QSKIP("running as root without mount namespaces: cannot make a read-only folder");
        const QString folder = QFileInfo(db).absolutePath();
        QStringList shellArgs = {QStringLiteral("-m"), QStringLiteral("sh"), QStringLiteral("-c"),
                                 QStringLiteral("mount --bind \"$0\" \"$0\" && mount -o remount,bind,ro \"$0\" && exec \"$@\""),
                                 folder, cli()};
        shellArgs += indexArgs;
        r = run(QStringLiteral("unshare"), shellArgs);
    }
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("read-only")), qPrintable(r.err));
    QVERIFY2(r.err.count(u'\n') <= 3, qPrintable(r.err)); // one clear message, not a dump
    // Untouched and consistent.
    auto store = RepoLens::IndexStore::open(db, RepoLens::IndexStore::Mode::ReadOnly);
    QVERIFY(store);
    QVERIFY((*store)->checkIntegrity(true));
    QVERIFY((*store)->symbols().named(QStringLiteral("extra_function")).isEmpty());
    QVERIFY(!(*store)->symbols().named(QStringLiteral("load_config")).isEmpty());
    QFile::remove(m_root.filePath(QStringLiteral("src/extra.py")));
}

QByteArray tst_Privacy::makeKey(const QString &dir, const QStringList &args)
{
    QProcess keygen;
    keygen.start(QStringLiteral("ssh-keygen"), args + QStringList{QStringLiteral("-q"), QStringLiteral("-N"), QString(),
                                                                  QStringLiteral("-C"), QStringLiteral("deploy@ci"),
                                                                  QStringLiteral("-f"), dir + QStringLiteral("/key")});
    if (!keygen.waitForFinished(60000) || keygen.exitCode() != 0)
        return {};
    QFile f(dir + QStringLiteral("/key"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

void tst_Privacy::writeFile(const QString &root, const QString &rel, const QByteArray &text)
{
    const QString path = root + u'/' + rel;
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

// With embed.url set, a Python file holding an RSA key, an ssh-keygen deploy_key and
// an AWS credentials file used to send their key bodies and secret to /v1/embeddings.
void tst_Privacy::keysNeverReachTheEmbeddingEndpoint()
{
    QTemporaryDir keys;
    const QByteArray rsa = makeKey(keys.path(), {QStringLiteral("-t"), QStringLiteral("rsa"), QStringLiteral("-b"),
                                                 QStringLiteral("2048"), QStringLiteral("-m"), QStringLiteral("PEM")});
    QFile::remove(keys.filePath(QStringLiteral("key")));
    QFile::remove(keys.filePath(QStringLiteral("key.pub")));
    const QByteArray openssh = makeKey(keys.path(), {QStringLiteral("-t"), QStringLiteral("ed25519")});
    if (rsa.isEmpty() || openssh.isEmpty())
        QSKIP("ssh-keygen is not installed");
    QVERIFY(rsa.startsWith("-----BEGIN RSA PRIVATE KEY-----"));
    QVERIFY(openssh.startsWith("-----BEGIN OPENSSH PRIVATE KEY-----"));
    const QByteArray awsSecret = "u8Fq2/Lr9ZkP0wXc7VbN3mT6yHs1JdGe4QaR5oKi";

    QTemporaryDir root;
    writeFile(root.path(), QStringLiteral("src/signing.py"),
              "\"\"\"Signs release manifests.\"\"\"\nimport rsa\n\nPRIVATE_KEY = \"\"\"" + rsa.trimmed()
                  + "\"\"\"\n\n\ndef sign_manifest(manifest):\n    return rsa.sign(manifest, PRIVATE_KEY, \"SHA-256\")\n");
    writeFile(root.path(), QStringLiteral("deploy/deploy_key"), openssh);
    writeFile(root.path(), QStringLiteral("deploy/deploy_key.pub"), "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDeploy deploy@ci\n");
    writeFile(root.path(), QStringLiteral("deploy/aws-credentials.ini"),
              "[default]\naws_access_key_id = AKIAQ3EGRTJ7VXMPLE42\naws_secret_access_key = " + awsSecret
                  + "\nregion = eu-west-1\n");
    writeFile(root.path(), QStringLiteral("src/app.py"), "def main():\n    print(sign_manifest(b'{}'))\n");

    FakeOpenAiServer server;
    QVERIFY(server.listen());
    const QString data = m_home.filePath(QStringLiteral("embed-data"));
    QCOMPARE(run(cli(), {QStringLiteral("config"), QStringLiteral("embed.url"), server.baseUrl().toString()}).code, 0);
    QCOMPARE(run(cli(), {QStringLiteral("config"), QStringLiteral("embed.model"), QStringLiteral("fake-embed")}).code, 0);
    const auto sentTexts = [&] {
        QStringList texts;
        for (const FakeOpenAiServer::Request &r : server.embeddingRequests()) {
            for (const QJsonValue &v : r.json.value(QStringLiteral("input")).toArray())
                texts << v.toString();
        }
        return texts.join(u'\n');
    };
    // The key lines: everything between the armour lines.
    QList<QByteArray> secretLines;
    for (const QByteArray &key : {rsa, openssh}) {
        for (const QByteArray &line : key.split('\n')) {
            if (!line.isEmpty() && !line.startsWith("-----"))
                secretLines << line;
        }
    }
    QVERIFY(secretLines.size() >= 25 + 5);
    const auto leaks = [&](const QString &sent) {
        QStringList found;
        for (const QByteArray &line : std::as_const(secretLines)) {
            if (sent.contains(QString::fromLatin1(line)))
                found << QString::fromLatin1(line);
        }
        if (sent.contains(QString::fromLatin1(awsSecret)))
            found << QString::fromLatin1(awsSecret);
        return found;
    };

    Run r = run(cli(), {QStringLiteral("--data-dir"), data, QStringLiteral("index"), root.path()});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QString sent = sentTexts();
    QVERIFY2(!server.embeddingRequests().isEmpty(), qPrintable(r.err));
    // Not a single line of either key, nor the AWS secret...
    QStringList leaked = leaks(sent);
    QVERIFY2(leaked.isEmpty(), qPrintable(QStringLiteral("%1 of %2 secret lines sent, e.g. %3")
                                              .arg(leaked.size())
                                              .arg(secretLines.size() + 1)
                                              .arg(leaked.value(0))));
    // ...while the files were sent (the rest of each still helps search).
    QVERIFY(sent.contains(QStringLiteral("def sign_manifest(manifest):")));
    QVERIFY(sent.contains(QStringLiteral("path: deploy/deploy_key")));
    QVERIFY(sent.contains(QStringLiteral("region = eu-west-1")));
    QVERIFY(sent.contains(QStringLiteral("[withheld: private key]")));
    QVERIFY2(r.err.contains(QStringLiteral("sent with credentials withheld")), qPrintable(r.err));

    // Control: with send_credentials on, the same files do carry the keys (the check can fail).
    server.clearRequests();
    QCOMPARE(run(cli(), {QStringLiteral("config"), QStringLiteral("send_credentials"), QStringLiteral("on")}).code, 0);
    QCOMPARE(run(cli(), {QStringLiteral("config"), QStringLiteral("embed.model"), QStringLiteral("fake-embed-2")}).code, 0);
    r = run(cli(), {QStringLiteral("--data-dir"), data, QStringLiteral("index"), root.path()});
    QCOMPARE(run(cli(), {QStringLiteral("config"), QStringLiteral("send_credentials"), QStringLiteral("off")}).code, 0);
    QCOMPARE(run(cli(), {QStringLiteral("config"), QStringLiteral("embed.url"), QString()}).code, 0);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    leaked = leaks(sentTexts());
    QVERIFY2(leaked.size() == secretLines.size() + 1, qPrintable(QString::number(leaked.size())));
}

// `ask "explain @FILE"` used to send these in clear.
void tst_Privacy::credentialsNeverReachTheChatEndpoint_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("secret");
    QTest::addColumn<QByteArray>("kept"); // code around the secret that must still be sent
    QTest::newRow("export DB_PASSWORD") << QStringLiteral("scripts/backup.sh")
                                        << QByteArray("#!/bin/sh\nset -e\nexport DB_PASSWORD=Kx82!mQz7\n"
                                                      "pg_dump -h db.internal -U shop shop > /backup/shop.sql\n")
                                        << QByteArray("Kx82!mQz7") << QByteArray("pg_dump -h db.internal");
    QTest::newRow("Maven password") << QStringLiteral("settings.xml")
                                    << QByteArray("<settings>\n  <servers>\n    <server>\n      <id>releases</id>\n"
                                                  "      <username>deployer</username>\n"
                                                  "      <password>M4v3n!Rel34se</password>\n    </server>\n"
                                                  "  </servers>\n</settings>\n")
                                    << QByteArray("M4v3n!Rel34se") << QByteArray("<username>deployer</username>");
    QTest::newRow("JDBC ?password=") << QStringLiteral("src/main/java/shop/Db.java")
                                     << QByteArray("package shop;\n\nimport java.sql.*;\n\nclass Db {\n"
                                                   "    static final String URL = \"jdbc:mysql://db.internal:3306/shop?user=shop&password=Jd8cPass42x\";\n\n"
                                                   "    Connection open() throws SQLException {\n"
                                                   "        return DriverManager.getConnection(URL);\n    }\n}\n")
                                     << QByteArray("Jd8cPass42x") << QByteArray("DriverManager.getConnection(URL)");
    QTest::newRow("Azure AccountKey") << QStringLiteral("storage.py")
                                      << QByteArray("from azure.storage.blob import BlobServiceClient\n\n"
                                                    "CONN = \"DefaultEndpointsProtocol=https;AccountName=shopdata;AccountKey="
                                                    "q8Xv3LmN0pR5tY7wZ2aB4cD6eF9gH1jK3lM5nP7qR9sT1uV3wX5yZ7aB9cD1eF3gH5jK7lM9nP1qR3sT5uV7w==;"
                                                    "EndpointSuffix=core.windows.net\"\n\n\n"
                                                    "def client():\n    return BlobServiceClient.from_connection_string(CONN)\n")
                                      << QByteArray("q8Xv3LmN0pR5tY7wZ2aB4cD6eF9gH1jK") << QByteArray("from_connection_string(CONN)");
    QTest::newRow("curl -u user:pass") << QStringLiteral("release.sh")
                                       << QByteArray("#!/bin/sh\n# upload the release\n"
                                                     "curl -u release-bot:Rb9xQ2wLm7 -T dist/app.tar.gz https://nexus.internal/repository/releases/\n")
                                       << QByteArray("Rb9xQ2wLm7") << QByteArray("-T dist/app.tar.gz");
    QTest::newRow("Slack webhook") << QStringLiteral("notify.py")
                                   << QByteArray("import requests\n\n"
                                                 "SLACK_WEBHOOK = \"https://hooks.slack.com/services/T0ABC1234/B0DEF5678/AbCdEfGhIjKlMnOpQrStUvWx\"\n\n\n"
                                                 "def notify(text):\n    requests.post(SLACK_WEBHOOK, json={\"text\": text})\n")
                                   << QByteArray("T0ABC1234/B0DEF5678/AbCdEfGhIjKlMnOpQrStUvWx") << QByteArray("requests.post(SLACK_WEBHOOK");
}

void tst_Privacy::credentialsNeverReachTheChatEndpoint()
{
    QFETCH(QString, file);
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, secret);
    QFETCH(QByteArray, kept);
    writeFile(m_secretsRoot.path(), file, text);
    FakeOpenAiServer server;
    QVERIFY(server.listen());
    server.setDefaultResponse(FakeOpenAiServer::stream({QStringLiteral("It uploads the build.")}));
    m_chatData = m_home.filePath(QStringLiteral("chat-data"));
    QCOMPARE(run(cli(), {QStringLiteral("config"), QStringLiteral("llm.url"), server.baseUrl().toString()}).code, 0);
    QCOMPARE(run(cli(), {QStringLiteral("config"), QStringLiteral("llm.model"), QStringLiteral("fake-coder")}).code, 0);
    // Index first: a new file since the last case.
    Run r = run(cli(), {QStringLiteral("--data-dir"), m_chatData, QStringLiteral("index"), m_secretsRoot.path(),
                        QStringLiteral("--no-vectors")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    r = run(cli(), {QStringLiteral("--data-dir"), m_chatData, QStringLiteral("ask"), m_secretsRoot.path(),
                    QStringLiteral("explain @") + file});
    QCOMPARE(run(cli(), {QStringLiteral("config"), QStringLiteral("llm.url"), QString()}).code, 0);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QCOMPARE(server.chatRequests().size(), 1);
    const QByteArray body = server.lastChatRequest().body;
    QVERIFY2(body.contains(kept), body.constData());           // the file was sent...
    QVERIFY2(!body.contains(secret), body.constData());        // ...without its secret
    QVERIFY2(body.contains("[withheld: "), body.constData());
}

void tst_Privacy::whatWasSentSaysWhereTextWasWithheld()
{
    QVERIFY(!m_chatData.isEmpty());
    const QString db = RepoLens::IndexStore::databasePath(m_chatData, m_secretsRoot.path());
    auto log = RepoLens::ConversationStore::open(db);
    QVERIFY(log);
    QStringList withheld;
    for (const RepoLens::RemoteRequestRecord &r : (*log)->remoteRequests()) {
        for (const QString &f : r.files) {
            if (f.startsWith(QLatin1String("withheld: ")))
                withheld << f.mid(10);
        }
    }
    const QStringList expected = {QStringLiteral("scripts/backup.sh line 3 (credential)"),
                                  QStringLiteral("settings.xml line 6 (credential)"),
                                  QStringLiteral("src/main/java/shop/Db.java line 6 (credential in a URL)"),
                                  QStringLiteral("storage.py line 3 (Azure storage key)"),
                                  QStringLiteral("release.sh line 3 (password option)"),
                                  QStringLiteral("notify.py line 3 (Slack webhook)")};
    for (const QString &e : expected)
        QVERIFY2(withheld.contains(e), qPrintable(withheld.join(u'\n')));
}

// Every path that sends repository text somewhere, through real CLI processes against the fake
// server (which logs every request body): the chat answer, HyDE's rewrite, re-ranking by the
// chat model and by a re-rank endpoint, method summaries, an embeddings endpoint, the agent's
// tool results and the MCP server's. The repository holds a private key (in a string), a
// GitHub token, a password assignment and a password on a curl command line. None of them may
// be in any request (or MCP answer); with send_credentials on, the same run does carry them
// (the check can fail). The agent and the MCP server read ranges and grep lines inside the
// key's body: a line cut out of a key is withheld too, and a grep for a key's characters
// finds nothing.
void tst_Privacy::writeLeakFixture()
{
    QRandomGenerator random(1717);
    const QByteArray alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    QByteArray key = "-----BEGIN RSA PRIVATE KEY-----\n";
    for (int l = 0; l < 25; ++l) {
        QByteArray line;
        const int length = l == 24 ? 44 : 64;
        while (line.isEmpty() || !std::any_of(line.cbegin(), line.cend(), [](char c) { return c >= '0' && c <= '9'; })
               || !std::any_of(line.cbegin(), line.cend(), [](char c) { return c >= 'a' && c <= 'z'; })
               || !std::any_of(line.cbegin(), line.cend(), [](char c) { return c >= 'A' && c <= 'Z'; })) {
            line.clear();
            for (int c = 0; c < length; ++c)
                line += alphabet.at(random.bounded(int(alphabet.size())));
        }
        m_leakSecrets << line;
        key += line + '\n';
    }
    key += "-----END RSA PRIVATE KEY-----";
    QByteArray token = "ghp_";
    for (int c = 0; c < 36; ++c)
        token += alphabet.at(random.bounded(62));
    m_leakSecrets << token << QByteArray("Zq8vLm2Kx9wT") << QByteArray("Rb9xQ2wLm7");
    // Each secret inside a function too, so that method summaries get it. The key's body is on
    // lines 8-32 of signing.py.
    writeFile(m_leakRoot.path(), QStringLiteral("src/release/signing.py"),
              "\"\"\"Signs release manifests with the release key.\"\"\"\nimport rsa\n\n\n"
              "def release_signing_key():\n    \"\"\"The release signing key.\"\"\"\n"
              "    return \"\"\"" + key + "\"\"\"\n\n\n"
              "def sign_release_manifest(manifest):\n    \"\"\"Signs the release manifest with the release signing key.\"\"\"\n"
              "    return rsa.sign(manifest, release_signing_key(), \"SHA-256\")\n");
    writeFile(m_leakRoot.path(), QStringLiteral("src/release/upload.py"),
              "import psycopg2\nimport requests\n\nfrom .signing import sign_release_manifest\n\n"
              "UPLOAD_TOKEN = \"" + token + "\"\n\n\n"
              "def connect_release_database():\n    \"\"\"Opens the release database.\"\"\"\n"
              "    return psycopg2.connect(host=\"db.internal\", user=\"release\", password=\"Zq8vLm2Kx9wT\")\n\n\n"
              "def upload_release(manifest):\n    \"\"\"Uploads the signed release manifest.\"\"\"\n"
              "    signed = sign_release_manifest(manifest)\n"
              "    return requests.post(RELEASE_URL, headers={\"Authorization\": \"token " + token + "\"}, data=signed)\n");
    writeFile(m_leakRoot.path(), QStringLiteral("deploy/publish_release.sh"),
              "#!/bin/sh\n# publish the signed release manifest\nset -e\n\npublish_release() {\n"
              "    curl -u release-bot:Rb9xQ2wLm7 -T dist/release.tar.gz https://nexus.internal/repository/releases/\n}\n\n"
              "publish_release\n");
    writeFile(m_leakRoot.path(), QStringLiteral("README.md"), "# Releases\n\nSigns and uploads release manifests.\n");
}

namespace {

// One streamed answer that calls these tools (name, JSON arguments) in one round.
FakeOpenAiServer::Response toolCalls(const QList<QPair<QString, QJsonObject>> &tools)
{
    QJsonArray list;
    for (qsizetype i = 0; i < tools.size(); ++i)
        list.append(QJsonObject{{QStringLiteral("index"), int(i)},
                                {QStringLiteral("id"), QStringLiteral("call%1").arg(i)},
                                {QStringLiteral("type"), QStringLiteral("function")},
                                {QStringLiteral("function"),
                                 QJsonObject{{QStringLiteral("name"), tools.at(i).first},
                                             {QStringLiteral("arguments"),
                                              QString::fromUtf8(QJsonDocument(tools.at(i).second).toJson(QJsonDocument::Compact))}}}});
    FakeOpenAiServer::Response r;
    for (const QJsonObject &choice :
         {QJsonObject{{QStringLiteral("index"), 0}, {QStringLiteral("delta"), QJsonObject{{QStringLiteral("tool_calls"), list}}}},
          QJsonObject{{QStringLiteral("index"), 0}, {QStringLiteral("delta"), QJsonObject()},
                      {QStringLiteral("finish_reason"), QStringLiteral("tool_calls")}}})
        r.chunks << "data: " + QJsonDocument(QJsonObject{{QStringLiteral("choices"), QJsonArray{choice}}}).toJson(QJsonDocument::Compact)
                        + "\n\n";
    r.chunks << "data: [DONE]\n\n";
    return r;
}

QString systemPromptOf(const FakeOpenAiServer::Request &r)
{
    return r.json.value(QStringLiteral("messages")).toArray().at(0).toObject().value(QStringLiteral("content")).toString();
}

// What a request is for, from its system prompt (core/llm's prompts).
QString purposeOf(const FakeOpenAiServer::Request &r)
{
    if (r.path.endsWith("/embeddings"))
        return QStringLiteral("embeddings");
    if (r.path.endsWith("/rerank"))
        return QStringLiteral("rerank-endpoint");
    if (r.json.contains(QStringLiteral("tools")))
        return QStringLiteral("agent");
    const QString system = systemPromptOf(r);
    if (system.contains(QStringLiteral("predict code")))
        return QStringLiteral("hyde-predict");
    if (system.contains(QStringLiteral("enhance the original query")))
        return QStringLiteral("hyde-rewrite");
    if (system.contains(QStringLiteral("judge the relevance")))
        return QStringLiteral("rerank-llm");
    if (system.contains(QStringLiteral("short descriptions of source code")))
        return QStringLiteral("summaries");
    return QStringLiteral("chat");
}

} // namespace

void tst_Privacy::noPathSendsTheRepositorysSecrets_data()
{
    QTest::addColumn<QString>("path");
    for (const char *path : {"chat", "hyde-rewrite", "rerank-llm", "rerank-endpoint", "summaries", "embeddings", "agent", "mcp"})
        QTest::newRow(path) << QString::fromLatin1(path);
}

void tst_Privacy::noPathSendsTheRepositorysSecrets()
{
    QFETCH(QString, path);
    if (m_leakSecrets.isEmpty())
        writeLeakFixture();
    QCOMPARE(m_leakSecrets.size(), 28);
    QCOMPARE(run(cli(), {QStringLiteral("config"), QStringLiteral("send_credentials")}).out.trimmed(), QStringLiteral("off"));
    FakeOpenAiServer server;
    QVERIFY(server.listen());
    int agentRequests = 0;
    server.setResponder([&](const FakeOpenAiServer::Request &r) {
        const QString purpose = purposeOf(r);
        if (purpose == QLatin1String("hyde-predict"))
            return FakeOpenAiServer::completion(QStringLiteral("```python\ndef sign_release_manifest(manifest):\n"
                                                               "    return rsa.sign(manifest, RELEASE_SIGNING_KEY)\n```"));
        if (purpose == QLatin1String("hyde-rewrite"))
            return FakeOpenAiServer::completion(QStringLiteral("sign_release_manifest RELEASE_SIGNING_KEY upload_release"));
        if (purpose == QLatin1String("rerank-llm"))
            return FakeOpenAiServer::completion(QStringLiteral("1: 9\n2: 7\n3: 5\n4: 3\n5: 1"));
        if (purpose == QLatin1String("summaries"))
            return FakeOpenAiServer::completion(QStringLiteral("Signs or uploads the release manifest."));
        if (purpose == QLatin1String("agent") && agentRequests++ == 0) {
            // Lines 10-11 are inside the key's body; the grep pattern is a piece of one of its lines.
            return toolCalls({{QStringLiteral("read"), QJsonObject{{QStringLiteral("path"), QStringLiteral("src/release/signing.py")},
                                                                   {QStringLiteral("start_line"), 10}, {QStringLiteral("end_line"), 11}}},
                              {QStringLiteral("grep"), QJsonObject{{QStringLiteral("pattern"), QString::fromLatin1(m_leakSecrets.at(3).mid(10, 12))}}},
                              {QStringLiteral("grep"), QJsonObject{{QStringLiteral("pattern"), QStringLiteral("UPLOAD_TOKEN")},
                                                                   {QStringLiteral("context"), 3}}},
                              {QStringLiteral("search"), QJsonObject{{QStringLiteral("query"), QStringLiteral("release signing key")}}}});
        }
        return FakeOpenAiServer::stream({QStringLiteral("The manifest is signed by `sign_release_manifest`.")});
    });
    auto config = [&](const QString &key, const QString &value) {
        return run(cli(), {QStringLiteral("config"), key, value}).code;
    };
    const QString url = server.baseUrl().toString();
    auto reset = qScopeGuard([&] {
        for (const char *key : {"llm.url", "embed.url", "rerank.url"})
            config(QString::fromLatin1(key), QString());
        config(QStringLiteral("send_credentials"), QStringLiteral("off"));
    });
    QCOMPARE(config(QStringLiteral("llm.url"), url), 0);
    QCOMPARE(config(QStringLiteral("llm.model"), QStringLiteral("fake-coder")), 0);
    if (path == QLatin1String("rerank-endpoint")) {
        QCOMPARE(config(QStringLiteral("rerank.url"), url), 0);
        QCOMPARE(config(QStringLiteral("rerank.model"), QStringLiteral("fake-rerank")), 0);
    }
    if (path == QLatin1String("embeddings")) {
        QCOMPARE(config(QStringLiteral("embed.url"), url), 0);
        QCOMPARE(config(QStringLiteral("embed.model"), QStringLiteral("fake-embed")), 0);
    }

    // One run of the path into a fresh data folder; what was sent, by purpose.
    const QString root = m_leakRoot.path();
    const auto runPath = [&](const QString &data) -> QString {
        server.clearRequests();
        agentRequests = 0;
        QStringList index = {QStringLiteral("--data-dir"), data, QStringLiteral("index"), root};
        if (path != QLatin1String("embeddings"))
            index << QStringLiteral("--no-vectors");
        Run r = run(cli(), index);
        if (r.code != 0)
            return QStringLiteral("index failed: ") + r.err;
        const QStringList dir = {QStringLiteral("--data-dir"), data};
        if (path == QLatin1String("chat"))
            r = run(cli(), dir + QStringList{QStringLiteral("ask"), root, QStringLiteral("how is the release manifest signed and uploaded?"),
                                            QStringLiteral("--single-shot")});
        else if (path == QLatin1String("hyde-rewrite"))
            r = run(cli(), dir + QStringList{QStringLiteral("ask"), root,
                                            QStringLiteral("where do we take the thing we built and make it trustworthy before "
                                                           "it goes out to the servers"),
                                            QStringLiteral("--hyde"), QStringLiteral("--single-shot")});
        else if (path == QLatin1String("rerank-llm") || path == QLatin1String("rerank-endpoint"))
            r = run(cli(), dir + QStringList{QStringLiteral("search"), root, QStringLiteral("release signing key upload token"),
                                            QStringLiteral("--rerank=") + path.mid(7)});
        else if (path == QLatin1String("summaries"))
            r = run(cli(), dir + QStringList{QStringLiteral("summarize"), root});
        else if (path == QLatin1String("embeddings"))
            r = run(cli(), dir + QStringList{QStringLiteral("search"), root, QStringLiteral("release signing key")});
        else if (path == QLatin1String("agent"))
            r = run(cli(), dir + QStringList{QStringLiteral("ask"), root, QStringLiteral("how is the release signed?"),
                                            QStringLiteral("--agent")});
        if (path == QLatin1String("mcp")) {
            // The MCP server answers its client on stdout: that is what is "sent".
            QProcess mcp;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("HOME"), m_home.path());
            env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_home.filePath(QStringLiteral("config")));
            env.insert(QStringLiteral("ASAN_OPTIONS"), env.value(QStringLiteral("ASAN_OPTIONS")) + QStringLiteral(":detect_leaks=0"));
            mcp.setProcessEnvironment(env);
            mcp.start(cli(), dir + QStringList{QStringLiteral("mcp"), root, QStringLiteral("--no-watch")});
            if (!mcp.waitForStarted(30000))
                return QStringLiteral("mcp did not start");
            const auto send = [&](const QJsonObject &message) {
                mcp.write(QJsonDocument(message).toJson(QJsonDocument::Compact) + '\n');
            };
            const auto call = [&](int id, const QString &tool, const QJsonObject &args) {
                send({{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), id},
                      {QStringLiteral("method"), QStringLiteral("tools/call")},
                      {QStringLiteral("params"), QJsonObject{{QStringLiteral("name"), tool}, {QStringLiteral("arguments"), args}}}});
            };
            send({{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), 1},
                  {QStringLiteral("method"), QStringLiteral("initialize")},
                  {QStringLiteral("params"), QJsonObject{{QStringLiteral("protocolVersion"), QStringLiteral("2025-06-18")},
                                                         {QStringLiteral("capabilities"), QJsonObject()},
                                                         {QStringLiteral("clientInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("tst_privacy")},
                                                                                                   {QStringLiteral("version"), QStringLiteral("1")}}}}}});
            send({{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("method"), QStringLiteral("notifications/initialized")}});
            call(2, QStringLiteral("read"), {{QStringLiteral("path"), QStringLiteral("src/release/signing.py")},
                                             {QStringLiteral("start_line"), 10}, {QStringLiteral("end_line"), 11}});
            call(3, QStringLiteral("grep"), {{QStringLiteral("pattern"), QString::fromLatin1(m_leakSecrets.at(3).mid(10, 12))}});
            call(4, QStringLiteral("grep"), {{QStringLiteral("pattern"), QStringLiteral("UPLOAD_TOKEN")}, {QStringLiteral("context"), 3}});
            call(5, QStringLiteral("search"), {{QStringLiteral("query"), QStringLiteral("release signing key")}});
            call(6, QStringLiteral("read"), {{QStringLiteral("path"), QStringLiteral("deploy/publish_release.sh")}});
            QByteArray out;
            QElapsedTimer t;
            t.start();
            while (out.count('\n') < 6 && t.elapsed() < 120000) {
                mcp.waitForReadyRead(100);
                out += mcp.readAllStandardOutput();
            }
            mcp.closeWriteChannel();
            if (!mcp.waitForFinished(30000))
                mcp.kill();
            out += mcp.readAllStandardOutput();
            return QStringLiteral("mcp\n") + QString::fromUtf8(out);
        }
        if (r.code != 0)
            return QStringLiteral("%1 failed (%2): %3").arg(path).arg(r.code).arg(r.err);
        return QString();
    };
    const auto leaked = [&](const QString &sent) {
        QStringList found;
        for (const QByteArray &secret : std::as_const(m_leakSecrets)) {
            if (sent.contains(QString::fromLatin1(secret)))
                found << QString::fromLatin1(secret);
        }
        return found;
    };
    const auto sentFor = [&](const QString &purpose, int *count) {
        QString sent;
        *count = 0;
        for (const FakeOpenAiServer::Request &r : server.requests()) {
            if (purposeOf(r) == purpose) {
                ++*count;
                sent += QString::fromUtf8(r.body) + u'\n';
            }
        }
        return sent;
    };

    QTemporaryDir data;
    const QString outcome = runPath(data.path());
    QString everything;
    for (const FakeOpenAiServer::Request &r : server.requests())
        everything += QString::fromUtf8(r.body) + u'\n';
    QString sent;
    if (path == QLatin1String("mcp")) {
        QVERIFY2(outcome.startsWith(QLatin1String("mcp\n")), qPrintable(outcome));
        sent = outcome;
        QCOMPARE(sent.count(QStringLiteral("\"isError\":true")), 0);
        // The five calls answered: the lines inside the key are there, without the key.
        QVERIFY2(sent.contains(QStringLiteral("src/release/signing.py:10-11 of")), qPrintable(sent.left(3000)));
        QVERIFY2(sent.contains(QStringLiteral("match(es) inside withheld credentials")), qPrintable(sent.left(3000)));
        QVERIFY2(sent.contains(QStringLiteral("UPLOAD_TOKEN = \\\"[withheld: ")), qPrintable(sent.left(3000)));
        QVERIFY2(sent.contains(QStringLiteral("sign_release_manifest")), qPrintable(sent.left(3000)));
        QVERIFY2(sent.contains(QStringLiteral("-T dist/release.tar.gz")), qPrintable(sent.left(3000)));
    } else {
        QVERIFY2(outcome.isEmpty(), qPrintable(outcome));
        int count = 0;
        sent = sentFor(path, &count);
        QVERIFY2(count > 0, qPrintable(QStringLiteral("no %1 request among %2").arg(path).arg(server.requests().size())));
        QVERIFY2(sent.contains(QStringLiteral("sign_release_manifest")) || sent.contains(QStringLiteral("upload_release")),
                 qPrintable(sent.left(2000))); // the code itself was sent
        QVERIFY2(sent.contains(QStringLiteral("[withheld: ")), qPrintable(sent.left(2000)));

        // What Was Sent lists every request of the run, each with the code it carried and
        // where credentials were withheld from it.
        auto log = RepoLens::ConversationStore::open(RepoLens::IndexStore::databasePath(data.path(), root));
        QVERIFY(log);
        const QList<RepoLens::RemoteRequestRecord> logged = (*log)->remoteRequests();
        QStringList loggedWithheld;
        for (const RepoLens::RemoteRequestRecord &r : logged) {
            for (const QString &f : r.files) {
                if (f.startsWith(QLatin1String("withheld: ")))
                    loggedWithheld << f;
            }
        }
        QStringList purposes;
        for (const RepoLens::RemoteRequestRecord &r : logged)
            purposes << r.purpose;
        QVERIFY2(logged.size() == server.requests().size(),
                 qPrintable(QStringLiteral("%1: %2 request(s) sent, %3 in What Was Sent (%4)")
                                .arg(path).arg(server.requests().size()).arg(logged.size()).arg(purposes.join(u','))));
        QVERIFY2(!loggedWithheld.isEmpty(), qPrintable(purposes.join(u',')));
    }
    const QStringList found = leaked(everything + sent);
    QVERIFY2(found.isEmpty(), qPrintable(QStringLiteral("%1: %2 of %3 secrets sent, e.g. %4")
                                             .arg(path)
                                             .arg(found.size())
                                             .arg(m_leakSecrets.size())
                                             .arg(found.value(0))));

    // Control: the same run with send_credentials on does carry secrets. The tools (agent,
    // MCP) withhold regardless of that setting.
    if (path == QLatin1String("agent") || path == QLatin1String("mcp"))
        return;
    QCOMPARE(config(QStringLiteral("send_credentials"), QStringLiteral("on")), 0);
    QTemporaryDir controlData;
    const QString control = runPath(controlData.path());
    QVERIFY2(control.isEmpty(), qPrintable(control));
    int count = 0;
    const QStringList controlFound = leaked(sentFor(path, &count));
    QVERIFY2(!controlFound.isEmpty(), qPrintable(QStringLiteral("%1: the control run sent no secret in %2 request(s)")
                                                     .arg(path).arg(count)));
}

QTEST_GUILESS_MAIN(tst_Privacy)
#include "tst_privacy.moc"
