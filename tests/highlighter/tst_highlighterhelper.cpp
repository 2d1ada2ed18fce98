// The real repolens-highlighter process, spoken to with the protocol of highlighter/protocol.h:
// golden spans for ten formats (tests/data/highlighter/<file> → <file>.spans; refresh with
// REPOLENS_UPDATE_GOLDEN=1 and review the diff), block-by-block highlighting that matches the
// whole-file result, the theme list, and requests that are truncated, garbage or too large.

#include "highlighter/protocol.h"

#include <QDir>
#include <QFile>
#include <QMap>
#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTest>

#include <optional>

using namespace RepoLens;
namespace P = HighlighterProtocol;

namespace {

const char *const kTextStyles[] = {
    "Normal", "Keyword", "Function", "Variable", "ControlFlow", "Operator", "BuiltIn", "Extension",
    "Preprocessor", "Attribute", "Char", "SpecialChar", "String", "VerbatimString", "SpecialString",
    "Import", "DataType", "DecVal", "BaseN", "Float", "Constant", "Comment", "Documentation",
    "Annotation", "CommentVar", "RegionMarker", "Information", "Warning", "Alert", "Error", "Others"};

struct Reply
{
    P::Message type{};
    std::uint32_t id = 0;
    std::string body; // after type and id
};

// One helper process and a blocking reader over its stdout (tests only: the app never blocks).
class Helper
{
public:
    Helper()
    {
        m_process.setProgram(QStringLiteral(REPOLENS_HIGHLIGHTER_EXE));
        m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        m_process.start();
    }
    ~Helper()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.closeWriteChannel();
            if (!m_process.waitForFinished(5000))
                m_process.kill();
            m_process.waitForFinished(5000);
        }
    }
    QProcess &process() { return m_process; }

    void write(const std::string &bytes)
    {
        m_process.write(bytes.data(), qint64(bytes.size()));
        m_process.waitForBytesWritten(5000);
    }
    // The next reply, or nullopt when the helper closed its output or said nothing for 20 s.
    std::optional<Reply> read()
    {
        std::string payload;
        for (;;) {
            const auto status = m_in.next(payload);
            if (status == P::FrameBuffer::Status::Frame)
                break;
            if (status == P::FrameBuffer::Status::TooLarge)
                return std::nullopt;
            if (!m_process.waitForReadyRead(20000))
                return std::nullopt;
            const QByteArray b = m_process.readAllStandardOutput();
            m_in.append(b.constData(), size_t(b.size()));
        }
        P::Reader r(payload.data(), payload.size());
        Reply reply;
        reply.type = P::Message(r.u8());
        reply.id = r.u32();
        reply.body = payload.substr(5);
        return reply;
    }
    std::optional<Reply> request(P::Writer &&w)
    {
        write(w.take());
        return read();
    }

private:
    QProcess m_process;
    P::FrameBuffer m_in;
};

struct Format
{
    int textStyle;
    std::string name;
};
struct Span
{
    std::uint32_t start, length;
    Format format;
};
struct Spans
{
    std::uint32_t state = 0;
    std::uint32_t lines = 0;
    std::vector<Span> spans;
};

std::optional<Spans> parseSpans(const Reply &reply)
{
    if (reply.type != P::Message::Spans)
        return std::nullopt;
    P::Reader r(reply.body.data(), reply.body.size());
    Spans out;
    out.state = r.u32();
    out.lines = r.u32();
    std::vector<Format> formats(r.u32());
    for (Format &f : formats) {
        f.textStyle = r.u8();
        r.u8();
        r.u32();
        r.u32();
        f.name = std::string(r.str());
    }
    const std::uint32_t n = r.u32();
    for (std::uint32_t i = 0; i < n && r.ok(); ++i) {
        const std::uint32_t start = r.u32();
        const std::uint32_t length = r.u32();
        const std::uint16_t format = r.u16();
        if (format >= formats.size())
            return std::nullopt;
        out.spans.push_back(Span{start, length, formats[format]});
    }
    if (!r.ok() || !r.atEnd())
        return std::nullopt;
    return out;
}

P::Writer highlightRequest(std::uint32_t id, std::string_view definition, std::string_view theme,
                           std::uint32_t state, std::string_view text)
{
    P::Writer w(P::Message::Highlight, id);
    w.str(definition);
    w.str(theme);
    w.u32(state);
    w.str(text);
    return w;
}

std::pair<int, std::string> errorOf(const Reply &reply)
{
    P::Reader r(reply.body.data(), reply.body.size());
    const int code = r.u16();
    return {code, std::string(r.str())};
}

// "line:col-col TextStyle Format |text|", one span a line; lines and columns 1-based, in bytes.
QByteArray render(const QByteArray &text, const std::vector<Span> &spans)
{
    QByteArray out;
    for (const Span &s : spans) {
        const int line = int(text.left(int(s.start)).count('\n')) + 1;
        const int lineStart = s.start == 0 ? 0 : int(text.lastIndexOf('\n', qsizetype(s.start) - 1)) + 1;
        const int col = int(s.start) - lineStart + 1;
        out += QByteArray::number(line) + ':' + QByteArray::number(col) + '-'
               + QByteArray::number(col + int(s.length) - 1) + ' ' + kTextStyles[s.format.textStyle] + ' '
               + QByteArray::fromStdString(s.format.name) + " |" + text.mid(int(s.start), int(s.length)) + "|\n";
    }
    return out;
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class tst_HighlighterHelper : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void hello();
    void goldenSpans_data();
    void goldenSpans();
    void blocksMatchWholeFile_data();
    void blocksMatchWholeFile();
    void themes();
    void definitionsList();
    void themedFormats();
    void invalidUtf8();
    void badRequests();
    void garbageBytes();
    void truncatedFrame();
    void frameTooLarge();
    void commandLine();
};

void tst_HighlighterHelper::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY2(QFile::exists(QStringLiteral(REPOLENS_HIGHLIGHTER_EXE)), REPOLENS_HIGHLIGHTER_EXE);
}

void tst_HighlighterHelper::hello()
{
    Helper h;
    const auto reply = h.read();
    QVERIFY(reply);
    QCOMPARE(reply->type, P::Message::Hello);
    QCOMPARE(reply->id, 0u);
    P::Reader r(reply->body.data(), reply->body.size());
    QCOMPARE(r.u32(), P::kVersion);
    const std::string library(r.str());
    const std::uint32_t definitions = r.u32();
    const std::uint32_t themes = r.u32();
    QVERIFY(r.ok() && r.atEnd());
    QVERIFY2(library.rfind("5.", 0) == 0, library.c_str()); // Debian 12: KF5 5.103
    QVERIFY2(definitions > 300, qPrintable(QString::number(definitions)));
    QVERIFY2(themes >= 20, qPrintable(QString::number(themes)));
}

void tst_HighlighterHelper::goldenSpans_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("definition");
    QTest::newRow("yaml") << QStringLiteral("config.yaml") << QStringLiteral("YAML");
    QTest::newRow("cmake") << QStringLiteral("CMakeLists.txt") << QStringLiteral("CMake");
    QTest::newRow("dockerfile") << QStringLiteral("Dockerfile") << QStringLiteral("Dockerfile");
    QTest::newRow("sql") << QStringLiteral("schema.sql") << QStringLiteral("SQL");
    QTest::newRow("html") << QStringLiteral("page.html") << QStringLiteral("HTML");
    QTest::newRow("makefile") << QStringLiteral("Makefile") << QStringLiteral("Makefile");
    QTest::newRow("protobuf") << QStringLiteral("index.proto") << QStringLiteral("Protobuf");
    QTest::newRow("nix") << QStringLiteral("shell.nix") << QStringLiteral("Nix");
    QTest::newRow("powershell") << QStringLiteral("build.ps1") << QStringLiteral("PowerShell");
    QTest::newRow("latex") << QStringLiteral("notes.tex") << QStringLiteral("LaTeX");
}

void tst_HighlighterHelper::goldenSpans()
{
    QFETCH(QString, file);
    QFETCH(QString, definition);
    const QString dir = QStringLiteral(REPOLENS_TEST_DATA "/highlighter/");
    const QByteArray text = readFile(dir + file);
    QVERIFY(!text.isEmpty());
    Helper h;
    QVERIFY(h.read()); // Hello

    P::Writer which(P::Message::DefinitionFor, 7);
    which.str(file.toStdString());
    which.str("");
    const auto match = h.request(std::move(which));
    QVERIFY(match);
    QCOMPARE(match->type, P::Message::Definition);
    QCOMPARE(match->id, 7u);
    P::Reader r(match->body.data(), match->body.size());
    const std::string name(r.str());
    QCOMPARE(QString::fromStdString(name), definition);

    const auto reply = h.request(highlightRequest(8, name, "", P::kInitialState, text.toStdString()));
    QVERIFY(reply);
    QCOMPARE(reply->id, 8u);
    const auto spans = parseSpans(*reply);
    QVERIFY(spans);
    QCOMPARE(spans->lines, quint32(text.count('\n')));
    QVERIFY(spans->spans.size() > 10);
    const QByteArray actual = render(text, spans->spans);
    const QString goldenPath = dir + file + QStringLiteral(".spans");
    if (qEnvironmentVariableIntValue("REPOLENS_UPDATE_GOLDEN")) {
        QFile out(goldenPath);
        QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
        out.write(actual);
        return;
    }
    const QByteArray expected = readFile(goldenPath);
    QVERIFY2(!expected.isEmpty(), qPrintable(goldenPath + QStringLiteral(" is missing (REPOLENS_UPDATE_GOLDEN=1)")));
    if (actual != expected) {
        const QList<QByteArray> a = actual.split('\n');
        const QList<QByteArray> e = expected.split('\n');
        for (int i = 0; i < std::max(a.size(), e.size()); ++i) {
            if (a.value(i) != e.value(i))
                QFAIL(qPrintable(QStringLiteral("%1 line %2:\n  expected %3\n  actual   %4")
                                     .arg(goldenPath)
                                     .arg(i + 1)
                                     .arg(QString::fromUtf8(e.value(i)), QString::fromUtf8(a.value(i)))));
        }
    }
}

void tst_HighlighterHelper::blocksMatchWholeFile_data()
{
    goldenSpans_data();
}

// The viewer highlights large files in blocks of lines, each from the state the previous one
// ended in: the result must be the one of the whole file at once (multi-line comments,
// here-documents and strings cross block boundaries).
void tst_HighlighterHelper::blocksMatchWholeFile()
{
    QFETCH(QString, file);
    QFETCH(QString, definition);
    const QByteArray text = readFile(QStringLiteral(REPOLENS_TEST_DATA "/highlighter/") + file);
    Helper h;
    QVERIFY(h.read());
    const std::string def = definition.toStdString();
    const auto whole = h.request(highlightRequest(1, def, "", 0, text.toStdString()));
    QVERIFY(whole);
    const auto all = parseSpans(*whole);
    QVERIFY(all);

    std::vector<Span> pieces;
    std::uint32_t state = P::kInitialState;
    int offset = 0;
    std::uint32_t id = 2;
    while (offset < text.size()) {
        int end = offset;
        for (int i = 0; i < 3 && end < text.size(); ++i) {
            const int nl = int(text.indexOf('\n', end));
            end = nl < 0 ? int(text.size()) : nl + 1;
        }
        const auto reply = h.request(highlightRequest(id++, def, "", state, text.mid(offset, end - offset).toStdString()));
        QVERIFY(reply);
        const auto block = parseSpans(*reply);
        QVERIFY2(block, reply->type == P::Message::Error ? errorOf(*reply).second.c_str() : "not spans");
        QVERIFY(block->state != P::kInitialState);
        for (Span s : block->spans) {
            s.start += std::uint32_t(offset);
            // A span the previous block ended with may go on in this one.
            if (!pieces.empty() && pieces.back().start + pieces.back().length == s.start
                && pieces.back().format.name == s.format.name)
                pieces.back().length += s.length;
            else
                pieces.push_back(s);
        }
        state = block->state;
        offset = end;
    }
    QCOMPARE(render(text, pieces), render(text, all->spans));
}

void tst_HighlighterHelper::themes()
{
    Helper h;
    QVERIFY(h.read());
    const auto reply = h.request(P::Writer(P::Message::ListThemes, 3));
    QVERIFY(reply);
    QCOMPARE(reply->type, P::Message::Themes);
    P::Reader r(reply->body.data(), reply->body.size());
    const std::uint32_t n = r.u32();
    QVERIFY(n >= 20);
    QMap<QString, std::uint32_t> backgrounds;
    QMap<QString, std::uint32_t> comments;
    for (std::uint32_t i = 0; i < n; ++i) {
        const QString name = QString::fromStdString(std::string(r.str()));
        QCOMPARE(r.u32(), std::uint32_t(P::EditorColour::Count));
        std::uint32_t background = 0;
        for (int c = 0; c < int(P::EditorColour::Count); ++c) {
            const std::uint32_t rgb = r.u32();
            if (c == int(P::EditorColour::Background))
                background = rgb;
        }
        QCOMPARE(r.u32(), std::uint32_t(P::kTextStyleCount));
        for (int s = 0; s < P::kTextStyleCount; ++s) {
            const std::uint32_t fg = r.u32();
            r.u32();
            r.u8();
            if (s == 21)
                comments.insert(name, fg);
        }
        backgrounds.insert(name, background);
    }
    QVERIFY(r.ok() && r.atEnd());
    // Exact colours of three themes as KSyntaxHighlighting 5.103 ships them.
    QCOMPARE(backgrounds.value(QStringLiteral("Breeze Light")), 0xffffffu);
    QCOMPARE(backgrounds.value(QStringLiteral("Breeze Dark")), 0x232629u);
    QCOMPARE(backgrounds.value(QStringLiteral("Solarized Dark")), 0x002b36u);
    QCOMPARE(comments.value(QStringLiteral("Solarized Dark")), 0x586e75u);
}

void tst_HighlighterHelper::definitionsList()
{
    Helper h;
    QVERIFY(h.read());
    const auto reply = h.request(P::Writer(P::Message::ListDefinitions, 4));
    QVERIFY(reply);
    QCOMPARE(reply->type, P::Message::Definitions);
    P::Reader r(reply->body.data(), reply->body.size());
    const std::uint32_t n = r.u32();
    QStringList names;
    QString yamlExtensions;
    for (std::uint32_t i = 0; i < n; ++i) {
        const QString name = QString::fromStdString(std::string(r.str()));
        r.str();
        const QString ext = QString::fromStdString(std::string(r.str()));
        r.u8();
        names << name;
        if (name == QLatin1String("YAML"))
            yamlExtensions = ext;
    }
    QVERIFY(r.ok() && r.atEnd());
    QVERIFY(n > 300);
    for (const char *name : {"Dockerfile", "Nix", "Meson", "PowerShell", "LaTeX", "GLSL", "Fortran (Free Format)", "R Script"})
        QVERIFY2(names.contains(QLatin1String(name)), name);
    QVERIFY2(yamlExtensions.contains(QLatin1String("*.yaml")), qPrintable(yamlExtensions));
}

// With a theme named, formats carry the theme's own colours where they differ from the text
// style's; without one they carry none.
void tst_HighlighterHelper::themedFormats()
{
    Helper h;
    QVERIFY(h.read());
    const std::string text = "<a href=\"x\">&amp;</a>\n";
    for (const char *theme : {"", "Breeze Light"}) {
        const auto reply = h.request(highlightRequest(5, "HTML", theme, 0, text));
        QVERIFY(reply);
        QCOMPARE(reply->type, P::Message::Spans);
        P::Reader r(reply->body.data(), reply->body.size());
        r.u32();
        r.u32();
        const std::uint32_t formats = r.u32();
        QVERIFY(formats > 0);
        bool anyFlags = false;
        for (std::uint32_t i = 0; i < formats; ++i) {
            r.u8();
            anyFlags |= r.u8() != 0;
            r.u32();
            r.u32();
            r.str();
        }
        QVERIFY(r.ok());
        QCOMPARE(anyFlags, *theme != 0); // Breeze's bold keywords at least
    }
}

// Bytes that are not UTF-8 still give spans inside the text, on byte boundaries of the input.
void tst_HighlighterHelper::invalidUtf8()
{
    Helper h;
    QVERIFY(h.read());
    const std::string text = "key: \"caf\xe9 \xff\xfe\" # \xf0\x9f\x98\x80 emoji\nnext: 1\n";
    const auto reply = h.request(highlightRequest(9, "YAML", "", 0, text));
    QVERIFY(reply);
    const auto spans = parseSpans(*reply);
    QVERIFY(spans);
    QCOMPARE(spans->lines, 2u);
    bool comment = false;
    for (const Span &s : spans->spans) {
        QVERIFY(s.start + s.length <= text.size());
        if (s.format.textStyle == 21) {
            QCOMPARE(QByteArray::fromStdString(text.substr(s.start, s.length)), QByteArray(" # \xf0\x9f\x98\x80 emoji"));
            comment = true;
        }
    }
    QVERIFY(comment);
}

// Each bad request gets an Error with its id, and the helper goes on serving.
void tst_HighlighterHelper::badRequests()
{
    Helper h;
    QVERIFY(h.read());
    auto expectError = [&](P::Writer &&w, std::uint32_t id, P::ErrorCode code) {
        const auto reply = h.request(std::move(w));
        QVERIFY(reply);
        QCOMPARE(reply->type, P::Message::Error);
        QCOMPARE(reply->id, id);
        QCOMPARE(errorOf(*reply).first, int(code));
    };
    expectError(P::Writer(P::Message(99), 11), 11, P::ErrorCode::UnknownMessage);
    expectError(P::Writer(P::Message::Spans, 12), 12, P::ErrorCode::UnknownMessage); // a reply type
    {
        P::Writer w(P::Message::Highlight, 13); // fields cut short
        w.str("YAML");
        expectError(std::move(w), 13, P::ErrorCode::BadFrame);
    }
    {
        P::Writer w(P::Message::DefinitionFor, 14); // a string longer than the frame
        w.u32(1000);
        w.str("x");
        expectError(std::move(w), 14, P::ErrorCode::BadFrame);
    }
    {
        P::Writer w(P::Message::ListThemes, 15); // trailing bytes
        w.u8(1);
        expectError(std::move(w), 15, P::ErrorCode::BadFrame);
    }
    expectError(highlightRequest(16, "No Such Language", "", 0, "x\n"), 16, P::ErrorCode::UnknownDefinition);
    expectError(highlightRequest(17, "YAML", "No Such Theme", 0, "x\n"), 17, P::ErrorCode::UnknownTheme);
    expectError(highlightRequest(18, "YAML", "", 123456, "x\n"), 18, P::ErrorCode::UnknownState);
    {
        // A payload shorter than type + id: error with id 0.
        std::string frame("\x02\x00\x00\x00\x04\x01", 6);
        h.write(frame);
        const auto reply = h.read();
        QVERIFY(reply);
        QCOMPARE(reply->type, P::Message::Error);
        QCOMPARE(errorOf(*reply).first, int(P::ErrorCode::BadFrame));
    }
    // Still serving.
    P::Writer ok(P::Message::DefinitionFor, 19);
    ok.str("a.yaml");
    ok.str("");
    const auto reply = h.request(std::move(ok));
    QVERIFY(reply);
    QCOMPARE(reply->type, P::Message::Definition);
    QCOMPARE(reply->id, 19u);
}

// Random bytes: whatever the helper makes of them, it answers only with frames it can write,
// exits when its input ends and never hangs.
void tst_HighlighterHelper::garbageBytes()
{
    QRandomGenerator rng(20);
    for (int round = 0; round < 8; ++round) {
        Helper h;
        QVERIFY(h.read());
        std::string junk(size_t(64 + rng.bounded(4096)), '\0');
        for (char &c : junk)
            c = char(rng.bounded(256));
        if (round % 2 == 0)
            junk[3] = 0; // a plausible length, so that junk payloads get parsed
        h.write(junk);
        h.process().closeWriteChannel();
        QVERIFY2(h.process().waitForFinished(20000), "the helper hangs on garbage");
        QCOMPARE(h.process().exitStatus(), QProcess::NormalExit);
        QVERIFY2(QList<int>({0, 2, 3}).contains(h.process().exitCode()),
                 qPrintable(QString::number(h.process().exitCode())));
        // Everything it wrote is well-formed frames.
        const QByteArray out = h.process().readAllStandardOutput();
        P::FrameBuffer frames;
        frames.append(out.constData(), size_t(out.size()));
        std::string payload;
        while (frames.next(payload) == P::FrameBuffer::Status::Frame)
            QVERIFY(payload.size() >= 5);
        QCOMPARE(frames.buffered(), size_t(0));
    }
}

// Input that ends inside a frame: the helper exits with status 2, without an answer.
void tst_HighlighterHelper::truncatedFrame()
{
    Helper h;
    QVERIFY(h.read());
    std::string frame = highlightRequest(1, "YAML", "", 0, "a: 1\n").take();
    h.write(frame.substr(0, frame.size() - 3));
    h.process().closeWriteChannel();
    QVERIFY(h.process().waitForFinished(20000));
    QCOMPARE(h.process().exitCode(), 2);
    QVERIFY(h.process().readAllStandardOutput().isEmpty());
}

// A length over the limit cannot be skipped: an Error (id 0), then exit status 3.
void tst_HighlighterHelper::frameTooLarge()
{
    Helper h;
    QVERIFY(h.read());
    h.write(std::string("\xff\xff\xff\xff", 4));
    const auto reply = h.read();
    QVERIFY(reply);
    QCOMPARE(reply->type, P::Message::Error);
    QCOMPARE(errorOf(*reply).first, int(P::ErrorCode::FrameTooLarge));
    QVERIFY(h.process().waitForFinished(20000));
    QCOMPARE(h.process().exitCode(), 3);
}

void tst_HighlighterHelper::commandLine()
{
    QProcess p;
    p.start(QStringLiteral(REPOLENS_HIGHLIGHTER_EXE), {QStringLiteral("--version")});
    QVERIFY(p.waitForFinished(20000));
    QCOMPARE(p.exitCode(), 0);
    const QByteArray version = p.readAllStandardOutput();
    QVERIFY2(version.startsWith("repolens-highlighter " REPOLENS_VERSION " (KSyntaxHighlighting 5."), version.constData());
    QVERIFY(version.contains("protocol 1"));

    p.start(QStringLiteral(REPOLENS_HIGHLIGHTER_EXE),
            {QStringLiteral("--highlight"), QStringLiteral(REPOLENS_TEST_DATA "/highlighter/Dockerfile")});
    QVERIFY(p.waitForFinished(20000));
    QCOMPARE(p.exitCode(), 0);
    QVERIFY(p.readAllStandardOutput().startsWith("definition Dockerfile, 12 lines,"));

    p.start(QStringLiteral(REPOLENS_HIGHLIGHTER_EXE), {QStringLiteral("--bogus")});
    QVERIFY(p.waitForFinished(20000));
    QCOMPARE(p.exitCode(), 2);
}

QTEST_GUILESS_MAIN(tst_HighlighterHelper)
#include "tst_highlighterhelper.moc"
