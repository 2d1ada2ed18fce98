#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace RepoLens {

// An @-mention in a question: @codebase, @path/to/file or @SymbolName.
struct Mention
{
    enum class Kind { Codebase, Reference };
    Kind kind = Kind::Reference;
    QString target;   // without the '@' ("src/config.py", "Session.request")
    int offset = 0;   // of the '@' in the question
    int length = 0;   // of "@target"
    bool looksLikePath() const; // has a '/' or a file extension
};

struct ParsedQuestion
{
    QString text;            // the question to search and send: "@codebase" removed, other
                             // mentions kept as their bare names
    QList<Mention> mentions; // in order, without duplicates
    bool codebase = false;   // @codebase: retrieve afresh
};

// Finds @-mentions: an '@' at the start or after whitespace or an opening bracket, then a run
// of non-space characters, trailing punctuation (.,;:!?)'") dropped. An e-mail address is not a
// mention (its '@' follows a letter).
ParsedQuestion parseMentions(const QString &question);

// The mention being typed at `cursor` (for completion): the text after the '@' up to the
// cursor, and where it starts; empty target and -1 when the cursor is not in a mention.
struct MentionPrefix
{
    int start = -1;  // offset of the '@'
    QString prefix;
};
MentionPrefix mentionAt(const QString &text, int cursor);

// "How are EncoderClass and DecoderClass connected?", "relationship between A and B",
// "how does A reach B", "path from A to B": the two names, or an empty list.
QStringList connectionQuestion(const QString &question);

} // namespace RepoLens
