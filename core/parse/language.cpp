#include "language.h"

#include <QHash>

namespace RepoLens {

namespace {

// One row per language: how it is named, and which files are written in it.
struct LanguageRow
{
    LanguageInfo info;
    QStringList extensions;   // lower case, without the dot
    QStringList fileNames;    // lower case, whole file names
    QStringList interpreters; // shebang interpreters (version digits stripped)
};

const QList<LanguageRow> &rows()
{
    auto row = [](LanguageId id, const char *name, const char *display, bool treeSitter,
                  QStringList extensions, QStringList fileNames = {},
                  QStringList interpreters = {}) {
        return LanguageRow{{id, QString::fromLatin1(name), QString::fromUtf8(display), treeSitter},
                           std::move(extensions), std::move(fileNames), std::move(interpreters)};
    };
    using L = QStringList;
    auto s = [](const char *text) { return QString::fromLatin1(text); };
    // In LanguageId order: languageInfo() indexes this list.
    static const QList<LanguageRow> list = {
        row(LanguageId::None, "none", "Unknown", false, {}),
        row(LanguageId::Python, "python", "Python", true, L{s("py"), s("pyi"), s("pyw")}, {},
            L{s("python"), s("pypy")}),
        row(LanguageId::Java, "java", "Java", true, L{s("java")}),
        row(LanguageId::Rust, "rust", "Rust", true, L{s("rs")}),
        row(LanguageId::JavaScript, "javascript", "JavaScript", true,
            L{s("js"), s("mjs"), s("cjs"), s("jsx")}, {}, L{s("node"), s("nodejs")}),
        row(LanguageId::TypeScript, "typescript", "TypeScript", true, L{s("ts"), s("mts"), s("cts")},
            {}, L{s("ts-node"), s("tsx")}),
        row(LanguageId::Tsx, "tsx", "TSX", true, L{s("tsx")}),
        row(LanguageId::C, "c", "C", true, L{s("c")}),
        // .h is decided by the project (HeaderLanguages); C++ when asked by name alone
        row(LanguageId::Cpp, "cpp", "C++", true,
            L{s("h"), s("cc"), s("cpp"), s("cxx"), s("c++"), s("hh"), s("hpp"), s("hxx"), s("h++"),
              s("ipp"), s("inl"), s("tpp"), s("cu")}),
        row(LanguageId::Go, "go", "Go", true, L{s("go")}),
        row(LanguageId::CSharp, "csharp", "C#", true, L{s("cs"), s("csx")}),
        row(LanguageId::Ruby, "ruby", "Ruby", true,
            L{s("rb"), s("rake"), s("gemspec"), s("ru"), s("rbw"), s("jbuilder"), s("thor")},
            L{s("rakefile"), s("gemfile"), s("guardfile"), s("capfile"), s("vagrantfile"),
              s("podfile"), s("brewfile"), s("fastfile"), s("dangerfile")},
            L{s("ruby"), s("jruby"), s("rake")}),
        row(LanguageId::Php, "php", "PHP", true, L{s("php"), s("phtml"), s("php5"), s("php7"), s("php8"), s("phpt")},
            {}, L{s("php")}),
        row(LanguageId::Kotlin, "kotlin", "Kotlin", true, L{s("kt"), s("kts")}),
        row(LanguageId::Swift, "swift", "Swift", true, L{s("swift")}, {}, L{s("swift")}),
        row(LanguageId::Scala, "scala", "Scala", true, L{s("scala"), s("sc"), s("sbt")}, {},
            L{s("scala")}),
        row(LanguageId::Haskell, "haskell", "Haskell", true, L{s("hs"), s("hs-boot")}, {},
            L{s("runhaskell"), s("runghc"), s("stack")}),
        row(LanguageId::Elixir, "elixir", "Elixir", true, L{s("ex"), s("exs")}, {},
            L{s("elixir")}),
        row(LanguageId::Lua, "lua", "Lua", true, L{s("lua"), s("rockspec"), s("luau")}, {},
            L{s("lua"), s("luajit")}),
        row(LanguageId::Zig, "zig", "Zig", true, L{s("zig"), s("zon")}),
        row(LanguageId::Bash, "bash", "Shell (Bash)", true,
            L{s("sh"), s("bash"), s("zsh"), s("ksh"), s("bats"), s("command")},
            L{s(".bashrc"), s(".bash_profile"), s(".bash_aliases"), s(".profile"), s(".zshrc"),
              s(".zprofile"), s(".zshenv"), s("bashrc"), s("zshrc"), s("pkgbuild"), s("apkbuild")},
            L{s("sh"), s("bash"), s("zsh"), s("dash"), s("ksh"), s("ash"), s("mksh"), s("bats")}),
        row(LanguageId::Dart, "dart", "Dart", true, L{s("dart")}, {}, L{s("dart")}),
        row(LanguageId::OCaml, "ocaml", "OCaml", true, L{s("ml")}, {}, L{s("ocaml"), s("ocamlrun")}),
        row(LanguageId::OCamlInterface, "ocaml_interface", "OCaml interface", true, L{s("mli")}),
        row(LanguageId::Julia, "julia", "Julia", true, L{s("jl")}, {}, L{s("julia")}),
        row(LanguageId::ObjC, "objc", "Objective-C", true, L{s("m"), s("mm")}),
        row(LanguageId::Markdown, "markdown", "Markdown", false, L{s("md"), s("markdown"), s("mdx")}),
        row(LanguageId::Config, "config", "Configuration", false,
            L{s("json"), s("jsonc"), s("yaml"), s("yml"), s("toml"), s("ini"), s("cfg"), s("conf"),
              s("xml"), s("cmake"), s("gradle"), s("properties"), s("mk"), s("in"), s("bazel"),
              s("bzl"), s("proto")},
            L{s("cmakelists.txt"), s("makefile"), s("gnumakefile"), s("dockerfile"),
              s("meson.build"), s("build"), s("workspace")}),
        row(LanguageId::PlainText, "text", "Plain text", false, L{s("rst"), s("txt"), s("adoc")},
            L{s("readme"), s("license"), s("copying"), s("authors"), s("changelog"), s("changes"),
              s("news"), s("history"), s("todo")}),
    };
    return list;
}

struct Lookup
{
    QHash<QString, LanguageId> byExtension;
    QHash<QString, LanguageId> byName;
    QHash<QString, LanguageId> byInterpreter;
};

const Lookup &lookup()
{
    static const Lookup l = [] {
        Lookup out;
        for (const LanguageRow &r : rows()) {
            for (const QString &e : r.extensions)
                out.byExtension.insert(e, r.info.id);
            for (const QString &n : r.fileNames)
                out.byName.insert(n, r.info.id);
            for (const QString &i : r.interpreters)
                out.byInterpreter.insert(i, r.info.id);
        }
        return out;
    }();
    return l;
}

QString extensionOf(QStringView path)
{
    const qsizetype slash = path.lastIndexOf(u'/');
    const QStringView fileName = slash >= 0 ? path.mid(slash + 1) : path;
    const qsizetype dot = fileName.lastIndexOf(u'.');
    return dot <= 0 ? QString() : fileName.mid(dot + 1).toString().toLower();
}

} // namespace

const QList<LanguageInfo> &allLanguages()
{
    static const QList<LanguageInfo> list = [] {
        QList<LanguageInfo> out;
        for (const LanguageRow &r : rows())
            out.append(r.info);
        return out;
    }();
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
    const Lookup &l = lookup();
    const qsizetype slash = path.lastIndexOf(u'/');
    const QStringView fileName = slash >= 0 ? path.mid(slash + 1) : path;
    const QString lowerName = fileName.toString().toLower();
    if (const auto it = l.byName.constFind(lowerName); it != l.byName.cend())
        return *it;
    const qsizetype dot = lowerName.lastIndexOf(u'.');
    if (dot <= 0)
        return LanguageId::None;
    return l.byExtension.value(lowerName.mid(dot + 1), LanguageId::None);
}

LanguageId languageForShebang(QByteArrayView text)
{
    if (!text.startsWith("#!"))
        return LanguageId::None;
    qsizetype eol = text.indexOf('\n');
    QByteArrayView line = text.sliced(2, (eol < 0 ? text.size() : eol) - 2).trimmed();
    // words of the line: the interpreter, or `env [-S] [VAR=value ...] interpreter`
    QList<QByteArrayView> words;
    for (qsizetype i = 0; i < line.size();) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
        qsizetype j = i;
        while (j < line.size() && line[j] != ' ' && line[j] != '\t')
            ++j;
        if (j > i)
            words.append(line.sliced(i, j - i));
        i = j;
    }
    auto baseName = [](QByteArrayView w) {
        const qsizetype slash = w.lastIndexOf('/');
        return slash >= 0 ? w.sliced(slash + 1) : w;
    };
    qsizetype k = 0;
    if (k < words.size() && baseName(words[k]) == "env") {
        ++k;
        while (k < words.size() && (words[k].startsWith('-') || words[k].contains('=')))
            ++k;
    }
    if (k >= words.size())
        return LanguageId::None;
    QByteArrayView interpreter = baseName(words[k]);
    // python3.11, ruby2.7, php8: the version goes
    while (!interpreter.isEmpty()
           && ((interpreter.back() >= '0' && interpreter.back() <= '9') || interpreter.back() == '.'))
        interpreter.chop(1);
    return lookup().byInterpreter.value(QString::fromLatin1(interpreter), LanguageId::None);
}

void HeaderLanguages::addFile(QStringView relPath)
{
    const QString ext = extensionOf(relPath);
    Counts delta;
    if (ext == QLatin1String("c"))
        delta.c = 1;
    else if (ext == QLatin1String("m") || ext == QLatin1String("mm"))
        delta.objc = 1;
    else if (ext == QLatin1String("cc") || ext == QLatin1String("cpp") || ext == QLatin1String("cxx")
             || ext == QLatin1String("c++") || ext == QLatin1String("hpp") || ext == QLatin1String("hh")
             || ext == QLatin1String("hxx") || ext == QLatin1String("cu"))
        delta.cpp = 1;
    else
        return;
    const qsizetype slash = relPath.lastIndexOf(u'/');
    Counts &folder = m_folders[slash > 0 ? relPath.left(slash).toString() : QString()];
    folder.c += delta.c;
    folder.cpp += delta.cpp;
    folder.objc += delta.objc;
    m_total.c += delta.c;
    m_total.cpp += delta.cpp;
    m_total.objc += delta.objc;
}

bool HeaderLanguages::isHeader(QStringView relPath)
{
    return extensionOf(relPath) == QLatin1String("h");
}

LanguageId HeaderLanguages::decide(const Counts &counts)
{
    // The most sources win; on a tie the grammar that reads the others' headers too
    // (Objective-C reads C, C++ reads most C).
    if (counts.objc >= counts.cpp && counts.objc >= counts.c && counts.objc > 0)
        return LanguageId::ObjC;
    if (counts.cpp >= counts.c)
        return LanguageId::Cpp;
    return LanguageId::C;
}

LanguageId HeaderLanguages::languageOf(QStringView relPath) const
{
    QStringView folder = relPath;
    for (;;) {
        const qsizetype slash = folder.lastIndexOf(u'/');
        folder = slash > 0 ? folder.left(slash) : QStringView();
        const auto it = m_folders.constFind(folder.toString());
        if (it != m_folders.cend() && it->any())
            return decide(*it);
        if (folder.isEmpty())
            break;
    }
    return decide(m_total);
}

QString displayQualifiedName(LanguageId language, const QString &qualifiedName, bool isCallable)
{
    if (!qualifiedName.contains(u'.'))
        return qualifiedName;
    QString out = qualifiedName;
    switch (language) {
    case LanguageId::Cpp:
    case LanguageId::Rust:
        out.replace(u'.', QLatin1String("::"));
        break;
    case LanguageId::Ruby:
        out.replace(u'.', QLatin1String("::"));
        if (isCallable)
            out.replace(out.lastIndexOf(QLatin1String("::")), 2, u'#');
        break;
    case LanguageId::Php:
        out.replace(u'.', u'\\');
        if (isCallable)
            out.replace(out.lastIndexOf(u'\\'), 1, QLatin1String("::"));
        break;
    default:
        break;
    }
    return out;
}

QString displayQualifiedName(LanguageId language, const QString &qualifiedName)
{
    const qsizetype dot = qualifiedName.lastIndexOf(u'.');
    const bool callable = dot >= 0 && dot + 1 < qualifiedName.size() && !qualifiedName.at(dot + 1).isUpper();
    return displayQualifiedName(language, qualifiedName, callable);
}

QString normalizeQualifiedName(QStringView written)
{
    QString out = written.toString();
    out.replace(QLatin1String("::"), QLatin1String("."));
    out.replace(u'#', u'.');
    out.replace(u'\\', u'.');
    while (out.startsWith(u'.'))
        out.remove(0, 1);
    return out;
}

} // namespace RepoLens
