// Conversations, messages with their context, the remote-request log and method summaries,
// kept in the folder's database next to (and without touching) the index schema.

#include "core/store/conversationstore.h"
#include "core/store/indexstore.h"
#include "core/store/summarystore.h"

#include "core/parse/chunker.h"

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace RepoLens;

class tst_ConversationStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void conversationsAndMessages();
    void survivesReopenAndLivesBesideTheIndex();
    void remoteRequestLog();
    void summariesByContentHash();

private:
    QTemporaryDir m_dir;
};

void tst_ConversationStore::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
}

void tst_ConversationStore::conversationsAndMessages()
{
    auto store = ConversationStore::open(m_dir.filePath(QStringLiteral("a/index.sqlite")));
    QVERIFY2(store, qPrintable(store ? QString() : store.error().toString()));
    ConversationStore &s = **store;
    QVERIFY(s.conversations().isEmpty());
    const auto first = s.createConversation(QStringLiteral("Where is config parsed?"));
    QVERIFY(first);
    const auto second = s.createConversation(QStringLiteral("Second"));
    QVERIFY(second);

    MessageRecord q;
    q.conversationId = *first;
    q.role = QStringLiteral("user");
    q.content = QStringLiteral("Where is config parsed?");
    QVERIFY(s.addMessage(q));
    MessageRecord a;
    a.conversationId = *first;
    a.role = QStringLiteral("assistant");
    a.content = QStringLiteral("In [1].");
    a.status = QStringLiteral("complete");
    a.model = QStringLiteral("m");
    a.endpoint = QStringLiteral("http://127.0.0.1:1/v1/chat/completions");
    a.request = "{\"model\":\"m\"}";
    a.trace = "{\"route\":\"hybrid\"}";
    MessageContextRecord c;
    c.number = 1;
    c.chunkId = 42;
    c.path = QStringLiteral("service/config.py");
    c.startLine = 3;
    c.endLine = 20;
    c.language = QStringLiteral("python");
    c.kind = QStringLiteral("function");
    c.symbol = QStringLiteral("load_config");
    c.text = QStringLiteral("def load_config():\n    pass\n");
    c.references = {QStringLiteral("calls parse (a.py:1)"), QStringLiteral("called by main (b.py:2)")};
    c.source = QStringLiteral("search");
    c.tokens = 17;
    a.context = {c};
    const auto answerId = s.addMessage(a);
    QVERIFY(answerId);

    // the conversation with messages is now the most recent
    QList<ConversationInfo> list = s.conversations();
    QCOMPARE(list.size(), 2);
    QCOMPARE(list.first().id, *first);
    QCOMPARE(list.first().messageCount, 2);

    QList<MessageRecord> messages = s.messages(*first);
    QCOMPARE(messages.size(), 2);
    QCOMPARE(messages.at(1).content, QStringLiteral("In [1]."));
    QCOMPARE(messages.at(1).request, QByteArray("{\"model\":\"m\"}"));
    QCOMPARE(messages.at(1).context.size(), 1);
    QCOMPARE(messages.at(1).context.first().references, c.references);
    QCOMPARE(messages.at(1).context.first().text, c.text);
    QCOMPARE(messages.at(1).context.first().tokens, 17);

    // regenerate: the answer is updated in place
    a.id = *answerId;
    a.content = QStringLiteral("It is parsed in load_config [1] (cut off)");
    a.status = QStringLiteral("cut-off");
    a.context.clear();
    QVERIFY(s.updateMessage(a));
    QCOMPARE(s.message(*answerId)->status, QStringLiteral("cut-off"));
    QCOMPARE(s.message(*answerId)->context.size(), 0);

    QVERIFY(s.renameConversation(*first, QStringLiteral("Config")));
    QCOMPARE(s.conversation(*first)->title, QStringLiteral("Config"));
    QVERIFY(s.deleteMessage(*answerId));
    QCOMPARE(s.messages(*first).size(), 1);
    QVERIFY(s.deleteConversation(*first));
    QCOMPARE(s.conversations().size(), 1);
    QCOMPARE(s.messages(*first).size(), 0);
}

void tst_ConversationStore::survivesReopenAndLivesBesideTheIndex()
{
    const QString db = m_dir.filePath(QStringLiteral("b/index.sqlite"));
    {
        // conversations first, then the index is created in the same file
        auto store = ConversationStore::open(db);
        QVERIFY(store);
        QVERIFY((*store)->createConversation(QStringLiteral("kept")));
    }
    {
        auto index = IndexStore::open(db, IndexStore::Mode::ReadWrite);
        QVERIFY2(index, qPrintable(index ? QString() : index.error().toString()));
        QCOMPARE((*index)->chunks().count(), 0);
    }
    auto store = ConversationStore::open(db);
    QVERIFY(store);
    QCOMPARE((*store)->conversations().size(), 1);
    QCOMPARE((*store)->conversations().first().title, QStringLiteral("kept"));
}

void tst_ConversationStore::remoteRequestLog()
{
    auto store = ConversationStore::open(m_dir.filePath(QStringLiteral("c/index.sqlite")));
    QVERIFY(store);
    RemoteRequestRecord r;
    r.time = QDateTime::currentDateTime().addSecs(-5);
    r.endpoint = QStringLiteral("https://api.example/v1/chat/completions");
    r.purpose = QStringLiteral("hyde");
    r.model = QStringLiteral("gpt");
    r.bytes = 1234;
    r.files = {QStringLiteral("a.py:1-10")};
    r.status = QStringLiteral("ok");
    QVERIFY((*store)->logRemoteRequest(r));
    r.time = QDateTime::currentDateTime();
    r.purpose = QStringLiteral("answer");
    r.local = true;
    QVERIFY((*store)->logRemoteRequest(r));
    const QList<RemoteRequestRecord> log = (*store)->remoteRequests();
    QCOMPARE(log.size(), 2);
    QCOMPARE(log.first().purpose, QStringLiteral("answer")); // newest first
    QVERIFY(log.first().local);
    QCOMPARE(log.last().files, QStringList{QStringLiteral("a.py:1-10")});
    QCOMPARE(log.last().bytes, 1234);
    QVERIFY((*store)->clearRemoteRequests());
    QVERIFY((*store)->remoteRequests().isEmpty());
}

void tst_ConversationStore::summariesByContentHash()
{
    const QString db = m_dir.filePath(QStringLiteral("d/index.sqlite"));
    auto index = IndexStore::open(db, IndexStore::Mode::ReadWrite);
    QVERIFY(index);
    Chunker chunker;
    const QByteArray source = "def alpha():\n    return 1\n\n\ndef beta():\n    return 2\n\n\nclass Gamma:\n    def delta(self):\n        pass\n";
    FileRecord f;
    f.path = QStringLiteral("m.py");
    f.language = LanguageId::Python;
    f.status = FileStatus::Indexed;
    QVERIFY((*index)->beginTransaction());
    const auto fileId = (*index)->files().upsert(f);
    QVERIFY(fileId);
    QVERIFY((*index)->replaceFileContent(*fileId, f.path, chunker.parse(LanguageId::Python, source)));
    QVERIFY((*index)->commit());

    auto store = SummaryStore::open(db);
    QVERIFY2(store, qPrintable(store ? QString() : store.error().toString()));
    SummaryStore &s = **store;
    const int pending = s.pendingCount();
    QCOMPARE(pending, 4); // alpha, beta, Gamma, delta
    const QList<SummaryCandidate> next = s.pending(10);
    QCOMPARE(next.size(), 4);
    QCOMPARE(next.first().path, QStringLiteral("m.py"));
    QVERIFY(s.putSummaries({{next.at(0).contentHash, QStringLiteral("Returns one, the first constant.")},
                            {next.at(1).contentHash, QString()}},
                           QStringLiteral("test-model")));
    QCOMPARE(s.pendingCount(), 2);
    QCOMPARE(s.summarizedCount(), 1);
    // the summary is in the keyword index
    const auto hits = (*index)->chunks().search(QStringLiteral("constant"), 10);
    QVERIFY(hits);
    QCOMPARE(hits->size(), 1);
    QCOMPARE((*index)->chunks().chunk(hits->first().chunkId)->summary, QStringLiteral("Returns one, the first constant."));

    // re-indexing the unchanged file may lose chunks.summary; applyCached brings it back
    QVERIFY((*index)->beginTransaction());
    QVERIFY((*index)->replaceFileContent(*fileId, f.path, chunker.parse(LanguageId::Python, source)));
    QVERIFY((*index)->commit());
    const auto applied = s.applyCached(); // (whether the indexer kept the row or not)
    QVERIFY(applied);
    QCOMPARE(s.summarizedCount(), 1);
    QCOMPARE(s.pendingCount(), 2);
    // a changed function is summarised again
    QByteArray changed = source;
    changed.replace("return 1", "return 100");
    QVERIFY((*index)->beginTransaction());
    QVERIFY((*index)->replaceFileContent(*fileId, f.path, chunker.parse(LanguageId::Python, changed)));
    QVERIFY((*index)->commit());
    QVERIFY(s.applyCached());
    QCOMPARE(s.pendingCount(), 3);
    QVERIFY(s.clearAll());
    QCOMPARE(s.pendingCount(), 4);
}

QTEST_GUILESS_MAIN(tst_ConversationStore)
#include "tst_conversationstore.moc"
