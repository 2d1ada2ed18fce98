#include "watch.h"
#include "terminaltext.h"

#include "core/embed/embeddingindexer.h"
#include "core/index/indexingsettings.h"
#include "core/index/indexservice.h"
#include "core/llm/llmsettings.h"
#include "core/search/embeddingstage.h"
#include "core/store/indexstore.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTimer>

#include <cstdio>

namespace RepoLens {

namespace {

void watchLog(const QString &text)
{
    std::fprintf(stderr, "%s\n", terminalLines(text).toLocal8Bit().constData());
    std::fflush(stderr);
}

} // namespace

int runWatch(const QString &rootPath, const QString &dataDir, const std::atomic_bool *stop)
{
    IndexService service;
    IndexOptions indexOptions = service.options();
    IndexingSettings::load().applyTo(indexOptions); // the app's ignore patterns and size cap
    service.setOptions(indexOptions);
    service.setDataDir(dataDir);
    service.setRootPath(rootPath);
    // Vectors follow every change (the app's embedding stage: the configured model, changed
    // files first); a full run is announced first, then its vectors.
    service.setAfterIndexHook([](const QString &dbPath, const QStringList &changed, const std::atomic_bool *cancel,
                                 const IndexService::HookProgress &) {
        const auto r = runEmbeddingStage(dbPath, changed, !LlmSettings::load().sendCredentials, cancel);
        if (!r)
            watchLog(QStringLiteral("vectors: %1 (keyword search still works)").arg(r.error().toString()));
        else if (changed.isEmpty() && r->embedded > 0)
            watchLog(QStringLiteral("vectors: %1 chunks with %2 in %3 s").arg(r->embedded).arg(r->modelId).arg(r->seconds, 0, 'f', 2));
    });
    int exitCode = 0;
    bool announced = false;
    QObject::connect(&service, &IndexService::indexFinished, [&](const IndexReport &r) {
        watchLog(QStringLiteral("indexed %1 files (%2 unchanged, %3 removed) in %4 s")
                .arg(r.filesParsed)
                .arg(r.filesUnchanged)
                .arg(r.filesRemoved)
                .arg(r.seconds, 0, 'f', 2));
    });
    QObject::connect(&service, &IndexService::indexUpdated, [&](const IndexReport &r, const QStringList &paths) {
        if (r.filesParsed == 0 && r.filesRemoved == 0)
            return;
        QString shown = paths.mid(0, 5).join(QStringLiteral(", "));
        if (paths.size() > 5)
            shown += QStringLiteral(", ... (%1 paths)").arg(paths.size());
        watchLog(QStringLiteral("updated %1 file%2 (%3 removed) in %4 ms%5%6")
                .arg(r.filesParsed)
                .arg(r.filesParsed == 1 ? QString() : QStringLiteral("s"))
                .arg(r.filesRemoved)
                .arg(qRound(r.seconds * 1000))
                .arg(r.fullScan ? QStringLiteral(" (rescan)") : QString())
                .arg(shown.isEmpty() ? QString() : QStringLiteral(": ") + shown));
        if (qEnvironmentVariableIsSet("REPOLENS_TIMINGS"))
            watchLog(QStringLiteral("timings: parse %1 s, write %2 s, link %3 s")
                    .arg(r.parseSeconds, 0, 'f', 3)
                    .arg(r.writeSeconds, 0, 'f', 3)
                    .arg(r.linkSeconds, 0, 'f', 3));
    });
    QObject::connect(&service, &IndexService::indexFailed, [&](const Error &e) {
        watchLog(QStringLiteral("repolens-cli: indexing failed: %1").arg(e.toString()));
        if (!announced) {
            exitCode = 1;
            QCoreApplication::quit();
        }
    });
    QObject::connect(&service, &IndexService::otherWriterChanged, [&](const QString &holder) {
        if (holder.isEmpty())
            watchLog(QStringLiteral("the other RepoLens process finished; taking over"));
        else
            watchLog(QStringLiteral("indexing in another RepoLens process (%1); reading meanwhile, taking over when it is done")
                    .arg(holder));
    });
    QObject::connect(&service, &IndexService::indexRecovered, [&](const QString &movedTo, const QString &reason) {
        watchLog(QStringLiteral("repolens-cli: the index was damaged (%1); it was moved to %2 (kept) and rebuilt")
                .arg(reason, movedTo));
    });
    QObject::connect(&service, &IndexService::watchModeChanged, [&](FileWatcher::Mode mode, const QString &detail) {
        if (mode == FileWatcher::Mode::Watching && !announced) {
            announced = true;
            watchLog(QStringLiteral("watching %1 for changes (Ctrl+C stops)").arg(rootPath));
        } else if (mode == FileWatcher::Mode::Polling) {
            announced = true;
            watchLog(QStringLiteral("not watching for changes: %1; rescanning every %2 s instead")
                    .arg(detail)
                    .arg(FileWatcherOptions().pollIntervalMs / 1000));
        }
    });
    QTimer stopper;
    QObject::connect(&stopper, &QTimer::timeout, [&] {
        if (stop && stop->load())
            QCoreApplication::quit();
    });
    stopper.start(100);
    service.start();
    const int rc = QCoreApplication::exec();
    return exitCode ? exitCode : rc;
}

} // namespace RepoLens
