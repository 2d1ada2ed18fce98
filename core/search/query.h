#pragma once

#include "core/parse/chunk.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace RepoLens {

// Filters written in the query (`lang:python path:src/** -path:tests/** kind:function`) or
// set through the API.
struct SearchFilters
{
    QList<LanguageId> languages;
    QStringList pathGlobs;    // any must match (fnmatch-style, ** crosses folders)
    QStringList excludeGlobs; // none may match
    QList<ChunkKind> kinds;

    bool isEmpty() const
    {
        return languages.isEmpty() && pathGlobs.isEmpty() && excludeGlobs.isEmpty() && kinds.isEmpty();
    }
    bool acceptsPath(const QString &path) const;
    QString describe() const; // "lang:python path:src/**"
};

struct ParsedQuery
{
    QString raw;
    QString text;               // the query without filter tokens
    SearchFilters filters;
    QStringList errors;         // unknown languages / kinds: Searcher::search() rejects the query
    QStringList identifiers;    // tokens that look like code identifiers, as written
    QStringList terms;          // lowercased search terms (words and identifier parts), no stopwords
};

ParsedQuery parseQuery(const QString &raw);

// A path glob: '*' and '?' stay within a folder, '**' crosses folders; a glob without '/'
// matches the file name anywhere, a glob ending in '/' a folder prefix.
bool globMatch(QStringView glob, QStringView path);

bool isStopword(QStringView lowercaseWord);

} // namespace RepoLens
