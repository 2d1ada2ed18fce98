#include "conversationstore.h"

#include "fts5tokenizer_p.h"
#include "sqlite_p.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <map>

namespace RepoLens {

using Sql::Stmt;

namespace {

const char *const kChatSchema = R"SQL(
CREATE TABLE IF NOT EXISTS conversations(
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL DEFAULT '',
    created INTEGER NOT NULL,
    updated INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS messages(
    id INTEGER PRIMARY KEY,
    conversation_id INTEGER NOT NULL,
    role TEXT NOT NULL,
    content TEXT NOT NULL DEFAULT '',
    created INTEGER NOT NULL,
    status TEXT NOT NULL DEFAULT '',
    error TEXT NOT NULL DEFAULT '',
    model TEXT NOT NULL DEFAULT '',
    endpoint TEXT NOT NULL DEFAULT '',
    trace TEXT NOT NULL DEFAULT '',
    request TEXT NOT NULL DEFAULT '');
CREATE INDEX IF NOT EXISTS messages_conversation ON messages(conversation_id, id);
CREATE TABLE IF NOT EXISTS message_context(
    message_id INTEGER NOT NULL,
    number INTEGER NOT NULL,
    chunk_id INTEGER NOT NULL DEFAULT 0,
    parent_chunk_id INTEGER NOT NULL DEFAULT 0,
    path TEXT NOT NULL,
    start_line INTEGER NOT NULL DEFAULT 0,
    end_line INTEGER NOT NULL DEFAULT 0,
    language TEXT NOT NULL DEFAULT '',
    kind TEXT NOT NULL DEFAULT '',
    symbol TEXT NOT NULL DEFAULT '',
    text TEXT NOT NULL DEFAULT '',
    refs TEXT NOT NULL DEFAULT '',
    source TEXT NOT NULL DEFAULT '',
    tokens INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY(message_id, number)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS remote_requests(
    id INTEGER PRIMARY KEY,
    time INTEGER NOT NULL,
    endpoint TEXT NOT NULL DEFAULT '',
    purpose TEXT NOT NULL DEFAULT '',
    model TEXT NOT NULL DEFAULT '',
    bytes INTEGER NOT NULL DEFAULT 0,
    files TEXT NOT NULL DEFAULT '',
    local INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT '',
    conversation_id INTEGER NOT NULL DEFAULT 0,
    message_id INTEGER NOT NULL DEFAULT 0);
)SQL";

qint64 toMs(const QDateTime &t)
{
    return (t.isValid() ? t : QDateTime::currentDateTime()).toMSecsSinceEpoch();
}

QString joinList(const QStringList &list)
{
    return QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(list)).toJson(QJsonDocument::Compact));
}

QStringList splitList(const QString &json)
{
    QStringList out;
    for (const QJsonValue &v : QJsonDocument::fromJson(json.toUtf8()).array())
        out << v.toString();
    return out;
}

} // namespace

class ConversationStore::Private
{
public:
    sqlite3 *db = nullptr;
    std::map<const char *, std::unique_ptr<Stmt>> stmts;

    Stmt &stmt(const char *sql)
    {
        auto it = stmts.find(sql);
        if (it == stmts.end())
            it = stmts.emplace(sql, std::make_unique<Stmt>(db, sql)).first;
        else
            it->second->reset();
        return *it->second;
    }

    Error lastError(const QString &context = {}) const
    {
        return Stmt::errorFromCode(sqlite3_errcode(db), QString::fromUtf8(sqlite3_errmsg(db)), context);
    }

    Result<void> writeContext(qint64 messageId, const QList<MessageContextRecord> &context)
    {
        Stmt &del = stmt("DELETE FROM message_context WHERE message_id = ?1");
        del.bind(1, messageId);
        if (auto r = del.exec(); !r)
            return r;
        Stmt &ins = stmt("INSERT INTO message_context(message_id, number, chunk_id, parent_chunk_id, path, start_line,"
                         " end_line, language, kind, symbol, text, refs, source, tokens)"
                         " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)");
        for (const MessageContextRecord &c : context) {
            ins.bind(1, messageId).bind(2, c.number).bind(3, c.chunkId).bind(4, c.parentChunkId).bind(5, c.path);
            ins.bind(6, c.startLine).bind(7, c.endLine).bind(8, c.language).bind(9, c.kind).bind(10, c.symbol);
            ins.bind(11, c.text).bind(12, joinList(c.references)).bind(13, c.source).bind(14, c.tokens);
            if (auto r = ins.exec(); !r)
                return r;
        }
        return {};
    }

    QList<MessageContextRecord> readContext(qint64 messageId)
    {
        QList<MessageContextRecord> out;
        Stmt &s = stmt("SELECT number, chunk_id, parent_chunk_id, path, start_line, end_line, language, kind, symbol,"
                       " text, refs, source, tokens FROM message_context WHERE message_id = ?1 ORDER BY number");
        s.bind(1, messageId);
        while (s.step()) {
            MessageContextRecord c;
            c.number = s.integer(0);
            c.chunkId = s.int64(1);
            c.parentChunkId = s.int64(2);
            c.path = s.text(3);
            c.startLine = s.integer(4);
            c.endLine = s.integer(5);
            c.language = s.text(6);
            c.kind = s.text(7);
            c.symbol = s.text(8);
            c.text = s.text(9);
            c.references = splitList(s.text(10));
            c.source = s.text(11);
            c.tokens = s.integer(12);
            out.append(c);
        }
        s.reset();
        return out;
    }

    template<typename F>
    Result<void> transaction(F &&work)
    {
        if (auto r = Sql::execScript(db, "BEGIN IMMEDIATE"); !r)
            return r;
        Result<void> r = work();
        if (!r) {
            Sql::execScript(db, "ROLLBACK");
            return r;
        }
        return Sql::execScript(db, "COMMIT");
    }
};

ConversationStore::ConversationStore()
    : d(std::make_unique<Private>())
{
}

ConversationStore::~ConversationStore()
{
    d->stmts.clear();
    Sql::close(d->db);
}

Result<std::unique_ptr<ConversationStore>> ConversationStore::open(const QString &dbPath)
{
    std::unique_ptr<ConversationStore> store(new ConversationStore);
    const QString dir = QFileInfo(dbPath).absolutePath();
    if (!QDir().mkpath(dir))
        return makeError(ErrorCode::PermissionDenied, QStringLiteral("cannot create the data folder"), dir);
    auto handle = Sql::open(dbPath, false, 5000);
    if (!handle)
        return handle.error();
    store->d->db = *handle;
    // The chunks table's FTS triggers need the tokenizer on every connection that might touch it.
    if (auto r = registerCodeTokenizer(store->d->db); !r)
        return r.error();
    if (auto r = Sql::execScript(store->d->db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"); !r)
        return r.error();
    if (auto r = Sql::execScript(store->d->db, kChatSchema); !r)
        return r.error();
    return store;
}

Result<qint64> ConversationStore::createConversation(const QString &title)
{
    // "updated" only grows, so the order of the list is the order of use even within a millisecond
    Stmt &s = d->stmt("INSERT INTO conversations(title, created, updated)"
                      " VALUES (?1, ?2, MAX(?2, COALESCE((SELECT MAX(updated) FROM conversations), 0) + 1))");
    s.bind(1, title).bind(2, toMs({}));
    if (auto r = s.exec(); !r)
        return r.error();
    return qint64(sqlite3_last_insert_rowid(d->db));
}

Result<void> ConversationStore::renameConversation(qint64 id, const QString &title)
{
    Stmt &s = d->stmt("UPDATE conversations SET title = ?2 WHERE id = ?1");
    s.bind(1, id).bind(2, title);
    return s.exec();
}

Result<void> ConversationStore::deleteConversation(qint64 id)
{
    return d->transaction([&]() -> Result<void> {
        Stmt &ctx = d->stmt("DELETE FROM message_context WHERE message_id IN"
                            " (SELECT id FROM messages WHERE conversation_id = ?1)");
        ctx.bind(1, id);
        if (auto r = ctx.exec(); !r)
            return r;
        Stmt &msg = d->stmt("DELETE FROM messages WHERE conversation_id = ?1");
        msg.bind(1, id);
        if (auto r = msg.exec(); !r)
            return r;
        Stmt &conv = d->stmt("DELETE FROM conversations WHERE id = ?1");
        conv.bind(1, id);
        return conv.exec();
    });
}

QList<ConversationInfo> ConversationStore::conversations() const
{
    QList<ConversationInfo> out;
    Stmt &s = d->stmt("SELECT c.id, c.title, c.created, c.updated,"
                      " (SELECT COUNT(*) FROM messages m WHERE m.conversation_id = c.id)"
                      " FROM conversations c ORDER BY c.updated DESC, c.id DESC");
    while (s.step()) {
        ConversationInfo c;
        c.id = s.int64(0);
        c.title = s.text(1);
        c.created = QDateTime::fromMSecsSinceEpoch(s.int64(2));
        c.updated = QDateTime::fromMSecsSinceEpoch(s.int64(3));
        c.messageCount = s.integer(4);
        out.append(c);
    }
    s.reset();
    return out;
}

std::optional<ConversationInfo> ConversationStore::conversation(qint64 id) const
{
    for (const ConversationInfo &c : conversations()) {
        if (c.id == id)
            return c;
    }
    return std::nullopt;
}

Result<qint64> ConversationStore::addMessage(const MessageRecord &m)
{
    qint64 id = 0;
    auto r = d->transaction([&]() -> Result<void> {
        Stmt &s = d->stmt("INSERT INTO messages(conversation_id, role, content, created, status, error, model, endpoint,"
                          " trace, request) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
        s.bind(1, m.conversationId).bind(2, m.role).bind(3, m.content).bind(4, toMs(m.created)).bind(5, m.status);
        s.bind(6, m.error).bind(7, m.model).bind(8, m.endpoint);
        s.bind(9, QString::fromUtf8(m.trace)).bind(10, QString::fromUtf8(m.request));
        if (auto e = s.exec(); !e)
            return e;
        id = sqlite3_last_insert_rowid(d->db);
        if (auto e = d->writeContext(id, m.context); !e)
            return e;
        Stmt &touch = d->stmt("UPDATE conversations SET updated ="
                              " MAX(?2, COALESCE((SELECT MAX(updated) FROM conversations), 0) + 1) WHERE id = ?1");
        touch.bind(1, m.conversationId).bind(2, toMs({}));
        return touch.exec();
    });
    if (!r)
        return r.error();
    return id;
}

Result<void> ConversationStore::updateMessage(const MessageRecord &m)
{
    return d->transaction([&]() -> Result<void> {
        Stmt &s = d->stmt("UPDATE messages SET content = ?2, status = ?3, error = ?4, model = ?5, endpoint = ?6,"
                          " trace = ?7, request = ?8 WHERE id = ?1");
        s.bind(1, m.id).bind(2, m.content).bind(3, m.status).bind(4, m.error).bind(5, m.model).bind(6, m.endpoint);
        s.bind(7, QString::fromUtf8(m.trace)).bind(8, QString::fromUtf8(m.request));
        if (auto e = s.exec(); !e)
            return e;
        return d->writeContext(m.id, m.context);
    });
}

Result<void> ConversationStore::deleteMessage(qint64 id)
{
    return d->transaction([&]() -> Result<void> {
        Stmt &ctx = d->stmt("DELETE FROM message_context WHERE message_id = ?1");
        ctx.bind(1, id);
        if (auto r = ctx.exec(); !r)
            return r;
        Stmt &s = d->stmt("DELETE FROM messages WHERE id = ?1");
        s.bind(1, id);
        return s.exec();
    });
}

static MessageRecord readMessage(const Stmt &s)
{
    MessageRecord m;
    m.id = s.int64(0);
    m.conversationId = s.int64(1);
    m.role = s.text(2);
    m.content = s.text(3);
    m.created = QDateTime::fromMSecsSinceEpoch(s.int64(4));
    m.status = s.text(5);
    m.error = s.text(6);
    m.model = s.text(7);
    m.endpoint = s.text(8);
    m.trace = s.text(9).toUtf8();
    m.request = s.text(10).toUtf8();
    return m;
}

QList<MessageRecord> ConversationStore::messages(qint64 conversationId, bool withContext) const
{
    QList<MessageRecord> out;
    Stmt &s = d->stmt("SELECT id, conversation_id, role, content, created, status, error, model, endpoint, trace, request"
                      " FROM messages WHERE conversation_id = ?1 ORDER BY id");
    s.bind(1, conversationId);
    while (s.step())
        out.append(readMessage(s));
    s.reset();
    if (withContext) {
        for (MessageRecord &m : out)
            m.context = d->readContext(m.id);
    }
    return out;
}

std::optional<MessageRecord> ConversationStore::message(qint64 id) const
{
    Stmt &s = d->stmt("SELECT id, conversation_id, role, content, created, status, error, model, endpoint, trace, request"
                      " FROM messages WHERE id = ?1");
    s.bind(1, id);
    if (!s.step()) {
        s.reset();
        return std::nullopt;
    }
    MessageRecord m = readMessage(s);
    s.reset();
    m.context = d->readContext(m.id);
    return m;
}

Result<qint64> ConversationStore::logRemoteRequest(const RemoteRequestRecord &r)
{
    Stmt &s = d->stmt("INSERT INTO remote_requests(time, endpoint, purpose, model, bytes, files, local, status,"
                      " conversation_id, message_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
    s.bind(1, toMs(r.time)).bind(2, r.endpoint).bind(3, r.purpose).bind(4, r.model).bind(5, r.bytes);
    s.bind(6, joinList(r.files)).bind(7, r.local ? 1 : 0).bind(8, r.status).bind(9, r.conversationId).bind(10, r.messageId);
    if (auto e = s.exec(); !e)
        return e.error();
    return qint64(sqlite3_last_insert_rowid(d->db));
}

QList<RemoteRequestRecord> ConversationStore::remoteRequests(int limit) const
{
    QList<RemoteRequestRecord> out;
    Stmt &s = d->stmt("SELECT id, time, endpoint, purpose, model, bytes, files, local, status, conversation_id, message_id"
                      " FROM remote_requests ORDER BY time DESC, id DESC LIMIT ?1");
    s.bind(1, limit);
    while (s.step()) {
        RemoteRequestRecord r;
        r.id = s.int64(0);
        r.time = QDateTime::fromMSecsSinceEpoch(s.int64(1));
        r.endpoint = s.text(2);
        r.purpose = s.text(3);
        r.model = s.text(4);
        r.bytes = s.int64(5);
        r.files = splitList(s.text(6));
        r.local = s.integer(7) != 0;
        r.status = s.text(8);
        r.conversationId = s.int64(9);
        r.messageId = s.int64(10);
        out.append(r);
    }
    s.reset();
    return out;
}

Result<void> ConversationStore::clearRemoteRequests()
{
    return Sql::execScript(d->db, "DELETE FROM remote_requests;");
}

} // namespace RepoLens
