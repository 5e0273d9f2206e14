#include <gtest/gtest.h>

#include <cmath>

#include "physics/motion.hpp"

using namespace billiards;
using namespace billiards::physics;

namespace {
constexpr double R = kBallRadius;

// Runs a single ball's motion through every transition until it is at rest.
Motion run_to_rest(Motion m, const Params& p, int* transitions = nullptr) {
    int n = 0;
    while (m.state != MotionState::Stationary && n < 10) {
        finish_transition(m, R, p);
        ++n;
    }
    if (transitions) *transitions = n;
    return m;
}
} // namespace

TEST(Motion, StunShotSlidesThenRolls) {
    // Closed form (assets/scenarios/README.md): slide 2 v0 / (7 mu_s g), then roll at 5/7 v0.
    const Params p;
    const double v0 = 0.5, mu = p.sliding_friction, g = p.gravity;
    Motion m = make_motion(0.0, {-0.9, 0.0}, {v0, 0.0}, {}, R, p);
    ASSERT_EQ(m.state, MotionState::Sliding);
    const double ts = 2.0 * v0 / (7.0 * mu * g);
    EXPECT_NEAR(m.t_lin, ts, 1e-15);
    finish_transition(m, R, p);
    EXPECT_EQ(m.state, MotionState::Rolling);
    EXPECT_NEAR(m.v.x, 5.0 / 7.0 * v0, 1e-15);
    EXPECT_NEAR(m.r.x + 0.9, v0 * ts - 0.5 * mu * g * ts * ts, 1e-15);
    EXPECT_EQ(m.w.y, m.v.x / R); // exactly rolling
    const double vr = 5.0 / 7.0 * v0, mur = p.rolling_friction;
    finish_transition(m, R, p);
    EXPECT_EQ(m.state, MotionState::Stationary);
    EXPECT_EQ(m.v, (Vec2{0, 0}));
    EXPECT_NEAR(m.t0, ts + vr / (mur * g), 1e-12);
    EXPECT_NEAR(m.r.x, -0.218688, 1e-6);
}

TEST(Motion, DrawShotComesBackAtTwoSevenths) {
    // A ball with pure back spin and no speed rolls back at 2/7 R w.
    const Params p;
    const double w = 40.0;
    Motion m = make_motion(0.0, {}, {}, {0.0, -w, 0.0}, R, p);
    ASSERT_EQ(m.state, MotionState::Sliding);
    finish_transition(m, R, p);
    EXPECT_EQ(m.state, MotionState::Rolling);
    EXPECT_NEAR(m.v.x, -2.0 / 7.0 * R * w, 1e-14);
    EXPECT_NEAR(m.v.y, 0.0, 1e-15);
}

TEST(Motion, SlidingEndsWithTwoSeventhsOfTheSlipRemoved) {
    const Params p;
    const Vec2 v0{0.7, -0.3};
    const Vec3 w0{5.0, 12.0, 3.0};
    const Vec2 u0 = contact_slip(v0, w0, R);
    Motion m = make_motion(0.0, {}, v0, w0, R, p);
    EXPECT_NEAR(m.t_lin, 2.0 * length(u0) / (7.0 * p.sliding_friction * p.gravity), 1e-15);
    finish_transition(m, R, p);
    const Vec2 expect = v0 - u0 * (2.0 / 7.0);
    EXPECT_NEAR(m.v.x, expect.x, 1e-14);
    EXPECT_NEAR(m.v.y, expect.y, 1e-14);
    EXPECT_EQ(length(contact_slip(m.v, m.w, R)), 0.0);
}

TEST(Motion, SideSpinDecaysAtTenRadPerSecondSquared) {
    const Params p; // spin friction chosen so 5 mu_sp g / 2R = 10 rad/s^2
    Motion m = make_motion(0.0, {}, {}, {0.0, 0.0, -5.0}, R, p);
    EXPECT_EQ(m.state, MotionState::Spinning);
    EXPECT_NEAR(m.alpha.z, 10.0, 1e-12);
    EXPECT_NEAR(m.t_spin, 0.5, 1e-12);
    int n = 0;
    m = run_to_rest(m, p, &n);
    EXPECT_EQ(n, 1);
    EXPECT_EQ(m.w.z, 0.0);
}

TEST(Motion, FrictionlessClothNeverStops) {
    Params p;
    p.sliding_friction = p.rolling_friction = p.spin_friction = 0.0;
    const Motion m = make_motion(0.0, {}, {1, 2}, {0, 0, 3}, R, p);
    EXPECT_EQ(m.t_end(), kNever);
    EXPECT_EQ(m.a, (Vec2{0, 0}));
}

TEST(Motion, TravelBoundHoldsThroughTransitions) {
    const Params p;
    // Top spin makes a slow ball speed up while it slides.
    Motion m = make_motion(0.0, {}, {0.1, 0}, {0, 60.0, 0}, R, p);
    const double h = 0.2;
    const double bound = travel_bound(m, p, h);
    Motion probe = m;
    while (probe.t_end() < h)
        finish_transition(probe, R, p);
    probe.advance_to(h);
    EXPECT_LE(length(probe.r - m.r), bound);
}
