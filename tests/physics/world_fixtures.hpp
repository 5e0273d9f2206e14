// Small builders shared by the world tests.
#pragma once

#include "physics/world.hpp"

namespace billiards::test {

inline physics::Params frictionless(double e_ball = 1.0, double e_cushion = 1.0) {
    physics::Params p;
    p.ball_restitution = e_ball;
    p.cushion_restitution = e_cushion;
    p.sliding_friction = p.rolling_friction = p.spin_friction = p.ball_friction = 0.0;
    p.cushion_friction = 0.0;
    return p;
}

// Closed rectangle of four segments, corners joined.
inline std::vector<physics::Cushion> box(double hx, double hy) {
    return {{{-hx, -hy}, {hx, -hy}},
            {{hx, -hy}, {hx, hy}},
            {{hx, hy}, {-hx, hy}},
            {{-hx, hy}, {-hx, -hy}}};
}

inline physics::BallDef ball(int id, Vec2 pos, Vec2 vel = {}, double r = 0.03, double m = 0.17,
                             Vec3 spin = {}) {
    physics::BallDef d;
    d.id = id;
    d.position = pos;
    d.velocity = vel;
    d.radius = r;
    d.mass = m;
    d.spin = spin;
    return d;
}

// Steps until the world time reaches t (the last step shortened to land exactly).
inline void run_to(physics::World& w, double t) {
    while (w.time() < t) {
        const double left = t - w.time();
        if (left < w.params().timestep * (1.0 - 1e-12)) {
            w.step_partial(left);
        } else {
            w.step();
        }
    }
}

} // namespace billiards::test
