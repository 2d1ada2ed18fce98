#include "fts5tokenizer_p.h"

#include "codetokens.h"

namespace RepoLens {

namespace {

struct Tokenizer
{
    int unused = 0;
};

int xCreate(void *, const char **, int, Fts5Tokenizer **out)
{
    *out = reinterpret_cast<Fts5Tokenizer *>(new Tokenizer);
    return SQLITE_OK;
}

void xDelete(Fts5Tokenizer *t)
{
    delete reinterpret_cast<Tokenizer *>(t);
}

int xTokenize(Fts5Tokenizer *, void *ctx, int flags, const char *text, int size,
              int (*xToken)(void *, int, const char *, int, int, int))
{
    // Queries are built term by term by the search layer: no parts there.
    const bool query = (flags & FTS5_TOKENIZE_QUERY) != 0;
    int rc = SQLITE_OK;
    forEachCodeToken(QByteArrayView(text, size), !query, [&](QByteArrayView token, bool part, int start, int end) {
        if (rc != SQLITE_OK)
            return;
        rc = xToken(ctx, part ? FTS5_TOKEN_COLOCATED : 0, token.data(), int(token.size()), start, end);
    });
    return rc;
}

} // namespace

Result<fts5_api *> fts5ApiOf(sqlite3 *db)
{
    fts5_api *api = nullptr;
    sqlite3_stmt *stmt = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &stmt, nullptr) != SQLITE_OK)
        return makeError(ErrorCode::Unsupported, QStringLiteral("SQLite has no FTS5"));
    sqlite3_bind_pointer(stmt, 1, static_cast<void *>(&api), "fts5_api_ptr", nullptr);
    sqlite3_step(stmt);
    sqlite3_finalize(stmt);
    if (!api)
        return makeError(ErrorCode::Unsupported, QStringLiteral("SQLite has no FTS5"));
    return api;
}

Result<void> registerCodeTokenizer(sqlite3 *db)
{
    auto found = fts5ApiOf(db);
    if (!found)
        return found.error();
    fts5_api *api = *found;
    static fts5_tokenizer tokenizer{&xCreate, &xDelete, &xTokenize};
    if (api->xCreateTokenizer(api, "repolens", nullptr, &tokenizer, nullptr) != SQLITE_OK)
        return makeError(ErrorCode::Database, QStringLiteral("could not register the FTS5 tokenizer"));
    return {};
}

} // namespace RepoLens
