#pragma once

#include "tool.h"

namespace RepoLens {

// A ToolHost over a fixed list of folders that this process does not index itself (the CLI's
// agent mode, the app's chat): activity() only tells whether another process writes the index
// (its writer lock); reindex is not offered.
class FixedFolders : public ToolHost
{
public:
    explicit FixedFolders(QList<RepoHandle> repos);
    // One folder named after its directory.
    static RepoHandle handleFor(const QString &root, const QString &databasePath);

    QList<RepoHandle> repos() const override { return m_repos; }
    IndexActivity activity(const QString &repoName) const override;

private:
    QList<RepoHandle> m_repos;
};

} // namespace RepoLens
