#pragma once

#include "core/base/result.h"
#include "core/embed/embeddingindexer.h"

#include <QStringList>

#include <atomic>
#include <functional>

namespace RepoLens {

// The embedding stage the app and `repolens-cli watch` run whenever the index changed (after a
// full run too): the model the retrieval settings choose (an embeddings endpoint, or the
// built-in one), the given paths first (changed and recently viewed files), credentials
// withheld when `withholdSecrets` (the send_credentials setting is off). Resumable and
// cancellable: vectors computed before a cancel are kept, the next run goes on from there.
// Nothing when vectors are off. progress(done, total) follows the chunks.
Result<EmbedReport> runEmbeddingStage(const QString &databasePath, const QStringList &priorityPaths,
                                      bool withholdSecrets, const std::atomic_bool *cancel,
                                      const std::function<void(int done, int total)> &progress = {});

} // namespace RepoLens
