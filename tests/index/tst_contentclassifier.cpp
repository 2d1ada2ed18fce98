#include "core/index/contentclassifier.h"

#include <QElapsedTimer>
#include <QStringEncoder>
#include <QTest>

using namespace RepoLens;

namespace {

QByteArray encode(QStringConverter::Encoding encoding, const QString &text)
{
    QStringEncoder encoder(encoding, QStringConverter::Flag::Stateless);
    return encoder.encode(text);
}

QByteArray lines(const QByteArray &line, int count)
{
    QByteArray out;
    out.reserve((line.size() + 1) * count);
    for (int i = 0; i < count; ++i)
        out += line + '\n';
    return out;
}

} // namespace

class tst_ContentClassifier : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void empty();
    void plainUtf8();
    void utf8Bom();
    void binaryWithPythonExtension();
    void nulAfterSniffWindow();
    void controlCharacters();
    void utf16And32WithBom_data();
    void utf16And32WithBom();
    void binaryBehindBom();
    void latin1();
    void utf8Validation_data();
    void utf8Validation();
    void minifiedJavaScript();
    void denseCodeOnFewLines();
    void oneLongLineIsFine();
    void generatedMarkers_data();
    void generatedMarkers();
    void markerTooLate();
    void proseIsNeverGenerated();
    void loneCarriageReturns();
    void normalFiftyThousandLines();
};

void tst_ContentClassifier::empty()
{
    const ContentVerdict verdict = classifyContent(u"empty.py", LanguageId::Python, {});
    QCOMPARE(verdict.status, FileStatus::Pending);
    QCOMPARE(verdict.reason, QString());
    QCOMPARE(verdict.encoding, QStringLiteral("utf-8"));
    QVERIFY(verdict.utf8.isEmpty());
}

void tst_ContentClassifier::plainUtf8()
{
    const QByteArray bytes = "def h\xc3\xa9llo():\r\n    return '\xe2\x82\xac'\n";
    const ContentVerdict verdict = classifyContent(u"a.py", LanguageId::Python, bytes);
    QCOMPARE(verdict.status, FileStatus::Pending);
    QCOMPARE(verdict.reason, QString());
    QCOMPARE(verdict.encoding, QStringLiteral("utf-8"));
    QCOMPARE(verdict.utf8, bytes);
    QCOMPARE(verdict.utf8.constData(), bytes.constData()); // shared, not copied
}

void tst_ContentClassifier::utf8Bom()
{
    const ContentVerdict verdict =
        classifyContent(u"a.cpp", LanguageId::Cpp, "\xEF\xBB\xBFint x;\n");
    QCOMPARE(verdict.status, FileStatus::Pending);
    QCOMPARE(verdict.encoding, QStringLiteral("utf-8"));
    QCOMPARE(verdict.utf8, QByteArray("int x;\n"));
}

void tst_ContentClassifier::binaryWithPythonExtension()
{
    QByteArray bytes = "import os\n";
    bytes += QByteArray(3, '\0') + "\x89\x01\x02garbage";
    const ContentVerdict verdict = classifyContent(u"model.py", LanguageId::Python, bytes);
    QCOMPARE(verdict.status, FileStatus::Binary);
    QCOMPARE(verdict.reason, QStringLiteral("binary content (NUL bytes)"));
    QVERIFY(verdict.utf8.isEmpty());
    QCOMPARE(verdict.encoding, QString());
}

void tst_ContentClassifier::nulAfterSniffWindow()
{
    // Only the first 8 KiB are sniffed, as git and file(1) do.
    QByteArray bytes = lines("x = 1", 2000);
    QVERIFY(bytes.size() > 8 * 1024);
    bytes += '\0';
    const ContentVerdict verdict = classifyContent(u"a.py", LanguageId::Python, bytes);
    QCOMPARE(verdict.status, FileStatus::Pending);
}

void tst_ContentClassifier::controlCharacters()
{
    QByteArray noise;
    for (int i = 0; i < 1000; ++i)
        noise += char(1 + i % 8) + QByteArray("ab");
    ContentVerdict verdict = classifyContent(u"data.txt", LanguageId::PlainText, noise);
    QCOMPARE(verdict.status, FileStatus::Binary);
    QCOMPARE(verdict.reason, QStringLiteral("binary content (control characters)"));

    // Colours and form feeds in a log are text.
    const QByteArray log = lines("\x1b[31merror\x1b[0m: failed\t\f", 100);
    verdict = classifyContent(u"build.txt", LanguageId::PlainText, log);
    QCOMPARE(verdict.status, FileStatus::Pending);
    QCOMPARE(verdict.utf8, log);
}

void tst_ContentClassifier::utf16And32WithBom_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("encoding");
    const QString text = QStringLiteral("h\u00e9llo\r\nw\u00f6rld \U0001F600\n");
    QTest::newRow("utf-16le") << QByteArray("\xFF\xFE", 2) + encode(QStringConverter::Utf16LE, text)
                              << QStringLiteral("utf-16le");
    QTest::newRow("utf-16be") << QByteArray("\xFE\xFF", 2) + encode(QStringConverter::Utf16BE, text)
                              << QStringLiteral("utf-16be");
    QTest::newRow("utf-32le") << QByteArray("\xFF\xFE\x00\x00", 4)
            + encode(QStringConverter::Utf32LE, text)
                              << QStringLiteral("utf-32le");
    QTest::newRow("utf-32be") << QByteArray("\x00\x00\xFE\xFF", 4)
            + encode(QStringConverter::Utf32BE, text)
                              << QStringLiteral("utf-32be");
}

void tst_ContentClassifier::utf16And32WithBom()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, encoding);
    QVERIFY(bytes.contains('\0')); // NUL bytes, yet text
    const ContentVerdict verdict = classifyContent(u"notes.txt", LanguageId::PlainText, bytes);
    QCOMPARE(verdict.status, FileStatus::Pending);
    QCOMPARE(verdict.encoding, encoding);
    QCOMPARE(verdict.reason, QString());
    QCOMPARE(verdict.utf8, QByteArray("h\xc3\xa9llo\r\nw\xc3\xb6rld \xf0\x9f\x98\x80\n"));
}

void tst_ContentClassifier::binaryBehindBom()
{
    const QByteArray bytes = QByteArray("\xFF\xFE", 2) + QByteArray(64, '\0');
    const ContentVerdict verdict = classifyContent(u"a.txt", LanguageId::PlainText, bytes);
    QCOMPARE(verdict.status, FileStatus::Binary);
    QCOMPARE(verdict.reason, QStringLiteral("binary content (NUL bytes)"));
}

void tst_ContentClassifier::latin1()
{
    const ContentVerdict verdict = classifyContent(
        u"legacy.c", LanguageId::C, "/* caf\xe9 \x80 na\xefve \x9c */\nint x;\n");
    QCOMPARE(verdict.status, FileStatus::Pending);
    QCOMPARE(verdict.encoding, QStringLiteral("latin-1"));
    QCOMPARE(verdict.reason, QStringLiteral("invalid UTF-8, decoded as Latin-1"));
    QCOMPARE(QString::fromUtf8(verdict.utf8),
             QStringLiteral("/* caf\u00e9 \u20ac na\u00efve \u0153 */\nint x;\n"));
}

void tst_ContentClassifier::utf8Validation_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("encoding");
    QTest::newRow("ascii") << QByteArray("plain") << QStringLiteral("utf-8");
    QTest::newRow("two bytes") << QByteArray("\xc3\xa9") << QStringLiteral("utf-8");
    QTest::newRow("three bytes") << QByteArray("\xe2\x82\xac") << QStringLiteral("utf-8");
    QTest::newRow("four bytes") << QByteArray("\xf0\x9f\x98\x80") << QStringLiteral("utf-8");
    QTest::newRow("max code point") << QByteArray("\xf4\x8f\xbf\xbf") << QStringLiteral("utf-8");
    QTest::newRow("overlong") << QByteArray("\xc0\xaf") << QStringLiteral("latin-1");
    QTest::newRow("overlong three") << QByteArray("\xe0\x80\xaf") << QStringLiteral("latin-1");
    QTest::newRow("surrogate") << QByteArray("\xed\xa0\x80") << QStringLiteral("latin-1");
    QTest::newRow("past max") << QByteArray("\xf4\x90\x80\x80") << QStringLiteral("latin-1");
    QTest::newRow("truncated") << QByteArray("abc\xe2\x82") << QStringLiteral("latin-1");
    QTest::newRow("lone continuation") << QByteArray("a\x80z") << QStringLiteral("latin-1");
    QTest::newRow("bad continuation") << QByteArray("\xe2\x28\xa1") << QStringLiteral("latin-1");
    QTest::newRow("invalid after 8 ascii")
        << QByteArray("12345678\xff") << QStringLiteral("latin-1");
}

void tst_ContentClassifier::utf8Validation()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, encoding);
    const ContentVerdict verdict = classifyContent(u"a.txt", LanguageId::PlainText, bytes);
    QCOMPARE(verdict.status, FileStatus::Pending);
    QCOMPARE(verdict.encoding, encoding);
    // Whatever came in, what goes out is valid UTF-8.
    QCOMPARE(QString::fromUtf8(verdict.utf8).toUtf8(), verdict.utf8);
    QVERIFY(!QString::fromUtf8(verdict.utf8).contains(QChar::ReplacementCharacter));
}

void tst_ContentClassifier::minifiedJavaScript()
{
    // About 1 MB on 20 lines of 52,360 characters.
    const QByteArray line = QByteArray("function f(a,b){return a+b};").repeated(1870);
    QCOMPARE(line.size(), 52360);
    const QByteArray bytes = lines(line, 20);
    QVERIFY(bytes.size() > 1000 * 1000);
    QElapsedTimer timer;
    timer.start();
    const ContentVerdict verdict = classifyContent(u"vendor/lib.js", LanguageId::JavaScript, bytes);
    qInfo("classified %lld bytes in %.2f ms", qlonglong(bytes.size()),
          double(timer.nsecsElapsed()) / 1e6);
    QCOMPARE(verdict.status, FileStatus::Generated);
    QCOMPARE(verdict.reason, QStringLiteral("minified (average line 52,360 chars)"));

    // One single line.
    const ContentVerdict oneLine =
        classifyContent(u"app.js", LanguageId::JavaScript, line.repeated(2));
    QCOMPARE(oneLine.reason, QStringLiteral("minified (average line 104,720 chars)"));
}

void tst_ContentClassifier::denseCodeOnFewLines()
{
    // 9 lines of 900 CJK characters: no line over 1,000 characters, but 24 KB of code on
    // fewer than 10 lines.
    const QByteArray cjk = QByteArray("\xe4\xb8\xad").repeated(898);
    const QByteArray bytes = lines("s=\"" + cjk + '"', 9);
    QVERIFY(bytes.size() >= 20 * 1024);
    ContentVerdict verdict = classifyContent(u"strings.py", LanguageId::Python, bytes);
    QCOMPARE(verdict.status, FileStatus::Generated);
    QCOMPARE(verdict.reason, QStringLiteral("minified (average line 902 chars)"));
    // Not a tree-sitter language: data, not minified code.
    verdict = classifyContent(u"strings.yaml", LanguageId::Config, bytes);
    QCOMPARE(verdict.status, FileStatus::Pending);
}

void tst_ContentClassifier::oneLongLineIsFine()
{
    QByteArray bytes = lines("    return value * 2", 300);
    bytes += "ICON = \"data:image/png;base64," + QByteArray(5000, 'A') + "\"\n";
    const ContentVerdict verdict = classifyContent(u"icons.py", LanguageId::Python, bytes);
    QCOMPARE(verdict.status, FileStatus::Pending);
}

void tst_ContentClassifier::generatedMarkers_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("reason");
    QTest::newRow("go") << QStringLiteral("api.pb.go")
                        << QByteArray("// Code generated by protoc-gen-go. DO NOT EDIT.\n"
                                      "package api\n")
                        << QStringLiteral("generated (marker \"Code generated by\")");
    QTest::newRow("@generated") << QStringLiteral("schema.py")
                                << QByteArray("# @generated by codegen\nx = 1\n")
                                << QStringLiteral("generated (marker \"@generated\")");
    QTest::newRow("do not edit on line 5")
        << QStringLiteral("x.h")
        << QByteArray("#pragma once\n\n//\n// x.h\n// DO NOT EDIT: made by tools/gen.py\n")
        << QStringLiteral("generated (marker \"DO NOT EDIT\")");
    QTest::newRow("automatically") << QStringLiteral("x.java")
                                   << QByteArray("/* This file is automatically generated. */\n")
                                   << QStringLiteral(
                                          "generated (marker \"file is automatically generated\")");
    QTest::newRow("auto-generated caps") << QStringLiteral("x.ts")
                                         << QByteArray("// AUTO-GENERATED FILE\nexport {};\n")
                                         << QStringLiteral("generated (marker \"AUTO-GENERATED\")");
    QTest::newRow("autogenerated") << QStringLiteral("x.rs")
                                   << QByteArray("// Autogenerated by build.rs\n")
                                   << QStringLiteral("generated (marker \"Autogenerated\")");
}

void tst_ContentClassifier::generatedMarkers()
{
    QFETCH(QString, path);
    QFETCH(QByteArray, bytes);
    QFETCH(QString, reason);
    const ContentVerdict verdict = classifyContent(path, LanguageId::None, bytes);
    QCOMPARE(verdict.status, FileStatus::Generated);
    QCOMPARE(verdict.reason, reason);
    QCOMPARE(verdict.utf8, bytes);
}

void tst_ContentClassifier::markerTooLate()
{
    // On line 6.
    ContentVerdict verdict =
        classifyContent(u"a.go", LanguageId::Go, "package a\n\n\n\n\n// DO NOT EDIT\n");
    QCOMPARE(verdict.status, FileStatus::Pending);
    // On line 2, but past the first KiB.
    const QByteArray bytes =
        "// " + QByteArray(1100, 'x') + "\n// DO NOT EDIT\n" + lines("x := 1", 400);
    verdict = classifyContent(u"a.go", LanguageId::Go, bytes);
    QCOMPARE(verdict.status, FileStatus::Pending);
}

void tst_ContentClassifier::proseIsNeverGenerated()
{
    // Paragraphs on one line each, as many writers do.
    QByteArray markdown = "<!-- DO NOT EDIT: synced from the wiki -->\n# Guide\n\n";
    for (int i = 0; i < 30; ++i)
        markdown += QByteArray("Lorem ipsum dolor sit amet. ").repeated(60) + "\n\n";
    ContentVerdict verdict = classifyContent(u"docs/guide.md", LanguageId::Markdown, markdown);
    QCOMPARE(verdict.status, FileStatus::Pending);
    // The language comes from the path when the caller does not know it.
    verdict = classifyContent(u"README.md", LanguageId::None, markdown);
    QCOMPARE(verdict.status, FileStatus::Pending);
    verdict = classifyContent(u"notes.unknown", LanguageId::None, markdown);
    QCOMPARE(verdict.status, FileStatus::Generated);
}

void tst_ContentClassifier::loneCarriageReturns()
{
    // Classic Mac line breaks: 200 lines, not one long line.
    QByteArray bytes;
    for (int i = 0; i < 200; ++i)
        bytes += QByteArray("10 PRINT \"HELLO WORLD\" : GOTO 10 ").repeated(2) + '\r';
    const ContentVerdict verdict = classifyContent(u"old.c", LanguageId::C, bytes);
    QCOMPARE(verdict.status, FileStatus::Pending);
    QCOMPARE(verdict.utf8, bytes);
}

void tst_ContentClassifier::normalFiftyThousandLines()
{
    QByteArray bytes;
    for (int i = 0; i < 50000; ++i)
        bytes += "    total = accumulate(total, " + QByteArray::number(i) + ")  # step\n";
    QVERIFY(bytes.size() > 2 * 1000 * 1000);
    QElapsedTimer timer;
    timer.start();
    const ContentVerdict verdict = classifyContent(u"big.py", LanguageId::Python, bytes);
    qInfo("classified %lld bytes in %.2f ms", qlonglong(bytes.size()),
          double(timer.nsecsElapsed()) / 1e6);
    QCOMPARE(verdict.status, FileStatus::Pending);
    QCOMPARE(verdict.reason, QString());
    QCOMPARE(verdict.encoding, QStringLiteral("utf-8"));
    QCOMPARE(verdict.utf8.size(), bytes.size());
}

QTEST_GUILESS_MAIN(tst_ContentClassifier)
#include "tst_contentclassifier.moc"
