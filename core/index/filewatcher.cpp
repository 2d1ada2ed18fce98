#include "filewatcher.h"

#include "indexer.h"

#include "core/base/ignorerules.h"
#include "core/base/logging.h"
#include "core/base/paths.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QSet>
#include <QSocketNotifier>
#include <QThread>
#include <QTimer>

#include <cerrno>
#include <cstring>
#include <memory>
#include <vector>

#include <dirent.h>
#include <fcntl.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

namespace RepoLens {

namespace {

constexpr uint32_t kDirMask = IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM
                              | IN_MOVED_TO | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR
                              | IN_DONT_FOLLOW | IN_EXCL_UNLINK;

constexpr int kStormPaths = 256; // a batch this big at maxDelayMs waits for quiet

QString joinRel(const QString &dir, const QString &name)
{
    return dir.isEmpty() ? name : dir + u'/' + name;
}

bool isUnderRel(const QString &path, const QString &dir)
{
    return dir.isEmpty() || path == dir
           || (path.size() > dir.size() && path.startsWith(dir) && path.at(dir.size()) == u'/');
}

QString systemWatchLimit()
{
    QFile f(QStringLiteral("/proc/sys/fs/inotify/max_user_watches"));
    if (!f.open(QIODevice::ReadOnly))
        return QStringLiteral("?");
    return QString::fromLatin1(f.readAll().trimmed());
}

} // namespace

// Lives on the watcher thread: owns the inotify descriptor, the watch table and the timers.
class FileWatcherWorker : public QObject
{
public:
    explicit FileWatcherWorker(FileWatcher *owner) : m_owner(owner) {}
    ~FileWatcherWorker() override { closeInotify(); }

    void start(quint64 generation, const QString &root, const FileWatcherOptions &options);
    void stop();

private:
    struct Dir
    {
        QString rel;
        IgnoreScope scope; // rules for the folder's entries
    };

    void closeInotify();
    void readEvents();
    void handle(const inotify_event *event);
    bool addTree(const QString &rel, const IgnoreScope &scope);
    void removeTree(const QString &rel, bool includingSelf);
    IgnoreScope scopeFor(const QString &rel) const;
    void enterPolling(const QString &why);
    void note(const QString &relPath);
    void flush();
    bool isExcluded(const QString &rel) const;
    QByteArray absPath(const QString &rel) const
    {
        return encodePath(rel.isEmpty() ? m_root : QString(m_root + u'/' + rel));
    }
    void postMode(FileWatcher::Mode mode, const QString &detail);
    void postRescan(const QString &reason);

    FileWatcher *m_owner;
    quint64 m_generation = 0;
    QString m_root;
    FileWatcherOptions m_options;
    QStringList m_excluded; // root-relative folders
    std::shared_ptr<IgnoreRules> m_rules;
    int m_fd = -1;
    QSocketNotifier *m_notifier = nullptr;
    QHash<int, Dir> m_dirs;    // by watch descriptor
    QHash<QString, int> m_wds; // by root-relative folder
    QSet<QString> m_pending;
    QElapsedTimer m_batchAge;
    QTimer *m_quiet = nullptr;
    QTimer *m_max = nullptr;
    QTimer *m_poll = nullptr;
    bool m_polling = false;
};

void FileWatcherWorker::postMode(FileWatcher::Mode mode, const QString &detail)
{
    const quint64 generation = m_generation;
    const int watches = int(m_dirs.size());
    FileWatcher *owner = m_owner;
    QMetaObject::invokeMethod(
        owner, [owner, generation, mode, detail, watches] { owner->deliverMode(generation, mode, detail, watches); },
        Qt::QueuedConnection);
}

void FileWatcherWorker::postRescan(const QString &reason)
{
    const quint64 generation = m_generation;
    FileWatcher *owner = m_owner;
    QMetaObject::invokeMethod(
        owner, [owner, generation, reason] { owner->deliverRescan(generation, reason); }, Qt::QueuedConnection);
}

void FileWatcherWorker::start(quint64 generation, const QString &root, const FileWatcherOptions &options)
{
    stop();
    m_generation = generation;
    m_options = options;
    const QFileInfo rootInfo(root);
    m_root = rootInfo.canonicalFilePath().isEmpty() ? QDir::cleanPath(rootInfo.absoluteFilePath())
                                                    : rootInfo.canonicalFilePath();
    m_excluded.clear();
    for (const QString &dir : options.excludeDirs) {
        const QFileInfo info(dir);
        const QString abs = info.canonicalFilePath().isEmpty() ? QDir::cleanPath(info.absoluteFilePath())
                                                               : info.canonicalFilePath();
        if (abs == m_root)
            m_excluded << QString(); // never: the whole root
        else if (abs.startsWith(m_root + u'/'))
            m_excluded << abs.mid(m_root.size() + 1);
    }
    m_excluded.removeAll(QString());
    Scanner scanner(m_root, options.scan);
    m_rules = scanner.ignoreRules();
    if (!m_quiet) {
        m_quiet = new QTimer(this);
        m_quiet->setSingleShot(true);
        connect(m_quiet, &QTimer::timeout, this, [this] { flush(); });
        m_max = new QTimer(this);
        m_max->setSingleShot(true);
        connect(m_max, &QTimer::timeout, this, [this] {
            // A storm (branch switch, pull, build writing sources): wait for it to calm down,
            // up to stormMaxDelayMs, so it becomes one batch.
            if (m_pending.size() >= kStormPaths && m_batchAge.elapsed() < m_options.stormMaxDelayMs)
                m_max->start(50);
            else
                flush();
        });
        m_poll = new QTimer(this);
        connect(m_poll, &QTimer::timeout, this,
                [this] { postRescan(QStringLiteral("periodic rescan (files are not watched)")); });
    }

    m_fd = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (m_fd < 0) {
        enterPolling(QStringLiteral("no inotify instance is available (%1)")
                         .arg(QString::fromLocal8Bit(std::strerror(errno))));
        return;
    }
    m_notifier = new QSocketNotifier(m_fd, QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, [this] { readEvents(); });
    QElapsedTimer timer;
    timer.start();
    if (!addTree(QString(), m_rules->rootScope()))
        return;
    qCDebug(lcIndex) << "watching" << m_root << "with" << m_dirs.size() << "folder watches in"
                     << timer.elapsed() << "ms";
    postMode(FileWatcher::Mode::Watching, QString());
}

void FileWatcherWorker::stop()
{
    closeInotify();
    if (m_quiet) {
        m_quiet->stop();
        m_max->stop();
        m_poll->stop();
    }
    m_pending.clear();
    m_polling = false;
}

void FileWatcherWorker::closeInotify()
{
    delete m_notifier;
    m_notifier = nullptr;
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = -1;
    m_dirs.clear();
    m_wds.clear();
}

void FileWatcherWorker::enterPolling(const QString &why)
{
    closeInotify();
    m_polling = true;
    qCWarning(lcIndex) << "not watching" << m_root << "for changes:" << why << "- rescanning every"
                       << m_options.pollIntervalMs / 1000 << "s instead";
    m_poll->start(std::max(1000, m_options.pollIntervalMs));
    postMode(FileWatcher::Mode::Polling, why);
}

bool FileWatcherWorker::isExcluded(const QString &rel) const
{
    for (const QString &dir : m_excluded) {
        if (isUnderRel(rel, dir))
            return true;
    }
    return false;
}

IgnoreScope FileWatcherWorker::scopeFor(const QString &rel) const
{
    IgnoreScope scope = m_rules->rootScope();
    if (!rel.isEmpty()) {
        for (const QByteArray &part : QFile::encodeName(rel).split('/'))
            scope = scope.descend(part);
    }
    return scope;
}

bool FileWatcherWorker::addTree(const QString &rel, const IgnoreScope &scope)
{
    std::vector<std::pair<QString, IgnoreScope>> stack;
    stack.emplace_back(rel, scope);
    while (!stack.empty()) {
        auto [dirRel, dirScope] = std::move(stack.back());
        stack.pop_back();
        const QByteArray abs = absPath(dirRel);
        if (m_options.maxWatches > 0 && m_dirs.size() >= m_options.maxWatches && !m_wds.contains(dirRel)) {
            enterPolling(QStringLiteral("the watch limit (%1 folders) is reached").arg(m_options.maxWatches));
            return false;
        }
        // Never through a symlink (a folder swapped for one is not watched, as the scanner
        // does not walk it).
        const uint32_t noFollow = dirRel.isEmpty() ? 0 : IN_DONT_FOLLOW;
        const int wd = ::inotify_add_watch(m_fd, abs.constData(), kDirMask | noFollow | IN_ONLYDIR);
        if (wd < 0) {
            if (errno == ENOSPC) {
                enterPolling(QStringLiteral("the system's limit of inotify watches is reached "
                                            "(fs.inotify.max_user_watches = %1)")
                                 .arg(systemWatchLimit()));
                return false;
            }
            continue; // vanished or unreadable: the scanner reports it
        }
        if (auto it = m_dirs.find(wd); it != m_dirs.end()) {
            if (it->rel != dirRel) // the same folder under a new name (moved)
                m_wds.remove(it->rel);
            it->rel = dirRel;
            it->scope = dirScope;
        } else {
            m_dirs.insert(wd, Dir{dirRel, dirScope});
        }
        m_wds.insert(dirRel, wd);

        const int fd = ::open(abs.constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC | (dirRel.isEmpty() ? 0 : O_NOFOLLOW));
        DIR *dir = fd >= 0 ? ::fdopendir(fd) : nullptr;
        if (!dir) {
            if (fd >= 0)
                ::close(fd);
            continue;
        }
        while (const dirent *entry = ::readdir(dir)) {
            const char *name = entry->d_name;
            if (name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0)))
                continue;
            bool isDir = entry->d_type == DT_DIR;
            if (entry->d_type == DT_UNKNOWN) {
                struct stat st = {};
                isDir = ::fstatat(::dirfd(dir), name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode);
            }
            if (!isDir)
                continue;
            const QByteArray nameBytes(name);
            const QString childRel = joinRel(dirRel, QFile::decodeName(nameBytes));
            if (isExcluded(childRel) || dirScope.match(QByteArrayView(nameBytes), true).ignored)
                continue;
            stack.emplace_back(childRel, dirScope.descend(QByteArrayView(nameBytes)));
        }
        ::closedir(dir);
    }
    return true;
}

void FileWatcherWorker::removeTree(const QString &rel, bool includingSelf)
{
    QList<int> doomed;
    for (auto it = m_dirs.cbegin(); it != m_dirs.cend(); ++it) {
        if (isUnderRel(it->rel, rel) && (includingSelf || it->rel != rel))
            doomed << it.key();
    }
    for (int wd : std::as_const(doomed)) {
        m_wds.remove(m_dirs.value(wd).rel);
        m_dirs.remove(wd);
        ::inotify_rm_watch(m_fd, wd);
    }
}

void FileWatcherWorker::readEvents()
{
    alignas(inotify_event) char buffer[64 * 1024];
    for (;;) {
        if (m_fd < 0)
            return;
        const ssize_t n = ::read(m_fd, buffer, sizeof buffer);
        if (n <= 0)
            break; // EAGAIN: drained
        for (ssize_t at = 0; at < n;) {
            const auto *event = reinterpret_cast<const inotify_event *>(buffer + at);
            handle(event);
            at += ssize_t(sizeof(inotify_event) + event->len);
        }
    }
}

void FileWatcherWorker::handle(const inotify_event *event)
{
    if (event->mask & IN_Q_OVERFLOW) {
        // Events were lost: the indexer rescans, and folders created meanwhile get watches.
        postRescan(QStringLiteral("the kernel's event queue overflowed"));
        addTree(QString(), m_rules->rootScope());
        return;
    }
    const auto dirIt = m_dirs.constFind(event->wd);
    if (dirIt == m_dirs.cend())
        return; // a watch we removed
    const Dir dir = *dirIt;
    if (event->mask & IN_IGNORED) {
        m_wds.remove(dir.rel);
        m_dirs.remove(event->wd);
        return;
    }
    if (event->mask & (IN_DELETE_SELF | IN_MOVE_SELF)) {
        if (dir.rel.isEmpty())
            postRescan(QStringLiteral("the folder was moved or deleted"));
        return; // the parent's event names the path
    }
    if (event->len == 0)
        return;
    const QByteArray nameBytes(event->name);
    const QString name = QFile::decodeName(nameBytes);
    const QString rel = joinRel(dir.rel, name);
    if (isExcluded(rel))
        return;
    if (event->mask & IN_ISDIR) {
        if (event->mask & (IN_DELETE | IN_MOVED_FROM))
            removeTree(rel, true);
        if ((event->mask & (IN_CREATE | IN_MOVED_TO)) && !dir.scope.match(QByteArrayView(nameBytes), true).ignored) {
            if (!addTree(rel, dir.scope.descend(QByteArrayView(nameBytes))))
                return; // polling from now on
        }
    } else if (Indexer::isIgnoreFile(rel)) {
        // New rules for this folder: watch what they no longer ignore, drop what they ignore.
        m_rules->invalidate(dir.rel);
        removeTree(dir.rel, false);
        if (!addTree(dir.rel, scopeFor(dir.rel)))
            return;
    }
    note(rel);
}

void FileWatcherWorker::note(const QString &relPath)
{
    if (m_pending.isEmpty())
        m_batchAge.start();
    m_pending.insert(relPath);
    m_quiet->start(m_options.quietMs);
    if (!m_max->isActive())
        m_max->start(m_options.maxDelayMs);
}

void FileWatcherWorker::flush()
{
    m_quiet->stop();
    m_max->stop();
    if (m_pending.isEmpty())
        return;
    QStringList paths(m_pending.cbegin(), m_pending.cend());
    m_pending.clear();
    paths.sort();
    const quint64 generation = m_generation;
    FileWatcher *owner = m_owner;
    QMetaObject::invokeMethod(
        owner, [owner, generation, paths] { owner->deliverPaths(generation, paths); }, Qt::QueuedConnection);
}

// --- FileWatcher ------------------------------------------------------------------------------

FileWatcher::FileWatcher(QObject *parent)
    : QObject(parent)
{
    m_thread = new QThread(this);
    m_thread->setObjectName(QStringLiteral("repolens-watcher"));
    m_worker = new FileWatcherWorker(this);
    m_worker->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread->start(QThread::LowPriority);
}

FileWatcher::~FileWatcher()
{
    ++m_generation;
    m_thread->quit();
    m_thread->wait();
}

void FileWatcher::start(const QString &rootDir, const FileWatcherOptions &options)
{
    const quint64 generation = ++m_generation;
    m_root = rootDir;
    m_mode = Mode::Starting;
    m_detail.clear();
    m_watchCount = 0;
    FileWatcherWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, generation, rootDir, options] { worker->start(generation, rootDir, options); },
        Qt::QueuedConnection);
}

void FileWatcher::stop()
{
    ++m_generation;
    const bool wasRunning = m_mode != Mode::Stopped;
    m_mode = Mode::Stopped;
    m_detail.clear();
    m_watchCount = 0;
    FileWatcherWorker *worker = m_worker;
    QMetaObject::invokeMethod(worker, [worker] { worker->stop(); }, Qt::QueuedConnection);
    if (wasRunning)
        Q_EMIT modeChanged(Mode::Stopped, QString());
}

void FileWatcher::deliverMode(quint64 generation, Mode mode, const QString &detail, int watches)
{
    if (generation != m_generation)
        return;
    m_mode = mode;
    m_detail = detail;
    m_watchCount = watches;
    Q_EMIT modeChanged(mode, detail);
}

void FileWatcher::deliverPaths(quint64 generation, const QStringList &paths)
{
    if (generation != m_generation)
        return;
    Q_EMIT pathsChanged(paths);
}

void FileWatcher::deliverRescan(quint64 generation, const QString &reason)
{
    if (generation != m_generation)
        return;
    Q_EMIT rescanNeeded(reason);
}

} // namespace RepoLens
