#include "conversationservice.h"

#include "core/base/threadconnection.h"

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
    m_pool.waitForDone();
    // The thread's store is closed with its thread_local holder when the pool's thread ends.
    m_pool.start([] { threadStore(QString(), nullptr); });
    m_pool.waitForDone();
}

ConversationStore *ConversationService::threadStore(const QString &path, Error *error)
{
    thread_local ThreadConnection<ConversationStore> holder;
    std::unique_ptr<ConversationStore> &store = holder.value;
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
