#include "withhold.h"

#include "core/base/secrets.h"

namespace RepoLens {

QString withholdSecrets(const QString &text, int *found)
{
    if (text.isEmpty())
        return text;
    const WithheldText withheld = withholdSecrets(QStringView(text)); // the one stage (secrets.h)
    if (found)
        *found += int(withheld.spans.size());
    return withheld.text;
}

} // namespace RepoLens
