#include "queryanalysis.h"

#include "core/store/codetokens.h"

#include <QRegularExpression>

#include <algorithm>

namespace RepoLens {

QueryRoute routeQuery(const ParsedQuery &q)
{
    QueryRoute route;
    const QString text = q.text.trimmed();
    // A name may end in `!` or `?` (Ruby's `save!` and `empty?`, Julia's `push!`, Elixir's
    // `fetch!`): kept in the symbol; a `?` that turns out to end the question instead is dropped
    // by the graph route when no symbol has it (GraphRoute).
    static const QString ident = QStringLiteral("`?([A-Za-z_][A-Za-z0-9_]*(?:(?:\\.|::|#)[A-Za-z_~][A-Za-z0-9_]*)*[!?]?)(?:\\(\\))?`?");
    static const QRegularExpression callers(
        QStringLiteral("^(?:who|what|which\\s+\\w+)\\s+(?:calls|uses|references|invokes|instantiates)\\s+%1\\s*\\??$"
                       "|^where\\s+(?:is|are)\\s+%1\\s+(?:used|called|referenced|invoked|instantiated)\\s*\\??$"
                       "|^(?:callers|usages|uses|references)\\s+(?:of|to)\\s+%1\\s*\\??$"
                       "|^find\\s+(?:all\\s+)?(?:callers|usages|references)\\s+(?:of|to)\\s+%1\\s*\\??$")
            .arg(ident),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression callees(
        QStringLiteral("^what\\s+(?:does|do)\\s+%1\\s+(?:call|use|invoke)\\s*\\??$"
                       "|^(?:callees|calls)\\s+(?:of|from|in)\\s+%1\\s*\\??$")
            .arg(ident),
        QRegularExpression::CaseInsensitiveOption);
    auto captured = [](const QRegularExpressionMatch &m) {
        for (int i = 1; i <= m.lastCapturedIndex(); ++i) {
            if (!m.captured(i).isEmpty())
                return m.captured(i);
        }
        return QString();
    };
    if (const auto m = callers.match(text); m.hasMatch()) {
        route.kind = QueryRoute::Kind::Callers;
        route.symbol = captured(m);
        return route;
    }
    if (const auto m = callees.match(text); m.hasMatch()) {
        route.kind = QueryRoute::Kind::Callees;
        route.symbol = captured(m);
        return route;
    }
    // identifier-like: one to three words, each an identifier that looks like code
    static const QRegularExpression ws(QStringLiteral("\\s+"));
    const QStringList words = text.split(ws, Qt::SkipEmptyParts);
    if (!words.isEmpty() && words.size() <= 3) {
        bool allCode = true;
        for (const QString &w : words) {
            QString bare = w;
            bare.remove(u'`');
            if (bare.endsWith(QLatin1String("()")))
                bare.chop(2);
            static const QRegularExpression identRe(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*(?:(?:\\.|::)[A-Za-z_~][A-Za-z0-9_]*)*$"));
            const bool isIdent = identRe.match(bare).hasMatch();
            const bool codeLike = isIdent && (q.identifiers.contains(bare.section(u'.', -1).section(QLatin1String("::"), -1))
                                              || bare.contains(u'.') || bare.contains(QLatin1String("::")));
            if (!codeLike) {
                allCode = false;
                break;
            }
        }
        if (allCode)
            route.kind = QueryRoute::Kind::Symbol;
    }
    return route;
}

bool isNameQuery(const QString &text)
{
    static const QRegularExpression ws(QStringLiteral("\\s+"));
    static const QRegularExpression identRe(
        QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*(?:(?:\\.|::|#)[A-Za-z_~][A-Za-z0-9_]*)*$"));
    const QStringList words = text.trimmed().split(ws, Qt::SkipEmptyParts);
    if (words.isEmpty() || words.size() > 3)
        return false;
    // One word: a leading capital is enough ("Visitor"); several: each must look like code
    // ("Session request" is a phrase, "Session.request" and "select_proxy rebuild_auth" names).
    bool nameLike = true;
    for (const QString &w : words) {
        QString bare = w;
        bare.remove(u'`');
        if (bare.endsWith(QLatin1String("()")))
            bare.chop(2);
        if (!identRe.match(bare).hasMatch())
            return false;
        const bool code = bare.contains(u'_') || bare.contains(u'.') || bare.contains(u':') || bare.contains(u'#')
                          || std::any_of(bare.cbegin() + 1, bare.cend(), [](QChar c) { return c.isDigit() || c.isUpper(); });
        nameLike = nameLike && (code || (words.size() == 1 && bare.front().isUpper()));
    }
    return nameLike;
}

QueryAnalysis analyzeQuery(const QString &written, const SearchFilters &extraFilters)
{
    QueryAnalysis a;
    // A report's package listings name what is installed, and a test runner's banners what it
    // printed, not the code at fault.
    const QString raw = looksLikeReport(written) ? withoutRunnerBanners(withoutPackageListings(written)) : written;
    a.parsed = parseQuery(raw);
    ParsedQuery &pq = a.parsed;
    pq.filters.languages = extraFilters.languages + pq.filters.languages;
    pq.filters.pathGlobs = extraFilters.pathGlobs + pq.filters.pathGlobs;
    pq.filters.excludeGlobs = extraFilters.excludeGlobs + pq.filters.excludeGlobs;
    pq.filters.kinds = extraFilters.kinds + pq.filters.kinds;
    a.route = routeQuery(pq);
    a.nameQuery = a.route.kind == QueryRoute::Kind::Symbol || (a.route.kind == QueryRoute::Kind::Hybrid && isNameQuery(pq.text));
    if (a.route.kind == QueryRoute::Kind::Hybrid && looksLikeReport(raw)) {
        a.route.kind = QueryRoute::Kind::Report;
        a.report = std::make_shared<const ReportSignals>(analyzeReport(raw));
    }

    if (a.report)
        a.title = reportTitle(raw);
    a.terms = pq.terms.mid(0, a.report ? 400 : 40);
    if (a.report) {
        TokenSink sink;
        sink.token = [&a](QByteArrayView token, bool, int, int) { ++a.termCounts[QString::fromUtf8(token)]; };
        tokenizeCode(raw.toUtf8(), true, sink);
    }
    if (a.terms.isEmpty()) {
        // only stopwords: search for them after all rather than nothing
        a.terms = codeTerms(pq.text, true).mid(0, 40);
    }
    a.termSet = QSet<QString>(a.terms.begin(), a.terms.end());
    // What the query asks for ("tests", "docs", ...): a long text (a bug report, a pasted log)
    // names everything somewhere, so only its first line counts.
    const QStringList words = pq.text.toLower().split(u' ', Qt::SkipEmptyParts);
    a.longText = words.size() > 40;
    const QString asking = a.longText ? raw.section(u'\n', 0, 0).toLower() : pq.text.toLower();
    for (const QString &w : codeTerms(asking, true))
        a.asked.insert(w);
    for (const QString &w : asking.split(u' ', Qt::SkipEmptyParts))
        a.asked.insert(w);

    // Exact symbol names: the identifiers, then other words of four or more characters (a
    // report's identifiers are looked up by the mention stages instead).
    a.symbolNames = a.report ? QStringList() : pq.identifiers;
    static const QRegularExpression word(QStringLiteral("[A-Za-z_][A-Za-z0-9_]{3,}"));
    for (auto it = word.globalMatch(pq.text); !a.report && it.hasNext();) {
        const QString w = it.next().captured(0);
        if (!a.symbolNames.contains(w) && !isStopword(w.toLower()))
            a.symbolNames << w;
    }
    return a;
}

} // namespace RepoLens
