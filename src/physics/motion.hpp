// The cloth model of DESIGN.md in closed form. A ball's motion is a chain of segments of
// constant linear and angular acceleration (sliding, rolling, spinning, at rest); each
// segment ends at a transition whose time is known exactly.
#pragma once

#include <cmath>
#include <limits>

#include "physics/narrow.hpp"
#include "physics/types.hpp"

namespace billiards::physics {

constexpr double kNever = std::numeric_limits<double>::infinity();

struct Motion {
    double t0 = 0.0; // time of the base state below (step-local)
    Vec2 r{};
    Vec2 v{};
    Vec2 a{};
    Vec3 w{};
    Vec3 alpha{};
    double t_lin = kNever;  // sliding turns to rolling, or rolling comes to rest
    double t_spin = kNever; // side spin reaches zero
    MotionState state = MotionState::Stationary;

    double t_end() const { return t_lin < t_spin ? t_lin : t_spin; }
    narrow::Kinematics kinematics_at(double t) const {
        const double s = t - t0;
        return {r + v * s + a * (0.5 * s * s), v + a * s, a};
    }
    // Moves the base state to time t (t0 <= t <= t_end()) along this segment.
    void advance_to(double t);
};

// Speeds this small would underflow when squared (and turn into NaN downstream); they are
// zero for every purpose, so make_motion flushes them (also -0 to +0).
inline double flush_tiny(double x) {
    return std::fabs(x) < 1e-100 ? 0.0 : x;
}

// Slip velocity of the contact point with the cloth: u = (vx - R wy, vy + R wx).
Vec2 contact_slip(Vec2 v, Vec3 w, double radius);

// Motion state implied by velocity and spin (sliding while the contact point slips).
MotionState classify_motion(Vec2 velocity, Vec3 spin, double radius);

// The segment that starts at time t from this state.
Motion make_motion(double t, Vec2 r, Vec2 v, Vec3 w, double radius, const Params& p);

// At m.t_end(): advances there, snaps the ended phase exactly (slip to zero, speed to
// zero, side spin to zero) and starts the next segment.
void finish_transition(Motion& m, double radius, const Params& p);

// Largest distance the centre can travel in `duration` from the start of m, whatever
// transitions happen on the way (speed only grows while sliding, by at most mu_s g).
double travel_bound(const Motion& m, const Params& p, double duration);

} // namespace billiards::physics
