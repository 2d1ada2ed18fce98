#pragma once

#include "stage.h"

namespace RepoLens {

// "Who calls X" / "where is X used" and "what does X call", answered exhaustively from the
// reference graph: the definitions of X, then every chunk that uses it (references resolved
// to another definition of the same name are not usages) or every definition it calls.
class GraphRoute : public SearchStage
{
public:
    QString name() const override { return QStringLiteral("graph route"); }
    Result<void> run(QueryContext &context) const override;
};

} // namespace RepoLens
