// Figures for the KSyntaxHighlighting helper (scripts/bench-highlighter): start-up time until its
// greeting, the spans of a YAML file highlighted the way the viewer does it (blocks of 2,000 lines,
// each from the previous block's end state) and at once, the CPU time the helper spent
// (/proc/PID/stat) and the memory it holds (VmRSS, VmHWM). Prints; asserts nothing.
//
// Usage: repolens_bench_highlighter FILE [RUNS]

#include "highlighter/protocol.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>

#include <algorithm>
#include <cstdio>
#include <unistd.h>
#include <vector>

namespace P = RepoLens::HighlighterProtocol;

namespace {

struct Helper
{
    QProcess process;
    P::FrameBuffer in;

    std::string read()
    {
        std::string payload;
        while (in.next(payload) != P::FrameBuffer::Status::Frame) {
            if (!process.waitForReadyRead(60000)) {
                std::fprintf(stderr, "the helper did not answer\n");
                std::exit(1);
            }
            const QByteArray b = process.readAllStandardOutput();
            in.append(b.constData(), size_t(b.size()));
        }
        return payload;
    }
    void write(std::string frame)
    {
        process.write(frame.data(), qint64(frame.size()));
    }
};

double cpuSeconds(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    const QByteArray stat = f.readAll();
    const QList<QByteArray> fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat; 12 and 13 after "pid (comm) ".
    return (fields.value(11).toDouble() + fields.value(12).toDouble()) / double(sysconf(_SC_CLK_TCK));
}

QByteArray memory(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/status").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QByteArray out;
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line.startsWith("VmRSS") || line.startsWith("VmHWM"))
            out += line.simplified() + "  ";
    }
    return out.trimmed();
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

std::uint32_t spansIn(const std::string &payload, std::uint32_t *state)
{
    P::Reader r(payload.data(), payload.size());
    if (P::Message(r.u8()) != P::Message::Spans) {
        std::fprintf(stderr, "the helper refused the request\n");
        std::exit(1);
    }
    r.u32();
    *state = r.u32();
    r.u32();
    const std::uint32_t formats = r.u32();
    for (std::uint32_t i = 0; i < formats; ++i) {
        r.u8();
        r.u8();
        r.u32();
        r.u32();
        r.str();
    }
    return r.u32();
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s FILE [RUNS]\n", argv[0]);
        return 2;
    }
    QFile file(QString::fromLocal8Bit(argv[1]));
    if (!file.open(QIODevice::ReadOnly))
        return 1;
    const QByteArray text = file.readAll();
    const int runs = argc > 2 ? std::max(1, atoi(argv[2])) : 5;
    std::printf("helper: %s\nfile: %s (%lld lines, %lld bytes)\n", REPOLENS_HIGHLIGHTER_EXE, argv[1],
                qlonglong(text.count('\n')), qlonglong(text.size()));

    std::vector<double> startWall, startCpu, blockWall, blockCpu, wholeWall, wholeCpu;
    std::uint32_t blockSpans = 0, wholeSpans = 0;
    QByteArray memAfterStart, memAfterWork;
    for (int run = 0; run < runs; ++run) {
        Helper h;
        h.process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        QElapsedTimer clock;
        clock.start();
        h.process.start(QStringLiteral(REPOLENS_HIGHLIGHTER_EXE), QStringList());
        h.read(); // Hello
        startWall.push_back(double(clock.nsecsElapsed()) / 1e6);
        const qint64 pid = h.process.processId();
        startCpu.push_back(cpuSeconds(pid) * 1000);
        memAfterStart = memory(pid);

        // As the viewer: blocks of 2,000 lines.
        double cpu0 = cpuSeconds(pid);
        clock.restart();
        std::uint32_t state = P::kInitialState;
        std::uint32_t spans = 0;
        for (qsizetype offset = 0; offset < text.size();) {
            qsizetype end = offset;
            for (int i = 0; i < 2000 && end < text.size(); ++i) {
                const qsizetype nl = text.indexOf('\n', end);
                end = nl < 0 ? text.size() : nl + 1;
            }
            P::Writer w(P::Message::Highlight, 1);
            w.str("YAML");
            w.str("");
            w.u32(state);
            w.str(std::string_view(text.constData() + offset, size_t(end - offset)));
            h.write(w.take());
            spans += spansIn(h.read(), &state);
            offset = end;
        }
        blockWall.push_back(double(clock.nsecsElapsed()) / 1e6);
        blockCpu.push_back((cpuSeconds(pid) - cpu0) * 1000);
        blockSpans = spans;

        cpu0 = cpuSeconds(pid);
        clock.restart();
        P::Writer w(P::Message::Highlight, 2);
        w.str("YAML");
        w.str("");
        w.u32(P::kInitialState);
        w.str(std::string_view(text.constData(), size_t(text.size())));
        h.write(w.take());
        wholeSpans = spansIn(h.read(), &state);
        wholeWall.push_back(double(clock.nsecsElapsed()) / 1e6);
        wholeCpu.push_back((cpuSeconds(pid) - cpu0) * 1000);
        memAfterWork = memory(pid);
        h.process.closeWriteChannel();
        h.process.waitForFinished(10000);
    }
    std::printf("median of %d runs (CPU time: the helper's user+sys from /proc, 10 ms ticks)\n", runs);
    std::printf("start-up until the greeting: %.1f ms wall, %.0f ms CPU\n", median(startWall), median(startCpu));
    std::printf("highlight in blocks of 2,000 lines: %.1f ms wall, %.0f ms CPU, %u spans\n", median(blockWall),
                median(blockCpu), blockSpans);
    std::printf("highlight at once: %.1f ms wall, %.0f ms CPU, %u spans\n", median(wholeWall), median(wholeCpu),
                wholeSpans);
    std::printf("memory after start-up: %s\n", memAfterStart.constData());
    std::printf("memory after highlighting: %s\n", memAfterWork.constData());
    return 0;
}
