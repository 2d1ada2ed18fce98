#pragma once

#include "chunk.h"

#include <QByteArray>

#include <atomic>
#include <memory>

namespace RepoLens {

struct ChunkerOptions
{
    int maxLines = 120;        // chunk budget: longer definitions are split into parts
    int maxBytes = 6000;
    int windowLines = 40;      // text / top-level code windows
    int parseTimeoutMs = 3000; // tree-sitter parse limit per file (the environment's
                               // REPOLENS_PARSE_TIMEOUT_MS overrides it); then text windows
};

// One entry of a file's outline: a definition with where it starts and ends, nested in the
// definitions around it (namespaces and modules included, which have no symbol of their own).
struct OutlineItem
{
    ChunkKind kind = ChunkKind::Function;
    bool scope = false;    // a namespace / module that only qualifies the names inside it
    QString name;
    QString qualifiedName;
    QString signature;
    int line = 0;          // 1-based line and byte column of the name
    int column = 0;
    int startLine = 0;     // the definition, doc comment included
    int endLine = 0;
    int parent = -1;       // index of the enclosing item
};

// Turns one file's text into chunks, symbols and references. Owns one tree-sitter parser, so
// use one Chunker per thread. Queries are compiled once and shared.
class Chunker
{
public:
    explicit Chunker(ChunkerOptions options = {});
    ~Chunker();
    Chunker(const Chunker &) = delete;
    Chunker &operator=(const Chunker &) = delete;

    const ChunkerOptions &options() const;

    // `text` must be valid UTF-8. Never fails: a grammar failure falls back to text windows
    // and says why in ParseResult::error. `cancel` aborts a running parse.
    ParseResult parse(LanguageId language, const QByteArray &text,
                      const std::atomic_bool *cancel = nullptr);

    // The file's definitions as a tree, in source order (the Symbols panel, Go to Symbol in
    // File). Empty for languages without a grammar and when the parse fails.
    QList<OutlineItem> outline(LanguageId language, const QByteArray &text,
                               const std::atomic_bool *cancel = nullptr);

private:
    class Private;
    std::unique_ptr<Private> d;
};

// Text windows for non-code files: Markdown by headings, everything else by blank-line
// separated paragraphs, each window at most `windowLines` lines / `maxBytes` bytes.
ParseResult chunkText(LanguageId language, const QByteArray &text, const ChunkerOptions &options);

// Plain-text dump of a parse result (golden files, `repolens-cli chunks`).
QString dumpParseResult(const ParseResult &result);

} // namespace RepoLens
