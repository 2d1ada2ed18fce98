#pragma once

#include "core/index/indexservice.h"
#include "core/tools/tool.h"

#include <QHash>
#include <QMutex>
#include <QObject>
#include <QStringList>

#include <memory>

namespace RepoLens {

// The folders a server (or another long-lived adapter) answers about, each kept fresh by its
// own IndexService: indexed at start (incrementally: a known folder costs a stat per file),
// watched afterwards, vectors computed behind; when another RepoLens process holds a folder's
// writer lock it waits and takes over. The ToolHost side (repos, activity, reindex) may be
// called from any thread; the rest lives on the thread that made it.
class McpFolders : public QObject, public ToolHost
{
    Q_OBJECT
public:
    explicit McpFolders(QString dataDir, QObject *parent = nullptr);
    ~McpFolders() override;

    // Serves these folders (canonical paths); replaces the previous set. Names are the folder
    // names, made unique with a number.
    void setFolders(const QStringList &roots);
    QStringList folders() const;
    void setIndexing(bool on) { m_indexing = on; } // false: serve what exists, never write
    void setWatch(bool on) { m_watch = on; }

    // ToolHost (thread-safe)
    QList<RepoHandle> repos() const override;
    IndexActivity activity(const QString &repoName) const override;
    Result<QString> reindex(const QString &repoName, bool full) override;

Q_SIGNALS:
    // For the MCP log: "info", "indexing /x: 120 files updated in 0.4 s"
    void logMessage(const QString &level, const QString &text);

private:
    struct Folder
    {
        RepoHandle handle;
        IndexService *service = nullptr;
        IndexActivity activity;
    };
    void startFolder(Folder &folder);
    void update(const QString &name, const std::function<void(IndexActivity &)> &change);

    QString m_dataDir;
    bool m_indexing = true;
    bool m_watch = true;
    mutable QMutex m_mutex; // guards m_folders' handles and activities
    QList<Folder> m_folders;
};

} // namespace RepoLens
