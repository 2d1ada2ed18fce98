#pragma once

#include "core/parse/chunker.h"
#include "core/parse/language.h"

#include <QPointer>
#include <QWidget>

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace RepoLens {

class CodeEditor;

// The Symbols panel: the open file's definitions as a tree (namespaces, types, their members),
// from the file's own text parsed on a worker thread, so it works before and without an index.
// Clicking an entry shows it in the viewer; the entry holding the cursor is selected as the
// cursor moves.
class SymbolsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit SymbolsPanel(QWidget *parent = nullptr);

    // The editor to follow (nullptr: nothing open). Parses its file again when it changes.
    void setEditor(CodeEditor *editor);
    CodeEditor *editor() const { return m_editor; }
    // The current outline, in source order (empty until parsed).
    const QList<OutlineItem> &items() const { return m_items; }
    LanguageId language() const { return m_language; }
    QTreeWidget *tree() const { return m_tree; }

    // "method", "class", ... as the panel shows it.
    static QString kindLabel(ChunkKind kind, bool scope);

Q_SIGNALS:
    void outlineReady(int count);
    void itemActivated(int line);

private:
    void reparse();
    void fill();
    void followCursor(int line);
    void activate(QTreeWidgetItem *item);

    QPointer<CodeEditor> m_editor;
    QMetaObject::Connection m_cursorConnection;
    QMetaObject::Connection m_loadedConnection;
    QTreeWidget *m_tree;
    QLabel *m_placeholder;
    QList<OutlineItem> m_items;
    QList<QTreeWidgetItem *> m_treeItems;
    LanguageId m_language = LanguageId::None;
    quint64 m_generation = 0;
    bool m_following = false;
};

} // namespace RepoLens
