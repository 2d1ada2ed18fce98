#pragma once

// A fake HTTP/1.1 server on 127.0.0.1 for network tests: real sockets, real HTTP framing, canned
// JSON answers from a handler, optional delays and hangs. No Q_OBJECT (header-only, no moc).

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>

#include <functional>

class FakeHttpServer
{
public:
    struct Request
    {
        QByteArray method;
        QByteArray path;
        QHash<QByteArray, QByteArray> headers; // lowercased names
        QByteArray body;
    };
    struct Response
    {
        int status = 200;
        QByteArray body;
        QList<QPair<QByteArray, QByteArray>> headers;
        int delayMs = 0;
        bool hang = false; // never answer (timeouts)
    };
    using Handler = std::function<Response(const Request &)>;

    explicit FakeHttpServer(Handler handler)
        : m_handler(std::move(handler))
    {
        QObject::connect(&m_server, &QTcpServer::newConnection, &m_server, [this] {
            while (QTcpSocket *s = m_server.nextPendingConnection()) {
                ++connections;
                QObject::connect(s, &QTcpSocket::readyRead, s, [this, s] { onRead(s); });
                QObject::connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
            }
        });
    }

    bool listen() { return m_server.listen(QHostAddress::LocalHost, 0); }
    QUrl baseUrl() const { return QUrl(QStringLiteral("http://127.0.0.1:%1/v1").arg(m_server.serverPort())); }
    QUrl rootUrl() const { return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort())); }
    QList<Request> requests;
    int connections = 0; // accepted, whether or not a request followed

    static Response json(const QByteArray &body, int status = 200)
    {
        Response r;
        r.status = status;
        r.body = body;
        return r;
    }

private:
    void onRead(QTcpSocket *s)
    {
        QByteArray &buf = m_buffers[s];
        buf += s->readAll();
        const qsizetype headerEnd = buf.indexOf("\r\n\r\n");
        if (headerEnd < 0)
            return;
        Request req;
        const QList<QByteArray> lines = buf.left(headerEnd).split('\n');
        const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
        req.method = first.value(0);
        req.path = first.value(1);
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const qsizetype colon = lines.at(i).indexOf(':');
            if (colon > 0)
                req.headers.insert(lines.at(i).left(colon).trimmed().toLower(), lines.at(i).mid(colon + 1).trimmed());
        }
        const int length = req.headers.value("content-length").toInt();
        if (buf.size() < headerEnd + 4 + length)
            return;
        req.body = buf.mid(headerEnd + 4, length);
        m_buffers.remove(s);
        requests.append(req);
        const Response resp = m_handler(req);
        if (resp.hang)
            return;
        auto send = [s, resp] {
            QByteArray out = "HTTP/1.1 " + QByteArray::number(resp.status) + " X\r\n";
            out += "Content-Type: application/json\r\nConnection: close\r\n";
            for (const auto &[k, v] : resp.headers)
                out += k + ": " + v + "\r\n";
            out += "Content-Length: " + QByteArray::number(resp.body.size()) + "\r\n\r\n" + resp.body;
            s->write(out);
            s->flush();
            s->disconnectFromHost();
        };
        if (resp.delayMs > 0)
            QTimer::singleShot(resp.delayMs, s, send);
        else
            send();
    }

    Handler m_handler;
    QTcpServer m_server;
    QHash<QTcpSocket *, QByteArray> m_buffers;
};
