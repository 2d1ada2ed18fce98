#include "mcpfolders.h"

#include "core/index/indexingsettings.h"
#include "core/llm/llmsettings.h"
#include "core/search/embeddingstage.h"

#include <QDir>
#include <QFileInfo>
#include <QSet>

using namespace Qt::StringLiterals;

namespace RepoLens {

McpFolders::McpFolders(QString dataDir, QObject *parent)
    : QObject(parent)
    , m_dataDir(std::move(dataDir))
{
}

McpFolders::~McpFolders()
{
    for (Folder &f : m_folders)
        delete f.service;
}

void McpFolders::setFolders(const QStringList &roots)
{
    QList<Folder> old;
    {
        QMutexLocker locker(&m_mutex);
        old = std::move(m_folders);
        m_folders.clear();
        QSet<QString> names;
        for (const QString &root : roots) {
            Folder f;
            f.handle.root = root;
            f.handle.databasePath = IndexStore::databasePath(m_dataDir, root);
            QString base = QFileInfo(root).fileName();
            if (base.isEmpty())
                base = u"root"_s;
            QString name = base;
            for (int n = 2; names.contains(name); ++n)
                name = base + u'-' + QString::number(n);
            names.insert(name);
            f.handle.name = name;
            m_folders.append(f);
        }
    }
    for (Folder &f : old)
        delete f.service;
    for (Folder &f : m_folders)
        startFolder(f);
}

QStringList McpFolders::folders() const
{
    QMutexLocker locker(&m_mutex);
    QStringList out;
    for (const Folder &f : m_folders)
        out << f.handle.root;
    return out;
}

void McpFolders::update(const QString &name, const std::function<void(IndexActivity &)> &change)
{
    QMutexLocker locker(&m_mutex);
    for (Folder &f : m_folders)
        if (f.handle.name == name)
            change(f.activity);
}

void McpFolders::startFolder(Folder &folder)
{
    if (!m_indexing)
        return;
    auto *service = new IndexService;
    folder.service = service;
    const QString name = folder.handle.name;
    const QString root = folder.handle.root;
    IndexOptions options = service->options();
    IndexingSettings::load().applyTo(options);
    service->setOptions(options);
    service->setDataDir(m_dataDir);
    service->setRootPath(root);
    service->setWatchEnabled(m_watch);
    service->setAfterIndexHook([](const QString &dbPath, const QStringList &changed, const std::atomic_bool *cancel,
                                  const IndexService::HookProgress &) { runEmbeddingStage(dbPath, changed, !LlmSettings::load().sendCredentials, cancel);
                              });
    connect(service, &IndexService::indexingStarted, this, [this, name, root] {
        update(name, [](IndexActivity &a) {
            a.indexing = true;
            a.lastError.clear();
        });
        Q_EMIT logMessage(u"info"_s, u"indexing %1"_s.arg(root));
    });
    connect(service, &IndexService::progressChanged, this, [this, name](const IndexProgress &p) {
        update(name, [&](IndexActivity &a) {
            a.indexing = true;
            a.phase = phaseName(p.phase);
            a.filesDone = p.filesDone;
            a.filesTotal = p.filesTotal;
        });
    });
    connect(service, &IndexService::indexFinished, this, [this, name, root, service](const IndexReport &r) {
        update(name, [&](IndexActivity &a) {
            a.indexing = false;
            a.watching = service->watchMode() != FileWatcher::Mode::Stopped;
        });
        Q_EMIT logMessage(u"info"_s, u"indexed %1: %2 files parsed, %3 unchanged in %4 s"_s.arg(root)
                                         .arg(r.filesParsed)
                                         .arg(r.filesUnchanged)
                                         .arg(r.seconds, 0, 'f', 2));
    });
    connect(service, &IndexService::indexUpdated, this, [this, name, root](const IndexReport &r, const QStringList &) {
        if (r.filesParsed || r.filesRemoved)
            Q_EMIT logMessage(u"info"_s, u"updated %1: %2 file(s) changed, %3 removed"_s.arg(root).arg(r.filesParsed).arg(r.filesRemoved));
        update(name, [](IndexActivity &a) { a.indexing = false; });
    });
    connect(service, &IndexService::indexFailed, this, [this, name, root](const Error &e) {
        update(name, [&](IndexActivity &a) {
            a.indexing = false;
            a.lastError = e.toString();
        });
        Q_EMIT logMessage(u"error"_s, u"indexing %1 failed: %2"_s.arg(root, e.toString()));
    });
    connect(service, &IndexService::otherWriterChanged, this, [this, name, root](const QString &holder) {
        update(name, [&](IndexActivity &a) {
            a.otherWriter = holder;
            if (!holder.isEmpty())
                a.indexing = false;
        });
        Q_EMIT logMessage(u"info"_s, holder.isEmpty() ? u"%1: the other RepoLens process finished; taking over"_s.arg(root)
                                                      : u"%1: indexing in another RepoLens process (%2)"_s.arg(root, holder));
    });
    connect(service, &IndexService::watchModeChanged, this, [this, name](FileWatcher::Mode mode, const QString &detail) {
        update(name, [&](IndexActivity &a) {
            a.watching = mode != FileWatcher::Mode::Stopped;
            a.watchDetail = detail;
        });
    });
    service->start();
}

QList<RepoHandle> McpFolders::repos() const
{
    QMutexLocker locker(&m_mutex);
    QList<RepoHandle> out;
    for (const Folder &f : m_folders)
        out << f.handle;
    return out;
}

IndexActivity McpFolders::activity(const QString &repoName) const
{
    QMutexLocker locker(&m_mutex);
    for (const Folder &f : m_folders)
        if (f.handle.name == repoName)
            return f.activity;
    return {};
}

Result<QString> McpFolders::reindex(const QString &repoName, bool full)
{
    Q_UNUSED(full); // a run compares every file (mtime + size, then the hash) anyway
    IndexActivity state;
    bool found = false;
    {
        QMutexLocker locker(&m_mutex);
        for (const Folder &f : std::as_const(m_folders)) {
            if (f.handle.name == repoName) {
                found = true;
                state = f.activity;
            }
        }
    }
    if (!found)
        return makeError(ErrorCode::NotFound, u"no folder named %1"_s.arg(repoName));
    if (!m_indexing)
        return makeError(ErrorCode::Unsupported, u"indexing is off in this server"_s);
    if (!state.otherWriter.isEmpty())
        return QString(u"another process: "_s + state.otherWriter);
    // The services live on this object's thread: start there.
    QMetaObject::invokeMethod(
        this,
        [this, repoName] {
            for (Folder &f : m_folders)
                if (f.handle.name == repoName && f.service)
                    f.service->start();
        },
        Qt::QueuedConnection);
    return state.indexing ? u"queued"_s : u"started"_s;
}

} // namespace RepoLens
