#pragma once

#include <QByteArray>
#include <QByteArrayView>

#include <memory>

namespace RepoLens {

// The tokens that FTS5's "porter repolens" makes of a text, made beforehand on any thread and
// written as one text that the "repolens_pre" tokenizer reads back as they are. It lets worker
// threads do the tokenizing and stemming that the single writer otherwise does inside each
// insert. Queries against a "repolens_pre" table are tokenized as "porter repolens" does.
//
// The encoding: every token is preceded by ' ' (a new position) or '|' (a part colocated with
// the word before it). A token holds word bytes only (codetokens.h), so neither occurs in one.
class FtsPreTokenizer
{
public:
    class Private;
    explicit FtsPreTokenizer(std::unique_ptr<Private> d);
    ~FtsPreTokenizer();
    FtsPreTokenizer(const FtsPreTokenizer &) = delete;
    FtsPreTokenizer &operator=(const FtsPreTokenizer &) = delete;

    // Thread-safe: each call takes one of the stemmer instances made beforehand.
    QByteArray encode(QByteArrayView utf8) const;

private:
    std::unique_ptr<Private> d;
};

} // namespace RepoLens
