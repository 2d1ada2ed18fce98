#pragma once

#include "core/base/filestatus.h"
#include "core/parse/language.h"

#include <QAbstractItemModel>
#include <QHash>
#include <QIcon>
#include <QSortFilterProxyModel>

#include <memory>
#include <vector>

namespace RepoLens {

// One file or (ignored / unreadable) folder of the opened tree with its index status.
struct FileEntry
{
    QString path; // root-relative, '/' separated
    FileStatus status = FileStatus::Pending;
    QString reason;
    bool isDir = false;
};

// The opened folder as a tree, built from snapshots (scanner + index statuses) made on a
// worker thread. setEntries() updates statuses in place; when files come or go it rebuilds
// the tree (a model reset: FileTreePanel keeps expansion and selection across it). A folder
// whose only entry is another folder shows with it on one row ("src/main/java/com/google"),
// as IDEs compact Java packages, so deep trees fit a narrow dock.
class FileTreeModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Roles { PathRole = Qt::UserRole + 1, StatusRole, ReasonRole, IsDirRole };

    explicit FileTreeModel(QObject *parent = nullptr);
    ~FileTreeModel() override;

    void clear();
    void setEntries(const QList<FileEntry> &entries);
    // Changes statuses only (entries not in the tree are ignored).
    void updateStatuses(const QList<FileEntry> &entries);

    QModelIndex indexForPath(const QString &path) const;
    QStringList filePaths(bool indexableOnly) const;
    int fileCount() const { return m_fileCount; }
    // Files (not folders, not ignored-folder entries) indexed (parse errors included) and not
    // indexed (greyed out); the rest are waiting.
    void countFiles(int *indexed, int *notIndexed) const;

    static QString statusText(FileStatus status);
    static bool isGreyedOut(FileStatus status);

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

private:
    struct Node
    {
        QString name;
        QString path;
        bool isDir = false;
        bool walked = false; // a folder we descended into (not an ignored folder entry)
        FileStatus status = FileStatus::Pending;
        QString reason;
        Node *parent = nullptr;
        std::vector<std::unique_ptr<Node>> children;
        int row = 0;
        bool seen = false;
    };

    Node *nodeFor(const QModelIndex &index) const;
    QModelIndex indexFor(Node *node) const;
    bool isCompacted(const Node *node) const; // shown on one row with its only child folder
    Node *tailOf(Node *node) const;
    Node *headOf(Node *node) const;
    bool changesStructure(const QList<FileEntry> &entries) const;
    Node *ensureNode(const QString &path, bool isDir, bool notify);
    Node *ensureChild(Node *parent, const QString &name, bool isDir, bool notify);
    void removeUnseen(Node *node);
    void clearSeen(Node *node);
    void renumber(Node *parent, int from);
    void setStatus(Node *node, const FileEntry &entry, bool notify);

    std::unique_ptr<Node> m_root;
    QHash<QString, Node *> m_byPath;
    int m_fileCount = 0;
    QIcon m_folderIcon;
    QIcon m_fileIcon;
    QIcon m_warningIcon;
};

// Filters by a substring or a glob (`*.py`, `src/**/test_*`) of the path, keeping the folders
// on the way to a match; can hide files the index does not cover.
class FileFilterProxy : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit FileFilterProxy(QObject *parent = nullptr);

    void setPattern(const QString &pattern);
    QString pattern() const { return m_pattern; }
    void setShowNotIndexed(bool show);
    bool showNotIndexed() const { return m_showNotIndexed; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QString m_pattern;
    bool m_glob = false;
    bool m_showNotIndexed = true;
};

} // namespace RepoLens
