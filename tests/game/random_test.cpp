// The project's generator (core/random.hpp) gives the published splitmix64 numbers, its draws
// are the specified ones, and a rack from a given seed has fixed balls. The expected values
// come from an independent implementation, not from this code: the racks are printed by
// tests/game/rack_golden.py (Python's arbitrary-precision integers; `--check` compares this
// file with it, and ctest runs that as random.rack_golden_agrees). They depend on the C
// library's sin and cos (libm) in the last bit only, hence the 1e-12 m margin. The
// splitmix64 outputs for seed 1234567 are the reference sequence published with the
// algorithm's Rosetta Code task.
#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <vector>

#include "core/random.hpp"
#include "game/rack.hpp"
#include "game/table.hpp"

using namespace billiards;

TEST(Random, Splitmix64ReferenceOutputs) {
    Random zero(0);
    EXPECT_EQ(zero.next(), 0xe220a8397b1dcdafull);
    EXPECT_EQ(zero.next(), 0x6e789e6aa1b965f4ull);
    EXPECT_EQ(zero.next(), 0x06c45d188009454full);
    Random one(1);
    EXPECT_EQ(one.next(), 0x910a2dec89025cc1ull);
    EXPECT_EQ(one.next(), 0xbeeb8da1658eec67ull);
    Random r(1234567);
    for (const std::uint64_t want :
         {6457827717110365317ull, 3203168211198807973ull, 9817491932198370423ull,
          4593380528125082431ull, 16408922859458223821ull})
        EXPECT_EQ(r.next(), want);
}

TEST(Random, DrawsAreTheSpecifiedOnes) {
    // uniform: the top 53 bits of an output times 2^-53.
    Random a(0);
    EXPECT_EQ(a.uniform(), static_cast<double>(0xe220a8397b1dcdafull >> 11) * 0x1.0p-53);
    EXPECT_EQ(a.uniform(), 0.43152799704850997);
    EXPECT_EQ(a.uniform(), 0.026433771592597743);
    EXPECT_EQ(Random(5).uniform(-1.0, 1.0), -1.0 + 2.0 * Random(5).uniform());
    // below: rejection of outputs under 2^64 mod n, then the remainder.
    Random b(0);
    EXPECT_EQ(b.below(1), 0u);
    EXPECT_EQ(b.below(2), 0u);
    EXPECT_EQ(b.below(3), 1u);
    EXPECT_EQ(b.below(10), 4u);
    EXPECT_EQ(b.below(1000), 747u);
    EXPECT_EQ(b.below((1ull << 63) + 1), 5009149828745571131ull);
    // Fisher-Yates from the back.
    std::vector<int> v(10);
    std::iota(v.begin(), v.end(), 0);
    Random c(42);
    c.shuffle(v);
    EXPECT_EQ(v, (std::vector<int>{0, 9, 5, 8, 6, 4, 7, 2, 1, 3}));
    // The seed mixer the match and the computer opponent derive their seeds with.
    EXPECT_EQ(mix(0, 0), mix13(kGoldenGamma));
    EXPECT_NE(mix(1, 2), mix(2, 1));
}

namespace {

struct Placed {
    int id;
    double x, y;
};

void expect_rack(game::RackKind kind, std::uint64_t seed, const std::vector<Placed>& want) {
    const auto balls = game::rack(kind, game::TableSpec{}, {seed});
    ASSERT_EQ(balls.size(), want.size() + 1);
    for (std::size_t i = 0; i < want.size(); ++i) {
        EXPECT_EQ(balls[i].id, want[i].id) << "slot " << i;
        // Same bits here; the margin leaves room for another C library's sin and cos.
        EXPECT_NEAR(balls[i].position.x, want[i].x, 1e-12) << "slot " << i;
        EXPECT_NEAR(balls[i].position.y, want[i].y, 1e-12) << "slot " << i;
    }
    EXPECT_EQ(balls.back().id, 0);
    EXPECT_EQ(balls.back().position.x, -2.540 / 4.0);
    EXPECT_EQ(balls.back().position.y, 0.0);
}

} // namespace

TEST(Random, EightBallRackFromSeedOneIsFixed) {
    expect_rack(game::RackKind::EightBall, 1,
                {
                    {1, 0.63497880396867357, -4.0542638768573906e-06},
                    {6, 0.68459586233434133, -0.028597298739501686},
                    {4, 0.68459342406792367, 0.02859406052001803},
                    {15, 0.73416234868268238, -0.057252169577178401},
                    {8, 0.73418131265098041, 1.2015875024077457e-05},
                    {11, 0.73417006975739707, 0.057259922377575059},
                    {14, 0.78376423425930986, -0.085867435153419214},
                    {13, 0.78373937439412933, -0.028627109674987168},
                    {5, 0.78376945381976093, 0.028624581251276919},
                    {7, 0.78372304216763966, 0.085864823210411736},
                    {12, 0.83330819045840299, -0.11449531069617974},
                    {2, 0.83329337478651, -0.05725500244780421},
                    {10, 0.83331936850312127, -4.0490169145524031e-05},
                    {9, 0.83329893136735123, 0.057212802027950024},
                    {3, 0.83331677838393681, 0.1144887017530602},
                });
}

TEST(Random, NineBallRackFromSeedSevenIsFixed) {
    expect_rack(game::RackKind::NineBall, 7,
                {
                    {1, 0.63498408830967468, 3.2479484555669005e-06},
                    {7, 0.6845935498661504, -0.028609723046443342},
                    {8, 0.68461775956222293, 0.028653780639725224},
                    {6, 0.73419744317596458, -0.057271247165872841},
                    {9, 0.73417772960535999, -2.0469695842631521e-05},
                    {5, 0.73417165826060893, 0.057238912669424366},
                    {3, 0.78371239455851782, -0.028650510532080849},
                    {2, 0.7837374526066917, 0.028620300810417637},
                    {4, 0.83330808760336861, 1.7390627326845274e-05},
                });
}
