#pragma once

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
    // Text formats, chunked by headings / paragraphs (no tree-sitter grammar).
    Markdown,
    Config,    // JSON, YAML, TOML, INI, XML, CMake, Makefile, shell, ...
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
// treat the file as PlainText after looking at its content).
LanguageId languageForPath(QStringView path);

} // namespace RepoLens
