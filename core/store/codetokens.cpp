#include "codetokens.h"

#include <QSet>

namespace RepoLens {

void tokenizeCode(QByteArrayView utf8, bool withParts, const TokenSink &sink)
{
    forEachCodeToken(utf8, withParts, sink.token);
}

QStringList identifierParts(QStringView identifier)
{
    const QByteArray utf8 = identifier.toUtf8();
    QStringList parts;
    QString whole;
    tokenizeCode(utf8, true, TokenSink{[&](QByteArrayView t, bool part, int, int) {
                     if (part)
                         parts.append(QString::fromUtf8(t));
                     else if (whole.isEmpty())
                         whole = QString::fromUtf8(t);
                 }});
    if (parts.isEmpty() && !whole.isEmpty())
        parts.append(whole);
    return parts;
}

QStringList codeTerms(QStringView text, bool withParts)
{
    const QByteArray utf8 = text.toUtf8();
    QStringList terms;
    QSet<QString> seen;
    tokenizeCode(utf8, withParts, TokenSink{[&](QByteArrayView t, bool, int, int) {
                     QString s = QString::fromUtf8(t);
                     if (!seen.contains(s)) {
                         seen.insert(s);
                         terms.append(std::move(s));
                     }
                 }});
    return terms;
}

} // namespace RepoLens
