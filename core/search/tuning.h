#pragma once

#include <QStringList>

namespace RepoLens {

// Tuning knobs of the ranking stages, measured on the dev benchmarks (docs/retrieval.md).
// REPOLENS_TUNE="name=value,..." overrides them for experiments (names in tuning.cpp).
struct Tuning
{
    // fusion
    int fusion = 0;              // 0 = weighted mix of best-normalised scores, 1 = reciprocal rank fusion
    double vectorWeight = 0.25;  // weight of the vector signal against BM25's 1
    double lexicalWeight = 0.3;  // weight of the lexical view (cosine of term bags) against BM25's 1 (not for bug reports)
    int lexicalPool = 250;       // ... over this many candidates, the best by BM25 and cosine first (0: all)
    int lexicalChars = 750;      // ... reading the header and the first characters of each chunk's text
    double rrfK = 60;            // RRF constant
    double remoteWeight = 0.25;  // a remote engine's rank for chunks of the open folder (not measured: no eval has one)
    int keywordPool = 0;         // experiments: BM25 candidates (0: SearchOptions::candidates)
    int titlePool = 0;           // experiments: a report title's BM25 candidates (0: a third of SearchOptions::candidates)
    int titleDepth = 1000;       // ... and how deep its BM25 scores the other candidates (title scores)
    int vectorPool = 0;          // experiments: nearest neighbours (0: SearchOptions::vectorCandidates)
    double symbolBonus = 0.5;    // chunk defines a name the query uses in a sentence (x top x strength)
    double definitionName = 1.5; // ... in a query that is only names: above every usage
    // boosts, as shares of the top fused score
    double definitionBoost = 0.8; // strength of a parser-free definition pattern match (0 = off)
    double fileWeight = 0.4;     // file coherence: share of the file's other chunk scores added
    int fileChunks = 3;          // how many other chunks of a file count
    int fileChunksReport = 4;    // ... for a bug report (long: its words hit more of the file it is about)
    int coherenceBestOnly = 1;   // 1: only the file's best chunk gets the file's evidence
    double pathBoost = 1.0;      // the file's name (and folders) name the query's words: x share
    double pathPosition = 1;     // ... the k-th counted query word weighs 1 / (1 + this x k): the first words name the subject
    int pathMaxWords = 12;       // longer queries: no path matching
    double pathProjectName = 1;  // 1: the words of the project's name (its folder, its repository) are not path words (0: off)
    double pathCommon = 0.5;     // a word in the folders of more than this share of the candidate files names the project (0: off)
    double pathAddShare = 0.5;   // files named at least this well join the candidates...
    int pathAddFiles = 10;       // ... at most this many
    int pathNameExact = 1;       // 1: a query of names matches path words by whole stems, not prefixes ("Depends" is not "dependencies/")
    double priorCap = 0.25;      // file-quality prior: at most this share of the score range
    double demote = 0.25;        // tests / changelogs / vendored: minus this share of the range
    double demoteFactor = 0.3;   // ... or multiplied by this (1 = subtract instead)
    double internalFactor = 0.5; // questions: a private Python subpackage's chunks x this when its package's public modules are candidates (1: off)
    double shapeTiny = 1.0;      // chunks of at most 3 lines: x this
    double shapeLicence = 1.0;   // licence headers and import-only file tops: x this
    double graphCap = 0.1;       // reference-graph prior: at most this share of the range
    double expand = 0.5;         // one-hop expansion: neighbour score = parent x this
    int expandFrom = 5;          // top hits expanded
    double rerankWeight = 0.5;   // share of the range the re-ranker's (normalised) score adds
    double decay = 0.5;          // diversity: each further chunk of a file x this (1 = off)
    double titleWeight = 0.5;    // bug reports: the title's own BM25 against the report's 1
    double pathReport = 0.5;     // bug reports: path match on the title's words, x top x share
    double mentionBoost = 0.7;   // bug reports: a named file / definition, x its strength
    double mentionPackage = 0;   // bug reports: strength of a named module that is a package's own file (__init__.py, index.ts, mod.rs)
    double mentionFolder = 0.2;  // ... and of the other files under that package's folder (0.7: a module file)
    double mentionOptionFile = 0.5; // ... and its file (its best chunk above all), x this
    double mentionCommand = 1.0; // bug reports: a chunk that defines a subcommand of the project's program the report runs ("$ flask routes")
    double mentionMessage = 0.7; // bug reports: a chunk that holds a message the report quotes
    double mentionOption = 0.7;  // bug reports: a chunk that defines a command-line option the report writes ("--collect-only"), as exact as a named module
    double mentionCalled = 1.0;  // bug reports: the function an argument error names, whose raising frame is a caller (0: off)...
    double mentionCalledFile = 0.8; // ... and its file
    double frameOuter = 0.6;     // bug reports: each traceback frame of the project further out from the raising one x this
    int mentionIdentifiers = 60; // bug reports: identifiers looked up, most frequent first
    int reportTerms = 40;        // bug reports: keyword terms, the most specific first (0: the first 40)
    QStringList disabled;        // stage names not run ("off=path match+chunk shape"), for ablations

    // The process-wide values: the defaults above, overridden by REPOLENS_TUNE.
    static const Tuning &get();
    // Parses "name=value,..." over the defaults.
    static Tuning parse(const QString &spec);
};

} // namespace RepoLens
