// Method summaries against the fake server (127.0.0.1): resumable, cancellable, redone only for
// changed chunks, searchable, every request logged; a refused key ends the run.

#include "fakeopenaiserver.h"
#include "retrieve/codecfixture.h"

#include "core/llm/summarizer.h"

#include <QJsonArray>
#include <QStandardPaths>
#include <QTest>

using namespace RepoLens;
using RepoLens::Test::CodecFixture;
using RepoLens::Test::FakeOpenAiServer;

class tst_Summarizer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void summariesResumableAndCancellable();

private:
    CodecFixture m_codec;
    FakeOpenAiServer m_server;
};

void tst_Summarizer::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_server.listen());
    m_codec.create();
}

void tst_Summarizer::summariesResumableAndCancellable()
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
    MethodSummarizer summarizer(m_codec.databasePath(), e);
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
    auto store = IndexStore::open(m_codec.databasePath(), IndexStore::Mode::ReadOnly);
    QVERIFY(store);
    const auto hits = (*store)->chunks().search(QStringLiteral("zebrafish"), 50);
    QVERIFY(hits);
    QCOMPARE(hits->size(), total);

    // a changed function is the only one redone
    m_codec.write(QStringLiteral("codec/util.py"),
          "def normalize(data):\n"
          "    \"\"\"Upper-cases every item now.\"\"\"\n"
          "    return [d.upper() for d in data]\n");
    m_codec.reindex();
    QCOMPARE(*summarizer.pendingCalls(), 1);
    auto third = summarizer.run();
    QVERIFY(third);
    QCOMPARE(third->summarized, 1);

    // a refused key ends the run at once
    m_codec.write(QStringLiteral("codec/util.py"), "def normalize(data):\n    return data\n");
    m_codec.reindex();
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

QTEST_GUILESS_MAIN(tst_Summarizer)
#include "tst_summarizer.moc"
