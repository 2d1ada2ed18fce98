#pragma once

#include "query.h"
#include "reportanalysis.h"

#include <memory>

#include <QHash>
#include <QSet>
#include <QString>
#include <QStringList>

namespace RepoLens {

// Which route a query takes, and for graph routes the symbol asked about.
struct QueryRoute
{
    enum class Kind { Hybrid, Symbol, Callers, Callees, Report };
    Kind kind = Kind::Hybrid;
    QString symbol; // as written, with a trailing `!` or `?` (see GraphRoute)
};
// "who calls X" / "where is X used" -> Callers, "what does X call" -> Callees, one to three
// code-like identifiers -> Symbol, anything else -> Hybrid.
QueryRoute routeQuery(const ParsedQuery &query);

// The first phase of every search: what the query is and what to look for.
struct QueryAnalysis
{
    ParsedQuery parsed;      // filters written in the query merged with the caller's
    QueryRoute route;
    QStringList terms;       // keyword terms (at most 40; a report's: at most 400); only stopwords: those after all
    QHash<QString, int> termCounts; // reports: how often each term occurs
    QStringList symbolNames; // identifiers and longer words that may name a definition
    QSet<QString> termSet;   // terms, for file-name matches
    QSet<QString> asked;     // the query's words (a long text's first line): "does it ask for tests?"
    bool longText = false;   // more than 40 words: a bug report, a traceback, a pasted log
    std::shared_ptr<const ReportSignals> report; // set for the Report route
};

QueryAnalysis analyzeQuery(const QString &raw, const SearchFilters &extraFilters = {});

} // namespace RepoLens
