#include "app/game_aim.hpp"

#include <algorithm>
#include <cmath>

namespace billiards::app {

namespace {

// Smallest s >= 0 with |p + d s - c| = reach (d a unit vector), if the ray moves into it.
bool ray_circle(Vec2 p, Vec2 d, Vec2 c, double reach, double& s) {
    const Vec2 m = p - c;
    const double b = dot(m, d);
    const double cc = length_sq(m) - reach * reach;
    if (cc <= 0.0) { // already touching: a hit only when moving towards it
        if (b >= 0.0) return false;
        s = 0.0;
        return true;
    }
    const double disc = b * b - cc;
    if (b >= 0.0 || disc < 0.0) return false;
    s = -b - std::sqrt(disc);
    return s >= 0.0;
}

} // namespace

double first_ball_along(const physics::World& world, int skip, Vec2 from, Vec2 dir, double radius,
                        double max_distance) {
    double best = max_distance;
    for (int i = 0; i < world.ball_count(); ++i) {
        const physics::Ball& b = world.ball(i);
        if (i == skip || b.state == physics::MotionState::Pocketed) continue;
        double s = 0.0;
        if (ray_circle(from, dir, b.position, radius + b.radius, s) && s < best) best = s;
    }
    return best;
}

AimHit cast_aim(const physics::World& world, int cue_index, double heading, double max_distance) {
    AimHit hit;
    if (cue_index < 0 || cue_index >= world.ball_count()) return hit;
    const physics::Ball& cue = world.ball(cue_index);
    const Vec2 p = cue.position;
    const Vec2 d{std::cos(heading), std::sin(heading)};
    double best = max_distance;
    for (int i = 0; i < world.ball_count(); ++i) {
        const physics::Ball& b = world.ball(i);
        if (i == cue_index || b.state == physics::MotionState::Pocketed) continue;
        double s = 0.0;
        if (ray_circle(p, d, b.position, cue.radius + b.radius, s) && s < best) {
            best = s;
            hit.kind = AimHit::Kind::Ball;
            hit.ball = i;
        }
    }
    const std::vector<physics::Cushion>& cushions = world.cushions();
    for (std::size_t k = 0; k < cushions.size(); ++k) {
        const physics::Cushion& c = cushions[k];
        const Vec2 ab = c.b - c.a;
        const double len = length(ab);
        double s = 0.0;
        // The flat sides, offset by the radius on both sides.
        if (len > 0.0) {
            const Vec2 t = ab / len, n = perp(t);
            const double side = dot(p - c.a, n), speed = dot(d, n);
            for (double off : {cue.radius, -cue.radius}) {
                if (speed == 0.0 || (side - off) * speed >= 0.0) continue; // moving away
                s = (off - side) / speed;
                const double along = dot(p + d * s - c.a, t);
                if (s >= 0.0 && s < best && along >= 0.0 && along <= len) {
                    best = s;
                    hit.kind = AimHit::Kind::Cushion;
                    hit.cushion = static_cast<int>(k);
                }
            }
        }
        for (Vec2 end : {c.a, c.b}) {
            if (ray_circle(p, d, end, cue.radius, s) && s < best) {
                best = s;
                hit.kind = AimHit::Kind::Cushion;
                hit.cushion = static_cast<int>(k);
            }
        }
    }
    if (hit.kind == AimHit::Kind::None) return hit;
    hit.distance = best;
    hit.ghost = p + d * best;
    if (hit.kind == AimHit::Kind::Ball) {
        const Vec2 n = normalized(world.ball(hit.ball).position - hit.ghost);
        hit.object_dir = n;
        const Vec2 tangent = d - n * dot(d, n);
        hit.cue_dir = length(tangent) > 1e-6 ? normalized(tangent) : Vec2{};
    } else {
        const physics::Cushion& c = cushions[static_cast<std::size_t>(hit.cushion)];
        const Vec2 ab = c.b - c.a;
        const double l2 = length_sq(ab);
        const double u = l2 > 0.0 ? std::clamp(dot(hit.ghost - c.a, ab) / l2, 0.0, 1.0) : 0.0;
        const Vec2 n = normalized(hit.ghost - (c.a + ab * u));
        hit.bounce_dir = d - n * (2.0 * dot(d, n));
    }
    return hit;
}

} // namespace billiards::app
