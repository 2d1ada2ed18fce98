#pragma once

#include "core/store/grepstore.h"

#include <QString>
#include <QStringView>

#include <vector>

namespace RepoLens {

// What a line must contain for a pattern to match it, as trigrams of the grep index: a tree of
// AND / OR over trigrams, where All is no condition at all. It is necessary, never sufficient:
// every line the pattern matches satisfies it (so the files whose trigrams satisfy it hold
// every match), and the files it selects are verified against their text.
struct TrigramQuery
{
    enum class Op : quint8 { All, And, Or, Trigram };
    Op op = Op::All;
    Trigram trigram = 0;
    std::vector<TrigramQuery> children;

    static TrigramQuery all() { return {}; }
    static TrigramQuery of(Trigram t);
    // Simplifying constructors: nested ANDs (ORs) are flattened, All is dropped from an AND
    // and absorbs an OR, duplicates go, a single child stands for itself.
    static TrigramQuery allOf(std::vector<TrigramQuery> parts);
    static TrigramQuery anyOf(std::vector<TrigramQuery> parts);

    bool isAll() const { return op == Op::All; }
    int nodeCount() const;
    // The trigrams it names (each once).
    std::vector<Trigram> trigrams() const;
    // Whether a set of trigrams (ascending) satisfies it.
    bool matches(const std::vector<Trigram> &sortedTrigrams) const;
    // "abc & (bcd | xyz)", bytes outside printable ASCII as \xHH: for tests and logs.
    QString toString() const;
    bool operator==(const TrigramQuery &other) const;
};

// A readable trigram: "abc", other bytes as \xHH.
QString trigramText(Trigram trigram);

struct GrepPlan
{
    TrigramQuery query;   // All: the index cannot narrow the search; every file is read
    QString reason;       // why not, when it cannot ("the pattern is shorter than three characters")
    bool narrowed() const { return !query.isAll(); }
};

// Plans a search: the trigrams every matching line must contain. Sound for the matcher's
// semantics (PCRE2 with UTF and Unicode properties; case-insensitive matching folds
// characters the way PCRE2 does, including the Kelvin sign for k and the long s for s):
//   literal      its characters
//   regex        the analysis of Russ Cox's code search (each subexpression's exact strings,
//                or prefixes, suffixes and a trigram query), written for PCRE2's syntax;
//                classes of a few characters are expanded, repetitions are unrolled up to
//                three times, alternatives become ORs. Anything the planner does not model
//                with certainty (back-references, recursion, callouts, verbs, the extended
//                syntax (?x), a `{` that is not plainly a quantifier) is either read as
//                "any text" or, where even its extent is unclear, gives up on the whole
//                pattern: then nothing narrows the search and every file is read.
// The pattern of planRegex() must compile (GrepMatcher); whole-word matching adds nothing.
GrepPlan planLiteral(QStringView text, bool caseSensitive);
GrepPlan planRegex(QStringView pattern, bool caseSensitive);

} // namespace RepoLens
