#pragma once

#include "stage.h"

#include <memory>

namespace RepoLens {

class Reranker;

// The final phases: an optional re-rank of the best candidates, then the list the caller gets.

// Scores the best `rerankDepth` candidates with a re-ranker (local, endpoint or LLM judge)
// and adds its normalised score, sized by the range, before sorting them again.
class RerankStage : public SearchStage
{
public:
    RerankStage(std::shared_ptr<Reranker> reranker, RerankMode mode);
    QString name() const override { return QStringLiteral("re-rank"); }
    Result<void> run(QueryContext &context) const override;

private:
    std::shared_ptr<Reranker> m_reranker;
    RerankMode m_mode;
};

// Best first, at most `maxPerFile` chunks of one file, `topK` in all: the hits, read with
// their text, with the keyword and vector ranks in front of the other reasons.
class Diversity : public SearchStage
{
public:
    QString name() const override { return QStringLiteral("diversity"); }
    Result<void> run(QueryContext &context) const override;
};

} // namespace RepoLens
