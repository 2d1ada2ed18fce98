#include "scanner.h"

#include "core/base/ignorerules.h"
#include "core/base/logging.h"
#include "core/base/paths.h"
#include "core/base/safefile.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QScopeGuard>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace RepoLens {

namespace {

QString errnoReason(int error)
{
    switch (error) {
    case EACCES:
    case EPERM:
        return QStringLiteral("permission denied");
    case ELOOP:
        return QStringLiteral("symlink loop");
    case ENOENT:
        return QStringLiteral("not found");
    case ENAMETOOLONG:
        return QStringLiteral("name too long");
    default:
        return QString::fromLocal8Bit(std::strerror(error)).toLower();
    }
}

Error rootError(int error, const QString &rootDir)
{
    switch (error) {
    case ENOENT:
    case ENOTDIR:
        return makeError(ErrorCode::NotFound, QStringLiteral("folder not found"), rootDir);
    case EACCES:
    case EPERM:
        return makeError(ErrorCode::PermissionDenied, QStringLiteral("permission denied"),
                         rootDir);
    default:
        return makeError(ErrorCode::Io, QStringLiteral("cannot read folder: ") + errnoReason(error),
                         rootDir);
    }
}

qint64 mtimeMs(const struct stat &st)
{
    return qint64(st.st_mtim.tv_sec) * 1000 + st.st_mtim.tv_nsec / 1000000;
}

bool isAscii(QByteArrayView bytes)
{
    return std::all_of(bytes.begin(), bytes.end(), [](char c) { return uchar(c) < 0x80; });
}

// Readable by us? The common 0644 case needs no system call.
bool isReadable(int dirFd, const char *name, const struct stat &st)
{
    constexpr mode_t readAll = S_IRUSR | S_IRGRP | S_IROTH;
    if ((st.st_mode & readAll) == readAll)
        return true;
    return ::faccessat(dirFd, name, R_OK, AT_EACCESS) == 0;
}

QByteArray readLinkAt(int dirFd, const char *name)
{
    QByteArray target(4096, Qt::Uninitialized);
    const ssize_t n = ::readlinkat(dirFd, name, target.data(), size_t(target.size()));
    target.truncate(n > 0 ? qsizetype(n) : 0);
    return target;
}

std::optional<QByteArray> canonicalPath(const QByteArray &path, int *error)
{
    char *resolved = ::realpath(path.constData(), nullptr);
    if (!resolved) {
        *error = errno;
        return std::nullopt;
    }
    QByteArray result(resolved);
    std::free(resolved);
    return result;
}

QByteArray joinBytes(const QByteArray &dir, QByteArrayView name)
{
    QByteArray path;
    path.reserve(dir.size() + name.size() + 1);
    path.append(dir);
    if (!path.isEmpty() && !path.endsWith('/'))
        path.append('/');
    path.append(name.data(), name.size());
    return path;
}

QString joinRelative(const QString &dir, const QString &name)
{
    return dir.isEmpty() ? name : dir + u'/' + name;
}

QString absolutePath(const QString &rootDir, const QString &relPath)
{
    if (rootDir.endsWith(u'/'))
        return rootDir + relPath;
    return rootDir + u'/' + relPath;
}

// An open folder shared by the tasks of its sub-folders: they are opened with openat() from it
// and O_NOFOLLOW, so a folder swapped for a symlink after it was listed is never entered. The
// walk lists the folder through the same descriptor.
class DirFd
{
public:
    DirFd(int fd, std::atomic<int> *live) : m_fd(fd), m_live(live) { ++*m_live; }
    ~DirFd()
    {
        ::close(m_fd);
        --*m_live;
    }
    DirFd(const DirFd &) = delete;
    DirFd &operator=(const DirFd &) = delete;
    int fd() const { return m_fd; }

private:
    int m_fd;
    std::atomic<int> *m_live;
};

// Folders kept open for their pending sub-folders at most; beyond that (very deep trees with
// siblings at every level) a folder is opened again from the root, one component at a time.
constexpr int kMaxOpenParents = 256;

// A folder being walked. Its canonical path is the root's plus relUtf8: the walk never goes
// through symlinks.
struct DirTask
{
    QByteArray absPath; // encoded, for messages and symlink targets
    QString relPath;
    QByteArray relUtf8; // raw bytes of the relative path
    IgnoreScope scope;  // rules for the folder's entries; the parent's while scopePending
    std::shared_ptr<DirFd> parent; // open parent folder; null: open it from the root
    QByteArray name;               // in the parent
    bool scopePending = false;     // descend into `name` once the folder is open and listed
    bool probePending = false;     // and only then see whether it is a CMake build folder
};

enum class EntryKind { Reported, Descend, Vanished };

// Shared by scan() and inspect(): everything about one directory entry except walking it.
class EntryClassifier
{
public:
    EntryClassifier(const QString &rootDir, const QByteArray &rootCanonical,
                    const ScanOptions &options, const IgnoreRules &rules)
        : m_rootDir(rootDir), m_rootCanonical(rootCanonical), m_options(options), m_rules(rules)
    {
    }

    // dirFd: the open parent folder; parentAbs / parentRelUtf8: its paths; name: raw bytes.
    // ignoreMatch(isDir, isLink) gives the ignore decision for the entry.
    template<typename IgnoreMatcher>
    EntryKind classify(int dirFd, const QByteArray &parentAbs, const QByteArray &parentRelUtf8,
                       const QString &parentRel, const QByteArray &name, unsigned char dirType,
                       const IgnoreMatcher &ignoreMatch, ScannedFile &file) const;

private:
    EntryKind classifySymlink(int dirFd, const QByteArray &parentAbs, const QByteArray &parentRelUtf8,
                              const QByteArray &name, bool isDir, int targetError, ScannedFile &file) const;

    QString m_rootDir;
    QByteArray m_rootCanonical;
    const ScanOptions &m_options;
    const IgnoreRules &m_rules;
};

// A symlink (its target's error when it cannot be followed): broken, outside the folder, a loop,
// or a path scanned (or ignored) under its own name; it is never followed itself.
EntryKind EntryClassifier::classifySymlink(int dirFd, const QByteArray &parentAbs, const QByteArray &parentRelUtf8,
                                           const QByteArray &name, bool isDir, int targetError,
                                           ScannedFile &file) const
{
    file.status = FileStatus::Unreadable;
    if (targetError == ENOENT || targetError == ENOTDIR) {
        file.reason = QStringLiteral("broken symlink -> ")
            + QFile::decodeName(readLinkAt(dirFd, name.constData()));
        return EntryKind::Reported;
    }
    if (targetError) {
        file.reason = errnoReason(targetError);
        return EntryKind::Reported;
    }
    int error = 0;
    const std::optional<QByteArray> target =
        canonicalPath(joinBytes(parentAbs, name), &error);
    if (!target) {
        file.reason = errnoReason(error);
        return EntryKind::Reported;
    }
    const bool rootIsSlash = m_rootCanonical == "/";
    const bool inside = *target == m_rootCanonical
        || (target->startsWith(m_rootCanonical)
            && (rootIsSlash || target->at(m_rootCanonical.size()) == '/'));
    if (!inside) {
        file.status = FileStatus::Ignored;
        file.reason = QStringLiteral("symlink outside the folder");
        return EntryKind::Reported;
    }
    const QByteArray parentCanonical = parentRelUtf8.isEmpty()
        ? m_rootCanonical
        : joinBytes(m_rootCanonical, parentRelUtf8);
    if (isDir
        && (*target == parentCanonical || *target == m_rootCanonical
            || parentCanonical.startsWith(QByteArray(*target + '/')))) {
        file.reason = QStringLiteral("symlink loop");
        return EntryKind::Reported;
    }
    // The target is scanned under its own path (or ignored there): never index it twice.
    const QString targetRel = QString::fromUtf8(
        target->mid(m_rootCanonical.size() + (rootIsSlash ? 0 : 1)));
    const IgnoreMatch targetMatch = m_rules.match(targetRel, isDir);
    file.status = FileStatus::Ignored;
    if (targetMatch.ignored) {
        file.reason = QStringLiteral("symlink to ") + targetRel + QStringLiteral(" (ignored: ")
            + targetMatch.rule + u')';
    } else {
        file.reason =
            QStringLiteral("symlink to ") + targetRel + QStringLiteral(" (scanned there)");
    }
    return EntryKind::Reported;
}

template<typename IgnoreMatcher>
EntryKind EntryClassifier::classify(int dirFd, const QByteArray &parentAbs,
                                    const QByteArray &parentRelUtf8, const QString &parentRel,
                                    const QByteArray &name, unsigned char dirType,
                                    const IgnoreMatcher &ignoreMatch, ScannedFile &file) const
{
    const QString decodedName = QFile::decodeName(name);
    const bool validName = isAscii(name) || QFile::encodeName(decodedName) == name;
    file.relPath = joinRelative(parentRel, decodedName);
    file.absPath = absolutePath(m_rootDir, file.relPath);

    struct stat st = {};
    bool isLink = dirType == DT_LNK;
    bool isDir = dirType == DT_DIR;
    if (!isDir) {
        if (::fstatat(dirFd, name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
            const int error = errno;
            if (error == ENOENT)
                return EntryKind::Vanished; // deleted while we were looking
            const IgnoreMatch match = ignoreMatch(false, false);
            file.status = match.ignored ? FileStatus::Ignored : FileStatus::Unreadable;
            file.reason = match.ignored ? match.rule : errnoReason(error);
            return EntryKind::Reported;
        }
        isLink = S_ISLNK(st.st_mode);
        isDir = S_ISDIR(st.st_mode);
    }
    int targetError = 0;
    if (isLink) {
        if (::fstatat(dirFd, name.constData(), &st, 0) != 0)
            targetError = errno;
        else
            isDir = S_ISDIR(st.st_mode);
    }
    file.isDir = isDir;
    if (!isDir) {
        file.size = targetError ? 0 : qint64(st.st_size);
        file.mtimeMs = targetError ? 0 : mtimeMs(st);
        file.language = languageForPath(file.relPath);
    }

    const IgnoreMatch match = ignoreMatch(isDir, isLink);
    if (match.ignored) {
        file.status = FileStatus::Ignored;
        file.reason = match.rule;
        return EntryKind::Reported;
    }
    if (!validName) {
        file.status = FileStatus::Unreadable;
        file.reason = QStringLiteral("file name is not valid UTF-8");
        return EntryKind::Reported;
    }

    if (isLink)
        return classifySymlink(dirFd, parentAbs, parentRelUtf8, name, isDir, targetError, file);

    if (isDir)
        return EntryKind::Descend;
    if (!S_ISREG(st.st_mode)) {
        file.status = FileStatus::Unsupported;
        file.reason = QStringLiteral("not a regular file");
        return EntryKind::Reported;
    }
    if (file.size > m_options.sizeCap) {
        file.status = FileStatus::TooLarge;
        QString size = Scanner::formatSize(file.size);
        const QString cap = Scanner::formatSize(m_options.sizeCap);
        if (size == cap)
            size = QString::number(file.size) + QStringLiteral(" bytes");
        file.reason = size + QStringLiteral(" > ") + cap + QStringLiteral(" cap");
        return EntryKind::Reported;
    }
    if (!isReadable(dirFd, name.constData(), st)) {
        file.status = FileStatus::Unreadable;
        file.reason = QStringLiteral("permission denied");
        return EntryKind::Reported;
    }
    file.status = FileStatus::Pending;
    return EntryKind::Reported;
}

void count(ScanStats &stats, const ScannedFile &file)
{
    if (!file.isDir)
        ++stats.files;
    switch (file.status) {
    case FileStatus::Pending:
        if (!file.isDir) {
            ++stats.candidates;
            stats.candidateBytes += file.size;
        }
        break;
    case FileStatus::Ignored:
        ++stats.ignored;
        break;
    case FileStatus::TooLarge:
        ++stats.tooLarge;
        break;
    case FileStatus::Unreadable:
        ++stats.unreadable;
        break;
    case FileStatus::Unsupported:
        ++stats.unsupported;
        break;
    default:
        break;
    }
}

struct DirEntry
{
    QByteArray name;
    unsigned char type;
};

// All entries of an open folder except "." and "..", sorted by name; false (errno set) when it
// cannot be read. Straight from getdents64(): no DIR and its buffer per folder.
bool readEntries(int fd, std::vector<DirEntry> *entries)
{
    alignas(dirent64) char buffer[32768];
    for (;;) {
        const ssize_t n = ::getdents64(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return false;
        if (n == 0)
            break;
        for (ssize_t at = 0; at < n;) {
            const auto *entry = reinterpret_cast<const dirent64 *>(buffer + at);
            at += entry->d_reclen;
            const char *name = entry->d_name;
            if (name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0)))
                continue;
            entries->push_back({QByteArray(name), entry->d_type});
        }
    }
    std::sort(entries->begin(), entries->end(),
              [](const DirEntry &a, const DirEntry &b) { return a.name < b.name; });
    return true;
}

// Which of the files the ignore rules read the listing names.
ListedIgnoreFiles listedIgnoreFiles(const std::vector<DirEntry> &entries)
{
    ListedIgnoreFiles listed;
    for (const DirEntry &entry : entries) {
        if (entry.name.front() == '.') {
            listed.gitignore = listed.gitignore || entry.name == ".gitignore";
            listed.repolensignore = listed.repolensignore || entry.name == ".repolensignore";
        } else if (entry.name.front() == 'C') {
            listed.cmakeCache = listed.cmakeCache || entry.name == "CMakeCache.txt";
        }
    }
    return listed;
}

bool isCancelled(const std::atomic_bool *cancel)
{
    return cancel && cancel->load(std::memory_order_relaxed);
}

} // namespace

namespace {
// Opens a folder of the walk: the root as it is; below it never through a symlink, with
// O_NOFOLLOW from its open parent or component by component from the root. Returns the
// descriptor (-1) and errno.
std::pair<int, int> openWalkedFolder(const DirTask &task, bool isRoot, const QByteArray &rootPath)
{
    if (isRoot) {
        const int fd = ::open(task.absPath.constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        return {fd, errno};
    }
    if (task.parent) {
        const int fd = ::openat(task.parent->fd(), task.name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        return {fd, errno};
    }
    const Result<int> opened = openFolderBeneath(rootPath, task.relUtf8);
    const int openError = opened ? 0
                          : opened.error().code == ErrorCode::NotFound ? ENOENT
                          : opened.error().code == ErrorCode::Unsupported ? ELOOP
                          : opened.error().code == ErrorCode::PermissionDenied ? EACCES
                                                                             : EIO;
    return {opened ? *opened : -1, openError};
}

// A folder below the root that could not be opened: recorded as unreadable, with why.
ScannedFile unreadableFolder(const DirTask &task, int openError)
{
    ScannedFile folder;
    folder.relPath = task.relPath;
    folder.absPath = decodePath(task.absPath);
    folder.isDir = true;
    folder.status = FileStatus::Unreadable;
    // O_NOFOLLOW | O_DIRECTORY on what is a symlink now: ELOOP or ENOTDIR.
    folder.reason = openError == ELOOP || openError == ENOTDIR
                        ? QStringLiteral("replaced by a symlink while being scanned (not followed)")
                        : errnoReason(openError);
    return folder;
}

// One folder of the walk, done: what it reports, in name order (its files, and the sub-folders
// that are not walked), and the sub-folders to walk after it, in name order.
struct FolderResult
{
    std::vector<ScannedFile> reported;
    std::vector<DirTask> subdirs;
    bool walked = false; // opened and listed (counts as a folder)
    int openError = 0;   // the walk's first folder could not be opened (errno)
    bool cancelled = false;
};

// Opens and lists the folder of `task`, classifies its entries. Any thread: the classifier and
// the ignore rules are thread-safe; each folder's descriptor is shared by its sub-folders' tasks.
FolderResult walkFolder(DirTask &task, bool isRoot, const QByteArray &rootPath, const QString &rootDir,
                        const EntryClassifier &classifier, std::atomic<int> &openParents,
                        const std::atomic_bool *cancel)
{
    FolderResult out;
    auto [fd, openError] = openWalkedFolder(task, isRoot, rootPath);
    task.parent.reset(); // the parent closes once its last sub-folder is open
    std::vector<DirEntry> entries;
    if (fd >= 0 && !readEntries(fd, &entries)) {
        openError = errno;
        ::close(fd);
        fd = -1;
    }
    if (fd < 0) {
        if (isRoot)
            out.openError = openError ? openError : EIO;
        else if (openError != ENOENT) // (removed while we were walking: nothing to say)
            out.reported.push_back(unreadableFolder(task, openError));
        return out;
    }
    const int dirFd = fd;
    // Closes the folder unless its sub-folders share it (then the last of them does).
    std::shared_ptr<DirFd> self;
    auto closeUnshared = qScopeGuard([&] {
        if (!self)
            ::close(dirFd);
    });
    if (task.scopePending) {
        IgnoreMatch folderMatch;
        task.scope = task.scope.descendListed(task.name, dirFd, listedIgnoreFiles(entries),
                                              task.probePending ? &folderMatch : nullptr);
        if (folderMatch.ignored) { // a CMake build folder: reported as the parent would have
            ScannedFile folder;
            folder.relPath = task.relPath;
            folder.absPath = absolutePath(rootDir, task.relPath);
            folder.isDir = true;
            folder.status = FileStatus::Ignored;
            folder.reason = folderMatch.rule;
            out.reported.push_back(std::move(folder));
            return out;
        }
    }
    out.walked = true;
    for (const DirEntry &entry : entries) {
        // Every entry: matching one against a huge ignore file takes a while.
        if (isCancelled(cancel)) {
            out.cancelled = true;
            return out;
        }
        ScannedFile file;
        // A folder's content probe waits until the folder is open (above).
        bool probeDeferred = false;
        const auto ignoreMatch = [&](bool isDir, bool isLink) {
            return isDir && !isLink ? task.scope.matchDeferringProbe(entry.name, isDir, &probeDeferred)
                                    : task.scope.match(entry.name, isDir);
        };
        const EntryKind kind = classifier.classify(dirFd, task.absPath, task.relUtf8, task.relPath, entry.name,
                                                   entry.type, ignoreMatch, file);
        if (kind == EntryKind::Descend) {
            if (!self && openParents.load() < kMaxOpenParents)
                self = std::make_shared<DirFd>(dirFd, &openParents);
            out.subdirs.push_back({joinBytes(task.absPath, entry.name), std::move(file.relPath),
                                   task.relUtf8.isEmpty() ? entry.name : joinBytes(task.relUtf8, entry.name),
                                   task.scope, self, entry.name, true, probeDeferred});
        } else if (kind == EntryKind::Reported) {
            out.reported.push_back(std::move(file));
        }
    }
    return out;
}

using DeliverFn = std::function<bool(FolderResult &)>; // false: cancelled

// Depth first, in name order, on this thread. False when cancelled.
bool walkInOrder(FolderResult first, const QByteArray &rootPath, const QString &rootDir,
                 const EntryClassifier &classifier, std::atomic<int> &openParents, const std::atomic_bool *cancel,
                 const DeliverFn &deliver)
{
    std::vector<DirTask> stack;
    if (!deliver(first))
        return false;
    std::move(first.subdirs.rbegin(), first.subdirs.rend(), std::back_inserter(stack));
    while (!stack.empty()) {
        if (isCancelled(cancel))
            return false;
        DirTask task = std::move(stack.back());
        stack.pop_back();
        FolderResult folder = walkFolder(task, false, rootPath, rootDir, classifier, openParents, cancel);
        if (folder.cancelled || !deliver(folder))
            return false;
        std::move(folder.subdirs.rbegin(), folder.subdirs.rend(), std::back_inserter(stack));
    }
    return true;
}

// The same order of results, with `helpers` more threads opening, listing and classifying
// folders ahead of it: this thread takes their results in depth-first name order (and walks
// folders itself while the next one is not done), so the sink sees exactly what walkInOrder()
// gives. False when cancelled.
bool walkInParallel(FolderResult first, int helpers, const QByteArray &rootPath, const QString &rootDir,
                    const EntryClassifier &classifier, std::atomic<int> &openParents,
                    const std::atomic_bool *cancel, const DeliverFn &deliver)
{
    struct Node
    {
        DirTask task;
        FolderResult result;
        std::vector<std::unique_ptr<Node>> children;
        bool done = false;
    };
    std::mutex mutex;
    std::condition_variable changed;
    std::vector<Node *> pending; // not walked yet; the last one first (depth first)
    bool stop = false;

    // Walks one pending folder (the lock held on entry and exit).
    const auto walkOne = [&](std::unique_lock<std::mutex> &lock) {
        Node *node = pending.back();
        pending.pop_back();
        lock.unlock();
        node->result = walkFolder(node->task, false, rootPath, rootDir, classifier, openParents, cancel);
        std::vector<std::unique_ptr<Node>> children;
        children.reserve(node->result.subdirs.size());
        for (DirTask &sub : node->result.subdirs) {
            children.push_back(std::make_unique<Node>());
            children.back()->task = std::move(sub);
        }
        node->result.subdirs.clear();
        lock.lock();
        node->children = std::move(children);
        for (auto it = node->children.rbegin(); it != node->children.rend(); ++it)
            pending.push_back(it->get());
        node->done = true;
        changed.notify_all();
    };

    Node root;
    root.result = std::move(first);
    for (DirTask &sub : root.result.subdirs) {
        root.children.push_back(std::make_unique<Node>());
        root.children.back()->task = std::move(sub);
    }
    root.result.subdirs.clear();
    root.done = true;
    for (auto it = root.children.rbegin(); it != root.children.rend(); ++it)
        pending.push_back(it->get());

    std::vector<std::thread> threads;
    for (int i = 0; i < helpers; ++i) {
        threads.emplace_back([&] {
            std::unique_lock lock(mutex);
            for (;;) {
                changed.wait(lock, [&] { return stop || !pending.empty(); });
                if (stop)
                    return;
                walkOne(lock);
            }
        });
    }
    auto join = qScopeGuard([&] {
        {
            const std::lock_guard lock(mutex);
            stop = true;
        }
        changed.notify_all();
        for (std::thread &t : threads)
            t.join();
    });

    // Depth first over the tree as it grows: (node, next child) pairs.
    bool ok = deliver(root.result);
    std::vector<std::pair<Node *, size_t>> path;
    path.push_back({&root, 0});
    while (!path.empty() && ok) {
        auto &[parent, next] = path.back();
        if (next == parent->children.size()) {
            parent->children.clear(); // delivered: free it
            path.pop_back();
            continue;
        }
        Node *node = parent->children[next++].get();
        {
            std::unique_lock lock(mutex);
            while (!node->done) {
                if (isCancelled(cancel)) {
                    ok = false;
                    break;
                }
                if (!pending.empty())
                    walkOne(lock);
                else
                    changed.wait_for(lock, std::chrono::milliseconds(50));
            }
        }
        if (!ok || node->result.cancelled || isCancelled(cancel)) {
            ok = false;
            break;
        }
        if (!deliver(node->result)) {
            ok = false;
            break;
        }
        node->result.reported = {};
        path.push_back({node, 0});
    }
    return ok;
}

} // namespace

Scanner::Scanner(const QString &rootDir, ScanOptions options)
    : m_rootDir(QDir::cleanPath(QFileInfo(rootDir).absoluteFilePath())),
      m_options(std::move(options)),
      m_ignoreRules(std::make_shared<IgnoreRules>(m_rootDir))
{
    m_ignoreRules->setExtraPatterns(m_options.extraIgnorePatterns);
    m_ignoreRules->setBuiltInsEnabled(m_options.builtInIgnores);
}

Scanner::~Scanner() = default;

Result<ScanStats> Scanner::scan(const std::function<void(ScannedFile &&)> &sink,
                                const std::atomic_bool *cancel) const
{
    return scanSubtree(QString(), sink, cancel);
}

Result<ScanStats> Scanner::scanSubtree(const QString &subDir,
                                       const std::function<void(ScannedFile &&)> &sink,
                                       const std::atomic_bool *cancel) const
{
    QElapsedTimer timer;
    timer.start();
    const QByteArray rootPath = encodePath(m_rootDir);
    struct stat rootStat = {};
    if (::stat(rootPath.constData(), &rootStat) != 0)
        return rootError(errno, m_rootDir);
    if (!S_ISDIR(rootStat.st_mode))
        return makeError(ErrorCode::NotADirectory, QStringLiteral("not a folder"), m_rootDir);
    int error = 0;
    const std::optional<QByteArray> rootCanonical = canonicalPath(rootPath, &error);
    if (!rootCanonical)
        return rootError(error, m_rootDir);

    const EntryClassifier classifier(m_rootDir, *rootCanonical, m_options, *m_ignoreRules);
    ScanStats stats;
    // Counted down by the open folders (DirFd) that the tasks below hold: declared before them,
    // so that it outlives them when the walk returns early (cancelled) with tasks left.
    std::atomic<int> openParents{0};
    DirTask firstTask;
    QString subRel = QDir::cleanPath(subDir);
    while (subRel.startsWith(u'/'))
        subRel.remove(0, 1);
    if (subRel == u".")
        subRel.clear();
    if (subRel.isEmpty()) {
        firstTask = {rootPath, QString(), QByteArray(), m_ignoreRules->rootScope(), nullptr, QByteArray()};
    } else {
        if (subRel == u".." || subRel.startsWith(QStringLiteral("../")))
            return makeError(ErrorCode::InvalidArgument, QStringLiteral("outside the folder"), subDir);
        const ScannedFile top = inspect(subRel);
        if (!top.isDir || top.status != FileStatus::Pending)
            return makeError(ErrorCode::NotFound, QStringLiteral("not a folder that is scanned"),
                             subRel);
        const QByteArray relUtf8 = QFile::encodeName(subRel);
        IgnoreScope scope = m_ignoreRules->rootScope();
        for (const QByteArray &part : relUtf8.split('/'))
            scope = scope.descend(part);
        firstTask = {joinBytes(rootPath, relUtf8), subRel, relUtf8, scope, nullptr, QByteArray()};
    }
    const bool fromRoot = subRel.isEmpty();
    // Hands a folder's results to the sink, as long as the walk is not cancelled (the sink may
    // cancel it: nothing more is reported then).
    const auto deliver = [&](FolderResult &folder) {
        stats.directories += folder.walked ? 1 : 0;
        for (ScannedFile &file : folder.reported) {
            if (isCancelled(cancel))
                return false;
            count(stats, file);
            sink(std::move(file));
        }
        return true;
    };

    // The first folder here: an error opening the root is the scan's (a sub-folder that cannot
    // be opened is reported as unreadable, as everywhere).
    FolderResult first = walkFolder(firstTask, fromRoot, rootPath, m_rootDir, classifier, openParents, cancel);
    if (first.openError != 0)
        return rootError(first.openError, m_rootDir);
    if (first.cancelled)
        return makeError(ErrorCode::Cancelled, QStringLiteral("scan cancelled"), m_rootDir);
    const int helpers = std::clamp(m_options.threads > 0 ? m_options.threads : QThread::idealThreadCount(), 1, 16) - 1;
    const bool walked = helpers > 0 && first.subdirs.size() > 0
                            ? walkInParallel(std::move(first), helpers, rootPath, m_rootDir, classifier, openParents,
                                             cancel, deliver)
                            : walkInOrder(std::move(first), rootPath, m_rootDir, classifier, openParents, cancel, deliver);
    if (!walked)
        return makeError(ErrorCode::Cancelled, QStringLiteral("scan cancelled"), m_rootDir);
    qCDebug(lcIndex).nospace() << "scanned " << m_rootDir << ": " << stats.files << " files, "
                               << stats.directories << " folders, " << stats.candidates
                               << " candidates in " << timer.elapsed() << " ms";
    return stats;
}

ScannedFile Scanner::inspect(const QString &relPath) const
{
    ScannedFile file;
    QString cleaned = QDir::cleanPath(relPath);
    while (cleaned.startsWith(u'/'))
        cleaned.remove(0, 1);
    file.relPath = cleaned;
    file.absPath = absolutePath(m_rootDir, cleaned);
    file.status = FileStatus::Unreadable;
    file.reason = QStringLiteral("not found");
    if (cleaned.isEmpty() || cleaned == u"." || cleaned == u".."
        || cleaned.startsWith(QStringLiteral("../"))) {
        return file;
    }

    const qsizetype slash = cleaned.lastIndexOf(u'/');
    const QString parentRel = slash < 0 ? QString() : cleaned.left(slash);
    const QByteArray parentRelUtf8 = QFile::encodeName(parentRel);
    const QByteArray rootPath = encodePath(m_rootDir);
    const QByteArray parentAbs =
        parentRel.isEmpty() ? rootPath : joinBytes(rootPath, parentRelUtf8);
    int error = 0;
    const std::optional<QByteArray> rootCanonical = canonicalPath(rootPath, &error);
    if (!rootCanonical) {
        file.reason = errnoReason(error);
        return file;
    }
    if (!parentRel.isEmpty()) {
        // scan() never walks through a symlink: nothing below one is part of the tree.
        const std::optional<QByteArray> parentCanonical = canonicalPath(parentAbs, &error);
        if (parentCanonical && *parentCanonical != joinBytes(*rootCanonical, parentRelUtf8)) {
            file.status = FileStatus::Ignored;
            file.reason = QStringLiteral("inside a symlinked folder");
            return file;
        }
    }
    const Result<int> opened = openFolderBeneath(rootPath, parentRelUtf8);
    if (!opened) {
        if (opened.error().code == ErrorCode::Unsupported) {
            file.status = FileStatus::Ignored;
            file.reason = QStringLiteral("inside a symlinked folder");
        } else {
            file.reason = opened.error().message;
        }
        return file;
    }
    const int dirFd = *opened;
    const QByteArray name = QFile::encodeName(slash < 0 ? cleaned : cleaned.mid(slash + 1));
    const EntryClassifier classifier(m_rootDir, *rootCanonical, m_options, *m_ignoreRules);
    const auto ignoreMatch = [&](bool isDir, bool) { return m_ignoreRules->match(cleaned, isDir); };
    ScannedFile result;
    const EntryKind kind = classifier.classify(dirFd, parentAbs, parentRelUtf8, parentRel, name,
                                               DT_UNKNOWN, ignoreMatch, result);
    ::close(dirFd);
    if (kind == EntryKind::Vanished)
        return file;
    if (kind == EntryKind::Descend)
        result.status = FileStatus::Pending;
    return result;
}

QString Scanner::formatSize(qint64 bytes)
{
    if (bytes < 1024)
        return QString::number(bytes)
            + (bytes == 1 ? QStringLiteral(" byte") : QStringLiteral(" bytes"));
    static const char *const units[] = {"KiB", "MiB", "GiB", "TiB", "PiB"};
    double value = double(bytes) / 1024.0;
    int unit = 0;
    while (value >= 1024.0 && unit < 4) {
        value /= 1024.0;
        ++unit;
    }
    QString number = QString::number(value, 'f', 1);
    if (number.endsWith(QStringLiteral(".0")))
        number.chop(2);
    return number + u' ' + QLatin1String(units[unit]);
}

} // namespace RepoLens
