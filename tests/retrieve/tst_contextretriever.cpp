// The context of an answer from a real index: search, @-mentions, reference-graph paths for
// connection questions, credentials withheld, the HyDE decision and the trace's stored form;
// the phases of the retrieval one by one; @-mentions and connection questions as written.
// HyDE's model calls are tested in tests/llm/tst_hyde.cpp.

#include "codecfixture.h"

#include "core/retrieve/contextretriever.h"
#include "core/retrieve/retrievalsteps_p.h"
#include "core/retrieve/tracejson.h"

#include <QStandardPaths>
#include <QTest>

using namespace RepoLens;
using RepoLens::Test::CodecFixture;

class tst_ContextRetriever : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void searchContextIsNumberedWithReferences();
    void mentionsPinContext();
    void connectionQuestionAddsGraphPaths();
    void credentialsAreWithheld();
    void hydeDecision_data();
    void hydeDecision();
    void traceSurvivesJson();
    // the phases
    void mentionedChunksByPathSuffixAndName();
    void connectionNamesFromPhrasingOrDefinitions_data();
    void connectionNamesFromPhrasingOrDefinitions();
    void graphPathContextListsEachChunkOnce();
    void foundCodeIsWithheldThenCut();
    void hydeStepsInOrder();
    void searchErrorsOnlyWithoutOtherContext();
    void composeRoute_data();
    void composeRoute();
    void packingSaysWhatTheIndexHolds();
    // the question as written
    void mentions_data();
    void mentions();
    void mentionAtCursor();
    void connectionQuestions_data();
    void connectionQuestions();

private:
    RetrievalTrace retrieve(const QString &question, const RetrievalOptions &options = {});

    CodecFixture m_codec;
};

void tst_ContextRetriever::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    m_codec.create();
}

RetrievalTrace tst_ContextRetriever::retrieve(const QString &question, const RetrievalOptions &options)
{
    Searcher searcher(m_codec.store());
    return retrieveContext(*m_codec.store(), searcher, parseMentions(question), options);
}

static const ContextChunk *findChunk(const RetrievalTrace &t, const QString &symbol)
{
    for (const ContextChunk &c : t.context) {
        if (c.symbol == symbol)
            return &c;
    }
    return nullptr;
}

void tst_ContextRetriever::searchContextIsNumberedWithReferences()
{
    const RetrievalTrace t = retrieve(QStringLiteral("pack frames length header"));
    QVERIFY2(t.error.isEmpty(), qPrintable(t.error));
    QVERIFY(!t.context.isEmpty());
    for (int i = 0; i < t.context.size(); ++i)
        QCOMPARE(t.context.at(i).number, i + 1);
    const ContextChunk *pack = findChunk(t, QStringLiteral("pack_frames"));
    QVERIFY(pack);
    QCOMPARE(pack->path, QStringLiteral("codec/frames.py"));
    QCOMPARE(pack->startLine, 1);
    QVERIFY(pack->references.join(u'|').contains(QStringLiteral("calls frame_header (codec/frames.py:6)")));
    QVERIFY(pack->references.join(u'|').contains(QStringLiteral("called by EncoderClass.encode (codec/encoder.py:5)")));
    QCOMPARE(t.decisions.size(), t.candidates.size());
    QVERIFY(t.contextTokens > 0);
    QVERIFY(!t.stages.isEmpty());
    QCOMPARE(t.stages.last().name, QStringLiteral("search"));
    QVERIFY(!t.hydeUsed);
}

void tst_ContextRetriever::mentionsPinContext()
{
    const RetrievalTrace t = retrieve(QStringLiteral("explain @codec/util.py and @DecoderClass and @NoSuchThing"));
    QVERIFY(t.context.size() >= 2);
    QCOMPARE(t.context.at(0).path, QStringLiteral("codec/util.py"));
    QCOMPARE(t.context.at(0).source, QStringLiteral("mention"));
    QVERIFY(findChunk(t, QStringLiteral("DecoderClass")));
    QVERIFY(t.notes.join(u'\n').contains(QStringLiteral("@NoSuchThing: no file or symbol")));
    QVERIFY(t.route.startsWith(QStringLiteral("mentions")));
    // a file name alone is enough when it is unique
    const RetrievalTrace byName = retrieve(QStringLiteral("what is in @util.py")); 
    QCOMPARE(byName.context.value(0).path, QStringLiteral("codec/util.py"));
}

void tst_ContextRetriever::connectionQuestionAddsGraphPaths()
{
    const RetrievalTrace t = retrieve(QStringLiteral("How are EncoderClass and DecoderClass connected?"));
    QCOMPARE(t.graphNames, (QStringList{QStringLiteral("EncoderClass"), QStringLiteral("DecoderClass")}));
    QVERIFY(t.graphPaths >= 1);
    QVERIFY(t.route.startsWith(QStringLiteral("graph+")));
    QVERIFY(findChunk(t, QStringLiteral("frame_header")));
    QVERIFY2(t.graphSection.contains(QStringLiteral("Paths in the reference graph between EncoderClass and DecoderClass")),
             qPrintable(t.graphSection));
    // the path cites the chunks by number
    const ContextChunk *header = findChunk(t, QStringLiteral("frame_header"));
    QVERIFY(t.graphSection.contains(QStringLiteral("frame_header [%1]").arg(header->number)));
    QVERIFY(t.graphSection.contains(QStringLiteral("--calls")));

    // the BFS itself
    const QList<GraphPath> paths = findGraphPaths(*m_codec.store(), QStringLiteral("EncoderClass"), QStringLiteral("DecoderClass"));
    QVERIFY(!paths.isEmpty());
    QCOMPARE(paths.first().steps.first().symbol, QStringLiteral("EncoderClass"));
    QCOMPARE(paths.first().steps.last().symbol, QStringLiteral("DecoderClass"));
    QVERIFY(findGraphPaths(*m_codec.store(), QStringLiteral("EncoderClass"), QStringLiteral("Nope")).isEmpty());
}

void tst_ContextRetriever::credentialsAreWithheld()
{
    const RetrievalTrace t = retrieve(QStringLiteral("API_TOKEN settings"));
    bool withheld = false;
    for (int i = 0; i < t.candidates.size(); ++i) {
        if (!t.decisions.at(i).withheld.isEmpty()) {
            withheld = true;
            QCOMPARE(t.candidates.at(i).chunk.path, QStringLiteral("settings.py"));
            QVERIFY2(t.decisions.at(i).withheld.contains(QStringLiteral("(GitHub token)")), qPrintable(t.decisions.at(i).withheld));
        }
    }
    QVERIFY(withheld);
    QVERIFY(t.withheld >= 1);
    bool sent = false;
    for (const ContextChunk &c : t.context) {
        QVERIFY(!c.text.contains(QStringLiteral("ghp_")));
        // With the token replaced, the rest of the chunk still answers.
        sent = sent || (c.path == QLatin1String("settings.py") && c.text.contains(QStringLiteral("[withheld: GitHub token]")));
    }
    QVERIFY(sent);
    QCOMPARE(withheldEntries(t.context).size(), 1);
}

void tst_ContextRetriever::hydeDecision_data()
{
    QTest::addColumn<QString>("question");
    QTest::addColumn<bool>("use");
    QTest::newRow("long") << QStringLiteral("where do we turn the incoming records into something that can be sent over the wire")
                          << true;
    QTest::newRow("vague") << QStringLiteral("how does the framing work") << true;
    QTest::newRow("identifier") << QStringLiteral("what does pack_frames do") << false;
    QTest::newRow("symbol") << QStringLiteral("EncoderClass") << false;
    QTest::newRow("callers") << QStringLiteral("who calls frame_header") << false;
    QTest::newRow("short") << QStringLiteral("framing") << false;
}

void tst_ContextRetriever::hydeDecision()
{
    QFETCH(QString, question);
    QFETCH(bool, use);
    QString reason;
    QCOMPARE(RepoLens::hydeDecision(question, &reason), use);
    QVERIFY(!reason.isEmpty());
}

void tst_ContextRetriever::traceSurvivesJson()
{
    RetrievalTrace t = retrieve(QStringLiteral("How are EncoderClass and DecoderClass connected?"));
    t.stages.append({QStringLiteral("hyde: hypothetical code"), 12.5, QStringLiteral("def f(): pass"), QString()});
    RemoteCall call;
    call.time = QDateTime::currentDateTime();
    call.endpoint = QStringLiteral("http://127.0.0.1:1/v1/chat/completions");
    call.purpose = QStringLiteral("hyde");
    call.files = {QStringLiteral("a.py:1-2")};
    call.body = "{\"model\":\"m\"}";
    t.remoteCalls.append(call);
    const RetrievalTrace back = retrievalTraceFromJson(retrievalTraceToJson(t));
    QCOMPARE(back.route, t.route);
    QCOMPARE(back.graphSection, t.graphSection);
    QCOMPARE(back.graphNames, t.graphNames);
    QCOMPARE(back.candidates.size(), t.candidates.size());
    QCOMPARE(back.decisions.size(), t.decisions.size());
    for (int i = 0; i < t.candidates.size(); ++i) {
        QCOMPARE(back.candidates.at(i).chunk.location(), t.candidates.at(i).chunk.location());
        QCOMPARE(back.candidates.at(i).scores.final, t.candidates.at(i).scores.final);
        QCOMPARE(back.decisions.at(i).included, t.decisions.at(i).included);
        QCOMPARE(back.decisions.at(i).reason, t.decisions.at(i).reason);
    }
    QCOMPARE(back.stages.last().text, QStringLiteral("def f(): pass"));
    QCOMPARE(back.remoteCalls.first().body, call.body);
    QCOMPARE(back.remoteCalls.first().files, call.files);
    // context chunks through their stored form
    for (const ContextChunk &c : t.context) {
        const ContextChunk r = contextChunk(contextRecord(c));
        QCOMPARE(r.location(), c.location());
        QCOMPARE(r.text, c.text);
        QCOMPARE(r.references, c.references);
        QCOMPARE(r.language, c.language);
        QCOMPARE(r.tokens, c.tokens);
    }
}

// A query expander that answers from fixed texts, as a model would, and records what it was
// asked (the real one, over HTTP, is tested in tests/llm/tst_hyde.cpp).
class CannedExpander : public QueryExpander
{
public:
    ExpansionReply first;
    ExpansionReply second;
    mutable QStringList asked; // "code: <question>", "rewrite: <question> | <hypothetical> | <found code>"

    ExpansionReply hypotheticalCode(const QString &question, const std::atomic_bool *) const override
    {
        asked << QStringLiteral("code: ") + question;
        return first;
    }
    ExpansionReply rewrite(const QString &question, const QString &hypothetical, const QString &foundCode,
                           const std::atomic_bool *) const override
    {
        asked << QStringLiteral("rewrite: %1 | %2 | %3").arg(question, hypothetical, foundCode);
        return second;
    }
};

static ExpansionReply reply(const QString &text, const QString &purpose)
{
    ExpansionReply r;
    r.text = text;
    RemoteCall call;
    call.purpose = purpose;
    call.status = QStringLiteral("ok");
    r.call = call;
    return r;
}

void tst_ContextRetriever::mentionedChunksByPathSuffixAndName()
{
    using namespace RetrievalSteps;
    const IndexStore &store = *m_codec.store();
    FileLookup files(store);
    QStringList notes;
    auto paths = [](const QList<ChunkRecord> &chunks) {
        QStringList out;
        for (const ChunkRecord &c : chunks)
            out << QStringLiteral("%1:%2").arg(c.path).arg(c.startLine);
        return out;
    };
    Mention m;
    m.target = QStringLiteral("./codec/util.py");
    QCOMPARE(paths(mentionedChunks(store, m, files, &notes)), QStringList{QStringLiteral("codec/util.py:1")});
    m.target = QStringLiteral("frames.py"); // the one file whose path ends with it
    QCOMPARE(paths(mentionedChunks(store, m, files, &notes)),
             (QStringList{QStringLiteral("codec/frames.py:1"), QStringLiteral("codec/frames.py:6")}));
    m.target = QStringLiteral("DecoderClass.decode"); // a name: its definitions
    QCOMPARE(paths(mentionedChunks(store, m, files, &notes)), QStringList{QStringLiteral("codec/decoder.py:5")});
    QVERIFY(notes.isEmpty());
    m.target = QStringLiteral("missing.py");
    QVERIFY(mentionedChunks(store, m, files, &notes).isEmpty());
    m.target = QStringLiteral("NoSuchName");
    QVERIFY(mentionedChunks(store, m, files, &notes).isEmpty());
    QCOMPARE(notes, (QStringList{QStringLiteral("@missing.py: no file or symbol of that name in the index"),
                                 QStringLiteral("@NoSuchName: no file or symbol of that name in the index")}));

    // pinned: @codebase pins nothing; each mention's chunks in path and line order
    const ParsedQuestion q = parseMentions(QStringLiteral("@codebase @frames.py and @EncoderClass"));
    notes.clear();
    const QList<ContextCandidate> pinned = pinnedMentions(store, q.mentions, 6, &notes);
    QStringList got;
    for (const ContextCandidate &c : pinned) {
        QCOMPARE(c.stage, QStringLiteral("mention"));
        QCOMPARE(c.chunk.source, QStringLiteral("mention"));
        got << c.chunk.location() + u' ' + c.reasons.join(u';');
    }
    QCOMPARE(got, (QStringList{QStringLiteral("codec/frames.py:1-3 pinned by @frames.py"),
                               QStringLiteral("codec/frames.py:6-7 pinned by @frames.py"),
                               QStringLiteral("codec/encoder.py:1-5 pinned by @EncoderClass")}));
    QVERIFY(notes.isEmpty());
}

void tst_ContextRetriever::connectionNamesFromPhrasingOrDefinitions_data()
{
    QTest::addColumn<QString>("question");
    QTest::addColumn<QStringList>("names");
    QTest::newRow("phrased") << QStringLiteral("How are EncoderClass and DecoderClass connected?")
                             << QStringList{QStringLiteral("EncoderClass"), QStringLiteral("DecoderClass")};
    // no phrasing to read the names from: the first two words that name definitions
    QTest::newRow("defined names") << QStringLiteral("is there a relation from pack_frames to normalize")
                                   << QStringList{QStringLiteral("pack_frames"), QStringLiteral("normalize")};
    QTest::newRow("one defined name") << QStringLiteral("is there a relation from pack_frames to the wire")
                                      << QStringList();
    QTest::newRow("no connection") << QStringLiteral("what do pack_frames and normalize return") << QStringList();
}

void tst_ContextRetriever::connectionNamesFromPhrasingOrDefinitions()
{
    QFETCH(QString, question);
    QFETCH(QStringList, names);
    QCOMPARE(RetrievalSteps::connectionNames(*m_codec.store(), question), names);
}

void tst_ContextRetriever::graphPathContextListsEachChunkOnce()
{
    RetrievalTrace trace;
    const RetrievalSteps::GraphContext g = RetrievalSteps::graphPathContext(
        *m_codec.store(), {QStringLiteral("EncoderClass"), QStringLiteral("DecoderClass")}, 6, nullptr, trace);
    QVERIFY(!g.paths.isEmpty());
    QCOMPARE(trace.graphPaths, int(g.paths.size()));
    QCOMPARE(trace.graphNames, (QStringList{QStringLiteral("EncoderClass"), QStringLiteral("DecoderClass")}));
    QCOMPARE(trace.stages.size(), 1);
    QCOMPARE(trace.stages.first().name, QStringLiteral("graph paths"));
    QCOMPARE(trace.stages.first().text, QStringLiteral("EncoderClass ↔ DecoderClass: %1 path(s)").arg(g.paths.size()));
    QSet<qint64> ids;
    for (const ContextCandidate &c : g.candidates) {
        QVERIFY(!ids.contains(c.chunk.chunkId));
        ids.insert(c.chunk.chunkId);
        QCOMPARE(c.stage, QStringLiteral("graph"));
        QCOMPARE(c.reasons, QStringList{QStringLiteral("on a reference path between EncoderClass and DecoderClass")});
    }
    // the first path's chunks come first, in its order
    const QList<GraphStep> &first = g.paths.first().steps;
    for (int i = 0; i < first.size(); ++i)
        QCOMPARE(g.candidates.at(i).chunk.chunkId, first.at(i).chunkId);
}

void tst_ContextRetriever::foundCodeIsWithheldThenCut()
{
    auto hit = [](const QString &path, int start, const QString &text) {
        SearchHit h;
        h.chunk.path = path;
        h.chunk.startLine = start;
        h.chunk.endLine = start + int(text.count(u'\n'));
        h.chunk.text = text;
        return h;
    };
    const QString key = QStringLiteral("AWS_KEY = 'AKIAIOSFODNN7EXAMPLF'\n");
    const QList<SearchHit> hits = {hit(QStringLiteral("a.py"), 3, key + QString(2000, u'x')),
                                   hit(QStringLiteral("b.py"), 1, QStringLiteral("def b():\n    pass\n"))};
    const RetrievalSteps::FoundCode withheld = RetrievalSteps::foundCodeForRewrite(hits, true);
    QCOMPARE(withheld.files, (QStringList{QStringLiteral("a.py:3-4"), QStringLiteral("b.py:1-3")}));
    QCOMPARE(withheld.withheld, QStringList{QStringLiteral("a.py line 3 (AWS access key)")});
    const QString first = QStringLiteral("File: a.py:3-4\n")
                          + QString(QStringLiteral("AWS_KEY = '[withheld: AWS access key]'\n") + QString(2000, u'x')).left(1500)
                          + QStringLiteral("\n\n");
    QCOMPARE(withheld.text, first + QStringLiteral("File: b.py:1-3\ndef b():\n    pass\n\n\n"));
    const RetrievalSteps::FoundCode sent = RetrievalSteps::foundCodeForRewrite(hits, false);
    QVERIFY(sent.withheld.isEmpty());
    QVERIFY(sent.text.contains(QStringLiteral("AKIAIOSFODNN7EXAMPLF")));
    // no block after 6,000 characters
    QList<SearchHit> many;
    for (int i = 0; i < 10; ++i)
        many << hit(QStringLiteral("m%1.py").arg(i), 1, QString(3000, u'y'));
    const RetrievalSteps::FoundCode cut = RetrievalSteps::foundCodeForRewrite(many, true);
    QCOMPARE(cut.files.size(), 4); // blocks of 1,518 characters: 6,000 is passed with the 4th
}

void tst_ContextRetriever::hydeStepsInOrder()
{
    Searcher searcher(m_codec.store());
    const QString question = QStringLiteral("where do we put a length header in front of each item");
    CannedExpander model;
    model.first = reply(QStringLiteral("```python\ndef pack_frames(items):\n    return items\n```"), QStringLiteral("hyde"));
    model.second = reply(QStringLiteral("pack_frames frame_header length"), QStringLiteral("hyde-rewrite"));
    RetrievalTrace trace;
    const QString query = RetrievalSteps::hydeSearchQuery(searcher, question, {}, model, true, nullptr, trace);
    QCOMPARE(query, question + QStringLiteral("\npack_frames frame_header length"));
    QCOMPARE(model.asked.size(), 2);
    QCOMPARE(model.asked.at(0), QStringLiteral("code: ") + question);
    // the rewrite sees the unfenced hypothetical code and what a search for it found
    QVERIFY2(model.asked.at(1).startsWith(QStringLiteral("rewrite: %1 | def pack_frames(items):\n    return items | File: ")
                                              .arg(question)),
             qPrintable(model.asked.at(1)));
    QVERIFY(model.asked.at(1).contains(QStringLiteral("File: codec/frames.py:1-3\n")));
    QStringList names;
    for (const RetrievalStage &s : trace.stages)
        names << s.name;
    QCOMPARE(names, (QStringList{QStringLiteral("hyde: hypothetical code"), QStringLiteral("search (hypothetical code)"),
                                 QStringLiteral("hyde: rewrite with context")}));
    QCOMPARE(trace.stages.at(1).text, QStringLiteral("5 results"));
    QCOMPARE(trace.remoteCalls.size(), 2);
    QVERIFY(trace.remoteCalls.at(0).files.isEmpty());
    // the rewrite's request carried the code found, the retrieval says which
    QVERIFY(trace.remoteCalls.at(1).files.contains(QStringLiteral("codec/frames.py:1-3")));
    QVERIFY(trace.notes.isEmpty());

    // an empty rewrite: the hypothetical code is searched with the question
    model.second = reply(QString(), QStringLiteral("hyde-rewrite"));
    trace = RetrievalTrace();
    QCOMPARE(RetrievalSteps::hydeSearchQuery(searcher, question, {}, model, true, nullptr, trace),
             question + QStringLiteral("\ndef pack_frames(items):\n    return items"));

    // a failed first step: the question alone, with a note; no second request
    model.first = ExpansionReply();
    model.first.failed = true;
    model.first.error = QStringLiteral("the server refused the key");
    model.asked.clear();
    trace = RetrievalTrace();
    QCOMPARE(RetrievalSteps::hydeSearchQuery(searcher, question, {}, model, true, nullptr, trace), question);
    QCOMPARE(model.asked.size(), 1);
    QCOMPARE(trace.stages.size(), 1);
    QCOMPARE(trace.stages.first().error, QStringLiteral("the server refused the key"));
    QCOMPARE(trace.notes, QStringList{QStringLiteral("HyDE failed, searched with the question: the server refused the key")});

    // nothing but a fence: nothing to search with
    model.first = reply(QStringLiteral("```\n```"), QStringLiteral("hyde"));
    model.asked.clear();
    trace = RetrievalTrace();
    QCOMPARE(RetrievalSteps::hydeSearchQuery(searcher, question, {}, model, true, nullptr, trace), question);
    QCOMPARE(model.asked.size(), 1);
    QVERIFY(trace.notes.isEmpty());
}

void tst_ContextRetriever::searchErrorsOnlyWithoutOtherContext()
{
    Searcher searcher(m_codec.store());
    RetrievalOptions options;
    const QString nothing = QStringLiteral("?? !!");
    RetrievalTrace alone;
    QVERIFY(RetrievalSteps::searchCandidates(*m_codec.store(), searcher, nothing, nothing, {}, options, false, false,
                                             nullptr, alone)
                .isEmpty());
    QCOMPARE(alone.error, QStringLiteral("the query has no searchable words (?? !!)"));
    QCOMPARE(alone.stages.last().error, alone.error);
    // a question that is only mentions has nothing to search: no error
    RetrievalTrace pinned;
    RetrievalSteps::searchCandidates(*m_codec.store(), searcher, nothing, nothing, {}, options, true, false, nullptr,
                                     pinned);
    QVERIFY(pinned.error.isEmpty());
    QVERIFY(pinned.stages.last().error.isEmpty());
    // graph context: the search failed (said in its stage), the retrieval did not
    RetrievalTrace graph;
    RetrievalSteps::searchCandidates(*m_codec.store(), searcher, nothing, nothing, {}, options, false, true, nullptr,
                                     graph);
    QVERIFY(graph.error.isEmpty());
    QCOMPARE(graph.stages.last().error, alone.error);

    // found: at most topK, with the search's scores
    options.topK = 2;
    RetrievalTrace found;
    const QList<ContextCandidate> two = RetrievalSteps::searchCandidates(
        *m_codec.store(), searcher, QStringLiteral("frame header"), QStringLiteral("frame header"), SearchOptions(),
        options, false, false, nullptr, found);
    QCOMPARE(two.size(), 2);
    QCOMPARE(two.first().chunk.score, two.first().scores.final);
    QCOMPARE(two.first().stage, QStringLiteral("search"));
    QVERIFY(!found.route.isEmpty());
    QCOMPARE(found.stages.last().text, QStringLiteral("frame header\n→ 2 results (%1)").arg(found.route));
}

void tst_ContextRetriever::composeRoute_data()
{
    QTest::addColumn<QString>("search");
    QTest::addColumn<bool>("pinned");
    QTest::addColumn<bool>("graph");
    QTest::addColumn<QString>("route");
    QTest::newRow("search") << QStringLiteral("hybrid") << false << false << QStringLiteral("hybrid");
    QTest::newRow("nothing") << QString() << false << false << QStringLiteral("none");
    QTest::newRow("mentions only") << QString() << true << false << QStringLiteral("mentions");
    QTest::newRow("mentions and search") << QStringLiteral("hybrid") << true << false << QStringLiteral("mentions+hybrid");
    QTest::newRow("graph") << QStringLiteral("hybrid") << false << true << QStringLiteral("graph+hybrid");
    QTest::newRow("all") << QStringLiteral("symbol") << true << true << QStringLiteral("graph+mentions+symbol");
    QTest::newRow("graph, no search") << QString() << false << true << QStringLiteral("graph+none");
}

void tst_ContextRetriever::composeRoute()
{
    QFETCH(QString, search);
    QFETCH(bool, pinned);
    QFETCH(bool, graph);
    QFETCH(QString, route);
    QCOMPARE(RetrievalSteps::composeRoute(search, pinned, graph), route);
}

void tst_ContextRetriever::packingSaysWhatTheIndexHolds()
{
    RetrievalOptions options;
    RetrievalTrace empty;
    RetrievalSteps::packIntoTrace(*m_codec.store(), {}, options, empty);
    QVERIFY(empty.context.isEmpty());
    QCOMPARE(empty.indexedChunks, m_codec.store()->chunks().count());
    QVERIFY(empty.indexedChunks > 0);
    QVERIFY(empty.graphSection.isEmpty());

    // graph paths cite the packed chunks by number
    RetrievalTrace trace;
    const RetrievalSteps::GraphContext g = RetrievalSteps::graphPathContext(
        *m_codec.store(), {QStringLiteral("EncoderClass"), QStringLiteral("DecoderClass")}, 6, nullptr, trace);
    trace.candidates = g.candidates;
    RetrievalSteps::packIntoTrace(*m_codec.store(), g.paths, options, trace);
    QCOMPARE(trace.indexedChunks, -1);
    QCOMPARE(trace.context.size(), g.candidates.size());
    QCOMPARE(trace.decisions.size(), g.candidates.size());
    QVERIFY(trace.graphSection.startsWith(
        QStringLiteral("Paths in the reference graph between EncoderClass and DecoderClass")));
    QVERIFY(trace.graphSection.contains(QStringLiteral("EncoderClass [1]")));
}
void tst_ContextRetriever::mentions_data()
{
    QTest::addColumn<QString>("question");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("targets");
    QTest::addColumn<bool>("codebase");
    QTest::newRow("codebase") << QStringLiteral("@codebase where is retry handled?")
                              << QStringLiteral("where is retry handled?") << QStringList() << true;
    QTest::newRow("codebase middle") << QStringLiteral("where is @codebase retry handled?")
                                     << QStringLiteral("where is retry handled?") << QStringList() << true;
    QTest::newRow("file and symbol") << QStringLiteral("explain @src/config.py and @Session.request, please")
                                     << QStringLiteral("explain src/config.py and Session.request, please")
                                     << QStringList{QStringLiteral("src/config.py"), QStringLiteral("Session.request")}
                                     << false;
    QTest::newRow("email is no mention") << QStringLiteral("mail bob@example.com about (@Parser)?")
                                         << QStringLiteral("mail bob@example.com about (Parser)?")
                                         << QStringList{QStringLiteral("Parser")} << false;
    QTest::newRow("duplicates") << QStringLiteral("@Foo vs @Foo") << QStringLiteral("Foo vs Foo")
                                << QStringList{QStringLiteral("Foo")} << false;
    QTest::newRow("bare at") << QStringLiteral("what is @ here") << QStringLiteral("what is @ here") << QStringList()
                             << false;
    // a pasted bug report keeps its lines: its title, code blocks and traceback are read by them
    const QString report = QStringLiteral("Routes lose their subdomain\r\n\r\n```\r\n$ flask routes\r\n```\r\n"
                                          "Traceback (most recent call last):\n  File \"app.py\", line 3, in <module>\n    run()\n");
    QTest::newRow("report") << QStringLiteral("  ") + report + QStringLiteral("\n\n") << report.trimmed() << QStringList() << false;
    QTest::newRow("report with codebase") << QStringLiteral("@codebase\n") + report << report.trimmed() << QStringList() << true;
}

void tst_ContextRetriever::mentions()
{
    QFETCH(QString, question);
    QFETCH(QString, text);
    QFETCH(QStringList, targets);
    QFETCH(bool, codebase);
    const ParsedQuestion parsed = parseMentions(question);
    QCOMPARE(parsed.text, text);
    QCOMPARE(parsed.codebase, codebase);
    QStringList got;
    for (const Mention &m : parsed.mentions) {
        if (m.kind == Mention::Kind::Reference)
            got << m.target;
    }
    QCOMPARE(got, targets);
    Mention file;
    file.target = QStringLiteral("config.py");
    QVERIFY(file.looksLikePath());
    Mention symbol;
    symbol.target = QStringLiteral("Session.request");
    QVERIFY(!symbol.looksLikePath());
}

void tst_ContextRetriever::mentionAtCursor()
{
    const QString text = QStringLiteral("explain @src/con");
    const MentionPrefix m = mentionAt(text, int(text.size()));
    QCOMPARE(m.start, 8);
    QCOMPARE(m.prefix, QStringLiteral("src/con"));
    QCOMPARE(mentionAt(QStringLiteral("a@b"), 3).start, -1);
    QCOMPARE(mentionAt(QStringLiteral("plain words"), 5).start, -1);
    QCOMPARE(mentionAt(QStringLiteral("@"), 1).prefix, QString());
    QCOMPARE(mentionAt(QStringLiteral("@"), 1).start, 0);
}

void tst_ContextRetriever::connectionQuestions_data()
{
    QTest::addColumn<QString>("question");
    QTest::addColumn<QStringList>("names");
    QTest::newRow("how are") << QStringLiteral("How are EncoderClass and DecoderClass connected?")
                             << QStringList{QStringLiteral("EncoderClass"), QStringLiteral("DecoderClass")};
    QTest::newRow("relationship") << QStringLiteral("what is the relationship between `Session` and HTTPAdapter")
                                  << QStringList{QStringLiteral("Session"), QStringLiteral("HTTPAdapter")};
    QTest::newRow("reach") << QStringLiteral("how does main() reach Ring::push?")
                           << QStringList{QStringLiteral("main"), QStringLiteral("Ring::push")};
    QTest::newRow("path from") << QStringLiteral("show the call chain from load_config to parse_line")
                               << QStringList{QStringLiteral("load_config"), QStringLiteral("parse_line")};
    QTest::newRow("not one") << QStringLiteral("where is the config parsed?") << QStringList();
    QTest::newRow("filler") << QStringLiteral("how are the encoder and the decoder connected?") << QStringList();
}

void tst_ContextRetriever::connectionQuestions()
{
    QFETCH(QString, question);
    QFETCH(QStringList, names);
    QCOMPARE(connectionQuestion(question), names);
}

QTEST_GUILESS_MAIN(tst_ContextRetriever)
#include "tst_contextretriever.moc"
