// The middle of the window of aims that pot a ball, shared by the pool and snooker
// computers: where a jaw or a rail closes one side of the window sooner than the other, an
// aim at its middle misses least under a symmetric aiming error.
#pragma once

#include <cmath>
#include <optional>

namespace billiards::game {

// `pots(x)` answers whether the stroke turned x radians off its heading pots its ball (a
// noise-free run). Returns the offset of the middle of the window of offsets that pot: from
// the aimed heading (or, when that one does not pot, the nearest of 0.25 to 1 mrad either
// side that does) each edge is stepped out to, 0.1 mrad doubling each time up to 30 mrad,
// then bisected eight times. nullopt when no heading tried pots.
template <class Pots> std::optional<double> window_middle(Pots&& pots) {
    double anchor = 0.0;
    bool found = pots(0.0);
    for (int k = 1; k <= 4 && !found; ++k)
        for (double sign : {1.0, -1.0})
            if (pots(sign * 2.5e-4 * k)) {
                anchor = sign * 2.5e-4 * k;
                found = true;
                break;
            }
    if (!found) return std::nullopt;
    auto edge = [&](double dir) {
        double in = anchor, out = anchor, step = 1e-4;
        for (;;) {
            const double x = in + dir * step;
            if (std::abs(x - anchor) > 0.03) return in;
            if (!pots(x)) {
                out = x;
                break;
            }
            in = x;
            step *= 2.0;
        }
        for (int it = 0; it < 8; ++it) {
            const double m = 0.5 * (in + out);
            (pots(m) ? in : out) = m;
        }
        return 0.5 * (in + out);
    };
    const double lo = edge(-1.0), hi = edge(1.0);
    return 0.5 * (lo + hi);
}

} // namespace billiards::game
