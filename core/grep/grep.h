#pragma once

#include "core/base/result.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>

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
    // Resume point (paging): files are searched in path order; skip up to this file and the
    // first afterLine lines of it.
    QString afterPath;
    int afterLine = 0;
    int timeoutMs = 5000;        // the whole page; the page ends early with timedOut
    // Tools that send text off the machine: the whole file goes through the withholding stage
    // (core/base/secrets.h; a line of a key's body is not recognisable on its own), a line that
    // holds withheld text is shown as the stage leaves it ("[withheld: KIND]"), and a match on
    // such a line is kept only if the pattern still matches the withheld line: a pattern that
    // matches only inside a secret finds nothing (GrepPage::matchesNotShown counts it).
    bool withholdSecrets = false;
    int threads = 0;             // files read at once; 0: one per core
    // Called on the calling thread while files are read (at most ~10 times a second): files
    // read so far, files to read.
    std::function<void(int done, int total)> progress;
};

struct GrepMatch
{
    QString path;
    int line = 0;                // 1-based
    int column = 0;              // 1-based, in UTF-16 code units of the line
    QString text;                // the line (long lines cut around the match, marked with …)
    int matchStart = 0;          // the match within `text` (UTF-16 code units)
    int matchLength = 0;
    QStringList before;
    QStringList after;
};

struct GrepPage
{
    QList<GrepMatch> matches;
    int filesSearched = 0;       // files read for this page
    int filesTotal = 0;          // searchable files the globs admit
    int candidates = 0;          // files that could match (all of them when not narrowed)
    bool narrowed = false;       // the trigram index chose the files (else every file was read)
    QString plan;                // the trigram query, or why there is none
    bool more = false;           // matches left after this page (resume after the last one)
    bool timedOut = false;       // the page stopped at the time budget: resume to go on
    QString resumePath;          // where the next page starts (that file, after resumeLine lines)
    int resumeLine = 0;
    int linesGivenUp = 0;        // lines on which the expression reached its limits (no match)
    int withheld = 0;            // withheld spans (credentials) the lines returned touch
    int matchesNotShown = 0;     // lines that matched only inside withheld text
};

// Limits of every grep: a pattern longer than this is refused (not compiled), and so are
// regular expressions that do not compile. Lines longer than kMaxLineChars are searched but
// shown cut around the match.
inline constexpr int kMaxGrepPatternChars = 1000;
inline constexpr int kMaxLineChars = 400;

// Exact text search over the files of an index.
class GrepBackend
{
public:
    virtual ~GrepBackend() = default;
    // InvalidArgument for a bad pattern; Cancelled when `cancel` is set.
    virtual Result<GrepPage> grep(const IndexStore &store, const QString &rootPath, const GrepQuery &query,
                                  const std::atomic_bool *cancel) const = 0;
};

// Grep answered from the index: the planner (grepplanner.h) turns the pattern into a trigram
// query, the grep index (core/store/grepstore.h) names the files that can match, and only
// those are read and matched line by line (grepmatcher.h), in path order, on several threads.
// A pattern no trigram can narrow (`.*`, `\w+`, two letters) reads every searchable file the
// same way (with progress and cancellation). Files are read from disk and decoded as the
// indexer decodes them (core/index/contentclassifier.h); a file that is not text any more is
// skipped. What it answers is exactly what matching every searchable file would answer.
class IndexGrep : public GrepBackend
{
public:
    Result<GrepPage> grep(const IndexStore &store, const QString &rootPath, const GrepQuery &query,
                          const std::atomic_bool *cancel) const override;
};

// The lines of a text as grep sees them: split at \n, one \r before it dropped; a final line
// break ends the last line rather than starting an empty one.
QList<QStringView> grepLines(QStringView text);

} // namespace RepoLens
