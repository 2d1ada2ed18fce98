#pragma once

// Private tree-sitter helpers: grammar lookup, compiled queries with predicate evaluation.
// Only .cpp files of core/parse include this header.

#include "language.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QRegularExpression>
#include <QString>

#include <memory>
#include <optional>
#include <tree_sitter/api.h>

namespace RepoLens::TreeSitter {

const TSLanguage *grammar(LanguageId id);

enum class QueryKind { Tags, Highlights };

// A compiled query plus its text predicates, which the C core does not evaluate:
// #eq? #not-eq? #any-eq? #match? #not-match? #any-match? #any-of? #not-any-of?
// Directives (#set!, #select-adjacent!, #strip!, ...) are ignored. Immutable after load, so
// one instance is shared by every thread; each thread uses its own TSQueryCursor.
class Query
{
public:
    ~Query();
    Query(const Query &) = delete;
    Query &operator=(const Query &) = delete;

    // Null when the language has no such query or it failed to compile (logged).
    static const Query *get(LanguageId id, QueryKind kind);
    // Compiles arbitrary query text (tests, fuzzing); error describes the offset on failure.
    static std::unique_ptr<Query> compile(LanguageId id, const QByteArray &text, QString *error);

    const TSQuery *raw() const { return m_query; }
    uint32_t captureCount() const { return static_cast<uint32_t>(m_captureNames.size()); }
    const QByteArray &captureName(uint32_t index) const { return m_captureNames.at(index); }
    int captureIndex(const char *name) const;

    // True when every predicate of the match's pattern holds for this source text.
    bool predicatesHold(const TSQueryMatch &match, const char *source, uint32_t sourceLength) const;

private:
    Query() = default;

    struct Predicate
    {
        enum Op { Eq, Match, AnyOf } op = Eq;
        bool negated = false;
        bool any = false;                // any-eq / any-match quantifier
        uint32_t capture = 0;
        bool compareCapture = false;     // #eq? @a @b
        uint32_t otherCapture = 0;
        QByteArray literal;              // #eq? @a "x"
        QList<QByteArray> set;           // #any-of?
        std::shared_ptr<QRegularExpression> regex;
    };

    // One predicate of a pattern (its steps up to a Done step): a filter the matches must
    // pass (#eq?, #match?, #any-of?, with the not- and any- forms); nothing for directives
    // (#set! ...), unknown predicates (they hold) and malformed ones.
    static std::optional<Predicate> predicateFrom(const TSQuery *raw, const TSQueryPredicateStep *steps, uint32_t n);
    // The capture names and every pattern's predicates.
    void readCapturesAndPredicates();

    TSQuery *m_query = nullptr;
    QList<QByteArray> m_captureNames;
    QList<QList<Predicate>> m_predicates; // per pattern
};

// Text of a node as bytes (no copy beyond the QByteArray).
inline QByteArray nodeBytes(TSNode node, const char *source)
{
    const uint32_t start = ts_node_start_byte(node);
    const uint32_t end = ts_node_end_byte(node);
    return QByteArray(source + start, static_cast<qsizetype>(end - start));
}

inline QString nodeText(TSNode node, const char *source)
{
    const uint32_t start = ts_node_start_byte(node);
    const uint32_t end = ts_node_end_byte(node);
    return QString::fromUtf8(source + start, static_cast<qsizetype>(end - start));
}

} // namespace RepoLens::TreeSitter
