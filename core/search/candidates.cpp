#include "candidates.h"

#include <algorithm>

namespace RepoLens {


bool acceptsChunk(const SearchFilters &filters, const ChunkRecord &rec)
{
    return filters.isEmpty()
           || ((filters.languages.isEmpty() || filters.languages.contains(rec.language))
               && (filters.kinds.isEmpty() || filters.kinds.contains(rec.kind)) && filters.acceptsPath(rec.path));
}

Candidate &CandidateSet::operator[](qint64 chunkId)
{
    Candidate &c = m_byChunk[chunkId];
    c.chunkId = chunkId;
    return c;
}

int CandidateSet::loadHeaders(const ChunkStore &chunks, const QList<qint64> &ids, const SearchFilters &filters)
{
    QSet<qint64> kept;
    for (ChunkRecord &rec : chunks.headers(ids)) {
        if (!acceptsChunk(filters, rec))
            continue;
        Candidate &c = (*this)[rec.id];
        c.path = rec.path;
        c.fileId = rec.fileId;
        kept.insert(rec.id);
        m_headers.insert(rec.id, std::move(rec));
    }
    for (qint64 id : ids) {
        if (!kept.contains(id))
            m_byChunk.remove(id);
    }
    return int(kept.size());
}

const ChunkRecord *CandidateSet::header(qint64 chunkId) const
{
    const auto it = m_headers.constFind(chunkId);
    return it == m_headers.cend() ? nullptr : &*it;
}

bool CandidateSet::before(const Candidate &a, const Candidate &b) const
{
    if (a.scores.final != b.scores.final)
        return a.scores.final > b.scores.final;
    // ties by place in the tree, not by row id (which depends on the order files were written)
    if (a.path != b.path)
        return a.path < b.path;
    const ChunkRecord *ha = header(a.chunkId);
    const ChunkRecord *hb = header(b.chunkId);
    const int la = ha ? ha->startLine : 0;
    const int lb = hb ? hb->startLine : 0;
    if (la != lb)
        return la < lb;
    return a.chunkId < b.chunkId;
}

QList<Candidate> CandidateSet::ranked() const
{
    QList<Candidate> out;
    out.reserve(m_byChunk.size());
    for (const Candidate &c : m_byChunk)
        out.append(c);
    std::sort(out.begin(), out.end(), [this](const Candidate &a, const Candidate &b) { return before(a, b); });
    return out;
}

QList<Candidate *> CandidateSet::order()
{
    QList<Candidate *> out;
    out.reserve(m_byChunk.size());
    for (Candidate &c : m_byChunk)
        out.append(&c);
    std::sort(out.begin(), out.end(), [this](const Candidate *a, const Candidate *b) { return before(*a, *b); });
    return out;
}

} // namespace RepoLens
