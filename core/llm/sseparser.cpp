#include "sseparser.h"

namespace RepoLens {

namespace {
constexpr char kBom[] = "\xEF\xBB\xBF";
}

SseParser::SseParser(qsizetype maxLineBytes)
    : m_maxLine(std::max<qsizetype>(16, maxLineBytes))
{
}

void SseParser::reset()
{
    *this = SseParser(m_maxLine);
}

QList<SseEvent> SseParser::feed(QByteArrayView bytes)
{
    QList<SseEvent> out;
    m_bytesSeen += bytes.size();
    qsizetype i = 0;
    // A UTF-8 byte order mark at the very start of the stream is skipped, even when it arrives
    // split over several pieces.
    while (!m_bomChecked && i < bytes.size()) {
        if (bytes.at(i) == kBom[m_bomMatched]) {
            ++m_bomMatched;
            ++i;
            if (m_bomMatched == 3)
                m_bomChecked = true;
            continue;
        }
        // Not a BOM: what matched so far is ordinary text of the first line.
        m_bomChecked = true;
        m_line.append(kBom, m_bomMatched);
    }
    const char *p = bytes.data();
    const qsizetype n = bytes.size();
    while (i < n) {
        const char c = p[i];
        if (c == '\n' && m_afterCR) {
            // the LF of a CRLF whose CR ended the previous line (maybe in the previous piece)
            m_afterCR = false;
            ++i;
            continue;
        }
        m_afterCR = false;
        if (c == '\r' || c == '\n') {
            m_afterCR = c == '\r';
            if (m_skipLine)
                m_skipLine = false;
            else
                processLine(out);
            m_line.clear();
            ++i;
            continue;
        }
        // Copy the run up to the next line end at once.
        qsizetype j = i;
        while (j < n && p[j] != '\r' && p[j] != '\n')
            ++j;
        if (!m_skipLine) {
            const qsizetype room = m_maxLine - m_line.size();
            if (j - i > room) {
                m_line.clear();
                m_skipLine = true;
                m_overflowed = true;
            } else {
                m_line.append(p + i, j - i);
            }
        }
        i = j;
    }
    return out;
}

void SseParser::finish()
{
    // An unterminated last line or event is dropped (specification); hasPendingEvent() keeps
    // telling that it existed.
}

void SseParser::processLine(QList<SseEvent> &out)
{
    if (m_line.isEmpty()) {
        // dispatch
        if (m_hasData) {
            SseEvent e;
            e.event = m_event.isEmpty() ? QByteArrayLiteral("message") : m_event;
            e.data = m_data;
            e.id = m_lastId;
            out.append(std::move(e));
        }
        m_data.clear();
        m_event.clear();
        m_hasData = false;
        return;
    }
    if (m_line.startsWith(':'))
        return; // comment (keep-alive)
    QByteArrayView field(m_line);
    QByteArrayView value;
    const qsizetype colon = m_line.indexOf(':');
    if (colon >= 0) {
        field = QByteArrayView(m_line).first(colon);
        value = QByteArrayView(m_line).sliced(colon + 1);
        if (value.startsWith(' '))
            value = value.sliced(1);
    }
    if (field == "data") {
        if (m_hasData)
            m_data.append('\n');
        if (m_data.size() + value.size() > m_maxLine * 4) {
            m_overflowed = true;
            return;
        }
        m_data.append(value);
        m_hasData = true;
    } else if (field == "event") {
        m_event = value.toByteArray();
    } else if (field == "id") {
        if (!value.contains('\0'))
            m_lastId = value.toByteArray();
    } else if (field == "retry") {
        bool digits = !value.isEmpty();
        for (char c : value)
            digits = digits && c >= '0' && c <= '9';
        if (digits && value.size() < 10)
            m_retryMs = value.toInt();
    }
}

} // namespace RepoLens
