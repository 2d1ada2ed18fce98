#pragma once

#include <QWidget>

class QLineEdit;
class QToolButton;
class QTreeView;
class QLabel;

namespace RepoLens {

class FileTreeModel;
class FileFilterProxy;

// The "Files" dock: filter box over the folder tree with index statuses.
class FileTreePanel : public QWidget
{
    Q_OBJECT
public:
    explicit FileTreePanel(QWidget *parent = nullptr);

    FileTreeModel *model() const { return m_model; }
    QTreeView *view() const { return m_view; }
    QLineEdit *filterEdit() const { return m_filter; }

    // Selects and scrolls to a file (expanding its folders).
    void revealPath(const QString &relPath);
    void setSummary(const QString &text);
    // Shown instead of the tree while it has no entries ("No folder is open", "Reading…").
    void setPlaceholderText(const QString &text);
    QLabel *placeholder() const { return m_placeholder; }
    QLabel *summaryLabel() const { return m_summary; }

Q_SIGNALS:
    void fileActivated(const QString &relPath);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void applyFilter();
    void updatePlaceholder();
    void saveViewState();
    void restoreViewState();

    FileTreeModel *m_model;
    FileFilterProxy *m_proxy;
    QTreeView *m_view;
    QLineEdit *m_filter;
    QToolButton *m_showIgnored;
    QLabel *m_summary;
    QLabel *m_placeholder;
    QString m_emptyText;          // the placeholder's text while the tree has no entries
    QStringList m_expanded;       // kept across a model reset (files came or went)
    QString m_currentPath;
    int m_scroll = 0;
};

} // namespace RepoLens
