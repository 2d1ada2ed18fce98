// Fuzzes the SSE parser differentially: the whole stream at once and the same stream cut into
// pieces (sizes drawn from the input) must give the same events, the same pending state and the
// same retry; a tiny line limit exercises the overflow path.

#include "core/llm/sseparser.h"

#include <cstddef>
#include <cstdint>

using namespace RepoLens;

namespace {

bool sameEvents(const QList<SseEvent> &a, const QList<SseEvent> &b)
{
    if (a.size() != b.size())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (a[i].event != b[i].event || a[i].data != b[i].data || a[i].id != b[i].id)
            return false;
    }
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView stream(reinterpret_cast<const char *>(data), qsizetype(size));
    for (qsizetype maxLine : {qsizetype(4 * 1024 * 1024), qsizetype(16)}) {
        SseParser whole(maxLine);
        const QList<SseEvent> all = whole.feed(stream);
        SseParser pieces(maxLine);
        QList<SseEvent> cut;
        quint32 seed = 2166136261u;
        for (size_t i = 0; i < size; ++i)
            seed = (seed ^ data[i]) * 16777619u;
        qsizetype at = 0;
        while (at < stream.size()) {
            seed = seed * 1103515245u + 12345u;
            const qsizetype n = std::min<qsizetype>(stream.size() - at, 1 + (seed >> 16) % 7);
            cut += pieces.feed(stream.sliced(at, n));
            at += n;
        }
        if (!sameEvents(all, cut) || whole.hasPendingEvent() != pieces.hasPendingEvent()
            || whole.retryMs() != pieces.retryMs() || whole.bytesSeen() != pieces.bytesSeen())
            __builtin_trap();
        whole.finish();
        pieces.finish();
    }
    return 0;
}
