#pragma once

#include "stage.h"

namespace RepoLens {

// Feature scorers and fusion: each adds its part to the candidates' scores.

// Combines the generators' scores into one base score per candidate: BM25 and cosine
// normalised by the best of each, then a weighted mix (default) or reciprocal rank fusion,
// plus the symbol bonus.
class Fusion : public SearchStage
{
public:
    QString name() const override { return QStringLiteral("fusion"); }
    Result<void> run(QueryContext &context) const override;
};

// Text that defines a name the query asks about, found by a definition pattern (a definition
// keyword followed by the name: `class Engine`, `def parse`, `fn new`, `data Options`), for
// chunks no symbol table describes (text windows of languages without a parser).
class DefinitionBoost : public SearchStage
{
public:
    QString name() const override { return QStringLiteral("definitions"); }
    Result<void> run(QueryContext &context) const override;
    // Whether `text` defines `name` (a bare or qualified identifier) by such a pattern.
    static bool definesName(const QString &text, const QString &name);
};

// Evidence from the rest of the file: a file with several matching chunks is more likely the
// answer, so a share of its best other chunks' scores is added (to every chunk of the file, or
// only to its best). Sets the range the priors are sized by.
class FileEvidence : public SearchStage
{
public:
    QString name() const override { return QStringLiteral("file evidence"); }
    Result<void> run(QueryContext &context) const override;
};

// Sweep's file-quality prior (a percentile, capped at a share of the score range) and the
// demotion of tests, changelogs, vendored and generated files unless the query asks for them.
class FilePrior : public SearchStage
{
public:
    QString name() const override { return QStringLiteral("file prior"); }
    Result<void> run(QueryContext &context) const override;
};

// The shape of a chunk as evidence: one- to three-line chunks (declarations, `@overload`s,
// one-line macros) and licence headers or import-only file tops are weak evidence.
class ChunkShape : public SearchStage
{
public:
    QString name() const override { return QStringLiteral("chunk shape"); }
    Result<void> run(QueryContext &context) const override;
    // A file top that is only a licence, imports / includes / package lines and comments.
    static bool isBoilerplate(const QString &text);
};

// The reference graph as a prior: the file's PageRank percentile, mixed with the personalised
// PageRank from the definitions the query names.
class GraphPrior : public SearchStage
{
public:
    QString name() const override { return QStringLiteral("graph prior"); }
    Result<void> run(QueryContext &context) const override;
};

// One hop from the best hits: what they call and who calls them join at a share of the
// parent's score.
class GraphExpansion : public SearchStage
{
public:
    QString name() const override { return QStringLiteral("graph expansion"); }
    Result<void> run(QueryContext &context) const override;
};

} // namespace RepoLens
