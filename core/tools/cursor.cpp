#include "cursor.h"

#include <QCryptographicHash>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace RepoLens {

QString argumentsFingerprint(const QString &tool, const QJsonObject &arguments)
{
    QJsonObject rest = arguments;
    rest.remove(u"cursor"_s);
    const QByteArray text = tool.toUtf8() + '\n' + QJsonDocument(rest).toJson(QJsonDocument::Compact);
    return QString::fromLatin1(QCryptographicHash::hash(text, QCryptographicHash::Sha1).toHex().left(12));
}

QString encodeCursor(const QString &tool, const QJsonObject &arguments, const PageCursor &cursor)
{
    QJsonObject obj{{u"f"_s, argumentsFingerprint(tool, arguments)}, {u"o"_s, cursor.offset}};
    if (!cursor.state.isEmpty())
        obj.insert(u"s"_s, cursor.state);
    return QString::fromLatin1(QJsonDocument(obj).toJson(QJsonDocument::Compact).toBase64(
        QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

Result<PageCursor> decodeCursor(const QString &tool, const QJsonObject &arguments)
{
    const QJsonValue raw = arguments.value(u"cursor"_s);
    if (raw.isUndefined() || raw.isNull() || (raw.isString() && raw.toString().isEmpty()))
        return PageCursor{};
    const auto bad = [] {
        return makeError(ErrorCode::InvalidArgument,
                         u"cursor: not a cursor returned by this tool for these arguments; repeat the call without it"_s);
    };
    if (!raw.isString() || raw.toString().size() > 4096)
        return bad();
    const auto decoded = QByteArray::fromBase64Encoding(raw.toString().toLatin1(),
                                                        QByteArray::Base64UrlEncoding | QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return bad();
    const QJsonDocument doc = QJsonDocument::fromJson(*decoded);
    const QJsonObject obj = doc.object();
    if (!doc.isObject() || obj.value(u"f"_s).toString() != argumentsFingerprint(tool, arguments)
        || !obj.value(u"o"_s).isDouble() || obj.value(u"o"_s).toInt() < 0)
        return bad();
    return PageCursor{obj.value(u"o"_s).toInt(), obj.value(u"s"_s).toObject()};
}

} // namespace RepoLens
