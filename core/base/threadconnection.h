#pragma once

#include <QCoreApplication>

#include <memory>

namespace RepoLens {

// A thread_local owner of a database connection (a QtSql connection underneath). Threads that
// outlive main() end while the process exits, when Qt's SQL connection registry may already be
// gone: closing the connection then crashes. So when the thread ends after the application
// object, the connection is left to the process exit (the OS closes the file) instead.
template<typename T>
struct ThreadConnection
{
    std::unique_ptr<T> value;

    ThreadConnection() = default;
    ThreadConnection(const ThreadConnection &) = delete;
    ThreadConnection &operator=(const ThreadConnection &) = delete;
    ~ThreadConnection()
    {
        if (!QCoreApplication::instance())
            (void)value.release();
    }
};

} // namespace RepoLens
