#include <gtest/gtest.h>

#include <cmath>

#include "game/cue.hpp"
#include "physics/motion.hpp"
#include "physics/world.hpp"

using namespace billiards;
using namespace billiards::game;

namespace {
constexpr double m = physics::kBallMass, R = physics::kBallRadius;
}

TEST(Cue, CentreHitGivesNoSpinAndTheImpulseSpeed) {
    const CueParams cue;
    const StrikeResult r = strike({0.0, 3.0, 0.0, 0.0}, m, R, cue);
    EXPECT_EQ(r.spin, (Vec3{0, 0, 0}));
    // Two-body impact of cue and ball with restitution e.
    const double v = (1.0 + cue.tip_restitution) * cue.mass * 3.0 / (cue.mass + m);
    EXPECT_NEAR(r.velocity.x, v, 1e-14);
    EXPECT_NEAR(r.velocity.y, 0.0, 1e-15);
}

TEST(Cue, TwoFifthsAboveCentreRollsAtOnce) {
    for (double heading : {0.0, 0.7, 2.5, -1.9}) {
        const StrikeResult r = strike({heading, 2.0, 0.0, 0.4}, m, R);
        EXPECT_NEAR(length(physics::contact_slip(r.velocity, r.spin, R)), 0.0, 1e-13);
        EXPECT_EQ(physics::classify_motion(r.velocity, r.spin, R), physics::MotionState::Rolling);
    }
}

TEST(Cue, HighHitTopSpinLowHitBackSpin) {
    const StrikeResult high = strike({0.0, 2.0, 0.0, 0.3}, m, R);
    const StrikeResult low = strike({0.0, 2.0, 0.0, -0.3}, m, R);
    EXPECT_GT(high.spin.y, 0.0);
    EXPECT_LT(low.spin.y, 0.0);
}

TEST(Cue, RightEnglishSpinsCounterClockwise) {
    const StrikeResult r = strike({0.0, 2.0, 0.3, 0.0}, m, R);
    EXPECT_GT(r.spin.z, 0.0);
    const StrikeResult l = strike({0.0, 2.0, -0.3, 0.0}, m, R);
    EXPECT_NEAR(l.spin.z, -r.spin.z, 1e-12);
}

TEST(Cue, OffCentreHitsGiveLessSpeedAndNeverGainEnergy) {
    const CueParams cue;
    const double V = 4.0;
    const StrikeResult centre = strike({0.0, V, 0.0, 0.0}, m, R);
    const StrikeResult off = strike({0.0, V, 0.3, -0.35}, m, R);
    EXPECT_LT(length(off.velocity), length(centre.velocity));
    const double ball_energy =
        0.5 * m * length_sq(off.velocity) + 0.5 * 0.4 * m * R * R * dot(off.spin, off.spin);
    EXPECT_LT(ball_energy, 0.5 * cue.mass * V * V);
}

TEST(Cue, MiscueLimit) {
    EXPECT_TRUE(tip_within_limit({0.0, 1.0, 0.3, 0.4}));  // |tip| = 0.5
    EXPECT_FALSE(tip_within_limit({0.0, 1.0, 0.4, 0.4})); // 0.566
    EXPECT_FALSE(tip_within_limit({0.0, 1.0, std::nan(""), 0.0}));
}

TEST(Cue, ElevatedStrikeIsTheImpulseAlongTheCueAtTheTip) {
    // Independently of strike(): the contact point p = R (a r + b u - s c) on the ball for
    // the cue's axis c, right r and up u, the impulse J c, w = p x J c / I, and the ball
    // keeps the horizontal part of J c / m.
    const CueParams cue;
    for (double elev_deg : {5.0, 30.0, 60.0, 89.0}) {
        const double e = elev_deg * M_PI / 180.0, heading = 0.6, a = 0.3, b = -0.2, V = 3.0;
        const StrikeResult r = strike({heading, V, a, b, e}, m, R, cue);
        const Vec3 c{std::cos(e) * std::cos(heading), std::cos(e) * std::sin(heading),
                     -std::sin(e)};
        const Vec3 right{std::sin(heading), -std::cos(heading), 0.0};
        const Vec3 up = cross(right, c);
        const double s = std::sqrt(1.0 - a * a - b * b);
        const Vec3 p = (a * R) * right + (b * R) * up - (s * R) * c;
        const double J =
            (1.0 + cue.tip_restitution) * V / (1.0 / cue.mass + (1.0 + 2.5 * (a * a + b * b)) / m);
        const Vec3 w = cross(p, J * c) * (1.0 / (0.4 * m * R * R));
        EXPECT_NEAR(r.velocity.x, J * c.x / m, 1e-12) << elev_deg;
        EXPECT_NEAR(r.velocity.y, J * c.y / m, 1e-12) << elev_deg;
        EXPECT_NEAR(r.spin.x, w.x, 1e-9) << elev_deg;
        EXPECT_NEAR(r.spin.y, w.y, 1e-9) << elev_deg;
        EXPECT_NEAR(r.spin.z, w.z, 1e-9) << elev_deg;
    }
}

TEST(Cue, TinyElevationIsTheLevelStrike) {
    const StrikeResult level = strike({0.4, 2.0, 0.25, 0.3}, m, R);
    const StrikeResult tilted = strike({0.4, 2.0, 0.25, 0.3, 1e-9}, m, R);
    EXPECT_NEAR(length(tilted.velocity - level.velocity), 0.0, 1e-9);
    EXPECT_NEAR(length(tilted.spin - level.spin), 0.0, 1e-6);
}

TEST(Cue, SquirtSendsTheBallAwayFromTheEnglish) {
    CueParams cue;
    cue.end_mass = kOrdinaryEndMass;
    const StrikeResult right = strike({0.0, 2.0, 0.5, 0.0}, m, R, cue);
    const StrikeResult left = strike({0.0, 2.0, -0.5, 0.0}, m, R, cue);
    const StrikeResult plain = strike({0.0, 2.0, 0.5, 0.0}, m, R); // no end mass: no squirt
    EXPECT_GT(right.velocity.y, 0.0); // right english: the ball leaves left of the line
    EXPECT_NEAR(left.velocity.y, -right.velocity.y, 1e-15);
    EXPECT_EQ(plain.velocity.y, 0.0);
    EXPECT_NEAR(length(right.velocity), length(plain.velocity), 1e-14); // only turned
    // An ordinary shaft squirts a few degrees at half a radius; a low-squirt one about
    // half as much; a centre hit never.
    const double ordinary = std::atan2(right.velocity.y, right.velocity.x) * 180.0 / M_PI;
    EXPECT_GT(ordinary, 2.0);
    EXPECT_LT(ordinary, 3.5);
    CueParams low = cue;
    low.end_mass = kLowSquirtEndMass;
    const double low_deg = squirt_angle(0.5, m, low) * 180.0 / M_PI;
    EXPECT_GT(low_deg, 0.4 * ordinary);
    EXPECT_LT(low_deg, 0.6 * ordinary);
    EXPECT_EQ(squirt_angle(0.0, m, cue), 0.0);
    // The aim aid's line is where the ball really goes.
    const double launch = launch_heading({0.0, 2.0, 0.5, 0.0}, m, cue);
    EXPECT_NEAR(launch, std::atan2(right.velocity.y, right.velocity.x), 1e-14);
    // tan(s) m / m_e -> 5/2 a sqrt(1 - a^2) as the end mass vanishes.
    CueParams light = cue;
    light.end_mass = 1e-9;
    EXPECT_NEAR(std::tan(squirt_angle(0.3, m, light)) * m / light.end_mass,
                2.5 * 0.3 * std::sqrt(1.0 - 0.09), 1e-6);
}

TEST(Cue, SwerveFollowsTheClosedFormSlidingPath) {
    // Elevated with right english the ball curves to the right while it slides: the cloth's
    // friction -mu_s g (slip direction) is constant while it slides, so the centre follows a
    // parabola r0 + v0 t + a t^2 / 2 until it rolls.
    const physics::Params p;
    physics::World w(p);
    w.add_ball({0, {0.0, 0.0}, {}, {}, R, m});
    const StrikeResult hit = strike({0.0, 2.0, 0.35, 0.0, 40.0 * M_PI / 180.0}, m, R);
    w.set_motion(0, hit.velocity, hit.spin);
    const Vec2 slip = physics::contact_slip(hit.velocity, hit.spin, R);
    const Vec2 acc = normalized(slip) * -(p.sliding_friction * p.gravity);
    // Sliding lasts 2 |slip| / (7 mu_s g).
    const double t_slide = 2.0 * length(slip) / (7.0 * p.sliding_friction * p.gravity);
    const int steps = static_cast<int>(0.5 * t_slide / p.timestep);
    ASSERT_GT(steps, 3);
    for (int k = 0; k < steps; ++k)
        w.step();
    const double t = w.time();
    const Vec2 expect = hit.velocity * t + acc * (0.5 * t * t);
    EXPECT_NEAR(w.ball(0).position.x, expect.x, 1e-12);
    EXPECT_NEAR(w.ball(0).position.y, expect.y, 1e-12);
    EXPECT_LT(acc.y, 0.0); // to the right of the +x heading
}
