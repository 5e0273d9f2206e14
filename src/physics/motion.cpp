#include "physics/motion.hpp"

#include <cmath>

namespace billiards::physics {

namespace {
// A slip this small is round-off of a rolling ball, not sliding.
constexpr double kSlipEpsilon = 1e-12;
} // namespace

void Motion::advance_to(double t) {
    const double s = t - t0;
    if (s <= 0.0) return;
    r = r + v * s + a * (0.5 * s * s);
    v = v + a * s;
    w = w + alpha * s;
    t0 = t;
}

Vec2 contact_slip(Vec2 v, Vec3 w, double radius) {
    return {v.x - radius * w.y, v.y + radius * w.x};
}

MotionState classify_motion(Vec2 velocity, Vec3 spin, double radius) {
    if (length(contact_slip(velocity, spin, radius)) > kSlipEpsilon) return MotionState::Sliding;
    if (velocity.x != 0.0 || velocity.y != 0.0) return MotionState::Rolling;
    if (spin.z != 0.0) return MotionState::Spinning;
    return MotionState::Stationary;
}

Motion make_motion(double t, Vec2 r, Vec2 v, Vec3 w, double radius, const Params& p) {
    v = {flush_tiny(v.x), flush_tiny(v.y)};
    w = {flush_tiny(w.x), flush_tiny(w.y), flush_tiny(w.z)};
    Motion m;
    m.t0 = t;
    m.r = r;
    m.v = v;
    m.w = w;
    m.state = classify_motion(v, w, radius);
    const double g = p.gravity;

    if (w.z != 0.0 && p.spin_friction > 0.0) {
        const double decel = 2.5 * p.spin_friction * g / radius;
        m.alpha.z = w.z > 0.0 ? -decel : decel;
        m.t_spin = t + std::fabs(w.z) / decel;
    }
    switch (m.state) {
    case MotionState::Sliding: {
        const Vec2 u = contact_slip(v, w, radius);
        const double slip = length(u);
        const Vec2 uh = u / slip;
        // Friction opposes the slip; it slows u at 7/2 mu_s g along a fixed direction.
        m.a = uh * (-p.sliding_friction * g);
        const double k = 2.5 * p.sliding_friction * g / radius;
        m.alpha.x = -uh.y * k;
        m.alpha.y = uh.x * k;
        if (p.sliding_friction > 0.0) m.t_lin = t + 2.0 * slip / (7.0 * p.sliding_friction * g);
        break;
    }
    case MotionState::Rolling: {
        // Rolling: keep (wx, wy) = perp(v) / R exactly.
        m.w.x = -v.y / radius;
        m.w.y = v.x / radius;
        const double speed = length(v);
        m.a = v * (-p.rolling_friction * g / speed);
        m.alpha.x = -m.a.y / radius;
        m.alpha.y = m.a.x / radius;
        if (p.rolling_friction > 0.0) m.t_lin = t + speed / (p.rolling_friction * g);
        break;
    }
    case MotionState::Spinning:
    case MotionState::Stationary:
    case MotionState::Pocketed:
        m.w.x = 0.0;
        m.w.y = 0.0;
        break;
    }
    return m;
}

void finish_transition(Motion& m, double radius, const Params& p) {
    const double t = m.t_end();
    const bool lin = m.t_lin <= t;
    const bool spin = m.t_spin <= t;
    m.advance_to(t);
    if (spin) m.w.z = 0.0;
    if (lin) {
        if (m.state == MotionState::Sliding) {
            m.w.x = -m.v.y / radius; // slip is exactly zero from here on
            m.w.y = m.v.x / radius;
        } else if (m.state == MotionState::Rolling) {
            m.v = {};
            m.w.x = 0.0;
            m.w.y = 0.0;
        }
    }
    m = make_motion(t, m.r, m.v, m.w, radius, p);
    // A sliding ball whose slip vanished exactly must not slide again by round-off.
    if (lin && m.state == MotionState::Sliding) {
        m.w.x = -m.v.y / radius;
        m.w.y = m.v.x / radius;
        m = make_motion(t, m.r, m.v, m.w, radius, p);
    }
}

double travel_bound(const Motion& m, const Params& p, double duration) {
    const double speed = length(m.v);
    if (m.state == MotionState::Sliding)
        return speed * duration + 0.5 * p.sliding_friction * p.gravity * duration * duration;
    return speed * duration;
}

} // namespace billiards::physics
