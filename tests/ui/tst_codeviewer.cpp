// The code viewer on its own: syntax highlighting, cited ranges, find and go-to-line bars.

#include "uitestfixture.h"

#include "ui/codeeditor.h"
#include "ui/codeviewer.h"
#include "ui/findbar.h"
#include "ui/helperhighlighter.h"
#include "ui/treesitterlexer.h"

#include <QLineEdit>
#include <QSet>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace RepoLens;

class tst_CodeViewer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void treeSitterHighlighting();
    void cppGetsCHighlights();
    void everyTreeSitterLanguage_data();
    void everyTreeSitterLanguage();
    void helperForOtherFormats();
    void editorChrome();
    void highlightBeforeLoad();
    void clearHighlights();
    void findBar();
    void goToLineBar();
    void darkPalette();
    void binaryFile();
    void fifoIsRefusedWithoutBlocking();

private:
    CodeEditor *open(const QString &rel);

    QTemporaryDir m_dir;
    CodeViewer *m_viewer = nullptr;
};

void tst_CodeViewer::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(TestFixture::writeSmall(m_dir.path()));
    QFile json(m_dir.path() + QStringLiteral("/package.json"));
    QVERIFY(json.open(QIODevice::WriteOnly));
    json.write("{\"name\": \"fixture\", \"version\": 1}\n");
    json.close();
    // Formats without a tree-sitter grammar: KSyntaxHighlighting through the helper.
    const QList<QPair<QString, QByteArray>> configs = {
        {QStringLiteral("ci.yml"), "jobs:\n  build:\n    runs-on: debian # comment\n"},
        {QStringLiteral("CMakeLists.txt"), "cmake_minimum_required(VERSION 3.25)\nproject(fixture)\n"},
        {QStringLiteral("Makefile"), "# build\nall: app\n\tcc -o app main.c\n"},
    };
    for (const auto &[name, text] : configs) {
        QFile f(m_dir.path() + u'/' + name);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
    }
    // One file of every tree-sitter language (the chunker's test inputs).
    const QString data = QStringLiteral(REPOLENS_TEST_DATA "/chunker");
    for (const QString &f : {QStringLiteral("c/buffer.c"), QStringLiteral("java/HttpClient.java"),
                             QStringLiteral("javascript/router.js"), QStringLiteral("typescript/queue.ts"),
                             QStringLiteral("tsx/TodoList.tsx"), QStringLiteral("go/worker.go"),
                             QStringLiteral("rust/lexer.rs"), QStringLiteral("bash/deploy.sh"),
                             QStringLiteral("csharp/OrderService.cs"), QStringLiteral("ruby/cache_store.rb"),
                             QStringLiteral("php/Kernel.php"), QStringLiteral("kotlin/Repository.kt"),
                             QStringLiteral("swift/Store.swift"), QStringLiteral("scala/Parser.scala"),
                             QStringLiteral("haskell/Queue.hs"), QStringLiteral("elixir/cart.ex"),
                             QStringLiteral("lua/queue.lua"), QStringLiteral("zig/list.zig"),
                             QStringLiteral("dart/cart.dart"), QStringLiteral("ocaml/stack.ml"),
                             QStringLiteral("ocaml/stack.mli"), QStringLiteral("julia/Queues.jl"),
                             QStringLiteral("objc/Downloader.m"), QStringLiteral("objc/Downloader.h")})
        QVERIFY(TestFixture::copyFile(data + u'/' + f, m_dir.path() + QStringLiteral("/lib/") + f));
    // Languages that the name does not say: scripts by their shebang, `.h` by the sources
    // around them (C here, Objective-C in lib/objc, C++ in src/).
    const QList<QPair<QString, QByteArray>> undecided = {
        {QStringLiteral("bin/release"), "#!/usr/bin/env ruby\n# Tags a release.\ndef tag(version)\n  puts \"v#{version}\"\nend\n"},
        {QStringLiteral("bin/setup"), "#!/bin/bash\nset -e\nsetup() {\n  local dir=\"$1\"\n  if [ -n \"$dir\" ]; then echo \"ready\"; fi\n}\n"},
        {QStringLiteral("native/codec.c"), "#include \"include/codec.h\"\nint codec_init(void) { return 0; }\n"},
        {QStringLiteral("native/include/codec.h"), "/* The codec. */\nstruct codec { int rate; };\nint codec_init(void);\n"},
    };
    for (const auto &[name, text] : undecided) {
        QDir().mkpath(QFileInfo(m_dir.path() + u'/' + name).path());
        QFile f(m_dir.path() + u'/' + name);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
    }
    QFile bin(m_dir.path() + QStringLiteral("/blob.bin"));
    QVERIFY(bin.open(QIODevice::WriteOnly));
    bin.write(QByteArray("\x00\x01\x02\x03", 4).repeated(100));
    bin.close();
    m_viewer = new CodeViewer;
    m_viewer->resize(900, 700);
    m_viewer->setRootPath(QFileInfo(m_dir.path()).canonicalFilePath());
    m_viewer->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_viewer));
}

CodeEditor *tst_CodeViewer::open(const QString &rel)
{
    CodeEditor *editor = m_viewer->openFile(rel);
    if (!editor->isLoaded()) {
        QSignalSpy loaded(editor, &CodeEditor::loaded);
        if (!loaded.wait(10000))
            return nullptr;
    }
    return editor;
}

void tst_CodeViewer::treeSitterHighlighting()
{
    CodeEditor *editor = open(QStringLiteral("service/config.py"));
    QVERIFY(editor);
    QCOMPARE(editor->languageId(), LanguageId::Python);
    TreeSitterLexer *lexer = editor->treeSitterLexer();
    QVERIFY(lexer);
    QVERIFY(lexer->hasSpans());
    auto styleAt = [editor](int line, const QString &needle) {
        const int col = int(editor->text(line).indexOf(needle));
        if (col < 0)
            return -1;
        const int pos = editor->positionFromLineIndex(line, col);
        return int(editor->SendScintilla(QsciScintilla::SCI_GETSTYLEAT, pos));
    };
    editor->SendScintilla(QsciScintilla::SCI_COLOURISE, 0, -1);
    // line 11: def parse_config(path):
    QCOMPARE(styleAt(10, QStringLiteral("def")), int(CodeTheme::Keyword));
    QCOMPARE(styleAt(10, QStringLiteral("parse_config")), int(CodeTheme::Function));
    QCOMPARE(styleAt(0, QStringLiteral("\"\"\"")), int(CodeTheme::String));
    QCOMPARE(styleAt(2, QStringLiteral("import")), int(CodeTheme::Keyword));
    QCOMPARE(styleAt(6, QStringLiteral("ConfigError")), int(CodeTheme::Constructor)); // class name: "^[A-Z]"
    QVERIFY(editor->isReadOnly());
    QVERIFY(editor->lines() > 20);
}

void tst_CodeViewer::cppGetsCHighlights()
{
    CodeEditor *editor = open(QStringLiteral("src/ringbuffer.h"));
    QVERIFY(editor);
    editor->SendScintilla(QsciScintilla::SCI_COLOURISE, 0, -1);
    // line 4: "// A fixed-size ring buffer ..." and line 10: "void push(const T &value)"
    const int comment = editor->positionFromLineIndex(3, 3);
    QCOMPARE(int(editor->SendScintilla(QsciScintilla::SCI_GETSTYLEAT, comment)), int(CodeTheme::Comment));
    const int col = int(editor->text(5).indexOf(QLatin1String("class")));
    QCOMPARE(int(editor->SendScintilla(QsciScintilla::SCI_GETSTYLEAT, editor->positionFromLineIndex(5, col))),
             int(CodeTheme::Keyword));
}

// Every tree-sitter language is highlighted through the QsciLexerCustom adapter from its
// highlights.scm: keywords, and several other categories, get their styles.
void tst_CodeViewer::everyTreeSitterLanguage_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("language");
    QTest::newRow("python") << QStringLiteral("lib/python/sessions.py") << int(LanguageId::Python);
    QTest::newRow("c") << QStringLiteral("lib/c/buffer.c") << int(LanguageId::C);
    QTest::newRow("cpp") << QStringLiteral("lib/cpp/shapes.cpp") << int(LanguageId::Cpp);
    QTest::newRow("java") << QStringLiteral("lib/java/HttpClient.java") << int(LanguageId::Java);
    QTest::newRow("javascript") << QStringLiteral("lib/javascript/router.js") << int(LanguageId::JavaScript);
    QTest::newRow("typescript") << QStringLiteral("lib/typescript/queue.ts") << int(LanguageId::TypeScript);
    QTest::newRow("tsx") << QStringLiteral("lib/tsx/TodoList.tsx") << int(LanguageId::Tsx);
    QTest::newRow("go") << QStringLiteral("lib/go/worker.go") << int(LanguageId::Go);
    QTest::newRow("rust") << QStringLiteral("lib/rust/lexer.rs") << int(LanguageId::Rust);
    // Shell scripts have a tree-sitter grammar (they used to go to the helper).
    QTest::newRow("bash") << QStringLiteral("lib/bash/deploy.sh") << int(LanguageId::Bash);
    QTest::newRow("csharp") << QStringLiteral("lib/csharp/OrderService.cs") << int(LanguageId::CSharp);
    QTest::newRow("ruby") << QStringLiteral("lib/ruby/cache_store.rb") << int(LanguageId::Ruby);
    QTest::newRow("php") << QStringLiteral("lib/php/Kernel.php") << int(LanguageId::Php);
    QTest::newRow("kotlin") << QStringLiteral("lib/kotlin/Repository.kt") << int(LanguageId::Kotlin);
    QTest::newRow("swift") << QStringLiteral("lib/swift/Store.swift") << int(LanguageId::Swift);
    QTest::newRow("scala") << QStringLiteral("lib/scala/Parser.scala") << int(LanguageId::Scala);
    QTest::newRow("haskell") << QStringLiteral("lib/haskell/Queue.hs") << int(LanguageId::Haskell);
    QTest::newRow("elixir") << QStringLiteral("lib/elixir/cart.ex") << int(LanguageId::Elixir);
    QTest::newRow("lua") << QStringLiteral("lib/lua/queue.lua") << int(LanguageId::Lua);
    QTest::newRow("zig") << QStringLiteral("lib/zig/list.zig") << int(LanguageId::Zig);
    QTest::newRow("dart") << QStringLiteral("lib/dart/cart.dart") << int(LanguageId::Dart);
    QTest::newRow("ocaml") << QStringLiteral("lib/ocaml/stack.ml") << int(LanguageId::OCaml);
    QTest::newRow("ocaml interface") << QStringLiteral("lib/ocaml/stack.mli") << int(LanguageId::OCamlInterface);
    QTest::newRow("julia") << QStringLiteral("lib/julia/Queues.jl") << int(LanguageId::Julia);
    QTest::newRow("objective-c") << QStringLiteral("lib/objc/Downloader.m") << int(LanguageId::ObjC);
    // decided by what is around them, as the indexer does
    QTest::newRow("objective-c header") << QStringLiteral("lib/objc/Downloader.h") << int(LanguageId::ObjC);
    QTest::newRow("c header, sources a folder up") << QStringLiteral("native/include/codec.h") << int(LanguageId::C);
    QTest::newRow("c++ header") << QStringLiteral("lib/cpp/shapes.h") << int(LanguageId::Cpp);
    QTest::newRow("ruby by shebang") << QStringLiteral("bin/release") << int(LanguageId::Ruby);
    QTest::newRow("bash by shebang") << QStringLiteral("bin/setup") << int(LanguageId::Bash);
}

void tst_CodeViewer::everyTreeSitterLanguage()
{
    QFETCH(QString, path);
    QFETCH(int, language);
    CodeEditor *editor = open(path);
    QVERIFY(editor);
    QCOMPARE(int(editor->languageId()), language);
    TreeSitterLexer *lexer = editor->treeSitterLexer();
    QVERIFY(lexer);
    QVERIFY(lexer->hasSpans());
    editor->SendScintilla(QsciScintilla::SCI_COLOURISE, 0, -1);
    QSet<int> styles;
    const int length = int(editor->SendScintilla(QsciScintilla::SCI_GETLENGTH));
    for (int pos = 0; pos < length; ++pos)
        styles.insert(int(editor->SendScintilla(QsciScintilla::SCI_GETSTYLEAT, pos)));
    QVERIFY2(styles.contains(CodeTheme::Keyword), path.toUtf8());
    QVERIFY2(styles.contains(CodeTheme::Comment) || styles.contains(CodeTheme::String), path.toUtf8());
    QVERIFY2(styles.size() >= 5, qPrintable(QString::number(styles.size())));
}

void tst_CodeViewer::helperForOtherFormats()
{
    const QList<QPair<QString, QString>> files = {{QStringLiteral("README.md"), QStringLiteral("Markdown")},
                                                  {QStringLiteral("package.json"), QStringLiteral("JSON")},
                                                  {QStringLiteral("ci.yml"), QStringLiteral("YAML")},
                                                  {QStringLiteral("CMakeLists.txt"), QStringLiteral("CMake")},
                                                  {QStringLiteral("Makefile"), QStringLiteral("Makefile")}};
    for (const auto &[file, definition] : files) {
        CodeEditor *editor = open(file);
        QVERIFY(editor);
        QVERIFY(editor->highlighter());
        QCOMPARE(editor->highlighter()->backend(), Highlighter::Backend::SyntaxHelper);
        QTRY_VERIFY_WITH_TIMEOUT(editor->highlighter()->isFinished(), 20000);
        QCOMPARE(editor->highlighter()->definitionName(), definition);
        QVERIFY2(editor->highlightNote().isEmpty(), qPrintable(editor->highlightNote()));
        auto *lexer = qobject_cast<HelperLexer *>(editor->lexer());
        QVERIFY(lexer);
        QVERIFY2(lexer->runCount() >= 2, qPrintable(file));
        // the helper's spans take the scheme's colours
        QCOMPARE(lexer->paper(0), CodeTheme::fromPalette(editor->palette()).background);
    }
}

// Line numbers, folding, the current line highlighted, read-only.
void tst_CodeViewer::editorChrome()
{
    CodeEditor *editor = open(QStringLiteral("lib/python/sessions.py"));
    QVERIFY(editor);
    QVERIFY(editor->isReadOnly());
    QVERIFY(editor->marginLineNumbers(0));
    QVERIFY(editor->marginWidth(0) > 0);
    QVERIFY(editor->folding() != QsciScintilla::NoFoldStyle);
    QVERIFY(editor->marginWidth(2) > 0);
    // a class body is a fold point
    const int classLine = int(editor->text().left(editor->text().indexOf(QLatin1String("class "))).count(u'\n'));
    const int level = int(editor->SendScintilla(QsciScintilla::SCI_GETFOLDLEVEL, classLine));
    QVERIFY2(level & QsciScintilla::SC_FOLDLEVELHEADERFLAG, qPrintable(QString::number(classLine)));
    QVERIFY(editor->SendScintilla(QsciScintilla::SCI_GETCARETLINEVISIBLE));
    // typing does not change the file
    const QString before = editor->text();
    editor->setFocus();
    QTest::keyClicks(editor, QStringLiteral("xyz"));
    QCOMPARE(editor->text(), before);
}

void tst_CodeViewer::highlightBeforeLoad()
{
    m_viewer->closeAll();
    CodeEditor *editor = m_viewer->showLocation(QStringLiteral("lib/python/sessions.py"), 10, 14, true);
    QVERIFY(editor);
    QCOMPARE(editor->snippetHighlights(), (QList<QPair<int, int>>{{10, 14}}));
    if (!editor->isLoaded()) {
        QSignalSpy loaded(editor, &CodeEditor::loaded);
        QVERIFY(loaded.wait(10000));
    }
    QVERIFY(editor->markersAtLine(9) & (1 << 1));
    QVERIFY(editor->markersAtLine(13) & (1 << 1));
    QVERIFY(!(editor->markersAtLine(8) & (1 << 1)));
    QCOMPARE(editor->currentLineNumber(), 10);
    // several ranges may be shown
    editor->addSnippetHighlight(20, 22);
    QCOMPARE(editor->snippetHighlights().size(), 2);
    QVERIFY(editor->markersAtLine(21) & (1 << 1));
}

void tst_CodeViewer::clearHighlights()
{
    CodeEditor *editor = open(QStringLiteral("lib/python/sessions.py"));
    QVERIFY(editor);
    editor->addSnippetHighlight(3, 4);
    m_viewer->clearHighlights();
    QVERIFY(editor->snippetHighlights().isEmpty());
    QCOMPARE(editor->markersAtLine(2) & (1 << 1), 0u);
    QCOMPARE(editor->SendScintilla(QsciScintilla::SCI_INDICATORVALUEAT, 8, editor->positionFromLineIndex(2, 1)), 0L);
}

void tst_CodeViewer::findBar()
{
    CodeEditor *editor = open(QStringLiteral("service/config.py"));
    QVERIFY(editor);
    editor->setCursorPosition(0, 0);
    m_viewer->showFindBar();
    FindBar *bar = m_viewer->findBar();
    QVERIFY(bar->isVisible());
    QTest::keyClicks(bar->lineEdit(), QStringLiteral("data"));
    QVERIFY(bar->matchCount() >= 5);
    QCOMPARE(editor->selectedText(), QStringLiteral("data"));
    int line1 = 0, index1 = 0;
    editor->getCursorPosition(&line1, &index1);
    QTest::keyClick(bar->lineEdit(), Qt::Key_Return);
    int line2 = 0, index2 = 0;
    editor->getCursorPosition(&line2, &index2);
    QVERIFY(line2 > line1 || index2 > index1);
    QTest::keyClick(bar->lineEdit(), Qt::Key_Escape);
    QVERIFY(!bar->isVisible());
}

void tst_CodeViewer::goToLineBar()
{
    CodeEditor *editor = open(QStringLiteral("service/config.py"));
    QVERIFY(editor);
    m_viewer->showGoToLineBar();
    GoToLineBar *bar = m_viewer->goToLineBar();
    QVERIFY(bar->isVisible());
    bar->lineEdit()->clear();
    QTest::keyClicks(bar->lineEdit(), QStringLiteral("18"));
    QTest::keyClick(bar->lineEdit(), Qt::Key_Return);
    QVERIFY(!bar->isVisible());
    QCOMPARE(editor->currentLineNumber(), 18);
}

void tst_CodeViewer::darkPalette()
{
    QPalette dark;
    dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
    dark.setColor(QPalette::Text, QColor(0xdd, 0xdd, 0xdd));
    const CodeTheme theme = CodeTheme::fromPalette(dark);
    QVERIFY(theme.dark);
    CodeEditor *editor = open(QStringLiteral("service/config.py"));
    QVERIFY(editor);
    editor->applyTheme(theme);
    QCOMPARE(editor->lexer()->paper(CodeTheme::Default), theme.background);
    QCOMPARE(editor->lexer()->paper(CodeTheme::Keyword), theme.background);
    QCOMPARE(editor->lexer()->color(CodeTheme::Keyword), theme.colors[CodeTheme::Keyword]);
    // comment colour is readable on the dark background
    QVERIFY(theme.colors[CodeTheme::Comment].lightnessF() > 0.45);
    editor->applyTheme(CodeTheme::fromPalette(QPalette()));
}

void tst_CodeViewer::binaryFile()
{
    CodeEditor *editor = open(QStringLiteral("blob.bin"));
    QVERIFY(editor);
    QCOMPARE(editor->loadError(), QStringLiteral("binary file"));
    QVERIFY(editor->text().contains(QLatin1String("binary")));
}

// A file swapped for a FIFO must not block the loader (it would wait for a writer).
void tst_CodeViewer::fifoIsRefusedWithoutBlocking()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("swapped.py"));
    QVERIFY(::mkfifo(QFile::encodeName(path).constData(), 0644) == 0);
    const LoadedFile loaded = loadFile(path, LanguageId::Python); // returns: no writer needed
    QCOMPARE(loaded.error, QStringLiteral("not a regular file"));
    QVERIFY(loaded.utf8.isEmpty());
}

QTEST_MAIN(tst_CodeViewer)
#include "tst_codeviewer.moc"
