#include "indexstore.h"

#include "connection_p.h"
#include "fts5tokenizer_p.h"
#include "integrity.h"

#include "core/base/logging.h"
#include "core/base/paths.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

#include <thread>

#include <unistd.h>

namespace RepoLens {

using Sql::Stmt;
using Lease = Store::Connection::Lease;

namespace {

// Schema 1 is the sum of each store's section, in this order, plus the meta table.
Result<void> createSchemaV1(sqlite3 *db)
{
    for (const char *section : {"CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;",
                                FileStore::schemaV1(), ChunkStore::schemaV1(), SymbolStore::schemaV1(),
                                EmbeddingStore::schemaV1(), SymbolStore::graphIndexes()}) {
        if (auto r = Sql::execScript(db, section); !r)
            return r;
    }
    return {};
}

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
// 3 -> 4: the grep index (core/store/grepstore.h); files with text wait for their postings.
const Migration kMigrations[] = {
    {1, kMigrate1To2},
    {2, kMigrate2To3},
    {3, GrepStore::migration()},
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

// Reads the schema and touches every table and index (its root page and first leaf, a few
// pages each): a zeroed or overwritten page there fails with SQLITE_CORRUPT. Cheap, unlike
// PRAGMA quick_check, which reads every page. Tables are read NOT INDEXED (SQLite would
// otherwise scan a smaller covering index instead), each index through INDEXED BY.
Result<void> probeSchema(sqlite3 *db)
{
    struct Object
    {
        QByteArray type, name, table;
        bool isVirtual = false;
    };
    QList<Object> objects;
    {
        Stmt q(db, "SELECT type, name, tbl_name, sql LIKE 'CREATE VIRTUAL%' FROM sqlite_master"
                   " WHERE type IN ('table', 'index') ORDER BY rootpage");
        if (!q.isValid())
            return q.error();
        while (q.step())
            objects.append({q.text(0).toUtf8(), q.text(1).toUtf8(), q.text(2).toUtf8(), q.integer(3) != 0});
        if (q.failed())
            return q.error();
    }
    auto quoted = [](QByteArray name) -> QByteArray { return QByteArray(1, '"') + name.replace('"', "\"\"") + '"'; };
    for (const Object &o : std::as_const(objects)) {
        const bool index = o.type == "index";
        QByteArray sql = "SELECT 1 FROM " + quoted(index ? o.table : o.name);
        if (index)
            sql += " INDEXED BY " + quoted(o.name);
        else if (!o.isVirtual)
            sql += " NOT INDEXED";
        sql += " LIMIT 1";
        Stmt q(db, sql.constData());
        if (q.isValid())
            q.step();
        const int rc = q.isValid() ? q.code() : sqlite3_errcode(db);
        if (rc == SQLITE_ROW || rc == SQLITE_DONE)
            continue;
        // An index the planner cannot scan this way is not damage; anything on a table is.
        if (!index || Sql::isDamage(rc))
            return q.error();
    }
    return {};
}

// The schema version in the meta table: 0 for a new database (no meta table or no row), an
// error when it cannot be read (not "empty": a damaged page must not look like a new index).
Result<int> readSchemaVersion(sqlite3 *db)
{
    {
        Stmt exists(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'");
        if (!exists.isValid())
            return exists.error();
        const bool found = exists.step();
        if (exists.failed())
            return exists.error();
        if (!found)
            return 0;
    }
    Stmt q(db, "SELECT value FROM meta WHERE key = 'schema_version'");
    if (!q.isValid())
        return q.error();
    if (q.step())
        return q.text(0).toInt();
    if (q.failed())
        return q.error();
    return 0;
}

// The vector index files (vectors-<model>.idx, core/embed) beside a database.
void removeVectorFiles(const QString &dbPath)
{
    const QDir dir = QFileInfo(dbPath).absoluteDir();
    for (const QString &name : dir.entryList({QStringLiteral("vectors-*.idx"), QStringLiteral("vectors-*.idx.tmp")},
                                             QDir::Files | QDir::Hidden)) {
        if (QFile::remove(dir.filePath(name)))
            qCInfo(lcStore) << "removed the vector index of the old database:" << name;
    }
}

} // namespace

class IndexStore::Private
{
public:
    Store::Connection c;
    Mode mode = Mode::ReadWrite;
    bool folderReadOnly = false; // a ReadOnly store in a folder that cannot be written
    DraftStore drafts{c};
    FileStore files{c};
    ChunkStore chunks{c, drafts};
    SymbolStore symbols{c};
    EmbeddingStore embeddings{c};
    GrepStore grep{c};

    Result<void> createOrMigrate();
    // An index of the current schema: the graph indexes of an interrupted bulk load, grep
    // tables that went missing.
    Result<void> repairCurrent();
};

IndexStore::IndexStore()
    : d(std::make_unique<Private>())
{
}

IndexStore::~IndexStore()
{
    d->drafts.detach();
    Store::closeSibling(d->c);
    d->c.clearStatements();
    Sql::close(d->c.db);
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

namespace Store {

namespace {

// SQLite counts every allocation under one process-wide mutex unless told not to (its own
// documentation recommends turning that off); two connections that read at once (a split
// ranked read) would take turns at it. It can only be set before SQLite starts, so it is set
// when this library is loaded. Nothing here reads SQLite's memory statistics.
[[maybe_unused]] const int kNoMemoryStatistics = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);

} // namespace

// The functions and settings every connection to an index has.
Result<void> prepareConnection(sqlite3 *raw, bool readOnly)
{
    if (auto r = registerCodeTokenizer(raw); !r)
        return r.error();
    if (auto r = registerRankFunction(raw); !r)
        return r.error();
    // A reader maps as much of the file as SQLite allows (2 GB here): a search reads a few
    // hundred chunks' rows scattered over the file, and a mapped page costs no read and no copy.
    // The writer maps 256 MB, so that an index's build does not count its file in its memory.
    if (auto r = Sql::execScript(raw, "PRAGMA temp_store=MEMORY; PRAGMA cache_size=-32768;"); !r)
        return r.error();
    return Sql::execScript(raw, readOnly ? "PRAGMA mmap_size=2147418112;" : "PRAGMA mmap_size=268435456;");
}

Connection *openSibling(const Connection &c)
{
    if (c.sibling || c.siblingTried)
        return c.sibling.get();
    c.siblingTried = true;
    if (!c.readOnly || std::thread::hardware_concurrency() < 2)
        return nullptr;
    auto handle = Sql::open(c.path, true, 5000, c.immutable);
    if (!handle)
        return nullptr;
    auto sibling = std::make_unique<Connection>();
    sibling->path = c.path;
    sibling->readOnly = true;
    sibling->immutable = c.immutable;
    sibling->db = *handle;
    sibling->siblingTried = true; // (no sibling of its own)
    if (!prepareConnection(sibling->db, true)) {
        Sql::close(sibling->db);
        return nullptr;
    }
    c.sibling = std::move(sibling);
    return c.sibling.get();
}

void closeSibling(const Connection &c)
{
    if (!c.sibling)
        return;
    c.sibling->clearStatements();
    Sql::close(c.sibling->db);
    c.sibling.reset();
}

} // namespace Store

Result<std::unique_ptr<IndexStore>> IndexStore::open(const QString &dbPath, Mode mode)
{
    std::unique_ptr<IndexStore> store(new IndexStore);
    store->d->c.path = dbPath;
    store->d->mode = mode;
    store->d->c.readOnly = mode == Mode::ReadOnly;
    const QString dir = QFileInfo(dbPath).absolutePath();
    if (mode == Mode::ReadWrite) {
        if (!QDir().mkpath(dir))
            return makeError(ErrorCode::PermissionDenied, QStringLiteral("cannot create the data folder"), dir);
        if (!QFileInfo(dir).isWritable())
            return makeError(ErrorCode::ReadOnly,
                             QStringLiteral("the data folder is read-only; the index cannot be written"), dir);
        // Damage met earlier (by a search, another process, a run cut short): rebuild.
        if (const auto damage = Damage::reason(dbPath))
            return makeError(ErrorCode::Corrupt, QStringLiteral("damage was found while it was used: %1").arg(*damage),
                             dbPath);
    } else if (!QFileInfo::exists(dbPath)) {
        return makeError(ErrorCode::NotFound, QStringLiteral("no index for this folder yet"), dbPath);
    }
    if (auto r = checkDatabaseHeader(dbPath); !r)
        return r.error();
    // A data folder that cannot be written: WAL mode needs the -shm file, so a database without
    // a live WAL is opened as immutable (nobody can change it while it cannot be written).
    bool immutable = false;
    if (mode == Mode::ReadOnly && ::access(encodePath(dir).constData(), W_OK) != 0) {
        store->d->folderReadOnly = true;
        const QFileInfo wal(dbPath + QStringLiteral("-wal"));
        immutable = !(wal.exists() && wal.size() > 0 && QFileInfo::exists(dbPath + QStringLiteral("-shm")));
    }
    auto handle = Sql::open(dbPath, mode == Mode::ReadOnly, 5000, immutable);
    if (!handle)
        return handle.error();
    store->d->c.db = *handle;
    store->d->c.immutable = immutable;
    sqlite3 *raw = store->d->c.db;
    if (auto r = Store::prepareConnection(raw, mode == Mode::ReadOnly); !r)
        return r.error();
    // Is it a database at all, and can its schema and the first page of every table be read?
    // (a corrupt or foreign file, a zeroed or overwritten page of the schema fails here)
    if (auto r = probeSchema(raw); !r) {
        Error e = r.error();
        if (e.code == ErrorCode::Database)
            e.code = ErrorCode::Corrupt;
        e.context = dbPath;
        if (e.code == ErrorCode::Corrupt)
            Damage::mark(dbPath, e.message);
        return e;
    }
    if (mode == Mode::ReadWrite) {
        if (sqlite3_db_readonly(raw, "main") == 1)
            return makeError(ErrorCode::ReadOnly,
                             QStringLiteral("the index file is read-only; it cannot be updated"), dbPath);
        if (auto r = Sql::execScript(raw, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
                                          " PRAGMA journal_size_limit=67108864;");
            !r)
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
        auto read = readSchemaVersion(raw);
        if (!read) {
            Error e = read.error();
            e.context = dbPath;
            return e;
        }
        const int version = *read;
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
    sqlite3 *db = c.db;
    const QString &path = c.path;
    auto read = readSchemaVersion(db);
    if (!read) {
        Error e = read.error();
        e.context = path;
        return e;
    }
    int version = *read;
    if (version > kSchemaVersion)
        return makeError(ErrorCode::SchemaTooNew, QStringLiteral("the index was written by a newer RepoLens"), path);
    if (version == kSchemaVersion)
        return repairCurrent();
    if (auto r = Sql::execScript(db, "BEGIN IMMEDIATE"); !r)
        return r;
    // Another process may have created or migrated the schema since the look above: read the
    // version again inside the write transaction (two first indexes racing on a new folder
    // failed with "table files already exists").
    if (auto again = readSchemaVersion(db); again) {
        version = *again;
    } else {
        Sql::execScript(db, "ROLLBACK");
        Error e = again.error();
        e.context = path;
        return e;
    }
    if (version >= kSchemaVersion) {
        Sql::execScript(db, "ROLLBACK");
        if (version > kSchemaVersion)
            return makeError(ErrorCode::SchemaTooNew, QStringLiteral("the index was written by a newer RepoLens"), path);
        return repairCurrent();
    }
    Result<void> r;
    const int from = version;
    if (version == 0) {
        // A new index: vector files left by an index that was deleted belong to nobody.
        removeVectorFiles(path);
        r = createSchemaV1(db);
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

Result<void> IndexStore::Private::repairCurrent()
{
    if (auto r = Sql::execScript(c.db, SymbolStore::graphIndexes()); !r)
        return r;
    if (auto r = grep.repairMissingTables(); !r)
        return r.error();
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
    // Draft windows belong to the old file ids: not worth keeping; nor are the vector indexes
    // built from its vectors (caches: the new index builds its own).
    QFile::remove(dbPath + QStringLiteral("-drafts"));
    QFile::remove(dbPath + QStringLiteral("-drafts.tmp"));
    removeVectorFiles(dbPath);
    Damage::clear(dbPath);
    qCWarning(lcStore) << "moved a corrupt index aside:" << target;
    return target;
}

QString IndexStore::path() const
{
    return d->c.path;
}

IndexStore::Mode IndexStore::mode() const
{
    return d->mode;
}

bool IndexStore::canBeUpdated() const
{
    return d->mode == Mode::ReadWrite || !d->folderReadOnly;
}

std::optional<QString> IndexStore::damage() const
{
    return Damage::reason(d->c.path);
}

QString IndexStore::meta(const QString &key, const QString &fallback) const
{
    Stmt q(d->c.db, "SELECT value FROM meta WHERE key = ?1");
    if (!q.isValid())
        return fallback;
    q.bind(1, key);
    return q.step() ? q.text(0) : fallback;
}

qint64 IndexStore::dataVersion() const
{
    Stmt q(d->c.db, "PRAGMA data_version");
    return q.isValid() && q.step() ? q.int64(0) : -1;
}

Result<void> IndexStore::setMeta(const QString &key, const QString &value)
{
    Stmt &s = d->c.stmt("INSERT OR REPLACE INTO meta(key, value) VALUES (?1, ?2)");
    const Lease lease_s{s};
    s.bind(1, key).bind(2, value);
    return s.exec();
}

Result<void> IndexStore::beginTransaction()
{
    return Sql::execScript(d->c.db, "BEGIN IMMEDIATE");
}

Result<void> IndexStore::commit()
{
    return Sql::execScript(d->c.db, "COMMIT");
}

void IndexStore::rollback()
{
    if (!sqlite3_get_autocommit(d->c.db))
        Sql::execScript(d->c.db, "ROLLBACK");
}

FileStore &IndexStore::files()
{
    return d->files;
}

const FileStore &IndexStore::files() const
{
    return d->files;
}

ChunkStore &IndexStore::chunks()
{
    return d->chunks;
}

const ChunkStore &IndexStore::chunks() const
{
    return d->chunks;
}

DraftStore &IndexStore::drafts()
{
    return d->drafts;
}

const DraftStore &IndexStore::drafts() const
{
    return d->drafts;
}

SymbolStore &IndexStore::symbols()
{
    return d->symbols;
}

const SymbolStore &IndexStore::symbols() const
{
    return d->symbols;
}

EmbeddingStore &IndexStore::embeddings()
{
    return d->embeddings;
}

const EmbeddingStore &IndexStore::embeddings() const
{
    return d->embeddings;
}

GrepStore &IndexStore::grep()
{
    return d->grep;
}

const GrepStore &IndexStore::grep() const
{
    return d->grep;
}

Result<void> IndexStore::replaceFileContent(qint64 fileId, const QString &path, const ParseResult &parsed,
                                            bool fresh)
{
    d->c.changes.files.insert(fileId);
    for (const Symbol &sym : parsed.symbols)
        d->c.changes.names.insert(sym.name);
    if (!fresh)
        d->c.noteDirtyFile(fileId);
    if (auto r = d->grep.setUnindexed(fileId); !r)
        return r;
    auto ids = d->chunks.replace(fileId, path, parsed.chunks, fresh);
    if (!ids)
        return ids.error();
    return d->symbols.replace(fileId, parsed.symbols, parsed.refs, *ids, fresh);
}

Result<void> IndexStore::clearFileContent(qint64 fileId)
{
    d->c.noteDirtyFile(fileId);
    if (auto r = d->grep.remove(fileId); !r)
        return r;
    if (auto r = d->chunks.removeOfFile(fileId); !r)
        return r;
    return d->symbols.removeOfFile(fileId);
}

Result<void> IndexStore::removeFile(const QString &path)
{
    const auto f = d->files.file(path);
    if (!f)
        return {};
    if (auto r = clearFileContent(f->id); !r)
        return r;
    if (f->status == FileStatus::Indexed)
        d->c.changes.pathSetChanged = true;
    return d->files.remove(f->id);
}

Result<void> IndexStore::beginBulkLoad()
{
    d->c.clearStatements(); // cached statements may use the indexes
    if (auto r = Sql::execScript(d->c.db, "INSERT INTO chunks_fts(chunks_fts, rank) VALUES ('hashsize', 33554432);"); !r)
        return r;
    // The pages of a bulk load reach the database file every 128 MB of log, not every 4 MB: the
    // b-tree and FTS pages that every batch changes are copied once per checkpoint, not once
    // per batch (stress tree: the writer 139-152 s -> 126-130 s). The log is cut back to 64 MB
    // when it is next reset (journal_size_limit, set at open).
    if (auto r = Sql::execScript(d->c.db, "PRAGMA wal_autocheckpoint=32768;"); !r)
        return r;
    return Sql::execScript(d->c.db, SymbolStore::dropGraphIndexes());
}

Result<void> IndexStore::endBulkLoad()
{
    d->c.clearStatements();
    // (should it fail, the log is checkpointed every 128 MB instead: slower to replay, no harm)
    if (auto r = Sql::execScript(d->c.db, "PRAGMA wal_autocheckpoint=1000;"); !r)
        qCWarning(lcStore) << "bulk load: the log's checkpoint interval stays at 128 MB:" << r.error().message;
    return Sql::execScript(d->c.db, SymbolStore::graphIndexes());
}

Result<void> IndexStore::optimize()
{
    return Sql::execScript(d->c.db, "PRAGMA optimize;");
}

Result<void> IndexStore::checkIntegrity(bool full) const
{
    Stmt s(d->c.db, full ? "PRAGMA integrity_check" : "PRAGMA quick_check");
    if (!s.isValid())
        return s.error();
    QStringList problems;
    while (s.step()) {
        const QString line = s.text(0);
        if (line != QLatin1String("ok"))
            problems << line;
    }
    if (s.failed())
        return makeError(ErrorCode::Corrupt, s.error().message, d->c.path);
    if (!problems.isEmpty()) {
        const QString reason = QStringLiteral("the integrity check found: %1").arg(problems.mid(0, 5).join(u"; "));
        Sql::markDamaged(d->c.db, d->c.path, reason);
        return makeError(ErrorCode::Corrupt, reason, d->c.path);
    }
    return {};
}

} // namespace RepoLens
