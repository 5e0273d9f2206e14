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

namespace billiards::test {

// Bounds on an integrity world (see fuzz_integrity).
struct IntegrityLimits {
    int max_balls = 40;
    double max_seconds = 3.0;
    std::uint64_t max_steps = UINT64_MAX; // the world as drawn, cut short after so many steps
};

// A closed box (0.5 to 3 m by 0.5 to 2 m, pockets or not) with 1 to max_balls balls of radii
// 5 to 60 mm and masses 1e-4 to 1e4 kg, moving at 1e-3 to 1e3 m/s in random directions with
// spins up to 50 rad/s; cloth or none, restitutions 1 or 0.9, ideal or Hertz contact, throw
// or none, for up to max_seconds (all drawn from the seed). Every step: nothing not finite,
// no ball's centre past a cushion, and while no cluster is suspended no ball off the table,
// no overlap beyond 1e-9 m and no rise in energy; at the end the same bits from a second run.
FuzzOutcome fuzz_integrity(std::uint64_t seed, const IntegrityLimits& limits);

} // namespace billiards::test
