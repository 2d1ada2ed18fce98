#include "chatpane.h"

#include "agentsteps.h"

#include "core/llm/mentions.h"
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
#include <QPainter>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
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
    // Common indentation.
    int indent = INT_MAX;
    for (const Line &l : std::as_const(lines)) {
        int i = l.start;
        while (i < l.end && (utf8.at(i) == ' ' || utf8.at(i) == '\t'))
            ++i;
        if (i < l.end)
            indent = std::min(indent, i - l.start);
    }
    if (indent == INT_MAX)
        indent = 0;

    QList<QList<PreviewSegment>> out;
    qsizetype spanIndex = 0;
    for (const Line &l : std::as_const(lines)) {
        QList<PreviewSegment> segs;
        int p = std::min(l.start + indent, l.end);
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
    : QLabel(parent)
{
    setTextFormat(Qt::PlainText);
    setText(text);
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

RoundedLabel::RoundedLabel(const QString &text, const QColor &background, qreal radius, QWidget *parent)
    : QLabel(parent)
    , m_background(background)
    , m_radius(radius)
{
    setTextFormat(Qt::PlainText);
    setText(text);
}

void RoundedLabel::paintEvent(QPaintEvent *event)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(Qt::NoPen);
    p.setBrush(m_background);
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

ResultCard::ResultCard(int number, const ChatResult &result, const CodeTheme &theme, QWidget *parent)
    : QFrame(parent)
    , m_number(number)
    , m_result(result)
{
    setObjectName(QStringLiteral("resultCard"));
    const QPalette pal = palette();
    m_background = theme.background;
    m_border = mixed(pal.color(QPalette::Base), pal.color(QPalette::Text), 0.16);
    m_codeBackground = theme.marginBackground;

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 8, 10, 8);
    layout->setSpacing(4);

    auto *header = new QHBoxLayout;
    header->setSpacing(6);
    auto *badge = new RoundedLabel(QString::number(number), pal.color(QPalette::Highlight), 4, this);
    badge->setAlignment(Qt::AlignCenter);
    badge->setContentsMargins(5, 0, 5, 0);
    badge->setMinimumWidth(20);
    QPalette badgePalette = badge->palette();
    badgePalette.setColor(QPalette::WindowText, pal.color(QPalette::HighlightedText));
    badge->setPalette(badgePalette);
    QFont badgeFont = badge->font();
    badgeFont.setWeight(QFont::DemiBold);
    badge->setFont(badgeFont);
    const QString range = result.startLine == result.endLine
                              ? QString::number(result.startLine)
                              : QStringLiteral("%1–%2").arg(result.startLine).arg(result.endLine);
    m_path = new LinkLabel(result.path + u':' + range, this);
    m_path->setObjectName(QStringLiteral("resultPath"));
    m_path->setToolTip(tr("Open %1 at lines %2").arg(result.path, range));
    m_path->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
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
    m_empty = new QLabel(tr("Ask a question about the code in this folder.\n\n"
                            "Examples:\n  where is the config file parsed?\n  who calls open_session\n"
                            "  lang:python retry on timeout"),
                         m_conversation);
    m_empty->setTextFormat(Qt::PlainText);
    m_empty->setWordWrap(true);
    m_empty->setForegroundRole(QPalette::PlaceholderText);
    m_empty->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_empty->setContentsMargins(4, 4, 4, 4);
    m_list->addWidget(m_empty);
    m_list->addStretch(1);
    m_scroll->setWidget(m_conversation);
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
    connect(m_send, &QPushButton::clicked, this, [this] {
        if (m_busy)
            Q_EMIT stopRequested();
        else
            submit();
    });
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
    m_input->clear();
    Q_EMIT questionAsked(question);
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

int ChatPane::addQuestion(const QString &question)
{
    m_empty->hide();
    auto *block = new QWidget(m_conversation);
    auto *layout = new QVBoxLayout(block);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(6);

    const QPalette pal = palette();
    const QColor bg = mixed(pal.color(QPalette::Window), pal.color(QPalette::Highlight), 0.18);
    auto *bubble = new RoundedLabel(question, bg, 6, block);
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
    scrollToBottomLater();
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
    if (response.results.isEmpty())
        parts << tr("No matching code found.");
    else
        parts << tr("%n result(s)", nullptr, int(response.results.size()));
    parts << tr("%1 ms").arg(response.millis, 0, 'f', response.millis < 10 ? 1 : 0);
    if (!response.route.isEmpty())
        parts << response.route;
    QString statusText = parts.join(QStringLiteral("  ·  "));
    if (!response.indexComplete)
        statusText += u'\n' + tr("The index is still being built (%1): results may be incomplete.").arg(response.indexNote);
    for (const QString &note : response.notes)
        statusText += u'\n' + note;
    it->status->setText(statusText);
    const CodeTheme theme = CodeTheme::fromPalette(palette());
    int number = 1;
    for (const ChatResult &r : response.results) {
        auto *card = new ResultCard(number++, r, theme, it->widget);
        connect(card, &ResultCard::activated, this, &ChatPane::locationActivated);
        layout->addWidget(card);
        it->cards.append(card);
    }
    // Show the question with its first results rather than the end of the list.
    scrollToWidgetLater(it->widget);
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
    QPointer<QWidget> guard(widget);
    QTimer::singleShot(0, this, [this, guard] {
        if (!guard)
            return;
        m_conversation->layout()->activate();
        m_scroll->verticalScrollBar()->setValue(std::max(0, guard->y() - 8));
    });
}

void ChatPane::scrollToBottomLater()
{
    // After the layout has placed the new widgets.
    QTimer::singleShot(0, this, [this] {
        m_conversation->layout()->activate();
        QScrollBar *bar = m_scroll->verticalScrollBar();
        bar->setValue(bar->maximum());
    });
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
    m_hint->setText(html);
    m_hint->setToolTip(tooltip);
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
    else if (atBottom)
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
    QColor color;
    const bool dark = palette().color(QPalette::Base).lightnessF() < 0.45;
    switch (finish.kind) {
    case AnswerFinish::Kind::Complete:
        break;
    case AnswerFinish::Kind::CutOff:
        notice = tr("⚠ The answer was cut off: %1").arg(finish.message);
        color = dark ? QColor(0xe3, 0xb3, 0x41) : QColor(0x9a, 0x67, 0x00);
        break;
    case AnswerFinish::Kind::Failed:
        notice = finish.message;
        color = dark ? QColor(0xef, 0x6c, 0x6c) : QColor(0xc6, 0x28, 0x28);
        break;
    case AnswerFinish::Kind::Stopped:
        notice = tr("Stopped.");
        color = palette().color(QPalette::PlaceholderText);
        break;
    }
    if (!notice.isEmpty()) {
        QPalette pal = b->notice->palette();
        pal.setColor(QPalette::WindowText, color);
        b->notice->setPalette(pal);
        b->notice->setText(notice);
        b->notice->show();
    } else {
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
