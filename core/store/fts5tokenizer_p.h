#pragma once

#include "ftspretokens.h"

#include "core/base/result.h"

#include <sqlite3.h>

#include <memory>

namespace RepoLens {

// The FTS5 extension API of a connection ("SQLite has no FTS5" when it is not compiled in).
Result<fts5_api *> fts5ApiOf(sqlite3 *db);

// Registers the FTS5 tokenizers "repolens" (codetokens.h) and "repolens_pre" (ftspretokens.h)
// on a connection. Must be called on every connection before an FTS table is touched.
Result<void> registerCodeTokenizer(sqlite3 *db);

// A pre-tokenizer with `instances` stemmers, made on the connection's thread (the stemmers come
// from its FTS5 API); encode() may then be called from as many threads at once.
Result<std::unique_ptr<FtsPreTokenizer>> makePreTokenizer(sqlite3 *db, int instances);

} // namespace RepoLens
