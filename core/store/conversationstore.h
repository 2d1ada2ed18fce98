#pragma once

#include "core/base/result.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>

namespace RepoLens {

struct ConversationInfo
{
    qint64 id = 0;
    QString title;
    QDateTime created;
    QDateTime updated;
    int messageCount = 0;
};

// One numbered chunk sent with an answer (the text as it was sent, so the context can be
// reused by follow-ups and shown by the inspector after the index changed).
struct MessageContextRecord
{
    int number = 0;
    qint64 chunkId = 0;
    qint64 parentChunkId = 0;
    QString path;
    int startLine = 0;
    int endLine = 0;
    QString language;   // languageName()
    QString kind;
    QString symbol;
    QString text;
    QStringList references;
    QString source;
    int tokens = 0;
};

struct MessageRecord
{
    qint64 id = 0;
    qint64 conversationId = 0;
    QString role;           // "user" or "assistant"
    QString content;
    QDateTime created;
    QString status;         // assistant: "complete", "cut-off", "error", "stopped", "retrieval-only"
    QString error;          // error kind name + detail, for a failed answer
    QString model;
    QString endpoint;
    QByteArray trace;       // JSON: the retrieval inspector's data
    QByteArray request;     // JSON body exactly as sent (no key)
    QList<MessageContextRecord> context;
};

// A request that was sent to a model endpoint (the per-folder "What was sent" log).
struct RemoteRequestRecord
{
    qint64 id = 0;
    QDateTime time;
    QString endpoint;
    QString purpose;
    QString model;
    qint64 bytes = 0;
    QStringList files;      // "path:start-end"
    bool local = false;
    QString status;
    qint64 conversationId = 0;
    qint64 messageId = 0;
};

// Conversations, messages with the context each answer used, and the log of remote requests:
// the user's own data, kept in a database of its own beside the index ("user.sqlite" in the
// folder's data folder), never rebuilt or moved aside with the index (the index is a cache).
// One instance per thread; writes are small transactions (busy timeout).
//
// Opening checks the file (PRAGMA quick_check, and damage met at run time, integrity.h): a
// damaged one is kept as "user.sqlite.backup-<time>" and the rows that can still be read are
// copied into a new one (recovery() says so). The first open moves the tables of an index of
// the old format (where these tables used to live), or of an old index moved aside as
// damaged, into the user database; the index keeps its copy, unused.
class ConversationStore
{
public:
    ~ConversationStore();
    ConversationStore(const ConversationStore &) = delete;
    ConversationStore &operator=(const ConversationStore &) = delete;

    // The user database that belongs to the index at `indexPath`.
    static QString databasePath(const QString &indexPath);
    // Opens the user database of the index at `indexPath` (created when missing, so a chat
    // works before the first index).
    static Result<std::unique_ptr<ConversationStore>> open(const QString &indexPath);
    QString path() const; // the user database

    // A damaged user database found by open(): where it was kept, why, and what was saved.
    struct Recovery
    {
        QString backupPath;
        QString reason;
        qint64 rowsRecovered = 0;
        bool complete = false; // every row could be read
    };
    const std::optional<Recovery> &recovery() const { return m_recovery; }

    Result<qint64> createConversation(const QString &title);
    Result<void> renameConversation(qint64 id, const QString &title);
    // Removes the conversation and its messages; the remote-request log keeps its entries.
    Result<void> deleteConversation(qint64 id);
    QList<ConversationInfo> conversations() const; // most recently updated first
    std::optional<ConversationInfo> conversation(qint64 id) const;

    // Adds a message (and its context); touches the conversation's update time.
    Result<qint64> addMessage(const MessageRecord &message);
    // Replaces content, status, error, model, endpoint, trace, request and context.
    Result<void> updateMessage(const MessageRecord &message);
    Result<void> deleteMessage(qint64 id);
    QList<MessageRecord> messages(qint64 conversationId, bool withContext = true) const;
    std::optional<MessageRecord> message(qint64 id) const;

    Result<qint64> logRemoteRequest(const RemoteRequestRecord &request);
    QList<RemoteRequestRecord> remoteRequests(int limit = 2000) const; // newest first
    Result<void> clearRemoteRequests();

private:
    ConversationStore();
    class Private;
    std::unique_ptr<Private> d;
    std::optional<Recovery> m_recovery;
};

// Where a component that sends text off the machine tells what it sent (the What Was Sent log).
using RemoteRequestLog = std::function<void(const RemoteRequestRecord &)>;

// A RemoteRequestLog into the What Was Sent log of the index at indexPath, callable from any
// thread (each call opens a connection of its own: requests are far apart). A log that cannot
// be written is a warning, never a failed request.
RemoteRequestLog remoteRequestLogFor(const QString &indexPath);

} // namespace RepoLens
