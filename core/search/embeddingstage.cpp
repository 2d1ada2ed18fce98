#include "embeddingstage.h"

#include "searchsettings.h"

#include "core/embed/embedder.h"

namespace RepoLens {

Result<EmbedReport> runEmbeddingStage(const QString &databasePath, const QStringList &priorityPaths,
                                      bool withholdSecrets, const std::atomic_bool *cancel,
                                      const std::function<void(int, int)> &progress)
{
    const SearchSettings settings = SearchSettings::load();
    if (!settings.vectors)
        return EmbedReport{};
    QString embedderError;
    const std::shared_ptr<Embedder> remote = configuredEmbedder(settings, &embedderError);
    if (!embedderError.isEmpty())
        return makeError(ErrorCode::InvalidArgument, embedderError, settings.embedStatic);
    if (remote)
        remote->setRequestLog(remoteRequestLogFor(databasePath));
    EmbedOptions options;
    options.priorityPaths = priorityPaths;
    options.withholdSecrets = withholdSecrets;
    EmbeddingIndexer indexer(databasePath, options);
    return indexer.run(
        remote.get(),
        [&](const EmbedProgress &p) {
            if (progress)
                progress(p.chunksDone, p.phase == EmbedProgress::Phase::Done ? 0 : p.chunksTotal);
        },
        cancel);
}

} // namespace RepoLens
