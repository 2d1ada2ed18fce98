#pragma once

#include "language.h"

#include <QList>
#include <QString>

namespace RepoLens {

// What the app checks at start-up: each grammar's ABI against the tree-sitter core.
struct GrammarInfo
{
    LanguageId language = LanguageId::None;
    QString package;   // npm package, e.g. "tree-sitter-python"
    QString version;   // pinned version from grammars/grammars.lock
    int abiVersion = 0;
    bool compatible = false;
    QString problem;   // why not compatible; empty when fine
};

QString treeSitterCoreVersion();
int treeSitterMinAbi();
int treeSitterMaxAbi();
QList<GrammarInfo> checkGrammars();

// Changes whenever parsing can give different chunks: a grammar, a tags query or the chunker
// itself. The indexer parses every file again when its index was made by another one.
QString parserFingerprint();

} // namespace RepoLens
