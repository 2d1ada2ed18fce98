#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>
#include <QStringView>

namespace RepoLens {

// File system paths are bytes; QString is Unicode. A folder whose name is not valid UTF-8
// must still be indexable and must not share its index with another folder whose
// name differs only in the invalid bytes, so paths that reach system calls or index names go
// through these two functions instead of QFile::encodeName() / decodeName() (which turn every
// invalid byte into U+FFFD and lose it).
//
// decodePath: UTF-8, each byte that is not part of a valid sequence kept as the lone surrogate
// U+DC80 + byte (Python's "surrogateescape"). encodePath: the inverse; the round trip gives
// back the bytes exactly. For valid UTF-8 both are the plain conversions.
QString decodePath(QByteArrayView bytes);
QByteArray encodePath(QStringView path);

// realpath(3) of encodePath(path), decoded; empty when it fails.
QString canonicalPath(const QString &path);

} // namespace RepoLens
