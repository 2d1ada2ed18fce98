#pragma once

#include "result.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

namespace RepoLens {

// Reading files of a folder that may change while we read it: a file swapped for a
// symlink to something outside the folder, a folder swapped for such a symlink, a file
// swapped for a FIFO. Every path component below the root is opened with openat() and
// O_NOFOLLOW (folders also O_DIRECTORY), the file itself with O_NOFOLLOW | O_NONBLOCK, and
// the open descriptor is fstat()ed: anything that is not a regular file is refused without
// reading a byte, and nothing ever blocks on a FIFO or device. POSIX only; thread-safe.

// What the descriptor said about the file that was read.
struct SafeFileInfo
{
    qint64 size = 0;    // st_size when opened
    qint64 mtimeMs = 0; // modification time, ms since the epoch
};

// Error codes: NotFound (missing or deleted meanwhile), Unsupported ("symlink",
// "inside a symlinked folder", "not a regular file"), PermissionDenied, Io.
//
// The folder `relDir` (root-relative, '/'-separated, empty = the root itself) opened
// beneath `root` (raw bytes; the root itself may be reached through symlinks), as a
// descriptor the caller closes.
Result<int> openFolderBeneath(const QByteArray &root, QByteArrayView relDir);
// The same, from an open folder descriptor (not closed) instead of the root path.
Result<int> openFolderBeneath(int rootFd, QByteArrayView relDir);

// Reads at most maxBytes + 1 bytes of the regular file relPath beneath root (so that a file
// that grew past maxBytes can be told apart). maxBytes < 0: the whole file.
Result<QByteArray> readFileBeneath(const QByteArray &root, QByteArrayView relPath, qint64 maxBytes,
                                   SafeFileInfo *info = nullptr);
// readFileBeneath() for many files of one root, one after the other: the root and the last
// folder read from stay open, so the files of one folder cost one openat() each instead of one
// per path component (a tree ten folders deep: about seven calls a file instead of twenty-five).
// A folder is opened again when the next file lies in another one; a folder renamed between
// two reads of its files is read where it went, as a file renamed after it was opened is. One
// per thread.
class FilesBeneath
{
public:
    explicit FilesBeneath(QByteArray root);
    ~FilesBeneath();
    FilesBeneath(const FilesBeneath &) = delete;
    FilesBeneath &operator=(const FilesBeneath &) = delete;
    Result<QByteArray> read(QByteArrayView relPath, qint64 maxBytes, SafeFileInfo *info = nullptr);

private:
    QByteArray m_root;
    int m_rootFd = -1;
    QByteArray m_folder; // relative, of m_folderFd
    int m_folderFd = -1;
};

// Reads from a regular file already opened with openat(..., O_NOFOLLOW | O_NONBLOCK): fstat
// checks it is one. Does not close fd.
Result<QByteArray> readRegularFile(int fd, qint64 maxBytes, SafeFileInfo *info = nullptr);

// A file named by the user or the UI (symlinks followed), never blocking: opened with
// O_NONBLOCK, fstat()ed, read only when it is a regular file. maxBytes as above.
Result<QByteArray> readRegularFile(const QByteArray &path, qint64 maxBytes, SafeFileInfo *info = nullptr);

// Opens the file `name` inside the open folder dirFd for reading: no symlinks, no blocking,
// regular files only. The caller closes the descriptor.
Result<int> openRegularFileAt(int dirFd, const QByteArray &name);

} // namespace RepoLens
