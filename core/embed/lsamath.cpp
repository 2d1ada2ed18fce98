#include "lsamath.h"

#include "core/base/logging.h"

#include <QElapsedTimer>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <atomic>
#include <random>
#include <thread>

namespace RepoLens::Lsa {

void Csr::appendRow(const std::vector<std::pair<int, float>> &entries)
{
    for (const auto &[c, v] : entries) {
        col.push_back(c);
        val.push_back(v);
    }
    rowStart.push_back(int(col.size()));
    ++rows;
}

void Csr::appendRows(const Csr &other)
{
    const int base = int(col.size());
    col.insert(col.end(), other.col.begin(), other.col.end());
    val.insert(val.end(), other.val.begin(), other.val.end());
    for (int r = 1; r <= other.rows; ++r)
        rowStart.push_back(base + other.rowStart[size_t(r)]);
    rows += other.rows;
}

Csr Csr::transposed() const
{
    Csr t;
    t.rows = cols;
    t.cols = rows;
    t.rowStart.assign(size_t(cols) + 1, 0);
    for (int c : col)
        ++t.rowStart[size_t(c) + 1];
    std::partial_sum(t.rowStart.begin(), t.rowStart.end(), t.rowStart.begin());
    t.col.resize(col.size());
    t.val.resize(val.size());
    std::vector<int> fill(t.rowStart.begin(), t.rowStart.end() - 1);
    for (int r = 0; r < rows; ++r) {
        for (int i = rowStart[size_t(r)]; i < rowStart[size_t(r) + 1]; ++i) {
            const int pos = fill[size_t(col[size_t(i)])]++;
            t.col[size_t(pos)] = r;
            t.val[size_t(pos)] = val[size_t(i)];
        }
    }
    return t;
}

namespace {

template<typename F>
void parallelRows(int rows, int threads, F &&f)
{
    if (threads <= 1 || rows < 2048) {
        f(0, rows, 0);
        return;
    }
    std::vector<std::thread> pool;
    const int per = (rows + threads - 1) / threads;
    for (int t = 0; t < threads; ++t) {
        const int begin = t * per;
        const int end = std::min(rows, begin + per);
        if (begin >= end)
            break;
        pool.emplace_back([&f, begin, end, t] { f(begin, end, t); });
    }
    for (std::thread &th : pool)
        th.join();
}

// y (a.rows x l) = a * x (a.cols x l), row-major
void mul(const Csr &a, const std::vector<double> &x, int l, std::vector<double> &y, int threads)
{
    y.assign(size_t(a.rows) * size_t(l), 0.0);
    parallelRows(a.rows, threads, [&](int begin, int end, int) {
        for (int r = begin; r < end; ++r) {
            double *out = y.data() + size_t(r) * size_t(l);
            for (int i = a.rowStart[size_t(r)]; i < a.rowStart[size_t(r) + 1]; ++i) {
                const double v = a.val[size_t(i)];
                const double *in = x.data() + size_t(a.col[size_t(i)]) * size_t(l);
                for (int j = 0; j < l; ++j)
                    out[j] += v * in[j];
            }
        }
    });
}

// g (l x l) = y^T y. Partial sums over a fixed number of row blocks, added in block order:
// the result depends on the input only, not on how many threads computed it.
std::vector<double> gram(const std::vector<double> &y, int rows, int l, int threads)
{
    constexpr int kBlocks = 16;
    const int blocks = rows < 2048 ? 1 : kBlocks;
    std::vector<std::vector<double>> partial(size_t(blocks), std::vector<double>(size_t(l) * size_t(l), 0.0));
    auto block = [&](int b) {
        const int begin = int(qint64(rows) * b / blocks), end = int(qint64(rows) * (b + 1) / blocks);
        std::vector<double> &g = partial[size_t(b)];
        for (int r = begin; r < end; ++r) {
            const double *row = y.data() + size_t(r) * size_t(l);
            for (int a = 0; a < l; ++a) {
                const double ra = row[a];
                if (ra == 0)
                    continue;
                double *ga = g.data() + size_t(a) * size_t(l);
                for (int c = a; c < l; ++c)
                    ga[c] += ra * row[c];
            }
        }
    };
    std::atomic_int next{0};
    auto worker = [&] {
        for (int b = next.fetch_add(1); b < blocks; b = next.fetch_add(1))
            block(b);
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < std::min(std::max(1, threads), blocks); ++t)
        pool.emplace_back(worker);
    worker();
    for (std::thread &th : pool)
        th.join();
    std::vector<double> g(size_t(l) * size_t(l), 0.0);
    for (const auto &p : partial)
        for (size_t i = 0; i < g.size(); ++i)
            g[i] += p[i];
    for (int a = 0; a < l; ++a)
        for (int b = 0; b < a; ++b)
            g[size_t(a) * size_t(l) + size_t(b)] = g[size_t(b) * size_t(l) + size_t(a)];
    return g;
}

// Upper-triangular r with g = r^T r; a tiny shift keeps rank-deficient inputs positive.
bool cholesky(std::vector<double> g, int l, std::vector<double> &r)
{
    double trace = 0;
    for (int i = 0; i < l; ++i)
        trace += g[size_t(i) * size_t(l) + size_t(i)];
    const double shift = std::max(1e-300, trace * 1e-12);
    for (int i = 0; i < l; ++i)
        g[size_t(i) * size_t(l) + size_t(i)] += shift;
    r.assign(size_t(l) * size_t(l), 0.0);
    for (int j = 0; j < l; ++j) {
        double s = g[size_t(j) * size_t(l) + size_t(j)];
        for (int k = 0; k < j; ++k)
            s -= r[size_t(k) * size_t(l) + size_t(j)] * r[size_t(k) * size_t(l) + size_t(j)];
        if (!(s > 0))
            return false;
        const double d = std::sqrt(s);
        r[size_t(j) * size_t(l) + size_t(j)] = d;
        for (int i = j + 1; i < l; ++i) {
            double t = g[size_t(j) * size_t(l) + size_t(i)];
            for (int k = 0; k < j; ++k)
                t -= r[size_t(k) * size_t(l) + size_t(j)] * r[size_t(k) * size_t(l) + size_t(i)];
            r[size_t(j) * size_t(l) + size_t(i)] = t / d;
        }
    }
    return true;
}

// Makes the columns of y (rows x l, row-major) orthonormal: Cholesky QR twice (CholQR2).
void orthonormalise(std::vector<double> &y, int rows, int l, int threads, int passes = 2)
{
    for (int pass = 0; pass < passes; ++pass) {
        std::vector<double> r;
        if (!cholesky(gram(y, rows, l, threads), l, r)) {
            // degenerate: fall back to modified Gram-Schmidt on columns
            for (int j = 0; j < l; ++j) {
                for (int i = 0; i < j; ++i) {
                    double d = 0;
                    for (int k = 0; k < rows; ++k)
                        d += y[size_t(k) * size_t(l) + size_t(i)] * y[size_t(k) * size_t(l) + size_t(j)];
                    for (int k = 0; k < rows; ++k)
                        y[size_t(k) * size_t(l) + size_t(j)] -= d * y[size_t(k) * size_t(l) + size_t(i)];
                }
                double n = 0;
                for (int k = 0; k < rows; ++k)
                    n += y[size_t(k) * size_t(l) + size_t(j)] * y[size_t(k) * size_t(l) + size_t(j)];
                n = n > 0 ? 1.0 / std::sqrt(n) : 0.0;
                for (int k = 0; k < rows; ++k)
                    y[size_t(k) * size_t(l) + size_t(j)] *= n;
            }
            return;
        }
        // y <- y r^-1, row by row (forward substitution of x r = row)
        parallelRows(rows, threads, [&](int begin, int end, int) {
            for (int k = begin; k < end; ++k) {
                double *row = y.data() + size_t(k) * size_t(l);
                for (int j = 0; j < l; ++j) {
                    double s = row[j];
                    for (int i = 0; i < j; ++i)
                        s -= row[i] * r[size_t(i) * size_t(l) + size_t(j)];
                    row[j] = s / r[size_t(j) * size_t(l) + size_t(j)];
                }
            }
        });
    }
}

} // namespace

void symmetricEigen(std::vector<double> a, int n, std::vector<double> *values, std::vector<double> *vectors)
{
    std::vector<double> v(size_t(n) * size_t(n), 0.0);
    for (int i = 0; i < n; ++i)
        v[size_t(i) * size_t(n) + size_t(i)] = 1.0;
    auto at = [&](std::vector<double> &m, int i, int j) -> double & { return m[size_t(i) * size_t(n) + size_t(j)]; };
    for (int sweep = 0; sweep < 60; ++sweep) {
        double off = 0, diag = 0;
        for (int i = 0; i < n; ++i) {
            diag += at(a, i, i) * at(a, i, i);
            for (int j = i + 1; j < n; ++j)
                off += at(a, i, j) * at(a, i, j);
        }
        if (off <= 1e-22 * diag)
            break;
        for (int p = 0; p < n; ++p) {
            for (int q = p + 1; q < n; ++q) {
                const double apq = at(a, p, q);
                if (std::abs(apq) < 1e-300)
                    continue;
                const double theta = (at(a, q, q) - at(a, p, p)) / (2 * apq);
                const double t = (theta >= 0 ? 1.0 : -1.0) / (std::abs(theta) + std::sqrt(theta * theta + 1));
                const double c = 1 / std::sqrt(t * t + 1);
                const double s = t * c;
                for (int k = 0; k < n; ++k) {
                    const double akp = at(a, k, p), akq = at(a, k, q);
                    at(a, k, p) = c * akp - s * akq;
                    at(a, k, q) = s * akp + c * akq;
                }
                for (int k = 0; k < n; ++k) {
                    const double apk = at(a, p, k), aqk = at(a, q, k);
                    at(a, p, k) = c * apk - s * aqk;
                    at(a, q, k) = s * apk + c * aqk;
                }
                for (int k = 0; k < n; ++k) {
                    const double vkp = at(v, k, p), vkq = at(v, k, q);
                    at(v, k, p) = c * vkp - s * vkq;
                    at(v, k, q) = s * vkp + c * vkq;
                }
            }
        }
    }
    std::vector<int> order(static_cast<size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int x, int y) { return at(a, x, x) > at(a, y, y); });
    values->resize(size_t(n));
    vectors->assign(size_t(n) * size_t(n), 0.0);
    for (int c = 0; c < n; ++c) {
        (*values)[size_t(c)] = at(a, order[size_t(c)], order[size_t(c)]);
        for (int r = 0; r < n; ++r)
            (*vectors)[size_t(r) * size_t(n) + size_t(c)] = at(v, r, order[size_t(c)]);
    }
}

int sketchWidth(int rows, int cols, int k, int oversample)
{
    k = std::min({k, rows, cols});
    return k <= 0 ? 0 : std::min({k + oversample, rows, cols});
}

std::vector<double> gaussianSketch(int cols, int width, quint64 seed)
{
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> normal;
    std::vector<double> omega(size_t(std::max(0, cols)) * size_t(std::max(0, width)));
    for (double &x : omega)
        x = normal(rng);
    return omega;
}

Svd randomizedSvd(const Csr &a, int k, int oversample, int powerIterations, double sigmaPower,
                  quint64 seed, int threads, const std::atomic_bool *cancel, std::vector<double> omega)
{
    Svd out;
    k = std::min({k, a.rows, a.cols});
    if (k <= 0)
        return out;
    const int l = sketchWidth(a.rows, a.cols, k, oversample);
    QElapsedTimer timer;
    timer.start();
    const Csr at = a.transposed();
    qCDebug(lcEmbed) << "svd: transposed" << timer.elapsed();
    auto cancelled = [&] { return cancel && cancel->load(std::memory_order_relaxed); };

    if (omega.size() != size_t(a.cols) * size_t(l))
        omega = gaussianSketch(a.cols, l, seed);
    qCDebug(lcEmbed) << "svd: omega" << timer.elapsed();
    std::vector<double> y, z;
    mul(a, omega, l, y, threads);
    qCDebug(lcEmbed) << "svd: a*omega" << timer.elapsed();
    omega.clear();
    omega.shrink_to_fit();
    // A Gaussian sketch is well conditioned enough to feed a power iteration as it is (in double
    // precision); only the last basis needs to be orthonormal to full precision.
    if (powerIterations == 0)
        orthonormalise(y, a.rows, l, threads, 2);
    for (int it = 0; it < powerIterations; ++it) {
        if (cancelled())
            return out;
        // the power iterations only need a well-conditioned basis: one CholQR pass each
        mul(at, y, l, z, threads);
        qCDebug(lcEmbed) << "svd: at*y" << timer.elapsed();
        orthonormalise(z, a.cols, l, threads, 1);
        qCDebug(lcEmbed) << "svd: orth z" << timer.elapsed();
        mul(a, z, l, y, threads);
        qCDebug(lcEmbed) << "svd: a*z" << timer.elapsed();
        orthonormalise(y, a.rows, l, threads, it + 1 < powerIterations ? 1 : 2);
        qCDebug(lcEmbed) << "svd: orth y" << timer.elapsed();
    }
    if (cancelled())
        return out;
    // B = Q^T A, kept transposed: bt (cols x l) = A^T Q
    std::vector<double> bt;
    mul(at, y, l, bt, threads);
    y.clear();
    y.shrink_to_fit();
    const std::vector<double> g = gram(bt, a.cols, l, threads); // B B^T
    qCDebug(lcEmbed) << "svd: bt + gram" << timer.elapsed();
    std::vector<double> values, w;
    symmetricEigen(g, l, &values, &w);
    qCDebug(lcEmbed) << "svd: eigen" << timer.elapsed();
    out.k = k;
    out.singular.resize(size_t(k));
    for (int j = 0; j < k; ++j)
        out.singular[size_t(j)] = std::sqrt(std::max(0.0, values[size_t(j)]));
    // V = bt W diag(1/sigma); term vectors = V diag(sigma^(power-1)) = bt W diag(sigma^(power-2))
    std::vector<double> scale(static_cast<size_t>(k));
    for (int j = 0; j < k; ++j) {
        const double s = out.singular[size_t(j)];
        scale[size_t(j)] = s > 0 ? std::pow(s, sigmaPower - 2.0) : 0.0;
    }
    out.termVectors.assign(size_t(a.cols) * size_t(k), 0.0f);
    parallelRows(a.cols, threads, [&](int begin, int end, int) {
        std::vector<double> acc(static_cast<size_t>(k));
        for (int r = begin; r < end; ++r) {
            std::fill(acc.begin(), acc.end(), 0.0);
            const double *row = bt.data() + size_t(r) * size_t(l);
            for (int i = 0; i < l; ++i) {
                const double x = row[i];
                if (x == 0)
                    continue;
                const double *wi = w.data() + size_t(i) * size_t(l);
                for (int j = 0; j < k; ++j)
                    acc[size_t(j)] += x * wi[j];
            }
            float *dst = out.termVectors.data() + size_t(r) * size_t(k);
            for (int j = 0; j < k; ++j)
                dst[j] = float(acc[size_t(j)] * scale[size_t(j)]);
        }
    });
    qCDebug(lcEmbed) << "svd: term vectors" << timer.elapsed();
    return out;
}

void foldIn(const int *cols, const float *vals, int nnz, const float *termVectors, int k, float *out)
{
    std::fill(out, out + k, 0.0f);
    for (int i = 0; i < nnz; ++i) {
        const float v = vals[i];
        const float *t = termVectors + size_t(cols[i]) * size_t(k);
        for (int j = 0; j < k; ++j)
            out[j] += v * t[j];
    }
}

} // namespace RepoLens::Lsa
