// Narrow phase: pure functions that touch no world state. Times of impact are exact roots
// of the gap polynomials of two closed-form trajectories; responses are the normal/tangent
// impulses of DESIGN.md.
#pragma once

#include "core/poly.hpp"
#include "physics/types.hpp"

namespace billiards::physics::narrow {

// Closing speeds that decide when touching bodies count as colliding (see first_contact).
constexpr double kNowSpeed = 1e-11;     // m/s: below this a "closing" speed is round-off
constexpr double kLateSpeed = 1e-5;     // m/s: friction-driven approach while touching
constexpr double kContactDepth = 1e-10; // m: deepest a friction-driven approach may press

// Position, velocity and constant acceleration of a ball's centre at a common time.
struct Kinematics {
    Vec2 r{};
    Vec2 v{};
    Vec2 a{};
    Vec2 at(double s) const { return r + v * s + a * (0.5 * s * s); }
};

Vec2 closest_point_on_segment(Vec2 p, Vec2 a, Vec2 b);
// Is p closer than `within` to the segment from a to b? (A bounding box first: most
// segments are far.)
bool near_segment(Vec2 p, Vec2 a, Vec2 b, double within);

// |r(s) - q(s)|^2 - D^2 for two trajectories (q static when its v and a are zero).
Poly gap_squared(const Kinematics& k1, const Kinematics& k2, double contact_distance);

// Times of impact in [0, h] from now; negative when there is none within h.
double ball_ball_toi(const Kinematics& k1, double r1, const Kinematics& k2, double r2, double h);
double ball_point_toi(const Kinematics& k, double radius, Vec2 point, double h);
// The line part (contact point strictly inside the segment) and both rounded ends.
double ball_segment_toi(const Kinematics& k, double radius, const Cushion& c, double h);
// The centre entering the capture circle.
double ball_pocket_toi(const Kinematics& k, const Pocket& p, double h);

struct BodyState {
    Vec2 position{};
    Vec2 velocity{};
    Vec3 spin{};
    double radius = 0.0;
    double mass = 0.0;
};

// Restitution used for an impact closing at `speed`: impacts slower than kLateSpeed are
// elastic, which ends the otherwise endless train of ever slower impacts (real balls also
// approach e = 1 at low speed) and never adds energy.
double effective_restitution(double e, double speed);

// Ball-ball impact at contact: normal impulse with restitution e for unequal masses, and a
// Coulomb friction impulse mu * J_n (capped at stopping the slip) on the slip of the contact
// points, which throws the object ball and changes spins: with the horizontal model its
// horizontal slip (side spins), mu = 0 leaving spins unchanged; with the others the whole
// slip, top and bottom spin too (throw_model.hpp); mathavan integrates the impact with
// cloth friction mu_table under both balls in `steps` impulse steps (throw_mathavan.hpp).
// Returns the normal impulse (0 when the balls are not closing).
double resolve_ball_ball(BodyState& b1, BodyState& b2, double e, double mu,
                         ThrowModel model = ThrowModel::Horizontal,
                         double mu_table = Params{}.sliding_friction,
                         int steps = Params{}.throw_steps);

// Ball-cushion impact against the closest point `contact`: v_n -> -e v_n; then a Coulomb
// friction impulse mu * J_n (capped at stopping the slip) on the slip of the ball's contact
// point along the cushion, v_t - R wz, which trades speed along the rail for side spin and
// back: running english lengthens the rebound angle, reverse english shortens it.
// mu = 0 keeps v_t and the spin. Returns the normal impulse (0 when not closing).
double resolve_ball_cushion(BodyState& b, Vec2 contact, double e, double mu = 0.0);

// Touching balls that meet at a closing speed of at most kLateSpeed while the cloth keeps
// pressing them together (e.g. two rolling balls heading slightly apart in direction) go
// on as one cluster: both take the centre-of-mass velocity, so momentum is kept and spins
// are unchanged. Without this, such a pair chatters through thousands of elastic impacts
// at kLateSpeed. Only done when the pair would stay in contact (pressing beats the
// sideways motion that parts them: frictionless balls and grazing passes are never
// joined) and when, joined, the cloth presses them together by less than kJoinPress of
// their relative acceleration (a pair still pressed hard is a pushing contact, below);
// returns false, changing nothing, otherwise. Joined and still pressed at all (their spins
// differ), they would touch again within nanoseconds, over and over, so they also part
// along the normal at the pushing contact's a T / 2 (the linear energy drops by the
// relative motion's share and gains at most that parting's, under 1e-6 J).
constexpr double kJoinPress = 0.1;
bool join_slow_contact(BodyState& b1, BodyState& b2, const Params& p);

// A pushing contact: a slow contact (closing at most kPressSpeed) that the cloth would keep
// pressing even joined, e.g. a cue ball with follow pushing a sliding object ball, or a
// line of touching balls pushed from behind. With no contact force in the model the push is
// a train of impacts, one per return of the pair; elastic returns at kLateSpeed came every
// few microseconds (millions of impacts for one follow shot into a line of three). Such an
// impact parts the pair at no less than a T / 2 (a: the pressing relative acceleration
// along the normal, constant until either ball's motion changes), so that it returns after
// T = kPressReturn, or sooner at a change that stops the pressing (the pair must not go on
// drifting apart), but never sooner than kPressMin. The pair then stays
// within a T^2 / 8 (about 1 um) of touching. Momentum is kept exactly; the parting may add
// m1 m2 / (m1 + m2) (a T / 2)^2 / 2 at most (under 1e-6 J for pool balls), far below what
// the cloth takes from the pushing pair meanwhile.
constexpr double kPressSpeed = 1e-2;  // m/s
constexpr double kPressReturn = 2e-3; // s
constexpr double kPressMin = 2e-5;    // s

// The impact models the world uses, with every parameter they need. Bodies that overlap
// (by at most kContactDepth, from a friction-driven approach) are first moved back to
// touching along the normal, weighted so the centre of mass stays put; momentum and
// energy do not depend on positions, so they are untouched. Slow contacts are joined
// (join_slow_contact) when they can be; pushing contacts part at the speed above.
void ball_impact(BodyState& b1, BodyState& b2, const Params& p);
void cushion_impact(BodyState& b, Vec2 contact, const Params& p);

} // namespace billiards::physics::narrow
