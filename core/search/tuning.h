#pragma once

class QString;

namespace RepoLens {

// Tuning knobs of the ranking stages, measured on the dev benchmarks (docs/retrieval.md).
// REPOLENS_TUNE="name=value,..." overrides them for experiments (names in tuning.cpp).
struct Tuning
{
    double symbolBonus = 0.5;    // chunk defines an identifier named in the query
    double fileWeight = 0.4;     // share of the file's other chunk scores added
    int fileChunks = 3;          // how many other chunks of a file count
    double pathBonus = 0.25;     // a query term names the file (stem)
    int fusion = 0;              // 0 = weighted mix, 1 = reciprocal rank fusion
    double vectorWeight = 0.25;  // weighted mix: weight of the (best-normalised) cosine
    double rrfK = 60;            // RRF constant
    double priorCap = 0.25;      // file-quality prior: at most this share of the score range
    double demote = 0.25;        // tests / changelogs / vendored: minus this share of the range
    double graphCap = 0.1;       // reference-graph prior: at most this share of the range
    double expand = 0.5;         // one-hop expansion: neighbour score = parent x this
    int expandFrom = 5;          // top hits expanded
    double rerankWeight = 0.5;   // share of the range the re-ranker's (normalised) score adds

    // The process-wide values: the defaults above, overridden by REPOLENS_TUNE.
    static const Tuning &get();
    // Parses "name=value,..." over the defaults.
    static Tuning parse(const QString &spec);
};

} // namespace RepoLens
