// Ball-ball friction on the whole slip of the contact points (the "contact" and "alciatore"
// throw models) in the instantaneous impact, against D. G. Alciatore's closed form (TP A.14)
// and the conservation laws.
//
// TP A.14's closed form, derived here for two equal balls (mass m, radius R), the object
// ball at rest, e = 1, the cue ball arriving at v with cut angle phi, top spin w_top (about
// the horizontal axis across its path; rolling is w_top = v / R) and side spin w_z:
// - the normal impulse is J = m v cos(phi), so the object ball leaves along the line of
//   centres at v cos(phi);
// - the cue ball's contact point slips past the object ball's at h = v sin(phi) - R w_z
//   across the line of centres (horizontally) and at z = R w_top cos(phi) vertically
//   (the top spin's surface speed at the contact, tilted by the cut);
// - a tangential impulse P at the contact changes the slip by P (1/m + R^2/I) for each ball,
//   7 P / m in all, so Coulomb friction gives P = min(mu J, m s / 7) against the slip,
//   s = sqrt(h^2 + z^2); the object ball takes P h / (m s) across the line of centres;
// - the throw angle is therefore
//       tan(theta) = min(mu v cos(phi), s / 7) h / (s v cos(phi)).
// With the alciatore model mu = a + b exp(-c s) (Alciatore's fit to Marlow's data, TP A.28).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

#include "core/random.hpp"
#include "physics/narrow.hpp"
#include "physics/throw_model.hpp"
#include "world_fixtures.hpp"

namespace billiards {
namespace {

using physics::ThrowModel;
using physics::narrow::BodyState;

constexpr double kR = physics::kBallRadius;
constexpr double kM = physics::kBallMass;
constexpr double kDeg = std::numbers::pi / 180.0;

double alciatore_fit(double s) {
    return 9.951e-3 + 0.108 * std::exp(-1.088 * s);
}

// TP A.14's throw angle in degrees (see the top of the file); mu < 0: the fitted law.
double closed_form_throw(double v, double phi, double w_top, double w_z, double mu) {
    const double h = v * std::sin(phi) - kR * w_z;
    const double z = kR * w_top * std::cos(phi);
    const double s = std::hypot(h, z);
    if (s == 0.0) return 0.0;
    const double m = mu < 0.0 ? alciatore_fit(s) : mu;
    const double vn = v * std::cos(phi);
    return std::atan(std::min(m * vn, s / 7.0) * h / (s * vn)) / kDeg;
}

// The cue ball (moving along +x) and the object ball touching it at cut angle phi: the line
// of centres n = (cos phi, sin phi).
struct Shot {
    BodyState cue;
    BodyState object;
};
Shot cut(double v, double phi, double w_top, double w_z) {
    Shot s;
    s.cue = {{0.0, 0.0}, {v, 0.0}, {0.0, w_top, w_z}, kR, kM};
    s.object = {{2.0 * kR * std::cos(phi), 2.0 * kR * std::sin(phi)}, {}, {}, kR, kM};
    return s;
}

// The object ball's departure off the line of centres, degrees: positive towards the cue
// ball's side of its path (-t, t = perp(n)), where cut-induced throw takes it.
double thrown(const Shot& s, double phi) {
    const Vec2 n{std::cos(phi), std::sin(phi)};
    const Vec2 t = perp(n);
    return std::atan2(-dot(s.object.velocity, t), dot(s.object.velocity, n)) / kDeg;
}

double throw_of(ThrowModel model, double mu, double v, double phi, double w_top, double w_z) {
    Shot s = cut(v, phi, w_top, w_z);
    physics::narrow::resolve_ball_ball(s.cue, s.object, 1.0, mu, model);
    return thrown(s, phi);
}

TEST(Throw, IssueFiguresThirtyDegreesAtOneMetrePerSecond) {
    // The figures TP A.14 gives for a 30-degree cut at 1 m/s with mu = 0.06: a stun ball
    // throws 3.43 degrees, a rolling one 1.72 (its vertical slip takes most of the friction).
    const double phi = 30.0 * kDeg;
    EXPECT_NEAR(throw_of(ThrowModel::Contact, 0.06, 1.0, phi, 0.0, 0.0), 3.43, 0.005);
    EXPECT_NEAR(throw_of(ThrowModel::Contact, 0.06, 1.0, phi, 1.0 / kR, 0.0), 1.72, 0.005);
    // The horizontal model sees no difference: the old answer, kept for old files.
    EXPECT_NEAR(throw_of(ThrowModel::Horizontal, 0.06, 1.0, phi, 1.0 / kR, 0.0), 3.43, 0.005);
}

struct Spin {
    const char* name;
    double top; // w_top in units of the rolling rate v / R
};
constexpr Spin kSpins[] = {
    {"stun", 0.0}, {"follow", 1.0}, {"draw", -1.0}, {"half follow", 0.5}, {"strong draw", -2.0}};

TEST(Throw, ContactMatchesTheClosedFormOverCutsSpeedsAndSpins) {
    for (const Spin& spin : kSpins)
        for (const double v : {0.5, 1.0, 2.0, 3.0, 5.0})
            for (int deg = 0; deg <= 80; deg += 5) {
                const double phi = deg * kDeg;
                const double w_top = spin.top * v / kR;
                for (const double mu : {0.06, 0.2}) {
                    const double expect = closed_form_throw(v, phi, w_top, 0.0, mu);
                    EXPECT_NEAR(throw_of(ThrowModel::Contact, mu, v, phi, w_top, 0.0), expect, 1e-9)
                        << spin.name << " v " << v << " cut " << deg << " mu " << mu;
                }
            }
}

TEST(Throw, AlciatoreMatchesTheClosedFormWithTheFittedLaw) {
    for (const Spin& spin : kSpins)
        for (const double v : {0.5, 1.0, 2.0, 3.0, 5.0})
            for (int deg = 0; deg <= 80; deg += 5) {
                const double phi = deg * kDeg;
                const double w_top = spin.top * v / kR;
                const double expect = closed_form_throw(v, phi, w_top, 0.0, -1.0);
                // ball_friction is not used by the fitted law.
                for (const double mu : {0.0, 0.06})
                    EXPECT_NEAR(throw_of(ThrowModel::Alciatore, mu, v, phi, w_top, 0.0), expect,
                                1e-9)
                        << spin.name << " v " << v << " cut " << deg;
            }
}

TEST(Throw, FittedLawIsAlciatoresAndThrowFallsWithSpeed) {
    // Marlow's three measurements the fit passes through (TP A.28): mu 0.11, 0.06 and 0.01
    // at slip speeds 0.1, 1 and 10 m/s times sin 45.
    const double s45 = std::sin(45.0 * kDeg);
    EXPECT_NEAR(physics::throw_model::alciatore_mu(0.1 * s45), 0.11, 5e-4);
    EXPECT_NEAR(physics::throw_model::alciatore_mu(1.0 * s45), 0.06, 5e-4);
    EXPECT_NEAR(physics::throw_model::alciatore_mu(10.0 * s45), 0.01, 5e-4);
    // A half-ball stun cut throws less the harder it is hit.
    double last = 90.0;
    for (const double v : {0.5, 1.0, 2.0, 3.0, 5.0}) {
        const double t = throw_of(ThrowModel::Alciatore, 0.0, v, 30.0 * kDeg, 0.0, 0.0);
        EXPECT_LT(t, last) << v;
        last = t;
    }
}

TEST(Throw, FollowAndDrawThrowLessThanStun) {
    for (const ThrowModel model : {ThrowModel::Contact, ThrowModel::Alciatore})
        for (int deg = 10; deg <= 70; deg += 10) {
            const double phi = deg * kDeg;
            const double stun = throw_of(model, 0.06, 1.5, phi, 0.0, 0.0);
            EXPECT_GT(stun, 0.0);
            EXPECT_LT(throw_of(model, 0.06, 1.5, phi, 1.5 / kR, 0.0), stun) << deg;
            EXPECT_LT(throw_of(model, 0.06, 1.5, phi, -1.5 / kR, 0.0), stun) << deg;
        }
}

TEST(Throw, GearingOutsideEnglishGivesNoThrowAndInsideEnglishAddsThrow) {
    int gear_held = 0;
    for (const ThrowModel model : {ThrowModel::Contact, ThrowModel::Alciatore})
        for (const double v : {0.5, 2.0, 5.0})
            for (int deg = 5; deg <= 60; deg += 5) {
                const double phi = deg * kDeg;
                // Outside english (w_z > 0 for a cut to the left) whose surface speed is the
                // cue ball's speed across the line of centres: the contact points roll on
                // each other, no slip, no throw, no spin passed on.
                const double gear = v * std::sin(phi) / kR;
                Shot s = cut(v, phi, 0.0, gear);
                physics::narrow::resolve_ball_ball(s.cue, s.object, 1.0, 0.06, model);
                EXPECT_NEAR(thrown(s, phi), 0.0, 1e-9) << v << " " << deg;
                EXPECT_NEAR(length(Vec2{s.object.spin.x, s.object.spin.y}) +
                                std::fabs(s.object.spin.z),
                            0.0, 1e-9);
                // Inside english adds to the slip: where the throw is held to the gearing
                // cap (s / 7 < mu v cos(phi): small cuts) it adds throw; elsewhere the throw
                // is mu's, the same with constant mu and less with the fitted law (faster
                // slip, less friction). The closed form says so in every case.
                const double s_inside = 1.5 * v * std::sin(phi);
                const double mu = model == ThrowModel::Alciatore ? alciatore_fit(s_inside) : 0.06;
                const bool geared = s_inside / 7.0 < mu * v * std::cos(phi);
                const double stun = throw_of(model, 0.06, v, phi, 0.0, 0.0);
                const double inside = throw_of(model, 0.06, v, phi, 0.0, -0.5 * gear);
                if (geared) {
                    EXPECT_GT(inside, stun) << v << " " << deg;
                    ++gear_held;
                }
                EXPECT_NEAR(inside,
                            closed_form_throw(v, phi, 0.0, -0.5 * gear,
                                              model == ThrowModel::Alciatore ? -1.0 : 0.06),
                            1e-9);
                // And outside english past the gearing throws the other way.
                EXPECT_LT(throw_of(model, 0.06, v, phi, 0.0, 2.0 * gear), 0.0);
            }
    EXPECT_GE(gear_held, 10);
}

TEST(Throw, ObjectBallTakesTheSpinOfTheFrictionImpulse) {
    // A follow cut, a draw cut and a cut with side spin: the friction impulse on the object
    // ball, F = P u / s (its contact point, at -R n, is dragged along the cue ball's slip u),
    // gives it the spin (-R n) x F / I, I = 2/5 m R^2: top spin from follow, bottom spin
    // from draw, side spin from the cut.
    const double v = 2.0, phi = 35.0 * kDeg, mu = 0.06;
    for (const double top : {1.0, -1.0, 0.0}) {
        const double w_z = top == 0.0 ? -20.0 : 0.0;
        Shot s = cut(v, phi, top * v / kR, w_z);
        const Vec3 n{std::cos(phi), std::sin(phi), 0.0};
        const Vec3 t{-n.y, n.x, 0.0};
        // The cue ball's contact point's velocity v + w x (R n); the object ball's is zero.
        const Vec3 u = Vec3{v, 0.0, 0.0} + cross(s.cue.spin, n * kR);
        const Vec3 slip = u - n * dot(u, n);
        const double J = kM * v * std::cos(phi);
        const double P = std::min(mu * J, kM * length(slip) / 7.0);
        const Vec3 F = slip * (P / length(slip));
        const Vec3 expect = cross(n * -kR, F) * (1.0 / (0.4 * kM * kR * kR));
        physics::narrow::resolve_ball_ball(s.cue, s.object, 1.0, mu, ThrowModel::Contact);
        EXPECT_NEAR(s.object.spin.x, expect.x, 1e-9) << top;
        EXPECT_NEAR(s.object.spin.y, expect.y, 1e-9) << top;
        EXPECT_NEAR(s.object.spin.z, expect.z, 1e-9) << top;
        // Its velocity across the line of centres is F's.
        EXPECT_NEAR(dot(s.object.velocity, Vec2{t.x, t.y}), dot(F, t) / kM, 1e-12);
        // Like meshing gears: the cue ball's follow drags the object ball's contact point
        // (behind it) down, which is bottom spin for its travel along n (top spin is
        // w . (z x n) > 0); draw leaves top spin; the cut alone, side spin.
        const Vec3 across = cross(Vec3{0.0, 0.0, 1.0}, n);
        if (top > 0.0) {
            EXPECT_LT(dot(s.object.spin, across), -1.0);
        } else if (top < 0.0) {
            EXPECT_GT(dot(s.object.spin, across), 1.0);
        } else {
            EXPECT_NE(s.object.spin.z, 0.0);
        }
    }
}

double energy(const BodyState& b) {
    return 0.5 * b.mass * length_sq(b.velocity) +
           0.2 * b.mass * b.radius * b.radius * dot(b.spin, b.spin);
}

// Angular momentum about the vertical axis through the origin: the friction's vertical part
// has no moment about it, so it is kept exactly like the linear momentum.
double spin_momentum(const BodyState& b) {
    return b.mass * (b.position.x * b.velocity.y - b.position.y * b.velocity.x) +
           0.4 * b.mass * b.radius * b.radius * b.spin.z;
}

TEST(Throw, RandomImpactsNeverAddEnergyAndKeepMomentum) {
    // 100,000 random impacts: masses and radii as in the game's sets, any speeds, spins,
    // restitutions and frictions, under both models of the whole slip.
    Random rng(35);
    double worst_energy = -1.0, worst_momentum = 0.0, worst_turn = 0.0;
    for (int k = 0; k < 100000; ++k) {
        const ThrowModel model = k % 2 ? ThrowModel::Contact : ThrowModel::Alciatore;
        BodyState a, b;
        a.radius = rng.uniform(0.026, 0.031);
        b.radius = rng.uniform(0.026, 0.031);
        a.mass = rng.uniform(0.12, 0.22);
        b.mass = rng.uniform(0.12, 0.22);
        const double angle = rng.uniform(0.0, 2.0 * std::numbers::pi);
        a.position = {rng.uniform(-1.0, 1.0), rng.uniform(-1.0, 1.0)};
        b.position = a.position + Vec2{std::cos(angle), std::sin(angle)} * (a.radius + b.radius);
        a.velocity = {rng.uniform(-6.0, 6.0), rng.uniform(-6.0, 6.0)};
        b.velocity = {rng.uniform(-6.0, 6.0), rng.uniform(-6.0, 6.0)};
        a.spin = {rng.uniform(-300.0, 300.0), rng.uniform(-300.0, 300.0),
                  rng.uniform(-300.0, 300.0)};
        b.spin = {rng.uniform(-300.0, 300.0), rng.uniform(-300.0, 300.0),
                  rng.uniform(-300.0, 300.0)};
        const double e = rng.uniform(0.0, 1.0);
        const double mu = std::pow(10.0, rng.uniform(-3.0, 1.0));
        const double e0 = energy(a) + energy(b);
        const Vec2 p0 = a.velocity * a.mass + b.velocity * b.mass;
        const double l0 = spin_momentum(a) + spin_momentum(b);
        physics::narrow::resolve_ball_ball(a, b, e, mu, model);
        const double e1 = energy(a) + energy(b);
        worst_energy = std::max(worst_energy, (e1 - e0) / e0);
        worst_momentum =
            std::max(worst_momentum, length(a.velocity * a.mass + b.velocity * b.mass - p0));
        worst_turn = std::max(worst_turn, std::fabs(spin_momentum(a) + spin_momentum(b) - l0));
    }
    EXPECT_LE(worst_energy, 1e-14);
    EXPECT_LT(worst_momentum, 1e-14);
    EXPECT_LT(worst_turn, 1e-14);
}

TEST(Throw, FrictionlessLimitIsTheIdealImpact) {
    // As mu goes to 0 the contact model goes to the frictionless impact (the horizontal model
    // with mu = 0): velocities and spins unchanged along the tangent.
    Random rng(7);
    for (int k = 0; k < 1000; ++k) {
        BodyState a{
            {0.0, 0.0},
            {rng.uniform(-5.0, 5.0), rng.uniform(-5.0, 5.0)},
            {rng.uniform(-200.0, 200.0), rng.uniform(-200.0, 200.0), rng.uniform(-200.0, 200.0)},
            kR,
            kM};
        const double angle = rng.uniform(0.0, 2.0 * std::numbers::pi);
        BodyState b{Vec2{std::cos(angle), std::sin(angle)} * (2.0 * kR), {}, {}, kR, 0.8 * kM};
        BodyState ideal_a = a, ideal_b = b;
        physics::narrow::resolve_ball_ball(ideal_a, ideal_b, 0.95, 0.0, ThrowModel::Horizontal);
        for (const double mu : {0.0, 1e-14}) {
            BodyState ca = a, cb = b;
            physics::narrow::resolve_ball_ball(ca, cb, 0.95, mu, ThrowModel::Contact);
            EXPECT_LT(length(ca.velocity - ideal_a.velocity) +
                          length(cb.velocity - ideal_b.velocity),
                      1e-12);
            EXPECT_LT(kR * (length(ca.spin - ideal_a.spin) + length(cb.spin - ideal_b.spin)),
                      1e-12);
        }
    }
}

TEST(Throw, WorldUsesTheModel) {
    // Through the world's impact (ball_impact): a rolling cue ball's 30-degree cut at 1 m/s
    // on a frictionless cloth throws 1.72 degrees with "contact", 3.43 with "horizontal".
    const double phi = 30.0 * kDeg;
    for (const ThrowModel model : {ThrowModel::Contact, ThrowModel::Horizontal}) {
        physics::Params p = test::frictionless(1.0, 1.0);
        p.ball_friction = 0.06;
        p.throw_model = model;
        physics::World w(p);
        const Vec2 at{2.0 * kR * std::cos(phi), 2.0 * kR * std::sin(phi)};
        w.add_ball(test::ball(0, {-0.1, 0.0}, {1.0, 0.0}, kR, kM, {0.0, 1.0 / kR, 0.0}));
        w.add_ball(test::ball(1, at, {}, kR, kM));
        test::run_to(w, 0.2);
        ASSERT_EQ(w.counts().ball_ball, 1u);
        const Vec2 n{std::cos(phi), std::sin(phi)};
        const Vec2 v = w.ball(1).velocity;
        const double deg = std::atan2(-dot(v, perp(n)), dot(v, n)) / kDeg;
        EXPECT_NEAR(
            deg,
            closed_form_throw(1.0, phi, model == ThrowModel::Contact ? 1.0 / kR : 0.0, 0.0, 0.06),
            1e-6);
    }
}

} // namespace
} // namespace billiards
