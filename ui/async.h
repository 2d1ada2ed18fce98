#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QtConcurrent/QtConcurrentRun>

#include <functional>
#include <memory>

namespace RepoLens {

// Runs work() on the global thread pool and done(result) on receiver's thread, unless the
// receiver was destroyed first (the watcher is its child and dies with it).
template<typename Work, typename Done>
void runAsync(QObject *receiver, Work &&work, Done &&done)
{
    using R = std::invoke_result_t<Work>;
    auto *watcher = new QFutureWatcher<R>(receiver);
    QObject::connect(watcher, &QFutureWatcher<R>::finished, receiver,
                     [watcher, done = std::forward<Done>(done)]() mutable {
                         watcher->deleteLater();
                         if (watcher->future().isValid() && watcher->future().resultCount() > 0)
                             done(watcher->future().takeResult());
                     });
    watcher->setFuture(QtConcurrent::run(std::forward<Work>(work)));
}

} // namespace RepoLens
