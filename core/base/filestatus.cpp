#include "filestatus.h"

#include <array>

namespace RepoLens {

namespace {
constexpr std::array<const char16_t *, 9> kNames = {u"pending",   u"indexed",    u"ignored",
                                                    u"too-large", u"binary",     u"generated",
                                                    u"unreadable", u"parse-error", u"unsupported"};
}

QString fileStatusName(FileStatus status)
{
    const auto i = static_cast<size_t>(status);
    return i < kNames.size() ? QString::fromUtf16(kNames[i]) : QStringLiteral("unknown");
}

FileStatus fileStatusFromName(const QString &name)
{
    for (size_t i = 0; i < kNames.size(); ++i) {
        if (name == QStringView(kNames[i]))
            return static_cast<FileStatus>(i);
    }
    return FileStatus::Pending;
}

} // namespace RepoLens
