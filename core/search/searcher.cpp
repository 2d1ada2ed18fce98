#include "searcher.h"

#include "core/base/logging.h"
#include "core/store/codetokens.h"

#include <QElapsedTimer>
#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace RepoLens {

namespace {

// Tuning knobs, measured on the dev eval (docs/retrieval.md). REPOLENS_TUNE="name=value,..."
// overrides them for experiments.
struct Tuning
{
    double symbolBonus = 0.5;    // chunk defines an identifier named in the query
    double fileWeight = 0.4;     // share of the file's other chunk scores added
    int fileChunks = 3;          // how many other chunks of a file count
    double pathBonus = 0.25;     // a query term names the file (stem)

    static const Tuning &get()
    {
        static const Tuning instance = [] {
            Tuning t;
            const QString spec = qEnvironmentVariable("REPOLENS_TUNE");
            for (const QString &kv : spec.split(u',', Qt::SkipEmptyParts)) {
                const QString k = kv.section(u'=', 0, 0).trimmed();
                const double v = kv.section(u'=', 1).toDouble();
                if (k == QLatin1String("symbol"))
                    t.symbolBonus = v;
                else if (k == QLatin1String("file"))
                    t.fileWeight = v;
                else if (k == QLatin1String("fileChunks"))
                    t.fileChunks = int(v);
                else if (k == QLatin1String("path"))
                    t.pathBonus = v;
            }
            return t;
        }();
        return instance;
    }
};

QString quoteTerm(const QString &t)
{
    return u'"' + QString(t).replace(u'"', QLatin1String("\"\"")) + u'"';
}

struct Candidate
{
    qint64 chunkId = 0;
    StageScores scores;
    QString path;
    QStringList reasons;
};

} // namespace

Searcher::Searcher(const IndexStore *store)
    : m_store(store)
{
}

Result<SearchResponse> Searcher::search(const QString &query, const SearchOptions &options,
                                        const std::atomic_bool *cancel) const
{
    QElapsedTimer timer;
    timer.start();
    const Tuning &tune = Tuning::get();
    SearchResponse response;
    response.query = parseQuery(query);
    ParsedQuery &pq = response.query;
    SearchFilters filters = options.filters;
    filters.languages += pq.filters.languages;
    filters.pathGlobs += pq.filters.pathGlobs;
    filters.excludeGlobs += pq.filters.excludeGlobs;
    filters.kinds += pq.filters.kinds;
    pq.filters = filters;
    response.route = QStringLiteral("keyword");
    response.notes += pq.errors;

    QStringList terms = pq.terms.mid(0, 40);
    if (terms.isEmpty()) {
        // only stopwords: search for them after all rather than nothing
        terms = codeTerms(pq.text, true).mid(0, 40);
    }
    if (terms.isEmpty() && pq.identifiers.isEmpty())
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("the query has no searchable words"), query);

    QHash<qint64, Candidate> byChunk;
    const bool filtered = !filters.isEmpty();
    const int fetch = filtered ? options.candidates * 4 : options.candidates;
    if (!terms.isEmpty()) {
        QStringList quoted;
        for (const QString &t : std::as_const(terms))
            quoted << quoteTerm(t);
        const QString match = quoted.join(QStringLiteral(" OR "));
        auto hits = m_store->searchFts(match, fetch);
        if (!hits)
            return hits.error();
        int rank = 0;
        for (const FtsHit &h : std::as_const(*hits)) {
            Candidate &c = byChunk[h.chunkId];
            c.chunkId = h.chunkId;
            c.scores.bm25 = h.score;
            c.scores.bm25Rank = ++rank;
        }
    }
    if (cancel && cancel->load())
        return makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"));

    // Normalise BM25 to [0, 1] by the best hit.
    double best = 0;
    for (const Candidate &c : std::as_const(byChunk))
        best = std::max(best, c.scores.bm25);

    // Exact symbol names from the query.
    QStringList symbolNames = pq.identifiers;
    {
        static const QRegularExpression word(QStringLiteral("[A-Za-z_][A-Za-z0-9_]{3,}"));
        auto it = word.globalMatch(pq.text);
        while (it.hasNext()) {
            const QString w = it.next().captured(0);
            if (!symbolNames.contains(w) && !isStopword(w.toLower()))
                symbolNames << w;
        }
    }
    int symbolHits = 0;
    for (const QString &name : std::as_const(symbolNames)) {
        const QList<SymbolRecord> symbols = m_store->symbolsNamed(name, 50);
        if (symbols.size() >= 50)
            continue; // too common to tell anything
        for (const SymbolRecord &s : symbols) {
            if (!s.chunkId)
                continue;
            Candidate &c = byChunk[s.chunkId];
            c.chunkId = s.chunkId;
            const double bonus = tune.symbolBonus / std::max<qsizetype>(1, symbols.size() > 3 ? 2 : 1);
            if (c.scores.symbol < bonus) {
                c.scores.symbol = bonus;
                c.reasons << QStringLiteral("defines `%1`").arg(name);
            }
            ++symbolHits;
        }
    }
    if (symbolHits > 0)
        response.route = QStringLiteral("keyword+symbol");

    // Load the candidates' records (path, kind, language) and apply filters.
    QList<qint64> ids = byChunk.keys();
    QHash<qint64, ChunkRecord> records;
    for (qint64 id : std::as_const(ids)) {
        auto rec = m_store->chunk(id);
        if (!rec) {
            byChunk.remove(id);
            continue;
        }
        if (filtered) {
            if ((!filters.languages.isEmpty() && !filters.languages.contains(rec->language))
                || (!filters.kinds.isEmpty() && !filters.kinds.contains(rec->kind))
                || !filters.acceptsPath(rec->path)) {
                byChunk.remove(id);
                continue;
            }
        }
        byChunk[id].path = rec->path;
        records.insert(id, std::move(*rec));
    }

    // File evidence: a file with several matching chunks is more likely the answer.
    QHash<QString, QList<double>> fileScores;
    for (Candidate &c : byChunk) {
        c.scores.bm25 = best > 0 ? c.scores.bm25 / best : 0;
        fileScores[c.path].append(c.scores.bm25 + c.scores.symbol);
    }
    for (auto it = fileScores.begin(); it != fileScores.end(); ++it)
        std::sort(it->begin(), it->end(), std::greater<>());
    // Path terms: "Fix proxy handling in adapters" names adapters.py.
    QSet<QString> termSet(terms.begin(), terms.end());
    for (Candidate &c : byChunk) {
        const QList<double> &scores = fileScores.value(c.path);
        const double own = c.scores.bm25 + c.scores.symbol;
        double others = 0;
        int counted = 0;
        bool skippedSelf = false;
        for (double s : scores) {
            if (!skippedSelf && s == own) {
                skippedSelf = true;
                continue;
            }
            if (counted++ >= tune.fileChunks)
                break;
            others += s;
        }
        c.scores.file = tune.fileWeight * others / std::max(1, tune.fileChunks);
        const QString stem = c.path.section(u'/', -1).section(u'.', 0, 0).toLower();
        double path = 0;
        if (!stem.isEmpty() && termSet.contains(stem))
            path = tune.pathBonus;
        c.scores.final = c.scores.bm25 + c.scores.symbol + c.scores.file + path + c.scores.prior;
    }

    QList<Candidate> ranked;
    ranked.reserve(byChunk.size());
    for (Candidate &c : byChunk)
        ranked.append(std::move(c));
    std::sort(ranked.begin(), ranked.end(), [](const Candidate &a, const Candidate &b) {
        if (a.scores.final != b.scores.final)
            return a.scores.final > b.scores.final;
        return a.chunkId < b.chunkId;
    });

    QHash<QString, int> perFile;
    for (const Candidate &c : std::as_const(ranked)) {
        if (response.hits.size() >= options.topK)
            break;
        int &n = perFile[c.path];
        if (options.maxPerFile > 0 && n >= options.maxPerFile)
            continue;
        ++n;
        SearchHit hit;
        hit.chunk = records.take(c.chunkId);
        hit.scores = c.scores;
        hit.reasons = c.reasons;
        if (c.scores.bm25Rank > 0)
            hit.reasons.prepend(QStringLiteral("keyword rank %1").arg(c.scores.bm25Rank));
        response.hits.append(std::move(hit));
    }
    response.millis = timer.nsecsElapsed() / 1e6;
    return response;
}

} // namespace RepoLens
