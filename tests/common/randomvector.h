#pragma once

#include <QRandomGenerator>

#include <vector>

// A vector of `dim` components drawn uniformly from [-1, 1).
inline std::vector<float> randomVector(QRandomGenerator &rng, int dim)
{
    std::vector<float> v(static_cast<size_t>(dim));
    for (float &x : v)
        x = float(rng.generateDouble() * 2 - 1);
    return v;
}
