#include "game/cue_placement.hpp"

#include <algorithm>
#include <cmath>

#include "game/rack.hpp"
#include "game/shot_events.hpp"

namespace billiards::game {

namespace {

bool free_at(const physics::World& world, Vec2 p, double radius, int ignore_index) {
    for (int i = 0; i < world.ball_count(); ++i) {
        if (i == ignore_index) continue;
        const physics::Ball& b = world.ball(i);
        if (b.state == physics::MotionState::Pocketed) continue;
        const double d = radius + b.radius;
        if (length_sq(b.position - p) < d * d) return false;
    }
    return true;
}

} // namespace

Vec2 spot_position(const physics::World& world, const TableSpec& spec, double radius,
                   int ignore_index) {
    const Vec2 spot = foot_spot(spec);
    const double hx = spec.length / 2 - radius;
    constexpr double kStep = 0.0005;
    for (int k = 0;; ++k) {
        const Vec2 p{spot.x + kStep * k, spot.y};
        if (p.x > hx) break;
        if (free_at(world, p, radius, ignore_index)) return p;
    }
    for (int k = 1;; ++k) {
        const Vec2 p{spot.x - kStep * k, spot.y};
        if (p.x < -hx) break;
        if (free_at(world, p, radius, ignore_index)) return p;
    }
    return spot;
}

bool cue_placement_ok(const physics::World& world, const Table& table, Vec2 p, bool kitchen,
                      std::string* why) {
    auto fail = [why](const char* text) {
        if (why) *why = text;
        return false;
    };
    const int cue = world.index_of(kCueBall);
    const double r = cue >= 0 ? world.ball(cue).radius : physics::kBallRadius;
    const double hx = table.spec.length / 2, hy = table.spec.width / 2;
    if (!std::isfinite(p.x) || !std::isfinite(p.y)) return fail("not a position");
    if (std::abs(p.x) > hx - r || std::abs(p.y) > hy - r) return fail("off the cloth");
    if (kitchen && p.x > head_spot(table.spec).x) return fail("must be behind the head string");
    for (const physics::Pocket& pk : table.pockets)
        if (length(p - pk.center) <= pk.radius + 1e-9) return fail("in a pocket");
    for (const physics::Cushion& c : table.cushions) {
        const Vec2 ab = c.b - c.a;
        const double t = std::clamp(dot(p - c.a, ab) / length_sq(ab), 0.0, 1.0);
        if (length(p - (c.a + ab * t)) < r) return fail("touches a cushion");
    }
    if (!free_at(world, p, r, cue)) return fail("touches a ball");
    if (why) why->clear();
    return true;
}

} // namespace billiards::game
