#include "generators.h"

#include "core/embed/builtinembedder.h"
#include "core/store/codetokens.h"
#include "core/store/indexstore.h"

#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <thread>

namespace RepoLens {

namespace {

QString quoteTerm(const QString &t)
{
    return u'"' + QString(t).replace(u'"', QLatin1String("\"\"")) + u'"';
}

} // namespace

QString KeywordGenerator::matchExpression(const QStringList &terms)
{
    QStringList quoted;
    for (const QString &t : terms)
        quoted << quoteTerm(t);
    return quoted.join(QStringLiteral(" OR "));
}

QStringList KeywordGenerator::specificTerms(const QStringList &terms, const QHash<QString, int> &counts,
                                           const QHash<QString, int> &documentFrequencies, int chunks, int limit)
{
    QList<QPair<double, QString>> scored;
    for (const QString &t : terms) {
        const int df = documentFrequencies.value(t);
        if (df <= 0)
            continue; // not in the index: matches nothing
        const double idf = std::log((chunks + 1.0) / (df + 0.5));
        scored.append({-std::sqrt(double(std::max(1, counts.value(t)))) * idf, t});
    }
    std::stable_sort(scored.begin(), scored.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    QStringList out;
    for (qsizetype i = 0; i < std::min<qsizetype>(limit, scored.size()); ++i)
        out << scored.at(i).second;
    return out;
}

Result<void> KeywordGenerator::run(QueryContext &ctx) const
{
    if (ctx.query.terms.isEmpty())
        return {};
    QStringList terms = ctx.query.terms;
    if (ctx.query.report && ctx.tuning.reportTerms <= 0) {
        terms = terms.mid(0, 40);
    } else if (ctx.query.report) {
        // A report names hundreds of words: the most specific ones, weighted by how often the
        // report uses them.
        terms = specificTerms(terms, ctx.query.termCounts, ctx.store.chunks().termDocumentFrequencies(terms),
                              ctx.store.chunks().count(), ctx.tuning.reportTerms);
        if (terms.isEmpty())
            return {};
    }
    const int pool = ctx.tuning.keywordPool > 0 ? ctx.tuning.keywordPool : ctx.options.candidates;
    const int fetch = ctx.filtered() ? pool * 4 : pool;
    auto hits = ctx.store.chunks().searchTerms(terms, fetch);
    if (!hits)
        return hits.error();
    int rank = 0;
    for (const FtsHit &h : std::as_const(*hits)) {
        Candidate &c = ctx.candidates[h.chunkId];
        c.scores.bm25 = h.score;
        c.scores.bm25Rank = ++rank;
    }
    return {};
}

QStringList TitleGenerator::terms(const QString &title)
{
    QStringList out;
    for (const QString &t : codeTerms(title, true)) {
        if (!isStopword(t) && !out.contains(t))
            out << t;
    }
    return out;
}

Result<void> TitleGenerator::run(QueryContext &ctx) const
{
    if (ctx.query.title.isEmpty() || ctx.tuning.titleWeight <= 0)
        return {};
    const QStringList terms = TitleGenerator::terms(ctx.query.title);
    if (terms.isEmpty())
        return {};
    const int pool = ctx.tuning.titlePool > 0 ? ctx.tuning.titlePool : ctx.options.candidates / 3;
    const int join = ctx.filtered() ? std::max(pool, ctx.options.candidates) : pool;
    // (the pruned BM25 passes: the same rows and scores as one pass over every row holding a word)
    auto hits = ctx.store.chunks().searchTerms(terms, std::max(join, ctx.tuning.titleDepth));
    if (!hits)
        return hits.error();
    int rank = 0;
    for (const FtsHit &h : std::as_const(*hits)) {
        if (rank >= join) {
            ctx.titleScores.insert(h.chunkId, h.score);
            continue;
        }
        Candidate &c = ctx.candidates[h.chunkId];
        c.scores.title = h.score;
        c.scores.titleRank = ++rank;
    }
    return {};
}

Result<void> TitleScorer::run(QueryContext &ctx) const
{
    for (Candidate &c : ctx.candidates) {
        if (c.scores.titleRank == 0)
            c.scores.title = ctx.titleScores.value(c.chunkId);
    }
    return {};
}

VectorGenerator::VectorGenerator(std::shared_ptr<Embedder> embedder, std::shared_ptr<VectorIndex> index)
    : m_embedder(std::move(embedder))
    , m_index(std::move(index))
{
}

VectorGenerator::~VectorGenerator()
{
    if (m_started.valid())
        m_started.wait(); // a search that stopped early: the thread reads this stage's members
}

namespace {

// The text embedded for the query and how many neighbours are asked.
std::pair<QString, int> vectorQuery(const QueryContext &ctx)
{
    const QueryAnalysis &q = ctx.query;
    const QString text = q.terms.isEmpty() ? q.parsed.text : q.terms.join(u' ') + u' ' + q.parsed.identifiers.join(u' ');
    const int pool = ctx.tuning.vectorPool > 0 ? ctx.tuning.vectorPool : ctx.options.vectorCandidates;
    return {text, ctx.filtered() ? pool * 4 : pool};
}

} // namespace

VectorGenerator::Found VectorGenerator::find(const QString &text, int k, const std::atomic_bool *cancel) const
{
    Found found;
    auto v = m_embedder->embed({text}, EmbedPurpose::Query, cancel);
    if (!v) {
        found.error = v.error();
    } else if (!v->isEmpty() && !v->first().empty()) {
        found.vector = v->first();
        found.hits = m_index->search(found.vector, k);
    }
    return found;
}

void VectorGenerator::begin(const QueryContext &ctx) const
{
    // (an endpoint's client lives on the search's thread)
    if (!m_embedder->isLocal() || std::thread::hardware_concurrency() < 2)
        return;
    auto [text, k] = vectorQuery(ctx);
    m_started = std::async(std::launch::async, [this, text = std::move(text), k = k, cancel = ctx.cancel] {
        return find(text, k, cancel);
    });
}

Result<void> VectorGenerator::run(QueryContext &ctx) const
{
    Found found;
    if (m_started.valid()) {
        found = m_started.get();
    } else {
        const auto [text, k] = vectorQuery(ctx);
        found = find(text, k, ctx.cancel);
    }
    if (found.error) {
        ctx.note(QStringLiteral("query embedding failed: %1").arg(found.error->message));
        ctx.response->route = QStringLiteral("keyword");
        return {};
    }
    if (found.vector.empty())
        return {};
    ctx.queryVector = found.vector;
    int rank = 0;
    for (const VectorHit &h : found.hits) {
        Candidate &c = ctx.candidates[h.label];
        c.scores.vector = h.similarity;
        c.scores.vectorRank = ++rank;
    }
    return {};
}

double SymbolGenerator::strength(ChunkKind kind, qsizetype definitions)
{
    // A type is what a bare name usually means; a function or a constant less surely.
    double kindWeight = 1.0;
    if (isCallableKind(kind))
        kindWeight = 0.85;
    else if (kind == ChunkKind::Variable || kind == ChunkKind::Macro)
        kindWeight = 0.7;
    return kindWeight / std::sqrt(double(std::max<qsizetype>(1, definitions)));
}

Result<void> SymbolGenerator::run(QueryContext &ctx) const
{
    int symbolHits = 0;
    auto take = [&](const QList<SymbolRecord> &symbols, const QString &name, double scale) {
        for (const SymbolRecord &s : symbols) {
            if (!s.chunkId)
                continue;
            Candidate &c = ctx.candidates[s.chunkId];
            const double w = scale * strength(s.kind, symbols.size());
            if (c.scores.symbol < w) {
                if (c.scores.symbol <= 0)
                    c.reasons << QStringLiteral("defines `%1`").arg(name);
                c.scores.symbol = w;
            }
            ctx.symbolSeeds.insert(s.chunkId);
            ++symbolHits;
        }
    };
    // Qualified names first ("Rails::Engine", "pkg.Class.method"): their definitions are what
    // is meant; the bare last part is then not looked up again.
    static const QRegularExpression qualifiedRe(
        QStringLiteral("[A-Za-z_][A-Za-z0-9_]*(?:(?:\\.|::|#)[A-Za-z_][A-Za-z0-9_]*)+"));
    QSet<QString> done;
    for (auto it = qualifiedRe.globalMatch(ctx.query.parsed.text); !ctx.query.report && it.hasNext();) {
        const QString written = it.next().captured(0);
        QString dotted = written;
        dotted.replace(QLatin1String("::"), QLatin1String(".")).replace(u'#', u'.');
        const QList<SymbolRecord> symbols = ctx.store.symbols().withQualifiedName(dotted, 50);
        if (symbols.isEmpty() || symbols.size() >= 50)
            continue;
        take(symbols, written, 1.0);
        for (const QString &part : dotted.split(u'.'))
            done.insert(part);
    }
    for (const QString &name : std::as_const(ctx.query.symbolNames)) {
        if (done.contains(name))
            continue;
        // (counted first: the definitions of a common name are many to read and sort)
        if (ctx.store.symbols().countNamed(name, 50) >= 50)
            continue; // too common to tell anything
        const QList<SymbolRecord> symbols = ctx.store.symbols().named(name, 50);
        take(symbols, name, 1.0);
    }
    if (symbolHits > 0 && ctx.response->route == QLatin1String("keyword"))
        ctx.response->route = QStringLiteral("keyword+symbol");
    return {};
}

Result<void> HeaderFilter::run(QueryContext &ctx) const
{
    ctx.candidates.loadHeaders(ctx.store.chunks(), ctx.candidates.ids(), ctx.query.parsed.filters);
    return {};
}

VectorScorer::VectorScorer(std::shared_ptr<VectorIndex> index)
    : m_index(std::move(index))
{
}

Result<void> VectorScorer::run(QueryContext &ctx) const
{
    if (ctx.queryVector.empty())
        return {};
    const QList<qint64> ids = ctx.candidates.ids();
    const QList<float> sims = m_index->similarities(ctx.queryVector, ids);
    for (qsizetype i = 0; i < ids.size(); ++i) {
        if (!std::isnan(sims.at(i)))
            ctx.candidates[ids.at(i)].scores.vector = sims.at(i);
    }
    return {};
}

namespace {

// The terms of a text as sorted hashes, one per occurrence (runs of equal hashes are counts).
void lexicalTermHashes(QByteArrayView utf8, std::vector<quint64> *out)
{
    out->clear();
    BuiltinEmbedder::appendCodeTermHashes(utf8, out);
    std::sort(out->begin(), out->end());
}

// 1 + ln(count) for each distinct hash of a sorted list, with the sum of their squares.
template<typename F>
double lexicalWeights(const std::vector<quint64> &hashes, F &&each)
{
    double norm = 0;
    for (size_t i = 0; i < hashes.size();) {
        size_t j = i + 1;
        while (j < hashes.size() && hashes[j] == hashes[i])
            ++j;
        static const std::array<double, 64> logs = [] {
            std::array<double, 64> t{};
            for (size_t n = 1; n < t.size(); ++n)
                t[n] = 1.0 + std::log(double(n));
            return t;
        }();
        const double w = j - i < logs.size() ? logs[j - i] : 1.0 + std::log(double(j - i));
        norm += w * w;
        each(hashes[i], w);
        i = j;
    }
    return norm;
}

} // namespace

Result<void> LexicalView::run(QueryContext &ctx) const
{
    const QueryAnalysis &q = ctx.query;
    const Tuning &tune = ctx.tuning;
    if (tune.lexicalWeight <= 0 || ctx.candidates.isEmpty())
        return {};
    std::vector<quint64> hashes;
    lexicalTermHashes(q.parsed.text.toUtf8(), &hashes);
    std::vector<std::pair<quint64, double>> query;
    const double queryNorm = std::sqrt(lexicalWeights(hashes, [&query](quint64 h, double w) { query.emplace_back(h, w); }));
    if (queryNorm <= 0)
        return {};
    // The candidates the other views rank best (BM25 and cosine as fusion weighs them); equal
    // ones by path and line, as the list is, so that row ids never decide which are scored.
    double bestBm25 = 0;
    double bestVector = 0;
    for (const Candidate &c : std::as_const(ctx.candidates)) {
        bestBm25 = std::max(bestBm25, c.scores.bm25);
        bestVector = std::max(bestVector, c.scores.vector);
    }
    struct Entry
    {
        double pre;
        const Candidate *candidate;
        const ChunkRecord *header;
    };
    std::vector<Entry> pool;
    pool.reserve(size_t(ctx.candidates.size()));
    for (const Candidate &c : std::as_const(ctx.candidates)) {
        const double pre = (bestBm25 > 0 ? c.scores.bm25 / bestBm25 : 0)
                           + tune.vectorWeight * (bestVector > 0 ? std::max(0.0, c.scores.vector) / bestVector : 0);
        pool.push_back({pre, &c, ctx.candidates.header(c.chunkId)});
    }
    std::sort(pool.begin(), pool.end(), [](const Entry &a, const Entry &b) {
        if (a.pre != b.pre)
            return a.pre > b.pre;
        if (a.candidate->path != b.candidate->path)
            return a.candidate->path < b.candidate->path;
        const int la = a.header ? a.header->startLine : 0;
        const int lb = b.header ? b.header->startLine : 0;
        if (la != lb)
            return la < lb;
        return a.candidate->chunkId < b.candidate->chunkId;
    });
    if (tune.lexicalPool > 0 && pool.size() > size_t(tune.lexicalPool))
        pool.resize(size_t(tune.lexicalPool));
    QList<qint64> ids;
    ids.reserve(qsizetype(pool.size()));
    for (const Entry &e : pool)
        ids << e.candidate->chunkId;
    const QList<std::pair<qint64, QByteArray>> texts = ctx.store.chunks().lexicalTexts(ids, tune.lexicalChars);
    // Tokenizing is most of the stage: the texts are split between this thread and a helper
    // when there are enough of them (each score depends on its own chunk only).
    std::vector<double> scores(size_t(texts.size()), 0.0);
    auto scoreRange = [&](qsizetype from, qsizetype to) {
        std::vector<quint64> terms;
        for (qsizetype i = from; i < to; ++i) {
            if (ctx.cancelled())
                return;
            lexicalTermHashes(texts.at(i).second, &terms);
            double dot = 0;
            auto qi = query.cbegin();
            const double norm = lexicalWeights(terms, [&](quint64 h, double w) {
                while (qi != query.cend() && qi->first < h)
                    ++qi;
                if (qi != query.cend() && qi->first == h)
                    dot += w * qi->second;
            });
            if (norm > 0 && dot > 0)
                scores[size_t(i)] = dot / (std::sqrt(norm) * queryNorm);
        }
    };
    const qsizetype half = texts.size() / 2;
    if (texts.size() >= 64 && std::thread::hardware_concurrency() > 1) {
        std::thread helper(scoreRange, half, texts.size());
        scoreRange(0, half);
        helper.join();
    } else {
        scoreRange(0, texts.size());
    }
    if (ctx.cancelled())
        return {};
    for (qsizetype i = 0; i < texts.size(); ++i) {
        if (scores[size_t(i)] > 0)
            ctx.candidates[texts.at(i).first].scores.lexical = scores[size_t(i)];
    }
    return {};
}

} // namespace RepoLens
