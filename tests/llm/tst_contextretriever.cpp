// The context of an answer from a real index: search, @-mentions, reference-graph paths for
// connection questions, credentials withheld, HyDE's two stages against the fake server; and
// method summaries (resumable, cancellable, redone only for changed chunks).

#include "fakeopenaiserver.h"

#include "core/index/indexer.h"
#include "core/llm/contextretriever.h"
#include "core/llm/summarizer.h"
#include "core/llm/tracejson.h"
#include "core/store/summarystore.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace RepoLens;
using RepoLens::Test::FakeOpenAiServer;

class tst_ContextRetriever : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void searchContextIsNumberedWithReferences();
    void mentionsPinContext();
    void connectionQuestionAddsGraphPaths();
    void credentialsAreWithheld();
    void hydeDecision_data();
    void hydeDecision();
    void hydeTwoStages();
    void hydeFailureFallsBackToSearch();
    void summariesResumableAndCancellable();
    void traceSurvivesJson();

private:
    RetrievalTrace retrieve(const QString &question, const RetrievalOptions &options = {});
    void write(const QString &rel, const QByteArray &text);
    void reindex();

    QTemporaryDir m_root;
    QTemporaryDir m_data;
    QString m_db;
    std::unique_ptr<IndexStore> m_store;
    FakeOpenAiServer m_server;
};

void tst_ContextRetriever::write(const QString &rel, const QByteArray &text)
{
    const QString path = m_root.filePath(rel);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(text);
}

void tst_ContextRetriever::reindex()
{
    m_store.reset();
    Indexer indexer(m_root.path(), m_db);
    auto report = indexer.run();
    QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
    auto store = IndexStore::open(m_db, IndexStore::Mode::ReadOnly);
    QVERIFY(store);
    m_store = std::move(*store);
}

void tst_ContextRetriever::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_server.listen());
    write(QStringLiteral("codec/encoder.py"),
          "class EncoderClass:\n"
          "    \"\"\"Turns records into a framed byte stream.\"\"\"\n"
          "\n"
          "    def encode(self, data):\n"
          "        return pack_frames(normalize(data))\n");
    write(QStringLiteral("codec/frames.py"),
          "def pack_frames(items):\n"
          "    \"\"\"Packs every item behind a length header.\"\"\"\n"
          "    return [frame_header(i) + i for i in items]\n"
          "\n"
          "\n"
          "def frame_header(item):\n"
          "    return len(item)\n");
    write(QStringLiteral("codec/decoder.py"),
          "from codec.frames import frame_header\n"
          "\n"
          "\n"
          "class DecoderClass:\n"
          "    def decode(self, blob):\n"
          "        size = frame_header(blob)\n"
          "        return blob[size:]\n");
    write(QStringLiteral("codec/util.py"),
          "def normalize(data):\n"
          "    \"\"\"Lower-cases every item of the data before it is framed.\"\"\"\n"
          "    return [d.lower() for d in data]\n");
    write(QStringLiteral("settings.py"),
          "API_TOKEN = \"ghp_abcdefghijklmnopqrstuvwxyz0123456789AB\"\n"
          "\n"
          "\n"
          "def load_settings(path):\n"
          "    \"\"\"Reads the settings file.\"\"\"\n"
          "    return open(path).read()\n");
    m_db = IndexStore::databasePath(m_data.path(), m_root.path());
    reindex();
}

void tst_ContextRetriever::init()
{
    m_server.clearQueue();
    m_server.clearRequests();
    m_server.setResponder({});
}

RetrievalTrace tst_ContextRetriever::retrieve(const QString &question, const RetrievalOptions &options)
{
    Searcher searcher(m_store.get());
    return retrieveContext(*m_store, searcher, parseMentions(question), options);
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
    const QList<GraphPath> paths = findGraphPaths(*m_store, QStringLiteral("EncoderClass"), QStringLiteral("DecoderClass"));
    QVERIFY(!paths.isEmpty());
    QCOMPARE(paths.first().steps.first().symbol, QStringLiteral("EncoderClass"));
    QCOMPARE(paths.first().steps.last().symbol, QStringLiteral("DecoderClass"));
    QVERIFY(findGraphPaths(*m_store, QStringLiteral("EncoderClass"), QStringLiteral("Nope")).isEmpty());
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

void tst_ContextRetriever::hydeTwoStages()
{
    m_server.setResponder([](const FakeOpenAiServer::Request &r) {
        const QString system = r.json.value(QStringLiteral("messages")).toArray().at(0).toObject()
                                   .value(QStringLiteral("content")).toString();
        if (system.contains(QStringLiteral("predict code")))
            return FakeOpenAiServer::completion(QStringLiteral("```python\ndef pack_frames(items):\n    return [header(i) for i in items]\n```"));
        return FakeOpenAiServer::completion(QStringLiteral("pack_frames frame_header length header framing"));
    });
    RetrievalOptions options;
    options.hyde = true;
    options.llm.baseUrl = m_server.baseUrl();
    options.llm.model = QStringLiteral("m");
    options.llm.timeoutMs = 5000;
    const QString question = QStringLiteral("where do we turn the incoming records into something that can be sent over the wire");
    const RetrievalTrace t = retrieve(question, options);
    QVERIFY(t.hydeUsed);
    QVERIFY(!t.hydeReason.isEmpty());
    QCOMPARE(m_server.chatRequests().size(), 2);
    const QJsonArray first = m_server.chatRequests().at(0).json.value(QStringLiteral("messages")).toArray();
    QCOMPARE(first.at(1).toObject().value(QStringLiteral("content")).toString(),
             QStringLiteral("Help predict the answer to the query: ") + question);
    QCOMPARE(m_server.chatRequests().at(0).json.value(QStringLiteral("stream")).toBool(), false);
    // the rewrite sees the question and the code found with the hypothetical code
    const QString rewriteSystem = m_server.chatRequests().at(1).json.value(QStringLiteral("messages")).toArray().at(0)
                                      .toObject().value(QStringLiteral("content")).toString();
    QVERIFY(rewriteSystem.contains(question));
    QVERIFY(rewriteSystem.contains(QStringLiteral("File: codec/frames.py:1-3")));
    QStringList names;
    for (const RetrievalStage &s : t.stages) {
        names << s.name;
        QVERIFY(s.millis >= 0);
    }
    QCOMPARE(names, (QStringList{QStringLiteral("hyde: hypothetical code"), QStringLiteral("search (hypothetical code)"),
                                 QStringLiteral("hyde: rewrite with context"), QStringLiteral("search (rewritten query)")}));
    QVERIFY(t.stages.at(0).text.contains(QStringLiteral("def pack_frames")));
    QCOMPARE(t.remoteCalls.size(), 2);
    QCOMPARE(t.remoteCalls.at(0).purpose, QStringLiteral("hyde"));
    QVERIFY(t.remoteCalls.at(1).files.join(u' ').contains(QStringLiteral("codec/frames.py")));
    QVERIFY(t.remoteCalls.at(1).local);
    QVERIFY(findChunk(t, QStringLiteral("pack_frames")));

    // an identifier question skips HyDE even when it is on
    m_server.clearRequests();
    const RetrievalTrace skip = retrieve(QStringLiteral("what does pack_frames do"), options);
    QVERIFY(!skip.hydeUsed);
    QCOMPARE(m_server.chatRequests().size(), 0);
}

void tst_ContextRetriever::hydeFailureFallsBackToSearch()
{
    m_server.setDefaultResponse(FakeOpenAiServer::error(401, "bad key"));
    RetrievalOptions options;
    options.hyde = true;
    options.llm.baseUrl = m_server.baseUrl();
    options.llm.model = QStringLiteral("m");
    const RetrievalTrace t = retrieve(QStringLiteral("how does the framing of records work in this code"), options);
    QVERIFY(t.hydeUsed);
    QVERIFY(t.notes.join(u'\n').contains(QStringLiteral("HyDE failed")));
    QVERIFY(!t.context.isEmpty());
    QVERIFY(!t.stages.first().error.isEmpty());
    m_server.setDefaultResponse(FakeOpenAiServer::stream({QStringLiteral("Default answer.")}));
}

void tst_ContextRetriever::summariesResumableAndCancellable()
{
    int calls = 0;
    m_server.setResponder([&calls](const FakeOpenAiServer::Request &r) {
        ++calls;
        const QString user = r.json.value(QStringLiteral("messages")).toArray().at(1).toObject()
                                 .value(QStringLiteral("content")).toString();
        return FakeOpenAiServer::completion(QStringLiteral("Summary number %1 of %2 zebrafish.")
                                                .arg(calls)
                                                .arg(user.section(u' ', 1, 1)));
    });
    LlmEndpoint e;
    e.baseUrl = m_server.baseUrl();
    e.model = QStringLiteral("m");
    MethodSummarizer summarizer(m_db, e);
    const auto pending = summarizer.pendingCalls();
    QVERIFY(pending);
    const int total = *pending;
    QVERIFY2(total >= 8, qPrintable(QString::number(total))); // classes, methods, functions

    // stop after three calls
    std::atomic_bool cancel{false};
    QList<RemoteCall> logged;
    auto first = summarizer.run(
        [&](const SummaryProgress &p) {
            QCOMPARE(p.total, total);
            if (p.done >= 3)
                cancel = true;
        },
        [&](const RemoteCall &c) { logged << c; }, &cancel);
    QVERIFY(first);
    QVERIFY(first->cancelled);
    QVERIFY(first->summarized >= 3);
    QVERIFY(first->remaining > 0);
    QCOMPARE(logged.size(), calls);
    QCOMPARE(logged.first().purpose, QStringLiteral("summary"));
    QCOMPARE(logged.first().files.size(), 1);
    // the request is a 2-3 line description of the code
    const QJsonArray messages = m_server.chatRequests().first().json.value(QStringLiteral("messages")).toArray();
    QVERIFY(messages.at(0).toObject().value(QStringLiteral("content")).toString().contains(QStringLiteral("2 or 3 plain sentences")));
    QVERIFY(messages.at(1).toObject().value(QStringLiteral("content")).toString().contains(QStringLiteral("```python")));

    // resume: only what is left
    const int before = calls;
    auto second = summarizer.run({}, {}, nullptr);
    QVERIFY(second);
    QVERIFY(!second->cancelled);
    QCOMPARE(second->remaining, 0);
    QCOMPARE(calls - before, first->remaining);
    QCOMPARE(*summarizer.pendingCalls(), 0);

    // summaries are searchable
    auto store = IndexStore::open(m_db, IndexStore::Mode::ReadOnly);
    QVERIFY(store);
    const auto hits = (*store)->chunks().search(QStringLiteral("zebrafish"), 50);
    QVERIFY(hits);
    QCOMPARE(hits->size(), total);

    // a changed function is the only one redone
    write(QStringLiteral("codec/util.py"),
          "def normalize(data):\n"
          "    \"\"\"Upper-cases every item now.\"\"\"\n"
          "    return [d.upper() for d in data]\n");
    reindex();
    QCOMPARE(*summarizer.pendingCalls(), 1);
    auto third = summarizer.run();
    QVERIFY(third);
    QCOMPARE(third->summarized, 1);

    // a refused key ends the run at once
    write(QStringLiteral("codec/util.py"), "def normalize(data):\n    return data\n");
    reindex();
    m_server.setResponder({});
    m_server.setDefaultResponse(FakeOpenAiServer::error(401, "bad key"));
    m_server.clearRequests();
    auto refused = summarizer.run();
    QVERIFY(refused);
    QCOMPARE(refused->error.kind, LlmErrorKind::Unauthorized);
    QCOMPARE(m_server.chatRequests().size(), 1);
    QCOMPARE(refused->remaining, 1);
    m_server.setDefaultResponse(FakeOpenAiServer::stream({QStringLiteral("Default answer.")}));
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

QTEST_GUILESS_MAIN(tst_ContextRetriever)
#include "tst_contextretriever.moc"
