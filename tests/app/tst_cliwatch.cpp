// `repolens-cli watch`: indexes, then re-indexes a saved, a new and a deleted file as they
// change, and stops cleanly on SIGINT.

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

class tst_CliWatch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void keepsTheIndexFresh();

private:
    void write(const QString &rel, const QByteArray &content);
    // Runs `repolens-cli search` and returns its output.
    QByteArray search(const QString &query);
    bool waitFor(QProcess &p, const QByteArray &text, int timeoutMs = 30000);

    QTemporaryDir m_root;
    QTemporaryDir m_data;
    QTemporaryDir m_config;
    QByteArray m_seen;
};

void tst_CliWatch::write(const QString &rel, const QByteArray &content)
{
    const QString path = m_root.filePath(rel);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(content);
}

QByteArray tst_CliWatch::search(const QString &query)
{
    QProcess p;
    p.start(QStringLiteral(REPOLENS_BINARY_DIR "/app/repolens-cli"),
            {QStringLiteral("--data-dir"), m_data.path(), QStringLiteral("refs"), m_root.path(), query});
    p.waitForFinished(60000);
    return p.readAllStandardOutput();
}

bool tst_CliWatch::waitFor(QProcess &p, const QByteArray &text, int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < timeoutMs) {
        m_seen += p.readAllStandardError();
        const qsizetype at = m_seen.indexOf(text);
        if (at >= 0) {
            m_seen.remove(0, at + text.size());
            return true;
        }
        p.waitForReadyRead(100);
    }
    qWarning() << "waited for" << text << "; saw" << m_seen;
    return false;
}

void tst_CliWatch::keepsTheIndexFresh()
{
    qputenv("XDG_CONFIG_HOME", m_config.path().toLocal8Bit());
    write(QStringLiteral("src/app.py"), "def original_name():\n    return 1\n");
    write(QStringLiteral("src/old.py"), "def doomed_function():\n    return 2\n");
    QProcess watch;
    watch.start(QStringLiteral(REPOLENS_BINARY_DIR "/app/repolens-cli"),
                {QStringLiteral("--data-dir"), m_data.path(), QStringLiteral("watch"), m_root.path()});
    QVERIFY(waitFor(watch, "indexed 2 files"));
    QVERIFY(waitFor(watch, "watching "));

    write(QStringLiteral("src/app.py"), "def renamed_function():\n    return 1\n");
    QVERIFY(waitFor(watch, "updated 1 file (0 removed)"));
    QVERIFY(search(QStringLiteral("renamed_function")).contains("src/app.py"));
    QVERIFY(!search(QStringLiteral("original_name")).contains("src/app.py"));

    write(QStringLiteral("src/pkg/new_module.py"), "def brand_new():\n    return renamed_function()\n");
    QVERIFY(waitFor(watch, "updated 1 file"));
    QVERIFY(search(QStringLiteral("brand_new")).contains("src/pkg/new_module.py"));

    QVERIFY(QFile::remove(m_root.filePath(QStringLiteral("src/old.py"))));
    QVERIFY(waitFor(watch, "(1 removed)"));
    QVERIFY(!search(QStringLiteral("doomed_function")).contains("src/old.py"));

    ::kill(pid_t(watch.processId()), SIGINT);
    QVERIFY(watch.waitForFinished(30000));
    QCOMPARE(watch.exitStatus(), QProcess::NormalExit);
    QCOMPARE(watch.exitCode(), 0);
}

QTEST_GUILESS_MAIN(tst_CliWatch)
#include "tst_cliwatch.moc"
