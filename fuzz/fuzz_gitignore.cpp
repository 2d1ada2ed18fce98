// Fuzzes the .gitignore parser and matcher: the input is an ignore file, then a NUL byte, then
// paths to match, one a line. Also feeds the paths to the built-in rules.

#include "core/base/ignorerules.h"

#include <cstddef>
#include <cstdint>

using namespace RepoLens;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView input(reinterpret_cast<const char *>(data), qsizetype(size));
    const qsizetype split = input.indexOf('\0');
    const QByteArrayView rules = split < 0 ? input : input.first(split);
    const QByteArrayView paths = split < 0 ? QByteArrayView() : input.sliced(split + 1);
    const GitIgnoreList root = GitIgnoreList::parse(rules, QString(), QStringLiteral(".gitignore"));
    const GitIgnoreList nested = GitIgnoreList::parse(rules, QStringLiteral("src/sub"),
                                                      QStringLiteral("src/sub/.gitignore"));
    const GitIgnoreList settings =
        GitIgnoreList::fromPatterns(QString::fromUtf8(rules).split(u'\n'), QStringLiteral("settings"));
    qsizetype at = 0;
    int lines = 0;
    while (at <= paths.size() && lines++ < 64) {
        qsizetype end = paths.indexOf('\n', at);
        if (end < 0)
            end = paths.size();
        const QByteArrayView path = paths.sliced(at, end - at);
        for (bool isDir : {false, true}) {
            (void)root.matchUtf8(path, isDir);
            (void)nested.matchUtf8(path, isDir);
            (void)settings.match(QString::fromUtf8(path), isDir);
            (void)IgnoreRules::builtInMatch(QString::fromUtf8(path), isDir);
        }
        at = end + 1;
    }
    return 0;
}
