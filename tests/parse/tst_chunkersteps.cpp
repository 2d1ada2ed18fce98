// The chunker's steps one by one, on hand-made definitions (no grammar involved), plus the
// attribute-macro blanking that runs before a C / C++ / Objective-C parse.

#include "core/parse/chunkersteps_p.h"
#include "core/parse/languagesyntax_p.h"

#include <QElapsedTimer>
#include <QTest>
#include <QThread>

using namespace RepoLens;
using namespace RepoLens::ChunkerSteps;

class tst_ChunkerSteps : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void splitQualifiedName_data();
    void splitQualifiedName();
    void nestDefinitionsLinksParents();
    void mergeClausesJoinsEquations();
    void qualifyMakesMethodsConstructorsAndNames();
    void modulesWithFunctionsBecomeContainers();
    void moduleFunctionsStayFunctions();
    void symbolOnlyDefinitionsGetNoChunk();
    void cutterSplitsLongDefinitions();
    void skeletonElidesMemberBodies();
    void topLevelCodeFillsTheGaps();
    void referencesSkipOwnNamesAndDuplicateTypes();
    void includePathsPerLanguage();
    void blankAttributeMacros_data();
    void blankAttributeMacros();
    void simplifyPreprocessor_data();
    void simplifyPreprocessor();
    void separateKotlinKeywordPrefixes();
    void separateRustRawReferences();
    void blankDartClassModifiers();
    void modulesWithoutFunctionsAreSymbols();
    void parseTimeIsTheThreadsCpuTime();
};

namespace {

Def def(const char *name, int start, int end, ChunkKind kind = ChunkKind::Function)
{
    Def d;
    d.kind = kind;
    d.name = QString::fromLatin1(name);
    d.start = d.nodeStart = start;
    d.end = d.nodeEnd = end;
    d.nameLine = 0;
    return d;
}

QStringList names(const std::vector<Def> &defs)
{
    QStringList out;
    for (const Def &d : defs)
        out << d.qualifiedName + u':' + chunkKindName(d.kind) + u':' + QString::number(d.parent);
    return out;
}

} // namespace

void tst_ChunkerSteps::splitQualifiedName_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("qualifier");
    QTest::addColumn<QString>("name");
    QTest::newRow("plain") << "run" << "" << "run";
    QTest::newRow("c++ scope") << "fmt::detail::buffer<T>::push_back" << "fmt.detail.buffer" << "push_back";
    QTest::newRow("operator") << "Foo<T>::operator<<" << "Foo" << "operator<<";
    QTest::newRow("conversion") << "operator bool() const" << "" << "operator bool";
    QTest::newRow("dotted") << "M.new" << "M" << "new";
    QTest::newRow("php namespace") << "App\\Http\\Kernel" << "App.Http" << "Kernel";
    QTest::newRow("operator alone") << "<?>" << "" << "<?>";
    QTest::newRow("operator with a dollar") << "<$>" << "" << "<$>";
}

void tst_ChunkerSteps::splitQualifiedName()
{
    QFETCH(QString, text);
    QFETCH(QString, qualifier);
    QFETCH(QString, name);
    QString q, n;
    RepoLens::ChunkerSteps::splitQualifiedName(text, &q, &n);
    QCOMPARE(q, qualifier);
    QCOMPARE(n, name);
}

void tst_ChunkerSteps::nestDefinitionsLinksParents()
{
    std::vector<Def> defs = {def("inner", 20, 30), def("Outer", 0, 100, ChunkKind::Class),
                             def("after", 110, 120), def("deep", 22, 28)};
    nestDefinitions(&defs);
    QCOMPARE(defs.size(), size_t(4));
    QCOMPARE(defs[0].name, QStringLiteral("Outer"));
    QCOMPARE(defs[0].parent, -1);
    QCOMPARE(defs[1].name, QStringLiteral("inner"));
    QCOMPARE(defs[1].parent, 0);
    QCOMPARE(defs[2].name, QStringLiteral("deep"));
    QCOMPARE(defs[2].parent, 1);
    QCOMPARE(defs[3].name, QStringLiteral("after"));
    QCOMPARE(defs[3].parent, -1);
}

void tst_ChunkerSteps::mergeClausesJoinsEquations()
{
    // pop [] = ...; pop (x:xs) = ...; size = ...; pop again later is a new definition
    std::vector<Def> defs = {def("pop", 0, 10), def("pop", 11, 20), def("size", 21, 30),
                             def("pop", 31, 40)};
    defs[1].doc = QStringLiteral("second");
    nestDefinitions(&defs);
    mergeClauses(&defs);
    QCOMPARE(defs.size(), size_t(3));
    QCOMPARE(defs[0].name, QStringLiteral("pop"));
    QCOMPARE(defs[0].nodeEnd, 20);
    QCOMPARE(defs[0].end, 20);
    QCOMPARE(defs[0].doc, QStringLiteral("second")); // the first clause had none
    QCOMPARE(defs[1].name, QStringLiteral("size"));
    QCOMPARE(defs[2].nodeStart, 31);
}

void tst_ChunkerSteps::qualifyMakesMethodsConstructorsAndNames()
{
    std::vector<Def> defs = {def("Shapes", 0, 200, ChunkKind::Class), def("Circle", 10, 100, ChunkKind::Class),
                             def("Circle", 20, 40), def("area", 50, 90), def("helper", 60, 70),
                             def("free", 120, 130)};
    defs[0].scopeOnly = true; // a namespace
    defs[5].qualifier = QStringLiteral("Circle"); // Circle::free defined outside
    nestDefinitions(&defs);
    qualifyDefinitions(&defs, languageSyntax(LanguageId::Cpp));
    QCOMPARE(names(defs), QStringList({QStringLiteral("Shapes:class:-1"),
                                       QStringLiteral("Shapes.Circle:class:0"),
                                       QStringLiteral("Shapes.Circle.Circle:constructor:1"),
                                       QStringLiteral("Shapes.Circle.area:method:1"),
                                       QStringLiteral("Shapes.Circle.area.helper:function:3"),
                                       QStringLiteral("Shapes.Circle.free:method:0")}));
    QVERIFY(!defs[0].chunked);            // a namespace has no chunk
    QVERIFY(defs[3].chunked);
    QVERIFY(!defs[4].chunked);            // inside a function: a symbol only

    // Ruby: `initialize` is the constructor, a method named like its class is not
    std::vector<Def> ruby = {def("Store", 0, 100, ChunkKind::Class), def("initialize", 10, 20),
                             def("Store", 30, 40)};
    nestDefinitions(&ruby);
    qualifyDefinitions(&ruby, languageSyntax(LanguageId::Ruby));
    QCOMPARE(ruby[1].kind, ChunkKind::Constructor);
    QCOMPARE(ruby[2].kind, ChunkKind::Method);
}

void tst_ChunkerSteps::modulesWithFunctionsBecomeContainers()
{
    // module Shop (namespace: only a module inside) / module Helpers (a mixin: holds a method)
    std::vector<Def> defs = {def("Shop", 0, 200), def("Helpers", 10, 100), def("log", 20, 30)};
    for (int i : {0, 1}) {
        defs[size_t(i)].kind = ChunkKind::Class;
        defs[size_t(i)].scopeOnly = true;
        defs[size_t(i)].moduleCapture = true;
    }
    nestDefinitions(&defs);
    qualifyDefinitions(&defs, languageSyntax(LanguageId::Ruby));
    QVERIFY(defs[0].scopeOnly);
    QVERIFY(!defs[0].chunked);
    QVERIFY(!defs[1].scopeOnly);
    QCOMPARE(defs[1].kind, ChunkKind::Module);
    QVERIFY(defs[1].chunked);
    QCOMPARE(defs[2].kind, ChunkKind::Method);
    QCOMPARE(defs[2].qualifiedName, QStringLiteral("Shop.Helpers.log"));
}

void tst_ChunkerSteps::moduleFunctionsStayFunctions()
{
    std::vector<Def> defs = {def("Cart", 0, 100), def("total", 20, 30)};
    defs[0].kind = ChunkKind::Class;
    defs[0].scopeOnly = true;
    defs[0].moduleCapture = true;
    nestDefinitions(&defs);
    qualifyDefinitions(&defs, languageSyntax(LanguageId::Elixir));
    QCOMPARE(defs[0].kind, ChunkKind::Module);
    QCOMPARE(defs[1].kind, ChunkKind::Function);
    QCOMPARE(defs[1].qualifiedName, QStringLiteral("Cart.total"));
}

void tst_ChunkerSteps::modulesWithoutFunctionsAreSymbols()
{
    // defmodule Shop.WorkerTest (tests only) / defmodule FailingWorker (a `use` only): Elixir
    // modules are written once, so a scope is a symbol too; Ruby's reopened namespaces are not
    auto build = [] {
        std::vector<Def> defs = {def("Shop.WorkerTest", 0, 200), def("FailingWorker", 100, 150)};
        for (Def &d : defs) {
            d.kind = ChunkKind::Class;
            d.scopeOnly = true;
            d.moduleCapture = true;
        }
        nestDefinitions(&defs);
        return defs;
    };
    std::vector<Def> elixir = build();
    qualifyDefinitions(&elixir, languageSyntax(LanguageId::Elixir));
    const std::vector<int> noChunks(elixir.size(), -1);
    QList<Symbol> symbols;
    collectSymbols(elixir, noChunks, &symbols);
    QCOMPARE(symbols.size(), 2);
    QCOMPARE(symbols[0].kind, ChunkKind::Module);
    QCOMPARE(symbols[1].qualifiedName, QStringLiteral("Shop.WorkerTest.FailingWorker"));
    QVERIFY(!elixir[0].chunked);

    std::vector<Def> ruby = build();
    qualifyDefinitions(&ruby, languageSyntax(LanguageId::Ruby));
    symbols.clear();
    collectSymbols(ruby, noChunks, &symbols);
    QVERIFY(symbols.isEmpty());
}

void tst_ChunkerSteps::symbolOnlyDefinitionsGetNoChunk()
{
    const QByteArray src = "class A {\n  int count;\n  void run() { go(); }\n}\n";
    std::vector<Def> defs = {def("A", 0, int(src.size()) - 1, ChunkKind::Class),
                             def("count", 12, 22, ChunkKind::Variable), def("run", 25, 45)};
    defs[0].bodyStart = 8;
    defs[0].bodyEnd = int(src.size()) - 1;
    defs[1].symbolOnly = true;
    defs[2].bodyStart = 36;
    defs[2].bodyEnd = 45;
    const LineIndex lines(src);
    nestDefinitions(&defs);
    qualifyDefinitions(&defs, languageSyntax(LanguageId::CSharp));
    ParseResult result;
    result.lineCount = lines.lineCount();
    ChunkCutter cutter(src, lines, ChunkerOptions{}, &result.chunks);
    const std::vector<int> defChunk = emitDefinitionChunks(&defs, src, lines, &cutter);
    collectSymbols(defs, defChunk, &result.symbols);
    QCOMPARE(result.chunks.size(), 2); // the class and the method; the field is in the class
    QCOMPARE(defChunk[1], -1);
    QCOMPARE(result.symbols.size(), 3);
    QCOMPARE(result.symbols.at(1).name, QStringLiteral("count"));
    QCOMPARE(result.symbols.at(1).chunk, defChunk[0]);
    QVERIFY(result.chunks.at(0).text.contains(QStringLiteral("int count;")));
    QVERIFY(result.chunks.at(0).text.contains(QStringLiteral("void run() { … }")));
}

void tst_ChunkerSteps::cutterSplitsLongDefinitions()
{
    QByteArray src = "def big():\n";
    for (int i = 0; i < 99; ++i)
        src += "    x = " + QByteArray::number(i) + "\n";
    const LineIndex lines(src);
    ChunkerOptions options;
    options.maxLines = 40;
    QList<Chunk> chunks;
    ChunkCutter cutter(src, lines, options, &chunks);
    Chunk base;
    base.name = QStringLiteral("big");
    base.signature = QStringLiteral("def big()");
    base.doc = QStringLiteral("doc");
    QCOMPARE(cutter.cut(base, 0, int(src.size())), 0);
    QCOMPARE(chunks.size(), 3);
    int next = 1;
    for (const Chunk &c : std::as_const(chunks)) {
        QCOMPARE(c.partCount, 3);
        QCOMPARE(c.signature, QStringLiteral("def big()"));
        QCOMPARE(c.startLine, next);
        next = c.endLine + 1;
    }
    QCOMPARE(next - 1, 100);
    QCOMPARE(chunks.at(0).doc, QStringLiteral("doc"));
    QVERIFY(chunks.at(1).doc.isEmpty());
}

void tst_ChunkerSteps::skeletonElidesMemberBodies()
{
    const QByteArray src = "class A:\n    def f(self):\n        return 1\n    x = 2\n";
    std::vector<Def> defs = {def("A", 0, int(src.size()), ChunkKind::Class), def("f", 13, 42)};
    defs[0].bodyStart = 13;
    defs[1].bodyStart = 34; // "return 1"
    defs[1].bodyEnd = 42;
    nestDefinitions(&defs);
    QCOMPARE(skeletonOf(defs, 0, src, LineIndex(src)),
             QByteArray("class A:\n    def f(self):\n        …\n    x = 2\n"));
}

void tst_ChunkerSteps::topLevelCodeFillsTheGaps()
{
    const QByteArray src = "import os\n\ndef f():\n    pass\n\nmain()\n}\n";
    std::vector<Def> defs = {def("f", 11, 28)};
    defs[0].chunked = true;
    const LineIndex lines(src);
    QList<Chunk> chunks;
    ChunkCutter cutter(src, lines, ChunkerOptions{}, &chunks);
    emitTopLevelCode(defs, src, lines, 40, &cutter);
    QCOMPARE(chunks.size(), 2);
    QCOMPARE(chunks.at(0).text, QStringLiteral("import os\n"));
    QCOMPARE(chunks.at(1).text, QStringLiteral("main()\n")); // the lone "}" is not code
    QCOMPARE(chunks.at(1).kind, ChunkKind::Code);
}

void tst_ChunkerSteps::referencesSkipOwnNamesAndDuplicateTypes()
{
    const QByteArray src = "class Foo extends Bar {}\nnew Bar();\n";
    const LineIndex lines(src);
    std::vector<Def> defs = {def("Foo", 0, 24, ChunkKind::Class)};
    defs[0].nameLine = 1;
    defs[0].nameColumn = 7;
    ParseResult result;
    result.lineCount = lines.lineCount();
    Chunk c;
    c.startLine = 1;
    c.endLine = 1;
    c.startByte = 0;
    c.endByte = 25;
    result.chunks.append(c);
    std::vector<RawRef> refs = {
        {RefKind::Type, QStringLiteral("Foo"), {}, 6, 1, 7},     // the definition's own name
        {RefKind::Inherit, QStringLiteral("Bar"), {}, 18, 1, 19},
        {RefKind::Type, QStringLiteral("Bar"), {}, 18, 1, 19},   // the same place as the inherit
        {RefKind::New, QStringLiteral("Bar"), {}, 29, 2, 5},
    };
    attachReferences(refs, defs, lines, &result);
    QCOMPARE(result.refs.size(), 2);
    QCOMPARE(result.refs.at(0).kind, RefKind::Inherit);
    QCOMPARE(result.refs.at(0).chunk, 0);
    QCOMPARE(result.refs.at(1).kind, RefKind::New);
    QCOMPARE(result.refs.at(1).chunk, -1); // line 2 is in no chunk
}

void tst_ChunkerSteps::includePathsPerLanguage()
{
    QCOMPARE(languageSyntax(LanguageId::Lua).includePath(QStringLiteral("pl.utils")),
             QStringLiteral("pl/utils.lua"));
    QCOMPARE(languageSyntax(LanguageId::Ruby).includePath(QStringLiteral("cache/entry")),
             QStringLiteral("cache/entry.rb"));
    QCOMPARE(languageSyntax(LanguageId::Ruby).includePath(QStringLiteral("cache/entry.rb")),
             QStringLiteral("cache/entry.rb"));
    QCOMPARE(languageSyntax(LanguageId::Dart).includePath(QStringLiteral("package:shop/models.dart")),
             QStringLiteral("lib/models.dart"));
    QCOMPARE(languageSyntax(LanguageId::Dart).includePath(QStringLiteral("src/pricing.dart")),
             QStringLiteral("src/pricing.dart"));
}

void tst_ChunkerSteps::blankAttributeMacros_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("export and namespace macros")
        << QByteArray("FMT_BEGIN_NAMESPACE\nclass FMT_API format_error : public std::runtime_error {};\n")
        << QByteArray("                   \nclass         format_error : public std::runtime_error {};\n");
    QTest::newRow("indented member")
        << QByteArray("  }\n  FMT_CONSTEXPR auto operator>>(int shift) const -> uint128 {\n")
        << QByteArray("  }\n                auto operator>>(int shift) const -> uint128 {\n");
    QTest::newRow("attribute before a template's declaration")
        << QByteArray("template <typename T> FMT_CONSTEXPR20 auto f() -> int;\n")
        << QByteArray("template <typename T>                 auto f() -> int;\n");
    QTest::newRow("objc: after a declarator")
        << QByteArray("NS_ASSUME_NONNULL_BEGIN\n- (instancetype)initWithHost:(NSString *)host NS_DESIGNATED_INITIALIZER;\n")
        << QByteArray("                       \n- (instancetype)initWithHost:(NSString *)host                          ;\n");
    QTest::newRow("function-like attribute")
        << QByteArray("API_AVAILABLE(ios(10.0)) void f(void);\n")
        << QByteArray("                         void f(void);\n");
    QTest::newRow("preprocessor lines stay")
        << QByteArray("#define FMT_API __attribute__((visibility(\"default\")))\n#ifdef FMT_API\n")
        << QByteArray("#define FMT_API __attribute__((visibility(\"default\")))\n#ifdef FMT_API\n");
    QTest::newRow("values stay")
        << QByteArray("x = FOO_BAR;\nreturn FOO_BAR;\ncase FOO_BAR:\nf(FOO_BAR, BAZ_QUX);\n")
        << QByteArray("x = FOO_BAR;\nreturn FOO_BAR;\ncase FOO_BAR:\nf(FOO_BAR, BAZ_QUX);\n");
    QTest::newRow("the last enumerator stays")
        << QByteArray("enum {\n  FOO_BAR,\n  BAZ_QUX\n};\n") << QByteArray("enum {\n  FOO_BAR,\n  BAZ_QUX\n};\n");
    QTest::newRow("statement macros stay")
        << QByteArray("  GTEST_DISALLOW_COPY_AND_ASSIGN_(Foo);\n")
        << QByteArray("  GTEST_DISALLOW_COPY_AND_ASSIGN_(Foo);\n");
    QTest::newRow("sfinae among template parameters")
        << QByteArray("template <typename T, FMT_ENABLE_IF(sizeof(T) > 4)>\nvoid f(T);\n")
        << QByteArray("template <typename T, int                         >\nvoid f(T);\n");
    QTest::newRow("sfinae over two lines")
        << QByteArray("template <typename A,\n          FMT_ENABLE_IF(!traits<A>::\n                        value)>\nA g();\n")
        << QByteArray("template <typename A,\n          int                       \n                              >\nA g();\n");
    QTest::newRow("if constexpr macro")
        << QByteArray("  if FMT_CONSTEXPR20 (is_same<T, int>::value) return;\n")
        << QByteArray("  if                 (is_same<T, int>::value) return;\n");
    QTest::newRow("annotation on the next line")
        << QByteArray("const T* U::f() const\n    GTEST_LOCK_EXCLUDED_(mutex_) {\n")
        << QByteArray("const T* U::f() const\n                                 {\n")
        ;
    QTest::newRow("after a parameter name")
        << QByteArray("  value(unsigned char x FMT_BUILTIN) : v(x) {}\n")
        << QByteArray("  value(unsigned char x            ) : v(x) {}\n");
    QTest::newRow("struct tags stay")
        << QByteArray("struct HASH_TABLE {\n  int n;\n};\n")
        << QByteArray("struct HASH_TABLE {\n  int n;\n};\n");
    QTest::newRow("objc enum macro")
        << QByteArray("typedef NS_ENUM(NSInteger, DownloadState) {\n    DownloadStateIdle,\n};\n")
        << QByteArray("        enum               DownloadState  {\n    DownloadStateIdle,\n};\n");
    QTest::newRow("pragma macro alone")
        << QByteArray("}\nFMT_PRAGMA_CLANG(diagnostic ignored \"-Wweak-vtables\")\nclass A {};\n")
        << QByteArray("}\n                                                     \nclass A {};\n");
    QTest::newRow("include inside an initializer")
        << QByteArray("static const struct f list[] = {\n#include \"libm.h\"\n  F(a),\n};\n#include <x.h>\n")
        << QByteArray("static const struct f list[] = {\n                 \n  F(a),\n};\n#include <x.h>\n");
    QTest::newRow("lines of blanks")
        << QByteArray("FMT_BEGIN_NAMESPACE\n   \n\t\nclass FMT_API e {};\n")
        << QByteArray("                   \n   \n\t\nclass         e {};\n");
    QTest::newRow("comments and strings")
        << QByteArray("const char *s = \"FMT_API x\"; // FMT_API y\n")
        << QByteArray("const char *s = \"FMT_API x\"; // FMT_API y\n");
    QTest::newRow("alone after a line with a trailing comment")
        << QByteArray("}  // namespace detail\n\nFMT_BEGIN_EXPORT\n\nclass A {};\n")
        << QByteArray("}  // namespace detail\n\n                \n\nclass A {};\n");
    QTest::newRow("alone after a blanked line")
        << QByteArray("#include \"a.h\"\nFMT_BEGIN_NAMESPACE\nFMT_BEGIN_EXPORT\nclass A {};\n")
        << QByteArray("#include \"a.h\"\n                   \n                \nclass A {};\n");
    QTest::newRow("functional casts to unsigned")
        << QByteArray("  f = (f & ~m) | (unsigned(a) << s);\n  unsigned long(x);\n")
        << QByteArray("  f = (f & ~m) | (int     (a) << s);\n  unsigned long(x);\n");
    QTest::newRow("statement macros naming types")
        << QByteArray("TYPE_TAG(long long, long_tag);\nTYPE_TAG(bool, bool_tag);\nCALL_ONCE(a, b);\n")
        << QByteArray("                             ;\n                        ;\nCALL_ONCE(a, b);\n");
    QTest::newRow("keyword-like macro before a block")
        << QByteArray("  ~buf() { FMT_TRY { flush(); } }\n")
        << QByteArray("  ~buf() {         { flush(); } }\n");
    QTest::newRow("catch-like macro after a block")
        << QByteArray("  ~buf() {\n    FMT_TRY { flush(); } FMT_CATCH(...) {}\n")
        << QByteArray("  ~buf() {\n            { flush(); }                {}\n");
    QTest::newRow("a function with a macro-shaped name stays")
        << QByteArray("inline int RUN_ALL_TESTS() {\n  return run();\n}\n")
        << QByteArray("inline int RUN_ALL_TESTS() {\n  return run();\n}\n");
    QTest::newRow("a macro-shaped template parameter stays")
        << QByteArray("template <bool IS_CONSTEXPR, typename T>\nvoid f();\n")
        << QByteArray("template <bool IS_CONSTEXPR, typename T>\nvoid f();\n");
    QTest::newRow("a returned macro call stays")
        << QByteArray("  if (!c) return FMT_BUILTIN_CLZ(n);\n")
        << QByteArray("  if (!c) return FMT_BUILTIN_CLZ(n);\n");
    QTest::newRow("objc: after a parameter on a later line")
        << QByteArray("- (BOOL)block:(NSURL *)url\n       error:(NSError *)error API_DEPRECATED(\"x\", ios(8.0, 8.0));\n")
        << QByteArray("- (BOOL)block:(NSURL *)url\n       error:(NSError *)error                                   ;\n");
    QTest::newRow("attribute macro with numbers before the name's line")
        << QByteArray("static void printflike(2, 3)\nterm_log(struct term *t, const char *fmt, ...)\n{\n")
        << QByteArray("static void                 \nterm_log(struct term *t, const char *fmt, ...)\n{\n");
}

void tst_ChunkerSteps::simplifyPreprocessor_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("include guard")
        << QByteArray("// x.h\n#ifndef X_H_\n#define X_H_\nint f();\n#endif  // X_H_\n")
        << QByteArray("// x.h\n            \n            \nint f();\n               \n");
    QTest::newRow("a guard with an else is none")
        << QByteArray("#ifndef X_H_\n#define X_H_\nint f();\n#else\nint g();\n#endif\n")
        << QByteArray("#ifndef X_H_\n#define X_H_\nint f();\n#else\nint g();\n#endif\n");
    QTest::newRow("header names and scoped names in conditions")
        << QByteArray("#if HAS_INCLUDE(<string_view>) && HAS_ATTR(clang::lifetimebound)\nint x;\n#endif\n")
        << QByteArray("#if HAS_INCLUDE(_string_view_) && HAS_ATTR(clang__lifetimebound)\nint x;\n#endif\n");
    QTest::newRow("quoted header name in a condition")
        << QByteArray("#if HAS_INCLUDE(\"winapi.h\")\nint x;\n#endif\n")
        << QByteArray("#if HAS_INCLUDE(_winapi_h_)\nint x;\n#endif\n");
    QTest::newRow("comment in a continued define")
        << QByteArray("#define CHECK(c) \\\n  ((c) /* note */ ? 0 : fail())\n")
        << QByteArray("#define CHECK(c) \\\n  ((c)            ? 0 : fail())\n");
    QTest::newRow("attribute-only conditional")
        << QByteArray("template <typename T>\n#if CLANG\n__attribute__((no_sanitize(\"x\")))\n#endif\nT f();\n")
        << QByteArray("template <typename T>\n         \n                                 \n      \nT f();\n");
    QTest::newRow("branches that split a statement: the first stays")
        << QByteArray("void f() {\n#ifdef A\n  if (a()) {\n#else\n  if (b()) {\n#endif\n    g();\n  }\n}\n")
        << QByteArray("void f() {\n        \n  if (a()) {\n     \n            \n      \n    g();\n  }\n}\n");
    QTest::newRow("two headers of one method: the first stays")
        << QByteArray("#if SPAN\n  int Bind(Span s)\n#else\n  int Bind(int[] s)\n#endif\n  { return 0; }\n")
        << QByteArray("        \n  int Bind(Span s)\n     \n                   \n      \n  { return 0; }\n");
    QTest::newRow("a body or nothing after a header")
        << QByteArray("  void W(int l)\n#if DIM\n  { w(l); }\n#else\n  ;\n#endif\n")
        << QByteArray("  void W(int l)\n       \n  { w(l); }\n     \n   \n      \n");
    QTest::newRow("if 0 keeps its else")
        << QByteArray("int f() {\n#if 0\n  if (old()) {\n#else\n  if (now()) {\n#endif\n  }\n}\n")
        << QByteArray("int f() {\n     \n              \n     \n  if (now()) {\n      \n  }\n}\n");
    QTest::newRow("whole branches stay")
        << QByteArray("#ifdef _WIN32\nint open_file() { return 1; }\n#else\nint open_file() { return 2; }\n#endif\n")
        << QByteArray("#ifdef _WIN32\nint open_file() { return 1; }\n#else\nint open_file() { return 2; }\n#endif\n");
}

void tst_ChunkerSteps::simplifyPreprocessor()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, expected);
    const QByteArray out = RepoLens::ChunkerSteps::simplifyPreprocessor(text);
    QCOMPARE(out.size(), text.size());
    QCOMPARE(out, expected);
}

void tst_ChunkerSteps::separateRustRawReferences()
{
    const QByteArray text = "match &raw {\n    let p = &raw const x;\n    let q = &raw mut y;\n    f(&rawness, &raw);\n";
    QCOMPARE(RepoLens::ChunkerSteps::separateRustRawReferences(text),
             QByteArray("match &Raw {\n    let p = &raw const x;\n    let q = &raw mut y;\n    f(&rawness, &Raw);\n"));
}

void tst_ChunkerSteps::blankDartClassModifiers()
{
    const QByteArray text = "sealed class A {}\nfinal class B extends A {\n  final int x = 1;\n}\n"
                            "abstract interface class C {}\nbase mixin class D {}\nmixin M {}\n";
    QCOMPARE(RepoLens::ChunkerSteps::blankDartClassModifiers(text),
             QByteArray("       class A {}\n      class B extends A {\n  final int x = 1;\n}\n"
                        "abstract           class C {}\n           class D {}\nmixin M {}\n"));
}

void tst_ChunkerSteps::separateKotlinKeywordPrefixes()
{
    const QByteArray text = "    val in1 = open()\n    in1.close()\n    as2.x()\n    inner()\n    in x\n";
    QCOMPARE(RepoLens::ChunkerSteps::separateKotlinKeywordPrefixes(text),
             QByteArray("    val in1 = open()\n    In1.close()\n    As2.x()\n    inner()\n    in x\n"));
    const QByteArray plain = "fun f() = g()\n";
    QVERIFY(RepoLens::ChunkerSteps::separateKotlinKeywordPrefixes(plain).isSharedWith(plain));
}

void tst_ChunkerSteps::blankAttributeMacros()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, expected);
    const QByteArray out = RepoLens::ChunkerSteps::blankAttributeMacros(text);
    QCOMPARE(out.size(), text.size());
    QCOMPARE(out, expected);
}

// A parse's time limit counts what the parsing thread computed, not how long it waited for a
// core: a thread that sleeps (as one does on a loaded machine) is not over its limit.
void tst_ChunkerSteps::parseTimeIsTheThreadsCpuTime()
{
    ParseTimer timer;
    timer.start();
    QThread::msleep(300);
    QVERIFY(!timer.over(100)); // 300 ms passed, next to no CPU time
    QElapsedTimer spin;
    spin.start();
    volatile quint64 sink = 0;
    while (!timer.over(100) && spin.elapsed() < 20000)
        sink = sink + 1;
    QVERIFY(timer.over(100)); // once the thread has computed for more than 100 ms
    QVERIFY(spin.elapsed() < 20000);
}

QTEST_GUILESS_MAIN(tst_ChunkerSteps)
#include "tst_chunkersteps.moc"
