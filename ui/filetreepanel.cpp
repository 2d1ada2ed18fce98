#include "filetreepanel.h"

#include "filetreemodel.h"

#include <QAction>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

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
    m_view->header()->setStretchLastSection(true);
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
    connect(m_model, &QAbstractItemModel::modelReset, this, &FileTreePanel::updatePlaceholder);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &FileTreePanel::updatePlaceholder);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &FileTreePanel::updatePlaceholder);
    updatePlaceholder();
}

void FileTreePanel::setPlaceholderText(const QString &text)
{
    m_placeholder->setText(text);
}

void FileTreePanel::updatePlaceholder()
{
    const bool empty = m_model->rowCount() == 0;
    m_view->setVisible(!empty);
    m_placeholder->setVisible(empty);
}

void FileTreePanel::applyFilter()
{
    m_proxy->setPattern(m_filter->text());
    if (!m_filter->text().trimmed().isEmpty())
        m_view->expandAll();
}

void FileTreePanel::revealPath(const QString &relPath)
{
    const QModelIndex source = m_model->indexForPath(relPath);
    if (!source.isValid())
        return;
    QModelIndex index = m_proxy->mapFromSource(source);
    if (!index.isValid() && !m_proxy->pattern().isEmpty()) {
        // The filter hides it: show everything again.
        const QSignalBlocker blocker(m_filter);
        m_filter->clear();
        applyFilter();
        index = m_proxy->mapFromSource(source);
    }
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
