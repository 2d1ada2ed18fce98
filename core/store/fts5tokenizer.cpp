#include "fts5tokenizer_p.h"

#include "codetokens.h"

#include <condition_variable>
#include <mutex>
#include <vector>

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

// "porter repolens" made through a connection's FTS5 API: the stemmer FTS5 itself uses.
struct Stemmer
{
    fts5_tokenizer porter{};
    Fts5Tokenizer *instance = nullptr;

    ~Stemmer()
    {
        if (instance)
            porter.xDelete(instance);
    }

    static std::unique_ptr<Stemmer> make(fts5_api *api)
    {
        auto s = std::make_unique<Stemmer>();
        void *userData = nullptr;
        if (api->xFindTokenizer(api, "porter", &userData, &s->porter) != SQLITE_OK)
            return {};
        const char *args[] = {"repolens"};
        if (s->porter.xCreate(userData, args, 1, &s->instance) != SQLITE_OK) {
            s->instance = nullptr;
            return {};
        }
        return s;
    }

    int tokenize(void *ctx, int flags, const char *text, int size,
                 int (*xToken)(void *, int, const char *, int, int, int)) const
    {
        return porter.xTokenize(instance, ctx, flags, text, size, xToken);
    }
};

constexpr char kNewPosition = ' ';
constexpr char kColocated = '|';

int xCreatePre(void *api, const char **, int, Fts5Tokenizer **out)
{
    auto stemmer = Stemmer::make(static_cast<fts5_api *>(api));
    if (!stemmer)
        return SQLITE_ERROR;
    *out = reinterpret_cast<Fts5Tokenizer *>(stemmer.release());
    return SQLITE_OK;
}

void xDeletePre(Fts5Tokenizer *t)
{
    delete reinterpret_cast<Stemmer *>(t);
}

// Documents are pre-tokenized text (ftspretokens.h), read back token by token; everything else
// (queries) goes through the stemmer as in a "porter repolens" table.
int xTokenizePre(Fts5Tokenizer *t, void *ctx, int flags, const char *text, int size,
                 int (*xToken)(void *, int, const char *, int, int, int))
{
    if (!(flags & FTS5_TOKENIZE_DOCUMENT))
        return reinterpret_cast<Stemmer *>(t)->tokenize(ctx, flags, text, size, xToken);
    int i = 0;
    while (i < size) {
        const char mark = text[i++];
        if (mark != kNewPosition && mark != kColocated)
            continue;
        const int start = i;
        while (i < size && text[i] != kNewPosition && text[i] != kColocated)
            ++i;
        if (i == start)
            continue;
        if (int rc = xToken(ctx, mark == kColocated ? FTS5_TOKEN_COLOCATED : 0, text + start, i - start, start, i);
            rc != SQLITE_OK)
            return rc;
    }
    return SQLITE_OK;
}

} // namespace

class FtsPreTokenizer::Private
{
public:
    std::vector<std::unique_ptr<Stemmer>> all;
    mutable std::mutex mutex;
    mutable std::condition_variable returned;
    mutable std::vector<Stemmer *> idle;
};

FtsPreTokenizer::FtsPreTokenizer(std::unique_ptr<Private> d)
    : d(std::move(d))
{
}

FtsPreTokenizer::~FtsPreTokenizer() = default;

QByteArray FtsPreTokenizer::encode(QByteArrayView utf8) const
{
    Stemmer *stemmer = nullptr;
    {
        std::unique_lock lock(d->mutex);
        d->returned.wait(lock, [&] { return !d->idle.empty(); });
        stemmer = d->idle.back();
        d->idle.pop_back();
    }
    QByteArray out;
    out.reserve(utf8.size() + utf8.size() / 4 + 16);
    auto append = [](void *ctx, int tflags, const char *token, int n, int, int) {
        auto *o = static_cast<QByteArray *>(ctx);
        o->append((tflags & FTS5_TOKEN_COLOCATED) ? kColocated : kNewPosition);
        o->append(token, n);
        return SQLITE_OK;
    };
    stemmer->tokenize(&out, FTS5_TOKENIZE_DOCUMENT, utf8.data(), int(utf8.size()), append);
    {
        std::lock_guard lock(d->mutex);
        d->idle.push_back(stemmer);
    }
    d->returned.notify_one();
    return out;
}

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
    static fts5_tokenizer pre{&xCreatePre, &xDeletePre, &xTokenizePre};
    if (api->xCreateTokenizer(api, "repolens", nullptr, &tokenizer, nullptr) != SQLITE_OK
        || api->xCreateTokenizer(api, "repolens_pre", api, &pre, nullptr) != SQLITE_OK)
        return makeError(ErrorCode::Database, QStringLiteral("could not register the FTS5 tokenizers"));
    return {};
}

Result<std::unique_ptr<FtsPreTokenizer>> makePreTokenizer(sqlite3 *db, int instances)
{
    auto found = fts5ApiOf(db);
    if (!found)
        return found.error();
    auto d = std::make_unique<FtsPreTokenizer::Private>();
    for (int i = 0; i < std::max(1, instances); ++i) {
        auto stemmer = Stemmer::make(*found);
        if (!stemmer)
            return makeError(ErrorCode::Database, QStringLiteral("FTS5's porter stemmer is not available"));
        d->idle.push_back(stemmer.get());
        d->all.push_back(std::move(stemmer));
    }
    return std::make_unique<FtsPreTokenizer>(std::move(d));
}

} // namespace RepoLens
