#include "indexservice.h"

#include "core/base/logging.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QThread>

#include <algorithm>

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace RepoLens {

// Lives on the indexer thread; only a context for queued calls.
class IndexWorker : public QObject
{
public:
    using QObject::QObject;
};

namespace {

void registerMetaTypes()
{
    static const bool done = [] {
        qRegisterMetaType<RepoLens::IndexProgress>("RepoLens::IndexProgress");
        qRegisterMetaType<RepoLens::IndexReport>("RepoLens::IndexReport");
        qRegisterMetaType<RepoLens::Error>("RepoLens::Error");
        return true;
    }();
    Q_UNUSED(done);
}

constexpr int kProgressIntervalMs = 100; // ~10 Hz

} // namespace

IndexService::IndexService(QObject *parent)
    : QObject(parent)
    , m_dataDir(IndexStore::defaultDataDir())
{
    registerMetaTypes();
    m_thread = new QThread(this);
    m_thread->setObjectName(QStringLiteral("repolens-indexer"));
    m_worker = new IndexWorker;
    m_worker->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    // Indexing yields to the user interface: the indexer thread, and the parse threads it
    // starts (which inherit it), run at nice 10. (QThread priorities do nothing for
    // SCHED_OTHER threads on Linux.)
    connect(
        m_thread, &QThread::started, m_thread,
        [] { setpriority(PRIO_PROCESS, id_t(syscall(SYS_gettid)), 10); }, Qt::DirectConnection);
    m_thread->start(QThread::LowPriority);
}

IndexService::~IndexService()
{
    if (m_cancel)
        m_cancel->store(true);
    m_thread->quit();
    m_thread->wait();
}

void IndexService::setDataDir(const QString &dir)
{
    m_dataDir = dir;
    if (!m_rootPath.isEmpty())
        m_dbPath = IndexStore::databasePath(m_dataDir, m_rootPath);
}

void IndexService::setRootPath(const QString &rootPath)
{
    cancel();
    m_restartPending = false;
    m_rootPath = rootPath;
    m_dbPath = rootPath.isEmpty() ? QString() : IndexStore::databasePath(m_dataDir, rootPath);
    m_lastProgress = IndexProgress();
}

void IndexService::start()
{
    if (m_rootPath.isEmpty())
        return;
    if (m_running) {
        // Let the running pass stop at its next check, then start over.
        cancel();
        m_restartPending = true;
        return;
    }
    m_running = true;
    m_restartPending = false;
    m_cancel = std::make_shared<std::atomic_bool>(false);
    const quint64 generation = ++m_generation;
    m_lastProgress = IndexProgress();
    Q_EMIT indexingStarted();

    const QString root = m_rootPath;
    const QString dbPath = m_dbPath;
    const IndexOptions options = m_options;
    std::shared_ptr<std::atomic_bool> cancelFlag = m_cancel;
    QMetaObject::invokeMethod(
        m_worker,
        [this, root, dbPath, options, cancelFlag, generation]() {
            qCInfo(lcIndex) << "indexing" << root;
            QElapsedTimer sinceLast;
            IndexProgress::Phase lastPhase = IndexProgress::Phase::Done;
            Indexer indexer(root, dbPath, options);
            auto result = indexer.run(
                [&](const IndexProgress &progress) {
                    if (sinceLast.isValid() && progress.phase == lastPhase
                        && sinceLast.elapsed() < kProgressIntervalMs)
                        return;
                    sinceLast.start();
                    lastPhase = progress.phase;
                    QMetaObject::invokeMethod(
                        this, [this, generation, progress] { handleProgress(generation, progress); },
                        Qt::QueuedConnection);
                },
                cancelFlag.get());
            QMetaObject::invokeMethod(
                this, [this, generation, result] { handleFinished(generation, result); },
                Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
}

void IndexService::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
}

void IndexService::handleProgress(quint64 generation, const IndexProgress &progress)
{
    if (generation != m_generation)
        return;
    m_lastProgress = progress;
    Q_EMIT progressChanged(progress);
}

void IndexService::handleFinished(quint64 generation, const Result<IndexReport> &result)
{
    if (generation != m_generation)
        return;
    m_running = false;
    m_cancel.reset();
    if (m_restartPending && result && result->cancelled) {
        start(); // the run was stopped to start over: its report is not news
        return;
    }
    if (result) {
        m_lastProgress.phase = IndexProgress::Phase::Done;
        Q_EMIT indexFinished(*result);
    } else {
        qCWarning(lcIndex) << "indexing failed:" << result.error().toString();
        Q_EMIT indexFailed(result.error());
    }
    if (m_restartPending)
        start();
}

// --- QueryRunner ----------------------------------------------------------------------------

QueryRunner::QueryRunner(QObject *parent)
    : QObject(parent)
{
    m_pool.setObjectName(QStringLiteral("repolens-query"));
    m_pool.setMaxThreadCount(std::clamp(QThread::idealThreadCount() / 2, 2, 4));
    m_pool.setExpiryTimeout(60 * 1000);
}

QueryRunner::~QueryRunner()
{
    cancelAll();
    m_pool.waitForDone();
}

void QueryRunner::setDatabasePath(const QString &path)
{
    if (path == m_dbPath)
        return;
    cancelAll();
    m_dbPath = path;
}

void QueryRunner::cancelAll()
{
    for (const auto &weak : std::as_const(m_all)) {
        if (auto flag = weak.lock())
            flag->store(true);
    }
    m_all.clear();
    m_channels.clear();
}

void QueryRunner::cancel(const QString &channel)
{
    const auto it = m_channels.find(channel);
    if (it == m_channels.end())
        return;
    it->flag->store(true);
    m_channels.erase(it);
}

bool QueryRunner::waitForDone(int msecs)
{
    return m_pool.waitForDone(msecs);
}

quint64 QueryRunner::registerRequest(const QString &channel, const std::shared_ptr<CancelFlag> &flag)
{
    const quint64 ticket = m_nextTicket++;
    if (!channel.isEmpty()) {
        cancel(channel);
        m_channels.insert(channel, Pending{ticket, flag});
    }
    m_all.removeIf([](const std::weak_ptr<CancelFlag> &w) { return w.expired(); });
    m_all.append(flag);
    return ticket;
}

void QueryRunner::finishRequest(const QString &channel, quint64 ticket)
{
    const auto it = m_channels.find(channel);
    if (it != m_channels.end() && it->ticket == ticket)
        m_channels.erase(it);
}

const IndexStore *QueryRunner::threadStore(const QString &dbPath, Error *error)
{
    // One read-only connection per pool thread, reused across requests.
    thread_local std::unique_ptr<IndexStore> store;
    thread_local QString storePath;
    thread_local qint64 storeCreated = 0;
    if (dbPath.isEmpty()) {
        *error = makeError(ErrorCode::NotFound, QStringLiteral("no folder is open"));
        return nullptr;
    }
    const QFileInfo info(dbPath);
    if (!info.exists()) {
        store.reset();
        *error = makeError(ErrorCode::NotFound, QStringLiteral("the folder has not been indexed yet"),
                           dbPath);
        return nullptr;
    }
    // A database that was deleted and created again needs a new connection.
    const qint64 created = info.birthTime().isValid() ? info.birthTime().toMSecsSinceEpoch()
                                                       : info.metadataChangeTime().toMSecsSinceEpoch();
    if (store && storePath == dbPath && (storeCreated == created || !info.birthTime().isValid()))
        return store.get();
    store.reset();
    auto opened = IndexStore::open(dbPath, IndexStore::Mode::ReadOnly);
    if (!opened) {
        *error = opened.error();
        return nullptr;
    }
    store = std::move(*opened);
    storePath = dbPath;
    storeCreated = created;
    return store.get();
}

} // namespace RepoLens
