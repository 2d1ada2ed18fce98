#pragma once

#include "codetheme.h"

#include "core/base/result.h"
#include "highlighter/protocol.h"

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <deque>
#include <functional>
#include <string>
#include <vector>

class QProcess;
class QTimer;

namespace RepoLens {

// The app's side of the KSyntaxHighlighting helper (repolens-highlighter, highlighter/): started
// on the first request and kept running, spoken to over its stdin/stdout with the protocol of
// highlighter/protocol.h. Asynchronous and GUI-thread only: a request returns at once and its
// callback runs later on the GUI thread (never when `receiver` is gone). The helper does the
// work in its own process, so nothing here blocks.
//
// When the helper is missing, dies, stops answering (timeout()) or answers garbage, every
// waiting request fails with a sentence saying why (failed() too) and the process is
// dropped; the next request starts a new one.
class SyntaxHelper : public QObject
{
    Q_OBJECT
public:
    struct DefinitionMatch
    {
        QString name; // empty: no definition for that file
        QString section;
    };
    struct Format
    {
        int textStyle = 0; // KSyntaxHighlighting::Theme::TextStyle
        quint8 flags = 0;  // HighlighterProtocol::FormatFlag
        QColor foreground; // valid only with HasForeground
        QColor background;
        QByteArray name;   // the definition's item name ("Key", "String", ...)
    };
    struct Span
    {
        quint32 start;  // bytes, relative to the request's text
        quint32 length;
        quint16 format; // index into formats
    };
    struct Spans
    {
        quint32 endState = 0; // pass to the next block's request
        quint32 lines = 0;
        QList<Format> formats;
        std::vector<Span> spans;
    };
    struct DefinitionInfo
    {
        QString name;
        QString section;
        QStringList extensions;
        bool hidden = false;
    };

    explicit SyntaxHelper(QObject *parent = nullptr);
    ~SyntaxHelper() override;

    // The one the viewer uses (created on first use, lives until the application quits).
    static SyntaxHelper *instance();
    // REPOLENS_HIGHLIGHTER when set; else libexec/repolens/repolens-highlighter beside the
    // app's bin/ (installed); else the build tree's.
    static QString defaultProgram();

    QString program() const { return m_program; }
    void setProgram(const QString &program);
    // How long the helper may take for one reply before it is killed (REPOLENS_HIGHLIGHTER_TIMEOUT_MS).
    int timeout() const { return m_timeoutMs; }
    void setTimeout(int ms) { m_timeoutMs = ms; }

    bool isRunning() const;
    qint64 processId() const;
    QString libraryVersion() const { return m_libraryVersion; }
    QString lastFailure() const { return m_lastFailure; }
    int starts() const { return m_starts; }

    void definitionFor(const QString &fileName, const QString &mimeType, QObject *receiver,
                       std::function<void(Result<DefinitionMatch>)> done);
    // `theme` empty: formats come without theme-specific colours (text styles only).
    void highlight(const QString &definition, const QString &theme, quint32 state, const QByteArray &utf8,
                   QObject *receiver, std::function<void(Result<Spans>)> done);
    void listThemes(QObject *receiver, std::function<void(Result<QList<SyntaxTheme>>)> done);
    void listDefinitions(QObject *receiver, std::function<void(Result<QList<DefinitionInfo>>)> done);

    // Kills the helper (tests; also what a timeout does). Waiting requests fail.
    void stop(const QString &reason);

Q_SIGNALS:
    void failed(const QString &reason);
    void started();

private:
    struct Pending
    {
        quint32 id;
        int expected; // HighlighterProtocol::Message of the reply
        QPointer<QObject> receiver;
        bool hasReceiver;
        // Parses the payload (nullptr: failed with `error`); returns false on a malformed reply.
        std::function<bool(const std::string *payload, const Error *error)> handle;
    };

    void send(std::string frame, int expectedReply, QObject *receiver,
              std::function<bool(const std::string *, const Error *)> handle);
    bool ensureStarted();
    void onReadyRead();
    void onProcessGone();
    void fail(const Error &error);
    void armWatchdog();

    QString m_program;
    int m_timeoutMs = 10000;
    QProcess *m_process = nullptr;
    QTimer *m_watchdog = nullptr;
    HighlighterProtocol::FrameBuffer m_inbox;
    bool m_helloSeen = false;
    QString m_libraryVersion;
    QString m_lastFailure;
    quint32 m_nextId = 1;
    int m_starts = 0;
    std::deque<Pending> m_pending;
};

} // namespace RepoLens
