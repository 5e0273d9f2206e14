// Invariants over many random worlds: no overlap, no escape, energy and momentum laws.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/random.hpp"
#include "physics/world.hpp"
#include "world_fixtures.hpp"

using namespace billiards;
using namespace billiards::physics;
using namespace billiards::test;

namespace {

struct RandomWorld {
    World world;
    double hx, hy;
};

// Up to n non-overlapping balls of mixed radii and masses in a closed box.
RandomWorld make_random(std::uint32_t seed, const Params& p, int n, bool walls) {
    Random rng(seed);
    const auto u = [](Random& gen) { return gen.uniform(); };
    const double hx = 0.6 + u(rng), hy = 0.4 + 0.5 * u(rng);
    RandomWorld rw{World(p, walls ? box(hx, hy) : std::vector<Cushion>{}), hx, hy};
    std::vector<BallDef> placed;
    for (int tries = 0; static_cast<int>(placed.size()) < n && tries < 20 * n; ++tries) {
        const double r = 0.01 + 0.03 * u(rng);
        // One draw per statement: the order of a call's arguments is unspecified, and GCC
        // and clang differ (this order, mass first, is the one the golden hash was made in).
        const double mass = 0.05 + 0.5 * u(rng);
        const double x = (2 * u(rng) - 1) * (hx - r);
        const double y = (2 * u(rng) - 1) * (hy - r);
        BallDef d = ball(static_cast<int>(placed.size()), {x, y}, {}, r, mass);
        bool ok = true;
        for (const BallDef& o : placed)
            ok = ok && length_sq(o.position - d.position) > (o.radius + r) * (o.radius + r);
        if (!ok) continue;
        const double s1 = u(rng);
        const double speed = 3.0 * s1 * u(rng);
        const double ang = 2 * kPi * u(rng);
        d.velocity = {speed * std::cos(ang), speed * std::sin(ang)};
        d.spin = {40 * (u(rng) - 0.5), 40 * (u(rng) - 0.5), 40 * (u(rng) - 0.5)};
        placed.push_back(d);
        rw.world.add_ball(d);
    }
    return rw;
}

double min_gap(const World& w) {
    double g = 1e300;
    for (int i = 0; i < w.ball_count(); ++i) {
        for (int j = i + 1; j < w.ball_count(); ++j) {
            const Ball &a = w.ball(i), &b = w.ball(j);
            if (a.state == MotionState::Pocketed || b.state == MotionState::Pocketed) continue;
            g = std::min(g, length(a.position - b.position) - a.radius - b.radius);
        }
    }
    return g;
}

bool inside(const RandomWorld& rw) {
    for (const Ball& b : rw.world.balls()) {
        if (std::fabs(b.position.x) > rw.hx - b.radius + 1e-9) return false;
        if (std::fabs(b.position.y) > rw.hy - b.radius + 1e-9) return false;
    }
    return true;
}

} // namespace

TEST(Property, ElasticFrictionlessConservesEnergy) {
    for (std::uint32_t seed = 1; seed <= 30; ++seed) {
        RandomWorld rw = make_random(seed, frictionless(), 40, true);
        const double e0 = rw.world.energy();
        for (int s = 0; s < 240; ++s) {
            rw.world.step();
            ASSERT_GE(min_gap(rw.world), -1e-9) << "seed " << seed << " step " << s;
            ASSERT_TRUE(inside(rw)) << "seed " << seed << " step " << s;
        }
        EXPECT_NEAR(rw.world.energy(), e0, 1e-9 * e0) << "seed " << seed;
        EXPECT_GT(rw.world.counts().ball_ball, 0u) << "seed " << seed;
    }
}

TEST(Property, OpenWorldConservesMomentum) {
    for (std::uint32_t seed = 100; seed <= 120; ++seed) {
        RandomWorld rw = make_random(seed, frictionless(0.7), 40, false);
        const Vec2 p0 = rw.world.momentum();
        const double e0 = rw.world.energy();
        for (int s = 0; s < 120; ++s)
            rw.world.step();
        const Vec2 p1 = rw.world.momentum();
        EXPECT_NEAR(p1.x, p0.x, 1e-12) << seed;
        EXPECT_NEAR(p1.y, p0.y, 1e-12) << seed;
        EXPECT_LE(rw.world.energy(), e0 * (1 + 1e-12)) << seed;
        ASSERT_GE(min_gap(rw.world), -1e-9) << seed;
    }
}

TEST(Property, EnergyNeverRisesWithFriction) {
    for (std::uint32_t seed = 200; seed <= 230; ++seed) {
        Params p; // cloth, throw, inelastic balls and cushions
        RandomWorld rw = make_random(seed, p, 30, true);
        double e = rw.world.energy();
        for (int s = 0; s < 600 && !rw.world.at_rest(); ++s) {
            rw.world.step();
            const double e1 = rw.world.energy();
            ASSERT_LE(e1, e * (1 + 1e-12) + 1e-15) << "seed " << seed << " step " << s;
            ASSERT_GE(min_gap(rw.world), -1e-9) << "seed " << seed << " step " << s;
            ASSERT_TRUE(inside(rw)) << "seed " << seed << " step " << s;
            e = e1;
        }
    }
}

TEST(Property, ManyBallsScaleThroughTheBroadPhase) {
    // A dense pit of 2000 balls: every pair the narrow phase sees comes from the grid,
    // so the candidates per ball stay small (about a dozen), not the ball count.
    RandomWorld rw = make_random(7, frictionless(), 2000, true);
    rw.world.step();
    const double per_ball =
        static_cast<double>(rw.world.last_step().candidates) / rw.world.ball_count();
    EXPECT_LT(per_ball, 30.0);
    EXPECT_GE(min_gap(rw.world), -1e-9);
}

TEST(Determinism, GoldenHash) {
    RandomWorld rw = make_random(12345, Params{}, 60, true);
    for (int s = 0; s < 2400; ++s)
        rw.world.step();
    RandomWorld again = make_random(12345, Params{}, 60, true);
    for (int s = 0; s < 2400; ++s)
        again.world.step();
    EXPECT_EQ(rw.world.state_hash(), again.world.state_hash());
    // Pinned: the same binary inputs give these exact bits in every build type (the scene is
    // drawn with core/random.hpp, so every standard library gives the same one). Derived by
    // running this test, not by an independent program: it guards against change, not for
    // correctness. It depends on IEEE doubles without contraction (-ffp-contract=off) and on
    // the C library's sin and cos (the scene's velocities; ideal contact and reflecting
    // cushions call no other libm function): another libm may move the last bit and this
    // hash. Print it with (one line):
    //   BILLIARDS_PRINT_GOLDEN=1 build/ci/physics_tests
    //       --gtest_filter=Determinism.GoldenHash
    if (std::getenv("BILLIARDS_PRINT_GOLDEN"))
        std::printf("Determinism.GoldenHash 0x%016llxull\n",
                    static_cast<unsigned long long>(rw.world.state_hash()));
    EXPECT_EQ(rw.world.state_hash(), 0xb481d3d74e4b6b7eull) << std::hex << rw.world.state_hash();
}
