#pragma once

#include "core/base/result.h"

#include <QJsonObject>
#include <QString>

namespace RepoLens {

// Paging: a tool that has more to say returns `next_cursor`; the same call with
// `cursor: next_cursor` returns the next page. A cursor is opaque to clients (base64url of a
// small JSON object) and bound to the tool and to the other arguments of the call: a cursor
// from another query is refused rather than silently paging something else.
struct PageCursor
{
    int offset = 0;      // items already returned
    QJsonObject state;   // tool-specific resume point (grep: the file and line reached)
};

QString argumentsFingerprint(const QString &tool, const QJsonObject &arguments); // without "cursor"
QString encodeCursor(const QString &tool, const QJsonObject &arguments, const PageCursor &cursor);
// No "cursor" argument: the first page. A malformed or foreign cursor: InvalidArgument.
Result<PageCursor> decodeCursor(const QString &tool, const QJsonObject &arguments);

} // namespace RepoLens
