// repolens: the desktop application. See README.md.

#include "ui/language.h"
#include "ui/mainwindow.h"
#ifdef REPOLENS_HAVE_KEYCHAIN
#include "keychainstore.h"
#endif
#include "ui/selftest.h"

#include "core/parse/grammars.h"
#include "core/store/indexstore.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QColor>
#include <QDir>
#include <QPalette>
#include <QSettings>
#include <QStatusBar>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QElapsedTimer>
#include <QTimer>

#include <cstdio>

#include <cstring>
#include <memory>

using namespace RepoLens;

static QElapsedTimer &startupClock()
{
    static QElapsedTimer clock;
    return clock;
}

namespace {

struct CommandLine
{
    QCommandLineOption selfTest{QStringLiteral("self-test"),
                                QCoreApplication::translate("main", "Open a folder (a built-in fixture when none is given), "
                                                                    "index it, ask one question, open the top hit and exit.")};
    QCommandLineOption query{QStringLiteral("query"), QCoreApplication::translate("main", "The question the self-test asks."),
                             QStringLiteral("text")};
    QCommandLineOption dataDir{QStringLiteral("data-dir"), QCoreApplication::translate("main", "Where indexes are stored."),
                               QStringLiteral("dir")};
    QCommandLineOption screenshots{QStringLiteral("screenshots"),
                                   QCoreApplication::translate("main", "With --self-test: save screenshots of the main "
                                                                       "states into dir."),
                                   QStringLiteral("dir")};
    QCommandLineOption startupBenchmark{QStringLiteral("startup-benchmark"),
                                        QCoreApplication::translate("main", "Open the folder, print how long the window took "
                                                                            "to become interactive and the index to be "
                                                                            "checked, and exit.")};

    void addTo(QCommandLineParser &parser) const
    {
        parser.setApplicationDescription(QCoreApplication::translate("main", "Ask questions about a codebase."));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addPositionalArgument(QStringLiteral("path"),
                                     QCoreApplication::translate("main", "Folder to open (or a file: its repository opens "
                                                                         "and the file is shown)."),
                                     QStringLiteral("[path]"));
        parser.addOptions({selfTest, query, dataDir, screenshots, startupBenchmark});
    }
};

// --help and --version need no window: answered before QApplication exists (which aborts
// without a display), with the program's name rather than the path it was started from.
int answerWithoutWindow(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("repolens"));
    QCoreApplication::setApplicationVersion(QStringLiteral(REPOLENS_VERSION));
    installTranslators(&app);
    QCommandLineParser parser;
    const CommandLine options;
    options.addTo(parser);
    parser.parse(app.arguments());
    if (parser.isSet(QStringLiteral("version"))) {
        std::printf("repolens %s\n", REPOLENS_VERSION);
        return 0;
    }
    QString help = parser.helpText();
    const qsizetype firstSpace = help.indexOf(u' ', help.indexOf(u':') + 2);
    if (help.startsWith(QLatin1String("Usage: ")) && firstSpace > 0)
        help = QStringLiteral("Usage: repolens") + help.mid(firstSpace);
    std::fputs(help.toLocal8Bit().constData(), stdout);
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    startupClock().start();
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0 || std::strcmp(argv[i], "--help-all") == 0
            || std::strcmp(argv[i], "-?") == 0 || std::strcmp(argv[i], "--version") == 0 || std::strcmp(argv[i], "-v") == 0)
            return answerWithoutWindow(argc, argv);
    }
    // The self-test runs without a display.
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--self-test") == 0 && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("RepoLens"));
    QApplication::setApplicationName(QStringLiteral("RepoLens"));
    QApplication::setApplicationDisplayName(QStringLiteral("RepoLens"));
    QApplication::setApplicationVersion(QStringLiteral(REPOLENS_VERSION));
    QApplication::setDesktopFileName(QStringLiteral(REPOLENS_APP_ID));
    // The system locale, or the "language" setting (Settings ▸ Appearance).
    installTranslators(&app);

    if (qEnvironmentVariableIntValue("REPOLENS_DARK_PALETTE") == 1) {
        // Screenshots and checks of the dark scheme on machines without a dark desktop theme.
        QApplication::setStyle(QStringLiteral("Fusion"));
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(0x2d, 0x2f, 0x33));
        dark.setColor(QPalette::WindowText, QColor(0xdc, 0xdd, 0xde));
        dark.setColor(QPalette::Base, QColor(0x1f, 0x21, 0x24));
        dark.setColor(QPalette::AlternateBase, QColor(0x27, 0x29, 0x2c));
        dark.setColor(QPalette::Text, QColor(0xdc, 0xdd, 0xde));
        dark.setColor(QPalette::Button, QColor(0x35, 0x37, 0x3b));
        dark.setColor(QPalette::ButtonText, QColor(0xdc, 0xdd, 0xde));
        dark.setColor(QPalette::Highlight, QColor(0x3d, 0x7a, 0xd6));
        dark.setColor(QPalette::HighlightedText, Qt::white);
        dark.setColor(QPalette::Link, QColor(0x6c, 0xa8, 0xf0));
        dark.setColor(QPalette::PlaceholderText, QColor(0x8a, 0x8d, 0x91));
        dark.setColor(QPalette::ToolTipBase, QColor(0x35, 0x37, 0x3b));
        dark.setColor(QPalette::ToolTipText, QColor(0xdc, 0xdd, 0xde));
        dark.setColor(QPalette::Disabled, QPalette::Text, QColor(0x6b, 0x6e, 0x72));
        dark.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x6b, 0x6e, 0x72));
        QApplication::setPalette(dark);
    }

    QCommandLineParser parser;
    const CommandLine cli;
    cli.addTo(parser);
    const QCommandLineOption &selfTest = cli.selfTest;
    const QCommandLineOption &query = cli.query;
    const QCommandLineOption &dataDir = cli.dataDir;
    const QCommandLineOption &screenshots = cli.screenshots;
    const QCommandLineOption &startupBenchmark = cli.startupBenchmark;
    parser.process(app);

    const QStringList args = parser.positionalArguments();
    MainWindow::Options options;
    options.dataDir = parser.value(dataDir);
#ifdef REPOLENS_HAVE_KEYCHAIN
    options.credentials = std::make_shared<KeychainCredentialStore>();
#endif
    std::unique_ptr<QTemporaryDir> selfTestData;
    if (parser.isSet(selfTest)) {
        // Keep the user's settings and indexes untouched.
        QStandardPaths::setTestModeEnabled(true);
        QSettings(QStringLiteral("RepoLens"), QStringLiteral("repolens")).remove(QStringLiteral("recentFolders")); // test-mode settings only
        options.restoreState = false;
        options.credentials.reset(); // never the user's keychain
        options.detectOllama = false;
        if (options.dataDir.isEmpty()) {
            selfTestData = std::make_unique<QTemporaryDir>();
            options.dataDir = selfTestData->path();
        }
    }

    MainWindow window(options);
    window.show();

    // Every grammar's ABI against the tree-sitter core: files of a disabled language are
    // indexed as text, and the user is told why.
    QStringList disabled;
    for (const GrammarInfo &g : checkGrammars()) {
        if (!g.compatible) {
            qWarning("repolens: %s grammar disabled: %s", qPrintable(g.package), qPrintable(g.problem));
            disabled << languageInfo(g.language).displayName;
        }
    }
    if (!disabled.isEmpty()) {
        window.statusBar()->showMessage(
            QApplication::translate("main", "Grammars disabled (incompatible with the parser): %1")
                .arg(disabled.join(QStringLiteral(", "))));
    }

    if (parser.isSet(selfTest)) {
        auto *test = new SelfTest(&window, args.value(0), parser.value(query), &window);
        test->setScreenshotDir(parser.value(screenshots));
        QObject::connect(test, &SelfTest::finished, &app, [](int code) { QCoreApplication::exit(code); });
        QTimer::singleShot(0, test, [test] { test->start(); });
        return app.exec();
    }

    if (parser.isSet(startupBenchmark)) {
        // Interactive = the event loop runs with the window shown; ready = the folder's index
        // has been opened and checked for changes (an up-to-date folder re-indexes nothing).
        auto printed = std::make_shared<bool>(false);
        QTimer::singleShot(0, &window, [] {
            std::printf("interactive %.1f ms\n", startupClock().nsecsElapsed() / 1e6);
            std::fflush(stdout);
        });
        QObject::connect(&window, &MainWindow::indexingFinished, &app, [printed] {
            if (*printed)
                return;
            *printed = true;
            std::printf("index-ready %.1f ms\n", startupClock().nsecsElapsed() / 1e6);
            std::fflush(stdout);
            QTimer::singleShot(0, qApp, [] { QCoreApplication::exit(0); });
        });
    }

    if (!args.isEmpty()) {
        const QString path = args.first();
        QTimer::singleShot(0, &window, [&window, path] { window.openPath(QFileInfo(path).absoluteFilePath()); });
    } else if (!parser.isSet(startupBenchmark)) {
        // Like a session restore: the folder of last time (File ▸ Reopen Last Folder at Start).
        QTimer::singleShot(0, &window, [&window] { window.reopenLastFolder(); });
    }
    return app.exec();
}
