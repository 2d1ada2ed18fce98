// The SSE parser: every line ending, comments, multi-line data, BOM, and the same events no
// matter where the stream is cut into pieces.

#include "core/llm/sseparser.h"

#include <QRandomGenerator>
#include <QTest>

using namespace RepoLens;

class tst_SseParser : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void basicEvents();
    void lineEndings_data();
    void lineEndings();
    void fieldsAndComments();
    void bomSplitAcrossPieces();
    void everySplitGivesTheSameEvents();
    void randomPiecesGiveTheSameEvents();
    void crAtPieceEndThenLf();
    void pendingEventAtEnd();
    void overlongLineIsBounded();
    void garbageDoesNotCrash();
};

static QList<SseEvent> parseAll(const QByteArray &bytes)
{
    SseParser p;
    QList<SseEvent> out = p.feed(bytes);
    p.finish();
    return out;
}

static QString describe(const QList<SseEvent> &events)
{
    QStringList out;
    for (const SseEvent &e : events)
        out << QString::fromUtf8(e.event + '|' + e.data + '|' + e.id);
    return out.join(u'\n');
}

void tst_SseParser::basicEvents()
{
    const QList<SseEvent> events = parseAll("data: {\"a\":1}\n\ndata: [DONE]\n\n");
    QCOMPARE(events.size(), 2);
    QCOMPARE(events.at(0).event, QByteArray("message"));
    QCOMPARE(events.at(0).data, QByteArray("{\"a\":1}"));
    QCOMPARE(events.at(1).data, QByteArray("[DONE]"));
}

void tst_SseParser::lineEndings_data()
{
    QTest::addColumn<QByteArray>("stream");
    QTest::newRow("lf") << QByteArray("data: x\n\ndata: y\n\n");
    QTest::newRow("crlf") << QByteArray("data: x\r\n\r\ndata: y\r\n\r\n");
    QTest::newRow("cr") << QByteArray("data: x\r\rdata: y\r\r");
    QTest::newRow("mixed") << QByteArray("data: x\r\n\ndata: y\r\r\n");
}

void tst_SseParser::lineEndings()
{
    QFETCH(QByteArray, stream);
    const QList<SseEvent> events = parseAll(stream);
    QCOMPARE(events.size(), 2);
    QCOMPARE(events.at(0).data, QByteArray("x"));
    QCOMPARE(events.at(1).data, QByteArray("y"));
}

void tst_SseParser::fieldsAndComments()
{
    const QList<SseEvent> events = parseAll(": keep-alive\n"
                                            "event: error\n"
                                            "id: 7\n"
                                            "retry: 1500\n"
                                            "data:first\n"
                                            "data:  second\n"
                                            "data\n"
                                            "unknown: ignored\n"
                                            "\n"
                                            "data: after\n\n");
    QCOMPARE(events.size(), 2);
    QCOMPARE(events.at(0).event, QByteArray("error"));
    QCOMPARE(events.at(0).id, QByteArray("7"));
    // one space after the colon is dropped, a second one stays; "data" alone adds an empty line
    QCOMPARE(events.at(0).data, QByteArray("first\n second\n"));
    QCOMPARE(events.at(1).event, QByteArray("message"));
    QCOMPARE(events.at(1).id, QByteArray("7")); // the last id carries over
    SseParser p;
    p.feed("retry: 1500\n\n");
    QCOMPARE(p.retryMs(), 1500);
    // an event with no data is not dispatched
    QCOMPARE(parseAll("event: ping\n\n").size(), 0);
}

void tst_SseParser::bomSplitAcrossPieces()
{
    SseParser p;
    QList<SseEvent> events = p.feed("\xEF");
    events += p.feed("\xBB");
    events += p.feed("\xBF" "data: x\n\n");
    QCOMPARE(events.size(), 1);
    QCOMPARE(events.first().data, QByteArray("x"));
    // Not a BOM: the bytes are kept.
    SseParser q;
    events = q.feed("\xEF");
    events += q.feed("data: y\n\n");
    QCOMPARE(events.size(), 0); // "\xEF" "data" is an unknown field
}

void tst_SseParser::everySplitGivesTheSameEvents()
{
    const QByteArray stream = QByteArray("\xEF\xBB\xBF: comment\r\n"
                                         "data: {\"choices\":[{\"delta\":{\"content\":\"h\xC3\xA9llo\"}}]}\r\n\r\n"
                                         "event: x\rdata: two\rdata: lines\r\r"
                                         "data: [DONE]\n\n");
    const QString expected = describe(parseAll(stream));
    QCOMPARE(parseAll(stream).size(), 3);
    for (qsizetype a = 0; a <= stream.size(); ++a) {
        for (qsizetype b = a; b <= stream.size(); b += 3) {
            SseParser p;
            QList<SseEvent> events = p.feed(stream.left(a));
            events += p.feed(stream.mid(a, b - a));
            events += p.feed(stream.mid(b));
            QCOMPARE(describe(events), expected);
        }
    }
    // byte by byte
    SseParser p;
    QList<SseEvent> events;
    for (char c : stream)
        events += p.feed(QByteArrayView(&c, 1));
    QCOMPARE(describe(events), expected);
}

void tst_SseParser::randomPiecesGiveTheSameEvents()
{
    QByteArray stream;
    for (int i = 0; i < 200; ++i) {
        stream += QByteArray(i % 3 == 0 ? "data: " : "data:") + QByteArray::number(i) + QByteArray(i % 2 ? "\r\n" : "\n");
        if (i % 5 == 0)
            stream += ": ping\r";
        stream += (i % 4 == 0) ? "\r\n" : "\n";
    }
    const QString expected = describe(parseAll(stream));
    QRandomGenerator rng(1234);
    for (int round = 0; round < 200; ++round) {
        SseParser p;
        QList<SseEvent> events;
        qsizetype pos = 0;
        while (pos < stream.size()) {
            const qsizetype n = 1 + rng.bounded(17);
            events += p.feed(QByteArrayView(stream).sliced(pos, std::min(n, stream.size() - pos)));
            pos += n;
        }
        QCOMPARE(describe(events), expected);
    }
}

void tst_SseParser::crAtPieceEndThenLf()
{
    SseParser p;
    QList<SseEvent> events = p.feed("data: a\r");
    events += p.feed("\n\r");
    events += p.feed("\ndata: b\n\n");
    QCOMPARE(events.size(), 2);
    QCOMPARE(events.at(0).data, QByteArray("a"));
    QCOMPARE(events.at(1).data, QByteArray("b"));
}

void tst_SseParser::pendingEventAtEnd()
{
    SseParser p;
    QCOMPARE(p.feed("data: complete\n\ndata: cut").size(), 1);
    p.finish();
    QVERIFY(p.hasPendingEvent());
    SseParser q;
    q.feed("data: complete\n\n");
    QVERIFY(!q.hasPendingEvent());
}

void tst_SseParser::overlongLineIsBounded()
{
    SseParser p(64);
    QList<SseEvent> events = p.feed(QByteArray("data: " + QByteArray(100, 'x')));
    events += p.feed(QByteArray(QByteArray(100, 'x') + "\n\ndata: ok\n\n"));
    QVERIFY(p.overflowed());
    QCOMPARE(events.size(), 1);
    QCOMPARE(events.first().data, QByteArray("ok"));
}

void tst_SseParser::garbageDoesNotCrash()
{
    QRandomGenerator rng(99);
    for (int round = 0; round < 300; ++round) {
        QByteArray junk(int(rng.bounded(400)), Qt::Uninitialized);
        for (char &c : junk) {
            const int r = int(rng.bounded(12));
            c = r == 0 ? '\n' : r == 1 ? '\r' : r == 2 ? ':' : char(rng.bounded(256));
        }
        SseParser p(128);
        qsizetype pos = 0;
        while (pos < junk.size()) {
            const qsizetype n = 1 + rng.bounded(9);
            p.feed(QByteArrayView(junk).sliced(pos, std::min(n, junk.size() - pos)));
            pos += n;
        }
        p.finish();
    }
}

QTEST_GUILESS_MAIN(tst_SseParser)
#include "tst_sseparser.moc"
