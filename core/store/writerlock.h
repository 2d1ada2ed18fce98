#pragma once

#include "core/base/result.h"

#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

namespace RepoLens {

// Who holds the writer lock of an index (read from the lock file; informational).
struct WriterLockHolder
{
    qint64 pid = 0;
    QString program;   // "repolens-cli index", "repolens", "repolens-cli mcp", ...
    QString since;     // ISO time the lock was taken

    QString describe() const; // "pid 1234, repolens-cli index, since 12:03:11"
};

// One writer per index across processes. The lock is an exclusive flock(2) on
// "<database>.lock" beside the database: the kernel drops it when the holder exits or dies
// (SIGKILL included), so a lock is never stale and the next process can take over at once.
// Readers never take it; SQLite's WAL lets them read while the writer commits. The holder
// writes its pid and program into the file so others can say who is indexing.
//
// flock locks belong to an open file description: two IndexWriterLocks in one process
// exclude each other like two processes do. Thread-safe (no shared state).
class IndexWriterLock
{
public:
    ~IndexWriterLock();
    IndexWriterLock(const IndexWriterLock &) = delete;
    IndexWriterLock &operator=(const IndexWriterLock &) = delete;

    static QString lockPath(const QString &databasePath);

    // Takes the lock without waiting. Fails with ErrorCode::Busy ("indexing in another
    // RepoLens process", context: the holder) while another holder has it.
    static Result<std::unique_ptr<IndexWriterLock>> tryAcquire(const QString &databasePath);
    // Waits (polling every pollMs) until the lock is taken, `cancel` is set (Cancelled) or
    // the lock file cannot be created. onWait runs once, before the first wait, with the holder.
    static Result<std::unique_ptr<IndexWriterLock>> acquire(const QString &databasePath,
                                                            const std::atomic_bool *cancel = nullptr,
                                                            const std::function<void(const WriterLockHolder &)> &onWait = {},
                                                            int pollMs = 100);
    // The current holder, if any process holds the lock now.
    static std::optional<WriterLockHolder> holder(const QString &databasePath);

    // The name this process gives itself in the lock file (default: the program's arguments
    // up to the first folder, e.g. "repolens-cli index").
    static void setProgramName(const QString &name);

private:
    explicit IndexWriterLock(int fd);
    int m_fd = -1;
};

} // namespace RepoLens
