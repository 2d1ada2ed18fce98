#include "chatpane.h"

#include "agentsteps.h"

#include "core/llm/prompt.h"
#include "core/retrieve/mentions.h"
#include "core/search/searchtypes.h"
#include "core/parse/highlighter.h"
#include "core/parse/language.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QCompleter>
#include <QHBoxLayout>
#include <QMenu>
#include <QStringListModel>
#include <QToolButton>
#include <QKeyEvent>
#include <QLocale>
#include <QMimeData>
#include <QPainter>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSet>
#include <QStyle>
#include <QTimer>
#include <QVBoxLayout>

namespace RepoLens {

namespace {

constexpr int kMaxPreviewColumns = 110;
constexpr int kMaxBlocks = 20;

QColor mixed(const QColor &a, const QColor &b, qreal f)
{
    return QColor::fromRgbF(a.redF() * (1 - f) + b.redF() * f, a.greenF() * (1 - f) + b.greenF() * f,
                            a.blueF() * (1 - f) + b.blueF() * f);
}

} // namespace

QList<QList<PreviewSegment>> makePreview(const QString &text, int language, int maxLines)
{
    const QByteArray utf8 = text.toUtf8();
    const QList<HighlightSpan> spans = highlight(LanguageId(language), utf8);
    // Byte ranges of the first lines (leading blank lines skipped).
    struct Line
    {
        int start;
        int end;
    };
    QList<Line> lines;
    int pos = 0;
    while (pos <= utf8.size() && lines.size() < maxLines) {
        int nl = utf8.indexOf('\n', pos);
        if (nl < 0)
            nl = int(utf8.size());
        int end = nl;
        if (end > pos && utf8.at(end - 1) == '\r')
            --end;
        const bool blank = QByteArrayView(utf8).sliced(pos, end - pos).trimmed().isEmpty();
        if (!(blank && lines.isEmpty()))
            lines.append(Line{pos, end});
        pos = nl + 1;
        if (nl >= utf8.size())
            break;
    }
    while (!lines.isEmpty()
           && QByteArrayView(utf8).sliced(lines.last().start, lines.last().end - lines.last().start).trimmed().isEmpty())
        lines.removeLast();
    // Indentation to remove. A chunk starts at its definition's first character, so a method's
    // first line has lost the indentation its body kept: the body is dedented to one step
    // right of it, not left as it was in the file.
    auto indentOf = [&utf8](const Line &l) {
        int i = l.start;
        while (i < l.end && (utf8.at(i) == ' ' || utf8.at(i) == '\t'))
            ++i;
        return i < l.end ? i - l.start : -1; // -1: blank
    };
    int indent = INT_MAX;
    int restIndent = INT_MAX;
    for (qsizetype k = 0; k < lines.size(); ++k) {
        const int in = indentOf(lines.at(k));
        if (in < 0)
            continue;
        indent = std::min(indent, in);
        if (k > 0)
            restIndent = std::min(restIndent, in);
    }
    if (indent == INT_MAX)
        indent = 0;
    int restDedent = indent;
    const int firstIndent = lines.isEmpty() ? 0 : std::max(0, indentOf(lines.first()));
    const QByteArrayView firstText = lines.isEmpty() ? QByteArrayView()
                                                     : QByteArrayView(utf8).sliced(lines.first().start,
                                                                                   lines.first().end - lines.first().start);
    const bool annotation = firstText.startsWith("@") || firstText.startsWith("#[") || firstText.startsWith("[");
    if (annotation && lines.size() > 1 && restIndent != INT_MAX) {
        // A decorator or attribute starts the chunk: the definition under it is at its column.
        restDedent = std::max(0, indentOf(lines.at(1)));
    } else if (restIndent != INT_MAX && firstIndent < restIndent) {
        // One indentation step of this text: the smallest positive difference between the
        // indentations of its lines (a tab counts as one), else 4.
        QSet<int> levels;
        for (const QByteArray &line : utf8.split('\n')) {
            int i = 0;
            while (i < line.size() && (line.at(i) == ' ' || line.at(i) == '\t'))
                ++i;
            if (i < line.size())
                levels.insert(i);
            if (levels.size() > 64)
                break;
        }
        QList<int> sorted(levels.cbegin(), levels.cend());
        std::sort(sorted.begin(), sorted.end());
        int step = 0;
        for (qsizetype k = 1; k < sorted.size(); ++k) {
            const int d = sorted.at(k) - sorted.at(k - 1);
            if (d > 0 && (step == 0 || d < step))
                step = d;
        }
        const bool tabs = utf8.contains("\n\t");
        if (step == 0)
            step = tabs ? 1 : 4;
        restDedent = std::max(firstIndent, restIndent - step);
    }

    QList<QList<PreviewSegment>> out;
    qsizetype spanIndex = 0;
    bool firstLine = true;
    for (const Line &l : std::as_const(lines)) {
        QList<PreviewSegment> segs;
        const int dedent = firstLine ? indent : restDedent;
        firstLine = false;
        int p = std::min(l.start + std::min(dedent, std::max(0, indentOf(l))), l.end);
        int columns = 0;
        while (spanIndex < spans.size() && spans.at(spanIndex).endByte <= p)
            ++spanIndex;
        auto append = [&](int from, int to, int category) {
            if (to <= from || columns >= kMaxPreviewColumns)
                return;
            QString piece = QString::fromUtf8(utf8.constData() + from, to - from);
            piece.replace(u'\t', QStringLiteral("    "));
            if (columns + piece.size() > kMaxPreviewColumns)
                piece = piece.left(kMaxPreviewColumns - columns) + QChar(0x2026);
            columns += int(piece.size());
            if (!segs.isEmpty() && segs.last().category == category)
                segs.last().text += piece;
            else
                segs.append(PreviewSegment{piece, category});
        };
        qsizetype s = spanIndex;
        while (p < l.end) {
            if (s < spans.size() && spans.at(s).startByte < l.end) {
                const HighlightSpan &span = spans.at(s);
                if (span.startByte > p) {
                    append(p, span.startByte, CodeTheme::Default);
                    p = span.startByte;
                }
                const int to = std::min(span.endByte, l.end);
                append(p, to, CodeTheme::categoryForCapture(span.capture));
                p = to;
                if (span.endByte <= l.end)
                    ++s;
                else
                    break;
            } else {
                append(p, l.end, CodeTheme::Default);
                p = l.end;
            }
        }
        if (p < l.end)
            append(p, l.end, CodeTheme::Default);
        spanIndex = s;
        out.append(segs);
    }
    return out;
}

LinkLabel::LinkLabel(const QString &text, QWidget *parent)
    : ElidedLabel(text, parent)
{
    setElideMode(Qt::ElideNone);
    setCursor(Qt::PointingHandCursor);
    setForegroundRole(QPalette::Link);
    setFocusPolicy(Qt::TabFocus);
}

void LinkLabel::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton && rect().contains(event->position().toPoint())) {
        Q_EMIT clicked();
        event->accept();
        return;
    }
    QLabel::mouseReleaseEvent(event);
}

void LinkLabel::enterEvent(QEnterEvent *event)
{
    QFont f = font();
    f.setUnderline(true);
    setFont(f);
    QLabel::enterEvent(event);
}

void LinkLabel::leaveEvent(QEvent *event)
{
    QFont f = font();
    f.setUnderline(false);
    setFont(f);
    QLabel::leaveEvent(event);
}

RoundedLabel::RoundedLabel(const QString &text, Style style, qreal radius, QWidget *parent)
    : QLabel(parent)
    , m_style(style)
    , m_radius(radius)
{
    setTextFormat(Qt::PlainText);
    setText(text);
    // A role, not a fixed colour: follows palette changes.
    setForegroundRole(style == Style::Badge ? QPalette::HighlightedText : QPalette::WindowText);
}

QColor RoundedLabel::background() const
{
    const QPalette pal = palette();
    if (m_style == Style::Badge)
        return pal.color(QPalette::Highlight);
    return mixed(pal.color(QPalette::Window), pal.color(QPalette::Highlight), 0.18);
}

void RoundedLabel::paintEvent(QPaintEvent *event)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(Qt::NoPen);
    p.setBrush(background());
    p.drawRoundedRect(QRectF(rect()), m_radius, m_radius);
    p.end();
    QLabel::paintEvent(event);
}

CodePreview::CodePreview(const QList<QList<PreviewSegment>> &lines, const QString &footer,
                         const CodeTheme &theme, QWidget *parent)
    : QWidget(parent)
    , m_lines(lines)
    , m_footer(footer)
    , m_theme(theme)
{
    setFont(theme.font);
    m_italic = theme.font;
    m_italic.setItalic(true);
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    setAttribute(Qt::WA_OpaquePaintEvent, false);
}

QSize CodePreview::sizeHint() const
{
    const QFontMetrics fm(font());
    const int rows = int(m_lines.size()) + (m_footer.isEmpty() ? 0 : 1);
    return QSize(fm.horizontalAdvance(u'x') * 60, rows * fm.lineSpacing() + 8);
}

QSize CodePreview::minimumSizeHint() const
{
    return QSize(40, sizeHint().height());
}

QString CodePreview::plainText() const
{
    QStringList out;
    for (const auto &line : m_lines) {
        QString text;
        for (const PreviewSegment &seg : line)
            text += seg.text;
        out << text;
    }
    return out.join(u'\n');
}

void CodePreview::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        const QFont f = m_theme.font;
        m_theme = CodeTheme::fromPalette(palette());
        m_theme.font = f;
        update();
    }
}

void CodePreview::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(Qt::NoPen);
    p.setBrush(m_theme.marginBackground);
    p.drawRoundedRect(QRectF(rect()), 4, 4);
    p.setClipRect(rect().adjusted(4, 0, -4, 0));
    const QFontMetrics fm(font());
    const QFontMetrics fmItalic(m_italic);
    int y = 4 + fm.ascent();
    for (const auto &line : std::as_const(m_lines)) {
        int x = 6;
        for (const PreviewSegment &seg : line) {
            const int cat = std::clamp(seg.category, 0, int(CodeTheme::CategoryCount) - 1);
            const bool italic = m_theme.italic[cat];
            p.setFont(italic ? m_italic : font());
            p.setPen(m_theme.colors[cat]);
            p.drawText(x, y, seg.text);
            x += (italic ? fmItalic : fm).horizontalAdvance(seg.text);
            if (x > width())
                break;
        }
        y += fm.lineSpacing();
    }
    if (!m_footer.isEmpty()) {
        p.setFont(m_italic);
        p.setPen(m_theme.colors[CodeTheme::Comment]);
        p.drawText(6, y, m_footer);
    }
}

ResultCard::ResultCard(int number, const ChatResult &result, const CodeTheme &theme, bool underSameFile,
                       QWidget *parent)
    : QFrame(parent)
    , m_number(number)
    , m_underSameFile(underSameFile)
    , m_result(result)
{
    setObjectName(QStringLiteral("resultCard"));
    const QPalette pal = palette();
    m_background = theme.background;
    m_border = mixed(pal.color(QPalette::Base), pal.color(QPalette::Text), 0.16);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 8, 10, 8);
    layout->setSpacing(4);

    auto *header = new QHBoxLayout;
    header->setSpacing(6);
    auto *badge = new RoundedLabel(QString::number(number), RoundedLabel::Style::Badge, 4, this);
    badge->setAlignment(Qt::AlignCenter);
    badge->setContentsMargins(5, 0, 5, 0);
    badge->setMinimumWidth(20);
    QFont badgeFont = badge->font();
    badgeFont.setWeight(QFont::DemiBold);
    badge->setFont(badgeFont);
    const QString range = result.startLine == result.endLine
                              ? QString::number(result.startLine)
                              : QStringLiteral("%1–%2").arg(result.startLine).arg(result.endLine);
    // Under a card of the same file, its name says enough (the tooltip has the whole path).
    const QString shown = underSameFile ? result.path.section(u'/', -1) : result.path;
    m_path = new LinkLabel(shown + u':' + range, this);
    m_path->setObjectName(QStringLiteral("resultPath"));
    m_path->setToolTip(tr("Open %1 at lines %2").arg(result.path, range));
    m_path->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_path->setElideMode(Qt::ElideLeft); // a long path keeps its file name and lines, "…" in front
    QFont pathFont = m_path->font();
    pathFont.setWeight(QFont::DemiBold);
    m_path->setFont(pathFont);
    auto *score = new QLabel(QString::number(result.score, 'f', 2), this);
    score->setForegroundRole(QPalette::PlaceholderText);
    score->setToolTip(result.reasons.isEmpty() ? tr("Relevance score")
                                               : tr("Relevance score\n%1").arg(result.reasons.join(u'\n')));
    header->addWidget(badge);
    header->addWidget(m_path, 1);
    header->addWidget(score);
    layout->addLayout(header);

    QStringList meta;
    if (!result.symbol.isEmpty())
        meta << result.symbol;
    if (!result.kind.isEmpty())
        meta << result.kind;
    if (!result.language.isEmpty())
        meta << result.language;
    if (!meta.isEmpty()) {
        auto *metaLabel = new QLabel(meta.join(QStringLiteral("  ·  ")), this);
        metaLabel->setTextFormat(Qt::PlainText);
        metaLabel->setForegroundRole(QPalette::PlaceholderText);
        metaLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
        layout->addWidget(metaLabel);
    }

    if (!result.previewLines.isEmpty()) {
        const int more = result.totalLines - int(result.previewLines.size());
        m_code = new CodePreview(result.previewLines, more > 0 ? tr("… %n more line(s)", nullptr, more) : QString(),
                                 theme, this);
        m_code->setObjectName(QStringLiteral("resultCode"));
        layout->addWidget(m_code);
    }

    connect(m_path, &LinkLabel::clicked, this, [this] {
        Q_EMIT activated(m_result.path, m_result.startLine, m_result.endLine);
    });
}

void ResultCard::changeEvent(QEvent *event)
{
    QFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        updateColors();
}

void ResultCard::updateColors()
{
    const QPalette pal = palette();
    m_background = CodeTheme::fromPalette(pal).background;
    m_border = mixed(pal.color(QPalette::Base), pal.color(QPalette::Text), 0.16);
    update();
}

void ResultCard::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(m_border, 1));
    p.setBrush(m_background);
    p.drawRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), 6, 6);
}

void ResultCard::mouseDoubleClickEvent(QMouseEvent *event)
{
    Q_EMIT activated(m_result.path, m_result.startLine, m_result.endLine);
    QFrame::mouseDoubleClickEvent(event);
}

QuestionEdit::QuestionEdit(QWidget *parent)
    : QPlainTextEdit(parent)
    , m_completer(new QCompleter(this))
    , m_completions(new QStringListModel(this))
{
    setTabChangesFocus(true);
    setPlaceholderText(tr("Ask about the code… (Enter sends, Shift+Enter for a new line, @ to mention a file or symbol)"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_completer->setModel(m_completions);
    m_completer->setWidget(this);
    m_completer->setCompletionMode(QCompleter::UnfilteredPopupCompletion);
    m_completer->setCaseSensitivity(Qt::CaseInsensitive);
    m_completer->popup()->setObjectName(QStringLiteral("mentionPopup"));
    connect(m_completer, qOverload<const QString &>(&QCompleter::activated), this, &QuestionEdit::insertMention);
    connect(this, &QPlainTextEdit::textChanged, this, &QuestionEdit::checkMention);
}

void QuestionEdit::checkMention()
{
    const MentionPrefix m = mentionAt(toPlainText(), textCursor().position());
    m_mentionStart = m.start;
    if (m.start < 0) {
        m_completer->popup()->hide();
        return;
    }
    Q_EMIT mentionPrefixChanged(m.prefix);
}

void QuestionEdit::setMentionCompletions(const QStringList &items)
{
    const MentionPrefix m = mentionAt(toPlainText(), textCursor().position());
    if (m.start < 0 || items.isEmpty()) {
        m_completer->popup()->hide();
        return;
    }
    m_completions->setStringList(items);
    QRect rect = cursorRect();
    rect.setWidth(std::max(260, m_completer->popup()->sizeHintForColumn(0) + 24));
    m_completer->complete(rect);
}

void QuestionEdit::insertMention(const QString &item)
{
    const MentionPrefix m = mentionAt(toPlainText(), textCursor().position());
    if (m.start < 0)
        return;
    QTextCursor c = textCursor();
    c.setPosition(m.start);
    c.setPosition(textCursor().position(), QTextCursor::KeepAnchor);
    c.insertText(u'@' + item + u' ');
    setTextCursor(c);
    m_completer->popup()->hide();
}

QSize QuestionEdit::sizeHint() const
{
    const int lineHeight = fontMetrics().lineSpacing();
    return QSize(QPlainTextEdit::sizeHint().width(), lineHeight * 3 + 2 * frameWidth() + 10);
}

bool QuestionEdit::event(QEvent *event)
{
    // Esc belongs to the question box (it stops an answer), not to a window shortcut.
    if (event->type() == QEvent::ShortcutOverride && static_cast<QKeyEvent *>(event)->key() == Qt::Key_Escape) {
        event->accept();
        return true;
    }
    return QPlainTextEdit::event(event);
}

void QuestionEdit::insertFromMimeData(const QMimeData *source)
{
    QPlainTextEdit::insertFromMimeData(source);
    Q_EMIT pasted();
}

void QuestionEdit::keyPressEvent(QKeyEvent *event)
{
    if (m_completer->popup()->isVisible()) {
        switch (event->key()) {
        case Qt::Key_Enter:
        case Qt::Key_Return:
        case Qt::Key_Tab:
        case Qt::Key_Backtab:
        case Qt::Key_Escape:
            event->ignore(); // the completer's popup takes them
            return;
        default:
            break;
        }
    }
    if (event->key() == Qt::Key_Escape) {
        Q_EMIT stopRequested();
        event->accept();
        return;
    }
    if ((event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter)
        && !(event->modifiers() & (Qt::ShiftModifier | Qt::ControlModifier | Qt::AltModifier))) {
        Q_EMIT submitted();
        event->accept();
        return;
    }
    QPlainTextEdit::keyPressEvent(event);
}

ChatPane::ChatPane(QWidget *parent)
    : QWidget(parent)
    , m_highlights(new CodeHighlightCache(this))
    , m_renderTimer(new QTimer(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(createConversationBar());
    setConversations({}, 0); // "New conversation" until a folder's list arrives, never a blank box
    m_renderTimer->setInterval(80);
    connect(m_renderTimer, &QTimer::timeout, this, &ChatPane::renderDirty);

    m_scroll = new QScrollArea(this);
    m_scroll->setObjectName(QStringLiteral("chatScroll"));
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_conversation = new QWidget(m_scroll);
    m_conversation->setObjectName(QStringLiteral("chatConversation"));
    m_conversation->setAutoFillBackground(true);
    m_conversation->setBackgroundRole(QPalette::Window);
    m_list = new QVBoxLayout(m_conversation);
    m_list->setContentsMargins(8, 8, 8, 8);
    m_list->setSpacing(8);
    m_empty = new QWidget(m_conversation);
    m_empty->setObjectName(QStringLiteral("chatEmpty"));
    auto *emptyLayout = new QVBoxLayout(m_empty);
    emptyLayout->setContentsMargins(4, 4, 4, 4);
    emptyLayout->setSpacing(4);
    auto *emptyText = new QLabel(tr("Ask a question about the code in this folder."), m_empty);
    emptyText->setTextFormat(Qt::PlainText);
    emptyText->setWordWrap(true);
    emptyText->setForegroundRole(QPalette::PlaceholderText);
    emptyLayout->addWidget(emptyText);
    m_examples = new QWidget(m_empty);
    m_examples->setObjectName(QStringLiteral("chatExamples"));
    auto *examplesLayout = new QVBoxLayout(m_examples);
    examplesLayout->setContentsMargins(0, 8, 0, 0);
    examplesLayout->setSpacing(3);
    emptyLayout->addWidget(m_examples);
    m_list->addWidget(m_empty);
    m_list->addStretch(1);
    m_scroll->setWidget(m_conversation);
    m_conversation->installEventFilter(this);
    // Scrolling by hand (wheel, keys, the bar) ends the follow of a new question.
    connect(m_scroll->verticalScrollBar(), &QScrollBar::valueChanged, this, [this] {
        if (!m_scrolling)
            m_scrollTarget.clear();
    });
    layout->addWidget(m_scroll, 1);

    auto *inputFrame = new QFrame(this);
    inputFrame->setFrameShape(QFrame::NoFrame);
    auto *inputLayout = new QVBoxLayout(inputFrame);
    inputLayout->setContentsMargins(6, 6, 6, 6);
    inputLayout->setSpacing(4);
    m_input = new QuestionEdit(inputFrame);
    m_input->setObjectName(QStringLiteral("questionEdit"));
    auto *row = new QHBoxLayout;
    m_offer = new QFrame(inputFrame);
    m_offer->setObjectName(QStringLiteral("chatOffer"));
    auto *offerLayout = new QHBoxLayout(m_offer);
    offerLayout->setContentsMargins(0, 0, 0, 0);
    m_offerText = new QLabel(m_offer);
    m_offerText->setWordWrap(true);
    m_offerText->setTextFormat(Qt::PlainText);
    m_offerAccept = new QPushButton(m_offer);
    m_offerAccept->setObjectName(QStringLiteral("offerAccept"));
    auto *offerDismiss = new QToolButton(m_offer);
    offerDismiss->setText(QStringLiteral("×"));
    offerDismiss->setAutoRaise(true);
    offerDismiss->setToolTip(tr("Not now"));
    offerLayout->addWidget(m_offerText, 1);
    offerLayout->addWidget(m_offerAccept);
    offerLayout->addWidget(offerDismiss);
    m_offer->hide();
    connect(m_offerAccept, &QPushButton::clicked, this, [this] {
        hideOffer();
        Q_EMIT offerAccepted();
    });
    connect(offerDismiss, &QToolButton::clicked, this, &ChatPane::hideOffer);
    inputLayout->addWidget(m_offer);
    m_inputNotice = new QLabel(inputFrame);
    m_inputNotice->setObjectName(QStringLiteral("questionSize"));
    m_inputNotice->setWordWrap(true);
    m_inputNotice->setTextFormat(Qt::PlainText);
    m_inputNotice->hide();
    inputLayout->addWidget(m_inputNotice);
    auto *hint = new QLabel(tr("Retrieval only: answers are the best-matching code"), inputFrame);
    m_hint = hint;
    hint->setObjectName(QStringLiteral("modelStatus"));
    hint->setForegroundRole(QPalette::PlaceholderText);
    hint->setTextFormat(Qt::RichText);
    hint->setWordWrap(true);
    hint->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    connect(hint, &QLabel::linkActivated, this, [this](const QString &) { Q_EMIT settingsRequested(); });
    QFont small = hint->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    hint->setFont(small);
    m_send = new QPushButton(tr("Ask"), inputFrame);
    m_send->setObjectName(QStringLiteral("askButton"));
    m_send->setDefault(false);
    m_send->setAutoDefault(false);
    row->addWidget(hint, 1);
    row->addWidget(m_send);
    inputLayout->addWidget(m_input);
    inputLayout->addLayout(row);
    layout->addWidget(inputFrame);

    connect(m_input, &QuestionEdit::submitted, this, &ChatPane::submit);
    connect(m_input, &QuestionEdit::stopRequested, this, [this] {
        if (m_busy)
            Q_EMIT stopRequested();
    });
    connect(m_input, &QuestionEdit::mentionPrefixChanged, this, &ChatPane::mentionPrefixChanged);
    connect(m_input, &QuestionEdit::pasted, this, &ChatPane::measureQuestion);
    connect(m_send, &QPushButton::clicked, this, [this] {
        if (m_busy)
            Q_EMIT stopRequested();
        else
            submit();
    });
}

void ChatPane::setExamples(const QStringList &questions)
{
    QLayout *layout = m_examples->layout();
    while (QLayoutItem *item = layout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    if (questions.isEmpty())
        return;
    auto *heading = new QLabel(tr("For example (click to ask):"), m_examples);
    heading->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(heading);
    for (const QString &q : questions) {
        auto *link = new LinkLabel(q, m_examples);
        link->setObjectName(QStringLiteral("exampleQuestion"));
        link->setElideMode(Qt::ElideRight);
        link->setToolTip(tr("Ask: %1").arg(q));
        link->setContentsMargins(12, 0, 0, 0);
        connect(link, &LinkLabel::clicked, this, [this, q] {
            if (!m_busy)
                Q_EMIT questionAsked(q);
        });
        layout->addWidget(link);
    }
}

QList<LinkLabel *> ChatPane::exampleLinks() const
{
    return m_examples->findChildren<LinkLabel *>(QStringLiteral("exampleQuestion"));
}

void ChatPane::setPlaceholderText(const QString &text)
{
    m_input->setPlaceholderText(text);
}

void ChatPane::focusInput()
{
    m_input->setFocus(Qt::ShortcutFocusReason);
    m_input->selectAll();
}

void ChatPane::submit()
{
    const QString question = m_input->toPlainText().trimmed();
    if (question.isEmpty())
        return;
    if (m_questionLimit > 0 && estimateTokens(question) > m_questionLimit) {
        measureQuestion(); // says why, and the question stays to be shortened
        return;
    }
    m_input->clear();
    m_inputNotice->hide();
    Q_EMIT questionAsked(question);
}

void ChatPane::setQuestionLimit(int tokens, const QString &model)
{
    m_questionLimit = tokens;
    m_limitModel = model;
}

void ChatPane::measureQuestion()
{
    const QString text = m_input->toPlainText();
    const int tokens = estimateTokens(text);
    const QString size = QLocale().formattedDataSize(text.toUtf8().size(), 0, QLocale::DataSizeTraditionalFormat);
    QString notice;
    bool tooLong = false;
    if (m_questionLimit > 0 && tokens > m_questionLimit) {
        tooLong = true;
        notice = tr("This question is about %1 tokens (%2). %3 reads about %4 tokens besides the code context and "
                    "its answer, so it cannot be sent like this: keep the part that matters (the error and the "
                    "lines around it).")
                     .arg(QLocale().toString(tokens), size, m_limitModel, QLocale().toString(m_questionLimit));
    } else if (tokens > 2000) {
        notice = m_questionLimit > 0
                     ? tr("Pasted text: about %1 tokens (%2) of the %3 this question may take.")
                           .arg(QLocale().toString(tokens), size, QLocale().toString(m_questionLimit))
                     : tr("Pasted text: about %1 tokens (%2); only its first part is searched.")
                           .arg(QLocale().toString(tokens), size);
    }
    QPalette pal = m_inputNotice->palette();
    const bool dark = palette().color(QPalette::Base).lightnessF() < 0.45;
    pal.setColor(QPalette::WindowText, tooLong ? (dark ? QColor(0xef, 0x6c, 0x6c) : QColor(0xc6, 0x28, 0x28))
                                               : palette().color(QPalette::PlaceholderText));
    m_inputNotice->setPalette(pal);
    m_inputNotice->setText(notice);
    m_inputNotice->setVisible(!notice.isEmpty());
}

void ChatPane::setBusy(bool busy)
{
    m_busy = busy;
    m_send->setText(busy ? tr("Stop") : tr("Ask"));
}

QList<ResultCard *> ChatPane::resultCards() const
{
    QList<ResultCard *> cards;
    for (const Block &b : m_blocks) {
        for (const auto &c : b.cards) {
            if (c)
                cards.append(c);
        }
    }
    return cards;
}

QList<ResultCard *> ChatPane::lastResultCards() const
{
    QList<ResultCard *> cards;
    if (m_blocks.isEmpty())
        return cards;
    for (const auto &c : m_blocks.last().cards) {
        if (c)
            cards.append(c);
    }
    return cards;
}

QString ChatPane::lastCallSitesOf() const
{
    return m_blocks.isEmpty() ? QString() : m_blocks.last().callSitesOf;
}

QList<QPair<LinkLabel *, CallSite>> ChatPane::lastCallSiteLinks() const
{
    QList<QPair<LinkLabel *, CallSite>> links;
    if (m_blocks.isEmpty())
        return links;
    for (const auto &[link, site] : m_blocks.last().callSiteLinks) {
        if (link)
            links.append({link.data(), site});
    }
    return links;
}

int ChatPane::addQuestion(const QString &question)
{
    m_empty->hide();
    auto *block = new QWidget(m_conversation);
    auto *layout = new QVBoxLayout(block);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(6);

    // A long paste is shown by its beginning: laying out hundreds of kilobytes of wrapped
    // text would stall the window (it is sent whole, and kept whole in the conversation).
    QString shown = question;
    if (shown.size() > 3000)
        shown = shown.left(3000) + u'\n' + tr("… (%1 characters in all)").arg(QLocale().toString(question.size()));
    auto *bubble = new RoundedLabel(shown, RoundedLabel::Style::Bubble, 6, block);
    bubble->setObjectName(QStringLiteral("questionBubble"));
    bubble->setWordWrap(true);
    bubble->setContentsMargins(8, 6, 8, 6);
    bubble->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(bubble);

    auto *status = new QLabel(tr("Searching…"), block);
    status->setTextFormat(Qt::PlainText);
    status->setWordWrap(true);
    status->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(status);

    // Keep the conversation bounded: old answers go (their widgets cost layout time).
    while (m_blocks.size() >= kMaxBlocks) {
        if (m_blocks.first().widget)
            delete m_blocks.first().widget;
        m_blocks.removeFirst();
    }
    m_list->insertWidget(m_list->count() - 1, block);
    Block b;
    b.id = m_nextId++;
    b.widget = block;
    b.status = status;
    m_blocks.append(b);
    // Always show a new question, also when the conversation was scrolled up to read an
    // earlier answer.
    m_scrollTarget = block;
    scrollToWidgetLater(block);
    return b.id;
}

void ChatPane::setResponse(int id, const ChatResponse &response)
{
    auto it = std::find_if(m_blocks.begin(), m_blocks.end(), [id](const Block &b) { return b.id == id; });
    if (it == m_blocks.end() || !it->widget)
        return;
    auto *layout = static_cast<QVBoxLayout *>(it->widget->layout());
    if (!response.error.isEmpty()) {
        it->status->setText(response.error);
        scrollToBottomLater();
        return;
    }
    QStringList parts;
    if (!response.callSitesOf.isEmpty()) {
        QSet<QString> files;
        for (const CallSite &c : response.callSites)
            files.insert(c.path);
        parts << tr("%n call site(s)", nullptr, int(response.callSites.size()))
                     + tr(" in %n file(s)", nullptr, int(files.size()));
    } else if (response.results.isEmpty()) {
        parts << tr("No matching code found.");
    } else {
        QSet<QString> files;
        for (const ChatResult &r : response.results)
            files.insert(r.path);
        parts << tr("%n result(s)", nullptr, int(response.results.size()))
                     + tr(" in %n file(s)", nullptr, int(files.size()));
    }
    parts << tr("%1 ms").arg(response.millis, 0, 'f', response.millis < 10 ? 1 : 0);
    if (!response.route.isEmpty())
        parts << response.route;
    QString statusText = parts.join(QStringLiteral("  ·  "));
    if (!response.indexComplete)
        statusText += u'\n' + (response.indexNote.isEmpty()
                                   ? tr("The index is incomplete (indexing was stopped before it finished): results "
                                        "may be missing code. Re-index (F5) completes it.")
                                   : tr("The index is still being built (%1): results may be incomplete.")
                                         .arg(response.indexNote));
    for (const QString &note : response.notes)
        statusText += u'\n' + note;
    it->status->setText(statusText);
    if (!response.callSitesOf.isEmpty()) {
        it->callSitesOf = response.callSitesOf;
        layout->addWidget(callSiteList(response, it->widget, &it->callSiteLinks));
        scrollToWidgetLater(it->widget);
        return;
    }
    // A file with its best results: the files in the order of their best result, each card
    // numbered by its rank (the numbers the answer cites), a file's further cards indented
    // under its first.
    const CodeTheme theme = CodeTheme::fromPalette(palette());
    QStringList paths;
    for (const ChatResult &r : response.results)
        paths << r.path;
    QString previous;
    for (const qsizetype i : groupedByFile(paths)) {
        const ChatResult &r = response.results.at(i);
        const bool under = r.path == previous;
        previous = r.path;
        auto *card = new ResultCard(int(i) + 1, r, theme, under, it->widget);
        connect(card, &ResultCard::activated, this, &ChatPane::locationActivated);
        if (under) {
            auto *indent = new QWidget(it->widget);
            auto *row = new QHBoxLayout(indent);
            row->setContentsMargins(18, 0, 0, 0);
            row->addWidget(card);
            layout->addWidget(indent);
        } else {
            layout->addWidget(card);
        }
        it->cards.append(card);
    }
    // Show the question with its first results rather than the end of the list.
    scrollToWidgetLater(it->widget);
}

QWidget *ChatPane::callSiteList(const ChatResponse &response, QWidget *parent,
                                QList<QPair<QPointer<LinkLabel>, CallSite>> *links)
{
    auto *box = new QWidget(parent);
    box->setObjectName(QStringLiteral("callSites"));
    auto *v = new QVBoxLayout(box);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(1);
    const QFont monoFont = CodeTheme::fromPalette(palette()).font;
    QFont bold = font();
    bold.setWeight(QFont::DemiBold);
    auto row = [this, &monoFont, links](const CallSite &c, QWidget *into, QVBoxLayout *layout, bool withPath) {
        const QString text = withPath ? QStringLiteral("%1:%2  %3").arg(c.path).arg(c.line).arg(c.text)
                                      : QStringLiteral("%1  %2").arg(c.line, 5).arg(c.text);
        auto *link = new LinkLabel(text, into);
        link->setObjectName(QStringLiteral("callSite"));
        link->setFont(monoFont);
        link->setElideMode(Qt::ElideRight);
        link->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
        QString tip = QStringLiteral("%1:%2").arg(c.path).arg(c.line);
        if (!c.caller.isEmpty())
            tip += u'\n' + tr("in %1").arg(c.caller);
        if (!c.certain)
            tip += u'\n' + tr("Matched by name: the type of the object it is called on is not known.");
        if (c.byText)
            tip += u'\n' + tr("Found by text: the reference graph records no usage on this line.");
        link->setToolTip(tip);
        const QString path = c.path;
        const int line = c.line;
        connect(link, &LinkLabel::clicked, this, [this, path, line] { Q_EMIT locationActivated(path, line, line); });
        layout->addWidget(link);
        links->append({link, c});
    };
    // The definitions first.
    if (!response.definitions.isEmpty()) {
        auto *label = new QLabel(tr("Defined at:"), box);
        label->setForegroundRole(QPalette::PlaceholderText);
        v->addWidget(label);
    }
    for (const CallSite &d : response.definitions)
        row(d, box, v, true);
    // Then the call sites by file, tests folded under one toggle at the end.
    auto addGroup = [&](const QList<CallSite> &sites, QWidget *into, QVBoxLayout *layout, int budget) {
        QString file;
        int shown = 0;
        for (const CallSite &c : sites) {
            if (shown >= budget)
                break;
            if (c.path != file) {
                file = c.path;
                const int n = int(std::count_if(sites.cbegin(), sites.cend(), [&](const CallSite &s) { return s.path == file; }));
                auto *header = new LinkLabel(QStringLiteral("%1 (%2)").arg(file).arg(n), into);
                header->setObjectName(QStringLiteral("callSiteFile"));
                header->setFont(bold);
                header->setForegroundRole(QPalette::WindowText);
                header->setElideMode(Qt::ElideMiddle);
                header->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
                header->setContentsMargins(0, 4, 0, 0);
                const QString path = file;
                connect(header, &LinkLabel::clicked, this, [this, path] { Q_EMIT locationActivated(path, 0, 0); });
                layout->addWidget(header);
            }
            row(c, into, layout, false);
            ++shown;
        }
        if (shown < sites.size()) {
            auto *more = new QLabel(tr("… %n more: Find References (Shift+F12) lists every one.", nullptr,
                                       int(sites.size()) - shown),
                                    into);
            more->setForegroundRole(QPalette::PlaceholderText);
            layout->addWidget(more);
        }
    };
    QList<CallSite> code;
    QList<CallSite> tests;
    for (const CallSite &c : response.callSites)
        (c.test ? tests : code).append(c);
    if (response.callSites.isEmpty()) {
        // a property or field is read, not called: the lines that use it, found by text
        auto *none = new QLabel(response.textUses.isEmpty()
                                    ? tr("No call sites of %1 in the index.").arg(response.callSitesOf)
                                    : (response.moreTextUses
                                           ? tr("No call sites of %1 in the index. The first %n line(s) that use it "
                                                "without a call (property or field reads, callbacks; found by text):",
                                                nullptr, int(response.textUses.size()))
                                           : tr("No call sites of %1 in the index. %n line(s) use it without a call "
                                                "(property or field reads, callbacks; found by text):",
                                                nullptr, int(response.textUses.size())))
                                          .arg(response.callSitesOf),
                                box);
        none->setObjectName(QStringLiteral("noCallSites"));
        none->setWordWrap(true);
        none->setForegroundRole(QPalette::PlaceholderText);
        v->addWidget(none);
        auto *uses = new QWidget(box);
        uses->setObjectName(QStringLiteral("textUses"));
        auto *uv = new QVBoxLayout(uses);
        uv->setContentsMargins(0, 0, 0, 0);
        uv->setSpacing(1);
        addGroup(response.textUses, uses, uv, 50);
        v->addWidget(uses);
    }
    addGroup(code, box, v, 300);
    if (!tests.isEmpty()) {
        QSet<QString> testFiles;
        for (const CallSite &c : tests)
            testFiles.insert(c.path);
        auto *toggle = new QToolButton(box);
        toggle->setObjectName(QStringLiteral("callSiteTests"));
        toggle->setCheckable(true);
        toggle->setAutoRaise(true);
        toggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        toggle->setArrowType(Qt::RightArrow);
        toggle->setText(tr("Tests: %n call site(s)", nullptr, int(tests.size()))
                        + tr(" in %n file(s)", nullptr, int(testFiles.size())));
        v->addWidget(toggle);
        auto *folded = new QWidget(box);
        folded->setObjectName(QStringLiteral("callSiteTestList"));
        auto *fv = new QVBoxLayout(folded);
        fv->setContentsMargins(12, 0, 0, 0);
        fv->setSpacing(1);
        addGroup(tests, folded, fv, 300);
        folded->hide();
        v->addWidget(folded);
        connect(toggle, &QToolButton::toggled, folded, [toggle, folded](bool on) {
            folded->setVisible(on);
            toggle->setArrowType(on ? Qt::DownArrow : Qt::RightArrow);
        });
    }
    if (response.leftOut > 0) {
        auto *note = new QLabel(tr("%n use(s) of other definitions with the same name left out.", nullptr, response.leftOut), box);
        note->setForegroundRole(QPalette::PlaceholderText);
        note->setWordWrap(true);
        v->addWidget(note);
    }
    return box;
}

void ChatPane::setSuperseded(int id)
{
    for (Block &b : m_blocks) {
        if (b.id == id && b.status)
            b.status->setText(tr("Stopped."));
    }
}

void ChatPane::clearConversation()
{
    for (Block &b : m_blocks) {
        if (b.widget)
            b.widget->deleteLater();
    }
    m_blocks.clear();
    m_renderTimer->stop();
    m_empty->show();
}

void ChatPane::scrollToWidgetLater(QWidget *widget)
{
    m_scrollTarget = widget;
    QTimer::singleShot(0, this, [this] {
        m_conversation->layout()->activate();
        scrollToTarget();
    });
}

void ChatPane::scrollToBottomLater()
{
    // After the layout has placed the new widgets; while a question is followed, to it.
    QTimer::singleShot(0, this, [this] {
        m_conversation->layout()->activate();
        if (m_scrollTarget) {
            scrollToTarget();
            return;
        }
        QScrollBar *bar = m_scroll->verticalScrollBar();
        m_scrolling = true;
        bar->setValue(bar->maximum());
        m_scrolling = false;
    });
}

bool ChatPane::eventFilter(QObject *watched, QEvent *event)
{
    // The conversation widget is resized by the scroll area after the layout placed a new
    // block or an answer grew: that is when the scroll bar knows its new range. The question
    // being answered stays at the top until the user scrolls.
    if (watched == m_conversation && event->type() == QEvent::Resize && m_scrollTarget)
        QTimer::singleShot(0, this, [this] { scrollToTarget(); });
    return QWidget::eventFilter(watched, event);
}

void ChatPane::scrollToTarget()
{
    if (!m_scrollTarget)
        return;
    QScrollBar *bar = m_scroll->verticalScrollBar();
    const int value = std::min(bar->maximum(), std::max(0, m_scrollTarget->y() - 8));
    m_scrolling = true;
    bar->setValue(value);
    m_scrolling = false;
}

} // namespace RepoLens

namespace RepoLens {

QWidget *ChatPane::createConversationBar()
{
    auto *bar = new QFrame(this);
    bar->setObjectName(QStringLiteral("conversationBar"));
    auto *row = new QHBoxLayout(bar);
    row->setContentsMargins(6, 4, 6, 4);
    row->setSpacing(4);
    m_conversationBox = new QComboBox(bar);
    m_conversationBox->setObjectName(QStringLiteral("conversationBox"));
    m_conversationBox->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_conversationBox->setMinimumContentsLength(12);
    m_conversationBox->setToolTip(tr("Conversations in this folder"));
    m_newChat = new QToolButton(bar);
    m_newChat->setObjectName(QStringLiteral("newChat"));
    m_newChat->setText(tr("New Chat"));
    m_newChat->setToolTip(tr("Start a new conversation"));
    m_newChat->setAutoRaise(true);
    m_chatMenu = new QToolButton(bar);
    m_chatMenu->setObjectName(QStringLiteral("chatMenu"));
    m_chatMenu->setText(QStringLiteral("⋯"));
    m_chatMenu->setAutoRaise(true);
    m_chatMenu->setPopupMode(QToolButton::InstantPopup);
    m_chatMenu->setToolTip(tr("Conversation actions"));
    auto *menu = new QMenu(m_chatMenu);
    auto current = [this] { return m_conversationBox->currentData().toLongLong(); };
    menu->addAction(tr("&Rename Conversation…"), this, [this, current] {
        if (current() > 0)
            Q_EMIT renameConversationRequested(current());
    });
    menu->addAction(tr("&Delete Conversation"), this, [this, current] {
        if (current() > 0)
            Q_EMIT deleteConversationRequested(current());
    });
    menu->addSeparator();
    menu->addAction(tr("What Was &Sent…"), this, [this] { Q_EMIT sentLogRequested(); });
    menu->addAction(tr("Model &Settings…"), this, [this] { Q_EMIT settingsRequested(); });
    m_chatMenu->setMenu(menu);
    row->addWidget(m_conversationBox, 1);
    row->addWidget(m_newChat);
    row->addWidget(m_chatMenu);
    connect(m_newChat, &QToolButton::clicked, this, [this] { Q_EMIT newConversationRequested(); });
    connect(m_conversationBox, &QComboBox::activated, this, [this](int index) {
        if (m_updatingConversations)
            return;
        const qint64 id = m_conversationBox->itemData(index).toLongLong();
        if (id > 0)
            Q_EMIT conversationSelected(id);
    });
    return bar;
}

void ChatPane::setConversations(const QList<QPair<qint64, QString>> &conversations, qint64 current)
{
    m_updatingConversations = true;
    m_conversationBox->clear();
    if (current <= 0)
        m_conversationBox->addItem(tr("New conversation"), QVariant::fromValue(qint64(0)));
    for (const auto &[id, title] : conversations)
        m_conversationBox->addItem(title.isEmpty() ? tr("(untitled)") : title, QVariant::fromValue(id));
    const int index = m_conversationBox->findData(QVariant::fromValue(current > 0 ? current : qint64(0)));
    m_conversationBox->setCurrentIndex(std::max(0, index));
    m_updatingConversations = false;
}

void ChatPane::setModelStatus(const QString &html, const QString &tooltip)
{
    m_modelStatusHtml = html;
    m_hint->setToolTip(tooltip);
    applyModelStatus();
}

void ChatPane::applyModelStatus()
{
    // A QLabel's links keep the colour of the palette they were laid out with: give them the
    // current one explicitly (and again when the palette changes).
    QString html = m_modelStatusHtml;
    html.replace(QStringLiteral("<a href="),
                 QStringLiteral("<a style=\"color:%1\" href=").arg(palette().color(QPalette::Link).name()));
    m_hint->setText(html);
}

void ChatPane::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        applyModelStatus();
        for (Block &b : m_blocks)
            colorNotice(b);
    }
}

void ChatPane::colorNotice(Block &b)
{
    if (!b.notice || b.noticeKind < 0)
        return;
    const bool dark = palette().color(QPalette::Base).lightnessF() < 0.45;
    QColor color;
    switch (AnswerFinish::Kind(b.noticeKind)) {
    case AnswerFinish::Kind::CutOff:
        color = dark ? QColor(0xe3, 0xb3, 0x41) : QColor(0x9a, 0x67, 0x00);
        break;
    case AnswerFinish::Kind::Failed:
        color = dark ? QColor(0xef, 0x6c, 0x6c) : QColor(0xc6, 0x28, 0x28);
        break;
    default:
        color = palette().color(QPalette::PlaceholderText);
        break;
    }
    QPalette pal = b.notice->palette();
    pal.setColor(QPalette::WindowText, color);
    b.notice->setPalette(pal);
}

void ChatPane::showOffer(const QString &text, const QString &acceptText)
{
    m_offerText->setText(text);
    m_offerAccept->setText(acceptText);
    m_offer->show();
}

void ChatPane::hideOffer()
{
    m_offer->hide();
}

ChatPane::Block *ChatPane::block(int id)
{
    for (Block &b : m_blocks) {
        if (b.id == id && b.widget)
            return &b;
    }
    return nullptr;
}

const ChatPane::Block *ChatPane::block(int id) const
{
    for (const Block &b : m_blocks) {
        if (b.id == id && b.widget)
            return &b;
    }
    return nullptr;
}

void ChatPane::setStatus(int id, const QString &text)
{
    if (Block *b = block(id); b && b->status) {
        b->status->setText(text);
        b->status->setVisible(!text.isEmpty());
    }
}

AgentStepsView *ChatPane::agentSteps(int id)
{
    Block *b = block(id);
    if (!b)
        return nullptr;
    if (!b->steps) {
        auto *layout = static_cast<QVBoxLayout *>(b->widget->layout());
        b->steps = new AgentStepsView(b->widget);
        // Above the answer when there is one, else at the end (the answer comes below).
        const int at = b->answer ? layout->indexOf(b->answer) : -1;
        layout->insertWidget(at < 0 ? layout->count() : at, b->steps);
        scrollToBottomLater();
    }
    return b->steps;
}

void ChatPane::beginAnswer(int id, const CitationIndex &index, const QList<AnswerView::Source> &sources)
{
    Block *b = block(id);
    if (!b)
        return;
    auto *layout = static_cast<QVBoxLayout *>(b->widget->layout());
    if (!b->answer) {
        b->answer = new AnswerView(m_highlights, b->widget);
        connect(b->answer, &AnswerView::locationActivated, this, &ChatPane::locationActivated);
        layout->addWidget(b->answer);
        b->notice = new QLabel(b->widget);
        b->notice->setObjectName(QStringLiteral("answerNotice"));
        b->notice->setWordWrap(true);
        b->notice->setTextFormat(Qt::PlainText);
        b->notice->setTextInteractionFlags(Qt::TextSelectableByMouse);
        b->notice->hide();
        layout->addWidget(b->notice);
        b->actions = new QWidget(b->widget);
        b->actions->setObjectName(QStringLiteral("answerActions"));
        auto *row = new QHBoxLayout(b->actions);
        row->setContentsMargins(0, 0, 0, 0);
        row->setSpacing(4);
        auto button = [&](const QString &text, const QString &name, const QString &tip) {
            auto *btn = new QPushButton(text, b->actions);
            btn->setObjectName(name);
            btn->setToolTip(tip);
            btn->setFlat(true);
            btn->setAutoDefault(false);
            row->addWidget(btn);
            return btn;
        };
        b->retry = button(tr("Retry"), QStringLiteral("retryButton"), tr("Send the question again"));
        QPushButton *regenerate = button(tr("Regenerate"), QStringLiteral("regenerateButton"),
                                         tr("Ask the model again with the same context"));
        QPushButton *copy = button(tr("Copy"), QStringLiteral("copyButton"), tr("Copy the answer as Markdown"));
        QPushButton *inspect = button(tr("Inspect…"), QStringLiteral("inspectButton"),
                                      tr("How the context was found, what was sent, and where"));
        row->addStretch(1);
        connect(b->retry, &QPushButton::clicked, this, [this, id] { Q_EMIT retryRequested(id); });
        connect(regenerate, &QPushButton::clicked, this, [this, id] { Q_EMIT regenerateRequested(id); });
        connect(inspect, &QPushButton::clicked, this, [this, id] { Q_EMIT inspectRequested(id); });
        connect(copy, &QPushButton::clicked, this, [this, id] {
            if (const Block *blk = block(id))
                QApplication::clipboard()->setText(blk->text);
        });
        b->actions->hide();
        layout->addWidget(b->actions);
    }
    b->answer->setCitationIndex(index);
    b->answer->setSources(sources);
    b->text.clear();
    b->dirty = false;
    b->notice->hide();
    b->actions->hide();
    b->answer->setAnswer(QString(), true);
    b->answer->show();
    scrollToBottomLater();
}

void ChatPane::appendAnswer(int id, const QString &delta)
{
    Block *b = block(id);
    if (!b || !b->answer)
        return;
    b->text += delta;
    b->dirty = true;
    if (!m_renderTimer->isActive())
        m_renderTimer->start();
}

void ChatPane::renderDirty()
{
    bool any = false;
    const QScrollBar *bar = m_scroll->verticalScrollBar();
    const bool atBottom = bar->value() >= bar->maximum() - 40;
    for (Block &b : m_blocks) {
        if (b.dirty && b.answer) {
            b.dirty = false;
            b.answer->setAnswer(b.text, true);
            any = true;
        }
    }
    if (!any)
        m_renderTimer->stop();
    else if (atBottom && !m_scrollTarget)
        scrollToBottomLater();
}

void ChatPane::setAnswer(int id, const QString &markdown, bool streaming)
{
    Block *b = block(id);
    if (!b || !b->answer)
        return;
    b->text = markdown;
    b->dirty = false;
    b->answer->setAnswer(markdown, streaming);
}

void ChatPane::finishAnswer(int id, const AnswerFinish &finish)
{
    Block *b = block(id);
    if (!b || !b->answer)
        return;
    b->dirty = false;
    b->answer->setAnswer(b->text, false);
    b->answer->setVisible(!b->text.isEmpty());
    QString notice;
    switch (finish.kind) {
    case AnswerFinish::Kind::Complete:
        break;
    case AnswerFinish::Kind::CutOff:
        notice = tr("⚠ The answer was cut off: %1").arg(finish.message);
        break;
    case AnswerFinish::Kind::Failed:
        notice = finish.message;
        break;
    case AnswerFinish::Kind::Stopped:
        notice = tr("Stopped.");
        break;
    }
    if (!notice.isEmpty()) {
        b->noticeKind = int(finish.kind);
        colorNotice(*b);
        b->notice->setText(notice);
        b->notice->show();
    } else {
        b->noticeKind = -1;
        b->notice->hide();
    }
    b->retry->setVisible(finish.canRetry);
    for (QPushButton *btn : b->actions->findChildren<QPushButton *>()) {
        if (btn->objectName() == QLatin1String("copyButton") || btn->objectName() == QLatin1String("regenerateButton"))
            btn->setVisible(!b->text.isEmpty());
    }
    b->actions->show();
    scrollToBottomLater();
}

AnswerView *ChatPane::answerView(int id) const
{
    const Block *b = block(id);
    return b ? b->answer.data() : nullptr;
}

AnswerView *ChatPane::lastAnswerView() const
{
    for (auto it = m_blocks.crbegin(); it != m_blocks.crend(); ++it) {
        if (it->answer)
            return it->answer;
    }
    return nullptr;
}

QLabel *ChatPane::noticeLabel(int id) const
{
    const Block *b = block(id);
    return b ? b->notice.data() : nullptr;
}

QPushButton *ChatPane::retryButton(int id) const
{
    const Block *b = block(id);
    return b ? b->retry.data() : nullptr;
}

QWidget *ChatPane::answerActions(int id) const
{
    const Block *b = block(id);
    return b ? b->actions.data() : nullptr;
}

} // namespace RepoLens
