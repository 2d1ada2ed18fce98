// repolens-highlighter: KSyntaxHighlighting (Qt 5, Debian's KF5 build) behind a pipe.
// RepoLens (Qt 6) starts it once on demand and keeps it running; it reads length-prefixed
// requests on stdin and writes replies on stdout (highlighter/protocol.h). One request at a time,
// answered in order. stdin closed: exit 0. A frame over the size limit: an Error, then exit 3.
//
// For people and scripts: --version, --list-themes, --list-definitions,
// --highlight FILE [--theme NAME] (spans as text).

#include "protocol.h"

#include <KSyntaxHighlighting/AbstractHighlighter>
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Format>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/State>
#include <KSyntaxHighlighting/Theme>
#include <ksyntaxhighlighting_version.h>

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QStringList>
#include <QTextStream>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <map>
#include <unistd.h>
#include <vector>

namespace KSH = KSyntaxHighlighting;
namespace P = RepoLens::HighlighterProtocol;

namespace {

std::string utf8(const QString &s)
{
    const QByteArray b = s.toUtf8();
    return std::string(b.constData(), std::size_t(b.size()));
}

QString qstr(std::string_view s)
{
    return QString::fromUtf8(s.data(), int(s.size()));
}

// One line decoded from UTF-8 by hand, so that every UTF-16 offset KSyntaxHighlighting reports
// maps back to a byte offset even in invalid UTF-8 (each bad byte becomes one U+FFFD).
struct DecodedLine
{
    QString text;
    std::vector<std::uint32_t> byteAt; // UTF-16 index -> byte offset in the line; size()+1 entries
};

void decodeLine(const char *p, std::size_t n, DecodedLine &out)
{
    out.text.clear();
    out.byteAt.clear();
    out.text.reserve(int(n));
    out.byteAt.reserve(n + 1);
    std::size_t i = 0;
    while (i < n) {
        const auto c = std::uint8_t(p[i]);
        std::uint32_t cp = 0xFFFD;
        std::size_t len = 1;
        auto cont = [&](std::size_t k) { return i + k < n && (std::uint8_t(p[i + k]) & 0xC0) == 0x80; };
        if (c < 0x80) {
            cp = c;
        } else if (c >= 0xC2 && c < 0xE0 && cont(1)) {
            cp = ((c & 0x1Fu) << 6) | (std::uint8_t(p[i + 1]) & 0x3Fu);
            len = 2;
        } else if (c >= 0xE0 && c < 0xF0 && cont(1) && cont(2)) {
            cp = ((c & 0x0Fu) << 12) | ((std::uint8_t(p[i + 1]) & 0x3Fu) << 6) | (std::uint8_t(p[i + 2]) & 0x3Fu);
            len = 3;
            if (cp < 0x800 || (cp >= 0xD800 && cp < 0xE000)) {
                cp = 0xFFFD;
                len = 1;
            }
        } else if (c >= 0xF0 && c < 0xF5 && cont(1) && cont(2) && cont(3)) {
            cp = ((c & 0x07u) << 18) | ((std::uint8_t(p[i + 1]) & 0x3Fu) << 12)
                 | ((std::uint8_t(p[i + 2]) & 0x3Fu) << 6) | (std::uint8_t(p[i + 3]) & 0x3Fu);
            len = 4;
            if (cp < 0x10000 || cp > 0x10FFFF) {
                cp = 0xFFFD;
                len = 1;
            }
        }
        if (cp >= 0x10000) {
            out.text.append(QChar(QChar::highSurrogate(cp)));
            out.byteAt.push_back(std::uint32_t(i));
            out.text.append(QChar(QChar::lowSurrogate(cp)));
            out.byteAt.push_back(std::uint32_t(i));
        } else {
            out.text.append(QChar(char16_t(cp)));
            out.byteAt.push_back(std::uint32_t(i));
        }
        i += len;
    }
    out.byteAt.push_back(std::uint32_t(n));
}

struct Span
{
    std::uint32_t start;
    std::uint32_t length;
    std::uint16_t format;
};

struct FormatEntry
{
    std::uint8_t textStyle = 0;
    std::uint8_t flags = 0;
    std::uint32_t fg = 0;
    std::uint32_t bg = 0;
    std::string name;
};

class Collector : public KSH::AbstractHighlighter
{
public:
    // Highlights `text` (lines split at '\n', a '\r' before it ignored) from `state`; spans are
    // byte ranges relative to the start of `text`.
    KSH::State run(std::string_view text, KSH::State state, bool themed, std::uint32_t &lines)
    {
        m_themed = themed;
        std::size_t pos = 0;
        lines = 0;
        while (pos < text.size()) {
            std::size_t nl = text.find('\n', pos);
            const bool last = nl == std::string_view::npos;
            std::size_t end = last ? text.size() : nl;
            std::size_t contentEnd = end;
            if (contentEnd > pos && text[contentEnd - 1] == '\r')
                --contentEnd;
            decodeLine(text.data() + pos, contentEnd - pos, m_line);
            m_lineStart = std::uint32_t(pos);
            state = highlightLine(QStringView(m_line.text), state);
            ++lines;
            pos = last ? text.size() : nl + 1;
        }
        return state;
    }

    std::vector<Span> spans;
    std::vector<FormatEntry> formats;

protected:
    void applyFormat(int offset, int length, const KSH::Format &format) override
    {
        if (length <= 0 || !format.isValid())
            return;
        const std::uint16_t index = formatIndex(format);
        if (index == kDefault)
            return;
        const int last = std::min<int>(offset + length, int(m_line.byteAt.size()) - 1);
        if (offset < 0 || offset >= last)
            return;
        const std::uint32_t start = m_lineStart + m_line.byteAt[std::size_t(offset)];
        const std::uint32_t end = m_lineStart + m_line.byteAt[std::size_t(last)];
        if (!spans.empty() && spans.back().format == index && spans.back().start + spans.back().length == start) {
            spans.back().length += end - start;
            return;
        }
        spans.push_back(Span{start, end - start, index});
    }

private:
    static constexpr std::uint16_t kDefault = 0xFFFF;

    std::uint16_t formatIndex(const KSH::Format &format)
    {
        const auto it = m_index.find(format.id());
        if (it != m_index.end())
            return it->second;
        const KSH::Theme t = theme();
        FormatEntry e;
        e.textStyle = std::uint8_t(format.textStyle());
        e.name = utf8(format.name());
        if (m_themed) {
            // The format's own look where it differs from its text style in this theme.
            const auto style = format.textStyle();
            if (format.hasTextColor(t) && format.textColor(t).rgb() != QColor(t.textColor(style)).rgb()) {
                e.flags |= P::HasForeground;
                e.fg = format.textColor(t).rgb() & 0xFFFFFFu;
            }
            if (format.hasBackgroundColor(t) && format.backgroundColor(t).rgb() != QColor(t.backgroundColor(style)).rgb()) {
                e.flags |= P::HasBackground;
                e.bg = format.backgroundColor(t).rgb() & 0xFFFFFFu;
            }
            if (format.isBold(t))
                e.flags |= P::Bold;
            if (format.isItalic(t))
                e.flags |= P::Italic;
            if (format.isUnderline(t))
                e.flags |= P::Underline;
            if (format.isStrikeThrough(t))
                e.flags |= P::StrikeOut;
        }
        std::uint16_t index = kDefault;
        const bool plain = e.textStyle == KSH::Theme::Normal && !(e.flags & (P::HasForeground | P::HasBackground))
                           && !(e.flags & (P::Bold | P::Italic | P::Underline | P::StrikeOut));
        if (!plain && formats.size() < 0xFFFE) {
            index = std::uint16_t(formats.size());
            formats.push_back(std::move(e));
        }
        m_index.emplace(format.id(), index);
        return index;
    }

    bool m_themed = false;
    DecodedLine m_line;
    std::uint32_t m_lineStart = 0;
    std::map<quint16, std::uint16_t> m_index;
};

class Server
{
public:
    Server()
    {
        const auto defs = m_repo.definitions();
        const auto themes = m_repo.themes();
        m_definitionCount = std::uint32_t(defs.size());
        m_themeCount = std::uint32_t(themes.size());
    }

    std::string hello() const
    {
        P::Writer w(P::Message::Hello, 0);
        w.u32(P::kVersion);
        w.str(SyntaxHighlighting_VERSION_STRING);
        w.u32(m_definitionCount);
        w.u32(m_themeCount);
        return w.take();
    }

    static std::string error(std::uint32_t id, P::ErrorCode code, const std::string &message)
    {
        P::Writer w(P::Message::Error, id);
        w.u16(std::uint16_t(code));
        w.str(message);
        return w.take();
    }

    std::string handle(const std::string &payload)
    {
        P::Reader r(payload.data(), payload.size());
        const auto type = P::Message(r.u8());
        const std::uint32_t id = r.u32();
        if (!r.ok())
            return error(id, P::ErrorCode::BadFrame, "payload shorter than its header");
        switch (type) {
        case P::Message::DefinitionFor:
            return definitionFor(id, r);
        case P::Message::Highlight:
            return highlight(id, r);
        case P::Message::ListDefinitions:
            if (!r.atEnd())
                return error(id, P::ErrorCode::BadFrame, "ListDefinitions takes no fields");
            return definitions(id);
        case P::Message::ListThemes:
            if (!r.atEnd())
                return error(id, P::ErrorCode::BadFrame, "ListThemes takes no fields");
            return themes(id);
        default:
            return error(id, P::ErrorCode::UnknownMessage, "unknown message type " + std::to_string(int(type)));
        }
    }

    KSH::Repository &repository() { return m_repo; }

    // Text form of a highlight, for --highlight.
    std::string highlightForPeople(const QString &path, const QString &themeName, std::string &failure)
    {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) {
            failure = utf8(f.errorString());
            return {};
        }
        const QByteArray bytes = f.readAll();
        const KSH::Definition def = m_repo.definitionForFileName(path);
        if (!def.isValid()) {
            failure = "no syntax definition for this file name";
            return {};
        }
        Collector c;
        c.setDefinition(def);
        c.setTheme(themeName.isEmpty() ? m_repo.defaultTheme() : m_repo.theme(themeName));
        std::uint32_t lines = 0;
        c.run(std::string_view(bytes.constData(), std::size_t(bytes.size())), KSH::State(), !themeName.isEmpty(), lines);
        std::string out = "definition " + utf8(def.name()) + ", " + std::to_string(lines) + " lines, "
                          + std::to_string(c.spans.size()) + " spans\n";
        for (const Span &s : c.spans) {
            const FormatEntry &e = c.formats[s.format];
            out += std::to_string(s.start) + "+" + std::to_string(s.length) + " " + e.name + " ["
                   + std::to_string(e.textStyle) + "] "
                   + std::string(bytes.constData() + s.start, std::min<std::size_t>(s.length, 40)) + "\n";
        }
        return out;
    }

private:
    std::string definitionFor(std::uint32_t id, P::Reader &r)
    {
        const QString fileName = qstr(r.str());
        const QString mime = qstr(r.str());
        if (!r.ok() || !r.atEnd())
            return error(id, P::ErrorCode::BadFrame, "DefinitionFor: expected file name and MIME type");
        KSH::Definition def;
        if (!fileName.isEmpty())
            def = m_repo.definitionForFileName(fileName);
        if (!def.isValid() && !mime.isEmpty())
            def = m_repo.definitionForMimeType(mime);
        P::Writer w(P::Message::Definition, id);
        w.str(def.isValid() ? utf8(def.name()) : std::string());
        w.str(def.isValid() ? utf8(def.section()) : std::string());
        return w.take();
    }

    std::string highlight(std::uint32_t id, P::Reader &r)
    {
        const QString defName = qstr(r.str());
        const QString themeName = qstr(r.str());
        const std::uint32_t stateId = r.u32();
        const std::string_view text = r.str();
        if (!r.ok() || !r.atEnd())
            return error(id, P::ErrorCode::BadFrame, "Highlight: expected definition, theme, state and text");
        const KSH::Definition def = m_repo.definitionForName(defName);
        if (!def.isValid())
            return error(id, P::ErrorCode::UnknownDefinition, "no definition named \"" + utf8(defName) + "\"");
        KSH::Theme theme = m_repo.defaultTheme();
        if (!themeName.isEmpty()) {
            theme = m_repo.theme(themeName);
            if (!theme.isValid() || theme.name() != themeName)
                return error(id, P::ErrorCode::UnknownTheme, "no theme named \"" + utf8(themeName) + "\"");
        }
        KSH::State state;
        if (stateId != P::kInitialState) {
            const auto it = m_states.find(stateId);
            if (it == m_states.end())
                return error(id, P::ErrorCode::UnknownState, "unknown state " + std::to_string(stateId));
            state = it->second;
        }
        Collector c;
        c.setDefinition(def);
        c.setTheme(theme);
        std::uint32_t lines = 0;
        const KSH::State end = c.run(text, state, !themeName.isEmpty(), lines);
        const std::uint32_t endId = keepState(end);

        P::Writer w(P::Message::Spans, id);
        w.u32(endId);
        w.u32(lines);
        w.u32(std::uint32_t(c.formats.size()));
        for (const FormatEntry &e : c.formats) {
            w.u8(e.textStyle);
            w.u8(e.flags);
            w.u32(e.fg);
            w.u32(e.bg);
            w.str(e.name);
        }
        w.u32(std::uint32_t(c.spans.size()));
        for (const Span &s : c.spans) {
            w.u32(s.start);
            w.u32(s.length);
            w.u16(s.format);
        }
        return w.take();
    }

    std::uint32_t keepState(const KSH::State &state)
    {
        // Bounded: the oldest handles go first (a viewer asks for the next block soon after).
        constexpr std::size_t kMaxStates = 4096;
        if (m_states.size() >= kMaxStates)
            m_states.erase(m_states.begin());
        ++m_nextState;
        if (m_nextState == P::kInitialState)
            ++m_nextState;
        m_states.emplace(m_nextState, state);
        return m_nextState;
    }

    std::string definitions(std::uint32_t id)
    {
        const auto defs = m_repo.definitions();
        P::Writer w(P::Message::Definitions, id);
        w.u32(std::uint32_t(defs.size()));
        for (const KSH::Definition &d : defs) {
            w.str(utf8(d.name()));
            w.str(utf8(d.section()));
            QStringList ext;
            for (const QString &e : d.extensions())
                ext.append(e);
            w.str(utf8(ext.join(QLatin1Char(';'))));
            w.u8(d.isHidden() ? 1 : 0);
        }
        return w.take();
    }

    std::string themes(std::uint32_t id)
    {
        static const KSH::Theme::EditorColorRole roles[] = {
            KSH::Theme::BackgroundColor, KSH::Theme::TextSelection,   KSH::Theme::CurrentLine,
            KSH::Theme::SearchHighlight, KSH::Theme::BracketMatching, KSH::Theme::IndentationLine,
            KSH::Theme::IconBorder,      KSH::Theme::LineNumbers,     KSH::Theme::CurrentLineNumber,
            KSH::Theme::CodeFolding};
        static_assert(sizeof(roles) / sizeof(roles[0]) == std::size_t(P::EditorColour::Count));
        const auto themes = m_repo.themes();
        P::Writer w(P::Message::Themes, id);
        w.u32(std::uint32_t(themes.size()));
        for (const KSH::Theme &t : themes) {
            w.str(utf8(t.name()));
            w.u32(std::uint32_t(P::EditorColour::Count));
            for (auto role : roles)
                w.u32(t.editorColor(role) & 0xFFFFFFu);
            w.u32(P::kTextStyleCount);
            for (int s = 0; s < P::kTextStyleCount; ++s) {
                const auto style = KSH::Theme::TextStyle(s);
                std::uint8_t flags = 0;
                const QRgb fg = t.textColor(style);
                const QRgb bg = t.backgroundColor(style);
                if (fg != 0)
                    flags |= P::HasForeground;
                if (bg != 0)
                    flags |= P::HasBackground;
                if (t.isBold(style))
                    flags |= P::Bold;
                if (t.isItalic(style))
                    flags |= P::Italic;
                if (t.isUnderline(style))
                    flags |= P::Underline;
                if (t.isStrikeThrough(style))
                    flags |= P::StrikeOut;
                w.u32(fg & 0xFFFFFFu);
                w.u32(bg & 0xFFFFFFu);
                w.u8(flags);
            }
        }
        return w.take();
    }

    KSH::Repository m_repo;
    std::uint32_t m_definitionCount = 0;
    std::uint32_t m_themeCount = 0;
    std::map<std::uint32_t, KSH::State> m_states;
    std::uint32_t m_nextState = 0;
};

bool writeAll(const std::string &bytes)
{
    const char *p = bytes.data();
    std::size_t left = bytes.size();
    while (left > 0) {
        const ssize_t n = ::write(STDOUT_FILENO, p, left);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        p += n;
        left -= std::size_t(n);
    }
    return true;
}

int serve(Server &server)
{
    if (!writeAll(server.hello()))
        return 1;
    P::FrameBuffer in;
    std::string payload;
    std::vector<char> buf(1 << 16);
    for (;;) {
        const ssize_t n = ::read(STDIN_FILENO, buf.data(), buf.size());
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return 1;
        if (n == 0) // the app closed the pipe; a partial frame left over is dropped
            return in.buffered() == 0 ? 0 : 2;
        in.append(buf.data(), std::size_t(n));
        for (;;) {
            const auto status = in.next(payload);
            if (status == P::FrameBuffer::Status::NeedMore)
                break;
            if (status == P::FrameBuffer::Status::TooLarge) {
                writeAll(Server::error(0, P::ErrorCode::FrameTooLarge, "frame larger than "
                                                                        + std::to_string(P::kMaxFrameBytes) + " bytes"));
                return 3;
            }
            if (!writeAll(server.handle(payload)))
                return 1;
        }
    }
}

} // namespace

int main(int argc, char **argv)
{
    std::signal(SIGPIPE, SIG_IGN); // a write to a closed pipe fails with EPIPE and we exit
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("repolens-highlighter"));
    const QStringList args = QCoreApplication::arguments().mid(1);
    QTextStream out(stdout);
    if (args.value(0) == QLatin1String("--version")) {
        out << "repolens-highlighter " << REPOLENS_VERSION << " (KSyntaxHighlighting "
            << SyntaxHighlighting_VERSION_STRING << ", protocol " << P::kVersion << ")\n";
        return 0;
    }
    if (args.value(0) == QLatin1String("--help") || args.value(0) == QLatin1String("-h")) {
        out << "usage: repolens-highlighter [--version | --list-themes | --list-definitions |\n"
               "                             --highlight FILE [--theme NAME]]\n"
               "Without arguments: serve the pipe protocol on stdin/stdout (started by repolens).\n";
        return 0;
    }
    Server server;
    if (args.value(0) == QLatin1String("--list-themes")) {
        for (const KSH::Theme &t : server.repository().themes())
            out << t.name() << '\n';
        return 0;
    }
    if (args.value(0) == QLatin1String("--list-definitions")) {
        for (const KSH::Definition &d : server.repository().definitions())
            out << d.section() << '/' << d.name() << '\n';
        return 0;
    }
    if (args.value(0) == QLatin1String("--highlight") && args.size() >= 2) {
        std::string failure;
        const QString theme = args.value(2) == QLatin1String("--theme") ? args.value(3) : QString();
        const std::string text = server.highlightForPeople(args.at(1), theme, failure);
        if (!failure.empty()) {
            std::fprintf(stderr, "repolens-highlighter: %s: %s\n", qPrintable(args.at(1)), failure.c_str());
            return 1;
        }
        out << QString::fromStdString(text);
        return 0;
    }
    if (!args.isEmpty()) {
        std::fprintf(stderr, "repolens-highlighter: unknown argument %s (see --help)\n", qPrintable(args.at(0)));
        return 2;
    }
    out.flush();
    return serve(server);
}
