#include "game/carom/carom_diamonds.hpp"

#include <cmath>
#include <limits>

namespace billiards::game {

std::vector<RailHit> diamond_path(const TableSpec& spec, Vec2 from, double heading, double radius,
                                  int count) {
    // The centre moves in the box a radius inside the noses; each wall it meets reflects it.
    const double hx = spec.length / 2 - radius, hy = spec.width / 2 - radius;
    Vec2 p = from;
    Vec2 d{std::cos(heading), std::sin(heading)};
    std::vector<RailHit> hits;
    constexpr double inf = std::numeric_limits<double>::infinity();
    while (static_cast<int>(hits.size()) < count) {
        const double tx = d.x > 0 ? (hx - p.x) / d.x : d.x < 0 ? (-hx - p.x) / d.x : inf;
        const double ty = d.y > 0 ? (hy - p.y) / d.y : d.y < 0 ? (-hy - p.y) / d.y : inf;
        const double t = std::max(0.0, std::min(tx, ty));
        if (!std::isfinite(t)) break; // no direction
        p = p + d * t;
        const bool long_rail = ty <= tx;
        const bool short_rail = tx <= ty;
        if (long_rail) {
            hits.push_back({p, d.y > 0 ? Rail::Top : Rail::Bottom,
                            (p.x + spec.length / 2) / (spec.length / 8)});
            d.y = -d.y;
        }
        if (short_rail && static_cast<int>(hits.size()) < count) {
            hits.push_back(
                {p, d.x > 0 ? Rail::Foot : Rail::Head, (p.y + spec.width / 2) / (spec.width / 4)});
        }
        if (short_rail) d.x = -d.x;
    }
    return hits;
}

} // namespace billiards::game
