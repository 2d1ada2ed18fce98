#pragma once

#include <QPoint>
#include <QWidget>

class QLabel;
class QStackedWidget;
class QTabWidget;

namespace RepoLens {

class CodeEditor;
class FindBar;
class GoToLineBar;

// The centre of the window: one CodeEditor per open file in tabs, with the find and go-to-line
// bars below them and a hint page when nothing is open.
class CodeViewer : public QWidget
{
    Q_OBJECT
public:
    explicit CodeViewer(QWidget *parent = nullptr);

    void setRootPath(const QString &rootPath);
    QString rootPath() const { return m_root; }

    // Opens (or switches to) a file; path is root-relative or absolute.
    CodeEditor *openFile(const QString &path);
    // Opens the file, highlights the 1-based inclusive range (when `highlight`), scrolls it into
    // view and moves the cursor there.
    CodeEditor *showLocation(const QString &path, int startLine, int endLine, bool highlight);

    CodeEditor *currentEditor() const;
    CodeEditor *editorForPath(const QString &path) const;
    QList<CodeEditor *> editors() const;
    int count() const;
    QTabWidget *tabWidget() const { return m_tabs; }
    FindBar *findBar() const { return m_findBar; }
    GoToLineBar *goToLineBar() const { return m_gotoBar; }

    QString relativePath(const QString &path) const;
    QString absolutePath(const QString &path) const;

public Q_SLOTS:
    void closeCurrentTab();
    void closeTab(int index);
    void closeAll();
    void showFindBar();
    void showGoToLineBar();
    void findNext();
    void findPrevious();
    void clearHighlights();

Q_SIGNALS:
    void currentFileChanged(const QString &relativePath);
    void definitionRequested(const QString &identifier);
    void referencesRequested(const QString &identifier);
    void hoverRequested(const QString &identifier, const QPoint &globalPos);
    // A file is shown as plain text or only partly highlighted, and why (for the status bar).
    void highlightNote(const QString &message);

private:
    void updatePage();
    void updateTabTitles();
    void onCurrentChanged();

    QString m_root;
    QStackedWidget *m_stack;
    QTabWidget *m_tabs;
    QLabel *m_placeholder;
    FindBar *m_findBar;
    GoToLineBar *m_gotoBar;
};

} // namespace RepoLens
