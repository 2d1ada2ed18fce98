#pragma once

// Numeric kernels of the built-in embedder: a sparse matrix, randomized truncated SVD
// (Halko, Martinsson & Tropp 2011) and the fold-in of a sparse row. Compiled with -O2 even in
// Debug builds (core/CMakeLists.txt).

#include <QtGlobal>

#include <atomic>
#include <vector>

namespace RepoLens::Lsa {

// Compressed sparse rows.
struct Csr
{
    int rows = 0;
    int cols = 0;
    std::vector<int> rowStart{0}; // rows + 1
    std::vector<int> col;
    std::vector<float> val;

    void appendRow(const std::vector<std::pair<int, float>> &entries);
    void appendRows(const Csr &other); // other's rows after these (same cols)
    Csr transposed() const;
};

struct Svd
{
    int k = 0;
    std::vector<double> singular;     // k, descending
    std::vector<float> termVectors;   // cols x k, row-major: V_k * diag(sigma^(power - 1))
};

// Columns of the Gaussian test matrix of randomizedSvd for a rows x cols matrix.
int sketchWidth(int rows, int cols, int k, int oversample);
// The Gaussian test matrix (cols x width, row-major) randomizedSvd draws for a seed; it depends
// on the matrix's shape only, so it can be drawn on another thread while the matrix is built.
std::vector<double> gaussianSketch(int cols, int width, quint64 seed);

// Top-k right singular vectors of a (rows = documents, cols = terms). Deterministic for a seed.
// Uses up to `threads` threads. Returns k = 0 when cancelled. omega: gaussianSketch(a.cols,
// sketchWidth(...), seed) when already drawn, else empty (drawn here).
Svd randomizedSvd(const Csr &a, int k, int oversample, int powerIterations, double sigmaPower,
                  quint64 seed, int threads, const std::atomic_bool *cancel, std::vector<double> omega = {});

// out[k] = sum_i vals[i] * T[cols[i]][k]
void foldIn(const int *cols, const float *vals, int nnz, const float *termVectors, int k, float *out);

// Symmetric eigen-decomposition (cyclic Jacobi) of an n x n row-major matrix: eigenvalues in
// descending order, eigenvectors as the columns of vectors (row-major n x n).
void symmetricEigen(std::vector<double> a, int n, std::vector<double> *values, std::vector<double> *vectors);

} // namespace RepoLens::Lsa
