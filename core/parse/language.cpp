#include "language.h"

#include <QHash>

namespace RepoLens {

const QList<LanguageInfo> &allLanguages()
{
    static const QList<LanguageInfo> list = {
        {LanguageId::None, QStringLiteral("none"), QStringLiteral("Unknown"), false},
        {LanguageId::Python, QStringLiteral("python"), QStringLiteral("Python"), true},
        {LanguageId::Java, QStringLiteral("java"), QStringLiteral("Java"), true},
        {LanguageId::Rust, QStringLiteral("rust"), QStringLiteral("Rust"), true},
        {LanguageId::JavaScript, QStringLiteral("javascript"), QStringLiteral("JavaScript"), true},
        {LanguageId::TypeScript, QStringLiteral("typescript"), QStringLiteral("TypeScript"), true},
        {LanguageId::Tsx, QStringLiteral("tsx"), QStringLiteral("TSX"), true},
        {LanguageId::C, QStringLiteral("c"), QStringLiteral("C"), true},
        {LanguageId::Cpp, QStringLiteral("cpp"), QStringLiteral("C++"), true},
        {LanguageId::Go, QStringLiteral("go"), QStringLiteral("Go"), true},
        {LanguageId::Markdown, QStringLiteral("markdown"), QStringLiteral("Markdown"), false},
        {LanguageId::Config, QStringLiteral("config"), QStringLiteral("Configuration"), false},
        {LanguageId::PlainText, QStringLiteral("text"), QStringLiteral("Plain text"), false},
    };
    return list;
}

const LanguageInfo &languageInfo(LanguageId id)
{
    const auto &list = allLanguages();
    const int i = static_cast<int>(id);
    return i >= 0 && i < list.size() ? list.at(i) : list.first();
}

LanguageId languageFromName(QStringView name)
{
    for (const LanguageInfo &info : allLanguages()) {
        if (info.name == name)
            return info.id;
    }
    return LanguageId::None;
}

QString languageName(LanguageId id)
{
    return languageInfo(id).name;
}

bool isTreeSitterLanguage(LanguageId id)
{
    return languageInfo(id).treeSitter;
}

LanguageId languageForPath(QStringView path)
{
    static const QHash<QString, LanguageId> byExtension = {
        {QStringLiteral("py"), LanguageId::Python},
        {QStringLiteral("pyi"), LanguageId::Python},
        {QStringLiteral("pyw"), LanguageId::Python},
        {QStringLiteral("java"), LanguageId::Java},
        {QStringLiteral("rs"), LanguageId::Rust},
        {QStringLiteral("js"), LanguageId::JavaScript},
        {QStringLiteral("mjs"), LanguageId::JavaScript},
        {QStringLiteral("cjs"), LanguageId::JavaScript},
        {QStringLiteral("jsx"), LanguageId::JavaScript},
        {QStringLiteral("ts"), LanguageId::TypeScript},
        {QStringLiteral("mts"), LanguageId::TypeScript},
        {QStringLiteral("cts"), LanguageId::TypeScript},
        {QStringLiteral("tsx"), LanguageId::Tsx},
        {QStringLiteral("c"), LanguageId::C},
        {QStringLiteral("h"), LanguageId::Cpp}, // C++ grammar parses C headers well enough
        {QStringLiteral("cc"), LanguageId::Cpp},
        {QStringLiteral("cpp"), LanguageId::Cpp},
        {QStringLiteral("cxx"), LanguageId::Cpp},
        {QStringLiteral("c++"), LanguageId::Cpp},
        {QStringLiteral("hh"), LanguageId::Cpp},
        {QStringLiteral("hpp"), LanguageId::Cpp},
        {QStringLiteral("hxx"), LanguageId::Cpp},
        {QStringLiteral("h++"), LanguageId::Cpp},
        {QStringLiteral("ipp"), LanguageId::Cpp},
        {QStringLiteral("inl"), LanguageId::Cpp},
        {QStringLiteral("tpp"), LanguageId::Cpp},
        {QStringLiteral("cu"), LanguageId::Cpp},
        {QStringLiteral("go"), LanguageId::Go},
        {QStringLiteral("md"), LanguageId::Markdown},
        {QStringLiteral("markdown"), LanguageId::Markdown},
        {QStringLiteral("mdx"), LanguageId::Markdown},
        {QStringLiteral("rst"), LanguageId::PlainText},
        {QStringLiteral("txt"), LanguageId::PlainText},
        {QStringLiteral("adoc"), LanguageId::PlainText},
        {QStringLiteral("json"), LanguageId::Config},
        {QStringLiteral("jsonc"), LanguageId::Config},
        {QStringLiteral("yaml"), LanguageId::Config},
        {QStringLiteral("yml"), LanguageId::Config},
        {QStringLiteral("toml"), LanguageId::Config},
        {QStringLiteral("ini"), LanguageId::Config},
        {QStringLiteral("cfg"), LanguageId::Config},
        {QStringLiteral("conf"), LanguageId::Config},
        {QStringLiteral("xml"), LanguageId::Config},
        {QStringLiteral("cmake"), LanguageId::Config},
        {QStringLiteral("sh"), LanguageId::Config},
        {QStringLiteral("bash"), LanguageId::Config},
        {QStringLiteral("zsh"), LanguageId::Config},
        {QStringLiteral("gradle"), LanguageId::Config},
        {QStringLiteral("properties"), LanguageId::Config},
        {QStringLiteral("mk"), LanguageId::Config},
        {QStringLiteral("in"), LanguageId::Config},
        {QStringLiteral("bazel"), LanguageId::Config},
        {QStringLiteral("bzl"), LanguageId::Config},
        {QStringLiteral("proto"), LanguageId::Config},
    };
    static const QHash<QString, LanguageId> byName = {
        {QStringLiteral("cmakelists.txt"), LanguageId::Config},
        {QStringLiteral("makefile"), LanguageId::Config},
        {QStringLiteral("gnumakefile"), LanguageId::Config},
        {QStringLiteral("dockerfile"), LanguageId::Config},
        {QStringLiteral("meson.build"), LanguageId::Config},
        {QStringLiteral("build"), LanguageId::Config},
        {QStringLiteral("workspace"), LanguageId::Config},
        {QStringLiteral("readme"), LanguageId::PlainText},
        {QStringLiteral("license"), LanguageId::PlainText},
        {QStringLiteral("copying"), LanguageId::PlainText},
        {QStringLiteral("authors"), LanguageId::PlainText},
        {QStringLiteral("changelog"), LanguageId::PlainText},
        {QStringLiteral("changes"), LanguageId::PlainText},
        {QStringLiteral("news"), LanguageId::PlainText},
        {QStringLiteral("history"), LanguageId::PlainText},
        {QStringLiteral("todo"), LanguageId::PlainText},
    };
    const qsizetype slash = path.lastIndexOf(u'/');
    const QStringView fileName = slash >= 0 ? path.mid(slash + 1) : path;
    const QString lowerName = fileName.toString().toLower();
    if (const auto it = byName.constFind(lowerName); it != byName.cend())
        return *it;
    const qsizetype dot = lowerName.lastIndexOf(u'.');
    if (dot <= 0)
        return LanguageId::None;
    return byExtension.value(lowerName.mid(dot + 1), LanguageId::None);
}

} // namespace RepoLens
