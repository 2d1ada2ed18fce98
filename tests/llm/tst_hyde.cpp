// HyDE's model calls against the fake server (127.0.0.1): the two requests of the expansion
// (hypothetical code, then the rewrite with the code it found), what the retrieval makes of
// them, and a refusing server falling back to the question.

#include "fakeopenaiserver.h"
#include "retrieve/codecfixture.h"

#include "core/llm/hyde.h"
#include "core/retrieve/contextretriever.h"

#include <QJsonArray>
#include <QStandardPaths>
#include <QTest>

using namespace RepoLens;
using RepoLens::Test::CodecFixture;
using RepoLens::Test::FakeOpenAiServer;

class tst_Hyde : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void hydeTwoStages();
    void hydeFailureFallsBackToSearch();
    void noExpanderWithoutAModel();

private:
    RetrievalTrace retrieve(const QString &question, const RetrievalOptions &options = {});

    CodecFixture m_codec;
    FakeOpenAiServer m_server;
};

void tst_Hyde::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_server.listen());
    m_codec.create();
}

void tst_Hyde::init()
{
    m_server.clearQueue();
    m_server.clearRequests();
    m_server.setResponder({});
}

RetrievalTrace tst_Hyde::retrieve(const QString &question, const RetrievalOptions &options)
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

void tst_Hyde::hydeTwoStages()
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
    LlmEndpoint llm;
    llm.baseUrl = m_server.baseUrl();
    llm.model = QStringLiteral("m");
    llm.timeoutMs = 5000;
    options.expander = hydeExpander(llm);
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

void tst_Hyde::hydeFailureFallsBackToSearch()
{
    m_server.setDefaultResponse(FakeOpenAiServer::error(401, "bad key"));
    RetrievalOptions options;
    options.hyde = true;
    LlmEndpoint llm;
    llm.baseUrl = m_server.baseUrl();
    llm.model = QStringLiteral("m");
    options.expander = hydeExpander(llm);
    const RetrievalTrace t = retrieve(QStringLiteral("how does the framing of records work in this code"), options);
    QVERIFY(t.hydeUsed);
    QVERIFY(t.notes.join(u'\n').contains(QStringLiteral("HyDE failed")));
    QVERIFY(!t.context.isEmpty());
    QVERIFY(!t.stages.first().error.isEmpty());
    m_server.setDefaultResponse(FakeOpenAiServer::stream({QStringLiteral("Default answer.")}));
}

void tst_Hyde::noExpanderWithoutAModel()
{
    QVERIFY(!hydeExpander(LlmEndpoint()));
    LlmEndpoint llm;
    llm.baseUrl = m_server.baseUrl();
    llm.model = QStringLiteral("m");
    QVERIFY(hydeExpander(llm));
    // HyDE allowed but no model: the question is searched as it is, and the trace says why
    RetrievalOptions options;
    options.hyde = true;
    const RetrievalTrace t = retrieve(QStringLiteral("where do we turn the incoming records into bytes for the wire"),
                                      options);
    QVERIFY(!t.hydeUsed);
    QCOMPARE(t.hydeReason, QStringLiteral("no model configured"));
    QCOMPARE(m_server.chatRequests().size(), 0);
    options.hyde = false;
    QCOMPARE(retrieve(QStringLiteral("framing"), options).hydeReason, QStringLiteral("HyDE is off in the settings"));
}

QTEST_GUILESS_MAIN(tst_Hyde)
#include "tst_hyde.moc"
