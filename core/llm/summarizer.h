#pragma once

#include "chatclient.h"
#include "core/retrieve/remotecall.h"

#include "core/base/result.h"

#include <QString>

#include <atomic>
#include <functional>

namespace RepoLens {

struct SummaryProgress
{
    int done = 0;        // calls made in this run
    int total = 0;       // calls this run will make (known before it starts)
    int failed = 0;
    QString currentPath;
};

struct SummaryReport
{
    int summarized = 0;  // new summaries written
    int withheld = 0;    // chunks sent with credentials withheld (core/base/secrets.h)
    int failed = 0;
    int reused = 0;      // chunks that got a stored summary back after re-indexing
    int remaining = 0;   // still without a summary (cancelled / stopped by errors)
    bool cancelled = false;
    LlmError error;      // why the run stopped early, if it did
    double seconds = 0;
};

// The optional indexing step that asks the model for a 2-3 line description of each function,
// method and class ("search for what the code does, not only what it is"). Summaries are stored
// by chunk content hash (SummaryStore), so the step is resumable (a run picks up where the last
// stopped), cancellable between calls, and redoes only chunks whose content changed. Blocking:
// run it on a worker thread or from the CLI.
class MethodSummarizer
{
public:
    MethodSummarizer(QString databasePath, LlmEndpoint endpoint);
    // Every chunk goes through the withholding stage before it is sent (default; off only with
    // the send_credentials setting); chunks that had credentials withheld are counted.
    void setWithholdSecrets(bool withhold) { m_withhold = withhold; }

    // Calls a run would make now (after stored summaries are re-applied).
    Result<int> pendingCalls();

    using ProgressFn = std::function<void(const SummaryProgress &)>;
    using CallFn = std::function<void(const RemoteCall &)>; // every request, for the "sent" log
    Result<SummaryReport> run(const ProgressFn &progress = {}, const CallFn &onCall = {},
                              const std::atomic_bool *cancel = nullptr, int maxCalls = -1);

    static QList<ChatMessage> prompt(const QString &path, int startLine, int endLine, const QString &kind,
                                     const QString &name, const QString &language, const QString &code);

private:
    QString m_dbPath;
    LlmEndpoint m_endpoint;
    bool m_withhold = true;
};

} // namespace RepoLens
