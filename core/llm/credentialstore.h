#pragma once

#include "core/base/result.h"

#include <QHash>
#include <QObject>
#include <QString>

#include <functional>

namespace RepoLens {

// Where API keys live. Core only sees this interface; the app implements it with the system
// keychain (QtKeychain over the Secret Service), tests with MemoryCredentialStore. Keys are
// never written to settings files or logs.
//
// Asynchronous (a keychain may ask the user to unlock it): callbacks run on the caller's
// thread, through `context` (not called once it is destroyed).
class CredentialStore
{
public:
    enum class Availability { Unknown, Available, Unavailable };

    virtual ~CredentialStore() = default;
    // "Secret Service", "memory", ... for the settings dialog
    virtual QString backendName() const = 0;
    virtual Availability availability() const = 0;
    // Probes the backend once; done(true) when keys can be stored.
    virtual void checkAvailability(QObject *context, std::function<void(bool available)> done) = 0;
    // NotFound when there is no key for the account.
    virtual void readSecret(const QString &account, QObject *context,
                            std::function<void(Result<QString>)> done) = 0;
    virtual void writeSecret(const QString &account, const QString &secret, QObject *context,
                             std::function<void(Result<void>)> done) = 0;
    virtual void deleteSecret(const QString &account, QObject *context,
                              std::function<void(Result<void>)> done) = 0;
};

// The keychain account of the chat model's key ("llm:<host>", so keys of different endpoints
// do not mix).
QString llmKeyAccount(const QString &host);

// In memory only (tests, and as the "no keychain" placeholder that refuses to store).
class MemoryCredentialStore : public CredentialStore
{
public:
    explicit MemoryCredentialStore(bool available = true) : m_available(available) {}
    QString backendName() const override { return QStringLiteral("memory"); }
    Availability availability() const override
    {
        return m_available ? Availability::Available : Availability::Unavailable;
    }
    void checkAvailability(QObject *context, std::function<void(bool)> done) override;
    void readSecret(const QString &account, QObject *context, std::function<void(Result<QString>)> done) override;
    void writeSecret(const QString &account, const QString &secret, QObject *context,
                     std::function<void(Result<void>)> done) override;
    void deleteSecret(const QString &account, QObject *context, std::function<void(Result<void>)> done) override;

private:
    bool m_available;
    QHash<QString, QString> m_secrets;
};

} // namespace RepoLens
