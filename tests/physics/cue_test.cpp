#include <gtest/gtest.h>

#include <cmath>

#include "game/cue.hpp"
#include "physics/motion.hpp"

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
        EXPECT_EQ(physics::classify_motion(r.velocity, r.spin, R),
                  physics::MotionState::Rolling);
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
    const double ball_energy = 0.5 * m * length_sq(off.velocity) +
                               0.5 * 0.4 * m * R * R * dot(off.spin, off.spin);
    EXPECT_LT(ball_energy, 0.5 * cue.mass * V * V);
}

TEST(Cue, MiscueLimit) {
    EXPECT_TRUE(tip_within_limit({0.0, 1.0, 0.3, 0.4}));  // |tip| = 0.5
    EXPECT_FALSE(tip_within_limit({0.0, 1.0, 0.4, 0.4})); // 0.566
    EXPECT_FALSE(tip_within_limit({0.0, 1.0, std::nan(""), 0.0}));
}
