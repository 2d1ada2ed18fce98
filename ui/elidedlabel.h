#pragma once

#include <QLabel>

namespace RepoLens {

// A plain-text QLabel that may be narrower than its text: it paints "…" where the text is
// cut (Qt::ElideRight by default) instead of clipping it, and asks for little minimum width,
// so long status texts and paths never push a window wider than the screen. The full text is
// the tooltip while it is cut (unless a tooltip was set).
class ElidedLabel : public QLabel
{
    Q_OBJECT
public:
    explicit ElidedLabel(const QString &text = {}, QWidget *parent = nullptr);

    void setElideMode(Qt::TextElideMode mode);
    Qt::TextElideMode elideMode() const { return m_elide; }
    QString displayedText() const; // what is painted at the current width
    bool isElided() const { return displayedText() != text(); }

    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;

private:
    Qt::TextElideMode m_elide = Qt::ElideRight;
};

} // namespace RepoLens
