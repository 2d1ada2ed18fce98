#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace RepoLens {

// How to register RepoLens' MCP server (`repolens-cli mcp FOLDER`) with each agent: the
// command or configuration for the open folder, as Settings ▸ Integrations shows it (and
// README.md documents it).
struct McpSnippet
{
    QString client;  // "Claude Code", "Codex", ...
    QString where;   // where it goes: "Run in a terminal", "~/.codex/config.toml", ...
    QString text;    // the command or configuration, ready to paste
};

// The repolens-cli next to this program when there is one, else the one on PATH.
QString repolensCliPath();
QList<McpSnippet> mcpSnippets(const QString &cliPath, const QString &folder);

} // namespace RepoLens
