#include "reportanalysis.h"

#include "query.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <functional>

namespace RepoLens {

namespace {

const QString kSourceExtensions = QStringLiteral(
    "py|pyi|pyx|java|kt|kts|scala|groovy|js|jsx|mjs|cjs|ts|tsx|go|rs|c|h|cc|cpp|cxx|hpp|hh|hxx|cs|rb|php|"
    "swift|hs|ex|exs|erl|lua|zig|sh|bash|dart|ml|mli|jl|m|mm|r|pl|pm|vue|svelte");

QString clean(QString path)
{
    path.replace(u'\\', u'/');
    while (path.startsWith(QLatin1String("./")))
        path = path.mid(2);
    return path;
}

bool isCodeLike(const QString &id)
{
    if (id.size() < 3)
        return false;
    return id.contains(u'_') || (id.mid(1) != id.mid(1).toLower() && id != id.toUpper())
           || std::any_of(id.cbegin(), id.cend(), [](QChar c) { return c.isDigit(); });
}

// Tracebacks line by line; returns the frames and marks the lines that belong to them.
QList<ReportSignals::Frame> parseFrames(const QStringList &lines, QList<bool> *isTrace)
{
    static const QRegularExpression python(QStringLiteral("File \"([^\"]+)\", line (\\d+)(?:, in ([\\w<>.]+))?"));
    static const QRegularExpression ipython(
        QStringLiteral("([\\w./\\\\:~-]+\\.py)\\b(?::(\\d+),)?(?:\\]\\([^)]*\\))?\\s+in\\s+([A-Za-z_][\\w.]*)\\s*\\("));
    static const QRegularExpression jvm(QStringLiteral(
        "\\bat\\s+([\\w$.]+)\\.([\\w$<>]+)\\(([\\w$]+\\.(?:java|kt|scala|groovy)):(\\d+)\\)"));
    static const QRegularExpression js(QStringLiteral(
        "\\bat\\s+(?:([\\w.$<>\\[\\] ]+?)\\s+\\()?((?:file://)?[^\\s()]+\\.(?:js|jsx|mjs|cjs|ts|tsx)):(\\d+)(?::\\d+)?\\)?"));
    static const QRegularExpression native(QStringLiteral(
        "#\\d+\\s+(?:0x[0-9a-fA-F]+\\s+in\\s+)?([\\w:~<>,\\s*&]+?)\\s*(?:\\([^)]*\\))?\\s+(?:at\\s+)?([^\\s:()]+\\.\\w+):(\\d+)"));
    static const QRegularExpression rust(QStringLiteral(
        "(?:panicked at |\\bat\\s+)(?:'[^']*',\\s*)?([^\\s:']+\\.rs):(\\d+)(?::\\d+)?"));
    static const QRegularExpression goFile(QStringLiteral("^\\s+([^\\s:]+\\.go):(\\d+)"));
    static const QRegularExpression goFunc(QStringLiteral("^([\\w./*()-]+)\\.([\\w]+)\\([^)]*\\)\\s*$"));
    QList<ReportSignals::Frame> frames;
    isTrace->fill(false, lines.size());
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString &line = lines.at(i);
        QRegularExpressionMatch m;
        if ((m = python.match(line)).hasMatch()) {
            frames.append({clean(m.captured(1)), m.captured(2).toInt(), m.captured(3)});
        } else if ((m = jvm.match(line)).hasMatch()) {
            // the package and class name the file: org.foo.Bar.baz(Bar.java:12) -> org/foo/Bar.java
            QString cls = m.captured(1);
            QString file = m.captured(3);
            const QString pkg = cls.section(u'.', 0, -2);
            frames.append({pkg.isEmpty() ? file : QString(pkg).replace(u'.', u'/') + u'/' + file,
                           m.captured(4).toInt(), cls.section(u'.', -1) + u'.' + m.captured(2), true});
        } else if ((m = rust.match(line)).hasMatch()) {
            frames.append({clean(m.captured(1)), m.captured(2).toInt(), {}, true});
        } else if ((m = native.match(line)).hasMatch()) {
            frames.append({clean(m.captured(2)), m.captured(3).toInt(), m.captured(1).trimmed(), true});
        } else if ((m = js.match(line)).hasMatch()) {
            QString path = m.captured(2);
            path.remove(QLatin1String("file://"));
            frames.append({clean(path), m.captured(3).toInt(), m.captured(1).trimmed(), true});
        } else if ((m = goFile.match(line)).hasMatch()) {
            QString function;
            if (i > 0) {
                if (const auto f = goFunc.match(lines.at(i - 1)); f.hasMatch()) {
                    function = f.captured(2);
                    (*isTrace)[i - 1] = true;
                }
            }
            frames.append({clean(m.captured(1)), m.captured(2).toInt(), function, true});
        } else if ((m = ipython.match(line)).hasMatch()) {
            frames.append({clean(m.captured(1)), m.captured(2).toInt(), m.captured(3)});
        } else {
            continue;
        }
        (*isTrace)[i] = true;
    }
    return frames;
}

} // namespace

QString normalizeReportedPath(const QString &path)
{
    QString p = clean(path);
    static const QRegularExpression drive(QStringLiteral("^[A-Za-z]:/"));
    p.remove(drive);
    for (const char *marker : {"site-packages/", "dist-packages/", "node_modules/", "/src/main/java/", "/src/main/kotlin/"}) {
        const qsizetype at = p.lastIndexOf(QLatin1String(marker));
        if (at >= 0)
            p = p.mid(at + qsizetype(qstrlen(marker)));
    }
    while (p.startsWith(u'/'))
        p = p.mid(1);
    return p;
}

namespace {

bool isFence(const QString &line)
{
    const QString t = line.trimmed();
    return t.startsWith(QLatin1String("```")) || t.startsWith(QLatin1String("~~~"));
}

} // namespace

QString withoutPackageListings(const QString &text)
{
    // "requests 2.21.0", "numpy==1.15.0", "  - python=3.8.2=h1", "pandas: 1.0.5" and "zarr: None"
    // (show_versions()), "Package    Version", "-----  ----"
    static const QRegularExpression listing(QStringLiteral(
        "^\\s*(?:[-*]\\s+)?[A-Za-z][\\w.\\-\\[\\]]*\\s*(?:==|>=|=|:|\\s)\\s*v?\\d+(?:\\.[\\w+\\-]+)+(?:[=\\s].*)?$"
        "|^\\s*[A-Za-z][\\w.\\-]*:\\s*None\\s*$"
        "|^\\s*(?:Package|Name)\\s+Version\\b.*$|^[\\s\\-=]{8,}$"));
    const QStringList lines = text.split(u'\n');
    QList<bool> drop(lines.size(), false);
    int found = 0;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (listing.match(lines.at(i)).hasMatch()) {
            drop[i] = true;
            ++found;
        }
    }
    if (found < 5)
        return text;
    // A fenced block that is mostly such lines is an environment dump: its other lines describe
    // the machine ("OS: Darwin", "machine: x86_64", "byteorder: little", "LANG: en_US.UTF-8") in
    // words that name the project's own version-printing helper. Its fences stay.
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (!isFence(lines.at(i)))
            continue;
        qsizetype end = i + 1;
        while (end < lines.size() && !isFence(lines.at(end)))
            ++end;
        int nonBlank = 0;
        int listed = 0;
        for (qsizetype j = i + 1; j < end; ++j) {
            nonBlank += lines.at(j).trimmed().isEmpty() ? 0 : 1;
            // "alpha = 0.5" is a listing line too, but five of them are code, not a dump
            listed += drop.at(j) && !lines.at(j).contains(QLatin1String(" = ")) ? 1 : 0;
        }
        if (listed >= 5 && 2 * listed >= nonBlank) {
            for (qsizetype j = i + 1; j < end; ++j)
                drop[j] = true;
        }
        i = end;
    }
    QStringList kept;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (!drop.at(i))
            kept << lines.at(i);
    }
    return kept.join(u'\n');
}

QString withoutRunnerBanners(const QString &text)
{
    // "===== test session starts =====", "_____ test_show_wrong_path _____",
    // ">>>>> PDB post_mortem (IO-capturing turned off) >>>>>", "----- Captured stdout call -----":
    // a run of five or more of one character, words, a run of the same character
    static const QRegularExpression banner(QStringLiteral("^(\\s*)([=_<>\\-*#~])\\2{4,}[ \\t]+\\S.*?[ \\t]+\\2{5,}(\\s*)$"));
    QStringList lines = text.split(u'\n');
    bool changed = false;
    for (QString &line : lines) {
        const QRegularExpressionMatch m = banner.match(line);
        if (!m.hasMatch())
            continue;
        // the runs stay, so that the report keeps its lines and its look
        line = m.captured(1) + QString(10, m.captured(2).front()) + m.captured(3);
        changed = true;
    }
    return changed ? lines.join(u'\n') : text;
}

QString reportTitle(const QString &text)
{
    for (const QString &line : text.split(u'\n')) {
        const QString t = line.trimmed();
        if (t.isEmpty())
            continue;
        if (t.size() > 200 || t.startsWith(QLatin1String("```")) || t.startsWith(u'>') || t.startsWith(u'$')
            || t.startsWith(QLatin1String("Traceback")) || t.startsWith(u'/') || t.startsWith(u'#')
            || t.startsWith(QLatin1String("at ")))
            return {};
        QList<bool> trace;
        if (!parseFrames({t}, &trace).isEmpty())
            return {};
        // a title has words: at least two of three or more letters
        static const QRegularExpression word(QStringLiteral("[A-Za-z]{3,}"));
        int words = 0;
        for (auto it = word.globalMatch(t); it.hasNext(); it.next())
            ++words;
        return words >= 2 ? t : QString();
    }
    return {};
}

bool looksLikeReport(const QString &text)
{
    // more than 40 words (runs of non-space), counted no further
    int words = 0;
    bool inWord = false;
    for (const QChar c : text) {
        const bool space = c.isSpace();
        if (!space && !inWord && ++words > 40)
            return true;
        inWord = !space;
    }
    if (text.contains(QLatin1String("```")) || text.contains(QLatin1String("Traceback (most recent call last)")))
        return true;
    QList<bool> trace;
    return !parseFrames(text.split(u'\n'), &trace).isEmpty();
}

namespace {

// The code of a report (``` fences, four-space / tab indented blocks, ">>>" sessions) and its
// prose: the other lines that are not part of a traceback.
struct ReportText
{
    QString code;
    QString prose;
};

ReportText splitCodeAndProse(const QStringList &lines, const QList<bool> &traceLine)
{
    ReportText out;
    QStringList prose;
    bool inFence = false;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString &line = lines.at(i);
        if (line.trimmed().startsWith(QLatin1String("```"))) {
            inFence = !inFence;
            continue;
        }
        const bool indented = line.startsWith(QLatin1String("    ")) || line.startsWith(u'\t');
        if (inFence || indented || line.trimmed().startsWith(QLatin1String(">>>")))
            out.code += line + u'\n';
        else if (!traceLine.value(i))
            prose << line;
    }
    out.prose = prose.join(u'\n');
    return out;
}

// Source file paths the report names outside its tracebacks, each once, in order.
QStringList pathsOutsideFrames(const QString &text, const QList<ReportSignals::Frame> &frames)
{
    static const QRegularExpression pathRe(
        QStringLiteral("(?:^|[\\s\"'`(\\[<=])((?:[A-Za-z]:)?[\\w.~/\\\\-]*[\\w-]+\\.(?:%1))(?=$|[\\s\"'`):,;\\]>#]|[.?!](?:\\s|$))").arg(kSourceExtensions),
        QRegularExpression::MultilineOption);
    QStringList out;
    QSet<QString> seenPaths;
    for (const ReportSignals::Frame &f : frames)
        seenPaths.insert(f.path);
    for (auto it = pathRe.globalMatch(text); it.hasNext();) {
        const QString p = clean(it.next().captured(1));
        if (!seenPaths.contains(p)) {
            seenPaths.insert(p);
            out << p;
        }
    }
    return out;
}

// Dotted module names: what the code imports (Python, Rust, JavaScript), then dotted names in
// the text (not file names, numbers or "e.g"); each once, with at least one dot.
QStringList modulesOf(const QString &text, const QString &code)
{
    static const QRegularExpression importRe(
        QStringLiteral("^\\s*(?:from\\s+([\\w.]+)\\s+import|import\\s+([\\w.]+)|use\\s+([\\w:]+)|require\\s*\\(?['\"]([\\w./@-]+)['\"])"),
        QRegularExpression::MultilineOption);
    QStringList out;
    QSet<QString> seenModules;
    auto addModule = [&](QString m) {
        m.replace(QLatin1String("::"), QLatin1String("."));
        while (m.endsWith(u'.'))
            m.chop(1);
        if (m.count(u'.') >= 1 && !seenModules.contains(m)) {
            seenModules.insert(m);
            out << m;
        }
    };
    for (auto it = importRe.globalMatch(code + u'\n' + text); it.hasNext();) {
        const auto m = it.next();
        for (int g = 1; g <= 4; ++g) {
            if (!m.captured(g).isEmpty())
                addModule(m.captured(g).replace(u'/', u'.'));
        }
    }
    static const QRegularExpression dotted(QStringLiteral("\\b([a-z_][a-z0-9_]*(?:\\.[a-z_][a-z0-9_]*){1,})\\b"));
    for (auto it = dotted.globalMatch(text); it.hasNext();) {
        const QString d = it.next().captured(1);
        // "e.g", file names and numbers are not modules
        static const QRegularExpression ext(QStringLiteral("\\.(?:%1|txt|md|rst|html|json|yaml|yml|toml|cfg|ini|com|org|io)$").arg(kSourceExtensions));
        if (d.size() >= 5 && !ext.match(d).hasMatch() && d.section(u'.', 0, 0).size() >= 2)
            addModule(d);
    }
    return out;
}

// The first capture of each match of `re` in `text`, each once, in order: at most `limit`, and
// only those `keep` accepts.
QStringList eachOnce(const QRegularExpression &re, const QString &text, qsizetype limit = -1,
                     const std::function<bool(const QString &)> &keep = {})
{
    QStringList out;
    QSet<QString> seen;
    for (auto it = re.globalMatch(text); it.hasNext() && (limit < 0 || out.size() < limit);) {
        const QString c = it.next().captured(1);
        if ((!keep || keep(c)) && !seen.contains(c)) {
            seen.insert(c);
            out << c;
        }
    }
    return out;
}

// Qualified names ("Foo::bar", "Foo#bar", "Session.request"), each once, in order.
QStringList qualifiedNamesOf(const QString &text)
{
    static const QRegularExpression qualifiedRe(
        QStringLiteral("\\b([A-Za-z_]\\w*(?:(?:::|#)[A-Za-z_~]\\w*)+|[A-Z]\\w*(?:\\.[A-Za-z_]\\w*)+)"));
    return eachOnce(qualifiedRe, text);
}

// Identifiers with how often they occur: code-like words anywhere, every other word of 4+
// letters (not a stopword) in code and backticks, and the functions of the frames; most
// frequent first, ties in order of first occurrence.
QList<QPair<QString, int>> identifiersOf(const QString &text, const QString &code,
                                         const QList<ReportSignals::Frame> &frames)
{
    QHash<QString, int> counts;
    QStringList order;
    auto count = [&](const QString &id) {
        if (!counts.contains(id))
            order << id;
        ++counts[id];
    };
    static const QRegularExpression identRe(QStringLiteral("[A-Za-z_][A-Za-z0-9_]*"));
    for (auto it = identRe.globalMatch(text); it.hasNext();) {
        const QString id = it.next().captured(0);
        if (isCodeLike(id))
            count(id);
    }
    static const QRegularExpression backtick(QStringLiteral("`([^`\\n]+)`"));
    QString inline_;
    for (auto it = backtick.globalMatch(text); it.hasNext();)
        inline_ += it.next().captured(1) + u'\n';
    for (auto it = identRe.globalMatch(code + inline_); it.hasNext();) {
        const QString id = it.next().captured(0);
        if (!isCodeLike(id) && id.size() >= 4 && !isStopword(id.toLower()))
            count(id);
    }
    for (const ReportSignals::Frame &f : frames) {
        const QString fn = f.function.section(u'.', -1).section(QLatin1String("::"), -1);
        if (fn.size() >= 3 && !fn.startsWith(u'<'))
            count(fn);
    }
    QList<QPair<QString, int>> out;
    for (const QString &id : std::as_const(order))
        out.append({id, counts.value(id)});
    std::stable_sort(out.begin(), out.end(), [](const auto &a, const auto &b) { return a.second > b.second; });
    return out;
}

// Messages: exception lines ("KeyError: 'user'"), quoted phrases of three or more words in the
// prose, and the prose's block quotes of four or more words ("> Using pytest.skip outside of a
// test is not allowed."; not a console's ">>>"): how issues paste the message they got; each
// once.
QStringList messagesOf(const QString &text, const QString &prose)
{
    QStringList out;
    static const QRegularExpression exceptionRe(
        QStringLiteral("^\\s*(?:E\\s+)?(?:[\\w.]+\\.)?(\\w*(?:Error|Exception|Warning|Failure|Panic))\\b:?\\s+(.{8,200})$"),
        QRegularExpression::MultilineOption);
    for (auto it = exceptionRe.globalMatch(text); it.hasNext();)
        out << it.next().captured(2).trimmed();
    static const QRegularExpression quoted(QStringLiteral("[\"“]([^\"”\\n]{12,160})[\"”]"));
    for (auto it = quoted.globalMatch(prose); it.hasNext();) {
        const QString q = it.next().captured(1).trimmed();
        if (q.count(u' ') >= 2)
            out << q;
    }
    static const QRegularExpression blockQuote(QStringLiteral("^\\s*>(?!>)\\s*([A-Za-z][^\\n]{11,})$"),
                                               QRegularExpression::MultilineOption);
    for (auto it = blockQuote.globalMatch(prose); it.hasNext();) {
        const QString q = it.next().captured(1).trimmed();
        if (q.count(u' ') >= 3)
            out << q.left(200);
    }
    out.removeDuplicates();
    return out;
}

// Command-line options the prose talks about: "--collect-only", "--recursive=y" (as
// "--recursive"); at most eight. Those of a command in a code block only reproduce the defect;
// `--version` and `--help` are what issue templates ask for ("Result of `pylint --version`"),
// not what a report is about.
QStringList optionsOf(const QString &text)
{
    static const QRegularExpression option(QStringLiteral("(?<![\\w\\-])(--[a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?![\\w\\-])"));
    return eachOnce(option, text, 8, [](const QString &o) {
        return o.size() >= 5 && o != QLatin1String("--version") && o != QLatin1String("--help");
    });
}

// Commands with a subcommand: a shell prompt's line ("$ flask routes --all") anywhere, or a
// code span or bold text that is one (`flask routes`, **flask routes**); "python -m flask
// routes" as "flask routes". The subcommand is a word of three or more characters: not an
// option, a path or a file ("pylint a/", "pylint test.py"); at most eight.
QList<QPair<QString, QString>> commandsOf(const QString &text)
{
    static const QString command = QStringLiteral("(?:python3?\\s+-m\\s+)?([a-z][a-z0-9_-]*)[ \\t]+([a-z][a-z0-9_-]{2,})");
    static const QRegularExpression prompt(QStringLiteral("^[ \\t]*\\$[ \\t]+") + command + QStringLiteral("(?=[ \\t]|$)"),
                                           QRegularExpression::MultilineOption);
    static const QRegularExpression span(QStringLiteral("(`|\\*\\*)") + command
                                         + QStringLiteral("(?:[ \\t][^`*\\n]*)?\\1"));
    QList<QPair<QString, QString>> out;
    auto add = [&out](const QString &program, const QString &subcommand) {
        const QPair<QString, QString> c{program, subcommand};
        if (out.size() < 8 && !out.contains(c))
            out << c;
    };
    // in the order they are written
    QList<std::tuple<qsizetype, QString, QString>> found;
    for (auto it = prompt.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        found.append({m.capturedStart(), m.captured(1), m.captured(2)});
    }
    for (auto it = span.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        found.append({m.capturedStart(), m.captured(2), m.captured(3)});
    }
    std::sort(found.begin(), found.end());
    for (const auto &[at, program, subcommand] : std::as_const(found))
        add(program, subcommand);
    return out;
}

// Functions Python's argument errors name: "f() got an unexpected keyword argument 'x'",
// "Foo.bar() missing 1 required positional argument", "f() takes 2 positional arguments but 3
// were given", "f() got multiple values for argument 'x'", "f() takes no arguments"; each once.
QStringList calledWronglyOf(const QString &text)
{
    static const QRegularExpression argumentError(QStringLiteral(
        "\\b([A-Za-z_][\\w.]*)\\(\\)\\s+(?:got an unexpected keyword argument|got multiple values for (?:keyword )?argument"
        "|missing \\d+ required (?:positional |keyword-only )?arguments?|takes (?:from \\d+ to )?\\d+ (?:positional )?"
        "arguments? but \\d+ (?:were|was) given|takes no (?:keyword )?arguments)"));
    return eachOnce(argumentError, text);
}

} // namespace

ReportSignals analyzeReport(const QString &text)
{
    ReportSignals out;
    const QStringList lines = text.split(u'\n');
    QList<bool> traceLine;
    out.frames = parseFrames(lines, &traceLine);
    const ReportText parts = splitCodeAndProse(lines, traceLine);
    out.prose = parts.prose;
    out.paths = pathsOutsideFrames(text, out.frames);
    out.modules = modulesOf(text, parts.code);
    // a frame's own function is the frame's mention (weighted by how far out it is), not a
    // qualified name besides
    QStringList outsideFrames;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (!traceLine.value(i))
            outsideFrames << lines.at(i);
    }
    out.qualified = qualifiedNamesOf(outsideFrames.join(u'\n'));
    out.identifiers = identifiersOf(text, parts.code, out.frames);
    out.messages = messagesOf(text, out.prose);
    out.options = optionsOf(out.prose);
    out.commands = commandsOf(text);
    out.calledWrongly = calledWronglyOf(text);
    return out;
}

} // namespace RepoLens
