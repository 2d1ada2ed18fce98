#include "summaryrunner.h"

#include "async.h"
#include "conversationservice.h"

#include "core/llm/summarizer.h"

#include <QLabel>
#include <QLocale>
#include <QStatusBar>
#include <QToolButton>

namespace RepoLens {

namespace {

// runAsync on a pool of our own: a run can take hours and must not hold a thread of the
// global pool (code highlighting and other short jobs use it).
template<typename Work, typename Done>
void runOn(QThreadPool *pool, QObject *receiver, Work &&work, Done &&done)
{
    using R = std::invoke_result_t<Work>;
    auto *watcher = new QFutureWatcher<R>(receiver);
    QObject::connect(watcher, &QFutureWatcher<R>::finished, receiver,
                     [watcher, done = std::forward<Done>(done)]() mutable {
                         watcher->deleteLater();
                         if (watcher->future().isValid() && watcher->future().resultCount() > 0)
                             done(watcher->future().takeResult());
                     });
    watcher->setFuture(QtConcurrent::run(pool, std::forward<Work>(work)));
}

} // namespace

SummaryRunner::SummaryRunner(QStatusBar *bar, ConversationService *log, QObject *parent)
    : QObject(parent)
    , m_bar(bar)
    , m_log(log)
    , m_label(new QLabel(bar))
    , m_start(new QToolButton(bar))
    , m_stop(new QToolButton(bar))
{
    m_pool.setMaxThreadCount(1);
    m_pool.setObjectName(QStringLiteral("repolens-summaries"));
    m_label->setObjectName(QStringLiteral("summaryStatus"));
    m_start->setObjectName(QStringLiteral("summaryStart"));
    m_start->setText(tr("Start"));
    m_start->setAutoRaise(true);
    m_stop->setObjectName(QStringLiteral("summaryStop"));
    m_stop->setText(tr("Not now"));
    m_stop->setAutoRaise(true);
    bar->addPermanentWidget(m_label);
    bar->addPermanentWidget(m_start);
    bar->addPermanentWidget(m_stop);
    connect(m_start, &QToolButton::clicked, this, &SummaryRunner::start);
    connect(m_stop, &QToolButton::clicked, this, [this] {
        if (m_running)
            cancel();
        else
            showIdle();
    });
    showIdle();
}

SummaryRunner::~SummaryRunner()
{
    if (m_cancel)
        m_cancel->store(true);
    m_pool.waitForDone();
}

void SummaryRunner::showIdle()
{
    m_label->hide();
    m_start->hide();
    m_stop->hide();
}

void SummaryRunner::offer(const QString &databasePath, const LlmEndpoint &endpoint, bool withholdSecrets)
{
    if (m_running)
        return;
    m_dbPath = databasePath;
    m_endpoint = endpoint;
    m_withhold = withholdSecrets;
    const quint64 generation = ++m_generation;
    runOn(
        &m_pool, this, [databasePath, endpoint] { return MethodSummarizer(databasePath, endpoint).pendingCalls(); },
        [this, generation](Result<int> pending) {
            if (generation != m_generation || m_running)
                return;
            m_pending = pending ? *pending : 0;
            if (m_pending <= 0) {
                showIdle();
                return;
            }
            m_label->setText(tr("Method summaries: %n request(s) to %1 %2", nullptr, m_pending)
                                 .arg(m_endpoint.model, m_endpoint.isLocal() ? tr("on this machine")
                                                                             : tr("at %1").arg(m_endpoint.baseUrl.host())));
            m_label->setToolTip(tr("Each function and class is sent to the model once for a 2–3 line description that "
                                   "search then uses. Stopping keeps what was written; it resumes later."));
            m_start->setText(tr("Start"));
            m_stop->setText(tr("Not now"));
            m_label->show();
            m_start->show();
            m_stop->show();
            Q_EMIT offered(m_pending);
        });
}

void SummaryRunner::start()
{
    if (m_running || m_dbPath.isEmpty())
        return;
    m_running = true;
    m_cancel = std::make_shared<std::atomic_bool>(false);
    m_start->hide();
    m_stop->setText(tr("Stop"));
    m_stop->show();
    m_label->show();
    m_label->setText(tr("Method summaries: starting…"));
    const QString dbPath = m_dbPath;
    const LlmEndpoint endpoint = m_endpoint;
    const bool withhold = m_withhold;
    auto cancel = m_cancel;
    QPointer<SummaryRunner> self(this);
    QPointer<ConversationService> log(m_log);
    runOn(
        &m_pool, this,
        [dbPath, endpoint, withhold, cancel, self, log] {
            MethodSummarizer summarizer(dbPath, endpoint);
            summarizer.setWithholdSecrets(withhold);
            return summarizer
                .run(
                    [self](const SummaryProgress &p) {
                        QMetaObject::invokeMethod(
                            self.data(),
                            [self, p] {
                                if (self)
                                    self->m_label->setText(tr("Method summaries: %1 / %2").arg(p.done).arg(p.total));
                            },
                            Qt::QueuedConnection);
                    },
                    [log](const RemoteCall &call) {
                        if (!log)
                            return;
                        QMetaObject::invokeMethod(
                            log.data(),
                            [log, call] {
                                if (!log)
                                    return;
                                log->run<bool>(log.data(), [call](ConversationStore *store, const Error &) {
                                    if (!store)
                                        return false;
                                    RemoteRequestRecord r;
                                    r.time = call.time;
                                    r.endpoint = call.endpoint;
                                    r.purpose = call.purpose;
                                    r.model = call.model;
                                    r.bytes = call.bytes;
                                    r.files = sentLogEntries(call);
                                    r.local = call.local;
                                    r.status = call.status;
                                    return bool(store->logRemoteRequest(r));
                                });
                            },
                            Qt::QueuedConnection);
                    },
                    cancel.get());
        },
        [this](Result<SummaryReport> report) {
            m_running = false;
            m_cancel.reset();
            if (!report) {
                m_label->setText(tr("Method summaries failed: %1").arg(report.error().toString()));
                m_stop->setText(tr("Close"));
                Q_EMIT finished(0, false);
                return;
            }
            QString text = tr("Method summaries: %n written", nullptr, report->summarized);
            if (report->remaining > 0)
                text += tr(", %n left", nullptr, report->remaining);
            if (report->error.isError() && !report->cancelled)
                text += tr(" — stopped: %1").arg(describeLlmError(report->error));
            m_label->setText(text);
            m_stop->setText(tr("Close"));
            m_start->setText(tr("Resume"));
            m_start->setVisible(report->remaining > 0);
            Q_EMIT finished(report->summarized, report->cancelled);
        });
}

void SummaryRunner::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
}

} // namespace RepoLens
