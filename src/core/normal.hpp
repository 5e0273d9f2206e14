// The standard normal distribution's functions that the computer players' noise models need,
// here once for every planner.
#pragma once

#include <cmath>

namespace billiards {

// z with P(|Z| <= z) = q for a standard normal Z, i.e. erf(z / sqrt 2) = q: bisection on
// [0, 8] to double precision. q in [0, 1]; callers decide what q = 0 or 1 should give.
inline double half_normal_quantile(double q) {
    double lo = 0.0, hi = 8.0;
    for (int i = 0; i < 60; ++i) {
        const double mid = 0.5 * (lo + hi);
        if (std::erf(mid / std::sqrt(2.0)) < q)
            lo = mid;
        else
            hi = mid;
    }
    return 0.5 * (lo + hi);
}

} // namespace billiards
