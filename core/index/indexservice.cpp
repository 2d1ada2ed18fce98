#include "indexservice.h"

#include "core/base/logging.h"
#include "core/base/paths.h"
#include "core/store/integrity.h"
#include "core/store/writerlock.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QThread>
#include <QTimer>

#include <algorithm>

#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace RepoLens {

// Lives on the indexer thread: the context for queued calls, and the Indexer of the current
// folder (kept between watcher updates for its cache of ignore rules). Touched only there.
class IndexWorker : public QObject
{
public:
    using QObject::QObject;

    Indexer &indexer(const QString &root, const QString &dbPath, const IndexOptions &options, bool fresh)
    {
        if (fresh || !m_indexer || root != m_root || dbPath != m_dbPath) {
            m_indexer = std::make_unique<Indexer>(root, dbPath, options);
            m_root = root;
            m_dbPath = dbPath;
        }
        return *m_indexer;
    }

private:
    std::unique_ptr<Indexer> m_indexer;
    QString m_root;
    QString m_dbPath;
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
constexpr int kVisibleFiles = 100;        // a background job parsing this many files shows
constexpr int kMaxUpdatePaths = 20000;    // a bigger watcher batch becomes a full run

bool reportChanged(const IndexReport &r)
{
    return r.filesParsed > 0 || r.filesRemoved > 0 || !r.corruptMovedTo.isEmpty()
           || r.filesSkipped > 0;
}

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
    delete m_watcher;
    m_watcher = nullptr;
    m_thread->quit();
    m_thread->wait();
}

void IndexService::setWatchEnabled(bool enabled)
{
    m_watchEnabled = enabled;
    if (!enabled && m_watcher)
        m_watcher->stop();
}

FileWatcher::Mode IndexService::watchMode() const
{
    return m_watcher ? m_watcher->mode() : FileWatcher::Mode::Stopped;
}

QString IndexService::watchDetail() const
{
    return m_watcher ? m_watcher->detail() : QString();
}

void IndexService::ensureWatching()
{
    if (!m_watchEnabled || m_rootPath.isEmpty())
        return;
    if (!m_watcher) {
        m_watcher = new FileWatcher(this);
        connect(m_watcher, &FileWatcher::pathsChanged, this, [this](const QStringList &paths) {
            for (const QString &p : paths)
                m_pendingPaths.insert(p);
            scheduleBackground();
        });
        connect(m_watcher, &FileWatcher::rescanNeeded, this, [this](const QString &reason) {
            qCDebug(lcIndex) << "rescanning:" << reason;
            m_pendingRescan = true;
            scheduleBackground();
        });
        connect(m_watcher, &FileWatcher::modeChanged, this, &IndexService::watchModeChanged);
    }
    if (m_watcher->rootDir() == m_rootPath && m_watcher->mode() != FileWatcher::Mode::Stopped)
        return;
    FileWatcherOptions options = m_watchOptions;
    options.scan = m_options.scan;
    options.excludeDirs << m_dataDir << QFileInfo(m_dbPath).absolutePath();
    m_watcher->start(m_rootPath, options);
}

void IndexService::scheduleBackground()
{
    if (m_busy || m_rootPath.isEmpty() || isWaitingForOtherWriter())
        return;
    if (m_pendingRescan) {
        m_pendingRescan = false;
        m_pendingPaths.clear();
        launch(JobKind::Full, false, {});
        return;
    }
    if (m_pendingPaths.isEmpty())
        return;
    QStringList paths(m_pendingPaths.cbegin(), m_pendingPaths.cend());
    m_pendingPaths.clear();
    paths.sort();
    if (paths.size() > kMaxUpdatePaths)
        launch(JobKind::Full, false, {});
    else
        launch(JobKind::Update, false, paths);
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
    m_pendingPaths.clear();
    m_pendingRescan = false;
    if (m_watcher && m_watcher->rootDir() != rootPath)
        m_watcher->stop();
    if (m_writerPoll)
        m_writerPoll->stop();
    m_deferredFull = false;
    m_deferredForeground = false;
    if (!m_otherWriter.isEmpty()) {
        m_otherWriter.clear();
        Q_EMIT otherWriterChanged(QString());
    }
    m_rootPath = rootPath;
    m_dbPath = rootPath.isEmpty() ? QString() : IndexStore::databasePath(m_dataDir, rootPath);
    m_lastProgress = IndexProgress();
}

void IndexService::start()
{
    if (m_rootPath.isEmpty())
        return;
    m_pendingPaths.clear(); // a full run covers them
    m_pendingRescan = false;
    if (m_busy) {
        // Let the running pass stop at its next check, then start over.
        cancel();
        m_restartPending = true;
        return;
    }
    launch(JobKind::Full, true, {});
}

void IndexService::launch(JobKind kind, bool foreground, const QStringList &paths)
{
    m_busy = true;
    m_running = foreground;
    m_jobVisible = foreground;
    m_jobForeground = foreground;
    m_jobKind = kind;
    m_jobPaths = paths;
    m_restartPending = false;
    if (m_cancel)
        m_cancel->store(true); // the previous job's after-index work, if it still runs
    m_cancel = std::make_shared<std::atomic_bool>(false);
    const quint64 generation = ++m_generation;
    if (foreground) {
        m_lastProgress = IndexProgress();
        Q_EMIT indexingStarted();
    }

    const QString root = m_rootPath;
    const QString dbPath = m_dbPath;
    const IndexOptions options = m_options;
    const AfterIndexHook hook = m_afterIndex;
    std::shared_ptr<std::atomic_bool> cancelFlag = m_cancel;
    IndexWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        worker,
        [this, worker, kind, paths, root, dbPath, options, hook, cancelFlag, generation]() {
            if (kind == JobKind::Full)
                qCInfo(lcIndex) << "indexing" << root;
            else
                qCDebug(lcIndex) << "updating" << paths.size() << "paths in" << root;
            QElapsedTimer sinceLast;
            IndexProgress::Phase lastPhase = IndexProgress::Phase::Done;
            const Indexer::ProgressFn progressFn = [&](const IndexProgress &progress) {
                if (sinceLast.isValid() && progress.phase == lastPhase
                    && sinceLast.elapsed() < kProgressIntervalMs)
                    return;
                sinceLast.start();
                lastPhase = progress.phase;
                QMetaObject::invokeMethod(
                    this, [this, generation, progress] { handleProgress(generation, progress); },
                    Qt::QueuedConnection);
            };
            Indexer &indexer = worker->indexer(root, dbPath, options, kind == JobKind::Full);
            auto result = kind == JobKind::Full ? indexer.run(progressFn, cancelFlag.get())
                                                : indexer.update(paths, progressFn, cancelFlag.get());
            const bool runHook = hook && result && !result->cancelled && reportChanged(*result);
            const HookProgress report = hookProgress();
            if (runHook && kind != JobKind::Full) {
                hook(dbPath, result->fullScan ? QStringList() : paths, cancelFlag.get(), report);
                report(0, 0);
            }
            QMetaObject::invokeMethod(
                this, [this, generation, result] { handleFinished(generation, result); },
                Qt::QueuedConnection);
            if (runHook && kind == JobKind::Full) {
                hook(dbPath, {}, cancelFlag.get(), report);
                report(0, 0);
            }
            // Damage the after-index hook met (a vector read or write): repaired by a new run.
            if (Damage::seenHere(dbPath)) {
                if (const auto damage = Damage::reason(dbPath)) {
                    QMetaObject::invokeMethod(
                        this, [this, why = *damage] { repairDamage(why); }, Qt::QueuedConnection);
                }
            }
        },
        Qt::QueuedConnection);
}

void IndexService::repairDamage(const QString &reason)
{
    if (m_dbPath.isEmpty() || m_repairRequested)
        return;
    m_repairRequested = true;
    // access(2), not the mode bits: root on a read-only mount cannot write either.
    const bool canRebuild = ::access(encodePath(QFileInfo(m_dbPath).absolutePath()).constData(), W_OK) == 0;
    qCWarning(lcIndex) << "the index is damaged:" << reason << (canRebuild ? "; rebuilding it" : "; read-only");
    Q_EMIT damageFound(reason, canRebuild);
    if (canRebuild)
        start(); // the run moves the damaged file aside and rebuilds (indexRecovered)
}

void QueryRunner::checkDamage(const QString &dbPath)
{
    const auto damage = Damage::reason(dbPath);
    if (!damage) {
        // Repaired since: the next damage is news again.
        if (m_damageReported.exchange(false)) {
            QMetaObject::invokeMethod(
                this, [this] { m_reportedDamage.clear(); }, Qt::QueuedConnection);
        }
        return;
    }
    QMetaObject::invokeMethod(
        this,
        [this, dbPath, why = *damage] {
            if (dbPath != m_dbPath || why == m_reportedDamage)
                return;
            m_reportedDamage = why;
            m_damageReported.store(true);
            Q_EMIT damageFound(why);
        },
        Qt::QueuedConnection);
}

// The after-index hook's progress, posted from the worker thread as afterIndexProgress.
IndexService::HookProgress IndexService::hookProgress()
{
    return [this](int done, int total) {
        QMetaObject::invokeMethod(
            this, [this, done, total] { Q_EMIT afterIndexProgress(done, total); }, Qt::QueuedConnection);
    };
}

void IndexService::rerunAfterIndexHook()
{
    if (!m_afterIndex || m_dbPath.isEmpty() || m_busy)
        return;
    if (m_cancel)
        m_cancel->store(true);
    m_cancel = std::make_shared<std::atomic_bool>(false);
    const AfterIndexHook hook = m_afterIndex;
    const QString dbPath = m_dbPath;
    std::shared_ptr<std::atomic_bool> cancelFlag = m_cancel;
    QMetaObject::invokeMethod(
        m_worker,
        [this, hook, dbPath, cancelFlag] {
            const HookProgress report = hookProgress();
            hook(dbPath, {}, cancelFlag.get(), report);
            report(0, 0);
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
    if (!m_jobVisible) {
        // A background job shows once it has real work (a branch switch, a big pull).
        const bool working = progress.phase == IndexProgress::Phase::Parsing
                             || progress.phase == IndexProgress::Phase::Drafting;
        if (!working || progress.filesTotal < kVisibleFiles)
            return;
        m_jobVisible = true;
        m_running = true;
        Q_EMIT indexingStarted();
    }
    Q_EMIT progressChanged(progress);
}

void IndexService::handleFinished(quint64 generation, const Result<IndexReport> &result)
{
    if (generation != m_generation)
        return;
    const bool visible = m_jobVisible;
    const bool foreground = m_jobForeground;
    m_jobKindFinished = m_jobKind;
    const QStringList paths = m_jobPaths;
    m_busy = false;
    m_running = false;
    m_jobVisible = false;
    m_jobForeground = false;
    m_jobPaths.clear();
    m_cancel.reset();
    if (result && m_jobKindFinished == JobKind::Full && !result->cancelled)
        m_repairRequested = false; // a full run repairs any damage marked before it ended
    if (result && !result->corruptMovedTo.isEmpty()) {
        qCWarning(lcIndex) << "the index was damaged (" << result->corruptReason << "); moved to"
                           << result->corruptMovedTo << "and rebuilt";
        Q_EMIT indexRecovered(result->corruptMovedTo, result->corruptReason);
    }
    if (!result && result.error().code == ErrorCode::Busy) {
        waitForOtherWriter(m_jobKindFinished, foreground, paths, result.error().context);
        return;
    }
    if (m_restartPending && result && result->cancelled) {
        start(); // the run was stopped to start over: its report is not news
        return;
    }
    if (result) {
        if (visible) {
            m_lastProgress.phase = IndexProgress::Phase::Done;
            Q_EMIT indexFinished(*result);
        }
        if (!foreground && !result->cancelled)
            Q_EMIT indexUpdated(*result, paths);
        if (!result->cancelled)
            ensureWatching();
    } else {
        qCWarning(lcIndex) << "indexing failed:" << result.error().toString();
        Q_EMIT indexFailed(result.error());
    }
    if (m_restartPending)
        start();
    else
        scheduleBackground();
}

void IndexService::waitForOtherWriter(JobKind kind, bool foreground, const QStringList &paths, const QString &holder)
{
    // The job waits for the lock: a full run stays a full run, an update's paths are kept.
    if (kind == JobKind::Full)
        m_deferredFull = true;
    else
        for (const QString &p : paths)
            m_pendingPaths.insert(p);
    m_deferredForeground = m_deferredForeground || foreground;
    if (m_otherWriter != holder) {
        m_otherWriter = holder.isEmpty() ? QStringLiteral("another process") : holder;
        qCInfo(lcIndex) << "indexing in another RepoLens process:" << m_otherWriter;
        Q_EMIT otherWriterChanged(m_otherWriter);
    }
    if (!m_writerPoll) {
        m_writerPoll = new QTimer(this);
        m_writerPoll->setInterval(qEnvironmentVariableIsSet("REPOLENS_WRITER_POLL_MS")
                                      ? qEnvironmentVariableIntValue("REPOLENS_WRITER_POLL_MS")
                                      : 1000);
        connect(m_writerPoll, &QTimer::timeout, this, &IndexService::checkOtherWriter);
    }
    m_writerPoll->start();
}

void IndexService::checkOtherWriter()
{
    if (m_dbPath.isEmpty()) {
        m_writerPoll->stop();
        return;
    }
    if (const auto holder = IndexWriterLock::holder(m_dbPath)) {
        const QString h = holder->describe();
        if (holder->pid && h != m_otherWriter) {
            m_otherWriter = h;
            Q_EMIT otherWriterChanged(h);
        }
        return;
    }
    // Free (the other process finished, or died): take over.
    m_writerPoll->stop();
    m_otherWriter.clear();
    Q_EMIT otherWriterChanged(QString());
    if (m_busy)
        return;
    const bool full = m_deferredFull;
    const bool foreground = m_deferredForeground;
    m_deferredFull = false;
    m_deferredForeground = false;
    if (full) {
        m_pendingPaths.clear();
        launch(JobKind::Full, foreground, {});
    } else {
        scheduleBackground();
    }
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
    waitForDone();
}

void QueryRunner::setDatabasePath(const QString &path)
{
    if (path == m_dbPath)
        return;
    cancelAll();
    m_dbPath = path;
    m_reportedDamage.clear();
    m_damageReported.store(false);
    // The old database is not held open by idle threads; a request still running on it gets
    // a connection to the new one next time.
    closeIdleStores();
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
    const bool done = m_pool.waitForDone(msecs);
    closeIdleStores();
    return done;
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

// One pool thread's connection. `busy` (read and written under m_storesMutex) is set while a
// request of that thread uses it: the runner's thread closes only connections not busy.
struct QueryRunner::ThreadStore
{
    std::unique_ptr<IndexStore> store;
    QString path;
    qint64 created = 0;
    quint64 inode = 0;
    bool busy = false;
};

const IndexStore *QueryRunner::acquireStore(const QString &dbPath, Error *error)
{
    std::shared_ptr<ThreadStore> slot;
    {
        const std::lock_guard lock(m_storesMutex);
        std::shared_ptr<ThreadStore> &s = m_stores[QThread::currentThread()];
        if (!s)
            s = std::make_shared<ThreadStore>();
        s->busy = true;
        slot = s;
    }
    // Only this thread touches the slot's connection while it is busy.
    if (dbPath.isEmpty()) {
        *error = makeError(ErrorCode::NotFound, QStringLiteral("no folder is open"));
        return nullptr;
    }
    const QFileInfo info(dbPath);
    if (!info.exists()) {
        slot->store.reset();
        *error = makeError(ErrorCode::NotFound, QStringLiteral("the folder has not been indexed yet"),
                           dbPath);
        return nullptr;
    }
    // A database that was deleted and created again needs a new connection.
    // (A database moved aside and rebuilt has a new inode.)
    const qint64 created = info.birthTime().isValid() ? info.birthTime().toMSecsSinceEpoch()
                                                       : info.metadataChangeTime().toMSecsSinceEpoch();
    struct stat st = {};
    const quint64 inode = ::stat(encodePath(dbPath).constData(), &st) == 0 ? quint64(st.st_ino) : 0;
    if (slot->store && slot->path == dbPath && slot->inode == inode
        && (slot->created == created || !info.birthTime().isValid()))
        return slot->store.get();
    slot->store.reset();
    auto opened = IndexStore::open(dbPath, IndexStore::Mode::ReadOnly);
    if (!opened) {
        *error = opened.error();
        return nullptr;
    }
    slot->store = std::move(*opened);
    slot->path = dbPath;
    slot->created = created;
    slot->inode = inode;
    return slot->store.get();
}

void QueryRunner::releaseStore()
{
    const std::lock_guard lock(m_storesMutex);
    if (const auto it = m_stores.constFind(QThread::currentThread()); it != m_stores.cend())
        (*it)->busy = false;
}

void QueryRunner::closeIdleStores()
{
    const std::lock_guard lock(m_storesMutex);
    m_stores.removeIf([](QHash<QThread *, std::shared_ptr<ThreadStore>>::iterator it) { return !it.value()->busy; });
}

int QueryRunner::openConnections() const
{
    const std::lock_guard lock(m_storesMutex);
    int open = 0;
    for (const auto &slot : m_stores)
        open += slot->store ? 1 : 0;
    return open;
}

} // namespace RepoLens
