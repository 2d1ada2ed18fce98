#include "contextpacker.h"

namespace RepoLens {

namespace {

// Whether two chunks cover the same code: same file and intersecting lines, unless one is the
// other's class skeleton (a skeleton and one of its members carry different text).
bool packedRangesOverlap(const ContextChunk &a, const ContextChunk &b)
{
    if (a.path != b.path)
        return false;
    if (a.startLine <= 0 || b.startLine <= 0)
        return a.chunkId != 0 && a.chunkId == b.chunkId;
    if (a.endLine < b.startLine || b.endLine < a.startLine)
        return false;
    // A class skeleton and one of its members carry different text.
    if ((a.chunkId && b.parentChunkId == a.chunkId) || (b.chunkId && a.parentChunkId == b.chunkId))
        return false;
    return true;
}

} // namespace

PackedContext packContext(const QList<ContextChunk> &candidates, int budgetTokens, bool withholdSecrets)
{
    PackedContext out;
    int used = 0;
    for (qsizetype i = 0; i < candidates.size(); ++i) {
        ContextChunk c = candidates.at(i);
        PackDecision d;
        d.candidate = int(i);
        if (withholdSecrets)
            withholdFrom(c);
        d.withheld = c.withheld;
        c.number = int(out.chunks.size()) + 1;
        d.tokens = estimateTokens(formatContextChunk(c)) + 2;
        bool skip = false;
        for (const ContextChunk &taken : std::as_const(out.chunks)) {
            if (packedRangesOverlap(c, taken)) {
                d.reason = QStringLiteral("overlaps [%1]").arg(taken.number);
                skip = true;
                break;
            }
        }
        if (!skip && used + d.tokens > budgetTokens) {
            d.reason = QStringLiteral("over the budget (%1 tokens, %2 left)").arg(d.tokens).arg(budgetTokens - used);
            skip = true;
        }
        if (!skip) {
            d.included = true;
            d.number = c.number;
            c.tokens = d.tokens;
            used += d.tokens;
            if (!c.withheld.isEmpty())
                ++out.withheld;
            out.chunks.append(c);
        }
        out.decisions.append(d);
    }
    out.tokens = used;
    return out;
}

} // namespace RepoLens
