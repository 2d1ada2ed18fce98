#include "scorers.h"

#include "core/store/indexstore.h"

#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <functional>

namespace RepoLens {

Result<void> Fusion::run(QueryContext &ctx) const
{
    const Tuning &tune = ctx.tuning;
    double best = 0;
    double bestVector = 0;
    double bestTitle = 0;
    double bestLexical = 0;
    for (const Candidate &c : std::as_const(ctx.candidates)) {
        best = std::max(best, c.scores.bm25);
        bestLexical = std::max(bestLexical, c.scores.lexical);
        bestTitle = std::max(bestTitle, c.scores.title);
        if (!ctx.queryVector.empty())
            bestVector = std::max(bestVector, c.scores.vector);
    }
    for (Candidate &c : ctx.candidates) {
        c.scores.bm25 = best > 0 ? c.scores.bm25 / best : 0;
        c.scores.title = bestTitle > 0 ? c.scores.title / bestTitle : 0;
        const double vec = bestVector > 0 ? std::max(0.0, c.scores.vector) / bestVector : 0.0;
        if (tune.fusion == 1) {
            double rrf = 0;
            if (c.scores.bm25Rank > 0)
                rrf += 1.0 / (tune.rrfK + c.scores.bm25Rank);
            if (c.scores.vectorRank > 0)
                rrf += tune.vectorWeight / (tune.rrfK + c.scores.vectorRank);
            if (c.scores.remoteRank > 0)
                rrf += tune.remoteWeight / (tune.rrfK + c.scores.remoteRank);
            // scaled so the best possible BM25-only score is 1, like the weighted mix
            c.base = rrf * (tune.rrfK + 1);
        } else {
            c.base = c.scores.bm25 + tune.vectorWeight * vec + tune.remoteWeight * c.scores.remote;
        }
        c.base += tune.titleWeight * c.scores.title;
        c.scores.lexical = bestLexical > 0 ? c.scores.lexical / bestLexical : 0;
        c.base += tune.lexicalWeight * c.scores.lexical;
        c.scores.final = c.base;
    }
    return {};
}

namespace {

// The definition patterns of one name: a definition keyword followed by it (possibly after a
// qualifier), or a Haskell / ML signature "name ::" at a line start.
class DefinitionPattern
{
public:
    explicit DefinitionPattern(const QString &name)
    {
        QString bare = name;
        bare.replace(QLatin1String("::"), QLatin1String(".")).replace(u'#', u'.');
        m_last = bare.section(u'.', -1);
        if (m_last.isEmpty())
            return;
        static const QString keywords = QStringLiteral(
            "class|struct|module|def|defp|defmodule|defmacro|fn|func|function|interface|trait|enum|object|record|"
            "type|typealias|typedef|protocol|data|newtype|val|var|let|const|sub|proc|macro|impl|namespace|"
            "extension|actor|union|mixin|property");
        const QString escaped = QRegularExpression::escape(m_last);
        m_keyword = QRegularExpression(QStringLiteral("(?:^|[\\s;{(])(?:%1)\\s+(?:[\\w:.]*[.:])?%2\\b").arg(keywords, escaped),
                                       QRegularExpression::MultilineOption);
        m_signature = QRegularExpression(QStringLiteral("^%1\\s*::").arg(escaped), QRegularExpression::MultilineOption);
    }

    bool matches(const QString &text) const
    {
        if (m_last.isEmpty() || !text.contains(m_last)) // cheap test first
            return false;
        return m_keyword.match(text).hasMatch() || m_signature.match(text).hasMatch();
    }

private:
    QString m_last;
    QRegularExpression m_keyword;
    QRegularExpression m_signature;
};

} // namespace

bool DefinitionBoost::definesName(const QString &text, const QString &name)
{
    return DefinitionPattern(name).matches(text);
}

Result<void> DefinitionBoost::run(QueryContext &ctx) const
{
    if (ctx.candidates.isEmpty())
        return {};
    const double top = ctx.top();
    // A query that is only names asks for their definitions: they go above every usage. A
    // name inside a sentence is one clue among the words.
    const double weight = ctx.query.nameQuery ? ctx.tuning.definitionName : ctx.tuning.symbolBonus;
    auto lift = [&](Candidate &c, double strength) {
        const double add = weight * top * strength;
        c.scores.symbol = add;
        c.scores.final += add;
    };
    for (Candidate &c : ctx.candidates) {
        if (c.scores.symbol > 0)
            lift(c, c.scores.symbol);
    }

    // Parser-free: names that look like code by themselves (snake_case, camelCase, digits); in
    // a query of names, every word.
    const bool symbolQuery = ctx.query.route.kind == QueryRoute::Kind::Symbol || ctx.query.nameQuery;
    // The qualifiers of a qualified name ("Rails" in "Rails::Engine", "absl" in
    // "absl::string_view") narrow what is asked; a namespace or module that wraps every file
    // of the project is not it. A name that is also written alone still counts. (Not read from
    // a bug report: its names are weighed by the mention stages.)
    QSet<QString> qualifiersOnly;
    QSet<QString> writtenAlone;
    static const QRegularExpression qualifiedRe(
        QStringLiteral("[A-Za-z_][A-Za-z0-9_]*(?:(?:\\.|::|#)[A-Za-z_][A-Za-z0-9_]*)*"));
    for (auto it = qualifiedRe.globalMatch(ctx.query.report ? QString() : ctx.query.parsed.text); it.hasNext();) {
        QString written = it.next().captured(0);
        written.replace(QLatin1String("::"), QLatin1String(".")).replace(u'#', u'.');
        const QStringList parts = written.split(u'.');
        for (qsizetype i = 0; i + 1 < parts.size(); ++i)
            qualifiersOnly.insert(parts.at(i));
        writtenAlone.insert(parts.constLast());
    }
    qualifiersOnly -= writtenAlone;
    QStringList names;
    for (const QString &id : ctx.query.parsed.identifiers + (symbolQuery ? ctx.query.parsed.text.split(u' ', Qt::SkipEmptyParts) : QStringList())) {
        if (qualifiersOnly.contains(id))
            continue;
        const bool codeLike = id.contains(u'_') || (id.size() > 1 && id.mid(1) != id.mid(1).toLower())
                              || std::any_of(id.cbegin(), id.cend(), [](QChar c) { return c.isDigit(); });
        if (id.size() >= 3 && !isStopword(id.toLower()) && (codeLike || symbolQuery) && !names.contains(id))
            names << id;
    }
    if (names.isEmpty() || ctx.tuning.definitionBoost <= 0)
        return {};
    // Only chunks without a symbol table (text windows, top-level code), best first, bounded.
    QList<qint64> ids;
    for (const Candidate *c : ctx.candidates.order()) {
        const ChunkRecord *h = ctx.candidates.header(c->chunkId);
        if (h && (h->kind == ChunkKind::Text || h->kind == ChunkKind::Code) && c->scores.symbol <= 0)
            ids << c->chunkId;
        if (ids.size() >= 60)
            break;
    }
    if (ids.isEmpty())
        return {};
    QList<QPair<QString, DefinitionPattern>> patterns;
    for (const QString &name : std::as_const(names))
        patterns.append({name, DefinitionPattern(name)});
    for (const ChunkRecord &chunk : ctx.store.chunks().byIds(ids)) {
        for (const auto &[name, pattern] : std::as_const(patterns)) {
            if (pattern.matches(chunk.text)) {
                Candidate &c = ctx.candidates[chunk.id];
                lift(c, ctx.tuning.definitionBoost);
                c.reasons << QStringLiteral("defines `%1` (pattern)").arg(name);
                break;
            }
        }
    }
    return {};
}

Result<void> FileEvidence::run(QueryContext &ctx) const
{
    const Tuning &tune = ctx.tuning;
    const int fileChunks = ctx.query.report ? tune.fileChunksReport : tune.fileChunks;
    QHash<QString, QList<double>> fileScores;
    for (const Candidate &c : std::as_const(ctx.candidates))
        fileScores[c.path].append(c.base);
    for (auto it = fileScores.begin(); it != fileScores.end(); ++it)
        std::sort(it->begin(), it->end(), std::greater<>());
    double top = -1e300, bottom = 1e300;
    QSet<QString> lifted; // files whose best chunk got the evidence (best-only mode)
    for (Candidate *cp : ctx.candidates.order()) {
        Candidate &c = *cp;
        const QList<double> &scores = fileScores.value(c.path);
        double others = 0;
        int counted = 0;
        bool skippedSelf = false;
        for (double s : scores) {
            if (!skippedSelf && s == c.base) {
                skippedSelf = true;
                continue;
            }
            if (counted++ >= fileChunks)
                break;
            others += s;
        }
        c.scores.file = tune.fileWeight * others / std::max(1, fileChunks);
        if (tune.coherenceBestOnly) {
            if (lifted.contains(c.path))
                c.scores.file = 0;
            lifted.insert(c.path);
        }
        c.scores.final += c.scores.file;
        top = std::max(top, c.scores.final);
        bottom = std::min(bottom, c.scores.final);
    }
    ctx.range = ctx.candidates.isEmpty() ? 0.0 : std::max(1e-9, top - bottom);
    return {};
}

Result<void> FilePrior::run(QueryContext &ctx) const
{
    if (ctx.candidates.isEmpty())
        return {};
    const FileQuality &files = ctx.caches.files();
    // A bug report asks where the defect is: its title's "test" or "docs" name the product
    // (a test runner, a documentation tool) or how it was found, never files to show first.
    const bool report = bool(ctx.query.report);
    // Packages whose public face is among the candidates: a public module right in the package
    // folder (pydantic/fields.py; not pydantic/_utils.py, not an __init__.py).
    QSet<QString> publicFaces;
    if (!report && ctx.tuning.internalFactor < 1.0 && !files.publicPackage.isEmpty()) {
        for (const Candidate &c : std::as_const(ctx.candidates)) {
            const qsizetype slash = c.path.lastIndexOf(u'/');
            if (slash + 1 < c.path.size() && c.path.at(slash + 1) != u'_' && files.fileClass.value(c.fileId, FileClass::Normal) == FileClass::Normal)
                publicFaces.insert(c.path.left(slash + 1));
        }
    }
    for (Candidate &c : ctx.candidates) {
        c.scores.prior = ctx.tuning.priorCap * ctx.range * files.percentile.value(c.fileId, 0.0);
        const FileClass fc = files.fileClass.value(c.fileId, FileClass::Normal);
        // A private subpackage implements what the public modules beside it offer: when one of
        // those is a candidate too, a question about the package means it first (a milder
        // factor of its own). A defect is as likely in it as anywhere: reports leave it alone.
        bool demoted = false;
        double factor = ctx.tuning.demoteFactor;
        if (fc == FileClass::Internal) {
            factor = ctx.tuning.internalFactor;
            demoted = !report && factor < 1.0 && publicFaces.contains(files.publicPackage.value(c.fileId))
                      && !queryAsksFor(fc, ctx.query.asked, c.path);
        } else if (fc != FileClass::Normal) {
            demoted = report || !queryAsksFor(fc, ctx.query.asked, c.path);
        }
        if (demoted && factor >= 1.0)
            c.scores.prior -= ctx.tuning.demote * ctx.range;
        c.scores.final += c.scores.prior;
        if (demoted && factor < 1.0) {
            c.scores.prior -= c.scores.final * (1.0 - factor);
            c.scores.final *= factor;
        }
        if (demoted)
            c.reasons << QStringLiteral("demoted: %1").arg(fileClassName(fc));
    }
    return {};
}

bool ChunkShape::isBoilerplate(const QString &text)
{
    static const QRegularExpression licence(
        QStringLiteral("\\b(copyright|licen[cs]e[ds]?|spdx-license-identifier|all rights reserved|permission is hereby granted)\\b"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression importish(QStringLiteral(
        "^\\s*(#\\s*include|#\\s*pragma|import\\b|from\\s+\\S+\\s+import\\b|using\\s|package\\s|require|"
        "use\\s|extern\\s+crate|namespace\\s|module\\s|@file|<\\?php|declare\\s*\\(|#!|//|/\\*|\\*|#|--|\"\"\"|'''|$)"));
    int code = 0, other = 0;
    for (const QString &line : text.split(u'\n')) {
        if (importish.match(line).hasMatch())
            ++other;
        else
            ++code;
    }
    if (code == 0)
        return true;
    return licence.match(text).hasMatch() && code * 4 <= other;
}

Result<void> ChunkShape::run(QueryContext &ctx) const
{
    const Tuning &tune = ctx.tuning;
    if ((tune.shapeTiny >= 1.0 && tune.shapeLicence >= 1.0) || ctx.candidates.isEmpty())
        return {};
    QList<qint64> fileTops;
    for (Candidate &c : ctx.candidates) {
        const ChunkRecord *h = ctx.candidates.header(c.chunkId);
        if (!h)
            continue;
        const int lines = h->endLine - h->startLine + 1;
        if (lines <= 3 && c.scores.symbol <= 0 && tune.shapeTiny < 1.0) {
            c.scores.final *= tune.shapeTiny;
            c.reasons << QStringLiteral("weak evidence: %1 line(s)").arg(lines);
        } else if (h->name.isEmpty() && h->startLine <= 1 && tune.shapeLicence < 1.0) {
            fileTops << c.chunkId;
        }
    }
    for (const ChunkRecord &chunk : ctx.store.chunks().byIds(fileTops)) {
        if (isBoilerplate(chunk.text)) {
            Candidate &c = ctx.candidates[chunk.id];
            c.scores.final *= tune.shapeLicence;
            c.reasons << QStringLiteral("weak evidence: licence / imports");
        }
    }
    return {};
}

Result<void> GraphPrior::run(QueryContext &ctx) const
{
    if (ctx.candidates.isEmpty())
        return {};
    const CodeGraph &graph = ctx.caches.graph();
    QHash<int, double> ppr;
    double pprMax = 0;
    if (!ctx.symbolSeeds.isEmpty() && !graph.isEmpty()) {
        std::vector<int> seeds;
        for (qint64 id : std::as_const(ctx.symbolSeeds)) {
            const int n = graph.nodeOf(id);
            if (n >= 0)
                seeds.push_back(n);
        }
        std::sort(seeds.begin(), seeds.end()); // the push order must not depend on hashing
        if (!seeds.empty()) {
            ppr = graph.localPagerank(seeds);
            for (const Candidate &c : std::as_const(ctx.candidates)) {
                const int n = graph.nodeOf(c.chunkId);
                if (n >= 0 && !ctx.symbolSeeds.contains(c.chunkId))
                    pprMax = std::max(pprMax, ppr.value(n));
            }
        }
    }
    for (Candidate &c : ctx.candidates) {
        double g = graph.filePagerankPercentile(c.fileId);
        if (pprMax > 0) {
            const int n = graph.nodeOf(c.chunkId);
            const double p = n >= 0 && !ctx.symbolSeeds.contains(c.chunkId) ? ppr.value(n) / pprMax : 0.0;
            g = 0.5 * g + 0.5 * p;
        }
        c.scores.graph = ctx.tuning.graphCap * ctx.range * g;
        c.scores.final += c.scores.graph;
    }
    return {};
}

Result<void> GraphExpansion::run(QueryContext &ctx) const
{
    const Tuning &tune = ctx.tuning;
    if (ctx.candidates.isEmpty() || tune.expand <= 0 || tune.expandFrom <= 0)
        return {};
    const CodeGraph &graph = ctx.caches.graph();
    const QList<Candidate *> order = ctx.candidates.order();
    QList<Candidate> expansions;
    QSet<qint64> expanded;
    for (qsizetype i = 0; i < std::min<qsizetype>(tune.expandFrom, order.size()); ++i) {
        const Candidate &parent = *order.at(i);
        const int n = graph.nodeOf(parent.chunkId);
        if (n < 0)
            continue;
        auto consider = [&](int m, const QString &why) {
            const qint64 id = graph.chunkOf(m);
            if (ctx.candidates.contains(id) || expanded.contains(id))
                return;
            expanded.insert(id);
            Candidate e;
            e.chunkId = id;
            e.scores.final = parent.scores.final * tune.expand;
            e.scores.graph = e.scores.final;
            e.reasons << why.arg(ctx.candidates.headerOrEmpty(parent.chunkId).qualifiedName);
            expansions.append(e);
        };
        const auto &callees = graph.callees(n);
        const auto &callers = graph.callers(n);
        for (size_t j = 0; j < std::min<size_t>(callees.size(), 8); ++j)
            consider(callees[j], QStringLiteral("called by `%1`"));
        for (size_t j = 0; j < std::min<size_t>(callers.size(), 8); ++j)
            consider(callers[j], QStringLiteral("calls `%1`"));
    }
    QList<qint64> ids;
    for (const Candidate &e : std::as_const(expansions))
        ids.append(e.chunkId);
    for (const Candidate &e : std::as_const(expansions))
        ctx.candidates[e.chunkId] = e;
    ctx.candidates.loadHeaders(ctx.store.chunks(), ids, ctx.query.parsed.filters);
    return {};
}

} // namespace RepoLens
