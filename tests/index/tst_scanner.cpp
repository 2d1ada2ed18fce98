#include "core/base/ignorerules.h"
#include "core/index/scanner.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace RepoLens;
using namespace Qt::StringLiterals;

namespace {

void writeFile(const QString &root, const QString &relPath, const QByteArray &content = {})
{
    const QString path = root + u'/' + relPath;
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    QVERIFY2(file.open(QIODevice::WriteOnly | QIODevice::Truncate), qPrintable(path));
    file.write(content);
}

void makeLink(const QString &target, const QString &root, const QString &relPath)
{
    QVERIFY2(QFile::link(target, root + u'/' + relPath), qPrintable(relPath));
}

// (relPath, isDir, status, reason) as one comparable line.
QString describe(const ScannedFile &file)
{
    return file.relPath + (file.isDir ? QStringLiteral("/") : QString()) + u'|'
        + fileStatusName(file.status) + u'|' + file.reason;
}

QString describe(const QString &relPath, bool isDir, FileStatus status, const QString &reason)
{
    return describe(ScannedFile{relPath, {}, 0, 0, status, reason, LanguageId::None, isDir});
}

struct Collected
{
    QList<ScannedFile> files;
    QStringList lines;

    QStringList sortedLines() const
    {
        QStringList sorted = lines;
        sorted.sort();
        return sorted;
    }
    const ScannedFile *find(const QString &relPath) const
    {
        const auto it = std::find_if(files.cbegin(), files.cend(),
                                     [&](const ScannedFile &f) { return f.relPath == relPath; });
        return it == files.cend() ? nullptr : &*it;
    }
};

Result<ScanStats> scanInto(const Scanner &scanner, Collected &out,
                           const std::atomic_bool *cancel = nullptr)
{
    return scanner.scan(
        [&](ScannedFile &&file) {
            out.lines.append(describe(file));
            out.files.append(std::move(file));
        },
        cancel);
}

bool canOpenFile(const QString &path)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY);
    if (fd < 0)
        return false;
    ::close(fd);
    return true;
}

bool canOpenFolder(const QString &path)
{
    DIR *dir = ::opendir(QFile::encodeName(path).constData());
    if (!dir)
        return false;
    ::closedir(dir);
    return true;
}

} // namespace

class tst_Scanner : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();

    void scansTree();
    void ignoreFilesReadFromTheListing();
    void entryDetails();
    void orderIsDeterministic();
    void options();
    void rootErrors();
    void cancellation();
    void inspect();
    void formatSize_data();
    void formatSize();
    void tooLargeJustOverCap();
    void largeTree();
    void parallelWalkKeepsTheOrder();

private:
    QTemporaryDir *m_root = nullptr;
    QTemporaryDir *m_outside = nullptr;
};

// The fixture tree, shared by the tests (scans do not change it): every special case the
// scanner knows about.
void tst_Scanner::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    m_root = new QTemporaryDir;
    m_outside = new QTemporaryDir;
    QVERIFY(m_root->isValid() && m_outside->isValid());
    const QString r = m_root->path();

    writeFile(r, QStringLiteral(".gitignore"), "*.log\nbuild-out/\n");
    writeFile(r, QStringLiteral(".repolensignore"), "docs/drafts/\n");
    writeFile(r, QStringLiteral(".git/HEAD"), "ref: refs/heads/main\n");
    writeFile(r, QStringLiteral("src/main.cpp"), "int main() { return 0; }\n");
    writeFile(r, QStringLiteral("src/app.log"), "log\n");
    writeFile(r, QStringLiteral("src/.gitignore"), "!keep.log\n");
    writeFile(r, QStringLiteral("src/keep.log"), "kept\n");
    writeFile(r, QStringLiteral("build-out/a.o"), "obj");
    writeFile(r, QStringLiteral("node_modules/pkg/index.js"), "module.exports = 1;\n");
    writeFile(r, QStringLiteral("cmake-build/CMakeCache.txt"), "# cache\n");
    writeFile(r, QStringLiteral("cmake-build/main.o"), "obj");
    writeFile(r, QStringLiteral("docs/drafts/x.md"), "# draft\n");
    writeFile(r, QStringLiteral("docs/guide.md"), "# Guide\n");
    writeFile(r, QStringLiteral("certs/server.pem"), "-----BEGIN-----\n");
    writeFile(r, QStringLiteral("logo.png"), "\x89PNG");
    writeFile(r, QStringLiteral("name with spaces.txt"), "spaces\n");
    writeFile(r, QStringLiteral("new\nline.py"), "print(1)\n");
    writeFile(r, QString::fromUtf8("\xc3\xbcn\xc3\xaf""c\xc3\xb6""d\xc3\xa9.go"), "package x\n");
    writeFile(r, QStringLiteral("big.txt"), QByteArray(1024 * 1024 + 512 * 1024, 'x'));
    writeFile(r, QStringLiteral("locked.txt"), "secret\n");
    writeFile(r, QStringLiteral("lockeddir/inner.txt"), "inner\n");
    QDir().mkpath(r + QStringLiteral("/emptydir"));

    // A name that is not UTF-8 (Latin-1 "bad\xff.txt").
    const QByteArray badName = QFile::encodeName(r) + "/bad\xff.txt";
    const int fd = ::open(badName.constData(), O_WRONLY | O_CREAT, 0644);
    QVERIFY(fd >= 0);
    ::close(fd);
    QCOMPARE(::mkfifo(QFile::encodeName(r + QStringLiteral("/fifo")).constData(), 0644), 0);

    makeLink(QStringLiteral("."), r, QStringLiteral("src/self"));
    makeLink(QStringLiteral(".."), r, QStringLiteral("src/up"));
    makeLink(QStringLiteral("missing-target"), r, QStringLiteral("broken"));
    makeLink(QStringLiteral("chain-b"), r, QStringLiteral("chain-a"));
    makeLink(QStringLiteral("chain-a"), r, QStringLiteral("chain-b"));
    makeLink(m_outside->path(), r, QStringLiteral("outside"));
    makeLink(QStringLiteral("src"), r, QStringLiteral("linked-src"));
    makeLink(QStringLiteral("src/main.cpp"), r, QStringLiteral("link-main.cpp"));
    makeLink(QStringLiteral("certs/server.pem"), r, QStringLiteral("link-key"));

    QVERIFY(QFile::setPermissions(r + QStringLiteral("/locked.txt"), {}));
    QVERIFY(QFile::setPermissions(r + QStringLiteral("/lockeddir"), {}));
}

// The walk reads a folder's ignore files (and looks for CMakeCache.txt) only when the folder's
// listing names them, relative to the open folder, after it has decided on the folder itself:
// every decision must be the one the rules give path by path, precedence included.
void tst_Scanner::ignoreFilesReadFromTheListing()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString r = dir.path();
    writeFile(r, QStringLiteral(".gitignore"), "gitout/\n!neg/\n");
    writeFile(r, QStringLiteral(".repolensignore"), "!kept/\n");
    writeFile(r, QStringLiteral("out/CMakeCache.txt"), "# cache\n");
    writeFile(r, QStringLiteral("out/main.o"), "obj");
    writeFile(r, QStringLiteral("gitout/CMakeCache.txt"), "# cache\n"); // the build rule outranks .gitignore
    writeFile(r, QStringLiteral("neg/CMakeCache.txt"), "# cache\n");    // and its "!"
    writeFile(r, QStringLiteral("kept/CMakeCache.txt"), "# cache\n");   // a .repolensignore "!" outranks it
    writeFile(r, QStringLiteral("plain/real-cache.txt"), "# cache\n");
    makeLink(QStringLiteral("real-cache.txt"), r, QStringLiteral("plain/CMakeCache.txt")); // not a build folder
    QVERIFY(QDir().mkpath(r + QStringLiteral("/dircache/CMakeCache.txt")));              // nor is this
    writeFile(r, QStringLiteral("dircache/a.c"), "int a;\n");
    writeFile(r, QStringLiteral("rules/tmp-rules"), "*.tmp\n");
    writeFile(r, QStringLiteral("sub/x.tmp"), "x\n");
    makeLink(QStringLiteral("../rules/tmp-rules"), r, QStringLiteral("sub/.gitignore")); // never followed
    writeFile(r, QStringLiteral("deep/a/b/.gitignore"), "*.tmp\n");
    writeFile(r, QStringLiteral("deep/a/b/c/y.tmp"), "y\n");
    writeFile(r, QStringLiteral("deep/a/b/c/y.c"), "int y;\n");
    writeFile(r, QStringLiteral("deep/a/build/CMakeCache.txt"), "# cache\n");

    Collected got;
    QVERIFY(scanInto(Scanner(r), got).ok());
    const QStringList expected = {
        u".gitignore|pending|"_s,
        u".repolensignore|pending|"_s,
        u"deep/a/b/.gitignore|pending|"_s,
        u"deep/a/b/c/y.c|pending|"_s,
        u"deep/a/b/c/y.tmp|ignored|deep/a/b/.gitignore:1: *.tmp"_s,
        u"deep/a/build/|ignored|built-in: build folder (CMakeCache.txt)"_s,
        u"dircache/a.c|pending|"_s,
        u"gitout/|ignored|built-in: build folder (CMakeCache.txt)"_s,
        u"kept/CMakeCache.txt|pending|"_s,
        u"neg/|ignored|built-in: build folder (CMakeCache.txt)"_s,
        u"out/|ignored|built-in: build folder (CMakeCache.txt)"_s,
        u"plain/CMakeCache.txt|ignored|symlink to plain/real-cache.txt (scanned there)"_s,
        u"plain/real-cache.txt|pending|"_s,
        u"rules/tmp-rules|pending|"_s,
        u"sub/.gitignore|ignored|symlink to rules/tmp-rules (scanned there)"_s,
        u"sub/x.tmp|pending|"_s,
    };
    QCOMPARE(got.sortedLines(), expected);
    // The same decisions path by path (the rules' own lookups from the root).
    IgnoreRules rules(r);
    for (const ScannedFile &file : std::as_const(got.files)) {
        const IgnoreMatch match = rules.match(file.relPath, file.isDir);
        if (file.status == FileStatus::Ignored && !file.reason.startsWith(u"symlink"_s))
            QCOMPARE(match.rule, file.reason);
        else
            QVERIFY2(!match.ignored, qPrintable(file.relPath));
    }
    // Without the built-in rules no folder is a build folder.
    ScanOptions noBuiltIns;
    noBuiltIns.builtInIgnores = false;
    Collected all;
    QVERIFY(scanInto(Scanner(r, noBuiltIns), all).ok());
    QVERIFY(all.lines.contains(u"out/main.o|pending|"_s));
    QVERIFY(all.lines.contains(u"neg/CMakeCache.txt|pending|"_s));
    QVERIFY(all.lines.contains(u"gitout/|ignored|.gitignore:1: gitout/"_s));
}

// Folders are opened, listed and classified on several threads; the sink sees exactly what one
// thread gives, in the same order, for every number of threads, every time.
void tst_Scanner::parallelWalkKeepsTheOrder()
{
    QTemporaryDir root;
    QVERIFY(root.isValid());
    const QString r = root.path();
    writeFile(r, QStringLiteral(".gitignore"), "*.log\nskip*/\n");
    for (int a = 0; a < 12; ++a) {
        for (int b = 0; b < (a % 4) + 1; ++b) {
            const QString dir = QStringLiteral("p%1/q%2").arg(a).arg(b);
            for (int f = 0; f < 7; ++f)
                writeFile(r, dir + QStringLiteral("/f%1.%2").arg(f).arg(f % 3 ? u"py"_s : u"log"_s));
            writeFile(r, dir + QStringLiteral("/deep/er/still/leaf.c"), "int x;\n");
            if (b == 1)
                writeFile(r, dir + QStringLiteral("/skip-me/x.py"));
            if (a == 5 && b == 0) {
                writeFile(r, dir + QStringLiteral("/.gitignore"), "*.py\n");
                writeFile(r, dir + QStringLiteral("/build/CMakeCache.txt"), "# cache\n");
            }
        }
        writeFile(r, QStringLiteral("p%1/top.txt").arg(a));
    }
    const auto scanWith = [&](int threads, Collected &out) -> ScanStats {
        ScanOptions options;
        options.threads = threads;
        const Result<ScanStats> stats = scanInto(Scanner(r, options), out);
        if (!stats)
            qWarning("scan failed: %s", qPrintable(stats.error().toString()));
        return stats.ok() ? *stats : ScanStats();
    };
    Collected one;
    const ScanStats oneStats = scanWith(1, one);
    QVERIFY2(one.lines.size() > 200, qPrintable(QString::number(one.lines.size())));
    QVERIFY(one.lines.contains(u"p5/q0/build/|ignored|built-in: build folder (CMakeCache.txt)"_s));
    QVERIFY(one.lines.contains(u"p5/q0/f1.py|ignored|p5/q0/.gitignore:1: *.py"_s));
    for (int threads : {2, 3, 8}) {
        for (int round = 0; round < 5; ++round) {
            Collected many;
            const ScanStats stats = scanWith(threads, many);
            QCOMPARE(many.lines, one.lines);
            QCOMPARE(stats.files, oneStats.files);
            QCOMPARE(stats.directories, oneStats.directories);
            QCOMPARE(stats.candidates, oneStats.candidates);
            QCOMPARE(stats.ignored, oneStats.ignored);
        }
    }
    // Stopped from the sink half-way: nothing is reported after that, and every folder the
    // helpers still hold open is closed (AddressSanitizer / the descriptor count would tell).
    for (int threads : {1, 4}) {
        ScanOptions options;
        options.threads = threads;
        std::atomic_bool cancel = false;
        int reported = 0;
        const Result<ScanStats> stats = Scanner(r, options).scan(
            [&](ScannedFile &&) {
                if (++reported == 100)
                    cancel = true;
            },
            &cancel);
        QVERIFY(!stats);
        QCOMPARE(stats.error().code, ErrorCode::Cancelled);
        QCOMPARE(reported, 100);
    }
}

void tst_Scanner::cleanupTestCase()
{
    if (m_root) {
        // Unlock, and remove the file QDir cannot name, so that QTemporaryDir can clean up.
        QFile::setPermissions(m_root->path() + QStringLiteral("/lockeddir"),
                              QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        const QByteArray badName = QFile::encodeName(m_root->path()) + "/bad\xff.txt";
        ::unlink(badName.constData());
    }
    delete m_root;
    delete m_outside;
    m_root = nullptr;
    m_outside = nullptr;
}

void tst_Scanner::scansTree()
{
    const QString r = m_root->path();
    Scanner scanner(r);
    Collected got;
    const Result<ScanStats> stats = scanInto(scanner, got);
    QVERIFY2(stats.ok(), stats ? "" : qPrintable(stats.error().toString()));

    const auto pending = [](const char *path) {
        return describe(QString::fromUtf8(path), false, FileStatus::Pending, {});
    };
    QStringList expected = {
        describe(QStringLiteral(".git"), true, FileStatus::Ignored,
                 QStringLiteral("built-in: VCS folder (.git)")),
        pending(".gitignore"),
        pending(".repolensignore"),
        pending("src/main.cpp"),
        describe(QStringLiteral("src/app.log"), false, FileStatus::Ignored,
                 QStringLiteral(".gitignore:1: *.log")),
        pending("src/.gitignore"),
        pending("src/keep.log"),
        describe(QStringLiteral("src/self"), true, FileStatus::Unreadable,
                 QStringLiteral("symlink loop")),
        describe(QStringLiteral("src/up"), true, FileStatus::Unreadable,
                 QStringLiteral("symlink loop")),
        describe(QStringLiteral("build-out"), true, FileStatus::Ignored,
                 QStringLiteral(".gitignore:2: build-out/")),
        describe(QStringLiteral("node_modules"), true, FileStatus::Ignored,
                 QStringLiteral("built-in: dependency folder (node_modules)")),
        describe(QStringLiteral("cmake-build"), true, FileStatus::Ignored,
                 QStringLiteral("built-in: build folder (CMakeCache.txt)")),
        describe(QStringLiteral("docs/drafts"), true, FileStatus::Ignored,
                 QStringLiteral(".repolensignore:1: docs/drafts/")),
        pending("docs/guide.md"),
        describe(QStringLiteral("certs/server.pem"), false, FileStatus::Ignored,
                 QStringLiteral("built-in: secrets (*.pem)")),
        describe(QStringLiteral("logo.png"), false, FileStatus::Ignored,
                 QStringLiteral("built-in: binary (*.png)")),
        pending("name with spaces.txt"),
        pending("new\nline.py"),
        pending("\xc3\xbcn\xc3\xaf""c\xc3\xb6""d\xc3\xa9.go"),
        describe(QStringLiteral("big.txt"), false, FileStatus::TooLarge,
                 QStringLiteral("1.5 MiB > 1 MiB cap")),
        describe(QString::fromUtf8("bad\xef\xbf\xbd.txt"), false, FileStatus::Unreadable,
                 QStringLiteral("file name is not valid UTF-8")),
        describe(QStringLiteral("fifo"), false, FileStatus::Unsupported,
                 QStringLiteral("not a regular file")),
        describe(QStringLiteral("broken"), false, FileStatus::Unreadable,
                 QStringLiteral("broken symlink -> missing-target")),
        describe(QStringLiteral("chain-a"), false, FileStatus::Unreadable,
                 QStringLiteral("symlink loop")),
        describe(QStringLiteral("chain-b"), false, FileStatus::Unreadable,
                 QStringLiteral("symlink loop")),
        describe(QStringLiteral("outside"), true, FileStatus::Ignored,
                 QStringLiteral("symlink outside the folder")),
        describe(QStringLiteral("linked-src"), true, FileStatus::Ignored,
                 QStringLiteral("symlink to src (scanned there)")),
        describe(QStringLiteral("link-main.cpp"), false, FileStatus::Ignored,
                 QStringLiteral("symlink to src/main.cpp (scanned there)")),
        describe(QStringLiteral("link-key"), false, FileStatus::Ignored,
                 QStringLiteral("symlink to certs/server.pem "
                                "(ignored: built-in: secrets (*.pem))")),
    };
    // Permissions are not enforced for root: expect what open() says.
    if (canOpenFile(r + QStringLiteral("/locked.txt"))) {
        expected << pending("locked.txt");
    } else {
        expected << describe(QStringLiteral("locked.txt"), false, FileStatus::Unreadable,
                             QStringLiteral("permission denied"));
    }
    if (canOpenFolder(r + QStringLiteral("/lockeddir"))) {
        expected << pending("lockeddir/inner.txt");
    } else {
        expected << describe(QStringLiteral("lockeddir"), true, FileStatus::Unreadable,
                             QStringLiteral("permission denied"));
    }
    expected.sort();
    QCOMPARE(got.sortedLines(), expected);

    QCOMPARE(stats->candidates, expected.filter(QStringLiteral("|pending|")).size());
    QCOMPARE(stats->files, int(std::count_if(got.files.cbegin(), got.files.cend(),
                                              [](const ScannedFile &f) { return !f.isDir; })));
    QCOMPARE(stats->tooLarge, 1);
    QCOMPARE(stats->unsupported, 1);
    QCOMPARE(stats->ignored, 12);
    QCOMPARE(stats->ignored, expected.filter(QStringLiteral("|ignored|")).size());
    QCOMPARE(stats->unreadable, expected.filter(QStringLiteral("|unreadable|")).size());
    qint64 candidateBytes = 0;
    for (const ScannedFile &file : std::as_const(got.files)) {
        if (file.status == FileStatus::Pending)
            candidateBytes += file.size;
    }
    QCOMPARE(stats->candidateBytes, candidateBytes);
    // root, src, docs, certs, emptydir (+ lockeddir when readable)
    QCOMPARE(stats->directories, canOpenFolder(r + QStringLiteral("/lockeddir")) ? 6 : 5);
}

void tst_Scanner::entryDetails()
{
    const QString r = m_root->path();
    Collected got;
    QVERIFY(scanInto(Scanner(r), got).ok());

    const ScannedFile *main = got.find(QStringLiteral("src/main.cpp"));
    QVERIFY(main);
    QCOMPARE(main->absPath, QDir(r).filePath(QStringLiteral("src/main.cpp")));
    QCOMPARE(main->size, qint64(25));
    QCOMPARE(main->language, LanguageId::Cpp);
    QCOMPARE(main->isDir, false);
    QCOMPARE(main->mtimeMs,
             QFileInfo(main->absPath).lastModified().toMSecsSinceEpoch());

    const ScannedFile *unicode =
        got.find(QString::fromUtf8("\xc3\xbcn\xc3\xaf""c\xc3\xb6""d\xc3\xa9.go"));
    QVERIFY(unicode);
    QCOMPARE(unicode->language, LanguageId::Go);
    QVERIFY(QFile::exists(unicode->absPath));

    const ScannedFile *newline = got.find(QStringLiteral("new\nline.py"));
    QVERIFY(newline);
    QCOMPARE(newline->language, LanguageId::Python);
    QVERIFY(QFile::exists(newline->absPath));

    const ScannedFile *link = got.find(QStringLiteral("link-main.cpp"));
    QVERIFY(link);
    QCOMPARE(link->size, qint64(25)); // the target's size

    const ScannedFile *big = got.find(QStringLiteral("big.txt"));
    QVERIFY(big);
    QCOMPARE(big->size, qint64(1024 * 1024 + 512 * 1024));
    QCOMPARE(big->language, LanguageId::PlainText);

    const ScannedFile *nodeModules = got.find(QStringLiteral("node_modules"));
    QVERIFY(nodeModules);
    QVERIFY(nodeModules->isDir);
    QCOMPARE(nodeModules->absPath, QDir(r).filePath(QStringLiteral("node_modules")));
    QCOMPARE(nodeModules->language, LanguageId::None);

    QVERIFY(!got.find(QStringLiteral("node_modules/pkg/index.js"))); // not entered
    QVERIFY(!got.find(QStringLiteral("emptydir")));                  // walked, nothing to say
    QVERIFY(!got.find(QStringLiteral("src")));
}

void tst_Scanner::orderIsDeterministic()
{
    const QString r = m_root->path();
    Collected first;
    Collected second;
    QVERIFY(scanInto(Scanner(r), first).ok());
    QVERIFY(scanInto(Scanner(r), second).ok());
    QCOMPARE(first.lines, second.lines);
    // A folder's own entries before its subfolders' ("big.txt" before "src/main.cpp"),
    // names in byte order.
    const auto index = [&](const char *path) {
        const QString name = QRegularExpression::escape(QString::fromUtf8(path));
        return first.lines.indexOf(QRegularExpression(name + QStringLiteral("/?\\|.*")));
    };
    QVERIFY(index(".git") < index("big.txt"));
    QVERIFY(index("big.txt") < index("fifo"));
    QVERIFY(index("fifo") < index("src/main.cpp"));
    QVERIFY(index("certs/server.pem") < index("docs/guide.md"));
    QVERIFY(index("docs/guide.md") < index("src/.gitignore"));
    QVERIFY(index("src/.gitignore") < index("src/main.cpp"));
}

void tst_Scanner::options()
{
    const QString r = m_root->path();
    ScanOptions options;
    options.extraIgnorePatterns = {QStringLiteral("*.md"), QStringLiteral("!*.png")};
    options.builtInIgnores = false;
    options.sizeCap = 4 * 1024 * 1024;
    Scanner scanner(r, options);
    QCOMPARE(scanner.ignoreRules()->extraPatterns(), options.extraIgnorePatterns);
    QVERIFY(!scanner.ignoreRules()->builtInsEnabled());
    Collected got;
    QVERIFY(scanInto(scanner, got).ok());
    const QStringList lines = got.sortedLines();

    QVERIFY(lines.contains(QStringLiteral("docs/guide.md|ignored|settings: *.md")));
    QVERIFY(lines.contains(QStringLiteral("logo.png|pending|")));
    QVERIFY(lines.contains(QStringLiteral("big.txt|pending|")));
    QVERIFY(lines.contains(QStringLiteral("node_modules/pkg/index.js|pending|")));
    QVERIFY(lines.contains(QStringLiteral("cmake-build/CMakeCache.txt|pending|")));
    QVERIFY(lines.contains(QStringLiteral(".git/HEAD|pending|")));
    QVERIFY(lines.contains(QStringLiteral("certs/server.pem|pending|")));
    QVERIFY(lines.contains(
        QStringLiteral("link-key|ignored|symlink to certs/server.pem (scanned there)")));
    QVERIFY(lines.contains(QStringLiteral("src/app.log|ignored|.gitignore:1: *.log")));
}

void tst_Scanner::rootErrors()
{
    const auto noSink = [](ScannedFile &&) {};
    Result<ScanStats> result = Scanner(m_root->path() + QStringLiteral("/missing")).scan(noSink);
    QVERIFY(!result);
    QCOMPARE(result.error().code, ErrorCode::NotFound);

    result = Scanner(m_root->path() + QStringLiteral("/big.txt")).scan(noSink);
    QVERIFY(!result);
    QCOMPARE(result.error().code, ErrorCode::NotADirectory);

    if (!canOpenFolder(m_root->path() + QStringLiteral("/lockeddir"))) {
        result = Scanner(m_root->path() + QStringLiteral("/lockeddir")).scan(noSink);
        QVERIFY(!result);
        QCOMPARE(result.error().code, ErrorCode::PermissionDenied);
    }

    // A root reached through a symlink is fine: it is the user's folder.
    Collected got;
    QVERIFY(scanInto(Scanner(m_root->path() + QStringLiteral("/linked-src")), got).ok());
    QVERIFY(got.lines.contains(QStringLiteral("main.cpp|pending|")));
    QVERIFY(got.lines.contains(QStringLiteral("self/|unreadable|symlink loop")));
    QVERIFY(got.lines.contains(QStringLiteral("up/|ignored|symlink outside the folder")));
}

void tst_Scanner::cancellation()
{
    Scanner scanner(m_root->path());
    std::atomic_bool cancel = true;
    Collected got;
    Result<ScanStats> result = scanInto(scanner, got, &cancel);
    QVERIFY(!result);
    QCOMPARE(result.error().code, ErrorCode::Cancelled);
    QVERIFY(got.files.isEmpty());

    // Cancelled from the sink, between folders.
    cancel = false;
    int seen = 0;
    result = scanner.scan(
        [&](ScannedFile &&) {
            if (++seen == 3)
                cancel = true;
        },
        &cancel);
    QVERIFY(!result);
    QCOMPARE(result.error().code, ErrorCode::Cancelled);

    // Cancelled with sibling folders still waiting, each holding its open parent folder: the
    // walk returns with them on its stack and closes them (under AddressSanitizer, a counter
    // they update on closing that did not outlive them was a stack-use-after-scope).
    QTemporaryDir nested;
    for (const char *dir : {"a/x", "a/y", "a/z", "b/x", "b/y"})
        writeFile(nested.path(), QString::fromLatin1(dir) + QStringLiteral("/f.txt"));
    Scanner deep(nested.path());
    cancel = false;
    QStringList reported;
    result = deep.scan(
        [&](ScannedFile &&file) {
            reported << file.relPath;
            cancel = true;
        },
        &cancel);
    QVERIFY(!result);
    QCOMPARE(result.error().code, ErrorCode::Cancelled);
    QCOMPARE(reported, QStringList{QStringLiteral("a/x/f.txt")});

    // Cancellation is honoured at the very next entry, not 256 entries later: with a huge ignore
    // file each entry takes a while, and the first Ctrl+C / SIGTERM must stop the walk.
    QTemporaryDir wide;
    QByteArray gitignore;
    for (int i = 0; i < 20000; ++i)
        gitignore += "*pattern" + QByteArray::number(i) + "*a*a*a*b\n";
    writeFile(wide.path(), QStringLiteral(".gitignore"), gitignore);
    for (int i = 0; i < 600; ++i)
        writeFile(wide.path(), QStringLiteral("file%1.txt").arg(i, 3, 10, QLatin1Char('0')));
    Scanner big(wide.path());
    cancel = false;
    int after = 0;
    result = big.scan(
        [&](ScannedFile &&) {
            if (cancel)
                ++after;
            cancel = true;
        },
        &cancel);
    QVERIFY(!result);
    QCOMPARE(result.error().code, ErrorCode::Cancelled);
    QCOMPARE(after, 0);
}

void tst_Scanner::inspect()
{
    const Scanner scanner(m_root->path());
    ScannedFile file = scanner.inspect(QStringLiteral("src/main.cpp"));
    QCOMPARE(describe(file), QStringLiteral("src/main.cpp|pending|"));
    QCOMPARE(file.size, qint64(25));
    QCOMPARE(file.language, LanguageId::Cpp);

    QCOMPARE(describe(scanner.inspect(QStringLiteral("node_modules/pkg/index.js"))),
             QStringLiteral("node_modules/pkg/index.js|ignored|built-in: dependency folder "
                            "(node_modules)"));
    QCOMPARE(describe(scanner.inspect(QStringLiteral("src/keep.log"))),
             QStringLiteral("src/keep.log|pending|"));
    QCOMPARE(describe(scanner.inspect(QStringLiteral("src/app.log"))),
             QStringLiteral("src/app.log|ignored|.gitignore:1: *.log"));
    QCOMPARE(describe(scanner.inspect(QStringLiteral("src"))), QStringLiteral("src/|pending|"));
    QCOMPARE(describe(scanner.inspect(QStringLiteral("src/self"))),
             QStringLiteral("src/self/|unreadable|symlink loop"));
    QCOMPARE(describe(scanner.inspect(QStringLiteral("link-main.cpp"))),
             QStringLiteral("link-main.cpp|ignored|symlink to src/main.cpp (scanned there)"));
    QCOMPARE(describe(scanner.inspect(QStringLiteral("fifo"))),
             QStringLiteral("fifo|unsupported|not a regular file"));
    QCOMPARE(describe(scanner.inspect(QStringLiteral("nope/missing.txt"))),
             QStringLiteral("nope/missing.txt|unreadable|not found"));
    QCOMPARE(describe(scanner.inspect(QStringLiteral("../escape"))),
             QStringLiteral("../escape|unreadable|not found"));
    QCOMPARE(describe(scanner.inspect(QStringLiteral(".."))),
             QStringLiteral("..|unreadable|not found"));
    QCOMPARE(describe(scanner.inspect(QStringLiteral("linked-src/main.cpp"))),
             QStringLiteral("linked-src/main.cpp|ignored|inside a symlinked folder"));
    QCOMPARE(describe(scanner.inspect(QStringLiteral("/src//./main.cpp"))),
             QStringLiteral("src/main.cpp|pending|"));
}

void tst_Scanner::formatSize_data()
{
    QTest::addColumn<qint64>("bytes");
    QTest::addColumn<QString>("text");
    QTest::newRow("zero") << qint64(0) << QStringLiteral("0 bytes");
    QTest::newRow("one") << qint64(1) << QStringLiteral("1 byte");
    QTest::newRow("under KiB") << qint64(1023) << QStringLiteral("1023 bytes");
    QTest::newRow("KiB") << qint64(1024) << QStringLiteral("1 KiB");
    QTest::newRow("1.5 KiB") << qint64(1536) << QStringLiteral("1.5 KiB");
    QTest::newRow("MiB") << qint64(1024 * 1024) << QStringLiteral("1 MiB");
    QTest::newRow("2.3 MiB") << qint64(2.3 * 1024 * 1024) << QStringLiteral("2.3 MiB");
    QTest::newRow("GiB") << qint64(5) * 1024 * 1024 * 1024 << QStringLiteral("5 GiB");
}

void tst_Scanner::formatSize()
{
    QFETCH(qint64, bytes);
    QFETCH(QString, text);
    QCOMPARE(Scanner::formatSize(bytes), text);
}

void tst_Scanner::tooLargeJustOverCap()
{
    QTemporaryDir root;
    QVERIFY(root.isValid());
    writeFile(root.path(), QStringLiteral("edge.txt"), QByteArray(1024 * 1024 + 1, 'x'));
    writeFile(root.path(), QStringLiteral("exact.txt"), QByteArray(1024 * 1024, 'x'));
    Collected got;
    QVERIFY(scanInto(Scanner(root.path()), got).ok());
    QCOMPARE(got.sortedLines(),
             QStringList({QStringLiteral("edge.txt|too-large|1048577 bytes > 1 MiB cap"),
                          QStringLiteral("exact.txt|pending|")}));
}

// Not a timed assertion: prints the walk speed for a 2,000-file tree.
void tst_Scanner::largeTree()
{
    QTemporaryDir root;
    QVERIFY(root.isValid());
    for (int d = 0; d < 40; ++d) {
        for (int f = 0; f < 50; ++f)
            writeFile(root.path(), QStringLiteral("pkg%1/sub/file%2.py").arg(d).arg(f), "x = 1\n");
    }
    writeFile(root.path(), QStringLiteral(".gitignore"), "*.pyc\n__generated__/\n");
    QElapsedTimer timer;
    timer.start();
    int files = 0;
    const Result<ScanStats> stats = Scanner(root.path()).scan([&](ScannedFile &&) { ++files; });
    const qint64 elapsed = timer.nsecsElapsed();
    QVERIFY(stats.ok());
    QCOMPARE(files, 2001);
    QCOMPARE(stats->candidates, 2001);
    QCOMPARE(stats->directories, 81);
    qInfo("scanned 2,001 files in %.1f ms", double(elapsed) / 1e6);
}

QTEST_GUILESS_MAIN(tst_Scanner)
#include "tst_scanner.moc"
