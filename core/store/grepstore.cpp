#include "grepstore.h"

#include "connection_p.h"
#include "integrity.h"

#include "core/base/filestatus.h"
#include "core/base/logging.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>
#include <map>

namespace RepoLens {

using Sql::Stmt;
using Lease = Store::Connection::Lease;

namespace {

constexpr int kGrepSegmentShift = 24;
constexpr qint64 kGrepTrigramMask = 0xFFFFFF;
// The writer's buffer: (trigram, file) pairs, 8 bytes each; about 32 MB, and as much again
// while a flush sorts them.
constexpr size_t kGrepBufferPairs = size_t(4) << 20;
// Size tiers of the merge policy: a segment of `bytes` is on tier log4(bytes / 64 KiB); four
// segments on one tier are merged into one on the next.
constexpr qint64 kGrepTierBase = 64 * 1024;
constexpr int kGrepSegmentsPerTier = 4;

// Files whose text grep searches: indexed, indexed as text after a parse error, or still
// waiting for their parse during a first index (their draft windows are in the index).
#define GREP_SEARCHABLE_STATUSES "(0, 1, 7)"
static_assert(int(FileStatus::Pending) == 0 && int(FileStatus::Indexed) == 1 && int(FileStatus::ParseError) == 7);

const char *const kGrepSchema = R"SQL(
CREATE TABLE grep_files(
    file_id INTEGER PRIMARY KEY,
    segment INTEGER);
CREATE INDEX grep_files_segment ON grep_files(segment);
CREATE TABLE grep_segments(
    id INTEGER PRIMARY KEY,
    files INTEGER NOT NULL,
    postings INTEGER NOT NULL,
    bytes INTEGER NOT NULL);
CREATE TABLE grep_postings(
    key INTEGER PRIMARY KEY,
    ids BLOB NOT NULL);
)SQL";

const char *const kGrepMarkTextFilesUnindexed =
    "INSERT OR IGNORE INTO grep_files(file_id, segment) SELECT id, NULL FROM files"
    " WHERE is_dir = 0 AND status IN (1, 7);";

constexpr std::array<uchar, 256> grepFoldTable()
{
    std::array<uchar, 256> t{};
    for (int c = 0; c < 256; ++c)
        t[size_t(c)] = GrepStore::foldByte(uchar(c));
    return t;
}
constexpr std::array<uchar, 256> kGrepFold = grepFoldTable();

void grepPutVarint(QByteArray &out, quint32 v)
{
    while (v >= 0x80) {
        out.append(char(v | 0x80));
        v >>= 7;
    }
    out.append(char(v));
}

// Appends the ids of a posting list (ascending varint deltas) to `out`; false when the bytes
// are not a well-formed list.
bool grepDecodePostings(const uchar *p, qsizetype n, std::vector<quint32> &out)
{
    const uchar *end = p + n;
    quint64 value = 0;
    bool first = true;
    while (p < end) {
        quint64 delta = 0;
        int shift = 0;
        for (;;) {
            if (p == end || shift > 28)
                return false;
            const uchar b = *p++;
            delta |= quint64(b & 0x7f) << shift;
            if (!(b & 0x80))
                break;
            shift += 7;
        }
        if (!first && delta == 0)
            return false; // ids strictly ascend
        value += delta;
        if (value > 0xFFFFFFFFu)
            return false;
        out.push_back(quint32(value));
        first = false;
    }
    return true;
}

// A sorted union of sorted lists (each without duplicates).
void grepUnionInto(std::vector<quint32> &acc, const std::vector<quint32> &more)
{
    if (more.empty())
        return;
    if (acc.empty()) {
        acc = more;
        return;
    }
    std::vector<quint32> merged;
    merged.reserve(acc.size() + more.size());
    std::set_union(acc.cbegin(), acc.cend(), more.cbegin(), more.cend(), std::back_inserter(merged));
    acc.swap(merged);
}

QByteArray grepJsonIds(const std::vector<quint32> &ids)
{
    QByteArray json;
    json.reserve(qsizetype(ids.size()) * 7 + 2);
    json.append('[');
    for (size_t i = 0; i < ids.size(); ++i) {
        if (i)
            json.append(',');
        json.append(QByteArray::number(ids[i]));
    }
    json.append(']');
    return json;
}

QByteArray grepJsonIds(const QList<qint64> &ids)
{
    QByteArray json = "[";
    for (qsizetype i = 0; i < ids.size(); ++i) {
        if (i)
            json.append(',');
        json.append(QByteArray::number(ids[i]));
    }
    json.append(']');
    return json;
}

int grepTierOf(qint64 bytes)
{
    int tier = 0;
    for (qint64 b = bytes / kGrepTierBase; b > 0; b /= kGrepSegmentsPerTier)
        ++tier;
    return tier;
}

} // namespace

class GrepStore::Private
{
public:
    explicit Private(Store::Connection &c)
        : c(c)
    {
    }

    Store::Connection &c;

    // The writer's buffer.
    std::vector<quint64> pairs;   // trigram << 32 | file id
    std::vector<quint32> files;   // buffered files, in order
    QSet<quint32> buffered;
    QSet<quint32> twice;          // buffered twice (its text changed again): left unindexed
    bool ascending = true;        // file ids arrived ascending: a radix sort by trigram suffices
    quint32 lastId = 0;

    Result<qint64> nextSegmentId() const
    {
        Stmt &s = c.stmt("SELECT COALESCE(MAX(id), 0) + 1 FROM grep_segments");
        const Lease lease_s{s};
        if (!s.step())
            return s.failed() ? Result<qint64>(s.error()) : Result<qint64>(qint64(1));
        return s.int64(0);
    }

    void sortPairs()
    {
        if (!ascending) {
            std::sort(pairs.begin(), pairs.end());
            return;
        }
        // Stable LSD radix sort on the 24 trigram bits (two passes of 12): the ids of one
        // trigram keep their (ascending) order.
        std::vector<quint64> tmp(pairs.size());
        for (int pass = 0; pass < 2; ++pass) {
            std::vector<size_t> count(4097, 0);
            const int shift = 32 + pass * 12;
            for (quint64 x : pairs)
                ++count[((x >> shift) & 4095) + 1];
            for (size_t i = 0; i < 4096; ++i)
                count[i + 1] += count[i];
            for (quint64 x : pairs)
                tmp[count[(x >> shift) & 4095]++] = x;
            pairs.swap(tmp);
        }
    }

    Result<void> writeSegmentRow(qint64 id, int fileCount, qint64 postings, qint64 bytes)
    {
        Stmt &s = c.stmt("INSERT INTO grep_segments(id, files, postings, bytes) VALUES (?1, ?2, ?3, ?4)");
        const Lease lease_s{s};
        s.bind(1, id).bind(2, fileCount).bind(3, postings).bind(4, bytes);
        return s.exec();
    }

    Result<void> writePostings(qint64 segment, Trigram t, const QByteArray &blob)
    {
        Stmt &s = c.stmt("INSERT INTO grep_postings(key, ids) VALUES (?1, ?2)");
        const Lease lease_s{s};
        s.bind(1, (segment << kGrepSegmentShift) | qint64(t)).bind(2, blob);
        return s.exec();
    }

    Result<void> merge(const QList<GrepSegment> &segments);

    Error damaged(qint64 segment) const
    {
        const QString reason = QStringLiteral("the grep index's postings of segment %1 cannot be read").arg(segment);
        Damage::mark(c.path, reason);
        return makeError(ErrorCode::Corrupt, reason, c.path);
    }
};

GrepStore::GrepStore(Store::Connection &connection)
    : d(std::make_unique<Private>(connection))
{
}

GrepStore::~GrepStore() = default;

const char *GrepStore::schema()
{
    return kGrepSchema;
}

const char *GrepStore::migration()
{
    static const QByteArray sql = QByteArray(kGrepSchema) + kGrepMarkTextFilesUnindexed;
    return sql.constData();
}

std::vector<Trigram> GrepStore::trigramsOf(QByteArrayView utf8)
{
    std::vector<Trigram> out;
    const qsizetype n = utf8.size();
    if (n < 3)
        return out;
    // One bit per possible trigram (2 MiB per thread), cleared again through the list found.
    thread_local std::unique_ptr<quint64[]> seen(new quint64[size_t(1) << 18]());
    quint64 *bits = seen.get();
    const auto *p = reinterpret_cast<const uchar *>(utf8.data());
    out.reserve(size_t(std::min<qsizetype>(n, 1 << 16)));
    Trigram t = (Trigram(kGrepFold[p[0]]) << 8) | kGrepFold[p[1]];
    for (qsizetype i = 2; i < n; ++i) {
        t = ((t << 8) | kGrepFold[p[i]]) & 0xFFFFFF;
        quint64 &word = bits[t >> 6];
        const quint64 bit = quint64(1) << (t & 63);
        if (!(word & bit)) {
            word |= bit;
            out.push_back(t);
        }
    }
    for (Trigram x : out)
        bits[x >> 6] = 0;
    return out;
}

Result<void> GrepStore::setUnindexed(qint64 fileId)
{
    // An UPDATE, then an INSERT when there was no row: no statement savepoint (see FileStore).
    {
        Stmt &u = d->c.stmt("UPDATE grep_files SET segment = NULL WHERE file_id = ?1");
        const Lease lease_u{u};
        u.bind(1, fileId);
        if (auto r = u.exec(); !r)
            return r;
    }
    if (sqlite3_changes(d->c.db) > 0)
        return {};
    Stmt &s = d->c.stmt("INSERT INTO grep_files(file_id, segment) VALUES (?1, NULL)");
    const Lease lease_s{s};
    s.bind(1, fileId);
    return s.exec();
}

Result<void> GrepStore::remove(qint64 fileId)
{
    Stmt &s = d->c.stmt("DELETE FROM grep_files WHERE file_id = ?1");
    const Lease lease_s{s};
    s.bind(1, fileId);
    return s.exec();
}

void GrepStore::add(qint64 fileId, std::vector<Trigram> trigrams)
{
    if (fileId <= 0 || fileId > qint64(0xFFFFFFFFu))
        return; // stays unindexed: scanned by every search
    const auto id = quint32(fileId);
    if (d->buffered.contains(id)) {
        d->twice.insert(id);
    } else {
        d->buffered.insert(id);
        d->files.push_back(id);
    }
    if (id <= d->lastId)
        d->ascending = false;
    d->lastId = std::max(d->lastId, id);
    // Grown by doubling: a reserve() of the exact new size at every file copied the whole buffer
    // each time (quadratic, and fresh pages to fault in at every copy).
    const size_t needed = d->pairs.size() + trigrams.size();
    if (needed > d->pairs.capacity())
        d->pairs.reserve(std::max(needed, 2 * d->pairs.capacity()));
    for (Trigram t : trigrams)
        d->pairs.push_back((quint64(t) << 32) | id);
}

int GrepStore::bufferedFiles() const
{
    return int(d->files.size());
}

bool GrepStore::isBuffered(qint64 fileId) const
{
    return fileId > 0 && fileId <= qint64(0xFFFFFFFFu) && d->buffered.contains(quint32(fileId));
}

bool GrepStore::bufferFull() const
{
    return d->pairs.size() >= kGrepBufferPairs;
}

void GrepStore::dropBuffer()
{
    d->pairs = {};
    d->files = {};
    d->buffered.clear();
    d->twice.clear();
    d->ascending = true;
    d->lastId = 0;
}

Result<void> GrepStore::flush()
{
    if (d->files.empty())
        return {};
    auto segment = d->nextSegmentId();
    if (!segment)
        return segment.error();
    d->sortPairs();
    qint64 postings = 0;
    qint64 bytes = 0;
    QByteArray blob;
    const std::vector<quint64> &pairs = d->pairs;
    for (size_t i = 0; i < pairs.size();) {
        const auto t = Trigram(pairs[i] >> 32);
        blob.clear();
        quint32 last = 0;
        bool first = true;
        for (; i < pairs.size() && Trigram(pairs[i] >> 32) == t; ++i) {
            const auto id = quint32(pairs[i]);
            if (!first && id == last)
                continue; // a file buffered twice
            grepPutVarint(blob, id - last);
            last = id;
            first = false;
            ++postings;
        }
        bytes += blob.size();
        if (auto r = d->writePostings(*segment, t, blob); !r)
            return r;
    }
    int fileCount = 0;
    {
        Stmt &s = d->c.stmt("UPDATE grep_files SET segment = ?1 WHERE file_id = ?2 AND segment IS NULL");
        const Lease lease_s{s};
        for (quint32 id : d->files) {
            if (d->twice.contains(id))
                continue;
            s.reset();
            s.bind(1, *segment).bind(2, qint64(id));
            if (auto r = s.exec(); !r)
                return r;
            fileCount += sqlite3_changes(d->c.db);
        }
    }
    if (auto r = d->writeSegmentRow(*segment, fileCount, postings, bytes); !r)
        return r;
    qCDebug(lcStore) << "grep segment" << *segment << ":" << d->files.size() << "files," << postings << "postings,"
                     << bytes << "bytes";
    // Keep the buffer's memory for the next batch of the same run.
    d->pairs.clear();
    d->files.clear();
    d->buffered.clear();
    d->twice.clear();
    d->ascending = true;
    d->lastId = 0;
    return {};
}

QList<GrepSegment> GrepStore::segments() const
{
    QList<GrepSegment> out;
    Stmt &s = d->c.stmt("SELECT s.id, s.files, s.postings, s.bytes,"
                        " (SELECT COUNT(*) FROM grep_files g WHERE g.segment = s.id) FROM grep_segments s ORDER BY s.id");
    if (!s.isValid())
        return out;
    const Lease lease_s{s};
    while (s.step())
        out.append(GrepSegment{s.int64(0), s.integer(1), s.integer(4), s.int64(2), s.int64(3)});
    return out;
}

Result<void> GrepStore::maintain(int *merged)
{
    if (merged)
        *merged = 0;
    for (;;) {
        const QList<GrepSegment> all = segments();
        if (all.size() < 2)
            return {};
        // Postings of old text: a segment's share of files it no longer describes.
        double dead = 0;
        double total = 0;
        for (const GrepSegment &s : all) {
            total += double(s.postings);
            if (s.files > 0)
                dead += double(s.postings) * double(s.files - s.liveFiles) / double(s.files);
        }
        QList<GrepSegment> pick;
        if (total > 0 && dead > total / 2) {
            pick = all;
        } else {
            std::map<int, int> perTier;
            for (const GrepSegment &s : all)
                ++perTier[grepTierOf(s.bytes)];
            int full = -1;
            for (const auto &[tier, count] : perTier) {
                if (count >= kGrepSegmentsPerTier) {
                    full = tier;
                    break;
                }
            }
            if (full < 0)
                return {};
            for (const GrepSegment &s : all) {
                if (grepTierOf(s.bytes) <= full)
                    pick.append(s);
            }
        }
        if (auto r = d->merge(pick); !r)
            return r;
        if (merged)
            *merged += int(pick.size());
    }
}

Result<void> GrepStore::mergeAll()
{
    const QList<GrepSegment> all = segments();
    if (all.size() < 2 && (all.isEmpty() || all.first().liveFiles == all.first().files))
        return {};
    return d->merge(all);
}

Result<void> GrepStore::Private::merge(const QList<GrepSegment> &segments)
{
    if (segments.isEmpty())
        return {};
    auto target = nextSegmentId();
    if (!target)
        return target.error();
    QList<qint64> ids;
    for (const GrepSegment &s : segments)
        ids.append(s.id);
    // Which segment describes each file's current text: only those postings are kept. (Looked
    // up once per posting: a flat table by file id, a hash for ids too large for one.)
    std::vector<qint64> live;
    QHash<quint32, qint64> liveSparse;
    constexpr qint64 kFlatIds = qint64(8) << 20;
    int liveFiles = 0;
    {
        Stmt s(c.db, "SELECT file_id, segment FROM grep_files WHERE segment IN (SELECT value FROM json_each(?1))"
                     " ORDER BY file_id DESC");
        s.bind(1, QString::fromLatin1(grepJsonIds(ids)));
        while (s.step()) {
            const qint64 id = s.int64(0);
            if (id <= 0 || id > qint64(0xFFFFFFFFu))
                continue;
            if (id < kFlatIds) {
                if (live.empty())
                    live.assign(size_t(id) + 1, 0);
                live[size_t(id)] = s.int64(1);
            } else {
                liveSparse.insert(quint32(id), s.int64(1));
            }
            ++liveFiles;
        }
        if (s.failed())
            return s.error();
    }
    Stmt read(c.db, "SELECT key, ids FROM grep_postings WHERE key BETWEEN ?1 AND ?2");
    if (!read.isValid())
        return read.error();
    qint64 postings = 0;
    qint64 bytes = 0;
    // One window of trigrams (by their first byte) at a time: all of it is read, then written,
    // so no statement reads the table while it changes, and memory stays bounded.
    for (int first = 0; first < 256; ++first) {
        const qint64 lo = qint64(first) << 16;
        const qint64 hi = lo | 0xFFFF;
        std::map<Trigram, std::vector<std::pair<qint64, QByteArray>>> window;
        for (qint64 segment : std::as_const(ids)) {
            read.reset();
            read.bind(1, (segment << kGrepSegmentShift) | lo).bind(2, (segment << kGrepSegmentShift) | hi);
            while (read.step())
                window[Trigram(read.int64(0) & kGrepTrigramMask)].emplace_back(segment, read.blob(1));
            if (read.failed())
                return read.error();
        }
        read.reset();
        std::vector<quint32> list;
        std::vector<quint32> kept;
        std::vector<quint32> merged;
        QByteArray blob;
        for (const auto &[trigram, parts] : window) {
            merged.clear();
            for (const auto &[segment, data] : parts) {
                list.clear();
                if (!grepDecodePostings(reinterpret_cast<const uchar *>(data.constData()), data.size(), list))
                    return damaged(segment);
                kept.clear();
                for (quint32 id : list) {
                    const qint64 current = id < live.size() ? live[id] : liveSparse.value(id, 0);
                    if (current == segment)
                        kept.push_back(id);
                }
                grepUnionInto(merged, kept);
            }
            if (merged.empty())
                continue;
            blob.clear();
            quint32 last = 0;
            for (quint32 id : merged) {
                grepPutVarint(blob, id - last);
                last = id;
            }
            postings += qint64(merged.size());
            bytes += blob.size();
            if (auto r = writePostings(*target, trigram, blob); !r)
                return r;
        }
    }
    for (qint64 segment : std::as_const(ids)) {
        Stmt del(c.db, "DELETE FROM grep_postings WHERE key BETWEEN ?1 AND ?2");
        del.bind(1, segment << kGrepSegmentShift).bind(2, (segment << kGrepSegmentShift) | kGrepTrigramMask);
        if (auto r = del.exec(); !r)
            return r;
    }
    {
        Stmt del(c.db, "DELETE FROM grep_segments WHERE id IN (SELECT value FROM json_each(?1))");
        del.bind(1, QString::fromLatin1(grepJsonIds(ids)));
        if (auto r = del.exec(); !r)
            return r;
    }
    {
        Stmt move(c.db, "UPDATE grep_files SET segment = ?1 WHERE segment IN (SELECT value FROM json_each(?2))");
        move.bind(1, *target).bind(2, QString::fromLatin1(grepJsonIds(ids)));
        if (auto r = move.exec(); !r)
            return r;
    }
    qCDebug(lcStore) << "grep segments" << ids << "merged into" << *target << ":" << liveFiles << "files," << postings
                     << "postings," << bytes << "bytes";
    if (liveFiles == 0)
        return {}; // nothing current was in them
    return writeSegmentRow(*target, liveFiles, postings, bytes);
}

Result<void> GrepStore::reset()
{
    dropBuffer();
    return Sql::execScript(d->c.db, "DELETE FROM grep_postings; DELETE FROM grep_segments;"
                                    " UPDATE grep_files SET segment = NULL;");
}

Result<bool> GrepStore::repairMissingTables()
{
    int present = 0;
    {
        Stmt s(d->c.db, "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table'"
                        " AND name IN ('grep_files', 'grep_segments', 'grep_postings')");
        if (!s.step())
            return s.error();
        present = s.integer(0);
    }
    if (present == 3)
        return false;
    qCWarning(lcStore) << "the grep index is missing from" << d->c.path << ": it is rebuilt";
    d->c.clearStatements();
    dropBuffer();
    const QByteArray sql = "BEGIN IMMEDIATE; DROP TABLE IF EXISTS grep_files; DROP TABLE IF EXISTS grep_segments;"
                           " DROP TABLE IF EXISTS grep_postings;"
                           + QByteArray(migration()) + "COMMIT;";
    if (auto r = Sql::execScript(d->c.db, sql.constData()); !r) {
        Sql::execScript(d->c.db, "ROLLBACK");
        return r.error();
    }
    return true;
}

GrepIndexStats GrepStore::stats() const
{
    GrepIndexStats out;
    Stmt s(d->c.db, "SELECT (SELECT COUNT(*) FROM grep_files), (SELECT COUNT(*) FROM grep_files WHERE segment IS NULL),"
                    " (SELECT COUNT(*) FROM grep_segments), (SELECT COALESCE(SUM(postings), 0) FROM grep_segments),"
                    " (SELECT COALESCE(SUM(bytes), 0) FROM grep_segments)");
    if (s.step()) {
        out.searchable = s.integer(0);
        out.unindexed = s.integer(1);
        out.segments = s.integer(2);
        out.postings = s.int64(3);
        out.bytes = s.int64(4);
    }
    return out;
}

int GrepStore::searchableCount() const
{
    Stmt &s = d->c.stmt("SELECT COUNT(*) FROM grep_files");
    if (!s.isValid())
        return 0;
    const Lease lease_s{s};
    return s.step() ? s.integer(0) : 0;
}

Result<std::vector<quint32>> GrepStore::filesWith(Trigram trigram) const
{
    Stmt &s = d->c.stmt("SELECT s.id, p.ids FROM grep_segments s JOIN grep_postings p ON p.key = (s.id << 24) | ?1");
    if (!s.isValid())
        return s.error();
    const Lease lease_s{s};
    s.bind(1, qint64(trigram & kGrepTrigramMask));
    std::vector<quint32> out;
    std::vector<quint32> part;
    int parts = 0;
    while (s.step()) {
        const auto *blob = static_cast<const uchar *>(sqlite3_column_blob(s.raw(), 1));
        const int size = sqlite3_column_bytes(s.raw(), 1);
        std::vector<quint32> &into = parts == 0 ? out : part;
        into.clear();
        if (!grepDecodePostings(blob, size, into))
            return d->damaged(s.int64(0));
        if (parts > 0)
            grepUnionInto(out, part);
        ++parts;
    }
    if (s.failed())
        return s.error();
    return out;
}

std::optional<std::vector<quint32>> GrepStore::filesMayHold(QByteArrayView utf8) const
{
    std::vector<Trigram> trigrams = trigramsOf(utf8);
    if (trigrams.empty() || searchableCount() == 0)
        return std::nullopt;
    // the rarest first: the intersection is small from the start and may end early
    std::vector<std::pair<qint64, Trigram>> bySize;
    for (const Trigram t : trigrams)
        bySize.emplace_back(postingBytes(t), t);
    std::sort(bySize.begin(), bySize.end());
    std::vector<quint32> files;
    for (size_t i = 0; i < bySize.size(); ++i) {
        auto with = filesWith(bySize[i].second);
        if (!with)
            return std::nullopt;
        if (i == 0) {
            files = std::move(*with);
        } else {
            std::vector<quint32> both;
            std::set_intersection(files.cbegin(), files.cend(), with->cbegin(), with->cend(), std::back_inserter(both));
            files.swap(both);
        }
        if (files.empty())
            break;
    }
    auto out = withUnindexed(files);
    if (!out)
        return std::nullopt;
    return std::move(*out);
}

Result<std::vector<quint32>> GrepStore::withUnindexed(const std::vector<quint32> &ids) const
{
    auto unread = unindexedFiles();
    if (!unread)
        return unread.error();
    std::vector<quint32> out;
    out.reserve(ids.size() + unread->size());
    std::set_union(ids.cbegin(), ids.cend(), unread->cbegin(), unread->cend(), std::back_inserter(out));
    return out;
}

qint64 GrepStore::postingBytes(Trigram trigram) const
{
    Stmt &s = d->c.stmt("SELECT COALESCE(SUM(length(p.ids)), 0) FROM grep_segments s"
                        " JOIN grep_postings p ON p.key = (s.id << 24) | ?1");
    if (!s.isValid())
        return 0;
    const Lease lease_s{s};
    s.bind(1, qint64(trigram & kGrepTrigramMask));
    return s.step() ? s.int64(0) : 0;
}

Result<std::vector<quint32>> GrepStore::unindexedFiles() const
{
    Stmt &s = d->c.stmt("SELECT file_id FROM grep_files WHERE segment IS NULL ORDER BY file_id");
    if (!s.isValid())
        return s.error();
    const Lease lease_s{s};
    std::vector<quint32> out;
    while (s.step()) {
        const qint64 id = s.int64(0);
        if (id > 0 && id <= qint64(0xFFFFFFFFu))
            out.push_back(quint32(id));
    }
    if (s.failed())
        return s.error();
    return out;
}

Result<QList<GrepFile>> GrepStore::files(const std::vector<quint32> *ids) const
{
    QList<GrepFile> out;
    auto read = [&](Stmt &s) -> Result<QList<GrepFile>> {
        while (s.step())
            out.append(GrepFile{s.int64(0), s.text(1), languageFromName(s.text(2))});
        if (s.failed())
            return s.error();
        return out;
    };
    if (!ids) {
        Stmt &s = d->c.stmt("SELECT f.id, f.path, f.language FROM grep_files g JOIN files f ON f.id = g.file_id"
                            " WHERE f.is_dir = 0 AND f.status IN " GREP_SEARCHABLE_STATUSES);
        if (!s.isValid()) {
            // No grep tables (an index of an older schema, opened read-only before its upgrade,
            // or one whose grep tables were lost): the files with text, from the files table.
            Stmt old(d->c.db, "SELECT id, path, language FROM files WHERE is_dir = 0 AND status IN (1, 7)");
            return read(old);
        }
        const Lease lease_s{s};
        return read(s);
    }
    if (ids->empty())
        return out;
    Stmt &s = d->c.stmt("SELECT f.id, f.path, f.language FROM grep_files g JOIN files f ON f.id = g.file_id"
                        " WHERE g.file_id IN (SELECT value FROM json_each(?1))"
                        " AND f.is_dir = 0 AND f.status IN " GREP_SEARCHABLE_STATUSES);
    if (!s.isValid())
        return s.error();
    const Lease lease_s{s};
    s.bind(1, QString::fromLatin1(grepJsonIds(*ids)));
    return read(s);
}

} // namespace RepoLens
