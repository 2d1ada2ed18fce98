#include "citations.h"

#include <QRegularExpression>

namespace RepoLens {

namespace {

bool isWordChar(QChar c)
{
    return c.isLetterOrNumber() || c == u'_';
}

const QSet<QString> &knownExtensions()
{
    static const QSet<QString> set = {
        QStringLiteral("py"),    QStringLiteral("pyi"),  QStringLiteral("java"), QStringLiteral("rs"),
        QStringLiteral("js"),    QStringLiteral("mjs"),  QStringLiteral("cjs"),  QStringLiteral("ts"),
        QStringLiteral("tsx"),   QStringLiteral("jsx"),  QStringLiteral("c"),    QStringLiteral("h"),
        QStringLiteral("cc"),    QStringLiteral("cpp"),  QStringLiteral("cxx"),  QStringLiteral("hpp"),
        QStringLiteral("hh"),    QStringLiteral("hxx"),  QStringLiteral("go"),   QStringLiteral("md"),
        QStringLiteral("rst"),   QStringLiteral("txt"),  QStringLiteral("json"), QStringLiteral("yaml"),
        QStringLiteral("yml"),   QStringLiteral("toml"), QStringLiteral("ini"),  QStringLiteral("cfg"),
        QStringLiteral("xml"),   QStringLiteral("sh"),   QStringLiteral("cmake"), QStringLiteral("kt"),
        QStringLiteral("swift"), QStringLiteral("rb"),   QStringLiteral("php"),  QStringLiteral("cs"),
        QStringLiteral("scala"), QStringLiteral("lua"),  QStringLiteral("sql"),  QStringLiteral("html"),
        QStringLiteral("css"),   QStringLiteral("scss"), QStringLiteral("vue"),  QStringLiteral("proto"),
        QStringLiteral("gradle"), QStringLiteral("mk"),  QStringLiteral("scm"),  QStringLiteral("in"),
    };
    return set;
}

// [1], [1, 2], [2-4], [1][2] (each bracket on its own)
void findNumbers(QStringView text, QList<CitationMatch> &out)
{
    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n; ++i) {
        if (text.at(i) != u'[')
            continue;
        if (i > 0) {
            const QChar before = text.at(i - 1);
            if (isWordChar(before) || before == u'!' || before == u'\\' || before == u'^')
                continue;
        }
        qsizetype j = i + 1;
        QList<int> numbers;
        int current = -1;
        int rangeFrom = -1;
        bool ok = true;
        while (j < n && text.at(j) != u']' && j - i < 40) {
            const QChar c = text.at(j);
            if (c.isDigit() && c.unicode() < 128) {
                current = (current < 0 ? 0 : current) * 10 + (c.unicode() - '0');
                if (current > 999) {
                    ok = false;
                    break;
                }
            } else if (c == u',' || c == u';' || c == u' ') {
                if (current >= 0) {
                    if (rangeFrom >= 0) {
                        for (int k = rangeFrom; k <= current && numbers.size() < 50; ++k)
                            numbers << k;
                        rangeFrom = -1;
                    } else {
                        numbers << current;
                    }
                    current = -1;
                }
            } else if ((c == u'-' || c == QChar(0x2013)) && current >= 0 && rangeFrom < 0) {
                rangeFrom = current;
                current = -1;
            } else {
                ok = false;
                break;
            }
            ++j;
        }
        if (!ok || j >= n || text.at(j) != u']')
            continue;
        if (current >= 0) {
            if (rangeFrom >= 0) {
                if (current < rangeFrom || current - rangeFrom > 50)
                    continue;
                for (int k = rangeFrom; k <= current; ++k)
                    numbers << k;
            } else {
                numbers << current;
            }
        } else if (rangeFrom >= 0) {
            continue;
        }
        if (numbers.isEmpty())
            continue;
        // a Markdown link "[1](url)" or a link definition "[1]: url" at the start of a line
        if (j + 1 < n && text.at(j + 1) == u'(')
            continue;
        if (j + 1 < n && text.at(j + 1) == u':') {
            qsizetype k = i - 1;
            while (k >= 0 && text.at(k) == u' ')
                --k;
            if (k < 0 || text.at(k) == u'\n')
                continue;
        }
        CitationMatch m;
        m.kind = CitationMatch::Kind::Number;
        m.offset = int(i);
        m.length = int(j - i + 1);
        m.numbers = numbers;
        out.append(m);
        i = j;
    }
}

void findPaths(QStringView text, QList<CitationMatch> &out)
{
    static const QRegularExpression re(QStringLiteral(
        "(?<![\\w/.@:\\-\\\\])"
        "((?:[\\w.@+\\-]+/)*[\\w@+\\-][\\w.@+\\-]*\\.[A-Za-z][A-Za-z0-9_+]{0,9})"
        "(?:"
        "(?::L?|#L)(\\d+)(?:\\s?[-\\x{2013}]\\s?L?(\\d+))?"
        "|"
        ",?\\s\\(?(?:lines?|l\\.)\\s(\\d+)(?:\\s?(?:[-\\x{2013}]|to)\\s?(\\d+))?\\)?"
        ")?"
        "(?![\\w/])"));
    QRegularExpressionMatchIterator it = re.globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        QString path = m.captured(1);
        int start = 0;
        int end = 0;
        // A line number that is 0 or does not fit (src/app.py:0, a 21-digit one) is kept as
        // -1 / 0 so that the check rejects it, rather than read as a citation without lines.
        const auto lineNumber = [](QStringView digits) {
            bool ok = false;
            const qlonglong n = digits.size() > 9 ? -1 : digits.toLongLong(&ok);
            return ok ? int(n) : -1;
        };
        const bool hasLines = m.capturedLength(2) > 0 || m.capturedLength(4) > 0;
        if (m.capturedLength(2) > 0) {
            start = lineNumber(m.capturedView(2));
            end = m.capturedLength(3) > 0 ? lineNumber(m.capturedView(3)) : start;
        } else if (m.capturedLength(4) > 0) {
            start = lineNumber(m.capturedView(4));
            end = m.capturedLength(5) > 0 ? lineNumber(m.capturedView(5)) : start;
        }
        // "file.py." at the end of a sentence: the dot is punctuation
        qsizetype length = m.capturedLength(0);
        while (!hasLines && path.endsWith(u'.')) {
            path.chop(1);
            --length;
        }
        const QString ext = path.section(u'.', -1).toLower();
        const bool hasFolder = path.contains(u'/');
        if (!hasLines && !hasFolder && !knownExtensions().contains(ext))
            continue; // "e.g", "example.com", "v1.2"
        if (!hasLines && hasFolder && !knownExtensions().contains(ext) && path.count(u'.') > 2)
            continue;
        CitationMatch c;
        c.kind = hasLines ? CitationMatch::Kind::PathLines : CitationMatch::Kind::Path;
        c.offset = int(m.capturedStart(0));
        c.length = int(length);
        c.path = path;
        c.startLine = start;
        c.endLine = end;
        out.append(c);
    }
}

} // namespace

QList<CitationMatch> findCitations(QStringView text)
{
    QList<CitationMatch> out;
    findNumbers(text, out);
    findPaths(text, out);
    std::sort(out.begin(), out.end(), [](const CitationMatch &a, const CitationMatch &b) { return a.offset < b.offset; });
    // drop overlaps (a path inside brackets is not a number, but keep the earliest)
    QList<CitationMatch> clean;
    int end = -1;
    for (const CitationMatch &m : std::as_const(out)) {
        if (m.offset < end)
            continue;
        clean.append(m);
        end = m.offset + m.length;
    }
    return clean;
}

void CitationIndex::addFile(const QString &path, int lineCount)
{
    m_lines.insert(path, lineCount);
    m_byFileName[path.section(u'/', -1)].append(path);
}

QString CitationIndex::resolvePath(const QString &written, bool *ambiguous) const
{
    if (ambiguous)
        *ambiguous = false;
    QString p = written;
    while (p.startsWith(QLatin1String("./")))
        p = p.mid(2);
    if (m_lines.contains(p))
        return p;
    if (!m_rootName.isEmpty() && p.startsWith(m_rootName + u'/') && m_lines.contains(p.mid(m_rootName.size() + 1)))
        return p.mid(m_rootName.size() + 1);
    // Only an exact path (relative to the folder) is a citation: "README.md" is not
    // "src/pkg/README.md". Say when several files would have matched.
    if (ambiguous)
        *ambiguous = candidates(p).size() > 1;
    return {};
}

QStringList CitationIndex::candidates(const QString &written) const
{
    QString p = written;
    while (p.startsWith(QLatin1String("./")))
        p = p.mid(2);
    QStringList matches;
    for (const QString &candidate : m_byFileName.value(p.section(u'/', -1))) {
        if (candidate == p || candidate.endsWith(u'/' + p))
            matches << candidate;
    }
    matches.sort();
    return matches;
}

CheckedCitation checkCitation(const CitationMatch &match, const CitationIndex &index)
{
    CheckedCitation out;
    out.match = match;
    if (match.kind == CitationMatch::Kind::Number) {
        for (int n : match.numbers) {
            if (n < 1 || n > index.chunks().size()) {
                out.problem = CheckedCitation::Problem::UnknownNumber;
                out.detail = index.chunks().isEmpty()
                                 ? QStringLiteral("[%1]: no context was sent").arg(n)
                                 : QStringLiteral("[%1]: only %2 chunks were sent").arg(n).arg(index.chunks().size());
                return out;
            }
        }
        const CitedChunk &c = index.chunks().at(match.numbers.first() - 1);
        out.valid = true;
        out.path = c.path;
        out.startLine = c.startLine;
        out.endLine = c.endLine;
        return out;
    }
    bool ambiguous = false;
    const QString path = index.resolvePath(match.path, &ambiguous);
    if (path.isEmpty()) {
        out.problem = ambiguous ? CheckedCitation::Problem::AmbiguousPath : CheckedCitation::Problem::UnknownPath;
        out.path = match.path;
        const QStringList near = index.candidates(match.path);
        if (near.isEmpty())
            out.detail = QStringLiteral("no file %1 in the index").arg(match.path);
        else if (near.size() == 1)
            out.detail = QStringLiteral("no file %1 in the index (did you mean %2?)").arg(match.path, near.first());
        else
            out.detail = QStringLiteral("%1 is not a path in the folder; %2 files end with it")
                             .arg(match.path)
                             .arg(near.size());
        // a bare file name said in passing ("setup.py") is not an error
        out.quiet = match.kind == CitationMatch::Kind::Path && !match.path.contains(u'/');
        return out;
    }
    out.path = path;
    out.startLine = match.startLine;
    out.endLine = std::max(match.startLine, match.endLine);
    if (match.kind == CitationMatch::Kind::PathLines) {
        const int lines = index.lineCount(path);
        if (match.startLine < 1 || match.endLine < match.startLine || (lines > 0 && out.endLine > lines)) {
            out.problem = CheckedCitation::Problem::LineOutOfRange;
            if (match.startLine < 1 || match.endLine < 1) {
                out.detail = QStringLiteral("%1: not a line number (lines start at 1%2)")
                                 .arg(path, lines > 0 ? QStringLiteral(", the file has %1").arg(lines) : QString());
                return out;
            }
            out.detail = lines > 0 ? QStringLiteral("%1 has %2 lines; the answer cites %3-%4")
                                         .arg(path)
                                         .arg(lines)
                                         .arg(match.startLine)
                                         .arg(match.endLine)
                                   : QStringLiteral("bad line range %1-%2").arg(match.startLine).arg(match.endLine);
            return out;
        }
    }
    out.valid = true;
    return out;
}

QList<CheckedCitation> checkCitations(const QString &answer, const CitationIndex &index)
{
    QList<CheckedCitation> out;
    // Prose only: lines inside fenced code blocks are skipped.
    qsizetype pos = 0;
    bool inFence = false;
    QString fence;
    while (pos <= answer.size()) {
        qsizetype nl = answer.indexOf(u'\n', pos);
        if (nl < 0)
            nl = answer.size();
        const QStringView line = QStringView(answer).sliced(pos, nl - pos);
        const QStringView trimmed = line.trimmed();
        if (!inFence && (trimmed.startsWith(QLatin1String("```")) || trimmed.startsWith(QLatin1String("~~~")))) {
            inFence = true;
            qsizetype k = 0;
            while (k < trimmed.size() && trimmed.at(k) == trimmed.at(0))
                ++k;
            fence = trimmed.first(k).toString();
        } else if (inFence) {
            if (trimmed.startsWith(fence) && trimmed.sliced(fence.size()).trimmed().isEmpty())
                inFence = false;
        } else {
            for (CitationMatch m : findCitations(line)) {
                m.offset += int(pos);
                out.append(checkCitation(m, index));
            }
        }
        if (nl >= answer.size())
            break;
        pos = nl + 1;
    }
    return out;
}

} // namespace RepoLens
