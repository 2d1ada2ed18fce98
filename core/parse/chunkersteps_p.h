#pragma once

// The chunker's steps after the tags query has run, each a function of plain values (no
// tree-sitter types), so each can be tested on its own:
//
//   tags query ─► definitions + raw references          (chunker.cpp, TagsCollector)
//   nestDefinitions       order by position, link each definition to its enclosing one
//   mergeClauses          one definition for the equations / clauses of a function
//   qualifyDefinitions    final kinds, qualified names, which definitions get chunks
//   emitDefinitionChunks  chunks (containers as skeletons, long ones split in parts)
//   collectSymbols        one symbol per definition, nested ones pointing at their chunk
//   emitTopLevelCode      windows over the code between definitions
//   sortChunks            chunks by position, parents first
//   attachReferences      each reference (and each symbol without a chunk) to the innermost
//                         chunk holding its line

#include "chunk.h"
#include "chunker.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QElapsedTimer>
#include <QList>
#include <QString>

#include <vector>

namespace RepoLens {

struct LanguageSyntax;

namespace ChunkerSteps {

// Line starts of a UTF-8 buffer; lines are 1-based.
class LineIndex
{
public:
    explicit LineIndex(QByteArrayView text);
    int lineCount() const { return m_size == 0 ? 0 : int(m_starts.size()); }
    int lineOf(int byte) const;
    int lineStart(int line) const { return m_starts.at(size_t(line - 1)); }
    // Start of the next line (the newline included).
    int lineEnd(int line) const
    {
        return line < int(m_starts.size()) ? m_starts.at(size_t(line)) : m_size;
    }
    QByteArrayView slice(QByteArrayView text, int firstLine, int lastLine) const
    {
        const int b = lineStart(firstLine);
        return text.sliced(b, lineEnd(lastLine) - b);
    }

private:
    std::vector<int> m_starts;
    int m_size = 0;
};

// A definition found by the tags query.
struct Def
{
    ChunkKind kind = ChunkKind::Function;
    bool scopeOnly = false;   // a namespace: qualifies names, gets no chunk
    bool moduleCapture = false; // @definition.module: may turn out a container
    bool symbolOnly = false;  // a property or field: a symbol, its text in the container's chunk
    bool scopeSymbol = false; // a scope that is a symbol too (an Elixir module without functions)
    int start = 0;            // extended over wrappers and attached comments
    int end = 0;
    int nodeStart = 0;        // the captured node
    int nodeEnd = 0;
    QString name;
    QString qualifier;        // written before the name (`Foo::bar`) or a method's receiver
    int nameLine = 0;
    int nameColumn = 0;
    int nameByte = -1;
    int bodyStart = -1;
    int bodyEnd = -1;
    QString doc;
    QList<int> clauseNameBytes; // names of the later clauses joined into this one (mergeClauses)
    int parent = -1;          // enclosing definition (after nestDefinitions)
    int chunk = -1;           // first chunk index, -1 when symbol-only
    bool chunked = false;     // gets chunks of its own (after qualifyDefinitions)
    QString qualifiedName;
};

// A reference found by the tags query.
struct RawRef
{
    RefKind kind = RefKind::Call;
    QString name;
    QString qualifier;
    int byte = 0;
    int line = 0;
    int column = 0;
};

// Splits "a::b<T>::c" / "a.b.c" into qualifier "a.b" and name "c". C++ operators keep their
// name whole: "Foo<T>::operator<<" gives "Foo" and "operator<<", a conversion operator's text
// "operator bool() const" gives "operator bool".
void splitQualifiedName(QString text, QString *qualifier, QString *name);

// C, C++ and Objective-C sources with attribute and export macros the grammar cannot know
// (`FMT_API`, `FMT_CONSTEXPR20`, `NS_ASSUME_NONNULL_BEGIN`, `- (id)init NS_DESIGNATED_INITIALIZER;`,
// `API_AVAILABLE(ios(10))`): the same text with those macros replaced by spaces, so every byte
// offset stays where it was. Only all-caps names with an underscore count, and only where a
// macro of that kind stands: alone on a line, before a declaration's next word, or after a
// declarator before `;` / `{`. A macro alone on a line counts also after a trailing comment
// (`}  // namespace detail` then `FMT_BEGIN_EXPORT`). Functional casts the grammar lacks
// (`unsigned(x)`) become `int     (x)`. Preprocessor lines are left alone. Returns `text`
// unchanged when there is nothing to blank.
QByteArray blankAttributeMacros(const QByteArray &text);

// C, C++ and Objective-C preprocessor shapes the grammar cannot parse, made harmless with every
// byte offset kept: the include guard around a whole header (an error anywhere inside it makes
// the grammar give up on the whole file), conditionals that hold only attributes (`#if
// FMT_GCC_VERSION` `__attribute__((always_inline))` `#endif` between a template's parameters
// and its function), header names in conditions (`#if __has_include(<bit>)`) and comments
// inside a `#define` continued over several lines. Returns `text` unchanged when there is
// nothing to do.
QByteArray simplifyPreprocessor(const QByteArray &text);

// Rust's `match &raw {` borrows a variable named raw; the grammar reads `&raw` as the start of a
// raw borrow (`&raw const x`) whatever follows. Such an `&raw` becomes `&Raw`. Returns `text`
// unchanged when there is nothing to do.
QByteArray separateRustRawReferences(const QByteArray &text);

// Dart 3's class modifiers (`sealed class`, `final class`, `base mixin class`, `interface
// class`), which the grammar predates: blanked before `class` (`abstract` stays). Returns
// `text` unchanged when there is nothing to do.
QByteArray blankDartClassModifiers(const QByteArray &text);

// Kotlin identifiers that start with a keyword and go on with digits (`in1`, `as2`) at the start
// of a line: the grammar's scanner takes the keyword for an operator continuing the line
// before. Their first letter is upper-cased (`In1`), which no keyword matches. Returns `text`
// unchanged when there is nothing to do.
QByteArray separateKotlinKeywordPrefixes(const QByteArray &text);

// Blank, or only closing brackets / semicolons (and a trailing // comment).
bool isClosingOnlyLine(QByteArrayView line);

// "def request(self, method, url)": the definition's header up to its body.
QString signatureOf(const Def &def, QByteArrayView src);

// The container's text with the bodies of its direct members replaced by "{ … }" / "…".
QByteArray skeletonOf(const std::vector<Def> &defs, int index, QByteArrayView src,
                      const LineIndex &lines);

void nestDefinitions(std::vector<Def> *defs);
// Joins adjacent sibling definitions of one name and kind into the first (nests again).
void mergeClauses(std::vector<Def> *defs);
void qualifyDefinitions(std::vector<Def> *defs, const LanguageSyntax &syntax);

// Appends chunks for byte ranges of the source, split at line boundaries into parts that keep
// within the budget (a single over-long line by bytes).
class ChunkCutter
{
public:
    ChunkCutter(QByteArrayView src, const LineIndex &lines, const ChunkerOptions &options,
                QList<Chunk> *out);

    int maxLines() const { return m_maxLines; }
    int maxBytes() const { return m_maxBytes; }
    // [startByte, endByte) with its own text, in parts when over budget; the first index.
    int cut(Chunk base, int startByte, int endByte);
    // [startByte, endByte) represented by `text` (a skeleton), one chunk; the first index.
    int withText(Chunk base, int startByte, int endByte, const QString &text);
    // A skeleton too long even without member bodies: its lines in parts that all cover the
    // whole definition; the first index.
    int skeletonParts(Chunk base, int startByte, int endByte, const QByteArray &skeleton);

private:
    QByteArrayView m_src;
    const LineIndex &m_lines;
    int m_maxLines;
    int m_maxBytes;
    QList<Chunk> *m_out;
};

// Chunks for every chunked definition; the first chunk index per definition (-1: none).
// Signatures come from `signatureSrc` when given: the text the tree was parsed from, with the
// macros and branches a retry rewrite took out (names and chunk text come from `src`).
std::vector<int> emitDefinitionChunks(std::vector<Def> *defs, QByteArrayView src,
                                      const LineIndex &lines, ChunkCutter *cutter,
                                      QByteArrayView signatureSrc = {});
void collectSymbols(const std::vector<Def> &defs, const std::vector<int> &defChunk,
                    QList<Symbol> *symbols);
void emitTopLevelCode(const std::vector<Def> &defs, QByteArrayView src, const LineIndex &lines,
                      int windowLines, ChunkCutter *cutter);
void sortChunks(ParseResult *result);
void attachReferences(std::vector<RawRef> refs, const std::vector<Def> &defs,
                      const LineIndex &lines, ParseResult *result);

// The clock of a parse's time limit: the CPU time of the parsing thread. The limit is there
// against pathological input; a file must not lose its parse for good because the machine was
// busy (on wall time, a loaded machine turned ordinary files into text windows). The wall clock
// is read first, as it is cheap; the thread's CPU time only once that is over the limit.
class ParseTimer
{
public:
    void start();
    bool over(qint64 limitMs) const;

private:
    QElapsedTimer m_wall;
    qint64 m_cpuStartMs = 0;
};

} // namespace ChunkerSteps
} // namespace RepoLens
