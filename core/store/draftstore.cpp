#include "draftstore.h"

#include "chunkstore_p.h"
#include "connection_p.h"
#include "fts5tokenizer_p.h"

#include "core/base/filestatus.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include <sys/stat.h>

namespace RepoLens {

using Sql::Stmt;
using Lease = Store::Connection::Lease;

namespace {

// A draft window read as a chunk: negative id, kind "text", no names.
const char *const kDraftSelect =
    "SELECT -w.id, w.file_id, f.path, 'text', '', '', 0, w.start_line, w.end_line, w.start_byte,"
    " w.end_byte, 0, 0, '', '', w.text, '', x'', f.language FROM drafts.windows w JOIN main.files f"
    " ON f.id = w.file_id ";

} // namespace

class DraftStore::Private
{
public:
    explicit Private(Store::Connection &c)
        : c(c)
    {
    }

    Store::Connection &c;
    // Written once by the indexer (Writing), read by any connection (Reading) while the file
    // exists; a newer file (a new first index) is attached again.
    enum class State { None, Writing, Reading };
    State state = State::None;
    ino_t inode = 0;
    std::unique_ptr<Stmt> row; // the writer's prepared inserts
    std::unique_ptr<Stmt> fts;
    std::shared_ptr<const FtsPreTokenizer> ownTokenizer; // for add() without tokens

    void detach()
    {
        if (state == State::None)
            return;
        row.reset();
        fts.reset();
        Sql::execScript(c.db, "DETACH DATABASE drafts");
        state = State::None;
        inode = 0;
    }

    bool attach(const QString &file)
    {
        if (state == State::Writing)
            return true;
        struct stat st = {};
        const bool exists = ::stat(QFile::encodeName(file).constData(), &st) == 0;
        if (state == State::Reading && exists && st.st_ino == inode)
            return true;
        detach();
        if (!exists)
            return false;
        Stmt attachFile(c.db, "ATTACH DATABASE ?1 AS drafts");
        attachFile.bind(1, file);
        if (!attachFile.exec())
            return false;
        Stmt probe(c.db, "SELECT 1 FROM drafts.windows LIMIT 1");
        if (!probe.isValid()) { // not (yet) a drafts database: ignore it
            Sql::execScript(c.db, "DETACH DATABASE drafts");
            return false;
        }
        state = State::Reading;
        inode = st.st_ino;
        return true;
    }
};

DraftStore::DraftStore(Store::Connection &connection)
    : d(std::make_unique<Private>(connection))
{
}

DraftStore::~DraftStore() = default;

QString DraftStore::path() const
{
    return d->c.path + QStringLiteral("-drafts");
}

void DraftStore::detach()
{
    d->detach();
}

bool DraftStore::exists() const
{
    return d->attach(path());
}

int DraftStore::count() const
{
    if (!exists())
        return 0;
    Stmt s(d->c.db, "SELECT COUNT(*) FROM drafts.windows");
    return s.step() ? s.integer(0) : 0;
}

Result<void> DraftStore::begin()
{
    if (auto r = clear(); !r)
        return r;
    // Built under a temporary name and renamed into place once complete: readers never see a
    // half-written file. Disposable, so no journal and no syncs.
    const QString temp = path() + QStringLiteral(".tmp");
    QFile::remove(temp);
    Stmt attach(d->c.db, "ATTACH DATABASE ?1 AS drafts");
    attach.bind(1, temp);
    if (auto r = attach.exec(); !r)
        return r;
    d->state = Private::State::Writing;
    return Sql::execScript(d->c.db, R"SQL(
PRAGMA drafts.page_size=65536;
PRAGMA drafts.cache_size=-32768;
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
CREATE VIRTUAL TABLE drafts.windows_fts USING fts5(path, text, content='', tokenize='repolens_pre');
INSERT INTO drafts.windows_fts(windows_fts, rank) VALUES ('hashsize', 33554432);
)SQL");
}

Result<std::shared_ptr<const FtsPreTokenizer>> DraftStore::preTokenizer(int threads) const
{
    auto made = makePreTokenizer(d->c.db, threads);
    if (!made)
        return made.error();
    return std::shared_ptr<const FtsPreTokenizer>(std::move(*made));
}

DraftStore::Tokens DraftStore::encode(const FtsPreTokenizer &tokenizer, const QString &path, const QList<Chunk> &windows)
{
    Tokens t;
    t.path = tokenizer.encode(path.toUtf8());
    t.windows.reserve(windows.size());
    for (const Chunk &c : windows)
        t.windows.append(tokenizer.encode(c.text.toUtf8()));
    return t;
}

Result<void> DraftStore::add(qint64 fileId, const QString &path, const QList<Chunk> &windows, const Tokens *tokens)
{
    if (d->state != Private::State::Writing)
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("no drafts are being written"));
    Tokens own;
    if (!tokens || tokens->windows.size() != windows.size()) {
        if (!d->ownTokenizer) {
            auto made = preTokenizer(1);
            if (!made)
                return made.error();
            d->ownTokenizer = std::move(*made);
        }
        own = encode(*d->ownTokenizer, path, windows);
        tokens = &own;
    }
    if (!d->row) {
        d->row = std::make_unique<Stmt>(d->c.db, "INSERT INTO drafts.windows(file_id, start_line, end_line,"
                                                 " start_byte, end_byte, text) VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
        d->fts = std::make_unique<Stmt>(d->c.db, "INSERT INTO drafts.windows_fts(rowid, path, text) VALUES (?1, ?2, ?3)");
    }
    Stmt &row = *d->row;
    Stmt &fts = *d->fts;
    for (qsizetype i = 0; i < windows.size(); ++i) {
        const Chunk &c = windows.at(i);
        {
            const Lease lease_row{row};
            row.bind(1, fileId).bind(2, c.startLine).bind(3, c.endLine).bind(4, c.startByte);
            row.bind(5, c.endByte).bind(6, c.text);
            if (auto r = row.exec(); !r)
                return r;
        }
        const Lease lease_fts{fts};
        fts.bind(1, qint64(sqlite3_last_insert_rowid(d->c.db)));
        fts.bindUtf8(2, tokens->path).bindUtf8(3, tokens->windows.at(i));
        if (auto r = fts.exec(); !r)
            return r;
    }
    return {};
}

Result<void> DraftStore::publish()
{
    if (d->state != Private::State::Writing)
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("no drafts are being written"));
    d->detach();
    const QString temp = path() + QStringLiteral(".tmp");
    if (::rename(QFile::encodeName(temp).constData(), QFile::encodeName(path()).constData()) != 0)
        return makeError(ErrorCode::Io, QStringLiteral("cannot publish the draft windows: %1")
                                            .arg(QString::fromLocal8Bit(std::strerror(errno))),
                         path());
    return {};
}

Result<void> DraftStore::clear()
{
    d->detach();
    for (const QString &file : QStringList{path(), path() + QStringLiteral(".tmp")}) {
        if (QFileInfo::exists(file) && !QFile::remove(file))
            return makeError(ErrorCode::Io, QStringLiteral("cannot remove the draft windows"), file);
    }
    return {};
}

std::optional<ChunkRecord> DraftStore::window(qint64 negativeId) const
{
    if (negativeId >= 0 || !exists())
        return std::nullopt;
    static const QByteArray sql = QByteArray(kDraftSelect) + "WHERE w.id = -?1";
    Stmt s(d->c.db, sql.constData());
    s.bind(1, negativeId);
    if (!s.step())
        return std::nullopt;
    return Store::readChunk(s);
}

Result<QList<FtsHit>> DraftStore::search(const QString &match, int limit, const FtsWeights &w) const
{
    QList<FtsHit> hits;
    if (!exists())
        return hits;
    Stmt t(d->c.db, "SELECT -w.id, bm25(windows_fts, ?2, ?3) AS score FROM drafts.windows_fts"
                    " JOIN drafts.windows w ON w.id = windows_fts.rowid JOIN main.files f ON f.id = w.file_id"
                    " WHERE windows_fts MATCH ?1 AND f.status = ?4 ORDER BY score LIMIT ?5");
    t.bind(1, match).bind(2, w.path).bind(3, w.text).bind(4, int(FileStatus::Pending)).bind(5, limit);
    while (t.step())
        hits.append(FtsHit{t.int64(0), -t.real(1)});
    if (t.failed())
        return makeError(ErrorCode::InvalidArgument, QString::fromUtf8(sqlite3_errmsg(d->c.db)), match);
    return hits;
}

QList<ChunkRecord> DraftStore::headers(const QList<qint64> &ids) const
{
    QList<ChunkRecord> out;
    if (!std::any_of(ids.cbegin(), ids.cend(), [](qint64 id) { return id < 0; }) || !exists())
        return out;
    Stmt t(d->c.db, "SELECT -w.id, w.file_id, f.path, w.start_line, w.end_line, f.language FROM drafts.windows w"
                    " JOIN main.files f ON f.id = w.file_id WHERE -w.id IN (SELECT value FROM json_each(?1))");
    t.bind(1, Store::jsonIdList(ids));
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
    return out;
}

} // namespace RepoLens
