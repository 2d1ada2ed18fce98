#include "conversationstore.h"

#include "integrity.h"
#include "sqlite_p.h"

#include "core/base/logging.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <map>

namespace RepoLens {

using Sql::Stmt;

namespace {

const char *const kChatSchema = R"SQL(
CREATE TABLE IF NOT EXISTS user_meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
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

// The tables of user data, in the order they are copied (from an old index, or out of a
// damaged user database).
const char *const kUserTables[] = {"conversations", "messages", "message_context", "remote_requests"};

// Copies the rows of `table` that can be read from `from` into the same table of `to` (a row
// whose key is already there is kept as it is). A damaged source gives what was read before
// the damage. Returns the number of rows copied.
qint64 copyRows(sqlite3 *from, sqlite3 *to, const char *table, bool *complete)
{
    *complete = false;
    const QByteArray select = QByteArray("SELECT * FROM ") + table;
    Stmt sel(from, select.constData());
    if (!sel.isValid())
        return 0;
    QByteArray columns;
    QByteArray params;
    const int n = sqlite3_column_count(sel.raw());
    for (int i = 0; i < n; ++i) {
        columns += (i ? "," : "") + QByteArray("\"") + sqlite3_column_name(sel.raw(), i) + '"';
        params += (i ? ",?" : "?") + QByteArray::number(i + 1);
    }
    const QByteArray insert = QByteArray("INSERT OR IGNORE INTO ") + table + '(' + columns + ") VALUES (" + params + ')';
    Stmt ins(to, insert.constData());
    if (!ins.isValid())
        return 0;
    qint64 copied = 0;
    while (sel.step()) {
        for (int i = 0; i < n; ++i)
            sqlite3_bind_value(ins.raw(), i + 1, sqlite3_column_value(sel.raw(), i));
        if (!ins.exec())
            return copied;
        copied += sqlite3_changes(to);
    }
    *complete = !sel.failed();
    return copied;
}

// Copies the user tables of the database `sourcePath` (an index of the old format, or a
// damaged user database) into `to`, in one transaction. Returns the rows copied; `complete`
// is false when some could not be read.
qint64 copyUserTables(const QString &sourcePath, sqlite3 *to, bool *complete)
{
    *complete = true;
    auto source = Sql::open(sourcePath, true, 5000);
    if (!source) {
        *complete = false;
        return 0;
    }
    qint64 copied = 0;
    if (Sql::execScript(to, "BEGIN IMMEDIATE")) {
        for (const char *table : kUserTables) {
            Stmt exists(*source, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1");
            exists.bind(1, QString::fromLatin1(table));
            if (!exists.step()) {
                if (exists.failed())
                    *complete = false;
                continue;
            }
            bool tableComplete = false;
            copied += copyRows(*source, to, table, &tableComplete);
            *complete = *complete && tableComplete;
        }
        Sql::execScript(to, "COMMIT");
    } else {
        *complete = false;
    }
    Sql::close(*source);
    return copied;
}

QString userMeta(sqlite3 *db, const char *key)
{
    Stmt q(db, "SELECT value FROM user_meta WHERE key = ?1");
    q.bind(1, QString::fromLatin1(key));
    return q.step() ? q.text(0) : QString();
}

void setUserMeta(sqlite3 *db, const char *key, const QString &value)
{
    Stmt q(db, "INSERT OR REPLACE INTO user_meta(key, value) VALUES (?1, ?2)");
    q.bind(1, QString::fromLatin1(key)).bind(2, value);
    q.exec();
}

// What is wrong with an existing user database, or an empty string: not a database, a page
// that cannot be read, an integrity problem (PRAGMA quick_check reads every page; the file is
// small), or damage met earlier at run time.
QString userDatabaseProblem(const QString &path)
{
    if (const auto damage = Damage::reason(path))
        return *damage;
    auto db = Sql::open(path, true, 5000);
    if (!db)
        return db.error().message;
    QString problem;
    Stmt check(*db, "PRAGMA quick_check");
    QStringList lines;
    while (check.step()) {
        if (check.text(0) != QLatin1String("ok"))
            lines << check.text(0);
    }
    if (check.failed() || !check.isValid())
        problem = check.error().message;
    else if (!lines.isEmpty())
        problem = lines.mid(0, 3).join(u"; ");
    check = Stmt();
    Sql::close(*db);
    return problem;
}

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
        return Sql::failure(db, sqlite3_errcode(db), context.toUtf8().constData());
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

QString ConversationStore::databasePath(const QString &indexPath)
{
    return QFileInfo(indexPath).absolutePath() + QStringLiteral("/user.sqlite");
}

Result<std::unique_ptr<ConversationStore>> ConversationStore::open(const QString &indexPath)
{
    std::unique_ptr<ConversationStore> store(new ConversationStore);
    const QString dir = QFileInfo(indexPath).absolutePath();
    if (!QDir().mkpath(dir))
        return makeError(ErrorCode::PermissionDenied, QStringLiteral("cannot create the data folder"), dir);
    const QString path = databasePath(indexPath);
    // A damaged user database is never thrown away: a copy is kept, and what can be read of it
    // goes into a new one.
    QString salvageFrom;
    if (QFileInfo(path).size() > 0) {
        if (const QString problem = userDatabaseProblem(path); !problem.isEmpty()) {
            const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
            QString backup = path + QStringLiteral(".backup-") + stamp;
            for (int n = 2; QFileInfo::exists(backup); ++n)
                backup = path + QStringLiteral(".backup-") + stamp + u'-' + QString::number(n);
            if (!QFile::rename(path, backup))
                return makeError(ErrorCode::Io, QStringLiteral("the conversations database is damaged and cannot be moved "
                                                               "aside (%1)").arg(problem), path);
            for (const char *suffix : {"-wal", "-shm"}) {
                if (QFileInfo::exists(path + QLatin1String(suffix)))
                    QFile::rename(path + QLatin1String(suffix), backup + QLatin1String(suffix));
            }
            Damage::clear(path);
            qCWarning(lcStore) << "the conversations database is damaged:" << problem << "; kept as" << backup;
            salvageFrom = backup;
            store->m_recovery = Recovery{backup, problem, 0, false};
        }
    }
    auto handle = Sql::open(path, false, 5000);
    if (!handle)
        return handle.error();
    store->d->db = *handle;
    sqlite3 *db = store->d->db;
    if (auto r = Sql::execScript(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"); !r)
        return r.error();
    if (auto r = Sql::execScript(db, kChatSchema); !r)
        return r.error();
    if (!salvageFrom.isEmpty()) {
        bool complete = false;
        store->m_recovery->rowsRecovered = copyUserTables(salvageFrom, db, &complete);
        store->m_recovery->complete = complete;
        setUserMeta(db, "migrated_from_index", QStringLiteral("1")); // the copy had them already
        qCWarning(lcStore) << "recovered" << store->m_recovery->rowsRecovered << "rows of user data from"
                           << salvageFrom << (complete ? "(all of them)" : "(some could not be read)");
    }
    // Conversations and the log used to live in the index: move them out, once.
    if (userMeta(db, "migrated_from_index").isEmpty()) {
        qint64 copied = 0;
        bool complete = true;
        QStringList sources;
        if (QFileInfo::exists(indexPath))
            sources << indexPath;
        // An old index that was damaged and rebuilt holds them only in the file moved aside.
        const QFileInfo info(indexPath);
        const QStringList aside = QDir(dir).entryList({info.fileName() + QStringLiteral(".corrupt-*")}, QDir::Files,
                                                       QDir::Name | QDir::Reversed);
        for (const QString &name : aside) {
            if (!name.endsWith(QLatin1String("-wal")) && !name.endsWith(QLatin1String("-shm"))
                && !name.endsWith(QLatin1String(".damaged")))
                sources << QDir(dir).filePath(name);
        }
        for (const QString &source : std::as_const(sources)) {
            bool sourceComplete = false;
            copied += copyUserTables(source, db, &sourceComplete);
            complete = complete && sourceComplete;
        }
        setUserMeta(db, "migrated_from_index", QStringLiteral("1"));
        if (copied > 0)
            qCInfo(lcStore) << "moved" << copied << "rows of conversations and the sent log out of the index into"
                            << path << (complete ? "" : "(some could not be read)");
    }
    return store;
}

QString ConversationStore::path() const
{
    const char *name = sqlite3_db_filename(d->db, "main");
    return name ? QString::fromUtf8(name) : QString();
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

RemoteRequestLog remoteRequestLogFor(const QString &indexPath)
{
    return [indexPath](const RemoteRequestRecord &request) {
        auto store = ConversationStore::open(indexPath);
        if (!store) {
            qCWarning(lcStore) << "cannot log a request in What Was Sent:" << store.error().toString();
            return;
        }
        if (auto r = (*store)->logRemoteRequest(request); !r)
            qCWarning(lcStore) << "cannot log a request in What Was Sent:" << r.error().toString();
    };
}

} // namespace RepoLens
