// Citations in answers: found in prose, checked against the index and the numbered context.

#include "core/llm/citations.h"

#include <QRandomGenerator>
#include <QTest>

using namespace RepoLens;

class tst_Citations : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void finds_data();
    void finds();
    void checksAgainstTheIndex();
    void resolvesPaths();
    void rejectsImpossibleLineNumbers_data();
    void rejectsImpossibleLineNumbers();
    void inexactPathsAreFlagged();
    void skipsFencedCode();
    void garbageDoesNotCrash();
};

static QString describe(const QList<CitationMatch> &matches, const QString &text)
{
    QStringList out;
    for (const CitationMatch &m : matches) {
        QString s = text.mid(m.offset, m.length) + u'=';
        if (m.kind == CitationMatch::Kind::Number) {
            QStringList n;
            for (int x : m.numbers)
                n << QString::number(x);
            s += u'#' + n.join(u',');
        } else {
            s += m.path;
            if (m.startLine)
                s += QStringLiteral(":%1-%2").arg(m.startLine).arg(m.endLine);
        }
        out << s;
    }
    return out.join(QStringLiteral(" | "));
}

void tst_Citations::finds_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("numbers") << QStringLiteral("It is parsed [1] and checked [2, 3][4].")
                             << QStringLiteral("[1]=#1 | [2, 3]=#2,3 | [4]=#4");
    QTest::newRow("range") << QStringLiteral("see [2-4]") << QStringLiteral("[2-4]=#2,3,4");
    QTest::newRow("not indexing") << QStringLiteral("args[0] and x[1] and [a](http://x) and [1](http://y)")
                                  << QString();
    QTest::newRow("path line") << QStringLiteral("in src/config.py:12, then")
                               << QStringLiteral("src/config.py:12=src/config.py:12-12");
    QTest::newRow("path range") << QStringLiteral("(src/a/b.cpp:10-20)") << QStringLiteral("src/a/b.cpp:10-20=src/a/b.cpp:10-20");
    QTest::newRow("en dash, L") << QStringLiteral("lib/x.rs:L5\u2013L9") << QStringLiteral("lib/x.rs:L5\u2013L9=lib/x.rs:5-9");
    QTest::newRow("github anchor") << QStringLiteral("x.go#L3-L4") << QStringLiteral("x.go#L3-L4=x.go:3-4");
    QTest::newRow("lines words") << QStringLiteral("server.go (lines 4-8)")
                                 << QStringLiteral("server.go (lines 4-8)=server.go:4-8");
    QTest::newRow("bare path") << QStringLiteral("open src/util/io.h.") << QStringLiteral("src/util/io.h=src/util/io.h");
    QTest::newRow("file name") << QStringLiteral("edit setup.py now") << QStringLiteral("setup.py=setup.py");
    QTest::newRow("not urls") << QStringLiteral("https://example.com/a/b.py:3 and e.g. v1.2.3 or example.com "
                                                "http://127.0.0.1:9/pixel.png")
                              << QString();
    QTest::newRow("footnote") << QStringLiteral("text[^1]") << QString();
}

void tst_Citations::finds()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    QCOMPARE(describe(findCitations(text), text), expected);
}

static CitationIndex makeIndex()
{
    CitationIndex index;
    index.setRootName(QStringLiteral("demo"));
    index.addFile(QStringLiteral("service/config.py"), 40);
    index.addFile(QStringLiteral("service/server.py"), 120);
    index.addFile(QStringLiteral("src/ringbuffer.h"), 60);
    index.addFile(QStringLiteral("a/util.py"), 10);
    index.addFile(QStringLiteral("b/util.py"), 10);
    index.setChunks({{QStringLiteral("service/config.py"), 3, 20}, {QStringLiteral("src/ringbuffer.h"), 10, 30}});
    return index;
}

void tst_Citations::checksAgainstTheIndex()
{
    const CitationIndex index = makeIndex();
    const QString answer = QStringLiteral(
        "Config is loaded in service/config.py:3-20 [1], the buffer in `src/ringbuffer.h:12` [2].\n"
        "Invented: service/missing.py:4, out of range src/ringbuffer.h:70-80, bad number [7].\n"
        "Passing mention of setup.py is fine.");
    const QList<CheckedCitation> checked = checkCitations(answer, index);
    QCOMPARE(checked.size(), 8);
    QVERIFY(checked.at(0).valid);
    QCOMPARE(checked.at(0).path, QStringLiteral("service/config.py"));
    QCOMPARE(checked.at(0).startLine, 3);
    QCOMPARE(checked.at(0).endLine, 20);
    QVERIFY(checked.at(1).valid); // [1]
    QCOMPARE(checked.at(1).path, QStringLiteral("service/config.py"));
    QVERIFY(checked.at(2).valid); // src/ringbuffer.h:12 (inside backticks)
    QCOMPARE(checked.at(2).startLine, 12);
    QVERIFY(checked.at(3).valid); // [2]
    QCOMPARE(checked.at(3).startLine, 10);
    QVERIFY(!checked.at(4).valid);
    QCOMPARE(checked.at(4).problem, CheckedCitation::Problem::UnknownPath);
    QVERIFY(!checked.at(4).quiet);
    QVERIFY(!checked.at(5).valid);
    QCOMPARE(checked.at(5).problem, CheckedCitation::Problem::LineOutOfRange);
    QVERIFY(checked.at(5).detail.contains(QStringLiteral("60 lines")));
    QVERIFY(!checked.at(6).valid);
    QCOMPARE(checked.at(6).problem, CheckedCitation::Problem::UnknownNumber);
    QVERIFY(!checked.at(7).valid);
    QVERIFY(checked.at(7).quiet); // setup.py: not in the index, said in passing
}

// "src/app.py:0" and a 21-digit line number used to pass as a citation of the file.
void tst_Citations::rejectsImpossibleLineNumbers_data()
{
    QTest::addColumn<QString>("answer");
    QTest::newRow("line 0") << QStringLiteral("See service/config.py:0 for the loader.");
    QTest::newRow("range from 0") << QStringLiteral("See service/config.py:0-4.");
    QTest::newRow("21 digits") << QStringLiteral("See service/config.py:123456789012345678901 for it.");
    QTest::newRow("21-digit end") << QStringLiteral("See service/config.py:3-123456789012345678901.");
    QTest::newRow("#L0") << QStringLiteral("See service/config.py#L0.");
    QTest::newRow("(line 0)") << QStringLiteral("See service/config.py (line 0).");
    QTest::newRow("past int") << QStringLiteral("See service/config.py:4294967297.");
}

void tst_Citations::rejectsImpossibleLineNumbers()
{
    QFETCH(QString, answer);
    const QList<CheckedCitation> checked = checkCitations(answer, makeIndex());
    QCOMPARE(checked.size(), 1);
    QVERIFY(!checked.first().valid);
    QCOMPARE(checked.first().problem, CheckedCitation::Problem::LineOutOfRange);
    QCOMPARE(checked.first().path, QStringLiteral("service/config.py"));
    // A real line of the same file passes.
    const QList<CheckedCitation> fine = checkCitations(QStringLiteral("See service/config.py:4."), makeIndex());
    QCOMPARE(fine.size(), 1);
    QVERIFY(fine.first().valid);
}

void tst_Citations::resolvesPaths()
{
    const CitationIndex index = makeIndex();
    QCOMPARE(index.resolvePath(QStringLiteral("./service/config.py")), QStringLiteral("service/config.py"));
    QCOMPARE(index.resolvePath(QStringLiteral("demo/service/config.py")), QStringLiteral("service/config.py"));
    // Exact paths only: a file name or a tail of a path is not a citation of the file that
    // happens to end with it (an invented "README.md:1" opened "src/pkg/README.md").
    QCOMPARE(index.resolvePath(QStringLiteral("config.py")), QString());
    QCOMPARE(index.resolvePath(QStringLiteral("ringbuffer.h")), QString());
    QCOMPARE(index.resolvePath(QStringLiteral("/service/config.py")), QString());
    QCOMPARE(index.candidates(QStringLiteral("config.py")), QStringList{QStringLiteral("service/config.py")});
    bool ambiguous = false;
    QCOMPARE(index.resolvePath(QStringLiteral("util.py"), &ambiguous), QString());
    QVERIFY(ambiguous);
    QCOMPARE(index.resolvePath(QStringLiteral("ig.py")), QString()); // whole components only
    CitationMatch m;
    m.kind = CitationMatch::Kind::PathLines;
    m.path = QStringLiteral("util.py");
    m.startLine = m.endLine = 2;
    QCOMPARE(checkCitation(m, index).problem, CheckedCitation::Problem::AmbiguousPath);
    QCOMPARE(checkCitation(m, index).path, QStringLiteral("util.py"));
}

// An invented path is flagged, never taken for a file deeper in the folder that ends with it,
// also when no chunk was sent.
void tst_Citations::inexactPathsAreFlagged()
{
    CitationIndex index;
    index.addFile(QStringLiteral("src/flask/sansio/README.md"), 6);
    index.addFile(QStringLiteral("src/flask/app.py"), 1500);
    const QList<CheckedCitation> checked =
        checkCitations(QStringLiteral("See README.md:1 and app.py:10, and src/flask/app.py:12."), index);
    QCOMPARE(checked.size(), 3);
    QVERIFY(!checked.at(0).valid);
    QVERIFY(!checked.at(0).quiet);
    QCOMPARE(checked.at(0).problem, CheckedCitation::Problem::UnknownPath);
    QCOMPARE(checked.at(0).path, QStringLiteral("README.md"));
    QVERIFY2(checked.at(0).detail.contains(QStringLiteral("src/flask/sansio/README.md")), qPrintable(checked.at(0).detail));
    QVERIFY(!checked.at(1).valid);
    QCOMPARE(checked.at(1).problem, CheckedCitation::Problem::UnknownPath);
    QVERIFY(checked.at(2).valid);
    QCOMPARE(checked.at(2).path, QStringLiteral("src/flask/app.py"));
}

void tst_Citations::skipsFencedCode()
{
    const CitationIndex index = makeIndex();
    const QString answer = QStringLiteral("Before [1].\n```python\nx = items[1]\nopen('nope/none.py:3')\n```\nAfter [2].");
    const QList<CheckedCitation> checked = checkCitations(answer, index);
    QCOMPARE(checked.size(), 2);
    QVERIFY(checked.at(0).valid && checked.at(1).valid);
    QCOMPARE(answer.mid(checked.at(1).match.offset, checked.at(1).match.length), QStringLiteral("[2]"));
}

void tst_Citations::garbageDoesNotCrash()
{
    const CitationIndex index = makeIndex();
    QRandomGenerator rng(7);
    const QString alphabet = QStringLiteral("[]0123456789,-:/.Lpy#() \n`abc\u2013");
    for (int round = 0; round < 2000; ++round) {
        QString s;
        const int n = int(rng.bounded(80));
        for (int i = 0; i < n; ++i)
            s += alphabet.at(rng.bounded(int(alphabet.size())));
        for (const CheckedCitation &c : checkCitations(s, index)) {
            QVERIFY(c.match.offset >= 0 && c.match.offset + c.match.length <= s.size());
        }
    }
}

QTEST_GUILESS_MAIN(tst_Citations)
#include "tst_citations.moc"
