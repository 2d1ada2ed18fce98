#include "gotosymboldialog.h"

#include "async.h"
#include "fuzzymatch.h"

#include <QCoreApplication>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace RepoLens {

namespace {

constexpr int kShown = 200;
constexpr int kMatchOnWorker = 5000; // more entries than this: match off the GUI thread

} // namespace

GoToSymbolDialog::GoToSymbolDialog(const QString &placeholder, QWidget *parent)
    : QDialog(parent, Qt::Popup)
    , m_entries(std::make_shared<const QList<Entry>>())
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    m_edit = new QLineEdit(this);
    m_edit->setPlaceholderText(placeholder);
    m_list = new QListWidget(this);
    m_list->setUniformItemSizes(true);
    m_list->setFrameShape(QFrame::NoFrame);
    m_status = new QLabel(this);
    m_status->setEnabled(false);
    layout->addWidget(m_edit);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_status);
    m_edit->installEventFilter(this);
    connect(m_edit, &QLineEdit::textChanged, this, &GoToSymbolDialog::refilter);
    connect(m_list, &QListWidget::itemActivated, this, &GoToSymbolDialog::accept);
}

void GoToSymbolDialog::setEntries(QList<Entry> entries)
{
    m_entries = std::make_shared<const QList<Entry>>(std::move(entries));
    refilter();
}

void GoToSymbolDialog::setLoading()
{
    m_entries = std::make_shared<const QList<Entry>>();
    ++m_generation;
    m_list->clear();
    m_status->setText(tr("Loading symbols…"));
}

void GoToSymbolDialog::popup()
{
    if (QWidget *p = parentWidget()) {
        const int w = std::min(720, p->width() - 40);
        const int h = std::min(440, p->height() - 80);
        resize(w, h);
        move(p->mapToGlobal(QPoint((p->width() - w) / 2, 60)));
    }
    m_edit->clear();
    refilter();
    QDialog::show();
    m_edit->setFocus(Qt::PopupFocusReason);
}

QList<int> GoToSymbolDialog::rank(const QList<Entry> &entries, const QString &pattern, int limit)
{
    QList<int> out;
    if (pattern.isEmpty()) {
        for (int i = 0; i < entries.size() && i < limit; ++i)
            out.append(i);
        return out;
    }
    // "Cache#read" / "Cache.read" / "cache::rd": the part before the last separator must match
    // the qualified name, the rest the name; a plain pattern matches the name or the whole
    // qualified name.
    struct Scored
    {
        int score;
        int index;
    };
    std::vector<Scored> scored;
    const bool qualified = pattern.contains(u'.') || pattern.contains(u':') || pattern.contains(u'#')
                           || pattern.contains(u'\\');
    for (int i = 0; i < entries.size(); ++i) {
        const Entry &e = entries.at(i);
        int score = -1;
        if (qualified) {
            score = fuzzyScore(pattern, e.qualifiedName);
        } else {
            const int byName = fuzzyScore(pattern, e.name);
            score = byName >= 0 ? byName + 8 : -1; // the name itself matters most
            if (score < 0)
                score = fuzzyScore(pattern, e.qualifiedName) / 2;
            if (score == 0)
                score = -1;
        }
        if (score >= 0)
            scored.push_back({score, i});
    }
    std::stable_sort(scored.begin(), scored.end(), [&](const Scored &a, const Scored &b) {
        if (a.score != b.score)
            return a.score > b.score;
        return entries.at(a.index).name.size() < entries.at(b.index).name.size();
    });
    for (size_t k = 0; k < scored.size() && int(k) < limit; ++k)
        out.append(scored[k].index);
    return out;
}

void GoToSymbolDialog::refilter()
{
    const quint64 generation = ++m_generation;
    const QString pattern = m_edit->text().trimmed();
    const auto entries = m_entries;
    if (entries->size() <= kMatchOnWorker) {
        showMatches(rank(*entries, pattern, kShown));
        return;
    }
    runAsync(
        this, [entries, pattern] { return rank(*entries, pattern, kShown); },
        [this, generation, entries](QList<int> indexes) {
            if (generation == m_generation && entries == m_entries)
                showMatches(indexes);
        });
}

void GoToSymbolDialog::showMatches(const QList<int> &indexes)
{
    m_list->clear();
    const QList<Entry> &entries = *m_entries;
    for (int i : indexes) {
        const Entry &e = entries.at(i);
        QString text = e.qualifiedName.isEmpty() ? e.name : e.qualifiedName;
        if (!e.kind.isEmpty())
            text += QStringLiteral("    ") + e.kind;
        if (!e.path.isEmpty())
            text += QStringLiteral("    %1:%2").arg(e.path).arg(e.line);
        auto *item = new QListWidgetItem(text, m_list);
        item->setData(Qt::UserRole, i);
        item->setToolTip(e.path.isEmpty() ? e.qualifiedName : e.path + u':' + QString::number(e.line));
    }
    if (m_list->count() > 0)
        m_list->setCurrentRow(0);
    if (entries.isEmpty())
        m_status->setText(tr("No symbols."));
    else
        m_status->setText(tr("%n of %1 symbol(s)", nullptr, int(indexes.size())).arg(entries.size()));
    Q_EMIT filtered(int(indexes.size()));
}

void GoToSymbolDialog::accept()
{
    if (QListWidgetItem *item = m_list->currentItem()) {
        const int i = item->data(Qt::UserRole).toInt();
        if (i >= 0 && i < m_entries->size()) {
            const Entry &e = m_entries->at(i);
            Q_EMIT symbolChosen(e.path, e.line);
        }
    }
    QDialog::accept();
}

bool GoToSymbolDialog::eventFilter(QObject *watched, QEvent *event)
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
