// The ranking stages one at a time, on a small real index: what each adds to the candidates,
// and which stages each route runs.

#include "../store/storetestutil.h"

#include "core/embed/builtinembedder.h"
#include "core/embed/embedder.h"
#include "core/search/codegraph.h"
#include "core/search/filequality.h"
#include "core/search/generators.h"
#include "core/search/graphroute.h"
#include "core/search/mentionstages.h"
#include "core/search/pathmatch.h"
#include "core/search/rankers.h"
#include "core/search/reportanalysis.h"
#include "core/search/scorers.h"
#include "core/search/searcher.h"
#include "core/search/tuning.h"

#include <QDir>

#include <cmath>
#include <map>
#include <string>

using namespace RepoLens;
using namespace RepoLens::StoreTest;

namespace {

// The hits of a search as "path" plus the reason a hit was demoted, if it was.
QStringList rankedPaths(Searcher &searcher, const QString &query)
{
    QStringList out;
    auto response = searcher.search(query);
    if (response) {
        for (const SearchHit &h : std::as_const(response->hits))
            out << h.chunk.path + u' ' + h.reasons.filter(QStringLiteral("demoted")).join(u' ');
    }
    return out;
}

} // namespace

class tst_Stages : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void analysis();
    void tuningSettings();
    void groupedByFileOrder();
    void codeGraphEdges();
    void keywordRanks();
    void symbolBonusAndSeeds();
    void definitionsAboveUsages();
    void qualifierIsNotTheDefinitionAsked();
    void filters();
    void fusionWeightedAndRrf();
    void lexicalViewCosine();
    void fileEvidenceAndPathNames();
    void pathWordsMatch();
    void pathIndexScoresAsPaths();
    void pathMatchLiftsAndAdds();
    void pathMatchSkipsProjectName();
    void pathMatchOfNamesIsByWholeStems();
    void filePriorDemotesTests();
    void supersededVersionsAreLegacy();
    void bundledPackagesAndCatalogsDemoted();
    void privatePackageBehindItsPublicFace();
    void graphExpansionAddsNeighbours();
    void diversityCapsFiles();
    void routesCompose();
    void reportMentions();
    void reportPathOfAnotherProject();
    void reportOptionDefinitions();
    void reportSubcommandDefinitions();
    void reportMessagesFromFormats();
    void reportOptionFoundByGrepIndex();
    void reportFramesFromTheRaisingOne();
    void reportPackageNamesItsFolder();
    void reportTitleLeads();
    void reportTitleScoresEveryCandidate();
    void reportDemotesTests();

private:
    // A context over the fixture index with its own response.
    struct Run
    {
        Run(const IndexStore &store, const QString &query, const SearchOptions &options = {},
            const Tuning &tuning = Tuning{})
            : options(options)
            , tuning(tuning)
            , caches(store)
            , ctx(store, caches, this->options, this->tuning, nullptr)
        {
            ctx.response = &response;
            ctx.query = analyzeQuery(query, options.filters);
        }
        SearchOptions options;
        Tuning tuning;
        SearchCaches caches;
        SearchResponse response;
        QueryContext ctx;

        void run(const SearchStage &stage) { QVERIFY(stage.run(ctx)); }
        // A report's mentions over the keyword candidates, as the searcher orders the stages.
        void runMentions()
        {
            run(KeywordGenerator());
            run(HeaderFilter());
            run(MentionGenerator());
        }
        // Keyword candidates fused (range 1), then the file prior; the scores before the prior.
        QHash<qint64, double> runFilePrior()
        {
            run(KeywordGenerator());
            run(HeaderFilter());
            run(Fusion());
            ctx.range = 1.0;
            QHash<qint64, double> before;
            for (const Candidate &c : ctx.candidates)
                before.insert(c.chunkId, c.scores.final);
            run(FilePrior());
            return before;
        }
        // The candidates the mentions named: "path name mention-score", and the reasons that
        // hold `why` when it is given.
        QStringList mentioned(const QString &why = {})
        {
            QStringList out;
            for (const Candidate &c : ctx.candidates) {
                if (c.scores.mention <= 0)
                    continue;
                QString line = QStringLiteral("%1 %2 %3").arg(c.path, ctx.candidates.headerOrEmpty(c.chunkId).name).arg(c.scores.mention);
                if (!why.isEmpty())
                    line += u' ' + c.reasons.filter(why).join(u';');
                out << line;
            }
            return out;
        }
        const Candidate *byName(const QString &qualifiedName)
        {
            for (const Candidate &c : ctx.candidates) {
                if (const ChunkRecord *h = ctx.candidates.header(c.chunkId); h && h->qualifiedName == qualifiedName)
                    return &c;
            }
            return nullptr;
        }
    };

    QTemporaryDir m_dir;
    std::unique_ptr<IndexStore> m_store;
};

void tst_Stages::initTestCase()
{
    m_store = openStore(m_dir);
    QVERIFY(m_store);
    QVERIFY(addFile(*m_store, QStringLiteral("src/proxies.py"),
                    "def select_proxy(url, proxies):\n    return proxies.get(url)\n\n\n"
                    "def resolve_proxies(request, proxies):\n    return select_proxy(request.url, proxies)\n\n\n"
                    "def rebuild_proxies(prepared, proxies):\n    return resolve_proxies(prepared, proxies)\n"));
    QVERIFY(addFile(*m_store, QStringLiteral("src/cookies.py"),
                    "class CookieJar:\n    def set_cookie(self, cookie):\n        self.cookies[cookie.domain] = cookie\n"));
    QVERIFY(addFile(*m_store, QStringLiteral("tests/test_proxies.py"),
                    "def test_select_proxy():\n    assert select_proxy('u', {}) is None\n"));
    QVERIFY(addFile(*m_store, QStringLiteral("src/main.rs"), "fn select_proxy() {}\n", LanguageId::Rust));
    QVERIFY(m_store->symbols().resolveReferences());
}

void tst_Stages::analysis()
{
    const QueryAnalysis a = analyzeQuery(QStringLiteral("where is select_proxy called lang:python"));
    QCOMPARE(a.route.kind, QueryRoute::Kind::Callers);
    QCOMPARE(a.route.symbol, QStringLiteral("select_proxy"));
    QCOMPARE(a.parsed.filters.languages, QList<LanguageId>{LanguageId::Python});
    const QueryAnalysis b = analyzeQuery(QStringLiteral("how are proxies rebuilt for a request"));
    QCOMPARE(b.route.kind, QueryRoute::Kind::Hybrid);
    QVERIFY(b.terms.contains(QStringLiteral("proxies")));
    QVERIFY(!b.terms.contains(QStringLiteral("how"))); // a stopword
    QVERIFY(b.symbolNames.contains(QStringLiteral("proxies")));
    QVERIFY(b.asked.contains(QStringLiteral("request")));
    // only stopwords: searched after all
    QVERIFY(!analyzeQuery(QStringLiteral("how is it")).terms.isEmpty());
    // caller filters come first, then the query's
    SearchFilters extra;
    extra.pathGlobs << QStringLiteral("src/**");
    const QueryAnalysis c = analyzeQuery(QStringLiteral("proxy path:tests/**"), extra);
    QCOMPARE(c.parsed.filters.pathGlobs, (QStringList{QStringLiteral("src/**"), QStringLiteral("tests/**")}));
}

void tst_Stages::keywordRanks()
{
    Run r(*m_store, QStringLiteral("proxies"));
    r.run(KeywordGenerator());
    QVERIFY(r.ctx.candidates.size() >= 3);
    QList<int> ranks;
    double last = 1e300;
    QList<Candidate> all;
    for (const Candidate &c : r.ctx.candidates)
        all << c;
    std::sort(all.begin(), all.end(), [](const Candidate &a, const Candidate &b) { return a.scores.bm25Rank < b.scores.bm25Rank; });
    for (const Candidate &c : all) {
        ranks << c.scores.bm25Rank;
        QVERIFY(c.scores.bm25 <= last); // rank follows the score
        last = c.scores.bm25;
    }
    for (int i = 0; i < ranks.size(); ++i)
        QCOMPARE(ranks.at(i), i + 1);
    QCOMPARE(KeywordGenerator::matchExpression({QStringLiteral("a"), QStringLiteral("b\"c")}),
             QStringLiteral("\"a\" OR \"b\"\"c\""));
}

void tst_Stages::symbolBonusAndSeeds()
{
    Run r(*m_store, QStringLiteral("select_proxy CookieJar"));
    r.response.route = QStringLiteral("keyword");
    r.run(SymbolGenerator());
    r.run(HeaderFilter());
    // select_proxy is a function defined twice (Python, Rust); CookieJar a class, once
    const Candidate *py = r.byName(QStringLiteral("select_proxy"));
    QVERIFY(py);
    QCOMPARE(py->scores.symbol, 0.85 / std::sqrt(2.0));
    QVERIFY(py->reasons.contains(QStringLiteral("defines `select_proxy`")));
    QCOMPARE(r.byName(QStringLiteral("CookieJar"))->scores.symbol, 1.0);
    QCOMPARE(r.ctx.symbolSeeds.size(), 3);
    QCOMPARE(r.response.route, QStringLiteral("keyword+symbol"));
    // four definitions: half as sure
    QTemporaryDir dir;
    auto store = openStore(dir);
    for (int i = 0; i < 4; ++i)
        QVERIFY(addFile(*store, QStringLiteral("m%1.py").arg(i), "def frobnicate():\n    pass\n"));
    Run many(*store, QStringLiteral("frobnicate"));
    many.run(SymbolGenerator());
    QCOMPARE(many.ctx.candidates.size(), 4);
    for (const Candidate &c : many.ctx.candidates)
        QCOMPARE(c.scores.symbol, 0.85 / 2);
    // a qualified name finds its own definition, not every method of that name
    Run qualified(*m_store, QStringLiteral("CookieJar.set_cookie"));
    qualified.run(SymbolGenerator());
    qualified.run(HeaderFilter());
    QCOMPARE(qualified.ctx.candidates.size(), 1);
    QVERIFY(qualified.byName(QStringLiteral("CookieJar.set_cookie")));
}

// A query that is only a name puts its definition above every usage; a name in a sentence
// lifts it by a third as much.
void tst_Stages::definitionsAboveUsages()
{
    QVERIFY(isNameQuery(QStringLiteral("Deserialize")));
    QVERIFY(isNameQuery(QStringLiteral("Rails::Engine")));
    QVERIFY(isNameQuery(QStringLiteral("flat_hash_map")));
    QVERIFY(isNameQuery(QStringLiteral("`select_proxy()` rebuild_auth")));
    QVERIFY(!isNameQuery(QStringLiteral("session")));
    QVERIFY(!isNameQuery(QStringLiteral("Session request")));
    QVERIFY(!isNameQuery(QStringLiteral("how are proxies selected")));
    for (const QString &query : {QStringLiteral("select_proxy"), QStringLiteral("where select_proxy decides it")}) {
        Run r(*m_store, query);
        QCOMPARE(r.ctx.query.nameQuery, query == QLatin1String("select_proxy"));
        r.run(KeywordGenerator());
        r.run(SymbolGenerator());
        r.run(HeaderFilter());
        r.run(Fusion());
        const double top = r.ctx.top();
        QVERIFY(top > 0);
        QHash<qint64, double> before;
        for (const Candidate &c : r.ctx.candidates)
            before.insert(c.chunkId, c.scores.final);
        r.run(DefinitionBoost());
        const Candidate *def = r.byName(QStringLiteral("select_proxy"));
        QVERIFY(def);
        const double weight = r.ctx.query.nameQuery ? Tuning().definitionName : Tuning().symbolBonus;
        QCOMPARE(def->scores.final - before.value(def->chunkId), weight * top * 0.85 / std::sqrt(2.0));
        // the usage with the best keyword score stays below the definition in a name query
        const Candidate *usage = r.byName(QStringLiteral("resolve_proxies"));
        QVERIFY(usage);
        QCOMPARE(usage->scores.final, before.value(usage->chunkId));
        if (r.ctx.query.nameQuery)
            QVERIFY(def->scores.final > usage->scores.final);
    }
}

// "Rails::Engine" asks for Engine: the module Rails that wraps every file of the project is
// not a definition of what is asked, unless the question also names Rails alone.
void tst_Stages::qualifierIsNotTheDefinitionAsked()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    QVERIFY(addFile(*store, QStringLiteral("lib/rails/railtie.rb"),
                    "module Rails\n  class Railtie\n    def engine_config\n    end\n  end\nend\n", LanguageId::PlainText));
    QVERIFY(addFile(*store, QStringLiteral("lib/rails/engine.rb"),
                    "module Rails\n  class Engine < Railtie\n    def engine_config\n    end\n  end\nend\n", LanguageId::PlainText));
    auto definitionReasons = [&](const QString &query) {
        Run r(*store, query);
        r.run(KeywordGenerator());
        r.run(SymbolGenerator());
        r.run(HeaderFilter());
        r.run(Fusion());
        r.run(DefinitionBoost());
        QStringList out;
        for (const Candidate &c : r.ctx.candidates) {
            for (const QString &why : c.reasons) {
                if (why.startsWith(QLatin1String("defines")))
                    out << c.path + u' ' + why;
            }
        }
        out.sort();
        return out;
    };
    QCOMPARE(definitionReasons(QStringLiteral("Rails::Engine")),
             (QStringList{QStringLiteral("lib/rails/engine.rb defines `Engine` (pattern)")}));
    QCOMPARE(definitionReasons(QStringLiteral("Rails::Engine `Rails`")).size(), 2);
}

void tst_Stages::filters()
{
    Run r(*m_store, QStringLiteral("select_proxy lang:rust"));
    r.run(KeywordGenerator());
    r.run(SymbolGenerator());
    r.run(HeaderFilter());
    QCOMPARE(r.ctx.candidates.size(), 1);
    QCOMPARE(r.ctx.candidates.header(r.ctx.candidates.ids().first())->path, QStringLiteral("src/main.rs"));
    Run k(*m_store, QStringLiteral("cookie kind:class"));
    k.run(KeywordGenerator());
    k.run(HeaderFilter());
    QCOMPARE(k.ctx.candidates.size(), 1);
    QVERIFY(k.byName(QStringLiteral("CookieJar")));
}

void tst_Stages::fusionWeightedAndRrf()
{
    Run r(*m_store, QStringLiteral("proxies"));
    Candidate &a = r.ctx.candidates[1];
    a.scores.bm25 = 8;
    a.scores.bm25Rank = 1;
    Candidate &b = r.ctx.candidates[2];
    b.scores.bm25 = 4;
    b.scores.bm25Rank = 2;
    b.scores.symbol = 0.5;
    r.run(Fusion());
    QCOMPARE(r.ctx.candidates[1].base, 1.0); // best-normalised
    QCOMPARE(r.ctx.candidates[2].base, 0.5); // the definitions stage adds the symbol's part
    Tuning rrf;
    rrf.fusion = 1;
    Run f(*m_store, QStringLiteral("proxies"), {}, rrf);
    f.ctx.candidates[1].scores.bm25Rank = 1;
    f.ctx.candidates[2].scores.bm25Rank = 2;
    f.run(Fusion());
    QCOMPARE(f.ctx.candidates[1].base, 1.0);
    QCOMPARE(f.ctx.candidates[2].base, 61.0 / 62.0);
}

// The lexical view: the cosine of the question's and each chunk's bags of code terms (1 + ln tf),
// over the header embeddingText() writes and the first characters of the text, for the
// candidates BM25 and the vectors rank best; fusion adds it best-normalised.
void tst_Stages::lexicalViewCosine()
{
    const auto bag = [](const QString &text) {
        std::map<std::string, double> out;
        BuiltinEmbedder::forEachCodeTerm(text.toUtf8(), [&out](const std::string &t) { out[t] += 1; });
        for (auto &[term, w] : out)
            w = 1.0 + std::log(w);
        return out;
    };
    const auto cosine = [](const std::map<std::string, double> &a, const std::map<std::string, double> &b) {
        double dot = 0, na = 0, nb = 0;
        for (const auto &[term, w] : a) {
            na += w * w;
            if (const auto it = b.find(term); it != b.end())
                dot += w * it->second;
        }
        for (const auto &[term, w] : b)
            nb += w * w;
        return dot / std::sqrt(na * nb);
    };
    const QString question = QStringLiteral("which proxies does a request select from its proxies");
    Tuning tuning;
    tuning.lexicalChars = 60;
    Run r(*m_store, question, {}, tuning);
    r.run(KeywordGenerator());
    r.run(HeaderFilter());
    QVERIFY(r.ctx.candidates.size() >= 4);
    r.run(LexicalView());
    const auto query = bag(question);
    int scored = 0;
    for (const Candidate &c : r.ctx.candidates) {
        const auto chunk = m_store->chunks().chunk(c.chunkId);
        QVERIFY(chunk);
        const double expected = cosine(query, bag(embeddingText(*chunk, tuning.lexicalChars)));
        QVERIFY2(std::abs(c.scores.lexical - expected) < 1e-12, qPrintable(chunk->qualifiedName));
        scored += expected > 0 ? 1 : 0;
    }
    QVERIFY(scored >= 3);
    // the limit cuts the text here: what is past it does not count
    const auto selectProxy = m_store->chunks().chunk(r.byName(QStringLiteral("select_proxy"))->chunkId);
    QVERIFY(embeddingText(*selectProxy, 60).size() < embeddingText(*selectProxy).size());
    QVERIFY(embeddingText(*selectProxy, 60).size() > embeddingText(*selectProxy, 1).size());

    // only the pool's best candidates by BM25 are scored
    Tuning one = tuning;
    one.lexicalPool = 1;
    Run p(*m_store, question, {}, one);
    p.run(KeywordGenerator());
    p.run(LexicalView());
    int withScore = 0;
    for (const Candidate &c : p.ctx.candidates) {
        withScore += c.scores.lexical > 0 ? 1 : 0;
        if (c.scores.lexical > 0)
            QCOMPARE(c.scores.bm25Rank, 1);
    }
    QCOMPARE(withScore, 1);

    // fusion: BM25 best-normalised plus the weight times the view best-normalised
    Run f(*m_store, question);
    Candidate &a = f.ctx.candidates[1];
    a.scores.bm25 = 8;
    a.scores.lexical = 0.2;
    Candidate &b = f.ctx.candidates[2];
    b.scores.bm25 = 4;
    b.scores.lexical = 0.5;
    f.run(Fusion());
    QCOMPARE(f.ctx.candidates[1].base, 1.0 + 0.3 * 0.4);
    QCOMPARE(f.ctx.candidates[2].base, 0.5 + 0.3 * 1.0);
    // off
    Tuning off;
    off.lexicalWeight = 0;
    Run o(*m_store, question, {}, off);
    o.run(KeywordGenerator());
    o.run(LexicalView());
    for (const Candidate &c : o.ctx.candidates)
        QCOMPARE(c.scores.lexical, 0.0);
}

void tst_Stages::fileEvidenceAndPathNames()
{
    Tuning every;
    every.coherenceBestOnly = 0; // every chunk of a file gets the file's evidence
    Run r(*m_store, QStringLiteral("cookies domain"), {}, every);
    Candidate &a = r.ctx.candidates[1];
    a.path = QStringLiteral("src/x.py");
    a.base = a.scores.final = 1.0;
    Candidate &b = r.ctx.candidates[2];
    b.path = QStringLiteral("src/x.py");
    b.base = b.scores.final = 0.5;
    Candidate &c = r.ctx.candidates[3];
    c.path = QStringLiteral("src/cookies.py");
    c.base = c.scores.final = 0.2;
    r.run(FileEvidence());
    QCOMPARE(r.ctx.candidates[1].scores.file, 0.4 * 0.5 / 3); // the other chunk of its file
    QCOMPARE(r.ctx.candidates[2].scores.file, 0.4 * 1.0 / 3);
    QCOMPARE(r.ctx.candidates[3].scores.file, 0.0);
    QCOMPARE(r.ctx.range, r.ctx.candidates[1].scores.final - 0.2);
    // only the file's best chunk gets the file's evidence
    Tuning best;
    best.coherenceBestOnly = 1;
    Run o(*m_store, QStringLiteral("cookies domain"), {}, best);
    for (const auto &[id, path, score] : {std::tuple{1, "src/x.py", 1.0}, std::tuple{2, "src/x.py", 0.5}}) {
        Candidate &x = o.ctx.candidates[id];
        x.path = QString::fromLatin1(path);
        x.base = x.scores.final = score;
    }
    o.run(FileEvidence());
    QCOMPARE(o.ctx.candidates[1].scores.file, 0.4 * 0.5 / 3);
    QCOMPARE(o.ctx.candidates[2].scores.file, 0.0);
    // a bug report's file evidence is the mean of four other chunks: a file its long text hits
    // in five places gets more than one it hits in two
    const QString report = QStringLiteral(
        "Cookies of a second domain are lost\n\nWe route every request through proxies and the cookie jar keeps "
        "one cookie per domain, but after the redirect the jar has one entry less than before and the login fails "
        "on the proxy every time, with every plan we tried, small or large, and the default configuration.\n");
    for (const bool asReport : {true, false}) {
        Run q(*m_store, asReport ? report : QStringLiteral("cookies domain"), {}, best);
        QCOMPARE(q.ctx.query.route.kind == QueryRoute::Kind::Report, asReport);
        const double scores[] = {1.0, 0.8, 0.6, 0.4, 0.2};
        for (int i = 0; i < 5; ++i) {
            Candidate &x = q.ctx.candidates[i + 1];
            x.path = QStringLiteral("src/x.py");
            x.base = x.scores.final = scores[i];
        }
        q.run(FileEvidence());
        QCOMPARE(q.ctx.candidates[1].scores.file, asReport ? 0.4 * (0.8 + 0.6 + 0.4 + 0.2) / 4 : 0.4 * (0.8 + 0.6 + 0.4) / 3);
    }
}

void tst_Stages::pathWordsMatch()
{
    QCOMPARE(pathWords(QStringLiteral("src/main/java/org/StringUtils.java")).stem,
             (QStringList{QStringLiteral("string"), QStringLiteral("util")}));
    QCOMPARE(lightStem(QStringLiteral("aliases")), QStringLiteral("alias"));
    QCOMPARE(lightStem(QStringLiteral("generators")), QStringLiteral("generator"));
    QCOMPARE(lightStem(QStringLiteral("string")), QStringLiteral("string"));
    QCOMPARE(lightStem(QStringLiteral("binding")), QStringLiteral("bind"));
    QCOMPARE(lightStem(QStringLiteral("embed")), QStringLiteral("embed"));
    QCOMPARE(lightStem(QStringLiteral("utilities")), QStringLiteral("utiliti"));
    QCOMPARE(lightStem(QStringLiteral("utility")), QStringLiteral("utiliti"));
    QVERIFY(wordsMatch(lightStem(QStringLiteral("cookie")), lightStem(QStringLiteral("cookies"))));
    QVERIFY(wordsMatch(QStringLiteral("util"), QStringLiteral("utiliti")));
    QVERIFY(wordsMatch(QStringLiteral("impl"), QStringLiteral("implement")));
    QVERIFY(!wordsMatch(QStringLiteral("ser"), QStringLiteral("serialize"))); // too short a prefix
    QVERIFY(!wordsMatch(QStringLiteral("form"), QStringLiteral("platform")));
    const QStringList q = pathQueryWords(QStringLiteral("array utility operations and safe type conversion"));
    QCOMPARE(q, (QStringList{QStringLiteral("array"), QStringLiteral("utiliti"), QStringLiteral("oper"),
                             QStringLiteral("safe"), QStringLiteral("type"), QStringLiteral("conversion")}));
    QStringList matched;
    const double share = pathMatchScore(q, pathWords(QStringLiteral("lang3/ArrayUtils.java")), &matched);
    QCOMPARE(share, 2.0 / 6.0);
    QCOMPARE(matched, (QStringList{QStringLiteral("array"), QStringLiteral("utiliti")}));
    // a generic file-name word alone does not count
    QCOMPARE(pathMatchScore(q, pathWords(QStringLiteral("lang3/Utils.java"))), 0.0);
    // folders count half
    QCOMPARE(pathMatchScore({QStringLiteral("cookie"), QStringLiteral("jar")}, pathWords(QStringLiteral("cookie/jar.py"))), 0.75);
    // the whole name before the extension; a name with words the query lacks counts less
    QCOMPARE(pathWords(QStringLiteral("Dapper/SqlMapper.DapperRow.cs")).stem,
             (QStringList{QStringLiteral("sql"), QStringLiteral("mapper"), QStringLiteral("dapper"), QStringLiteral("row")}));
    // every identifier of a name counts, whatever separates them
    QCOMPARE(pathWords(QStringLiteral("Dapper/SqlMapper.Identity.cs")).stem,
             (QStringList{QStringLiteral("sql"), QStringLiteral("mapper"), QStringLiteral("identiti")}));
    QCOMPARE(pathWords(QStringLiteral("lib/cf-h1-proxy.c")).stem,
             (QStringList{QStringLiteral("cf"), QStringLiteral("h1"), QStringLiteral("proxi")}));
    QCOMPARE(pathWords(QStringLiteral("my-app/src/main.rs")).folders,
             (QStringList{QStringLiteral("my"), QStringLiteral("app"), QStringLiteral("src")}));
    // a file named only by generic words is named by its folder too
    QCOMPARE(pathWords(QStringLiteral("fastapi/dependencies/utils.py")).stem,
             (QStringList{QStringLiteral("util"), QStringLiteral("dependenci")}));
    QCOMPARE(pathWords(QStringLiteral("src/router/index.ts")).stem, (QStringList{QStringLiteral("index"), QStringLiteral("router")}));
    QCOMPARE(pathWords(QStringLiteral("src/router/match.ts")).stem, (QStringList{QStringLiteral("match")}));
    QCOMPARE(pathMatchScore(pathQueryWords(QStringLiteral("dependency injection")),
                            pathWords(QStringLiteral("fastapi/dependencies/utils.py"))),
             0.5);
    const QStringList mapper = pathQueryWords(QStringLiteral("SqlMapper"));
    QCOMPARE(pathMatchScore(mapper, pathWords(QStringLiteral("Dapper/SqlMapper.cs"))), 1.0);
    QCOMPARE(pathMatchScore(mapper, pathWords(QStringLiteral("Dapper/SqlMapper.DapperRow.cs"))), 0.75 + 0.25 * 0.5);
    // the first words of a question name its subject, later ones what it is about
    const QStringList sync = pathQueryWords(QStringLiteral("Mutex and Semaphore for coroutine synchronization"));
    QCOMPARE(sync, (QStringList{QStringLiteral("mutex"), QStringLiteral("semaphore"), QStringLiteral("coroutine"),
                                QStringLiteral("synchroniz")}));
    const PathWords mutexFile = pathWords(QStringLiteral("lib/Mutex.kt"));
    const PathWords semaphoreFile = pathWords(QStringLiteral("lib/Semaphore.kt"));
    QCOMPARE(pathMatchScore(sync, mutexFile), 0.25);
    QCOMPARE(pathMatchScore(sync, semaphoreFile), 0.25);
    const double weights = 1.0 + 1.0 / 2 + 1.0 / 3 + 1.0 / 4;
    QCOMPARE(pathMatchScore(sync, mutexFile, nullptr, {}, 1.0), 1.0 / weights);
    QCOMPARE(pathMatchScore(sync, semaphoreFile, nullptr, {}, 1.0), 0.5 / weights);
    // a project word takes no place in the order
    QCOMPARE(pathMatchScore(sync, semaphoreFile, nullptr, {QStringLiteral("mutex")}, 1.0), 1.0 / (1.0 + 1.0 / 2 + 1.0 / 3));
    // "class" names files even though it is a stopword for keywords
    QCOMPARE(pathQueryWords(QStringLiteral("class utility methods for reflection")),
             (QStringList{QStringLiteral("class"), QStringLiteral("utiliti"), QStringLiteral("method"), QStringLiteral("reflection")}));
}

void tst_Stages::pathIndexScoresAsPaths()
{
    // The index holds each word once by number and each folder's words once: every file scores
    // and is found exactly as its path's own words say, whatever its folder shares with others.
    QTemporaryDir dir;
    auto store = openStore(dir);
    const QStringList paths = {
        QStringLiteral("fastapi/dependencies/utils.py"), QStringLiteral("fastapi/dependencies/models.py"),
        QStringLiteral("fastapi/utils.py"),              QStringLiteral("src/router/index.ts"),
        QStringLiteral("src/router/match.ts"),           QStringLiteral("Dapper/SqlMapper.DapperRow.cs"),
        QStringLiteral("Dapper/SqlMapper.cs"),           QStringLiteral("lib/cf-h1-proxy.c"),
        QStringLiteral("cookies.py"),                    QStringLiteral("requests/sessions/__init__.py"),
        QStringLiteral("lang3/ArrayUtils.java"),         QStringLiteral("lang3/Utils.java"),
        QStringLiteral("kotlinx/coroutines/sync/Mutex.kt"), QStringLiteral("kotlinx/coroutines/sync/Semaphore.kt"),
        QStringLiteral("a/b/c/serializer/ser/mod.rs"),   QStringLiteral("a/b/c/serializer/de/mod.rs"),
    };
    for (const QString &p : paths)
        QVERIFY(addFile(*store, p, "x = 1\n"));
    const PathWordIndex index = PathWordIndex::load(store->files());
    QCOMPARE(index.paths().size(), paths.size());
    const QStringList queries = {
        QStringLiteral("dependency injection utilities"), QStringLiteral("router match"),
        QStringLiteral("SqlMapper dapper row"),          QStringLiteral("proxy for h1"),
        QStringLiteral("session cookies"),               QStringLiteral("array utility operations"),
        QStringLiteral("Mutex and Semaphore for coroutine synchronization"), QStringLiteral("serializer module"),
    };
    for (const QString &question : queries) {
        const QStringList words = pathQueryWords(question);
        const PathQuery query(words, &index);
        QList<qint64> named;
        for (auto it = index.paths().cbegin(); it != index.paths().cend(); ++it) {
            const PathWords own = pathWords(it.value());
            const quint64 project = query.maskOfWords({words.constFirst()});
            for (const double decay : {0.0, 1.0}) {
                QStringList matchedOwn;
                QStringList matchedIndexed;
                const double byPath = pathMatchScore(words, own, &matchedOwn, {words.constFirst()}, decay);
                QCOMPARE(query.score(it.key(), it.value(), &matchedIndexed, project, decay), byPath);
                if (byPath > 0)
                    QCOMPARE(matchedIndexed, matchedOwn);
            }
            quint64 folders = 0;
            for (const QString &w : own.folders)
                folders |= query.mask(w);
            QCOMPARE(query.folderMask(it.key(), it.value()), folders);
            const bool namesIt = std::any_of(own.stem.cbegin(), own.stem.cend(), [&](const QString &w) {
                return !isGenericPathWord(w) && std::any_of(words.cbegin(), words.cend(), [&w](const QString &q) {
                    return wordsMatch(q, w);
                });
            });
            if (namesIt)
                named << it.key();
        }
        std::sort(named.begin(), named.end());
        QCOMPARE(index.filesNamedBy(words), named);
    }
    // a file the index does not hold scores by its path
    const PathQuery query(pathQueryWords(QStringLiteral("cookie jar")), &index);
    QCOMPARE(query.score(-1, QStringLiteral("cookie/jar.py")), 0.75);
}

void tst_Stages::pathMatchLiftsAndAdds()
{
    Tuning t;
    t.pathBoost = 1.0;
    t.pathAddShare = 0.5;
    Run r(*m_store, QStringLiteral("cookies jar"), {}, t);
    // a candidate elsewhere, so the named file is missing from the candidates
    const qint64 other = m_store->symbols().named(QStringLiteral("select_proxy")).first().chunkId;
    r.ctx.candidates[other].scores.final = 1.0;
    r.ctx.candidates.loadHeaders(m_store->chunks(), {other}, {});
    r.run(PathMatch());
    const Candidate *jar = r.byName(QStringLiteral("CookieJar"));
    QVERIFY(jar); // added: cookies.py names the first of the two words (weights 1 and 1/2)
    QVERIFY(jar->reasons.contains(QStringLiteral("found by its file name")));
    QCOMPARE(jar->scores.path, 1.0 * 1.0 / (1.0 + 1.0 / 2.0));
    QCOMPARE(r.ctx.candidates[other].scores.path, 0.0);

    // "shop" is in the folder of every candidate: it names the project, not a file, so "cache"
    // alone decides and cache.py is named fully (not by (1 + 1/2) / 2)
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(addFile(*store, QStringLiteral("shop/cache.py"), "def get(key):\n    return shop_store.get(key)\n"));
    QVERIFY(addFile(*store, QStringLiteral("shop/orders.py"), "def order_cache(shop):\n    return shop.cache\n"));
    QVERIFY(addFile(*store, QStringLiteral("shop/users.py"), "def user(shop):\n    return shop.user\n"));
    Run named(*store, QStringLiteral("shop cache"));
    named.run(KeywordGenerator());
    named.run(HeaderFilter());
    named.run(Fusion());
    const double top = named.ctx.top();
    named.run(PathMatch());
    QCOMPARE(named.ctx.candidates.size(), 3);
    const Candidate *get = named.byName(QStringLiteral("get"));
    QVERIFY(get);
    QCOMPARE(get->scores.path, 1.0 * top);
    QCOMPARE(named.byName(QStringLiteral("order_cache"))->scores.path, 0.0); // orders.py: no word of its name
}

// REPOLENS_TUNE's settings by their names; a misspelt one is reported, not silently measured
// as the defaults.
void tst_Stages::groupedByFileOrder()
{
    // files in the order of their best result, each file's results in rank order under it
    const QStringList paths{QStringLiteral("a.py"), QStringLiteral("b.py"), QStringLiteral("a.py"),
                            QStringLiteral("c.py"), QStringLiteral("b.py"), QStringLiteral("a.py")};
    QCOMPARE(groupedByFile(paths), (QList<qsizetype>{0, 2, 5, 1, 4, 3}));
    QCOMPARE(groupedByFile({}), QList<qsizetype>());
    const QStringList distinct{QStringLiteral("x"), QStringLiteral("y")};
    QCOMPARE(groupedByFile(distinct), (QList<qsizetype>{0, 1}));
}

void tst_Stages::codeGraphEdges()
{
    // The graph's edges are the resolved calls between chunks, both ways, sorted, without
    // repeats, whether chunk ids are dense (a table from id to node) or far apart (a search):
    // the second store's chunks sit above a gap of 1,500 removed ones.
    for (const bool gap : {false, true}) {
        QTemporaryDir dir;
        auto store = openStore(dir);
        QVERIFY(store);
        QVERIFY(addFile(*store, QStringLiteral("a.py"), "def first():\n    return 1\n"));
        if (gap) {
            for (int i = 0; i < 1500; ++i)
                QVERIFY(addFile(*store, QStringLiteral("gone/f%1.py").arg(i), "X = 1\n"));
            QVERIFY(addFile(*store, QStringLiteral("z.py"), "def last():\n    return 2\n"));
            for (int i = 0; i < 1500; ++i)
                QVERIFY(store->removeFile(QStringLiteral("gone/f%1.py").arg(i)));
        }
        QVERIFY(addFile(*store, QStringLiteral("src/proxies.py"),
                        "def select_proxy(url, proxies):\n    return first()\n\n\n"
                        "def resolve_proxies(request, proxies):\n    select_proxy(1, 2)\n    return select_proxy(request.url, proxies)\n\n\n"
                        "def rebuild_proxies(prepared, proxies):\n    return resolve_proxies(prepared, proxies)\n"));
        QVERIFY(addFile(*store, QStringLiteral("tests/test_proxies.py"),
                        "from src.proxies import select_proxy\n\n\ndef test_select_proxy():\n    assert select_proxy('u', {}) is None\n"));
        QVERIFY(store->symbols().resolveReferences());
        const CodeGraph g = CodeGraph::load(store->chunks(), store->symbols());
        auto name = [&](int node) { return store->chunks().chunk(g.chunkOf(node))->qualifiedName; };
        QStringList edges;
        const int nodes = g.nodeCount();
        for (int a = 0; a < nodes; ++a) {
            QCOMPARE(g.nodeOf(g.chunkOf(a)), a);
            QVERIFY(a == 0 || g.chunkOf(a) > g.chunkOf(a - 1));
            const std::span<const int> out = g.callees(a);
            QVERIFY(std::is_sorted(out.begin(), out.end()));
            QVERIFY(std::adjacent_find(out.begin(), out.end()) == out.end());
            for (const int b : out) {
                edges << name(a) + QStringLiteral(" -> ") + name(b);
                const std::span<const int> in = g.callers(b);
                QVERIFY(std::binary_search(in.begin(), in.end(), a));
            }
        }
        edges.sort();
        QCOMPARE(edges, (QStringList{QStringLiteral("rebuild_proxies -> resolve_proxies"),
                                     QStringLiteral("resolve_proxies -> select_proxy"),
                                     QStringLiteral("select_proxy -> first"),
                                     QStringLiteral("test_select_proxy -> select_proxy")}));
        QVERIFY(nodes >= 5);
        // callers in node order; an id that is not a chunk is no node
        const int select = [&] {
            for (int a = 0; a < nodes; ++a) {
                if (name(a) == QLatin1String("select_proxy"))
                    return a;
            }
            return -1;
        }();
        QVERIFY(select >= 0);
        QStringList callers;
        for (const int c : g.callers(select))
            callers << name(c);
        QCOMPARE(callers, (QStringList{QStringLiteral("resolve_proxies"), QStringLiteral("test_select_proxy")}));
        QCOMPARE(g.nodeOf(-5), -1);
        QCOMPARE(g.nodeOf(g.chunkOf(nodes - 1) + 1), -1);
        // the widest step between the ids of neighbouring nodes: the gap, whose ids are no nodes
        qint64 widest = 0;
        int before = 0;
        for (int a = 1; a < nodes; ++a) {
            if (g.chunkOf(a) - g.chunkOf(a - 1) > widest) {
                widest = g.chunkOf(a) - g.chunkOf(a - 1);
                before = a - 1;
            }
        }
        QCOMPARE(widest > 1500, gap);
        if (gap) {
            QCOMPARE(g.nodeOf(g.chunkOf(before) + 1), -1);
            QCOMPARE(g.nodeOf(g.chunkOf(before) + 700), -1);
        }
    }
}

void tst_Stages::tuningSettings()
{
    QTest::ignoreMessage(QtWarningMsg, "REPOLENS_TUNE: unknown setting \"titleWeight\" ignored");
    const Tuning t = Tuning::parse(QStringLiteral("title=0.4, titleWeight=0.9,fileChunks=5,off=graph prior+path match"));
    QCOMPARE(t.titleWeight, 0.4);
    QCOMPARE(t.fileChunks, 5);
    QCOMPARE(t.disabled, QStringList({QStringLiteral("graph prior"), QStringLiteral("path match")}));
    QCOMPARE(Tuning::parse(QString()).titleWeight, Tuning().titleWeight);
}

void tst_Stages::pathMatchOfNamesIsByWholeStems()
{
    // A query of names matches path words by whole stems: `Depends` is defined in params.py and
    // used in dependencies/utils.py, whose folder shares only a prefix ("depend" of
    // "dependenci") with it. A question in words still matches by prefix.
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(addFile(*store, QStringLiteral("app/params.py"), "class Depends:\n    def __init__(self, call):\n        self.call = call\n"));
    QVERIFY(addFile(*store, QStringLiteral("app/dependencies/utils.py"),
                    "def get_sub_dependant(depends: Depends):\n    return Depends(depends.call)\n"));
    QVERIFY(addFile(*store, QStringLiteral("app/settings.py"), "class Settings:\n    debug = False\n"));
    auto pathScores = [&](const QString &question, int exact) {
        Tuning t;
        t.pathNameExact = exact;
        Run r(*store, question, {}, t);
        r.run(KeywordGenerator());
        r.run(HeaderFilter());
        r.run(Fusion());
        const double top = r.ctx.top();
        r.run(PathMatch());
        QHash<QString, double> byName;
        for (const Candidate &c : std::as_const(r.ctx.candidates)) {
            if (const ChunkRecord *h = r.ctx.candidates.header(c.chunkId))
                byName.insert(h->qualifiedName, c.scores.path / top);
        }
        return std::make_pair(r.ctx.query.nameQuery, byName);
    };
    const auto [isName, exact] = pathScores(QStringLiteral("Depends"), 1);
    QVERIFY(isName);
    QCOMPARE(exact.value(QStringLiteral("Depends"), -1), 0.0);
    QCOMPARE(exact.value(QStringLiteral("get_sub_dependant"), -1), 0.0);
    const auto [isNameToo, prefixes] = pathScores(QStringLiteral("Depends"), 0);
    QVERIFY(isNameToo);
    QCOMPARE(prefixes.value(QStringLiteral("get_sub_dependant"), -1), 1.0); // "depend" is a prefix of "dependenci"
    // a whole stem still names its file: "Settings" -> settings.py
    QCOMPARE(pathScores(QStringLiteral("Settings"), 1).second.value(QStringLiteral("Settings"), -1), 1.0);
    // a question in words is not a query of names: prefixes count
    const auto [isSentence, sentence] = pathScores(QStringLiteral("how are depends resolved"), 1);
    QVERIFY(!isSentence);
    QVERIFY(sentence.value(QStringLiteral("get_sub_dependant"), -1) > 0);
}

void tst_Stages::pathMatchSkipsProjectName()
{
    // The index is of curl/lib, a folder of the curl work tree: "curl" names every file in it,
    // so curl_setup.py is not what "how curl resolves a host" names, and "resolves" is the
    // question's first word.
    QTemporaryDir tree;
    QVERIFY(QDir(tree.path()).mkpath(QStringLiteral("curl/.git")));
    QVERIFY(QDir(tree.path()).mkpath(QStringLiteral("curl/lib")));
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store->setMeta(QStringLiteral("root_path"), tree.path() + QStringLiteral("/curl/lib")));
    QVERIFY(addFile(*store, QStringLiteral("curl_setup.py"), "def resolve_on_ips():\n    return host\n"));
    QVERIFY(addFile(*store, QStringLiteral("resolve.py"), "def resolve(host):\n    return lookup(host)\n"));
    const QString question = QStringLiteral("how curl resolves a host");
    auto pathScores = [&](const Tuning &t) {
        Run r(*store, question, {}, t);
        r.run(KeywordGenerator());
        r.run(HeaderFilter());
        r.run(Fusion());
        const double top = r.ctx.top();
        r.run(PathMatch());
        const Candidate *setup = r.byName(QStringLiteral("resolve_on_ips"));
        const Candidate *resolve = r.byName(QStringLiteral("resolve"));
        return std::make_tuple(setup ? setup->scores.path / top : -1.0, resolve ? resolve->scores.path / top : -1.0);
    };
    QCOMPARE(SearchCaches(*store).projectNameWords(), QStringList({QStringLiteral("lib"), QStringLiteral("curl")}));
    const auto [setupNamed, resolveNamed] = pathScores(Tuning{});
    QCOMPARE(setupNamed, 0.0);
    QCOMPARE(resolveNamed, 1.0 / (1.0 + 1.0 / 2)); // "resolves" is the first counted word: weight 1 of 1 + 1/2
    Tuning off;
    off.pathProjectName = 0;
    const auto [setupOff, resolveOff] = pathScores(off);
    QCOMPARE(setupOff, 1.0 / (1.0 + 1.0 / 2 + 1.0 / 3) * (0.75 + 0.25 * 0.5)); // "curl", the first word, names curl_setup
    QCOMPARE(resolveOff, (1.0 / 2) / (1.0 + 1.0 / 2 + 1.0 / 3));
}

void tst_Stages::filePriorDemotesTests()
{
    Run r(*m_store, QStringLiteral("select proxy"));
    const QHash<qint64, double> before = r.runFilePrior();
    const Candidate *test = r.byName(QStringLiteral("test_select_proxy"));
    QVERIFY(test);
    QVERIFY(test->reasons.contains(QStringLiteral("demoted: test")));
    // the quality prior is added, then a demoted file's score is multiplied by 0.3
    QCOMPARE(test->scores.final, (before.value(test->chunkId) + 0.25 * r.caches.files().percentile.value(test->fileId)) * 0.3);
    QVERIFY(test->scores.prior < 0);
    QVERIFY(r.byName(QStringLiteral("select_proxy"))->scores.prior >= 0);
    Run asked(*m_store, QStringLiteral("select proxy tests"));
    asked.run(KeywordGenerator());
    asked.run(HeaderFilter());
    asked.run(Fusion());
    asked.ctx.range = 1.0;
    asked.run(FilePrior());
    QVERIFY(asked.byName(QStringLiteral("test_select_proxy"))->scores.prior >= 0); // asked for
    // a long text asks only in its first line
    QString report = QStringLiteral("select proxy fails\n");
    for (int i = 0; i < 50; ++i)
        report += QStringLiteral("words of the report and tests ");
    const QueryAnalysis a = analyzeQuery(report);
    QVERIFY(a.longText);
    QVERIFY(!a.asked.contains(QStringLiteral("tests")));
    QVERIFY(analyzeQuery(QStringLiteral("select proxy tests")).asked.contains(QStringLiteral("tests")));
}

// An API kept in src/v3/ beside src/v4/ is a legacy copy: the same code ranks below the current
// one unless the question names its version.
void tst_Stages::supersededVersionsAreLegacy()
{
    QCOMPARE(supersededVersionFolders({QStringLiteral("pkg/v3/errors.py"), QStringLiteral("pkg/v4/errors.py"),
                                       QStringLiteral("pkg/v4/mini/v1/x.py"), QStringLiteral("api/v1/routes.py"),
                                       QStringLiteral("pkg/v2.py"), QStringLiteral("old/v10/a.py"),
                                       QStringLiteral("old/v9/a.py")}),
             (QSet<QString>{QStringLiteral("pkg/v3/"), QStringLiteral("old/v9/")}));
    QTemporaryDir dir;
    auto store = openStore(dir);
    const QByteArray src = "class ValidationError(Exception):\n    \"\"\"An issue found while parsing.\"\"\"\n";
    QVERIFY(addFile(*store, QStringLiteral("pkg/v3/errors.py"), src));
    QVERIFY(addFile(*store, QStringLiteral("pkg/v4/errors.py"), src));
    Searcher searcher(store.get());
    QCOMPARE(rankedPaths(searcher, QStringLiteral("validation error raised while parsing")),
             (QStringList{QStringLiteral("pkg/v4/errors.py "), QStringLiteral("pkg/v3/errors.py demoted: legacy copy")}));
    QCOMPARE(rankedPaths(searcher, QStringLiteral("v3 validation error")),
             (QStringList{QStringLiteral("pkg/v3/errors.py "), QStringLiteral("pkg/v4/errors.py ")}));
}

// Packages bundled inside a Python package (requests/packages/urllib3/) are vendored code, and
// translation catalogs repeat every message of the code once per language: both rank below the
// code that raises the message.
void tst_Stages::bundledPackagesAndCatalogsDemoted()
{
    QCOMPARE(bundledPackageFolders({QStringLiteral("req/__init__.py"), QStringLiteral("req/packages/__init__.py"),
                                    QStringLiteral("req/packages/urllib3/__init__.py"), QStringLiteral("packages/zod/index.ts"),
                                    QStringLiteral("packages/__init__.py")}),
             QSet<QString>{QStringLiteral("req/packages/")});
    QCOMPARE(classifyPath(QStringLiteral("sphinx/locale/fr/LC_MESSAGES/sphinx.po")), FileClass::Translations);
    QCOMPARE(classifyPath(QStringLiteral("src/pip/_vendor/rich/text.py")), FileClass::Vendored);
    // a browser library copied in whole: versioned or minified, not a module that has a number
    QCOMPARE(classifyPath(QStringLiteral("sphinx/themes/basic/static/jquery-3.5.1.js")), FileClass::Vendored);
    QCOMPARE(classifyPath(QStringLiteral("static/underscore-1.13.1.min.js")), FileClass::Vendored);
    QCOMPARE(classifyPath(QStringLiteral("web/bootstrap.min.css")), FileClass::Vendored);
    QCOMPARE(classifyPath(QStringLiteral("sphinx/themes/basic/static/searchtools.js")), FileClass::Normal);
    QCOMPARE(classifyPath(QStringLiteral("src/http2.js")), FileClass::Normal);
    QCOMPARE(classifyPath(QStringLiteral("src/utf-8.py")), FileClass::Normal);
    QTemporaryDir dir;
    auto store = openStore(dir);
    const QByteArray code = "def decode_content(data):\n    raise ContentDecodingError('Received response with content-encoding: gzip')\n";
    QVERIFY(addFile(*store, QStringLiteral("req/__init__.py"), "from .models import Response\n"));
    QVERIFY(addFile(*store, QStringLiteral("req/packages/__init__.py"), "from . import urllib3\n"));
    QVERIFY(addFile(*store, QStringLiteral("req/packages/urllib3/response.py"), code));
    QVERIFY(addFile(*store, QStringLiteral("req/models.py"), code));
    QVERIFY(addFile(*store, QStringLiteral("req/locale/fr/LC_MESSAGES/req.po"),
                    "msgid \"Received response with content-encoding: gzip\"\nmsgstr \"Reponse recue avec gzip\"\n",
                    LanguageId::None));
    Searcher searcher(store.get());
    QCOMPARE(rankedPaths(searcher, QStringLiteral("received response with content-encoding gzip")),
             (QStringList{QStringLiteral("req/models.py "), QStringLiteral("req/packages/urllib3/response.py demoted: vendored"),
                          QStringLiteral("req/__init__.py "),
                          QStringLiteral("req/locale/fr/LC_MESSAGES/req.po demoted: translations")}));
}

// A private subpackage (pkg/_internal/) implements what its package's public modules offer:
// when one of those is a candidate too, a question means it first; a question that only the
// private code answers, one that says "internal", and a bug report leave it alone.
void tst_Stages::privatePackageBehindItsPublicFace()
{
    QCOMPARE(privatePackageFolders({QStringLiteral("pkg/__init__.py"), QStringLiteral("pkg/_internal/__init__.py"),
                                    QStringLiteral("pkg/_internal/_fields.py"), QStringLiteral("src/_pytest/__init__.py"),
                                    QStringLiteral("pkg/__pycache__/__init__.py"), QStringLiteral("pkg/_loose/x.py"),
                                    QStringLiteral("_top/__init__.py"), QStringLiteral("pkg/_internal/_deep/__init__.py")}),
             (QSet<QString>{QStringLiteral("pkg/_internal/"), QStringLiteral("pkg/_internal/_deep/")}));
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(addFile(*store, QStringLiteral("pkg/__init__.py"), "from .fields import Field\n"));
    QVERIFY(addFile(*store, QStringLiteral("pkg/fields.py"),
                    "def Field(default=None):\n    \"\"\"A model field and its default.\"\"\"\n    return FieldInfo(default)\n"));
    QVERIFY(addFile(*store, QStringLiteral("pkg/_internal/__init__.py"), ""));
    QVERIFY(addFile(*store, QStringLiteral("pkg/_internal/_fields.py"),
                    "def collect_model_fields(cls):\n    \"\"\"The model fields of a model class and each field's default.\"\"\"\n"
                    "    fields = {}\n    for name in cls.model_fields_order:\n        fields[name] = field_default(cls, name)\n"
                    "    return fields\n\n\n"
                    "def weak_cache_sizes(cache):\n    return len(cache.weak_sizes)\n"));
    Searcher searcher(store.get());
    QCOMPARE(rankedPaths(searcher, QStringLiteral("the model fields of a model and their default")),
             (QStringList{QStringLiteral("pkg/fields.py "), QStringLiteral("pkg/_internal/_fields.py demoted: private subpackage"),
                          QStringLiteral("pkg/__init__.py "), QStringLiteral("pkg/_internal/_fields.py demoted: private subpackage")}));
    // the stage itself: x0.5 with the public face among the candidates, nothing with the knob off
    for (const double factor : {0.5, 1.0}) {
        Tuning t;
        t.internalFactor = factor;
        Run r(*store, QStringLiteral("the model fields of a model and their default"), {}, t);
        const QHash<qint64, double> before = r.runFilePrior();
        const Candidate *privateOne = r.byName(QStringLiteral("collect_model_fields"));
        QVERIFY(privateOne && r.byName(QStringLiteral("Field")));
        const double prior = 0.25 * r.caches.files().percentile.value(privateOne->fileId);
        QCOMPARE(privateOne->scores.final, (before.value(privateOne->chunkId) + prior) * factor);
        QCOMPARE(privateOne->reasons.filter(QStringLiteral("demoted")).size(), factor < 1.0 ? 1 : 0);
    }
    // only the private code answers: nothing to prefer it to
    QCOMPARE(rankedPaths(searcher, QStringLiteral("weak cache sizes")), QStringList{QStringLiteral("pkg/_internal/_fields.py ")});
    QCOMPARE(rankedPaths(searcher, QStringLiteral("internal model fields and their default")).value(0), QStringLiteral("pkg/_internal/_fields.py "));
    // a bug report: a defect is as likely in the private code
    const QString report = QStringLiteral(
        "model fields lose their default\n\n"
        "When a model class declares fields with a default, the model fields collected for it have no "
        "default any more, and every field of the model is required. The model below shows it; the "
        "default of each field should be kept as the documentation says for model fields.\n");
    bool sawPrivate = false;
    auto response = searcher.search(report);
    QVERIFY(response);
    QVERIFY(response->route.startsWith(QLatin1String("bug report")));
    for (const SearchHit &h : std::as_const(response->hits)) {
        if (h.chunk.path == QLatin1String("pkg/_internal/_fields.py")) {
            sawPrivate = true;
            QCOMPARE(h.reasons.filter(QStringLiteral("demoted")), QStringList());
        }
    }
    QVERIFY(sawPrivate);
}

void tst_Stages::graphExpansionAddsNeighbours()
{
    Run r(*m_store, QStringLiteral("rebuild"));
    const qint64 rebuild = m_store->symbols().named(QStringLiteral("rebuild_proxies")).first().chunkId;
    const qint64 resolve = m_store->symbols().named(QStringLiteral("resolve_proxies")).first().chunkId;
    r.ctx.candidates[rebuild].scores.final = 2.0;
    r.ctx.candidates.loadHeaders(m_store->chunks(), {rebuild}, {});
    r.run(GraphExpansion());
    QVERIFY(r.ctx.candidates.contains(resolve));
    const Candidate &added = r.ctx.candidates[resolve];
    QCOMPARE(added.scores.final, 1.0); // half the parent's
    QCOMPARE(added.reasons, QStringList{QStringLiteral("called by `rebuild_proxies`")});
    QCOMPARE(added.path, QStringLiteral("src/proxies.py"));
}

void tst_Stages::diversityCapsFiles()
{
    SearchOptions options;
    options.maxPerFile = 1;
    options.topK = 2;
    Run r(*m_store, QStringLiteral("proxies"), options);
    r.run(KeywordGenerator());
    r.run(HeaderFilter());
    for (Candidate &c : r.ctx.candidates)
        c.scores.final = -c.scores.bm25Rank;
    r.run(Diversity());
    QCOMPARE(r.response.hits.size(), 2);
    QVERIFY(r.response.hits.at(0).chunk.path != r.response.hits.at(1).chunk.path);
    QVERIFY(!r.response.hits.at(0).chunk.text.isEmpty()); // read with the text
    QVERIFY(r.response.hits.at(0).reasons.first().startsWith(QLatin1String("keyword rank ")));
}

void tst_Stages::routesCompose()
{
    Searcher searcher(m_store.get());
    QCOMPARE(searcher.stagesFor(QStringLiteral("who calls select_proxy")), QStringList{QStringLiteral("graph route")});
    const QStringList scoring = {QStringLiteral("lexical view"), QStringLiteral("fusion"), QStringLiteral("definitions"), QStringLiteral("path match"),
                                 QStringLiteral("file evidence"), QStringLiteral("file prior"),
                                 QStringLiteral("chunk shape")};
    const QStringList generators = {QStringLiteral("keyword"), QStringLiteral("symbols"), QStringLiteral("filters")};
    QCOMPARE(searcher.stagesFor(QStringLiteral("select_proxy")), generators + scoring + QStringList{QStringLiteral("diversity")});
    // no vectors here: the hybrid route is keyword + symbols with the graph stages
    const QStringList hybrid = generators + scoring
                               + QStringList{QStringLiteral("graph prior"), QStringLiteral("graph expansion"),
                                             QStringLiteral("diversity")};
    QCOMPARE(searcher.stagesFor(QStringLiteral("how are proxies rebuilt")), hybrid);
    SearchOptions plain;
    plain.priors = false;
    plain.graph = false;
    plain.rerank = RerankMode::Local;
    plain.disabledStages = {QStringLiteral("path match")};
    const QStringList plainStages = generators
                                    + QStringList{QStringLiteral("lexical view"), QStringLiteral("fusion"),
                                                  QStringLiteral("definitions"), QStringLiteral("file evidence"),
                                                  QStringLiteral("re-rank"),
                                                  QStringLiteral("diversity")};
    QCOMPARE(searcher.stagesFor(QStringLiteral("how are proxies rebuilt"), plain), plainStages);
    // every stage that ran is timed, in order
    auto response = searcher.search(QStringLiteral("how are proxies rebuilt"));
    QVERIFY(response);
    QStringList timed;
    for (const StageTiming &t : response->timings)
        timed << t.stage;
    QCOMPARE(timed, searcher.stagesFor(QStringLiteral("how are proxies rebuilt")));
}

// A pasted traceback: the bug-report route, and the mention generator finds the frames' files
// (an installed copy's path finds the project's file) and the frame's function.
void tst_Stages::reportMentions()
{
    const QString report = QStringLiteral(
        "Proxies are lost after a redirect\n\n"
        "Traceback (most recent call last):\n"
        "  File \"/usr/lib/python3/site-packages/src/proxies.py\", line 6, in resolve_proxies\n"
        "    return select_proxy(request.url, proxies)\n"
        "AttributeError: 'NoneType' object has no attribute 'url'\n");
    Run r(*m_store, report);
    QCOMPARE(r.ctx.query.route.kind, QueryRoute::Kind::Report);
    r.run(KeywordGenerator());
    r.run(SymbolGenerator());
    r.run(HeaderFilter());
    r.run(MentionGenerator());
    const Candidate *frame = r.byName(QStringLiteral("resolve_proxies"));
    QVERIFY(frame);
    QCOMPARE(frame->scores.mention, 1.0);
    QVERIFY2(frame->reasons.join(u'|').contains(QLatin1String("traceback frame `resolve_proxies`")),
             qPrintable(frame->reasons.join(u'|')));
    // the frame's file is mentioned too (less strongly), for its other chunks
    QCOMPARE(r.ctx.mentionedFiles.value(frame->fileId), 0.6);
    QCOMPARE(r.ctx.mentionedFiles.size(), 1);
    // nothing from a file the report does not name
    const Candidate *cookie = r.byName(QStringLiteral("CookieJar.set_cookie"));
    QVERIFY(!cookie || cookie->scores.mention == 0);
    Searcher searcher(m_store.get());
    auto response = searcher.search(report);
    QVERIFY(response);
    QCOMPARE(response->route, QStringLiteral("bug report (keyword)"));
    QVERIFY(!response->hits.isEmpty());
    QCOMPARE(response->hits.first().chunk.qualifiedName, QStringLiteral("resolve_proxies"));
}

// A reported path resolves by its folders too: shop/cookies.py is another project's file of
// the same name as src/cookies.py; a bare file name still names it.
void tst_Stages::reportPathOfAnotherProject()
{
    auto mentioned = [&](const QString &path) {
        const QString report = QStringLiteral(
                                   "Cookies are dropped\n\n"
                                   "Traceback (most recent call last):\n"
                                   "  File \"%1\", line 3, in set_cookie\n"
                                   "    jar.set_cookie(c)\n"
                                   "KeyError: 'domain'\n")
                                   .arg(path);
        Run r(*m_store, report);
        if (r.ctx.query.route.kind != QueryRoute::Kind::Report)
            return QStringLiteral("not a report");
        r.runMentions();
        QStringList files;
        for (auto it = r.ctx.mentionedFiles.cbegin(); it != r.ctx.mentionedFiles.cend(); ++it)
            files << m_store->files().file(it.key())->path;
        files.sort();
        return files.join(u',');
    };
    QCOMPARE(mentioned(QStringLiteral("/home/me/shop/cookies.py")), QString());
    QCOMPARE(mentioned(QStringLiteral("/home/me/venv/site-packages/src/cookies.py")), QStringLiteral("src/cookies.py"));
    QCOMPARE(mentioned(QStringLiteral("cookies.py")), QStringLiteral("src/cookies.py"));
    QCOMPARE(mentioned(QStringLiteral("./cookies.py")), QStringLiteral("src/cookies.py"));
}

// A command-line option the report writes names the code that defines it: the chunk with the
// option as a string literal, not the tests that pass it nor code that only says its words.
void tst_Stages::reportOptionDefinitions()
{
    const ReportSignals signals_ = analyzeReport(QStringLiteral(
        "`tool --dry-run --dry-run` ignores --keep=yes; a--b and --x are not options\n```\ntool --verbose-mode\n```\n"
        "### Result of `tool --version`\n(and of --help)\n"));
    // (not those of a command in a code block: they reproduce the defect; nor --version and --help,
    // which issue templates ask for)
    QCOMPARE(signals_.options, (QStringList{QStringLiteral("--dry-run"), QStringLiteral("--keep")}));

    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    QVERIFY(addFile(*store, QStringLiteral("tool/cli.py"),
                    "def add_options(parser):\n    parser.add_argument(\"--dry-run\", action=\"store_true\")\n\n\n"
                    "def run(options):\n    return options.dry_run\n"));
    QVERIFY(addFile(*store, QStringLiteral("tool/plan.py"), "def dry_run(plan):\n    return plan.steps  # a dry run only lists them\n"));
    QVERIFY(addFile(*store, QStringLiteral("tests/test_cli.py"), "def test_dry_run(run):\n    run(\"--dry-run\")\n"));
    const QString report = QStringLiteral(
        "Plans are executed with --dry-run\n\n"
        "Running `tool --dry-run deploy` still executes every step of the plan instead of listing them, "
        "which is what the documentation promises for a dry run. It happens with every plan I tried, small or large, "
        "and with the default configuration file.\n");
    Tuning t;
    for (const double strength : {0.5, 0.0}) {
        t.mentionOption = strength;
        Run r(*store, report, {}, t);
        QCOMPARE(r.ctx.query.route.kind, QueryRoute::Kind::Report);
        r.runMentions();
        QCOMPARE(r.mentioned(), strength > 0 ? QStringList{QStringLiteral("tool/cli.py add_options 0.5")} : QStringList());
    }
    // The file that defines the option is where it is handled: all of it is named, by half as much
    // (its best chunk need not be the definition).
    const qint64 cli = store->files().file(QStringLiteral("tool/cli.py"))->id;
    for (const double share : {0.5, 0.0}) {
        t.mentionOption = 0.6;
        t.mentionOptionFile = share;
        Run r(*store, report, {}, t);
        r.runMentions();
        QCOMPARE(r.ctx.mentionedFiles.value(cli), 0.6 * share);
        QCOMPARE(r.ctx.mentionedFiles.size(), share > 0 ? 1 : 0);
        r.run(Fusion());
        r.run(MentionBoost());
        const Candidate *run = r.byName(QStringLiteral("run"));
        QVERIFY(run);
        QCOMPARE(run->scores.mention, 0.6 * share);
        QCOMPARE(run->reasons.contains(QStringLiteral("defines the option --dry-run")), share > 0);
    }
}

// A subcommand of the project's own program that the report runs ("$ shop orders") names the
// code that defines it: the chunk with its name as a string literal, not the tests that run it;
// another program's subcommands ("$ pip list") name nothing here.
void tst_Stages::reportSubcommandDefinitions()
{
    const ReportSignals signals_ = analyzeReport(QStringLiteral(
        "Run **shop export** or `python -m shop serve --port 1`; not `shop test.py`, `shop a/`, $ shop x\n"
        "```\n$ pip list\n$ shop orders --all\n$ shop -v\n  $ shop orders\n```\n"));
    using Command = QPair<QString, QString>;
    QCOMPARE(signals_.commands, (QList<Command>{{QStringLiteral("shop"), QStringLiteral("export")}, {QStringLiteral("shop"), QStringLiteral("serve")},
                                                {QStringLiteral("pip"), QStringLiteral("list")}, {QStringLiteral("shop"), QStringLiteral("orders")}}));

    QTemporaryDir tree;
    QVERIFY(QDir(tree.path()).mkpath(QStringLiteral("shop/.git")));
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    QVERIFY(store->setMeta(QStringLiteral("root_path"), tree.path() + QStringLiteral("/shop")));
    QVERIFY(addFile(*store, QStringLiteral("shop/cli.py"),
                    "@click.command(\"orders\")\ndef orders_command(all_orders):\n    return list_orders(all_orders)\n\n\n"
                    "@click.command(\"list\")\ndef list_command():\n    return catalogue()\n"));
    QVERIFY(addFile(*store, QStringLiteral("shop/orders.py"),
                    "def list_orders(all_orders):\n    return db.query(Order).filter(active=not all_orders)\n"));
    QVERIFY(addFile(*store, QStringLiteral("tests/test_cli.py"), "def test_orders(runner):\n    runner.invoke(cli, [\"orders\"])\n"));
    const QString report = QStringLiteral(
        "Archived orders are never listed\n\n"
        "Running the orders command with all of them asked for still lists only the active orders, which is not what "
        "the documentation says it does. It happens with every database I tried.\n\n"
        "```\n$ pip list | grep shop\n$ shop orders --all\n```\n");
    Tuning t;
    for (const double strength : {1.0, 0.0}) {
        t.mentionCommand = strength;
        Run r(*store, report, {}, t);
        QCOMPARE(r.ctx.query.route.kind, QueryRoute::Kind::Report);
        r.runMentions();
        const QStringList expected{QStringLiteral("shop/cli.py orders_command 1 defines the command shop orders")};
        QCOMPARE(r.mentioned(QStringLiteral("defines the command")), strength > 0 ? expected : QStringList());
        const qint64 cli = store->files().file(QStringLiteral("shop/cli.py"))->id;
        QCOMPARE(r.ctx.mentionedFiles.value(cli), strength * t.mentionOptionFile);
    }
}

// A message the report quotes is found in the source literal that makes it: without the log
// level in front, by the longest start of four or more words that source code holds (the
// literal has a placeholder where the report has a value), and whatever its translations and
// tests repeat it.
void tst_Stages::reportMessagesFromFormats()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    QVERIFY(addFile(*store, QStringLiteral("sphinx/domains/std.py"),
                    "def resolve_numref(env, figtype, labelid):\n"
                    "    if not env.numbers.get(labelid):\n"
                    "        logger.warning(__(\"no number is assigned for %s: %s\"), figtype, labelid)\n"
                    "        return None\n"));
    QVERIFY(addFile(*store, QStringLiteral("sphinx/domains/math.py"),
                    "def resolve_equation(env, labelid):\n    return env.numbers.get(labelid)  # a number for each table\n"));
    for (int i = 0; i < 24; ++i) {
        QVERIFY(addFile(*store, QStringLiteral("sphinx/locale/l%1/LC_MESSAGES/sphinx.po").arg(i),
                        "msgid \"no number is assigned for %s: %s\"\nmsgstr \"\"\n", LanguageId::None));
    }
    QVERIFY(addFile(*store, QStringLiteral("tests/test_numref.py"),
                    "def test_numref(app, warning):\n    assert \"no number is assigned for table\" in warning.getvalue()\n"));
    const QString report = QStringLiteral(
        "The upgrade started generating \"WARNING: no number is assigned for table\" warnings\n\n"
        "We've updated and suddenly the following warning started popping up in our builds when we build "
        "either singlehtml or latex:\n\n"
        "`WARNING: no number is assigned for table:`\n\n"
        "I looked through the changelog but it didn't seem like anything related was changed.\n");
    const ReportSignals signals_ = analyzeReport(report);
    QCOMPARE(signals_.messages, QStringList{QStringLiteral("WARNING: no number is assigned for table")});
    Run r(*store, report);
    QCOMPARE(r.ctx.query.route.kind, QueryRoute::Kind::Report);
    r.runMentions();
    QStringList mentioned;
    for (const Candidate &c : r.ctx.candidates) {
        if (c.scores.mention > 0)
            mentioned << c.path + u' ' + c.reasons.filter(QStringLiteral("holds the message")).join(u' ');
    }
    QCOMPARE(mentioned, QStringList{QStringLiteral("sphinx/domains/std.py holds the message \"no number is assigned for table\"")});
}

// An option whose word fills the code ("--fixtures" in a project of fixtures) is found by its
// text through the grep index: not only among the best BM25 chunks of its word. Files the grep
// index has not read yet count as holding it.
void tst_Stages::reportOptionFoundByGrepIndex()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    auto add = [&store](const QString &path, const QByteArray &src, bool grepRead) {
        const qint64 id = addFile(*store, path, src);
        QVERIFY(id);
        QVERIFY(store->grep().setUnindexed(id));
        if (grepRead)
            store->grep().add(id, GrepStore::trigramsOf(src));
    };
    QByteArray many;
    for (int i = 0; i < 320; ++i)
        many += QStringLiteral("def fixtures_%1(fixtures):\n    return fixtures.fixtures\n\n\n").arg(i).toUtf8();
    add(QStringLiteral("tool/fixtures.py"), many, true);
    add(QStringLiteral("tool/options.py"),
        "def add_options(parser):\n    group = parser.getgroup(\"general\")\n"
        "    group.addoption(\"--fixtures\", action=\"store_true\", dest=\"showfixtures\",\n"
        "                    help=\"show available fixtures, sorted by plugin appearance\")\n"
        "    group.addoption(\"--verbose-setup\", action=\"store_true\", help=\"show setup and teardown\")\n"
        "    group.addoption(\"--trace-config\", action=\"store_true\", help=\"trace considerations of conftest files\")\n",
        true);
    add(QStringLiteral("tool/legacy.py"), "def legacy_options(parser):\n    parser.add_option('--fixtures')\n", false);
    QVERIFY(store->grep().flush());
    const QString report = QStringLiteral(
        "Display fixture scope with `tool --fixtures`\n\n"
        "It would be useful to show fixture scopes with `tool --fixtures`; currently the only way to learn "
        "the scope of a fixture is to look at the docs (when that is documented) or at the source code "
        "of the plugin that defines it, which is a long way round for something the listing could show.\n");
    enum Grep { Read, Unread, None };
    auto mentioned = [&](Grep grep) {
        if (grep == Unread)
            [&] { QVERIFY(store->grep().reset()); }();
        if (grep == None) {
            for (const FileRecord &f : store->files().all())
                [&] { QVERIFY(store->grep().remove(f.id)); }();
        }
        Run r(*store, report);
        r.runMentions();
        QStringList out;
        for (const Candidate &c : r.ctx.candidates) {
            if (c.reasons.contains(QStringLiteral("defines the option --fixtures")))
                out << QStringLiteral("%1 %2").arg(c.path, r.ctx.candidates.headerOrEmpty(c.chunkId).name);
        }
        out.sort();
        return out;
    };
    const QStringList defining = {QStringLiteral("tool/legacy.py legacy_options"), QStringLiteral("tool/options.py add_options")};
    QCOMPARE(mentioned(Read), defining);
    // every file unread (the grep index reset): their text is checked
    QCOMPARE(mentioned(Unread), defining);
    // without the grep index (no searchable file), the 300 best chunks of "fixtures" are all in
    // fixtures.py
    QCOMPARE(mentioned(None), QStringList());
}

// The frame that raised is the strongest mention, each project frame further out x0.6
// (`frameOuter`); frames of other libraries are skipped without counting. Python lists the
// raising frame last, a gdb backtrace first.
void tst_Stages::reportFramesFromTheRaisingOne()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    QVERIFY(addFile(*store, QStringLiteral("pkg/app.py"), "def run(job):\n    return start(job)\n"));
    QVERIFY(addFile(*store, QStringLiteral("pkg/engine.py"), "def start(job):\n    return job.steps[0]\n"));
    QVERIFY(addFile(*store, QStringLiteral("pkg/cli.py"), "def main(argv):\n    return run(argv)\n"));
    QVERIFY(store->symbols().resolveReferences());
    const QString python = QStringLiteral(
        "Running a job without steps fails\n\n"
        "Traceback (most recent call last):\n"
        "  File \"/home/me/pkg/cli.py\", line 2, in main\n"
        "  File \"/home/me/pkg/app.py\", line 2, in run\n"
        "  File \"/home/me/pkg/engine.py\", line 2, in start\n"
        "  File \"/usr/lib/python3/site-packages/numpy/core/fromnumeric.py\", line 59, in take\n"
        "IndexError: list index out of range\n");
    auto mentions = [&store](const QString &report, const Tuning &tuning) {
        Run r(*store, report, {}, tuning);
        [&] { QCOMPARE(r.ctx.query.route.kind, QueryRoute::Kind::Report); }();
        r.runMentions();
        QStringList out;
        for (const QString &name : {QStringLiteral("start"), QStringLiteral("run"), QStringLiteral("main")}) {
            const Candidate *c = r.byName(name);
            out << QStringLiteral("%1 %2 %3").arg(name).arg(c ? c->scores.mention : -1).arg(c ? r.ctx.mentionedFiles.value(c->fileId) : -1);
        }
        return out.join(u'|');
    };
    // (a frame's function is also a named identifier: 0.3 + 0.15 log2(1 + once) = 0.45 at least)
    QCOMPARE(mentions(python, Tuning{}), QStringLiteral("start 1 0.6|run 0.6 0.36|main 0.45 0.216"));
    Tuning flat;
    flat.frameOuter = 1.0; // every frame alike
    QCOMPARE(mentions(python, flat), QStringLiteral("start 1 0.6|run 1 0.6|main 1 0.6"));
    // a gdb backtrace lists the raising frame first
    const QString gdb = QStringLiteral(
        "Running a job without steps fails\n\n"
        "#0 0x00007f in start (job=0x0) at pkg/engine.py:2\n"
        "#1 0x00007f in run (job=0x0) at pkg/app.py:2\n"
        "#2 0x00007f in main (argv=0x0) at pkg/cli.py:2\n");
    QCOMPARE(analyzeReport(gdb).frames.size(), 3);
    QVERIFY(analyzeReport(gdb).frames.first().innermostFirst);
    QCOMPARE(mentions(gdb, Tuning{}), QStringLiteral("start 1 0.6|run 0.6 0.36|main 0.45 0.216"));
    // Python raises an argument error in the caller's frame: the function the message names is
    // where the fix goes (1, its file 0.8), and the raising frame is a caller (x frameOuter)
    const QString arguments = QStringLiteral(
        "Running a job with a timeout fails\n\n"
        "Traceback (most recent call last):\n"
        "  File \"/home/me/pkg/cli.py\", line 2, in main\n"
        "  File \"/home/me/pkg/app.py\", line 2, in run\n"
        "TypeError: start() got an unexpected keyword argument 'timeout'\n");
    QCOMPARE(mentions(arguments, Tuning{}), QStringLiteral("start 1 0.8|run 0.6 0.36|main 0.45 0.216"));
    Tuning off;
    off.mentionCalled = 0;
    QCOMPARE(mentions(arguments, off), QStringLiteral("start 0 0|run 1 0.6|main 0.6 0.36"));
}

// A dotted name that resolves to a package's own file (`pkg.core` -> pkg/core/__init__.py)
// names a folder: the files in it get `mentionFolder` (0.2), the package's own file
// `mentionPackage` (0: none); a module file keeps 0.7.
void tst_Stages::reportPackageNamesItsFolder()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    QVERIFY(addFile(*store, QStringLiteral("pkg/core/__init__.py"), "from .engine import start\n"));
    QVERIFY(addFile(*store, QStringLiteral("pkg/core/engine.py"), "def start(job):\n    return job.steps[0]\n"));
    QVERIFY(addFile(*store, QStringLiteral("pkg/core/deep/steps.py"), "def first(job):\n    return job.steps[0]\n"));
    QVERIFY(addFile(*store, QStringLiteral("pkg/app.py"), "def run(job):\n    return start(job)\n"));
    QVERIFY(addFile(*store, QStringLiteral("pkg/cli.py"), "def main(argv):\n    return run(argv)\n"));
    QVERIFY(store->symbols().resolveReferences());
    const QString report = QStringLiteral(
        "Jobs without steps fail in pkg.core when pkg.app runs them\n\n"
        "I configured the job with the default options and started it from the command line. "
        "The job has no steps at all, and then it fails with an error instead of doing nothing, "
        "which is what the documentation of the command line promises for an empty job.\n");
    auto files = [&store, &report](const Tuning &tuning) {
        Run r(*store, report, {}, tuning);
        [&] { QCOMPARE(r.ctx.query.route.kind, QueryRoute::Kind::Report); }();
        r.runMentions();
        QStringList out;
        const PathWordIndex &paths = r.caches.pathWords();
        for (auto it = r.ctx.mentionedFiles.cbegin(); it != r.ctx.mentionedFiles.cend(); ++it)
            out << QStringLiteral("%1 %2").arg(paths.path(it.key())).arg(it.value());
        out.sort();
        return out.join(u'|');
    };
    QCOMPARE(files(Tuning{}), QStringLiteral("pkg/app.py 0.7|pkg/core/engine.py 0.2"));
    Tuning before;
    before.mentionPackage = 0.7;
    before.mentionFolder = 0;
    QCOMPARE(files(before), QStringLiteral("pkg/app.py 0.7|pkg/core/__init__.py 0.7"));
}

// A report's title says what is wrong; its body may say more about something else (here the
// proxies it was found with). The title's words get a BM25 of their own and name files.
void tst_Stages::reportTitleLeads()
{
    const QString report = QStringLiteral(
        "CookieJar loses the cookie of a second domain\n\n"
        "We route every request through proxies. With proxies set, select_proxy picks the proxy for the "
        "url, resolve_proxies keeps the proxies of the request and rebuild_proxies runs after a "
        "redirect. The proxies are right, the proxy logs show the request, but after the second "
        "request the jar has one entry less than before and the login fails on the proxy.\n");
    QCOMPARE(reportTitle(report), QStringLiteral("CookieJar loses the cookie of a second domain"));
    Searcher searcher(m_store.get());
    auto response = searcher.search(report);
    QVERIFY(response);
    QCOMPARE(response->route, QStringLiteral("bug report (keyword)"));
    QStringList ranked;
    for (const SearchHit &h : std::as_const(response->hits))
        ranked << h.chunk.qualifiedName;
    // without the title: rebuild_proxies, CookieJar, resolve_proxies, CookieJar.set_cookie, ...
    QCOMPARE(ranked.join(u','), QStringLiteral("CookieJar,rebuild_proxies,CookieJar.set_cookie,resolve_proxies,"
                                               "select_proxy,select_proxy,test_select_proxy"));
    const SearchHit &first = response->hits.first();
    QVERIFY2(first.reasons.join(u'|').contains(QLatin1String("title keyword rank 2")), qPrintable(first.reasons.join(u'|')));
    QVERIFY(first.scores.title > 0);
    QVERIFY(first.scores.path > 0);
}

// The title search adds its best hits; below them it still scores the candidates the other
// searches found, as far down as `titleDepth`, with the same BM25.
void tst_Stages::reportTitleScoresEveryCandidate()
{
    const QString report = QStringLiteral(
        "the proxy of a cookie domain is lost\n\n"
        "We route every request through proxies. With proxies set, select_proxy picks the proxy for the "
        "url, resolve_proxies keeps the proxies of the request and rebuild_proxies runs after a "
        "redirect, and the cookie jar keeps one cookie per domain.\n");
    const QStringList titleTerms = TitleGenerator::terms(reportTitle(report));
    QCOMPARE(titleTerms, (QStringList{QStringLiteral("proxy"), QStringLiteral("cookie"), QStringLiteral("domain"),
                                      QStringLiteral("lost")}));
    auto all = m_store->chunks().searchTerms(titleTerms, 100);
    QVERIFY(all);
    QVERIFY(all->size() >= 3);
    QHash<qint64, double> bm25;
    for (const FtsHit &h : std::as_const(*all))
        bm25.insert(h.chunkId, h.score);
    for (const int depth : {100, 1}) {
        Tuning t;
        t.titlePool = 1; // the title search adds its best hit only
        t.titleDepth = depth;
        Run r(*m_store, report, {}, t);
        QCOMPARE(r.ctx.query.route.kind, QueryRoute::Kind::Report);
        r.run(KeywordGenerator());
        r.run(TitleGenerator());
        r.run(HeaderFilter());
        r.run(TitleScorer());
        int added = 0;
        int scoredBelow = 0;
        for (const Candidate &c : std::as_const(r.ctx.candidates)) {
            if (c.scores.titleRank > 0) {
                ++added;
                QCOMPARE(c.scores.title, all->first().score);
            } else if (c.scores.title > 0) {
                ++scoredBelow;
                QCOMPARE(c.scores.title, bm25.value(c.chunkId));
            } else {
                QVERIFY(depth == 1 || !bm25.contains(c.chunkId));
            }
        }
        QCOMPARE(added, 1);
        if (depth > 1)
            QVERIFY2(scoredBelow >= 2, qPrintable(QString::number(scoredBelow)));
        else
            QCOMPARE(scoredBelow, 0);
    }
}

// A report's title may say "test" (a test runner's bugs, how it was found): tests stay demoted,
// where a question that asks for tests finds them first.
void tst_Stages::reportDemotesTests()
{
    const QString report = QStringLiteral(
        "select_proxy test fails for a proxy without a scheme\n\n"
        "When the proxies mapping has an entry without a scheme, select_proxy returns it as it is and "
        "the adapter later fails to parse it. The test below shows it; the proxy should get the "
        "default scheme of the url the request goes to, as the documentation says for proxies.\n");
    auto firstOf = [this](const QString &query) {
        Searcher searcher(m_store.get());
        auto response = searcher.search(query);
        return response && !response->hits.isEmpty()
                   ? response->hits.first().chunk.qualifiedName + u' '
                         + response->hits.first().reasons.filter(QStringLiteral("demoted")).join(u' ')
                   : QString();
    };
    Searcher searcher(m_store.get());
    auto response = searcher.search(report);
    QVERIFY(response);
    QCOMPARE(response->route, QStringLiteral("bug report (keyword)"));
    QString test;
    for (const SearchHit &h : std::as_const(response->hits)) {
        if (h.chunk.qualifiedName == QLatin1String("test_select_proxy"))
            test = h.reasons.filter(QStringLiteral("demoted")).join(u' ');
    }
    QCOMPARE(test, QStringLiteral("demoted: test"));
    QCOMPARE(firstOf(QStringLiteral("the test of select_proxy")), QStringLiteral("test_select_proxy "));
}

QTEST_GUILESS_MAIN(tst_Stages)
#include "tst_stages.moc"
