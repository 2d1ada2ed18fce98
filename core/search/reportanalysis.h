#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace RepoLens {

// What a pasted bug report, traceback or log says about the code, before any search: the files,
// modules, functions and messages it names. Pure text analysis; resolving the names against the
// index is the mention stages' work (mentionstages.h).
struct ReportSignals
{
    // One frame of a traceback (Python, Java / Kotlin, JavaScript / TypeScript, Go, Rust panics,
    // C / C++ sanitizer and gdb backtraces, IPython).
    struct Frame
    {
        QString path;     // as written, '/' separated ("c:/.../site-packages/seaborn/axisgrid.py")
        int line = 0;
        QString function; // "map_diag", "Foo.bar"; empty when the format has none
        bool innermostFirst = false; // the format lists the raising frame first (JVM, JS, Go, Rust, native), not last (Python)
    };
    QList<Frame> frames;
    QStringList paths;        // file paths mentioned outside tracebacks, '/' separated
    QStringList modules;      // dotted module paths: imports and dotted names ("astropy.modeling.separable")
    QStringList qualified;    // Foo::bar, Foo#bar, pkg.Class.method (as written)
    QList<QPair<QString, int>> identifiers; // code-like identifiers with how often they occur, most first
    QStringList messages;     // error messages and quoted phrases, for phrase search
    QStringList options;      // command-line options its prose writes ("--collect-only"), in order, each once
    // Commands it runs or names with a word after the program ("$ flask routes", `flask routes`,
    // **flask routes**): the program and that word (a subcommand), in order, each once. Which
    // programs are the project's own is for the search to say (it knows the project's name).
    QList<QPair<QString, QString>> commands;
    // Functions an error message says were called with arguments they do not take (Python's
    // "RST.__init__() got an unexpected keyword argument 'x'"): the innermost frame is then
    // the caller, and the named function is where such a fix goes.
    QStringList calledWrongly;
    QString prose;            // the text without code blocks and traceback lines

    bool isEmpty() const
    {
        return frames.isEmpty() && paths.isEmpty() && modules.isEmpty() && qualified.isEmpty()
               && identifiers.isEmpty() && messages.isEmpty() && options.isEmpty() && commands.isEmpty()
               && calledWrongly.isEmpty();
    }
};

// Whether a query is a report rather than a question: long (over 40 words), or with a code
// block or traceback lines.
bool looksLikeReport(const QString &text);

ReportSignals analyzeReport(const QString &text);

// The text without package listings (`pip list`, `pip freeze`, `conda list`, `show_versions()`,
// a lock file's "name version" lines): five or more such lines name installed packages, not the code at fault,
// and their words would drown the report's own. A fenced block that is mostly such lines goes
// whole (an environment dump: "OS: Darwin", "machine: x86_64" besides the versions).
QString withoutPackageListings(const QString &text);

// The text with the words of a test runner's section banners left out ("===== test session
// starts =====", "_____ test_name _____", ">>>>> entering PDB >>>>>"): they are the runner's output,
// not a description of the code at fault, and in the runner's own repository they name the code
// that prints them. The runs of characters stay.
QString withoutRunnerBanners(const QString &text);

// The first non-empty line of a report when it reads as its summary: at most 200 characters,
// not a code fence, a traceback or log line, a path or a quoted line. Empty otherwise.
QString reportTitle(const QString &text);

// A path as written in a report made comparable with the index's paths: '/' separated, without a
// drive letter, and without everything up to an installed copy's package folder
// ("C:\\...\\site-packages\\flask\\app.py" -> "flask/app.py").
QString normalizeReportedPath(const QString &path);

} // namespace RepoLens
