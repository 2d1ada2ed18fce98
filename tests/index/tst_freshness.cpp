// IndexService keeps the index fresh: a saved file is searchable within a second, deletes and
// renames leave the index, a branch switch is one quiet batch that does not stall this (the
// "UI") thread, the watch limit falls back to rescans, a damaged database is rebuilt.

#include "core/index/indexservice.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace RepoLens;

class tst_Freshness : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void savedFileIsSearchableWithinASecond();
    void deletedAndRenamedFilesLeave();
    void branchSwitchIsOneBatchAndDoesNotStall();
    void watchLimitFallsBackToRescans();
    void damagedDatabaseIsRebuilt();

private:
    void write(const QString &rel, const QByteArray &content);
    bool startAndWatch();
    // Polls the database (read-only, like the UI's queries) until symbolsNamed(name) has
    // `count` rows; returns the time it took, or -1.
    qint64 waitForSymbol(const QString &name, int count, int timeoutMs = 10000);

    std::unique_ptr<QTemporaryDir> m_root;
    std::unique_ptr<QTemporaryDir> m_data;
    std::unique_ptr<IndexService> m_service;
};

void tst_Freshness::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    qRegisterMetaType<RepoLens::FileWatcher::Mode>();
}

void tst_Freshness::write(const QString &rel, const QByteArray &content)
{
    const QString path = m_root->path() + u'/' + rel;
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(content);
}

void tst_Freshness::init()
{
    m_root = std::make_unique<QTemporaryDir>();
    m_data = std::make_unique<QTemporaryDir>();
    for (int i = 0; i < 200; ++i) {
        write(QStringLiteral("pkg%1/module%2.py").arg(i % 10).arg(i),
              QStringLiteral("def function_%1(value):\n    return value * %1\n").arg(i).toUtf8());
    }
    m_service = std::make_unique<IndexService>();
    m_service->setDataDir(m_data->path());
    m_service->setRootPath(m_root->path());
}

void tst_Freshness::cleanup()
{
    m_service.reset();
}

bool tst_Freshness::startAndWatch()
{
    QSignalSpy finished(m_service.get(), &IndexService::indexFinished);
    QSignalSpy mode(m_service.get(), &IndexService::watchModeChanged);
    m_service->start();
    if (!finished.wait(60000))
        return false;
    QElapsedTimer timer;
    timer.start();
    while (m_service->watchMode() == FileWatcher::Mode::Starting
           || m_service->watchMode() == FileWatcher::Mode::Stopped) {
        if (timer.elapsed() > 10000)
            return false;
        QTest::qWait(10);
    }
    return true;
}

qint64 tst_Freshness::waitForSymbol(const QString &name, int count, int timeoutMs)
{
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < timeoutMs) {
        auto store = IndexStore::open(m_service->databasePath(), IndexStore::Mode::ReadOnly);
        if (store && (*store)->symbols().named(name).size() == count)
            return timer.elapsed();
        QTest::qWait(10);
    }
    return -1;
}

void tst_Freshness::savedFileIsSearchableWithinASecond()
{
    QVERIFY(startAndWatch());
    QCOMPARE(m_service->watchMode(), FileWatcher::Mode::Watching);
    QSignalSpy updated(m_service.get(), &IndexService::indexUpdated);
    QList<qint64> latencies;
    for (int round = 0; round < 5; ++round) {
        const QString name = QStringLiteral("saved_function_%1").arg(round);
        write(QStringLiteral("pkg3/module3.py"), QStringLiteral("def %1():\n    return 3\n").arg(name).toUtf8());
        const qint64 ms = waitForSymbol(name, 1);
        QVERIFY2(ms >= 0, "the saved file never became searchable");
        latencies << ms;
        auto store = IndexStore::open(m_service->databasePath(), IndexStore::Mode::ReadOnly);
        QVERIFY(!(*store)->chunks().search(u'"' + name + u'"', 5)->isEmpty());
    }
    std::sort(latencies.begin(), latencies.end());
    qInfo("save -> searchable: median %lld ms, max %lld ms", latencies.at(2), latencies.last());
    // The target is 1 s; sanitizer builds on a loaded 2-core machine get some slack.
    QVERIFY2(latencies.at(2) < 3000, qPrintable(QString::number(latencies.at(2))));
    QVERIFY(!updated.isEmpty());
    QVERIFY(!updated.last().first().value<IndexReport>().fullScan);
    QVERIFY(!m_service->isIndexing()); // small updates are quiet
}

void tst_Freshness::deletedAndRenamedFilesLeave()
{
    QVERIFY(startAndWatch());
    QVERIFY(QFile::remove(m_root->path() + QStringLiteral("/pkg1/module1.py")));
    QVERIFY(waitForSymbol(QStringLiteral("function_1"), 0) >= 0);
    QVERIFY(QFile::rename(m_root->path() + QStringLiteral("/pkg2/module2.py"),
                          m_root->path() + QStringLiteral("/pkg2/renamed.py")));
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            auto store = IndexStore::open(m_service->databasePath(), IndexStore::Mode::ReadOnly);
            const auto syms = (*store)->symbols().named(QStringLiteral("function_2"));
            return syms.size() == 1 && syms.first().path == QLatin1String("pkg2/renamed.py");
        }(),
        10000);
    // A deleted folder takes its files with it.
    QVERIFY(QDir(m_root->path() + QStringLiteral("/pkg4")).removeRecursively());
    QVERIFY(waitForSymbol(QStringLiteral("function_14"), 0) >= 0);
    auto store = IndexStore::open(m_service->databasePath(), IndexStore::Mode::ReadOnly);
    QVERIFY((*store)->files().under(QStringLiteral("pkg4")).isEmpty());
}

void tst_Freshness::branchSwitchIsOneBatchAndDoesNotStall()
{
    QVERIFY(startAndWatch());
    QSignalSpy updated(m_service.get(), &IndexService::indexUpdated);
    QSignalSpy started(m_service.get(), &IndexService::indexingStarted);
    // Measure how long this thread's event loop is ever blocked while the batch runs.
    qint64 worstGap = 0;
    QElapsedTimer gap;
    gap.start();
    QTimer ticker;
    ticker.setInterval(5);
    connect(&ticker, &QTimer::timeout, this, [&] {
        worstGap = std::max(worstGap, gap.restart());
    });
    ticker.start();
    // "git checkout other-branch": 2,000 files rewritten, 300 added, 100 deleted.
    for (int i = 0; i < 2000; ++i) {
        write(QStringLiteral("branch/b%1/f%2.py").arg(i % 40).arg(i),
              QStringLiteral("def branch_function_%1():\n    return %1\n").arg(i).toUtf8());
    }
    for (int i = 0; i < 100; ++i)
        QFile::remove(m_root->path() + QStringLiteral("/pkg%1/module%2.py").arg(i % 10).arg(i));
    gap.restart();
    worstGap = 0;
    QVERIFY(waitForSymbol(QStringLiteral("branch_function_1999"), 1, 60000) >= 0);
    QVERIFY(waitForSymbol(QStringLiteral("function_99"), 0, 30000) >= 0);
    QTRY_VERIFY_WITH_TIMEOUT(!m_service->isBusy(), 30000);
    ticker.stop();
    qInfo("branch switch: %lld update batch(es), worst event-loop gap %lld ms", qint64(updated.count()),
          worstGap);
    QVERIFY2(updated.count() <= 3, qPrintable(QString::number(updated.count())));
    // Big enough to show progress like a run.
    QVERIFY(!started.isEmpty());
    QVERIFY2(worstGap < 250, qPrintable(QString::number(worstGap)));
    auto store = IndexStore::open(m_service->databasePath(), IndexStore::Mode::ReadOnly);
    QCOMPARE((*store)->files().count(FileStatus::Indexed), 2100);
}

void tst_Freshness::watchLimitFallsBackToRescans()
{
    FileWatcherOptions options;
    options.maxWatches = 3;
    options.pollIntervalMs = 1000;
    m_service->setWatchOptions(options);
    QSignalSpy mode(m_service.get(), &IndexService::watchModeChanged);
    QSignalSpy finished(m_service.get(), &IndexService::indexFinished);
    m_service->start();
    QVERIFY(finished.wait(60000));
    QTRY_COMPARE_WITH_TIMEOUT(m_service->watchMode(), FileWatcher::Mode::Polling, 10000);
    QVERIFY(m_service->watchDetail().contains(QStringLiteral("limit")));
    QVERIFY(!mode.isEmpty());
    // Changes are still picked up, by the periodic rescan.
    write(QStringLiteral("pkg0/polled.py"), "def polled_function():\n    pass\n");
    QVERIFY(waitForSymbol(QStringLiteral("polled_function"), 1, 15000) >= 0);
}

void tst_Freshness::damagedDatabaseIsRebuilt()
{
    QVERIFY(startAndWatch());
    const QString db = m_service->databasePath();
    m_service.reset();
    {
        QFile f(db);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QByteArray(8192, 'Z'));
    }
    QFile::remove(db + QStringLiteral("-wal"));
    QFile::remove(db + QStringLiteral("-shm"));
    m_service = std::make_unique<IndexService>();
    m_service->setDataDir(m_data->path());
    m_service->setRootPath(m_root->path());
    QSignalSpy recovered(m_service.get(), &IndexService::indexRecovered);
    QSignalSpy finished(m_service.get(), &IndexService::indexFinished);
    m_service->start();
    QVERIFY(finished.wait(60000));
    QCOMPARE(recovered.count(), 1);
    const QString movedTo = recovered.first().at(0).toString();
    QVERIFY(movedTo.startsWith(db + QStringLiteral(".corrupt-")));
    QVERIFY(QFileInfo(movedTo).size() == 8192); // kept for the user
    QVERIFY(recovered.first().at(1).toString().contains(QStringLiteral("not an SQLite database")));
    QVERIFY(waitForSymbol(QStringLiteral("function_7"), 1) >= 0);
}

QTEST_GUILESS_MAIN(tst_Freshness)
#include "tst_freshness.moc"
