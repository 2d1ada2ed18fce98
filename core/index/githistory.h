#pragma once

#include <QHash>
#include <QPair>
#include <QString>

#include <atomic>

namespace RepoLens::GitHistory {

// HEAD commit of the git repository at root; empty when it is not one (or git is missing).
QString head(const QString &root);

// Per root-relative path: (number of commits touching it, time of the last one in seconds),
// from the newest `maxCommits` commits. Empty when not a git repository.
QHash<QString, QPair<int, qint64>> read(const QString &root, const std::atomic_bool *cancel = nullptr,
                                        int maxCommits = 20000);

} // namespace RepoLens::GitHistory
