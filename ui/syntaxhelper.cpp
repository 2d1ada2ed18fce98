#include "syntaxhelper.h"

#include "uilogging.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QTimer>

namespace RepoLens {

namespace P = HighlighterProtocol;

namespace {

QString fromUtf8(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

std::string toStd(const QString &s)
{
    const QByteArray b = s.toUtf8();
    return std::string(b.constData(), size_t(b.size()));
}

QColor rgb(quint32 v)
{
    return QColor::fromRgb(QRgb(0xFF000000u | (v & 0xFFFFFFu)));
}

} // namespace

SyntaxHelper::SyntaxHelper(QObject *parent)
    : QObject(parent)
    , m_program(defaultProgram())
{
    bool ok = false;
    const int ms = qEnvironmentVariableIntValue("REPOLENS_HIGHLIGHTER_TIMEOUT_MS", &ok);
    if (ok && ms > 0)
        m_timeoutMs = ms;
    m_watchdog = new QTimer(this);
    m_watchdog->setSingleShot(true);
    connect(m_watchdog, &QTimer::timeout, this, [this] {
        if (m_pending.empty())
            return;
        fail(Error{ErrorCode::Timeout,
                   tr("The highlighter helper did not answer within %n second(s).", nullptr,
                      std::max(1, m_timeoutMs / 1000)),
                   m_program});
    });
}

SyntaxHelper::~SyntaxHelper()
{
    if (m_process) {
        m_process->disconnect(this);
        m_process->closeWriteChannel(); // the helper exits on end of input
        if (!m_process->waitForFinished(500))
            m_process->kill();
    }
    // Helpers killed earlier and not reaped yet (fail() never waits for them).
    for (QProcess *p : findChildren<QProcess *>()) {
        if (p->state() != QProcess::NotRunning)
            p->waitForFinished(1000);
    }
}

SyntaxHelper *SyntaxHelper::instance()
{
    static QPointer<SyntaxHelper> helper;
    if (!helper)
        helper = new SyntaxHelper(QCoreApplication::instance());
    return helper;
}

QString SyntaxHelper::defaultProgram()
{
    const QString fromEnv = qEnvironmentVariable("REPOLENS_HIGHLIGHTER");
    if (!fromEnv.isEmpty())
        return fromEnv;
    const QString installed = QDir::cleanPath(QCoreApplication::applicationDirPath()
                                              + QStringLiteral("/../libexec/repolens/repolens-highlighter"));
    if (QFileInfo(installed).isExecutable())
        return installed;
#ifdef REPOLENS_HIGHLIGHTER_BUILD_PATH
    return QStringLiteral(REPOLENS_HIGHLIGHTER_BUILD_PATH);
#else
    return installed;
#endif
}

void SyntaxHelper::setProgram(const QString &program)
{
    if (program == m_program)
        return;
    stop(tr("The highlighter helper was changed."));
    m_program = program;
}

bool SyntaxHelper::isRunning() const
{
    return m_process && m_process->state() != QProcess::NotRunning;
}

qint64 SyntaxHelper::processId() const
{
    return m_process ? m_process->processId() : 0;
}

bool SyntaxHelper::ensureStarted()
{
    if (m_process)
        return true;
    const QFileInfo info(m_program);
    if (m_program.isEmpty() || !info.exists()) {
        fail(Error{ErrorCode::NotFound,
                   tr("The highlighter helper is not installed (%1).").arg(QDir::toNativeSeparators(m_program)),
                   m_program});
        return false;
    }
    m_process = new QProcess(this);
    m_process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_inbox = P::FrameBuffer();
    m_helloSeen = false;
    connect(m_process, &QProcess::readyReadStandardOutput, this, &SyntaxHelper::onReadyRead);
    connect(m_process, &QProcess::finished, this, &SyntaxHelper::onProcessGone);
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart || error == QProcess::Crashed)
            onProcessGone();
    });
    ++m_starts;
    qCInfo(lcUi) << "starting the highlighter helper" << m_program;
    m_process->start(m_program, QStringList());
    if (!m_process) // failed at once (errorOccurred(FailedToStart) from inside start())
        return false;
    Q_EMIT started();
    return true;
}

void SyntaxHelper::stop(const QString &reason)
{
    if (m_process)
        fail(Error{ErrorCode::Cancelled, reason, m_program});
}

void SyntaxHelper::fail(const Error &error)
{
    m_lastFailure = error.message;
    qCWarning(lcUi) << "highlighter helper:" << error.message;
    m_watchdog->stop();
    if (QProcess *p = std::exchange(m_process, nullptr)) {
        p->disconnect(this);
        if (p->state() != QProcess::NotRunning) {
            p->kill();
            // Reaped when it has gone; never waited for here.
            connect(p, &QProcess::finished, p, &QObject::deleteLater);
        } else {
            p->deleteLater();
        }
    }
    auto pending = std::exchange(m_pending, {});
    for (Pending &req : pending) {
        if (req.hasReceiver && !req.receiver)
            continue;
        req.handle(nullptr, &error);
    }
    Q_EMIT failed(error.message);
}

void SyntaxHelper::onProcessGone()
{
    if (!m_process)
        return;
    QString why;
    if (m_process->error() == QProcess::FailedToStart)
        why = tr("The highlighter helper could not be started: %1").arg(m_process->errorString());
    else if (m_process->exitStatus() == QProcess::CrashExit)
        why = tr("The highlighter helper stopped unexpectedly.");
    else
        why = tr("The highlighter helper exited with status %1.").arg(m_process->exitCode());
    fail(Error{ErrorCode::Io, why, m_program});
}

void SyntaxHelper::armWatchdog()
{
    if (m_pending.empty())
        m_watchdog->stop();
    else
        m_watchdog->start(m_timeoutMs);
}

void SyntaxHelper::send(std::string frame, int expectedReply, QObject *receiver,
                        std::function<bool(const std::string *, const Error *)> handle)
{
    if (!ensureStarted()) {
        // fail() ran before this request was queued: answer it the same way, asynchronously.
        const Error error{ErrorCode::NotFound, m_lastFailure, m_program};
        QPointer<QObject> guard(receiver);
        const bool hasReceiver = receiver != nullptr;
        QTimer::singleShot(0, this, [guard, hasReceiver, handle, error] {
            if (!hasReceiver || guard)
                handle(nullptr, &error);
        });
        return;
    }
    // The request id is bytes 5..8 of the frame (after the length and the type).
    const quint32 id = m_nextId++;
    for (int i = 0; i < 4; ++i)
        frame[size_t(5 + i)] = char(quint8(id >> (8 * i)));
    const bool wasIdle = m_pending.empty();
    m_pending.push_back(Pending{id, expectedReply, receiver, receiver != nullptr, std::move(handle)});
    m_process->write(frame.data(), qint64(frame.size()));
    if (wasIdle)
        armWatchdog();
}

void SyntaxHelper::onReadyRead()
{
    if (!m_process)
        return;
    const QByteArray bytes = m_process->readAllStandardOutput();
    m_inbox.append(bytes.constData(), size_t(bytes.size()));
    std::string payload;
    while (m_process) {
        const auto status = m_inbox.next(payload);
        if (status == P::FrameBuffer::Status::NeedMore)
            return;
        auto garbage = [this](const QString &what) {
            fail(Error{ErrorCode::Protocol, tr("The highlighter helper answered garbage (%1).").arg(what), m_program});
        };
        if (status == P::FrameBuffer::Status::TooLarge)
            return garbage(tr("a frame over the size limit"));
        P::Reader r(payload.data(), payload.size());
        const int type = r.u8();
        const quint32 id = r.u32();
        if (!r.ok())
            return garbage(tr("a frame shorter than its header"));
        if (!m_helloSeen) {
            const quint32 version = r.u32();
            const std::string_view library = r.str();
            r.u32();
            r.u32();
            if (type != int(P::Message::Hello) || !r.ok())
                return garbage(tr("no greeting"));
            if (version != P::kVersion) {
                return fail(Error{ErrorCode::Unsupported,
                                  tr("The highlighter helper speaks protocol version %1; this RepoLens needs %2.")
                                      .arg(version)
                                      .arg(P::kVersion),
                                  m_program});
            }
            m_helloSeen = true;
            m_libraryVersion = fromUtf8(library);
            continue;
        }
        if (type == int(P::Message::Error) && id == 0) {
            r.u16();
            return garbage(fromUtf8(r.str()));
        }
        if (m_pending.empty() || m_pending.front().id != id)
            return garbage(tr("a reply to request %1, which was not asked").arg(id));
        Pending req = std::move(m_pending.front());
        m_pending.pop_front();
        armWatchdog();
        if (type == int(P::Message::Error)) {
            const quint16 code = r.u16();
            const QString message = fromUtf8(r.str());
            if (!r.ok())
                return garbage(tr("an unreadable error"));
            const Error error{ErrorCode::InvalidArgument,
                              tr("The highlighter helper refused a request: %1").arg(message),
                              QString::number(code)};
            if (!req.hasReceiver || req.receiver)
                req.handle(nullptr, &error);
            continue;
        }
        if (type != req.expected)
            return garbage(tr("message type %1 where %2 was expected").arg(type).arg(req.expected));
        if (req.hasReceiver && !req.receiver) {
            continue;
        }
        const std::string body = payload.substr(5);
        if (!req.handle(&body, nullptr))
            return garbage(tr("a malformed reply of type %1").arg(type));
    }
}

void SyntaxHelper::definitionFor(const QString &fileName, const QString &mimeType, QObject *receiver,
                                 std::function<void(Result<DefinitionMatch>)> done)
{
    P::Writer w(P::Message::DefinitionFor, 0);
    w.str(toStd(fileName));
    w.str(toStd(mimeType));
    send(w.take(), int(P::Message::Definition), receiver,
         [done](const std::string *payload, const Error *error) {
             if (!payload) {
                 done(*error);
                 return true;
             }
             P::Reader r(payload->data(), payload->size());
             DefinitionMatch m;
             m.name = fromUtf8(r.str());
             m.section = fromUtf8(r.str());
             if (!r.ok() || !r.atEnd())
                 return false;
             done(std::move(m));
             return true;
         });
}

void SyntaxHelper::highlight(const QString &definition, const QString &theme, quint32 state, const QByteArray &utf8,
                             QObject *receiver, std::function<void(Result<Spans>)> done)
{
    P::Writer w(P::Message::Highlight, 0);
    w.str(toStd(definition));
    w.str(toStd(theme));
    w.u32(state);
    w.str(std::string_view(utf8.constData(), size_t(utf8.size())));
    const quint32 textSize = quint32(utf8.size());
    send(w.take(), int(P::Message::Spans), receiver,
         [done, textSize](const std::string *payload, const Error *error) {
             if (!payload) {
                 done(*error);
                 return true;
             }
             P::Reader r(payload->data(), payload->size());
             Spans out;
             out.endState = r.u32();
             out.lines = r.u32();
             const quint32 formats = r.u32();
             if (!r.plausibleCount(formats, 14))
                 return false;
             out.formats.reserve(qsizetype(formats));
             for (quint32 i = 0; i < formats; ++i) {
                 Format f;
                 f.textStyle = r.u8();
                 f.flags = r.u8();
                 const quint32 fg = r.u32();
                 const quint32 bg = r.u32();
                 const std::string_view name = r.str();
                 if (f.flags & P::HasForeground)
                     f.foreground = rgb(fg);
                 if (f.flags & P::HasBackground)
                     f.background = rgb(bg);
                 f.name = QByteArray(name.data(), qsizetype(name.size()));
                 if (f.textStyle >= SyntaxTheme::TextStyleCount)
                     return false;
                 out.formats.append(std::move(f));
             }
             const quint32 spans = r.u32();
             if (!r.plausibleCount(spans, 10))
                 return false;
             out.spans.reserve(spans);
             quint32 previousEnd = 0;
             for (quint32 i = 0; i < spans; ++i) {
                 Span s{r.u32(), r.u32(), r.u16()};
                 // Sorted, inside the text, naming a format that was sent.
                 if (s.start < previousEnd || s.length == 0 || s.start + quint64(s.length) > textSize
                     || s.format >= formats)
                     return false;
                 previousEnd = s.start + s.length;
                 out.spans.push_back(s);
             }
             if (!r.ok() || !r.atEnd())
                 return false;
             done(std::move(out));
             return true;
         });
}

void SyntaxHelper::listThemes(QObject *receiver, std::function<void(Result<QList<SyntaxTheme>>)> done)
{
    P::Writer w(P::Message::ListThemes, 0);
    send(w.take(), int(P::Message::Themes), receiver, [done](const std::string *payload, const Error *error) {
        if (!payload) {
            done(*error);
            return true;
        }
        P::Reader r(payload->data(), payload->size());
        QList<SyntaxTheme> themes;
        const quint32 n = r.u32();
        if (!r.plausibleCount(n, 12))
            return false;
        for (quint32 i = 0; i < n && r.ok(); ++i) {
            SyntaxTheme t;
            t.name = fromUtf8(r.str());
            const quint32 editorColours = r.u32();
            if (editorColours != quint32(SyntaxTheme::EditorColourCount))
                return false;
            for (quint32 c = 0; c < editorColours; ++c)
                t.editor[c] = rgb(r.u32());
            const quint32 styles = r.u32();
            if (styles != quint32(SyntaxTheme::TextStyleCount))
                return false;
            for (quint32 s = 0; s < styles; ++s) {
                const quint32 fg = r.u32();
                const quint32 bg = r.u32();
                const quint8 flags = r.u8();
                SyntaxTheme::Style &style = t.styles[s];
                if (flags & P::HasForeground)
                    style.foreground = rgb(fg);
                if (flags & P::HasBackground)
                    style.background = rgb(bg);
                style.bold = flags & P::Bold;
                style.italic = flags & P::Italic;
                style.underline = flags & P::Underline;
                style.strikeOut = flags & P::StrikeOut;
            }
            if (t.name.isEmpty())
                return false;
            themes.append(std::move(t));
        }
        if (!r.ok() || !r.atEnd())
            return false;
        done(std::move(themes));
        return true;
    });
}

void SyntaxHelper::listDefinitions(QObject *receiver, std::function<void(Result<QList<DefinitionInfo>>)> done)
{
    P::Writer w(P::Message::ListDefinitions, 0);
    send(w.take(), int(P::Message::Definitions), receiver, [done](const std::string *payload, const Error *error) {
        if (!payload) {
            done(*error);
            return true;
        }
        P::Reader r(payload->data(), payload->size());
        QList<DefinitionInfo> list;
        const quint32 n = r.u32();
        if (!r.plausibleCount(n, 13))
            return false;
        for (quint32 i = 0; i < n && r.ok(); ++i) {
            DefinitionInfo d;
            d.name = fromUtf8(r.str());
            d.section = fromUtf8(r.str());
            const QString ext = fromUtf8(r.str());
            d.extensions = ext.split(u';', Qt::SkipEmptyParts);
            d.hidden = r.u8() != 0;
            list.append(std::move(d));
        }
        if (!r.ok() || !r.atEnd())
            return false;
        done(std::move(list));
        return true;
    });
}

} // namespace RepoLens
