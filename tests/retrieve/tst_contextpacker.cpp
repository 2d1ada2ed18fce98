// The context packer: token budget filled best-first without overlaps, credentials withheld,
// numbered chunks with path, lines and references.

#include "core/retrieve/contextpacker.h"

#include <QTest>

using namespace RepoLens;

class tst_ContextPacker : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void estimateTokens();
    void chunkBlockFormat();
    void packsBestFirstWithinBudget();
    void skipsOverlapsButKeepsClassMembers();
    void withholdsCredentials();
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

void tst_ContextPacker::estimateTokens()
{
    QCOMPARE(RepoLens::estimateTokens(u""), 0);
    QCOMPARE(RepoLens::estimateTokens(u"abcd"), 1);
    QCOMPARE(RepoLens::estimateTokens(u"abcdefgh"), 2);
    QVERIFY(RepoLens::estimateTokens(QString(4000, u'x')) == 1000);
    QVERIFY(RepoLens::estimateTokens(u"\u00e9\u00e9") >= 1);
}

void tst_ContextPacker::chunkBlockFormat()
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

void tst_ContextPacker::packsBestFirstWithinBudget()
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

void tst_ContextPacker::skipsOverlapsButKeepsClassMembers()
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

void tst_ContextPacker::withholdsCredentials()
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
    for (const ContextChunk &c : std::as_const(packed.chunks))
        QVERIFY(!formatContextChunk(c).contains(QStringLiteral("AKIAIOSFODNN7EXAMPLF")));
    // send_credentials: as it is.
    packed = packContext({secret, fine}, 100000, false);
    QCOMPARE(packed.chunks.size(), 2);
    QCOMPARE(packed.chunks.first().text, secret.text);
    QCOMPARE(packed.withheld, 0);
}

QTEST_GUILESS_MAIN(tst_ContextPacker)
#include "tst_contextpacker.moc"
