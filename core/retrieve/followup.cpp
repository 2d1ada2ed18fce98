#include "followup.h"

#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace RepoLens {

bool refersBack(const QString &question)
{
    static const QRegularExpression ws(QStringLiteral("[\\s?!.,;:]+"));
    const QStringList words = question.toLower().split(ws, Qt::SkipEmptyParts);
    if (words.isEmpty())
        return true;
    if (words.size() <= 2) // "why?", "how so?", "an example?"
        return true;
    static const QSet<QString> back = {
        QStringLiteral("it"),     QStringLiteral("its"),      QStringLiteral("it's"),    QStringLiteral("itself"),
        QStringLiteral("they"),   QStringLiteral("them"),     QStringLiteral("their"),   QStringLiteral("this"),
        QStringLiteral("these"),  QStringLiteral("those"),    QStringLiteral("above"),   QStringLiteral("previous"),
        QStringLiteral("earlier"), QStringLiteral("former"),  QStringLiteral("latter"),  QStringLiteral("same"),
        QStringLiteral("aforementioned"), QStringLiteral("said"),
    };
    for (const QString &w : words) {
        if (back.contains(w))
            return true;
    }
    // "that" points back at the start ("that seems slow; why?") or before a generic noun
    // ("that function"), not as a relative pronoun ("the function that signs the cookie").
    static const QSet<QString> generic = {
        QStringLiteral("function"), QStringLiteral("method"), QStringLiteral("class"), QStringLiteral("code"),
        QStringLiteral("file"),     QStringLiteral("one"),    QStringLiteral("part"),  QStringLiteral("call"),
        QStringLiteral("loop"),     QStringLiteral("check"),  QStringLiteral("case"),  QStringLiteral("answer"),
    };
    for (qsizetype i = 0; i < words.size(); ++i) {
        if (words.at(i) != QLatin1String("that"))
            continue;
        if (i == 0 || i + 1 == words.size() || generic.contains(words.at(i + 1)))
            return true;
    }
    const QString lower = question.trimmed().toLower();
    return lower.startsWith(QLatin1String("you said")) || lower.startsWith(QLatin1String("you mentioned"));
}

FollowUpDecision decideFollowUp(const QString &question, const QList<ContextChunk> &previous,
                                const RetrievalTrace &fresh)
{
    FollowUpDecision d;
    if (previous.isEmpty()) {
        d.reason = QStringLiteral("searched: there is no earlier context");
        return d;
    }
    if (refersBack(question)) {
        d.reuse = true;
        d.reason = QStringLiteral("context of the previous question: the question refers back to it "
                                  "(write @codebase to search again)");
        return d;
    }
    if (fresh.context.isEmpty()) {
        d.reuse = true;
        d.reason = QStringLiteral("context of the previous question: a search for this question found nothing "
                                  "(write @codebase to search again)");
        return d;
    }
    auto inPrevious = [&previous](const ContextChunk &c) {
        for (const ContextChunk &p : previous) {
            if ((c.chunkId != 0 && c.chunkId == p.chunkId)
                || (c.path == p.path && c.startLine <= p.endLine && p.startLine <= c.endLine))
                return true;
        }
        return false;
    };
    const int considered = int(std::min<qsizetype>(4, fresh.context.size()));
    int same = 0;
    for (int i = 0; i < considered; ++i)
        same += inPrevious(fresh.context.at(i)) ? 1 : 0;
    // The same code: the best chunk of the fresh search and at least half of its best were in
    // the previous context. A new best chunk means a new topic, however much else overlaps.
    if (inPrevious(fresh.context.first()) && 2 * same >= considered) {
        d.reuse = true;
        d.reason = QStringLiteral("context of the previous question: a search for this question found the same code "
                                  "(%1 of its best %2 chunks; write @codebase to search again)")
                       .arg(same)
                       .arg(considered);
        return d;
    }
    d.reason = QStringLiteral("searched again: the question is about other code than the previous one "
                              "(%1 of the best %2 chunks were in its context, the best one %3)")
                   .arg(same)
                   .arg(considered)
                   .arg(inPrevious(fresh.context.first()) ? QStringLiteral("too") : QStringLiteral("not"));
    return d;
}

} // namespace RepoLens
