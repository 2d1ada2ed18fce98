#include "keychainstore.h"

#include <qt6keychain/keychain.h>

#include <QPointer>
#include <QTimer>

namespace RepoLens {

namespace {

const QString kService = QStringLiteral("RepoLens");
constexpr int kJobTimeoutMs = 15000; // a keychain that never answers (no D-Bus session)

Error errorFor(const QKeychain::Job *job)
{
    switch (job->error()) {
    case QKeychain::EntryNotFound:
        return makeError(ErrorCode::NotFound, QStringLiteral("no key stored"));
    case QKeychain::AccessDenied:
    case QKeychain::AccessDeniedByUser:
        return makeError(ErrorCode::PermissionDenied, QStringLiteral("the keychain refused access"));
    case QKeychain::NoBackendAvailable:
    case QKeychain::NotImplemented:
        return makeError(ErrorCode::Unsupported, QStringLiteral("no keychain is available"));
    default:
        return makeError(ErrorCode::Io, job->errorString());
    }
}

// Runs a job with a timeout; finish(job or null on timeout) runs once on context's thread.
template<typename Job, typename Finish>
void runJob(Job *job, QObject *context, Finish finish)
{
    auto done = std::make_shared<bool>(false);
    QPointer<QObject> guard(context);
    job->setAutoDelete(true);
    job->setInsecureFallback(false); // never a plain-text file
    QObject::connect(job, &QKeychain::Job::finished, context, [done, finish](QKeychain::Job *j) {
        if (*done)
            return;
        *done = true;
        finish(j);
    });
    QTimer::singleShot(kJobTimeoutMs, context, [done, finish] {
        if (*done)
            return;
        *done = true;
        finish(nullptr);
    });
    job->start();
}

} // namespace

KeychainCredentialStore::KeychainCredentialStore() = default;

QString KeychainCredentialStore::backendName() const
{
    return QStringLiteral("Secret Service");
}

void KeychainCredentialStore::checkAvailability(QObject *context, std::function<void(bool)> done)
{
    if (m_availability != Availability::Unknown) {
        const bool available = m_availability == Availability::Available;
        QMetaObject::invokeMethod(context, [done, available] { done(available); }, Qt::QueuedConnection);
        return;
    }
    // A read of an entry that does not exist: "not found" means the keychain works.
    auto *job = new QKeychain::ReadPasswordJob(kService);
    job->setKey(QStringLiteral("availability-probe"));
    runJob(job, context, [this, done](QKeychain::Job *j) {
        const bool available = j && (j->error() == QKeychain::NoError || j->error() == QKeychain::EntryNotFound);
        m_availability = available ? Availability::Available : Availability::Unavailable;
        done(available);
    });
}

void KeychainCredentialStore::readSecret(const QString &account, QObject *context,
                                         std::function<void(Result<QString>)> done)
{
    auto *job = new QKeychain::ReadPasswordJob(kService);
    job->setKey(account);
    runJob(job, context, [done](QKeychain::Job *j) {
        if (!j) {
            done(makeError(ErrorCode::Timeout, QStringLiteral("the keychain did not answer")));
            return;
        }
        if (j->error() != QKeychain::NoError) {
            done(errorFor(j));
            return;
        }
        done(static_cast<QKeychain::ReadPasswordJob *>(j)->textData());
    });
}

void KeychainCredentialStore::writeSecret(const QString &account, const QString &secret, QObject *context,
                                          std::function<void(Result<void>)> done)
{
    auto *job = new QKeychain::WritePasswordJob(kService);
    job->setKey(account);
    job->setTextData(secret);
    runJob(job, context, [done](QKeychain::Job *j) {
        if (!j)
            done(makeError(ErrorCode::Timeout, QStringLiteral("the keychain did not answer")));
        else if (j->error() != QKeychain::NoError)
            done(errorFor(j));
        else
            done(Result<void>());
    });
}

void KeychainCredentialStore::deleteSecret(const QString &account, QObject *context,
                                           std::function<void(Result<void>)> done)
{
    auto *job = new QKeychain::DeletePasswordJob(kService);
    job->setKey(account);
    runJob(job, context, [done](QKeychain::Job *j) {
        if (!j)
            done(makeError(ErrorCode::Timeout, QStringLiteral("the keychain did not answer")));
        else if (j->error() != QKeychain::NoError && j->error() != QKeychain::EntryNotFound)
            done(errorFor(j));
        else
            done(Result<void>());
    });
}

} // namespace RepoLens
