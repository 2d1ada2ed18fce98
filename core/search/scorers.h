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

// Evidence from the rest of the file (a file with several matching chunks is more likely the
// answer: a share of its best other chunks' scores) and the file's name matching a query term
// ("Fix proxy handling in adapters" names adapters.py). Sets the final score and the range the
// priors are sized by.
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
