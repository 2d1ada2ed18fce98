// The prompt builder: instructions, the numbered context, conversation history within its
// budget, then the question.

#include "core/llm/prompt.h"

#include <QTest>

using namespace RepoLens;

class tst_Prompt : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void messagesHaveInstructionsContextHistoryQuestion();
    void historyBudgetKeepsNewestTurns();
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

QTEST_GUILESS_MAIN(tst_Prompt)
#include "tst_prompt.moc"
