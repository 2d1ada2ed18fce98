#include "stalldetector.h"

#include "uilogging.h"

namespace RepoLens {

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
    m_timer.start();
}

void StallDetector::stop()
{
    m_timer.stop();
}

void StallDetector::reset()
{
    m_longest = 0;
    m_count = 0;
    m_last = m_clock.isValid() ? m_clock.elapsed() : 0;
}

void StallDetector::tick()
{
    const qint64 now = m_clock.elapsed();
    const qint64 late = now - m_last - m_timer.interval();
    m_last = now;
    if (late <= m_thresholdMs)
        return;
    ++m_count;
    m_longest = std::max(m_longest, late);
    qCWarning(lcUiStall, "event loop stalled for %lld ms", static_cast<long long>(late));
    Q_EMIT stalled(late);
}

} // namespace RepoLens
