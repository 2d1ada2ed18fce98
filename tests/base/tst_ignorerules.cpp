#include "core/base/ignorerules.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <iterator>
#include <optional>
#include <thread>

using namespace RepoLens;

namespace {

// One .gitignore, one path. `rule` is "<line>: <pattern>" of the deciding pattern in that
// .gitignore (a parent folder's pattern for paths inside an ignored folder), "" for no match.
// A rule whose pattern starts with '!' re-includes the path.
struct GitCase
{
    const char *name;
    const char *gitignore;
    const char *path;
    bool isDir;
    const char *rule;
};

// The backtracking matcher RepoLens used before the linear one (a port of git's dowild()), kept as
// the reference for the polynomial one: same answers on small random inputs, where its
// exponential time does not matter.
namespace Reference {

enum : int { Match = 0, NoMatch = 1, AbortAll = -1, AbortToStarStar = -2 };

std::optional<bool> inClass(QByteArrayView name, uchar c)
{
    const bool upper = c >= 'A' && c <= 'Z', lower = c >= 'a' && c <= 'z', digit = c >= '0' && c <= '9';
    const bool alpha = upper || lower, graph = c > 0x20 && c < 0x7f;
    if (name == "alnum") return alpha || digit;
    if (name == "alpha") return alpha;
    if (name == "blank") return c == ' ' || c == '\t';
    if (name == "cntrl") return c < 0x20 || c == 0x7f;
    if (name == "digit") return digit;
    if (name == "graph") return graph;
    if (name == "lower") return lower;
    if (name == "print") return graph || c == ' ';
    if (name == "punct") return graph && !alpha && !digit;
    if (name == "space") return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    if (name == "upper") return upper;
    if (name == "xdigit") return digit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    return std::nullopt;
}

struct Matcher
{
    QByteArrayView pattern, text;
    bool pathName;
    uchar pat(qsizetype i) const { return i < pattern.size() ? uchar(pattern[i]) : 0; }
    uchar txt(qsizetype i) const { return i < text.size() ? uchar(text[i]) : 0; }
    static bool special(uchar c) { return c == '*' || c == '?' || c == '[' || c == '\\'; }
    qsizetype slashFrom(qsizetype t) const
    {
        for (qsizetype i = t; i < text.size(); ++i)
            if (text[i] == '/')
                return i;
        return -1;
    }
    int run(qsizetype p, qsizetype t) const
    {
        const qsizetype start = p;
        for (uchar pCh; (pCh = pat(p)) != 0; ++t, ++p) {
            uchar tCh = txt(t);
            if (tCh == 0 && pCh != '*')
                return AbortAll;
            switch (pCh) {
            case '\\':
                pCh = pat(++p);
                [[fallthrough]];
            default:
                if (tCh != pCh)
                    return NoMatch;
                continue;
            case '?':
                if (pathName && tCh == '/')
                    return NoMatch;
                continue;
            case '*': {
                bool matchSlash = !pathName;
                if (pat(++p) == '*') {
                    const qsizetype prev = p - 2;
                    while (pat(++p) == '*') {
                    }
                    if (!pathName) {
                        matchSlash = true;
                    } else if ((prev < start || pat(prev) == '/')
                               && (pat(p) == 0 || pat(p) == '/' || (pat(p) == '\\' && pat(p + 1) == '/'))) {
                        if (pat(p) == '/' && run(p + 1, t) == Match)
                            return Match;
                        matchSlash = true;
                    } else {
                        matchSlash = false;
                    }
                }
                if (pat(p) == 0)
                    return (!matchSlash && slashFrom(t) >= 0) ? NoMatch : Match;
                if (!matchSlash && pat(p) == '/') {
                    const qsizetype slash = slashFrom(t);
                    if (slash < 0)
                        return NoMatch;
                    t = slash;
                    break;
                }
                for (;;) {
                    if (tCh == 0)
                        break;
                    if (!special(pat(p))) {
                        pCh = pat(p);
                        while ((tCh = txt(t)) != 0 && (matchSlash || tCh != '/')) {
                            if (tCh == pCh)
                                break;
                            ++t;
                        }
                        if (tCh != pCh)
                            return NoMatch;
                    }
                    const int matched = run(p, t);
                    if (matched != NoMatch) {
                        if (!matchSlash || matched != AbortToStarStar)
                            return matched;
                    } else if (!matchSlash && tCh == '/') {
                        return AbortToStarStar;
                    }
                    tCh = txt(++t);
                }
                return AbortAll;
            }
            case '[': {
                pCh = pat(++p);
                if (pCh == '^')
                    pCh = '!';
                const bool negated = pCh == '!';
                if (negated)
                    pCh = pat(++p);
                uchar prevCh = 0;
                bool matched = false;
                do {
                    if (!pCh)
                        return AbortAll;
                    if (pCh == '\\') {
                        pCh = pat(++p);
                        if (!pCh)
                            return AbortAll;
                        if (tCh == pCh)
                            matched = true;
                    } else if (pCh == '-' && prevCh && pat(p + 1) && pat(p + 1) != ']') {
                        pCh = pat(++p);
                        if (pCh == '\\') {
                            pCh = pat(++p);
                            if (!pCh)
                                return AbortAll;
                        }
                        if (tCh <= pCh && tCh >= prevCh)
                            matched = true;
                        pCh = 0;
                    } else if (pCh == '[' && pat(p + 1) == ':') {
                        p += 2;
                        const qsizetype nameStart = p;
                        while ((pCh = pat(p)) != 0 && pCh != ']')
                            ++p;
                        if (!pCh)
                            return AbortAll;
                        const qsizetype nameLength = p - nameStart - 1;
                        if (nameLength < 0 || pat(p - 1) != ':') {
                            p = nameStart - 2;
                            pCh = '[';
                            if (tCh == pCh)
                                matched = true;
                            continue;
                        }
                        const std::optional<bool> in = inClass(pattern.sliced(nameStart, nameLength), tCh);
                        if (!in)
                            return AbortAll;
                        if (*in)
                            matched = true;
                        pCh = 0;
                    } else if (tCh == pCh) {
                        matched = true;
                    }
                } while (prevCh = pCh, (pCh = pat(++p)) != ']');
                if (matched == negated || (pathName && tCh == '/'))
                    return NoMatch;
                continue;
            }
            }
        }
        return txt(t) ? NoMatch : Match;
    }
};

bool wildMatch(QByteArrayView pattern, QByteArrayView text, bool pathName)
{
    return Matcher{pattern, text, pathName}.run(0, 0) == Match;
}

} // namespace Reference

// clang-format off
const GitCase kGitCases[] = {
    {"basename glob", "*.log", "a.log", false, "1: *.log"},
    {"basename glob at any depth", "*.log", "dir/sub/a.log", false, "1: *.log"},
    {"basename glob no partial", "*.log", "a.log.txt", false, ""},
    {"glob matches folders too", "*.log", "a.log", true, "1: *.log"},
    {"plain name matches folder contents", "foo", "x/foo/y.txt", false, "1: foo"},
    {"dir-only matches dir", "build/", "build", true, "1: build/"},
    {"dir-only skips file", "build/", "build", false, ""},
    {"dir-only at any depth", "build/", "src/build", true, "1: build/"},
    {"dir-only covers contents", "build/", "build/out.o", false, "1: build/"},
    {"leading slash anchors", "/build", "build", false, "1: /build"},
    {"leading slash not deeper", "/build", "src/build", false, ""},
    {"middle slash anchors", "doc/frotz", "doc/frotz", false, "1: doc/frotz"},
    {"middle slash not deeper", "doc/frotz", "a/doc/frotz", false, ""},
    {"middle and trailing slash", "doc/frotz/", "doc/frotz", true, "1: doc/frotz/"},
    {"star after slash", "foo/*", "foo/test.json", false, "1: foo/*"},
    {"star after slash covers subfolder", "foo/*", "foo/bar/hello.c", false, "1: foo/*"},
    {"star after slash not the folder", "foo/*", "foo", true, ""},
    {"leading double star root", "**/foo", "foo", false, "1: **/foo"},
    {"leading double star deep", "**/foo", "a/b/foo", false, "1: **/foo"},
    {"leading double star with path", "**/foo/bar", "x/y/foo/bar", false, "1: **/foo/bar"},
    {"leading double star with path root", "**/foo/bar", "foo/bar", false, "1: **/foo/bar"},
    {"trailing double star", "abc/**", "abc/x/y.txt", false, "1: abc/**"},
    {"trailing double star not the folder", "abc/**", "abc", true, ""},
    {"middle double star zero dirs", "a/**/b", "a/b", false, "1: a/**/b"},
    {"middle double star many dirs", "a/**/b", "a/x/y/b", false, "1: a/**/b"},
    {"middle double star needs slash", "a/**/b", "a/xb", false, ""},
    {"double star file glob", "doc/**/*.pdf", "doc/a/b/c.pdf", false, "1: doc/**/*.pdf"},
    {"double star file glob shallow", "doc/**/*.pdf", "doc/c.pdf", false, "1: doc/**/*.pdf"},
    {"double star alone", "**", "a/b/c.txt", false, "1: **"},
    {"double star dirs only", "**/", "a", true, "1: **/"},
    {"double star dirs only skips files", "**/", "b.txt", false, ""},
    {"double star inside name acts as star", "a**b", "axyb", false, "1: a**b"},
    {"double star inside path acts as star", "x/a**b", "x/a/yb", false, ""},
    {"double star after literal prefix (git quirk)", "foo**/bar", "foox/y/bar", false,
     "1: foo**/bar"},
    {"dirs below", "foo/**/", "foo/a/b", true, "1: foo/**/"},
    {"dirs below skip files", "foo/**/", "foo/x.txt", false, ""},
    {"star dir", "*/", "x/y.txt", false, "1: */"},
    {"question mark", "x/a?c", "x/abc", false, "1: x/a?c"},
    {"question mark not slash", "x/a?c", "x/a/c", false, ""},
    {"class", "[abc].txt", "b.txt", false, "1: [abc].txt"},
    {"class miss", "[abc].txt", "d.txt", false, ""},
    {"negated range", "[!a-c].txt", "d.txt", false, "1: [!a-c].txt"},
    {"negated range miss", "[!a-c].txt", "b.txt", false, ""},
    {"caret negation", "[^a].txt", "b.txt", false, "1: [^a].txt"},
    {"extension class", "*.[oa]", "lib.a", false, "1: *.[oa]"},
    {"named class", "[[:digit:]]*.txt", "7up.txt", false, "1: [[:digit:]]*.txt"},
    {"literal dash in class", "[a-]x", "-x", false, "1: [a-]x"},
    {"bracket first in class", "[]]x", "]x", false, "1: []]x"},
    {"class never matches slash", "a[/]b", "a/b", false, ""},
    {"negation", "*.txt\n!keep.txt", "keep.txt", false, "2: !keep.txt"},
    {"negation other", "*.txt\n!keep.txt", "other.txt", false, "1: *.txt"},
    {"negation alone", "!*.txt", "a.txt", false, "1: !*.txt"},
    {"no re-include below excluded dir", "dir/\n!dir/keep.txt", "dir/keep.txt", false, "1: dir/"},
    {"re-include below dir contents", "dir/*\n!dir/keep.txt", "dir/keep.txt", false,
     "2: !dir/keep.txt"},
    {"last match wins", "!foo\nfoo", "foo", false, "2: foo"},
    {"escaped hash", "\\#notcomment", "#notcomment", false, "1: \\#notcomment"},
    {"comment", "#comment\nx", "#comment", false, ""},
    {"escaped bang", "\\!important", "!important", false, "1: \\!important"},
    {"trailing spaces trimmed", "foo   ", "foo", false, "1: foo"},
    {"escaped trailing space", "foo\\ ", "foo ", false, "1: foo\\ "},
    {"escaped trailing space needs it", "foo\\ ", "foo", false, ""},
    {"leading space kept", " lead", " lead", false, "1:  lead"},
    {"crlf", "one\r\ntwo\r\n", "two", false, "2: two"},
    {"blank lines counted", "\n\n   \nthree", "three", false, "4: three"},
    {"star", "*", "anything.bin", false, "1: *"},
    {"anchored glob", "a/*.c", "a/x.c", false, "1: a/*.c"},
    {"anchored glob not deeper", "a/*.c", "a/b/x.c", false, ""},
    {"root glob", "/*.c", "x.c", false, "1: /*.c"},
    {"root glob not deeper", "/*.c", "d/x.c", false, ""},
    {"escaped star", "\\*star", "*star", false, "1: \\*star"},
    {"escaped star literal", "\\*star", "xstar", false, ""},
    {"non-ascii", "caf\xc3\xa9*", "caf\xc3\xa9.txt", false, "1: caf\xc3\xa9*"},
    {"space in name", "my file.txt", "my file.txt", false, "1: my file.txt"},
    {"case sensitive", "*.LOG", "a.log", false, ""},
    {"trailing backslash never matches", "trailing\\", "trailing", false, ""},
    {"nested dir-only pattern", "a/b/", "a/b/c", false, "1: a/b/"},
};
// clang-format on

QString caseRule(const GitCase &c, const QString &source)
{
    const QString rule = QString::fromUtf8(c.rule);
    return rule.isEmpty() ? QString() : source + u':' + rule;
}

bool caseIgnored(const GitCase &c)
{
    const QString rule = QString::fromUtf8(c.rule);
    return !rule.isEmpty() && !rule.contains(QStringLiteral(": !"));
}

void writeFile(const QString &root, const QString &relPath, const QByteArray &content)
{
    const QString path = root + u'/' + relPath;
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    QVERIFY2(file.open(QIODevice::WriteOnly | QIODevice::Truncate), qPrintable(path));
    file.write(content);
}

struct Probe
{
    QString path;
    bool isDir = false;
};

// Creates the probed paths on disk (git resolves "dir/" patterns with lstat).
void createProbes(const QString &root, const QList<Probe> &probes)
{
    for (const Probe &probe : probes) {
        const QString abs = root + u'/' + probe.path;
        if (probe.isDir) {
            QDir().mkpath(abs);
        } else {
            QDir().mkpath(QFileInfo(abs).absolutePath());
            if (!QFileInfo::exists(abs)) {
                QFile file(abs);
                QVERIFY2(file.open(QIODevice::WriteOnly), qPrintable(abs));
            }
        }
    }
}

QProcessEnvironment isolatedGitEnvironment(const QString &home)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), home);
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home + QStringLiteral("/.config"));
    env.insert(QStringLiteral("GIT_CONFIG_NOSYSTEM"), QStringLiteral("1"));
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C"));
    env.remove(QStringLiteral("GIT_DIR"));
    env.remove(QStringLiteral("GIT_WORK_TREE"));
    return env;
}

bool runGit(const QString &repo, const QString &home, const QStringList &args,
            const QByteArray &input, QByteArray *output)
{
    QProcess git;
    git.setWorkingDirectory(repo);
    git.setProcessEnvironment(isolatedGitEnvironment(home));
    git.start(QStringLiteral("git"), args);
    if (!git.waitForStarted())
        return false;
    git.write(input);
    git.closeWriteChannel();
    if (!git.waitForFinished(60000))
        return false;
    if (output)
        *output = git.readAllStandardOutput();
    // check-ignore exits 1 when nothing is ignored.
    return git.exitStatus() == QProcess::NormalExit && git.exitCode() <= 1;
}

struct Verdict
{
    bool ignored = false;
    QString rule;
};

// `git check-ignore --no-index -v -n -z --stdin`: one verdict per path, in order.
QList<Verdict> gitVerdicts(const QString &repo, const QString &home, const QList<Probe> &probes)
{
    QByteArray input;
    for (const Probe &probe : probes)
        input += probe.path.toUtf8() + '\0';
    QByteArray output;
    if (!runGit(repo, home,
                {QStringLiteral("check-ignore"), QStringLiteral("--no-index"),
                 QStringLiteral("-v"), QStringLiteral("-n"), QStringLiteral("-z"),
                 QStringLiteral("--stdin")},
                input, &output)) {
        return {};
    }
    QList<QByteArray> fields = output.split('\0');
    QList<Verdict> verdicts;
    for (qsizetype i = 0; i + 3 < fields.size(); i += 4) {
        Verdict verdict;
        const QString source = QString::fromUtf8(fields[i]);
        if (!source.isEmpty()) {
            const QString pattern = QString::fromUtf8(fields[i + 2]);
            verdict.rule = source + u':' + QString::fromUtf8(fields[i + 1])
                + QStringLiteral(": ") + pattern;
            verdict.ignored = !pattern.startsWith(u'!');
        }
        verdicts.append(verdict);
    }
    return verdicts;
}

} // namespace

class tst_IgnoreRules : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();

    void gitignoreSemantics_data();
    void gitignoreSemantics();
    void agreesWithGit();
    void randomPatternsAgreeWithGit();
    void matcherAgreesWithBacktracking();
    void pathologicalPatternsArePolynomial_data();
    void pathologicalPatternsArePolynomial();

    void listParsing();
    void listBaseDir();
    void settingsRules();
    void nestedGitignores();
    void infoExclude();
    void repolensignoreOverrides();
    void builtIns_data();
    void builtIns();
    void builtInsOverriddenByUser();
    void builtInsDisabled();
    void cmakeBuildFolder();
    void symlinkedGitignoreIgnored();
    void scopeMatchesFullMatch();
    void invalidate();
    void concurrentUse();

private:
    bool m_haveGit = false;
    QTemporaryDir m_home;
};

void tst_IgnoreRules::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_home.isValid());
    m_haveGit = !QStandardPaths::findExecutable(QStringLiteral("git")).isEmpty();
}

void tst_IgnoreRules::gitignoreSemantics_data()
{
    QTest::addColumn<QByteArray>("gitignore");
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("isDir");
    QTest::addColumn<bool>("ignored");
    QTest::addColumn<QString>("rule");
    for (const GitCase &c : kGitCases) {
        QTest::newRow(c.name) << QByteArray(c.gitignore) << QString::fromUtf8(c.path) << c.isDir
                              << caseIgnored(c) << caseRule(c, QStringLiteral(".gitignore"));
    }
}

void tst_IgnoreRules::gitignoreSemantics()
{
    QFETCH(QByteArray, gitignore);
    QFETCH(QString, path);
    QFETCH(bool, isDir);
    QFETCH(bool, ignored);
    QFETCH(QString, rule);

    QTemporaryDir root;
    QVERIFY(root.isValid());
    writeFile(root.path(), QStringLiteral(".gitignore"), gitignore);
    IgnoreRules rules(root.path());
    rules.setBuiltInsEnabled(false);
    const IgnoreMatch match = rules.match(path, isDir);
    QCOMPARE(match.rule, rule);
    QCOMPARE(match.ignored, ignored);
}

// Every table case in its own folder of one repository, checked by git itself.
void tst_IgnoreRules::agreesWithGit()
{
    if (!m_haveGit)
        QSKIP("git is not installed");
    QTemporaryDir repo;
    QVERIFY(repo.isValid());
    QVERIFY(runGit(repo.path(), m_home.path(), {QStringLiteral("init"), QStringLiteral("-q")}, {},
                   nullptr));

    QList<Probe> probes;
    QList<Verdict> expected;
    int index = 0;
    for (const GitCase &c : kGitCases) {
        const QString dir = QStringLiteral("c%1").arg(index++);
        writeFile(repo.path(), dir + QStringLiteral("/.gitignore"), c.gitignore);
        probes.append({dir + u'/' + QString::fromUtf8(c.path), c.isDir});
        expected.append({caseIgnored(c), caseRule(c, dir + QStringLiteral("/.gitignore"))});
    }

    // Nested .gitignore files and .git/info/exclude.
    writeFile(repo.path(), QStringLiteral("nested/.gitignore"), "*.log\n/top-only\n!*.keep\n");
    writeFile(repo.path(), QStringLiteral("nested/sub/.gitignore"), "!keep.log\n/local\n*.keep\n");
    writeFile(repo.path(), QStringLiteral("nested/sub/deeper/.gitignore"), "*.tmp\n!local\n");
    writeFile(repo.path(), QStringLiteral(".git/info/exclude"), "*.secret\n!nested/keep.secret\n");
    const QStringList nestedFiles = {
        QStringLiteral("nested/a.log"),           QStringLiteral("nested/sub/x.log"),
        QStringLiteral("nested/sub/keep.log"),    QStringLiteral("nested/sub/deeper/keep.log"),
        QStringLiteral("nested/top-only"),        QStringLiteral("nested/sub/top-only"),
        QStringLiteral("nested/sub/local"),       QStringLiteral("nested/sub/deeper/local"),
        QStringLiteral("nested/sub/deeper/a.tmp"), QStringLiteral("nested/a.tmp"),
        QStringLiteral("nested/a.keep"),          QStringLiteral("nested/sub/a.keep"),
        QStringLiteral("nested/x.secret"),        QStringLiteral("nested/keep.secret"),
        QStringLiteral("nested/sub/deeper/x.secret"),
    };
    for (const QString &file : nestedFiles)
        probes.append({file, false});
    probes.append({QStringLiteral("nested/sub"), true});

    createProbes(repo.path(), probes);
    const QList<Verdict> git = gitVerdicts(repo.path(), m_home.path(), probes);
    QCOMPARE(git.size(), probes.size());

    IgnoreRules rules(repo.path());
    rules.setBuiltInsEnabled(false);
    for (qsizetype i = 0; i < probes.size(); ++i) {
        const IgnoreMatch ours = rules.match(probes[i].path, probes[i].isDir);
        const QByteArray what = probes[i].path.toUtf8();
        QVERIFY2(ours.rule == git[i].rule,
                 qPrintable(QStringLiteral("%1: ours '%2', git '%3'")
                                .arg(probes[i].path, ours.rule, git[i].rule)));
        QVERIFY2(ours.ignored == git[i].ignored, what.constData());
        if (i < expected.size()) {
            // The hand-written expectations agree with git too.
            QCOMPARE(git[i].rule, expected[i].rule);
            QCOMPARE(git[i].ignored, expected[i].ignored);
        }
    }
}

// Seeded random patterns and paths over a small alphabet full of glob syntax: the port of
// wildmatch and the pattern parser must agree with git on every one.
void tst_IgnoreRules::randomPatternsAgreeWithGit()
{
    if (!m_haveGit)
        QSKIP("git is not installed");
    QTemporaryDir repo;
    QVERIFY(repo.isValid());
    QVERIFY(runGit(repo.path(), m_home.path(), {QStringLiteral("init"), QStringLiteral("-q")}, {},
                   nullptr));

    // REPOLENS_TEST_SEED explores other inputs; the default keeps runs reproducible.
    const quint32 seed = qEnvironmentVariableIsSet("REPOLENS_TEST_SEED")
        ? quint32(qEnvironmentVariableIntValue("REPOLENS_TEST_SEED"))
        : 20240611u;
    QRandomGenerator random(seed);
    // Tokens rather than characters, so that many patterns are valid and match something.
    const QList<QByteArray> tokens = {"a",  "b",    "*",     "*",     "**",  "?",  "/",  "/",
                                      "ab", "[ab]", "[!a]",  "[a-b]", "\\a", "[",  "]",  "-",
                                      "!",  "\\",  "[]a]",  "[[:alpha:]]",   "\\*", " "};
    const QList<QByteArray> names = {"a", "b", "ab", "ba", "aa", "a-b", "!a", "[a]", "a*",
                                     "]", "\\a", "a b", "?"};
    QList<Probe> probes;
    for (int i = 0; i < 250; ++i) {
        const QString dir = QStringLiteral("r%1").arg(i);
        QByteArray gitignore;
        const int lines = 1 + int(random.bounded(3));
        for (int line = 0; line < lines; ++line) {
            const int length = 1 + int(random.bounded(4));
            for (int k = 0; k < length; ++k)
                gitignore += tokens.at(int(random.bounded(tokens.size())));
            gitignore += '\n';
        }
        writeFile(repo.path(), dir + QStringLiteral("/.gitignore"), gitignore);
        for (int p = 0; p < 8; ++p) {
            QString path = dir;
            const int depth = 1 + int(random.bounded(3));
            for (int level = 0; level < depth; ++level)
                path += u'/' + QString::fromUtf8(names.at(int(random.bounded(names.size()))));
            probes.append({path, false});
        }
    }
    // Parents must be folders. Leaves that are not some other path's parent are left absent:
    // git treats a missing path as "not a folder", which is what we ask our side.
    for (const Probe &probe : std::as_const(probes))
        QDir().mkpath(QFileInfo(repo.path() + u'/' + probe.path).absolutePath());
    for (Probe &probe : probes)
        probe.isDir = QFileInfo(repo.path() + u'/' + probe.path).isDir();

    const QList<Verdict> git = gitVerdicts(repo.path(), m_home.path(), probes);
    QCOMPARE(git.size(), probes.size());
    IgnoreRules rules(repo.path());
    rules.setBuiltInsEnabled(false);
    int matched = 0;
    for (qsizetype i = 0; i < probes.size(); ++i) {
        const IgnoreMatch ours = rules.match(probes[i].path, probes[i].isDir);
        QVERIFY2(ours.rule == git[i].rule && ours.ignored == git[i].ignored,
                 qPrintable(QStringLiteral("%1: ours '%2', git '%3'")
                                .arg(probes[i].path, ours.rule, git[i].rule)));
        matched += git[i].rule.isEmpty() ? 0 : 1;
    }
    // The test only means something if many paths match some pattern.
    QVERIFY2(matched > probes.size() / 5, qPrintable(QString::number(matched)));
}

void tst_IgnoreRules::listParsing()
{
    // UTF-8 BOM skipped, NUL ends a line's pattern, over-long lines dropped.
    QByteArray content = "\xEF\xBB\xBF*.log\nab";
    content += '\0';
    content += "cd\n" + QByteArray(5000, 'x') + "\n!keep.log\n";
    const GitIgnoreList list = GitIgnoreList::parse(content, {}, QStringLiteral(".gitignore"));
    QCOMPARE(list.size(), 3);
    QCOMPARE(list.match(u"a.log", false)->rule, QStringLiteral(".gitignore:1: *.log"));
    QCOMPARE(list.match(u"a.log", false)->ignored, true);
    QCOMPARE(list.match(u"ab", false)->rule, QStringLiteral(".gitignore:2: ab"));
    QCOMPARE(list.match(u"keep.log", false)->ignored, false);
    QCOMPARE(list.match(u"keep.log", false)->rule, QStringLiteral(".gitignore:4: !keep.log"));
    QVERIFY(!list.match(u"abcd", false));
    QVERIFY(!list.match(u"", false));

    QVERIFY(GitIgnoreList::parse("# only a comment\n\n   \n", {}, QStringLiteral("x")).isEmpty());
    QVERIFY(GitIgnoreList().isEmpty());
    QVERIFY(!GitIgnoreList().match(u"a", false));
}

void tst_IgnoreRules::listBaseDir()
{
    const GitIgnoreList list =
        GitIgnoreList::parse("*.c\n/top.h\n", QStringLiteral("src"),
                             QStringLiteral("src/.gitignore"));
    QCOMPARE(list.baseDir(), QStringLiteral("src"));
    QCOMPARE(list.match(u"src/a.c", false)->rule, QStringLiteral("src/.gitignore:1: *.c"));
    QCOMPARE(list.match(u"src/deep/a.c", false)->rule, QStringLiteral("src/.gitignore:1: *.c"));
    QCOMPARE(list.match(u"src/top.h", false)->rule, QStringLiteral("src/.gitignore:2: /top.h"));
    QVERIFY(!list.match(u"src/deep/top.h", false));
    QVERIFY(!list.match(u"a.c", false));
    QVERIFY(!list.match(u"srcx/a.c", false));
    QVERIFY(!list.match(u"src", true));
}

void tst_IgnoreRules::settingsRules()
{
    const GitIgnoreList list = GitIgnoreList::fromPatterns(
        {QStringLiteral("docs/**"), QStringLiteral("# note"), QString(), QStringLiteral("*.tmp  ")},
        QStringLiteral("settings"));
    QCOMPARE(list.size(), 2);
    QCOMPARE(list.match(u"docs/a/b.md", false)->rule, QStringLiteral("settings: docs/**"));
    QCOMPARE(list.match(u"x/y.tmp", false)->rule, QStringLiteral("settings: *.tmp"));

    QTemporaryDir root;
    QVERIFY(root.isValid());
    writeFile(root.path(), QStringLiteral(".repolensignore"), "!docs/keep.md\n");
    IgnoreRules rules(root.path());
    rules.setExtraPatterns({QStringLiteral("docs/**"), QStringLiteral("!*.pem")});
    QCOMPARE(rules.extraPatterns().size(), 2);
    // Settings win over .repolensignore and built-ins.
    QCOMPARE(rules.match(QStringLiteral("docs/keep.md"), false).rule,
             QStringLiteral("settings: docs/**"));
    const IgnoreMatch pem = rules.match(QStringLiteral("certs/server.pem"), false);
    QCOMPARE(pem.ignored, false);
    QCOMPARE(pem.rule, QStringLiteral("settings: !*.pem"));
    rules.setExtraPatterns({});
    QCOMPARE(rules.match(QStringLiteral("docs/keep.md"), false).rule,
             QStringLiteral(".repolensignore:1: !docs/keep.md"));
    QCOMPARE(rules.match(QStringLiteral("certs/server.pem"), false).rule,
             QStringLiteral("built-in: secrets (*.pem)"));
}

void tst_IgnoreRules::nestedGitignores()
{
    QTemporaryDir root;
    QVERIFY(root.isValid());
    writeFile(root.path(), QStringLiteral(".gitignore"), "*.log\n/top-only\n");
    writeFile(root.path(), QStringLiteral("sub/.gitignore"), "!keep.log\n/local\n");
    writeFile(root.path(), QStringLiteral("sub/deeper/.gitignore"), "*.tmp\n");
    IgnoreRules rules(root.path());
    rules.setBuiltInsEnabled(false);

    const auto check = [&](const char *path, bool ignored, const char *rule) {
        const IgnoreMatch match = rules.match(QString::fromUtf8(path), false);
        QVERIFY2(match.ignored == ignored, path);
        QCOMPARE(match.rule, QString::fromUtf8(rule));
    };
    check("a.log", true, ".gitignore:1: *.log");
    check("sub/x.log", true, ".gitignore:1: *.log");
    check("sub/keep.log", false, "sub/.gitignore:1: !keep.log");
    check("sub/deeper/keep.log", false, "sub/.gitignore:1: !keep.log");
    check("top-only", true, ".gitignore:2: /top-only");
    check("sub/top-only", false, "");
    check("sub/local", true, "sub/.gitignore:2: /local");
    check("sub/deeper/local", false, "");
    check("sub/deeper/a.tmp", true, "sub/deeper/.gitignore:1: *.tmp");
    check("a.tmp", false, "");
    check("/sub//./x.log", true, ".gitignore:1: *.log"); // tolerant of sloppy paths
}

void tst_IgnoreRules::infoExclude()
{
    QTemporaryDir root;
    QVERIFY(root.isValid());
    writeFile(root.path(), QStringLiteral(".git/info/exclude"), "*.secret\n");
    writeFile(root.path(), QStringLiteral(".gitignore"), "!keep.secret\n");
    IgnoreRules rules(root.path());
    QCOMPARE(rules.match(QStringLiteral("x.secret"), false).rule,
             QStringLiteral(".git/info/exclude:1: *.secret"));
    QCOMPARE(rules.match(QStringLiteral("keep.secret"), false).rule,
             QStringLiteral(".gitignore:1: !keep.secret"));
    QCOMPARE(rules.match(QStringLiteral(".git"), true).rule,
             QStringLiteral("built-in: VCS folder (.git)"));
}

void tst_IgnoreRules::repolensignoreOverrides()
{
    QTemporaryDir root;
    QVERIFY(root.isValid());
    writeFile(root.path(), QStringLiteral(".gitignore"), "*.log\nbuild/\n");
    writeFile(root.path(), QStringLiteral(".repolensignore"), "!important.log\n*.tmp\n");
    writeFile(root.path(), QStringLiteral("sub/.repolensignore"), "!*.tmp\n");
    IgnoreRules rules(root.path());

    IgnoreMatch match = rules.match(QStringLiteral("important.log"), false);
    QCOMPARE(match.ignored, false);
    QCOMPARE(match.rule, QStringLiteral(".repolensignore:1: !important.log"));
    QCOMPARE(rules.match(QStringLiteral("x.log"), false).rule,
             QStringLiteral(".gitignore:1: *.log"));
    match = rules.match(QStringLiteral("a.tmp"), false);
    QCOMPARE(match.ignored, true);
    QCOMPARE(match.rule, QStringLiteral(".repolensignore:2: *.tmp"));
    match = rules.match(QStringLiteral("sub/a.tmp"), false);
    QCOMPARE(match.ignored, false);
    QCOMPARE(match.rule, QStringLiteral("sub/.repolensignore:1: !*.tmp"));
    // A parent folder ignored by .gitignore cannot be re-entered by a file rule.
    match = rules.match(QStringLiteral("build/important.log"), false);
    QCOMPARE(match.ignored, true);
    QCOMPARE(match.rule, QStringLiteral(".gitignore:2: build/"));
}

void tst_IgnoreRules::builtIns_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("isDir");
    QTest::addColumn<QString>("rule");

    const auto row = [](const char *name, bool isDir, const char *rule) {
        QTest::addRow("%s%s", name, isDir ? "/" : "")
            << QString::fromUtf8(name) << isDir << QString::fromUtf8(rule);
    };
    row(".git", true, "built-in: VCS folder (.git)");
    row(".git", false, "built-in: VCS folder (.git)"); // worktrees and submodules: a file
    row(".hg", true, "built-in: VCS folder (.hg)");
    row("_darcs", true, "built-in: VCS folder (_darcs)");
    row("node_modules", true, "built-in: dependency folder (node_modules)");
    row("node_modules", false, "");
    row(".venv", true, "built-in: dependency folder (.venv)");
    row("__pycache__", true, "built-in: cache folder (__pycache__)");
    row(".pytest_cache", true, "built-in: cache folder (.pytest_cache)");
    row("dist", true, "built-in: build folder (dist)");
    row("repolens.egg-info", true, "built-in: build folder (*.egg-info)");
    row(".idea", true, "built-in: IDE folder (.idea)");
    row("vendor", true, "");
    row(".vscode", true, "");
    row("target", true, "");
    row("build", true, "");
    row(".env", false, "built-in: secrets (.env)");
    row(".env", true, "");
    row(".env.local", false, "built-in: secrets (.env.*)");
    row(".envrc", false, "built-in: secrets (.envrc)");
    row("server.pem", false, "built-in: secrets (*.pem)");
    row("tls.key", false, "built-in: secrets (*.key)");
    row("id_rsa", false, "built-in: secrets (id_rsa*)");
    row("id_ed25519.pub", false, "built-in: secrets (id_ed25519*)");
    row(".netrc", false, "built-in: secrets (.netrc)");
    row("credentials", false, "built-in: secrets (credentials)");
    row("credentials.json", false, "built-in: secrets (credentials.json)");
    row("secrets.yaml", false, "built-in: secrets (secrets.*)");
    row("release.keystore", false, "built-in: secrets (*.keystore)");
    row(".npmrc", false, "built-in: secrets (.npmrc)");
    row("package-lock.json", false, "built-in: lock file (package-lock.json)");
    row("yarn.lock", false, "built-in: lock file (yarn.lock)");
    row("Cargo.lock", false, "built-in: lock file (Cargo.lock)");
    row("go.sum", false, "built-in: lock file (go.sum)");
    row("logo.png", false, "built-in: binary (*.png)");
    row("LOGO.PNG", false, "built-in: binary (*.png)");
    row("font.woff2", false, "built-in: binary (*.woff2)");
    row("libfoo.so", false, "built-in: binary (*.so)");
    row("Main.class", false, "built-in: binary (*.class)");
    row("model.safetensors", false, "built-in: binary (*.safetensors)");
    row("weights.bin", false, "built-in: binary (*.bin)");
    row("data.sqlite", false, "built-in: binary (*.sqlite)");
    row("paper.pdf", false, "built-in: binary (*.pdf)");
    row("archive.tar.gz", false, "built-in: binary (*.gz)");
    row(".DS_Store", false, "built-in: binary (.DS_Store)");
    row("app.min.js", false, "built-in: minified (*.min.js)");
    row("style.MIN.CSS", false, "built-in: minified (*.min.css)");
    row("app.js.map", false, "built-in: minified (*.map)");
    row("main.cpp", false, "");
    row("Cargo.toml", false, "");
    row("env.py", false, "");
    row("README", false, "");
    row("min.js", false, "");
    row("images", true, "");
}

void tst_IgnoreRules::builtIns()
{
    QFETCH(QString, name);
    QFETCH(bool, isDir);
    QFETCH(QString, rule);

    const std::optional<IgnoreMatch> builtIn = IgnoreRules::builtInMatch(name, isDir);
    QCOMPARE(builtIn ? builtIn->rule : QString(), rule);
    if (builtIn)
        QVERIFY(builtIn->ignored);

    // The same through IgnoreRules, at the root and deeper.
    QTemporaryDir root;
    QVERIFY(root.isValid());
    IgnoreRules rules(root.path());
    QCOMPARE(rules.match(name, isDir).rule, rule);
    QCOMPARE(rules.match(QStringLiteral("a/b/") + name, isDir).rule, rule);
    QCOMPARE(rules.match(name, isDir).ignored, !rule.isEmpty());
}

void tst_IgnoreRules::builtInsOverriddenByUser()
{
    QTemporaryDir root;
    QVERIFY(root.isValid());
    writeFile(root.path(), QStringLiteral(".repolensignore"), "!.env.example\n!node_modules/\n");
    // A .gitignore negation does not override built-ins: only the user's own rules do.
    writeFile(root.path(), QStringLiteral(".gitignore"), "!*.pem\n");
    IgnoreRules rules(root.path());

    IgnoreMatch match = rules.match(QStringLiteral(".env.example"), false);
    QCOMPARE(match.ignored, false);
    QCOMPARE(match.rule, QStringLiteral(".repolensignore:1: !.env.example"));
    QCOMPARE(rules.match(QStringLiteral(".env.production"), false).rule,
             QStringLiteral("built-in: secrets (.env.*)"));
    match = rules.match(QStringLiteral("node_modules/pkg/index.js"), false);
    QCOMPARE(match.ignored, false);
    QCOMPARE(match.rule, QString());
    QCOMPARE(rules.match(QStringLiteral("server.pem"), false).rule,
             QStringLiteral("built-in: secrets (*.pem)"));
}

void tst_IgnoreRules::builtInsDisabled()
{
    QTemporaryDir root;
    QVERIFY(root.isValid());
    writeFile(root.path(), QStringLiteral("out/CMakeCache.txt"), "# cache\n");
    IgnoreRules rules(root.path());
    QVERIFY(rules.builtInsEnabled());
    QVERIFY(rules.match(QStringLiteral("node_modules"), true).ignored);
    rules.setBuiltInsEnabled(false);
    QVERIFY(!rules.builtInsEnabled());
    QCOMPARE(rules.match(QStringLiteral("node_modules"), true).rule, QString());
    QCOMPARE(rules.match(QStringLiteral("logo.png"), false).rule, QString());
    QCOMPARE(rules.match(QStringLiteral("out"), true).rule, QString());
}

void tst_IgnoreRules::cmakeBuildFolder()
{
    QTemporaryDir root;
    QVERIFY(root.isValid());
    writeFile(root.path(), QStringLiteral("out/CMakeCache.txt"), "# cache\n");
    writeFile(root.path(), QStringLiteral("src/main.cpp"), "int main() {}\n");
    IgnoreRules rules(root.path());
    QCOMPARE(rules.match(QStringLiteral("out"), true).rule,
             QStringLiteral("built-in: build folder (CMakeCache.txt)"));
    QCOMPARE(rules.match(QStringLiteral("out/main.o"), false).rule,
             QStringLiteral("built-in: build folder (CMakeCache.txt)"));
    QCOMPARE(rules.match(QStringLiteral("src"), true).rule, QString());
    QCOMPARE(rules.match(QStringLiteral("src/main.cpp"), false).rule, QString());
}

void tst_IgnoreRules::symlinkedGitignoreIgnored()
{
    // git (since 2.32) does not follow a symlinked .gitignore; neither do we.
    QTemporaryDir root;
    QVERIFY(root.isValid());
    writeFile(root.path(), QStringLiteral("patterns.txt"), "*.txt\n");
    QVERIFY(QFile::link(QStringLiteral("patterns.txt"),
                        root.filePath(QStringLiteral(".gitignore"))));
    IgnoreRules rules(root.path());
    QCOMPARE(rules.match(QStringLiteral("a.txt"), false).rule, QString());
}

void tst_IgnoreRules::scopeMatchesFullMatch()
{
    QTemporaryDir root;
    QVERIFY(root.isValid());
    writeFile(root.path(), QStringLiteral(".gitignore"), "*.tmp\n");
    writeFile(root.path(), QStringLiteral("src/.repolensignore"), "gen/\n");
    IgnoreRules rules(root.path());

    const IgnoreScope top = rules.rootScope();
    QVERIFY(top.isValid());
    QCOMPARE(top.relDir(), QString());
    QCOMPARE(top.match(QStringView(u"a.tmp"), false).rule, QStringLiteral(".gitignore:1: *.tmp"));
    QCOMPARE(top.match(QStringView(u"gen"), true).rule, QString());
    const IgnoreScope src = top.descend("src");
    QCOMPARE(src.relDir(), QStringLiteral("src"));
    QCOMPARE(src.match(QStringView(u"gen"), true).rule,
             QStringLiteral("src/.repolensignore:1: gen/"));
    QCOMPARE(src.match(QByteArrayView("x.tmp"), false).rule, QStringLiteral(".gitignore:1: *.tmp"));
    QCOMPARE(src.descend("lib").match(QStringView(u"y.tmp"), false).rule,
             QStringLiteral(".gitignore:1: *.tmp"));
    QVERIFY(!IgnoreScope().isValid());
    QCOMPARE(IgnoreScope().match(QStringView(u"a.tmp"), false).rule, QString());
}

void tst_IgnoreRules::invalidate()
{
    QTemporaryDir root;
    QVERIFY(root.isValid());
    writeFile(root.path(), QStringLiteral("sub/.gitignore"), "a.txt\n");
    IgnoreRules rules(root.path());
    QVERIFY(rules.match(QStringLiteral("sub/a.txt"), false).ignored);

    writeFile(root.path(), QStringLiteral("sub/.gitignore"), "b.txt\n");
    QVERIFY(rules.match(QStringLiteral("sub/a.txt"), false).ignored); // cached
    const IgnoreScope before = rules.rootScope().descend("sub");
    rules.invalidate(QStringLiteral("sub/"));
    QVERIFY(!rules.match(QStringLiteral("sub/a.txt"), false).ignored);
    QCOMPARE(rules.match(QStringLiteral("sub/b.txt"), false).rule,
             QStringLiteral("sub/.gitignore:1: b.txt"));
    QVERIFY(before.match(QStringView(u"a.txt"), false).ignored); // old scopes keep old rules

    writeFile(root.path(), QStringLiteral(".gitignore"), "*.md\n");
    QVERIFY(!rules.match(QStringLiteral("x.md"), false).ignored);
    rules.invalidateAll();
    QVERIFY(rules.match(QStringLiteral("x.md"), false).ignored);
}

void tst_IgnoreRules::concurrentUse()
{
    QTemporaryDir root;
    QVERIFY(root.isValid());
    for (int i = 0; i < 20; ++i)
        writeFile(root.path(), QStringLiteral("d%1/.gitignore").arg(i), "*.tmp\n!keep.tmp\n");
    IgnoreRules rules(root.path());

    std::atomic_int mismatches = 0;
    std::atomic_bool stop = false;
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&, t] {
            for (int round = 0; round < 200; ++round) {
                const int i = (round + t) % 20;
                const IgnoreMatch a = rules.match(QStringLiteral("d%1/x.tmp").arg(i), false);
                const IgnoreMatch b = rules.match(QStringLiteral("d%1/keep.tmp").arg(i), false);
                if (!a.ignored || b.ignored)
                    ++mismatches;
            }
        });
    }
    std::thread invalidator([&] {
        int i = 0;
        while (!stop) {
            rules.invalidate(QStringLiteral("d%1").arg(i++ % 20));
            std::this_thread::yield();
        }
    });
    for (std::thread &thread : threads)
        thread.join();
    stop = true;
    invalidator.join();
    QCOMPARE(mismatches.load(), 0);
}

// The polynomial matcher gives the answers of the backtracking one it replaced (git's
// algorithm) on 300,000 random small patterns and paths, both modes. Seeded: a failure
// prints the pair and reproduces.
void tst_IgnoreRules::matcherAgreesWithBacktracking()
{
    static const char patternChars[] = "ab/*?[]!^-\\:";
    static const char textChars[] = "ab/-:[]!\\";
    static const char *const pieces[] = {"**", "**/", "/**", "[:alpha:]", "[[:digit:]]", "[a-b]", "[!a]", "[^/]",
                                         "\\*", "[]]", "[:nope:]", "[\\"};
    QRandomGenerator rng(20260117);
    int matches = 0;
    for (int round = 0; round < 300000; ++round) {
        QByteArray pattern;
        const int parts = int(rng.bounded(1, 7));
        for (int i = 0; i < parts; ++i) {
            if (rng.bounded(4) == 0)
                pattern += pieces[rng.bounded(int(std::size(pieces)))];
            else
                pattern += patternChars[rng.bounded(int(sizeof(patternChars) - 1))];
        }
        QByteArray text;
        const int length = int(rng.bounded(0, 9));
        for (int i = 0; i < length; ++i)
            text += textChars[rng.bounded(int(sizeof(textChars) - 1))];
        for (bool pathName : {true, false}) {
            const bool expected = Reference::wildMatch(pattern, text, pathName);
            matches += expected ? 1 : 0;
            if (wildMatch(pattern, text, pathName) != expected) {
                QFAIL(qPrintable(QStringLiteral("pattern '%1' text '%2' pathName %3: expected %4")
                                     .arg(QString::fromLatin1(pattern), QString::fromLatin1(text))
                                     .arg(pathName)
                                     .arg(expected)));
            }
        }
    }
    QVERIFY(matches > 10000); // the random cases do exercise matches
}

// These took more than 15 s (and ~6x more per extra "*a") and over 20 s with the
// backtracking matcher. The work is now bounded by pattern x path: counted, not timed.
void tst_IgnoreRules::pathologicalPatternsArePolynomial_data()
{
    QTest::addColumn<QByteArray>("pattern");
    QTest::addColumn<QByteArray>("text");
    const QByteArray as60(59, 'a');
    QTest::newRow("*a x8 then b") << QByteArray("*a*a*a*a*a*a*a*a*b") << (as60 + 'c');
    QTest::newRow("*a x16 then b") << QByteArray("*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b") << (as60 + 'c');
    QTest::newRow("**/ x10 then b") << QByteArray("**/**/**/**/**/**/**/**/**/**/b")
                                     << QByteArray("a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/c");
    QTest::newRow("star slash mix") << QByteArray("a*/**/*a*/**/*a*/**/*a*/**/*b") << QByteArray(200, 'a');
    QByteArray many;
    for (int i = 0; i < 200; ++i)
        many += "*a";
    QTest::newRow("*a x200") << many + 'b' << QByteArray(4000, 'a');
}

void tst_IgnoreRules::pathologicalPatternsArePolynomial()
{
    QFETCH(QByteArray, pattern);
    QFETCH(QByteArray, text);
    for (bool pathName : {true, false}) {
        qint64 steps = 0;
        QVERIFY(!wildMatch(pattern, text, pathName, &steps));
        const qint64 bound = 2 * (pattern.size() + 1) * (text.size() + 1);
        QVERIFY2(steps <= bound, qPrintable(QStringLiteral("%1 steps > %2").arg(steps).arg(bound)));
    }
    // The same through an ignore file: a scan of such a name returns.
    const GitIgnoreList list = GitIgnoreList::parse(pattern, QString(), QStringLiteral(".gitignore"));
    QVERIFY(!list.matchUtf8(text, false).has_value());
}

QTEST_GUILESS_MAIN(tst_IgnoreRules)
#include "tst_ignorerules.moc"
