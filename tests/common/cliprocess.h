#pragma once

// Runs repolens-cli as a child process while this thread's event loop keeps going, so that a
// fake server living on this thread (tests/common/fakehttpserver.h) answers the CLI's requests.

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace RepoLens::TestCli {

struct Run
{
    int code = -1; // -1: crashed or did not end in time
    QString out;
    QString err;
};

inline Run runServing(const QStringList &args, const QProcessEnvironment &env, int timeoutMs = 60000)
{
    QProcess p;
    p.setProgram(QStringLiteral(REPOLENS_BINARY_DIR "/app/repolens-cli"));
    p.setArguments(args);
    p.setProcessEnvironment(env);
    p.start();
    QElapsedTimer t;
    t.start();
    while (p.state() != QProcess::NotRunning && t.elapsed() < timeoutMs) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        p.waitForFinished(10);
    }
    return Run{p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
               QString::fromUtf8(p.readAllStandardError())};
}

} // namespace RepoLens::TestCli
