#include "reportanalysis.h"

#include "query.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

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
        QStringLiteral("([\\w./\\\\:~-]+\\.py)\\b(?:\\]\\([^)]*\\))?\\s+in\\s+([A-Za-z_][\\w.]*)\\s*\\("));
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
                           m.captured(4).toInt(), cls.section(u'.', -1) + u'.' + m.captured(2)});
        } else if ((m = rust.match(line)).hasMatch()) {
            frames.append({clean(m.captured(1)), m.captured(2).toInt(), {}});
        } else if ((m = native.match(line)).hasMatch()) {
            frames.append({clean(m.captured(2)), m.captured(3).toInt(), m.captured(1).trimmed()});
        } else if ((m = js.match(line)).hasMatch()) {
            QString path = m.captured(2);
            path.remove(QLatin1String("file://"));
            frames.append({clean(path), m.captured(3).toInt(), m.captured(1).trimmed()});
        } else if ((m = goFile.match(line)).hasMatch()) {
            QString function;
            if (i > 0) {
                if (const auto f = goFunc.match(lines.at(i - 1)); f.hasMatch()) {
                    function = f.captured(2);
                    (*isTrace)[i - 1] = true;
                }
            }
            frames.append({clean(m.captured(1)), m.captured(2).toInt(), function});
        } else if ((m = ipython.match(line)).hasMatch()) {
            frames.append({clean(m.captured(1)), 0, m.captured(2)});
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

bool looksLikeReport(const QString &text)
{
    static const QRegularExpression ws(QStringLiteral("\\s+"));
    if (text.split(ws, Qt::SkipEmptyParts).size() > 40)
        return true;
    if (text.contains(QLatin1String("```")) || text.contains(QLatin1String("Traceback (most recent call last)")))
        return true;
    QList<bool> trace;
    return !parseFrames(text.split(u'\n'), &trace).isEmpty();
}

ReportSignals analyzeReport(const QString &text)
{
    ReportSignals out;
    const QStringList lines = text.split(u'\n');
    QList<bool> traceLine;
    out.frames = parseFrames(lines, &traceLine);

    // Code blocks (``` fences and four-space / tab indented blocks) and the prose around them.
    QStringList prose;
    QString code;
    bool inFence = false;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString &line = lines.at(i);
        if (line.trimmed().startsWith(QLatin1String("```"))) {
            inFence = !inFence;
            continue;
        }
        const bool indented = line.startsWith(QLatin1String("    ")) || line.startsWith(u'\t');
        if (inFence || indented || line.trimmed().startsWith(QLatin1String(">>>")))
            code += line + u'\n';
        else if (!traceLine.value(i))
            prose << line;
    }
    out.prose = prose.join(u'\n');

    // Paths outside tracebacks.
    static const QRegularExpression pathRe(
        QStringLiteral("(?:^|[\\s\"'`(\\[<=])((?:[A-Za-z]:)?[\\w.~/\\\\-]*[\\w-]+\\.(?:%1))(?=$|[\\s\"'`):,;\\]>#]|[.?!](?:\\s|$))").arg(kSourceExtensions),
        QRegularExpression::MultilineOption);
    QSet<QString> seenPaths;
    for (const ReportSignals::Frame &f : std::as_const(out.frames))
        seenPaths.insert(f.path);
    for (auto it = pathRe.globalMatch(text); it.hasNext();) {
        const QString p = clean(it.next().captured(1));
        if (!seenPaths.contains(p)) {
            seenPaths.insert(p);
            out.paths << p;
        }
    }

    // Modules: imports, then dotted names in code and backticks.
    static const QRegularExpression importRe(
        QStringLiteral("^\\s*(?:from\\s+([\\w.]+)\\s+import|import\\s+([\\w.]+)|use\\s+([\\w:]+)|require\\s*\\(?['\"]([\\w./@-]+)['\"])"),
        QRegularExpression::MultilineOption);
    QSet<QString> seenModules;
    auto addModule = [&](QString m) {
        m.replace(QLatin1String("::"), QLatin1String("."));
        while (m.endsWith(u'.'))
            m.chop(1);
        if (m.count(u'.') >= 1 && !seenModules.contains(m)) {
            seenModules.insert(m);
            out.modules << m;
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

    // Qualified names.
    static const QRegularExpression qualifiedRe(
        QStringLiteral("\\b([A-Za-z_]\\w*(?:(?:::|#)[A-Za-z_~]\\w*)+|[A-Z]\\w*(?:\\.[A-Za-z_]\\w*)+)"));
    QSet<QString> seenQualified;
    for (auto it = qualifiedRe.globalMatch(text); it.hasNext();) {
        const QString q = it.next().captured(1);
        if (!seenQualified.contains(q)) {
            seenQualified.insert(q);
            out.qualified << q;
        }
    }

    // Identifiers: code-like words anywhere, and every word in code and backticks.
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
    for (const ReportSignals::Frame &f : std::as_const(out.frames)) {
        const QString fn = f.function.section(u'.', -1).section(QLatin1String("::"), -1);
        if (fn.size() >= 3 && !fn.startsWith(u'<'))
            count(fn);
    }
    for (const QString &id : std::as_const(order))
        out.identifiers.append({id, counts.value(id)});
    std::stable_sort(out.identifiers.begin(), out.identifiers.end(),
                     [](const auto &a, const auto &b) { return a.second > b.second; });

    // Messages: exception lines and quoted phrases of three or more words.
    static const QRegularExpression exceptionRe(
        QStringLiteral("^\\s*(?:E\\s+)?(?:[\\w.]+\\.)?(\\w*(?:Error|Exception|Warning|Failure|Panic))\\b:?\\s+(.{8,200})$"),
        QRegularExpression::MultilineOption);
    for (auto it = exceptionRe.globalMatch(text); it.hasNext();)
        out.messages << it.next().captured(2).trimmed();
    static const QRegularExpression quoted(QStringLiteral("[\"“]([^\"”\\n]{12,160})[\"”]"));
    for (auto it = quoted.globalMatch(out.prose); it.hasNext();) {
        const QString q = it.next().captured(1).trimmed();
        if (q.count(u' ') >= 2)
            out.messages << q;
    }
    out.messages.removeDuplicates();
    return out;
}

} // namespace RepoLens
