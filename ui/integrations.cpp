#include "integrations.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace RepoLens {

namespace {

// Quoted for a POSIX shell when it needs it.
QString shellQuote(const QString &s)
{
    static const QString safe = QStringLiteral("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%_-+=:,./");
    bool plain = !s.isEmpty();
    for (const QChar c : s)
        plain = plain && safe.contains(c);
    if (plain)
        return s;
    QString out = s;
    out.replace(u'\'', QStringLiteral("'\\''"));
    return u'\'' + out + u'\'';
}

QString json(const QJsonObject &obj)
{
    return QString::fromUtf8(QJsonDocument(obj).toJson(QJsonDocument::Indented)).trimmed();
}

QString tomlString(const QString &s)
{
    QString out = s;
    out.replace(u'\\', QStringLiteral("\\\\")).replace(u'"', QStringLiteral("\\\""));
    return u'"' + out + u'"';
}

} // namespace

QString repolensCliPath()
{
    const QString beside = QCoreApplication::applicationDirPath() + QStringLiteral("/repolens-cli");
    if (QFileInfo(beside).isExecutable())
        return beside;
    const QString app = QCoreApplication::applicationDirPath() + QStringLiteral("/../app/repolens-cli");
    if (QFileInfo(app).isExecutable())
        return QFileInfo(app).canonicalFilePath();
    return QStringLiteral("repolens-cli");
}

QList<McpSnippet> mcpSnippets(const QString &cli, const QString &folder)
{
    const QJsonArray args{QStringLiteral("mcp"), folder};
    const QString command = shellQuote(cli) + QStringLiteral(" mcp ") + shellQuote(folder);
    QList<McpSnippet> out;
    out.append({QStringLiteral("Claude Code"), QCoreApplication::translate("RepoLens::Integrations", "Run in a terminal"),
                QStringLiteral("claude mcp add repolens -- ") + command});
    out.append({QStringLiteral("Codex"), QStringLiteral("~/.codex/config.toml"),
                QStringLiteral("[mcp_servers.repolens]\ncommand = %1\nargs = [\"mcp\", %2]").arg(tomlString(cli), tomlString(folder))});
    out.append({QStringLiteral("Cursor"), QStringLiteral(".cursor/mcp.json"),
                json(QJsonObject{{QStringLiteral("mcpServers"),
                                  QJsonObject{{QStringLiteral("repolens"),
                                               QJsonObject{{QStringLiteral("command"), cli}, {QStringLiteral("args"), args}}}}}})});
    out.append({QStringLiteral("Continue"), QStringLiteral(".continue/mcpServers/repolens.yaml"),
                QStringLiteral("name: RepoLens\nversion: 0.0.1\nschema: v1\nmcpServers:\n  - name: repolens\n"
                               "    command: %1\n    args: [\"mcp\", %2]")
                    .arg(tomlString(cli), tomlString(folder))});
    out.append({QStringLiteral("Zed"), QCoreApplication::translate("RepoLens::Integrations", "settings.json (Zed ▸ Settings)"),
                json(QJsonObject{{QStringLiteral("context_servers"),
                                  QJsonObject{{QStringLiteral("repolens"),
                                               QJsonObject{{QStringLiteral("source"), QStringLiteral("custom")},
                                                           {QStringLiteral("command"), cli},
                                                           {QStringLiteral("args"), args}}}}}})});
    out.append({QCoreApplication::translate("RepoLens::Integrations", "Any client (HTTP)"),
                QCoreApplication::translate("RepoLens::Integrations",
                                            "Run in a terminal; it prints the URL and the bearer token"),
                command + QStringLiteral(" --http 8765")});
    return out;
}

} // namespace RepoLens
