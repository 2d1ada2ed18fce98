#include "elidedlabel.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

namespace RepoLens {

ElidedLabel::ElidedLabel(const QString &text, QWidget *parent)
    : QLabel(parent)
{
    setTextFormat(Qt::PlainText);
    setText(text);
}

void ElidedLabel::setElideMode(Qt::TextElideMode mode)
{
    m_elide = mode;
    updateGeometry();
    update();
}

QString ElidedLabel::displayedText() const
{
    if (m_elide == Qt::ElideNone)
        return text();
    return fontMetrics().elidedText(text(), m_elide, std::max(0, contentsRect().width()));
}

QSize ElidedLabel::minimumSizeHint() const
{
    const QSize full = QLabel::minimumSizeHint();
    if (m_elide == Qt::ElideNone)
        return full;
    const QMargins m = contentsMargins();
    const int some = fontMetrics().horizontalAdvance(QStringLiteral("xxxx…")) + m.left() + m.right();
    return QSize(std::min(full.width(), some), full.height());
}

void ElidedLabel::paintEvent(QPaintEvent *event)
{
    if (m_elide == Qt::ElideNone) {
        QLabel::paintEvent(event);
        return;
    }
    QPainter p(this);
    p.setFont(font());
    p.setPen(palette().color(isEnabled() ? QPalette::Active : QPalette::Disabled, foregroundRole()));
    int flags = int(alignment()) | Qt::TextSingleLine;
    if (!(flags & Qt::AlignVertical_Mask))
        flags |= Qt::AlignVCenter;
    p.drawText(contentsRect(), flags, displayedText());
}

bool ElidedLabel::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip && toolTip().isEmpty() && isElided()) {
        QToolTip::showText(static_cast<QHelpEvent *>(event)->globalPos(), text(), this);
        return true;
    }
    return QLabel::event(event);
}

} // namespace RepoLens
