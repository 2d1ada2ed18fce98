#pragma once

#include <QByteArrayView>
#include <QString>
#include <QStringList>

#include <algorithm>
#include <functional>

namespace RepoLens {

// Code-aware tokenisation shared by the FTS5 tokenizer ("repolens") and the query builder.
// A word is a run of [A-Za-z0-9_] or non-ASCII bytes. Each word yields its whole lowercased
// form and, when it has several, its parts split on '_', camelCase, acronyms and digits:
//   getHTTPResponse2 -> gethttpresponse2 | get http response 2
// One-character tokens are dropped.

struct TokenSink
{
    // bytes: lowercased UTF-8 token; part: a sub-part colocated with the whole word
    std::function<void(QByteArrayView token, bool part, int startByte, int endByte)> token;
};

void tokenizeCode(QByteArrayView utf8, bool withParts, const TokenSink &sink);

// The same tokens through a callable inlined at the call site (no std::function per token):
// the FTS tokenizer and the term views call it for every chunk.
namespace CodeTokenDetail {

// Byte classes, one table look-up each: a word byte ([A-Za-z0-9_] or any byte of a non-ASCII
// character), an upper-case ASCII letter, a lower-case one (non-ASCII bytes count as lower
// case), a digit, the underscore.
enum ByteClass : unsigned char { Word = 1, Upper = 2, Lower = 4, Digit = 8, Underscore = 16 };
struct ByteClasses
{
    unsigned char of[256];
};
constexpr ByteClasses makeByteClasses()
{
    ByteClasses t{};
    for (int c = 0; c < 256; ++c) {
        unsigned char k = 0;
        if (c >= 'A' && c <= 'Z')
            k = Word | Upper;
        else if ((c >= 'a' && c <= 'z') || c >= 0x80)
            k = Word | Lower;
        else if (c >= '0' && c <= '9')
            k = Word | Digit;
        else if (c == '_')
            k = Word | Underscore;
        t.of[c] = k;
    }
    return t;
}
inline constexpr ByteClasses kByteClasses = makeByteClasses();

inline bool isWordByte(unsigned char c) { return kByteClasses.of[c] & Word; }
inline bool isUpper(unsigned char c) { return kByteClasses.of[c] & Upper; }
inline bool isLower(unsigned char c) { return kByteClasses.of[c] & Lower; }
inline bool isDigit(unsigned char c) { return kByteClasses.of[c] & Digit; }

constexpr int kMaxToken = 64;

inline void lowerInto(const unsigned char *p, int n, char *out)
{
    for (int i = 0; i < n; ++i)
        out[i] = char(p[i] | ((kByteClasses.of[p[i]] & Upper) << 4)); // 'A' | 0x20 == 'a'
}

} // namespace CodeTokenDetail

template<typename Sink>
inline void forEachCodeToken(QByteArrayView utf8, bool withParts, Sink &&sink)
{
    using namespace CodeTokenDetail;
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
        unsigned char classes = 0;
        while (i < size && (kByteClasses.of[data[i]] & Word))
            classes |= kByteClasses.of[data[i++]];
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
        sink(QByteArrayView(buf, wholeLen), false, start, end);
        // (lower-case letters only: one part, the word itself)
        if (!withParts || !(classes & (Upper | Digit | Underscore)))
            continue;
        // parts
        int ps = start;
        auto flush = [&](int pe) {
            const int n = pe - ps;
            if (n >= 2 && !(ps == start && pe == end)) {
                const int m = std::min(n, kMaxToken);
                char pbuf[kMaxToken];
                lowerInto(data + ps, m, pbuf);
                sink(QByteArrayView(pbuf, m), true, ps, pe);
            }
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
                sink(QByteArrayView(sbuf, m), true, segStart, segEnd);
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
    }
}

// The parts of one identifier (lowercased); the identifier itself when it has one part.
QStringList identifierParts(QStringView identifier);

// Whole words and parts of a text, lowercased, in order, duplicates removed.
QStringList codeTerms(QStringView text, bool withParts = true);

} // namespace RepoLens
