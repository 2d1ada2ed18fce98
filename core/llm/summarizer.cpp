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

Result<SummaryReport> MethodSummarizer::run(const ProgressFn &progress, const CallFn &onCall,
                                            const std::atomic_bool *cancel, int maxCalls)
{
    QElapsedTimer clock;
    clock.start();
    SummaryReport report;
    auto store = SummaryStore::open(m_dbPath);
    if (!store)
        return store.error();
    SummaryStore &s = **store;
    if (auto r = s.applyCached(); r)
        report.reused = *r;
    SummaryProgress p;
    p.total = s.pendingCount();
    if (maxCalls >= 0)
        p.total = std::min(p.total, maxCalls);
    if (progress)
        progress(p);
    QNetworkAccessManager nam; // one for the whole run: connections are reused
    int consecutiveFailures = 0;
    QList<QPair<QByteArray, QString>> batch;
    auto flush = [&]() -> Result<void> {
        auto r = s.putSummaries(batch, m_endpoint.model);
        batch.clear();
        return r;
    };
    while (p.done < p.total) {
        if (cancel && cancel->load()) {
            report.cancelled = true;
            break;
        }
        const QList<SummaryCandidate> next = s.pending(std::min(16, p.total - p.done));
        if (next.isEmpty())
            break;
        bool stop = false;
        for (const SummaryCandidate &c : next) {
            if (cancel && cancel->load()) {
                report.cancelled = true;
                stop = true;
                break;
            }
            p.currentPath = c.path;
            QString code = c.text;
            QString withheld;
            if (m_withhold) {
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
            request.messages = prompt(c.path, c.startLine, c.endLine, c.kind, c.name, c.language, code);
            const ChatOutcome outcome = completeBlocking(m_endpoint, request, cancel, {}, &nam);
            ++p.done;
            if (onCall) {
                RemoteCall call;
                call.time = QDateTime::currentDateTime();
                call.endpoint = outcome.url;
                call.purpose = request.purpose;
                call.model = m_endpoint.model;
                call.bytes = outcome.bytesSent;
                call.files = {QStringLiteral("%1:%2-%3").arg(c.path).arg(c.startLine).arg(c.endLine)};
                if (!withheld.isEmpty())
                    call.withheld = {withheld};
                call.local = m_endpoint.isLocal();
                call.status = outcome.ok() ? QStringLiteral("ok") : llmErrorKindName(outcome.error.kind);
                onCall(call);
            }
            if (!outcome.ok()) {
                if (outcome.error.kind == LlmErrorKind::Cancelled) {
                    report.cancelled = true;
                    stop = true;
                    break;
                }
                ++p.failed;
                ++report.failed;
                report.error = outcome.error;
                // Errors that will not go away by themselves end the run at once.
                const LlmErrorKind k = outcome.error.kind;
                const bool fatal = k == LlmErrorKind::Unauthorized || k == LlmErrorKind::Forbidden
                                   || k == LlmErrorKind::ModelNotFound || k == LlmErrorKind::EndpointNotFound
                                   || k == LlmErrorKind::ConnectionRefused || k == LlmErrorKind::HostNotFound
                                   || k == LlmErrorKind::Tls || k == LlmErrorKind::NotConfigured;
                if (fatal || ++consecutiveFailures >= 3) {
                    stop = true;
                    break;
                }
                continue;
            }
            consecutiveFailures = 0;
            QString summary = outcome.text.trimmed();
            if (summary.size() > 800)
                summary = summary.left(800);
            if (summary.isEmpty())
                summary = QStringLiteral(" "); // the model had nothing to say: do not ask again
            batch.append({c.contentHash, summary});
            ++report.summarized;
            if (batch.size() >= 8) {
                if (auto r = flush(); !r)
                    return r.error();
            }
            if (progress)
                progress(p);
        }
        if (auto r = flush(); !r)
            return r.error();
        if (progress)
            progress(p);
        if (stop)
            break;
    }
    if (auto r = flush(); !r)
        return r.error();
    report.remaining = s.pendingCount();
    report.seconds = clock.nsecsElapsed() / 1e9;
    qCInfo(lcLlm) << "method summaries:" << report.summarized << "written," << report.reused << "reused,"
                  << report.withheld << "withheld," << report.failed << "failed," << report.remaining << "remaining";
    return report;
}

} // namespace RepoLens
