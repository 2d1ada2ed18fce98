#include "paths.h"

#include <cstdlib>

namespace RepoLens {

namespace {

// Length of the valid UTF-8 sequence at bytes[i], or 0 (overlong forms, surrogates and code
// points above U+10FFFF are invalid, as in QUtf8).
int validSequence(QByteArrayView bytes, qsizetype i)
{
    const auto at = [&](qsizetype k) { return k < bytes.size() ? uchar(bytes[k]) : 0; };
    const uchar c = at(i);
    const auto cont = [&](qsizetype k) { return (at(k) & 0xC0) == 0x80; };
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        return cont(i + 1) ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        const uchar c1 = at(i + 1);
        if (!cont(i + 1) || !cont(i + 2))
            return 0;
        if ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 >= 0xA0))
            return 0; // overlong / surrogate
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        const uchar c1 = at(i + 1);
        if (!cont(i + 1) || !cont(i + 2) || !cont(i + 3))
            return 0;
        if ((c == 0xF0 && c1 < 0x90) || (c == 0xF4 && c1 >= 0x90))
            return 0;
        return 4;
    }
    return 0;
}

} // namespace

QString decodePath(QByteArrayView bytes)
{
    QString out;
    out.reserve(bytes.size());
    qsizetype i = 0;
    while (i < bytes.size()) {
        const int n = validSequence(bytes, i);
        if (n == 0) {
            out += QChar(char16_t(0xDC00 + uchar(bytes[i])));
            ++i;
            continue;
        }
        qsizetype j = i + n;
        // Runs of valid text in one conversion.
        while (j < bytes.size()) {
            const int m = validSequence(bytes, j);
            if (m == 0)
                break;
            j += m;
        }
        out += QString::fromUtf8(bytes.sliced(i, j - i));
        i = j;
    }
    return out;
}

QByteArray encodePath(QStringView path)
{
    QByteArray out;
    out.reserve(path.size());
    qsizetype i = 0;
    while (i < path.size()) {
        qsizetype j = i;
        while (j < path.size()) {
            const char16_t u = path[j].unicode();
            if (u >= 0xDC80 && u <= 0xDCFF && !(j > 0 && QChar::isHighSurrogate(path[j - 1].unicode())))
                break;
            ++j;
        }
        out += path.sliced(i, j - i).toUtf8();
        if (j < path.size()) {
            out += char(path[j].unicode() - 0xDC00);
            ++j;
        }
        i = j;
    }
    return out;
}

QString canonicalPath(const QString &path)
{
    const QByteArray bytes = encodePath(path);
    char *resolved = ::realpath(bytes.constData(), nullptr);
    if (!resolved)
        return {};
    const QString out = decodePath(resolved);
    std::free(resolved);
    return out;
}

} // namespace RepoLens
