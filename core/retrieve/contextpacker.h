#pragma once

#include "contextchunk.h"

#include <QList>
#include <QString>

namespace RepoLens {

// Why a candidate was or was not sent.
struct PackDecision
{
    int candidate = 0;      // index into the candidates
    bool included = false;
    int number = 0;         // citation number when included
    int tokens = 0;
    QString reason;         // "", "overlaps [2]", "over the budget (...)"
    QString withheld;       // where credentials were withheld from the chunk (see ContextChunk)
};

struct PackedContext
{
    QList<ContextChunk> chunks;     // numbered 1..n in the order sent
    QList<PackDecision> decisions;  // one per candidate, same order as the candidates
    int tokens = 0;
    int withheld = 0;               // chunks sent with credentials withheld
};

// Fills a token budget best-first: candidates in the order given (pinned mentions and graph
// paths first, then search results); a chunk overlapping one already taken (same file,
// intersecting lines, neither being the other's class skeleton) is skipped, one too big for
// what is left is skipped while smaller ones may still fit. With `withholdSecrets` every
// chunk goes through the withholding stage (core/base/secrets.h) first: credentials are
// replaced by "[withheld: KIND]" (line breaks kept) and the chunk says where.
PackedContext packContext(const QList<ContextChunk> &candidates, int budgetTokens, bool withholdSecrets = true);

} // namespace RepoLens
