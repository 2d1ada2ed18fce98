#include "findbar.h"

#include "codeeditor.h"

#include <QHBoxLayout>
#include <QIntValidator>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QStyle>
#include <QToolButton>

#include <algorithm>

namespace RepoLens {

namespace {

QToolButton *toggleButton(const QString &text, const QString &tip, QWidget *parent)
{
    auto *b = new QToolButton(parent);
    b->setText(text);
    b->setToolTip(tip);
    b->setCheckable(true);
    b->setAutoRaise(true);
    return b;
}

QToolButton *closeButton(QWidget *parent)
{
    auto *b = new QToolButton(parent);
    b->setIcon(parent->style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    b->setAutoRaise(true);
    b->setToolTip(QObject::tr("Close (Esc)"));
    return b;
}

} // namespace

FindBar::FindBar(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 3, 6, 3);
    layout->setSpacing(4);
    auto *label = new QLabel(tr("Find:"), this);
    m_edit = new QLineEdit(this);
    m_edit->setPlaceholderText(tr("Search in this file"));
    m_edit->setClearButtonEnabled(true);
    // Narrow enough never to widen the window (it shares the row with the docks' minimums).
    m_edit->setMinimumWidth(fontMetrics().horizontalAdvance(u'x') * 14);
    m_edit->setMaximumWidth(fontMetrics().horizontalAdvance(u'x') * 60);
    auto *prev = new QToolButton(this);
    prev->setArrowType(Qt::UpArrow);
    prev->setAutoRaise(true);
    prev->setToolTip(tr("Find Previous (Shift+F3)"));
    auto *next = new QToolButton(this);
    next->setArrowType(Qt::DownArrow);
    next->setAutoRaise(true);
    next->setToolTip(tr("Find Next (F3)"));
    m_case = toggleButton(tr("Aa"), tr("Match case"), this);
    m_word = toggleButton(tr("W"), tr("Whole words"), this);
    m_regex = toggleButton(tr(".*"), tr("Regular expression"), this);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("findStatus"));
    auto *close = closeButton(this);
    layout->addWidget(label);
    layout->addWidget(m_edit, 1);
    layout->addWidget(prev);
    layout->addWidget(next);
    layout->addWidget(m_case);
    layout->addWidget(m_word);
    layout->addWidget(m_regex);
    layout->addWidget(m_status);
    layout->addStretch(1);
    layout->addWidget(close);

    connect(m_edit, &QLineEdit::textEdited, this, [this] {
        search(true, true);
        updateMatches();
    });
    connect(m_edit, &QLineEdit::returnPressed, this, &FindBar::findNext);
    connect(next, &QToolButton::clicked, this, &FindBar::findNext);
    connect(prev, &QToolButton::clicked, this, &FindBar::findPrevious);
    for (QToolButton *b : {m_case, m_word, m_regex}) {
        connect(b, &QToolButton::toggled, this, [this] {
            search(true, true);
            updateMatches();
        });
    }
    connect(close, &QToolButton::clicked, this, &FindBar::close);
}

void FindBar::setEditor(CodeEditor *editor)
{
    if (m_editor && m_editor != editor)
        m_editor->clearMatchMarks();
    m_editor = editor;
    if (isVisible())
        updateMatches();
}

void FindBar::activate(const QString &initialText)
{
    show();
    if (!initialText.isEmpty())
        m_edit->setText(initialText);
    m_edit->setFocus(Qt::ShortcutFocusReason);
    m_edit->selectAll();
    updateMatches();
}

void FindBar::close()
{
    if (m_editor) {
        m_editor->clearMatchMarks();
        m_editor->setFocus();
    }
    hide();
    Q_EMIT closed();
}

void FindBar::findNext()
{
    search(true, false);
}

void FindBar::findPrevious()
{
    search(false, false);
}

void FindBar::search(bool forward, bool fromSelectionStart)
{
    if (!m_editor || m_edit->text().isEmpty()) {
        m_edit->setStyleSheet(QString());
        return;
    }
    int line = 0;
    int index = 0;
    if (m_editor->hasSelectedText()) {
        int l2 = 0;
        int i2 = 0;
        m_editor->getSelection(&line, &index, &l2, &i2);
        if (!fromSelectionStart && forward) {
            line = l2;
            index = i2;
        }
    } else {
        m_editor->getCursorPosition(&line, &index);
    }
    const bool found = m_editor->findFirst(m_edit->text(), m_regex->isChecked(), m_case->isChecked(),
                                           m_word->isChecked(), true, forward, line, index, true);
    m_edit->setStyleSheet(found ? QString()
                                : QStringLiteral("QLineEdit { background: rgba(220, 50, 47, 60); }"));
    if (found)
        keepMatchInView();
    updateStatus();
}

void FindBar::keepMatchInView()
{
    // findFirst() scrolls only as far as needed, which leaves the match on the first or last
    // visible line: bring it a third of the way down the view instead.
    int line = 0;
    int index = 0;
    int l2 = 0;
    int i2 = 0;
    m_editor->getSelection(&line, &index, &l2, &i2);
    const int first = m_editor->firstVisibleLine();
    const int onScreen = int(m_editor->SendScintilla(QsciScintilla::SCI_LINESONSCREEN));
    const int margin = std::min(3, std::max(0, onScreen / 4));
    if (line < first + margin || line > first + onScreen - 1 - margin)
        m_editor->setFirstVisibleLine(std::max(0, line - onScreen / 3));
}

void FindBar::updateStatus()
{
    m_current = 0;
    if (m_editor && m_matches > 0 && m_editor->hasSelectedText()) {
        const int pos = int(m_editor->SendScintilla(QsciScintilla::SCI_GETSELECTIONSTART));
        const QList<int> &starts = m_editor->matchStarts();
        const auto it = std::lower_bound(starts.cbegin(), starts.cend(), pos);
        if (it != starts.cend() && *it == pos)
            m_current = int(it - starts.cbegin()) + 1;
    }
    if (m_edit->text().isEmpty())
        m_status->clear();
    else if (m_matches == 0)
        m_status->setText(tr("No matches"));
    else if (m_current > 0)
        m_status->setText(tr("%1 of %2").arg(m_current).arg(m_matches));
    else
        m_status->setText(tr("%n match(es)", nullptr, m_matches));
}

void FindBar::updateMatches()
{
    if (!m_editor) {
        m_status->clear();
        return;
    }
    m_matches = m_editor->markAllMatches(m_edit->text(), m_case->isChecked(), m_word->isChecked(),
                                         m_regex->isChecked());
    updateStatus();
}

void FindBar::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Escape) {
        close();
        return;
    }
    if (event->key() == Qt::Key_F3) {
        if (event->modifiers() & Qt::ShiftModifier)
            findPrevious();
        else
            findNext();
        return;
    }
    QWidget::keyPressEvent(event);
}

GoToLineBar::GoToLineBar(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 3, 6, 3);
    layout->setSpacing(4);
    auto *label = new QLabel(tr("Go to line:"), this);
    m_edit = new QLineEdit(this);
    m_edit->setValidator(new QIntValidator(1, 1 << 30, m_edit));
    m_edit->setMaximumWidth(120);
    m_hint = new QLabel(this);
    auto *close = closeButton(this);
    layout->addWidget(label);
    layout->addWidget(m_edit);
    layout->addWidget(m_hint);
    layout->addStretch(1);
    layout->addWidget(close);
    connect(m_edit, &QLineEdit::returnPressed, this, &GoToLineBar::accept);
    connect(close, &QToolButton::clicked, this, &GoToLineBar::close);
}

void GoToLineBar::setEditor(CodeEditor *editor)
{
    m_editor = editor;
}

void GoToLineBar::activate()
{
    show();
    if (m_editor) {
        m_hint->setText(tr("(1–%1)").arg(m_editor->lines()));
        m_edit->setText(QString::number(m_editor->currentLineNumber()));
    }
    m_edit->setFocus(Qt::ShortcutFocusReason);
    m_edit->selectAll();
}

void GoToLineBar::accept()
{
    bool ok = false;
    const int line = m_edit->text().toInt(&ok);
    if (ok && m_editor) {
        m_editor->goToLine(std::clamp(line, 1, std::max(1, m_editor->lines())));
        m_editor->setFocus();
    }
    hide();
    Q_EMIT closed();
}

void GoToLineBar::close()
{
    hide();
    if (m_editor)
        m_editor->setFocus();
    Q_EMIT closed();
}

void GoToLineBar::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Escape) {
        close();
        return;
    }
    QWidget::keyPressEvent(event);
}

} // namespace RepoLens
