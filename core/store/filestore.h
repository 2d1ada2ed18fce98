#pragma once

#include "core/base/filestatus.h"
#include "core/base/result.h"
#include "core/parse/language.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QPair>
#include <QString>

#include <optional>

namespace RepoLens {

namespace Store {
struct Connection;
}

struct FileRecord
{
    qint64 id = 0;
    QString path;       // relative to the root, '/' separated
    LanguageId language = LanguageId::None;
    qint64 size = 0;
    qint64 mtimeMs = 0;
    QByteArray contentHash;
    int lineCount = 0;
    FileStatus status = FileStatus::Pending;
    QString reason;
    bool isDir = false;          // an ignored directory recorded as one entry
    int commitCount = 0;         // git history (0 when unknown)
    qint64 lastCommitTime = 0;   // seconds since epoch
};

// What change detection compares: a file's record without its content hash, line count and
// git history, and without the notes of an indexed file (its reason is empty here).
struct FileStamp
{
    qint64 id = 0;
    qint64 size = 0;
    qint64 mtimeMs = 0;
    FileStatus status = FileStatus::Pending;
    bool isDir = false;
    QString reason; // empty for indexed files
};

struct StatusCount
{
    FileStatus status = FileStatus::Pending;
    int files = 0;
    QHash<QString, int> reasons; // reason -> count
};

// The `files` table: every file and ignored folder under the root, with its status and the
// reason for it, what change detection compares (size, mtime, content hash) and git history.
// A view over the connection of an IndexStore (see IndexStore::files()).
class FileStore
{
public:
    explicit FileStore(Store::Connection &connection);

    // Part of schema 1: the files table.
    static const char *schemaV1();

    // --- writing (ReadWrite only, inside the owner's transaction) ------------------------------
    // Inserts or updates by path; returns the file id.
    Result<qint64> upsert(const FileRecord &file);
    // Deletes the row only; IndexStore::removeFile() also removes the file's content.
    Result<void> remove(qint64 fileId);
    Result<void> setGitHistory(const QHash<QString, QPair<int, qint64>> &byPath);

    // --- reading -------------------------------------------------------------------------------
    QHash<QString, FileRecord> all() const;                   // every file, by path
    QHash<QString, FileStamp> stamps() const;                 // every file's stamp, by path
    QHash<QString, FileRecord> under(const QString &dir) const; // below dir/, by path
    std::optional<FileRecord> file(const QString &path) const;
    std::optional<FileRecord> file(qint64 id) const;
    QList<StatusCount> statusCounts() const;
    int count(FileStatus status) const;

private:
    Store::Connection &m_c;
};

} // namespace RepoLens
