#include "render/orientation.hpp"

#include <cmath>

#include "physics/world.hpp"

namespace billiards::render {

namespace {

Quat product(const Quat& a, const Quat& b) {
    return {a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
            a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
            a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
            a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w};
}

Quat unit(const Quat& q) {
    const double n = std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
    if (!(n > 0.0) || !std::isfinite(n)) return {};
    return {q.w / n, q.x / n, q.y / n, q.z / n};
}

} // namespace

Quat turned(const Quat& q, Vec3 omega, double dt) {
    const double rate = length(omega);
    const double angle = rate * dt;
    if (!(angle > 0.0) || !std::isfinite(angle)) return q;
    // The exact turn for a constant omega: angle |omega| dt about omega's axis, applied in
    // the table frame (on the left).
    const double s = std::sin(0.5 * angle) / rate;
    const Quat step{std::cos(0.5 * angle), omega.x * s, omega.y * s, omega.z * s};
    return unit(product(step, q));
}

Vec3 to_table(const Quat& q, Vec3 v) {
    // v + 2 u x (u x v + w v), u the vector part.
    const Vec3 u{q.x, q.y, q.z};
    const Vec3 t = cross(u, v) + v * q.w;
    return v + cross(u, t) * 2.0;
}

Vec3 to_ball(const Quat& q, Vec3 v) {
    return to_table({q.w, -q.x, -q.y, -q.z}, v);
}

void Orientations::advance(const physics::World& w, double dt) {
    for (int i = 0; i < w.ball_count(); ++i) {
        const physics::Ball& b = w.ball(i);
        if (b.state == physics::MotionState::Pocketed) continue;
        Quat& q = turns_[b.id];
        q = turned(q, b.spin, dt);
    }
}

Quat Orientations::of(int id) const {
    const auto it = turns_.find(id);
    return it == turns_.end() ? Quat{} : it->second;
}

void run_to(physics::World& world, Orientations& turns, double until) {
    while (world.time() < until && !world.at_rest()) {
        const double t0 = world.time(), left = until - t0;
        if (left < world.params().timestep)
            world.step_partial(left);
        else
            world.step();
        turns.advance(world, world.time() - t0);
    }
}

} // namespace billiards::render
