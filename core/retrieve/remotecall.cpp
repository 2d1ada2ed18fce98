#include "remotecall.h"

namespace RepoLens {

QStringList sentLogEntries(const RemoteCall &call)
{
    QStringList out = call.files;
    for (const QString &w : call.withheld)
        out << QStringLiteral("withheld: ") + w;
    return out;
}

} // namespace RepoLens
