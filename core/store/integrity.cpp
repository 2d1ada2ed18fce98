#include "integrity.h"

#include "sqlite_p.h"

#include "core/base/logging.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QMutex>
#include <QMutexLocker>
#include <QSaveFile>

namespace RepoLens {

namespace {

QMutex &registryMutex()
{
    static QMutex mutex;
    return mutex;
}

// Database file (as SQLite names it: absolute) -> the first reason seen in this process.
QHash<QString, QString> &registry()
{
    static QHash<QString, QString> seen;
    return seen;
}

QString key(const QString &dbPath)
{
    return QFileInfo(dbPath).absoluteFilePath();
}

} // namespace

namespace Damage {

QString markerPath(const QString &dbPath)
{
    return dbPath + QStringLiteral(".damaged");
}

bool seenHere(const QString &dbPath)
{
    QMutexLocker lock(&registryMutex());
    return registry().contains(key(dbPath));
}

std::optional<QString> reason(const QString &dbPath)
{
    {
        QMutexLocker lock(&registryMutex());
        const auto it = registry().constFind(key(dbPath));
        if (it != registry().cend())
            return *it;
    }
    QFile marker(markerPath(dbPath));
    if (!marker.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QString text = QString::fromUtf8(marker.read(4096)).trimmed();
    return text.isEmpty() ? QStringLiteral("damage was found while it was read") : text;
}

void mark(const QString &dbPath, const QString &reason)
{
    {
        QMutexLocker lock(&registryMutex());
        if (registry().contains(key(dbPath)))
            return; // marked once; the first reason stays
        registry().insert(key(dbPath), reason);
    }
    qCWarning(lcStore) << "damage found in" << dbPath << ":" << reason;
    // Tell the other processes (and the next run). A read-only folder keeps it in this process.
    QSaveFile marker(markerPath(dbPath));
    if (marker.open(QIODevice::WriteOnly)) {
        marker.write(reason.toUtf8() + '\n');
        marker.commit();
    }
}

void clear(const QString &dbPath)
{
    {
        QMutexLocker lock(&registryMutex());
        registry().remove(key(dbPath));
    }
    QFile::remove(markerPath(dbPath));
}

} // namespace Damage

namespace Sql {

Error failure(sqlite3 *db, int rc, const char *sql)
{
    const QString detail = db && (sqlite3_errcode(db) & 0xff) == (rc & 0xff) ? QString::fromUtf8(sqlite3_errmsg(db))
                                                           : QString::fromUtf8(sqlite3_errstr(rc));
    const char *name = db ? sqlite3_db_filename(db, "main") : nullptr;
    const QString file = name && *name ? QString::fromUtf8(name) : QString();
    // The statement is for the debug log only: users see what failed and on which file.
    qCDebug(lcStore).noquote() << "SQLite error" << rc << detail << "in" << file << "running:"
                               << (sql ? QString::fromUtf8(sql).left(400) : QString());
    const int primary = rc & 0xff;
    if ((primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB) && !file.isEmpty())
        markDamaged(db, file, detail);
    return Stmt::errorFromCode(rc, describe(rc, detail), file);
}

void markDamaged(sqlite3 *db, const QString &file, const QString &reason)
{
    int moved = 0;
    if (db && sqlite3_file_control(db, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK && moved) {
        qCDebug(lcStore) << "damage in" << file << "after it was moved aside or replaced; not marked:" << reason;
        return;
    }
    Damage::mark(file, reason);
}

QString describe(int rc, const QString &detail)
{
    switch (rc & 0xff) {
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
        return QStringLiteral("the database file is damaged (%1)").arg(detail);
    case SQLITE_FULL:
        return QStringLiteral("the disk is full (%1)").arg(detail);
    case SQLITE_READONLY:
        return QStringLiteral("the database file cannot be written, it or its folder is read-only (%1)").arg(detail);
    case SQLITE_CANTOPEN:
    case SQLITE_PERM:
        return QStringLiteral("the database file cannot be opened (%1)").arg(detail);
    case SQLITE_IOERR:
        return QStringLiteral("the database file could not be read or written (%1)").arg(detail);
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        return QStringLiteral("the database is in use by another connection (%1)").arg(detail);
    default:
        return QStringLiteral("a database operation failed (%1)").arg(detail);
    }
}

} // namespace Sql

} // namespace RepoLens
