#pragma once

#include <QString>

namespace RepoLens {

// Why a file is (or is not) in the index. Stored as an integer in files.status: never
// renumber, only append.
enum class FileStatus : int {
    Pending = 0,     // scanned, not processed yet
    Indexed = 1,
    Ignored = 2,     // reason = the rule, e.g. ".gitignore:3: build/" or "built-in: secrets"
    TooLarge = 3,
    Binary = 4,
    Generated = 5,   // generated or minified
    Unreadable = 6,
    ParseError = 7,  // indexed as text windows; reason says what failed
    Unsupported = 8, // not a text format we index
};

QString fileStatusName(FileStatus status); // "indexed", "ignored", ... (stable, for CLI/JSON)
FileStatus fileStatusFromName(const QString &name);

} // namespace RepoLens
