// Compliant (Hertz) contact: the contact law against its closed forms, the cluster
// integrator against conservation laws and its own convergence, and the world's rule for
// when impacts stay instantaneous.
#include <gtest/gtest.h>

#include <cmath>

#include "game/rack.hpp"
#include "game/table.hpp"
#include "physics/hertz.hpp"
#include "physics/world.hpp"
#include "world_fixtures.hpp"

namespace billiards {
namespace {

using physics::BallContact;
using physics::Params;
using physics::World;
namespace hertz = physics::hertz;

constexpr double kR = physics::kBallRadius;
constexpr double kM = physics::kBallMass;

Params hertz_params(double e_ball = 1.0, double e_cushion = 1.0) {
    Params p = test::frictionless(e_ball, e_cushion);
    p.ball_contact = BallContact::Hertz;
    return p;
}

// Two balls head-on in a cluster of their own; returns the measured restitution and the
// relative change of kinetic energy.
struct HeadOn {
    double restitution = 0.0;
    double energy_change = 0.0;
    double momentum_change = 0.0;
};
HeadOn head_on(double speed, const Params& p) {
    hertz::Cluster c;
    c.reset(hertz::Laws::from(p), 0.0);
    c.add_body({{0.0, 0.0}, {speed, 0.0}, {}, kR, kM});
    c.add_body({{2.0 * kR, 0.0}, {0.0, 0.0}, {}, kR, kM});
    c.set_touching({{0, 1}});
    const bool open = c.run(1.0);
    EXPECT_TRUE(open);
    const double v1 = c.body(0).v.x, v2 = c.body(1).v.x;
    const double e0 = 0.5 * kM * speed * speed;
    const double e1 = 0.5 * kM * (v1 * v1 + v2 * v2);
    return {(v2 - v1) / speed, (e1 - e0) / e0, (kM * (v1 + v2) - kM * speed) / (kM * speed)};
}

TEST(HertzLaw, ElasticDurationIsTheClosedForm) {
    // m x'' = -k x^(3/2) from x' = v: x_max = (5 m v^2 / 4k)^(2/5) and
    // t = 2 x_max / v * B(2/5, 1/2) / (5/2); in scale-free units m = k = v = 1.
    const double beta = std::tgamma(0.4) * std::tgamma(0.5) / std::tgamma(0.9);
    const double expected = 2.0 * std::pow(1.25, 0.4) * beta / 2.5;
    const hertz::Scaled s = hertz::scaled_impact(0.0);
    EXPECT_NEAR(s.duration, expected, 1e-6 * expected);
    EXPECT_NEAR(s.restitution, 1.0, 1e-9);
}

TEST(HertzLaw, DampingGivesTheAskedRestitution) {
    for (const double e : {0.99, 0.95, 0.8, 0.5, 0.2}) {
        const hertz::Damping d = hertz::damping_for(e);
        EXPECT_GT(d.alpha, 0.0);
        EXPECT_NEAR(hertz::scaled_impact(d.alpha).restitution, e, 1e-9) << e;
    }
    EXPECT_EQ(hertz::damping_for(1.0).alpha, 0.0);
}

TEST(HertzLaw, DefaultContactLastsAFractionOfAMillisecond) {
    // Crown's phenolic resin: a 1 m/s head-on contact of two pool balls lasts ~0.3-0.4 ms.
    const Params p = hertz_params();
    const double k = hertz::stiffness(hertz::pair_modulus(p), kR / 2.0);
    const double t = hertz::contact_duration(kM / 2.0, k, hertz::damping_for(1.0).duration, 1.0);
    EXPECT_GT(t, 2e-4);
    EXPECT_LT(t, 5e-4);
    // t ~ v^(-1/5).
    const double t32 = hertz::contact_duration(kM / 2.0, k, hertz::damping_for(1.0).duration, 32.0);
    EXPECT_NEAR(t32, t / 2.0, 1e-12);
}

TEST(HertzCluster, HeadOnRestitutionIsTheConfiguredOneAtEverySpeed) {
    for (const double e : {1.0, 0.95, 0.8, 0.5}) {
        for (const double v : {0.1, 0.5, 1.0, 3.0, 8.0, 12.0}) {
            const HeadOn h = head_on(v, hertz_params(e));
            EXPECT_NEAR(h.restitution, e, 0.01 * e) << "e " << e << " v " << v;
            EXPECT_NEAR(h.momentum_change, 0.0, 1e-12) << "e " << e << " v " << v;
            if (e == 1.0) {
                EXPECT_NEAR(h.energy_change, 0.0, 1e-6) << "v " << v;
            }
        }
    }
}

TEST(HertzCluster, ElasticHeadOnConvergesAsTheToleranceTightens) {
    double previous_error = 1.0;
    for (const double tol : {1e-6, 1e-8, 1e-10}) {
        Params p = hertz_params();
        p.contact_tolerance = tol;
        const HeadOn h = head_on(2.0, p);
        const double error = std::fabs(h.restitution - 1.0);
        EXPECT_LE(error, previous_error + 1e-12) << tol;
        previous_error = error;
    }
    EXPECT_LT(previous_error, 1e-8);
}

// ---------------------------------------------------------------------------------------
// Worlds

// A triangle of `rows` rows with its apex at the origin pointing to -x, neighbours `gap`
// apart, and a striker on the axis at `speed`.
World rack_world(const Params& p, int rows, double gap, double speed, std::vector<Vec2>* spots) {
    World w(p);
    const double d = 2.0 * kR + gap;
    int id = 1;
    for (int k = 0; k < rows; ++k) {
        for (int j = 0; j <= k; ++j) {
            const Vec2 at{k * d * std::sqrt(3.0) / 2.0, (j - 0.5 * k) * d};
            w.add_ball(test::ball(id++, at, {}, kR, kM));
            if (spots) spots->push_back(at);
        }
    }
    w.add_ball(test::ball(0, {-0.2, 0.0}, {speed, 0.0}, kR, kM));
    return w;
}

TEST(HertzWorld, SymmetricRackBreaksMirrorSymmetric) {
    std::vector<Vec2> spots;
    World w = rack_world(hertz_params(), 5, 1e-9, 10.0, &spots);
    const Vec2 p0 = w.momentum();
    const double e0 = w.energy();
    test::run_to(w, 0.1);
    EXPECT_EQ(w.counts().clusters, 1u);
    // Mirror partner of each ball: the one racked at (x, -y).
    const int n = static_cast<int>(spots.size());
    double speed_scale = 10.0;
    for (int a = 0; a < n; ++a) {
        int b = -1;
        for (int c = 0; c < n; ++c)
            if (std::fabs(spots[c].x - spots[a].x) < 1e-12 &&
                std::fabs(spots[c].y + spots[a].y) < 1e-12)
                b = c;
        ASSERT_GE(b, 0);
        const physics::Ball& ba = w.ball(a);
        const physics::Ball& bb = w.ball(b);
        EXPECT_NEAR(ba.velocity.x, bb.velocity.x, 1e-9 * speed_scale) << a << " " << b;
        EXPECT_NEAR(ba.velocity.y, -bb.velocity.y, 1e-9 * speed_scale) << a << " " << b;
        EXPECT_NEAR(ba.position.x, bb.position.x, 1e-9) << a << " " << b;
        EXPECT_NEAR(ba.position.y, -bb.position.y, 1e-9) << a << " " << b;
    }
    // The striker stays on the axis; every racked ball moves.
    EXPECT_NEAR(w.ball(n).velocity.y, 0.0, 1e-9);
    for (int a = 0; a < n; ++a)
        EXPECT_GT(length(w.ball(a).velocity), 0.1) << a;
    // Momentum exact to 1e-12, energy kept to 1e-6 (restitution 1).
    const Vec2 p1 = w.momentum();
    EXPECT_LT(length(p1 - p0), 1e-12 * length(p0));
    EXPECT_NEAR(w.energy(), e0, 1e-6 * e0);
}

// A striker at `speed` into five balls in a line `gap` apart (along x).
World cradle(const Params& p, double gap, double speed) {
    World w(p);
    for (int k = 0; k < 5; ++k)
        w.add_ball(test::ball(k + 1, {k * (2.0 * kR + gap), 0.0}, {}, kR, kM));
    w.add_ball(test::ball(0, {-0.1, 0.0}, {speed, 0.0}, kR, kM));
    return w;
}

TEST(HertzWorld, SpacedCradleIsTheIdealOne) {
    // 2 mm apart at 1 m/s: each contact (about 0.4 ms, 0.4 mm of travel) ends before the
    // next ball can be reached, so every impact is the instantaneous one: one ball out.
    World hz = cradle(hertz_params(), 2e-3, 1.0);
    World ideal = cradle(test::frictionless(), 2e-3, 1.0);
    test::run_to(hz, 0.5);
    test::run_to(ideal, 0.5);
    EXPECT_EQ(hz.counts().clusters, 0u);
    EXPECT_EQ(hz.state_hash(), ideal.state_hash());
    EXPECT_NEAR(hz.ball(4).velocity.x, 1.0, 1e-12);
    for (int k = 0; k < 4; ++k)
        EXPECT_NEAR(length(hz.ball(k).velocity), 0.0, 1e-12) << k;
    EXPECT_NEAR(length(hz.ball(5).velocity), 0.0, 1e-12);
}

TEST(HertzWorld, TouchingCradleDisperses) {
    World w = cradle(hertz_params(), 0.0, 1.0);
    const double e0 = w.energy();
    const Vec2 p0 = w.momentum();
    test::run_to(w, 0.5);
    EXPECT_EQ(w.counts().clusters, 1u);
    // The last ball leaves a little slower than the striker came; the others move slowly.
    const double last = w.ball(4).velocity.x;
    EXPECT_LT(last, 0.999);
    EXPECT_GT(last, 0.8);
    double others = 0.0;
    for (int k = 0; k < 4; ++k)
        others = std::max(others, length(w.ball(k).velocity));
    others = std::max(others, length(w.ball(5).velocity));
    EXPECT_GT(others, 1e-3);
    EXPECT_LT(others, 0.3);
    EXPECT_LT(length(w.momentum() - p0), 1e-12 * length(p0));
    EXPECT_NEAR(w.energy(), e0, 1e-6 * e0);
}

// Final velocities of the touching cradle for a modulus and a tolerance.
std::vector<Vec2> cradle_result(double modulus, double tolerance) {
    Params p = hertz_params();
    p.ball_young_modulus = modulus;
    p.contact_tolerance = tolerance;
    World w = cradle(p, 0.0, 2.0);
    test::run_to(w, 0.3);
    std::vector<Vec2> v;
    for (const physics::Ball& b : w.balls())
        v.push_back(b.velocity);
    return v;
}

double largest_difference(const std::vector<Vec2>& a, const std::vector<Vec2>& b) {
    double d = 0.0;
    for (std::size_t k = 0; k < a.size(); ++k)
        d = std::max(d, length(a[k] - b[k]));
    return d;
}

TEST(HertzWorld, TouchingBallsDoNotDependOnStiffness) {
    // Touching balls: Hertz contact scales with the stiffness in time only.
    const auto soft = cradle_result(5.84e8, 1e-10);
    const auto base = cradle_result(5.84e9, 1e-10);
    const auto hard = cradle_result(5.84e10, 1e-10);
    EXPECT_LT(largest_difference(soft, base), 1e-6);
    EXPECT_LT(largest_difference(hard, base), 1e-6);
}

TEST(HertzWorld, ResultsConvergeAsTheToleranceTightens) {
    const auto loose = cradle_result(5.84e9, 1e-7);
    const auto mid = cradle_result(5.84e9, 1e-9);
    const auto tight = cradle_result(5.84e9, 1e-11);
    const double d1 = largest_difference(loose, tight);
    const double d2 = largest_difference(mid, tight);
    EXPECT_LT(d2, 1e-6);
    EXPECT_LE(d2, d1);
}

TEST(HertzWorld, IsolatedImpactIsTheClosedFormOne) {
    // Far from everything, a frictionless Hertz impact is the instantaneous one, bit for bit.
    auto run = [](const Params& p) {
        World w(p);
        w.add_ball(test::ball(1, {0.0, 0.0}, {}, kR, kM));
        w.add_ball(test::ball(0, {-0.3, 0.01}, {2.0, 0.0}, kR, kM));
        test::run_to(w, 0.4);
        EXPECT_EQ(w.counts().ball_ball, 1u);
        return w.state_hash();
    };
    EXPECT_EQ(run(hertz_params(0.9)), run(test::frictionless(0.9)));
}

TEST(HertzWorld, BallFrozenToARailTakesTheCushionIntoTheCluster) {
    // A ball touching the right cushion struck head-on: the rail pushes back through it.
    const Params p = hertz_params();
    World w(p, test::box(1.0, 0.5));
    w.add_ball(test::ball(1, {1.0 - kR, 0.0}, {}, kR, kM));
    w.add_ball(test::ball(0, {0.5, 0.0}, {2.0, 0.0}, kR, kM));
    const double e0 = w.energy();
    test::run_to(w, 0.3);
    EXPECT_EQ(w.counts().clusters, 1u);
    EXPECT_NEAR(w.energy(), e0, 1e-6 * e0);
    // Everything goes back to the left, the struck ball never through the rail.
    EXPECT_LT(w.ball(1).velocity.x + w.ball(0).velocity.x, 0.0);
    EXPECT_LE(w.ball(1).position.x, 1.0 - kR + 1e-9);
}

TEST(HertzWorld, RackBreakIsDeterministicAndSpreads) {
    auto run = [] {
        Params p; // cloth, throw and cushions as in the game
        p.ball_contact = BallContact::Hertz;
        World w(p, test::box(1.27, 0.635));
        w.add_ball(test::ball(0, {-0.635, 0.0}, {9.0, 0.0}, kR, kM));
        const double d = 2.0 * kR + 5e-5;
        int id = 1;
        for (int k = 0; k < 5; ++k)
            for (int j = 0; j <= k; ++j)
                w.add_ball(test::ball(
                    id++, {0.635 + k * d * std::sqrt(3.0) / 2.0, (j - 0.5 * k) * d + 1e-5 * j}, {},
                    kR, kM));
        w.run_until_rest(30.0);
        return w;
    };
    const World a = run();
    const World b = run();
    EXPECT_EQ(a.state_hash(), b.state_hash());
    EXPECT_TRUE(a.at_rest());
    // Most of the rack leaves the foot spot's neighbourhood.
    int far = 0;
    for (const physics::Ball& ball : a.balls())
        if (ball.id != 0 && length(ball.position - Vec2{0.7, 0.0}) > 0.3) ++far;
    EXPECT_GE(far, 10);
}

TEST(HertzWorld, ElasticBreaksKeepEnergyThroughEveryCluster) {
    // Racks as the game racks them (gaps up to 0.1 mm), broken on a frictionless bed walled
    // by perfectly elastic cushions: every onset, clamp and cushion contact of the break's
    // clusters is integrated, and the energy must come out as it went in. In the last one a
    // second cluster forms beside a suspended one and takes in its balls: they must not be
    // lost to it (its contact's energy with them).
    const std::pair<std::uint64_t, double> breaks[] = {{1, 7.0}, {2, 7.0}, {3, 7.0}, {8, 10.0}};
    for (const auto& [seed, speed] : breaks) {
        World w(hertz_params(), test::box(1.27, 0.635));
        for (const physics::BallDef& d :
             game::rack(game::RackKind::EightBall, game::TableSpec{}, {seed}))
            w.add_ball(d);
        w.add_ball(test::ball(0, {-0.635, 0.01 * static_cast<double>(seed)}, {speed, 0.0}, kR, kM));
        const double e0 = w.energy();
        for (int k = 0; k < 250; ++k)
            w.step_partial(1e-3);
        EXPECT_GE(w.counts().clusters, 1u) << seed;
        EXPECT_NEAR(w.energy(), e0, 1e-6 * e0) << seed;
    }
}

} // namespace
} // namespace billiards

namespace billiards {
namespace {

// A light ball against the right cushion of the 9-ft bed, a heavy ball rolling into it.
physics::World pinch(const Params& p, double light, double heavy, double speed) {
    World w(p, test::box(1.27, 0.635));
    w.add_ball(test::ball(1, {1.27 - kR - 1e-4, 0.0}, {}, kR, light));
    w.add_ball(test::ball(2, {1.27 - 3.0 * kR - 3e-4, 0.0}, {speed, 0.0}, kR, heavy,
                          {0.0, speed / kR, 0.0}));
    return w;
}

struct PinchCase {
    double light, heavy;
    bool friction;
    double restitution;
    BallContact contact;
};

TEST(Pinch, LightBallPinnedByAHeavyOneComesToRest) {
    const PinchCase cases[] = {
        {1e-6, 1e-2, true, 0.95, BallContact::Ideal}, {1e-6, 1e-2, true, 0.95, BallContact::Hertz},
        {1e-6, 1.0, true, 0.95, BallContact::Ideal},  {1e-12, 1.0, true, 0.95, BallContact::Ideal},
        {1e-12, 1.0, true, 0.95, BallContact::Hertz}, {1e-6, 1e-2, false, 0.9, BallContact::Ideal},
        {1e-6, 1e-2, false, 0.9, BallContact::Hertz},
    };
    for (const PinchCase& c : cases) {
        Params p = c.friction ? Params{} : test::frictionless(c.restitution, c.restitution);
        p.ball_restitution = p.cushion_restitution = c.restitution;
        p.ball_contact = c.contact;
        World w = pinch(p, c.light, c.heavy, 0.5);
        w.run_until_rest(30.0);
        const auto impacts = w.counts().ball_ball + w.counts().ball_cushion;
        const std::string what = std::to_string(c.light) + " kg against " +
                                 std::to_string(c.heavy) +
                                 (c.contact == BallContact::Hertz ? " hertz" : " ideal");
        if (c.friction) {
            EXPECT_TRUE(w.at_rest()) << what;
        } else {
            // No cloth: the heavy ball leaves the pinch and keeps moving.
            EXPECT_LT(w.ball(1).velocity.x, 0.0) << what;
        }
        EXPECT_LT(impacts, 20'000u) << what;
        // Nothing went through the cushion.
        EXPECT_LE(w.ball(0).position.x, 1.27 - kR + 1e-6) << what;
    }
}

TEST(Pinch, ElasticFrictionlessPinchStaysThePiBilliard) {
    // Mass ratio 1e6: floor(pi * 1e3) = 3141 impacts, every one instantaneous.
    World w = pinch(test::frictionless(), 1e-6, 1.0, 0.5);
    test::run_to(w, 3.0);
    EXPECT_EQ(w.counts().ball_ball + w.counts().ball_cushion, 3141u);
    EXPECT_EQ(w.counts().clusters, 0u);
}

} // namespace
} // namespace billiards
