// find_overlap (the start-up check that no two balls overlap) against a brute-force check,
// on random scenes of mixed sizes, and on large scenes laid out in a row, a column and a
// single crowded cell: the same answers, whatever the layout.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "core/random.hpp"
#include "io/placement.hpp"

namespace {

using namespace billiards;

bool brute_overlap(const std::vector<physics::BallDef>& balls, double slack) {
    for (std::size_t i = 0; i < balls.size(); ++i)
        for (std::size_t j = i + 1; j < balls.size(); ++j) {
            const double apart = balls[i].radius + balls[j].radius - slack;
            if (length_sq(balls[j].position - balls[i].position) < apart * apart) return true;
        }
    return false;
}

physics::BallDef ball(double x, double y, double r) {
    physics::BallDef b;
    b.position = {x, y};
    b.radius = r;
    return b;
}

TEST(IoPlacement, AgreesWithBruteForceOnRandomScenes) {
    Random rng(21);
    const auto unit = [](Random& gen) { return gen.uniform(); };
    int overlapping = 0;
    for (int scene = 0; scene < 400; ++scene) {
        const int n = 2 + static_cast<int>(unit(rng) * 60);
        const double spread = 0.05 + unit(rng) * 3.0;
        std::vector<physics::BallDef> balls;
        for (int k = 0; k < n; ++k) {
            // Radii over three orders of magnitude: balls of many grid levels meet.
            const double r = 1e-4 * std::pow(10.0, unit(rng) * 3.0);
            balls.push_back(ball((unit(rng) - 0.5) * spread, (unit(rng) - 0.5) * spread, r));
        }
        const bool expected = brute_overlap(balls, 1e-9);
        const auto found = io::find_overlap(balls, 1e-9);
        ASSERT_EQ(found.has_value(), expected) << "scene " << scene;
        if (found) {
            ++overlapping;
            const auto [i, j] = *found;
            ASSERT_LT(i, j);
            const double apart = balls[i].radius + balls[j].radius - 1e-9;
            EXPECT_LT(length_sq(balls[j].position - balls[i].position), apart * apart);
        }
    }
    EXPECT_GT(overlapping, 50);
    EXPECT_LT(overlapping, 350);
}

TEST(IoPlacement, TouchingBallsDoNotOverlap) {
    const double r = 0.028575;
    std::vector<physics::BallDef> balls{ball(0, 0, r), ball(2 * r, 0, r),
                                        ball(r, r * std::sqrt(3.0), r)};
    EXPECT_FALSE(io::find_overlap(balls, 1e-9));
    balls.push_back(ball(4 * r - 1e-6, 0, r));
    const auto found = io::find_overlap(balls, 1e-9);
    ASSERT_TRUE(found);
    EXPECT_EQ(*found, std::make_pair(std::size_t{1}, std::size_t{3}));
}

// 200,000 balls in a column, in a row and on a diagonal: no overlap found in any (the work
// per ball is bounded, so this is quick in every layout; a sweep along x was quadratic for
// the column).
TEST(IoPlacement, LargeScenesInEveryLayout) {
    const std::size_t n = 200'000;
    const double r = 1e-4, step = 2.1e-4;
    for (int layout = 0; layout < 3; ++layout) {
        std::vector<physics::BallDef> balls;
        for (std::size_t k = 0; k < n; ++k) {
            const double s = static_cast<double>(k) * step - 20.0;
            balls.push_back(layout == 0   ? ball(0.0, s, r)
                            : layout == 1 ? ball(s, 0.0, r)
                                          : ball(s, s, r));
        }
        EXPECT_FALSE(io::find_overlap(balls, 1e-9)) << "layout " << layout;
        // One more ball on top of the last one: found.
        balls.push_back(balls[n / 2]);
        const auto found = io::find_overlap(balls, 1e-9);
        ASSERT_TRUE(found) << "layout " << layout;
        EXPECT_EQ(*found, std::make_pair(n / 2, n));
    }
}

// Every ball at the same point: found at once, not after comparing every pair.
TEST(IoPlacement, AllAtOnePoint) {
    std::vector<physics::BallDef> balls(100'000, ball(0.5, 0.5, 0.01));
    const auto found = io::find_overlap(balls, 1e-9);
    ASSERT_TRUE(found);
    EXPECT_LT(found->first, found->second);
}

// A big ball among many small ones that do not touch it, and one that does.
TEST(IoPlacement, BigAmongSmall) {
    std::vector<physics::BallDef> balls{ball(0, 0, 5.0)};
    for (int k = 0; k < 2000; ++k)
        balls.push_back(ball(5.001 + 2.1e-4 * k, 0, 1e-4));
    EXPECT_FALSE(io::find_overlap(balls, 1e-9));
    balls.push_back(ball(4.9999, 0, 1e-4));
    const auto found = io::find_overlap(balls, 1e-9);
    ASSERT_TRUE(found);
    EXPECT_EQ(*found, std::make_pair(std::size_t{0}, balls.size() - 1));
}

} // namespace
