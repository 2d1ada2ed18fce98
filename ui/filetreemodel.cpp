#include "filetreemodel.h"

#include "core/search/query.h"

#include <QApplication>
#include <QFileIconProvider>
#include <QFont>
#include <QPalette>
#include <QSet>
#include <QStyle>

#include <algorithm>

namespace RepoLens {

namespace {

bool lessThan(bool aDir, const QString &a, bool bDir, const QString &b)
{
    if (aDir != bDir)
        return aDir;
    const int c = QString::compare(a, b, Qt::CaseInsensitive);
    return c != 0 ? c < 0 : a < b;
}

} // namespace

FileTreeModel::FileTreeModel(QObject *parent)
    : QAbstractItemModel(parent)
    , m_root(std::make_unique<Node>())
{
    m_root->isDir = true;
    m_root->walked = true;
    QFileIconProvider icons;
    m_folderIcon = icons.icon(QFileIconProvider::Folder);
    m_fileIcon = icons.icon(QFileIconProvider::File);
    m_warningIcon = qApp->style()->standardIcon(QStyle::SP_MessageBoxWarning);
}

FileTreeModel::~FileTreeModel() = default;

QString FileTreeModel::statusText(FileStatus status)
{
    switch (status) {
    case FileStatus::Pending:
        return tr("Not indexed yet");
    case FileStatus::Indexed:
        return tr("Indexed");
    case FileStatus::Ignored:
        return tr("Ignored");
    case FileStatus::TooLarge:
        return tr("Too large to index");
    case FileStatus::Binary:
        return tr("Binary file");
    case FileStatus::Generated:
        return tr("Generated or minified");
    case FileStatus::Unreadable:
        return tr("Unreadable");
    case FileStatus::ParseError:
        return tr("Indexed as text (parse error)");
    case FileStatus::Unsupported:
        return tr("Unsupported format");
    }
    return QString();
}

bool FileTreeModel::isGreyedOut(FileStatus status)
{
    switch (status) {
    case FileStatus::Ignored:
    case FileStatus::TooLarge:
    case FileStatus::Binary:
    case FileStatus::Generated:
    case FileStatus::Unreadable:
    case FileStatus::Unsupported:
        return true;
    default:
        return false;
    }
}

void FileTreeModel::clear()
{
    beginResetModel();
    m_root->children.clear();
    m_byPath.clear();
    m_fileCount = 0;
    endResetModel();
}

FileTreeModel::Node *FileTreeModel::nodeFor(const QModelIndex &index) const
{
    return index.isValid() ? static_cast<Node *>(index.internalPointer()) : m_root.get();
}

QModelIndex FileTreeModel::indexFor(Node *node) const
{
    if (!node || node == m_root.get())
        return QModelIndex();
    Node *head = headOf(node);
    return createIndex(head->row, 0, head);
}

bool FileTreeModel::isCompacted(const Node *n) const
{
    return n != m_root.get() && n->isDir && n->walked && n->children.size() == 1 && n->children.front()->isDir
           && n->children.front()->walked;
}

FileTreeModel::Node *FileTreeModel::tailOf(Node *n) const
{
    while (isCompacted(n))
        n = n->children.front().get();
    return n;
}

FileTreeModel::Node *FileTreeModel::headOf(Node *n) const
{
    while (n->parent && n->parent != m_root.get() && isCompacted(n->parent))
        n = n->parent;
    return n;
}

void FileTreeModel::renumber(Node *parent, int from)
{
    for (int i = from; i < int(parent->children.size()); ++i)
        parent->children[size_t(i)]->row = i;
}

FileTreeModel::Node *FileTreeModel::ensureChild(Node *parent, const QString &name, bool isDir, bool notify)
{
    auto &kids = parent->children;
    auto it = std::lower_bound(kids.begin(), kids.end(), nullptr,
                               [&](const std::unique_ptr<Node> &n, std::nullptr_t) {
                                   return lessThan(n->isDir, n->name, isDir, name);
                               });
    if (it != kids.end() && (*it)->name == name && (*it)->isDir == isDir)
        return it->get();
    const int row = int(it - kids.begin());
    auto node = std::make_unique<Node>();
    node->name = name;
    node->isDir = isDir;
    node->parent = parent;
    node->path = parent == m_root.get() ? name : parent->path + u'/' + name;
    Node *raw = node.get();
    if (notify)
        beginInsertRows(indexFor(parent), row, row);
    kids.insert(kids.begin() + row, std::move(node));
    renumber(parent, row);
    if (notify)
        endInsertRows();
    m_byPath.insert(raw->path, raw);
    if (!isDir)
        ++m_fileCount;
    return raw;
}

FileTreeModel::Node *FileTreeModel::ensureNode(const QString &path, bool isDir, bool notify)
{
    if (Node *n = m_byPath.value(path); n && n->isDir == isDir) {
        for (Node *up = n; up && up != m_root.get(); up = up->parent)
            up->seen = true;
        return n;
    }
    Node *parent = m_root.get();
    const QStringList parts = path.split(u'/', Qt::SkipEmptyParts);
    for (int i = 0; i < parts.size(); ++i) {
        const bool last = i == parts.size() - 1;
        Node *child = ensureChild(parent, parts.at(i), last ? isDir : true, notify);
        child->seen = true;
        if (!last)
            child->walked = true;
        parent = child;
    }
    return parent;
}

void FileTreeModel::setStatus(Node *node, const FileEntry &entry, bool notify)
{
    if (node->status == entry.status && node->reason == entry.reason)
        return;
    node->status = entry.status;
    node->reason = entry.reason;
    if (notify) {
        const QModelIndex index = indexFor(node);
        Q_EMIT dataChanged(index, index);
    }
}

void FileTreeModel::clearSeen(Node *node)
{
    node->seen = false;
    for (auto &child : node->children)
        clearSeen(child.get());
}

void FileTreeModel::removeUnseen(Node *node)
{
    auto &kids = node->children;
    for (int i = int(kids.size()) - 1; i >= 0; --i) {
        Node *child = kids[size_t(i)].get();
        if (child->seen) {
            removeUnseen(child);
            continue;
        }
        beginRemoveRows(indexFor(node), i, i);
        std::vector<Node *> stack{child};
        while (!stack.empty()) {
            Node *n = stack.back();
            stack.pop_back();
            m_byPath.remove(n->path);
            if (!n->isDir)
                --m_fileCount;
            for (auto &c : n->children)
                stack.push_back(c.get());
        }
        kids.erase(kids.begin() + i);
        renumber(node, i);
        endRemoveRows();
    }
}

bool FileTreeModel::changesStructure(const QList<FileEntry> &entries) const
{
    // New paths, paths that go, or a folder that changes between listed-as-ignored and
    // walked: rows (and the compacted folders) change.
    QSet<QString> paths;
    paths.reserve(entries.size());
    for (const FileEntry &e : entries) {
        const Node *n = m_byPath.value(e.path);
        if (!n || n->isDir != e.isDir || (e.isDir && n->walked))
            return true;
        paths.insert(e.path);
    }
    for (auto it = m_byPath.cbegin(); it != m_byPath.cend(); ++it) {
        const Node *n = it.value();
        if ((!n->isDir || !n->walked) && !paths.contains(it.key()))
            return true;
    }
    return false;
}

void FileTreeModel::setEntries(const QList<FileEntry> &entries)
{
    bool reset = m_root->children.empty();
    if (!reset && changesStructure(entries)) {
        // Rebuilt from scratch: a file or folder came or went.
        beginResetModel();
        m_root->children.clear();
        m_byPath.clear();
        m_fileCount = 0;
        reset = true;
    } else if (reset) {
        beginResetModel();
    }
    clearSeen(m_root.get());
    for (const FileEntry &entry : entries) {
        if (entry.path.isEmpty())
            continue;
        Node *node = ensureNode(entry.path, entry.isDir, !reset);
        node->seen = true;
        if (entry.isDir)
            node->walked = false;
        setStatus(node, entry, !reset);
    }
    if (reset) {
        endResetModel();
    } else {
        removeUnseen(m_root.get());
    }
}

void FileTreeModel::updateStatuses(const QList<FileEntry> &entries)
{
    for (const FileEntry &entry : entries) {
        if (Node *node = m_byPath.value(entry.path))
            setStatus(node, entry, true);
    }
}

QModelIndex FileTreeModel::indexForPath(const QString &path) const
{
    return indexFor(m_byPath.value(path));
}

void FileTreeModel::countFiles(int *indexed, int *notIndexed) const
{
    *indexed = 0;
    *notIndexed = 0;
    for (auto it = m_byPath.cbegin(); it != m_byPath.cend(); ++it) {
        const Node *n = it.value();
        if (n->isDir)
            continue;
        if (isGreyedOut(n->status))
            ++*notIndexed;
        else if (n->status == FileStatus::Indexed || n->status == FileStatus::ParseError)
            ++*indexed;
    }
}

QStringList FileTreeModel::filePaths(bool indexableOnly) const
{
    QStringList out;
    out.reserve(m_fileCount);
    for (auto it = m_byPath.cbegin(); it != m_byPath.cend(); ++it) {
        const Node *n = it.value();
        if (n->isDir)
            continue;
        if (indexableOnly && isGreyedOut(n->status))
            continue;
        out.append(n->path);
    }
    out.sort();
    return out;
}

QModelIndex FileTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (column != 0 || row < 0)
        return QModelIndex();
    Node *p = tailOf(nodeFor(parent));
    if (row >= int(p->children.size()))
        return QModelIndex();
    return createIndex(row, 0, p->children[size_t(row)].get());
}

QModelIndex FileTreeModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return QModelIndex();
    return indexFor(nodeFor(child)->parent);
}

int FileTreeModel::rowCount(const QModelIndex &parent) const
{
    if (parent.column() > 0)
        return 0;
    return int(tailOf(nodeFor(parent))->children.size());
}

int FileTreeModel::columnCount(const QModelIndex &) const
{
    return 1;
}

Qt::ItemFlags FileTreeModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable;
}

QVariant FileTreeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return QVariant();
    const Node *head = nodeFor(index);
    const Node *n = tailOf(const_cast<Node *>(head)); // a compacted row: its deepest folder
    const bool folderEntry = n->isDir && !n->walked; // an ignored / unreadable folder
    switch (role) {
    case Qt::DisplayRole: {
        if (head == n)
            return n->name;
        QString name = head->name;
        for (const Node *c = head; c != n;) {
            c = c->children.front().get();
            name += u'/' + c->name;
        }
        return name;
    }
    case Qt::DecorationRole:
        if (n->status == FileStatus::ParseError || n->status == FileStatus::Unreadable)
            return m_warningIcon;
        return n->isDir ? m_folderIcon : m_fileIcon;
    case Qt::ToolTipRole: {
        if (n->isDir && !folderEntry)
            return n->path;
        QString tip = n->path + u'\n' + statusText(n->status);
        if (!n->reason.isEmpty())
            tip += QStringLiteral(": ") + n->reason;
        return tip;
    }
    case Qt::ForegroundRole:
        if (isGreyedOut(n->status) && (!n->isDir || folderEntry))
            return QApplication::palette().brush(QPalette::Disabled, QPalette::Text);
        return QVariant();
    case Qt::FontRole:
        if (!n->isDir && n->status == FileStatus::Pending) {
            QFont f;
            f.setItalic(true);
            return f;
        }
        return QVariant();
    case PathRole:
        return n->path;
    case StatusRole:
        return int(n->status);
    case ReasonRole:
        return n->reason;
    case IsDirRole:
        return n->isDir;
    default:
        return QVariant();
    }
}

FileFilterProxy::FileFilterProxy(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setRecursiveFilteringEnabled(true);
    setFilterCaseSensitivity(Qt::CaseInsensitive);
}

void FileFilterProxy::setPattern(const QString &pattern)
{
    m_pattern = pattern.trimmed();
    m_glob = m_pattern.contains(u'*') || m_pattern.contains(u'?');
    invalidateFilter();
}

void FileFilterProxy::setShowNotIndexed(bool show)
{
    m_showNotIndexed = show;
    invalidateFilter();
}

bool FileFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    const auto status = FileStatus(index.data(FileTreeModel::StatusRole).toInt());
    const bool isDir = index.data(FileTreeModel::IsDirRole).toBool();
    if (!m_showNotIndexed && FileTreeModel::isGreyedOut(status))
        return false;
    if (m_pattern.isEmpty())
        return true;
    if (isDir && sourceModel()->rowCount(index) > 0)
        return false; // shown when a descendant matches (recursive filtering)
    const QString path = index.data(FileTreeModel::PathRole).toString();
    if (m_glob)
        return globMatch(m_pattern, path) || globMatch(m_pattern.toLower(), path.toLower());
    return path.contains(m_pattern, Qt::CaseInsensitive);
}

} // namespace RepoLens
