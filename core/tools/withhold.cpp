#include "withhold.h"

#include "core/base/secrets.h"

namespace RepoLens {

QString withholdSecrets(const QString &text, int *found)
{
    int n = 0;
    QString out = text.isEmpty() ? text : redactSecrets(text, &n);
    if (found)
        *found += n;
    return out;
}

} // namespace RepoLens
