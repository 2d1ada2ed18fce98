#pragma once

#include <QHash>
#include <QSet>
#include <QString>

namespace RepoLens {

class FileStore;

// Tests, changelogs, vendored and generated code, legacy copies of an API, examples, docs,
// build / configuration files and translation catalogs: demoted unless the question asks for
// them.
// Internal: the private subpackage of a Python package (pydantic/_internal/): its modules
// implement what the public ones beside it offer.
enum class FileClass { Normal, Test, Changelog, Vendored, Generated, Docs, Legacy, Example, Config, Translations, Internal };

FileClass classifyPath(const QString &path);
QString fileClassName(FileClass fileClass);
// Whether the query's words (lowercased) ask for files of this class; a legacy copy is also
// asked for by its version folder's name ("v3" for src/v3/types.ts).
bool queryAsksFor(FileClass fileClass, const QSet<QString> &words, const QString &path = QString());

// Folders of third-party packages bundled inside a Python package: a `packages/` folder whose
// parent has an `__init__.py` (requests/packages/urllib3/). Folder paths with a trailing '/'.
QSet<QString> bundledPackageFolders(const QList<QString> &paths);

// Private subpackages of a Python package: a folder named `_x/` (not `__x__/`) with an
// `__init__.py` whose parent folder has one too (pydantic/_internal/; not src/_pytest/, whose
// parent is no package). Folder paths with a trailing '/'.
QSet<QString> privatePackageFolders(const QList<QString> &paths);

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
    // Internal files: the package folder whose public face they are behind (pydantic/ for
    // pydantic/_internal/_fields.py), with a trailing '/' ("" for the root).
    QHash<qint64, QString> publicPackage;

    static FileQuality load(const FileStore &files);
};

} // namespace RepoLens
