#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace RepoLens {

// Watches the event loop of the thread it lives on (the GUI thread): a timer fires every
// `interval` ms; when a tick arrives more than `threshold` ms late the loop was blocked, and the
// stall is logged to repolens.ui.stall and reported through stalled().
class StallDetector : public QObject
{
    Q_OBJECT
public:
    explicit StallDetector(QObject *parent = nullptr, int thresholdMs = 50, int intervalMs = 20);

    void start();
    void stop();
    bool isRunning() const { return m_timer.isActive(); }

    int thresholdMs() const { return m_thresholdMs; }
    qint64 longestStallMs() const { return m_longest; }
    // The most CPU time the thread itself used during one stall (the rest: it waited for a
    // core, e.g. on a loaded machine).
    qint64 longestBusyStallMs() const { return m_longestBusy; }
    int stallCount() const { return m_count; }
    void reset();

Q_SIGNALS:
    void stalled(qint64 milliseconds);

private:
    void tick();

    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    int m_thresholdMs;
    qint64 m_longest = 0;
    qint64 m_longestBusy = 0;
    qint64 m_lastCpu = 0;
    int m_count = 0;
};

} // namespace RepoLens
