// The prompt builder: token budget filled best-first without overlaps, credentials withheld,
// numbered chunks with path, lines and references, conversation history within its budget;
// @-mentions and connection questions.

#include "core/llm/mentions.h"
#include "core/llm/prompt.h"

#include <QTest>

using namespace RepoLens;

class tst_Prompt : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void estimateTokens();
    void chunkBlockFormat();
    void packsBestFirstWithinBudget();
    void skipsOverlapsButKeepsClassMembers();
    void withholdsCredentials();
    void messagesHaveInstructionsContextHistoryQuestion();
    void historyBudgetKeepsNewestTurns();
    void mentions_data();
    void mentions();
    void mentionAtCursor();
    void connectionQuestions_data();
    void connectionQuestions();
};

static ContextChunk chunk(const QString &path, int start, int end, int lines = 0, qint64 id = 0)
{
    ContextChunk c;
    c.chunkId = id;
    c.path = path;
    c.startLine = start;
    c.endLine = end;
    c.language = LanguageId::Python;
    c.kind = QStringLiteral("function");
    c.symbol = QStringLiteral("f%1").arg(start);
    QString text;
    for (int i = 0; i < std::max(1, lines); ++i)
        text += QStringLiteral("    value = compute_something(%1)\n").arg(i);
    c.text = text;
    return c;
}

void tst_Prompt::estimateTokens()
{
    QCOMPARE(RepoLens::estimateTokens(u""), 0);
    QCOMPARE(RepoLens::estimateTokens(u"abcd"), 1);
    QCOMPARE(RepoLens::estimateTokens(u"abcdefgh"), 2);
    QVERIFY(RepoLens::estimateTokens(QString(4000, u'x')) == 1000);
    QVERIFY(RepoLens::estimateTokens(u"\u00e9\u00e9") >= 1);
}

void tst_Prompt::chunkBlockFormat()
{
    ContextChunk c = chunk(QStringLiteral("src/app.py"), 10, 12, 2);
    c.number = 3;
    c.symbol = QStringLiteral("App.run");
    c.references = {QStringLiteral("calls load (src/config.py:4)"), QStringLiteral("called by main (main.py:9)")};
    c.text = QStringLiteral("def run(self):\n    ```not a fence```\n");
    const QString block = formatContextChunk(c);
    QVERIFY(block.startsWith(QStringLiteral("[3] src/app.py:10-12 (function App.run)\n````python\n")));
    QVERIFY(block.contains(QStringLiteral("\n````\nReferences: calls load (src/config.py:4); called by main (main.py:9)\n")));
}

void tst_Prompt::packsBestFirstWithinBudget()
{
    QList<ContextChunk> candidates = {chunk(QStringLiteral("a.py"), 1, 10, 10), chunk(QStringLiteral("b.py"), 1, 400, 400),
                                      chunk(QStringLiteral("c.py"), 1, 5, 5), chunk(QStringLiteral("d.py"), 1, 5, 5)};
    const int small = RepoLens::estimateTokens(formatContextChunk(candidates.at(0))) + 2;
    const int budget = small * 3;
    const PackedContext packed = packContext(candidates, budget);
    // b.py does not fit; c.py and d.py still do, in order, renumbered
    QCOMPARE(packed.chunks.size(), 3);
    QCOMPARE(packed.chunks.at(0).path, QStringLiteral("a.py"));
    QCOMPARE(packed.chunks.at(1).path, QStringLiteral("c.py"));
    QCOMPARE(packed.chunks.at(1).number, 2);
    QCOMPARE(packed.chunks.at(2).number, 3);
    QVERIFY(packed.tokens <= budget);
    QCOMPARE(packed.decisions.size(), 4);
    QVERIFY(!packed.decisions.at(1).included);
    QVERIFY(packed.decisions.at(1).reason.startsWith(QStringLiteral("over the budget")));
    QCOMPARE(packed.decisions.at(2).number, 2);
    int sum = 0;
    for (const ContextChunk &c : packed.chunks)
        sum += c.tokens;
    QCOMPARE(sum, packed.tokens);
}

void tst_Prompt::skipsOverlapsButKeepsClassMembers()
{
    ContextChunk cls = chunk(QStringLiteral("m.py"), 1, 50, 3, 100);
    cls.kind = QStringLiteral("class");
    ContextChunk method = chunk(QStringLiteral("m.py"), 10, 20, 3, 101);
    method.parentChunkId = 100;
    ContextChunk overlapping = chunk(QStringLiteral("m.py"), 15, 30, 3, 102); // not a member of anything taken
    ContextChunk elsewhere = chunk(QStringLiteral("n.py"), 15, 30, 3, 103);
    const PackedContext packed = packContext({method, cls, overlapping, elsewhere}, 100000);
    QCOMPARE(packed.chunks.size(), 3);
    QCOMPARE(packed.decisions.at(2).reason, QStringLiteral("overlaps [1]"));
    QVERIFY(packed.decisions.at(1).included); // the skeleton of the method's class
}

void tst_Prompt::withholdsCredentials()
{
    ContextChunk secret = chunk(QStringLiteral("settings.py"), 10, 12, 1);
    secret.text = QStringLiteral("AWS_KEY = 'AKIAIOSFODNN7EXAMPLF'\nDEBUG = True\n");
    ContextChunk fine = chunk(QStringLiteral("app.py"), 1, 3, 1);
    const QString fineText = fine.text;
    PackedContext packed = packContext({secret, fine}, 100000);
    // The chunk is sent with the key replaced, and says where.
    QCOMPARE(packed.chunks.size(), 2);
    QCOMPARE(packed.chunks.first().text, QStringLiteral("AWS_KEY = '[withheld: AWS access key]'\nDEBUG = True\n"));
    QCOMPARE(packed.chunks.first().withheld, QStringLiteral("line 10 (AWS access key)"));
    QCOMPARE(packed.decisions.first().withheld, QStringLiteral("line 10 (AWS access key)"));
    QCOMPARE(packed.chunks.at(1).text, fineText);
    QVERIFY(packed.chunks.at(1).withheld.isEmpty());
    QCOMPARE(packed.withheld, 1);
    QVERIFY(!formatContext(packed.chunks).contains(QStringLiteral("AKIAIOSFODNN7EXAMPLF")));
    // send_credentials: as it is.
    packed = packContext({secret, fine}, 100000, false);
    QCOMPARE(packed.chunks.size(), 2);
    QCOMPARE(packed.chunks.first().text, secret.text);
    QCOMPARE(packed.withheld, 0);
}

void tst_Prompt::messagesHaveInstructionsContextHistoryQuestion()
{
    QList<ContextChunk> context = {chunk(QStringLiteral("src/a.py"), 3, 9, 2), chunk(QStringLiteral("src/b.py"), 1, 4, 1)};
    context[0].number = 1;
    context[1].number = 2;
    PromptOptions options;
    options.folderName = QStringLiteral("demo");
    options.graphSection = QStringLiteral("Paths in the reference graph between A and B:\n1. A [1] --calls--> B [2]");
    const QList<ChatMessage> messages = buildChatMessages(
        QStringLiteral("and what calls it?"), context,
        {{QStringLiteral("what does a do?"), QStringLiteral("It computes [1].")}}, options);
    QCOMPARE(messages.size(), 4);
    QCOMPARE(messages.at(0).role, QStringLiteral("system"));
    const QString system = messages.at(0).content;
    QVERIFY(system.contains(QStringLiteral("Answer only from the numbered context")));
    QVERIFY(system.contains(QStringLiteral("[n] for context chunk n")));
    QVERIFY(system.contains(QStringLiteral("\"demo\"")));
    QVERIFY(system.contains(QStringLiteral("Context (2 numbered chunks from the codebase):")));
    QVERIFY(system.contains(QStringLiteral("[1] src/a.py:3-9 (function f3)\n```python\n")));
    QVERIFY(system.contains(QStringLiteral("[2] src/b.py:1-4")));
    QVERIFY(system.contains(QStringLiteral("1. A [1] --calls--> B [2]")));
    QCOMPARE(messages.at(1).role, QStringLiteral("user"));
    QCOMPARE(messages.at(1).content, QStringLiteral("what does a do?"));
    QCOMPARE(messages.at(2).role, QStringLiteral("assistant"));
    QCOMPARE(messages.at(3).content, QStringLiteral("and what calls it?"));
}

void tst_Prompt::historyBudgetKeepsNewestTurns()
{
    QList<ConversationTurn> history;
    for (int i = 0; i < 10; ++i)
        history.append({QStringLiteral("question %1 ").arg(i) + QString(200, u'q'), QString(200, u'a')});
    PromptOptions options;
    options.historyBudget = 250; // about two turns
    const QList<ChatMessage> messages = buildChatMessages(QStringLiteral("now"), {}, history, options);
    QCOMPARE(messages.size(), 1 + 2 * 2 + 1);
    QVERIFY(messages.at(1).content.startsWith(QStringLiteral("question 8")));
    QVERIFY(messages.at(3).content.startsWith(QStringLiteral("question 9")));
    QVERIFY(messages.at(0).content.contains(QStringLiteral("no code was found")));
}

void tst_Prompt::mentions_data()
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
}

void tst_Prompt::mentions()
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

void tst_Prompt::mentionAtCursor()
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

void tst_Prompt::connectionQuestions_data()
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

void tst_Prompt::connectionQuestions()
{
    QFETCH(QString, question);
    QFETCH(QStringList, names);
    QCOMPARE(connectionQuestion(question), names);
}

QTEST_GUILESS_MAIN(tst_Prompt)
#include "tst_prompt.moc"
