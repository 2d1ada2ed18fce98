#include "stalldetector.h"

#include "uilogging.h"

#include <ctime>

namespace RepoLens {

namespace {

// CPU time this thread has used, in ms: a stall during which the thread hardly ran was the
// machine's (other processes had the cores), not work done on the event loop.
qint64 threadCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1000 + ts.tv_nsec / 1000000;
}

} // namespace

StallDetector::StallDetector(QObject *parent, int thresholdMs, int intervalMs)
    : QObject(parent)
    , m_thresholdMs(thresholdMs)
{
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.setInterval(intervalMs);
    connect(&m_timer, &QTimer::timeout, this, &StallDetector::tick);
}

void StallDetector::start()
{
    m_clock.start();
    m_last = 0;
    m_lastCpu = threadCpuMs();
    m_timer.start();
}

void StallDetector::stop()
{
    m_timer.stop();
}

void StallDetector::reset()
{
    m_longest = 0;
    m_longestBusy = 0;
    m_count = 0;
    m_last = m_clock.isValid() ? m_clock.elapsed() : 0;
    m_lastCpu = threadCpuMs();
}

void StallDetector::tick()
{
    const qint64 now = m_clock.elapsed();
    const qint64 cpu = threadCpuMs();
    const qint64 late = now - m_last - m_timer.interval();
    const qint64 busy = std::min(late, cpu - m_lastCpu);
    m_last = now;
    m_lastCpu = cpu;
    if (late <= m_thresholdMs)
        return;
    ++m_count;
    m_longest = std::max(m_longest, late);
    m_longestBusy = std::max(m_longestBusy, busy);
    qCWarning(lcUiStall, "event loop stalled for %lld ms (%lld ms of it working on this thread)",
              static_cast<long long>(late), static_cast<long long>(busy));
    Q_EMIT stalled(late);
}

} // namespace RepoLens
