#pragma once

#include "stage.h"

#include "core/embed/embedder.h"
#include "core/store/vectorindex.h"

#include <future>
#include <memory>
#include <optional>

namespace RepoLens {

// Candidate generators: each adds the chunks it finds, with its score and rank.

// BM25 over chunks_fts (and draft windows): the query's terms OR-ed, best `candidates` (four
// times as many when filters will drop some).
class KeywordGenerator : public SearchStage
{
public:
    QString name() const override { return QStringLiteral("keyword"); }
    Result<void> run(QueryContext &context) const override;
    // The FTS5 MATCH expression for terms: each quoted, OR-ed.
    static QString matchExpression(const QStringList &terms);
    // The `limit` most specific terms: inverse document frequency times the square root of how
    // often the query uses them; terms the index does not have are dropped.
    static QStringList specificTerms(const QStringList &terms, const QHash<QString, int> &counts,
                                     const QHash<QString, int> &documentFrequencies, int chunks, int limit);
};

// Bug reports: BM25 of the report's title alone (its first line, what the reporter says is
// wrong), so that the title's words count more than the same words somewhere in a log. Its
// best hits (a third of the keyword pool) join the candidates; those down to `titleDepth` are
// kept for TitleScorer.
class TitleGenerator : public SearchStage
{
public:
    QString name() const override { return QStringLiteral("report title"); }
    Result<void> run(QueryContext &context) const override;
    // The title's words that are searched: code terms, stopwords left out, each once.
    static QStringList terms(const QString &title);
};

// Bug reports: the title's BM25 of the candidates the title search did not add (found by the
// report's other words, its vector or its mentions) that are among its deeper hits, so that a
// chunk the title names less well than the title search's last candidate still counts it.
class TitleScorer : public SearchStage
{
public:
    QString name() const override { return QStringLiteral("title scores"); }
    Result<void> run(QueryContext &context) const override;
};

// Nearest neighbours of the query's embedding. With an embedder on this machine the query is
// embedded and the neighbours found beside the keyword search (begin()): both need the query only.
class VectorGenerator : public SearchStage
{
public:
    VectorGenerator(std::shared_ptr<Embedder> embedder, std::shared_ptr<VectorIndex> index);
    ~VectorGenerator() override;
    QString name() const override { return QStringLiteral("vectors"); }
    void begin(const QueryContext &context) const override;
    Result<void> run(QueryContext &context) const override;

private:
    struct Found
    {
        EmbeddingVector vector;
        QList<VectorHit> hits;
        std::optional<Error> error;
    };
    Found find(const QString &text, int k, const std::atomic_bool *cancel) const;

    std::shared_ptr<Embedder> m_embedder;
    std::shared_ptr<VectorIndex> m_index;
    mutable std::future<Found> m_started;
};

// Definitions whose name is a word of the query, or whose qualified name the query writes
// (names defined 50+ times tell nothing): each gets its strength as a definition of what is
// asked (`StageScores::symbol`, 0..1; the definitions stage turns it into a boost), and they
// are the seeds of the graph stages.
class SymbolGenerator : public SearchStage
{
public:
    QString name() const override { return QStringLiteral("symbols"); }
    Result<void> run(QueryContext &context) const override;
    // How surely a definition of `kind`, one of `definitions` with the name, is what a query
    // naming it means: types 1, functions 0.85, constants and macros 0.7, over the square root
    // of the number of definitions.
    static double strength(ChunkKind kind, qsizetype definitions);
};

// Loads the candidates' headers (path, kind, language) in one query and drops those the
// filters reject.
class HeaderFilter : public SearchStage
{
public:
    QString name() const override { return QStringLiteral("filters"); }
    Result<void> run(QueryContext &context) const override;
};

// The cosine of every candidate (also those the other generators found but the
// nearest-neighbour search did not return).
class VectorScorer : public SearchStage
{
public:
    explicit VectorScorer(std::shared_ptr<VectorIndex> index);
    QString name() const override { return QStringLiteral("vector scores"); }
    Result<void> run(QueryContext &context) const override;

private:
    std::shared_ptr<VectorIndex> m_index;
};

// A second lexical view of every candidate: the cosine between the question's and the chunk's
// bags of code terms (identifiers whole and split, stemmed, stop words dropped; 1 + ln tf),
// normalised by the whole chunk's terms, where BM25 saturates and normalises by length.
class LexicalView : public SearchStage
{
public:
    QString name() const override { return QStringLiteral("lexical view"); }
    Result<void> run(QueryContext &context) const override;
};

} // namespace RepoLens
