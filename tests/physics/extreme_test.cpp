// Extreme cases the ball world must get exactly right (reliability issue).
#include <gtest/gtest.h>

#include <cmath>

#include "game/cue.hpp"
#include "game/rack.hpp"
#include "game/table.hpp"
#include "physics/world.hpp"
#include "world_fixtures.hpp"

using namespace billiards;
using namespace billiards::physics;
using namespace billiards::test;

TEST(Extreme, LightBallTrappedByATenBillionTimesHeavierBall) {
    // floor(pi * 10^5) = 314159 impacts for a mass ratio of 100^5, all resolved exactly in
    // a few steps, with energy kept and no overlap.
    Params p = frictionless();
    p.timestep = 2.0;
    World w(p, {{{0, -1}, {0, 1}}});
    w.add_ball(ball(0, {0.3, 0}, {}, 0.01, 1.0));
    w.add_ball(ball(1, {0.6, 0}, {-1, 0}, 0.05, 1e10));
    const double e0 = w.energy();
    for (int i = 0; i < 3; ++i) {
        w.step();
        EXPECT_GE(w.ball(0).position.x, 0.01 - 1e-9);
        EXPECT_GE(w.ball(1).position.x - w.ball(0).position.x, 0.06 - 1e-9);
    }
    EXPECT_EQ(w.counts().ball_ball + w.counts().ball_cushion, 314159u);
    EXPECT_NEAR(w.energy(), e0, 1e-9 * e0);
}

TEST(Extreme, FullRackStruckAtThirtyMetresPerSecond) {
    const game::TableSpec spec;
    const game::Table t = game::build_table(spec);
    World w(Params{}, t.cushions, t.pockets);
    for (const BallDef& d : game::rack(game::RackKind::EightBall, spec, {5}))
        w.add_ball(d);
    w.set_motion(w.index_of(0), {30.0, 0.0}, {});
    double e = w.energy();
    while (!w.at_rest() && w.time() < 120.0) {
        w.step();
        ASSERT_FALSE(w.last_step().truncated);
        ASSERT_LE(w.energy(), e * (1 + 1e-12) + 1e-15);
        e = w.energy();
        for (const Ball& b : w.balls()) {
            ASSERT_TRUE(std::isfinite(b.position.x) && std::isfinite(b.position.y));
            if (b.state == MotionState::Pocketed) continue;
            ASSERT_LE(std::fabs(b.position.x), spec.length / 2 + 0.06);
            ASSERT_LE(std::fabs(b.position.y), spec.width / 2 + 0.06);
        }
        for (int i = 0; i < w.ball_count(); ++i)
            for (int j = i + 1; j < w.ball_count(); ++j) {
                const Ball &a = w.ball(i), &b = w.ball(j);
                if (a.state == MotionState::Pocketed || b.state == MotionState::Pocketed) continue;
                ASSERT_GE(length(a.position - b.position), a.radius + b.radius - 1e-9);
            }
    }
    EXPECT_TRUE(w.at_rest());
    EXPECT_GT(w.counts().ball_cushion, 20u);
}

TEST(Extreme, BallsRestingExactlyAgainstCushionsStayAtRest) {
    const game::Table t = game::build_table({});
    World w(Params{}, t.cushions, t.pockets);
    const double r = kBallRadius;
    w.add_ball(ball(0, {0.3, -0.635 + r}, {}, r, kBallMass)); // on the bottom rail
    w.add_ball(ball(1, {1.27 - r, 0.1}, {}, r, kBallMass));   // on the foot rail
    w.add_ball(ball(2, {-1.27 + r, 0.635 - 0.2}, {}, r, kBallMass));
    // In a corner jaw: touching the jaw segment from inside the pocket mouth.
    const Cushion& jaw = t.cushions[8]; // (+,-) corner, long-rail jaw
    const Vec2 mid = (jaw.a + jaw.b) * 0.5;
    const Vec2 n = normalized(perp(jaw.b - jaw.a));
    const Vec2 inward = dot(n, Vec2{1.27, -0.635} - mid) > 0 ? n : -n;
    w.add_ball(ball(3, mid + inward * r, {}, r, kBallMass));
    const std::uint64_t h = w.state_hash();
    for (int i = 0; i < 240; ++i)
        w.step();
    EXPECT_EQ(w.counts().ball_cushion, 0u);
    for (int i = 0; i < 3; ++i)
        EXPECT_EQ(w.ball(i).state, MotionState::Stationary);
    EXPECT_NE(h, w.state_hash());
}

// The table's bed without pockets (its four cushions closed into a box): a ball touching
// the bottom cushion, rolling along it at 2 m/s, runs into the foot cushion's corner and
// back. At every step it stays on the bed, never through a cushion, until it rests.
TEST(Extreme, BallRollingAlongACushionStaysOnTheTable) {
    const game::TableSpec spec;
    const double hx = spec.length / 2, hy = spec.width / 2, r = kBallRadius;
    World w(Params{}, box(hx, hy));
    w.add_ball(ball(0, {-1.0, -hy + r}, {2.0, 0}, r, kBallMass, {0, 2.0 / r, 0}));
    double e = w.energy();
    while (!w.at_rest() && w.time() < 60.0) {
        w.step();
        const Ball& b = w.ball(0);
        ASSERT_NE(b.state, MotionState::Pocketed);
        ASSERT_GE(b.position.y, -hy + r - 1e-9) << "t " << w.time();
        ASSERT_LE(b.position.y, hy - r + 1e-9) << "t " << w.time();
        ASSERT_LE(std::fabs(b.position.x), hx - r + 1e-9) << "t " << w.time();
        ASSERT_LE(w.energy(), e * (1 + 1e-12)) << "t " << w.time();
        e = w.energy();
    }
    EXPECT_TRUE(w.at_rest());
    EXPECT_GE(w.counts().ball_cushion, 1u); // it reached the foot cushion
}

// On the real table, past the side pocket, slow enough to stop short of the corner's jaw:
// the ball rolls along the cushion it touches without striking it, and stops where
// uniform deceleration by rolling resistance puts it, v^2 / (2 mu_r g) further on.
TEST(Extreme, BallRollingAlongACushionStopsWhereRollingResistanceSays) {
    const game::TableSpec spec;
    const game::Table t = game::build_table(spec);
    const Params p;
    World w(p, t.cushions, t.pockets);
    const double r = kBallRadius, y = -spec.width / 2 + r, x0 = 0.1, v = 0.4;
    w.add_ball(ball(0, {x0, y}, {v, 0}, r, kBallMass, {0, v / r, 0}));
    w.run_until_rest(30.0);
    const Ball& b = w.ball(0);
    const double stop = x0 + v * v / (2 * p.rolling_friction * p.gravity);
    ASSERT_LT(stop, spec.length / 2 - 0.1); // the premise: short of the corner pocket's mouth
    EXPECT_EQ(b.state, MotionState::Stationary);
    EXPECT_EQ(w.counts().ball_cushion, 0u);
    EXPECT_NEAR(b.position.x, stop, 1e-12); // motion in closed form: rounding only
    EXPECT_NEAR(b.position.y, y, 1e-12);
}

// A tight hexagonal cluster hit by four balls at once: many simultaneous contacts. Until a
// ball reaches the box's walls only ball-ball impulses act (frictionless: no cloth, no
// throw), equal and opposite, so the total momentum (zero: the four strikers cancel) is
// kept exactly; what remains is rounding, each impact rounding two velocities by at most
// half an ulp, some eps * m * v per impact (about 1e-16 N s here), far under the bound of
// 1e-12 of the momenta's sum of sizes for the hundreds of impacts. Energy can only go down.
TEST(Extreme, TouchingClusterHitFromEverySide) {
    World w(frictionless(0.9, 0.9), box(1.0, 1.0));
    const double r = 0.02;
    int id = 0;
    for (int row = -2; row <= 2; ++row)
        for (int k = -2; k <= 2; ++k)
            w.add_ball(
                ball(id++, {(k + 0.5 * (row & 1)) * 2 * r, row * r * std::sqrt(3.0)}, {}, r));
    w.add_ball(ball(id++, {-0.5, 0}, {5, 0}, r));
    w.add_ball(ball(id++, {0.5, 0}, {-5, 0}, r));
    w.add_ball(ball(id++, {0, 0.5}, {0, -5}, r));
    w.add_ball(ball(id++, {0, -0.5}, {0, 5}, r));
    const Vec2 p0 = w.momentum();
    double scale = 0.0; // sum of |m v|
    for (const Ball& b : w.balls())
        scale += b.mass * length(b.velocity);
    const double e0 = w.energy();
    std::uint64_t impacts_before_walls = 0;
    for (int s = 0; s < 240; ++s) {
        w.step();
        for (int i = 0; i < w.ball_count(); ++i)
            for (int j = i + 1; j < w.ball_count(); ++j)
                ASSERT_GE(length(w.ball(i).position - w.ball(j).position), 2 * r - 1e-9);
        ASSERT_LE(w.energy(), e0 * (1 + 1e-12));
        if (w.counts().ball_cushion == 0) {
            impacts_before_walls = w.counts().ball_ball;
            ASSERT_LE(length(w.momentum() - p0), 1e-12 * scale) << "step " << s;
        }
    }
    EXPECT_EQ(p0, (Vec2{0, 0}));
    EXPECT_GT(impacts_before_walls, 25u); // the cluster was hit before any wall was
    EXPECT_GT(w.counts().ball_cushion, 0u);
    EXPECT_LT(w.energy(), e0);
}
