#include "referencespanel.h"

#include "codetheme.h"

#include <QHeaderView>
#include <QLabel>
#include <QMap>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace RepoLens {

namespace {
constexpr int kPathRole = Qt::UserRole + 1;
constexpr int kLineRole = Qt::UserRole + 2;
constexpr int kEndLineRole = Qt::UserRole + 3;
} // namespace

ReferencesPanel::ReferencesPanel(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    m_title = new QLabel(tr("Use Find References (Shift+F12) on a symbol to list its usages here."), this);
    m_title->setTextFormat(Qt::PlainText);
    m_title->setWordWrap(true);
    m_title->setContentsMargins(6, 4, 6, 4);
    layout->addWidget(m_title);
    m_tree = new QTreeWidget(this);
    m_tree->setObjectName(QStringLiteral("referencesTree"));
    m_tree->setColumnCount(3);
    m_tree->setHeaderLabels({tr("Location"), tr("Kind"), tr("Code")});
    m_tree->setRootIsDecorated(true);
    m_tree->setUniformRowHeights(true);
    m_tree->setFrameShape(QFrame::NoFrame);
    m_tree->setAlternatingRowColors(false);
    m_tree->header()->setStretchLastSection(true);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Interactive);
    m_tree->setColumnWidth(0, 320);
    m_tree->setColumnWidth(1, 110);
    layout->addWidget(m_tree, 1);
    connect(m_tree, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) {
        const int line = item->data(0, kLineRole).toInt();
        if (line > 0)
            Q_EMIT locationActivated(item->data(0, kPathRole).toString(), line,
                                     item->data(0, kEndLineRole).toInt());
    });
    connect(m_tree, &QTreeWidget::itemClicked, m_tree, &QTreeWidget::itemActivated);
    showTree(false);
}

void ReferencesPanel::showSearching(const QString &title)
{
    setMessage(title);
}

void ReferencesPanel::setMessage(const QString &message)
{
    m_tree->clear();
    m_count = 0;
    m_title->setText(message);
    showTree(false);
}

// With nothing to list, the message fills the panel (centred) instead of sitting above an
// empty table with headers.
void ReferencesPanel::showTree(bool show)
{
    m_tree->setVisible(show);
    m_title->setAlignment(show ? Qt::AlignLeft | Qt::AlignVCenter : Qt::AlignCenter);
    m_title->setSizePolicy(QSizePolicy::Preferred, show ? QSizePolicy::Fixed : QSizePolicy::Expanding);
    m_title->setForegroundRole(show ? QPalette::WindowText : QPalette::PlaceholderText);
}

void ReferencesPanel::setLocations(const QString &title, const QList<CodeLocation> &locations)
{
    m_tree->clear();
    m_count = int(locations.size());
    m_title->setText(title);
    showTree(!locations.isEmpty());
    const QFont code = codeFont();
    // Files in path order; those with only text matches after them, in the order given (member
    // accesses first).
    QMap<QString, QList<const CodeLocation *>> byFile;
    QStringList textOnly;
    for (const CodeLocation &loc : locations) {
        if (loc.textMatch && !byFile.contains(loc.path) && !textOnly.contains(loc.path))
            textOnly << loc.path;
        byFile[loc.path].append(&loc);
    }
    QStringList order;
    for (auto it = byFile.cbegin(); it != byFile.cend(); ++it) {
        if (!textOnly.contains(it.key()))
            order << it.key();
    }
    order += textOnly;
    for (const QString &path : std::as_const(order)) {
        // in a file: the graph's lines as given, then its text matches by line
        QList<const CodeLocation *> &inFile = byFile[path];
        std::stable_sort(inFile.begin(), inFile.end(), [](const CodeLocation *a, const CodeLocation *b) {
            if (a->textMatch != b->textMatch)
                return !a->textMatch;
            return a->textMatch && a->line < b->line;
        });
        auto *fileItem = new QTreeWidgetItem(m_tree);
        fileItem->setText(0, QStringLiteral("%1 (%2)").arg(path).arg(inFile.size()));
        fileItem->setToolTip(0, path);
        QFont bold = fileItem->font(0);
        bold.setWeight(QFont::DemiBold);
        fileItem->setFont(0, bold);
        fileItem->setFirstColumnSpanned(true);
        for (const CodeLocation *loc : inFile) {
            auto *item = new QTreeWidgetItem(fileItem);
            item->setText(0, loc->context.isEmpty() ? tr("line %1").arg(loc->line)
                                                    : tr("line %1 in %2").arg(loc->line).arg(loc->context));
            item->setText(1, loc->kind);
            item->setText(2, loc->text);
            item->setFont(2, code);
            item->setToolTip(2, loc->text);
            item->setData(0, kPathRole, loc->path);
            item->setData(0, kLineRole, loc->line);
            item->setData(0, kEndLineRole, std::max(loc->line, loc->endLine));
            if (loc->textMatch) {
                const QBrush dim = palette().brush(QPalette::PlaceholderText);
                for (int column = 0; column < 3; ++column)
                    item->setForeground(column, dim);
                item->setToolTip(1, tr("Found by text: the reference graph records no usage on this line "
                                       "(a property or field read, a callback, a comment or a string)"));
            }
        }
    }
    m_tree->expandAll();
}

} // namespace RepoLens
