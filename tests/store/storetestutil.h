#pragma once

// Shared by the store tests: a fresh read-write index in a temporary folder and files written
// through the real chunker.

#include "core/parse/chunker.h"
#include "core/store/indexstore.h"

#include <QTemporaryDir>
#include <QTest>

namespace RepoLens::StoreTest {

inline std::unique_ptr<IndexStore> openStore(const QTemporaryDir &dir, const QString &name = QStringLiteral("i.sqlite"))
{
    auto store = IndexStore::open(dir.filePath(name), IndexStore::Mode::ReadWrite);
    if (!store) {
        qWarning() << store.error().toString();
        return {};
    }
    return std::move(*store);
}

inline ParseResult parse(LanguageId language, const QByteArray &src)
{
    Chunker chunker;
    return chunker.parse(language, src);
}

// Writes a file row and its parsed content; returns the file id (0 on failure).
inline qint64 addFile(IndexStore &store, const QString &path, const QByteArray &src,
                      LanguageId language = LanguageId::Python)
{
    FileRecord f;
    f.path = path;
    f.language = language;
    f.status = FileStatus::Indexed;
    f.size = src.size();
    auto id = store.files().upsert(f);
    if (!id)
        return 0;
    if (!store.replaceFileContent(*id, path, parse(language, src)))
        return 0;
    return *id;
}

} // namespace RepoLens::StoreTest
