#include "filestore.h"

#include "connection_p.h"

#include <map>

namespace RepoLens {

using Sql::Stmt;
using Lease = Store::Connection::Lease;

namespace {

#define FILE_COLUMNS                                                                               \
    "SELECT id, path, language, size, mtime, content_hash, line_count, status, reason, is_dir,"  \
    " commit_count, last_commit_time FROM files "

FileRecord readFile(const Stmt &s)
{
    FileRecord f;
    f.id = s.int64(0);
    f.path = s.text(1);
    f.language = languageFromName(s.text(2));
    f.size = s.int64(3);
    f.mtimeMs = s.int64(4);
    f.contentHash = s.blob(5);
    f.lineCount = s.integer(6);
    f.status = static_cast<FileStatus>(s.integer(7));
    f.reason = s.text(8);
    f.isDir = s.integer(9) != 0;
    f.commitCount = s.integer(10);
    f.lastCommitTime = s.int64(11);
    return f;
}

} // namespace

FileStore::FileStore(Store::Connection &connection)
    : m_c(connection)
{
}

const char *FileStore::schemaV1()
{
    return R"SQL(
CREATE TABLE files(
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL UNIQUE,
    language TEXT NOT NULL DEFAULT '',
    size INTEGER NOT NULL DEFAULT 0,
    mtime INTEGER NOT NULL DEFAULT 0,
    content_hash BLOB,
    line_count INTEGER NOT NULL DEFAULT 0,
    status INTEGER NOT NULL DEFAULT 0,
    reason TEXT NOT NULL DEFAULT '',
    is_dir INTEGER NOT NULL DEFAULT 0,
    commit_count INTEGER NOT NULL DEFAULT 0,
    last_commit_time INTEGER NOT NULL DEFAULT 0);
)SQL";
}

Result<qint64> FileStore::upsert(const FileRecord &f)
{
    // A look-up, then a one-row UPDATE or INSERT: an UPSERT statement needs a statement
    // savepoint, and every savepoint makes FTS5 flush its pending terms (see ChunkStore).
    qint64 id = 0;
    {
        Stmt &before = m_c.stmt("SELECT id, status FROM files WHERE path = ?1");
        const Lease lease_before{before};
        before.bind(1, f.path);
        bool wasIndexed = false;
        if (before.step()) {
            id = before.int64(0);
            wasIndexed = before.integer(1) == int(FileStatus::Indexed);
        } else if (before.failed()) {
            return before.error();
        }
        if (wasIndexed != (f.status == FileStatus::Indexed))
            m_c.changes.pathSetChanged = true;
    }
    Stmt &s = id ? m_c.stmt("UPDATE files SET path = ?1, language = ?2, size = ?3, mtime = ?4, content_hash = ?5,"
                            " line_count = ?6, status = ?7, reason = ?8, is_dir = ?9 WHERE id = ?10")
                 : m_c.stmt("INSERT INTO files(path, language, size, mtime, content_hash, line_count, status,"
                            " reason, is_dir) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)");
    const Lease lease_s{s};
    s.bind(1, f.path).bind(2, languageName(f.language)).bind(3, f.size).bind(4, f.mtimeMs);
    if (f.contentHash.isNull())
        s.bindNull(5);
    else
        s.bind(5, f.contentHash);
    s.bind(6, f.lineCount).bind(7, int(f.status)).bind(8, f.reason).bind(9, f.isDir ? 1 : 0);
    if (id)
        s.bind(10, id);
    if (auto r = s.exec(); !r)
        return r.error();
    return id ? id : sqlite3_last_insert_rowid(m_c.db);
}

Result<void> FileStore::remove(qint64 fileId)
{
    Stmt &s = m_c.stmt("DELETE FROM files WHERE id = ?1");
    const Lease lease_s{s};
    s.bind(1, fileId);
    return s.exec();
}

Result<void> FileStore::setGitHistory(const QHash<QString, QPair<int, qint64>> &byPath)
{
    Stmt &s = m_c.stmt("UPDATE files SET commit_count = ?2, last_commit_time = ?3 WHERE path = ?1");
    const Lease lease_s{s};
    for (auto it = byPath.cbegin(); it != byPath.cend(); ++it) {
        s.reset();
        s.bind(1, it.key()).bind(2, it.value().first).bind(3, it.value().second);
        if (auto r = s.exec(); !r)
            return r;
    }
    return {};
}

QHash<QString, FileRecord> FileStore::all() const
{
    QHash<QString, FileRecord> out;
    Stmt s(m_c.db, FILE_COLUMNS);
    while (s.step()) {
        FileRecord f = readFile(s);
        out.insert(f.path, std::move(f));
    }
    return out;
}

QHash<QString, FileStamp> FileStore::stamps() const
{
    QHash<QString, FileStamp> out;
    {
        Stmt count(m_c.db, "SELECT COUNT(*) FROM files");
        if (count.step())
            out.reserve(count.integer(0));
    }
    // (an indexed file's reason holds notes such as syntax errors: nothing compares them)
    Stmt s(m_c.db, "SELECT path, id, size, mtime, status, is_dir, CASE WHEN status = ?1 THEN '' ELSE reason END"
                   " FROM files");
    s.bind(1, int(FileStatus::Indexed));
    while (s.step()) {
        FileStamp f;
        f.id = s.int64(1);
        f.size = s.int64(2);
        f.mtimeMs = s.int64(3);
        f.status = static_cast<FileStatus>(s.integer(4));
        f.isDir = s.integer(5) != 0;
        f.reason = s.text(6);
        out.insert(s.text(0), std::move(f));
    }
    return out;
}

QHash<QString, FileRecord> FileStore::under(const QString &dir) const
{
    if (dir.isEmpty())
        return all();
    QHash<QString, FileRecord> out;
    // '0' follows '/': the range holds exactly the paths that start with "dir/".
    Stmt &s = m_c.stmt(FILE_COLUMNS "WHERE path > ?1 AND path < ?2");
    const Lease lease_s{s};
    s.bind(1, dir + u'/').bind(2, dir + u'0');
    while (s.step()) {
        FileRecord f = readFile(s);
        out.insert(f.path, std::move(f));
    }
    return out;
}

std::optional<FileRecord> FileStore::file(const QString &path) const
{
    Stmt &s = m_c.stmt(FILE_COLUMNS "WHERE path = ?1");
    const Lease lease_s{s};
    s.bind(1, path);
    if (!s.step())
        return std::nullopt;
    return readFile(s);
}

std::optional<FileRecord> FileStore::file(qint64 id) const
{
    Stmt &s = m_c.stmt(FILE_COLUMNS "WHERE id = ?1");
    const Lease lease_s{s};
    s.bind(1, id);
    if (!s.step())
        return std::nullopt;
    return readFile(s);
}

QList<StatusCount> FileStore::statusCounts() const
{
    std::map<int, StatusCount> byStatus;
    Stmt s(m_c.db, "SELECT status, reason, COUNT(*) FROM files GROUP BY status, reason");
    while (s.step()) {
        StatusCount &c = byStatus[s.integer(0)];
        c.status = static_cast<FileStatus>(s.integer(0));
        c.files += s.integer(2);
        if (!s.text(1).isEmpty())
            c.reasons[s.text(1)] += s.integer(2);
    }
    QList<StatusCount> out;
    for (auto &[k, v] : byStatus)
        out.append(v);
    return out;
}

int FileStore::count(FileStatus status) const
{
    Stmt &s = m_c.stmt("SELECT COUNT(*) FROM files WHERE status = ?1");
    const Lease lease_s{s};
    s.bind(1, int(status));
    return s.step() ? s.integer(0) : 0;
}

} // namespace RepoLens
