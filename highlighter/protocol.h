#pragma once

// The pipe protocol between RepoLens and repolens-highlighter (KSyntaxHighlighting helper).
// Plain C++ with no Qt: the helper is built against Qt 5, the app against Qt 6, and both
// include this one header.
//
// A frame is a 4-byte little-endian payload length followed by the payload; the payload starts
// with a 1-byte message type and a 4-byte request id (the reply carries the request's id).
// Integers are little-endian; a string is a u32 byte count followed by UTF-8 bytes. Frames larger
// than kMaxFrameBytes are refused: the reader cannot resynchronise, so the helper answers with
// an Error and exits. See docs/architecture.md ("Syntax highlighting") for the message table.

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace RepoLens::HighlighterProtocol {

inline constexpr std::uint32_t kVersion = 1;
inline constexpr std::uint32_t kMaxFrameBytes = 64u * 1024u * 1024u;
inline constexpr std::uint32_t kInitialState = 0; // the state before the first line

enum class Message : std::uint8_t {
    Hello = 1,           // helper → app, id 0: u32 version, str library version, u32 definitions, u32 themes
    DefinitionFor = 2,   // str file name, str MIME type (either may be empty)
    Definition = 3,      // str name (empty: none), str section
    Highlight = 4,       // str definition, str theme (empty: no theme overrides), u32 state, str utf8 text
    Spans = 5,           // u32 end state, u32 lines, u32 formats × Format, u32 spans × Span
    ListDefinitions = 6, //
    Definitions = 7,     // u32 n × (str name, str section, str extensions ';'-joined, u8 hidden)
    ListThemes = 8,      //
    Themes = 9,          // u32 n × (str name, u32 editor colours × u32 rgb, u32 styles × StyleColours)
    Error = 10,          // u16 ErrorCode, str message
};

enum class ErrorCode : std::uint16_t {
    BadFrame = 1,          // the payload could not be read (truncated fields, trailing bytes)
    UnknownMessage = 2,    // a type the helper does not serve
    UnknownDefinition = 3, // Highlight names no definition
    UnknownTheme = 4,      // Highlight names no theme
    UnknownState = 5,      // the state handle was never given out or was dropped
    FrameTooLarge = 6,     // length over kMaxFrameBytes; the helper exits after saying so
};

// Format flags (Spans) and style flags (Themes).
enum FormatFlag : std::uint8_t {
    HasForeground = 1,
    HasBackground = 2,
    Bold = 4,
    Italic = 8,
    Underline = 16,
    StrikeOut = 32,
};

// Format: u8 text style (KSyntaxHighlighting::Theme::TextStyle), u8 flags, u32 foreground rgb,
// u32 background rgb, str name. Colours and flags are the format's own (definition or theme
// overrides against the requested theme); without them the text style's colours apply.
// Span: u32 start byte (relative to the request's text), u32 byte length, u16 format index.
// StyleColours: u32 foreground rgb, u32 background rgb, u8 flags.

// The editor colours a Themes reply carries, in this order (KSyntaxHighlighting names).
enum class EditorColour : std::uint8_t {
    Background = 0,
    TextSelection,
    CurrentLine,
    SearchHighlight,
    BracketMatching,
    IndentationLine,
    IconBorder,
    LineNumbers,
    CurrentLineNumber,
    CodeFolding,
    Count
};
inline constexpr int kTextStyleCount = 31; // Theme::Normal .. Theme::Others

class Writer
{
public:
    explicit Writer(Message type, std::uint32_t id)
    {
        m_buf.resize(4);
        u8(static_cast<std::uint8_t>(type));
        u32(id);
    }
    void u8(std::uint8_t v) { m_buf.push_back(static_cast<char>(v)); }
    void u16(std::uint16_t v)
    {
        u8(static_cast<std::uint8_t>(v));
        u8(static_cast<std::uint8_t>(v >> 8));
    }
    void u32(std::uint32_t v)
    {
        for (int i = 0; i < 4; ++i)
            u8(static_cast<std::uint8_t>(v >> (8 * i)));
    }
    void str(std::string_view s)
    {
        u32(static_cast<std::uint32_t>(s.size()));
        m_buf.append(s.data(), s.size());
    }
    // Overwrites a u32 written earlier at `offset` (payload-relative, as size() returned it).
    void patchU32(std::size_t offset, std::uint32_t v)
    {
        for (int i = 0; i < 4; ++i)
            m_buf[4 + offset + std::size_t(i)] = static_cast<char>(static_cast<std::uint8_t>(v >> (8 * i)));
    }
    std::size_t size() const { return m_buf.size() - 4; }
    // The finished frame: length prefix + payload.
    std::string take()
    {
        const auto n = static_cast<std::uint32_t>(m_buf.size() - 4);
        for (int i = 0; i < 4; ++i)
            m_buf[std::size_t(i)] = static_cast<char>(static_cast<std::uint8_t>(n >> (8 * i)));
        return std::move(m_buf);
    }

private:
    std::string m_buf;
};

// Reads one payload. Every read past the end sets !ok() and returns 0 / empty; check ok() (and
// atEnd()) once after reading all fields.
class Reader
{
public:
    Reader(const char *data, std::size_t size) : m_p(data), m_end(data + size) {}
    bool ok() const { return m_ok; }
    bool atEnd() const { return m_p == m_end; }
    std::size_t remaining() const { return std::size_t(m_end - m_p); }
    std::uint8_t u8()
    {
        if (!need(1))
            return 0;
        return static_cast<std::uint8_t>(*m_p++);
    }
    std::uint16_t u16()
    {
        if (!need(2))
            return 0;
        std::uint16_t v = std::uint16_t(std::uint8_t(m_p[0]) | (std::uint8_t(m_p[1]) << 8));
        m_p += 2;
        return v;
    }
    std::uint32_t u32()
    {
        if (!need(4))
            return 0;
        std::uint32_t v = 0;
        for (int i = 0; i < 4; ++i)
            v |= std::uint32_t(std::uint8_t(m_p[i])) << (8 * i);
        m_p += 4;
        return v;
    }
    std::string_view str()
    {
        const std::uint32_t n = u32();
        if (!m_ok || !need(n))
            return {};
        std::string_view s(m_p, n);
        m_p += n;
        return s;
    }
    // A count of items of at least `minItemBytes` each that could still fit (guards reserve()).
    bool plausibleCount(std::uint32_t n, std::size_t minItemBytes)
    {
        if (std::size_t(n) * minItemBytes > remaining())
            m_ok = false;
        return m_ok;
    }

private:
    bool need(std::size_t n)
    {
        if (!m_ok || std::size_t(m_end - m_p) < n) {
            m_ok = false;
            return false;
        }
        return true;
    }
    const char *m_p;
    const char *m_end;
    bool m_ok = true;
};

// Collects bytes from the pipe and cuts them into payloads.
class FrameBuffer
{
public:
    enum class Status { NeedMore, Frame, TooLarge };
    void append(const char *data, std::size_t size) { m_buf.append(data, size); }
    // On Frame, `payload` holds the next payload and it is removed from the buffer.
    Status next(std::string &payload)
    {
        compact();
        const std::size_t avail = m_buf.size() - m_pos;
        if (avail < 4)
            return Status::NeedMore;
        std::uint32_t n = 0;
        for (int i = 0; i < 4; ++i)
            n |= std::uint32_t(std::uint8_t(m_buf[m_pos + std::size_t(i)])) << (8 * i);
        if (n > kMaxFrameBytes)
            return Status::TooLarge;
        if (avail < 4 + std::size_t(n))
            return Status::NeedMore;
        payload.assign(m_buf, m_pos + 4, n);
        m_pos += 4 + std::size_t(n);
        return Status::Frame;
    }
    std::size_t buffered() const { return m_buf.size() - m_pos; }

private:
    void compact()
    {
        if (m_pos > 0 && m_pos * 2 >= m_buf.size()) {
            m_buf.erase(0, m_pos);
            m_pos = 0;
        }
    }
    std::string m_buf;
    std::size_t m_pos = 0;
};

} // namespace RepoLens::HighlighterProtocol
