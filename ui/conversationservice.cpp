#include "conversationservice.h"


#include <QThread>

namespace RepoLens {

ConversationService::ConversationService(QObject *parent)
    : QObject(parent)
{
    m_pool.setMaxThreadCount(1);
    m_pool.setExpiryTimeout(-1);
    m_pool.setObjectName(QStringLiteral("repolens-conversations"));
}

ConversationService::~ConversationService()
{
    // Close the store on the pool's one thread, behind the work still queued there. Only
    // then wait: waitForDone() retires the threads, and a retired thread runs its
    // thread_local destructors on its own, possibly while the process is already exiting.
    waitForDone();
}

bool ConversationService::waitForDone(int msecs)
{
    m_pool.start([] { threadStore(QString(), nullptr); });
    return m_pool.waitForDone(msecs);
}

ConversationStore *ConversationService::threadStore(const QString &path, Error *error)
{
    thread_local std::unique_ptr<ConversationStore> store; // a plain SQLite handle: closes anywhere
    thread_local QString openPath;
    if (QThread::currentThread()->objectName().isEmpty())
        QThread::currentThread()->setObjectName(QStringLiteral("repolens-conversations"));
    if (path.isEmpty()) {
        store.reset();
        openPath.clear();
        return nullptr;
    }
    if (store && openPath == path)
        return store.get();
    store.reset();
    openPath.clear();
    auto opened = ConversationStore::open(path);
    if (!opened) {
        if (error)
            *error = opened.error();
        return nullptr;
    }
    store = std::move(*opened);
    openPath = path;
    return store.get();
}

} // namespace RepoLens
