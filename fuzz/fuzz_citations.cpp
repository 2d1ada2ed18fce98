// Fuzzes the citation finder on model output and checks each citation against a small index:
// every match must lie inside the text and checking must never fail.

#include "core/llm/citations.h"

#include <cstddef>
#include <cstdint>

using namespace RepoLens;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const CitationIndex index = [] {
        CitationIndex i;
        i.addFile(QStringLiteral("src/app.py"), 120);
        i.addFile(QStringLiteral("src/util/config.py"), 40);
        i.addFile(QStringLiteral("lib/config.py"), 0);
        i.addFile(QStringLiteral("README.md"), 12);
        i.setChunks({{QStringLiteral("src/app.py"), 10, 30}, {QStringLiteral("README.md"), 1, 12}});
        i.setRootName(QStringLiteral("project"));
        return i;
    }();
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    for (const CitationMatch &m : findCitations(text)) {
        if (m.offset < 0 || m.length <= 0 || m.offset + m.length > text.size())
            __builtin_trap();
        const CheckedCitation checked = checkCitation(m, index);
        if (checked.valid && checked.problem != CheckedCitation::Problem::None)
            __builtin_trap();
    }
    return 0;
}
