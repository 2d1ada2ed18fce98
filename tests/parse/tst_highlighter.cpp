#include "core/parse/highlighter.h"

#include <QTest>

using namespace RepoLens;

class tst_Highlighter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void python();
    void cppIncludesCQueries();
    void spansAreSortedAndDisjoint_data();
    void spansAreSortedAndDisjoint();
    void noGrammar();
    void cancelled();
};

namespace {

QByteArray captureAt(const QList<HighlightSpan> &spans, const QByteArray &text, const QByteArray &needle)
{
    const int pos = int(text.indexOf(needle));
    for (const HighlightSpan &s : spans) {
        if (s.startByte <= pos && pos < s.endByte)
            return s.capture;
    }
    return QByteArray();
}

} // namespace

void tst_Highlighter::python()
{
    const QByteArray text = "import os\n\n# a comment\ndef load(path):\n    return open(path, \"r\\n\")\n";
    const QList<HighlightSpan> spans = highlight(LanguageId::Python, text);
    QVERIFY(!spans.isEmpty());
    QCOMPARE(captureAt(spans, text, "import"), QByteArray("keyword"));
    QCOMPARE(captureAt(spans, text, "# a comment"), QByteArray("comment"));
    QCOMPARE(captureAt(spans, text, "def"), QByteArray("keyword"));
    QVERIFY(captureAt(spans, text, "load").startsWith("function"));
    QCOMPARE(captureAt(spans, text, "\"r"), QByteArray("string"));
    // the escape inside the string wins over the string
    QCOMPARE(captureAt(spans, text, "\\n"), QByteArray("escape"));
}

void tst_Highlighter::cppIncludesCQueries()
{
    const QByteArray text = "// note\nclass A { int x = 1; };\nconst char *s = \"hi\";\n";
    const QList<HighlightSpan> spans = highlight(LanguageId::Cpp, text);
    QCOMPARE(captureAt(spans, text, "// note"), QByteArray("comment"));
    QCOMPARE(captureAt(spans, text, "class"), QByteArray("keyword"));
    QCOMPARE(captureAt(spans, text, "\"hi\""), QByteArray("string"));
    QCOMPARE(captureAt(spans, text, "int"), QByteArray("type"));
}

void tst_Highlighter::spansAreSortedAndDisjoint_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("language");
    QTest::newRow("python") << QStringLiteral("python/sessions.py") << int(LanguageId::Python);
    QTest::newRow("cpp") << QStringLiteral("cpp/shapes.cpp") << int(LanguageId::Cpp);
    QTest::newRow("rust") << QStringLiteral("rust/lexer.rs") << int(LanguageId::Rust);
    QTest::newRow("go") << QStringLiteral("go/server.go") << int(LanguageId::Go);
    QTest::newRow("java") << QStringLiteral("java/Scheduler.java") << int(LanguageId::Java);
    QTest::newRow("typescript") << QStringLiteral("typescript/retry.ts") << int(LanguageId::TypeScript);
    QTest::newRow("tsx") << QStringLiteral("tsx/TodoList.tsx") << int(LanguageId::Tsx);
    QTest::newRow("javascript") << QStringLiteral("javascript/router.js") << int(LanguageId::JavaScript);
    QTest::newRow("c") << QStringLiteral("c/buffer.c") << int(LanguageId::C);
}

void tst_Highlighter::spansAreSortedAndDisjoint()
{
    QFETCH(QString, file);
    QFETCH(int, language);
    QFile f(QStringLiteral(REPOLENS_TEST_DATA "/chunker/") + file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    const QList<HighlightSpan> spans = highlight(LanguageId(language), text);
    QVERIFY(spans.size() > 20);
    int last = 0;
    bool sawKeyword = false;
    for (const HighlightSpan &s : spans) {
        QVERIFY(s.startByte >= last);
        QVERIFY(s.endByte > s.startByte);
        QVERIFY(s.endByte <= text.size());
        QVERIFY(!s.capture.isEmpty());
        sawKeyword = sawKeyword || s.capture.startsWith("keyword");
        last = s.endByte;
    }
    QVERIFY(sawKeyword);
    QVERIFY(!highlightCaptureNames(LanguageId(language)).isEmpty());
}

void tst_Highlighter::noGrammar()
{
    QVERIFY(highlight(LanguageId::Markdown, "# Title\n").isEmpty());
    QVERIFY(highlight(LanguageId::Python, QByteArray()).isEmpty());
}

void tst_Highlighter::cancelled()
{
    std::atomic_bool cancel{true};
    QVERIFY(highlight(LanguageId::Python, QByteArray("x = 1\n").repeated(1000), &cancel).isEmpty());
}

QTEST_GUILESS_MAIN(tst_Highlighter)
#include "tst_highlighter.moc"
