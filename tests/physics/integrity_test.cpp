// The world's integrity over seeded random worlds at the extremes (world_fuzz.hpp,
// fuzz_integrity): masses 1e-4 to 1e4 kg, speeds to 1e3 m/s, ideal and Hertz contact, throw,
// pockets. Most worlds small and short (5 balls, 50 ms), every fiftieth up to 40 balls; `physics_soak --integrity`
// runs them at full size and length.
#include <gtest/gtest.h>

#include "world_fuzz.hpp"

TEST(Property, IntegrityOfRandomWorlds) {
    for (std::uint64_t seed = 1; seed <= 500; ++seed) {
        const billiards::test::IntegrityLimits limits =
            seed % 50 == 0 ? billiards::test::IntegrityLimits{40, 0.02}
                           : billiards::test::IntegrityLimits{5, 0.05};
        const auto r = billiards::test::fuzz_integrity(seed, limits);
        ASSERT_TRUE(r.ok) << r.failure;
    }
}
