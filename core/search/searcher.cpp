#include "searcher.h"

#include "generators.h"
#include "graphroute.h"
#include "mentionstages.h"
#include "pathmatch.h"
#include "rankers.h"
#include "scorers.h"
#include "stage.h"
#include "zoektgenerator.h"

#include "core/base/logging.h"
#include "core/embed/builtinembedder.h"
#include "core/embed/embeddingindexer.h"
#include "core/embed/staticembedder.h"
#include "core/embed/subtokenembedder.h"

#include <QDir>
#include <QElapsedTimer>

namespace RepoLens {

SearchCaches::SearchCaches(const IndexStore &store)
    : m_store(store)
{
}

SearchCaches::~SearchCaches() = default;

const PathWordIndex &SearchCaches::pathWords() const
{
    std::call_once(m_pathsOnce, [&] { m_paths = std::make_unique<PathWordIndex>(PathWordIndex::load(m_store.files())); });
    return *m_paths;
}

const QStringList &SearchCaches::projectNameWords() const
{
    std::call_once(m_nameOnce, [&] {
        const QString root = m_store.meta(QStringLiteral("root_path"));
        if (root.isEmpty())
            return;
        QDir dir(root);
        QString names = dir.dirName();
        // The work tree a sub-folder belongs to (a few levels up at most: a project's index
        // root is rarely deeper in its repository).
        for (int up = 0; up < 4 && !dir.exists(QStringLiteral(".git")) && dir.cdUp() && !dir.isRoot(); ++up) {
        }
        if (dir.exists(QStringLiteral(".git")) && dir.absolutePath() != QDir(root).absolutePath())
            names += u' ' + dir.dirName();
        m_nameWords = pathQueryWords(names);
    });
    return m_nameWords;
}

const FileQuality &SearchCaches::files() const
{
    std::call_once(m_filesOnce, [&] { m_files = FileQuality::load(m_store.files()); });
    return m_files;
}

const CodeGraph &SearchCaches::graph() const
{
    std::call_once(m_graphOnce, [&] { m_graph = CodeGraph::load(m_store.chunks(), m_store.symbols()); });
    return m_graph;
}

class Searcher::Private
{
public:
    explicit Private(const IndexStore &store)
        : caches(store)
    {
    }

    std::shared_ptr<Embedder> queryEmbedder;
    std::shared_ptr<VectorIndex> vectors;
    QString modelId;
    double coverage = 0;
    QString vectorNote;
    RerankMode rerankMode = RerankMode::Off;
    std::shared_ptr<Reranker> reranker;
    std::shared_ptr<const ZoektGenerator> zoekt; // null: no remote search
    SearchCaches caches;

    // The re-ranker a search with `mode` uses: the configured one, a local one made on the
    // spot, or none.
    std::shared_ptr<Reranker> rerankerFor(RerankMode mode) const
    {
        if (reranker && rerankMode == mode)
            return reranker;
        if (mode == RerankMode::Local)
            return std::make_shared<LocalReranker>(std::dynamic_pointer_cast<const BuiltinEmbedder>(
                std::const_pointer_cast<const Embedder>(queryEmbedder)));
        return {};
    }
};

Searcher::Searcher(const IndexStore *store)
    : m_store(store)
    , d(std::make_unique<Private>(*store))
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
    if (embedder) // a question sent to an embedding endpoint is in What Was Sent
        embedder->setRequestLog(remoteRequestLogFor(databasePath));
    if ((!embedder || embedder->modelId() != modelId) && SubtokenEmbedder::isSubtokenModel(modelId))
        embedder = std::make_shared<SubtokenEmbedder>(*SubtokenEmbedder::optionsFromModelId(modelId));
    if (!embedder || embedder->modelId() != modelId) {
        if (StaticEmbedder::isStaticModel(modelId)) {
            d->vectorNote = QStringLiteral("vectors of %1 need that static model (embed.static): keyword search only").arg(modelId);
            return makeError(ErrorCode::NotFound, d->vectorNote);
        }
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
    const int chunks = m_store->chunks().count();
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
    // what a re-ranker sends off the machine is in What Was Sent
    if (reranker && !m_store->path().isEmpty())
        reranker->setRequestLog(remoteRequestLogFor(m_store->path()));
    d->reranker = std::move(reranker);
}

void Searcher::setRemoteSearch(const ZoektConfig &config)
{
    if (!config.isEnabled()) {
        d->zoekt.reset();
        return;
    }
    // the query's terms sent to the server are in What Was Sent
    d->zoekt = std::make_shared<ZoektGenerator>(config, m_store->path().isEmpty() ? RemoteRequestLog()
                                                                                  : remoteRequestLogFor(m_store->path()));
}

void Searcher::warmUp() const
{
    d->caches.files();
    d->caches.graph();
    d->caches.pathWords();
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

QList<std::shared_ptr<const SearchStage>> Searcher::stages(const QueryAnalysis &query, const SearchOptions &options,
                                                           SearchResponse &response) const
{
    QList<std::shared_ptr<const SearchStage>> out;
    const QueryRoute::Kind kind = query.route.kind;
    if (kind == QueryRoute::Kind::Callers || kind == QueryRoute::Kind::Callees) {
        out << std::make_shared<GraphRoute>();
        return out;
    }
    const bool symbolRoute = kind == QueryRoute::Kind::Symbol;
    const bool report = kind == QueryRoute::Kind::Report;
    const bool useVectors = options.vectors && !symbolRoute && hasVectors();
    response.route = symbolRoute ? QStringLiteral("symbol") : useVectors ? QStringLiteral("hybrid") : QStringLiteral("keyword");
    if (report)
        response.route = QStringLiteral("bug report") + (useVectors ? QString() : QStringLiteral(" (keyword)"));
    response.vectorCoverage = hasVectors() ? d->coverage : 0.0;
    if (options.vectors && !symbolRoute && !hasVectors())
        response.notes << vectorStatus();
    else if (useVectors && d->coverage < 0.999)
        response.notes << d->vectorNote;

    // candidate generators
    out << std::make_shared<KeywordGenerator>();
    if (report)
        out << std::make_shared<TitleGenerator>();
    if (useVectors)
        out << std::make_shared<VectorGenerator>(d->queryEmbedder, d->vectors);
    out << std::make_shared<SymbolGenerator>();
    if (d->zoekt)
        out << d->zoekt;
    out << std::make_shared<HeaderFilter>();
    if (report)
        out << std::make_shared<MentionGenerator>() << std::make_shared<TitleScorer>();
    // feature scorers and fusion
    if (useVectors)
        out << std::make_shared<VectorScorer>(d->vectors);
    if (!report) // measured: a whole report's words are not a question's (docs/retrieval.md)
        out << std::make_shared<LexicalView>();
    out << std::make_shared<Fusion>();
    out << std::make_shared<DefinitionBoost>() << std::make_shared<PathMatch>();
    if (report)
        out << std::make_shared<MentionBoost>();
    out << std::make_shared<FileEvidence>();
    if (options.priors)
        out << std::make_shared<FilePrior>() << std::make_shared<ChunkShape>();
    if (options.graph && !symbolRoute)
        out << std::make_shared<GraphPrior>() << std::make_shared<GraphExpansion>();
    // re-rank and the list
    if (options.rerank != RerankMode::Off)
        out << std::make_shared<RerankStage>(d->rerankerFor(options.rerank), options.rerank);
    out << std::make_shared<Diversity>();
    // ablations: stages switched off by name
    const QStringList off = options.disabledStages + Tuning::get().disabled;
    out.removeIf([&off](const std::shared_ptr<const SearchStage> &stage) { return off.contains(stage->name()); });
    return out;
}

QStringList Searcher::stagesFor(const QString &query, const SearchOptions &options) const
{
    SearchResponse scratch;
    QStringList names;
    for (const auto &stage : stages(analyzeQuery(query, options.filters), options, scratch))
        names << stage->name();
    return names;
}

Result<SearchResponse> Searcher::search(const QString &query, const SearchOptions &options,
                                        const std::atomic_bool *cancel) const
{
    QElapsedTimer timer;
    timer.start();
    SearchResponse response;
    QueryContext ctx(*m_store, d->caches, options, Tuning::get(), cancel);
    ctx.response = &response;
    ctx.query = analyzeQuery(query, options.filters);
    response.query = ctx.query.parsed;
    if (!ctx.query.parsed.errors.isEmpty()) // a filter that filters nothing must not look like one that worked
        return makeError(ErrorCode::InvalidArgument, ctx.query.parsed.errors.join(QStringLiteral("; ")));

    const auto route = stages(ctx.query, options, response);
    const bool graphRoute = ctx.query.route.kind == QueryRoute::Kind::Callers
                            || ctx.query.route.kind == QueryRoute::Kind::Callees;
    if (!graphRoute && ctx.query.terms.isEmpty() && ctx.query.parsed.identifiers.isEmpty())
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("the query has no searchable words"), query);
    for (const auto &stage : route)
        stage->begin(ctx);
    for (const auto &stage : route) {
        QElapsedTimer t;
        t.start();
        if (auto r = stage->run(ctx); !r)
            return r.error();
        response.timings.append(StageTiming{stage->name(), t.nsecsElapsed() / 1e6});
        if (ctx.cancelled())
            return makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"));
    }
    response.millis = timer.nsecsElapsed() / 1e6;
    return response;
}

} // namespace RepoLens
