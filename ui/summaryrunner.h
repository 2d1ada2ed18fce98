#pragma once

#include "core/llm/chatclient.h"
#include "core/retrieve/remotecall.h"

#include <QObject>
#include <QPointer>
#include <QThreadPool>

#include <atomic>
#include <memory>

class QLabel;
class QStatusBar;
class QToolButton;

namespace RepoLens {

class ConversationService;

// The optional method-summary step in the desktop app: after indexing, counts the requests
// it would make and offers them in the status bar ("312 requests to qwen2.5-coder on this
// machine — Start / Not now"); once started it runs on the thread pool with progress and a
// Stop button. Summaries are stored by content, so a stopped run resumes where it left off.
class SummaryRunner : public QObject
{
    Q_OBJECT
public:
    SummaryRunner(QStatusBar *bar, ConversationService *log, QObject *parent = nullptr);
    ~SummaryRunner() override;

    // Counts what is pending for the folder and offers to start (nothing when 0).
    void offer(const QString &databasePath, const LlmEndpoint &endpoint, bool withholdSecrets = true);
    void start();
    void cancel();
    bool isRunning() const { return m_running; }
    int pendingCalls() const { return m_pending; }

Q_SIGNALS:
    void offered(int calls);
    void finished(int summarized, bool cancelled);

private:
    void showIdle();

    QThreadPool m_pool;
    QPointer<QStatusBar> m_bar;
    ConversationService *m_log;
    QLabel *m_label;
    QToolButton *m_start;
    QToolButton *m_stop;
    QString m_dbPath;
    LlmEndpoint m_endpoint;
    bool m_withhold = true;
    std::shared_ptr<std::atomic_bool> m_cancel;
    int m_pending = 0;
    bool m_running = false;
    quint64 m_generation = 0;
};

} // namespace RepoLens
