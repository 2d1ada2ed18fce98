#include "safefile.h"

#include <QFile>

#include <algorithm>
#include <cerrno>
#include <limits>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace RepoLens {

namespace {

Error errnoError(int error, const QString &what)
{
    switch (error) {
    case ENOENT:
        return makeError(ErrorCode::NotFound, QStringLiteral("not found"), what);
    case EACCES:
    case EPERM:
        return makeError(ErrorCode::PermissionDenied, QStringLiteral("permission denied"), what);
    case ELOOP:
        return makeError(ErrorCode::Unsupported, QStringLiteral("symlink"), what);
    case ENXIO:
    case ENODEV:
        return makeError(ErrorCode::Unsupported, QStringLiteral("not a regular file"), what);
    default:
        return makeError(ErrorCode::Io, QString::fromLocal8Bit(std::strerror(error)).toLower(), what);
    }
}

QString display(QByteArrayView path)
{
    return QFile::decodeName(path.toByteArray());
}

qint64 mtimeMs(const struct stat &st)
{
    return qint64(st.st_mtim.tv_sec) * 1000 + st.st_mtim.tv_nsec / 1000000;
}

} // namespace

Result<int> openFolderBeneath(int rootFd, QByteArrayView relDir)
{
    int fd = ::fcntl(rootFd, F_DUPFD_CLOEXEC, 0);
    if (fd < 0)
        return errnoError(errno, display(relDir));
    qsizetype start = 0;
    while (start < relDir.size()) {
        qsizetype end = relDir.indexOf('/', start);
        if (end < 0)
            end = relDir.size();
        const QByteArray part = relDir.sliced(start, end - start).toByteArray();
        start = end + 1;
        if (part.isEmpty() || part == ".")
            continue;
        if (part == "..") {
            ::close(fd);
            return makeError(ErrorCode::InvalidArgument, QStringLiteral("outside the folder"), display(relDir));
        }
        const int next = ::openat(fd, part.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        const int error = errno;
        ::close(fd);
        if (next < 0) {
            // O_NOFOLLOW | O_DIRECTORY on a symlink: ELOOP, or ENOTDIR for a symlink to a file.
            if (error == ELOOP || error == ENOTDIR)
                return makeError(ErrorCode::Unsupported, QStringLiteral("inside a symlinked folder"), display(relDir));
            return errnoError(error, display(relDir));
        }
        fd = next;
    }
    return fd;
}

Result<int> openFolderBeneath(const QByteArray &root, QByteArrayView relDir)
{
    const int rootFd = ::open(root.constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (rootFd < 0)
        return errnoError(errno, display(root));
    Result<int> fd = openFolderBeneath(rootFd, relDir);
    ::close(rootFd);
    return fd;
}

Result<int> openRegularFileAt(int dirFd, const QByteArray &name)
{
    // Not even opened when it is not a regular file now (a device may act on open()); the
    // fstat below catches a swap between the two calls.
    struct stat st = {};
    if (::fstatat(dirFd, name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0)
        return errnoError(errno, display(name));
    if (S_ISLNK(st.st_mode))
        return makeError(ErrorCode::Unsupported, QStringLiteral("symlink"), display(name));
    if (!S_ISREG(st.st_mode))
        return makeError(ErrorCode::Unsupported, QStringLiteral("not a regular file"), display(name));
    const int fd = ::openat(dirFd, name.constData(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return errnoError(errno, display(name));
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return makeError(ErrorCode::Unsupported, QStringLiteral("not a regular file"), display(name));
    }
    return fd;
}

Result<QByteArray> readRegularFile(int fd, qint64 maxBytes, SafeFileInfo *info)
{
    struct stat st = {};
    if (::fstat(fd, &st) != 0)
        return errnoError(errno, QString());
    if (!S_ISREG(st.st_mode))
        return makeError(ErrorCode::Unsupported, QStringLiteral("not a regular file"));
    if (info) {
        info->size = qint64(st.st_size);
        info->mtimeMs = mtimeMs(st);
    }
    // Up to maxBytes + 1, sized for what the file has now; it may grow or shrink meanwhile.
    const qint64 limit = maxBytes < 0 ? std::numeric_limits<qint64>::max() : maxBytes + 1;
    QByteArray data;
    data.resize(qsizetype(std::min<qint64>(limit, std::max<qint64>(qint64(st.st_size), 0) + 1)));
    qint64 done = 0;
    for (;;) {
        if (done == data.size()) {
            if (done >= limit)
                break;
            data.resize(qsizetype(std::min<qint64>(limit, std::max<qint64>(done * 2, 4096))));
        }
        const ssize_t n = ::read(fd, data.data() + done, size_t(data.size() - done));
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return errnoError(errno, QString());
        }
        if (n == 0)
            break;
        done += n;
    }
    data.truncate(qsizetype(done));
    return data;
}

Result<QByteArray> readRegularFile(const QByteArray &path, qint64 maxBytes, SafeFileInfo *info)
{
    const int fd = ::open(path.constData(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return errnoError(errno, display(path));
    Result<QByteArray> data = readRegularFile(fd, maxBytes, info);
    ::close(fd);
    return data;
}

FilesBeneath::FilesBeneath(QByteArray root)
    : m_root(std::move(root))
{
}

FilesBeneath::~FilesBeneath()
{
    if (m_folderFd >= 0)
        ::close(m_folderFd);
    if (m_rootFd >= 0)
        ::close(m_rootFd);
}

Result<QByteArray> FilesBeneath::read(QByteArrayView relPath, qint64 maxBytes, SafeFileInfo *info)
{
    const qsizetype slash = relPath.lastIndexOf('/');
    const QByteArrayView dir = slash < 0 ? QByteArrayView() : relPath.first(slash);
    const QByteArray name = (slash < 0 ? relPath : relPath.sliced(slash + 1)).toByteArray();
    if (name.isEmpty() || name == "." || name == "..")
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("not a file name"), display(relPath));
    if (m_folderFd < 0 || m_folder != dir) {
        if (m_folderFd >= 0)
            ::close(m_folderFd);
        m_folderFd = -1;
        if (m_rootFd < 0) {
            m_rootFd = ::open(m_root.constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
            if (m_rootFd < 0)
                return errnoError(errno, display(m_root));
        }
        Result<int> folder = openFolderBeneath(m_rootFd, dir);
        if (!folder)
            return folder.error();
        m_folderFd = *folder;
        m_folder = dir.toByteArray();
    }
    Result<int> fd = openRegularFileAt(m_folderFd, name);
    if (!fd)
        return fd.error();
    Result<QByteArray> data = readRegularFile(*fd, maxBytes, info);
    ::close(*fd);
    return data;
}

Result<QByteArray> readFileBeneath(const QByteArray &root, QByteArrayView relPath, qint64 maxBytes,
                                   SafeFileInfo *info)
{
    return FilesBeneath(root).read(relPath, maxBytes, info);
}

} // namespace RepoLens
