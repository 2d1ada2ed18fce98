#pragma once

#include "core/base/result.h"

#include <QList>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

#include <atomic>

namespace RepoLens {

class IndexStore;

struct GrepQuery
{
    QString pattern;
    bool regex = false;          // else a literal string
    bool caseSensitive = true;
    bool word = false;           // whole words only
    QStringList pathGlobs;       // any must match (core/search globMatch); empty: every file
    int contextLines = 0;        // lines before and after each match (0..10)
    int limit = 50;              // matches per page
    // Resume point (paging): files are searched in path order; skip up to this file and line.
    QString afterPath;
    int afterLine = 0;
    int timeoutMs = 5000;        // the whole page; the page ends early with timedOut
};

struct GrepMatch
{
    QString path;
    int line = 0;                // 1-based
    int column = 0;              // 1-based, in characters
    QString text;                // the line (long lines cut around the match)
    QStringList before;
    QStringList after;
};

struct GrepPage
{
    QList<GrepMatch> matches;
    int filesSearched = 0;
    int filesTotal = 0;          // files the globs admit
    bool more = false;           // matches left after this page (resume after the last one)
    bool timedOut = false;       // the page stopped at the time budget: resume to go on
    QString resumePath;          // where the next page starts (after this file and line)
    int resumeLine = 0;
};

// Limits of every grep: a pattern longer than this is refused (not compiled), and so are
// regular expressions that do not compile. Lines longer than kMaxLineChars are searched but
// shown cut around the match.
inline constexpr int kMaxGrepPatternChars = 1000;
inline constexpr int kMaxLineChars = 400;

// The expression a query matches lines with; InvalidArgument for a pattern that is too long or
// does not compile.
Result<QRegularExpression> grepExpression(const GrepQuery &query);

// Exact text search over the indexed files. The scan below is correct and bounded (pattern
// size cap, per-page time budget, cancellation, paging); a trigram index can replace it
// behind this interface without changing the tool.
class GrepBackend
{
public:
    virtual ~GrepBackend() = default;
    // InvalidArgument for a bad pattern; Cancelled when `cancel` is set.
    virtual Result<GrepPage> grep(const IndexStore &store, const QString &rootPath, const GrepQuery &query,
                                  const std::atomic_bool *cancel) const = 0;
};

// Reads the files the index holds (indexed, or indexed as text after a parse error; never
// ignored, binary or too large ones) from disk in path order (no symlinks followed, nothing but
// regular files: core/base/safefile.h) and matches line by line with
// QRegularExpression (PCRE2, JIT; its match limit bounds a pathological expression per line).
class ScanGrep : public GrepBackend
{
public:
    Result<GrepPage> grep(const IndexStore &store, const QString &rootPath, const GrepQuery &query,
                          const std::atomic_bool *cancel) const override;
};

} // namespace RepoLens
