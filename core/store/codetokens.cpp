#include "codetokens.h"

#include <QSet>

namespace RepoLens {

namespace {

inline bool isWordByte(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'
           || c >= 0x80;
}
inline bool isUpper(unsigned char c) { return c >= 'A' && c <= 'Z'; }
inline bool isLower(unsigned char c) { return (c >= 'a' && c <= 'z') || c >= 0x80; }
inline bool isDigit(unsigned char c) { return c >= '0' && c <= '9'; }

constexpr int kMaxToken = 64;

void lowerInto(const unsigned char *p, int n, char *out)
{
    for (int i = 0; i < n; ++i)
        out[i] = isUpper(p[i]) ? char(p[i] + 32) : char(p[i]);
}

} // namespace

void tokenizeCode(QByteArrayView utf8, bool withParts, const TokenSink &sink)
{
    const auto *data = reinterpret_cast<const unsigned char *>(utf8.data());
    const int size = int(utf8.size());
    char buf[kMaxToken];
    int i = 0;
    while (i < size) {
        while (i < size && !isWordByte(data[i]))
            ++i;
        if (i >= size)
            break;
        int start = i;
        while (i < size && isWordByte(data[i]))
            ++i;
        int end = i;
        // trim underscores at both ends
        while (start < end && data[start] == '_')
            ++start;
        while (end > start && data[end - 1] == '_')
            --end;
        const int len = end - start;
        if (len < 2)
            continue;
        const int wholeLen = std::min(len, kMaxToken);
        lowerInto(data + start, wholeLen, buf);
        sink.token(QByteArrayView(buf, wholeLen), false, start, end);
        if (!withParts)
            continue;
        // parts
        int partCount = 0;
        int ps = start;
        auto flush = [&](int pe) {
            const int n = pe - ps;
            if (n >= 2 && !(ps == start && pe == end)) {
                const int m = std::min(n, kMaxToken);
                char pbuf[kMaxToken];
                lowerInto(data + ps, m, pbuf);
                sink.token(QByteArrayView(pbuf, m), true, ps, pe);
            }
            ++partCount;
        };
        // a snake_case segment that splits further ("utf8" in "utf8_decode") is a part too
        int segStart = start;
        int segParts = 0;
        auto flushSegment = [&](int segEnd) {
            const int n = segEnd - segStart;
            if (segParts > 1 && n >= 2 && !(segStart == start && segEnd == end)) {
                const int m = std::min(n, kMaxToken);
                char sbuf[kMaxToken];
                lowerInto(data + segStart, m, sbuf);
                sink.token(QByteArrayView(sbuf, m), true, segStart, segEnd);
            }
            segParts = 0;
        };
        for (int k = start + 1; k <= end; ++k) {
            if (k == end) {
                flush(k);
                ++segParts;
                flushSegment(k);
                break;
            }
            const unsigned char prev = data[k - 1], cur = data[k];
            bool boundary = false;
            if (cur == '_') {
                flush(k);
                ++segParts;
                flushSegment(k);
                while (k < end && data[k] == '_')
                    ++k;
                ps = k;
                segStart = k;
                continue;
            }
            if (prev == '_')
                boundary = false;
            else if (isLower(prev) && isUpper(cur))
                boundary = true;
            else if (isUpper(prev) && isUpper(cur) && k + 1 < end && isLower(data[k + 1])
                     && data[k + 1] < 0x80)
                boundary = true;
            else if (isDigit(prev) != isDigit(cur))
                boundary = true;
            if (boundary) {
                flush(k);
                ++segParts;
                ps = k;
            }
        }
        Q_UNUSED(partCount);
    }
}

QStringList identifierParts(QStringView identifier)
{
    const QByteArray utf8 = identifier.toUtf8();
    QStringList parts;
    QString whole;
    tokenizeCode(utf8, true, TokenSink{[&](QByteArrayView t, bool part, int, int) {
                     if (part)
                         parts.append(QString::fromUtf8(t));
                     else if (whole.isEmpty())
                         whole = QString::fromUtf8(t);
                 }});
    if (parts.isEmpty() && !whole.isEmpty())
        parts.append(whole);
    return parts;
}

QStringList codeTerms(QStringView text, bool withParts)
{
    const QByteArray utf8 = text.toUtf8();
    QStringList terms;
    QSet<QString> seen;
    tokenizeCode(utf8, withParts, TokenSink{[&](QByteArrayView t, bool, int, int) {
                     QString s = QString::fromUtf8(t);
                     if (!seen.contains(s)) {
                         seen.insert(s);
                         terms.append(std::move(s));
                     }
                 }});
    return terms;
}

} // namespace RepoLens
