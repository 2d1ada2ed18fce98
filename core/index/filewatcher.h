#pragma once

#include "scanner.h"

#include <QObject>
#include <QString>
#include <QStringList>

class QThread;

namespace RepoLens {

class FileWatcherWorker;

struct FileWatcherOptions
{
    int quietMs = 100;     // a batch goes out this long after the last event ...
    int maxDelayMs = 400;  // ... or this long after its first one, whichever comes first,
    int stormMaxDelayMs = 3000; // ... except that 256+ paths wait for quiet up to this long
    int pollIntervalMs = 30000; // Polling mode: rescanNeeded() this often
    int maxWatches = 0;    // 0: as many as the system allows; tests simulate a lower limit
    QStringList excludeDirs; // absolute folders never watched nor reported (the data folder)
    ScanOptions scan;      // its ignore rules: ignored folders are not watched
};

// Watches a folder tree with one inotify watch per folder (never one per file) and reports
// debounced batches of root-relative paths that were created, written, deleted, renamed (both
// names) or changed attributes. Ignored folders (.git, node_modules, build folders, ...) and
// symlinks are not followed. A folder that appears is watched at once and its path reported,
// so the indexer scans it; a changed .gitignore / .repolensignore re-reads the rules of its
// folder. A branch switch touching thousands of files arrives as one batch.
//
// rescanNeeded() says that changes may have been missed: the kernel's queue overflowed
// (IN_Q_OVERFLOW), or the root itself was moved or deleted. When a watch cannot be added
// (fs.inotify.max_user_watches reached, no inotify instance left) the watcher drops its watches
// and switches to Mode::Polling: rescanNeeded() every pollIntervalMs, and detail() says why.
//
// Thread: the tree walk and the inotify reads run on the watcher's own thread
// ("repolens-watcher"); create and call the FileWatcher on one thread, which receives its
// signals (queued).
class FileWatcher : public QObject
{
    Q_OBJECT
public:
    enum class Mode { Stopped, Starting, Watching, Polling };
    Q_ENUM(Mode)

    explicit FileWatcher(QObject *parent = nullptr);
    ~FileWatcher() override;

    // Starts watching rootDir (stops watching what was watched before). Returns at once; the
    // tree is walked on the watcher thread and modeChanged(Watching) follows.
    void start(const QString &rootDir, const FileWatcherOptions &options = {});
    void stop();

    QString rootDir() const { return m_root; }
    Mode mode() const { return m_mode; }
    QString detail() const { return m_detail; } // why Polling
    int watchCount() const { return m_watchCount; }

Q_SIGNALS:
    void modeChanged(RepoLens::FileWatcher::Mode mode, const QString &detail);
    void pathsChanged(const QStringList &relPaths);
    void rescanNeeded(const QString &reason);

private:
    friend class FileWatcherWorker;
    void deliverMode(quint64 generation, Mode mode, const QString &detail, int watches);
    void deliverPaths(quint64 generation, const QStringList &paths);
    void deliverRescan(quint64 generation, const QString &reason);

    QThread *m_thread = nullptr;
    FileWatcherWorker *m_worker = nullptr;
    QString m_root;
    Mode m_mode = Mode::Stopped;
    QString m_detail;
    int m_watchCount = 0;
    quint64 m_generation = 0;
};

} // namespace RepoLens
