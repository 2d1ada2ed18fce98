#pragma once

#include "core/llm/llmsettings.h"
#include "core/search/searcher.h"
#include "core/store/indexstore.h"

#include <QString>

#include <atomic>

namespace RepoLens {

struct AskOptions
{
    QString question;
    QString rootPath;
    QString databasePath;
    LlmSettings settings;   // with --base-url / --model / --hyde applied
    QString apiKey;
    bool json = false;      // one JSON object instead of the streamed text
    // --agent / --single-shot override the settings' mode (auto: the question decides)
    LlmSettings::AgentMode mode = LlmSettings::AgentMode::Auto;
};

// `repolens-cli ask`: retrieves the context (mentions, graph paths, HyDE), streams the model's
// answer to stdout, then lists the sources and checks the citations (invalid ones on stderr).
// Without a configured model it prints the retrieval-only answer and how to configure one.
int runAsk(const IndexStore &store, const Searcher &searcher, const SearchOptions &searchOptions,
           const AskOptions &options, const std::atomic_bool *cancel);

// `repolens-cli summarize`: the optional method-summary step, with the number of calls first.
int runSummarize(const QString &databasePath, const LlmSettings &settings, const QString &apiKey, int maxCalls,
                 const std::atomic_bool *cancel);

} // namespace RepoLens
