// Connections outlive threads and the application object: a query thread's read-only store
// may be closed by the thread's own exit after QCoreApplication is gone (a retired pool thread
// while the process exits). With Qt's SQL connection registry underneath that crashed; the
// stores now hold plain SQLite handles. The scenario runs in a child process of this test.

#include "storetestutil.h"

#include "core/store/conversationstore.h"

#include <QProcess>
#include <QStandardPaths>

#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <thread>

using namespace RepoLens;
using namespace RepoLens::StoreTest;

class tst_ConnectionLifetime : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void closedOnAnotherThread();
    void closedAfterTheApplication();
};

namespace {

// The child's worker thread: it opens an index and a conversation store in thread_locals and
// ends only when the process is exiting, after the application object and Qt's global
// statics are gone, so its thread_local destructors close both connections then.
std::mutex s_mutex;
std::condition_variable s_cv;
bool s_opened = false;
bool s_release = false;
std::thread s_worker;

void releaseWorkerAtExit()
{
    {
        std::lock_guard lock(s_mutex);
        s_release = true;
    }
    s_cv.notify_all();
    if (s_worker.joinable())
        s_worker.join();
}

// Exit status 0 = survived; 3 = the stores did not open.
int child(int argc, char **argv, const QString &folder)
{
    // Registered before anything of Qt's is: runs after Qt's global statics are destroyed.
    std::atexit(releaseWorkerAtExit);
    auto *app = new QCoreApplication(argc, argv);
    std::atomic_bool ok = false;
    s_worker = std::thread([&ok, folder] {
        thread_local std::unique_ptr<IndexStore> index;
        thread_local std::unique_ptr<ConversationStore> chats;
        auto i = IndexStore::open(folder + QStringLiteral("/index.sqlite"), IndexStore::Mode::ReadOnly);
        auto c = ConversationStore::open(folder + QStringLiteral("/chats.sqlite"));
        ok = i && c && (*i)->chunks().count() > 0;
        if (i)
            index = std::move(*i);
        if (c)
            chats = std::move(*c);
        std::unique_lock lock(s_mutex);
        s_opened = true;
        s_cv.notify_all();
        s_cv.wait(lock, [] { return s_release; });
    });
    {
        std::unique_lock lock(s_mutex);
        s_cv.wait(lock, [] { return s_opened; });
    }
    delete app;
    return ok ? 0 : 3;
}

} // namespace

void tst_ConnectionLifetime::closedOnAnotherThread()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    QVERIFY(addFile(*store, QStringLiteral("a.py"), "def f():\n    pass\n"));
    auto reader = IndexStore::open(store->path(), IndexStore::Mode::ReadOnly);
    QVERIFY(reader);
    QCOMPARE((*reader)->chunks().count(), 1);
    std::unique_ptr<IndexStore> moved = std::move(*reader);
    std::thread([&] { moved.reset(); }).join(); // opened here, closed there
    QVERIFY(!moved);
    QCOMPARE(store->chunks().count(), 1);
}

void tst_ConnectionLifetime::closedAfterTheApplication()
{
    QTemporaryDir dir;
    {
        auto store = openStore(dir, QStringLiteral("index.sqlite"));
        QVERIFY(store);
        QVERIFY(addFile(*store, QStringLiteral("a.py"), "def f():\n    pass\n"));
    }
    for (int run = 0; run < 5; ++run) {
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--child"), dir.path()});
        QVERIFY(p.waitForFinished(30000));
        const QByteArray out = p.readAll();
        QVERIFY2(p.exitStatus() == QProcess::NormalExit, out.constData());
        QVERIFY2(p.exitCode() == 0, out.constData());
        QVERIFY2(!out.contains("QSql"), out.constData());
    }
}

int main(int argc, char **argv)
{
    if (argc == 3 && qstrcmp(argv[1], "--child") == 0)
        return child(1, argv, QString::fromLocal8Bit(argv[2]));
    QCoreApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    tst_ConnectionLifetime test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_connectionlifetime.moc"
