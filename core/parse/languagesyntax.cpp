#include "languagesyntax_p.h"

#include "chunkersteps_p.h"

#include <QHash>

namespace RepoLens {

bool LanguageSyntax::isWrapper(QByteArrayView nodeType) const
{
    for (const QByteArray &w : wrapperNodes) {
        if (nodeType == QByteArrayView(w))
            return true;
    }
    return false;
}

const LanguageSyntax::Attachable *LanguageSyntax::attachable(QByteArrayView nodeType,
                                                             QByteArrayView nodeText) const
{
    static const Attachable comment{QByteArray(), QByteArray(), true};
    if (commentsAttach && nodeType.contains(QByteArrayView("comment")))
        return &comment;
    for (const Attachable &a : attachables) {
        if (nodeType == QByteArrayView(a.nodeType)
            && (a.textPrefix.isEmpty() || nodeText.startsWith(QByteArrayView(a.textPrefix))))
            return &a;
    }
    return nullptr;
}

bool LanguageSyntax::isConstructorName(QStringView name) const
{
    for (const QString &c : constructorNames) {
        if (name == c)
            return true;
    }
    return false;
}

QString LanguageSyntax::includePath(QString name) const
{
    if (!includePrefix.pattern().isEmpty())
        name.replace(includePrefix, includePrefixReplacement);
    if (includeDotsAreFolders && !name.contains(u'/'))
        name.replace(u'.', u'/');
    if (!includeSuffix.isEmpty()) {
        const QStringView last = QStringView(name).mid(name.lastIndexOf(u'/') + 1);
        if (!last.isEmpty() && !last.contains(u'.'))
            name += includeSuffix;
    }
    return name;
}

namespace {

// What the first eight languages share (and all that the chunker knew before the table).
LanguageSyntax classic()
{
    LanguageSyntax s;
    s.wrapperNodes = {"decorated_definition", "template_declaration", "export_statement",
                      "ambient_declaration"};
    s.attachables = {{"attribute_item", {}, false}, {"decorator", {}, false}};
    s.constructorNames = {QStringLiteral("__init__"), QStringLiteral("constructor")};
    return s;
}

// What the languages added later share: comments attach, constructors are captured by the
// tags query or named in the row.
LanguageSyntax plain()
{
    LanguageSyntax s;
    s.constructorNamedAfterContainer = false;
    return s;
}

QHash<int, LanguageSyntax> buildTable()
{
    QHash<int, LanguageSyntax> table;
    for (LanguageId id : {LanguageId::Python, LanguageId::Java, LanguageId::JavaScript,
                          LanguageId::TypeScript, LanguageId::Tsx, LanguageId::Go})
        table.insert(int(id), classic());
    LanguageSyntax rust = classic();
    rust.retryRewrites = {&ChunkerSteps::separateRustRawReferences};
    table.insert(int(LanguageId::Rust), rust);
    LanguageSyntax c = classic();
    c.retryRewrites = {&ChunkerSteps::blankAttributeMacros, &ChunkerSteps::simplifyPreprocessor};
    table.insert(int(LanguageId::C), c);
    table.insert(int(LanguageId::Cpp), c);

    LanguageSyntax csharp = plain();
    csharp.constructorNamedAfterContainer = true;
    csharp.retryRewrites = {&ChunkerSteps::simplifyPreprocessor}; // `#if` around a method header
    table.insert(int(LanguageId::CSharp), csharp);

    LanguageSyntax ruby = plain();
    ruby.constructorNames = {QStringLiteral("initialize")};
    ruby.modulesWithFunctionsAreContainers = true;
    ruby.includeSuffix = QStringLiteral(".rb");
    table.insert(int(LanguageId::Ruby), ruby);

    LanguageSyntax php = plain();
    php.constructorNames = {QStringLiteral("__construct")};
    table.insert(int(LanguageId::Php), php);

    LanguageSyntax kotlin = plain();
    kotlin.retryRewrites = {&ChunkerSteps::separateKotlinKeywordPrefixes};
    table.insert(int(LanguageId::Kotlin), kotlin);

    LanguageSyntax swift = plain();
    table.insert(int(LanguageId::Swift), swift);

    LanguageSyntax scala = plain();
    scala.constructorNames = {QStringLiteral("this")};
    table.insert(int(LanguageId::Scala), scala);

    LanguageSyntax haskell = plain();
    haskell.attachables = {{"haddock", {}, true}, {"signature", {}, false},
                           {"pragma", {}, false}};
    haskell.mergeClauses = true;
    table.insert(int(LanguageId::Haskell), haskell);

    LanguageSyntax elixir = plain();
    elixir.attachables = {{"unary_operator", "@doc", true},   {"unary_operator", "@spec", false},
                          {"unary_operator", "@impl", false}, {"unary_operator", "@deprecated", false},
                          {"unary_operator", "@decorate", false}};
    elixir.modulesWithFunctionsAreContainers = true;
    elixir.moduleFunctionsStayFunctions = true;
    elixir.modulesAreDefinitions = true;
    elixir.mergeClauses = true;
    table.insert(int(LanguageId::Elixir), elixir);

    LanguageSyntax lua = plain();
    lua.constructorNames = {QStringLiteral("new")};
    lua.includeDotsAreFolders = true;
    lua.includeSuffix = QStringLiteral(".lua");
    table.insert(int(LanguageId::Lua), lua);

    LanguageSyntax zig = plain();
    zig.constructorNames = {QStringLiteral("init")};
    table.insert(int(LanguageId::Zig), zig);

    table.insert(int(LanguageId::Bash), plain());

    LanguageSyntax dart = plain();
    dart.retryRewrites = {&ChunkerSteps::blankDartClassModifiers};
    dart.constructorNamedAfterContainer = true;
    dart.attachables = {{"annotation", {}, false}, {"marker_annotation", {}, false}};
    dart.includePrefix = QRegularExpression(QStringLiteral("^package:[^/]+/"));
    dart.includePrefixReplacement = QStringLiteral("lib/");
    table.insert(int(LanguageId::Dart), dart);

    LanguageSyntax ocaml = plain();
    ocaml.trailingDocComments = true;
    ocaml.modulesWithFunctionsAreContainers = true;
    ocaml.moduleFunctionsStayFunctions = true;
    ocaml.modulesAreDefinitions = true;
    table.insert(int(LanguageId::OCaml), ocaml);
    table.insert(int(LanguageId::OCamlInterface), ocaml);

    LanguageSyntax julia = plain();
    julia.constructorNamedAfterContainer = true; // inner constructors
    julia.modulesAreDefinitions = true;
    julia.qualifiedFunctionIsMethod = false;     // `Base.show(io, x)` extends Base's show
    julia.attachables = {{"string_literal", "\"", true}};
    julia.includeSuffix = QStringLiteral(".jl");
    table.insert(int(LanguageId::Julia), julia);

    LanguageSyntax objc = classic();
    objc.retryRewrites = {&ChunkerSteps::blankAttributeMacros,
                          &ChunkerSteps::simplifyPreprocessor};
    objc.constructorNames = {};
    objc.constructorNamedAfterContainer = false;
    table.insert(int(LanguageId::ObjC), objc);
    return table;
}

} // namespace

const LanguageSyntax &languageSyntax(LanguageId id)
{
    static const QHash<int, LanguageSyntax> table = buildTable();
    static const LanguageSyntax fallback = classic();
    const auto it = table.constFind(int(id));
    return it != table.cend() ? *it : fallback;
}

} // namespace RepoLens
