#pragma once

#include "citations.h"

#include <QString>
#include <QStringList>

#include <functional>

namespace RepoLens {

struct MarkdownCodeBlock
{
    QString language;  // the fence's info word ("python", "cpp", ""), lowercased
    QString code;
    bool closed = true; // false for a fence still streaming in
};

struct MarkdownHooks
{
    // HTML of a fenced code block (index counts from 0 in the document). Default: an escaped <pre>.
    std::function<QString(int index, const MarkdownCodeBlock &block)> codeBlock;
    // HTML of a citation found in prose or alone in an inline code span. `text` is the raw
    // written text (unescaped). Default: the escaped text. Set detectCitations = false to skip.
    std::function<QString(const CitationMatch &match, const QString &text, bool inCode)> citation;
    bool detectCitations = true;
};

struct MarkdownResult
{
    QString html;
    QList<MarkdownCodeBlock> codeBlocks;
    int citations = 0;
};

// Renders the Markdown an LLM writes (CommonMark / GitHub subset: ATX headings, paragraphs,
// emphasis, strikethrough, inline code, fenced code blocks, nested lists, block quotes, tables,
// rules, links) to the HTML subset QTextDocument understands. Untrusted input: every piece of
// text is escaped, so raw HTML in the Markdown shows as text and is never interpreted; images
// are never emitted (`![alt](url)` becomes the text "[image: alt]"), so nothing remote is
// loaded; only http(s) links become anchors. Pure string processing; safe to fuzz.
MarkdownResult renderMarkdown(const QString &markdown, const MarkdownHooks &hooks = {});

} // namespace RepoLens
