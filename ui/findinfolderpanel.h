#pragma once

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QSpinBox;
class QToolButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace RepoLens {

class QueryRunner;
struct GrepPage;

// Edit ▸ Find in Folder (Ctrl+Shift+F): exact text or a regular expression in every indexed file
// of the folder, answered from the grep index (core/grep) on the QueryRunner's threads, live as
// you type. Results are grouped by file; each row shows the line number and the line with the
// match highlighted (and, when asked, lines of context around it, dimmed), and opens the viewer
// there. A pattern the index cannot narrow reads every
// file: a progress bar and Stop show while it does.
class FindInFolderPanel : public QWidget
{
    Q_OBJECT
public:
    explicit FindInFolderPanel(QWidget *parent = nullptr);

    void setQueryRunner(QueryRunner *runner) { m_runner = runner; }
    // A new folder: results and the running search go.
    void setRootPath(const QString &root);
    // Focuses the pattern; `text` (when not empty) replaces it.
    void activate(const QString &text = {});
    // The index changed: searches again when there is a pattern.
    void refresh();
    void stop();

    QLineEdit *patternEdit() const { return m_pattern; }
    QLineEdit *globEdit() const { return m_globs; }
    QCheckBox *regexBox() const { return m_regex; }
    QCheckBox *caseBox() const { return m_case; }
    QCheckBox *wordBox() const { return m_word; }
    QSpinBox *contextBox() const { return m_context; }
    QTreeWidget *tree() const { return m_tree; }
    QLabel *statusLabel() const { return m_status; }
    QProgressBar *progressBar() const { return m_progress; }
    QToolButton *stopButton() const { return m_stop; }
    int matchCount() const { return m_matches; }
    bool isSearching() const { return m_searching; }

    // Item data of a match row.
    static constexpr int kPathRole = Qt::UserRole + 1;
    static constexpr int kLineRole = Qt::UserRole + 2;
    static constexpr int kTextRole = Qt::UserRole + 3;
    static constexpr int kMatchStartRole = Qt::UserRole + 4;
    static constexpr int kMatchLengthRole = Qt::UserRole + 5;
    static constexpr int kMoreRole = Qt::UserRole + 6;
    // A line of context around a match (shown dimmed, no match in it).
    static constexpr int kContextRole = Qt::UserRole + 7;
    // A file row: the matches under it.
    static constexpr int kMatchCountRole = Qt::UserRole + 8;

Q_SIGNALS:
    void locationActivated(const QString &path, int startLine, int endLine);
    // A search ended: its matches (after Stop: those shown so far), -1 for an error.
    void searchFinished(int matches);

private:
    void schedule();
    void start(bool more);
    void showPage(quint64 generation, const GrepPage &page, bool more, qint64 elapsedMs);
    void showError(const QString &message);
    void showProgress(quint64 generation, int done, int total);
    void setSearching(bool searching);
    void activateItem(QTreeWidgetItem *item);
    void addLine(const QString &path, int line, const QString &text, int matchStart, int matchLength, bool context);
    QString patternMessage() const;

    QueryRunner *m_runner = nullptr;
    QString m_root;
    QLineEdit *m_pattern;
    QLineEdit *m_globs;
    QCheckBox *m_regex;
    QCheckBox *m_case;
    QCheckBox *m_word;
    QSpinBox *m_context;
    QTreeWidget *m_tree;
    QLabel *m_status;
    QProgressBar *m_progress;
    QToolButton *m_stop;
    QTimer m_debounce;
    QElapsedTimer m_clock;
    quint64 m_generation = 0;
    bool m_searching = false;
    int m_matches = 0;
    int m_files = 0;
    bool m_narrowed = true;
    QString m_resumePath;
    int m_resumeLine = 0;
    QTreeWidgetItem *m_lastFile = nullptr;
    int m_lastLineShown = 0; // in m_lastFile: context lines up to it are not repeated
};

} // namespace RepoLens
