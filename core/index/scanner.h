#pragma once

#include "core/base/filestatus.h"
#include "core/base/result.h"
#include "core/parse/language.h"

#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <memory>

namespace RepoLens {

class IgnoreRules;

// One entry found by the scanner. Files are always reported; folders only when they are not
// walked (ignored or unreadable), once, with isDir set.
struct ScannedFile
{
    QString relPath; // root-relative, '/'-separated
    QString absPath;
    qint64 size = 0;    // bytes (files only; a symlink reports its target's size)
    qint64 mtimeMs = 0; // modification time, ms since the epoch (files only)
    FileStatus status = FileStatus::Pending;
    QString reason; // why the status is not Pending; empty for Pending
    LanguageId language = LanguageId::None; // from the name; None lets the indexer sniff
    bool isDir = false;
};

struct ScanOptions
{
    qint64 sizeCap = 1024 * 1024; // larger files are TooLarge
    QStringList extraIgnorePatterns; // .gitignore syntax, root-relative (settings)
    bool builtInIgnores = true;
    int threads = 0; // threads walking folders (the results come in the same order); 0: one per core
};

struct ScanStats
{
    int files = 0;       // file entries reported, any status
    int directories = 0; // folders walked
    int candidates = 0;  // files reported Pending
    int ignored = 0;     // files and folders reported Ignored
    int tooLarge = 0;
    int unreadable = 0;  // files and folders reported Unreadable
    int unsupported = 0; // sockets, FIFOs, devices
    qint64 candidateBytes = 0;
};

// Walks a folder tree and says, for every file, whether it is a candidate for indexing and why
// not otherwise. Uses POSIX directory calls: no QDir/QFileInfo per entry.
//
// - Ignore rules: see IgnoreRules (.gitignore, .git/info/exclude, .repolensignore, settings,
//   built-ins). An ignored folder is reported once and not entered.
// - Symlinks are never walked through, so nothing is scanned twice and nothing loops:
//   to a place outside the root: Ignored, "symlink outside the folder";
//   to a folder containing the link: Unreadable, "symlink loop" (also for ELOOP chains);
//   dangling: Unreadable, "broken symlink -> <target>";
//   to a file or folder inside the root: Ignored, "symlink to <path> (scanned there)" or
//   "symlink to <path> (ignored: <rule>)" when that path is ignored.
// - Sockets, FIFOs and devices: Unsupported, "not a regular file" (never opened).
// - Files over the size cap: TooLarge, "2.3 MiB > 1 MiB cap".
// - Files and folders we may not read: Unreadable, "permission denied".
// - Names that are not valid UTF-8 cannot round-trip through QString: Unreadable.
//
// Entries of a folder are reported in byte order of their names, folders depth first.
// Thread: scan() runs on the caller's thread; the sink is called on it.
class Scanner
{
public:
    explicit Scanner(const QString &rootDir, ScanOptions options = {});
    ~Scanner();

    QString rootDir() const { return m_rootDir; }
    const ScanOptions &options() const { return m_options; }
    // The rules (and their cache of ignore files) used by scan(); share them with a watcher.
    std::shared_ptr<IgnoreRules> ignoreRules() const { return m_ignoreRules; }

    // Fails with NotFound / NotADirectory / PermissionDenied when the root itself cannot be
    // scanned, and with Cancelled when *cancel becomes true (checked between entries).
    Result<ScanStats> scan(const std::function<void(ScannedFile &&)> &sink,
                           const std::atomic_bool *cancel = nullptr) const;
    // Only the folder subDir (root-relative) and what is below it, as scan() would report
    // them; the folder itself must be one scan() walks (inspect() says Pending, isDir). Fails
    // with NotFound when it is not a folder any more. An empty subDir scans everything.
    Result<ScanStats> scanSubtree(const QString &subDir,
                                  const std::function<void(ScannedFile &&)> &sink,
                                  const std::atomic_bool *cancel = nullptr) const;

    // One path (for a file watcher): the entry scan() would report for it, parents' ignore
    // rules included. A folder that would be walked comes back Pending with isDir set; a path
    // that does not exist comes back Unreadable, "not found"; a path below a symlinked folder
    // Ignored, "inside a symlinked folder".
    ScannedFile inspect(const QString &relPath) const;

    // "512 bytes", "4 KiB", "2.3 MiB": binary units, one decimal at most.
    static QString formatSize(qint64 bytes);

private:
    QString m_rootDir;
    ScanOptions m_options;
    std::shared_ptr<IgnoreRules> m_ignoreRules;
};

} // namespace RepoLens
