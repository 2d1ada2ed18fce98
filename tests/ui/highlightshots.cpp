// Screenshots of files highlighted through the KSyntaxHighlighting helper (scripts/screenshots):
// YAML, CMake, Dockerfile, SQL, HTML and a Makefile from tests/data/highlighter, each in a real
// CodeViewer, in a 3 × 2 grid, saved as one PNG.
//
// Usage: repolens_highlightshots OUT.png light|dark|"KSyntaxHighlighting theme name"

#include "ui/appsettings.h"
#include "ui/codeeditor.h"
#include "ui/codeviewer.h"
#include "ui/syntaxhelper.h"

#include <QApplication>
#include <QGridLayout>
#include <QLabel>
#include <QTimer>

#include <cstdio>

using namespace RepoLens;

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    const QStringList args = QApplication::arguments();
    if (args.size() != 3) {
        std::fprintf(stderr, "usage: %s OUT.png light|dark|THEME\n", argv[0]);
        return 2;
    }
    const QString out = args.at(1);
    const QString scheme = args.at(2);
    applyTheme(scheme == QLatin1String("dark") ? AppearanceSettings::Theme::Dark : AppearanceSettings::Theme::Light);

    auto run = [out, scheme] {
        auto *window = new QWidget;
        window->setObjectName(QStringLiteral("highlightShots"));
        auto *grid = new QGridLayout(window);
        grid->setContentsMargins(6, 6, 6, 6);
        grid->setSpacing(6);
        const QStringList files = {QStringLiteral("config.yaml"), QStringLiteral("CMakeLists.txt"),
                                   QStringLiteral("Dockerfile"),  QStringLiteral("schema.sql"),
                                   QStringLiteral("page.html"),   QStringLiteral("Makefile")};
        auto pending = std::make_shared<int>(int(files.size()));
        auto save = [window, out, pending] {
            if (--*pending > 0)
                return;
            QTimer::singleShot(500, window, [window, out] {
                const bool ok = window->grab().save(out);
                std::printf("%s %s\n", ok ? "saved" : "could not save", qPrintable(out));
                QApplication::exit(ok ? 0 : 1);
            });
        };
        for (int i = 0; i < files.size(); ++i) {
            auto *viewer = new CodeViewer(window);
            viewer->setRootPath(QStringLiteral(REPOLENS_TEST_DATA "/highlighter"));
            viewer->setMinimumSize(600, 330);
            CodeEditor *editor = viewer->openFile(files.at(i));
            QObject::connect(editor, &CodeEditor::highlightingFinished, window, [editor, save, scheme] {
                if (!editor->highlightNote().isEmpty())
                    std::fprintf(stderr, "%s\n", qPrintable(editor->highlightNote()));
                save();
            }, Qt::SingleShotConnection);
            grid->addWidget(viewer, i / 3, i % 3);
        }
        window->setWindowTitle(QStringLiteral("RepoLens — %1").arg(scheme));
        window->show();
    };

    if (scheme == QLatin1String("light") || scheme == QLatin1String("dark")) {
        QTimer::singleShot(0, run);
    } else {
        SyntaxHelper::instance()->listThemes(&app, [scheme, run](Result<QList<SyntaxTheme>> themes) {
            if (!themes) {
                std::fprintf(stderr, "%s\n", qPrintable(themes.error().message));
                QApplication::exit(1);
                return;
            }
            for (const SyntaxTheme &t : *themes) {
                if (t.name == scheme) {
                    setSyntaxTheme(t);
                    run();
                    return;
                }
            }
            std::fprintf(stderr, "no theme named %s\n", qPrintable(scheme));
            QApplication::exit(1);
        });
    }
    QTimer::singleShot(60000, [] {
        std::fprintf(stderr, "timed out\n");
        QApplication::exit(1);
    });
    return app.exec();
}
