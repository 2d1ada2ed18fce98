#pragma once

// A small repository written to a temporary folder and indexed by the real indexer: the
// fixture of the tool tests (and, through `repolens-cli mcp`, of the MCP client test, which
// writes the same files from tests/tools/fixture.json).

#include "core/index/indexer.h"
#include "core/store/indexstore.h"
#include "core/tools/tool.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace RepoLens::ToolTest {

// path -> content (tests/tools/fixture.json is the source, shared with the MCP SDK test)
inline QHash<QString, QByteArray> fixtureFiles()
{
    QFile f(QStringLiteral(REPOLENS_SOURCE_DIR "/tests/tools/fixture.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("tests/tools/fixture.json is missing");
    const QJsonObject obj = QJsonDocument::fromJson(f.readAll()).object();
    QHash<QString, QByteArray> out;
    for (auto it = obj.constBegin(); it != obj.constEnd(); ++it)
        out.insert(it.key(), it.value().toString().toUtf8());
    return out;
}

inline bool writeFixture(const QString &root)
{
    const auto files = fixtureFiles();
    for (auto it = files.cbegin(); it != files.cend(); ++it) {
        const QString path = root + u'/' + it.key();
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(it.value()) != it.value().size())
            return false;
    }
    return true;
}

class FixtureHost : public ToolHost
{
public:
    QList<RepoHandle> handles;
    IndexActivity state;
    QStringList reindexed;
    QList<RepoHandle> repos() const override { return handles; }
    IndexActivity activity(const QString &) const override { return state; }
    Result<QString> reindex(const QString &repo, bool full) override
    {
        const_cast<FixtureHost *>(this)->reindexed << repo + (full ? QStringLiteral(":full") : QString());
        return QStringLiteral("started");
    }
};

} // namespace RepoLens::ToolTest
