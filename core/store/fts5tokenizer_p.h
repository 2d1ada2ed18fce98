#pragma once

#include "core/base/result.h"

#include <sqlite3.h>

namespace RepoLens {

// The FTS5 extension API of a connection ("SQLite has no FTS5" when it is not compiled in).
Result<fts5_api *> fts5ApiOf(sqlite3 *db);

// Registers the "repolens" FTS5 tokenizer (see codetokens.h) on a connection. Must be called
// on every connection before the FTS table is touched.
Result<void> registerCodeTokenizer(sqlite3 *db);

} // namespace RepoLens
