#pragma once

#include <QString>

namespace RepoLens {

// The one place where text a tool returns (read, search snippets, grep lines, outline
// signatures) passes the withholding stage of core/base/secrets.h: every secret span is
// replaced by "[withheld: KIND]". Whatever those rules learn, every tool and every adapter (MCP,
// agent mode, CLI) withholds the same. `found` counts the replacements.
QString withholdSecrets(const QString &text, int *found = nullptr);

} // namespace RepoLens
