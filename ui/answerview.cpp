#include "answerview.h"

#include "async.h"

#include "core/llm/markdown.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QClipboard>
#include <QCryptographicHash>
#include <QDesktopServices>
#include <QEvent>
#include <QScrollBar>
#include <QTextCursor>
#include <QTextDocumentFragment>
#include <QToolTip>

namespace RepoLens {

namespace {

QString esc(const QString &s)
{
    return s.toHtmlEscaped();
}

QString colorName(const QColor &c)
{
    return c.name(QColor::HexRgb);
}

} // namespace

LanguageId languageForFence(const QString &tag)
{
    const QString t = tag.trimmed().toLower();
    if (t.isEmpty())
        return LanguageId::None;
    const LanguageId byName = languageFromName(t);
    if (byName != LanguageId::None)
        return byName;
    static const QHash<QString, LanguageId> aliases = {
        {QStringLiteral("py"), LanguageId::Python},       {QStringLiteral("python3"), LanguageId::Python},
        {QStringLiteral("c++"), LanguageId::Cpp},         {QStringLiteral("cxx"), LanguageId::Cpp},
        {QStringLiteral("cc"), LanguageId::Cpp},          {QStringLiteral("hpp"), LanguageId::Cpp},
        {QStringLiteral("h"), LanguageId::C},             {QStringLiteral("js"), LanguageId::JavaScript},
        {QStringLiteral("jsx"), LanguageId::JavaScript},  {QStringLiteral("node"), LanguageId::JavaScript},
        {QStringLiteral("ts"), LanguageId::TypeScript},   {QStringLiteral("rs"), LanguageId::Rust},
        {QStringLiteral("golang"), LanguageId::Go},       {QStringLiteral("md"), LanguageId::Markdown},
    };
    return aliases.value(t, LanguageId::None);
}

CodeHighlightCache::CodeHighlightCache(QObject *parent)
    : QObject(parent)
{
}

const QList<HighlightSpan> *CodeHighlightCache::spans(LanguageId language, const QString &code)
{
    if (!isTreeSitterLanguage(language))
        return nullptr;
    const QString key = QString::number(int(language)) + u':'
                        + QString::fromLatin1(QCryptographicHash::hash(code.toUtf8(), QCryptographicHash::Sha1).toHex());
    auto it = m_cache.constFind(key);
    if (it != m_cache.cend())
        return &it.value();
    if (!m_pending.contains(key)) {
        m_pending.insert(key);
        const QByteArray utf8 = code.toUtf8();
        runAsync(
            this, [language, utf8] { return highlight(language, utf8); },
            [this, key](QList<HighlightSpan> spans) {
                m_pending.remove(key);
                if (m_cache.size() > 500)
                    m_cache.clear();
                m_cache.insert(key, spans);
                Q_EMIT highlighted();
            });
    }
    return nullptr;
}

QString codeBlockHtml(int index, const QString &language, const QString &code, const QList<HighlightSpan> *spans,
                      const CodeTheme &theme, const QPalette &palette)
{
    QString body;
    if (spans && !spans->isEmpty()) {
        const QByteArray utf8 = code.toUtf8();
        int pos = 0;
        for (const HighlightSpan &s : *spans) {
            if (s.startByte < pos || s.endByte > utf8.size())
                continue;
            if (s.startByte > pos)
                body += esc(QString::fromUtf8(utf8.constData() + pos, s.startByte - pos));
            const int cat = std::clamp(int(CodeTheme::categoryForCapture(s.capture)), 0, int(CodeTheme::CategoryCount) - 1);
            QString piece = esc(QString::fromUtf8(utf8.constData() + s.startByte, s.endByte - s.startByte));
            if (theme.italic[cat])
                piece = QStringLiteral("<i>") + piece + QStringLiteral("</i>");
            if (theme.bold[cat])
                piece = QStringLiteral("<b>") + piece + QStringLiteral("</b>");
            body += QStringLiteral("<span style=\"color:%1\">").arg(colorName(theme.colors[cat])) + piece
                    + QStringLiteral("</span>");
            pos = s.endByte;
        }
        if (pos < utf8.size())
            body += esc(QString::fromUtf8(utf8.constData() + pos, utf8.size() - pos));
    } else {
        body = esc(code);
    }
    const QString muted = colorName(palette.color(QPalette::PlaceholderText));
    return QStringLiteral("<table width=\"100%\" cellspacing=\"0\" cellpadding=\"4\" bgcolor=\"%1\">"
                          "<tr><td><span style=\"color:%2; font-size:small\">%3</span></td>"
                          "<td align=\"right\"><a href=\"rlcopy:%4\" style=\"font-size:small\">%5</a></td></tr>"
                          "<tr><td colspan=\"2\"><pre style=\"font-family:'%6'; color:%7\">%8</pre></td></tr></table>")
        .arg(colorName(theme.marginBackground), muted, esc(language.isEmpty() ? QStringLiteral("code") : language))
        .arg(index)
        .arg(QCoreApplication::translate("RepoLens::AnswerView", "Copy"), esc(theme.font.family()),
             colorName(theme.foreground), body);
}

AnswerView::AnswerView(CodeHighlightCache *cache, QWidget *parent)
    : QTextBrowser(parent)
    , m_cache(cache)
{
    setObjectName(QStringLiteral("answerView"));
    setOpenLinks(false);
    setOpenExternalLinks(false);
    setReadOnly(true);
    setUndoRedoEnabled(false);
    setFrameShape(QFrame::NoFrame);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setTextInteractionFlags(Qt::TextBrowserInteraction);
    viewport()->setAutoFillBackground(false);
    document()->setDocumentMargin(2);
    connect(this, &QTextBrowser::anchorClicked, this, &AnswerView::onAnchor);
    connect(this, qOverload<const QUrl &>(&QTextBrowser::highlighted), this, &AnswerView::onHover);
    connect(document()->documentLayout(), &QAbstractTextDocumentLayout::documentSizeChanged, this,
            [this] { updateHeight(); });
    if (m_cache)
        connect(m_cache, &CodeHighlightCache::highlighted, this, [this] {
            if (!m_streaming)
                render();
        });
}

QVariant AnswerView::loadResource(int, const QUrl &)
{
    return QVariant(); // nothing is ever loaded: no images, no style sheets, local or remote
}

void AnswerView::setSources(const QList<Source> &sources)
{
    m_sources = sources;
}

void AnswerView::setAnswer(const QString &markdown, bool streaming)
{
    if (streaming && m_streaming && markdown.size() >= m_markdown.size() && markdown.startsWith(m_markdown)
        && !m_markdown.isEmpty()) {
        m_markdown = markdown;
        renderStreaming();
        return;
    }
    m_markdown = markdown;
    m_streaming = streaming;
    render();
}

int AnswerView::invalidCitations() const
{
    int n = 0;
    for (const CheckedCitation &c : m_citations)
        n += (!c.valid && !c.quiet) ? 1 : 0;
    return n;
}

QString AnswerView::renderPiece(const QString &markdown)
{
    const QPalette pal = palette();
    const CodeTheme theme = CodeTheme::fromPalette(pal);
    const QString bad = theme.dark ? QStringLiteral("#ef6c6c") : QStringLiteral("#c62828");
    const int codeBase = int(m_codeBlocks.size());
    MarkdownHooks hooks;
    hooks.citation = [this, &bad](const CitationMatch &m, const QString &text, bool inCode) -> QString {
        const CheckedCitation c = checkCitation(m, m_index);
        QString inner = esc(text);
        if (inCode)
            inner = QStringLiteral("<code>") + inner + QStringLiteral("</code>");
        if (c.quiet)
            return inner;
        const int i = int(m_citations.size());
        m_citations.append(c);
        if (c.valid) {
            const QString where = c.startLine > 0 ? QStringLiteral("%1:%2-%3").arg(c.path).arg(c.startLine).arg(c.endLine)
                                                  : c.path;
            return QStringLiteral("<a href=\"rlcite:%1\" title=\"%2\">").arg(i).arg(esc(where)) + inner
                   + QStringLiteral("</a>");
        }
        return QStringLiteral("<a href=\"rlbad:%1\" style=\"color:%2; text-decoration:line-through\">").arg(i).arg(bad)
               + inner + QStringLiteral("</a><span style=\"color:%1\">&#9888;</span>").arg(bad);
    };
    hooks.codeBlock = [this, &theme, &pal, codeBase](int index, const MarkdownCodeBlock &block) -> QString {
        const LanguageId lang = languageForFence(block.language);
        // Highlighting is a parse: only for blocks that are complete, on the thread pool.
        const QList<HighlightSpan> *spans = (block.closed && m_cache) ? m_cache->spans(lang, block.code) : nullptr;
        return codeBlockHtml(codeBase + index, block.language, block.code, spans, theme, pal);
    };
    const MarkdownResult r = renderMarkdown(markdown, hooks);
    m_lastRenderSize += int(markdown.size());
    for (const MarkdownCodeBlock &b : r.codeBlocks)
        m_codeBlocks << b.code;
    return r.html;
}

QString AnswerView::sourcesHtml()
{
    // One source a line, as a compact table: number, path:lines (a link), symbol.
    const QPalette pal = palette();
    const QString muted = colorName(pal.color(QPalette::PlaceholderText));
    QString rows;
    for (const Source &s : std::as_const(m_sources)) {
        CitationMatch m;
        m.kind = CitationMatch::Kind::Number;
        m.numbers = {s.number};
        const int i = int(m_citations.size());
        CheckedCitation c;
        c.match = m;
        c.valid = true;
        c.quiet = true; // not written by the model: not counted
        c.path = s.path;
        c.startLine = s.startLine;
        c.endLine = s.endLine;
        m_citations.append(c);
        const QString lines = s.startLine == s.endLine ? QString::number(s.startLine)
                                                       : QStringLiteral("%1&#8211;%2").arg(s.startLine).arg(s.endLine);
        rows += QStringLiteral("<tr><td style=\"color:%1\" align=\"right\">[%2]</td>"
                               "<td><a href=\"rlcite:%3\">%4:%5</a></td><td style=\"color:%1\">%6</td></tr>")
                    .arg(muted)
                    .arg(s.number)
                    .arg(i)
                    .arg(esc(s.path), lines, esc(s.symbol));
    }
    return QStringLiteral("<p style=\"color:%1; margin-bottom:2px\">%2</p>"
                          "<table cellspacing=\"0\" cellpadding=\"1\" style=\"margin-left:2px\">%3</table>")
        .arg(muted, esc(QCoreApplication::translate("RepoLens::AnswerView", "Sources:")), rows);
}

QString AnswerView::streamingMarker() const
{
    return QStringLiteral("<p style=\"color:%1\">&#9612;</p>").arg(colorName(palette().color(QPalette::PlaceholderText)));
}

void AnswerView::applyStyleSheet()
{
    const QPalette pal = palette();
    const CodeTheme theme = CodeTheme::fromPalette(pal);
    document()->setDefaultStyleSheet(
        QStringLiteral("a { color:%1; } code { font-family:'%2'; background-color:%3; }")
            .arg(colorName(pal.color(QPalette::Link)), esc(theme.font.family()), colorName(theme.marginBackground)));
}

void AnswerView::render()
{
    // The whole answer at once: when it is complete, on a palette change, and when streaming
    // starts. While it streams, renderStreaming() touches only what changed.
    m_citations.clear();
    m_codeBlocks.clear();
    m_lastRenderSize = 0;
    applyStyleSheet();
    QString html;
    if (m_streaming) {
        m_stableEnd = 0;
        m_scanPos = 0;
        m_scanInFence = false;
        m_stableCitations = 0;
        m_stableCodeBlocks = 0;
        setHtml(QString());
        m_tailStart = 0;
        renderStreaming();
        return;
    }
    html = renderPiece(m_markdown);
    if (!m_sources.isEmpty())
        html += sourcesHtml();
    setHtml(html);
    updateHeight();
}

void AnswerView::replaceTail(const QString &html)
{
    QTextCursor c(document());
    c.setPosition(std::min(m_tailStart, document()->characterCount() - 1));
    c.movePosition(QTextCursor::End, QTextCursor::KeepAnchor);
    c.removeSelectedText();
    if (!html.isEmpty())
        c.insertFragment(QTextDocumentFragment::fromHtml(html, document()));
}

void AnswerView::renderStreaming()
{
    m_lastRenderSize = 0;
    // 1. Blocks that are complete (up to a blank line outside a code fence) are rendered once
    //    and stay; only the text after the last of them (the tail) is rendered again.
    qsizetype boundary = m_stableEnd;
    while (true) {
        const qsizetype nl = m_markdown.indexOf(u'\n', m_scanPos);
        if (nl < 0)
            break;
        const QStringView line = QStringView(m_markdown).sliced(m_scanPos, nl - m_scanPos).trimmed();
        if (line.startsWith(QLatin1String("```")) || line.startsWith(QLatin1String("~~~")))
            m_scanInFence = !m_scanInFence;
        else if (!m_scanInFence && line.isEmpty())
            boundary = nl + 1;
        m_scanPos = nl + 1;
    }
    if (boundary > m_stableEnd) {
        m_citations.resize(m_stableCitations);
        m_codeBlocks.resize(m_stableCodeBlocks);
        const QString html = renderPiece(m_markdown.mid(m_stableEnd, boundary - m_stableEnd));
        replaceTail(html);
        QTextCursor end(document());
        end.movePosition(QTextCursor::End);
        end.insertBlock(QTextBlockFormat(), QTextCharFormat());
        m_tailStart = end.position();
        m_stableEnd = boundary;
        m_stableCitations = int(m_citations.size());
        m_stableCodeBlocks = int(m_codeBlocks.size());
    }
    // 2. The tail: the paragraph, list or code block being written, then the cursor mark.
    m_citations.resize(m_stableCitations);
    m_codeBlocks.resize(m_stableCodeBlocks);
    replaceTail(renderPiece(m_markdown.mid(m_stableEnd)) + streamingMarker());
    updateHeight();
}

void AnswerView::updateHeight()
{
    document()->setTextWidth(viewport()->width() > 20 ? viewport()->width() : 400);
    const int h = int(std::ceil(document()->size().height())) + 2 * frameWidth() + 2;
    if (h != m_height) {
        m_height = h;
        setFixedHeight(h);
        updateGeometry();
    }
}

QSize AnswerView::sizeHint() const
{
    return QSize(QTextBrowser::sizeHint().width(), std::max(m_height, 20));
}

QSize AnswerView::minimumSizeHint() const
{
    return QSize(60, std::max(m_height, 20));
}

void AnswerView::resizeEvent(QResizeEvent *event)
{
    QTextBrowser::resizeEvent(event);
    updateHeight();
}

void AnswerView::changeEvent(QEvent *event)
{
    QTextBrowser::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        render();
}

void AnswerView::activateCitation(int index)
{
    onAnchor(QUrl(QStringLiteral("rlcite:%1").arg(index)));
}

void AnswerView::onAnchor(const QUrl &url)
{
    const QString scheme = url.scheme();
    const int index = url.path().toInt();
    if (scheme == QLatin1String("rlcite")) {
        if (index >= 0 && index < m_citations.size()) {
            const CheckedCitation &c = m_citations.at(index);
            if (c.valid)
                Q_EMIT locationActivated(c.path, c.startLine, c.endLine > 0 ? c.endLine : c.startLine);
        }
        return;
    }
    if (scheme == QLatin1String("rlbad")) {
        onHover(url);
        return;
    }
    if (scheme == QLatin1String("rlcopy")) {
        if (index >= 0 && index < m_codeBlocks.size()) {
            QApplication::clipboard()->setText(m_codeBlocks.at(index));
            Q_EMIT codeCopied(index);
        }
        return;
    }
    if (scheme == QLatin1String("http") || scheme == QLatin1String("https"))
        QDesktopServices::openUrl(url); // only on a click, never automatically
}

void AnswerView::onHover(const QUrl &url)
{
    if (url.scheme() != QLatin1String("rlbad")) {
        QToolTip::hideText();
        return;
    }
    const int index = url.path().toInt();
    if (index < 0 || index >= m_citations.size())
        return;
    const CheckedCitation &c = m_citations.at(index);
    QString why;
    switch (c.problem) {
    case CheckedCitation::Problem::UnknownNumber:
        why = tr("There is no source with this number in the context that was sent.");
        break;
    case CheckedCitation::Problem::UnknownPath:
        why = tr("No file %1 in the index: the model may have invented it.").arg(c.match.path);
        break;
    case CheckedCitation::Problem::AmbiguousPath:
        why = tr("%1 matches several files.").arg(c.match.path);
        break;
    case CheckedCitation::Problem::LineOutOfRange:
        why = tr("The cited lines do not exist: %1").arg(c.detail);
        break;
    case CheckedCitation::Problem::None:
        break;
    }
    QToolTip::showText(QCursor::pos(), why, this);
}

} // namespace RepoLens
