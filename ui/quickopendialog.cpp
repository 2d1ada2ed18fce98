#include "quickopendialog.h"

#include <QCoreApplication>
#include <QKeyEvent>
#include <QLineEdit>
#include <QListWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace RepoLens {

QuickOpenDialog::QuickOpenDialog(QWidget *parent)
    : QDialog(parent, Qt::Popup)
{
    setObjectName(QStringLiteral("quickOpen"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    m_edit = new QLineEdit(this);
    m_edit->setPlaceholderText(tr("Type part of a file name…"));
    m_list = new QListWidget(this);
    m_list->setUniformItemSizes(true);
    m_list->setFrameShape(QFrame::NoFrame);
    layout->addWidget(m_edit);
    layout->addWidget(m_list, 1);
    m_edit->installEventFilter(this);
    connect(m_edit, &QLineEdit::textChanged, this, &QuickOpenDialog::refilter);
    connect(m_list, &QListWidget::itemActivated, this, &QuickOpenDialog::accept);
}

void QuickOpenDialog::setFiles(const QStringList &paths)
{
    m_files = paths;
    refilter();
}

void QuickOpenDialog::popup()
{
    if (QWidget *p = parentWidget()) {
        const int w = std::min(640, p->width() - 40);
        const int h = std::min(420, p->height() - 80);
        resize(w, h);
        const QPoint topLeft = p->mapToGlobal(QPoint((p->width() - w) / 2, 60));
        move(topLeft);
    }
    m_edit->clear();
    refilter();
    show();
    m_edit->setFocus(Qt::PopupFocusReason);
}

int QuickOpenDialog::matchScore(QStringView pattern, QStringView path)
{
    if (pattern.isEmpty())
        return 0;
    const qsizetype slash = path.lastIndexOf(u'/');
    const QStringView name = path.mid(slash + 1);
    // Exact substring of the name is best, then of the path, then letters in order.
    if (const qsizetype i = name.indexOf(pattern, 0, Qt::CaseInsensitive); i >= 0)
        return 1000 - int(i) * 5 - int(name.size() - pattern.size());
    if (const qsizetype i = path.indexOf(pattern, 0, Qt::CaseInsensitive); i >= 0)
        return 600 - int(path.size() - pattern.size());
    qsizetype p = 0;
    int gaps = 0;
    qsizetype last = -1;
    for (qsizetype i = 0; i < path.size() && p < pattern.size(); ++i) {
        if (path.at(i).toLower() == pattern.at(p).toLower()) {
            if (last >= 0 && i != last + 1)
                ++gaps;
            last = i;
            ++p;
        }
    }
    if (p < pattern.size())
        return -1;
    return 300 - gaps * 10 - int(path.size()) / 4 + (last > slash ? 50 : 0);
}

void QuickOpenDialog::refilter()
{
    m_list->clear();
    const QString pattern = m_edit->text().trimmed();
    QList<QPair<int, const QString *>> matches;
    for (const QString &f : std::as_const(m_files)) {
        const int score = matchScore(pattern, f);
        if (score >= 0)
            matches.append({score, &f});
    }
    std::stable_sort(matches.begin(), matches.end(),
                     [](const auto &a, const auto &b) { return a.first > b.first; });
    const int shown = std::min<int>(200, int(matches.size()));
    for (int i = 0; i < shown; ++i) {
        const QString &path = *matches.at(i).second;
        auto *item = new QListWidgetItem(path.section(u'/', -1) + QStringLiteral("    ") + path, m_list);
        item->setData(Qt::UserRole, path);
        item->setToolTip(path);
    }
    if (m_list->count() > 0)
        m_list->setCurrentRow(0);
}

void QuickOpenDialog::accept()
{
    QListWidgetItem *item = m_list->currentItem();
    if (item)
        Q_EMIT fileChosen(item->data(Qt::UserRole).toString());
    QDialog::accept();
}

bool QuickOpenDialog::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_edit && event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        switch (key->key()) {
        case Qt::Key_Down:
        case Qt::Key_Up:
        case Qt::Key_PageDown:
        case Qt::Key_PageUp:
            QCoreApplication::sendEvent(m_list, event);
            return true;
        case Qt::Key_Return:
        case Qt::Key_Enter:
            accept();
            return true;
        case Qt::Key_Escape:
            reject();
            return true;
        default:
            break;
        }
    }
    return QDialog::eventFilter(watched, event);
}

} // namespace RepoLens
