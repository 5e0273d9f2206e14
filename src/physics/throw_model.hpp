// Ball-ball friction (throw) on the whole slip of the contact points: the horizontal slip
// (the balls' velocities along the tangent and their side spins) and the vertical one (their
// spins about the tangent: top, bottom and rolling spin), after D. G. Alciatore's TP A.14.
// Shared by the instantaneous impact (narrow.cpp) and the compliant contact (hertz.cpp).
#pragma once

#include <algorithm>
#include <cmath>

#include "core/vec.hpp"
#include "physics/types.hpp"

namespace billiards::physics::throw_model {

// Alciatore's fit (TP A.14, TP A.28) to Marlow's measured ball-ball friction, mu = a + b
// exp(-c v) with v the contact points' slip speed in m/s: 0.118 slipping slowly, 0.06 at
// 0.7 m/s, 0.01 at 7 m/s.
constexpr double kA = 9.951e-3;
constexpr double kB = 0.108;
constexpr double kC = 1.088; // s/m
double alciatore_mu(double slip_speed);

// The friction coefficient of a contact slipping at `slip_speed`: ball_friction (`mu`) for
// the horizontal and contact models, the fit for alciatore.
double coefficient(ThrowModel m, double mu, double slip_speed);

// Does the model act with this ball_friction? (alciatore always does.)
inline bool acts(ThrowModel m, double mu) {
    return m == ThrowModel::Alciatore || mu > 0.0;
}

// A vector in the plane tangent to two balls at their contact, n (horizontal) from ball 1 to
// ball 2: `along` t = perp(n), `up` the vertical.
struct Tangent {
    double along = 0.0;
    double up = 0.0;
};

// The velocity of ball 1's contact point (at R1 n) relative to ball 2's (at -R2 n). Spins are
// (wx, wy, wz) with z up: w x n has the horizontal part wz t and the vertical -(w.t).
inline Tangent slip(Vec2 v1, Vec3 w1, double r1, Vec2 v2, Vec3 w2, double r2, Vec2 t) {
    return {dot(v1 - v2, t) + r1 * w1.z + r2 * w2.z,
            -r1 * (w1.x * t.x + w1.y * t.y) - r2 * (w2.x * t.x + w2.y * t.y)};
}

inline double speed(Tangent u) {
    return std::sqrt(u.along * u.along + u.up * u.up);
}

// The Coulomb impulse on ball 1 (ball 2 takes its opposite) for a slip u of `speed`: against
// it, at most `most` (the coefficient times the normal impulse), and capped where it stops
// the slip, an impulse P changing the slip by `compliance` P in every direction of the
// tangent plane (7/2 (1/m1 + 1/m2) for two solid balls, as TP A.14 takes it; DESIGN.md).
// With the same compliance in every direction the slip keeps its direction while it shrinks,
// so this one impulse is the whole of the Coulomb sliding.
inline Tangent impulse(Tangent u, double speed, double most, double compliance) {
    if (!(speed > 0.0) || !(most > 0.0)) return {};
    const double f = std::min(most, speed / compliance) / speed;
    return {-u.along * f, -u.up * f};
}

// Applies impulse p on ball 1 at R1 n and -p on ball 2 at -R2 n: their velocities along t
// (the vertical part goes into the table, or into a hop the 2D world does not keep) and
// their spins, all three components, by R n x p / I with I = 2/5 m R^2.
inline void apply(Vec2& v1, Vec3& w1, double r1, double m1, Vec2& v2, Vec3& w2, double r2,
                  double m2, Vec2 t, Tangent p) {
    v1 += t * (p.along / m1);
    v2 -= t * (p.along / m2);
    // n x (along t + up z) = along z - up t, the same torque on both balls.
    const double s1 = 2.5 / (m1 * r1), s2 = 2.5 / (m2 * r2);
    w1.x -= t.x * (p.up * s1);
    w1.y -= t.y * (p.up * s1);
    w1.z += p.along * s1;
    w2.x -= t.x * (p.up * s2);
    w2.y -= t.y * (p.up * s2);
    w2.z += p.along * s2;
}

} // namespace billiards::physics::throw_model
