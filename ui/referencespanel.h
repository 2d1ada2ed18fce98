#pragma once

#include <QList>
#include <QWidget>

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace RepoLens {

// A location shown in the references panel.
struct CodeLocation
{
    QString path;
    int line = 0;
    int column = 0;
    int endLine = 0;
    QString kind;    // "call", "definition", ...
    QString context; // enclosing symbol
    QString text;    // the line, trimmed
    bool textMatch = false; // found by text, not by the reference graph: shown dimmed
};

// The bottom panel: usages of a symbol (Find References), several definitions to choose from
// (Go to Definition), grouped by file; every row opens its location.
class ReferencesPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ReferencesPanel(QWidget *parent = nullptr);

    void showSearching(const QString &title);
    void setLocations(const QString &title, const QList<CodeLocation> &locations);
    void setMessage(const QString &message);
    QTreeWidget *tree() const { return m_tree; }
    int locationCount() const { return m_count; }
    QLabel *titleLabel() const { return m_title; }

Q_SIGNALS:
    void locationActivated(const QString &path, int startLine, int endLine);

private:
    void showTree(bool show);

    QLabel *m_title;
    QTreeWidget *m_tree;
    int m_count = 0;
};

} // namespace RepoLens
