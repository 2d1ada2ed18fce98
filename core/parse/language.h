#pragma once

#include <QByteArrayView>
#include <QHash>
#include <QString>
#include <QStringList>

namespace RepoLens {

// Every format the indexer knows. Stored by name (languageName) in the database.
enum class LanguageId : int {
    None = 0,
    Python,
    Java,
    Rust,
    JavaScript,
    TypeScript,
    Tsx,
    C,
    Cpp,
    Go,
    CSharp,
    Ruby,
    Php,
    Kotlin,
    Swift,
    Scala,
    Haskell,
    Elixir,
    Lua,
    Zig,
    Bash,
    Dart,
    OCaml,
    OCamlInterface, // .mli: the ocaml_interface grammar
    Julia,
    ObjC,
    // Text formats, chunked by headings / paragraphs (no tree-sitter grammar).
    Markdown,
    Config,    // JSON, YAML, TOML, INI, XML, CMake, Makefile, ...
    PlainText, // .txt, .rst, README without extension, unknown text
};

struct LanguageInfo
{
    LanguageId id = LanguageId::None;
    QString name;        // stable id: "python", "cpp", "markdown", ...
    QString displayName; // "Python", "C++", ...
    bool treeSitter = false;
};

const QList<LanguageInfo> &allLanguages();
const LanguageInfo &languageInfo(LanguageId id);
LanguageId languageFromName(QStringView name);
QString languageName(LanguageId id);
bool isTreeSitterLanguage(LanguageId id);

// Language for a path by file name and extension; None when unknown (the indexer may still
// treat the file as PlainText after looking at its content). A `.h` header says C++ here; the
// indexer asks HeaderLanguages, which knows the project.
LanguageId languageForPath(QStringView path);

// Language of a script by its first line: "#!/usr/bin/env ruby", "#!/bin/bash",
// "#!/usr/bin/env -S julia --threads=4"; None without a shebang or for unknown interpreters.
LanguageId languageForShebang(QByteArrayView text);

// Decides `.h` headers by what the project holds: a header follows the C, C++ or Objective-C
// sources of its own folder, else of the nearest folder above it that has any, else of the
// whole project (C++ when there are no sources at all).
class HeaderLanguages
{
public:
    void addFile(QStringView relPath);
    static bool isHeader(QStringView relPath);
    LanguageId languageOf(QStringView relPath) const;

private:
    struct Counts
    {
        int c = 0;
        int cpp = 0;
        int objc = 0;
        bool any() const { return c + cpp + objc > 0; }
    };
    static LanguageId decide(const Counts &counts);
    QHash<QString, Counts> m_folders; // folder ("" = root) -> sources directly in it
    Counts m_total;
};

// A qualified name as the language writes it: "Rails::Application#initialize" (Ruby),
// "App\Http\Kernel::handle" (PHP), "fmt::detail::buffer" (C++, Rust); dots elsewhere. The index
// stores every qualified name joined by '.'; `isCallable` says the last part is a function.
QString displayQualifiedName(LanguageId language, const QString &qualifiedName, bool isCallable);
// The same when the kind is not at hand (the chunk a reference occurs in): in Ruby and PHP,
// whose classes and modules are capitalised, a last part starting in lower case is a method.
QString displayQualifiedName(LanguageId language, const QString &qualifiedName);
// The other way: "Foo::bar", "Foo#bar", "Ns\Foo::bar" -> "Foo.bar" (for lookups).
QString normalizeQualifiedName(QStringView written);

} // namespace RepoLens
