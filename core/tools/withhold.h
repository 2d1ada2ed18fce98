#pragma once

#include <QString>

namespace RepoLens {

// The one place where text a tool returns (read, search snippets, grep lines, outline
// signatures) passes the credential rules of core/base/secrets.h: every finding is replaced by
// "[withheld credential]". Whatever those rules learn, every tool and every adapter (MCP,
// agent mode, CLI) withholds the same. `found` counts the replacements.
QString withholdSecrets(const QString &text, int *found = nullptr);

} // namespace RepoLens
