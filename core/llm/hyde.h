#pragma once

#include "chatclient.h"

#include "core/retrieve/queryexpansion.h"

#include <QString>

#include <memory>

namespace RepoLens {

// CodeQA's two HyDE prompts.
QString hydeSystemPrompt();
QString hydeRewriteSystemPrompt(const QString &question, const QString &tempContext);

// HyDE's model calls for the retrieval (core/retrieve/queryexpansion.h): the two prompts above,
// sent without streaming to an OpenAI-compatible endpoint; every request is returned as a
// RemoteCall for the "sent" log. Stateless and safe to use from any thread (each call makes
// its own connection).
class HydeExpander : public QueryExpander
{
public:
    explicit HydeExpander(LlmEndpoint endpoint);
    ExpansionReply hypotheticalCode(const QString &question, const std::atomic_bool *cancel) const override;
    ExpansionReply rewrite(const QString &question, const QString &hypothetical, const QString &foundCode,
                           const std::atomic_bool *cancel) const override;

private:
    ExpansionReply complete(const ChatRequest &request, const std::atomic_bool *cancel) const;
    LlmEndpoint m_endpoint;
};

// The expander RetrievalOptions::expander takes: HyDE with this endpoint, or null when it is
// not configured.
std::shared_ptr<const QueryExpander> hydeExpander(const LlmEndpoint &endpoint);

} // namespace RepoLens
