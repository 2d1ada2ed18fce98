#include "githistory.h"

#include "core/base/logging.h"

#include <QDir>
#include <QProcess>

namespace RepoLens::GitHistory {

namespace {

QProcess *startGit(QProcess &process, const QString &root, const QStringList &args)
{
    process.setWorkingDirectory(root);
    process.setProgram(QStringLiteral("git"));
    process.setArguments(args);
    process.start(QIODevice::ReadOnly);
    return &process;
}

} // namespace

QString head(const QString &root)
{
    if (!QDir(root).exists(QStringLiteral(".git")))
        return {};
    QProcess git;
    startGit(git, root, {QStringLiteral("rev-parse"), QStringLiteral("HEAD")});
    if (!git.waitForFinished(5000) || git.exitStatus() != QProcess::NormalExit || git.exitCode() != 0)
        return {};
    return QString::fromLatin1(git.readAllStandardOutput().trimmed());
}

QHash<QString, QPair<int, qint64>> read(const QString &root, const std::atomic_bool *cancel, int maxCommits)
{
    QHash<QString, QPair<int, qint64>> out;
    if (head(root).isEmpty())
        return out;
    QProcess git;
    // Paths are relative to the repository top; the prefix maps them to root when root is
    // a subfolder of the repository.
    QProcess prefixProc;
    startGit(prefixProc, root, {QStringLiteral("rev-parse"), QStringLiteral("--show-prefix")});
    prefixProc.waitForFinished(5000);
    const QString prefix = QString::fromUtf8(prefixProc.readAllStandardOutput().trimmed());

    startGit(git, root,
             {QStringLiteral("-c"), QStringLiteral("core.quotepath=off"), QStringLiteral("log"),
              QStringLiteral("-n"), QString::number(maxCommits), QStringLiteral("--no-renames"),
              QStringLiteral("--name-only"), QStringLiteral("--format=@%ct"), QStringLiteral("--"),
              QStringLiteral(".")});
    if (!git.waitForStarted(5000))
        return out;
    qint64 commitTime = 0;
    QByteArray pending;
    auto consume = [&](const QByteArray &line) {
        if (line.isEmpty())
            return;
        if (line.startsWith('@')) {
            commitTime = line.mid(1).toLongLong();
            return;
        }
        QString path = QString::fromUtf8(line);
        if (!prefix.isEmpty()) {
            if (!path.startsWith(prefix))
                return;
            path = path.mid(prefix.size());
        }
        auto &entry = out[path];
        if (entry.first == 0)
            entry.second = commitTime; // newest first
        ++entry.first;
    };
    while (git.state() != QProcess::NotRunning || git.bytesAvailable() > 0) {
        if (cancel && cancel->load()) {
            git.kill();
            git.waitForFinished(1000);
            return {};
        }
        if (git.bytesAvailable() == 0 && !git.waitForReadyRead(200) && git.state() == QProcess::NotRunning
            && git.bytesAvailable() == 0)
            break;
        pending += git.readAllStandardOutput();
        qsizetype nl;
        qsizetype start = 0;
        while ((nl = pending.indexOf('\n', start)) >= 0) {
            consume(pending.mid(start, nl - start));
            start = nl + 1;
        }
        pending.remove(0, start);
    }
    consume(pending);
    git.waitForFinished(1000);
    qCDebug(lcIndex) << "git history:" << out.size() << "paths";
    return out;
}

} // namespace RepoLens::GitHistory
