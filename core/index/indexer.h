#pragma once

#include "scanner.h"

#include "core/base/result.h"
#include "core/parse/chunker.h"

#include <QString>

#include <atomic>
#include <functional>

namespace RepoLens {

struct IndexOptions
{
    ScanOptions scan;
    ChunkerOptions chunker;
    int threads = 0;          // parse threads; 0 = one per core
    int batchFiles = 256;     // files per write transaction
    int batchMillis = 500;    // ... or this long, whichever comes first
    bool gitHistory = true;   // read commit counts / dates for the file-quality prior
};

struct IndexProgress
{
    enum class Phase { Scanning, Parsing, Linking, History, Done };
    Phase phase = Phase::Scanning;
    int filesDone = 0;       // processed in this run (parsed or found unchanged)
    int filesTotal = 0;      // to process in this run (known after scanning)
    int filesSeen = 0;       // scanned so far
    qint64 bytesDone = 0;
    qint64 bytesTotal = 0;
    double elapsedSeconds = 0;
    QString currentPath;
};

QString phaseName(IndexProgress::Phase phase); // "scanning", "parsing", ...

struct IndexReport
{
    int filesScanned = 0;
    int filesParsed = 0;      // read and (re)chunked in this run
    int filesUnchanged = 0;   // skipped by mtime + size, or content hash
    int filesRemoved = 0;
    int filesSkipped = 0;     // ignored / too large / binary / generated / unreadable
    int chunks = 0;           // written in this run
    int symbols = 0;
    int refs = 0;
    qint64 bytesParsed = 0;
    double seconds = 0;
    double parseSeconds = 0;  // summed over the parse threads
    double writeSeconds = 0;  // the writer thread inside SQLite
    double linkSeconds = 0;
    double historySeconds = 0;
    bool cancelled = false;
};

// Brings the index of one folder up to date: scan, compare with the database (mtime + size,
// then content hash), parse changed files on a thread pool (one Chunker per thread) and write
// them from the calling thread in batched transactions. Every committed batch is final, so a
// killed run resumes where it stopped. Runs synchronously; the GUI calls it from a worker
// thread, the CLI from main().
class Indexer
{
public:
    Indexer(QString rootDir, QString databasePath, IndexOptions options = {});

    using ProgressFn = std::function<void(const IndexProgress &)>;
    Result<IndexReport> run(const ProgressFn &progress = {}, const std::atomic_bool *cancel = nullptr);

    // Re-indexes just these root-relative paths (file watcher); missing files are removed.
    Result<IndexReport> update(const QStringList &relPaths, const std::atomic_bool *cancel = nullptr);

private:
    QString m_root;
    QString m_dbPath;
    IndexOptions m_options;
};

} // namespace RepoLens
