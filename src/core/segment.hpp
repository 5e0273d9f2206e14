// The distance from a point to a segment: the clear-path checks of the computer players
// and the drills, and the placement checks of the ball editor and the file readers.
#pragma once

#include <algorithm>
#include <cmath>

#include "core/vec.hpp"

namespace billiards {

// Squared distance from p to the segment from a to b (to a itself when a == b).
inline double distance_sq_to_segment(Vec2 p, Vec2 a, Vec2 b) {
    const Vec2 ab = b - a;
    const double l2 = length_sq(ab);
    const double t = l2 > 0.0 ? std::clamp(dot(p - a, ab) / l2, 0.0, 1.0) : 0.0;
    return length_sq(p - (a + ab * t));
}

inline double distance_to_segment(Vec2 p, Vec2 a, Vec2 b) {
    return std::sqrt(distance_sq_to_segment(p, a, b));
}

} // namespace billiards
