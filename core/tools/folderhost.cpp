#include "folderhost.h"

#include "core/store/writerlock.h"

#include <QFileInfo>

#include <unistd.h>

namespace RepoLens {

FixedFolders::FixedFolders(QList<RepoHandle> repos)
    : m_repos(std::move(repos))
{
}

RepoHandle FixedFolders::handleFor(const QString &root, const QString &databasePath)
{
    QString name = QFileInfo(root).fileName();
    if (name.isEmpty())
        name = QStringLiteral("root");
    return RepoHandle{name, root, databasePath};
}

IndexActivity FixedFolders::activity(const QString &repoName) const
{
    IndexActivity a;
    for (const RepoHandle &r : m_repos) {
        if (r.name != repoName)
            continue;
        if (const auto holder = IndexWriterLock::holder(r.databasePath)) {
            if (holder->pid == qint64(::getpid()))
                a.indexing = true; // this process writes it (the app's indexer)
            else
                a.otherWriter = holder->describe();
        }
    }
    return a;
}

} // namespace RepoLens
