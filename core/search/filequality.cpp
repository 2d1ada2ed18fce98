#include "filequality.h"

#include "core/store/filestore.h"

#include <QList>
#include <QPair>
#include <QRegularExpression>

#include <algorithm>

namespace RepoLens {

FileClass classifyPath(const QString &path)
{
    const QString lower = path.toLower();
    const QString name = lower.section(u'/', -1);
    const QString stem = name.section(u'.', 0, 0);
    static const QRegularExpression testDir(QStringLiteral("(^|/)(tests?|testing|spec|specs|__tests__|testdata|test_data)/"));
    if (testDir.match(lower).hasMatch() || name.startsWith(QLatin1String("test_"))
        || stem.endsWith(QLatin1String("_test")) || stem.endsWith(QLatin1String("_tests"))
        || stem.endsWith(QLatin1String("_spec")) || name.contains(QLatin1String(".test."))
        || name.contains(QLatin1String(".spec.")) || stem == QLatin1String("conftest")
        || (path.section(u'/', -1).section(u'.', 0, 0).endsWith(QLatin1String("Test"))))
        return FileClass::Test;
    static const QSet<QString> changelogs = {QStringLiteral("changelog"), QStringLiteral("changes"),
                                             QStringLiteral("history"), QStringLiteral("news"),
                                             QStringLiteral("releases"), QStringLiteral("release-notes")};
    if (changelogs.contains(stem))
        return FileClass::Changelog;
    static const QRegularExpression vendored(QStringLiteral(
        "(^|/)(_?vendor|_?vendored|third_party|third-party|thirdparty|3rdparty|external|extern|_extern|deps)/"));
    // a browser library copied in whole: its version in its name, or minified
    // (sphinx/themes/basic/static/jquery-3.5.1.js, underscore-1.13.1.js, bootstrap.min.css)
    static const QRegularExpression copiedLibrary(
        QStringLiteral("^[a-z][a-z0-9_.-]*[-.]v?\\d+\\.\\d+(\\.\\d+)*(\\.min)?\\.(js|mjs|css)$|\\.min\\.(js|mjs|css)$"));
    if (vendored.match(lower).hasMatch() || copiedLibrary.match(name).hasMatch())
        return FileClass::Vendored;
    if (name.contains(QLatin1String(".generated.")) || name.contains(QLatin1String("_pb2."))
        || name.endsWith(QLatin1String(".pb.go")) || name.endsWith(QLatin1String(".pb.h"))
        || name.endsWith(QLatin1String(".pb.cc")))
        return FileClass::Generated;
    // older copies of an API kept beside the current one
    static const QRegularExpression legacy(
        QStringLiteral("(^|/)(v1|deprecated|legacy|compat|_compat|backports?|obsolete)/"));
    if (legacy.match(lower).hasMatch())
        return FileClass::Legacy;
    static const QRegularExpression examples(
        QStringLiteral("(^|/)(examples?|samples?|demos?|docs_src|tutorials?|benchmarks?)/"));
    if (examples.match(lower).hasMatch() || stem.endsWith(QLatin1String("_benchmark"))
        || stem.endsWith(QLatin1String("_example")))
        return FileClass::Example;
    const QString ext = name.contains(u'.') ? name.section(u'.', -1) : QString();
    static const QSet<QString> docExtensions = {QStringLiteral("md"), QStringLiteral("rst"), QStringLiteral("txt"),
                                                QStringLiteral("adoc"), QStringLiteral("rdoc"), QStringLiteral("markdown"),
                                                QStringLiteral("org"), QStringLiteral("tex")};
    static const QRegularExpression docsDir(QStringLiteral("(^|/)(docs?|documentation|man|\\.agents|\\.github)/"));
    if (docExtensions.contains(ext) || docsDir.match(lower).hasMatch())
        return name == QLatin1String("cmakelists.txt") ? FileClass::Config : FileClass::Docs;
    // gettext and XLIFF catalogs: every message of the code again, once per language
    static const QSet<QString> catalogExtensions = {QStringLiteral("po"), QStringLiteral("pot"), QStringLiteral("xlf"),
                                                    QStringLiteral("xliff")};
    if (catalogExtensions.contains(ext))
        return FileClass::Translations;
    static const QSet<QString> configExtensions = {
        QStringLiteral("json"), QStringLiteral("yaml"), QStringLiteral("yml"), QStringLiteral("toml"),
        QStringLiteral("ini"), QStringLiteral("cfg"), QStringLiteral("xml"), QStringLiteral("gradle"),
        QStringLiteral("cmake"), QStringLiteral("bazel"), QStringLiteral("bzl"), QStringLiteral("mk"),
        QStringLiteral("csproj"), QStringLiteral("sln"), QStringLiteral("props"), QStringLiteral("lock"),
        QStringLiteral("in"), QStringLiteral("am"), QStringLiteral("ac")};
    static const QSet<QString> configNames = {QStringLiteral("makefile"), QStringLiteral("build"),
                                              QStringLiteral("workspace"), QStringLiteral("dockerfile"),
                                              QStringLiteral("gemfile"), QStringLiteral("rakefile")};
    if (configExtensions.contains(ext) || configNames.contains(name))
        return FileClass::Config;
    return FileClass::Normal;
}

namespace {

// "v3" -> 3, anything else -> -1.
int versionFolderNumber(QStringView component)
{
    if (component.size() < 2 || component.size() > 4 || (component.front() != u'v' && component.front() != u'V'))
        return -1;
    bool ok = false;
    const int n = component.mid(1).toInt(&ok);
    return ok && component.at(1).isDigit() ? n : -1;
}

// Folders with an __init__.py, with a trailing '/' ("" for the root).
QSet<QString> pythonPackageFolders(const QList<QString> &paths)
{
    QSet<QString> packages;
    for (const QString &path : paths) {
        if (path == QLatin1String("__init__.py") || path.endsWith(QLatin1String("/__init__.py")))
            packages.insert(path.left(path.size() - int(qstrlen("__init__.py"))));
    }
    return packages;
}

} // namespace

QSet<QString> bundledPackageFolders(const QList<QString> &paths)
{
    const QSet<QString> packages = pythonPackageFolders(paths);
    QSet<QString> out;
    for (const QString &folder : std::as_const(packages)) {
        if (folder.endsWith(QLatin1String("/packages/"))) {
            const QString parent = folder.left(folder.size() - int(qstrlen("packages/")));
            if (packages.contains(parent))
                out.insert(folder);
        }
    }
    return out;
}

QSet<QString> privatePackageFolders(const QList<QString> &paths)
{
    const QSet<QString> packages = pythonPackageFolders(paths);
    QSet<QString> out;
    for (const QString &folder : std::as_const(packages)) {
        const qsizetype start = folder.lastIndexOf(u'/', -2) + 1;
        const QStringView name = QStringView(folder).mid(start).chopped(1);
        if (!folder.isEmpty() && name.startsWith(u'_') && !name.startsWith(QLatin1String("__"))
            && packages.contains(folder.left(start)))
            out.insert(folder);
    }
    return out;
}

QSet<QString> supersededVersionFolders(const QList<QString> &paths)
{
    QHash<QString, QList<int>> versions; // parent folder -> its version folders
    QSet<QString> seen;
    for (const QString &path : paths) {
        qsizetype from = 0;
        for (qsizetype slash = path.indexOf(u'/'); slash > 0; slash = path.indexOf(u'/', from)) {
            const QStringView component = QStringView(path).mid(from, slash - from);
            const int n = versionFolderNumber(component);
            if (n >= 0) {
                const QString folder = path.left(slash + 1);
                if (!seen.contains(folder)) {
                    seen.insert(folder);
                    versions[path.left(from)].append(n);
                }
            }
            from = slash + 1;
        }
    }
    QSet<QString> out;
    for (const QString &folder : std::as_const(seen)) {
        const QString parent = folder.left(folder.lastIndexOf(u'/', -2) + 1);
        const int n = versionFolderNumber(QStringView(folder).mid(parent.size()).chopped(1));
        const QList<int> &siblings = versions.value(parent);
        if (std::any_of(siblings.cbegin(), siblings.cend(), [n](int m) { return m > n; }))
            out.insert(folder);
    }
    return out;
}

bool queryAsksFor(FileClass c, const QSet<QString> &terms, const QString &path)
{
    if (c == FileClass::Legacy && !path.isEmpty()) {
        for (const QString &component : path.toLower().split(u'/'))
            if (versionFolderNumber(component) >= 0 && terms.contains(component))
                return true;
    }
    switch (c) {
    case FileClass::Test:
        return terms.contains(QStringLiteral("test")) || terms.contains(QStringLiteral("tests"))
               || terms.contains(QStringLiteral("testing")) || terms.contains(QStringLiteral("spec"))
               || terms.contains(QStringLiteral("fixture")) || terms.contains(QStringLiteral("fixtures"));
    case FileClass::Changelog:
        return terms.contains(QStringLiteral("changelog")) || terms.contains(QStringLiteral("history"))
               || terms.contains(QStringLiteral("release")) || terms.contains(QStringLiteral("news"))
               || terms.contains(QStringLiteral("changes"));
    case FileClass::Vendored:
        return terms.contains(QStringLiteral("vendor")) || terms.contains(QStringLiteral("vendored"))
               || terms.contains(QStringLiteral("third")) || terms.contains(QStringLiteral("bundled"));
    case FileClass::Generated:
        return terms.contains(QStringLiteral("generated")) || terms.contains(QStringLiteral("protobuf"));
    case FileClass::Legacy:
        return terms.contains(QStringLiteral("v1")) || terms.contains(QStringLiteral("deprecated"))
               || terms.contains(QStringLiteral("legacy")) || terms.contains(QStringLiteral("compat"))
               || terms.contains(QStringLiteral("compatibility"));
    case FileClass::Example:
        return terms.contains(QStringLiteral("example")) || terms.contains(QStringLiteral("examples"))
               || terms.contains(QStringLiteral("sample")) || terms.contains(QStringLiteral("demo"))
               || terms.contains(QStringLiteral("tutorial")) || terms.contains(QStringLiteral("benchmark"));
    case FileClass::Docs:
        return terms.contains(QStringLiteral("docs")) || terms.contains(QStringLiteral("documentation"))
               || terms.contains(QStringLiteral("readme")) || terms.contains(QStringLiteral("guide"))
               || terms.contains(QStringLiteral("tutorial")) || terms.contains(QStringLiteral("documented"));
    case FileClass::Translations:
        return terms.contains(QStringLiteral("translation")) || terms.contains(QStringLiteral("translations"))
               || terms.contains(QStringLiteral("locale")) || terms.contains(QStringLiteral("i18n"))
               || terms.contains(QStringLiteral("l10n")) || terms.contains(QStringLiteral("gettext"))
               || terms.contains(QStringLiteral("catalog"));
    case FileClass::Internal:
        return terms.contains(QStringLiteral("internal")) || terms.contains(QStringLiteral("internals"))
               || terms.contains(QStringLiteral("private")) || terms.contains(QStringLiteral("implementation"));
    case FileClass::Config:
        return terms.contains(QStringLiteral("config")) || terms.contains(QStringLiteral("configuration"))
               || terms.contains(QStringLiteral("build")) || terms.contains(QStringLiteral("cmake"))
               || terms.contains(QStringLiteral("bazel")) || terms.contains(QStringLiteral("makefile"))
               || terms.contains(QStringLiteral("dependency")) || terms.contains(QStringLiteral("dependencies"))
               || terms.contains(QStringLiteral("package"));
    default:
        return true;
    }
}

QHash<qint64, double> percentiles(const QHash<qint64, double> &values)
{
    QList<QPair<double, qint64>> sorted;
    sorted.reserve(values.size());
    for (auto it = values.cbegin(); it != values.cend(); ++it)
        sorted.append({it.value(), it.key()});
    std::sort(sorted.begin(), sorted.end());
    QHash<qint64, double> out;
    const double n = std::max<qsizetype>(1, sorted.size() - 1);
    for (qsizetype i = 0; i < sorted.size();) {
        qsizetype j = i;
        while (j < sorted.size() && sorted.at(j).first == sorted.at(i).first)
            ++j;
        const double p = sorted.size() == 1 ? 1.0 : (double(i + j - 1) / 2.0) / n;
        for (qsizetype k = i; k < j; ++k)
            out.insert(sorted.at(k).second, p);
        i = j;
    }
    return out;
}

QString fileClassName(FileClass c)
{
    switch (c) {
    case FileClass::Test:
        return QStringLiteral("test");
    case FileClass::Changelog:
        return QStringLiteral("changelog");
    case FileClass::Vendored:
        return QStringLiteral("vendored");
    case FileClass::Generated:
        return QStringLiteral("generated");
    case FileClass::Docs:
        return QStringLiteral("docs");
    case FileClass::Legacy:
        return QStringLiteral("legacy copy");
    case FileClass::Example:
        return QStringLiteral("example");
    case FileClass::Config:
        return QStringLiteral("build / config");
    case FileClass::Translations:
        return QStringLiteral("translations");
    case FileClass::Internal:
        return QStringLiteral("private subpackage");
    case FileClass::Normal:
        break;
    }
    return QStringLiteral("source");
}

FileQuality FileQuality::load(const FileStore &store)
{
    FileQuality q;
    const QHash<QString, FileRecord> files = store.all();
    qint64 newest = 0;
    for (const FileRecord &f : files)
        newest = std::max(newest, f.lastCommitTime);
    QList<QString> paths;
    for (const FileRecord &f : files) {
        if (f.status == FileStatus::Indexed || f.status == FileStatus::ParseError)
            paths.append(f.path);
    }
    const QSet<QString> superseded = supersededVersionFolders(paths);
    const QSet<QString> bundled = bundledPackageFolders(paths);
    const QSet<QString> internal = privatePackageFolders(paths);
    auto under = [](const QSet<QString> &folders, const QString &path) {
        if (folders.isEmpty())
            return false;
        for (qsizetype slash = path.indexOf(u'/'); slash > 0; slash = path.indexOf(u'/', slash + 1)) {
            if (folders.contains(path.left(slash + 1)))
                return true;
        }
        return false;
    };
    QHash<qint64, double> quality;
    for (const FileRecord &f : files) {
        if (f.status != FileStatus::Indexed && f.status != FileStatus::ParseError)
            continue;
        const double lines = std::min(f.lineCount / 20.0, 10.0);
        const double commits = f.commitCount + 1.0;
        const double hours = f.lastCommitTime > 0 ? (newest - f.lastCommitTime) / 3600.0 + 1.0 : 1.0;
        quality.insert(f.id, lines * commits / (newest > 0 && f.lastCommitTime > 0 ? hours : 1.0));
        FileClass fc = classifyPath(f.path);
        if (fc == FileClass::Normal && under(bundled, f.path))
            fc = FileClass::Vendored;
        if (fc == FileClass::Normal && under(superseded, f.path))
            fc = FileClass::Legacy;
        // under a private package: the outermost one's parent offers what it implements
        for (qsizetype slash = f.path.indexOf(u'/'); fc == FileClass::Normal && !internal.isEmpty() && slash > 0;
             slash = f.path.indexOf(u'/', slash + 1)) {
            if (internal.contains(f.path.left(slash + 1))) {
                fc = FileClass::Internal;
                q.publicPackage.insert(f.id, f.path.left(f.path.lastIndexOf(u'/', slash - 1) + 1));
            }
        }
        q.fileClass.insert(f.id, fc);
    }
    q.percentile = percentiles(quality);
    return q;
}

} // namespace RepoLens
