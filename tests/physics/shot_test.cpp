// Real shots against published closed-form results (issue: real pool physics).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "core/random.hpp"
#include "game/cue.hpp"
#include "game/rack.hpp"
#include "game/table.hpp"
#include "physics/narrow.hpp"
#include "physics/world.hpp"
#include "world_fixtures.hpp"

using namespace billiards;
using namespace billiards::physics;
using namespace billiards::test;

namespace {
constexpr double R = kBallRadius;
constexpr double M = kBallMass;

// Standard cloth, but ideal ball-ball contact (elastic, frictionless), no cushions.
Params ideal_contact() {
    Params p;
    p.ball_restitution = 1.0;
    p.ball_friction = 0.0;
    return p;
}

// Cue ball at the origin heading +x; object ball placed for cut angle `cut` (radians),
// touching distance plus `gap`.
void place_cut(World& w, double cut, double gap, Vec2 v, Vec3 spin) {
    const Vec2 n{std::cos(cut), std::sin(cut)};
    w.add_ball(ball(0, {0, 0}, v, R, M, spin));
    w.add_ball(ball(1, n * (2 * R + gap), {}, R, M));
}

void run_until_rolling(World& w, int index, double max_t) {
    while (w.time() < max_t && w.ball(index).state == MotionState::Sliding)
        w.step();
}
} // namespace

TEST(Shots, RollingCueBallCutDeflection) {
    // tan(a) = sin t cos t / (sin^2 t + 2/5) once the cue ball rolls again.
    for (double deg : {10.0, 20.0, 30.0, 45.0, 60.0, 75.0}) {
        const double t = deg_to_rad(deg);
        World w(ideal_contact());
        const double v = 1.0;
        // Touching already (gap 0): the impact is at once, still rolling at v.
        place_cut(w, -t, 0.0, {v, 0}, {0, v / R, 0});
        w.step();
        ASSERT_EQ(w.counts().ball_ball, 1u) << deg;
        run_until_rolling(w, 0, 5.0);
        const Vec2 u = w.ball(0).velocity;
        const double a = std::atan2(u.y, u.x);
        const double expect =
            std::atan(std::sin(t) * std::cos(t) / (std::sin(t) * std::sin(t) + 0.4));
        EXPECT_NEAR(a, expect, 1e-6) << deg;
    }
}

TEST(Shots, StunShotNinetyDegreeRule) {
    for (double deg : {15.0, 30.0, 50.0, 70.0}) {
        World w(ideal_contact());
        place_cut(w, deg_to_rad(deg), 0.0, {2.0, 0}, {});
        w.step();
        ASSERT_EQ(w.counts().ball_ball, 1u);
        // Right after impact both still slide; their directions are 90 degrees apart.
        Params p = ideal_contact();
        p.sliding_friction = p.rolling_friction = 0.0;
        World instant(p);
        place_cut(instant, deg_to_rad(deg), 0.0, {2.0, 0}, {});
        instant.step();
        EXPECT_NEAR(dot(instant.ball(0).velocity, instant.ball(1).velocity), 0.0, 1e-12) << deg;
        EXPECT_GT(length(instant.ball(0).velocity), 0.0);
    }
}

TEST(Shots, DrawAndFollowCarryThroughAFullHit) {
    for (double w0 : {-60.0, 60.0}) { // back spin draws, top spin follows
        World w(ideal_contact());
        place_cut(w, 0.0, 0.0, {1.5, 0}, {0, w0, 0});
        w.step();
        ASSERT_EQ(w.counts().ball_ball, 1u);
        // The impact stopped the cue ball; the spin was untouched by the frictionless contact.
        run_until_rolling(w, 0, 5.0);
        // It rolls at 2/7 R w from the end of the slide, then loses mu_r g per second
        // until the step boundary where we read it.
        const Params& p = w.params();
        const double t_roll = 2.0 * R * std::fabs(w0) / (7.0 * p.sliding_friction * p.gravity);
        const double slowed = p.rolling_friction * p.gravity * (w.time() - t_roll);
        EXPECT_NEAR(w.ball(0).velocity.x, 2.0 / 7.0 * R * w0 - std::copysign(slowed, w0), 1e-12)
            << w0;
        EXPECT_NEAR(w.ball(0).velocity.y, 0.0, 1e-12);
    }
}

TEST(Shots, SideSpinDecaysAtItsRateInTheWorld) {
    World w(Params{});
    w.add_ball(ball(0, {0, 0}, {}, R, M, {0, 0, 8.0}));
    for (int i = 0; i < 60; ++i)
        w.step(); // 0.25 s
    EXPECT_NEAR(w.ball(0).spin.z, 8.0 - 10.0 * 0.25, 1e-9);
    EXPECT_EQ(w.ball(0).state, MotionState::Spinning);
    w.run_until_rest(5.0);
    EXPECT_EQ(w.ball(0).spin.z, 0.0);
    EXPECT_NEAR(w.time(), 0.8, w.params().timestep);
}

TEST(Shots, CushionFrictionStopsTheSlipWhenItSticks) {
    // No side spin, 45 degrees in, friction high enough to stick: v_t -> 5/7 v_t and the
    // ball leaves rolling along the rail (R wz = v_t).
    narrow::BodyState b{{0.97, 0}, {1, 1}, {}, R, M};
    narrow::resolve_ball_cushion(b, {0.97 + R, 0}, 1.0, 10.0);
    EXPECT_NEAR(b.velocity.x, -1.0, 1e-15);
    EXPECT_NEAR(b.velocity.y, 5.0 / 7.0, 1e-15);
    EXPECT_NEAR(R * b.spin.z, -5.0 / 7.0, 1e-14); // contact slip v_t - R wz vanishes: see t
}

TEST(Shots, RunningEnglishLengthensTheRebound) {
    // Ball heading +x and +y into the foot cushion; english changes the rebound angle.
    auto rebound_vy = [](double wz) {
        narrow::BodyState b{{0, 0}, {1, 0.5}, {0, 0, wz}, R, M};
        narrow::resolve_ball_cushion(b, {R, 0}, 0.85, 0.2);
        return b.velocity.y;
    };
    // t = perp(-x) = -y here, so running english (spin carrying the ball further along +y
    // off the rail) is wz < 0 for this rail.
    const double plain = rebound_vy(0.0);
    EXPECT_GT(rebound_vy(-60.0), plain);
    EXPECT_LT(rebound_vy(60.0), plain);
    EXPECT_LT(plain, 0.5); // friction alone shortens a no-spin rebound
}

TEST(Shots, ElasticFrictionlessCushionsConserveEnergy) {
    World w(frictionless(), box(1.0, 0.5));
    w.add_ball(ball(0, {0, 0}, {3.1, 1.7}, R, M, {0, 0, 25.0}));
    const double e0 = w.energy();
    for (int i = 0; i < 2400; ++i)
        w.step();
    // 10 s at (3.1, 1.7) in a 2 x 1 box: 15 + 18 bounces off the long and short rails.
    EXPECT_GE(w.counts().ball_cushion, 30u);
    EXPECT_NEAR(w.energy(), e0, 1e-12 * e0);
}

TEST(Shots, CutInducedThrowIsAFewDegrees) {
    Params p;
    p.sliding_friction = p.rolling_friction = 0.0; // look at the impact itself
    World w(p);
    const double cut = deg_to_rad(30.0);
    place_cut(w, cut, 0.0, {1.0, 0}, {});
    w.step();
    const Vec2 ob = w.ball(1).velocity;
    const double line = cut; // the line of centres
    const double throw_deg = rad_to_deg(line - std::atan2(ob.y, ob.x));
    // Published stun-shot throw at a 30 degree cut is about 2 to 5 degrees.
    EXPECT_GT(throw_deg, 2.0);
    EXPECT_LT(throw_deg, 5.0);
}

TEST(Shots, SpinInducedThrowGoesAgainstTheEnglish) {
    Params p;
    p.sliding_friction = p.rolling_friction = p.spin_friction = 0.0;
    World w(p);
    // Straight-in with right english (wz > 0): the object ball is thrown left (+y).
    place_cut(w, 0.0, 0.0, {1.0, 0}, {0, 0, 40.0});
    w.step();
    EXPECT_GT(w.ball(1).velocity.y, 0.0);
    World l(p);
    place_cut(l, 0.0, 0.0, {1.0, 0}, {0, 0, -40.0});
    l.step();
    EXPECT_NEAR(l.ball(1).velocity.y, -w.ball(1).velocity.y, 1e-15);
}

namespace {
World table_world(const Params& p = Params{}) {
    const game::Table t = game::build_table({});
    return World(p, t.cushions, t.pockets);
}
} // namespace

TEST(Pockets, StraightShotDropsAtAnySpeed) {
    for (double speed : {1.2, 3.0, 8.0, 15.0}) { // 1.2 m/s barely reaches it
        World w = table_world();
        // Down the pocket's axis (the table diagonal at 45 degrees) into the (+,-) corner.
        const Vec2 to{1.27, -0.635};
        const Vec2 from = to + Vec2{-0.5, 0.5};
        w.add_ball(ball(0, from, normalized(to - from) * speed, R, M));
        w.run_until_rest(30.0);
        EXPECT_EQ(w.ball(0).state, MotionState::Pocketed) << speed;
    }
}

TEST(Pockets, HardHitOnTheJawAtABadAngleIsRejected) {
    World w = table_world();
    w.set_record_events(true);
    // Along the bottom rail, 4 cm off it, hard into the (+,-) corner's short-rail jaw.
    const double y = -0.635 + R + 0.04;
    w.add_ball(ball(0, {0.5, y}, {6.0, 0.0}, R, M));
    w.run_until_rest(30.0);
    EXPECT_NE(w.ball(0).state, MotionState::Pocketed);
    EXPECT_GT(w.counts().ball_cushion, 0u);
}

TEST(Pockets, SlowBallCreepingIntoTheMouthDrops) {
    World w = table_world();
    // Just enough speed to roll to the side pocket's capture circle (rolling friction).
    const double target = -0.635 - 0.045 + 0.065; // top of the side capture circle
    const double start = -0.2;
    const double dist = start - target + 0.002;
    const double v = std::sqrt(2 * 0.01 * 9.81 * dist);
    w.add_ball(ball(0, {0.0, start}, {0, -v}, R, M, {v / R, 0, 0}));
    w.run_until_rest(30.0);
    EXPECT_EQ(w.ball(0).state, MotionState::Pocketed);
}

TEST(Pockets, SlowBallsRattleInWhereFastBallsRattleOut) {
    // Aim down the corner pocket's axis, offset sideways: near the jaws a ball rattles.
    struct Outcome {
        int dropped = 0;     // offsets that drop
        int rattled_in = 0;  // dropped after touching the jaws at least twice
        int rattled_out = 0; // rejected after touching them at least twice
    };
    auto scan = [](double speed) {
        Outcome o;
        const Vec2 corner{1.27, -0.635};
        const Vec2 axis = normalized(Vec2{1, -1});
        for (int k = -12; k <= 12; ++k) {
            World w = table_world();
            w.set_record_events(true);
            const Vec2 from = corner - axis * 0.7 + perp(axis) * (0.005 * k);
            w.add_ball(ball(0, from, axis * speed, R, M));
            w.run_until_rest(30.0);
            const bool in = w.ball(0).state == MotionState::Pocketed;
            const auto touches = w.counts().ball_cushion;
            o.dropped += in;
            o.rattled_in += in && touches >= 2;
            o.rattled_out += !in && touches >= 2;
        }
        return o;
    };
    const Outcome slow = scan(1.5), fast = scan(4.0);
    EXPECT_GT(slow.rattled_in, 0);
    EXPECT_GT(fast.rattled_out, 0);
    EXPECT_GT(slow.dropped, fast.dropped); // the pocket plays bigger for a slow ball
}

namespace {
struct Break {
    World world;
    std::vector<Vec2> start;
};
// Cue at 8 m/s: a 10.8 m/s (24 mph) cue ball, a firm break.
Break play_break(std::uint64_t seed, double mirror = 1.0, double speed = 8.0) {
    const game::TableSpec spec;
    Break b{table_world(), {}};
    b.world.set_record_events(true);
    for (physics::BallDef d : game::rack(game::RackKind::EightBall, spec, {seed})) {
        d.position.y *= mirror;
        b.start.push_back(d.position);
        b.world.add_ball(d);
    }
    const int cue = b.world.index_of(0);
    const auto hit = game::strike({0.0, speed, 0.0, 0.0}, M, R);
    b.world.set_motion(cue, hit.velocity, hit.spin);
    b.world.run_until_rest(60.0);
    return b;
}
} // namespace

TEST(Break, SpreadsTheRackRealistically) {
    int dropped = 0;
    double median_sum = 0.0;
    const int seeds = 12;
    for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
        Break b = play_break(seed);
        std::set<int> railed;
        for (const Event& e : b.world.events())
            if (e.kind == EventKind::BallCushion) railed.insert(e.ball);
        std::vector<double> moved;
        for (int i = 0; i < b.world.ball_count(); ++i) {
            if (b.world.ball(i).id == 0) continue;
            moved.push_back(
                length(b.world.ball(i).position - b.start[static_cast<std::size_t>(i)]));
        }
        std::sort(moved.begin(), moved.end());
        // Every object ball moves (the 8, squeezed mid-rack, the least: millimetres);
        // several reach a rail.
        EXPECT_GT(moved.front(), 1e-4) << seed;
        EXPECT_GE(railed.size(), 3u) << seed;
        median_sum += moved[moved.size() / 2];
        dropped += static_cast<int>(b.world.counts().pocketed);
        EXPECT_TRUE(b.world.at_rest());
    }
    EXPECT_GT(dropped, 0);
    // The typical ball travels over 10 cm (per break this ranges from 4 cm to 40 cm).
    EXPECT_GT(median_sum / seeds, 0.1);
}

// Mirrored arithmetic is exact for most breaks, but not every computation of the world is
// symmetric about the axis (the broad phase's grid cells are not), and a break is chaotic: a
// last-bit difference can grow to millimetres. Of the racks of seeds 1 to 10, 3 and 8 do
// (45 and 47 ball-ball impacts, 2.3 mm apart at rest); all the others mirror to 1e-9 m.
TEST(Break, MirroredRackAndShotGiveAMirroredResult) {
    int mirrored = 0;
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        Break a = play_break(seed, 1.0);
        Break m = play_break(seed, -1.0);
        bool same = a.world.counts().ball_ball == m.world.counts().ball_ball;
        for (int i = 0; i < a.world.ball_count(); ++i) {
            const Ball& p = a.world.ball(i);
            const Ball& q = m.world.ball(i);
            same = same && p.state == q.state && std::fabs(p.position.x - q.position.x) <= 1e-9 &&
                   std::fabs(p.position.y + q.position.y) <= 1e-9;
        }
        mirrored += same;
    }
    EXPECT_GE(mirrored, 8);
}

TEST(Break, EnergyNeverRisesDuringAnyShot) {
    Random rng(99);
    const auto u = [](Random& gen) { return gen.uniform(); };
    for (int shot = 0; shot < 12; ++shot) {
        World w = table_world();
        for (const physics::BallDef& d : game::rack(game::RackKind::NineBall, {}, {7}))
            w.add_ball(d);
        const double tip = 0.45 * u(rng), ang = 2 * kPi * u(rng);
        const auto hit = game::strike({deg_to_rad(-10 + 20 * u(rng)), 1 + 6 * u(rng),
                                       tip * std::cos(ang), tip * std::sin(ang)},
                                      M, R);
        w.set_motion(w.index_of(0), hit.velocity, hit.spin);
        double e = w.energy();
        while (!w.at_rest() && w.time() < 60) {
            w.step();
            ASSERT_LE(w.energy(), e * (1 + 1e-12) + 1e-15) << "shot " << shot;
            e = w.energy();
            for (const Ball& b : w.balls()) {
                if (b.state == MotionState::Pocketed) continue;
                ASSERT_LE(std::fabs(b.position.x), 1.27 + 0.1) << "shot " << shot;
                ASSERT_LE(std::fabs(b.position.y), 0.635 + 0.1) << "shot " << shot;
            }
        }
    }
}

TEST(Break, TouchingRollingBallsEndWithFewImpacts) {
    // The bench's break (cue 7 m/s) on seeds 1-20: on seeds 2, 11 and 12 two touching
    // rolling balls used to chatter through 9,000-24,000 tiny impacts; joined, every break
    // ends with a few dozen.
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        Break b = play_break(seed, 1.0, 7.0);
        EXPECT_TRUE(b.world.at_rest()) << seed;
        EXPECT_LT(b.world.counts().ball_ball, 120u) << seed;
    }
}
