#pragma once

#include <QHash>
#include <QSet>
#include <QString>

namespace RepoLens {

class FileStore;

// Tests, changelogs, vendored and generated code, legacy copies of an API, examples, docs,
// build / configuration files and translation catalogs: demoted unless the question asks for
// them.
enum class FileClass { Normal, Test, Changelog, Vendored, Generated, Docs, Legacy, Example, Config, Translations };

FileClass classifyPath(const QString &path);
QString fileClassName(FileClass fileClass);
// Whether the query's words (lowercased) ask for files of this class; a legacy copy is also
// asked for by its version folder's name ("v3" for src/v3/types.ts).
bool queryAsksFor(FileClass fileClass, const QSet<QString> &words, const QString &path = QString());

// Folders of third-party packages bundled inside a Python package: a `packages/` folder whose
// parent has an `__init__.py` (requests/packages/urllib3/). Folder paths with a trailing '/'.
QSet<QString> bundledPackageFolders(const QList<QString> &paths);

// Version folders that a newer sibling supersedes: src/v3/ beside src/v4/ (the highest vN of
// one folder is the current API). Folder paths with a trailing '/'.
QSet<QString> supersededVersionFolders(const QList<QString> &paths);

// Percentile ranks (0..1, ties share the mean rank) of values.
QHash<qint64, double> percentiles(const QHash<qint64, double> &values);

// Per-file facts the priors use, read once per searcher: Sweep's file quality (longer files up
// to a point, more commits, recent commits) as a percentile, and the file's class.
struct FileQuality
{
    QHash<qint64, double> percentile; // file id -> 0..1
    QHash<qint64, FileClass> fileClass; // a path's class; Legacy under a superseded version folder, Vendored under bundled packages

    static FileQuality load(const FileStore &files);
};

} // namespace RepoLens
