#include "codeviewer.h"

#include "codeeditor.h"
#include "findbar.h"

#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QStackedWidget>
#include <QTabBar>
#include <QTabWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace RepoLens {

CodeViewer::CodeViewer(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    m_stack = new QStackedWidget(this);
    m_tabs = new QTabWidget(m_stack);
    m_tabs->setObjectName(QStringLiteral("editorTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->setTabsClosable(true);
    m_tabs->setMovable(true);
    m_tabs->setUsesScrollButtons(true);
    m_tabs->setElideMode(Qt::ElideMiddle);
    m_placeholder = new QLabel(m_stack);
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setForegroundRole(QPalette::PlaceholderText);
    m_placeholder->setText(tr("Open a file from the tree or with Ctrl+P,\n"
                              "or ask a question in the chat (Ctrl+L)."));
    m_placeholder->setAutoFillBackground(true);
    m_placeholder->setBackgroundRole(QPalette::Base);
    m_stack->addWidget(m_placeholder);
    m_stack->addWidget(m_tabs);
    m_findBar = new FindBar(this);
    m_findBar->hide();
    m_gotoBar = new GoToLineBar(this);
    m_gotoBar->hide();
    layout->addWidget(m_stack, 1);
    layout->addWidget(m_findBar);
    layout->addWidget(m_gotoBar);

    connect(m_tabs, &QTabWidget::tabCloseRequested, this, &CodeViewer::closeTab);
    connect(m_tabs, &QTabWidget::currentChanged, this, &CodeViewer::onCurrentChanged);
    updatePage();
}

void CodeViewer::setRootPath(const QString &rootPath)
{
    closeAll();
    m_root = rootPath;
}

QString CodeViewer::relativePath(const QString &path) const
{
    if (m_root.isEmpty())
        return QFileInfo(path).isAbsolute() ? QString() : path;
    if (!QFileInfo(path).isAbsolute())
        return QDir::cleanPath(path);
    const QString rel = QDir(m_root).relativeFilePath(path);
    return rel.startsWith(QLatin1String("..")) ? QString() : rel;
}

QString CodeViewer::absolutePath(const QString &path) const
{
    if (QFileInfo(path).isAbsolute() || m_root.isEmpty())
        return QDir::cleanPath(path);
    return QDir::cleanPath(m_root + u'/' + path);
}

CodeEditor *CodeViewer::editorForPath(const QString &path) const
{
    const QString abs = absolutePath(path);
    for (CodeEditor *e : editors()) {
        if (e->filePath() == abs)
            return e;
    }
    return nullptr;
}

QList<CodeEditor *> CodeViewer::editors() const
{
    QList<CodeEditor *> list;
    for (int i = 0; i < m_tabs->count(); ++i) {
        if (auto *e = qobject_cast<CodeEditor *>(m_tabs->widget(i)))
            list.append(e);
    }
    return list;
}

int CodeViewer::count() const
{
    return m_tabs->count();
}

CodeEditor *CodeViewer::currentEditor() const
{
    return qobject_cast<CodeEditor *>(m_tabs->currentWidget());
}

CodeEditor *CodeViewer::openFile(const QString &path)
{
    if (CodeEditor *existing = editorForPath(path)) {
        m_tabs->setCurrentWidget(existing);
        return existing;
    }
    const QString abs = absolutePath(path);
    const QString rel = relativePath(path);
    auto *editor = new CodeEditor(m_tabs);
    editor->openFile(abs, rel);
    connect(editor, &CodeEditor::definitionRequested, this, &CodeViewer::definitionRequested);
    connect(editor, &CodeEditor::referencesRequested, this, &CodeViewer::referencesRequested);
    connect(editor, &CodeEditor::hoverRequested, this, &CodeViewer::hoverRequested);
    connect(editor, &CodeEditor::highlightNoteChanged, this, [this, editor](const QString &note) {
        if (!note.isEmpty())
            Q_EMIT highlightNote(tr("%1: %2").arg(QFileInfo(editor->filePath()).fileName(), note));
    });
    const int index = m_tabs->addTab(editor, QFileInfo(abs).fileName());
    m_tabs->setTabToolTip(index, rel.isEmpty() ? abs : rel);
    m_tabs->setCurrentIndex(index);
    updateTabTitles();
    updatePage();
    return editor;
}

CodeEditor *CodeViewer::showLocation(const QString &path, int startLine, int endLine, bool highlight)
{
    CodeEditor *editor = openFile(path);
    if (highlight && startLine > 0)
        editor->addSnippetHighlight(startLine, std::max(startLine, endLine));
    if (startLine > 0)
        editor->revealLines(startLine, std::max(startLine, endLine));
    editor->setFocus();
    return editor;
}

void CodeViewer::closeCurrentTab()
{
    closeTab(m_tabs->currentIndex());
}

void CodeViewer::closeTab(int index)
{
    QWidget *w = m_tabs->widget(index);
    if (!w)
        return;
    m_tabs->removeTab(index);
    w->deleteLater();
    updateTabTitles();
    updatePage();
}

void CodeViewer::closeAll()
{
    while (m_tabs->count() > 0)
        closeTab(0);
}

void CodeViewer::showFindBar()
{
    CodeEditor *editor = currentEditor();
    if (!editor)
        return;
    m_gotoBar->hide();
    m_findBar->setEditor(editor);
    m_findBar->activate(editor->hasSelectedText() ? editor->selectedText() : QString());
}

void CodeViewer::showGoToLineBar()
{
    CodeEditor *editor = currentEditor();
    if (!editor)
        return;
    m_findBar->hide();
    m_gotoBar->setEditor(editor);
    m_gotoBar->activate();
}

void CodeViewer::findNext()
{
    if (!m_findBar->isVisible())
        showFindBar();
    else
        m_findBar->findNext();
}

void CodeViewer::findPrevious()
{
    if (!m_findBar->isVisible())
        showFindBar();
    else
        m_findBar->findPrevious();
}

void CodeViewer::clearHighlights()
{
    if (CodeEditor *e = currentEditor())
        e->clearSnippetHighlights();
}

void CodeViewer::updateTabTitles()
{
    // Files of the same name get as much of their folder as tells them apart:
    // "app.py — flask" and "app.py — sansio" (Qt Creator, VS Code).
    QList<QStringList> folders; // per tab: the folder components, innermost first
    QStringList names;
    for (int i = 0; i < m_tabs->count(); ++i) {
        auto *e = qobject_cast<CodeEditor *>(m_tabs->widget(i));
        const QString path = e ? (e->relativePath().isEmpty() ? e->filePath() : e->relativePath()) : QString();
        names << QFileInfo(path).fileName();
        QStringList parts = QFileInfo(path).path().split(u'/', Qt::SkipEmptyParts);
        if (parts.size() == 1 && parts.first() == QLatin1String("."))
            parts.clear();
        std::reverse(parts.begin(), parts.end());
        folders << parts;
    }
    for (int i = 0; i < m_tabs->count(); ++i) {
        QString title = names.at(i);
        int depth = 0;
        for (int j = 0; j < m_tabs->count(); ++j) {
            if (j == i || names.at(j) != names.at(i))
                continue;
            // the fewest folder components that differ from tab j
            int d = 1;
            while (d <= folders.at(i).size() && folders.at(i).mid(0, d) == folders.at(j).mid(0, d))
                ++d;
            depth = std::max(depth, std::min<int>(d, int(folders.at(i).size())));
        }
        if (depth > 0) {
            QStringList shown = folders.at(i).mid(0, depth);
            std::reverse(shown.begin(), shown.end());
            title += QStringLiteral(" — ") + shown.join(u'/');
        } else if (depth == 0 && folders.at(i).isEmpty()) {
            for (int j = 0; j < m_tabs->count(); ++j) {
                if (j != i && names.at(j) == names.at(i)) {
                    title += QStringLiteral(" — ") + tr("(top level)");
                    break;
                }
            }
        }
        m_tabs->setTabText(i, title);
    }
}

void CodeViewer::updatePage()
{
    m_stack->setCurrentWidget(m_tabs->count() > 0 ? static_cast<QWidget *>(m_tabs) : m_placeholder);
    if (m_tabs->count() == 0) {
        m_findBar->hide();
        m_gotoBar->hide();
    }
}

void CodeViewer::onCurrentChanged()
{
    CodeEditor *editor = currentEditor();
    m_findBar->setEditor(editor);
    m_gotoBar->setEditor(editor);
    Q_EMIT currentFileChanged(editor ? editor->relativePath() : QString());
}

} // namespace RepoLens
