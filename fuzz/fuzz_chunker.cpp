// Fuzzes what every file of a repository goes through: the content classifier (binary,
// encodings, generated/minified) and, for text, the tree-sitter chunker with its tags query
// (chunks, symbols, references). The first byte picks the language. Checks that every range
// points inside the text and every index inside its list.

#include "core/index/contentclassifier.h"
#include "core/parse/chunker.h"

#include <cstddef>
#include <cstdint>

using namespace RepoLens;

namespace {

struct Case
{
    const char *path;
    LanguageId language;
};

const Case kCases[] = {
    {"a.py", LanguageId::Python},     {"A.java", LanguageId::Java},     {"a.rs", LanguageId::Rust},
    {"a.js", LanguageId::JavaScript}, {"a.ts", LanguageId::TypeScript}, {"a.tsx", LanguageId::Tsx},
    {"a.c", LanguageId::C},           {"a.cpp", LanguageId::Cpp},       {"a.go", LanguageId::Go},
    // scripts/fuzz seeds the languages above in this order: keep new ones after them
    {"a.cs", LanguageId::CSharp},     {"a.rb", LanguageId::Ruby},       {"a.php", LanguageId::Php},
    {"a.kt", LanguageId::Kotlin},     {"a.swift", LanguageId::Swift},   {"a.scala", LanguageId::Scala},
    {"a.hs", LanguageId::Haskell},    {"a.ex", LanguageId::Elixir},     {"a.lua", LanguageId::Lua},
    {"a.zig", LanguageId::Zig},       {"a.sh", LanguageId::Bash},       {"a.dart", LanguageId::Dart},
    {"a.ml", LanguageId::OCaml},      {"a.mli", LanguageId::OCamlInterface},
    {"a.jl", LanguageId::Julia},      {"a.m", LanguageId::ObjC},
    {"README.md", LanguageId::Markdown}, {"notes.txt", LanguageId::PlainText},
};

void check(bool ok)
{
    if (!ok)
        __builtin_trap();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    static Chunker chunker([] {
        ChunkerOptions o;
        o.parseTimeoutMs = 2000; // well under libFuzzer's -timeout
        return o;
    }());
    const Case &c = kCases[data[0] % (sizeof kCases / sizeof kCases[0])];
    const QByteArray bytes(reinterpret_cast<const char *>(data + 1), qsizetype(size - 1));
    const ContentVerdict verdict = classifyContent(QString::fromLatin1(c.path), c.language, bytes);
    if (verdict.status != FileStatus::Pending)
        return 0;
    const QByteArray &text = verdict.utf8;
    const ParseResult r = isTreeSitterLanguage(c.language) ? chunker.parse(c.language, text)
                                                           : chunkText(c.language, text, chunker.options());
    const int n = int(r.chunks.size());
    for (const Chunk &chunk : r.chunks) {
        check(chunk.startByte >= 0 && chunk.startByte <= chunk.endByte && chunk.endByte <= text.size());
        check(chunk.startLine >= 1 && chunk.startLine <= chunk.endLine);
        check(chunk.endLine <= std::max(1, r.lineCount) + 1);
        check(chunk.parent < n);
    }
    for (const Symbol &s : r.symbols)
        check(s.chunk < n && s.line >= 1);
    for (const Reference &ref : r.refs)
        check(ref.chunk < n && ref.line >= 1 && !ref.name.isEmpty());
    (void)dumpParseResult(r);
    return 0;
}
