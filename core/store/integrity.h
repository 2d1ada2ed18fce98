#pragma once

#include <QString>

#include <optional>

namespace RepoLens {

// Damage found in a database file while it is used. Any SQLITE_CORRUPT or SQLITE_NOTADB that a
// statement of core/store meets (a read of the stores, a write of the indexer, a query thread,
// the CLI) marks the file as damaged: in this process, and with a marker file beside it
// ("<db>.damaged", holding the reason) when its folder can be written, so that every process
// learns of it. The writer of an index repairs a marked index: it is moved aside
// (IndexStore::moveAside, which clears the mark) and rebuilt.
namespace Damage {

// The reason the file was marked damaged, if it was (in this process or by a marker file).
std::optional<QString> reason(const QString &dbPath);
// Whether this process itself met the damage (not only read a marker left by another one).
bool seenHere(const QString &dbPath);
void mark(const QString &dbPath, const QString &reason);
// Forgets the damage (the file was moved aside or replaced).
void clear(const QString &dbPath);
QString markerPath(const QString &dbPath);

} // namespace Damage

} // namespace RepoLens
