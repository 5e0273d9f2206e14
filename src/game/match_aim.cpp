#include "game/match_aim.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "game/strike.hpp"

namespace billiards::game {

namespace {

// Smallest s >= 0 with |p + d s - q| = r (d unit), or a negative value when none.
double ray_circle(Vec2 p, Vec2 d, Vec2 q, double r) {
    const Vec2 m = p - q;
    const double b = dot(m, d);
    const double c = length_sq(m) - r * r;
    if (c <= 0.0) return b < 0.0 ? 0.0 : -1.0; // already touching: only when moving into it
    if (b > 0.0) return -1.0;
    const double disc = b * b - c;
    if (disc < 0.0) return -1.0;
    return -b - std::sqrt(disc);
}

// Smallest s >= 0 where a ball of radius r moving from p along d touches segment a-b.
double ray_segment(Vec2 p, Vec2 d, Vec2 a, Vec2 b, double r) {
    double best = -1.0;
    auto take = [&best](double s) {
        if (s >= 0.0 && (best < 0.0 || s < best)) best = s;
    };
    // The segment's body: distance to the line equals r while the foot lies inside.
    const Vec2 ab = b - a;
    const double len = length(ab);
    if (len > 0.0) {
        const Vec2 t = ab / len;
        const Vec2 n = perp(t);
        const double dist = dot(p - a, n);
        const double vel = dot(d, n);
        if (vel != 0.0) {
            for (double side : {r, -r}) {
                const double s = (side - dist) / vel;
                if (s < 0.0) continue;
                const double foot = dot(p + d * s - a, t);
                if (foot >= 0.0 && foot <= len && std::abs(dist) >= r) take(s);
            }
        }
    }
    take(ray_circle(p, d, a, r));
    take(ray_circle(p, d, b, r));
    return best;
}

} // namespace

AimPreview aim_preview(const physics::World& world, double heading, double max_distance) {
    AimPreview a;
    const int cue = world.index_of(kCueBall);
    if (cue < 0) return a;
    const physics::Ball& cb = world.ball(cue);
    const Vec2 d{std::cos(heading), std::sin(heading)};
    a.cue_start = cb.position;
    double best = max_distance;
    for (int i = 0; i < world.ball_count(); ++i) {
        const physics::Ball& b = world.ball(i);
        if (i == cue || b.state == physics::MotionState::Pocketed) continue;
        const double s = ray_circle(cb.position, d, b.position, cb.radius + b.radius);
        if (s >= 0.0 && s < best) {
            best = s;
            a.hits_ball = true;
            a.ball = b.id;
        }
    }
    bool cushion = false;
    for (const physics::Cushion& c : world.cushions()) {
        const double s = ray_segment(cb.position, d, c.a, c.b, cb.radius);
        if (s >= 0.0 && s < best) {
            best = s;
            cushion = true;
        }
    }
    if (cushion) {
        a.hits_ball = false;
        a.ball = -1;
        a.hits_cushion = true;
    }
    a.cue_contact = cb.position + d * best;
    if (a.hits_ball) {
        const Vec2 o = world.ball(world.index_of(a.ball)).position;
        const Vec2 n = normalized(o - a.cue_contact);
        a.object_direction = n;
        a.cue_direction = normalized(d - n * dot(d, n));
        a.cut_angle = std::acos(std::clamp(dot(d, n), -1.0, 1.0));
    }
    return a;
}

std::vector<BallPath> predict_paths(const physics::World& world, const CueShot& shot,
                                    const CueParams& cue, double max_seconds, int every_steps) {
    physics::World w = world;
    apply_strike(w, shot, cue);
    return trace_paths(std::move(w), max_seconds, every_steps);
}

std::vector<BallPath> trace_paths(physics::World w, double max_seconds, int every_steps) {
    std::vector<BallPath> paths(static_cast<std::size_t>(w.ball_count()));
    for (int i = 0; i < w.ball_count(); ++i) {
        paths[static_cast<std::size_t>(i)].id = w.ball(i).id;
        paths[static_cast<std::size_t>(i)].points.push_back(w.ball(i).position);
    }
    const double end = w.time() + max_seconds;
    const int every = std::max(1, every_steps);
    for (int step = 1; !w.at_rest() && w.time() < end; ++step) {
        w.step();
        const bool sample = step % every == 0;
        for (int i = 0; i < w.ball_count(); ++i) {
            BallPath& p = paths[static_cast<std::size_t>(i)];
            const physics::Ball& b = w.ball(i);
            if (p.pocketed) continue;
            if (b.state == physics::MotionState::Pocketed) {
                p.pocketed = true;
                p.points.push_back(b.position);
            } else if (sample && b.position != p.points.back()) {
                p.points.push_back(b.position);
            }
        }
    }
    std::vector<BallPath> moved;
    for (BallPath& p : paths) {
        const int i = w.index_of(p.id);
        if (!p.pocketed && w.ball(i).position != p.points.back())
            p.points.push_back(w.ball(i).position);
        if (p.points.size() > 1) moved.push_back(std::move(p));
    }
    return moved;
}

} // namespace billiards::game
