#include "indexstore.h"

#include "fts5tokenizer_p.h"
#include "sqlite_p.h"

#include "core/base/logging.h"
#include "core/base/paths.h"

#include <QAtomicInteger>
#include <QSet>
#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QStandardPaths>

#include <map>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <sys/stat.h>

namespace RepoLens {

using Sql::Stmt;

namespace {

const char *const kSchemaV1 = R"SQL(
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE files(
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL UNIQUE,
    language TEXT NOT NULL DEFAULT '',
    size INTEGER NOT NULL DEFAULT 0,
    mtime INTEGER NOT NULL DEFAULT 0,
    content_hash BLOB,
    line_count INTEGER NOT NULL DEFAULT 0,
    status INTEGER NOT NULL DEFAULT 0,
    reason TEXT NOT NULL DEFAULT '',
    is_dir INTEGER NOT NULL DEFAULT 0,
    commit_count INTEGER NOT NULL DEFAULT 0,
    last_commit_time INTEGER NOT NULL DEFAULT 0);
CREATE TABLE chunks(
    id INTEGER PRIMARY KEY,
    file_id INTEGER NOT NULL,
    path TEXT NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    qualified_name TEXT NOT NULL DEFAULT '',
    parent_chunk_id INTEGER,
    start_line INTEGER NOT NULL,
    end_line INTEGER NOT NULL,
    start_byte INTEGER NOT NULL,
    end_byte INTEGER NOT NULL,
    part INTEGER NOT NULL DEFAULT 0,
    part_count INTEGER NOT NULL DEFAULT 0,
    signature TEXT NOT NULL DEFAULT '',
    doc TEXT NOT NULL DEFAULT '',
    text TEXT NOT NULL DEFAULT '',
    summary TEXT NOT NULL DEFAULT '',
    content_hash BLOB NOT NULL);
CREATE INDEX chunks_file ON chunks(file_id);
CREATE INDEX chunks_hash ON chunks(content_hash);
CREATE VIRTUAL TABLE chunks_fts USING fts5(
    path, qualified_name, signature, doc, text, summary,
    content='chunks', content_rowid='id', tokenize='porter repolens');
CREATE TRIGGER chunks_ai AFTER INSERT ON chunks BEGIN
    INSERT INTO chunks_fts(rowid, path, qualified_name, signature, doc, text, summary)
    VALUES (new.id, new.path, new.qualified_name, new.signature, new.doc, new.text, new.summary);
END;
CREATE TRIGGER chunks_ad AFTER DELETE ON chunks BEGIN
    INSERT INTO chunks_fts(chunks_fts, rowid, path, qualified_name, signature, doc, text, summary)
    VALUES ('delete', old.id, old.path, old.qualified_name, old.signature, old.doc, old.text, old.summary);
END;
CREATE TRIGGER chunks_au AFTER UPDATE ON chunks BEGIN
    INSERT INTO chunks_fts(chunks_fts, rowid, path, qualified_name, signature, doc, text, summary)
    VALUES ('delete', old.id, old.path, old.qualified_name, old.signature, old.doc, old.text, old.summary);
    INSERT INTO chunks_fts(rowid, path, qualified_name, signature, doc, text, summary)
    VALUES (new.id, new.path, new.qualified_name, new.signature, new.doc, new.text, new.summary);
END;
CREATE TABLE symbols(
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    qualified_name TEXT NOT NULL,
    kind TEXT NOT NULL,
    chunk_id INTEGER,
    file_id INTEGER NOT NULL,
    line INTEGER NOT NULL,
    col INTEGER NOT NULL);
CREATE TABLE refs(
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    qualifier TEXT NOT NULL DEFAULT '',
    kind TEXT NOT NULL,
    file_id INTEGER NOT NULL,
    line INTEGER NOT NULL,
    col INTEGER NOT NULL,
    from_chunk_id INTEGER,
    to_symbol_id INTEGER);
CREATE TABLE file_imports(
    file_id INTEGER NOT NULL,
    target_file_id INTEGER NOT NULL,
    PRIMARY KEY(file_id, target_file_id)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS embeddings(
    content_hash BLOB NOT NULL,
    model_id TEXT NOT NULL,
    vector BLOB NOT NULL,
    PRIMARY KEY(content_hash, model_id)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS embed_models(
    model_id TEXT PRIMARY KEY,
    dimension INTEGER NOT NULL,
    data BLOB,
    created INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;
)SQL";

// Schema migrations, applied in order inside one transaction: kMigrations[i] upgrades
// schema kMigrations[i].from to from + 1. A new database is created at version 1 and migrated,
// so every step runs on every new database too. Never edit a released step; add one.
// 1 -> 2: FTS rows are rewritten only when an indexed column changes, so chunks that kept
// their text can be moved (new lines / bytes) without touching the FTS index.
const char *const kMigrate1To2 = R"SQL(
DROP TRIGGER IF EXISTS chunks_au;
CREATE TRIGGER chunks_au AFTER UPDATE OF path, qualified_name, signature, doc, text, summary ON chunks BEGIN
    INSERT INTO chunks_fts(chunks_fts, rowid, path, qualified_name, signature, doc, text, summary)
    VALUES ('delete', old.id, old.path, old.qualified_name, old.signature, old.doc, old.text, old.summary);
    INSERT INTO chunks_fts(rowid, path, qualified_name, signature, doc, text, summary)
    VALUES (new.id, new.path, new.qualified_name, new.signature, new.doc, new.text, new.summary);
END;
)SQL";

// 2 -> 3: new chunks are added to the FTS index by the code that inserts them, not by a
// trigger. A trigger makes every INSERT a statement with a savepoint, and FTS5 (SQLite 3.40)
// flushes its pending terms to a new segment at every savepoint: one segment per chunk and
// endless merging, more than twice the cost of the same rows inserted directly.
const char *const kMigrate2To3 = R"SQL(
DROP TRIGGER IF EXISTS chunks_ai;
)SQL";

struct Migration
{
    int from;
    const char *sql;
};
const Migration kMigrations[] = {
    {1, kMigrate1To2},
    {2, kMigrate2To3},
};

// Cheap checks of the file header (no page is read through SQLite): not a database at all, or
// shorter than the header says (truncated). With a non-empty -wal file the header may lag
// behind the log, so the length is only checked without one.
Result<void> checkDatabaseHeader(const QString &dbPath)
{
    QFile file(dbPath);
    if (file.size() == 0 || !file.open(QIODevice::ReadOnly))
        return {}; // new, or unreadable: the open itself says why
    const QByteArray h = file.read(100);
    if (h.size() < 100 || !h.startsWith(QByteArrayView("SQLite format 3\0", 16)))
        return makeError(ErrorCode::Corrupt, QStringLiteral("not an SQLite database"), dbPath);
    auto be32 = [&](int at) {
        return (quint32(uchar(h[at])) << 24) | (quint32(uchar(h[at + 1])) << 16)
               | (quint32(uchar(h[at + 2])) << 8) | quint32(uchar(h[at + 3]));
    };
    quint32 pageSize = (quint32(uchar(h[16])) << 8) | quint32(uchar(h[17]));
    if (pageSize == 1)
        pageSize = 65536;
    if (pageSize < 512 || (pageSize & (pageSize - 1)) != 0)
        return makeError(ErrorCode::Corrupt, QStringLiteral("bad page size in the header"), dbPath);
    const quint32 pages = be32(28);
    const QFileInfo wal(dbPath + QStringLiteral("-wal"));
    const qint64 expected = qint64(pages) * pageSize;
    if (pages > 0 && be32(24) == be32(92) && (!wal.exists() || wal.size() == 0)
        && file.size() < expected) {
        return makeError(ErrorCode::Corrupt,
                         QStringLiteral("truncated: %1 bytes, the header says %2")
                             .arg(file.size())
                             .arg(expected),
                         dbPath);
    }
    return {};
}

// Secondary indexes of the code graph: dropped during bulk loads, (re)created at every open.
const char *const kGraphIndexes = R"SQL(
CREATE INDEX IF NOT EXISTS symbols_name ON symbols(name);
CREATE INDEX IF NOT EXISTS symbols_qname ON symbols(qualified_name);
CREATE INDEX IF NOT EXISTS symbols_file ON symbols(file_id);
CREATE INDEX IF NOT EXISTS refs_name ON refs(name);
CREATE INDEX IF NOT EXISTS refs_file ON refs(file_id);
CREATE INDEX IF NOT EXISTS refs_to ON refs(to_symbol_id);
CREATE INDEX IF NOT EXISTS refs_from ON refs(from_chunk_id);
)SQL";

const char *const kDropGraphIndexes = R"SQL(
DROP INDEX IF EXISTS symbols_name;
DROP INDEX IF EXISTS symbols_qname;
DROP INDEX IF EXISTS symbols_file;
DROP INDEX IF EXISTS refs_name;
DROP INDEX IF EXISTS refs_file;
DROP INDEX IF EXISTS refs_to;
DROP INDEX IF EXISTS refs_from;
)SQL";

QByteArray chunkHash(const Chunk &c)
{
    QCryptographicHash h(QCryptographicHash::Sha1);
    h.addData(chunkKindName(c.kind).toUtf8());
    h.addData(QByteArrayView("\x1f", 1));
    h.addData(c.qualifiedName.toUtf8());
    h.addData(QByteArrayView("\x1f", 1));
    h.addData(c.signature.toUtf8());
    h.addData(QByteArrayView("\x1f", 1));
    h.addData(c.doc.toUtf8());
    h.addData(QByteArrayView("\x1f", 1));
    h.addData(c.text.toUtf8());
    return h.result();
}

QAtomicInteger<quint64> s_connectionCounter;

} // namespace

class IndexStore::Private
{
public:
    QString path;
    QString connectionName;
    Mode mode = Mode::ReadWrite;
    sqlite3 *db = nullptr;
    mutable std::map<const char *, std::unique_ptr<Stmt>> stmts;

    // Resets a cached statement when the caller is done, so no read transaction stays open.
    struct Lease
    {
        Stmt &stmt;
        ~Lease() { stmt.reset(); }
    };

    Stmt &stmt(const char *sql) const
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

    Result<void> createOrMigrate();

    // The draft windows live in their own database file next to the index, attached as
    // "drafts": written once by the indexer (Writing), read by any connection (Reading) while
    // the file exists; a newer file (a new first index) is attached again.
    enum class Drafts { None, Writing, Reading };
    Drafts drafts = Drafts::None;
    ino_t draftsInode = 0;
    std::unique_ptr<Stmt> draftRow; // the writer's prepared inserts
    std::unique_ptr<Stmt> draftFts;
    void detachDrafts()
    {
        if (drafts == Drafts::None)
            return;
        draftRow.reset();
        draftFts.reset();
        Sql::execScript(db, "DETACH DATABASE drafts");
        drafts = Drafts::None;
        draftsInode = 0;
    }
    bool attachDrafts(const QString &file)
    {
        if (drafts == Drafts::Writing)
            return true;
        struct stat st = {};
        const bool exists = ::stat(QFile::encodeName(file).constData(), &st) == 0;
        if (drafts == Drafts::Reading && exists && st.st_ino == draftsInode)
            return true;
        detachDrafts();
        if (!exists)
            return false;
        Stmt attach(db, "ATTACH DATABASE ?1 AS drafts");
        attach.bind(1, file);
        if (!attach.exec())
            return false;
        Stmt probe(db, "SELECT 1 FROM drafts.windows LIMIT 1");
        if (!probe.isValid()) { // not (yet) a drafts database: ignore it
            Sql::execScript(db, "DETACH DATABASE drafts");
            return false;
        }
        drafts = Drafts::Reading;
        draftsInode = st.st_ino;
        return true;
    }

    // What this connection changed since the last resolveReferences(): the names defined in
    // files whose content was replaced or cleared (before and after), and those files. Lets the
    // link step recompute only the references that can have a new target.
    QSet<QString> dirtyNames;
    QSet<qint64> dirtyFiles;
    bool pathSetChanged = false; // an indexed file appeared or went: imports of others may move
    void noteDirtyFile(qint64 fileId)
    {
        dirtyFiles.insert(fileId);
        Stmt &s = stmt("SELECT name FROM symbols WHERE file_id = ?1");
        const Lease lease{s};
        s.bind(1, fileId);
        while (s.step())
            dirtyNames.insert(s.text(0));
    }

    SymbolRecord readSymbol(const Stmt &s) const
    {
        SymbolRecord r;
        r.id = s.int64(0);
        r.name = s.text(1);
        r.qualifiedName = s.text(2);
        r.kind = chunkKindFromName(s.text(3));
        r.chunkId = s.int64(4);
        r.fileId = s.int64(5);
        r.line = s.integer(6);
        r.column = s.integer(7);
        r.path = s.text(8);
        r.endLine = s.integer(9);
        r.signature = s.text(10);
        return r;
    }

    RefRecord readRef(const Stmt &s) const
    {
        RefRecord r;
        r.id = s.int64(0);
        r.name = s.text(1);
        r.qualifier = s.text(2);
        r.kind = refKindFromName(s.text(3));
        r.fileId = s.int64(4);
        r.line = s.integer(5);
        r.column = s.integer(6);
        r.fromChunkId = s.int64(7);
        r.toSymbolId = s.int64(8);
        r.path = s.text(9);
        r.fromName = s.text(10);
        return r;
    }

    FileRecord readFile(const Stmt &s) const
    {
        FileRecord f;
        f.id = s.int64(0);
        f.path = s.text(1);
        f.language = languageFromName(s.text(2));
        f.size = s.int64(3);
        f.mtimeMs = s.int64(4);
        f.contentHash = s.blob(5);
        f.lineCount = s.integer(6);
        f.status = static_cast<FileStatus>(s.integer(7));
        f.reason = s.text(8);
        f.isDir = s.integer(9) != 0;
        f.commitCount = s.integer(10);
        f.lastCommitTime = s.int64(11);
        return f;
    }
};

static const char *const kSymbolSelect =
    "SELECT s.id, s.name, s.qualified_name, s.kind, s.chunk_id, s.file_id, s.line, s.col, f.path,"
    " COALESCE(c.end_line, s.line), COALESCE(c.signature, '')"
    " FROM symbols s JOIN files f ON f.id = s.file_id LEFT JOIN chunks c ON c.id = s.chunk_id ";
static const char *const kRefSelect =
    "SELECT r.id, r.name, r.qualifier, r.kind, r.file_id, r.line, r.col, r.from_chunk_id,"
    " COALESCE(r.to_symbol_id, 0), f.path, COALESCE(c.qualified_name, '')"
    " FROM refs r JOIN files f ON f.id = r.file_id LEFT JOIN chunks c ON c.id = r.from_chunk_id ";
static const char *const kFileSelect =
    "SELECT id, path, language, size, mtime, content_hash, line_count, status, reason, is_dir,"
    " commit_count, last_commit_time FROM files ";
static const char *const kChunkSelect =
    "SELECT c.id, c.file_id, c.path, c.kind, c.name, c.qualified_name, COALESCE(c.parent_chunk_id, 0),"
    " c.start_line, c.end_line, c.start_byte, c.end_byte, c.part, c.part_count, c.signature, c.doc,"
    " c.text, c.summary, c.content_hash, f.language FROM chunks c JOIN files f ON f.id = c.file_id ";

// A draft window read as a chunk: negative id, kind "text", no names.
static const char *const kDraftSelect =
    "SELECT -w.id, w.file_id, f.path, 'text', '', '', 0, w.start_line, w.end_line, w.start_byte,"
    " w.end_byte, 0, 0, '', '', w.text, '', x'', f.language FROM drafts.windows w JOIN main.files f"
    " ON f.id = w.file_id ";

static ChunkRecord readChunk(const Stmt &s)
{
    ChunkRecord c;
    c.id = s.int64(0);
    c.fileId = s.int64(1);
    c.path = s.text(2);
    c.kind = chunkKindFromName(s.text(3));
    c.name = s.text(4);
    c.qualifiedName = s.text(5);
    c.parentId = s.int64(6);
    c.startLine = s.integer(7);
    c.endLine = s.integer(8);
    c.startByte = s.integer(9);
    c.endByte = s.integer(10);
    c.part = s.integer(11);
    c.partCount = s.integer(12);
    c.signature = s.text(13);
    c.doc = s.text(14);
    c.text = s.text(15);
    c.summary = s.text(16);
    c.contentHash = s.blob(17);
    c.language = languageFromName(s.text(18));
    return c;
}

IndexStore::IndexStore()
    : d(std::make_unique<Private>())
{
}

IndexStore::~IndexStore()
{
    d->stmts.clear();
    {
        QSqlDatabase db = QSqlDatabase::database(d->connectionName, false);
        if (db.isValid())
            db.close();
    }
    QSqlDatabase::removeDatabase(d->connectionName);
}

QString IndexStore::defaultDataDir()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)
           + QStringLiteral("/repolens");
}

QString IndexStore::databasePath(const QString &dataDir, const QString &rootPath)
{
    QString canonical = QFileInfo(rootPath).canonicalFilePath();
    if (canonical.isEmpty())
        canonical = QDir::cleanPath(QFileInfo(rootPath).absoluteFilePath());
    const QByteArray hash = QCryptographicHash::hash(encodePath(canonical), QCryptographicHash::Sha1)
                                .toHex()
                                .left(12);
    QString base = QString::fromUtf8(encodePath(QFileInfo(canonical).fileName())); // readable; U+FFFD for bad bytes
    if (base.isEmpty())
        base = QStringLiteral("root");
    return dataDir + u'/' + base + u'-' + QString::fromLatin1(hash) + QStringLiteral("/index.sqlite");
}

Result<std::unique_ptr<IndexStore>> IndexStore::open(const QString &dbPath, Mode mode)
{
    std::unique_ptr<IndexStore> store(new IndexStore);
    store->d->path = dbPath;
    store->d->mode = mode;
    store->d->connectionName = QStringLiteral("repolens-%1").arg(s_connectionCounter.fetchAndAddRelaxed(1));
    const QString dir = QFileInfo(dbPath).absolutePath();
    if (mode == Mode::ReadWrite) {
        if (!QDir().mkpath(dir))
            return makeError(ErrorCode::PermissionDenied, QStringLiteral("cannot create the data folder"), dir);
        if (!QFileInfo(dir).isWritable())
            return makeError(ErrorCode::ReadOnly,
                             QStringLiteral("the data folder is read-only; the index cannot be written"), dir);
    } else if (!QFileInfo::exists(dbPath)) {
        return makeError(ErrorCode::NotFound, QStringLiteral("no index for this folder yet"), dbPath);
    }
    if (auto r = checkDatabaseHeader(dbPath); !r)
        return r.error();
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), store->d->connectionName);
    if (!db.isValid())
        return makeError(ErrorCode::Unsupported, QStringLiteral("Qt's QSQLITE driver is not available"));
    db.setDatabaseName(dbPath);
    if (mode == Mode::ReadOnly)
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=5000"));
    else
        db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=5000"));
    if (!db.open())
        return makeError(ErrorCode::Database, db.lastError().text(), dbPath);
    const QVariant handle = db.driver()->handle();
    if (!handle.isValid() || qstrcmp(handle.typeName(), "sqlite3*") != 0)
        return makeError(ErrorCode::Unsupported, QStringLiteral("unexpected SQLite driver handle"));
    store->d->db = *static_cast<sqlite3 *const *>(handle.data());
    sqlite3 *raw = store->d->db;

    if (auto r = registerCodeTokenizer(raw); !r)
        return r.error();
    if (auto r = Sql::execScript(raw, "PRAGMA temp_store=MEMORY; PRAGMA cache_size=-32768;"
                                      " PRAGMA mmap_size=268435456;");
        !r)
        return r.error();
    // Is it a database at all? (a corrupt or foreign file fails here)
    if (auto r = Sql::execScript(raw, "SELECT count(*) FROM sqlite_master;"); !r) {
        Error e = r.error();
        if (e.code == ErrorCode::Database)
            e.code = ErrorCode::Corrupt;
        e.context = dbPath;
        return e;
    }
    if (mode == Mode::ReadWrite) {
        if (sqlite3_db_readonly(raw, "main") == 1)
            return makeError(ErrorCode::ReadOnly,
                             QStringLiteral("the index file is read-only; it cannot be updated"), dbPath);
        if (auto r = Sql::execScript(raw, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"); !r)
            return r.error();
        if (auto r = store->d->createOrMigrate(); !r)
            return r.error();
        // Failure injection (tests): the database may not grow past this many pages, as if
        // the disk were full.
        if (const int maxPages = qEnvironmentVariableIntValue("REPOLENS_DEBUG_MAX_PAGES"); maxPages > 0) {
            const QByteArray pragma = "PRAGMA max_page_count=" + QByteArray::number(maxPages) + ';';
            Sql::execScript(raw, pragma.constData());
        }
    } else {
        const int version = store->meta(QStringLiteral("schema_version"), QStringLiteral("0")).toInt();
        if (version == 0)
            return makeError(ErrorCode::NotFound, QStringLiteral("the index is empty"), dbPath);
        if (version > kSchemaVersion)
            return makeError(ErrorCode::SchemaTooNew,
                             QStringLiteral("the index was written by a newer RepoLens"), dbPath);
    }
    return store;
}

Result<void> IndexStore::Private::createOrMigrate()
{
    Stmt q(db, "SELECT value FROM meta WHERE key = 'schema_version'");
    int version = 0;
    if (q.isValid() && q.step())
        version = q.text(0).toInt();
    if (version > kSchemaVersion)
        return makeError(ErrorCode::SchemaTooNew, QStringLiteral("the index was written by a newer RepoLens"), path);
    if (version == kSchemaVersion)
        return Sql::execScript(db, kGraphIndexes); // repairs an interrupted bulk load
    if (auto r = Sql::execScript(db, "BEGIN IMMEDIATE"); !r)
        return r;
    Result<void> r;
    const int from = version;
    if (version == 0) {
        r = Sql::execScript(db, kSchemaV1);
        if (r)
            r = Sql::execScript(db, kGraphIndexes);
        version = 1;
    }
    for (const Migration &m : kMigrations) {
        if (r && version == m.from) {
            r = Sql::execScript(db, m.sql);
            version = m.from + 1;
        }
    }
    if (r && version != kSchemaVersion)
        r = makeError(ErrorCode::Unsupported, QStringLiteral("no migration from schema %1").arg(version), path);
    if (r) {
        Stmt set(db, "INSERT OR REPLACE INTO meta(key, value) VALUES ('schema_version', ?1)");
        set.bind(1, QString::number(kSchemaVersion));
        r = set.exec();
    }
    if (!r) {
        Sql::execScript(db, "ROLLBACK");
        return r;
    }
    if (auto c = Sql::execScript(db, "COMMIT"); !c)
        return c;
    if (from > 0)
        qCInfo(lcStore) << "migrated" << path << "from schema" << from << "to" << kSchemaVersion;
    return {};
}

Result<QString> IndexStore::moveAside(const QString &dbPath)
{
    const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    QString target = dbPath + QStringLiteral(".corrupt-") + stamp;
    for (int n = 2; QFileInfo::exists(target); ++n)
        target = dbPath + QStringLiteral(".corrupt-") + stamp + u'-' + QString::number(n);
    if (!QFile::rename(dbPath, target))
        return makeError(ErrorCode::Io, QStringLiteral("cannot move the corrupt index aside"), dbPath);
    for (const char *suffix : {"-wal", "-shm"}) {
        const QString side = dbPath + QLatin1String(suffix);
        if (QFileInfo::exists(side) && !QFile::rename(side, target + QLatin1String(suffix)))
            QFile::remove(side);
    }
    // Draft windows belong to the old file ids: not worth keeping.
    QFile::remove(dbPath + QStringLiteral("-drafts"));
    QFile::remove(dbPath + QStringLiteral("-drafts.tmp"));
    qCWarning(lcStore) << "moved a corrupt index aside:" << target;
    return target;
}

QString IndexStore::path() const
{
    return d->path;
}

IndexStore::Mode IndexStore::mode() const
{
    return d->mode;
}

QString IndexStore::meta(const QString &key, const QString &fallback) const
{
    Stmt q(d->db, "SELECT value FROM meta WHERE key = ?1");
    if (!q.isValid())
        return fallback;
    q.bind(1, key);
    return q.step() ? q.text(0) : fallback;
}

Result<void> IndexStore::setMeta(const QString &key, const QString &value)
{
    Stmt &s = d->stmt("INSERT OR REPLACE INTO meta(key, value) VALUES (?1, ?2)");
    const Private::Lease lease_s{s};
    s.bind(1, key).bind(2, value);
    return s.exec();
}

Result<void> IndexStore::beginTransaction()
{
    return Sql::execScript(d->db, "BEGIN IMMEDIATE");
}

Result<void> IndexStore::commit()
{
    return Sql::execScript(d->db, "COMMIT");
}

void IndexStore::rollback()
{
    if (!sqlite3_get_autocommit(d->db))
        Sql::execScript(d->db, "ROLLBACK");
}

Result<qint64> IndexStore::upsertFile(const FileRecord &f)
{
    // A look-up, then a one-row UPDATE or INSERT: an UPSERT statement needs a statement
    // savepoint, and every savepoint makes FTS5 flush its pending terms (see kMigrate2To3).
    qint64 id = 0;
    {
        Stmt &before = d->stmt("SELECT id, status FROM files WHERE path = ?1");
        const Private::Lease lease_before{before};
        before.bind(1, f.path);
        bool wasIndexed = false;
        if (before.step()) {
            id = before.int64(0);
            wasIndexed = before.integer(1) == int(FileStatus::Indexed);
        } else if (before.failed()) {
            return before.error();
        }
        if (wasIndexed != (f.status == FileStatus::Indexed))
            d->pathSetChanged = true;
    }
    Stmt &s = id ? d->stmt("UPDATE files SET path = ?1, language = ?2, size = ?3, mtime = ?4, content_hash = ?5,"
                           " line_count = ?6, status = ?7, reason = ?8, is_dir = ?9 WHERE id = ?10")
                 : d->stmt("INSERT INTO files(path, language, size, mtime, content_hash, line_count, status,"
                           " reason, is_dir) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)");
    const Private::Lease lease_s{s};
    s.bind(1, f.path).bind(2, languageName(f.language)).bind(3, f.size).bind(4, f.mtimeMs);
    if (f.contentHash.isNull())
        s.bindNull(5);
    else
        s.bind(5, f.contentHash);
    s.bind(6, f.lineCount).bind(7, int(f.status)).bind(8, f.reason).bind(9, f.isDir ? 1 : 0);
    if (id)
        s.bind(10, id);
    if (auto r = s.exec(); !r)
        return r.error();
    return id ? id : sqlite3_last_insert_rowid(d->db);
}

Result<void> IndexStore::clearFileContent(qint64 fileId)
{
    d->noteDirtyFile(fileId);
    for (const char *sql : {"DELETE FROM chunks WHERE file_id = ?1", "DELETE FROM symbols WHERE file_id = ?1",
                            "DELETE FROM refs WHERE file_id = ?1",
                            "DELETE FROM file_imports WHERE file_id = ?1"}) {
        Stmt &s = d->stmt(sql);
        const Private::Lease lease_s{s};
        s.bind(1, fileId);
        if (auto r = s.exec(); !r)
            return r;
    }
    return {};
}

Result<void> IndexStore::replaceFileContent(qint64 fileId, const QString &path, const ParseResult &parsed,
                                            bool fresh)
{
    // Chunks whose content hash is unchanged keep their rows (id, summary; vectors are keyed
    // by the hash): only their position is updated, which does not touch the FTS index.
    QHash<QByteArray, QList<qint64>> reusable;
    d->dirtyFiles.insert(fileId);
    for (const Symbol &sym : parsed.symbols)
        d->dirtyNames.insert(sym.name);
    if (!fresh) {
        d->noteDirtyFile(fileId);
        for (const char *sql : {"DELETE FROM symbols WHERE file_id = ?1", "DELETE FROM refs WHERE file_id = ?1",
                                "DELETE FROM file_imports WHERE file_id = ?1"}) {
            Stmt &del = d->stmt(sql);
            const Private::Lease lease_del{del};
            del.bind(1, fileId);
            if (auto r = del.exec(); !r)
                return r;
        }
        Stmt &old = d->stmt("SELECT id, content_hash FROM chunks WHERE file_id = ?1 ORDER BY id");
        const Private::Lease lease_old{old};
        old.bind(1, fileId);
        while (old.step())
            reusable[old.blob(1)].append(old.int64(0));
        if (old.failed())
            return old.error();
    }
    Stmt &move = d->stmt("UPDATE chunks SET parent_chunk_id = ?2, start_line = ?3, end_line = ?4,"
                         " start_byte = ?5, end_byte = ?6, part = ?7, part_count = ?8 WHERE id = ?1");
    const Private::Lease lease_move{move};
    Stmt &ins = d->stmt(
        "INSERT INTO chunks(file_id, path, kind, name, qualified_name, parent_chunk_id, start_line,"
        " end_line, start_byte, end_byte, part, part_count, signature, doc, text, content_hash)"
        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)");
    const Private::Lease lease_ins{ins};
    // What the old chunks_ai trigger did (see kMigrate2To3); the delete and update triggers
    // remain, so these values must be exactly the row's.
    Stmt &fts = d->stmt("INSERT INTO chunks_fts(rowid, path, qualified_name, signature, doc, text, summary)"
                        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, '')");
    const Private::Lease lease_fts{fts};
    QList<qint64> ids;
    ids.reserve(parsed.chunks.size());
    for (const Chunk &c : parsed.chunks) {
        const QByteArray hash = chunkHash(c);
        if (auto it = reusable.find(hash); it != reusable.end() && !it->isEmpty()) {
            const qint64 id = it->takeFirst();
            move.reset();
            move.bind(1, id);
            if (c.parent >= 0 && c.parent < ids.size())
                move.bind(2, ids.at(c.parent));
            else
                move.bindNull(2);
            move.bind(3, c.startLine).bind(4, c.endLine).bind(5, c.startByte).bind(6, c.endByte);
            move.bind(7, c.part).bind(8, c.partCount);
            if (auto r = move.exec(); !r)
                return r;
            ids.append(id);
            continue;
        }
        ins.reset();
        ins.bind(1, fileId).bind(2, path).bind(3, chunkKindName(c.kind)).bind(4, c.name);
        ins.bind(5, c.qualifiedName);
        if (c.parent >= 0 && c.parent < ids.size())
            ins.bind(6, ids.at(c.parent));
        else
            ins.bindNull(6);
        ins.bind(7, c.startLine).bind(8, c.endLine).bind(9, c.startByte).bind(10, c.endByte);
        ins.bind(11, c.part).bind(12, c.partCount).bind(13, c.signature).bind(14, c.doc);
        ins.bind(15, c.text).bind(16, hash);
        ins.step();
        if (ins.failed())
            return ins.error();
        const qint64 id = sqlite3_last_insert_rowid(d->db);
        fts.reset();
        fts.bind(1, id).bind(2, path).bind(3, c.qualifiedName).bind(4, c.signature).bind(5, c.doc);
        fts.bind(6, c.text);
        if (auto r = fts.exec(); !r)
            return r;
        ids.append(id);
    }
    if (!reusable.isEmpty()) {
        Stmt &drop = d->stmt("DELETE FROM chunks WHERE id = ?1");
        const Private::Lease lease_drop{drop};
        for (const QList<qint64> &left : std::as_const(reusable)) {
            for (qint64 id : left) {
                drop.reset();
                drop.bind(1, id);
                if (auto r = drop.exec(); !r)
                    return r;
            }
        }
    }
    Stmt &sym = d->stmt("INSERT INTO symbols(name, qualified_name, kind, chunk_id, file_id, line, col)"
                        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
    const Private::Lease lease_sym{sym};
    for (const Symbol &s : parsed.symbols) {
        sym.reset();
        sym.bind(1, s.name).bind(2, s.qualifiedName).bind(3, chunkKindName(s.kind));
        if (s.chunk >= 0 && s.chunk < ids.size())
            sym.bind(4, ids.at(s.chunk));
        else
            sym.bindNull(4);
        sym.bind(5, fileId).bind(6, s.line).bind(7, s.column);
        sym.step();
        if (sym.failed())
            return sym.error();
    }
    Stmt &ref = d->stmt("INSERT INTO refs(name, qualifier, kind, file_id, line, col, from_chunk_id)"
                        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
    const Private::Lease lease_ref{ref};
    for (const Reference &r : parsed.refs) {
        ref.reset();
        ref.bind(1, r.name).bind(2, r.qualifier).bind(3, refKindName(r.kind)).bind(4, fileId);
        ref.bind(5, r.line).bind(6, r.column);
        if (r.chunk >= 0 && r.chunk < ids.size())
            ref.bind(7, ids.at(r.chunk));
        else
            ref.bindNull(7);
        ref.step();
        if (ref.failed())
            return ref.error();
    }
    return {};
}

Result<void> IndexStore::beginBulkLoad()
{
    d->stmts.clear(); // cached statements may use the indexes
    return Sql::execScript(d->db, kDropGraphIndexes);
}

Result<void> IndexStore::endBulkLoad()
{
    d->stmts.clear();
    return Sql::execScript(d->db, kGraphIndexes);
}

Result<void> IndexStore::setChunkSummary(qint64 chunkId, const QString &summary)
{
    Stmt &s = d->stmt("UPDATE chunks SET summary = ?2 WHERE id = ?1 AND summary IS NOT ?2");
    const Private::Lease lease_s{s};
    s.bind(1, chunkId).bind(2, summary);
    return s.exec();
}

Result<void> IndexStore::removeFile(const QString &path)
{
    const auto f = file(path);
    if (!f)
        return {};
    if (auto r = clearFileContent(f->id); !r)
        return r;
    if (f->status == FileStatus::Indexed)
        d->pathSetChanged = true;
    Stmt &s = d->stmt("DELETE FROM files WHERE id = ?1");
    const Private::Lease lease_s{s};
    s.bind(1, f->id);
    return s.exec();
}

namespace {

// Candidate paths an import / include may name, relative to the root.
QStringList importCandidates(const QString &fromPath, LanguageId language, RefKind kind, const QString &name)
{
    QStringList out;
    const QString dir = fromPath.contains(u'/') ? fromPath.section(u'/', 0, -2) : QString();
    auto join = [](const QString &a, const QString &b) {
        return QDir::cleanPath(a.isEmpty() ? b : a + u'/' + b);
    };
    if (kind == RefKind::Include) {
        out << join(dir, name) << name;
        return out;
    }
    switch (language) {
    case LanguageId::Python: {
        QString module = name;
        QString base;
        int dots = 0;
        while (dots < module.size() && module.at(dots) == u'.')
            ++dots;
        if (dots > 0) {
            base = dir;
            for (int i = 1; i < dots; ++i)
                base = base.contains(u'/') ? base.section(u'/', 0, -2) : QString();
            module = module.mid(dots);
        }
        const QString rel = QString(module).replace(u'.', u'/');
        if (rel.isEmpty()) {
            out << join(base, QStringLiteral("__init__.py"));
        } else {
            out << join(base, rel + QStringLiteral(".py")) << join(base, rel + QStringLiteral("/__init__.py"));
        }
        break;
    }
    case LanguageId::Java: {
        const QString rel = QString(name).replace(u'.', u'/');
        out << rel + QStringLiteral(".java");
        break;
    }
    case LanguageId::JavaScript:
    case LanguageId::TypeScript:
    case LanguageId::Tsx:
        if (name.startsWith(u'.')) {
            const QString base = join(dir, name);
            for (const char *ext : {"", ".js", ".ts", ".tsx", ".jsx", ".mjs", "/index.js", "/index.ts"})
                out << base + QString::fromLatin1(ext);
        }
        break;
    case LanguageId::Rust: {
        QString rel = name;
        rel.replace(QLatin1String("::"), QLatin1String("/"));
        rel.remove(QLatin1String("crate/"));
        out << rel + QStringLiteral(".rs") << rel + QStringLiteral("/mod.rs");
        break;
    }
    default:
        break;
    }
    return out;
}

} // namespace

Result<void> IndexStore::resolveReferences(bool incremental)
{
    // Too much changed for a partial pass to pay off: everything.
    if (d->dirtyFiles.size() > 2000 || d->dirtyNames.size() > 50000)
        incremental = false;
    QHash<qint64, QSet<qint64>> importsBefore;
    if (incremental) {
        Stmt s(d->db, "SELECT file_id, target_file_id FROM file_imports");
        while (s.step())
            importsBefore[s.int64(0)].insert(s.int64(1));
    }
    // 1. file imports: map import/include references to files
    {
        QHash<QString, qint64> byPath;
        QHash<QString, QList<qint64>> bySuffix; // last two path components -> files
        QHash<qint64, QPair<QString, LanguageId>> fileInfo;
        Stmt &files = d->stmt("SELECT id, path, language FROM files WHERE status = 1");
        const Private::Lease lease_files{files};
        while (files.step()) {
            const qint64 id = files.int64(0);
            const QString p = files.text(1);
            byPath.insert(p, id);
            fileInfo.insert(id, {p, languageFromName(files.text(2))});
            bySuffix[p.section(u'/', -2)].append(id);
        }
        // The same indexed files as before: only the changed files' imports can differ.
        const bool onlyDirty = incremental && !d->pathSetChanged;
        Stmt &ins = d->stmt("INSERT OR IGNORE INTO file_imports(file_id, target_file_id) VALUES (?1, ?2)");
        const Private::Lease lease_ins{ins};
        Stmt refs(d->db, onlyDirty ? "SELECT file_id, kind, name FROM refs WHERE file_id = ?1 AND kind IN ('import', 'include')"
                                   : "SELECT file_id, kind, name FROM refs WHERE kind IN ('import', 'include')");
        QList<qint64> pending = onlyDirty ? d->dirtyFiles.values() : QList<qint64>{0};
        if (onlyDirty) {
            Stmt del(d->db, "DELETE FROM file_imports WHERE file_id = ?1");
            for (qint64 f : std::as_const(pending)) {
                del.reset();
                del.bind(1, f);
                if (auto r = del.exec(); !r)
                    return r;
            }
        } else if (auto r = Sql::execScript(d->db, "DELETE FROM file_imports"); !r) {
            return r;
        }
        for (qint64 only : std::as_const(pending)) {
            if (onlyDirty) {
                refs.reset();
                refs.bind(1, only);
            }
            while (refs.step()) {
                const qint64 fileId = refs.int64(0);
                const auto info = fileInfo.value(fileId);
                const RefKind kind = refKindFromName(refs.text(1));
                const QString name = refs.text(2);
                qint64 target = 0;
                for (const QString &candidate : importCandidates(info.first, info.second, kind, name)) {
                    target = byPath.value(candidate);
                    if (target)
                        break;
                }
                if (!target && kind == RefKind::Include) {
                    // "fmt/core.h" included with an include path: unique suffix match
                    const QList<qint64> ids = bySuffix.value(name.section(u'/', -2));
                    for (qint64 id : ids) {
                        if (fileInfo.value(id).first.endsWith(u'/' + name) || fileInfo.value(id).first == name) {
                            target = id;
                            break;
                        }
                    }
                }
                if (target && target != fileId) {
                    ins.reset();
                    ins.bind(1, fileId).bind(2, target);
                    if (auto r = ins.exec(); !r)
                        return r;
                }
            }
        }
    }
    // 2. references -> symbols, in memory: same file, then a file the referencing file
    // imports (when exactly one of them defines the name), then a unique definition anywhere.
    // Only rows whose target changes are written.
    struct Def
    {
        qint64 id;
        qint64 fileId;
    };
    QHash<QString, QList<Def>> byName;
    QHash<qint64, QSet<qint64>> imports;
    {
        Stmt s(d->db, "SELECT file_id, target_file_id FROM file_imports");
        while (s.step())
            imports[s.int64(0)].insert(s.int64(1));
    }
    // Incremental: only references that can have a new target - those in changed files or in
    // files whose imports changed, and those naming a definition that was added or removed.
    QSet<qint64> refFiles;
    if (incremental) {
        refFiles = d->dirtyFiles;
        QSet<qint64> importers(importsBefore.keyBegin(), importsBefore.keyEnd());
        for (auto it = imports.cbegin(); it != imports.cend(); ++it)
            importers.insert(it.key());
        for (qint64 f : std::as_const(importers)) {
            if (importsBefore.value(f) != imports.value(f))
                refFiles.insert(f);
        }
    }
    QSet<QString> names = d->dirtyNames;
    if (incremental) {
        Stmt s(d->db, "SELECT DISTINCT name FROM refs WHERE file_id = ?1");
        for (qint64 f : std::as_const(refFiles)) {
            s.reset();
            s.bind(1, f);
            while (s.step())
                names.insert(s.text(0));
        }
        Stmt defs(d->db, "SELECT id, name, file_id FROM symbols WHERE name = ?1 ORDER BY file_id, line");
        for (const QString &name : std::as_const(names)) {
            defs.reset();
            defs.bind(1, name);
            while (defs.step())
                byName[name].append(Def{defs.int64(0), defs.int64(2)});
        }
    } else {
        Stmt s(d->db, "SELECT id, name, file_id FROM symbols ORDER BY file_id, line");
        while (s.step())
            byName[s.text(1)].append(Def{s.int64(0), s.int64(2)});
    }
    const QSet<QString> dirtyNames = d->dirtyNames;
    d->dirtyNames.clear();
    d->dirtyFiles.clear();
    d->pathSetChanged = false;
    Stmt &update = d->stmt("UPDATE refs SET to_symbol_id = ?2 WHERE id = ?1");
    const Private::Lease leaseUpdate{update};
    QList<QPair<qint64, qint64>> changes;
    QSet<qint64> seenRefs;
    auto consider = [&](const Stmt &refs) {
        const QByteArrayView kind(reinterpret_cast<const char *>(sqlite3_column_text(refs.raw(), 4)),
                                  sqlite3_column_bytes(refs.raw(), 4));
        if (kind == "import" || kind == "include")
            return;
        if (incremental) {
            if (seenRefs.contains(refs.int64(0)))
                return; // in a changed file and naming a changed definition
            seenRefs.insert(refs.int64(0));
        }
        const qint64 fileId = refs.int64(2);
        qint64 target = 0;
        const auto it = byName.constFind(refs.text(1));
        if (it != byName.cend()) {
            const QList<Def> &defs = *it;
            for (const Def &def : defs) {
                if (def.fileId == fileId) {
                    target = def.id;
                    break;
                }
            }
            if (!target) {
                const auto imp = imports.constFind(fileId);
                if (imp != imports.cend()) {
                    qint64 found = 0;
                    qint64 foundFile = 0;
                    bool ambiguous = false;
                    for (const Def &def : defs) {
                        if (imp->contains(def.fileId)) {
                            if (found && foundFile != def.fileId) {
                                ambiguous = true;
                                break;
                            }
                            if (!found) {
                                found = def.id;
                                foundFile = def.fileId;
                            }
                        }
                    }
                    if (!ambiguous)
                        target = found;
                }
            }
            if (!target && defs.size() == 1)
                target = defs.first().id;
        }
        if (target != refs.int64(3))
            changes.append({refs.int64(0), target});
    };
    if (incremental) {
        Stmt byFile(d->db, "SELECT id, name, file_id, COALESCE(to_symbol_id, 0), kind FROM refs WHERE file_id = ?1");
        for (qint64 f : std::as_const(refFiles)) {
            byFile.reset();
            byFile.bind(1, f);
            while (byFile.step())
                consider(byFile);
        }
        Stmt named(d->db, "SELECT id, name, file_id, COALESCE(to_symbol_id, 0), kind FROM refs WHERE name = ?1");
        for (const QString &name : dirtyNames) {
            named.reset();
            named.bind(1, name);
            while (named.step())
                consider(named);
        }
    } else {
        Stmt refs(d->db, "SELECT id, name, file_id, COALESCE(to_symbol_id, 0), kind FROM refs");
        while (refs.step())
            consider(refs);
    }
    for (const auto &[id, target] : std::as_const(changes)) {
        update.reset();
        update.bind(1, id);
        if (target)
            update.bind(2, target);
        else
            update.bindNull(2);
        if (auto r = update.exec(); !r)
            return r;
    }
    return {};
}

Result<void> IndexStore::setGitHistory(const QHash<QString, QPair<int, qint64>> &byPath)
{
    Stmt &s = d->stmt("UPDATE files SET commit_count = ?2, last_commit_time = ?3 WHERE path = ?1");
    const Private::Lease lease_s{s};
    for (auto it = byPath.cbegin(); it != byPath.cend(); ++it) {
        s.reset();
        s.bind(1, it.key()).bind(2, it.value().first).bind(3, it.value().second);
        if (auto r = s.exec(); !r)
            return r;
    }
    return {};
}

Result<void> IndexStore::optimize()
{
    return Sql::execScript(d->db, "PRAGMA optimize;");
}

QHash<QString, FileRecord> IndexStore::files() const
{
    QHash<QString, FileRecord> out;
    Stmt s(d->db, (QByteArray(kFileSelect)).constData());
    while (s.step()) {
        FileRecord f = d->readFile(s);
        out.insert(f.path, std::move(f));
    }
    return out;
}

QHash<QString, FileRecord> IndexStore::filesUnder(const QString &dir) const
{
    if (dir.isEmpty())
        return files();
    QHash<QString, FileRecord> out;
    // '0' follows '/': the range holds exactly the paths that start with "dir/".
    Stmt &s = d->stmt("SELECT id, path, language, size, mtime, content_hash, line_count, status, reason,"
                      " is_dir, commit_count, last_commit_time FROM files WHERE path > ?1 AND path < ?2");
    const Private::Lease lease_s{s};
    s.bind(1, dir + u'/').bind(2, dir + u'0');
    while (s.step()) {
        FileRecord f = d->readFile(s);
        out.insert(f.path, std::move(f));
    }
    return out;
}

std::optional<FileRecord> IndexStore::file(const QString &path) const
{
    Stmt &s = d->stmt("SELECT id, path, language, size, mtime, content_hash, line_count, status, reason,"
                      " is_dir, commit_count, last_commit_time FROM files WHERE path = ?1");
    const Private::Lease lease_s{s};
    s.bind(1, path);
    if (!s.step())
        return std::nullopt;
    return d->readFile(s);
}

std::optional<FileRecord> IndexStore::file(qint64 id) const
{
    Stmt &s = d->stmt("SELECT id, path, language, size, mtime, content_hash, line_count, status, reason,"
                      " is_dir, commit_count, last_commit_time FROM files WHERE id = ?1");
    const Private::Lease lease_s{s};
    s.bind(1, id);
    if (!s.step())
        return std::nullopt;
    return d->readFile(s);
}

QList<StatusCount> IndexStore::statusCounts() const
{
    std::map<int, StatusCount> byStatus;
    Stmt s(d->db, "SELECT status, reason, COUNT(*) FROM files GROUP BY status, reason");
    while (s.step()) {
        StatusCount &c = byStatus[s.integer(0)];
        c.status = static_cast<FileStatus>(s.integer(0));
        c.files += s.integer(2);
        if (!s.text(1).isEmpty())
            c.reasons[s.text(1)] += s.integer(2);
    }
    QList<StatusCount> out;
    for (auto &[k, v] : byStatus)
        out.append(v);
    return out;
}

int IndexStore::chunkCount() const
{
    Stmt s(d->db, "SELECT COUNT(*) FROM chunks");
    return s.step() ? s.integer(0) : 0;
}

int IndexStore::fileCount(FileStatus status) const
{
    Stmt &s = d->stmt("SELECT COUNT(*) FROM files WHERE status = ?1");
    const Private::Lease lease_s{s};
    s.bind(1, int(status));
    return s.step() ? s.integer(0) : 0;
}

Result<QList<FtsHit>> IndexStore::searchFts(const QString &match, int limit, const FtsWeights &w) const
{
    Stmt &s = d->stmt("SELECT rowid, bm25(chunks_fts, ?2, ?3, ?4, ?5, ?6, ?7) AS score FROM chunks_fts"
                      " WHERE chunks_fts MATCH ?1 ORDER BY score LIMIT ?8");
    const Private::Lease lease_s{s};
    s.bind(1, match).bind(2, w.path).bind(3, w.name).bind(4, w.signature).bind(5, w.doc);
    s.bind(6, w.text).bind(7, w.summary).bind(8, limit);
    QList<FtsHit> hits;
    while (s.step())
        hits.append(FtsHit{s.int64(0), -s.real(1)});
    if (s.failed())
        return makeError(ErrorCode::InvalidArgument, QString::fromUtf8(sqlite3_errmsg(d->db)), match);
    if (!hasDrafts())
        return hits;
    // Files not parsed yet answer from their draft windows (negative ids).
    Stmt t(d->db, "SELECT -w.id, bm25(windows_fts, ?2, ?3) AS score FROM drafts.windows_fts"
                  " JOIN drafts.windows w ON w.id = windows_fts.rowid JOIN main.files f ON f.id = w.file_id"
                  " WHERE windows_fts MATCH ?1 AND f.status = ?4 ORDER BY score LIMIT ?5");
    t.bind(1, match).bind(2, w.path).bind(3, w.text).bind(4, int(FileStatus::Pending)).bind(5, limit);
    while (t.step())
        hits.append(FtsHit{t.int64(0), -t.real(1)});
    if (t.failed())
        return makeError(ErrorCode::InvalidArgument, QString::fromUtf8(sqlite3_errmsg(d->db)), match);
    std::stable_sort(hits.begin(), hits.end(), [](const FtsHit &a, const FtsHit &b) { return a.score > b.score; });
    if (hits.size() > limit)
        hits.resize(limit);
    return hits;
}

QString IndexStore::draftsPath() const
{
    return d->path + QStringLiteral("-drafts");
}

bool IndexStore::hasDrafts() const
{
    return d->attachDrafts(draftsPath());
}

int IndexStore::draftCount() const
{
    if (!hasDrafts())
        return 0;
    Stmt s(d->db, "SELECT COUNT(*) FROM drafts.windows");
    return s.step() ? s.integer(0) : 0;
}

Result<void> IndexStore::beginDrafts()
{
    if (auto r = clearDrafts(); !r)
        return r;
    // Built under a temporary name and renamed into place once complete: readers never see a
    // half-written file. Disposable, so no journal and no syncs.
    const QString temp = draftsPath() + QStringLiteral(".tmp");
    QFile::remove(temp);
    Stmt attach(d->db, "ATTACH DATABASE ?1 AS drafts");
    attach.bind(1, temp);
    if (auto r = attach.exec(); !r)
        return r;
    d->drafts = Private::Drafts::Writing;
    return Sql::execScript(d->db, R"SQL(
PRAGMA drafts.journal_mode=OFF;
PRAGMA drafts.synchronous=OFF;
CREATE TABLE drafts.windows(
    id INTEGER PRIMARY KEY,
    file_id INTEGER NOT NULL,
    start_line INTEGER NOT NULL,
    end_line INTEGER NOT NULL,
    start_byte INTEGER NOT NULL,
    end_byte INTEGER NOT NULL,
    text TEXT NOT NULL);
CREATE VIRTUAL TABLE drafts.windows_fts USING fts5(path, text, content='', tokenize='porter repolens');
)SQL");
}

Result<void> IndexStore::addDrafts(qint64 fileId, const QString &path, const QList<Chunk> &windows)
{
    if (d->drafts != Private::Drafts::Writing)
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("no drafts are being written"));
    if (!d->draftRow) {
        d->draftRow = std::make_unique<Stmt>(d->db, "INSERT INTO drafts.windows(file_id, start_line, end_line,"
                                                    " start_byte, end_byte, text) VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
        d->draftFts = std::make_unique<Stmt>(d->db, "INSERT INTO drafts.windows_fts(rowid, path, text) VALUES (?1, ?2, ?3)");
    }
    Stmt &row = *d->draftRow;
    Stmt &fts = *d->draftFts;
    for (const Chunk &c : windows) {
        {
            const Private::Lease lease_row{row};
            row.bind(1, fileId).bind(2, c.startLine).bind(3, c.endLine).bind(4, c.startByte);
            row.bind(5, c.endByte).bind(6, c.text);
            if (auto r = row.exec(); !r)
                return r;
        }
        const Private::Lease lease_fts{fts};
        fts.bind(1, qint64(sqlite3_last_insert_rowid(d->db))).bind(2, path).bind(3, c.text);
        if (auto r = fts.exec(); !r)
            return r;
    }
    return {};
}

Result<void> IndexStore::publishDrafts()
{
    if (d->drafts != Private::Drafts::Writing)
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("no drafts are being written"));
    d->detachDrafts();
    const QString temp = draftsPath() + QStringLiteral(".tmp");
    if (::rename(QFile::encodeName(temp).constData(), QFile::encodeName(draftsPath()).constData()) != 0)
        return makeError(ErrorCode::Io, QStringLiteral("cannot publish the draft windows: %1")
                                            .arg(QString::fromLocal8Bit(std::strerror(errno))),
                         draftsPath());
    return {};
}

Result<void> IndexStore::clearDrafts()
{
    d->detachDrafts();
    for (const QString &file : QStringList{draftsPath(), draftsPath() + QStringLiteral(".tmp")}) {
        if (QFileInfo::exists(file) && !QFile::remove(file))
            return makeError(ErrorCode::Io, QStringLiteral("cannot remove the draft windows"), file);
    }
    return {};
}

std::optional<ChunkRecord> IndexStore::chunk(qint64 id) const
{
    if (id < 0) {
        if (!hasDrafts())
            return std::nullopt;
        const QByteArray sql = QByteArray(kDraftSelect) + QByteArrayView("WHERE w.id = -?1");
        Stmt s(d->db, sql.constData());
        s.bind(1, id);
        if (!s.step())
            return std::nullopt;
        return readChunk(s);
    }
    static const QByteArray sql = QByteArray(kChunkSelect) + "WHERE c.id = ?1";
    Stmt &s = d->stmt(sql.constData());
    const Private::Lease lease_s{s};
    s.bind(1, id);
    if (!s.step())
        return std::nullopt;
    return readChunk(s);
}

QList<ChunkRecord> IndexStore::chunks(const QList<qint64> &ids) const
{
    QList<ChunkRecord> out;
    out.reserve(ids.size());
    for (qint64 id : ids) {
        if (auto c = chunk(id))
            out.append(std::move(*c));
    }
    return out;
}

QList<ChunkRecord> IndexStore::chunksOfFile(qint64 fileId) const
{
    static const QByteArray sql = QByteArray(kChunkSelect) + "WHERE c.file_id = ?1 ORDER BY c.start_byte, c.id";
    Stmt &s = d->stmt(sql.constData());
    const Private::Lease lease_s{s};
    s.bind(1, fileId);
    QList<ChunkRecord> out;
    while (s.step())
        out.append(readChunk(s));
    return out;
}

QHash<QString, int> IndexStore::termDocumentFrequencies(const QStringList &terms) const
{
    QHash<QString, int> out;
    if (terms.isEmpty())
        return out;
    // fts5vocab over the porter-stemmed index: ask FTS itself with a count per term
    Stmt &s = d->stmt("SELECT COUNT(*) FROM chunks_fts WHERE chunks_fts MATCH ?1");
    const Private::Lease lease_s{s};
    for (const QString &t : terms) {
        s.reset();
        s.bind(1, u'"' + QString(t).replace(u'"', QLatin1String("\"\"")) + u'"');
        out.insert(t, s.step() ? s.integer(0) : 0);
    }
    return out;
}

QList<SymbolRecord> IndexStore::symbolsNamed(const QString &name, int limit) const
{
    static const QByteArray sql = QByteArray(kSymbolSelect) + "WHERE s.name = ?1 ORDER BY f.path, s.line LIMIT ?2";
    Stmt &s = d->stmt(sql.constData());
    const Private::Lease lease_s{s};
    s.bind(1, name).bind(2, limit);
    QList<SymbolRecord> out;
    while (s.step())
        out.append(d->readSymbol(s));
    return out;
}

QList<SymbolRecord> IndexStore::symbolsWithQualifiedName(const QString &qualifiedName, int limit) const
{
    static const QByteArray sql = QByteArray(kSymbolSelect)
                                  + "WHERE s.qualified_name = ?1 ORDER BY f.path, s.line LIMIT ?2";
    Stmt &s = d->stmt(sql.constData());
    const Private::Lease lease_s{s};
    s.bind(1, qualifiedName).bind(2, limit);
    QList<SymbolRecord> out;
    while (s.step())
        out.append(d->readSymbol(s));
    return out;
}

QList<SymbolRecord> IndexStore::symbolsOfFile(qint64 fileId) const
{
    static const QByteArray sql = QByteArray(kSymbolSelect) + "WHERE s.file_id = ?1 ORDER BY s.line";
    Stmt &s = d->stmt(sql.constData());
    const Private::Lease lease_s{s};
    s.bind(1, fileId);
    QList<SymbolRecord> out;
    while (s.step())
        out.append(d->readSymbol(s));
    return out;
}

QList<SymbolRecord> IndexStore::symbolsByPrefix(const QString &prefix, int limit) const
{
    static const QByteArray sql = QByteArray(kSymbolSelect)
                                  + "WHERE s.name >= ?1 AND s.name < ?2 ORDER BY s.name, f.path LIMIT ?3";
    Stmt &s = d->stmt(sql.constData());
    const Private::Lease lease_s{s};
    s.bind(1, prefix).bind(2, prefix + QChar(0xFFFF)).bind(3, limit);
    QList<SymbolRecord> out;
    while (s.step())
        out.append(d->readSymbol(s));
    return out;
}

std::optional<SymbolRecord> IndexStore::symbol(qint64 id) const
{
    static const QByteArray sql = QByteArray(kSymbolSelect) + "WHERE s.id = ?1";
    Stmt &s = d->stmt(sql.constData());
    const Private::Lease lease_s{s};
    s.bind(1, id);
    if (!s.step())
        return std::nullopt;
    return d->readSymbol(s);
}

void IndexStore::forEachSymbol(const std::function<void(const SymbolRecord &)> &visit) const
{
    static const QByteArray sql = QByteArray(kSymbolSelect) + "ORDER BY f.path, s.line";
    Stmt s(d->db, sql.constData());
    while (s.step())
        visit(d->readSymbol(s));
}

QList<RefRecord> IndexStore::refsNamed(const QString &name, int limit) const
{
    static const QByteArray sql = QByteArray(kRefSelect) + "WHERE r.name = ?1 ORDER BY f.path, r.line, r.col LIMIT ?2";
    Stmt &s = d->stmt(sql.constData());
    const Private::Lease lease_s{s};
    s.bind(1, name).bind(2, limit);
    QList<RefRecord> out;
    while (s.step())
        out.append(d->readRef(s));
    return out;
}

QList<RefRecord> IndexStore::refsToSymbol(qint64 symbolId, int limit) const
{
    static const QByteArray sql = QByteArray(kRefSelect)
                                  + "WHERE r.to_symbol_id = ?1 ORDER BY f.path, r.line, r.col LIMIT ?2";
    Stmt &s = d->stmt(sql.constData());
    const Private::Lease lease_s{s};
    s.bind(1, symbolId).bind(2, limit);
    QList<RefRecord> out;
    while (s.step())
        out.append(d->readRef(s));
    return out;
}

QList<RefRecord> IndexStore::refsFromChunk(qint64 chunkId) const
{
    static const QByteArray sql = QByteArray(kRefSelect) + "WHERE r.from_chunk_id = ?1 ORDER BY r.line, r.col";
    Stmt &s = d->stmt(sql.constData());
    const Private::Lease lease_s{s};
    s.bind(1, chunkId);
    QList<RefRecord> out;
    while (s.step())
        out.append(d->readRef(s));
    return out;
}

QList<RefRecord> IndexStore::refsInFile(qint64 fileId) const
{
    static const QByteArray sql = QByteArray(kRefSelect) + "WHERE r.file_id = ?1 ORDER BY r.line, r.col";
    Stmt &s = d->stmt(sql.constData());
    const Private::Lease lease_s{s};
    s.bind(1, fileId);
    QList<RefRecord> out;
    while (s.step())
        out.append(d->readRef(s));
    return out;
}

int IndexStore::refCount(const QString &name) const
{
    Stmt &s = d->stmt("SELECT COUNT(*) FROM refs WHERE name = ?1");
    const Private::Lease lease_s{s};
    s.bind(1, name);
    return s.step() ? s.integer(0) : 0;
}

Result<void> IndexStore::checkIntegrity(bool full) const
{
    Stmt s(d->db, full ? "PRAGMA integrity_check" : "PRAGMA quick_check");
    if (!s.isValid())
        return s.error();
    QStringList problems;
    while (s.step()) {
        const QString line = s.text(0);
        if (line != QLatin1String("ok"))
            problems << line;
    }
    if (s.failed())
        return makeError(ErrorCode::Corrupt, s.error().message, d->path);
    if (!problems.isEmpty())
        return makeError(ErrorCode::Corrupt, problems.mid(0, 5).join(u"; "), d->path);
    return {};
}

// === Retrieval: embeddings, embedding models, graph (issue 4) ================================

namespace {

// The retrieval tables are part of schema 1; databases written before they were added get them
// on first use (CREATE ... IF NOT EXISTS is a no-op otherwise).
const char *const kRetrievalTables = R"SQL(
CREATE TABLE IF NOT EXISTS embeddings(
    content_hash BLOB NOT NULL,
    model_id TEXT NOT NULL,
    vector BLOB NOT NULL,
    PRIMARY KEY(content_hash, model_id)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS embed_models(
    model_id TEXT PRIMARY KEY,
    dimension INTEGER NOT NULL,
    data BLOB,
    created INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;
)SQL";

Result<void> ensureRetrievalTables(sqlite3 *db)
{
    return Sql::execScript(db, kRetrievalTables);
}

} // namespace

Result<void> IndexStore::saveEmbeddingModel(const EmbeddingModel &model)
{
    if (auto r = ensureRetrievalTables(d->db); !r)
        return r;
    Stmt s(d->db, "INSERT OR REPLACE INTO embed_models(model_id, dimension, data, created) VALUES (?1, ?2, ?3, ?4)");
    s.bind(1, model.modelId).bind(2, model.dimension);
    if (model.data.isEmpty())
        s.bindNull(3);
    else
        s.bind(3, model.data);
    s.bind(4, model.created);
    return s.exec();
}

std::optional<IndexStore::EmbeddingModel> IndexStore::embeddingModel(const QString &modelId) const
{
    Stmt s(d->db, "SELECT model_id, dimension, data, created FROM embed_models WHERE model_id = ?1");
    if (!s.isValid())
        return std::nullopt;
    s.bind(1, modelId);
    if (!s.step())
        return std::nullopt;
    return EmbeddingModel{s.text(0), s.integer(1), s.blob(2), s.int64(3)};
}

QList<ChunkRecord> IndexStore::chunksWithoutEmbedding(const QString &modelId, int limit,
                                                      const QStringList &priorityPaths) const
{
    QList<ChunkRecord> out;
    const QByteArray missing = QByteArray(kChunkSelect)
                               + "WHERE NOT EXISTS (SELECT 1 FROM embeddings e WHERE e.content_hash = c.content_hash"
                                 " AND e.model_id = ?1) ";
    QSet<qint64> taken;
    if (!priorityPaths.isEmpty()) {
        const QByteArray sql = missing + "AND c.path = ?2 ORDER BY c.id";
        Stmt s(d->db, sql.constData());
        if (s.isValid()) {
            for (const QString &p : priorityPaths) {
                s.reset();
                s.bind(1, modelId).bind(2, p);
                while (out.size() < limit && s.step()) {
                    ChunkRecord c = readChunk(s);
                    taken.insert(c.id);
                    out.append(std::move(c));
                }
            }
        }
    }
    if (out.size() >= limit)
        return out;
    const QByteArray sql = missing + "ORDER BY f.mtime DESC, c.id LIMIT ?2";
    Stmt s(d->db, sql.constData());
    if (!s.isValid())
        return out;
    s.bind(1, modelId).bind(2, limit - int(out.size()) + int(taken.size()));
    while (out.size() < limit && s.step()) {
        if (taken.contains(s.int64(0)))
            continue;
        out.append(readChunk(s));
    }
    return out;
}

Result<void> IndexStore::putEmbeddings(const QString &modelId, const QList<QPair<QByteArray, QByteArray>> &rows)
{
    if (auto r = ensureRetrievalTables(d->db); !r)
        return r;
    Stmt &s = d->stmt("INSERT OR REPLACE INTO embeddings(content_hash, model_id, vector) VALUES (?1, ?2, ?3)");
    const Private::Lease lease_s{s};
    for (const auto &[hash, vector] : rows) {
        s.reset();
        s.bind(1, hash).bind(2, modelId).bind(3, vector);
        if (auto r = s.exec(); !r)
            return r;
    }
    return {};
}

int IndexStore::embeddedChunkCount(const QString &modelId) const
{
    Stmt s(d->db, "SELECT COUNT(*) FROM chunks c WHERE EXISTS (SELECT 1 FROM embeddings e"
                  " WHERE e.content_hash = c.content_hash AND e.model_id = ?1)");
    if (!s.isValid())
        return 0;
    s.bind(1, modelId);
    return s.step() ? s.integer(0) : 0;
}

void IndexStore::forEachChunkVector(const QString &modelId,
                                    const std::function<void(qint64, QByteArrayView)> &visit) const
{
    Stmt s(d->db, "SELECT c.id, e.vector FROM chunks c JOIN embeddings e ON e.content_hash = c.content_hash"
                  " AND e.model_id = ?1 ORDER BY c.id");
    if (!s.isValid())
        return;
    s.bind(1, modelId);
    while (s.step()) {
        const auto *p = static_cast<const char *>(sqlite3_column_blob(s.raw(), 1));
        visit(s.int64(0), QByteArrayView(p, sqlite3_column_bytes(s.raw(), 1)));
    }
}

QByteArray IndexStore::chunkVector(qint64 chunkId, const QString &modelId) const
{
    Stmt s(d->db, "SELECT e.vector FROM chunks c JOIN embeddings e ON e.content_hash = c.content_hash"
                  " AND e.model_id = ?2 WHERE c.id = ?1");
    if (!s.isValid())
        return {};
    s.bind(1, chunkId).bind(2, modelId);
    return s.step() ? s.blob(0) : QByteArray();
}

Result<int> IndexStore::removeOrphanEmbeddings()
{
    if (auto r = ensureRetrievalTables(d->db); !r)
        return r.error();
    if (auto r = Sql::execScript(d->db, "DELETE FROM embeddings WHERE content_hash NOT IN"
                                        " (SELECT content_hash FROM chunks)");
        !r)
        return r.error();
    return sqlite3_changes(d->db);
}

Result<void> IndexStore::removeEmbeddingModel(const QString &modelId)
{
    if (auto r = ensureRetrievalTables(d->db); !r)
        return r;
    for (const char *sql : {"DELETE FROM embeddings WHERE model_id = ?1", "DELETE FROM embed_models WHERE model_id = ?1"}) {
        Stmt s(d->db, sql);
        s.bind(1, modelId);
        if (auto r = s.exec(); !r)
            return r;
    }
    return {};
}

void IndexStore::forEachChunk(const std::function<void(const ChunkRecord &)> &visit) const
{
    static const QByteArray sql = QByteArray(kChunkSelect) + "ORDER BY c.id";
    Stmt s(d->db, sql.constData());
    while (s.step())
        visit(readChunk(s));
}

void IndexStore::forEachChunkEdge(const std::function<void(qint64, qint64)> &visit) const
{
    Stmt s(d->db, "SELECT r.from_chunk_id, s.chunk_id FROM refs r JOIN symbols s ON s.id = r.to_symbol_id"
                  " WHERE r.from_chunk_id IS NOT NULL AND s.chunk_id IS NOT NULL"
                  " AND r.kind NOT IN ('import', 'include')");
    while (s.step())
        visit(s.int64(0), s.int64(1));
}

QList<ChunkRecord> IndexStore::chunkHeaders(const QList<qint64> &ids) const
{
    QList<ChunkRecord> out;
    if (ids.isEmpty())
        return out;
    QByteArray list = "[";
    for (qint64 id : ids) {
        if (list.size() > 1)
            list += ',';
        list += QByteArray::number(id);
    }
    list += ']';
    Stmt s(d->db, "SELECT c.id, c.file_id, c.path, c.kind, c.name, c.qualified_name, c.start_line, c.end_line,"
                  " c.part, c.part_count, f.language FROM chunks c JOIN files f ON f.id = c.file_id"
                  " WHERE c.id IN (SELECT value FROM json_each(?1))");
    if (!s.isValid())
        return out;
    s.bind(1, QString::fromLatin1(list));
    out.reserve(ids.size());
    if (hasDrafts() && std::any_of(ids.cbegin(), ids.cend(), [](qint64 id) { return id < 0; })) {
        Stmt t(d->db, "SELECT -w.id, w.file_id, f.path, w.start_line, w.end_line, f.language FROM drafts.windows w"
                      " JOIN main.files f ON f.id = w.file_id WHERE -w.id IN (SELECT value FROM json_each(?1))");
        t.bind(1, QString::fromLatin1(list));
        while (t.step()) {
            ChunkRecord c;
            c.id = t.int64(0);
            c.fileId = t.int64(1);
            c.path = t.text(2);
            c.kind = ChunkKind::Text;
            c.startLine = t.integer(3);
            c.endLine = t.integer(4);
            c.language = languageFromName(t.text(5));
            out.append(std::move(c));
        }
    }
    while (s.step()) {
        ChunkRecord c;
        c.id = s.int64(0);
        c.fileId = s.int64(1);
        c.path = s.text(2);
        c.kind = chunkKindFromName(s.text(3));
        c.name = s.text(4);
        c.qualifiedName = s.text(5);
        c.startLine = s.integer(6);
        c.endLine = s.integer(7);
        c.part = s.integer(8);
        c.partCount = s.integer(9);
        c.language = languageFromName(s.text(10));
        out.append(std::move(c));
    }
    return out;
}

QString IndexStore::chunkSetFingerprint() const
{
    Stmt s(d->db, "SELECT COUNT(*), COALESCE(MAX(id), 0), COALESCE(SUM(id), 0) FROM chunks");
    if (!s.step())
        return {};
    return QStringLiteral("%1:%2:%3").arg(s.int64(0)).arg(s.int64(1)).arg(s.int64(2));
}

QList<QPair<qint64, qint64>> IndexStore::chunkFileIds() const
{
    QList<QPair<qint64, qint64>> out;
    Stmt s(d->db, "SELECT id, file_id FROM chunks ORDER BY id");
    while (s.step())
        out.append({s.int64(0), s.int64(1)});
    return out;
}

} // namespace RepoLens
