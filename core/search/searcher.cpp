#include "searcher.h"

#include "core/base/logging.h"
#include "core/embed/builtinembedder.h"
#include "core/embed/embeddingindexer.h"
#include "core/store/codetokens.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <mutex>

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
    int fusion = 0;              // 0 = weighted mix, 1 = reciprocal rank fusion
    double vectorWeight = 0.25;  // weighted mix: weight of the (best-normalised) cosine
    double rrfK = 60;            // RRF constant
    double priorCap = 0.25;      // file-quality prior: at most this share of the score range
    double demote = 0.25;        // tests / changelogs / vendored: minus this share of the range
    double graphCap = 0.1;       // reference-graph prior: at most this share of the range
    double expand = 0.5;         // one-hop expansion: neighbour score = parent x this
    int expandFrom = 5;          // top hits expanded
    double rerankWeight = 0.5;   // share of the range the re-ranker's (normalised) score adds

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
                else if (k == QLatin1String("fusion"))
                    t.fusion = int(v);
                else if (k == QLatin1String("vec"))
                    t.vectorWeight = v;
                else if (k == QLatin1String("rrfK"))
                    t.rrfK = v;
                else if (k == QLatin1String("prior"))
                    t.priorCap = v;
                else if (k == QLatin1String("demote"))
                    t.demote = v;
                else if (k == QLatin1String("graph"))
                    t.graphCap = v;
                else if (k == QLatin1String("expand"))
                    t.expand = v;
                else if (k == QLatin1String("expandFrom"))
                    t.expandFrom = int(v);
                else if (k == QLatin1String("rerank"))
                    t.rerankWeight = v;
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
    qint64 fileId = 0;
    QStringList reasons;
    double base = 0; // fused retrieval score before file evidence and priors
};

// Tests, changelogs, vendored and generated code: demoted unless the question asks for them.
enum class FileClass { Normal, Test, Changelog, Vendored, Generated, Docs };

FileClass classifyPath(const QString &path)
{
    const QString lower = path.toLower();
    const QString name = lower.section(u'/', -1);
    const QString stem = name.section(u'.', 0, 0);
    static const QRegularExpression testDir(QStringLiteral("(^|/)(tests?|testing|spec|specs|__tests__|testdata|test_data)/"));
    if (testDir.match(lower).hasMatch() || name.startsWith(QLatin1String("test_"))
        || stem.endsWith(QLatin1String("_test")) || stem.endsWith(QLatin1String("_tests"))
        || stem.endsWith(QLatin1String("_spec")) || name.contains(QLatin1String(".test."))
        || name.contains(QLatin1String(".spec.")) || stem == QLatin1String("conftest")
        || (path.section(u'/', -1).section(u'.', 0, 0).endsWith(QLatin1String("Test"))))
        return FileClass::Test;
    static const QSet<QString> changelogs = {QStringLiteral("changelog"), QStringLiteral("changes"),
                                             QStringLiteral("history"), QStringLiteral("news"),
                                             QStringLiteral("releases"), QStringLiteral("release-notes")};
    if (changelogs.contains(stem))
        return FileClass::Changelog;
    static const QRegularExpression vendored(
        QStringLiteral("(^|/)(vendor|vendored|third_party|third-party|thirdparty|3rdparty|external|extern|deps)/"));
    if (vendored.match(lower).hasMatch())
        return FileClass::Vendored;
    if (name.contains(QLatin1String(".generated.")) || name.contains(QLatin1String("_pb2."))
        || name.endsWith(QLatin1String(".pb.go")) || name.endsWith(QLatin1String(".pb.h"))
        || name.endsWith(QLatin1String(".pb.cc")))
        return FileClass::Generated;
    return FileClass::Normal;
}

bool queryAsksFor(FileClass c, const QSet<QString> &terms)
{
    switch (c) {
    case FileClass::Test:
        return terms.contains(QStringLiteral("test")) || terms.contains(QStringLiteral("tests"))
               || terms.contains(QStringLiteral("testing")) || terms.contains(QStringLiteral("spec"))
               || terms.contains(QStringLiteral("fixture")) || terms.contains(QStringLiteral("fixtures"));
    case FileClass::Changelog:
        return terms.contains(QStringLiteral("changelog")) || terms.contains(QStringLiteral("history"))
               || terms.contains(QStringLiteral("release")) || terms.contains(QStringLiteral("news"))
               || terms.contains(QStringLiteral("changes"));
    case FileClass::Vendored:
        return terms.contains(QStringLiteral("vendor")) || terms.contains(QStringLiteral("vendored"))
               || terms.contains(QStringLiteral("third")) || terms.contains(QStringLiteral("bundled"));
    case FileClass::Generated:
        return terms.contains(QStringLiteral("generated")) || terms.contains(QStringLiteral("protobuf"));
    default:
        return true;
    }
}

// Percentile ranks (0..1, ties share the mean rank) of values.
QHash<qint64, double> percentiles(const QHash<qint64, double> &values)
{
    QList<QPair<double, qint64>> sorted;
    sorted.reserve(values.size());
    for (auto it = values.cbegin(); it != values.cend(); ++it)
        sorted.append({it.value(), it.key()});
    std::sort(sorted.begin(), sorted.end());
    QHash<qint64, double> out;
    const double n = std::max<qsizetype>(1, sorted.size() - 1);
    for (qsizetype i = 0; i < sorted.size();) {
        qsizetype j = i;
        while (j < sorted.size() && sorted.at(j).first == sorted.at(i).first)
            ++j;
        const double p = sorted.size() == 1 ? 1.0 : (double(i + j - 1) / 2.0) / n;
        for (qsizetype k = i; k < j; ++k)
            out.insert(sorted.at(k).second, p);
        i = j;
    }
    return out;
}

} // namespace

QueryRoute routeQuery(const ParsedQuery &q)
{
    QueryRoute route;
    const QString text = q.text.trimmed();
    static const QString ident = QStringLiteral("`?([A-Za-z_][A-Za-z0-9_]*(?:(?:\\.|::|#)[A-Za-z_~][A-Za-z0-9_]*)*)(?:\\(\\))?`?");
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

// --- caches built once per Searcher (on first use) ----------------------------------------------

class Searcher::Private
{
public:
    std::shared_ptr<Embedder> queryEmbedder;
    std::shared_ptr<VectorIndex> vectors;
    QString modelId;
    double coverage = 0;
    QString vectorNote;
    RerankMode rerankMode = RerankMode::Off;
    std::shared_ptr<Reranker> reranker;

    std::once_flag filesOnce;
    QHash<qint64, double> qualityPercentile; // file id -> 0..1
    QHash<qint64, FileClass> fileClass;

    std::once_flag graphOnce;
    QHash<qint64, int> node;                 // chunk id -> dense index
    std::vector<qint64> chunkOf;             // dense index -> chunk id
    std::vector<qint64> fileOfNode;
    std::vector<std::vector<int>> out, in;   // call graph (deduplicated)
    std::vector<double> pagerank;
    QHash<qint64, double> filePagerankPercentile;

    void loadFiles(const IndexStore &store)
    {
        // Sweep's file quality: longer files (up to a point), more commits, recent commits.
        const QHash<QString, FileRecord> files = store.files();
        qint64 newest = 0;
        for (const FileRecord &f : files)
            newest = std::max(newest, f.lastCommitTime);
        QHash<qint64, double> quality;
        for (const FileRecord &f : files) {
            if (f.status != FileStatus::Indexed && f.status != FileStatus::ParseError)
                continue;
            const double lines = std::min(f.lineCount / 20.0, 10.0);
            const double commits = f.commitCount + 1.0;
            const double hours = f.lastCommitTime > 0 ? (newest - f.lastCommitTime) / 3600.0 + 1.0 : 1.0;
            quality.insert(f.id, lines * commits / (newest > 0 && f.lastCommitTime > 0 ? hours : 1.0));
            fileClass.insert(f.id, classifyPath(f.path));
        }
        qualityPercentile = percentiles(quality);
    }

    void loadGraph(const IndexStore &store)
    {
        const auto ids = store.chunkFileIds();
        chunkOf.reserve(size_t(ids.size()));
        fileOfNode.reserve(size_t(ids.size()));
        for (const auto &[chunk, file] : ids) {
            node.insert(chunk, int(chunkOf.size()));
            chunkOf.push_back(chunk);
            fileOfNode.push_back(file);
        }
        const int n = int(chunkOf.size());
        out.assign(size_t(n), {});
        in.assign(size_t(n), {});
        store.forEachChunkEdge([&](qint64 from, qint64 to) {
            const int a = node.value(from, -1), b = node.value(to, -1);
            if (a < 0 || b < 0 || a == b)
                return;
            out[size_t(a)].push_back(b);
        });
        for (int a = 0; a < n; ++a) {
            auto &o = out[size_t(a)];
            std::sort(o.begin(), o.end());
            o.erase(std::unique(o.begin(), o.end()), o.end());
            for (int b : o)
                in[size_t(b)].push_back(a);
        }
        pagerank = personalisedPagerank({}, 30);
        QHash<qint64, double> byFile;
        for (int i = 0; i < n; ++i)
            byFile[fileOfNode[size_t(i)]] += pagerank[size_t(i)];
        filePagerankPercentile = percentiles(byFile);
    }

    // Personalised PageRank from seed nodes by local push (Andersen, Chung & Lang 2006): only the
    // seeds' neighbourhood is touched, so it costs microseconds rather than a pass over the graph.
    // Teleport 0.15; residuals below eps x out-degree stay unpushed.
    QHash<int, double> localPagerank(const std::vector<int> &seeds, double eps = 1e-4) const
    {
        const double alpha = 0.15;
        QHash<int, double> p, r;
        std::vector<int> queue;
        for (int s : seeds) {
            r[s] += 1.0 / double(seeds.size());
            queue.push_back(s);
        }
        size_t pushes = 0;
        while (!queue.empty() && pushes < 200000) {
            const int u = queue.back();
            queue.pop_back();
            const double ru = r.value(u);
            const auto &o = out[size_t(u)];
            if (ru <= 0 || ru < eps * double(std::max<size_t>(1, o.size())))
                continue;
            ++pushes;
            r[u] = 0;
            if (o.empty()) {
                p[u] += ru; // dangling: keep the mass
                continue;
            }
            p[u] += alpha * ru;
            const double share = (1 - alpha) * ru / double(o.size());
            for (int v : o) {
                double &rv = r[v];
                const bool wasBelow = rv < eps * double(std::max<size_t>(1, out[size_t(v)].size()));
                rv += share;
                if (wasBelow && rv >= eps * double(std::max<size_t>(1, out[size_t(v)].size())))
                    queue.push_back(v);
            }
        }
        return p;
    }

    // PageRank over the call graph (damping 0.85); restart to seeds when given, else uniform.
    std::vector<double> personalisedPagerank(const std::vector<int> &seeds, int iterations) const
    {
        const int n = int(chunkOf.size());
        std::vector<double> rank(static_cast<size_t>(n), n ? 1.0 / n : 0.0);
        std::vector<double> next(static_cast<size_t>(n));
        std::vector<double> restart(size_t(n), seeds.empty() && n ? 1.0 / n : 0.0);
        for (int s : seeds)
            restart[size_t(s)] += 1.0 / double(seeds.size());
        if (!seeds.empty())
            rank = restart;
        const double damping = 0.85;
        for (int it = 0; it < iterations; ++it) {
            double dangling = 0;
            std::fill(next.begin(), next.end(), 0.0);
            for (int a = 0; a < n; ++a) {
                const auto &o = out[size_t(a)];
                if (o.empty()) {
                    dangling += rank[size_t(a)];
                    continue;
                }
                const double share = rank[size_t(a)] / double(o.size());
                for (int b : o)
                    next[size_t(b)] += share;
            }
            for (int i = 0; i < n; ++i)
                next[size_t(i)] = damping * (next[size_t(i)] + dangling * restart[size_t(i)]) + (1 - damping) * restart[size_t(i)];
            rank.swap(next);
        }
        return rank;
    }
};

Searcher::Searcher(const IndexStore *store)
    : m_store(store)
    , d(std::make_unique<Private>())
{
}

Searcher::~Searcher() = default;

Result<void> Searcher::enableVectors(const QString &databasePath, std::shared_ptr<Embedder> queryEmbedder)
{
    const QString modelId = m_store->meta(QString::fromLatin1(kMetaActiveModel));
    if (modelId.isEmpty()) {
        d->vectorNote = QStringLiteral("no vectors yet: keyword search only (vectors are computed once indexing completes)");
        return makeError(ErrorCode::NotFound, d->vectorNote);
    }
    std::shared_ptr<Embedder> embedder = queryEmbedder;
    if (!embedder || embedder->modelId() != modelId) {
        if (!BuiltinEmbedder::isBuiltinModel(modelId)) {
            d->vectorNote = QStringLiteral("vectors of %1 need that endpoint: keyword search only").arg(modelId);
            return makeError(ErrorCode::NotFound, d->vectorNote);
        }
        auto builtin = loadBuiltinEmbedder(*m_store, modelId);
        if (!builtin) {
            d->vectorNote = QStringLiteral("cannot load the built-in model: %1").arg(builtin.error().toString());
            return builtin.error();
        }
        embedder = *builtin;
    }
    auto index = openVectorIndex(*m_store, databasePath, modelId, true);
    if (!index) {
        d->vectorNote = QStringLiteral("no vector index: %1").arg(index.error().toString());
        return index.error();
    }
    setVectorSearch(embedder, *index);
    return {};
}

void Searcher::setVectorSearch(std::shared_ptr<Embedder> queryEmbedder, std::shared_ptr<VectorIndex> index)
{
    d->queryEmbedder = std::move(queryEmbedder);
    d->vectors = std::move(index);
    d->modelId = d->queryEmbedder ? d->queryEmbedder->modelId() : QString();
    const int chunks = m_store->chunkCount();
    d->coverage = d->vectors && chunks > 0 ? std::min(1.0, d->vectors->size() / double(chunks)) : 0.0;
    d->vectorNote.clear();
    if (d->vectors && d->coverage < 0.999)
        d->vectorNote = QStringLiteral("vectors for %1% of chunks so far").arg(int(d->coverage * 100));
    if (!d->reranker && d->rerankMode == RerankMode::Local)
        setReranker(RerankMode::Local, {});
}

void Searcher::setReranker(RerankMode mode, std::shared_ptr<Reranker> reranker)
{
    d->rerankMode = mode;
    if (!reranker && mode == RerankMode::Local)
        reranker = std::make_shared<LocalReranker>(std::dynamic_pointer_cast<const BuiltinEmbedder>(
            std::const_pointer_cast<const Embedder>(d->queryEmbedder)));
    d->reranker = std::move(reranker);
}

void Searcher::warmUp() const
{
    std::call_once(d->filesOnce, [&] { d->loadFiles(*m_store); });
    std::call_once(d->graphOnce, [&] { d->loadGraph(*m_store); });
}

bool Searcher::hasVectors() const
{
    return d->vectors && d->queryEmbedder && d->vectors->size() > 0;
}

QString Searcher::vectorStatus() const
{
    if (!hasVectors())
        return d->vectorNote.isEmpty() ? QStringLiteral("no vectors: keyword search only") : d->vectorNote;
    return QStringLiteral("vectors: %1% of chunks (%2, %3)")
        .arg(int(std::round(d->coverage * 100)))
        .arg(d->modelId, d->vectors->usesGraph() ? QStringLiteral("hnsw") : QStringLiteral("exact"));
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
    response.notes += pq.errors;
    const bool filtered = !filters.isEmpty();
    auto accepts = [&](const ChunkRecord &rec) {
        return !filtered
               || ((filters.languages.isEmpty() || filters.languages.contains(rec.language))
                   && (filters.kinds.isEmpty() || filters.kinds.contains(rec.kind)) && filters.acceptsPath(rec.path));
    };

    // --- graph routes: exhaustive answers from the reference graph ------------------------------
    const QueryRoute route = routeQuery(pq);
    if (route.kind == QueryRoute::Kind::Callers || route.kind == QueryRoute::Kind::Callees) {
        QString name = route.symbol;
        name.replace(QLatin1String("::"), QLatin1String(".")).replace(u'#', u'.');
        QList<SymbolRecord> defs = m_store->symbolsWithQualifiedName(name);
        const QString shortName = name.section(u'.', -1);
        if (defs.isEmpty())
            defs = m_store->symbolsNamed(shortName);
        response.exhaustive = true;
        QSet<qint64> defIds;
        for (const SymbolRecord &s : std::as_const(defs))
            defIds.insert(s.id);
        QSet<qint64> added;
        auto addHit = [&](qint64 chunkId, const QString &reason, double score) {
            if (!chunkId)
                return;
            if (added.contains(chunkId)) {
                for (SearchHit &h : response.hits) {
                    if (h.chunk.id == chunkId && h.reasons.size() < 20)
                        h.reasons << reason;
                }
                return;
            }
            auto rec = m_store->chunk(chunkId);
            if (!rec || !accepts(*rec))
                return;
            added.insert(chunkId);
            SearchHit hit;
            hit.chunk = std::move(*rec);
            hit.scores.graph = score;
            hit.scores.final = score;
            hit.reasons << reason;
            response.hits.append(std::move(hit));
        };
        for (const SymbolRecord &s : std::as_const(defs))
            addHit(s.chunkId, QStringLiteral("defines `%1`").arg(s.qualifiedName), 1.0);
        if (route.kind == QueryRoute::Kind::Callers) {
            response.route = QStringLiteral("graph:callers");
            const QList<RefRecord> refs = m_store->refsNamed(shortName);
            int outside = 0;
            for (const RefRecord &r : refs) {
                if (r.kind == RefKind::Import || r.kind == RefKind::Include)
                    continue;
                // a reference resolved to another definition of the same name is not a usage
                if (r.toSymbolId && !defIds.isEmpty() && !defIds.contains(r.toSymbolId))
                    continue;
                if (!r.fromChunkId) {
                    ++outside;
                    continue;
                }
                addHit(r.fromChunkId,
                       QStringLiteral("%1 `%2` at line %3").arg(refKindName(r.kind), r.name).arg(r.line), 0.5);
            }
            if (outside)
                response.notes << QStringLiteral("%1 usage(s) outside any chunk").arg(outside);
        } else {
            response.route = QStringLiteral("graph:callees");
            QStringList unresolved;
            for (const SymbolRecord &s : std::as_const(defs)) {
                for (const RefRecord &r : m_store->refsFromChunk(s.chunkId)) {
                    if (r.kind != RefKind::Call && r.kind != RefKind::New)
                        continue;
                    const auto target = r.toSymbolId ? m_store->symbol(r.toSymbolId) : std::nullopt;
                    if (target && target->chunkId)
                        addHit(target->chunkId, QStringLiteral("called at %1:%2").arg(r.path).arg(r.line), 0.5);
                    else if (!unresolved.contains(r.name))
                        unresolved << r.name;
                }
            }
            if (!unresolved.isEmpty())
                response.notes << QStringLiteral("calls outside the index or ambiguous: %1").arg(unresolved.join(QStringLiteral(", ")));
        }
        if (defs.isEmpty())
            response.notes << QStringLiteral("no definition named `%1` in the index").arg(name);
        response.millis = timer.nsecsElapsed() / 1e6;
        return response;
    }

    const bool symbolRoute = route.kind == QueryRoute::Kind::Symbol;
    const bool useVectors = options.vectors && !symbolRoute && hasVectors();
    response.route = symbolRoute ? QStringLiteral("symbol") : useVectors ? QStringLiteral("hybrid") : QStringLiteral("keyword");
    response.vectorCoverage = hasVectors() ? d->coverage : 0.0;
    if (options.vectors && !symbolRoute && !hasVectors())
        response.notes << vectorStatus();
    else if (useVectors && d->coverage < 0.999)
        response.notes << d->vectorNote;

    QStringList terms = pq.terms.mid(0, 40);
    if (terms.isEmpty()) {
        // only stopwords: search for them after all rather than nothing
        terms = codeTerms(pq.text, true).mid(0, 40);
    }
    if (terms.isEmpty() && pq.identifiers.isEmpty())
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("the query has no searchable words"), query);

    QHash<qint64, Candidate> byChunk;
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

    // --- vector candidates ----------------------------------------------------------------------
    EmbeddingVector queryVector;
    if (useVectors) {
        const QString text = terms.isEmpty() ? pq.text : terms.join(u' ') + u' ' + pq.identifiers.join(u' ');
        auto v = d->queryEmbedder->embed({text}, EmbedPurpose::Query, cancel);
        if (v && !v->isEmpty() && !v->first().empty()) {
            queryVector = v->first();
            const int k = filtered ? options.vectorCandidates * 4 : options.vectorCandidates;
            const QList<VectorHit> hits = d->vectors->search(queryVector, k);
            int rank = 0;
            for (const VectorHit &h : hits) {
                Candidate &c = byChunk[h.label];
                c.chunkId = h.label;
                c.scores.vector = h.similarity;
                c.scores.vectorRank = ++rank;
            }
        } else if (!v) {
            response.notes << QStringLiteral("query embedding failed: %1").arg(v.error().message);
            response.route = QStringLiteral("keyword");
        }
    }

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
    std::vector<int> seeds; // graph nodes of chunks defining named symbols
    QSet<qint64> seedChunks;
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
            seedChunks.insert(s.chunkId);
            ++symbolHits;
        }
    }
    if (symbolHits > 0 && response.route == QLatin1String("keyword"))
        response.route = QStringLiteral("keyword+symbol");

    // Load the candidates' headers (path, kind, language; the text only for the final hits) in
    // one query and apply filters.
    QHash<qint64, ChunkRecord> records;
    auto loadRecords = [&](const QList<qint64> &ids) {
        for (ChunkRecord &rec : m_store->chunkHeaders(ids)) {
            if (!accepts(rec))
                continue;
            Candidate &c = byChunk[rec.id];
            c.chunkId = rec.id;
            c.path = rec.path;
            c.fileId = rec.fileId;
            records.insert(rec.id, std::move(rec));
        }
    };
    {
        const QList<qint64> ids = byChunk.keys();
        QHash<qint64, Candidate> all;
        all.swap(byChunk);
        for (qint64 id : ids)
            byChunk.insert(id, all.value(id)); // keep scores; loadRecords fills path and file
        loadRecords(ids);
        for (qint64 id : ids) {
            if (!records.contains(id))
                byChunk.remove(id);
        }
    }

    // Cosine of every candidate (also those BM25 found but the ANN search did not return).
    double bestVector = 0;
    if (!queryVector.empty()) {
        const QList<qint64> ids = byChunk.keys();
        const QList<float> sims = d->vectors->similarities(queryVector, ids);
        for (qsizetype i = 0; i < ids.size(); ++i) {
            Candidate &c = byChunk[ids.at(i)];
            if (!std::isnan(sims.at(i)))
                c.scores.vector = sims.at(i);
            bestVector = std::max(bestVector, c.scores.vector);
        }
    }

    // --- fusion ---------------------------------------------------------------------------------
    for (Candidate &c : byChunk) {
        c.scores.bm25 = best > 0 ? c.scores.bm25 / best : 0;
        const double vec = bestVector > 0 ? std::max(0.0, c.scores.vector) / bestVector : 0.0;
        if (tune.fusion == 1) {
            double rrf = 0;
            if (c.scores.bm25Rank > 0)
                rrf += 1.0 / (tune.rrfK + c.scores.bm25Rank);
            if (c.scores.vectorRank > 0)
                rrf += tune.vectorWeight / (tune.rrfK + c.scores.vectorRank);
            // scaled so the best possible BM25-only score is 1, like the weighted mix
            c.base = rrf * (tune.rrfK + 1) + c.scores.symbol;
        } else {
            c.base = c.scores.bm25 + tune.vectorWeight * vec + c.scores.symbol;
        }
    }
    // File evidence: a file with several matching chunks is more likely the answer.
    QHash<QString, QList<double>> fileScores;
    for (const Candidate &c : std::as_const(byChunk))
        fileScores[c.path].append(c.base);
    for (auto it = fileScores.begin(); it != fileScores.end(); ++it)
        std::sort(it->begin(), it->end(), std::greater<>());
    // Path terms: "Fix proxy handling in adapters" names adapters.py.
    QSet<QString> termSet(terms.begin(), terms.end());
    double top = -1e300, bottom = 1e300;
    for (Candidate &c : byChunk) {
        const QList<double> &scores = fileScores.value(c.path);
        double others = 0;
        int counted = 0;
        bool skippedSelf = false;
        for (double s : scores) {
            if (!skippedSelf && s == c.base) {
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
        c.scores.final = c.base + c.scores.file + path;
        top = std::max(top, c.scores.final);
        bottom = std::min(bottom, c.scores.final);
    }
    const double range = byChunk.isEmpty() ? 0.0 : std::max(1e-9, top - bottom);

    // --- priors ---------------------------------------------------------------------------------
    if (options.priors && !byChunk.isEmpty()) {
        std::call_once(d->filesOnce, [&] { d->loadFiles(*m_store); });
        QSet<QString> asked(termSet);
        for (const QString &w : pq.text.toLower().split(u' ', Qt::SkipEmptyParts))
            asked.insert(w);
        for (Candidate &c : byChunk) {
            c.scores.prior = tune.priorCap * range * d->qualityPercentile.value(c.fileId, 0.0);
            const FileClass fc = d->fileClass.value(c.fileId, FileClass::Normal);
            if (fc != FileClass::Normal && !queryAsksFor(fc, asked)) {
                c.scores.prior -= tune.demote * range;
                c.reasons << QStringLiteral("demoted: %1").arg(fc == FileClass::Test        ? QStringLiteral("test")
                                                               : fc == FileClass::Changelog ? QStringLiteral("changelog")
                                                               : fc == FileClass::Vendored  ? QStringLiteral("vendored")
                                                                                            : QStringLiteral("generated"));
            }
            c.scores.final += c.scores.prior;
        }
    }

    // --- reference graph: prior and one-hop expansion --------------------------------------------
    if (options.graph && !byChunk.isEmpty() && !symbolRoute) {
        std::call_once(d->graphOnce, [&] { d->loadGraph(*m_store); });
        QHash<int, double> ppr;
        double pprMax = 0;
        if (!seedChunks.isEmpty() && !d->chunkOf.empty()) {
            for (qint64 id : std::as_const(seedChunks)) {
                const int n = d->node.value(id, -1);
                if (n >= 0)
                    seeds.push_back(n);
            }
            if (!seeds.empty()) {
                ppr = d->localPagerank(seeds);
                for (const Candidate &c : std::as_const(byChunk)) {
                    const int n = d->node.value(c.chunkId, -1);
                    if (n >= 0 && !seedChunks.contains(c.chunkId))
                        pprMax = std::max(pprMax, ppr.value(n));
                }
            }
        }
        for (Candidate &c : byChunk) {
            double g = d->filePagerankPercentile.value(c.fileId, 0.0);
            if (pprMax > 0) {
                const int n = d->node.value(c.chunkId, -1);
                const double p = n >= 0 && !seedChunks.contains(c.chunkId) ? ppr.value(n) / pprMax : 0.0;
                g = 0.5 * g + 0.5 * p;
            }
            c.scores.graph = tune.graphCap * range * g;
            c.scores.final += c.scores.graph;
        }
        // one hop from the best hits: what they call and who calls them
        if (tune.expand > 0 && tune.expandFrom > 0) {
            QList<Candidate *> order;
            for (Candidate &c : byChunk)
                order.append(&c);
            std::sort(order.begin(), order.end(), [](const Candidate *a, const Candidate *b) {
                return a->scores.final > b->scores.final;
            });
            QList<Candidate> expansions;
            QSet<qint64> expanded;
            for (qsizetype i = 0; i < std::min<qsizetype>(tune.expandFrom, order.size()); ++i) {
                const Candidate &parent = *order.at(i);
                const int n = d->node.value(parent.chunkId, -1);
                if (n < 0)
                    continue;
                auto consider = [&](int m, const QString &why) {
                    const qint64 id = d->chunkOf[size_t(m)];
                    if (byChunk.contains(id) || expanded.contains(id))
                        return;
                    expanded.insert(id);
                    Candidate e;
                    e.chunkId = id;
                    e.scores.final = parent.scores.final * tune.expand;
                    e.scores.graph = e.scores.final;
                    e.reasons << why.arg(records.value(parent.chunkId).qualifiedName);
                    expansions.append(e);
                };
                const auto &callees = d->out[size_t(n)];
                const auto &callers = d->in[size_t(n)];
                for (size_t j = 0; j < std::min<size_t>(callees.size(), 8); ++j)
                    consider(callees[j], QStringLiteral("called by `%1`"));
                for (size_t j = 0; j < std::min<size_t>(callers.size(), 8); ++j)
                    consider(callers[j], QStringLiteral("calls `%1`"));
            }
            QList<qint64> ids;
            for (const Candidate &e : std::as_const(expansions))
                ids.append(e.chunkId);
            loadRecords(ids);
            for (const Candidate &e : std::as_const(expansions)) {
                if (!records.contains(e.chunkId)) {
                    byChunk.remove(e.chunkId);
                    continue;
                }
                Candidate &c = byChunk[e.chunkId];
                c.scores = e.scores;
                c.reasons = e.reasons;
            }
        }
    }

    QList<Candidate> ranked;
    ranked.reserve(byChunk.size());
    for (Candidate &c : byChunk)
        ranked.append(std::move(c));
    auto byFinal = [](const Candidate &a, const Candidate &b) {
        if (a.scores.final != b.scores.final)
            return a.scores.final > b.scores.final;
        return a.chunkId < b.chunkId;
    };
    std::sort(ranked.begin(), ranked.end(), byFinal);

    // --- re-ranking ------------------------------------------------------------------------------
    if (options.rerank != RerankMode::Off && !ranked.isEmpty()) {
        std::shared_ptr<Reranker> reranker = d->reranker;
        if (!reranker || d->rerankMode != options.rerank) {
            if (options.rerank == RerankMode::Local)
                reranker = std::make_shared<LocalReranker>(std::dynamic_pointer_cast<const BuiltinEmbedder>(
                    std::const_pointer_cast<const Embedder>(d->queryEmbedder)));
            else
                reranker.reset();
        }
        if (!reranker) {
            response.notes << QStringLiteral("re-ranker '%1' is not configured").arg(rerankModeName(options.rerank));
        } else {
            const qsizetype depth = std::min<qsizetype>(options.rerankDepth, ranked.size());
            QList<ChunkRecord> chunks;
            for (qsizetype i = 0; i < depth; ++i)
                chunks.append(m_store->chunk(ranked.at(i).chunkId).value_or(records.value(ranked.at(i).chunkId)));
            auto scores = reranker->score(pq.text, chunks, cancel);
            if (!scores) {
                response.notes << QStringLiteral("re-ranking failed: %1").arg(scores.error().message);
            } else {
                double lo = 1e300, hi = -1e300;
                for (double s : *scores) {
                    lo = std::min(lo, s);
                    hi = std::max(hi, s);
                }
                const double span = hi > lo ? hi - lo : 1.0;
                for (qsizetype i = 0; i < depth; ++i) {
                    Candidate &c = ranked[i];
                    c.scores.rerank = (scores->at(i) - lo) / span;
                    c.scores.final += tune.rerankWeight * range * c.scores.rerank;
                }
                std::sort(ranked.begin(), ranked.begin() + depth, byFinal);
                response.route += QStringLiteral("+rerank");
            }
        }
    }

    QHash<QString, int> perFile;
    for (const Candidate &c : std::as_const(ranked)) {
        if (response.hits.size() >= options.topK)
            break;
        int &n = perFile[c.path];
        if (options.maxPerFile > 0 && n >= options.maxPerFile)
            continue;
        ++n;
        SearchHit hit;
        hit.chunk = m_store->chunk(c.chunkId).value_or(records.value(c.chunkId));
        hit.scores = c.scores;
        hit.reasons = c.reasons;
        if (c.scores.vectorRank > 0)
            hit.reasons.prepend(QStringLiteral("vector rank %1").arg(c.scores.vectorRank));
        if (c.scores.bm25Rank > 0)
            hit.reasons.prepend(QStringLiteral("keyword rank %1").arg(c.scores.bm25Rank));
        response.hits.append(std::move(hit));
    }
    response.millis = timer.nsecsElapsed() / 1e6;
    return response;
}

} // namespace RepoLens
