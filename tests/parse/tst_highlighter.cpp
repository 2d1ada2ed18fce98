#include "core/parse/highlighter.h"
#include "core/parse/language.h"

#include <QFile>

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
    void everyGrammarHasHighlights();
    void newLanguagesColourWhatMatters_data();
    void newLanguagesColourWhatMatters();
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
    QTest::newRow("csharp") << QStringLiteral("csharp/OrderService.cs") << int(LanguageId::CSharp);
    QTest::newRow("ruby") << QStringLiteral("ruby/cache_store.rb") << int(LanguageId::Ruby);
    QTest::newRow("php") << QStringLiteral("php/Kernel.php") << int(LanguageId::Php);
    QTest::newRow("kotlin") << QStringLiteral("kotlin/Repository.kt") << int(LanguageId::Kotlin);
    QTest::newRow("swift") << QStringLiteral("swift/Store.swift") << int(LanguageId::Swift);
    QTest::newRow("scala") << QStringLiteral("scala/Parser.scala") << int(LanguageId::Scala);
    QTest::newRow("haskell") << QStringLiteral("haskell/Queue.hs") << int(LanguageId::Haskell);
    QTest::newRow("elixir") << QStringLiteral("elixir/cart.ex") << int(LanguageId::Elixir);
    QTest::newRow("lua") << QStringLiteral("lua/queue.lua") << int(LanguageId::Lua);
    QTest::newRow("zig") << QStringLiteral("zig/list.zig") << int(LanguageId::Zig);
    QTest::newRow("bash") << QStringLiteral("bash/deploy.sh") << int(LanguageId::Bash);
    QTest::newRow("dart") << QStringLiteral("dart/cart.dart") << int(LanguageId::Dart);
    QTest::newRow("ocaml") << QStringLiteral("ocaml/stack.ml") << int(LanguageId::OCaml);
    QTest::newRow("ocaml_interface") << QStringLiteral("ocaml/stack.mli") << int(LanguageId::OCamlInterface);
    QTest::newRow("julia") << QStringLiteral("julia/Queues.jl") << int(LanguageId::Julia);
    QTest::newRow("objc") << QStringLiteral("objc/Downloader.m") << int(LanguageId::ObjC);
}

void tst_Highlighter::everyGrammarHasHighlights()
{
    for (const LanguageInfo &info : allLanguages()) {
        if (!info.treeSitter)
            continue;
        QVERIFY2(!highlightCaptureNames(info.id).isEmpty(), qPrintable(info.name));
    }
}

void tst_Highlighter::newLanguagesColourWhatMatters_data()
{
    QTest::addColumn<int>("language");
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("keyword");
    QTest::addColumn<QByteArray>("comment");
    QTest::addColumn<QByteArray>("string");
    QTest::newRow("csharp") << int(LanguageId::CSharp)
                            << QByteArray("// c\nclass A { string s = \"x\"; }\n") << QByteArray("class")
                            << QByteArray("// c") << QByteArray("\"x\"");
    QTest::newRow("ruby") << int(LanguageId::Ruby) << QByteArray("# c\ndef f\n  \"x\"\nend\n")
                          << QByteArray("def") << QByteArray("# c") << QByteArray("\"x\"");
    QTest::newRow("php") << int(LanguageId::Php)
                         << QByteArray("<?php\n// c\nfunction f() { return 'x'; }\n")
                         << QByteArray("function") << QByteArray("// c") << QByteArray("'x'");
    QTest::newRow("kotlin") << int(LanguageId::Kotlin) << QByteArray("// c\nfun f() = \"x\"\n")
                            << QByteArray("fun") << QByteArray("// c") << QByteArray("\"x\"");
    QTest::newRow("swift") << int(LanguageId::Swift) << QByteArray("// c\nfunc f() { let s = \"x\" }\n")
                           << QByteArray("func") << QByteArray("// c") << QByteArray("\"x\"");
    QTest::newRow("scala") << int(LanguageId::Scala) << QByteArray("// c\ndef f = \"x\"\n")
                           << QByteArray("def") << QByteArray("// c") << QByteArray("\"x\"");
    QTest::newRow("haskell") << int(LanguageId::Haskell)
                             << QByteArray("-- c\nf x = if x then \"x\" else \"y\"\n")
                             << QByteArray("if") << QByteArray("-- c") << QByteArray("\"x\"");
    QTest::newRow("elixir") << int(LanguageId::Elixir)
                            << QByteArray("# c\ndefmodule A do\n  def f, do: \"x\"\nend\n")
                            << QByteArray("defmodule") << QByteArray("# c") << QByteArray("\"x\"");
    QTest::newRow("lua") << int(LanguageId::Lua) << QByteArray("-- c\nlocal function f() return \"x\" end\n")
                         << QByteArray("local") << QByteArray("-- c") << QByteArray("\"x\"");
    QTest::newRow("zig") << int(LanguageId::Zig) << QByteArray("// c\nfn f() []const u8 { return \"x\"; }\n")
                         << QByteArray("fn") << QByteArray("// c") << QByteArray("\"x\"");
    QTest::newRow("bash") << int(LanguageId::Bash) << QByteArray("# c\nif true; then echo \"x\"; fi\n")
                          << QByteArray("if") << QByteArray("# c") << QByteArray("\"x\"");
    QTest::newRow("dart") << int(LanguageId::Dart) << QByteArray("// c\nclass A { String s = 'x'; }\n")
                          << QByteArray("class") << QByteArray("// c") << QByteArray("'x'");
    QTest::newRow("ocaml") << int(LanguageId::OCaml) << QByteArray("(* c *)\nlet f x = \"x\"\n")
                           << QByteArray("let") << QByteArray("(* c *)") << QByteArray("\"x\"");
    QTest::newRow("ocaml_interface") << int(LanguageId::OCamlInterface)
                                     << QByteArray("(* c *)\nval f : int -> string\n") << QByteArray("val")
                                     << QByteArray("(* c *)") << QByteArray();
    QTest::newRow("julia") << int(LanguageId::Julia)
                           << QByteArray("# c\nfunction f(x)\n  return \"x\"\nend\n")
                           << QByteArray("function") << QByteArray("# c") << QByteArray("\"x\"");
    QTest::newRow("objc") << int(LanguageId::ObjC)
                          << QByteArray("// c\n@interface A : NSObject\n@end\nNSString *s = @\"x\";\n")
                          << QByteArray("@interface") << QByteArray("// c") << QByteArray("\"x\"");
}

void tst_Highlighter::newLanguagesColourWhatMatters()
{
    QFETCH(int, language);
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, keyword);
    QFETCH(QByteArray, comment);
    QFETCH(QByteArray, string);
    const QList<HighlightSpan> spans = highlight(LanguageId(language), text);
    QVERIFY(!spans.isEmpty());
    QVERIFY2(captureAt(spans, text, keyword).startsWith("keyword"),
             captureAt(spans, text, keyword).constData());
    QVERIFY2(captureAt(spans, text, comment).startsWith("comment"),
             captureAt(spans, text, comment).constData());
    if (!string.isEmpty())
        QVERIFY2(captureAt(spans, text, string).startsWith("string"),
                 captureAt(spans, text, string).constData());
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
