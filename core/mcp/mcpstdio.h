#pragma once

#include <QObject>
#include <QThread>

#include <memory>

namespace RepoLens {

class McpServer;
class McpSession;

// MCP over stdin/stdout: one JSON-RPC message per line (UTF-8, no embedded newlines). A
// reader thread blocks on stdin and hands complete lines to the server's thread; messages go
// to stdout from that thread only, flushed at once. Nothing else may write to stdout (logs go
// to stderr). A line longer than maxLineBytes is answered with a parse error and skipped.
// When stdin closes (the client went away, possibly in the middle of a call), the calls still
// running get a few seconds to finish and write their answers, then finished() is emitted.
class McpStdioTransport : public QObject
{
    Q_OBJECT
public:
    explicit McpStdioTransport(McpServer *server, QObject *parent = nullptr);
    ~McpStdioTransport() override;

    void start(int inFd = 0, int outFd = 1);
    void setMaxLineBytes(qsizetype bytes) { m_maxLine = bytes; }

Q_SIGNALS:
    void finished();

private:
    void onLine(const QByteArray &line, bool overlong);
    void onClosed();
    void write(const QByteArray &bytes);

    McpServer *m_server;
    std::shared_ptr<McpSession> m_session;
    QThread *m_reader = nullptr;
    int m_wake[2] = {-1, -1}; // written by the destructor to end the reader's wait for stdin
    int m_out = 1;
    qsizetype m_maxLine = 64 * 1024 * 1024;
};

} // namespace RepoLens
