#pragma once

#include <QObject>
#include <QString>
#include <QTemporaryDir>

#include <memory>

namespace RepoLens {

class MainWindow;

// `repolens --self-test [DIR]`: opens DIR (or a small fixture written to a temporary folder),
// waits for indexing, asks one question, opens the top hit and checks that the viewer shows the
// file with the range highlighted. Emits finished(0) on success, finished(1) otherwise, with the
// steps logged to stderr.
class SelfTest : public QObject
{
    Q_OBJECT
public:
    SelfTest(MainWindow *window, QString folder, QString query, QObject *parent = nullptr);
    ~SelfTest() override;

    void start(int timeoutMs = 120000);
    // Saves screenshots of the main states into dir (welcome, answer, references).
    void setScreenshotDir(const QString &dir) { m_screenshotDir = dir; }

    // Writes a few real source files (Python, C++, Markdown) into dir.
    static bool writeFixture(const QString &dir);

Q_SIGNALS:
    void finished(int exitCode);

private:
    void step(const QString &message);
    void fail(const QString &message);
    void succeed();
    void onIndexed();
    void onAnswer(int results);
    void screenshot(const QString &name);
    void finishWithScreenshots();
    void smallScreenShots(const QString &symbol);
    void findInFolderShot(const QString &symbol);

    MainWindow *m_window;
    QString m_folder;
    QString m_query;
    QString m_screenshotDir;
    QString m_symbol; // of the answer's top hit: Find References and Go to Definition on it
    std::unique_ptr<QTemporaryDir> m_tempDir;
    bool m_done = false;
    bool m_asked = false;
    bool m_extraAnswer = false; // the "who calls" answer of the screenshots, not the test's
};

} // namespace RepoLens
