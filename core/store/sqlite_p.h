#pragma once

// Thin RAII helpers over the raw sqlite3 API, used inside core/store only. Connections are
// plain sqlite3 handles (no Qt SQL connection registry): they belong to no thread and can be
// closed at any time, also while the process exits.

#include "core/base/result.h"

#include <QByteArray>
#include <QString>

#include <sqlite3.h>

namespace RepoLens::Sql {

// A failed call on `db` as an Error a user can read: what failed (a sentence with SQLite's own
// words) and the database file as context. The SQL text goes to the debug log (repolens.store)
// only. SQLITE_CORRUPT and SQLITE_NOTADB mark the file damaged (integrity.h). integrity.cpp.
Error failure(sqlite3 *db, int rc, const char *sql);
// The sentence for a result code.
QString describe(int rc, const QString &detail);
// Marks the connection's database file damaged (Damage::mark), unless the file was renamed or
// deleted since it was opened: a connection still reading a file that was moved aside must not
// mark the new file at the old path.
void markDamaged(sqlite3 *db, const QString &file, const QString &reason);

inline bool isDamage(int rc)
{
    return (rc & 0xff) == SQLITE_CORRUPT || (rc & 0xff) == SQLITE_NOTADB;
}

class Stmt
{
public:
    Stmt() = default;
    Stmt(sqlite3 *db, const char *sql)
    {
        m_rc = sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &m_stmt, nullptr);
        m_db = db;
        if (isDamage(m_rc))
            failure(db, m_rc, sql); // marks the file damaged
    }
    ~Stmt() { sqlite3_finalize(m_stmt); }
    Stmt(const Stmt &) = delete;
    Stmt &operator=(const Stmt &) = delete;
    Stmt(Stmt &&other) noexcept { *this = std::move(other); }
    Stmt &operator=(Stmt &&other) noexcept
    {
        std::swap(m_stmt, other.m_stmt);
        std::swap(m_db, other.m_db);
        std::swap(m_rc, other.m_rc);
        return *this;
    }

    bool isValid() const { return m_stmt != nullptr; }
    sqlite3_stmt *raw() const { return m_stmt; }

    Stmt &bind(int i, qint64 v) { sqlite3_bind_int64(m_stmt, i, v); return *this; }
    Stmt &bind(int i, int v) { sqlite3_bind_int64(m_stmt, i, v); return *this; }
    Stmt &bind(int i, double v) { sqlite3_bind_double(m_stmt, i, v); return *this; }
    Stmt &bind(int i, const QString &v)
    {
        if (v.isNull()) {
            sqlite3_bind_text(m_stmt, i, "", 0, SQLITE_TRANSIENT);
            return *this;
        }
        const QByteArray utf8 = v.toUtf8();
        sqlite3_bind_text(m_stmt, i, utf8.constData(), int(utf8.size()), SQLITE_TRANSIENT);
        return *this;
    }
    // UTF-8 text bound without a copy: the bytes must stay alive and unchanged until the
    // statement has run (and the binding is replaced or cleared before it runs again).
    Stmt &bindUtf8(int i, const QByteArray &utf8)
    {
        sqlite3_bind_text(m_stmt, i, utf8.constData(), int(utf8.size()), SQLITE_STATIC);
        return *this;
    }
    Stmt &bind(int i, const QByteArray &v)
    {
        sqlite3_bind_blob(m_stmt, i, v.constData(), int(v.size()), SQLITE_TRANSIENT);
        return *this;
    }
    Stmt &bindNull(int i) { sqlite3_bind_null(m_stmt, i); return *this; }

    // SQLITE_ROW -> true; SQLITE_DONE -> false (error() tells failures apart)
    bool step()
    {
        m_rc = sqlite3_step(m_stmt);
        if (m_rc == SQLITE_ROW)
            return true;
        if (isDamage(m_rc))
            failure(m_db, m_rc, sqlite3_sql(m_stmt)); // marks the file damaged, whoever reads
        return false;
    }
    bool failed() const { return m_rc != SQLITE_ROW && m_rc != SQLITE_DONE && m_rc != SQLITE_OK; }
    int code() const { return m_rc; }
    // Runs to completion; returns an error for anything but DONE.
    Result<void> exec()
    {
        while (step()) {
        }
        Result<void> r = m_rc == SQLITE_DONE ? Result<void>() : Result<void>(error());
        reset();
        return r;
    }
    void reset()
    {
        sqlite3_reset(m_stmt);
        sqlite3_clear_bindings(m_stmt);
    }

    qint64 int64(int col) const { return sqlite3_column_int64(m_stmt, col); }
    int integer(int col) const { return sqlite3_column_int(m_stmt, col); }
    double real(int col) const { return sqlite3_column_double(m_stmt, col); }
    bool isNull(int col) const { return sqlite3_column_type(m_stmt, col) == SQLITE_NULL; }
    QString text(int col) const
    {
        const auto *p = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, col));
        return p ? QString::fromUtf8(p, sqlite3_column_bytes(m_stmt, col)) : QString();
    }
    QByteArray blob(int col) const
    {
        const auto *p = static_cast<const char *>(sqlite3_column_blob(m_stmt, col));
        return p ? QByteArray(p, sqlite3_column_bytes(m_stmt, col)) : QByteArray();
    }

    Error error() const
    {
        return failure(m_db, m_rc, m_stmt ? sqlite3_sql(m_stmt) : nullptr);
    }

    static Error errorFromCode(int rc, const QString &message, const QString &context)
    {
        ErrorCode code = ErrorCode::Database;
        switch (rc & 0xff) {
        case SQLITE_FULL:
            code = ErrorCode::DiskFull;
            break;
        case SQLITE_READONLY:
            code = ErrorCode::ReadOnly;
            break;
        case SQLITE_CORRUPT:
        case SQLITE_NOTADB:
            code = ErrorCode::Corrupt;
            break;
        case SQLITE_CANTOPEN:
        case SQLITE_PERM:
            code = ErrorCode::PermissionDenied;
            break;
        case SQLITE_IOERR:
            code = ErrorCode::Io;
            break;
        default:
            break;
        }
        return Error{code, message, context};
    }

private:
    sqlite3_stmt *m_stmt = nullptr;
    sqlite3 *m_db = nullptr;
    int m_rc = SQLITE_OK;
};

// Opens a database file: read-only, or read-write (created when missing). Waits up to
// `busyMillis` for another connection's lock. The handle is closed with close().
// `immutable`: the file is opened as "immutable" (no locks, no -wal / -shm files): for a
// database in a folder that cannot be written, whose WAL is empty.
inline Result<sqlite3 *> open(const QString &path, bool readOnly, int busyMillis = 5000, bool immutable = false)
{
    sqlite3 *db = nullptr;
    int flags = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    QByteArray name = path.toUtf8();
    if (readOnly && immutable) {
        flags |= SQLITE_OPEN_URI;
        name = "file:" + name.toPercentEncoding("/") + "?immutable=1";
    }
    const int rc = sqlite3_open_v2(name.constData(), &db, flags, nullptr);
    if (rc != SQLITE_OK) {
        const QString message = db ? QString::fromUtf8(sqlite3_errmsg(db)) : QString::fromUtf8(sqlite3_errstr(rc));
        sqlite3_close_v2(db);
        return Stmt::errorFromCode(rc, describe(rc, message), path);
    }
    sqlite3_busy_timeout(db, busyMillis);
    return db;
}

// Closes a handle from open() (statements still open are finalised by their owners first;
// sqlite3_close_v2 defers the close until they are).
inline void close(sqlite3 *db)
{
    sqlite3_close_v2(db);
}

inline Result<void> execScript(sqlite3 *db, const char *sql)
{
    const int rc = sqlite3_exec(db, sql, nullptr, nullptr, nullptr);
    if (rc != SQLITE_OK)
        return failure(db, rc, sql);
    return {};
}

} // namespace RepoLens::Sql
