#include "agentsteps.h"

#include <QFontDatabase>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPlainTextEdit>
#include <QToolButton>
#include <QVBoxLayout>

namespace RepoLens {

namespace {

QString shortArguments(const QString &json)
{
    const QJsonDocument doc = QJsonDocument::fromJson(json.toUtf8());
    QString text = doc.isObject() ? QString::fromUtf8(doc.toJson(QJsonDocument::Compact)) : json.simplified();
    if (text.size() > 90)
        text = text.left(87) + QStringLiteral("…");
    return text;
}

} // namespace

AgentStepsView::AgentStepsView(QWidget *parent)
    : QFrame(parent)
{
    setObjectName(QStringLiteral("agentSteps"));
    setFrameShape(QFrame::StyledPanel);
    m_layout = new QVBoxLayout(this);
    m_layout->setContentsMargins(6, 4, 6, 4);
    m_layout->setSpacing(2);
    m_title = new QLabel(tr("Agent steps"), this);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_layout->addWidget(m_title);
    m_note = new QLabel(this);
    m_note->setTextFormat(Qt::PlainText);
    m_note->setForegroundRole(QPalette::PlaceholderText);
    m_note->hide();
    m_layout->addWidget(m_note);
}

void AgentStepsView::addStep(const QString &key, int round, const QString &tool, const QString &arguments)
{
    Row row;
    auto *line = new QWidget(this);
    auto *h = new QHBoxLayout(line);
    h->setContentsMargins(0, 0, 0, 0);
    h->setSpacing(4);
    row.toggle = new QToolButton(line);
    row.toggle->setObjectName(QStringLiteral("agentStepToggle"));
    row.toggle->setCheckable(true);
    row.toggle->setAutoRaise(true);
    row.toggle->setArrowType(Qt::RightArrow);
    row.toggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    row.line = tr("%1. %2 %3").arg(round).arg(tool, shortArguments(arguments));
    row.toggle->setText(row.line);
    row.toggle->setToolTip(tr("Show what %1 returned").arg(tool));
    // Long arguments must not widen the chat: the row takes the width it is given.
    row.toggle->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    row.toggle->setMinimumWidth(60);
    h->addWidget(row.toggle, 3);
    row.summary = new QLabel(tr("running…"), line);
    row.summary->setTextFormat(Qt::PlainText);
    row.summary->setForegroundRole(QPalette::PlaceholderText);
    row.summary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    row.summary->setMinimumWidth(40);
    h->addWidget(row.summary, 2);
    m_layout->insertWidget(m_layout->count() - 1, line);
    row.detail = new QPlainTextEdit(this);
    row.detail->setObjectName(QStringLiteral("agentStepDetail"));
    row.detail->setReadOnly(true);
    row.detail->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    row.detail->setMaximumHeight(180);
    row.detail->setLineWrapMode(QPlainTextEdit::NoWrap);
    row.detail->hide();
    m_layout->insertWidget(m_layout->count() - 1, row.detail);
    QPointer<QPlainTextEdit> detail = row.detail;
    QPointer<QToolButton> toggle = row.toggle;
    connect(row.toggle, &QToolButton::toggled, this, [detail, toggle](bool on) {
        if (detail)
            detail->setVisible(on);
        if (toggle)
            toggle->setArrowType(on ? Qt::DownArrow : Qt::RightArrow);
    });
    m_rows.insert(key, row);
    m_order << key;
    m_title->setText(tr("Agent steps (%n call(s))", nullptr, int(m_rows.size())));
}

void AgentStepsView::finishStep(const QString &key, const QString &summary, const QString &result, bool error)
{
    const auto it = m_rows.find(key);
    if (it == m_rows.end())
        return;
    if (it->summary) {
        it->summary->setText(QStringLiteral("— ") + summary);
        it->summary->setForegroundRole(error ? QPalette::BrightText : QPalette::PlaceholderText);
        if (error)
            it->summary->setStyleSheet(QStringLiteral("color: #c0392b;"));
    }
    if (it->detail)
        it->detail->setPlainText(result);
    it->line += QStringLiteral(" — ") + summary;
}

void AgentStepsView::setNote(const QString &text)
{
    m_note->setText(text);
    m_note->setVisible(!text.isEmpty());
}

QString AgentStepsView::note() const
{
    return m_note->text();
}

QStringList AgentStepsView::stepLines() const
{
    QStringList out;
    for (const QString &key : m_order)
        out << m_rows.value(key).line;
    return out;
}

QToolButton *AgentStepsView::toggle(const QString &key) const
{
    return m_rows.value(key).toggle;
}

QPlainTextEdit *AgentStepsView::detail(const QString &key) const
{
    return m_rows.value(key).detail;
}

} // namespace RepoLens
