#pragma once

#include "core/llm/credentialstore.h"

namespace RepoLens {

// API keys in the system keychain through QtKeychain (the Secret Service on Linux: GNOME
// Keyring, KWallet, KeePassXC). Never falls back to a plain-text file: without a keychain the
// store says it is unavailable and the app uses the environment instead.
class KeychainCredentialStore : public CredentialStore
{
public:
    KeychainCredentialStore();
    QString backendName() const override;
    Availability availability() const override { return m_availability; }
    void checkAvailability(QObject *context, std::function<void(bool)> done) override;
    void readSecret(const QString &account, QObject *context, std::function<void(Result<QString>)> done) override;
    void writeSecret(const QString &account, const QString &secret, QObject *context,
                     std::function<void(Result<void>)> done) override;
    void deleteSecret(const QString &account, QObject *context, std::function<void(Result<void>)> done) override;

private:
    Availability m_availability = Availability::Unknown;
};

} // namespace RepoLens
