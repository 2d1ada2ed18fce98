#include "writerlock.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMutex>
#include <QThread>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace RepoLens {

namespace {

QMutex g_nameMutex;
QString g_programName;

QString programName()
{
    QMutexLocker locker(&g_nameMutex);
    if (!g_programName.isEmpty())
        return g_programName;
    const QStringList args = QCoreApplication::arguments();
    QString name = args.isEmpty() ? u"repolens"_s : QFileInfo(args.first()).fileName();
    for (qsizetype i = 1; i < args.size() && i < 4; ++i) {
        if (args.at(i).startsWith(u'-') || args.at(i).contains(u'/'))
            continue;
        name += u' ' + args.at(i);
        break;
    }
    return name;
}

int openLockFile(const QString &databasePath, Error *error)
{
    const QString path = IndexWriterLock::lockPath(databasePath);
    QDir().mkpath(QFileInfo(path).absolutePath());
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
        const int err = errno;
        const QString folder = QFileInfo(path).absolutePath();
        if ((err == EACCES || err == EROFS) && !QFileInfo(folder).isWritable()) {
            // Said as the store says it (IndexStore::open): the lock file is only where a
            // read-only data folder shows first.
            *error = makeError(ErrorCode::ReadOnly, u"the data folder is read-only; the index cannot be written"_s,
                               folder);
        } else {
            *error = makeError(err == EACCES || err == EROFS ? ErrorCode::ReadOnly : ErrorCode::Io,
                               u"cannot open the index's lock file: %1"_s.arg(QString::fromLocal8Bit(std::strerror(err))),
                               path);
        }
    }
    return fd;
}

WriterLockHolder readHolder(int fd)
{
    WriterLockHolder h;
    char buffer[512];
    const ssize_t n = ::pread(fd, buffer, sizeof buffer - 1, 0);
    if (n <= 0)
        return h;
    const QStringList lines = QString::fromUtf8(buffer, int(n)).split(u'\n');
    if (!lines.isEmpty())
        h.pid = lines.at(0).toLongLong();
    if (lines.size() > 1)
        h.program = lines.at(1);
    if (lines.size() > 2)
        h.since = lines.at(2);
    return h;
}

Error busyError(const QString &databasePath, const WriterLockHolder &h)
{
    return makeError(ErrorCode::Busy, u"indexing in another RepoLens process"_s,
                     h.pid ? h.describe() : IndexWriterLock::lockPath(databasePath));
}

} // namespace

QString WriterLockHolder::describe() const
{
    QString s = u"pid %1"_s.arg(pid);
    if (!program.isEmpty())
        s += u", "_s + program;
    if (!since.isEmpty())
        s += u", since "_s + since;
    return s;
}

IndexWriterLock::IndexWriterLock(int fd)
    : m_fd(fd)
{
}

IndexWriterLock::~IndexWriterLock()
{
    if (m_fd >= 0) {
        // The holder's details go first, so nobody reads a dead pid as the holder.
        if (::ftruncate(m_fd, 0) != 0) {
        }
        ::flock(m_fd, LOCK_UN);
        ::close(m_fd);
    }
}

QString IndexWriterLock::lockPath(const QString &databasePath)
{
    return databasePath + u".lock"_s;
}

void IndexWriterLock::setProgramName(const QString &name)
{
    QMutexLocker locker(&g_nameMutex);
    g_programName = name;
}

Result<std::unique_ptr<IndexWriterLock>> IndexWriterLock::tryAcquire(const QString &databasePath)
{
    Error error;
    const int fd = openLockFile(databasePath, &error);
    if (fd < 0)
        return error;
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        const int err = errno;
        const WriterLockHolder h = readHolder(fd);
        ::close(fd);
        if (err == EWOULDBLOCK)
            return busyError(databasePath, h);
        return makeError(ErrorCode::Io, u"cannot lock the index: %1"_s.arg(QString::fromLocal8Bit(std::strerror(err))),
                         lockPath(databasePath));
    }
    const QByteArray info = QByteArray::number(qint64(::getpid())) + '\n' + programName().toUtf8() + '\n'
                            + QDateTime::currentDateTime().toString(Qt::ISODate).toUtf8() + '\n';
    if (::ftruncate(fd, 0) != 0 || ::pwrite(fd, info.constData(), size_t(info.size()), 0) != info.size()) {
        // The lock holds without the note; others just cannot say who holds it.
    }
    return std::unique_ptr<IndexWriterLock>(new IndexWriterLock(fd));
}

Result<std::unique_ptr<IndexWriterLock>> IndexWriterLock::acquire(const QString &databasePath,
                                                                  const std::atomic_bool *cancel,
                                                                  const std::function<void(const WriterLockHolder &)> &onWait,
                                                                  int pollMs)
{
    bool told = false;
    for (;;) {
        auto lock = tryAcquire(databasePath);
        if (lock || lock.error().code != ErrorCode::Busy)
            return lock;
        if (!told && onWait) {
            onWait(holder(databasePath).value_or(WriterLockHolder()));
            told = true;
        }
        if (cancel && cancel->load())
            return makeError(ErrorCode::Cancelled, u"cancelled while waiting for the other RepoLens process"_s);
        QThread::msleep(ulong(std::max(10, pollMs)));
    }
}

std::optional<WriterLockHolder> IndexWriterLock::holder(const QString &databasePath)
{
    const QByteArray path = QFile::encodeName(lockPath(databasePath));
    const int fd = ::open(path.constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return std::nullopt;
    std::optional<WriterLockHolder> result;
    if (::flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK)
        result = readHolder(fd);
    else
        ::flock(fd, LOCK_UN);
    ::close(fd);
    return result;
}

} // namespace RepoLens
