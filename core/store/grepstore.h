#pragma once

#include "core/base/result.h"
#include "core/parse/language.h"

#include <QByteArrayView>
#include <QList>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace RepoLens {

namespace Store {
struct Connection;
}

// A trigram of the grep index: three consecutive bytes of a file's UTF-8 text with the ASCII
// letters A-Z folded to lower case, as (b0 << 16) | (b1 << 8) | b2. Folding only ASCII keeps
// the mapping byte-wise (a substring of the text maps to a substring of the folded text), so
// one posting list serves case-sensitive and case-insensitive searches.
using Trigram = quint32;

// One segment of the postings: the trigrams of the files flushed together.
struct GrepSegment
{
    qint64 id = 0;
    int files = 0;        // files whose trigrams it received
    int liveFiles = 0;    // of those, files whose current text it still describes
    qint64 postings = 0;  // (trigram, file) pairs
    qint64 bytes = 0;     // size of its posting lists
};

struct GrepIndexStats
{
    int searchable = 0;   // files whose text grep searches
    int unindexed = 0;    // of those, files not in the postings yet (scanned by every grep)
    int segments = 0;
    qint64 postings = 0;
    qint64 bytes = 0;     // posting lists
};

// A searchable file as grep reads it.
struct GrepFile
{
    qint64 id = 0;
    QString path;
    LanguageId language = LanguageId::None;
};

// The grep index: for every trigram, the files whose text contains it (posting lists of file
// ids), so that an exact or regular-expression search reads only the files that can match
// and verifies them against their text. Our own format in plain tables, chosen over an FTS5
// trigram table by measurement (docs/architecture.md): the same size, a tenth of the cost to
// build, because each file's distinct trigrams are found in one pass over its bytes and
// inverted in memory.
//
//   grep_files      one row per searchable file: the segment that holds the trigrams of its
//                   current text, or NULL while it holds none ("unindexed": every search reads
//                   the file, so the index is never wrong, only slower, while it catches up)
//   grep_segments   the segments
//   grep_postings   key = segment << 24 | trigram -> ascending file ids, varint deltas
//
// A file whose text changes becomes unindexed; the writer buffers the trigrams of the files it
// parses and flushes them as a new segment (which makes them indexed) when the buffer is full
// or the run ends. A new segment does not rewrite the old ones: the old text's postings stay
// until a merge drops them (they can only add candidates, which verification discards).
// Merges follow size tiers, so each posting is rewritten a few times at most.
//
// A view over the connection of an IndexStore (IndexStore::grep()). Reads may run on any
// read-only instance; writes belong to the writer.
class GrepStore
{
public:
    explicit GrepStore(Store::Connection &connection);
    ~GrepStore();
    GrepStore(const GrepStore &) = delete;
    GrepStore &operator=(const GrepStore &) = delete;

    // Part of schema 4: the grep tables.
    static const char *schema();
    // The migration to schema 4: the tables, and every file that has text in the index marked
    // unindexed (the next run of the indexer builds their postings).
    static const char *migration();

    // --- trigrams ------------------------------------------------------------------------------
    static constexpr uchar foldByte(uchar c) { return c >= 'A' && c <= 'Z' ? uchar(c | 0x20) : c; }
    static constexpr Trigram trigram(uchar a, uchar b, uchar c)
    {
        return (Trigram(foldByte(a)) << 16) | (Trigram(foldByte(b)) << 8) | Trigram(foldByte(c));
    }
    // Every distinct trigram of the text, in the order of first appearance. Thread-safe.
    static std::vector<Trigram> trigramsOf(QByteArrayView utf8);

    // --- writing (ReadWrite only, inside the owner's transaction) ------------------------------
    // The file is searchable and its text changed (or is new): unindexed until a flush.
    Result<void> setUnindexed(qint64 fileId);
    // The file is not searchable any more (removed, ignored, binary, ...).
    Result<void> remove(qint64 fileId);
    // Buffers the trigrams of a file's current text (after setUnindexed) for the next flush.
    void add(qint64 fileId, std::vector<Trigram> trigrams);
    int bufferedFiles() const;
    bool isBuffered(qint64 fileId) const;
    // The buffer is over its memory budget: flush() it.
    bool bufferFull() const;
    // Writes the buffered trigrams as a new segment; the files in it become indexed (unless
    // they changed again meanwhile). Nothing when the buffer is empty.
    Result<void> flush();
    void dropBuffer();
    // Merges segments (size tiers, or all of them once most of their postings describe old
    // text), in the caller's transaction. `merged`: how many segments were merged.
    Result<void> maintain(int *merged = nullptr);
    // Merges every segment into one (tests, benchmarks).
    Result<void> mergeAll();
    // Drops every posting list: every searchable file is unindexed (and rebuilt by the
    // indexer). Repairs postings that cannot be read.
    Result<void> reset();
    // On opening for writing: creates the grep tables when they are missing (an index whose
    // grep tables were lost) and marks every file with text unindexed. True when it did.
    Result<bool> repairMissingTables();

    // --- reading -------------------------------------------------------------------------------
    GrepIndexStats stats() const;
    QList<GrepSegment> segments() const;
    int searchableCount() const;
    // Ascending ids of the files whose postings contain the trigram, over every segment.
    // Postings that do not decode fail with Corrupt (the file is marked damaged, integrity.h).
    Result<std::vector<quint32>> filesWith(Trigram trigram) const;
    // Bytes of the trigram's posting lists over every segment (how selective it is).
    qint64 postingBytes(Trigram trigram) const;
    // The unindexed files' ids, ascending.
    Result<std::vector<quint32>> unindexedFiles() const;
    // `ids` (ascending) and the unindexed files' ids, ascending: what a narrowed search reads.
    Result<std::vector<quint32>> withUnindexed(const std::vector<quint32> &ids) const;
    // Ascending ids of the files whose text may hold `utf8` (case-insensitively): every
    // trigram of it is in their postings, or the index has not read them yet. Nothing when the
    // index cannot say: no searchable file, a literal shorter than a trigram, unreadable postings.
    std::optional<std::vector<quint32>> filesMayHold(QByteArrayView utf8) const;
    // The searchable files among `ids` (ascending), or every searchable file when ids is null,
    // with path and language; in no particular order.
    Result<QList<GrepFile>> files(const std::vector<quint32> *ids) const;

private:
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace RepoLens
