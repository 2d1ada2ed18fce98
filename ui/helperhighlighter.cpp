#include "helperhighlighter.h"

#include "codeeditor.h"

#include <Qsci/qsciscintilla.h>

#include <QFileInfo>

#include <algorithm>

namespace RepoLens {

namespace {

// Names the QScintilla lexers this backend replaced used to colour and KSyntaxHighlighting 5.103
// has no pattern for: asked for as the file name of the format they are.
QString definitionLookupName(const QString &fileName)
{
    static const QHash<QString, QString> byName = {
        {QStringLiteral(".clang-format"), QStringLiteral("clang-format.yaml")},
        {QStringLiteral(".clang-tidy"), QStringLiteral("clang-tidy.yaml")},
        {QStringLiteral(".babelrc"), QStringLiteral("babelrc.json")},
    };
    static const QHash<QString, QString> bySuffix = {
        {QStringLiteral("vue"), QStringLiteral("html")},
        {QStringLiteral("metainfo"), QStringLiteral("xml")},
        {QStringLiteral("jsonc"), QStringLiteral("json")},
    };
    const QString lower = fileName.toLower();
    if (const auto it = byName.constFind(lower); it != byName.cend())
        return *it;
    const QString suffix = QFileInfo(lower).suffix();
    if (const auto it = bySuffix.constFind(suffix); it != bySuffix.cend())
        return fileName + u'.' + *it;
    return fileName;
}

} // namespace

HelperLexer::HelperLexer(const CodeTheme &theme, QObject *parent)
    : QsciLexerCustom(parent)
{
    setTheme(theme);
}

QString HelperLexer::description(int style) const
{
    if (style >= 0 && style < SyntaxTheme::TextStyleCount)
        return QStringLiteral("Text style %1").arg(style);
    if (style >= kFirstFormatStyle && style - kFirstFormatStyle < m_custom.size())
        return QString::fromUtf8(m_custom.at(style - kFirstFormatStyle).format.name);
    return QString();
}

int HelperLexer::textStyleOf(int style) const
{
    if (style >= 0 && style < SyntaxTheme::TextStyleCount)
        return style;
    if (style >= kFirstFormatStyle && style - kFirstFormatStyle < m_custom.size())
        return m_custom.at(style - kFirstFormatStyle).format.textStyle;
    return 0;
}

QColor HelperLexer::defaultColor(int style) const
{
    if (style >= kFirstFormatStyle && style - kFirstFormatStyle < m_custom.size()) {
        const auto &f = m_custom.at(style - kFirstFormatStyle).format;
        if (f.foreground.isValid())
            return f.foreground;
    }
    const SyntaxTheme::Style &s = m_theme.textStyles[textStyleOf(style)];
    return s.foreground.isValid() ? s.foreground : m_theme.foreground;
}

QColor HelperLexer::defaultPaper(int style) const
{
    if (style >= kFirstFormatStyle && style - kFirstFormatStyle < m_custom.size()) {
        const auto &f = m_custom.at(style - kFirstFormatStyle).format;
        if (f.background.isValid())
            return f.background;
    }
    // A theme's style backgrounds (Kate's alert and error markers) only when it is chosen.
    const SyntaxTheme::Style &s = m_theme.textStyles[textStyleOf(style)];
    if (!m_theme.syntaxTheme.isEmpty() && s.background.isValid() && textStyleOf(style) != SyntaxTheme::Normal)
        return s.background;
    return m_theme.background;
}

QFont HelperLexer::defaultFont(int style) const
{
    QFont f = m_theme.font;
    bool bold = false;
    bool italic = false;
    bool underline = false;
    if (style >= kFirstFormatStyle && style - kFirstFormatStyle < m_custom.size()) {
        const quint8 flags = m_custom.at(style - kFirstFormatStyle).format.flags;
        bold = flags & HighlighterProtocol::Bold;
        italic = flags & HighlighterProtocol::Italic;
        underline = flags & HighlighterProtocol::Underline;
    } else {
        const SyntaxTheme::Style &s = m_theme.textStyles[textStyleOf(style)];
        bold = s.bold;
        italic = s.italic;
        underline = s.underline;
    }
    f.setBold(bold);
    f.setItalic(italic);
    f.setUnderline(underline);
    return f;
}

void HelperLexer::applyStyle(int style)
{
    setColor(defaultColor(style), style);
    setPaper(defaultPaper(style), style);
    setFont(defaultFont(style), style);
}

void HelperLexer::setTheme(const CodeTheme &theme)
{
    m_theme = theme;
    setDefaultColor(theme.foreground);
    setDefaultPaper(theme.background);
    setDefaultFont(theme.font);
    for (int s = 0; s < SyntaxTheme::TextStyleCount; ++s)
        applyStyle(s);
    for (int i = 0; i < m_custom.size(); ++i)
        applyStyle(kFirstFormatStyle + i);
}

void HelperLexer::clearRuns()
{
    m_runs.clear();
    if (QsciScintilla *ed = editor())
        ed->recolor();
}

int HelperLexer::styleFor(const SyntaxHelper::Format &format)
{
    using namespace HighlighterProtocol;
    const bool own = format.flags & (HasForeground | HasBackground);
    const SyntaxTheme::Style &s = m_theme.textStyles[format.textStyle];
    const bool sameFlags = bool(format.flags & Bold) == s.bold && bool(format.flags & Italic) == s.italic
                           && bool(format.flags & Underline) == s.underline;
    // Without a chosen theme the helper sends text styles only (flags 0): our colours apply.
    if (!own && (format.flags == 0 || sameFlags))
        return format.textStyle;
    const QByteArray key = QByteArray::number(format.textStyle) + ':' + QByteArray::number(format.flags) + ':'
                           + format.foreground.name().toLatin1() + ':' + format.background.name().toLatin1();
    if (const auto it = m_customByKey.constFind(key); it != m_customByKey.cend())
        return *it;
    if (kFirstFormatStyle + m_custom.size() > 255)
        return format.textStyle; // out of Scintilla styles: the text style's colours
    const int style = kFirstFormatStyle + int(m_custom.size());
    m_custom.append(Custom{format});
    m_customByKey.insert(key, style);
    applyStyle(style);
    return style;
}

void HelperLexer::addSpans(int base, int blockLength, const SyntaxHelper::Spans &spans)
{
    QList<int> styles;
    styles.reserve(spans.formats.size());
    for (const SyntaxHelper::Format &f : spans.formats)
        styles.append(styleFor(f));
    // (doubling: a reserve() of the exact size at every block copies all runs each time)
    if (const size_t needed = m_runs.size() + spans.spans.size(); needed > m_runs.capacity())
        m_runs.reserve(std::max(needed, 2 * m_runs.capacity()));
    for (const SyntaxHelper::Span &s : spans.spans) {
        const int style = styles.at(s.format);
        if (style == SyntaxTheme::Normal)
            continue;
        m_runs.push_back(Run{base + int(s.start), base + int(s.start + s.length), style});
    }
    if (QsciScintilla *ed = editor())
        ed->recolor(base, base + blockLength);
}

int HelperLexer::styleAtByte(int position) const
{
    auto it = std::upper_bound(m_runs.begin(), m_runs.end(), position,
                               [](int pos, const Run &r) { return pos < r.end; });
    if (it != m_runs.end() && it->start <= position)
        return it->style;
    return SyntaxTheme::Normal;
}

void HelperLexer::styleText(int start, int end)
{
    if (!editor() || end <= start)
        return;
    startStyling(start);
    int pos = start;
    auto it = std::upper_bound(m_runs.begin(), m_runs.end(), start, [](int p, const Run &r) { return p < r.end; });
    for (; it != m_runs.end() && it->start < end && pos < end; ++it) {
        const int runStart = std::max(it->start, pos);
        const int runEnd = std::min(it->end, end);
        if (runStart > pos)
            setStyling(runStart - pos, SyntaxTheme::Normal);
        if (runEnd > runStart)
            setStyling(runEnd - runStart, it->style);
        pos = std::max(pos, runEnd);
    }
    if (pos < end)
        setStyling(end - pos, SyntaxTheme::Normal);
}

HelperHighlighter::HelperHighlighter(SyntaxHelper *helper, const CodeTheme &theme, QObject *parent)
    : Highlighter(parent)
    , m_helper(helper)
    , m_lexer(new HelperLexer(theme, this))
    , m_themeName(theme.syntaxTheme)
{
}

void HelperHighlighter::setTheme(const CodeTheme &theme)
{
    m_lexer->setTheme(theme);
    if (theme.syntaxTheme == m_themeName)
        return;
    // Formats carry the chosen theme's own colours: ask again for the whole text.
    m_themeName = theme.syntaxTheme;
    if (!m_text.isEmpty() && !definitionName().isEmpty()) {
        ++m_generation;
        m_lexer->clearRuns();
        m_offset = 0;
        m_state = 0;
        m_blocks = 0;
        m_finished = false;
        requestNext();
    }
}

void HelperHighlighter::highlight(const LoadedFile &file, const QString &fileName)
{
    ++m_generation;
    m_lexer->clearRuns();
    m_text = file.highlightable() ? file.utf8 : QByteArray();
    m_fileName = QFileInfo(fileName).fileName();
    m_mimeType = file.mimeType;
    m_offset = 0;
    m_state = 0;
    m_blocks = 0;
    setNote(QString());
    if (m_text.isEmpty()) {
        finish();
        return;
    }
    m_finished = false;
    const quint64 generation = m_generation;
    m_helper->definitionFor(definitionLookupName(m_fileName), m_mimeType, this,
                            [this, generation](Result<SyntaxHelper::DefinitionMatch> match) {
                                if (generation != m_generation)
                                    return;
                                if (!match)
                                    return giveUp(match.error().message);
                                setDefinitionName(match->name);
                                if (match->name.isEmpty())
                                    return finish(); // a text format KSyntaxHighlighting does not know
                                requestNext();
                            });
}

void HelperHighlighter::requestNext()
{
    if (m_offset >= m_text.size())
        return finish();
    // The next kLinesPerBlock lines (whole lines; the last block takes the rest).
    int end = m_offset;
    for (int lines = 0; lines < kLinesPerBlock && end < m_text.size(); ++lines) {
        const int nl = int(m_text.indexOf('\n', end));
        end = nl < 0 ? int(m_text.size()) : nl + 1;
    }
    const int base = m_offset;
    const int length = end - m_offset;
    const quint64 generation = m_generation;
    m_helper->highlight(definitionName(), m_themeName, m_state, m_text.mid(base, length), this,
                        [this, generation, base, length](Result<SyntaxHelper::Spans> spans) {
                            if (generation != m_generation)
                                return;
                            if (!spans)
                                return giveUp(spans.error().message);
                            m_lexer->addSpans(base, length, *spans);
                            m_state = spans->endState;
                            m_offset = base + length;
                            ++m_blocks;
                            Q_EMIT blockHighlighted(m_blocks);
                            if (generation == m_generation)
                                requestNext();
                        });
}

void HelperHighlighter::giveUp(const QString &reason)
{
    setNote(m_offset > 0 ? tr("Highlighted up to line %1 only: %2")
                               .arg(m_text.left(m_offset).count('\n'))
                               .arg(reason)
                         : tr("Shown as plain text: %1").arg(reason));
    finish();
}

void HelperHighlighter::finish()
{
    m_finished = true;
    Q_EMIT finished();
}

} // namespace RepoLens
