#include <gtest/gtest.h>

#include <cmath>

#include "game/table.hpp"
#include "physics/world.hpp"
#include "world_fixtures.hpp"

using namespace billiards;
using namespace billiards::physics;
using namespace billiards::test;

TEST(World, HeadOnUnequalMassesElastic) {
    // assets/scenarios/head-on-unequal-masses.json, by hand.
    World w(frictionless());
    w.set_record_events(true);
    w.add_ball(ball(0, {0, 0}, {2, 0}, 0.03, 0.3));
    w.add_ball(ball(1, {0.5, 0}, {}, 0.03, 0.1));
    run_to(w, 1.0);
    EXPECT_NEAR(w.ball(0).position.x, 1.22, 1e-9);
    EXPECT_NEAR(w.ball(1).position.x, 2.84, 1e-9);
    EXPECT_NEAR(w.ball(0).velocity.x, 1.0, 1e-12);
    EXPECT_NEAR(w.ball(1).velocity.x, 3.0, 1e-12);
    ASSERT_EQ(w.events().size(), 1u);
    EXPECT_NEAR(w.events()[0].time, 0.22, 1e-12);
    EXPECT_EQ(w.counts().ball_ball, 1u);
}

TEST(World, ObliqueImpactUnequalMassesWithRestitution) {
    const double m1 = 0.2, m2 = 0.5, r1 = 0.03, r2 = 0.04, e = 0.9;
    World w(frictionless(e));
    w.set_record_events(true);
    const double b = 0.05; // impact parameter
    w.add_ball(ball(0, {0, 0}, {1.5, 0}, r1, m1));
    w.add_ball(ball(1, {0.6, b}, {}, r2, m2));
    // Contact when the gap along x closes to sqrt(D^2 - b^2).
    const double D = r1 + r2;
    const double t_hit = (0.6 - std::sqrt(D * D - b * b)) / 1.5;
    const Vec2 n = normalized(Vec2{std::sqrt(D * D - b * b), b});
    const double jn = (1 + e) * 1.5 * n.x / (1 / m1 + 1 / m2);
    const Vec2 v1 = Vec2{1.5, 0} - n * (jn / m1);
    const Vec2 v2 = n * (jn / m2);
    run_to(w, 1.0);
    ASSERT_EQ(w.events().size(), 1u);
    EXPECT_NEAR(w.events()[0].time, t_hit, 1e-12);
    const Vec2 p1 = Vec2{1.5 * t_hit, 0} + v1 * (1.0 - t_hit);
    const Vec2 p2 = Vec2{0.6, b} + v2 * (1.0 - t_hit);
    EXPECT_NEAR(w.ball(0).position.x, p1.x, 1e-9);
    EXPECT_NEAR(w.ball(0).position.y, p1.y, 1e-9);
    EXPECT_NEAR(w.ball(1).position.x, p2.x, 1e-9);
    EXPECT_NEAR(w.ball(1).position.y, p2.y, 1e-9);
}

TEST(World, CushionReflectionWithRestitution) {
    World w(frictionless(1.0, 0.85), {{{1, -1}, {1, 1}}});
    w.add_ball(ball(0, {0, 0}, {1, 0.5}));
    run_to(w, 2.0);
    EXPECT_NEAR(w.ball(0).position.x, 0.97 - 0.85 * 1.03, 1e-9);
    EXPECT_NEAR(w.ball(0).position.y, 1.0, 1e-9);
    EXPECT_NEAR(w.ball(0).velocity.x, -0.85, 1e-12);
    EXPECT_EQ(w.counts().ball_cushion, 1u);
}

TEST(World, NewtonsCradle) {
    // Five touching balls; the first is struck: only the last leaves, at the same speed.
    World w(frictionless());
    const double r = 0.03;
    for (int i = 0; i < 5; ++i)
        w.add_ball(ball(i, {2 * r * i, 0}));
    w.add_ball(ball(5, {-0.5, 0}, {1.2, 0}));
    run_to(w, 1.0);
    for (int i = 0; i < 4; ++i)
        EXPECT_NEAR(w.ball(i).velocity.x, 0.0, 1e-12) << i;
    EXPECT_NEAR(w.ball(5).velocity.x, 0.0, 1e-12);
    EXPECT_NEAR(w.ball(4).velocity.x, 1.2, 1e-12);
    EXPECT_EQ(w.counts().ball_ball, 5u);
    // Ball 4 left at t = (0.5 - 2r) / 1.2 from x = 8r.
    const double t0 = (0.5 - 2 * r) / 1.2;
    EXPECT_NEAR(w.ball(4).position.x, 8 * r + 1.2 * (1.0 - t0), 1e-9);
}

TEST(World, FrictionlessImpactStatesAndSpin) {
    // Without cloth friction an impact leaves plain uniform motion (the world's shortcut);
    // a spinning ball keeps its spin through a frictionless impact (the general path).
    World w(frictionless());
    w.add_ball(ball(0, {0, 0}, {1, 0}));
    w.add_ball(ball(1, {0.5, 0}));
    w.add_ball(ball(2, {0, 1}, {1, 0}, 0.03, 0.17, {0, 0, 5}));
    w.add_ball(ball(3, {0.5, 1}));
    run_to(w, 1.0);
    EXPECT_EQ(w.counts().ball_ball, 2u);
    // Equal masses head on: the striker stops dead, the target leaves at its speed.
    EXPECT_EQ(w.ball(0).state, MotionState::Stationary);
    EXPECT_EQ(w.ball(0).velocity.x, 0.0);
    EXPECT_FALSE(std::signbit(w.ball(0).velocity.x));
    EXPECT_EQ(w.ball(1).state, MotionState::Sliding);
    EXPECT_EQ(w.ball(1).velocity.x, 1.0);
    // Contact at t = 0.44: the target then moves 0.56 s at 1 m/s.
    EXPECT_NEAR(w.ball(1).position.x, 0.5 + 0.56, 1e-12);
    EXPECT_EQ(w.ball(2).state, MotionState::Spinning);
    EXPECT_EQ(w.ball(2).spin.z, 5.0);
    EXPECT_EQ(w.ball(2).velocity.x, 0.0);
    EXPECT_NEAR(w.ball(3).position.x, 0.5 + 0.56, 1e-12);
}

// The benchmark pit (r = 1 cm, area fraction 0.3, 1 m/s): the world's memory per ball
// after a few steps is at most the 200-byte target at 1,000 balls, grid and queue
// included, and each further ball costs at most 190 bytes.
namespace {
World pit_world(int side) {
    const double r = 0.01, pitch = std::sqrt(kPi * r * r / 0.3), half = 0.5 * pitch * side;
    World w(frictionless(), box(half, half));
    w.reserve(static_cast<std::size_t>(side * side));
    for (int k = 0; k < side * side; ++k) {
        const double angle = 2.399963 * k; // golden angle: directions all around
        const Vec2 at{-half + pitch * (k % side + 0.5), -half + pitch * (k / side + 0.5)};
        w.add_ball(ball(k, at, {std::cos(angle), std::sin(angle)}, r, 0.01));
    }
    for (int s = 0; s < 4; ++s)
        w.step();
    return w;
}
} // namespace

TEST(World, PitMemoryPerBallStaysWithinTarget) {
    const World small = pit_world(32), large = pit_world(64);
    const double n_small = small.ball_count(), n_large = large.ball_count();
    EXPECT_LE(static_cast<double>(small.memory_bytes()) / n_small, 200.0);
    const double marginal =
        static_cast<double>(large.memory_bytes() - small.memory_bytes()) / (n_large - n_small);
    EXPECT_LE(marginal, 190.0);
    EXPECT_GT(small.counts().ball_ball, 0u); // the balls did move and meet
}

TEST(World, BallStorageKeepsNoGrowthSlack) {
    // Memory per ball is a target (the pit's 200 bytes): reserved storage is used exactly,
    // and balls added one at a time give the vectors' growth slack back at the next step.
    World reserved(frictionless(), box(1.0, 1.0));
    reserved.reserve(37);
    World grown(frictionless(), box(1.0, 1.0));
    for (int i = 0; i < 37; ++i) {
        const BallDef d = ball(i, {-0.9 + 0.07 * (i % 25), -0.5 + 0.1 * (i / 25)}, {0.1, 0.2});
        reserved.add_ball(d);
        grown.add_ball(d);
    }
    EXPECT_EQ(reserved.balls().capacity(), 37u);
    EXPECT_GT(grown.balls().capacity(), 37u);
    reserved.step();
    grown.step();
    EXPECT_EQ(grown.balls().capacity(), 37u);
    EXPECT_EQ(grown.memory_bytes(), reserved.memory_bytes());
    EXPECT_EQ(grown.state_hash(), reserved.state_hash());
}

TEST(World, PublicCopiesCatchUpWhenRead) {
    // The public copies are brought up to date when read, not at every step: a world read
    // after every step and one read only at the end agree bit for bit, also when a ball is
    // struck between steps (its new motion must start where it really is).
    auto make = [] {
        World w(Params{}, box(1.0, 0.5));
        w.add_ball(ball(0, {-0.5, 0.0}, {2.0, 0.3}, 0.03, 0.17, {0, 20, 0}));
        w.add_ball(ball(1, {0.2, 0.05}));
        w.add_ball(ball(2, {0.4, -0.2}));
        return w;
    };
    World watched = make(), unwatched = make();
    std::vector<Vec2> seen;
    for (int k = 0; k < 200; ++k) {
        watched.step();
        seen.push_back(watched.ball(0).position);
        unwatched.step();
    }
    // The unwatched world's first read after 200 steps: where the watched one saw it.
    EXPECT_EQ(unwatched.ball(0).position, seen.back());
    EXPECT_EQ(unwatched.state_hash(), watched.state_hash());
    for (int k = 0; k < 50; ++k) {
        watched.step();
        (void)watched.balls();
        unwatched.step();
    }
    watched.set_motion(1, {-1.0, 0.5}, {});
    unwatched.set_motion(1, {-1.0, 0.5}, {});
    for (int k = 0; k < 400; ++k) {
        watched.step();
        (void)watched.ball(1);
        unwatched.step();
    }
    EXPECT_EQ(unwatched.at_rest(), watched.at_rest());
    EXPECT_EQ(unwatched.state_hash(), watched.state_hash());
    EXPECT_EQ(unwatched.momentum(), watched.momentum());
    EXPECT_NE(unwatched.ball(1).position, (Vec2{0.2, 0.05})); // it did move
}

TEST(World, QuietStepsAreSkippedExactly) {
    // Skipping the steps in which no event falls gives the same world, bit for bit, as
    // stepping through them: same clock, same events, same hash.
    const game::Table t = game::build_table(game::TableSpec{});
    auto make = [&] {
        World w(Params{}, t.cushions, t.pockets);
        w.set_record_events(true);
        w.add_ball(ball(0, {-0.8, 0.05}, {3.0, 0.4}, kBallRadius, kBallMass, {0, 40, 5}));
        w.add_ball(ball(1, {0.3, 0.0}, {}, kBallRadius, kBallMass));
        w.add_ball(ball(2, {0.6, -0.2}, {}, kBallRadius, kBallMass));
        return w;
    };
    World stepped = make(), skipping = make();
    while (!stepped.at_rest())
        stepped.step();
    std::uint64_t skipped = 0;
    while (!skipping.at_rest()) {
        const std::uint64_t quiet =
            skipping.skip_quiet_steps(~std::uint64_t{0}, [] { return true; });
        skipped += quiet;
        if (quiet == 0)
            skipping.step(); // something is due in it (an impact, a crossing...)
        else
            EXPECT_EQ(skipping.last_step().events, 0u);
    }
    EXPECT_EQ(skipping.steps(), stepped.steps());
    EXPECT_EQ(skipping.time(), stepped.time());
    EXPECT_EQ(skipping.state_hash(), stepped.state_hash());
    ASSERT_EQ(skipping.events().size(), stepped.events().size());
    for (std::size_t k = 0; k < stepped.events().size(); ++k)
        EXPECT_EQ(skipping.events()[k].time, stepped.events()[k].time) << k;
    EXPECT_GT(skipped, skipping.steps() / 2); // most steps of a shot are quiet
    // The limits: at most max_steps, and only while go_on() holds.
    World w = make();
    w.step(); // the world is built at its first step; until then nothing is skipped
    EXPECT_EQ(make().skip_quiet_steps(10, [] { return true; }), 0u);
    EXPECT_LE(w.skip_quiet_steps(3, [] { return true; }), 3u);
    const std::uint64_t before = w.steps();
    EXPECT_EQ(w.skip_quiet_steps(100, [] { return false; }), 0u);
    EXPECT_EQ(w.steps(), before);
}

TEST(World, ThousandMetresPerSecondNeverTunnels) {
    // Between two walls 2 m apart, a 1000 m/s ball bounces 2000/1.94 times a second.
    const double r = 0.03;
    World w(frictionless(), box(1.0, 1.0));
    w.add_ball(ball(0, {0, 0}, {1000, 0}, r));
    run_to(w, 1.0);
    // Unfold the bounces: travel 1000 m on a circuit of length 2 * 1.94.
    const double lane = 2.0 * (1.0 - r);
    const double d = std::fmod(1000.0 + (1.0 - r), 2.0 * lane);
    const double x = d < lane ? -(1.0 - r) + d : (1.0 - r) - (d - lane);
    EXPECT_NEAR(w.ball(0).position.x, x, 1e-9);
    EXPECT_EQ(w.counts().ball_cushion, static_cast<std::uint64_t>((1000.0 + (1.0 - r)) / lane));
    EXPECT_NEAR(std::fabs(w.ball(0).velocity.x), 1000.0, 1e-9);
}

TEST(World, PiCollisionsInOneStep) {
    // A light ball between a wall and a heavy ball 100^4 times its mass: exactly
    // floor(pi * 100^2) = 31415 impacts (ball-ball and ball-wall), all inside one step.
    Params p = frictionless();
    p.timestep = 4.0;
    World w(p, {{{0, -1}, {0, 1}}});
    w.set_record_events(true);
    w.add_ball(ball(0, {0.5, 0}, {}, 0.01, 1.0));
    w.add_ball(ball(1, {1.0, 0}, {-1, 0}, 0.05, 1e8));
    const double e0 = w.energy();
    w.step();
    const auto total = w.counts().ball_ball + w.counts().ball_cushion;
    EXPECT_EQ(total, 31415u);
    EXPECT_GE(w.last_step().events, 31415u);
    EXPECT_NEAR(w.energy(), e0, 1e-9 * e0);
    EXPECT_GT(w.ball(1).velocity.x, 0.0);
    EXPECT_GE(w.ball(1).velocity.x, w.ball(0).velocity.x);
    EXPECT_GE(w.ball(0).velocity.x, 0.0);
    // Events come in time order.
    for (std::size_t i = 1; i < w.events().size(); ++i)
        ASSERT_LE(w.events()[i - 1].time, w.events()[i].time);
}

TEST(World, StunShotOnTheNineFootTable) {
    // assets/scenarios/stun-shot.json: stops at x = -0.218688 after 3.713412 s.
    const game::Table t = game::build_table({});
    World w(Params{}, t.cushions, t.pockets);
    w.add_ball(ball(0, {-0.9, 0}, {0.5, 0}, kBallRadius, kBallMass));
    w.run_until_rest(30.0);
    EXPECT_NEAR(w.ball(0).position.x, -0.218688, 1e-4);
    EXPECT_EQ(w.ball(0).state, MotionState::Stationary);
    EXPECT_NEAR(w.time(), 3.713412, w.params().timestep);
}

TEST(World, BallIntoPocketIsCaptured) {
    const game::Table t = game::build_table({});
    World w(Params{}, t.cushions, t.pockets);
    w.set_record_events(true);
    // Straight at the (+,+) corner along the diagonal.
    const Vec2 dir = normalized(Vec2{1.27, 0.635});
    w.add_ball(ball(0, {0, 0}, dir * 3.0, kBallRadius, kBallMass));
    w.run_until_rest(20.0);
    EXPECT_EQ(w.ball(0).state, MotionState::Pocketed);
    EXPECT_EQ(w.counts().pocketed, 1u);
    ASSERT_FALSE(w.events().empty());
    EXPECT_EQ(w.events().back().kind, EventKind::Pocketed);
    EXPECT_EQ(w.events().back().other, 3); // pocket order: (-,-), (+,-), (-,+), (+,+), sides
}

TEST(World, RestingRackStaysPut) {
    World w(Params{});
    const double r = kBallRadius;
    int id = 0;
    for (int row = 0; row < 5; ++row)
        for (int k = 0; k <= row; ++k)
            w.add_ball(ball(id++, {row * r * std::sqrt(3.0), (k - row / 2.0) * 2 * r}, {}, r));
    const auto h0 = w.state_hash();
    for (int i = 0; i < 10; ++i)
        w.step();
    EXPECT_EQ(w.counts().ball_ball, 0u);
    for (int i = 0; i < w.ball_count(); ++i)
        EXPECT_EQ(w.ball(i).velocity, (Vec2{0, 0}));
    EXPECT_NE(h0, w.state_hash()); // the clock moved
}

TEST(World, MomentumAndEnergyQueries) {
    World w(frictionless());
    w.add_ball(ball(0, {0, 0}, {1, 2}, 0.03, 0.5, {1, 0, 0}));
    w.add_ball(ball(1, {1, 0}, {-3, 0}, 0.03, 0.25));
    EXPECT_NEAR(w.momentum().x, 0.5 - 0.75, 1e-15);
    EXPECT_NEAR(w.momentum().y, 1.0, 1e-15);
    EXPECT_NEAR(w.linear_energy(), 0.5 * 0.5 * 5 + 0.5 * 0.25 * 9, 1e-15);
    EXPECT_NEAR(w.rotational_energy(), 0.5 * 0.4 * 0.5 * 0.03 * 0.03, 1e-18);
}

TEST(World, FollowIntoAFrozenLinePushesWithoutChatter) {
    // A rolling cue ball at 1 m/s into a line of three touching balls: after the impacts
    // the cue ball's top spin drives it on into the slower balls ahead, which the cloth
    // brakes (a pushing contact). Elastic 1e-5 m/s returns made that about 375,000 impacts;
    // parting at the pressing's return speed takes a few hundred.
    const double r = kBallRadius;
    World w{Params{}};
    w.add_ball(ball(0, {0, 0}, {1.0, 0}, r, 0.17, {0, 1.0 / r, 0}));
    for (int k = 0; k < 3; ++k)
        w.add_ball(ball(k + 1, {0.3 + 2 * k * r, 0}, {}, r, 0.17));
    double e = w.energy();
    while (!w.at_rest() && w.time() < 30.0) {
        w.step();
        // The parting adds under 1e-6 J per impact; the cloth takes far more per step.
        ASSERT_LE(w.energy(), e + 1e-12);
        e = w.energy();
        for (int i = 0; i + 1 < w.ball_count(); ++i)
            ASSERT_GE(length(w.ball(i + 1).position - w.ball(i).position), 2 * r - 1e-9);
    }
    EXPECT_TRUE(w.at_rest());
    EXPECT_LT(w.counts().ball_ball, 2'000u);
    // Pushed, not knocked apart: the balls stay in order along the line, nobody overtakes.
    for (int i = 0; i + 1 < w.ball_count(); ++i)
        EXPECT_LT(w.ball(i).position.x, w.ball(i + 1).position.x);
}

TEST(World, BallSpinningIntoACushionDoesNotChatter) {
    // Touching a cushion at 1e-6 m/s with top spin that the cloth turns into a push into the
    // cushion for 0.4 s. Elastic returns at that speed came every microsecond: 44,776
    // impacts. Parted at the pressing's return speed, it meets the cushion every 2 ms.
    const double r = kBallRadius;
    const double wall = 0.1;
    World w{Params{}, {{{wall, -1}, {wall, 1}}}};
    w.add_ball(ball(0, {wall - r - 1e-9, 0}, {1e-6, 0}, r, 0.17, {0, 2.0 / r, 0}));
    double e = w.energy();
    while (!w.at_rest() && w.time() < 10.0) {
        w.step();
        ASSERT_LE(w.energy(), e);
        e = w.energy();
        ASSERT_LE(w.ball(0).position.x, wall - r + 1e-9);
    }
    EXPECT_TRUE(w.at_rest());
    EXPECT_GE(w.counts().ball_cushion, 1u);
    EXPECT_LT(w.counts().ball_cushion, 400u);
    // It ends at the cushion (within the last parting's a T^2 / 8).
    EXPECT_NEAR(w.ball(0).position.x, wall - r, 2e-6);
}

TEST(World, LightlyPressedSlidingBallsDoNotChatter) {
    // Touching along x, closing at 5e-6 m/s, spinning without moving: sliding friction drives
    // one along +y and the other along -y, each tilted 0.05 rad towards the other, so the
    // cloth presses them together lightly (2 mu_s g sin 0.05) for the 73 ms the slides
    // last. Joined at their slow contact they still pressed, touched again within
    // nanoseconds and joined again: hundreds of thousands of impacts (a 9-ball break
    // with a low ball restitution took 2.6 million, 0.65 s for one step). Parted at the
    // pressing's return speed they meet every 2 ms at most.
    const double r = kBallRadius;
    const double s = 0.5, th = 0.05; // slip speed and tilt
    World w{Params{}};
    w.add_ball(
        ball(0, {0, 0}, {0.000005, 0}, r, 0.17, {-s * std::cos(th) / r, s * std::sin(th) / r, 0}));
    w.add_ball(ball(1, {2 * r, 0}, {}, r, 0.17, {s * std::cos(th) / r, -s * std::sin(th) / r, 0}));
    ASSERT_EQ(w.ball(0).state, MotionState::Sliding);
    double e = w.energy();
    while (!w.at_rest() && w.time() < 10.0) {
        w.step();
        // Each parting adds under 1e-6 J; the cloth takes far more per step.
        ASSERT_LE(w.energy(), e);
        e = w.energy();
        ASSERT_GE(length(w.ball(1).position - w.ball(0).position), 2 * r - 1e-9);
    }
    EXPECT_TRUE(w.at_rest());
    ASSERT_GE(w.counts().ball_ball, 1u);
    EXPECT_LT(w.counts().ball_ball, 100u);
}

TEST(World, TouchingRollingBallsTravelTogether) {
    // Touching along x, rolling at the same x speed in different directions: rolling
    // friction presses them together. They join at their first (slow) contact and come to
    // rest side by side after a few dozen impacts (elastic bounces at 1e-5 m/s took
    // about 24,600), energy never rising.
    const double r = kBallRadius;
    World w{Params{}};
    w.set_record_events(true);
    w.add_ball(ball(0, {0, 0}, {0.02, 0.05}, r, 0.17, {-0.05 / r, 0.02 / r, 0}));
    w.add_ball(ball(1, {2 * r, 0}, {0.02, 0.01}, r, 0.17, {-0.01 / r, 0.02 / r, 0}));
    ASSERT_EQ(w.ball(0).state, MotionState::Rolling);
    double e = w.energy();
    while (!w.at_rest() && w.time() < 10.0) {
        w.step();
        ASSERT_LE(w.energy(), e * (1 + 1e-12) + 1e-15);
        e = w.energy();
        ASSERT_GE(length(w.ball(1).position - w.ball(0).position), 2 * r - 1e-9);
    }
    EXPECT_TRUE(w.at_rest());
    ASSERT_GE(w.counts().ball_ball, 1u);
    EXPECT_LT(w.counts().ball_ball, 50u);
    // Still touching at rest: they moved together.
    EXPECT_NEAR(length(w.ball(1).position - w.ball(0).position), 2 * r, 1e-6);
}
