#pragma once

#include "queryanalysis.h"

#include "core/store/chunkstore.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace RepoLens {

// Per-stage scores of one hit, shown in `search --json` and the "why this result" view. Each
// ranking stage writes its own field; `final` is what the list is sorted by.
struct StageScores
{
    double bm25 = 0;     // BM25 of the chunk (higher is better): raw, then best-normalised
    int bm25Rank = 0;    // 1-based, 0 = not found by BM25
    double vector = 0;
    int vectorRank = 0;
    double lexical = 0;  // cosine of the bags of code terms (LexicalView), then best-normalised
    double title = 0;    // bug reports: BM25 of the report's title alone, then best-normalised
    int titleRank = 0;
    double symbol = 0;   // exact symbol-name match bonus
    double file = 0;     // evidence from other chunks of the same file
    double path = 0;     // the file's name matches the query
    double mention = 0;  // a bug report names the chunk or its file (0..1)
    double remote = 0;   // a remote engine found the chunk's file: its rank as a score (1 for rank 1)
    int remoteRank = 0;  // 1-based, 0 = not found by a remote engine
    double prior = 0;
    double graph = 0;
    double rerank = 0;
    double final = 0;
};

// One chunk under consideration during a search.
struct Candidate
{
    qint64 chunkId = 0;
    qint64 fileId = 0;   // known once the headers are loaded
    QString path;
    StageScores scores;
    QStringList reasons; // short human-readable notes: "defines `encode_files`"
    double base = 0;     // fused retrieval score before file evidence and priors
};

// The working set of one search: candidates by chunk id, and the light records (path, kind,
// names, lines; no text) of those that passed the filters.
class CandidateSet
{
public:
    // The candidate of a chunk, created when new.
    Candidate &operator[](qint64 chunkId);
    bool contains(qint64 chunkId) const { return m_byChunk.contains(chunkId); }
    void remove(qint64 chunkId) { m_byChunk.remove(chunkId); }
    qsizetype size() const { return m_byChunk.size(); }
    bool isEmpty() const { return m_byChunk.isEmpty(); }
    QList<qint64> ids() const { return m_byChunk.keys(); }

    using iterator = QHash<qint64, Candidate>::iterator;
    using const_iterator = QHash<qint64, Candidate>::const_iterator;
    iterator begin() { return m_byChunk.begin(); }
    iterator end() { return m_byChunk.end(); }
    const_iterator begin() const { return m_byChunk.cbegin(); }
    const_iterator end() const { return m_byChunk.cend(); }

    // Loads the headers of `ids` in one query; candidates the filters reject, or whose chunk
    // is gone, are dropped. Returns how many were kept.
    int loadHeaders(const ChunkStore &chunks, const QList<qint64> &ids, const SearchFilters &filters);
    const ChunkRecord *header(qint64 chunkId) const;
    ChunkRecord headerOrEmpty(qint64 chunkId) const { return m_headers.value(chunkId); }

    // Best first by final score, ties by path and line (the same for two indexes of the same
    // files, whatever their row ids), then chunk id.
    QList<Candidate> ranked() const;
    // The same order for pointers into the set.
    QList<Candidate *> order();
    // Whether a goes before b in that order.
    bool before(const Candidate &a, const Candidate &b) const;

private:
    QHash<qint64, Candidate> m_byChunk;
    QHash<qint64, ChunkRecord> m_headers;
};

bool acceptsChunk(const SearchFilters &filters, const ChunkRecord &chunk);

} // namespace RepoLens
