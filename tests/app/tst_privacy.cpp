// Private by default, and careful with keys and storage:
// - the CLI (index, search, ask) and the desktop app (--self-test: index, ask, open the hit) run
//   with no configuration under an LD_PRELOAD shim that logs every connect() / sendto() /
//   sendmsg(): no inet or inet6 destination may appear;
// - with an endpoint and an API key configured, the key never shows up in the output (debug
//   logging on, errors included), the settings files or the data folder;
// - a read-only data folder is a clear error and the index stays intact.

#include "core/store/indexstore.h"
#include "llm/fakeopenaiserver.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
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

    QTemporaryDir m_root;
    QTemporaryDir m_home;
    QString m_log;
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

QTEST_GUILESS_MAIN(tst_Privacy)
#include "tst_privacy.moc"
