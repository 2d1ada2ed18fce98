#pragma once

#include "core/base/result.h"

#include <sqlite3.h>

namespace RepoLens {

// Registers the "repolens" FTS5 tokenizer (see codetokens.h) on a connection. Must be called
// on every connection before the FTS table is touched.
Result<void> registerCodeTokenizer(sqlite3 *db);

} // namespace RepoLens
