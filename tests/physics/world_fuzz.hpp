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

} // namespace billiards::test
