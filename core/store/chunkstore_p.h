#pragma once

// Reading chunk rows; shared by the stores that select chunks (chunks, drafts, embeddings).

#include "chunkstore.h"
#include "sqlite_p.h"

namespace RepoLens::Store {

// Columns read by readChunk(), for "SELECT <kChunkColumns> WHERE ...".
#define REPOLENS_CHUNK_SELECT                                                                      \
    "SELECT c.id, c.file_id, c.path, c.kind, c.name, c.qualified_name, COALESCE(c.parent_chunk_id, 0)," \
    " c.start_line, c.end_line, c.start_byte, c.end_byte, c.part, c.part_count, c.signature, c.doc,"  \
    " c.text, c.summary, c.content_hash, f.language FROM chunks c JOIN files f ON f.id = c.file_id "

// The first six columns of every chunk query: id, file_id, path, kind, name, qualified_name.
inline ChunkRecord readChunkIdentity(const Sql::Stmt &s)
{
    ChunkRecord c;
    c.id = s.int64(0);
    c.fileId = s.int64(1);
    c.path = s.text(2);
    c.kind = chunkKindFromName(s.text(3));
    c.name = s.text(4);
    c.qualifiedName = s.text(5);
    return c;
}

inline ChunkRecord readChunk(const Sql::Stmt &s)
{
    ChunkRecord c = readChunkIdentity(s);
    c.parentId = s.int64(6);
    c.startLine = s.integer(7);
    c.endLine = s.integer(8);
    c.startByte = s.integer(9);
    c.endByte = s.integer(10);
    c.part = s.integer(11);
    c.partCount = s.integer(12);
    c.signature = s.text(13);
    c.doc = s.text(14);
    c.text = s.text(15);
    c.summary = s.text(16);
    c.contentHash = s.blob(17);
    c.language = languageFromName(s.text(18));
    return c;
}

// "[1,2,3]" for `IN (SELECT value FROM json_each(?))`.
inline QString jsonIdList(const QList<qint64> &ids)
{
    QByteArray list = "[";
    for (qint64 id : ids) {
        if (list.size() > 1)
            list += ',';
        list += QByteArray::number(id);
    }
    list += ']';
    return QString::fromLatin1(list);
}

} // namespace RepoLens::Store
