#pragma once

#include <QHash>
#include <QSet>
#include <QString>

namespace RepoLens {

class FileStore;

// Tests, changelogs, vendored and generated code, legacy copies of an API, examples, docs and
// build / configuration files: demoted unless the question asks for them.
enum class FileClass { Normal, Test, Changelog, Vendored, Generated, Docs, Legacy, Example, Config };

FileClass classifyPath(const QString &path);
QString fileClassName(FileClass fileClass);
// Whether the query's words (lowercased) ask for files of this class.
bool queryAsksFor(FileClass fileClass, const QSet<QString> &words);

// Percentile ranks (0..1, ties share the mean rank) of values.
QHash<qint64, double> percentiles(const QHash<qint64, double> &values);

// Per-file facts the priors use, read once per searcher: Sweep's file quality (longer files up
// to a point, more commits, recent commits) as a percentile, and the file's class.
struct FileQuality
{
    QHash<qint64, double> percentile; // file id -> 0..1
    QHash<qint64, FileClass> fileClass;

    static FileQuality load(const FileStore &files);
};

} // namespace RepoLens
