#include "mcp.h"
#include "terminaltext.h"

#include "core/mcp/mcpfolders.h"
#include "core/mcp/mcphttp.h"
#include "core/mcp/mcpserver.h"
#include "core/mcp/mcpstdio.h"
#include "core/store/writerlock.h"
#include "core/tools/toolregistry.h"

#include <QCoreApplication>
#include <QDir>
#include <QRandomGenerator>
#include <QTimer>

#include <csignal>
#include <cstdio>

using namespace Qt::StringLiterals;

namespace RepoLens {

namespace {

void mcpLog(const QString &text)
{
    std::fprintf(stderr, "repolens-cli mcp: %s\n", terminalLines(text).toLocal8Bit().constData());
    std::fflush(stderr);
}

QString instructions(const QStringList &folders)
{
    return u"RepoLens answers from an index of %1: definitions, an exhaustive reference graph and hybrid "
           "search. Use search for concepts, questions and bug reports; find_symbol and references for "
           "exact names (every usage, not a sample); outline and read (numbered lines) before opening whole "
           "files; grep for exact text; impact before changing a symbol or to review the working tree. "
           "Every result names path:line."_s.arg(folders.isEmpty() ? u"the client's roots"_s : folders.join(u", "_s));
}

} // namespace

int runMcp(const McpCommandOptions &o, const std::atomic_bool *stop)
{
    // A client that goes away must not kill us in the middle of a write.
    std::signal(SIGPIPE, SIG_IGN);
    IndexWriterLock::setProgramName(u"repolens-cli mcp"_s);
    McpFolders folders(o.dataDir);
    folders.setWatch(o.watch);
    ToolRegistry tools(&folders);
    McpServer server(&tools, &folders);
    const bool followRoots = o.folders.isEmpty();
    const QStringList initial = followRoots ? QStringList{QDir::current().canonicalPath()} : o.folders;
    server.setFollowRoots(followRoots);
    server.setInstructions(instructions(o.folders));
    folders.setFolders(initial);

    std::unique_ptr<McpStdioTransport> stdio;
    std::unique_ptr<McpHttpTransport> http;
    if (o.httpPort >= 0) {
        McpHttpOptions options;
        options.address = QHostAddress(o.host);
        if (options.address.isNull()) {
            mcpLog(u"not an address: %1"_s.arg(o.host));
            return 2;
        }
        options.port = quint16(o.httpPort);
        options.allowRemote = o.allowRemote;
        if (o.auth) {
            options.token = o.token;
            if (options.token.isEmpty()) {
                QByteArray random(24, '\0');
                QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(random.data()), 6);
                options.token = QString::fromLatin1(random.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
            }
        }
        http = std::make_unique<McpHttpTransport>(&server, options);
        if (auto r = http->listen(); !r) {
            mcpLog(r.error().toString());
            return 1;
        }
        // stdout is free in this mode: the address and the token, for scripts and people.
        std::printf("url: %s\n", http->url().toUtf8().constData());
        if (o.auth)
            std::printf("token: %s\n", options.token.toUtf8().constData());
        else
            std::printf("token: none (--no-auth)\n");
        std::fflush(stdout);
        mcpLog(u"serving %1 on %2%3"_s.arg(initial.join(u", "_s), http->url(),
                                        o.auth ? u" (Authorization: Bearer TOKEN)"_s : u" without authentication"_s));
    } else {
        stdio = std::make_unique<McpStdioTransport>(&server);
        QObject::connect(stdio.get(), &McpStdioTransport::finished, qApp, &QCoreApplication::quit);
        stdio->start();
        mcpLog(u"serving %1 over stdio"_s.arg(initial.join(u", "_s)));
    }
    QTimer stopper;
    QObject::connect(&stopper, &QTimer::timeout, [&] {
        if (stop && stop->load())
            QCoreApplication::quit();
    });
    stopper.start(100);
    const int rc = QCoreApplication::exec();
    server.waitForCalls(2000);
    return rc;
}

} // namespace RepoLens
