#include "chunk.h"

#include <array>

namespace RepoLens {

namespace {
constexpr std::array<const char16_t *, 16> kKindNames = {
    u"function", u"method", u"constructor", u"class",   u"struct", u"interface",
    u"enum",     u"trait",  u"impl",        u"type",    u"macro",  u"code",
    u"section",  u"text",   u"variable",    u"module"};
constexpr std::array<const char16_t *, 6> kRefNames = {u"call",    u"new",     u"import",
                                                       u"include", u"inherit", u"type"};

template<typename Enum, size_t N>
Enum fromName(const std::array<const char16_t *, N> &names, QStringView name, bool *ok)
{
    for (size_t i = 0; i < N; ++i) {
        if (name == QStringView(names[i])) {
            if (ok)
                *ok = true;
            return static_cast<Enum>(i);
        }
    }
    if (ok)
        *ok = false;
    return static_cast<Enum>(0);
}
} // namespace

QString chunkKindName(ChunkKind kind)
{
    return QString::fromUtf16(kKindNames.at(static_cast<size_t>(kind)));
}

ChunkKind chunkKindFromName(QStringView name, bool *ok)
{
    return fromName<ChunkKind>(kKindNames, name, ok);
}

bool isContainerKind(ChunkKind kind)
{
    switch (kind) {
    case ChunkKind::Class:
    case ChunkKind::Struct:
    case ChunkKind::Interface:
    case ChunkKind::Enum:
    case ChunkKind::Trait:
    case ChunkKind::Impl:
    case ChunkKind::Module:
        return true;
    default:
        return false;
    }
}

bool isCallableKind(ChunkKind kind)
{
    return kind == ChunkKind::Function || kind == ChunkKind::Method
           || kind == ChunkKind::Constructor;
}

QString refKindName(RefKind kind)
{
    return QString::fromUtf16(kRefNames.at(static_cast<size_t>(kind)));
}

RefKind refKindFromName(QStringView name, bool *ok)
{
    return fromName<RefKind>(kRefNames, name, ok);
}

} // namespace RepoLens
