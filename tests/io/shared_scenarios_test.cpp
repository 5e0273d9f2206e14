// The example scenarios of assets/scenarios, read through the io library: the first three
// reproduce the exact answers of assets/scenarios/README.md; the other examples run sensibly.
#include <gtest/gtest.h>

#include <cmath>

#include "game/simulation.hpp"
#include "io/scenario.hpp"
#include "io_test_util.hpp"

namespace {

using namespace billiards;
using physics::EventKind;
using physics::MotionState;

constexpr double kExact = 1e-9;    // frictionless cases (assets/scenarios/README.md)
constexpr double kFriction = 1e-4; // cases with friction (assets/scenarios/README.md)

game::Scenario load(const char* name) {
    return io::load_scenario(io_test::scenario_path(name));
}

TEST(SharedScenario, HeadOnUnequalMasses) {
    const physics::World w = game::run_scenario(load("head-on-unequal-masses.json"), true);
    EXPECT_NEAR(w.time(), 1.0, 1e-12);
    EXPECT_NEAR(w.ball(0).position.x, 1.22, kExact);
    EXPECT_NEAR(w.ball(1).position.x, 2.84, kExact);
    EXPECT_NEAR(w.ball(0).position.y, 0.0, kExact);
    EXPECT_NEAR(w.ball(0).velocity.x, 1.0, kExact);
    EXPECT_NEAR(w.ball(1).velocity.x, 3.0, kExact);
    EXPECT_EQ(w.counts().ball_ball, 1u);
    EXPECT_EQ(w.counts().ball_cushion, 0u);
    ASSERT_EQ(w.events().size(), 1u);
    EXPECT_EQ(w.events()[0].kind, EventKind::BallBall);
    EXPECT_NEAR(w.events()[0].time, 0.22, kExact);
}

TEST(SharedScenario, CushionBounce) {
    const physics::World w = game::run_scenario(load("cushion-bounce.json"), true);
    EXPECT_NEAR(w.time(), 2.0, 1e-12);
    EXPECT_NEAR(w.ball(0).position.x, -0.06, kExact);
    EXPECT_NEAR(w.ball(0).position.y, 1.0, kExact);
    EXPECT_NEAR(w.ball(0).velocity.x, -1.0, kExact);
    EXPECT_NEAR(w.ball(0).velocity.y, 0.5, kExact);
    EXPECT_EQ(w.counts().ball_cushion, 1u);
    EXPECT_EQ(w.counts().ball_ball, 0u);
    ASSERT_EQ(w.events().size(), 1u);
    EXPECT_EQ(w.events()[0].kind, EventKind::BallCushion);
    EXPECT_EQ(w.events()[0].other, 0);
    EXPECT_NEAR(w.events()[0].time, 0.97, kExact);
}

TEST(SharedScenario, CushionBounceImpactPoint) {
    game::Scenario s = load("cushion-bounce.json");
    s.duration = 0.97; // stop exactly at the impact
    const physics::World w = game::run_scenario(s, false);
    EXPECT_NEAR(w.ball(0).position.x, 0.97, kExact);
    EXPECT_NEAR(w.ball(0).position.y, 0.485, kExact);
}

// Step by step: when the ball starts rolling and when it stops (each seen at the end of the
// step it happens in).
TEST(SharedScenario, StunShot) {
    const game::Scenario s = load("stun-shot.json");
    physics::World w = game::make_world(s);
    const double dt = s.params.timestep;
    double rolling_seen = -1.0, rest_seen = -1.0, x_rolling = 0.0;
    while (!w.at_rest() && w.time() < s.duration) {
        w.step();
        if (rolling_seen < 0.0 && w.ball(0).state == MotionState::Rolling) {
            rolling_seen = w.time();
            x_rolling = w.ball(0).position.x;
        }
    }
    rest_seen = w.time();
    const double v0 = 0.5, slide_time = 0.072812, slide = 0.031205, stop = 3.713412;
    EXPECT_GT(rolling_seen, slide_time - 1e-6);
    EXPECT_LE(rolling_seen, slide_time + dt);
    EXPECT_GT(rest_seen, stop - 1e-6);
    EXPECT_LE(rest_seen, stop + dt);
    // On the roll: 5/7 v0, slowed by mu_r g, from where the slide ended.
    const double t = rolling_seen - slide_time;
    const double x_expected = -0.9 + slide + 5.0 / 7.0 * v0 * t - 0.5 * 0.01 * 9.81 * t * t;
    EXPECT_NEAR(x_rolling, x_expected, kFriction);
    EXPECT_NEAR(w.ball(0).position.x, -0.218688, kFriction);
    EXPECT_NEAR(w.ball(0).position.x - (-0.9 + slide), 0.650107, kFriction);
    EXPECT_NEAR(w.ball(0).position.y, 0.0, 1e-12);
    EXPECT_EQ(w.ball(0).state, MotionState::Stationary);
}

TEST(SharedScenario, StunShotThroughRunScenario) {
    const physics::World w = game::run_scenario(load("stun-shot.json"), true);
    EXPECT_TRUE(w.at_rest());
    EXPECT_LT(w.time(), 3.713412 + 1.0 / 240.0 + 1e-9);
    EXPECT_NEAR(w.ball(0).position.x, -0.218688, kFriction);
    EXPECT_TRUE(w.events().empty());
    EXPECT_EQ(w.counts().ball_ball + w.counts().ball_cushion + w.counts().pocketed, 0u);
}

TEST(ExampleScenario, ClosedBoxKeepsItsEnergy) {
    const game::Scenario s = load("closed-box.json");
    const physics::World start = game::make_world(s);
    const physics::World w = game::run_scenario(s, false);
    EXPECT_NEAR(w.time(), s.duration, 1e-9);
    EXPECT_NEAR(w.energy(), start.energy(), 1e-9 * start.energy());
    EXPECT_GT(w.counts().ball_cushion, 10u);
    for (const auto& b : w.balls()) {
        EXPECT_LE(std::abs(b.position.x), 1.0 - b.radius + 1e-9);
        EXPECT_LE(std::abs(b.position.y), 0.5 - b.radius + 1e-9);
    }
}

TEST(ExampleScenario, BreaksSpreadTheRackAndStop) {
    for (const char* name : {"break-8ball.json", "break-9ball.json"}) {
        SCOPED_TRACE(name);
        const game::Scenario s = load(name);
        EXPECT_EQ(s.params.ball_contact, physics::BallContact::Hertz); // as the game plays
        const physics::World w = game::run_scenario(s, true);
        EXPECT_TRUE(w.at_rest());
        EXPECT_GE(w.counts().clusters, 1u); // the cue ball strikes a rack of touching balls
        EXPECT_GT(w.counts().ball_cushion, 4u);
        // Every ball of the rack moves off its spot, and most reach a cushion.
        std::size_t moved = 0, to_rail = 0;
        for (const auto& b : s.balls) {
            if (b.id == 0) continue;
            const auto& now = w.ball(w.index_of(b.id));
            moved +=
                now.state == MotionState::Pocketed || length(now.position - b.position) > b.radius;
            bool rail = false;
            for (const physics::Event& e : w.events())
                rail |= e.kind == EventKind::BallCushion && w.ball(e.ball).id == b.id;
            to_rail += rail;
        }
        EXPECT_EQ(moved, s.balls.size() - 1);
        EXPECT_GE(to_rail, (s.balls.size() - 1) / 2);
        // The events: each cluster once, the contacts inside it listed after it for the rules
        // (in_cluster), and every other impact or pocketing counted once.
        std::size_t outside = 0, clusters = 0;
        for (const physics::Event& e : w.events()) {
            outside += !e.in_cluster && e.kind != EventKind::Cluster;
            clusters += e.kind == EventKind::Cluster;
            EXPECT_TRUE(!e.in_cluster || e.kind != EventKind::Cluster);
        }
        EXPECT_EQ(clusters, w.counts().clusters);
        EXPECT_EQ(outside, w.counts().ball_ball + w.counts().ball_cushion + w.counts().pocketed);
        // On the cloth or, at most, resting in a pocket mouth between the jaws.
        const double hx = s.table.spec.length / 2 + 0.08, hy = s.table.spec.width / 2 + 0.08;
        for (const auto& b : w.balls()) {
            if (b.state == MotionState::Pocketed) continue;
            EXPECT_LE(std::abs(b.position.x), hx) << b.id;
            EXPECT_LE(std::abs(b.position.y), hy) << b.id;
        }
    }
}

// The pi-counting experiment (G. Galperin, 2003): a heavy ball pushes a light one against a
// wall, every collision elastic and frictionless; for a mass ratio of 100^(d-1) the number of
// impacts (ball-ball and ball-wall) is the first d digits of pi. Read from the shipped files
// through the real reader, with the masses (1e8 and 1e10 kg) a scenario can hold.
void expect_pi_digits(const char* name, std::uint64_t digits) {
    const game::Scenario s = load(name);
    ASSERT_EQ(s.balls.size(), 2u);
    const double ratio = s.balls[1].mass / s.balls[0].mass;
    const physics::World w = game::run_scenario(s, false);
    EXPECT_EQ(w.counts().ball_ball + w.counts().ball_cushion, digits) << name << " ratio " << ratio;
    // Every impact happened within the duration: both balls now move away from the wall, the
    // light one no faster than the heavy one, so none can follow.
    const physics::Ball& light = w.ball(w.index_of(0));
    const physics::Ball& heavy = w.ball(w.index_of(1));
    EXPECT_GE(light.velocity.x, 0.0) << name;
    EXPECT_LE(light.velocity.x, heavy.velocity.x) << name;
    EXPECT_NEAR(heavy.velocity.x, 1.0, 1e-6) << name; // it gave back almost all its speed
    EXPECT_NEAR(w.energy(), 0.5 * s.balls[1].mass, 1e-9 * 0.5 * s.balls[1].mass) << name;
}

TEST(ExampleScenario, PiDigitsFive) {
    expect_pi_digits("pi-digits-5.json", 31415u);
}

TEST(ExampleScenario, PiDigitsSix) {
    expect_pi_digits("pi-digits-6.json", 314159u);
}

// The ends of the accepted ranges are resolved exactly: micrometre balls of 1e-12 kg beside
// one of 1e12 kg, and kilometre-sized balls of 1e12 and 1e-12 kg against a wall.
TEST(ScenarioRange, SmallestAndLargestBallsAreExact) {
    const char* const physics = R"("physics": {"ball_restitution": 1.0, "ball_friction": 0.0,
        "cushion_restitution": 1.0, "cushion_friction": 0.0, "sliding_friction": 0.0,
        "rolling_friction": 0.0, "spin_friction": 0.0})";
    const physics::World tiny =
        game::run_scenario(io::parse_scenario(std::string(R"({"format": "billiards-scenario/1",
            "table": {"cushions": [], "pockets": []}, )") +
                                                  physics + R"(,
            "balls": [{"id": 0, "position": [0, 0], "velocity": [1e-3, 0], "radius": 1e-6, "mass": 1e-12},
                      {"id": 1, "position": [1e-5, 0], "radius": 1e-6, "mass": 1e-12},
                      {"id": 2, "position": [0, 1e-5], "radius": 1e-6, "mass": 1e12}],
            "duration": 0.05})",
                                              "tiny.json"),
                           false);
    EXPECT_EQ(tiny.counts().ball_ball, 1u);
    EXPECT_NEAR(tiny.ball(0).position.x, 8e-6, 1e-18); // stopped on impact at t = 8 ms
    EXPECT_NEAR(tiny.ball(1).position.x, 1e-5 + 1e-3 * (0.05 - 8e-3), 1e-18);
    EXPECT_EQ(tiny.ball(1).velocity.x, 1e-3);
    // The heavy ball reaches the wall's reach at t = 10 s as the light one reaches it; the
    // light one leaves at 2 x 100 + 200 m/s.
    const physics::World huge =
        game::run_scenario(io::parse_scenario(std::string(R"({"format": "billiards-scenario/1",
            "table": {"cushions": [{"from": [-2000, -5000], "to": [-2000, 5000]}], "pockets": []}, )") +
                                                  physics + R"(,
            "balls": [{"id": 0, "position": [0, 0], "velocity": [-100, 0], "radius": 1000, "mass": 1e12},
                      {"id": 1, "position": [3000, 0], "velocity": [-200, 0], "radius": 1000, "mass": 1e-12}],
            "duration": 30})",
                                              "huge.json"),
                           false);
    EXPECT_EQ(huge.counts().ball_ball, 1u);
    EXPECT_EQ(huge.counts().ball_cushion, 1u);
    EXPECT_NEAR(huge.ball(0).position.x, 1000.0, 1e-9);
    EXPECT_NEAR(huge.ball(1).position.x, 9000.0, 1e-9);
    EXPECT_NEAR(huge.ball(1).velocity.x, 400.0, 1e-12);
}

} // namespace
