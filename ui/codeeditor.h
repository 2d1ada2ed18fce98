#pragma once

#include "codetheme.h"

#include "core/parse/highlighter.h"
#include "core/parse/language.h"

#include <Qsci/qsciscintilla.h>

#include <QList>
#include <QPair>
#include <QPointer>

#include <functional>

namespace RepoLens {

class Highlighter;
class TreeSitterLexer;

// The contents of a file as read (and highlighted) on a worker thread.
struct LoadedFile
{
    QByteArray utf8;
    QString error;        // could not read it
    bool binary = false;
    bool truncated = false;
    bool converted = false; // not UTF-8: shown as Latin-1
    LanguageId language = LanguageId::None;
    QString mimeType;            // by name and content (the helper's fallback for unknown names)
    QList<HighlightSpan> spans;  // tree-sitter languages
    QList<int> foldLevels;       // Scintilla fold levels by indentation

    // Small enough to be highlighted (2 MiB), and text.
    bool highlightable() const;
};

// The language of a file as the indexer decides it: `byName` (languageForPath) unless the file
// is a `.h` header — C, C++ or Objective-C by the sources of its folder, else of the nearest
// folder above it (up to `rootPath`) that has any — or a script whose name says nothing, which
// goes by its shebang. Lists folders: not on the GUI thread.
LanguageId fileLanguage(const QString &absPath, const QString &rootPath, LanguageId byName, const QByteArray &text);

// Reads and prepares a file; runs on a worker thread. `language` is the language by name; the
// result's is decided by fileLanguage().
LoadedFile loadFile(const QString &absPath, LanguageId language, const QString &rootPath = {});

// One read-only code view: line numbers, folding, current-line highlight, syntax highlighting
// (a Highlighter backend: tree-sitter or the KSyntaxHighlighting helper), cited ranges (indicator + margin marker),
// Ctrl+click / F2 go to definition, hover requests. The file is read on a worker thread; calls
// made before it is loaded are applied when it is.
class CodeEditor : public QsciScintilla
{
    Q_OBJECT
public:
    explicit CodeEditor(QWidget *parent = nullptr);
    ~CodeEditor() override;

    // absPath: file on disk; relPath: root-relative path ('/' separated, may be empty).
    void openFile(const QString &absPath, const QString &relPath);
    QString filePath() const { return m_absPath; }
    QString relativePath() const { return m_relPath; }
    LanguageId languageId() const { return m_language; }
    bool isLoaded() const { return m_loaded; }
    QString loadError() const { return m_loadError; }
    void reload();

    // Lines are 1-based and inclusive throughout.
    void addSnippetHighlight(int startLine, int endLine);
    void clearSnippetHighlights();
    QList<QPair<int, int>> snippetHighlights() const { return m_snippets; }
    // Scrolls the range into the middle of the view and puts the cursor on its first line.
    void revealLines(int startLine, int endLine);
    void goToLine(int line);
    int currentLineNumber() const; // 1-based

    // The identifier at a document position / under the text cursor; empty when none.
    QString identifierAt(int position) const;
    QString identifierUnderCursor() const;
    int positionAtPoint(const QPoint &viewportPos) const; // -1 when not over text
    QPoint pointForPosition(int position) const;           // viewport coordinates

    void applyTheme(const CodeTheme &theme);
    CodeTheme theme() const { return m_theme; }
    TreeSitterLexer *treeSitterLexer() const;
    // The highlighting backend of the loaded file (nullptr before it is loaded).
    Highlighter *highlighter() const { return m_highlighter; }
    // Why the file is shown as plain text or only partly highlighted; empty when it is not.
    QString highlightNote() const;

    // Find support: highlights every match, returns how many; matchStarts() are their
    // document positions in order.
    int markAllMatches(const QString &text, bool caseSensitive, bool wholeWord, bool regex);
    void clearMatchMarks();
    const QList<int> &matchStarts() const { return m_matchStarts; }

Q_SIGNALS:
    void loaded();
    void definitionRequested(const QString &identifier);
    void referencesRequested(const QString &identifier);
    void hoverRequested(const QString &identifier, const QPoint &globalPos);
    // The highlighting backend gave up (helper missing, stopped, garbage): for the status bar.
    void highlightNoteChanged(const QString &note);
    // Every block of the file is highlighted, or highlighting gave up.
    void highlightingFinished();

protected:
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void keyReleaseEvent(QKeyEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void leaveEvent(QEvent *event) override;

private:
    void configure();
    void applyLoaded(LoadedFile &&file);
    void setupHighlighter(const LoadedFile &file);
    void updateLineNumberWidth();
    void setLinkHover(int position);
    void clearLinkHover();
    void onDwellStart(int position, int x, int y);
    void paintSnippet(int startLine, int endLine);

    QString m_absPath;
    QString m_relPath;
    LanguageId m_language = LanguageId::None;
    bool m_loaded = false;
    QString m_loadError;
    CodeTheme m_theme;
    Highlighter *m_highlighter = nullptr;
    QList<QPair<int, int>> m_snippets;
    QList<std::function<void()>> m_pending;
    QList<int> m_matchStarts;
    int m_linkStart = -1;
    int m_linkEnd = -1;
    quint64 m_loadGeneration = 0;
};

} // namespace RepoLens
