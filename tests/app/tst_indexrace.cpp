// One writer per index across processes, with real processes racing: several
// `repolens-cli index` runs, the app's IndexService (in this process) and the MCP server on a
// fresh folder and on an existing index with 300 changed files, and a writer killed with
// SIGKILL (at a crash point, and from outside) while another waits. Every race must end with
// exactly the index one process alone writes: same chunks, symbols and references, no
// duplicate rows, integrity_check ok; the waiting processes say "indexing in another RepoLens
// process" instead of failing.

#include "core/index/indexservice.h"
#include "core/store/indexstore.h"
#include "core/store/writerlock.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <csignal>

using namespace RepoLens;
using namespace Qt::StringLiterals;

namespace {

constexpr int kFiles = 1100; // a first index with a draft pass and a bulk load
constexpr int kFunctionsPerFile = 3;

struct Counts
{
    qint64 files = 0, chunks = 0, symbols = 0, refs = 0, dupChunks = 0, dupSymbols = 0, dupRefs = 0, ftsRows = 0;
    bool operator==(const Counts &o) const
    {
        return files == o.files && chunks == o.chunks && symbols == o.symbols && refs == o.refs && dupChunks == o.dupChunks
               && dupSymbols == o.dupSymbols && dupRefs == o.dupRefs && ftsRows == o.ftsRows;
    }
};

QString describe(const Counts &c)
{
    return u"files %1, chunks %2, symbols %3, refs %4, FTS rows %5, duplicates %6/%7/%8"_s.arg(c.files).arg(c.chunks).arg(c.symbols)
        .arg(c.refs).arg(c.ftsRows).arg(c.dupChunks).arg(c.dupSymbols).arg(c.dupRefs);
}

qint64 scalar(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *s = nullptr;
    qint64 v = -1;
    if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW)
        v = sqlite3_column_int64(s, 0);
    sqlite3_finalize(s);
    return v;
}

} // namespace

class tst_IndexRace : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void freshFolder();
    void existingIndexWith300Changes();
    void writerKilledAtACrashPoint();
    void writerKilledFromOutside();
    void lockHolderIsNamed();

private:
    QProcess *startCli(const QString &dataDir, const QStringList &args, const QByteArray &crashAt = {});
    Counts counts(const QString &dataDir);
    Counts reference();
    QString dbPath(const QString &dataDir) const { return IndexStore::databasePath(dataDir, m_rootPath); }
    void writeFiles(int count, const QByteArray &extra);
    bool waitForHolder(const QString &dataDir, qint64 pid, int msecs);

    QTemporaryDir m_root;
    QString m_rootPath;
    QTemporaryDir m_config;
};

void tst_IndexRace::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    qputenv("XDG_CONFIG_HOME", m_config.path().toLocal8Bit());
    qputenv("REPOLENS_WRITER_POLL_MS", "100");
    m_rootPath = QFileInfo(m_root.path()).canonicalFilePath();
    writeFiles(kFiles, {});
}

void tst_IndexRace::writeFiles(int count, const QByteArray &extra)
{
    for (int i = 0; i < count; ++i) {
        const QString path = m_rootPath + u"/pkg%1/sub%2/mod%3.py"_s.arg(i % 9).arg(i % 4).arg(i);
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        for (int j = 0; j < kFunctionsPerFile; ++j)
            f.write(u"def race_fn_%1_%2(value):\n    \"\"\"Doc %1.\"\"\"\n    return race_fn_%3_0(value) + %2\n\n\n"_s
                        .arg(i).arg(j).arg((i + 1) % kFiles).toUtf8());
        f.write(extra);
    }
}

QProcess *tst_IndexRace::startCli(const QString &dataDir, const QStringList &args, const QByteArray &crashAt)
{
    auto *p = new QProcess;
    p->setProgram(QStringLiteral(REPOLENS_BINARY_DIR "/app/repolens-cli"));
    p->setArguments(QStringList{u"--data-dir"_s, dataDir} + args);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"REPOLENS_EXP_BATCH"_s, u"40"_s);
    env.insert(u"REPOLENS_EXP_BATCH_MS"_s, u"100000"_s);
    env.remove(u"REPOLENS_DEBUG_CRASH_AT"_s);
    if (!crashAt.isEmpty())
        env.insert(u"REPOLENS_DEBUG_CRASH_AT"_s, QString::fromLatin1(crashAt));
    p->setProcessEnvironment(env);
    p->start();
    return p;
}

Counts tst_IndexRace::counts(const QString &dataDir)
{
    Counts c;
    {
        auto store = IndexStore::open(dbPath(dataDir), IndexStore::Mode::ReadOnly);
        [&] { QVERIFY2(store, store ? "" : qPrintable(store.error().toString())); }();
        if (!store)
            return c;
        const auto integrity = (*store)->checkIntegrity(true);
        [&] { QVERIFY2(integrity, integrity ? "" : qPrintable(integrity.error().toString())); }();
        [&] { QVERIFY(!(*store)->drafts().exists()); }();
    }
    sqlite3 *db = nullptr;
    sqlite3_open_v2(QFile::encodeName(dbPath(dataDir)).constData(), &db, SQLITE_OPEN_READONLY, nullptr);
    c.files = scalar(db, "SELECT count(*) FROM files WHERE status = 1");
    c.chunks = scalar(db, "SELECT count(*) FROM chunks");
    c.symbols = scalar(db, "SELECT count(*) FROM symbols");
    c.refs = scalar(db, "SELECT count(*) FROM refs");
    c.ftsRows = scalar(db, "SELECT count(*) FROM chunks_fts_docsize"); // one row per indexed chunk
    c.dupChunks = scalar(db, "SELECT count(*) - (SELECT count(*) FROM (SELECT DISTINCT file_id, start_byte, end_byte, part FROM chunks)) FROM chunks");
    c.dupSymbols = scalar(db, "SELECT count(*) - (SELECT count(*) FROM (SELECT DISTINCT file_id, name, line FROM symbols)) FROM symbols");
    c.dupRefs = scalar(db, "SELECT count(*) - (SELECT count(*) FROM (SELECT DISTINCT file_id, name, line, col, kind FROM refs)) FROM refs");
    sqlite3_close(db);
    return c;
}

// What one process alone writes for the tree as it is now.
Counts tst_IndexRace::reference()
{
    QTemporaryDir data;
    QScopedPointer<QProcess> p(startCli(data.path(), {u"index"_s, m_rootPath, u"--no-vectors"_s}));
    [&] { QVERIFY(p->waitForFinished(600000)); QCOMPARE(p->exitCode(), 0); }();
    const Counts c = counts(data.path());
    qInfo("one process alone: %s", qPrintable(describe(c)));
    return c;
}

// The state letter of a process in /proc (R, S, T for stopped, Z for a zombie), 0 if gone.
static char processState(pid_t pid)
{
    QFile stat(u"/proc/%1/stat"_s.arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return 0;
    const QByteArray line = stat.readAll();
    const qsizetype close = line.lastIndexOf(')');
    return close > 0 && close + 2 < line.size() ? line.at(close + 2) : 0;
}

bool tst_IndexRace::waitForHolder(const QString &dataDir, qint64 pid, int msecs)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < msecs) {
        const auto h = IndexWriterLock::holder(dbPath(dataDir));
        if (h && (pid == 0 || h->pid == pid))
            return true;
        QTest::qWait(5);
    }
    return false;
}

void tst_IndexRace::freshFolder()
{
    const Counts expected = reference();
    QCOMPARE(expected.files, kFiles);
    QCOMPARE(expected.dupChunks, 0);
    QTemporaryDir data;
    // Three CLI runs and the app's indexer (IndexService, in this process) at once.
    QList<QProcess *> runs;
    for (int i = 0; i < 3; ++i)
        runs << startCli(data.path(), {u"index"_s, m_rootPath, u"--no-vectors"_s});
    IndexService app;
    app.setDataDir(data.path());
    app.setWatchEnabled(false);
    app.setRootPath(m_rootPath);
    QSignalSpy finished(&app, &IndexService::indexFinished);
    QSignalSpy failed(&app, &IndexService::indexFailed);
    QSignalSpy other(&app, &IndexService::otherWriterChanged);
    app.start();
    int waited = 0;
    for (QProcess *p : std::as_const(runs)) {
        QVERIFY(p->waitForFinished(600000));
        const QString err = QString::fromUtf8(p->readAllStandardError());
        QVERIFY2(p->exitStatus() == QProcess::NormalExit && p->exitCode() == 0, qPrintable(err));
        QVERIFY2(!err.contains(u"already exists"_s), qPrintable(err));
        waited += err.contains(u"indexing in another RepoLens process"_s) ? 1 : 0;
        delete p;
    }
    QTRY_VERIFY_WITH_TIMEOUT(finished.size() >= 1, 600000);
    QCOMPARE(failed.size(), 0);
    const int appWaited = other.isEmpty() ? 0 : 1;
    qInfo("fresh folder, 3 CLI + the app's indexer: %d CLI run(s) and %s waited for another writer", waited,
          appWaited ? "the app" : "not the app");
    QVERIFY(waited + appWaited >= 1); // they did race: at least one found another writer
    const Counts got = counts(data.path());
    qInfo("after the race: %s", qPrintable(describe(got)));
    QVERIFY2(got == expected, qPrintable(describe(got) + u" != "_s + describe(expected)));
}

void tst_IndexRace::existingIndexWith300Changes()
{
    QTemporaryDir data;
    {
        QScopedPointer<QProcess> p(startCli(data.path(), {u"index"_s, m_rootPath, u"--no-vectors"_s}));
        QVERIFY(p->waitForFinished(600000));
        QCOMPARE(p->exitCode(), 0);
    }
    writeFiles(300, "def added_later(x):\n    return race_fn_0_0(x)\n");
    const Counts expected = reference();
    // Two CLI runs and the MCP server (which indexes at start and watches) at once.
    QScopedPointer<QProcess> mcp(startCli(data.path(), {u"mcp"_s, m_rootPath}));
    QList<QProcess *> runs{startCli(data.path(), {u"index"_s, m_rootPath, u"--no-vectors"_s}),
                           startCli(data.path(), {u"index"_s, m_rootPath, u"--no-vectors"_s})};
    for (QProcess *p : std::as_const(runs)) {
        QVERIFY(p->waitForFinished(600000));
        QVERIFY2(p->exitCode() == 0, p->readAllStandardError().constData());
        delete p;
    }
    // The server's own run (or its wait) ends too: then nobody holds the lock.
    QTRY_VERIFY_WITH_TIMEOUT(!IndexWriterLock::holder(dbPath(data.path())), 600000);
    mcp->closeWriteChannel();
    QVERIFY(mcp->waitForFinished(60000));
    QCOMPARE(mcp->exitCode(), 0);
    const Counts got = counts(data.path());
    qInfo("300 changed files, 2 CLI + the MCP server: %s", qPrintable(describe(got)));
    QVERIFY2(got == expected, qPrintable(describe(got) + u" != "_s + describe(expected)));
    writeFiles(300, {}); // back as the other tests expect
}

void tst_IndexRace::writerKilledAtACrashPoint()
{
    const Counts expected = reference();
    QTemporaryDir data;
    // A dies by SIGKILL right after its 3rd commit; B waits for it and takes over.
    QScopedPointer<QProcess> a(startCli(data.path(), {u"index"_s, m_rootPath, u"--no-vectors"_s}, "after-commit:3"));
    QVERIFY(a->waitForStarted());
    const qint64 pidA = a->processId();
    QVERIFY(waitForHolder(data.path(), pidA, 60000));
    QScopedPointer<QProcess> b(startCli(data.path(), {u"index"_s, m_rootPath, u"--no-vectors"_s}));
    QVERIFY(a->waitForFinished(600000));
    QCOMPARE(a->exitStatus(), QProcess::CrashExit);
    QVERIFY(b->waitForFinished(600000));
    const QString err = QString::fromUtf8(b->readAllStandardError());
    QVERIFY2(b->exitCode() == 0, qPrintable(err));
    QVERIFY2(err.contains(u"indexing in another RepoLens process (pid %1, repolens-cli index"_s.arg(pidA)), qPrintable(err));
    // B resumed: the 3 committed batches of A were not parsed again.
    QVERIFY2(err.contains(u"(120 unchanged"_s), qPrintable(err));
    const Counts got = counts(data.path());
    qInfo("writer SIGKILLed after 3 commits, the waiting process took over: %s", qPrintable(describe(got)));
    QVERIFY2(got == expected, qPrintable(describe(got) + u" != "_s + describe(expected)));
}

void tst_IndexRace::writerKilledFromOutside()
{
    const Counts expected = reference();
    QTemporaryDir data;
    QScopedPointer<QProcess> a(startCli(data.path(), {u"index"_s, m_rootPath, u"--no-vectors"_s}));
    QVERIFY(a->waitForStarted());
    // Taken now: once A has finished, processId() is 0, and kill(0, ...) would hit this very
    // process group (the test runner included).
    const pid_t pid = pid_t(a->processId());
    QVERIFY(pid > 0);
    QVERIFY(waitForHolder(data.path(), pid, 60000));
    // Frozen while it holds the lock, so that it cannot finish before it is killed, however
    // fast the machine. A zombie ('Z') here means that it finished first: then this test
    // cannot show anything.
    QCOMPARE(::kill(pid, SIGSTOP), 0);
    QTRY_COMPARE_WITH_TIMEOUT(processState(pid), 'T', 10000);
    // The app waits too (IndexService), and takes over when A is gone.
    IndexService app;
    app.setDataDir(data.path());
    app.setWatchEnabled(false);
    app.setRootPath(m_rootPath);
    QSignalSpy finished(&app, &IndexService::indexFinished);
    QSignalSpy other(&app, &IndexService::otherWriterChanged);
    app.start();
    QTRY_VERIFY_WITH_TIMEOUT(!other.isEmpty(), 60000);
    QVERIFY(other.first().first().toString().startsWith(u"pid %1"_s.arg(pid)));
    QTest::qWait(300);
    QCOMPARE(::kill(pid, SIGKILL), 0);
    QVERIFY(a->waitForFinished(60000));
    QTRY_VERIFY_WITH_TIMEOUT(finished.size() == 1, 600000);
    QVERIFY(app.otherWriter().isEmpty());
    const Counts got = counts(data.path());
    qInfo("writer SIGKILLed from outside, the app took over: %s", qPrintable(describe(got)));
    QVERIFY2(got == expected, qPrintable(describe(got) + u" != "_s + describe(expected)));
}

void tst_IndexRace::lockHolderIsNamed()
{
    QTemporaryDir data;
    const QString db = data.path() + u"/x/index.sqlite"_s;
    QVERIFY(!IndexWriterLock::holder(db));
    IndexWriterLock::setProgramName(u"tst_indexrace"_s);
    auto lock = IndexWriterLock::tryAcquire(db);
    QVERIFY(lock);
    const auto h = IndexWriterLock::holder(db);
    QVERIFY(h);
    QCOMPARE(h->pid, qint64(QCoreApplication::applicationPid()));
    QCOMPARE(h->program, u"tst_indexrace"_s);
    auto second = IndexWriterLock::tryAcquire(db);
    QVERIFY(!second);
    QCOMPARE(second.error().code, ErrorCode::Busy);
    QCOMPARE(second.error().message, u"indexing in another RepoLens process"_s);
    lock->reset();
    QVERIFY(!IndexWriterLock::holder(db));
    QVERIFY(IndexWriterLock::tryAcquire(db));
}

QTEST_GUILESS_MAIN(tst_IndexRace)
#include "tst_indexrace.moc"
