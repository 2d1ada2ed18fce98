// The viewer with the KSyntaxHighlighting helper (repolens-highlighter, the real process): files
// of the formats no grammar covers open highlighted in our themes and in a KSyntaxHighlighting
// theme that tree-sitter files follow too; a helper that is missing, killed mid-file, answers
// garbage or hangs leaves the file open as text with the reason in the status note, and the next
// file starts a new helper.

#include "uitestfixture.h"

#include "ui/codeeditor.h"
#include "ui/codeviewer.h"
#include "ui/helperhighlighter.h"
#include "ui/mainwindow.h"
#include "ui/settingsdialog.h"
#include "ui/syntaxhelper.h"
#include "ui/treesitterlexer.h"

#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QSignalSpy>
#include <QStatusBar>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace RepoLens;

namespace {

constexpr int kFunction = 2; // KSyntaxHighlighting::Theme::Function (YAML keys)
constexpr int kComment = 21;

bool writeFile(const QString &path, const QByteArray &bytes, bool executable = false)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(bytes) != bytes.size())
        return false;
    if (executable)
        f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
    return true;
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class tst_Highlighting : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void formatsThroughHelper_data();
    void formatsThroughHelper();
    void yamlStylesAndColours();
    void kshThemeForBothBackends();
    void helperMissing();
    void helperKilledMidFile();
    void helperAnswersGarbage();
    void helperHangs();
    void statusBarSaysWhy();
    void settingsPickATheme();

private:
    CodeEditor *open(const QString &rel);
    CodeEditor *openHighlighted(const QString &rel);

    QTemporaryDir m_dir;
    CodeViewer *m_viewer = nullptr;
    QString m_defaultProgram;
};

void tst_Highlighting::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    m_defaultProgram = SyntaxHelper::defaultProgram();
    QVERIFY2(QFileInfo(m_defaultProgram).isExecutable(), qPrintable(m_defaultProgram));
    const QString data = QStringLiteral(REPOLENS_TEST_DATA "/highlighter/");
    for (const char *f : {"config.yaml", "CMakeLists.txt", "Dockerfile", "schema.sql", "page.html", "Makefile",
                          "index.proto", "shell.nix", "build.ps1", "notes.tex"})
        QVERIFY(TestFixture::copyFile(data + QLatin1String(f), m_dir.path() + u'/' + QLatin1String(f)));
    QVERIFY(TestFixture::copyFile(QStringLiteral(REPOLENS_TEST_DATA "/chunker/python/sessions.py"),
                                  m_dir.path() + QStringLiteral("/sessions.py")));
    // 60,000 lines: 30 blocks of HelperHighlighter::kLinesPerBlock.
    QByteArray big;
    for (int i = 0; i < 20000; ++i)
        big += "item" + QByteArray::number(i) + ":\n  name: \"value " + QByteArray::number(i) + "\" # note\n  n: "
               + QByteArray::number(i) + "\n";
    QVERIFY(writeFile(m_dir.path() + QStringLiteral("/big.yaml"), big));
    QVERIFY(writeFile(m_dir.path() + QStringLiteral("/other.yaml"), "a: 1 # one\nb: [2, 3]\n"));
    QVERIFY(writeFile(m_dir.path() + QStringLiteral("/.clang-format"),
                      "# style\nBasedOnStyle: LLVM\nColumnLimit: 100\nIndentWidth: 4\nAllowShortIfStatementsOnASingleLine: false\n"));
    QVERIFY(writeFile(m_dir.path() + QStringLiteral("/App.vue"),
                      "<!-- component -->\n<template>\n  <div id=\"app\" class=\"main\">{{ title }}</div>\n</template>\n"
                      "<style>\n.main { color: red; }\n</style>\n"));
    // Helpers that misbehave: garbage after a plausible length, a valid greeting then garbage,
    // and silence.
    QVERIFY(writeFile(m_dir.path() + QStringLiteral("/garbage-helper"),
                      "#!/bin/sh\nprintf '\\020\\000\\000\\000this is no frame'\nexec cat >/dev/null\n", true));
    QVERIFY(writeFile(m_dir.path() + QStringLiteral("/silent-helper"), "#!/bin/sh\nexec cat >/dev/null\n", true));
    QVERIFY(writeFile(m_dir.path() + QStringLiteral("/not-executable-helper"), "#!/bin/sh\nexit 0\n", false));
    m_viewer = new CodeViewer;
    m_viewer->resize(900, 700);
    m_viewer->setRootPath(QFileInfo(m_dir.path()).canonicalFilePath());
    m_viewer->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_viewer));
}

void tst_Highlighting::init()
{
    SyntaxHelper::instance()->setProgram(m_defaultProgram);
    SyntaxHelper::instance()->setTimeout(20000);
    setSyntaxTheme(std::nullopt);
}

void tst_Highlighting::cleanup()
{
    m_viewer->closeAll();
    setSyntaxTheme(std::nullopt);
}

CodeEditor *tst_Highlighting::open(const QString &rel)
{
    CodeEditor *editor = m_viewer->openFile(rel);
    if (!editor->isLoaded()) {
        QSignalSpy loaded(editor, &CodeEditor::loaded);
        if (!loaded.wait(20000))
            return nullptr;
    }
    return editor;
}

CodeEditor *tst_Highlighting::openHighlighted(const QString &rel)
{
    CodeEditor *editor = open(rel);
    if (!editor || !editor->highlighter())
        return nullptr;
    if (!editor->highlighter()->isFinished()) {
        QSignalSpy done(editor, &CodeEditor::highlightingFinished);
        if (!done.wait(30000))
            return nullptr;
    }
    return editor;
}

void tst_Highlighting::formatsThroughHelper_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("definition");
    QTest::newRow("yaml") << QStringLiteral("config.yaml") << QStringLiteral("YAML");
    QTest::newRow("cmake") << QStringLiteral("CMakeLists.txt") << QStringLiteral("CMake");
    QTest::newRow("dockerfile") << QStringLiteral("Dockerfile") << QStringLiteral("Dockerfile");
    QTest::newRow("sql") << QStringLiteral("schema.sql") << QStringLiteral("SQL");
    QTest::newRow("html") << QStringLiteral("page.html") << QStringLiteral("HTML");
    QTest::newRow("makefile") << QStringLiteral("Makefile") << QStringLiteral("Makefile");
    QTest::newRow("protobuf") << QStringLiteral("index.proto") << QStringLiteral("Protobuf");
    QTest::newRow("nix") << QStringLiteral("shell.nix") << QStringLiteral("Nix");
    QTest::newRow("powershell") << QStringLiteral("build.ps1") << QStringLiteral("PowerShell");
    QTest::newRow("latex") << QStringLiteral("notes.tex") << QStringLiteral("LaTeX");
    // Names KSyntaxHighlighting has no pattern for, which QScintilla's lexers used to colour.
    QTest::newRow("clang-format") << QStringLiteral(".clang-format") << QStringLiteral("YAML");
    QTest::newRow("vue") << QStringLiteral("App.vue") << QStringLiteral("HTML");
}

// Every line's comment is styled as a comment in the editor (Scintilla's own style buffer).
void tst_Highlighting::formatsThroughHelper()
{
    QFETCH(QString, file);
    QFETCH(QString, definition);
    CodeEditor *editor = openHighlighted(file);
    QVERIFY(editor);
    QCOMPARE(editor->highlighter()->backend(), Highlighter::Backend::SyntaxHelper);
    QCOMPARE(editor->highlighter()->definitionName(), definition);
    QVERIFY2(editor->highlightNote().isEmpty(), qPrintable(editor->highlightNote()));
    auto *lexer = qobject_cast<HelperLexer *>(editor->lexer());
    QVERIFY(lexer);
    QVERIFY(lexer->runCount() >= 8);
    // The first comment of the file ('#', '--', '//', '<!--', '%') is in the Comment style.
    const QByteArray text = editor->text().toUtf8();
    qsizetype at = -1;
    for (const char *marker : {"# ", "-- ", "// ", "<!--", "% "}) {
        const qsizetype i = text.indexOf(marker);
        if (i >= 0 && (at < 0 || i < at))
            at = i;
    }
    QVERIFY(at >= 0);
    const int style = int(editor->SendScintilla(QsciScintillaBase::SCI_GETSTYLEAT, int(at + 1)));
    QCOMPARE(lexer->textStyleOf(style), kComment);
    QCOMPARE(lexer->color(style), editor->theme().textStyles[kComment].foreground);
}

// Keys in the Function style, comments in our Comment colour and italics.
void tst_Highlighting::yamlStylesAndColours()
{
    CodeEditor *editor = openHighlighted(QStringLiteral("config.yaml"));
    QVERIFY(editor);
    auto *lexer = qobject_cast<HelperLexer *>(editor->lexer());
    QVERIFY(lexer);
    const QByteArray text = editor->text().toUtf8();
    const int key = int(text.indexOf("version:"));
    QCOMPARE(lexer->styleAtByte(key), kFunction);
    QCOMPARE(int(editor->SendScintilla(QsciScintillaBase::SCI_GETSTYLEAT, key)), kFunction);
    const CodeTheme ours = CodeTheme::fromPalette(editor->palette());
    QCOMPARE(lexer->color(kComment), ours.colors[CodeTheme::Comment]);
    QVERIFY(lexer->font(kComment).italic());
    QCOMPARE(lexer->styleAtByte(int(text.indexOf("# default port")) + 2), kComment);
}

// A KSyntaxHighlighting theme colours the helper's files and the tree-sitter files alike.
void tst_Highlighting::kshThemeForBothBackends()
{
    std::optional<SyntaxTheme> solarized;
    SyntaxHelper::instance()->listThemes(this, [&](Result<QList<SyntaxTheme>> themes) {
        QVERIFY(themes.ok());
        for (const SyntaxTheme &t : *themes) {
            if (t.name == QLatin1String("Solarized Dark"))
                solarized = t;
        }
    });
    QTRY_VERIFY_WITH_TIMEOUT(solarized.has_value(), 20000);
    const auto roundTrip = SyntaxTheme::fromJson(solarized->toJson());
    QVERIFY(roundTrip);
    QCOMPARE(roundTrip->toJson(), solarized->toJson());
    setSyntaxTheme(*roundTrip);
    const CodeTheme theme = CodeTheme::fromPalette(m_viewer->palette());
    QCOMPARE(theme.syntaxTheme, QStringLiteral("Solarized Dark"));
    QCOMPARE(theme.background, QColor(0x00, 0x2b, 0x36));
    QVERIFY(theme.dark);

    CodeEditor *py = openHighlighted(QStringLiteral("sessions.py"));
    QVERIFY(py);
    QVERIFY(py->treeSitterLexer());
    QCOMPARE(py->lexer()->paper(CodeTheme::Keyword), QColor(0x00, 0x2b, 0x36));
    QCOMPARE(py->lexer()->color(CodeTheme::Keyword), solarized->styles[1].foreground);  // Keyword
    QCOMPARE(py->lexer()->color(CodeTheme::Comment), solarized->styles[21].foreground); // Comment
    QCOMPARE(py->lexer()->color(CodeTheme::String), solarized->styles[12].foreground);

    CodeEditor *sql = openHighlighted(QStringLiteral("schema.sql"));
    QVERIFY(sql);
    auto *lexer = qobject_cast<HelperLexer *>(sql->lexer());
    QVERIFY(lexer);
    const int create = int(sql->text().toUtf8().indexOf("CREATE"));
    const int style = lexer->styleAtByte(create);
    QCOMPARE(lexer->textStyleOf(style), 1); // Keyword
    QCOMPARE(lexer->color(style), solarized->styles[1].foreground);
    QCOMPARE(lexer->font(style).bold(), solarized->styles[1].bold);
    QCOMPARE(lexer->paper(0), QColor(0x00, 0x2b, 0x36));

    // Back to ours: open editors follow (applyTheme) and ask the helper again.
    setSyntaxTheme(std::nullopt);
    const CodeTheme ours = CodeTheme::fromPalette(m_viewer->palette());
    sql->applyTheme(ours);
    QTRY_VERIFY_WITH_TIMEOUT(sql->highlighter()->isFinished(), 20000);
    QCOMPARE(lexer->paper(0), ours.background);
    QCOMPARE(lexer->color(lexer->styleAtByte(create)), ours.colors[CodeTheme::Keyword]);
}

void tst_Highlighting::helperMissing()
{
    SyntaxHelper::instance()->setProgram(m_dir.path() + QStringLiteral("/no-such-helper"));
    QSignalSpy notes(m_viewer, &CodeViewer::highlightNote);
    CodeEditor *editor = openHighlighted(QStringLiteral("Dockerfile"));
    QVERIFY(editor);
    QCOMPARE(editor->text().toUtf8(), readFile(m_dir.path() + QStringLiteral("/Dockerfile")));
    QVERIFY2(editor->highlightNote().contains(QLatin1String("not installed")), qPrintable(editor->highlightNote()));
    QVERIFY(editor->highlightNote().contains(QLatin1String("no-such-helper")));
    QCOMPARE(notes.size(), 1);
    QVERIFY(notes.at(0).at(0).toString().startsWith(QLatin1String("Dockerfile: Shown as plain text")));
    QCOMPARE(qobject_cast<HelperLexer *>(editor->lexer())->runCount(), 0);

    // There, but it cannot be run.
    m_viewer->closeAll();
    SyntaxHelper::instance()->setProgram(m_dir.path() + QStringLiteral("/not-executable-helper"));
    editor = openHighlighted(QStringLiteral("shell.nix"));
    QVERIFY(editor);
    QVERIFY(editor->text().startsWith(QLatin1String("# Development shell\n")));
    QVERIFY2(editor->highlightNote().contains(QLatin1String("could not be started")), qPrintable(editor->highlightNote()));
    QVERIFY(!SyntaxHelper::instance()->isRunning());
}

// SIGKILL after the first block: what was highlighted stays, the rest is plain text, the note
// says where it stopped and why; the next file starts a new helper.
void tst_Highlighting::helperKilledMidFile()
{
    SyntaxHelper *helper = SyntaxHelper::instance();
    CodeEditor *editor = open(QStringLiteral("big.yaml"));
    QVERIFY(editor);
    auto *backend = qobject_cast<HelperHighlighter *>(editor->highlighter());
    QVERIFY(backend);
    QVERIFY(helper->isRunning());
    connect(backend, &HelperHighlighter::blockHighlighted, this, [helper](int blocks) {
        // (never kill(0, ...): a helper that is gone has no pid, and 0 is our own group)
        if (const pid_t pid = pid_t(helper->processId()); blocks == 1 && pid > 0)
            ::kill(pid, SIGKILL);
    }, Qt::DirectConnection);
    if (!backend->isFinished()) {
        QSignalSpy done(editor, &CodeEditor::highlightingFinished);
        QVERIFY(done.wait(30000));
    }
    QCOMPARE(backend->blocksDone(), 1);
    QCOMPARE(editor->lines(), 60001);
    QVERIFY(editor->text().endsWith(QLatin1String("  n: 19999\n")));
    QVERIFY2(editor->highlightNote().startsWith(QLatin1String("Highlighted up to line 2000 only: ")),
             qPrintable(editor->highlightNote()));
    QVERIFY2(editor->highlightNote().contains(QLatin1String("stopped unexpectedly")), qPrintable(editor->highlightNote()));
    auto *lexer = backend->helperLexer();
    const QByteArray text = editor->text().toUtf8();
    QCOMPARE(lexer->styleAtByte(int(text.indexOf("item10:"))), kFunction);    // block 1
    QCOMPARE(lexer->styleAtByte(int(text.indexOf("item5000:"))), 0);         // never highlighted
    QVERIFY(!helper->isRunning());
    const int startsAfterKill = helper->starts();
    QVERIFY(startsAfterKill >= 1);

    CodeEditor *next = openHighlighted(QStringLiteral("other.yaml"));
    QVERIFY(next);
    QVERIFY2(next->highlightNote().isEmpty(), qPrintable(next->highlightNote()));
    QCOMPARE(helper->starts(), startsAfterKill + 1);
}

void tst_Highlighting::helperAnswersGarbage()
{
    SyntaxHelper::instance()->setProgram(m_dir.path() + QStringLiteral("/garbage-helper"));
    CodeEditor *editor = openHighlighted(QStringLiteral("Makefile"));
    QVERIFY(editor);
    QVERIFY(editor->text().startsWith(QLatin1String("# Build the demo\n")));
    QVERIFY2(editor->highlightNote().contains(QLatin1String("garbage")), qPrintable(editor->highlightNote()));
    QVERIFY(!SyntaxHelper::instance()->isRunning());
}

// A helper that never answers is killed after the timeout (here 1 s); the file is readable.
void tst_Highlighting::helperHangs()
{
    SyntaxHelper::instance()->setProgram(m_dir.path() + QStringLiteral("/silent-helper"));
    SyntaxHelper::instance()->setTimeout(1000);
    CodeEditor *editor = openHighlighted(QStringLiteral("page.html"));
    QVERIFY(editor);
    QVERIFY(editor->text().startsWith(QLatin1String("<!DOCTYPE html>")));
    QVERIFY2(editor->highlightNote().contains(QLatin1String("did not answer")), qPrintable(editor->highlightNote()));
    QVERIFY(!SyntaxHelper::instance()->isRunning());
}

// In the window, the reason is in the status bar.
void tst_Highlighting::statusBarSaysWhy()
{
    QTemporaryDir data;
    MainWindow::Options options;
    options.dataDir = data.path();
    options.restoreState = false;
    options.stallDetector = false;
    options.detectOllama = false;
    MainWindow window(options);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    SyntaxHelper::instance()->setProgram(m_dir.path() + QStringLiteral("/garbage-helper"));
    window.viewer()->setRootPath(QFileInfo(m_dir.path()).canonicalFilePath());
    CodeEditor *editor = window.viewer()->openFile(QStringLiteral("schema.sql"));
    QTRY_VERIFY_WITH_TIMEOUT(editor->highlighter() && editor->highlighter()->isFinished(), 20000);
    const QString message = window.statusBar()->currentMessage();
    QVERIFY2(message.startsWith(QLatin1String("schema.sql: Shown as plain text: The highlighter helper answered garbage")),
             qPrintable(message));
    QVERIFY(editor->text().startsWith(QLatin1String("-- Files and their chunks\n")));
}

// Settings ▸ Appearance ▸ Code colours lists the helper's themes; the chosen one is saved with
// its colours and comes back as the viewer's CodeTheme.
void tst_Highlighting::settingsPickATheme()
{
    SettingsBundle current;
    SettingsDialog dialog(current, nullptr);
    dialog.setQuietErrors(true);
    QComboBox *box = dialog.syntaxThemeBox();
    QVERIFY(box);
    QTRY_VERIFY_WITH_TIMEOUT(box->count() > 20, 20000);
    QVERIFY2(dialog.syntaxThemeNote()->text().startsWith(QLatin1String("21 KSyntaxHighlighting theme")),
             qPrintable(dialog.syntaxThemeNote()->text()));
    QCOMPARE(box->currentIndex(), 0); // ours by default
    box->setCurrentIndex(box->findData(QStringLiteral("Dracula")));
    QVERIFY(box->currentIndex() > 0);
    QSignalSpy applied(&dialog, &SettingsDialog::applied);
    QVERIFY2(dialog.apply(), qPrintable(dialog.lastError()));
    QCOMPARE(applied.size(), 1);
    const auto bundle = applied.at(0).at(0).value<SettingsBundle>();
    QCOMPARE(bundle.appearance.syntaxTheme, QStringLiteral("Dracula"));
    bundle.appearance.save();
    const auto colours = AppearanceSettings::load().syntaxThemeColours();
    QVERIFY(colours);
    QCOMPARE(colours->name, QStringLiteral("Dracula"));
    QCOMPARE(colours->editor[SyntaxTheme::Background], QColor(0x28, 0x2a, 0x36));
    setSyntaxTheme(colours);
    QCOMPARE(CodeTheme::fromPalette(QPalette()).background, QColor(0x28, 0x2a, 0x36));
    AppearanceSettings{}.save();
}

QTEST_MAIN(tst_Highlighting)
#include "tst_highlighting.moc"
