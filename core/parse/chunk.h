#pragma once

#include "language.h"

#include <QList>
#include <QString>

namespace RepoLens {

// Chunk kinds (stored by name). Containers (class, struct, ...) are stored as skeletons.
enum class ChunkKind : int {
    Function = 0,
    Method,
    Constructor,
    Class,
    Struct,
    Interface,
    Enum,
    Trait,
    Impl,
    Type,    // type alias / typedef
    Macro,
    Code,    // top-level code between definitions
    Section, // Markdown section
    Text,    // plain-text / config window
    Variable, // module-level constant / global
    Module,   // a module holding functions (Ruby mixin, Elixir/OCaml module), as a skeleton
};

QString chunkKindName(ChunkKind kind);
ChunkKind chunkKindFromName(QStringView name, bool *ok = nullptr);
bool isContainerKind(ChunkKind kind);  // class, struct, interface, enum, trait, impl, module
bool isCallableKind(ChunkKind kind);   // function, method, constructor

struct Chunk
{
    ChunkKind kind = ChunkKind::Code;
    QString name;          // "request"; empty for code/text windows
    QString qualifiedName; // "Session.request" (scopes joined by '.', also for C++/Rust)
    int parent = -1;       // index of the enclosing container chunk in ParseResult::chunks
    int startLine = 0;     // 1-based, inclusive (includes attached doc comments)
    int endLine = 0;       // 1-based, inclusive
    int startByte = 0;     // byte offsets into the UTF-8 text, [startByte, endByte)
    int endByte = 0;
    int part = 0;          // 0 = whole; 1..partCount for a split oversize function
    int partCount = 0;
    QString signature;     // header up to the body: "def request(self, method, url, ...)"
    QString doc;           // doc comment / docstring, comment markers kept
    QString text;          // the source (for containers: the skeleton)
};

// Reference kinds (stored by name).
enum class RefKind : int { Call = 0, New, Import, Include, Inherit, Type };
QString refKindName(RefKind kind);
RefKind refKindFromName(QStringView name, bool *ok = nullptr);

struct Reference
{
    RefKind kind = RefKind::Call;
    QString name;       // the identifier as written (last component): "request"; imports: module path
    QString qualifier;  // receiver/scope text when present: "self.session", "std"
    int line = 0;       // 1-based
    int column = 0;     // 1-based, in bytes
    int chunk = -1;     // index of the innermost chunk containing the reference
};

// A definition: every chunked definition has one, and so do definitions nested inside
// functions (closures, local classes) which are not chunked on their own.
struct Symbol
{
    ChunkKind kind = ChunkKind::Function;
    QString name;
    QString qualifiedName;
    int line = 0;    // 1-based line of the name
    int column = 0;  // 1-based byte column of the name
    int chunk = -1;  // the chunk holding the definition (its first part)
};

struct ParseResult
{
    LanguageId language = LanguageId::None;
    QList<Chunk> chunks;
    QList<Symbol> symbols;
    QList<Reference> refs;
    int lineCount = 0;
    int syntaxErrors = 0;   // ERROR/MISSING nodes seen (the tree is still used)
    bool fellBackToText = false;  // grammar failed (timeout, ...) and text windows were used
    QString error;          // why the fallback happened
};

} // namespace RepoLens
