#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

namespace RepoLens {

// One server-sent event: the `event` field ("message" when absent), the data lines joined
// with '\n', and the last `id`.
struct SseEvent
{
    QByteArray event;
    QByteArray data;
    QByteArray id;
};

// Incremental parser of a text/event-stream body (WHATWG HTML "Server-sent events"): bytes
// arrive in arbitrary pieces (a CR in one piece and its LF in the next, a UTF-8 sequence or a
// field name split anywhere) and complete events come out. Lines end in CRLF, LF or CR; lines
// starting with ':' are comments; an empty line dispatches the event; a field without a colon
// has an empty value; one space after the colon is dropped; a leading UTF-8 BOM is skipped.
// Unknown fields are ignored. A line longer than maxLineBytes sets overflowed() and drops
// the rest of that line, so a hostile server cannot make it grow without bound.
//
// Pure and allocation-bounded: no Qt event loop, no I/O; safe to fuzz.
class SseParser
{
public:
    explicit SseParser(qsizetype maxLineBytes = 4 * 1024 * 1024);

    // Feeds the next bytes; returns the events completed by them, in order.
    QList<SseEvent> feed(QByteArrayView bytes);
    // End of the stream. Per the specification an event not terminated by an empty line is
    // discarded; hasPendingEvent() tells whether there was one (a truncated stream).
    void finish();
    bool hasPendingEvent() const { return m_hasData || !m_line.isEmpty(); }

    // Server-requested reconnection delay from a `retry:` field, or -1.
    int retryMs() const { return m_retryMs; }
    bool overflowed() const { return m_overflowed; }
    qint64 bytesSeen() const { return m_bytesSeen; }
    void reset();

private:
    void processLine(QList<SseEvent> &out);

    qsizetype m_maxLine;
    QByteArray m_line;
    QByteArray m_data;
    QByteArray m_event;
    QByteArray m_lastId;
    bool m_hasData = false;
    bool m_afterCR = false;     // the previous byte was a CR: a following LF belongs to it
    bool m_bomChecked = false;
    int m_bomMatched = 0;       // bytes of a BOM seen so far at the start
    bool m_skipLine = false;    // the current line overflowed: drop until its end
    bool m_overflowed = false;
    int m_retryMs = -1;
    qint64 m_bytesSeen = 0;
};

} // namespace RepoLens
