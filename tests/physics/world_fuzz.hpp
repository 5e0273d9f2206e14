// Random worlds and the invariants every step must keep. Used by a bounded CI test and by
// the physics_soak tool (long runs on demand).
#pragma once

#include <cstdint>
#include <string>

namespace billiards::test {

struct FuzzOutcome {
    bool ok = true;
    std::string failure; // what broke, where: "seed 17 step 3: ball 4 overlaps ball 9 by ..."
    std::uint64_t steps = 0;
    std::uint64_t impacts = 0;
};

// Builds world `seed` (table shape, 1 to max_balls balls, radii, masses, speeds, spins,
// touching clusters, friction on or off all drawn from the seed) and checks every step.
FuzzOutcome fuzz_world(std::uint64_t seed, int max_balls, int steps);

// A light ball pinned between a heavy ball and a cushion (mass ratios up to 1e12, friction,
// restitutions and contact model drawn from the seed), run for at most `steps` steps or to
// rest: fails when the impacts grow past what such a pinch needs (it must resolve as the
// contact it is, or, elastic and frictionless, as the pi billiard).
FuzzOutcome fuzz_pinch(std::uint64_t seed, int steps);

} // namespace billiards::test
