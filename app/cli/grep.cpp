#include "grep.h"

#include "terminaltext.h"

#include "core/grep/grep.h"
#include "core/store/indexstore.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>
#include <map>

#include <sys/resource.h>
#include <unistd.h>

namespace RepoLens {

namespace {

void grepWrite(const QString &text)
{
    const QByteArray utf8 = text.toUtf8();
    std::fwrite(utf8.constData(), 1, size_t(utf8.size()), stdout);
}

} // namespace

int runGrepCommand(const IndexStore &store, const QString &root, const GrepCommand &c, const std::atomic_bool *cancel)
{
    GrepQuery q;
    q.pattern = c.pattern;
    q.regex = c.regex;
    q.caseSensitive = !c.ignoreCase;
    q.word = c.word;
    q.pathGlobs = c.globs;
    q.contextLines = std::clamp(c.context, 0, 10);
    q.limit = 1000;
    q.timeoutMs = 24 * 3600 * 1000; // Ctrl+C stops a long scan
    const bool tty = isatty(fileno(stderr)) != 0;
    bool drew = false;
    QElapsedTimer clock;
    clock.start();
    q.progress = [&](int done, int total) {
        if (!tty || c.json || clock.elapsed() < 500 || total <= 0)
            return;
        std::fprintf(stderr, "\r\033[Kreading files: %d/%d", done, total);
        std::fflush(stderr);
        drew = true;
    };
    auto clearProgress = [&] {
        if (drew)
            std::fprintf(stderr, "\r\033[K");
        drew = false;
    };

    const IndexGrep grep;
    QJsonArray matches;
    int count = 0;
    int filesSearched = 0;
    int filesTotal = 0;
    int givenUp = 0;
    bool narrowed = false;
    QString plan;
    // The matches of one file are printed together: context lines that are matches themselves
    // print as matches, groups of lines that do not touch are separated by "--" (as grep does).
    QList<GrepMatch> fileMatches;
    bool printedGroup = false;
    auto renderFile = [&]() -> QString {
        if (fileMatches.isEmpty())
            return {};
        std::map<int, std::pair<bool, QString>> lines;
        for (const GrepMatch &m : std::as_const(fileMatches)) {
            lines[m.line] = {true, m.text};
            for (qsizetype i = 0; i < m.before.size(); ++i)
                lines.try_emplace(m.line - int(m.before.size() - i), false, m.before.at(i));
            for (qsizetype i = 0; i < m.after.size(); ++i)
                lines.try_emplace(m.line + 1 + int(i), false, m.after.at(i));
        }
        const QString path = terminalText(fileMatches.first().path);
        QString text;
        int previous = -1;
        for (const auto &[line, shown] : lines) {
            if (q.contextLines > 0 && printedGroup && line != previous + 1)
                text += QStringLiteral("--\n");
            text += QStringLiteral("%1%2%3%2%4\n")
                        .arg(path, shown.first ? QStringLiteral(":") : QStringLiteral("-"))
                        .arg(line)
                        .arg(terminalText(shown.second, true));
            previous = line;
            printedGroup = true;
        }
        fileMatches.clear();
        return text;
    };
    bool first = true;
    bool truncated = false;
    for (;;) {
        if (c.maxMatches > 0)
            q.limit = std::min(1000, c.maxMatches - count);
        auto page = grep.grep(store, root, q, cancel);
        if (!page) {
            clearProgress();
            if (page.error().code == ErrorCode::Cancelled)
                return 130;
            std::fprintf(stderr, "repolens-cli: %s\n", terminalText(page.error().message).toLocal8Bit().constData());
            return page.error().code == ErrorCode::InvalidArgument ? 2 : 1;
        }
        if (first) {
            narrowed = page->narrowed;
            plan = page->plan;
            filesTotal = page->filesTotal;
            first = false;
        }
        filesSearched += page->filesSearched;
        givenUp += page->linesGivenUp;
        QString out;
        for (const GrepMatch &m : page->matches) {
            ++count;
            if (c.json) {
                QJsonObject item{{QStringLiteral("path"), m.path},
                                 {QStringLiteral("line"), m.line},
                                 {QStringLiteral("column"), m.column},
                                 {QStringLiteral("text"), m.text}};
                if (q.contextLines > 0) {
                    item.insert(QStringLiteral("before"), QJsonArray::fromStringList(m.before));
                    item.insert(QStringLiteral("after"), QJsonArray::fromStringList(m.after));
                }
                matches.append(item);
                continue;
            }
            if (m.path != fileMatches.value(0).path)
                out += renderFile();
            fileMatches.append(m);
        }
        if (!out.isEmpty()) {
            clearProgress();
            grepWrite(out);
        }
        if (c.maxMatches > 0 && count >= c.maxMatches) {
            truncated = page->more;
            break;
        }
        if (!page->more)
            break;
        q.afterPath = page->resumePath;
        q.afterLine = page->resumeLine;
    }
    if (!c.json) {
        const QString rest = renderFile();
        clearProgress();
        grepWrite(rest);
    }
    clearProgress();
    if (c.json) {
        QJsonObject obj{{QStringLiteral("pattern"), c.pattern},
                        {QStringLiteral("matches"), matches},
                        {QStringLiteral("files_searched"), filesSearched},
                        {QStringLiteral("files_total"), filesTotal},
                        {QStringLiteral("narrowed"), narrowed},
                        {QStringLiteral("plan"), plan}};
        if (truncated)
            obj.insert(QStringLiteral("truncated"), true);
        if (givenUp > 0)
            obj.insert(QStringLiteral("lines_given_up"), givenUp);
        grepWrite(QString::fromUtf8(QJsonDocument(obj).toJson(QJsonDocument::Compact)) + u'\n');
    }
    if (givenUp > 0)
        std::fprintf(stderr, "repolens-cli: the expression reached its backtracking limit on %d line(s), which "
                             "count as not matching\n", givenUp);
    return count > 0 ? 0 : 1;
}

int runGrepBench(const IndexStore &store, const QString &root, const QString &queriesFile, int runs)
{
    QFile file(queriesFile);
    if (!file.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "repolens-cli: cannot read %s\n", qPrintable(queriesFile));
        return 1;
    }
    auto cpuMs = [] {
        rusage u = {};
        getrusage(RUSAGE_SELF, &u);
        return (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1000.0 + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1000.0;
    };
    const IndexGrep grep;
    for (const QByteArray &line : file.readAll().split('\n')) {
        const QJsonObject spec = QJsonDocument::fromJson(line).object();
        if (spec.isEmpty())
            continue;
        GrepQuery q;
        q.pattern = spec.value(QStringLiteral("pattern")).toString();
        q.regex = spec.value(QStringLiteral("regex")).toBool();
        q.caseSensitive = !spec.value(QStringLiteral("ignore_case")).toBool();
        q.limit = 1000;
        q.timeoutMs = 3600 * 1000;
        QJsonArray wall;
        QJsonArray cpu;
        int matches = 0;
        int filesRead = 0;
        bool narrowed = false;
        QString error;
        for (int run = 0; run < std::max(1, runs); ++run) {
            GrepQuery page = q;
            matches = 0;
            filesRead = 0;
            QElapsedTimer clock;
            clock.start();
            const double cpu0 = cpuMs();
            for (;;) {
                auto r = grep.grep(store, root, page, nullptr);
                if (!r) {
                    error = r.error().message;
                    break;
                }
                matches += int(r->matches.size());
                filesRead += r->filesSearched;
                narrowed = r->narrowed;
                if (!r->more)
                    break;
                page.afterPath = r->resumePath;
                page.afterLine = r->resumeLine;
            }
            wall.append(clock.nsecsElapsed() / 1e6);
            cpu.append(cpuMs() - cpu0);
        }
        QJsonObject out{{QStringLiteral("pattern"), q.pattern},
                        {QStringLiteral("regex"), q.regex},
                        {QStringLiteral("ignore_case"), !q.caseSensitive},
                        {QStringLiteral("matches"), matches},
                        {QStringLiteral("files_read"), filesRead},
                        {QStringLiteral("narrowed"), narrowed},
                        {QStringLiteral("wall_ms"), wall},
                        {QStringLiteral("cpu_ms"), cpu}};
        if (!error.isEmpty())
            out.insert(QStringLiteral("error"), error);
        grepWrite(QString::fromUtf8(QJsonDocument(out).toJson(QJsonDocument::Compact)) + u'\n');
        std::fflush(stdout);
    }
    return 0;
}

} // namespace RepoLens
