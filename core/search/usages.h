#pragma once

#include "core/store/indexstore.h"

#include <QList>
#include <QString>

namespace RepoLens {

// Usages of one definition among several of the same name ("Flask.url_for" and the free
// function "url_for"). The index links a reference to a definition by name (same file, the
// files it imports, a unique definition), which cannot tell `self.url_for()` from
// `url_for()`; the receiver written in front of the name can. These functions combine both.

// How well a reference fits a definition.
enum class UsageFit {
    No,     // another definition's (or the receiver says it is something else)
    ByName, // same name, receiver of unknown type: probably, not certainly
    Yes,    // linked to it by the index, or the receiver names it (self., Flask., module.)
};

// The definitions a name means: "Flask.url_for", "Flask::url_for" or "Flask#url_for" by
// qualified name (also a tail of one: "sansio.App.url_for"); a bare name: every definition
// of it.
QList<SymbolRecord> definitionsNamed(const IndexStore &store, const QString &name);

// Whether `ref` uses `def`, given every definition of the same name (`all`, including def).
UsageFit usageFit(const RefRecord &ref, const SymbolRecord &def, const QList<SymbolRecord> &all);

struct Usage
{
    RefRecord ref;
    UsageFit fit = UsageFit::Yes;
    QString lineText;        // the referencing line, trimmed (from the chunk's stored text)
};

struct UsageSet
{
    QList<SymbolRecord> definitions; // the ones asked about
    QList<Usage> usages;             // by path, line, column
    int otherDefinitions = 0;        // same-named definitions not asked about
    int leftOut = 0;                 // references of the name that use those instead
    int outsideChunks = 0;           // usages at file level (no enclosing chunk)
};

// The usages of `definitions` (all of one name). When they are every definition of the name,
// every reference is a usage; otherwise only those that fit one of them (Yes or ByName).
// Imports and includes are left out unless withImports. Reads each referencing line from the
// stored chunk text (no file I/O).
UsageSet usagesOf(const IndexStore &store, const QList<SymbolRecord> &definitions, bool withImports = true,
                  int limit = 5000);

// The definition meant by `name` written at path:line (1-based) and column (1-based; 0 = any
// on the line): the definition itself when it is defined there, else the one the reference
// there fits best. Empty (id 0) when it cannot tell (no reference there, or several fit).
SymbolRecord definitionAt(const IndexStore &store, const QString &path, int line, int column, const QString &name);

// Test and documentation files ("tests/", "test_x.py", "x_test.go", "FooTest.java", "spec/"):
// the chat folds their call sites.
bool isTestPath(const QString &path);

} // namespace RepoLens
