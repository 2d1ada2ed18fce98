#pragma once

#include "scanner.h"

#include "core/base/result.h"
#include "core/parse/chunker.h"

#include <QString>

#include <atomic>
#include <functional>
#include <memory>

namespace RepoLens {

struct IndexOptions
{
    ScanOptions scan;
    ChunkerOptions chunker;
    int threads = 0;          // parse threads; 0 = one per core
    int batchFiles = 256;     // files per write transaction
    int batchMillis = 500;    // ... or this long, whichever comes first
    bool gitHistory = true;   // read commit counts / dates for the file-quality prior
    // run(): PRAGMA quick_check before anything else; a damaged database is moved aside and
    // rebuilt. Reads every page, so it is off by default (damage found while writing or a
    // damaged file header is handled the same way without it).
    bool verifyIntegrity = false;
    // run() with at least this many new files (a first index) makes them keyword-searchable
    // from plain-text draft windows before anything is parsed; 0 = never.
    int draftMinFiles = 1000;
    // Tests: called on a parse thread just before a file is read (delete or truncate it there).
    std::function<void(const QString &relPath)> beforeRead;
    // Tests: called on a draft thread just before a file is read for its draft windows.
    std::function<void(const QString &relPath)> beforeDraft;
    // Tests: called on the indexing thread once the draft windows are committed.
    std::function<void()> afterDrafts;
};

struct IndexProgress
{
    // Drafting: a first index puts plain-text windows of every new file into the keyword
    // index before parsing; keywordReady is set once they are committed.
    // TextIndex: the trigrams of files whose text grep cannot find in its index yet (after an
    // upgrade, a repair, or files changed one at a time) are read and written.
    enum class Phase { Scanning, Drafting, Parsing, TextIndex, Linking, History, Done };
    Phase phase = Phase::Scanning;
    int filesDone = 0;       // processed in this run (parsed or found unchanged)
    int filesTotal = 0;      // to process in this run (known after scanning)
    int filesSeen = 0;       // scanned so far
    qint64 bytesDone = 0;
    qint64 bytesTotal = 0;
    double elapsedSeconds = 0;
    double phaseStartSeconds = 0; // when the current phase began (rates and ETAs count from here)
    QString currentPath;
    bool keywordReady = false; // every file processed in this run can be found by keyword search
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
    // The grep index, in CPU seconds: trigrams found (summed over the parse threads, part of
    // parseSeconds) and its postings (buffering, flushes, merges on the writer, and reading
    // unindexed files again on the text threads).
    double trigramSeconds = 0;
    double grepSeconds = 0;
    int grepFilesIndexed = 0;  // unindexed files read for the grep index in this run
    // A first index: draft windows of draftedFiles were searchable after keywordReadySeconds
    // (from the start of the run), before the parse pass.
    int draftedFiles = 0;
    double keywordReadySeconds = 0;
    bool cancelled = false;
    bool fullScan = true;      // false for Indexer::update() without a fallback to run()
    // The database was damaged: it was moved to corruptMovedTo (kept for the user) and the
    // index rebuilt from scratch in this run. corruptReason says what was wrong.
    QString corruptMovedTo;
    QString corruptReason;
};

// Brings the index of one folder up to date: scan, compare with the database (mtime + size,
// then content hash), parse changed files on a thread pool (one Chunker per thread) and write
// them from the calling thread in batched transactions. Every committed batch is final, so a
// killed run resumes where it stopped. A damaged database (not a database, truncated, or
// SQLITE_CORRUPT while writing) is moved aside with IndexStore::moveAside() and rebuilt; the
// report says so. Runs synchronously; the GUI calls it from a worker thread, the CLI from
// main(). Keep one Indexer per folder: it caches the ignore rules between update() calls.
//
// Crash points for tests: REPOLENS_DEBUG_CRASH_AT=<point>[:<n>] makes the process SIGKILL
// itself the n-th time (default 1st) it reaches <point>: after-scan, in-batch (a file written,
// transaction open), after-commit, after-drafts, after-parse, in-link (transaction open).
class Indexer
{
public:
    Indexer(QString rootDir, QString databasePath, IndexOptions options = {});
    ~Indexer();
    Indexer(const Indexer &) = delete;
    Indexer &operator=(const Indexer &) = delete;

    using ProgressFn = std::function<void(const IndexProgress &)>;
    Result<IndexReport> run(const ProgressFn &progress = {}, const std::atomic_bool *cancel = nullptr);

    // Re-indexes just these root-relative paths (the file watcher's batch) without walking the
    // tree: each path is looked at with Scanner::inspect(); a missing path leaves the index
    // with everything below it; a new or renamed folder is scanned; a changed .gitignore /
    // .repolensignore / CMakeCache.txt re-reads the rules and rescans its folder (at the root,
    // or .git/info/exclude: the whole tree, as run()). Unchanged files cost one stat.
    Result<IndexReport> update(const QStringList &relPaths, const ProgressFn &progress = {},
                               const std::atomic_bool *cancel = nullptr);

    // Files whose change alters the ignore rules of their folder.
    static bool isIgnoreFile(const QString &relPath);

private:
    Result<IndexReport> runChecked(const ProgressFn &progress, const std::atomic_bool *cancel);
    Result<IndexReport> updateChecked(const QStringList &relPaths, const ProgressFn &progress,
                                      const std::atomic_bool *cancel);

    class Private;
    std::unique_ptr<Private> d;
};

} // namespace RepoLens
