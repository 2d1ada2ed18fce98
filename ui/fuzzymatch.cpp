#include "fuzzymatch.h"

#include <limits>
#include <vector>

namespace RepoLens {

namespace {

constexpr int kNone = std::numeric_limits<int>::min() / 4;
constexpr int kMatch = 16;        // every matched character
constexpr int kStart = 24;        // the first character of the text
constexpr int kWordStart = 18;    // after a separator, a lower-to-upper hump, letters after digits
constexpr int kConsecutive = 14;  // right after the previous match
constexpr int kExactCase = 2;
constexpr int kGap = 2;           // per character skipped between two matches
constexpr int kLeading = 1;       // per character before the first match (at most 12)

bool isSeparator(QChar c)
{
    return c == u'_' || c == u'.' || c == u':' || c == u'#' || c == u'\\' || c == u'/' || c == u' '
           || c == u'-' || c == u'$' || c == u'@' || c == u'!' || c == u'?';
}

int boundaryBonus(QStringView text, qsizetype j)
{
    if (j == 0)
        return kStart;
    const QChar prev = text.at(j - 1);
    const QChar cur = text.at(j);
    if (isSeparator(prev) && !isSeparator(cur))
        return kWordStart;
    if (prev.isLower() && cur.isUpper())
        return kWordStart;
    if (prev.isDigit() && cur.isLetter())
        return kWordStart / 2;
    return 0;
}

} // namespace

int fuzzyScore(QStringView pattern, QStringView text, QList<int> *positions)
{
    if (positions)
        positions->clear();
    const qsizetype n = pattern.size();
    const qsizetype m = text.size();
    if (n == 0)
        return 0;
    if (n > m || n > 128 || m > 1024)
        return -1;
    // Quick rejection: every pattern character in order.
    {
        qsizetype j = 0;
        for (qsizetype i = 0; i < n; ++i) {
            const QChar p = pattern.at(i).toLower();
            while (j < m && text.at(j).toLower() != p)
                ++j;
            if (j == m)
                return -1;
            ++j;
        }
    }
    // best[i][j]: best score with pattern[i] matched at text[j]; from[i][j]: where pattern[i-1] was.
    std::vector<int> best(size_t(n * m), kNone);
    std::vector<int> from(size_t(n * m), -1);
    auto at = [m](qsizetype i, qsizetype j) { return size_t(i * m + j); };
    for (qsizetype i = 0; i < n; ++i) {
        const QChar p = pattern.at(i);
        const QChar pl = p.toLower();
        int runBest = kNone; // best of row i-1 at k < j-1, minus the gap to j
        int runFrom = -1;
        for (qsizetype j = i; j < m; ++j) {
            if (i > 0 && j >= 2) {
                // extend the gap of the running best by one, then consider k = j - 2
                if (runBest != kNone)
                    runBest -= kGap;
                const int candidate = best[at(i - 1, j - 2)];
                if (candidate != kNone && candidate - kGap > runBest) {
                    runBest = candidate - kGap;
                    runFrom = int(j - 2);
                }
            }
            const QChar t = text.at(j);
            if (t.toLower() != pl)
                continue;
            int here = kMatch + boundaryBonus(text, j) + (t == p ? kExactCase : 0);
            if (i == 0) {
                best[at(i, j)] = here - int(std::min<qsizetype>(j, 12)) * kLeading;
                continue;
            }
            int prev = kNone;
            int prevFrom = -1;
            if (j >= 1 && best[at(i - 1, j - 1)] != kNone) {
                prev = best[at(i - 1, j - 1)] + kConsecutive;
                prevFrom = int(j - 1);
            }
            if (runBest > prev) {
                prev = runBest;
                prevFrom = runFrom;
            }
            if (prev == kNone)
                continue;
            best[at(i, j)] = here + prev;
            from[at(i, j)] = prevFrom;
        }
    }
    int score = kNone;
    qsizetype end = -1;
    for (qsizetype j = n - 1; j < m; ++j) {
        if (best[at(n - 1, j)] > score) {
            score = best[at(n - 1, j)];
            end = j;
        }
    }
    if (score == kNone)
        return -1;
    if (positions) {
        positions->resize(n);
        qsizetype j = end;
        for (qsizetype i = n - 1; i >= 0; --i) {
            (*positions)[i] = int(j);
            j = from[at(i, j)];
        }
    }
    // Shorter names win ties: the pattern covers more of them.
    score -= int(m - n) / 4;
    return std::max(1, score);
}

} // namespace RepoLens
