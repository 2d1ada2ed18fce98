#include "highlighter.h"

#include "treesitter_p.h"

#include "core/base/logging.h"

#include <QElapsedTimer>

#include <algorithm>
#include <cstring>
#include <memory>
#include <vector>

namespace RepoLens {

namespace {

struct ParserDeleter
{
    void operator()(TSParser *p) const { ts_parser_delete(p); }
};

struct Budget
{
    QElapsedTimer timer;
    qint64 limitMs = 0;
    const std::atomic_bool *cancel = nullptr;
};

bool progressCallback(TSParseState *state)
{
    auto *budget = static_cast<Budget *>(state->payload);
    if (budget->cancel && budget->cancel->load(std::memory_order_relaxed))
        return true;
    return budget->limitMs > 0 && budget->timer.elapsed() > budget->limitMs;
}

struct Capture
{
    uint32_t start;
    uint32_t end;
    uint32_t pattern;
    uint32_t captureId;
};

// The highlight query of a language: its grammar package's highlights.scm after the ones it
// builds on (C's before C++'s, JavaScript's before TypeScript's), as the build put them.
const TreeSitter::Query *highlightQuery(LanguageId language)
{
    return TreeSitter::Query::get(language, TreeSitter::QueryKind::Highlights);
}

} // namespace

QList<HighlightSpan> highlight(LanguageId language, const QByteArray &utf8,
                               const std::atomic_bool *cancel, const HighlightOptions &options)
{
    using namespace TreeSitter;
    QList<HighlightSpan> spans;
    const TSLanguage *grammar = TreeSitter::grammar(language);
    const Query *query = grammar ? highlightQuery(language) : nullptr;
    if (!grammar || !query || utf8.isEmpty())
        return spans;

    thread_local std::unique_ptr<TSParser, ParserDeleter> parser(ts_parser_new());
    if (!ts_parser_set_language(parser.get(), grammar))
        return spans;

    Budget budget;
    budget.timer.start();
    budget.limitMs = options.timeoutMs;
    budget.cancel = cancel;
    TSParseOptions parseOptions{&budget, &progressCallback};
    struct Source
    {
        const char *data;
        uint32_t size;
    } source{utf8.constData(), uint32_t(utf8.size())};
    TSInput input{};
    input.payload = &source;
    input.read = [](void *payload, uint32_t byte, TSPoint, uint32_t *bytesRead) -> const char * {
        auto *src = static_cast<Source *>(payload);
        if (byte >= src->size) {
            *bytesRead = 0;
            return "";
        }
        *bytesRead = src->size - byte;
        return src->data + byte;
    };
    input.encoding = TSInputEncodingUTF8;
    TSTree *tree = ts_parser_parse_with_options(parser.get(), nullptr, input, parseOptions);
    if (!tree) {
        ts_parser_reset(parser.get());
        return spans;
    }

    std::vector<Capture> captures;
    TSQueryCursor *cursor = ts_query_cursor_new();
    ts_query_cursor_exec(cursor, query->raw(), ts_tree_root_node(tree));
    TSQueryMatch match;
    uint32_t captureIndex = 0;
    const char *src = utf8.constData();
    const uint32_t size = uint32_t(utf8.size());
    int steps = 0;
    while (ts_query_cursor_next_capture(cursor, &match, &captureIndex)) {
        if ((++steps & 1023) == 0 && cancel && cancel->load(std::memory_order_relaxed))
            break;
        const TSQueryCapture &c = match.captures[captureIndex];
        const QByteArray &name = query->captureName(c.index);
        if (name.isEmpty() || name.startsWith('_') || name == "none" || name == "spell")
            continue;
        if (!query->predicatesHold(match, src, size))
            continue;
        const uint32_t start = std::min(ts_node_start_byte(c.node), size);
        const uint32_t end = std::min(ts_node_end_byte(c.node), size);
        if (end <= start)
            continue;
        captures.push_back(Capture{start, end, match.pattern_index, c.index});
    }
    ts_query_cursor_delete(cursor);
    ts_tree_delete(tree);
    if (cancel && cancel->load())
        return spans;

    // Paint outer captures first and inner ones over them; for the same range the later
    // pattern is painted last so that it wins.
    std::sort(captures.begin(), captures.end(), [](const Capture &a, const Capture &b) {
        const uint32_t la = a.end - a.start;
        const uint32_t lb = b.end - b.start;
        if (la != lb)
            return la > lb;
        return a.pattern < b.pattern;
    });
    constexpr uint16_t kNone = 0xffff;
    std::vector<uint16_t> paint(size, kNone);
    for (const Capture &c : captures)
        std::fill(paint.begin() + c.start, paint.begin() + c.end, uint16_t(c.captureId));

    uint32_t i = 0;
    while (i < size) {
        const uint16_t id = paint[i];
        uint32_t j = i + 1;
        while (j < size && paint[j] == id)
            ++j;
        if (id != kNone)
            spans.append(HighlightSpan{int(i), int(j), query->captureName(id)});
        i = j;
    }
    return spans;
}

QList<QByteArray> highlightCaptureNames(LanguageId language)
{
    using namespace TreeSitter;
    QList<QByteArray> names;
    const Query *query = highlightQuery(language);
    if (!query)
        return names;
    for (uint32_t i = 0; i < query->captureCount(); ++i)
        names.append(query->captureName(i));
    return names;
}

} // namespace RepoLens
