// FileWatcher: one inotify watch per folder, debounced batches, new folders, renames, ignored
// and excluded folders, a branch-switch-sized burst as one batch, the watch-limit fallback.

#include "core/index/filewatcher.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace RepoLens;

class tst_FileWatcher : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void reportsWritesCreatesAndDeletes();
    void oneWatchPerFolderNotPerFile();
    void newFolderIsWatchedAtOnce();
    void renameReportsBothNames();
    void ignoredAndExcludedFoldersAreNotWatched();
    void changedGitignoreUpdatesWatches();
    void burstArrivesAsOneBatch();
    void watchLimitFallsBackToPolling();
    void stopDropsPendingBatches();

private:
    void write(const QString &rel, const QByteArray &content = "x = 1\n");
    bool startWatching(FileWatcher &watcher, FileWatcherOptions options = {});
    // Collects batches until `want` is all seen (or timeout); returns every path seen.
    QSet<QString> collect(QSignalSpy &spy, const QSet<QString> &want, int timeoutMs = 5000);

    std::unique_ptr<QTemporaryDir> m_root;
};

void tst_FileWatcher::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    qRegisterMetaType<RepoLens::FileWatcher::Mode>();
}

void tst_FileWatcher::init()
{
    m_root = std::make_unique<QTemporaryDir>();
    write(QStringLiteral("a.py"));
    write(QStringLiteral("src/b.py"));
    write(QStringLiteral("src/deep/c.py"));
    write(QStringLiteral("node_modules/lib/index.js"));
    write(QStringLiteral(".git/HEAD"), "ref: refs/heads/main\n");
    write(QStringLiteral("data/index.sqlite"), "db");
}

void tst_FileWatcher::write(const QString &rel, const QByteArray &content)
{
    const QString path = m_root->path() + u'/' + rel;
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(content);
}

bool tst_FileWatcher::startWatching(FileWatcher &watcher, FileWatcherOptions options)
{
    QSignalSpy mode(&watcher, &FileWatcher::modeChanged);
    options.quietMs = 50;
    options.maxDelayMs = 200;
    watcher.start(m_root->path(), options);
    return mode.wait(5000) && watcher.mode() != FileWatcher::Mode::Starting;
}

QSet<QString> tst_FileWatcher::collect(QSignalSpy &spy, const QSet<QString> &want, int timeoutMs)
{
    QSet<QString> seen;
    QElapsedTimer timer;
    timer.start();
    int taken = 0;
    while (timer.elapsed() < timeoutMs) {
        while (taken < spy.count()) {
            for (const QString &p : spy.at(taken).first().toStringList())
                seen.insert(p);
            ++taken;
        }
        if (seen.contains(want))
            break;
        spy.wait(100);
    }
    return seen;
}

void tst_FileWatcher::reportsWritesCreatesAndDeletes()
{
    FileWatcher watcher;
    QVERIFY(startWatching(watcher));
    QCOMPARE(watcher.mode(), FileWatcher::Mode::Watching);
    QSignalSpy paths(&watcher, &FileWatcher::pathsChanged);
    QElapsedTimer latency;
    latency.start();
    write(QStringLiteral("a.py"), "x = 2\n");
    QVERIFY(paths.wait(2000));
    qInfo("first batch %lld ms after the write", latency.elapsed());
    QCOMPARE(paths.first().first().toStringList(), QStringList{QStringLiteral("a.py")});

    paths.clear();
    write(QStringLiteral("src/deep/new.py"));
    QVERIFY(QFile::remove(m_root->path() + QStringLiteral("/src/b.py")));
    const QSet<QString> seen = collect(paths, {QStringLiteral("src/deep/new.py"), QStringLiteral("src/b.py")});
    QVERIFY(seen.contains(QStringLiteral("src/deep/new.py")));
    QVERIFY(seen.contains(QStringLiteral("src/b.py")));
}

void tst_FileWatcher::oneWatchPerFolderNotPerFile()
{
    for (int i = 0; i < 200; ++i)
        write(QStringLiteral("src/many/f%1.py").arg(i));
    FileWatcher watcher;
    QVERIFY(startWatching(watcher));
    // root, src, src/deep, src/many, data (node_modules and .git are ignored)
    QCOMPARE(watcher.watchCount(), 5);
}

void tst_FileWatcher::newFolderIsWatchedAtOnce()
{
    FileWatcher watcher;
    QVERIFY(startWatching(watcher));
    QSignalSpy paths(&watcher, &FileWatcher::pathsChanged);
    QVERIFY(QDir().mkpath(m_root->path() + QStringLiteral("/fresh/inner")));
    QSet<QString> seen = collect(paths, {QStringLiteral("fresh")});
    QVERIFY(seen.contains(QStringLiteral("fresh")));
    // Watched now: a file created later in it is reported.
    paths.clear();
    write(QStringLiteral("fresh/inner/later.py"));
    seen = collect(paths, {QStringLiteral("fresh/inner/later.py")});
    QVERIFY(seen.contains(QStringLiteral("fresh/inner/later.py")));
}

void tst_FileWatcher::renameReportsBothNames()
{
    FileWatcher watcher;
    QVERIFY(startWatching(watcher));
    QSignalSpy paths(&watcher, &FileWatcher::pathsChanged);
    QVERIFY(QFile::rename(m_root->path() + QStringLiteral("/a.py"), m_root->path() + QStringLiteral("/src/a2.py")));
    QSet<QString> seen = collect(paths, {QStringLiteral("a.py"), QStringLiteral("src/a2.py")});
    QVERIFY(seen.contains(QStringLiteral("a.py")));
    QVERIFY(seen.contains(QStringLiteral("src/a2.py")));

    // A renamed folder: both names, and its files are reported under the new name afterwards.
    paths.clear();
    QVERIFY(QDir().rename(m_root->path() + QStringLiteral("/src/deep"), m_root->path() + QStringLiteral("/moved")));
    seen = collect(paths, {QStringLiteral("src/deep"), QStringLiteral("moved")});
    QVERIFY(seen.contains(QStringLiteral("src/deep")));
    QVERIFY(seen.contains(QStringLiteral("moved")));
    paths.clear();
    write(QStringLiteral("moved/c.py"), "changed = True\n");
    seen = collect(paths, {QStringLiteral("moved/c.py")});
    QVERIFY(seen.contains(QStringLiteral("moved/c.py")));
    QVERIFY(!seen.contains(QStringLiteral("src/deep/c.py")));
}

void tst_FileWatcher::ignoredAndExcludedFoldersAreNotWatched()
{
    FileWatcher watcher;
    FileWatcherOptions options;
    options.excludeDirs << m_root->path() + QStringLiteral("/data");
    QVERIFY(startWatching(watcher, options));
    QCOMPARE(watcher.watchCount(), 3); // root, src, src/deep
    QSignalSpy paths(&watcher, &FileWatcher::pathsChanged);
    write(QStringLiteral("node_modules/lib/index.js"), "changed();\n");
    write(QStringLiteral(".git/HEAD"), "ref: refs/heads/other\n");
    write(QStringLiteral("data/index.sqlite"), "changed");
    write(QStringLiteral("data/index.sqlite-wal"), "new");
    write(QStringLiteral("a.py"), "marker = 1\n");
    const QSet<QString> seen = collect(paths, {QStringLiteral("a.py")});
    QCOMPARE(seen, QSet<QString>{QStringLiteral("a.py")});
}

void tst_FileWatcher::changedGitignoreUpdatesWatches()
{
    FileWatcher watcher;
    QVERIFY(startWatching(watcher));
    QCOMPARE(watcher.watchCount(), 4);
    QSignalSpy paths(&watcher, &FileWatcher::pathsChanged);
    write(QStringLiteral("src/.gitignore"), "deep/\n");
    QSet<QString> seen = collect(paths, {QStringLiteral("src/.gitignore")});
    QVERIFY(seen.contains(QStringLiteral("src/.gitignore")));
    paths.clear();
    write(QStringLiteral("src/deep/c.py"), "ignored_now = 1\n");
    write(QStringLiteral("a.py"), "marker = 2\n");
    seen = collect(paths, {QStringLiteral("a.py")});
    QVERIFY(!seen.contains(QStringLiteral("src/deep/c.py")));
}

void tst_FileWatcher::burstArrivesAsOneBatch()
{
    FileWatcher watcher;
    QVERIFY(startWatching(watcher));
    QSignalSpy paths(&watcher, &FileWatcher::pathsChanged);
    QSet<QString> want;
    // Like a branch switch: thousands of files written, a few folders created.
    QElapsedTimer writing;
    writing.start();
    for (int i = 0; i < 3000; ++i) {
        const QString rel = QStringLiteral("src/gen%1/file%2.py").arg(i % 20).arg(i);
        write(rel);
        want.insert(QStringLiteral("src/gen%1").arg(i % 20));
    }
    const qint64 writeMs = writing.elapsed();
    const QSet<QString> seen = collect(paths, want, 10000);
    QVERIFY(seen.contains(want));
    // Debounced: a handful of batches, not thousands (one or two on an idle machine). A loaded
    // machine writes the 3,000 files slowly enough for the quiet period (50 ms here) to pass
    // now and then; a batch never goes out before a quiet period, so that bounds them too.
    const qsizetype batches = paths.count();
    QVERIFY2(batches <= 10 || batches <= writeMs / 50 + 2,
             qPrintable(QStringLiteral("%1 batches for 3,000 files written in %2 ms").arg(batches).arg(writeMs)));
}

void tst_FileWatcher::watchLimitFallsBackToPolling()
{
    FileWatcher watcher;
    QSignalSpy mode(&watcher, &FileWatcher::modeChanged);
    QSignalSpy rescan(&watcher, &FileWatcher::rescanNeeded);
    FileWatcherOptions options;
    options.maxWatches = 2;
    options.pollIntervalMs = 1000;
    watcher.start(m_root->path(), options);
    QTRY_COMPARE_WITH_TIMEOUT(watcher.mode(), FileWatcher::Mode::Polling, 5000);
    QVERIFY2(watcher.detail().contains(QStringLiteral("limit")), qPrintable(watcher.detail()));
    QCOMPARE(mode.last().at(0).value<FileWatcher::Mode>(), FileWatcher::Mode::Polling);
    QVERIFY(rescan.wait(3000));
    QVERIFY(rescan.first().first().toString().contains(QStringLiteral("periodic")));
}

void tst_FileWatcher::stopDropsPendingBatches()
{
    FileWatcher watcher;
    QVERIFY(startWatching(watcher));
    QSignalSpy paths(&watcher, &FileWatcher::pathsChanged);
    write(QStringLiteral("a.py"), "y = 3\n");
    watcher.stop();
    QCOMPARE(watcher.mode(), FileWatcher::Mode::Stopped);
    QTest::qWait(500);
    QCOMPARE(paths.count(), 0);
}

QTEST_GUILESS_MAIN(tst_FileWatcher)
#include "tst_filewatcher.moc"
