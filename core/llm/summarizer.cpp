#include "summarizer.h"

#include "core/base/logging.h"
#include "core/base/secrets.h"
#include "core/store/summarystore.h"

#include <QElapsedTimer>
#include <QNetworkAccessManager>

namespace RepoLens {

MethodSummarizer::MethodSummarizer(QString databasePath, LlmEndpoint endpoint)
    : m_dbPath(std::move(databasePath))
    , m_endpoint(std::move(endpoint))
{
}

Result<int> MethodSummarizer::pendingCalls()
{
    auto store = SummaryStore::open(m_dbPath);
    if (!store)
        return store.error();
    if (auto r = (*store)->applyCached(); !r)
        return r.error();
    return (*store)->pendingCount();
}

QList<ChatMessage> MethodSummarizer::prompt(const QString &path, int startLine, int endLine, const QString &kind,
                                            const QString &name, const QString &language, const QString &code)
{
    const QString system = QStringLiteral(
        "You write short descriptions of source code for a code search index. Describe in 2 or 3 plain sentences "
        "what the given code does: its purpose, inputs, outputs and side effects, in the words a developer would "
        "search for. Do not repeat the code, do not start with \"This function\", no Markdown, no preamble.");
    QString body = code;
    if (body.size() > 6000)
        body = body.left(6000) + QStringLiteral("\n...");
    const QString user = QStringLiteral("%1 %2 in %3 (lines %4-%5):\n```%6\n%7\n```")
                             .arg(kind, name.isEmpty() ? QStringLiteral("(anonymous)") : name, path)
                             .arg(startLine)
                             .arg(endLine)
                             .arg(language, body);
    return {{QStringLiteral("system"), system}, {QStringLiteral("user"), user}};
}

namespace {

// Errors that will not go away by themselves: they end a summary run at once.
bool endsSummaryRun(LlmErrorKind k)
{
    return k == LlmErrorKind::Unauthorized || k == LlmErrorKind::Forbidden || k == LlmErrorKind::ModelNotFound
           || k == LlmErrorKind::EndpointNotFound || k == LlmErrorKind::ConnectionRefused
           || k == LlmErrorKind::HostNotFound || k == LlmErrorKind::Tls || k == LlmErrorKind::NotConfigured;
}

// What is stored of a model's summary: trimmed, at most 800 characters; a single space when
// the model had nothing to say (so that it is not asked again).
QString storedSummary(const QString &text)
{
    QString summary = text.trimmed();
    if (summary.size() > 800)
        summary = summary.left(800);
    if (summary.isEmpty())
        summary = QStringLiteral(" ");
    return summary;
}

// One run of the summary step: the requests, the summaries written in batches of 8, the
// report and the progress.
struct SummaryRun
{
    SummaryRun(SummaryStore &summaries, const LlmEndpoint &model, bool withholdCredentials,
               const MethodSummarizer::ProgressFn &progressFn, const MethodSummarizer::CallFn &callFn,
               const std::atomic_bool *cancelFlag)
        : store(summaries)
        , endpoint(model)
        , withhold(withholdCredentials)
        , progress(progressFn)
        , onCall(callFn)
        , cancel(cancelFlag)
    {
    }

    SummaryStore &store;
    const LlmEndpoint &endpoint;
    bool withhold;
    const MethodSummarizer::ProgressFn &progress;
    const MethodSummarizer::CallFn &onCall;
    const std::atomic_bool *cancel;
    SummaryReport report;
    SummaryProgress p;
    QNetworkAccessManager nam; // one for the whole run: connections are reused
    int consecutiveFailures = 0;
    QList<QPair<QByteArray, QString>> batch;

    bool cancelled() const { return cancel && cancel->load(); }
    void tell()
    {
        if (progress)
            progress(p);
    }
    Result<void> flush()
    {
        auto r = store.putSummaries(batch, endpoint.model);
        batch.clear();
        return r;
    }

    // Asks for the summary of one chunk (credentials withheld first unless sending them is
    // allowed), logs the request and keeps the summary. Returns true when the run must stop:
    // cancelled, an error that will not go away, or three failures in a row.
    Result<bool> summarize(const SummaryCandidate &c)
    {
        p.currentPath = c.path;
        QString code = c.text;
        QString withheld;
        if (withhold) {
            const WithheldText w = withholdSecrets(code);
            if (w.isWithheld()) {
                code = w.text;
                withheld = c.path + u' ' + w.describe(std::max(1, c.startLine));
                ++report.withheld;
            }
        }
        ChatRequest request;
        request.purpose = QStringLiteral("summary");
        request.stream = false;
        request.temperature = 0;
        request.maxTokens = 160;
        request.messages = MethodSummarizer::prompt(c.path, c.startLine, c.endLine, c.kind, c.name, c.language, code);
        const ChatOutcome outcome = completeBlocking(endpoint, request, cancel, {}, &nam);
        ++p.done;
        if (onCall) {
            RemoteCall call;
            call.time = QDateTime::currentDateTime();
            call.endpoint = outcome.url;
            call.purpose = request.purpose;
            call.model = endpoint.model;
            call.bytes = outcome.bytesSent;
            call.files = {QStringLiteral("%1:%2-%3").arg(c.path).arg(c.startLine).arg(c.endLine)};
            if (!withheld.isEmpty())
                call.withheld = {withheld};
            call.local = endpoint.isLocal();
            call.status = outcome.ok() ? QStringLiteral("ok") : llmErrorKindName(outcome.error.kind);
            onCall(call);
        }
        if (!outcome.ok()) {
            if (outcome.error.kind == LlmErrorKind::Cancelled) {
                report.cancelled = true;
                return true;
            }
            ++p.failed;
            ++report.failed;
            report.error = outcome.error;
            return endsSummaryRun(outcome.error.kind) || ++consecutiveFailures >= 3;
        }
        consecutiveFailures = 0;
        batch.append({c.contentHash, storedSummary(outcome.text)});
        ++report.summarized;
        if (batch.size() >= 8) {
            if (auto r = flush(); !r)
                return r.error();
        }
        tell();
        return false;
    }
};

} // namespace

Result<SummaryReport> MethodSummarizer::run(const ProgressFn &progress, const CallFn &onCall,
                                            const std::atomic_bool *cancel, int maxCalls)
{
    QElapsedTimer clock;
    clock.start();
    auto store = SummaryStore::open(m_dbPath);
    if (!store)
        return store.error();
    SummaryRun run(**store, m_endpoint, m_withhold, progress, onCall, cancel);
    if (auto r = run.store.applyCached(); r)
        run.report.reused = *r;
    run.p.total = run.store.pendingCount();
    if (maxCalls >= 0)
        run.p.total = std::min(run.p.total, maxCalls);
    run.tell();
    // Batches of up to 16 pending chunks; their summaries are written after each.
    while (run.p.done < run.p.total) {
        if (run.cancelled()) {
            run.report.cancelled = true;
            break;
        }
        const QList<SummaryCandidate> next = run.store.pending(std::min(16, run.p.total - run.p.done));
        if (next.isEmpty())
            break;
        bool stop = false;
        for (const SummaryCandidate &c : next) {
            if (run.cancelled()) {
                run.report.cancelled = true;
                stop = true;
                break;
            }
            const auto stopped = run.summarize(c);
            if (!stopped)
                return stopped.error();
            if (*stopped) {
                stop = true;
                break;
            }
        }
        if (auto r = run.flush(); !r)
            return r.error();
        run.tell();
        if (stop)
            break;
    }
    if (auto r = run.flush(); !r)
        return r.error();
    SummaryReport &report = run.report;
    report.remaining = run.store.pendingCount();
    report.seconds = clock.nsecsElapsed() / 1e9;
    qCInfo(lcLlm) << "method summaries:" << report.summarized << "written," << report.reused << "reused,"
                  << report.withheld << "withheld," << report.failed << "failed," << report.remaining << "remaining";
    return report;
}

} // namespace RepoLens
