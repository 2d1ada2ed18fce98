#include "queryexpansion.h"

#include "core/search/query.h"
#include "core/search/queryanalysis.h"

#include <QRegularExpression>

namespace RepoLens {

QString searchableText(const QString &text, int maxChars)
{
    QString t = text.left(maxChars);
    // "path: str" in generated code must not become a path filter.
    static const QRegularExpression filterish(QStringLiteral("\\b(lang|language|path|file|kind):"),
                                              QRegularExpression::CaseInsensitiveOption);
    t.replace(filterish, QStringLiteral("\\1 "));
    return t;
}

bool hydeDecision(const QString &question, QString *reason)
{
    auto say = [reason](const QString &r) {
        if (reason)
            *reason = r;
    };
    const ParsedQuery parsed = parseQuery(question);
    const QueryRoute route = routeQuery(parsed);
    if (route.kind == QueryRoute::Kind::Callers || route.kind == QueryRoute::Kind::Callees) {
        say(QStringLiteral("a reference-graph question"));
        return false;
    }
    static const QRegularExpression ws(QStringLiteral("\\s+"));
    const int words = int(parsed.text.split(ws, Qt::SkipEmptyParts).size());
    if (route.kind == QueryRoute::Kind::Symbol || (!parsed.identifiers.isEmpty() && words <= 6)) {
        say(QStringLiteral("the question names code identifiers"));
        return false;
    }
    if (words >= 8) {
        say(QStringLiteral("a long natural-language question (%1 words)").arg(words));
        return true;
    }
    if (words >= 4 && parsed.identifiers.isEmpty()) {
        say(QStringLiteral("a vague question naming no identifier"));
        return true;
    }
    say(QStringLiteral("a short question (%1 words)").arg(words));
    return false;
}

QString unfencedText(const QString &text)
{
    QString t = text.trimmed();
    if (t.startsWith(QLatin1String("```"))) {
        const qsizetype nl = t.indexOf(u'\n');
        t = nl < 0 ? QString() : t.mid(nl + 1);
        const qsizetype end = t.lastIndexOf(QLatin1String("```"));
        if (end >= 0)
            t = t.left(end);
    }
    return t.trimmed();
}

} // namespace RepoLens
