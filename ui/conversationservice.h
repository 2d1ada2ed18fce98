#pragma once

#include "core/store/conversationstore.h"

#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <QThreadPool>

#include <functional>
#include <memory>

namespace RepoLens {

// Runs ConversationStore work for one folder on a private single thread (SQLite never runs on
// the GUI thread), in the order it was asked for; results come back through a queued call to
// `receiver` while it is alive. The thread keeps one store open per database path.
//
// Thread: create and call on the GUI thread.
class ConversationService : public QObject
{
    Q_OBJECT
public:
    explicit ConversationService(QObject *parent = nullptr);
    ~ConversationService() override;

    void setDatabasePath(const QString &path) { m_dbPath = path; }
    QString databasePath() const { return m_dbPath; }
    // Waits for the queued work, closing the pool thread's store first (see the destructor).
    bool waitForDone(int msecs = -1);

    // work(store) runs on the service's thread; store is null when the database cannot be
    // opened (`error` says why). done(result) runs on the GUI thread.
    template<typename R>
    void run(QObject *receiver, std::function<R(ConversationStore *store, const Error &error)> work,
             std::function<void(R)> done = {})
    {
        const QString path = m_dbPath;
        QPointer<QObject> guard(receiver);
        m_pool.start([this, path, guard, work = std::move(work), done = std::move(done)]() mutable {
            Error error;
            ConversationStore *store = threadStore(path, &error);
            auto result = std::make_shared<R>(work(store, error));
            if (!done)
                return;
            QMetaObject::invokeMethod(
                this,
                [guard, done = std::move(done), result]() {
                    if (guard)
                        done(std::move(*result));
                },
                Qt::QueuedConnection);
        });
    }

private:
    static ConversationStore *threadStore(const QString &path, Error *error);

    QThreadPool m_pool;
    QString m_dbPath;
};

} // namespace RepoLens
