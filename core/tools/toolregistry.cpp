#include "toolregistry.h"

#include "jsonschema.h"
#include "tools_p.h"

#include "core/embed/remoteembedder.h"
#include "core/search/searchsettings.h"

#include <QDir>
#include <QFile>
#include <QUrl>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QHash>
#include <QMutex>

#include <sys/stat.h>

using namespace Qt::StringLiterals;

namespace RepoLens {

namespace Tools {

QJsonObject typed(const QString &type, const QString &description)
{
    QJsonObject o{{u"type"_s, type}};
    if (!description.isEmpty())
        o.insert(u"description"_s, description);
    return o;
}

QJsonObject stringProp(const QString &description, int maxLength)
{
    QJsonObject o = typed(u"string"_s, description);
    if (maxLength > 0)
        o.insert(u"maxLength"_s, maxLength);
    return o;
}

QJsonObject intProp(const QString &description, int minimum, int maximum, int defaultValue)
{
    QJsonObject o = typed(u"integer"_s, description);
    o.insert(u"minimum"_s, minimum);
    o.insert(u"maximum"_s, maximum);
    o.insert(u"default"_s, defaultValue);
    return o;
}

QJsonObject boolProp(const QString &description, bool defaultValue)
{
    QJsonObject o = typed(u"boolean"_s, description);
    o.insert(u"default"_s, defaultValue);
    return o;
}

QJsonObject enumProp(const QString &description, const QStringList &values, const QString &defaultValue)
{
    QJsonObject o = typed(u"string"_s, description);
    o.insert(u"enum"_s, QJsonArray::fromStringList(values));
    if (!defaultValue.isEmpty())
        o.insert(u"default"_s, defaultValue);
    return o;
}

QJsonObject stringsProp(const QString &description)
{
    return QJsonObject{{u"type"_s, QJsonArray{u"string"_s, u"array"_s}},
                       {u"items"_s, QJsonObject{{u"type"_s, u"string"_s}}},
                       {u"description"_s, description}};
}

QJsonObject objectSchema(const QJsonObject &properties, const QStringList &required, bool closed)
{
    QJsonObject o{{u"type"_s, u"object"_s}, {u"properties"_s, properties}};
    if (!required.isEmpty())
        o.insert(u"required"_s, QJsonArray::fromStringList(required));
    if (closed)
        o.insert(u"additionalProperties"_s, false);
    return o;
}

QJsonObject arrayOf(const QJsonObject &items, const QString &description)
{
    QJsonObject o = typed(u"array"_s, description);
    o.insert(u"items"_s, items);
    return o;
}

QJsonObject cursorProp()
{
    return stringProp(u"next_cursor of the previous page, to get the next one"_s, 4096);
}

QJsonObject repoProp()
{
    return stringProp(u"which served folder (a name from list_repos); needed only when several are served"_s, 4096);
}

ToolResult failure(const QString &text)
{
    ToolResult r;
    r.isError = true;
    r.text = text;
    r.summary = text.section(u'\n', 0, 0);
    return r;
}

Error badArgument(const QString &message)
{
    return makeError(ErrorCode::InvalidArgument, message);
}

int intArg(const Env &env, const QString &key, int fallback)
{
    const QJsonValue v = env.args.value(key);
    return v.isDouble() ? v.toInt() : fallback;
}

QString stringArg(const Env &env, const QString &key)
{
    return env.args.value(key).toString();
}

QStringList stringsArg(const Env &env, const QString &key)
{
    const QJsonValue v = env.args.value(key);
    QStringList out;
    if (v.isString() && !v.toString().isEmpty())
        out << v.toString();
    for (const QJsonValue &x : v.toArray())
        if (!x.toString().isEmpty())
            out << x.toString();
    return out;
}

Result<QString> relativePath(const RepoHandle &repo, const QString &raw)
{
    QString path = raw.trimmed();
    if (path.startsWith(u"file://"_s))
        path = QUrl(path).toLocalFile();
    const QString root = QDir::cleanPath(repo.root);
    QString rel;
    if (QDir::isAbsolutePath(path)) {
        const QString clean = QDir::cleanPath(path);
        if (clean != root && !clean.startsWith(root + u'/'))
            return badArgument(u"path: %1 is outside the folder %2"_s.arg(raw, repo.root));
        rel = clean.mid(root.size() + 1);
    } else {
        rel = QDir::cleanPath(path);
        if (rel == u"."_s)
            rel.clear();
    }
    if (rel == u".."_s || rel.startsWith(u"../"_s) || rel.startsWith(u'/'))
        return badArgument(u"path: %1 is outside the folder %2"_s.arg(raw, repo.root));
    // A symbolic link inside the folder that leads out of it is outside too.
    const QFileInfo info(root + u'/' + rel);
    if (info.exists()) {
        const QString canonical = info.canonicalFilePath();
        const QString canonicalRoot = QFileInfo(root).canonicalFilePath();
        if (!canonical.isEmpty() && canonical != canonicalRoot && !canonical.startsWith(canonicalRoot + u'/'))
            return badArgument(u"path: %1 leads outside the folder %2"_s.arg(raw, repo.root));
    }
    return rel;
}

QString freshnessNote(const Env &env)
{
    int pending = 0;
    int total = 0;
    if (env.store) {
        pending = env.store->files().count(FileStatus::Pending);
        total = pending + env.store->files().count(FileStatus::Indexed) + env.store->files().count(FileStatus::ParseError);
    }
    if (!env.activity.otherWriter.isEmpty() && pending > 0)
        return u"indexing in another RepoLens process (%1): %2 of %3 files parsed so far; results may be incomplete"_s
            .arg(env.activity.otherWriter)
            .arg(total - pending)
            .arg(total);
    if (!env.activity.otherWriter.isEmpty())
        return u"indexing in another RepoLens process (%1); results may change"_s.arg(env.activity.otherWriter);
    if (pending > 0)
        return u"the index is being built: %1 of %2 files parsed; results may be incomplete"_s.arg(total - pending).arg(total);
    if (env.activity.indexing && env.activity.filesTotal > 0)
        return u"re-indexing: %1 of %2 files; results may change"_s.arg(env.activity.filesDone).arg(env.activity.filesTotal);
    return {};
}

void addFreshness(const Env &env, ToolResult &result)
{
    const QString note = freshnessNote(env);
    QJsonObject index{{u"complete"_s, note.isEmpty()}};
    if (!note.isEmpty()) {
        index.insert(u"note"_s, note);
        result.text += u"\nnote: "_s + note + u'\n';
    }
    result.structured.insert(u"index"_s, index);
}

bool isTestPath(const QString &path)
{
    const QString lower = path.toLower();
    const QString file = lower.section(u'/', -1);
    return lower.startsWith(u"test/"_s) || lower.startsWith(u"tests/"_s) || lower.contains(u"/test/"_s)
           || lower.contains(u"/tests/"_s) || lower.contains(u"/__tests__/"_s) || file.startsWith(u"test_"_s)
           || file.contains(u"_test."_s) || file.contains(u".test."_s) || file.contains(u".spec."_s)
           || file.startsWith(u"tst_"_s) || file.endsWith(u"test.java"_s) || file.endsWith(u"tests.java"_s);
}

} // namespace Tools

using namespace Tools;

namespace {

// One read-only store and searcher per folder and thread.
struct Reader
{
    std::unique_ptr<IndexStore> store;
    std::unique_ptr<Searcher> searcher;
    ino_t inode = 0;
    qint64 version = -1;
    QElapsedTimer built;
    bool vectors = false;
};

ino_t inodeOf(const QString &path)
{
    struct stat st;
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 ? st.st_ino : 0;
}

Reader *threadReader(const QString &dbPath, bool vectors, Error *error)
{
    thread_local QHash<QString, std::shared_ptr<Reader>> readers;
    const ino_t inode = inodeOf(dbPath);
    if (!inode) {
        readers.remove(dbPath);
        *error = makeError(ErrorCode::NotFound, u"the folder has no index yet"_s, dbPath);
        return nullptr;
    }
    std::shared_ptr<Reader> &r = readers[dbPath];
    if (!r || r->inode != inode || !r->store) {
        r = std::make_shared<Reader>();
        auto opened = IndexStore::open(dbPath, IndexStore::Mode::ReadOnly);
        if (!opened) {
            *error = opened.error();
            readers.remove(dbPath);
            return nullptr;
        }
        r->store = std::move(*opened);
        r->inode = inode;
    }
    // Rebuild the searcher (its caches: file quality, the call graph, vectors) when the index
    // changed, at most every two seconds while it keeps changing.
    const qint64 version = r->store->dataVersion();
    const bool changed = version != r->version || vectors != r->vectors;
    if (!r->searcher || (changed && (!r->built.isValid() || r->built.elapsed() > 2000))) {
        r->searcher.reset();
        r->searcher = std::make_unique<Searcher>(r->store.get());
        if (vectors) {
            const SearchSettings settings = SearchSettings::load();
            if (settings.vectors)
                r->searcher->enableVectors(dbPath, configuredEmbedder(settings));
        }
        r->version = version;
        r->vectors = vectors;
        r->built.start();
    }
    return r.get();
}

} // namespace

class ToolRegistry::Private
{
public:
    ToolHost *host = nullptr;
    QList<Def> defs;
    std::shared_ptr<const GrepBackend> grep = std::make_shared<IndexGrep>();
    std::atomic_bool vectors{true};
    mutable QMutex mutex; // guards grep

    const Def *find(const QString &name) const
    {
        for (const Def &d : defs)
            if (d.spec.name == name)
                return &d;
        return nullptr;
    }
};

ToolRegistry::ToolRegistry(ToolHost *host)
    : d(std::make_unique<Private>())
{
    d->host = host;
    d->defs << searchTools() << codeTools() << fileTools() << statusTools();
    for (Def &def : d->defs) {
        if (!def.perRepo)
            continue;
        QJsonObject props = def.spec.inputSchema.value(u"properties"_s).toObject();
        props.insert(u"repo"_s, repoProp());
        def.spec.inputSchema.insert(u"properties"_s, props);
    }
}

ToolRegistry::~ToolRegistry() = default;

QList<ToolSpec> ToolRegistry::specs() const
{
    QList<ToolSpec> out;
    for (const Def &def : d->defs)
        out << def.spec;
    return out;
}

std::optional<ToolSpec> ToolRegistry::spec(const QString &name) const
{
    if (const Def *def = d->find(name))
        return def->spec;
    return std::nullopt;
}

void ToolRegistry::setGrepBackend(std::shared_ptr<const GrepBackend> backend)
{
    QMutexLocker locker(&d->mutex);
    d->grep = std::move(backend);
}

void ToolRegistry::setUseVectors(bool on)
{
    d->vectors = on;
}

Result<ToolResult> ToolRegistry::call(const QString &name, const QJsonObject &arguments,
                                      const ToolCallContext &context) const
{
    const Def *def = d->find(name);
    if (!def) {
        QStringList names;
        for (const Def &x : d->defs)
            names << x.spec.name;
        return makeError(ErrorCode::NotFound, u"unknown tool \"%1\" (tools: %2)"_s.arg(name.left(100), names.join(u", "_s)));
    }
    if (const QString problem = validateJson(arguments, def->spec.inputSchema); !problem.isEmpty())
        return badArgument(problem);

    Env env;
    env.tool = name;
    env.args = arguments;
    env.host = d->host;
    env.context = &context;
    std::shared_ptr<const GrepBackend> grepKeep;
    {
        QMutexLocker locker(&d->mutex);
        grepKeep = d->grep;
    }
    env.grep = grepKeep.get();
    env.allRepos = d->host ? d->host->repos() : QList<RepoHandle>();
    if (def->perRepo) {
        const QString wanted = arguments.value(u"repo"_s).toString();
        QStringList names;
        for (const RepoHandle &r : std::as_const(env.allRepos))
            names << r.name;
        if (env.allRepos.isEmpty())
            return makeError(ErrorCode::NotFound, u"no folder is served"_s);
        if (wanted.isEmpty()) {
            if (env.allRepos.size() > 1)
                return badArgument(u"repo: several folders are served, name one of: %1"_s.arg(names.join(u", "_s)));
            env.repo = env.allRepos.first();
        } else {
            const QString cleaned = QDir::cleanPath(wanted);
            bool found = false;
            for (const RepoHandle &r : std::as_const(env.allRepos)) {
                if (r.name == wanted || r.root == cleaned) {
                    env.repo = r;
                    found = true;
                    break;
                }
            }
            if (!found)
                return badArgument(u"repo: no served folder is called \"%1\" (served: %2)"_s.arg(wanted.left(200), names.join(u", "_s)));
        }
        if (d->host)
            env.activity = d->host->activity(env.repo.name);
        if (def->needsIndex || name == u"index_status"_s) {
            Reader *reader = threadReader(env.repo.databasePath, d->vectors.load(), &env.storeError);
            if (reader) {
                env.store = reader->store.get();
                env.searcher = reader->searcher.get();
            } else if (def->needsIndex) {
                QString text = u"%1 has no index yet"_s.arg(env.repo.root);
                if (env.activity.indexing || !env.activity.otherWriter.isEmpty())
                    text += u": it is being indexed now; try again in a few seconds"_s;
                else if (env.storeError.code != ErrorCode::NotFound)
                    text = u"cannot open the index of %1: %2"_s.arg(env.repo.root, env.storeError.toString());
                else
                    text += u"; call reindex to build it"_s;
                return failure(text);
            }
        }
    }
    if (context.cancelled())
        return makeError(ErrorCode::Cancelled, u"cancelled"_s);
    return def->run(env);
}

} // namespace RepoLens
