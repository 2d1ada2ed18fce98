#include "markdown.h"

#include <QRegularExpression>
#include <QUrl>

namespace RepoLens {

namespace {

constexpr int kMaxDepth = 12; // nesting of lists / quotes / emphasis

QString escape(QStringView s)
{
    QString out;
    out.reserve(s.size() + 8);
    for (QChar c : s) {
        switch (c.unicode()) {
        case '&': out += QLatin1String("&amp;"); break;
        case '<': out += QLatin1String("&lt;"); break;
        case '>': out += QLatin1String("&gt;"); break;
        case '"': out += QLatin1String("&quot;"); break;
        default: out += c;
        }
    }
    return out;
}

bool isAsciiPunct(QChar c)
{
    return c.unicode() < 128 && (c.isPunct() || c.isSymbol());
}

int leadingSpaces(QStringView line)
{
    int n = 0;
    for (QChar c : line) {
        if (c == u' ')
            ++n;
        else if (c == u'\t')
            n += 4 - (n % 4);
        else
            break;
    }
    return n;
}

// Removes up to `count` columns of leading indentation.
QString dedent(const QString &line, int count)
{
    int col = 0;
    qsizetype i = 0;
    while (i < line.size() && col < count) {
        if (line.at(i) == u' ')
            ++col;
        else if (line.at(i) == u'\t')
            col += 4 - (col % 4);
        else
            break;
        ++i;
    }
    return line.mid(i);
}

bool isBlank(QStringView line)
{
    return line.trimmed().isEmpty();
}

struct Fence
{
    QChar ch;
    int length = 0;
    int indent = 0;
    QString info;
};

std::optional<Fence> openingFence(const QString &line)
{
    const int indent = leadingSpaces(line);
    if (indent > 3)
        return std::nullopt;
    const QString t = line.trimmed();
    if (t.size() < 3 || (t.at(0) != u'`' && t.at(0) != u'~'))
        return std::nullopt;
    Fence f;
    f.ch = t.at(0);
    while (f.length < t.size() && t.at(f.length) == f.ch)
        ++f.length;
    if (f.length < 3)
        return std::nullopt;
    f.info = t.mid(f.length).trimmed();
    if (f.ch == u'`' && f.info.contains(u'`'))
        return std::nullopt;
    f.indent = indent;
    return f;
}

bool closesFence(const QString &line, const Fence &f)
{
    if (leadingSpaces(line) > 3)
        return false;
    const QString t = line.trimmed();
    int n = 0;
    while (n < t.size() && t.at(n) == f.ch)
        ++n;
    return n >= f.length && t.mid(n).trimmed().isEmpty();
}

bool isRule(const QString &line)
{
    if (leadingSpaces(line) > 3)
        return false;
    const QString t = line.trimmed();
    if (t.size() < 3)
        return false;
    const QChar c = t.at(0);
    if (c != u'-' && c != u'*' && c != u'_')
        return false;
    int count = 0;
    for (QChar x : t) {
        if (x == c)
            ++count;
        else if (x != u' ' && x != u'\t')
            return false;
    }
    return count >= 3;
}

int headingLevel(const QString &line, QString *text)
{
    if (leadingSpaces(line) > 3)
        return 0;
    const QString t = line.trimmed();
    int level = 0;
    while (level < t.size() && t.at(level) == u'#')
        ++level;
    if (level == 0 || level > 6)
        return 0;
    if (level < t.size() && t.at(level) != u' ' && t.at(level) != u'\t')
        return 0;
    QString rest = t.mid(level).trimmed();
    // closing #s
    static const QRegularExpression closing(QStringLiteral("\\s+#+$"));
    rest.remove(closing);
    if (rest.count(u'#') == rest.size())
        rest.clear();
    *text = rest;
    return level;
}

struct ListMarker
{
    bool ordered = false;
    int start = 1;
    QChar bullet;
    int indent = 0;        // of the marker
    int contentIndent = 0; // column where the item's text starts
    QString rest;          // text after the marker
};

std::optional<ListMarker> listMarker(const QString &line)
{
    static const QRegularExpression re(QStringLiteral("^( *)([-*+]|(\\d{1,9})([.)]))( +|\\t|$)(.*)$"));
    const QRegularExpressionMatch m = re.match(line);
    if (!m.hasMatch())
        return std::nullopt;
    ListMarker lm;
    lm.indent = int(m.capturedLength(1));
    lm.ordered = m.capturedLength(3) > 0;
    lm.start = lm.ordered ? m.captured(3).toInt() : 1;
    lm.bullet = lm.ordered ? m.captured(4).at(0) : m.captured(2).at(0);
    int spaces = int(m.capturedLength(5));
    if (spaces > 4 || spaces == 0)
        spaces = 1;
    lm.contentIndent = lm.indent + int(m.capturedLength(2)) + spaces;
    lm.rest = m.captured(6);
    return lm;
}

bool isTableDelimiter(const QString &line)
{
    static const QRegularExpression re(QStringLiteral("^\\s*\\|?\\s*:?-{1,}:?\\s*(\\|\\s*:?-{1,}:?\\s*)*\\|?\\s*$"));
    return line.contains(u'-') && re.match(line).hasMatch() && (line.contains(u'|') || line.trimmed().startsWith(u':'));
}

QStringList splitRow(const QString &line)
{
    QString t = line.trimmed();
    if (t.startsWith(u'|'))
        t = t.mid(1);
    if (t.endsWith(u'|') && !t.endsWith(QLatin1String("\\|")))
        t.chop(1);
    QStringList cells;
    QString cell;
    bool inCode = false;
    for (qsizetype i = 0; i < t.size(); ++i) {
        const QChar c = t.at(i);
        if (c == u'\\' && i + 1 < t.size() && t.at(i + 1) == u'|') {
            cell += u'|';
            ++i;
            continue;
        }
        if (c == u'`')
            inCode = !inCode;
        if (c == u'|' && !inCode) {
            cells << cell.trimmed();
            cell.clear();
            continue;
        }
        cell += c;
    }
    cells << cell.trimmed();
    return cells;
}

class Renderer
{
public:
    explicit Renderer(const MarkdownHooks &hooks)
        : m_hooks(hooks)
    {
    }

    MarkdownResult result;

    QString blocks(const QStringList &lines, int depth, bool tight = false);
    QString inlines(const QString &text, int depth = 0);

private:
    QString inlineRange(const QString &text, qsizetype from, qsizetype to, const QList<CitationMatch> &cites,
                        int depth);
    // The inline constructs of inlineRange(), each at text[i] (before `to`): the HTML is added
    // to `out` and the position after the construct returned, or -1 when there is none at i.
    qsizetype escapedChar(const QString &text, qsizetype i, qsizetype to, QString &out);
    qsizetype codeSpan(const QString &text, qsizetype i, qsizetype to, QString &out);
    qsizetype citationAt(const QString &text, qsizetype i, qsizetype to, const QList<CitationMatch> &cites,
                         qsizetype &citeIndex, QString &out);
    qsizetype image(const QString &text, qsizetype i, qsizetype to, QString &out);
    qsizetype link(const QString &text, qsizetype i, qsizetype to, const QList<CitationMatch> &cites, int depth,
                   QString &out);
    qsizetype autolink(const QString &text, qsizetype i, qsizetype to, QString &out);
    qsizetype emphasis(const QString &text, qsizetype i, qsizetype to, const QList<CitationMatch> &cites, int depth,
                       QString &out);
    // The blocks of blocks(), each starting at lines[i]: the HTML, with i moved past the block.
    QString fencedCode(const QStringList &lines, qsizetype &i, const Fence &fence);
    QString blockquote(const QStringList &lines, qsizetype &i, int depth);
    QString list(const QStringList &lines, qsizetype &i, int depth, const ListMarker &marker);
    QString table(const QStringList &lines, qsizetype &i, int depth);
    QString paragraph(const QStringList &lines, qsizetype &i, int depth, bool tight);
    QString citationHtml(const CitationMatch &m, const QString &raw, bool inCode);
    QString codeBlockHtml(const MarkdownCodeBlock &block);

    const MarkdownHooks &m_hooks;
};

QString Renderer::citationHtml(const CitationMatch &m, const QString &raw, bool inCode)
{
    ++result.citations;
    if (m_hooks.citation)
        return m_hooks.citation(m, raw, inCode);
    return inCode ? QStringLiteral("<code>") + escape(raw) + QStringLiteral("</code>") : escape(raw);
}

QString Renderer::codeBlockHtml(const MarkdownCodeBlock &block)
{
    const int index = int(result.codeBlocks.size());
    result.codeBlocks.append(block);
    if (m_hooks.codeBlock)
        return m_hooks.codeBlock(index, block);
    return QStringLiteral("<pre>") + escape(block.code) + QStringLiteral("</pre>");
}

// Finds the closing delimiter of an emphasis run opened at `open` (length len, char ch),
// skipping code spans and citations; -1 when there is none.
qsizetype findCloser(const QString &text, qsizetype from, qsizetype to, QChar ch, int len,
                     const QList<CitationMatch> &cites)
{
    qsizetype i = from;
    while (i < to) {
        const QChar c = text.at(i);
        if (c == u'\\') {
            i += 2;
            continue;
        }
        if (c == u'`') {
            int n = 0;
            while (i + n < to && text.at(i + n) == u'`')
                ++n;
            const QString run(n, u'`');
            const qsizetype close = text.indexOf(run, i + n);
            if (close >= 0 && close + n <= to) {
                i = close + n;
                continue;
            }
            i += n;
            continue;
        }
        bool skipped = false;
        for (const CitationMatch &m : cites) {
            if (m.offset == i) {
                i += m.length;
                skipped = true;
                break;
            }
        }
        if (skipped)
            continue;
        if (c == ch) {
            int n = 0;
            while (i + n < to && text.at(i + n) == ch)
                ++n;
            const bool afterNonSpace = i > from && !text.at(i - 1).isSpace();
            const bool nextOk = ch != u'_' || i + n >= text.size() || !text.at(i + n).isLetterOrNumber();
            if (n == len && afterNonSpace && nextOk)
                return i;
            i += n;
            continue;
        }
        ++i;
    }
    return -1;
}

QString Renderer::inlines(const QString &text, int depth)
{
    QList<CitationMatch> cites;
    if (m_hooks.detectCitations)
        cites = findCitations(text);
    return inlineRange(text, 0, text.size(), cites, depth);
}

QString Renderer::inlineRange(const QString &text, qsizetype from, qsizetype to, const QList<CitationMatch> &cites,
                              int depth)
{
    QString out;
    qsizetype i = from;
    qsizetype citeIndex = 0;
    while (i < to) {
        const QChar c = text.at(i);
        qsizetype next = -1;
        if (c == u'\\')
            next = escapedChar(text, i, to, out);
        if (next < 0 && c == u'`')
            next = codeSpan(text, i, to, out);
        if (next < 0)
            next = citationAt(text, i, to, cites, citeIndex, out);
        if (next < 0 && c == u'!')
            next = image(text, i, to, out);
        if (next < 0 && c == u'[')
            next = link(text, i, to, cites, depth, out);
        if (next < 0 && c == u'<')
            next = autolink(text, i, to, out);
        if (next < 0 && (c == u'*' || c == u'_' || c == u'~') && depth < kMaxDepth)
            next = emphasis(text, i, to, cites, depth, out);
        if (next < 0 && c == u'\n') {
            // line breaks: two trailing spaces make a hard break, otherwise a space
            qsizetype k = out.size();
            int spaces = 0;
            while (k > 0 && out.at(k - 1) == u' ') {
                --k;
                ++spaces;
            }
            out.truncate(k);
            out += spaces >= 2 ? QStringLiteral("<br/>") : QStringLiteral(" ");
            next = i + 1;
        }
        if (next < 0) {
            out += escape(QStringView(&text.constData()[i], 1));
            next = i + 1;
        }
        i = next;
    }
    return out;
}

// Backslash escapes: a backslash before a line break is a hard break, before ASCII
// punctuation the character itself.
qsizetype Renderer::escapedChar(const QString &text, qsizetype i, qsizetype to, QString &out)
{
    if (i + 1 >= to)
        return -1;
    const QChar next = text.at(i + 1);
    if (next == u'\n') {
        out += QLatin1String("<br/>");
        return i + 2;
    }
    if (isAsciiPunct(next)) {
        out += escape(QString(next));
        return i + 2;
    }
    return -1;
}

// Code spans (a run of backticks up to the same run); `path:line` alone in one is a citation.
// An unclosed run is text.
qsizetype Renderer::codeSpan(const QString &text, qsizetype i, qsizetype to, QString &out)
{
    int n = 0;
    while (i + n < to && text.at(i + n) == u'`')
        ++n;
    const QString run(n, u'`');
    qsizetype close = text.indexOf(run, i + n);
    while (close >= 0 && close + n < to && text.at(close + n) == u'`')
        close = text.indexOf(run, close + n + 1);
    if (close < 0 || close + n > to) {
        out += escape(run);
        return i + n;
    }
    QString code = text.mid(i + n, close - i - n);
    code.replace(u'\n', u' ');
    if (code.size() > 2 && code.startsWith(u' ') && code.endsWith(u' ') && !code.trimmed().isEmpty())
        code = code.mid(1, code.size() - 2);
    if (m_hooks.detectCitations) {
        const QList<CitationMatch> inner = findCitations(code);
        if (inner.size() == 1 && inner.first().offset == 0 && inner.first().length == code.size()) {
            out += citationHtml(inner.first(), code, true);
            return close + n;
        }
    }
    out += QStringLiteral("<code>") + escape(code) + QStringLiteral("</code>");
    return close + n;
}

// A citation in prose that starts here (citeIndex follows the position).
qsizetype Renderer::citationAt(const QString &text, qsizetype i, qsizetype to, const QList<CitationMatch> &cites,
                               qsizetype &citeIndex, QString &out)
{
    while (citeIndex < cites.size() && cites.at(citeIndex).offset < i)
        ++citeIndex;
    if (citeIndex >= cites.size() || cites.at(citeIndex).offset != i || i + cites.at(citeIndex).length > to)
        return -1;
    const CitationMatch &m = cites.at(citeIndex);
    out += citationHtml(m, text.mid(m.offset, m.length), false);
    return i + m.length;
}

// Images ![alt](url): never loaded, shown as their description.
qsizetype Renderer::image(const QString &text, qsizetype i, qsizetype to, QString &out)
{
    if (i + 1 >= to || text.at(i + 1) != u'[')
        return -1;
    const qsizetype closeBracket = text.indexOf(u']', i + 2);
    if (closeBracket <= 0 || closeBracket + 1 >= to || text.at(closeBracket + 1) != u'(')
        return -1;
    const qsizetype closeParen = text.indexOf(u')', closeBracket + 2);
    if (closeParen <= 0 || closeParen >= to)
        return -1;
    const QString alt = text.mid(i + 2, closeBracket - i - 2);
    out += escape(QStringLiteral("[image: %1]").arg(alt.isEmpty() ? QStringLiteral("no description") : alt));
    return closeParen + 1;
}

// Links [text](url): http and https only; any other scheme (javascript:, file:, data: ...)
// leaves the text alone.
qsizetype Renderer::link(const QString &text, qsizetype i, qsizetype to, const QList<CitationMatch> &cites, int depth,
                         QString &out)
{
    int level = 0;
    qsizetype j = i;
    for (; j < to; ++j) {
        if (text.at(j) == u'\\') {
            ++j;
            continue;
        }
        if (text.at(j) == u'[')
            ++level;
        else if (text.at(j) == u']' && --level == 0)
            break;
    }
    if (j >= to || j + 1 >= to || text.at(j + 1) != u'(')
        return -1;
    const qsizetype closeParen = text.indexOf(u')', j + 2);
    if (closeParen <= 0 || closeParen >= to)
        return -1;
    QString target = text.mid(j + 2, closeParen - j - 2).trimmed();
    const qsizetype space = target.indexOf(u' ');
    if (space > 0)
        target = target.left(space); // drop a "title"
    if (target.startsWith(u'<') && target.endsWith(u'>'))
        target = target.mid(1, target.size() - 2);
    const QString label = depth < kMaxDepth ? inlineRange(text, i + 1, j, cites, depth + 1)
                                            : escape(QStringView(text).sliced(i + 1, j - i - 1));
    const QUrl url(target, QUrl::StrictMode);
    if (url.isValid() && (url.scheme() == QLatin1String("http") || url.scheme() == QLatin1String("https")))
        out += QStringLiteral("<a href=\"") + escape(url.toString(QUrl::FullyEncoded)) + QStringLiteral("\">") + label
               + QStringLiteral("</a>");
    else
        out += label;
    return closeParen + 1;
}

// Autolinks <https://...>; any other < is text.
qsizetype Renderer::autolink(const QString &text, qsizetype i, qsizetype to, QString &out)
{
    const qsizetype close = text.indexOf(u'>', i + 1);
    if (close > 0 && close < to) {
        const QString inner = text.mid(i + 1, close - i - 1);
        if ((inner.startsWith(QLatin1String("http://")) || inner.startsWith(QLatin1String("https://")))
            && !inner.contains(u' ')) {
            const QUrl url(inner, QUrl::StrictMode);
            if (url.isValid()) {
                out += QStringLiteral("<a href=\"") + escape(url.toString(QUrl::FullyEncoded)) + QStringLiteral("\">")
                       + escape(inner) + QStringLiteral("</a>");
                return close + 1;
            }
        }
    }
    out += QLatin1String("&lt;");
    return i + 1;
}

// Emphasis (*, _, up to three) and strikethrough (~~) up to a matching closer; an unmatched
// run is text.
qsizetype Renderer::emphasis(const QString &text, qsizetype i, qsizetype to, const QList<CitationMatch> &cites,
                             int depth, QString &out)
{
    const QChar c = text.at(i);
    int n = 0;
    while (i + n < to && text.at(i + n) == c)
        ++n;
    const bool leftOk = c != u'_' || i == 0 || !text.at(i - 1).isLetterOrNumber();
    const bool followedByText = i + n < to && !text.at(i + n).isSpace();
    if (leftOk && followedByText && ((c == u'~' && n == 2) || (c != u'~' && n <= 3))) {
        const int len = c == u'~' ? 2 : n;
        const qsizetype close = findCloser(text, i + len, to, c, len, cites);
        if (close > i + len) {
            const QString inner = inlineRange(text, i + len, close, cites, depth + 1);
            if (c == u'~')
                out += QStringLiteral("<s>") + inner + QStringLiteral("</s>");
            else if (len == 1)
                out += QStringLiteral("<i>") + inner + QStringLiteral("</i>");
            else if (len == 2)
                out += QStringLiteral("<b>") + inner + QStringLiteral("</b>");
            else
                out += QStringLiteral("<b><i>") + inner + QStringLiteral("</i></b>");
            return close + len;
        }
    }
    out += escape(QString(n, c));
    return i + n;
}

// Whether a line opens a block of its own (and so ends a paragraph or a lazy list line).
bool startsMarkdownBlock(const QString &line)
{
    QString dummy;
    return openingFence(line).has_value() || headingLevel(line, &dummy) > 0 || isRule(line)
           || line.trimmed().startsWith(u'>') || listMarker(line).has_value();
}

QString Renderer::blocks(const QStringList &lines, int depth, bool tight)
{
    QString out;
    qsizetype i = 0;
    const qsizetype n = lines.size();
    while (i < n) {
        const QString &line = lines.at(i);
        if (isBlank(line)) {
            ++i;
            continue;
        }
        if (const auto fence = openingFence(line)) {
            out += fencedCode(lines, i, *fence);
            continue;
        }
        QString headingText;
        if (const int level = headingLevel(line, &headingText)) {
            const int h = std::min(6, level + 2);
            out += QStringLiteral("<h%1>").arg(h) + inlines(headingText, depth) + QStringLiteral("</h%1>").arg(h);
            ++i;
            continue;
        }
        if (isRule(line) && !listMarker(line)) {
            out += QStringLiteral("<hr/>");
            ++i;
            continue;
        }
        if (line.trimmed().startsWith(u'>')) {
            out += blockquote(lines, i, depth);
            continue;
        }
        if (const auto marker = listMarker(line)) {
            out += list(lines, i, depth, *marker);
            continue;
        }
        if (line.contains(u'|') && i + 1 < n && isTableDelimiter(lines.at(i + 1))) {
            out += table(lines, i, depth);
            continue;
        }
        out += paragraph(lines, i, depth, tight);
    }
    return out;
}

// A fenced code block, up to its closing fence or the end (then marked unclosed).
QString Renderer::fencedCode(const QStringList &lines, qsizetype &i, const Fence &fence)
{
    MarkdownCodeBlock block;
    block.language = fence.info.section(u' ', 0, 0).toLower();
    block.closed = false;
    QStringList code;
    ++i;
    while (i < lines.size()) {
        if (closesFence(lines.at(i), fence)) {
            block.closed = true;
            ++i;
            break;
        }
        code << dedent(lines.at(i), fence.indent);
        ++i;
    }
    block.code = code.join(u'\n');
    return codeBlockHtml(block);
}

// A block quote: its ">" lines and lazy continuation lines, rendered as blocks themselves
// (as text below the nesting limit).
QString Renderer::blockquote(const QStringList &lines, qsizetype &i, int depth)
{
    QStringList quoted;
    while (i < lines.size() && !isBlank(lines.at(i))) {
        QString l = lines.at(i).trimmed();
        if (l.startsWith(u'>')) {
            l = l.mid(1);
            if (l.startsWith(u' '))
                l = l.mid(1);
        } else if (startsMarkdownBlock(lines.at(i))) {
            break;
        }
        quoted << l;
        ++i;
    }
    return QStringLiteral("<blockquote>") + (depth < kMaxDepth ? blocks(quoted, depth + 1) : escape(quoted.join(u'\n')))
           + QStringLiteral("</blockquote>");
}

// A list: items with the same kind of marker and about the same indent; each item's lines are
// rendered as blocks (a tight item's single paragraph without <p>).
QString Renderer::list(const QStringList &lines, qsizetype &i, int depth, const ListMarker &marker)
{
    const qsizetype n = lines.size();
    const bool ordered = marker.ordered;
    const QChar bullet = marker.bullet;
    const int baseIndent = marker.indent;
    QString items;
    while (i < n) {
        const auto m = listMarker(lines.at(i));
        if (!m || m->ordered != ordered || m->bullet != bullet || m->indent > baseIndent + 3 || m->indent < baseIndent)
            break;
        QStringList content;
        content << m->rest;
        ++i;
        // the item's further lines: indented at least to its content, or lazy
        // continuation of its paragraph; a blank line ends it unless indented text follows
        while (i < n) {
            const QString &l = lines.at(i);
            if (isBlank(l)) {
                qsizetype k = i;
                while (k < n && isBlank(lines.at(k)))
                    ++k;
                if (k < n && leadingSpaces(lines.at(k)) >= m->contentIndent) {
                    for (; i < k; ++i)
                        content << QString();
                    continue;
                }
                break;
            }
            const int ind = leadingSpaces(l);
            if (ind >= m->contentIndent) {
                content << dedent(l, m->contentIndent);
                ++i;
                continue;
            }
            if (listMarker(l) || startsMarkdownBlock(l))
                break;
            content << l.trimmed(); // lazy continuation
            ++i;
        }
        bool tightItem = true;
        for (const QString &l : std::as_const(content))
            tightItem = tightItem && !isBlank(l);
        const QString inner = depth < kMaxDepth ? blocks(content, depth + 1, tightItem) : escape(content.join(u'\n'));
        items += QStringLiteral("<li>") + inner + QStringLiteral("</li>");
        while (i < n && isBlank(lines.at(i))) {
            // blank lines between items of the same list
            qsizetype k = i;
            while (k < n && isBlank(lines.at(k)))
                ++k;
            const auto next = k < n ? listMarker(lines.at(k)) : std::nullopt;
            if (next && next->ordered == ordered && next->bullet == bullet && next->indent >= baseIndent
                && next->indent <= baseIndent + 3)
                i = k;
            else
                break;
        }
    }
    if (ordered)
        return (marker.start != 1 ? QStringLiteral("<ol start=\"%1\">").arg(marker.start) : QStringLiteral("<ol>")) + items
               + QStringLiteral("</ol>");
    return QStringLiteral("<ul>") + items + QStringLiteral("</ul>");
}

// A table: the header row, the delimiter row, then rows while lines hold a '|'.
QString Renderer::table(const QStringList &lines, qsizetype &i, int depth)
{
    const QStringList header = splitRow(lines.at(i));
    QString html = QStringLiteral("<table border=\"1\" cellspacing=\"0\" cellpadding=\"4\"><tr>");
    for (const QString &cell : header)
        html += QStringLiteral("<th>") + inlines(cell, depth) + QStringLiteral("</th>");
    html += QStringLiteral("</tr>");
    i += 2;
    while (i < lines.size() && !isBlank(lines.at(i)) && lines.at(i).contains(u'|')) {
        const QStringList cells = splitRow(lines.at(i));
        html += QStringLiteral("<tr>");
        for (qsizetype c = 0; c < header.size(); ++c)
            html += QStringLiteral("<td>") + inlines(cells.value(c), depth) + QStringLiteral("</td>");
        html += QStringLiteral("</tr>");
        ++i;
    }
    return html + QStringLiteral("</table>");
}

// A paragraph: lines up to a blank line or a line that starts another block (a table too).
QString Renderer::paragraph(const QStringList &lines, qsizetype &i, int depth, bool tight)
{
    const qsizetype n = lines.size();
    QStringList para;
    while (i < n && !isBlank(lines.at(i))) {
        if (!para.isEmpty() && startsMarkdownBlock(lines.at(i)))
            break;
        if (!para.isEmpty() && lines.at(i).contains(u'|') && i + 1 < n && isTableDelimiter(lines.at(i + 1)))
            break;
        QString l = lines.at(i);
        if (para.isEmpty()) {
            qsizetype k = 0;
            while (k < l.size() && l.at(k).isSpace())
                ++k;
            l = l.mid(k);
        }
        para << l;
        ++i;
    }
    QString text = para.join(u'\n');
    while (text.endsWith(u' '))
        text.chop(1);
    if (tight)
        return inlines(text, depth);
    return QStringLiteral("<p>") + inlines(text, depth) + QStringLiteral("</p>");
}

} // namespace

MarkdownResult renderMarkdown(const QString &markdown, const MarkdownHooks &hooks)
{
    Renderer r(hooks);
    QString text = markdown;
    text.replace(QLatin1String("\r\n"), QLatin1String("\n"));
    text.replace(u'\r', u'\n');
    text.replace(QChar(0), QChar(0xFFFD));
    r.result.html = r.blocks(text.split(u'\n'), 0);
    return std::move(r.result);
}

} // namespace RepoLens
