#pragma once

#include "core/parse/language.h"
#include "core/store/indexstore.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace RepoLens {

// One piece of code offered to the model, numbered for citations ([n]).
struct ContextChunk
{
    int number = 0;            // 1-based citation number once packed; 0 before
    qint64 chunkId = 0;
    qint64 parentChunkId = 0;  // the enclosing class skeleton, if any
    QString path;              // root-relative
    int startLine = 0;
    int endLine = 0;
    LanguageId language = LanguageId::None;
    QString kind;              // "function", "class", ...
    QString symbol;            // qualified name
    QString text;
    QStringList references;    // "calls parse_file (src/util.py:5)", "called by main (src/main.py:20)"
    QString source;            // "search", "mention", "graph", "hyde"
    double score = 0;
    int tokens = 0;            // estimated cost of its block in the prompt
    QString withheld;          // where credentials were withheld from `text`, in file lines:
                               // "lines 3-29 (private key); line 40 (credential)"; empty: none

    QString location() const;  // "path:start-end"
};

// Rough token count (about 4 bytes of UTF-8 per token for code and English): good enough for
// budgets; servers report the exact count.
int estimateTokens(QStringView text);

// The withholding stage applied to a chunk about to be sent: its text and references with
// every credential replaced, and `withheld` saying where (file lines).
void withholdFrom(ContextChunk &chunk);

// The block of one chunk in the prompt (its size is what the packer budgets):
//   [3] src/config.py:10-42 (function load_config)
//   ```python
//   ...
//   ```
//   References: calls parse_file (src/util.py:5); called by main (src/main.py:20)
QString formatContextChunk(const ContextChunk &chunk);

// Converts a stored chunk (with its references: calls / called by).
ContextChunk contextChunkFromRecord(const IndexStore &store, const ChunkRecord &chunk, int maxReferences = 6);

// "path lines 3-29 (private key)" for every chunk of a context that had credentials withheld.
QStringList withheldEntries(const QList<ContextChunk> &context);

} // namespace RepoLens
