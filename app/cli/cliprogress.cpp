#include "cliprogress.h"

#include <unistd.h>

namespace RepoLens {

CliProgress::CliProgress(FILE *out)
    : m_out(out)
    , m_tty(isatty(fileno(out)) != 0)
{
}

void CliProgress::update(const IndexProgress &p)
{
    const double mb = p.bytesDone / 1048576.0;
    const double seconds = p.elapsedSeconds - p.phaseStartSeconds;
    const double rate = seconds > 0 ? mb / seconds : 0;
    double eta = -1;
    if (p.phase == IndexProgress::Phase::Parsing && p.bytesDone > 0 && p.bytesTotal > p.bytesDone)
        eta = (p.bytesTotal - p.bytesDone) / (p.bytesDone / std::max(0.001, seconds));
    const QByteArray phase = phaseName(p.phase).toUtf8();
    char line[256];
    if (p.phase == IndexProgress::Phase::Scanning) {
        std::snprintf(line, sizeof line, "%s: %d files found", phase.constData(), p.filesSeen);
    } else if (p.phase == IndexProgress::Phase::Drafting || p.phase == IndexProgress::Phase::TextIndex) {
        std::snprintf(line, sizeof line, "%s: %d/%d files", phase.constData(), p.filesDone, p.filesTotal);
    } else if (p.phase == IndexProgress::Phase::Parsing) {
        const char *ready = p.keywordReady ? " (keyword search ready)" : "";
        if (eta >= 0)
            std::snprintf(line, sizeof line, "%s: %d/%d files, %.1f MB/s, ETA %.0f s%s", phase.constData(),
                          p.filesDone, p.filesTotal, rate, eta, ready);
        else
            std::snprintf(line, sizeof line, "%s: %d/%d files, %.1f MB/s%s", phase.constData(),
                          p.filesDone, p.filesTotal, rate, ready);
    } else {
        std::snprintf(line, sizeof line, "%s", phase.constData());
    }
    if (m_tty) {
        std::fprintf(m_out, "\r\033[K%s", line);
        std::fflush(m_out);
        m_drew = true;
    } else if (p.phase != m_lastPhase || p.elapsedSeconds - m_lastPlain >= 2.0) {
        std::fprintf(m_out, "%s\n", line);
        m_lastPlain = p.elapsedSeconds;
    }
    m_lastPhase = p.phase;
}

void CliProgress::finish()
{
    if (m_tty && m_drew)
        std::fprintf(m_out, "\r\033[K");
}

} // namespace RepoLens
