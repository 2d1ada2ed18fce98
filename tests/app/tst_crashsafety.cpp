// Crash safety: `repolens-cli index` is killed with SIGKILL at several points (deterministic
// crash points inside the indexer via REPOLENS_DEBUG_CRASH_AT, and plain kill -9 from outside
// at arbitrary moments). Every time the database must open, pass PRAGMA integrity_check, and a
// second run must finish the job without redoing the files the killed one had committed.

#include "core/store/indexstore.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace RepoLens;

namespace {

constexpr int kFiles = 1100; // over 1000: the first run is a bulk load (graph indexes dropped)
constexpr int kFunctionsPerFile = 3;

} // namespace

class tst_CrashSafety : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void killedAtACrashPoint_data();
    void killedAtACrashPoint();
    void killedFromOutside_data();
    void killedFromOutside();
    void killedDuringAnIncrementalRun();

private:
    QProcess *startIndex(const QString &dataDir, const QByteArray &crashAt = {});
    struct Counts
    {
        int indexed = 0;
        int symbols = 0;
    };
    // Opens the database as the app would and checks it; fills in what it holds.
    void checkDatabase(const QString &dataDir, Counts *counts);
    // Runs the index again to completion; returns (parsed, unchanged) from its report line.
    void resume(const QString &dataDir, int committedBefore);
    QString dbPath(const QString &dataDir) const { return IndexStore::databasePath(dataDir, m_root.path()); }

    QTemporaryDir m_root;
    QTemporaryDir m_config;
    double m_fullRunSeconds = 0;
};

void tst_CrashSafety::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    qputenv("XDG_CONFIG_HOME", m_config.path().toLocal8Bit());
    for (int i = 0; i < kFiles; ++i) {
        const QString path = m_root.path() + QStringLiteral("/pkg%1/sub%2/mod%3.py").arg(i % 9).arg(i % 4).arg(i);
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        for (int j = 0; j < kFunctionsPerFile; ++j) {
            f.write(QStringLiteral("def crash_fn_%1_%2(value):\n    \"\"\"Doc %1.\"\"\"\n"
                                   "    return crash_fn_%3_0(value) + %2\n\n\n")
                        .arg(i)
                        .arg(j)
                        .arg((i + 1) % kFiles)
                        .toUtf8());
        }
    }
    // How long does a whole run take here? (sanitizer builds are slow; kill times scale)
    QTemporaryDir data;
    QElapsedTimer timer;
    timer.start();
    QScopedPointer<QProcess> p(startIndex(data.path()));
    QVERIFY(p->waitForFinished(300000));
    QCOMPARE(p->exitCode(), 0);
    m_fullRunSeconds = timer.elapsed() / 1000.0;
    qInfo("a full run of %d files takes %.2f s here", kFiles, m_fullRunSeconds);
}

QProcess *tst_CrashSafety::startIndex(const QString &dataDir, const QByteArray &crashAt)
{
    auto *p = new QProcess;
    p->setProgram(QStringLiteral(REPOLENS_BINARY_DIR "/app/repolens-cli"));
    p->setArguments({QStringLiteral("--data-dir"), dataDir, QStringLiteral("index"), m_root.path(),
                     QStringLiteral("--no-vectors")});
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // Small batches: many commits to land between.
    env.insert(QStringLiteral("REPOLENS_EXP_BATCH"), QStringLiteral("40"));
    env.insert(QStringLiteral("REPOLENS_EXP_BATCH_MS"), QStringLiteral("100000"));
    env.remove(QStringLiteral("REPOLENS_DEBUG_CRASH_AT"));
    if (!crashAt.isEmpty())
        env.insert(QStringLiteral("REPOLENS_DEBUG_CRASH_AT"), QString::fromLatin1(crashAt));
    p->setProcessEnvironment(env);
    p->start();
    return p;
}

void tst_CrashSafety::checkDatabase(const QString &dataDir, Counts *counts)
{
    const QString db = dbPath(dataDir);
    QVERIFY2(QFileInfo::exists(db), qPrintable(db));
    auto store = IndexStore::open(db, IndexStore::Mode::ReadOnly);
    if (!store) {
        // Killed before the schema was committed: an empty file is fine, garbage is not.
        QCOMPARE(store.error().code, ErrorCode::NotFound);
        return;
    }
    const auto integrity = (*store)->checkIntegrity(true);
    QVERIFY2(integrity, qPrintable(integrity ? QString() : integrity.error().toString()));
    counts->indexed = (*store)->files().count(FileStatus::Indexed);
    int symbols = 0;
    (*store)->symbols().forEach([&](const SymbolRecord &) { ++symbols; });
    counts->symbols = symbols;
    // Whatever was committed is whole: every indexed file has all of its definitions.
    QCOMPARE(counts->symbols, counts->indexed * kFunctionsPerFile);
}

void tst_CrashSafety::resume(const QString &dataDir, int committedBefore)
{
    QScopedPointer<QProcess> p(startIndex(dataDir));
    QVERIFY(p->waitForFinished(300000));
    const QString err = QString::fromUtf8(p->readAllStandardError());
    QVERIFY2(p->exitStatus() == QProcess::NormalExit && p->exitCode() == 0, qPrintable(err));
    static const QRegularExpression line(QStringLiteral("indexed (\\d+) files \\((\\d+) unchanged"));
    const QRegularExpressionMatch m = line.match(err);
    QVERIFY2(m.hasMatch(), qPrintable(err));
    const int parsed = m.captured(1).toInt();
    const int unchanged = m.captured(2).toInt();
    // Nothing that was committed is parsed again; everything else is.
    QCOMPARE(unchanged, committedBefore);
    QCOMPARE(parsed, kFiles - committedBefore);

    auto store = IndexStore::open(dbPath(dataDir), IndexStore::Mode::ReadOnly);
    QVERIFY(store);
    QVERIFY((*store)->checkIntegrity(true));
    QCOMPARE((*store)->files().count(FileStatus::Indexed), kFiles);
    QVERIFY(!(*store)->drafts().exists());
    QCOMPARE((*store)->meta(QStringLiteral("refs_resolved")), QStringLiteral("1"));
    // References are linked across files written by both runs.
    const auto target = (*store)->symbols().named(QStringLiteral("crash_fn_0_0"));
    QCOMPARE(target.size(), 1);
    QCOMPARE((*store)->symbols().refsToSymbol(target.first().id).size(), kFunctionsPerFile);
    QVERIFY(!(*store)->chunks().search(QStringLiteral("\"crash_fn_77_1\""), 5)->isEmpty());
}

void tst_CrashSafety::killedAtACrashPoint_data()
{
    QTest::addColumn<QByteArray>("point");
    QTest::newRow("after the scan") << QByteArray("after-scan");
    QTest::newRow("draft windows committed, nothing parsed") << QByteArray("after-drafts");
    QTest::newRow("first file written, transaction open") << QByteArray("in-batch:1");
    QTest::newRow("mid-run, transaction open") << QByteArray("in-batch:500");
    QTest::newRow("right after the 3rd commit") << QByteArray("after-commit:3");
    QTest::newRow("all files written, bulk indexes not rebuilt") << QByteArray("after-parse");
    QTest::newRow("while linking references") << QByteArray("in-link");
}

void tst_CrashSafety::killedAtACrashPoint()
{
    QFETCH(QByteArray, point);
    QTemporaryDir data;
    QScopedPointer<QProcess> p(startIndex(data.path(), point));
    QVERIFY(p->waitForFinished(300000));
    const QByteArray err = p->readAllStandardError();
    QVERIFY2(p->exitStatus() == QProcess::CrashExit, err.constData());
    QVERIFY2(err.contains("crash point"), err.constData());
    Counts counts;
    checkDatabase(data.path(), &counts);
    qInfo("killed at %s: %d files committed", point.constData(), counts.indexed);
    if (point.startsWith("after-commit"))
        QCOMPARE(counts.indexed, 3 * 40);
    if (point.startsWith("in-batch:500"))
        QCOMPARE(counts.indexed % 40, 0); // the open batch is gone, the committed ones stay
    if (point == "after-parse" || point == "in-link")
        QCOMPARE(counts.indexed, kFiles);
    if (point == "after-drafts") {
        // Nothing parsed, yet every file answers keyword searches from its draft windows.
        QCOMPARE(counts.indexed, 0);
        auto store = IndexStore::open(dbPath(data.path()), IndexStore::Mode::ReadOnly);
        QVERIFY(store);
        QCOMPARE((*store)->files().count(FileStatus::Pending), kFiles);
        const auto hits = (*store)->chunks().search(QStringLiteral("\"crash_fn_77_1\""), 5);
        QVERIFY(hits && hits->size() == 1);
        QVERIFY(hits->first().chunkId < 0);
        QCOMPARE((*store)->chunks().chunk(hits->first().chunkId)->path, QStringLiteral("pkg5/sub1/mod77.py"));
    }
    resume(data.path(), counts.indexed);
}

void tst_CrashSafety::killedFromOutside_data()
{
    QTest::addColumn<double>("fraction");
    QTest::newRow("10%") << 0.1;
    QTest::newRow("35%") << 0.35;
    QTest::newRow("60%") << 0.6;
    QTest::newRow("85%") << 0.85;
}

void tst_CrashSafety::killedFromOutside()
{
    QFETCH(double, fraction);
    QTemporaryDir data;
    QScopedPointer<QProcess> p(startIndex(data.path()));
    QVERIFY(p->waitForStarted());
    QTest::qWait(int(m_fullRunSeconds * 1000 * fraction));
    if (p->state() == QProcess::Running)
        ::kill(pid_t(p->processId()), SIGKILL);
    // On a loaded machine the run may have finished during the wait (then it is not running
    // any more and waitForFinished() returns false).
    QVERIFY(p->state() == QProcess::NotRunning || p->waitForFinished(300000));
    Counts counts;
    checkDatabase(data.path(), &counts);
    qInfo("kill -9 at %.0f%% of a run: %d files committed", fraction * 100, counts.indexed);
    resume(data.path(), counts.indexed);
}

void tst_CrashSafety::killedDuringAnIncrementalRun()
{
    QTemporaryDir data;
    {
        QScopedPointer<QProcess> p(startIndex(data.path()));
        QVERIFY(p->waitForFinished(300000));
        QCOMPARE(p->exitCode(), 0);
    }
    // Change 200 files, then kill the update mid-way: unchanged and committed files stay.
    for (int i = 0; i < 200; ++i) {
        const QString path = m_root.path() + QStringLiteral("/pkg%1/sub%2/mod%3.py").arg(i % 9).arg(i % 4).arg(i);
        QFile f(path);
        QVERIFY(f.open(QIODevice::Append));
        f.write("\n# touched\n");
    }
    {
        QScopedPointer<QProcess> p(startIndex(data.path(), "after-commit:2"));
        QVERIFY(p->waitForFinished(300000));
        QCOMPARE(p->exitStatus(), QProcess::CrashExit);
    }
    Counts counts;
    checkDatabase(data.path(), &counts);
    QCOMPARE(counts.indexed, kFiles);
    auto store = IndexStore::open(dbPath(data.path()), IndexStore::Mode::ReadOnly);
    QVERIFY(store);
    // The killed run had new content in the index but had not linked it: the flag says so.
    QCOMPARE((*store)->meta(QStringLiteral("refs_resolved")), QStringLiteral("0"));
    (*store).reset();
    QScopedPointer<QProcess> p(startIndex(data.path()));
    QVERIFY(p->waitForFinished(300000));
    const QString err = QString::fromUtf8(p->readAllStandardError());
    QCOMPARE(p->exitCode(), 0);
    static const QRegularExpression line(QStringLiteral("indexed (\\d+) files \\((\\d+) unchanged"));
    const QRegularExpressionMatch m = line.match(err);
    QVERIFY2(m.hasMatch(), qPrintable(err));
    QCOMPARE(m.captured(1).toInt(), 200 - 2 * 40);
    store = IndexStore::open(dbPath(data.path()), IndexStore::Mode::ReadOnly);
    QCOMPARE((*store)->meta(QStringLiteral("refs_resolved")), QStringLiteral("1"));
    QVERIFY((*store)->checkIntegrity(true));
}

QTEST_GUILESS_MAIN(tst_CrashSafety)
#include "tst_crashsafety.moc"
