#include <gtest/gtest.h>

#include "world_fuzz.hpp"

// A bounded sample of the physics fuzzer for every CI run; `physics_soak` runs it long.
TEST(PhysicsFuzz, BoundedSample) {
    std::uint64_t impacts = 0;
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        const auto r = billiards::test::fuzz_world(seed, seed % 4 == 0 ? 500 : 60, 120);
        ASSERT_TRUE(r.ok) << r.failure;
        impacts += r.impacts;
    }
    EXPECT_GT(impacts, 1000u); // the sample must actually exercise impacts
}

// Pinches (a light ball between a heavy ball and a cushion) of both contact models.
TEST(PhysicsFuzz, PinchesResolve) {
    for (std::uint64_t seed = 1; seed <= 24; ++seed) {
        const auto r = billiards::test::fuzz_pinch(seed, 960);
        ASSERT_TRUE(r.ok) << r.failure;
    }
}
