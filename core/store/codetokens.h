#pragma once

#include <QByteArrayView>
#include <QString>
#include <QStringList>

#include <functional>

namespace RepoLens {

// Code-aware tokenisation shared by the FTS5 tokenizer ("repolens") and the query builder.
// A word is a run of [A-Za-z0-9_] or non-ASCII bytes. Each word yields its whole lowercased
// form and, when it has several, its parts split on '_', camelCase, acronyms and digits:
//   getHTTPResponse2 -> gethttpresponse2 | get http response 2
// One-character tokens are dropped.

struct TokenSink
{
    // bytes: lowercased UTF-8 token; part: a sub-part colocated with the whole word
    std::function<void(QByteArrayView token, bool part, int startByte, int endByte)> token;
};

void tokenizeCode(QByteArrayView utf8, bool withParts, const TokenSink &sink);

// The parts of one identifier (lowercased); the identifier itself when it has one part.
QStringList identifierParts(QStringView identifier);

// Whole words and parts of a text, lowercased, in order, duplicates removed.
QStringList codeTerms(QStringView text, bool withParts = true);

} // namespace RepoLens
