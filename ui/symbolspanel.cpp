#include "symbolspanel.h"

#include "async.h"
#include "codeeditor.h"

#include "core/base/paths.h"
#include "core/base/safefile.h"

#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace RepoLens {

namespace {

constexpr int kLineRole = Qt::UserRole;
constexpr int kIndexRole = Qt::UserRole + 1;
constexpr qint64 kMaxBytes = 4 * 1024 * 1024;

struct Parsed
{
    LanguageId language = LanguageId::None;
    QList<OutlineItem> items;
};

} // namespace

SymbolsPanel::SymbolsPanel(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("symbolsPanel"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_tree = new QTreeWidget(this);
    m_tree->setObjectName(QStringLiteral("symbolsTree"));
    m_tree->setColumnCount(2);
    m_tree->setHeaderHidden(true);
    m_tree->setUniformRowHeights(true);
    m_tree->setFrameShape(QFrame::NoFrame);
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_placeholder = new QLabel(tr("Open a file to see its symbols."), this);
    m_placeholder->setObjectName(QStringLiteral("symbolsPlaceholder"));
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setEnabled(false);
    layout->addWidget(m_tree, 1);
    layout->addWidget(m_placeholder, 1);
    m_tree->hide();
    connect(m_tree, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem *item) { activate(item); });
    connect(m_tree, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) { activate(item); });
}

QString SymbolsPanel::kindLabel(ChunkKind kind, bool scope)
{
    if (scope)
        return tr("namespace");
    switch (kind) {
    case ChunkKind::Function:
        return tr("function");
    case ChunkKind::Method:
        return tr("method");
    case ChunkKind::Constructor:
        return tr("constructor");
    case ChunkKind::Class:
        return tr("class");
    case ChunkKind::Struct:
        return tr("struct");
    case ChunkKind::Interface:
        return tr("interface");
    case ChunkKind::Enum:
        return tr("enum");
    case ChunkKind::Trait:
        return tr("trait");
    case ChunkKind::Impl:
        return tr("implementation");
    case ChunkKind::Type:
        return tr("type");
    case ChunkKind::Macro:
        return tr("macro");
    case ChunkKind::Variable:
        return tr("variable");
    case ChunkKind::Module:
        return tr("module");
    default:
        return QString();
    }
}

void SymbolsPanel::setEditor(CodeEditor *editor)
{
    if (editor == m_editor && editor)
        return;
    disconnect(m_cursorConnection);
    disconnect(m_loadedConnection);
    m_editor = editor;
    ++m_generation;
    m_items.clear();
    m_language = LanguageId::None;
    fill();
    if (!editor)
        return;
    m_cursorConnection = connect(editor, &QsciScintilla::cursorPositionChanged, this,
                                 [this](int line, int) { followCursor(line + 1); });
    m_loadedConnection = connect(editor, &CodeEditor::loaded, this, &SymbolsPanel::reparse);
    if (editor->isLoaded())
        reparse();
}

void SymbolsPanel::reparse()
{
    if (!m_editor)
        return;
    const quint64 generation = ++m_generation;
    const QString path = m_editor->filePath();
    const QString rel = m_editor->relativePath();
    const QString root = !rel.isEmpty() && path.endsWith(u'/' + rel) ? path.left(path.size() - rel.size() - 1) : QString();
    const LanguageId byName = languageForPath(rel.isEmpty() ? path : rel);
    runAsync(
        this,
        [path, root, byName] {
            Parsed out;
            // Never blocking on a file that became a FIFO since the editor loaded it.
            const Result<QByteArray> read = readRegularFile(encodePath(path), kMaxBytes);
            if (!read)
                return out;
            const QByteArray text = read->left(kMaxBytes);
            out.language = fileLanguage(path, root, byName, text);
            if (isTreeSitterLanguage(out.language)) {
                Chunker chunker;
                out.items = chunker.outline(out.language, text);
            }
            return out;
        },
        [this, generation](Parsed parsed) {
            if (generation != m_generation)
                return; // another file (or a newer load) since
            m_language = parsed.language;
            m_items = std::move(parsed.items);
            fill();
            if (m_editor)
                followCursor(m_editor->currentLineNumber());
            Q_EMIT outlineReady(int(m_items.size()));
        });
}

void SymbolsPanel::fill()
{
    m_tree->clear();
    m_treeItems.clear();
    if (m_items.isEmpty()) {
        m_tree->hide();
        if (!m_editor)
            m_placeholder->setText(tr("Open a file to see its symbols."));
        else if (m_language != LanguageId::None && !isTreeSitterLanguage(m_language))
            m_placeholder->setText(tr("No symbols: %1 files are not parsed.")
                                       .arg(languageInfo(m_language).displayName));
        else
            m_placeholder->setText(tr("No symbols in this file."));
        m_placeholder->show();
        return;
    }
    m_placeholder->hide();
    m_tree->show();
    m_treeItems.reserve(m_items.size());
    for (int i = 0; i < m_items.size(); ++i) {
        const OutlineItem &o = m_items.at(i);
        QTreeWidgetItem *parent = o.parent >= 0 && o.parent < i ? m_treeItems.at(o.parent) : nullptr;
        auto *item = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(m_tree);
        item->setText(0, o.name);
        item->setText(1, kindLabel(o.kind, o.scope));
        item->setData(0, kLineRole, o.line);
        item->setData(0, kIndexRole, i);
        const QString qualified = displayQualifiedName(m_language, o.qualifiedName, isCallableKind(o.kind));
        item->setToolTip(0, o.signature.isEmpty() ? qualified : qualified + u'\n' + o.signature);
        item->setForeground(1, palette().brush(QPalette::Disabled, QPalette::Text));
        m_treeItems.append(item);
    }
    m_tree->expandAll();
}

void SymbolsPanel::followCursor(int line)
{
    // the innermost definition around the line (the outline is in source order, parents first)
    int found = -1;
    for (int i = 0; i < m_items.size(); ++i) {
        const OutlineItem &o = m_items.at(i);
        if (o.startLine <= line && line <= o.endLine)
            found = i;
        else if (o.startLine > line)
            break;
    }
    m_following = true;
    if (found >= 0) {
        m_tree->setCurrentItem(m_treeItems.at(found));
        m_tree->scrollToItem(m_treeItems.at(found));
    } else {
        m_tree->clearSelection();
    }
    m_following = false;
}

void SymbolsPanel::activate(QTreeWidgetItem *item)
{
    if (!item || m_following || !m_editor)
        return;
    const int line = item->data(0, kLineRole).toInt();
    m_editor->revealLines(line, line);
    m_editor->setFocus(Qt::OtherFocusReason);
    Q_EMIT itemActivated(line);
}

} // namespace RepoLens
