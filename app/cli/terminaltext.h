#pragma once

#include <QString>
#include <QStringView>

namespace RepoLens {

// Text from a repository (file names, code, symbol names, reasons with paths) made safe for a
// terminal: control characters (C0 but tab when keepTabs, DEL, C1 such as the 8-bit CSI),
// bidirectional overrides (Trojan Source) and line/paragraph separators are written as escapes
// (\n, \r, \t, \x1b, \u202e), so a repository can neither clear the screen, set the window
// title nor forge result lines. Only for plain-text output; --json output is escaped by JSON.
inline QString terminalText(QStringView text, bool keepTabs = false)
{
    QString out;
    out.reserve(text.size());
    for (QChar c : text) {
        const char16_t u = c.unicode();
        const bool control = u < 0x20 || u == 0x7f || (u >= 0x80 && u <= 0x9f);
        const bool bidi = u == 0x061c || u == 0x200e || u == 0x200f || (u >= 0x202a && u <= 0x202e)
                          || (u >= 0x2066 && u <= 0x2069);
        const bool separator = u == 0x2028 || u == 0x2029;
        if (u == u'\t' && keepTabs) {
            out += c;
        } else if (u == u'\n') {
            out += QLatin1String("\\n");
        } else if (u == u'\r') {
            out += QLatin1String("\\r");
        } else if (u == u'\t') {
            out += QLatin1String("\\t");
        } else if (control && u < 0x100) {
            out += QStringLiteral("\\x%1").arg(uint(u), 2, 16, QLatin1Char('0'));
        } else if (bidi || separator || c.isSurrogate()) {
            // A lone surrogate (a byte of a name that is not UTF-8) as its code unit.
            out += QStringLiteral("\\u%1").arg(uint(u), 4, 16, QLatin1Char('0'));
        } else {
            out += c;
        }
    }
    return out;
}

// The same for text read as lines (an answer, a note, a message of several lines): line breaks
// and tabs stay, every other control character is escaped.
inline QString terminalLines(QStringView text)
{
    QString out;
    out.reserve(text.size());
    qsizetype start = 0;
    for (;;) {
        const qsizetype end = text.indexOf(u'\n', start);
        out += terminalText(text.mid(start, end < 0 ? text.size() - start : end - start), true);
        if (end < 0)
            break;
        out += u'\n';
        start = end + 1;
    }
    return out;
}

} // namespace RepoLens
