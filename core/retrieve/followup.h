#pragma once

#include "contextretriever.h"

#include <QList>
#include <QString>

namespace RepoLens {

// A follow-up question re-uses the previous answer's context only when it is about it: it
// refers back to it ("why is it cached?", "and the tests for this?", "how so?"), or its own
// search finds mostly the same code. Otherwise the question is searched afresh. `reason` is
// the note shown with the answer.
struct FollowUpDecision
{
    bool reuse = false;
    QString reason;
};

// English words that point back at the previous answer (it, this, these, they, ...), or a
// question too short to search on its own.
bool refersBack(const QString &question);

// fresh: the follow-up's own retrieval. Re-use when its best chunk and at least half of its
// best chunks (up to 4) are in, or overlap, the previous context, or when it found nothing at
// all.
FollowUpDecision decideFollowUp(const QString &question, const QList<ContextChunk> &previous,
                                const RetrievalTrace &fresh);

} // namespace RepoLens
