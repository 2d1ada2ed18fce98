#pragma once

// Steps of Indexer::update() with logic of their own, for tests (indexer.cpp).

#include <QStringList>

namespace RepoLens::IndexerSteps {

// Relative paths of an update as given by a watcher: cleaned, without leading slashes, none
// outside the folder ("..", "../x") or of the folder itself, each once, sorted.
QStringList cleanRelativePaths(const QStringList &relPaths);

// The outermost of some folders (none inside another of them), sorted.
QStringList outermostFolders(QStringList folders);

} // namespace RepoLens::IndexerSteps
