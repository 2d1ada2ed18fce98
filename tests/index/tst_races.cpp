// A repository that changes under the indexer (issue 17): files swapped for symlinks to a file
// outside the folder, folders swapped for symlinks to an outside folder, files swapped for
// FIFOs. The outside text must never be indexed, a FIFO must never block a read, and every run
// must end.
//
// - Deterministic: the indexer's beforeRead hook swaps the file it is about to read (after the
//   scan saw a regular file), so the window is hit every time.
// - A bounded, seeded race: a real thread flips files and a folder back and forth while whole
//   index runs go on, as the flipping script did (7-18 of 25 runs leaked before).
// A run that blocks is detected with a deadline: the test then opens every FIFO for writing to
// let the reader go, and fails.

#include "core/index/indexer.h"
#include "core/store/indexstore.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <future>
#include <thread>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace RepoLens;

namespace {

constexpr int kFiles = 20;
const char kOutsideMarker[] = "outside_secret_marker";

QByteArray insideCode(int i)
{
    return QStringLiteral("def inside_function_%1():\n    return %1\n").arg(i).toUtf8();
}

bool writeFile(const QString &path, const QByteArray &content)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    return f.write(content) == content.size();
}

// Atomically puts a symlink (to target) or a FIFO or a regular file at path, via a rename.
enum class Entry { Regular, Symlink, Fifo };
void place(const QString &path, Entry kind, const QString &target, const QByteArray &content)
{
    const QByteArray tmp = QFile::encodeName(path + QStringLiteral(".swap"));
    ::unlink(tmp.constData());
    switch (kind) {
    case Entry::Regular:
        writeFile(QFile::decodeName(tmp), content);
        break;
    case Entry::Symlink:
        (void)::symlink(QFile::encodeName(target).constData(), tmp.constData());
        break;
    case Entry::Fifo:
        (void)::mkfifo(tmp.constData(), 0644);
        break;
    }
    (void)::rename(tmp.constData(), QFile::encodeName(path).constData());
}

// Lets any reader blocked in open() on a FIFO below dir go (opening the write end).
void releaseFifos(const QString &dir)
{
    QDir d(dir);
    for (const QString &name : d.entryList(QDir::System | QDir::Files | QDir::NoDotAndDotDot)) {
        const QByteArray p = QFile::encodeName(d.filePath(name));
        struct stat st = {};
        if (::lstat(p.constData(), &st) == 0 && S_ISFIFO(st.st_mode)) {
            const int fd = ::open(p.constData(), O_WRONLY | O_NONBLOCK);
            if (fd >= 0)
                ::close(fd);
        }
    }
}

} // namespace

class tst_Races : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void fileSwappedForSymlinkBeforeRead();
    void folderSwappedForSymlinkBeforeRead();
    void fileSwappedForFifoBeforeRead();
    void seededFlippingRace();
    void folderRemovedDuringARun();

private:
    // Runs the indexer on a thread; false when it did not finish within the deadline (then
    // FIFOs are released so that it can, and the test fails).
    void runIndexer(const IndexOptions &options, Result<IndexReport> *report, const std::function<void()> &unblock);
    // The outside text anywhere in the index?
    QStringList leaks() const;

    QTemporaryDir m_dir; // root/ and outside/ side by side
    QString m_root;
    QString m_outside;
    QString m_db;
    int m_run = 0;
};

void tst_Races::initTestCase()
{
    m_outside = m_dir.filePath(QStringLiteral("outside"));
    QVERIFY(QDir().mkpath(m_outside + QStringLiteral("/pkg")));
    const QByteArray secret = QByteArray("def ") + kOutsideMarker + "():\n    return 'text from outside the folder'\n";
    QVERIFY(writeFile(m_outside + QStringLiteral("/secret.py"), secret));
    QVERIFY(writeFile(m_outside + QStringLiteral("/pkg/module.py"), secret));
}

void tst_Races::init()
{
    // A fresh tree and database for every test.
    ++m_run;
    m_root = m_dir.filePath(QStringLiteral("root%1").arg(m_run));
    QVERIFY(QDir().mkpath(m_root + QStringLiteral("/src/pkg")));
    for (int i = 0; i < kFiles; ++i)
        QVERIFY(writeFile(m_root + QStringLiteral("/src/f%1.py").arg(i, 2, 10, QLatin1Char('0')), insideCode(i)));
    QVERIFY(writeFile(m_root + QStringLiteral("/src/pkg/module.py"), insideCode(99)));
    m_db = m_dir.filePath(QStringLiteral("db%1/index.sqlite").arg(m_run));
}

void tst_Races::runIndexer(const IndexOptions &options, Result<IndexReport> *report,
                           const std::function<void()> &unblock)
{
    Indexer indexer(m_root, m_db, options);
    auto done = std::async(std::launch::async, [&] { return indexer.run(); });
    // Generous: a run over 21 small files takes well under a second; only a blocked open()
    // gets anywhere near this.
    bool finished = done.wait_for(std::chrono::seconds(60)) == std::future_status::ready;
    while (!finished) {
        unblock();
        finished = done.wait_for(std::chrono::milliseconds(200)) == std::future_status::ready;
    }
    *report = done.get();
}

QStringList tst_Races::leaks() const
{
    QStringList found;
    auto store = IndexStore::open(m_db, IndexStore::Mode::ReadOnly);
    if (!store)
        return {QStringLiteral("cannot open the index: ") + store.error().toString()};
    (*store)->chunks().forEach([&](const ChunkRecord &c) {
        if (c.text.contains(QLatin1String(kOutsideMarker)) || c.text.contains(QLatin1String("outside the folder")))
            found << c.path;
    });
    if (!(*store)->symbols().named(QString::fromLatin1(kOutsideMarker)).isEmpty())
        found << QStringLiteral("symbol ") + QString::fromLatin1(kOutsideMarker);
    return found;
}

void tst_Races::fileSwappedForSymlinkBeforeRead()
{
    IndexOptions options;
    options.gitHistory = false;
    options.draftMinFiles = 0;
    const QString outside = m_outside + QStringLiteral("/secret.py");
    options.beforeRead = [&](const QString &rel) {
        if (rel.startsWith(QLatin1String("src/f")))
            place(m_root + u'/' + rel, Entry::Symlink, outside, {});
    };
    Result<IndexReport> report = makeError(ErrorCode::None, QString());
    runIndexer(options, &report, [] {});
    QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
    const QStringList leaked = leaks();
    QVERIFY2(leaked.isEmpty(), qPrintable(leaked.join(u' ')));
    auto store = IndexStore::open(m_db, IndexStore::Mode::ReadOnly);
    QVERIFY(store);
    const auto f = (*store)->files().file(QStringLiteral("src/f00.py"));
    QVERIFY(f);
    QCOMPARE(f->status, FileStatus::Unsupported);
    QCOMPARE(f->reason, QStringLiteral("replaced by a symlink while being indexed (not followed)"));
    // The untouched file is indexed.
    QVERIFY(!(*store)->symbols().named(QStringLiteral("inside_function_99")).isEmpty());
}

void tst_Races::folderSwappedForSymlinkBeforeRead()
{
    IndexOptions options;
    options.gitHistory = false;
    options.draftMinFiles = 0;
    std::atomic_bool swapped{false};
    options.beforeRead = [&](const QString &rel) {
        if (rel == QLatin1String("src/pkg/module.py") && !swapped.exchange(true)) {
            const QByteArray pkg = QFile::encodeName(m_root + QStringLiteral("/src/pkg"));
            const QByteArray aside = QFile::encodeName(m_root + QStringLiteral("/src/pkg.real"));
            QVERIFY(::rename(pkg.constData(), aside.constData()) == 0);
            QVERIFY(::symlink(QFile::encodeName(m_outside + QStringLiteral("/pkg")).constData(), pkg.constData()) == 0);
        }
    };
    Result<IndexReport> report = makeError(ErrorCode::None, QString());
    runIndexer(options, &report, [] {});
    QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
    QVERIFY(swapped.load());
    const QStringList leaked = leaks();
    QVERIFY2(leaked.isEmpty(), qPrintable(leaked.join(u' ')));
    auto store = IndexStore::open(m_db, IndexStore::Mode::ReadOnly);
    QVERIFY(store);
    const auto f = (*store)->files().file(QStringLiteral("src/pkg/module.py"));
    QVERIFY(f);
    QCOMPARE(f->status, FileStatus::Unsupported);
    QCOMPARE(f->reason, QStringLiteral("a folder on its path was replaced by a symlink (not followed)"));
}

void tst_Races::fileSwappedForFifoBeforeRead()
{
    IndexOptions options;
    options.gitHistory = false;
    options.draftMinFiles = 0;
    options.beforeRead = [&](const QString &rel) {
        if (rel.startsWith(QLatin1String("src/f")))
            place(m_root + u'/' + rel, Entry::Fifo, {}, {});
    };
    Result<IndexReport> report = makeError(ErrorCode::None, QString());
    QElapsedTimer blocked;
    blocked.start();
    bool released = false;
    runIndexer(options, &report, [&] {
        released = true;
        releaseFifos(m_root + QStringLiteral("/src"));
    });
    QVERIFY2(!released, "the indexer blocked opening a FIFO (released after 60 s)");
    QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
    auto store = IndexStore::open(m_db, IndexStore::Mode::ReadOnly);
    QVERIFY(store);
    const auto f = (*store)->files().file(QStringLiteral("src/f07.py"));
    QVERIFY(f);
    QCOMPARE(f->status, FileStatus::Unsupported);
    QCOMPARE(f->reason, QStringLiteral("not a regular file"));
    QVERIFY(!(*store)->symbols().named(QStringLiteral("inside_function_99")).isEmpty());
}

// The experiment, bounded and seeded: a thread flips the 20 files between regular
// files, symlinks to the outside file and FIFOs, and the package folder between a folder and a
// symlink to an outside folder, while 25 full index runs (fresh database each) go on.
void tst_Races::seededFlippingRace()
{
    constexpr int kRuns = 25;
    std::atomic_bool stop{false};
    std::atomic<int> flips{0};
    const QString outsideFile = m_outside + QStringLiteral("/secret.py");
    const QByteArray pkg = QFile::encodeName(m_root + QStringLiteral("/src/pkg"));
    const QByteArray pkgReal = QFile::encodeName(m_root + QStringLiteral("/src/pkg.real"));
    const QByteArray outsidePkg = QFile::encodeName(m_outside + QStringLiteral("/pkg"));
    std::thread flipper([&] {
        QRandomGenerator rng(1717);
        bool pkgIsLink = false;
        while (!stop.load()) {
            const int i = int(rng.bounded(kFiles + 1));
            if (i == kFiles) {
                // The folder: a real folder, or a symlink to the outside folder (the real one
                // moved aside).
                if (pkgIsLink) {
                    ::unlink(pkg.constData());
                    (void)::rename(pkgReal.constData(), pkg.constData());
                } else {
                    (void)::rename(pkg.constData(), pkgReal.constData());
                    (void)::symlink(outsidePkg.constData(), pkg.constData());
                }
                pkgIsLink = !pkgIsLink;
            } else {
                const QString path = m_root + QStringLiteral("/src/f%1.py").arg(i, 2, 10, QLatin1Char('0'));
                const int what = int(rng.bounded(3));
                place(path, what == 0 ? Entry::Regular : what == 1 ? Entry::Symlink : Entry::Fifo, outsideFile,
                      insideCode(i));
            }
            flips.fetch_add(1);
            std::this_thread::yield();
        }
    });
    int completed = 0;
    QStringList failures;
    const QString base = m_db;
    for (int run = 0; run < kRuns; ++run) {
        m_db = base + QStringLiteral(".race%1").arg(run);
        IndexOptions options;
        options.gitHistory = false;
        options.draftMinFiles = 0;
        Result<IndexReport> report = makeError(ErrorCode::None, QString());
        bool released = false;
        runIndexer(options, &report, [&] {
            // Blocked: stop flipping, let the reader go; the test has failed.
            released = true;
            stop.store(true);
            releaseFifos(m_root + QStringLiteral("/src"));
        });
        if (released) {
            failures << QStringLiteral("run %1 blocked on a FIFO").arg(run);
            break;
        }
        if (!report) {
            failures << QStringLiteral("run %1: %2").arg(run).arg(report.error().toString());
            continue;
        }
        ++completed;
        const QStringList leaked = leaks();
        if (!leaked.isEmpty())
            failures << QStringLiteral("run %1 indexed outside text as %2").arg(run).arg(leaked.join(u' '));
    }
    stop.store(true);
    flipper.join();
    QVERIFY2(failures.isEmpty(), qPrintable(failures.join(u'\n')));
    QCOMPARE(completed, kRuns);
    QVERIFY(flips.load() > kRuns); // the files did change during the runs
}

// Issue 17: `index` exited 0 when the folder itself vanished while it was being indexed.
void tst_Races::folderRemovedDuringARun()
{
    IndexOptions options;
    options.gitHistory = false;
    options.draftMinFiles = 0;
    const QByteArray root = QFile::encodeName(m_root);
    const QByteArray gone = root + ".gone";
    std::atomic_bool moved{false};
    options.beforeRead = [&](const QString &) {
        if (!moved.exchange(true))
            QVERIFY(::rename(root.constData(), gone.constData()) == 0);
    };
    Result<IndexReport> report = makeError(ErrorCode::None, QString());
    runIndexer(options, &report, [] {});
    QVERIFY(moved.load());
    QVERIFY(!report);
    QCOMPARE(report.error().code, ErrorCode::NotFound);
    QVERIFY2(report.error().message.contains(QLatin1String("removed while it was being indexed")),
             qPrintable(report.error().toString()));
    // Back in place, the next run completes.
    QVERIFY(::rename(gone.constData(), root.constData()) == 0);
    options.beforeRead = {};
    runIndexer(options, &report, [] {});
    QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
}

QTEST_GUILESS_MAIN(tst_Races)
#include "tst_races.moc"
