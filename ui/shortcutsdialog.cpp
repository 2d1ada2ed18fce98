#include "shortcutsdialog.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace RepoLens {

namespace {

void addMenu(QTreeWidget *tree, const QMenu *menu, const QString &prefix)
{
    QTreeWidgetItem *group = nullptr;
    for (QAction *action : menu->actions()) {
        if (action->isSeparator())
            continue;
        if (action->menu()) {
            addMenu(tree, action->menu(), prefix + QString(action->text()).remove(u'&') + QStringLiteral(" ▸ "));
            continue;
        }
        if (action->shortcut().isEmpty())
            continue;
        if (!group) {
            group = new QTreeWidgetItem(tree);
            group->setText(0, QString(prefix).chopped(3));
            group->setFirstColumnSpanned(true);
            QFont f = group->font(0);
            f.setWeight(QFont::DemiBold);
            group->setFont(0, f);
        }
        auto *item = new QTreeWidgetItem(group);
        item->setText(0, QString(action->text()).remove(u'&').remove(QStringLiteral("…")));
        QStringList keys;
        for (const QKeySequence &k : action->shortcuts())
            keys << k.toString(QKeySequence::NativeText);
        item->setText(1, keys.join(QStringLiteral(", ")));
    }
}

} // namespace

ShortcutsDialog::ShortcutsDialog(const QMenuBar *menuBar, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Keyboard Shortcuts"));
    auto *layout = new QVBoxLayout(this);
    auto *tree = new QTreeWidget(this);
    tree->setColumnCount(2);
    tree->setHeaderLabels({tr("Command"), tr("Shortcut")});
    tree->setRootIsDecorated(false);
    tree->setUniformRowHeights(true);
    for (QAction *a : menuBar->actions()) {
        if (a->menu())
            addMenu(tree, a->menu(), QString(a->text()).remove(u'&') + QStringLiteral(" ▸ "));
    }
    auto *editor = new QTreeWidgetItem(tree);
    editor->setText(0, tr("Code viewer"));
    editor->setFirstColumnSpanned(true);
    QFont f = editor->font(0);
    f.setWeight(QFont::DemiBold);
    editor->setFont(0, f);
    const QList<QPair<QString, QString>> extra = {
        {tr("Go to definition"), tr("Ctrl+Click")},
        {tr("Definition and usage count"), tr("Hover over a name")},
        {tr("Find next / previous in the find bar"), tr("F3 / Shift+F3")},
        {tr("Send question"), tr("Enter (Shift+Enter: new line)")},
    };
    for (const auto &[what, keys] : extra) {
        auto *item = new QTreeWidgetItem(editor);
        item->setText(0, what);
        item->setText(1, keys);
    }
    tree->expandAll();
    tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    tree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    layout->addWidget(tree);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(520, 560);
}

} // namespace RepoLens
