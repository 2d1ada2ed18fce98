#pragma once

// How the chunker reads one language's syntax tree, beyond what its tags query captures: which
// nodes wrap a definition, which siblings directly above it belong to it (comments,
// attributes, `@doc` attributes), which of those are documentation, and the naming
// conventions that make a function a constructor or a method. One table row per language
// (languagesyntax.cpp), so a language plugs into the chunker's steps without branches there.

#include "language.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

namespace RepoLens {

struct LanguageSyntax
{
    // A sibling node directly above a definition (no blank line between, on its own line)
    // that belongs to the definition's chunk. `textPrefix` (optional) must start the node's
    // text; `doc` says whether the node is documentation (its text goes into Chunk::doc).
    struct Attachable
    {
        QByteArray nodeType;
        QByteArray textPrefix;
        bool doc = false;
    };

    // Nodes around a definition that belong to its chunk (decorators, templates, export).
    QList<QByteArray> wrapperNodes;
    // Any node whose type contains "comment" attaches and is documentation.
    bool commentsAttach = true;
    QList<Attachable> attachables;
    // Names of functions that are constructors inside a container (`__init__`, `initialize`).
    QStringList constructorNames;
    // A function named like its container is its constructor (Java, C++, C#, Dart).
    bool constructorNamedAfterContainer = true;
    // `Foo::bar`, `func (f Foo) bar`, `M:bar`: a function with a qualifier is a method of it.
    // Off where a qualifier names a module whose function is being extended (Julia
    // `Base.show`).
    bool qualifiedFunctionIsMethod = true;
    // A module (`@definition.module`) holding functions directly is a container (a Ruby mixin,
    // an Elixir module) with a skeleton chunk; one holding only types is a namespace.
    bool modulesWithFunctionsAreContainers = false;
    // Functions of such a module stay functions (Elixir, OCaml, Julia), not methods (Ruby).
    bool moduleFunctionsStayFunctions = false;
    // Every module is a definition, written once (Elixir's defmodule, OCaml's and Julia's
    // modules), not a namespace reopened file after file (Ruby): one that stays a scope is
    // still a symbol.
    bool modulesAreDefinitions = false;
    // Rewrites of the text, every byte offset kept, for a second parse when the first tree has
    // errors; the tree that failed less is kept and names are read from the original text.
    // C family: attribute / export macros (`FMT_API`, `NS_ASSUME_NONNULL_BEGIN`), then
    // preprocessor shapes; C#: conditionals around one of two method headers; Kotlin:
    // identifiers its scanner takes for keywords (ChunkerSteps).
    using TextRewrite = QByteArray (*)(const QByteArray &text);
    QList<TextRewrite> retryRewrites;
    // A doc comment (`(** ... *)`) right below a definition, with no blank line between,
    // documents it (OCaml's odoc); one right above documents the next only when it does not
    // follow another definition directly.
    bool trailingDocComments = false;
    // Adjacent definitions of one name are one definition: the equations of a Haskell
    // function, the clauses of an Elixir one.
    bool mergeClauses = false;
    // How an included file is named (`@reference.include`): "a.b" -> "a/b" (Lua), the suffix
    // added when the last part has none (".rb", ".lua"), a prefix rewritten (Dart's
    // "package:name/" -> "lib/").
    bool includeDotsAreFolders = false;
    QString includeSuffix;
    QRegularExpression includePrefix;
    QString includePrefixReplacement;

    bool isWrapper(QByteArrayView nodeType) const;
    // The attach rule for a sibling node, or nullptr when it does not attach.
    const Attachable *attachable(QByteArrayView nodeType, QByteArrayView nodeText) const;
    bool isConstructorName(QStringView name) const;
    // The file an include reference names, as the index's include resolution expects it.
    QString includePath(QString name) const;
};

const LanguageSyntax &languageSyntax(LanguageId id);

} // namespace RepoLens
