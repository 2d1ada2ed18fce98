#pragma once

#include <QString>
#include <QStringList>

#include <atomic>

namespace RepoLens {

struct McpCommandOptions
{
    QStringList folders;        // canonical; empty: the client's roots, else the current folder
    QString dataDir;
    int httpPort = -1;          // -1: stdio
    QString host = QStringLiteral("127.0.0.1");
    bool allowRemote = false;
    bool auth = true;
    QString token;              // empty: a random one
    bool watch = true;
};

// `repolens-cli mcp`: the MCP server over stdio (the default) or Streamable HTTP.
int runMcp(const McpCommandOptions &options, const std::atomic_bool *stop);

} // namespace RepoLens
