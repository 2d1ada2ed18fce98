#pragma once

#include "core/base/result.h"

#include <QString>

#include <memory>

namespace RepoLens {

// The matcher of every grep: PCRE2 (8-bit, UTF, Unicode properties for \w \d \b, JIT), one line
// at a time on UTF-8 text. Bounded per line: a line on which the expression needs more than
// kGrepMatchLimit backtracking steps (or deeper recursion, or more memory) is given up and
// counted, so a hostile expression costs a few milliseconds per line, never a hang. PCRE2
// stays inside grepmatcher.cpp.
inline constexpr quint32 kGrepMatchLimit = 1000000;

class GrepMatcher
{
public:
    // `pattern` is a literal string unless `regex`; `word` matches whole words only (\b on both
    // sides). InvalidArgument with PCRE2's message for an expression that does not compile.
    static Result<std::shared_ptr<const GrepMatcher>> compile(const QString &pattern, bool regex,
                                                              bool caseSensitive, bool word);
    ~GrepMatcher();
    GrepMatcher(const GrepMatcher &) = delete;
    GrepMatcher &operator=(const GrepMatcher &) = delete;

    // Whether a caller may look for the next matching line with one search of the rest of the
    // text (its line breaks in it) instead of one per line: true when a line's first match, at
    // some byte, is also found by a search of the text from any earlier line's start, at that
    // byte or before it. That holds for a literal, and for an expression without anchors (^ $
    // \A \z \Z \G), look-arounds, atomic or possessive parts, conditions, verbs, \K or \Q.
    // A match of the whole text that crosses a line break only sends the caller to a line that
    // the line-by-line match then rejects.
    bool skipsLines() const;

    // The state one thread needs to match (PCRE2's match data, limits and JIT stack).
    class Session
    {
    public:
        explicit Session(const GrepMatcher &matcher);
        ~Session();
        Session(const Session &) = delete;
        Session &operator=(const Session &) = delete;

        enum class Outcome { NoMatch, Match, GaveUp };
        // The first match in line[from..length) (byte offsets; `line` holds no line break):
        // [*start, *end). GaveUp: a limit was reached.
        Outcome find(const char *line, qsizetype length, qsizetype from, qsizetype *start, qsizetype *end);
        // The matcher's skipsLines(): find() may then be given a whole text to find the next line
        // worth matching.
        bool skipsLines() const;

    private:
        class Private;
        std::unique_ptr<Private> d;
    };

private:
    GrepMatcher();
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace RepoLens
