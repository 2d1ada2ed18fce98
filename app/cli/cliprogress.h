#pragma once

#include "core/index/indexer.h"

#include <cstdio>

namespace RepoLens {

// Prints indexing progress to stderr: one redrawn line on a terminal (files, MB/s, ETA),
// plain lines every few seconds otherwise.
class CliProgress
{
public:
    explicit CliProgress(FILE *out = stderr);
    void update(const IndexProgress &progress);
    void finish();

private:
    FILE *m_out;
    bool m_tty;
    double m_lastPlain = -10;
    IndexProgress::Phase m_lastPhase = IndexProgress::Phase::Done;
    bool m_drew = false;
};

} // namespace RepoLens
