#include "mcpstdio.h"

#include "mcpserver.h"

#include "core/base/logging.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>
#include <QTimer>

#include <cerrno>

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace RepoLens {

McpStdioTransport::McpStdioTransport(McpServer *server, QObject *parent)
    : QObject(parent)
    , m_server(server)
{
}

McpStdioTransport::~McpStdioTransport()
{
    if (m_reader) {
        // The reader may wait for stdin: wake it through its pipe, then it ends.
        m_reader->requestInterruption();
        if (m_wake[1] >= 0) {
            const char byte = 0;
            while (::write(m_wake[1], &byte, 1) < 0 && errno == EINTR) {
            }
        }
        m_reader->wait();
        delete m_reader;
    }
    for (int fd : m_wake) {
        if (fd >= 0)
            ::close(fd);
    }
}

void McpStdioTransport::start(int inFd, int outFd)
{
    m_out = outFd;
    m_session = m_server->openSession([this](const QJsonObject &message, const QJsonValue &) {
        write(QJsonDocument(message).toJson(QJsonDocument::Compact) + '\n');
    });
    const qsizetype maxLine = m_maxLine;
    if (::pipe2(m_wake, O_CLOEXEC) != 0)
        m_wake[0] = m_wake[1] = -1;
    const int wakeFd = m_wake[0];
    QPointer<McpStdioTransport> self(this);
    m_reader = QThread::create([self, inFd, wakeFd, maxLine] {
        QByteArray line;
        bool overlong = false;
        char buffer[65536];
        for (;;) {
            if (wakeFd >= 0) {
                pollfd fds[2] = {{inFd, POLLIN, 0}, {wakeFd, POLLIN, 0}};
                const int ready = ::poll(fds, 2, -1);
                if (ready < 0 && errno == EINTR)
                    continue;
                if (ready < 0 || (fds[1].revents & POLLIN))
                    return; // the transport is going away: no more lines, no onClosed
            }
            const ssize_t n = ::read(inFd, buffer, sizeof buffer);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                break;
            qsizetype start = 0;
            for (qsizetype i = 0; i < n; ++i) {
                if (buffer[i] != '\n')
                    continue;
                if (!overlong)
                    line.append(buffer + start, i - start);
                QByteArray complete = std::move(line);
                line = QByteArray();
                const bool tooLong = overlong;
                overlong = false;
                start = i + 1;
                if (complete.endsWith('\r'))
                    complete.chop(1);
                if (complete.trimmed().isEmpty() && !tooLong)
                    continue;
                QMetaObject::invokeMethod(
                    self, [self, complete, tooLong] { if (self) self->onLine(complete, tooLong); }, Qt::QueuedConnection);
            }
            if (!overlong) {
                line.append(buffer + start, n - start);
                if (line.size() > maxLine) {
                    overlong = true;
                    line = QByteArray();
                }
            }
        }
        if (!line.trimmed().isEmpty() && !overlong)
            QMetaObject::invokeMethod(self, [self, line] { if (self) self->onLine(line, false); }, Qt::QueuedConnection);
        QMetaObject::invokeMethod(self, [self] { if (self) self->onClosed(); }, Qt::QueuedConnection);
    });
    m_reader->setObjectName(u"repolens-mcp-stdin"_s);
    m_reader->start();
}

void McpStdioTransport::onLine(const QByteArray &line, bool overlong)
{
    if (overlong) {
        write(QJsonDocument(QJsonObject{{u"jsonrpc"_s, u"2.0"_s},
                                        {u"id"_s, QJsonValue()},
                                        {u"error"_s, QJsonObject{{u"code"_s, JsonRpc::ParseError},
                                                                 {u"message"_s, u"message longer than %1 bytes"_s.arg(m_maxLine)}}}})
                  .toJson(QJsonDocument::Compact)
              + '\n');
        return;
    }
    m_server->receive(m_session, line);
}

void McpStdioTransport::onClosed()
{
    qCInfo(lcMcp) << "stdin closed;" << m_server->runningCalls() << "call(s) still running";
    // Answers to calls already made still go out (stdout may still be read).
    m_server->waitForCalls(5000);
    m_server->closeSession(m_session);
    Q_EMIT finished();
}

void McpStdioTransport::write(const QByteArray &bytes)
{
    qsizetype done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(m_out, bytes.constData() + done, size_t(bytes.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return; // the client is gone
        done += n;
    }
}

} // namespace RepoLens
