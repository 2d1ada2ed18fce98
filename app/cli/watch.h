#pragma once

#include <QString>

#include <atomic>

namespace RepoLens {

// `repolens-cli watch DIR`: indexes DIR, then keeps the index fresh until interrupted (the
// file watcher and IndexService of the desktop app), printing one line per update to stderr:
//   "updated 1 file (0 removed) in 43 ms: src/app.py"
// Built-in vectors are kept fresh too when the index has them. Returns when *stop becomes true.
int runWatch(const QString &rootPath, const QString &dataDir, const std::atomic_bool *stop);

} // namespace RepoLens
