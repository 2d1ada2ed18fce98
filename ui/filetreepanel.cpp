#include "filetreepanel.h"

#include "filetreemodel.h"

#include <QAction>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QKeyEvent>
#include <QLineEdit>
#include <QScrollBar>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

#include <functional>

namespace RepoLens {

FileTreePanel::FileTreePanel(QWidget *parent)
    : QWidget(parent)
{
    m_model = new FileTreeModel(this);
    m_proxy = new FileFilterProxy(this);
    m_proxy->setSourceModel(m_model);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(4, 4, 4, 4);
    bar->setSpacing(2);
    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("fileFilter"));
    m_filter->setPlaceholderText(tr("Filter files (name or *.glob)"));
    m_filter->setClearButtonEnabled(true);
    m_filter->installEventFilter(this); // Esc clears it
    m_showIgnored = new QToolButton(this);
    m_showIgnored->setCheckable(true);
    m_showIgnored->setChecked(true);
    m_showIgnored->setAutoRaise(true);
    m_showIgnored->setText(tr("All"));
    m_showIgnored->setToolTip(tr("Show files that are not indexed (ignored, binary, too large)"));
    bar->addWidget(m_filter, 1);
    bar->addWidget(m_showIgnored);
    layout->addLayout(bar);

    m_view = new QTreeView(this);
    m_view->setObjectName(QStringLiteral("fileTree"));
    m_view->setModel(m_proxy);
    m_view->setHeaderHidden(true);
    m_view->setUniformRowHeights(true);
    m_view->setAnimated(false);
    m_view->setFrameShape(QFrame::NoFrame);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setExpandsOnDoubleClick(true);
    // Long names scroll sideways rather than being cut.
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_view->setTextElideMode(Qt::ElideMiddle);
    layout->addWidget(m_view, 1);
    m_placeholder = new QLabel(tr("No folder is open.\n\nOpen one with File ▸ Open Folder… (Ctrl+O) or drop it onto "
                                  "the window."),
                               this);
    m_placeholder->setObjectName(QStringLiteral("fileTreePlaceholder"));
    m_placeholder->setTextFormat(Qt::PlainText);
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setContentsMargins(12, 12, 12, 12);
    m_placeholder->setForegroundRole(QPalette::PlaceholderText);
    m_placeholder->setAutoFillBackground(true);
    m_placeholder->setBackgroundRole(QPalette::Base);
    layout->addWidget(m_placeholder, 1);

    m_summary = new QLabel(this);
    m_summary->setContentsMargins(6, 3, 6, 3);
    m_summary->setForegroundRole(QPalette::PlaceholderText);
    m_summary->setTextFormat(Qt::PlainText);
    layout->addWidget(m_summary);

    auto *filterTimer = new QTimer(this);
    filterTimer->setSingleShot(true);
    filterTimer->setInterval(150);
    connect(m_filter, &QLineEdit::textChanged, filterTimer, qOverload<>(&QTimer::start));
    connect(filterTimer, &QTimer::timeout, this, &FileTreePanel::applyFilter);
    connect(m_showIgnored, &QToolButton::toggled, this, [this](bool on) {
        m_proxy->setShowNotIndexed(on);
    });
    auto open = [this](const QModelIndex &index) {
        if (index.isValid() && !index.data(FileTreeModel::IsDirRole).toBool())
            Q_EMIT fileActivated(index.data(FileTreeModel::PathRole).toString());
    };
    connect(m_view, &QTreeView::activated, this, open);
    connect(m_view, &QTreeView::clicked, this, open);
    connect(m_model, &QAbstractItemModel::modelAboutToBeReset, this, &FileTreePanel::saveViewState);
    connect(m_model, &QAbstractItemModel::modelReset, this, &FileTreePanel::restoreViewState);
    for (QAbstractItemModel *model : {static_cast<QAbstractItemModel *>(m_model), static_cast<QAbstractItemModel *>(m_proxy)}) {
        connect(model, &QAbstractItemModel::modelReset, this, &FileTreePanel::updatePlaceholder);
        connect(model, &QAbstractItemModel::rowsInserted, this, &FileTreePanel::updatePlaceholder);
        connect(model, &QAbstractItemModel::rowsRemoved, this, &FileTreePanel::updatePlaceholder);
        connect(model, &QAbstractItemModel::layoutChanged, this, &FileTreePanel::updatePlaceholder);
    }
    m_emptyText = m_placeholder->text();
    updatePlaceholder();
}

bool FileTreePanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_filter && event->type() == QEvent::KeyPress
        && static_cast<QKeyEvent *>(event)->key() == Qt::Key_Escape && !m_filter->text().isEmpty()) {
        m_filter->clear();
        applyFilter();
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

void FileTreePanel::setPlaceholderText(const QString &text)
{
    m_emptyText = text;
    updatePlaceholder();
}

void FileTreePanel::updatePlaceholder()
{
    const bool empty = m_model->rowCount() == 0;
    // A filter that matches nothing says so (and how to get the files back).
    const bool noMatch = !empty && m_proxy->rowCount() == 0;
    if (noMatch)
        m_placeholder->setText(m_proxy->pattern().isEmpty()
                                   ? tr("Every file here is not indexed; “All” shows them.")
                                   : tr("No file matches “%1”.\n\nClear the filter (Esc) to see every file.")
                                         .arg(m_proxy->pattern()));
    else
        m_placeholder->setText(m_emptyText);
    m_view->setVisible(!empty && !noMatch);
    m_placeholder->setVisible(empty || noMatch);
}

void FileTreePanel::saveViewState()
{
    m_expanded.clear();
    std::function<void(const QModelIndex &)> walk = [&](const QModelIndex &parent) {
        for (int r = 0; r < m_proxy->rowCount(parent); ++r) {
            const QModelIndex i = m_proxy->index(r, 0, parent);
            if (m_view->isExpanded(i)) {
                m_expanded << i.data(FileTreeModel::PathRole).toString();
                walk(i);
            }
        }
    };
    walk(QModelIndex());
    m_currentPath = m_view->currentIndex().data(FileTreeModel::PathRole).toString();
    m_scroll = m_view->verticalScrollBar()->value();
}

void FileTreePanel::restoreViewState()
{
    for (const QString &path : std::as_const(m_expanded)) {
        const QModelIndex i = m_proxy->mapFromSource(m_model->indexForPath(path));
        if (i.isValid())
            m_view->expand(i);
    }
    if (!m_currentPath.isEmpty()) {
        const QModelIndex i = m_proxy->mapFromSource(m_model->indexForPath(m_currentPath));
        if (i.isValid())
            m_view->setCurrentIndex(i);
    }
    m_view->verticalScrollBar()->setValue(m_scroll);
    m_expanded.clear();
}

void FileTreePanel::applyFilter()
{
    m_proxy->setPattern(m_filter->text());
    if (!m_filter->text().trimmed().isEmpty())
        m_view->expandAll();
    updatePlaceholder();
}

void FileTreePanel::revealPath(const QString &relPath)
{
    const QModelIndex source = m_model->indexForPath(relPath);
    if (!source.isValid())
        return;
    // Hidden by the filter the user typed: the filter stays (the file opens in the viewer
    // anyway); the tree only follows files it shows.
    const QModelIndex index = m_proxy->mapFromSource(source);
    if (!index.isValid())
        return;
    for (QModelIndex p = index.parent(); p.isValid(); p = p.parent())
        m_view->expand(p);
    m_view->setCurrentIndex(index);
    m_view->scrollTo(index, QAbstractItemView::PositionAtCenter);
}

void FileTreePanel::setSummary(const QString &text)
{
    m_summary->setText(text);
    m_summary->setVisible(!text.isEmpty());
}

} // namespace RepoLens
