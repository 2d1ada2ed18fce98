#pragma once

#include "filewatcher.h"
#include "indexer.h"

#include "core/base/result.h"
#include "core/store/indexstore.h"

#include <QHash>
#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QString>
#include <QThreadPool>

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>

class QThread;
class QTimer;

namespace RepoLens {

class IndexWorker;

// Runs the Indexer of one folder on a long-lived worker thread ("repolens-indexer") and reports
// progress to the thread that owns the service (the GUI thread) at most ~10 times a second.
// Only one run at a time: start() while running cancels the running one and starts again
// once it has stopped.
//
// Freshness: after the first successful run the folder is watched (FileWatcher, unless
// setWatchEnabled(false)); each debounced batch of changed paths becomes one
// Indexer::update() on the worker thread, a lost-events notice or a huge batch a full run.
// These background jobs are quiet (indexUpdated() only) unless they turn out to parse many
// files, in which case they show like a run: indexingStarted(), progress, indexFinished().
// When the watcher cannot watch (limit reached) watchModeChanged(Polling, why) is emitted and
// the folder is rescanned periodically.
//
// Thread: create and use on one thread (the GUI thread); signals arrive on it.
class IndexService : public QObject
{
    Q_OBJECT
public:
    explicit IndexService(QObject *parent = nullptr);
    ~IndexService() override;

    // Where databases live (IndexStore::databasePath). Default: IndexStore::defaultDataDir().
    void setDataDir(const QString &dir);
    QString dataDir() const { return m_dataDir; }

    // The folder to index; cancels a running run. Does not start indexing.
    void setRootPath(const QString &rootPath);
    QString rootPath() const { return m_rootPath; }
    QString databasePath() const { return m_dbPath; }

    void setOptions(const IndexOptions &options) { m_options = options; }
    const IndexOptions &options() const { return m_options; }

    // Watch the folder after the first run and keep the index fresh (default on).
    void setWatchEnabled(bool enabled);
    bool isWatchEnabled() const { return m_watchEnabled; }
    void setWatchOptions(const FileWatcherOptions &options) { m_watchOptions = options; }
    FileWatcher::Mode watchMode() const;
    QString watchDetail() const;

    // Runs on the worker thread after every run or update that changed the index (e.g. to
    // embed the new chunks); changedPaths is empty after a full run. After an update it runs
    // before indexUpdated; after a full run it runs once indexFinished is on its way (keyword
    // search is ready), and the next job cancels it. report(done, total) is sent as
    // afterIndexProgress (total 0: finished).
    using HookProgress = std::function<void(int done, int total)>;
    using AfterIndexHook = std::function<void(const QString &databasePath, const QStringList &changedPaths,
                                              const std::atomic_bool *cancel, const HookProgress &report)>;
    void setAfterIndexHook(AfterIndexHook hook) { m_afterIndex = std::move(hook); }

    // Another RepoLens process holds the index's writer lock (IndexWriterLock): this service
    // reads meanwhile, says who writes (otherWriterChanged) and takes over with the job it
    // could not run as soon as the lock is free, also when the other process dies.
    bool isWaitingForOtherWriter() const { return !m_otherWriter.isEmpty(); }
    QString otherWriter() const { return m_otherWriter; }

    bool isIndexing() const { return m_running; }
    bool isBusy() const { return m_busy; } // any job, background ones included
    IndexProgress lastProgress() const { return m_lastProgress; }
    QThread *workerThread() const { return m_thread; }

    // Runs the after-index hook once more on the worker (e.g. vectors after method summaries
    // changed chunks' text); nothing while a job runs (its own hook follows).
    void rerunAfterIndexHook();

public Q_SLOTS:
    void start();
    void cancel();
    // Damage met at run time (QueryRunner::damageFound, or the after-index hook): says so
    // (damageFound) and starts a full run, which moves the damaged file aside and rebuilds
    // it. Once until a full run has finished.
    void repairDamage(const QString &reason);

Q_SIGNALS:
    void indexingStarted();
    void progressChanged(const RepoLens::IndexProgress &progress);
    // Also emitted for a cancelled run (report.cancelled), except one stopped by start().
    void indexFinished(const RepoLens::IndexReport &report);
    void indexFailed(const RepoLens::Error &error);
    // A background job (watcher batch or rescan) finished; report.fullScan tells which.
    void indexUpdated(const RepoLens::IndexReport &report, const QStringList &paths);
    // The database was damaged: it was moved aside to movedTo (kept) and rebuilt.
    void indexRecovered(const QString &movedTo, const QString &reason);
    // Damage was met while the index was used (repairDamage()); a full run that rebuilds it
    // has started unless its data folder is read-only (canRebuild false).
    void damageFound(const QString &reason, bool canRebuild);
    void watchModeChanged(RepoLens::FileWatcher::Mode mode, const QString &detail);
    // Progress of the after-index hook (the embedding stage); total 0 when it ended.
    void afterIndexProgress(int done, int total);
    // Another process writes the index ("pid 123, repolens-cli index, since ..."), or no
    // longer does (empty): see isWaitingForOtherWriter().
    void otherWriterChanged(const QString &holder);

private:
    friend class IndexWorker;
    enum class JobKind { Full, Update };
    void launch(JobKind kind, bool foreground, const QStringList &paths);
    HookProgress hookProgress();
    void scheduleBackground();
    void ensureWatching();
    void handleProgress(quint64 generation, const IndexProgress &progress);
    void handleFinished(quint64 generation, const Result<IndexReport> &result);
    void waitForOtherWriter(JobKind kind, bool foreground, const QStringList &paths, const QString &holder);
    void checkOtherWriter();

    QThread *m_thread = nullptr;
    IndexWorker *m_worker = nullptr;
    QString m_dataDir;
    QString m_rootPath;
    QString m_dbPath;
    IndexOptions m_options;
    std::shared_ptr<std::atomic_bool> m_cancel;
    quint64 m_generation = 0;
    bool m_running = false;        // a visible job (start(), or a background job grown big)
    bool m_busy = false;           // any job
    bool m_restartPending = false;
    IndexProgress m_lastProgress;

    // background jobs
    FileWatcher *m_watcher = nullptr;
    bool m_watchEnabled = true;
    FileWatcherOptions m_watchOptions;
    QSet<QString> m_pendingPaths;
    bool m_pendingRescan = false;
    bool m_jobVisible = false;
    bool m_jobForeground = false;  // started by start()
    JobKind m_jobKind = JobKind::Full;
    JobKind m_jobKindFinished = JobKind::Full;
    QStringList m_jobPaths;
    AfterIndexHook m_afterIndex;

    // another process holds the writer lock
    QString m_otherWriter;
    QTimer *m_writerPoll = nullptr;
    bool m_deferredFull = false;
    bool m_deferredForeground = false;
    bool m_repairRequested = false;
};

// Runs read-only queries against the index of one folder on a private thread pool, each
// thread using one read-only IndexStore (opened on first use, reopened when the database
// changes). The runner owns these connections, not the threads: they are closed on the
// runner's thread (by setDatabasePath() for the old database, waitForDone() and the
// destructor), never by a pool thread that retires. A request on a channel cancels the
// previous request on that channel ("a newer query cancels the older one"); a cancelled
// request's result is dropped. Results are delivered through a queued call on the runner's
// thread to `receiver`, and only while the receiver is alive.
//
// Thread: create and call on one thread (the GUI thread).
class QueryRunner : public QObject
{
    Q_OBJECT
public:
    explicit QueryRunner(QObject *parent = nullptr);
    ~QueryRunner() override;

    void setDatabasePath(const QString &path);
    QString databasePath() const { return m_dbPath; }

    // Cancels every running request and drops their results.
    void cancelAll();
    void cancel(const QString &channel);
    // Waits for running requests (tests, shutdown), then closes the connections not in use.
    bool waitForDone(int msecs = -1);
    int activeCount() const { return m_pool.activeThreadCount(); }
    // Connections open now (tests).
    int openConnections() const;

    using CancelFlag = std::atomic_bool;

    // work(store, cancel) runs on a pool thread; store is null when the database cannot be
    // opened (not indexed yet): `error` says why. done(result) runs on this object's thread.
    template<typename R>
    void run(const QString &channel, QObject *receiver,
             std::function<R(const IndexStore *store, const Error &error, const CancelFlag &cancel)> work,
             std::function<void(R)> done)
    {
        auto flag = std::make_shared<CancelFlag>(false);
        const quint64 ticket = registerRequest(channel, flag);
        const QString dbPath = m_dbPath;
        QPointer<QObject> guard(receiver);
        QPointer<QueryRunner> self(this);
        m_pool.start([this, dbPath, flag, ticket, channel, guard, work = std::move(work),
                      done = std::move(done)]() mutable {
            if (flag->load())
                return;
            Error error;
            const IndexStore *store = acquireStore(dbPath, &error);
            auto result = std::make_shared<R>(work(store, error, *flag));
            releaseStore();
            checkDamage(dbPath); // met by this request or another process
            if (flag->load())
                return;
            // The runner waits for its pool in its destructor, so `this` is alive here.
            QMetaObject::invokeMethod(
                this,
                [this, flag, ticket, channel, guard, done = std::move(done), result]() {
                    finishRequest(channel, ticket);
                    if (flag->load() || !guard)
                        return;
                    done(std::move(*result));
                },
                Qt::QueuedConnection);
        });
    }

Q_SIGNALS:
    // A request met damage in the database (SQLITE_CORRUPT, core/store/integrity.h), or
    // another process marked it damaged. Once per reason; IndexService::repairDamage() repairs.
    void damageFound(const QString &reason);

private:
    void checkDamage(const QString &dbPath); // on a pool thread
    quint64 registerRequest(const QString &channel, const std::shared_ptr<CancelFlag> &flag);
    void finishRequest(const QString &channel, quint64 ticket);
    // The calling pool thread's connection to dbPath, opened or reopened as needed, and marked
    // in use until releaseStore(); null when it cannot be opened (`error` says why).
    const IndexStore *acquireStore(const QString &dbPath, Error *error);
    void releaseStore();
    // On this object's thread: closes every connection that no request uses.
    void closeIdleStores();

    struct ThreadStore;
    mutable std::mutex m_storesMutex;
    QHash<QThread *, std::shared_ptr<ThreadStore>> m_stores; // by pool thread
    QThreadPool m_pool;
    QString m_dbPath;
    quint64 m_nextTicket = 1;
    struct Pending
    {
        quint64 ticket = 0;
        std::shared_ptr<CancelFlag> flag;
    };
    QHash<QString, Pending> m_channels;
    QList<std::weak_ptr<CancelFlag>> m_all; // every request not finished yet
    QString m_reportedDamage;                 // on this object's thread
    std::atomic_bool m_damageReported{false}; // read by the pool threads

};

} // namespace RepoLens

Q_DECLARE_METATYPE(RepoLens::IndexProgress)
Q_DECLARE_METATYPE(RepoLens::IndexReport)
Q_DECLARE_METATYPE(RepoLens::Error)
