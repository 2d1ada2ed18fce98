#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace RepoLens {

// What the ignore rules decided for one path.
struct IgnoreMatch
{
    bool ignored = false;
    // The deciding rule, for people: ".gitignore:12: build/", "src/.gitignore:3: !keep.log",
    // ".repolensignore:2: *.log", "settings: docs/**", "built-in: secrets (*.pem)".
    // A path re-included by a "!" rule has ignored == false and that rule here; empty when no
    // rule matched.
    QString rule;
};

// One parsed ignore file in .gitignore syntax (see `man gitignore`). Pure: no I/O, safe to
// share between threads once built. Matching follows git byte for byte: paths are compared as
// UTF-8, case-sensitively, and the glob matcher is a port of git's wildmatch.
class GitIgnoreList
{
public:
    GitIgnoreList() = default;

    // content: the file's bytes (UTF-8 BOM, CRLF, comments, trailing spaces handled as git does).
    // baseDir: the root-relative folder holding the file, "" for the root; patterns are relative
    // to it. sourceName: the file's root-relative path used in rule strings (".gitignore",
    // "src/.gitignore", ".git/info/exclude"); rules read "<sourceName>:<line>: <pattern>".
    static GitIgnoreList parse(QByteArrayView content, const QString &baseDir,
                               const QString &sourceName);
    // Root-relative patterns without a file (user settings); rules read "<sourceName>: <pattern>".
    static GitIgnoreList fromPatterns(const QStringList &patterns, const QString &sourceName);

    bool isEmpty() const { return m_patterns.isEmpty(); }
    qsizetype size() const { return m_patterns.size(); }
    const QString &baseDir() const { return m_baseDir; }

    // The last pattern matching relPath (root-relative, '/'-separated, no leading '/'): ignored
    // == true for an ordinary pattern, false for a "!" pattern. std::nullopt when no pattern
    // matches or relPath is not below baseDir. Parent folders are not considered here; that is
    // IgnoreRules' job.
    std::optional<IgnoreMatch> match(QStringView relPath, bool isDir) const;
    std::optional<IgnoreMatch> matchUtf8(QByteArrayView relPath, bool isDir) const;

private:
    struct CompiledGlob;
    struct Pattern
    {
        QByteArray glob;        // without "!", trailing "/" and (if anchored) leading "/"
        QString rule;           // precomputed rule string
        qsizetype literalLength = 0; // leading bytes without glob characters
        quint8 flags = 0;
        std::shared_ptr<const CompiledGlob> program; // the glob matcher's part, when it has one
    };

    void addPattern(QByteArray line, int lineNumber, const QString &sourceName);
    bool matches(const Pattern &pattern, QByteArrayView name, QByteArrayView baseName) const;

    QList<Pattern> m_patterns;
    QString m_baseDir;
    QByteArray m_base; // m_baseDir in UTF-8
};

struct IgnoreRulesPrivate;
struct IgnoreConfig;

// Which of the files the rules read in a folder its listing names (the names only).
struct ListedIgnoreFiles
{
    bool gitignore = false;      // .gitignore
    bool repolensignore = false; // .repolensignore
    bool cmakeCache = false;     // CMakeCache.txt
};

// The rules for the entries of one folder, as seen by a tree walk that already knows the folder
// and its parents are not ignored (the walk never enters an ignored folder). Cheap to copy;
// keeps what it needs alive, so it may outlive the IgnoreRules that made it.
class IgnoreScope
{
public:
    IgnoreScope() = default;

    bool isValid() const { return d != nullptr; }
    QString relDir() const { return QString::fromUtf8(m_dir); }

    // name: one path component (no '/') of an entry in this folder.
    IgnoreMatch match(QByteArrayView nameUtf8, bool isDir) const;
    IgnoreMatch match(QStringView name, bool isDir) const;

    // The scope of the subfolder `name` (loads its ignore files on first use).
    IgnoreScope descend(QByteArrayView nameUtf8) const;

    // For walks that open and list a folder before they go into it, without a lookup from the
    // root for each file the rules read there (most folders have none of them):
    // matchDeferringProbe() is match() except that a folder that only its content could make
    // ignored (a CMake build folder) is not looked into (*deferred is set when that was left
    // open); descendListed() then gives the scope of that folder, open as dirFd, reading only
    // the files its listing names, and, when the probe was deferred (folderMatch non-null),
    // *folderMatch: the rule that ignores the folder itself after all (then its entries are not
    // walked).
    IgnoreMatch matchDeferringProbe(QByteArrayView nameUtf8, bool isDir, bool *deferred) const;
    IgnoreScope descendListed(QByteArrayView nameUtf8, int dirFd, const ListedIgnoreFiles &listed,
                              IgnoreMatch *folderMatch) const;

private:
    IgnoreMatch match(QByteArrayView nameUtf8, bool isDir, bool *deferred) const;

    friend class IgnoreRules;

    std::shared_ptr<IgnoreRulesPrivate> d;
    std::shared_ptr<const IgnoreConfig> m_config;
    QByteArray m_dir; // root-relative, UTF-8, "" for the root
    // Outermost first; matching walks them innermost first.
    QList<std::shared_ptr<const GitIgnoreList>> m_gitLists;
    QList<std::shared_ptr<const GitIgnoreList>> m_userLists;
};

// git's wildmatch() (WM_PATHNAME when pathName: '*' and '?' do not match '/', "**" between
// slashes does) in O(pattern x text) time. *steps: the work done, for tests.
bool wildMatch(QByteArrayView pattern, QByteArrayView text, bool pathName, qint64 *steps = nullptr);

// Every ignore rule for one folder tree, in this order of precedence (highest first):
//  1. extra user patterns (settings), root-relative;
//  2. .repolensignore files, deepest folder first (same syntax as .gitignore);
//  3. built-in ignores (VCS/dependency/build/cache folders, CMake build folders, secrets, lock
//     files, binaries, minified files) unless disabled;
//  4. .gitignore files, deepest folder first, then .git/info/exclude.
// Within one file the last matching pattern wins. A "!" pattern in 1 or 2 re-includes what
// 3 or 4 ignore; nothing re-includes a path whose parent folder is ignored (as in git).
// Global git excludes (core.excludesFile) are not read: they are per user, not per project.
//
// Ignore files are read lazily per folder and cached; thread-safe.
class IgnoreRules
{
public:
    explicit IgnoreRules(const QString &rootDir);
    ~IgnoreRules();
    IgnoreRules(const IgnoreRules &) = delete;
    IgnoreRules &operator=(const IgnoreRules &) = delete;

    QString rootDir() const;

    void setExtraPatterns(const QStringList &patterns);
    QStringList extraPatterns() const;
    void setBuiltInsEnabled(bool enabled); // default true
    bool builtInsEnabled() const;

    // relPath: root-relative, '/'-separated, no leading '/'. Parent folders are checked too: a
    // path inside an ignored folder reports that folder's rule.
    IgnoreMatch match(const QString &relPath, bool isDir) const;

    // For tree walks: the scope of the root folder; IgnoreScope::descend() for subfolders.
    IgnoreScope rootScope() const;

    // An ignore file (or CMakeCache.txt) in relDir changed: reread it next time. Scopes made
    // before keep the old rules.
    void invalidate(const QString &relDir);
    void invalidateAll();

    // The built-in rule for a file or folder name (one path component), if any. Folders that
    // contain a CMakeCache.txt are also ignored ("built-in: build folder (CMakeCache.txt)"), which
    // needs the file system and is not reported here.
    static std::optional<IgnoreMatch> builtInMatch(QStringView name, bool isDir);

    static QString ignoreFileName(); // ".repolensignore"

private:
    std::shared_ptr<IgnoreRulesPrivate> d;
};

} // namespace RepoLens
