#include "credentialstore.h"

#include <QMetaObject>

namespace RepoLens {

QString llmKeyAccount(const QString &host)
{
    return QStringLiteral("llm:") + (host.isEmpty() ? QStringLiteral("default") : host.toLower());
}

namespace {
template<typename F>
void later(QObject *context, F &&f)
{
    QMetaObject::invokeMethod(context, std::forward<F>(f), Qt::QueuedConnection);
}
} // namespace

void MemoryCredentialStore::checkAvailability(QObject *context, std::function<void(bool)> done)
{
    const bool available = m_available;
    later(context, [done = std::move(done), available] { done(available); });
}

void MemoryCredentialStore::readSecret(const QString &account, QObject *context,
                                       std::function<void(Result<QString>)> done)
{
    Result<QString> r = !m_available ? Result<QString>(makeError(ErrorCode::Unsupported, QStringLiteral("no keychain")))
                        : m_secrets.contains(account)
                            ? Result<QString>(m_secrets.value(account))
                            : Result<QString>(makeError(ErrorCode::NotFound, QStringLiteral("no key stored"), account));
    later(context, [done = std::move(done), r = std::move(r)]() mutable { done(std::move(r)); });
}

void MemoryCredentialStore::writeSecret(const QString &account, const QString &secret, QObject *context,
                                        std::function<void(Result<void>)> done)
{
    Result<void> r;
    if (m_available)
        m_secrets.insert(account, secret);
    else
        r = makeError(ErrorCode::Unsupported, QStringLiteral("no keychain"));
    later(context, [done = std::move(done), r]() { done(r); });
}

void MemoryCredentialStore::deleteSecret(const QString &account, QObject *context,
                                         std::function<void(Result<void>)> done)
{
    m_secrets.remove(account);
    later(context, [done = std::move(done)]() { done(Result<void>()); });
}

} // namespace RepoLens
