#pragma once

#include "stage.h"

namespace RepoLens {

// The bug-report route's own evidence: what the report names (reportanalysis.h), resolved
// against the index.
//
// MentionGenerator adds the chunks the report points at: files of traceback frames and of
// paths written in it (an installed copy's path finds the project's file: site-packages/
// flask/app.py -> src/flask/app.py), files of imported or dotted module names, definitions of
// its code identifiers and qualified names (the rarer the name, the stronger), and chunks
// holding an error message it quotes. Each gets a mention strength (0..1) and a reason.
class MentionGenerator : public SearchStage
{
public:
    QString name() const override { return QStringLiteral("mentions"); }
    Result<void> run(QueryContext &context) const override;
};

// After fusion: the mention strength as a share of the top score.
class MentionBoost : public SearchStage
{
public:
    QString name() const override { return QStringLiteral("mention boost"); }
    Result<void> run(QueryContext &context) const override;
};

} // namespace RepoLens
