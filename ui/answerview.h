#pragma once

#include "codetheme.h"

#include "core/llm/citations.h"
#include "core/parse/highlighter.h"

#include <QHash>
#include <QObject>
#include <QSet>
#include <QTextBrowser>

namespace RepoLens {

// The language of a Markdown fence's info word ("py", "c++", "golang", "tsx", ...).
LanguageId languageForFence(const QString &tag);

// Tree-sitter highlighting of answer code blocks, computed on the thread pool (never on the
// GUI thread) and cached by (language, code); highlighted() says when new spans are ready.
class CodeHighlightCache : public QObject
{
    Q_OBJECT
public:
    explicit CodeHighlightCache(QObject *parent = nullptr);
    // The spans, or null (and a computation is started) when not ready yet.
    const QList<HighlightSpan> *spans(LanguageId language, const QString &code);

Q_SIGNALS:
    void highlighted();

private:
    QHash<QString, QList<HighlightSpan>> m_cache;
    QSet<QString> m_pending;
};

// HTML of a code block with tree-sitter colours (a header row with the language and a Copy
// link, then the code). `spans` may be null: plain text.
QString codeBlockHtml(int index, const QString &language, const QString &code, const QList<HighlightSpan> *spans,
                      const CodeTheme &theme, const QPalette &palette);

// One answer of the model, rendered from Markdown as it streams in. Untrusted text: raw HTML in
// it is shown as text and images are never loaded (renderMarkdown() never emits them and
// loadResource() refuses everything). Citations are checked against the index and the numbered
// context: valid ones are links that open the viewer at the cited lines, invalid ones are
// struck through in red with the reason as a tooltip. Grows to its content's height (no
// scroll bar of its own).
class AnswerView : public QTextBrowser
{
    Q_OBJECT
public:
    struct Source
    {
        int number = 0;
        QString path;
        int startLine = 0;
        int endLine = 0;
        QString symbol;
    };

    explicit AnswerView(CodeHighlightCache *cache, QWidget *parent = nullptr);

    void setCitationIndex(const CitationIndex &index) { m_index = index; }
    void setSources(const QList<Source> &sources);
    void setAnswer(const QString &markdown, bool streaming);
    QString answer() const { return m_markdown; }
    bool isStreaming() const { return m_streaming; }

    // What the last render found (for the status line and tests).
    const QList<CheckedCitation> &citations() const { return m_citations; }
    int invalidCitations() const;
    QStringList codeBlocks() const { return m_codeBlocks; }
    // Characters of Markdown rendered by the last update (while streaming: the new complete
    // blocks and the tail, not the whole answer).
    int lastRenderSize() const { return m_lastRenderSize; }
    // Follows the link of a rendered citation, as a click does (tests, keyboard).
    void activateCitation(int index);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void locationActivated(const QString &path, int startLine, int endLine);
    void codeCopied(int index);

protected:
    QVariant loadResource(int type, const QUrl &name) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void render();
    void renderStreaming();
    QString renderPiece(const QString &markdown);
    QString sourcesHtml();
    QString streamingMarker() const;
    void applyStyleSheet();
    void replaceTail(const QString &html);
    void updateHeight();
    void onAnchor(const QUrl &url);
    void onHover(const QUrl &url);

    CodeHighlightCache *m_cache;
    CitationIndex m_index;
    QList<Source> m_sources;
    QString m_markdown;
    bool m_streaming = false;
    QList<CheckedCitation> m_citations;
    QStringList m_codeBlocks;
    int m_height = 0;
    // Streaming: m_markdown[0, m_stableEnd) is rendered for good before document position
    // m_tailStart; the text after it is rendered again at each update. m_scanPos: the
    // Markdown is scanned for block ends up to here (m_scanInFence: inside a code fence).
    qsizetype m_stableEnd = 0;
    qsizetype m_scanPos = 0;
    bool m_scanInFence = false;
    int m_tailStart = 0;
    int m_stableCitations = 0;
    int m_stableCodeBlocks = 0;
    int m_lastRenderSize = 0;
};

} // namespace RepoLens
