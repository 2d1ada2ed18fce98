#include "treesitterlexer.h"

#include <Qsci/qsciscintilla.h>

#include <algorithm>

namespace RepoLens {

TreeSitterLexer::TreeSitterLexer(LanguageId language, const CodeTheme &theme, QObject *parent)
    : QsciLexerCustom(parent)
    , m_language(language)
    , m_name(QByteArrayLiteral("RepoLens.") + languageName(language).toUtf8())
{
    setTheme(theme);
}

const char *TreeSitterLexer::language() const
{
    return m_name.constData();
}

QString TreeSitterLexer::description(int style) const
{
    if (style < 0 || style >= CodeTheme::CategoryCount)
        return QString();
    return CodeTheme::categoryName(CodeTheme::Category(style));
}

QColor TreeSitterLexer::defaultColor(int style) const
{
    if (style < 0 || style >= CodeTheme::CategoryCount)
        return m_theme.foreground;
    return m_theme.colors[style];
}

QColor TreeSitterLexer::defaultPaper(int) const
{
    return m_theme.background;
}

QFont TreeSitterLexer::defaultFont(int style) const
{
    QFont f = m_theme.font;
    if (style >= 0 && style < CodeTheme::CategoryCount) {
        f.setItalic(m_theme.italic[style]);
        f.setBold(m_theme.bold[style]);
    }
    return f;
}

void TreeSitterLexer::setTheme(const CodeTheme &theme)
{
    m_theme = theme;
    setDefaultColor(theme.foreground);
    setDefaultPaper(theme.background);
    setDefaultFont(theme.font);
    for (int s = 0; s < CodeTheme::CategoryCount; ++s) {
        setColor(defaultColor(s), s);
        setPaper(theme.background, s);
        setFont(defaultFont(s), s);
    }
}

void TreeSitterLexer::setSpans(const QList<HighlightSpan> &spans)
{
    m_runs.clear();
    m_runs.reserve(size_t(spans.size()));
    QHash<QByteArray, int> styleOf;
    for (const HighlightSpan &span : spans) {
        auto it = styleOf.find(span.capture);
        if (it == styleOf.end())
            it = styleOf.insert(span.capture, CodeTheme::categoryForCapture(span.capture));
        if (*it == CodeTheme::Default || *it == CodeTheme::Variable)
            continue;
        m_runs.push_back(Run{span.startByte, span.endByte, *it});
    }
    if (QsciScintilla *ed = editor())
        ed->recolor();
}

int TreeSitterLexer::styleAtByte(int position) const
{
    auto it = std::upper_bound(m_runs.begin(), m_runs.end(), position,
                               [](int pos, const Run &r) { return pos < r.end; });
    if (it != m_runs.end() && it->start <= position)
        return it->style;
    return CodeTheme::Default;
}

void TreeSitterLexer::styleText(int start, int end)
{
    if (!editor() || end <= start)
        return;
    startStyling(start);
    int pos = start;
    // First run ending after `start`.
    auto it = std::upper_bound(m_runs.begin(), m_runs.end(), start,
                               [](int p, const Run &r) { return p < r.end; });
    for (; it != m_runs.end() && it->start < end && pos < end; ++it) {
        const int runStart = std::max(it->start, pos);
        const int runEnd = std::min(it->end, end);
        if (runStart > pos)
            setStyling(runStart - pos, CodeTheme::Default);
        if (runEnd > runStart)
            setStyling(runEnd - runStart, it->style);
        pos = std::max(pos, runEnd);
    }
    if (pos < end)
        setStyling(end - pos, CodeTheme::Default);
}

} // namespace RepoLens
