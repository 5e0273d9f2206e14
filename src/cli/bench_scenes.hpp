// The worlds the benchmarks run (`billiards bench` and tests/bench): an 8-ball break, the
// frictionless ball pit and the disc gas. Each is fully determined by its arguments.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "physics/world.hpp"

namespace billiards::bench {

// Frictionless, perfectly elastic parameters (ball-ball and ball-wall), dt = 1/240 s.
physics::Params frictionless_params();

struct PitSpec {
    int balls = 10'000;
    double radius = 0.01;       // m
    double mass = 0.01;         // kg
    double area_fraction = 0.3; // ball area / box area
    double speed = 1.0;         // m/s, every ball, in a random direction
    std::uint64_t seed = 1;
};

// The pit's balls: a square lattice of pitch sqrt(pi r^2 / fraction) filling a square box,
// each ball jittered inside its lattice cell (never touching a neighbour or a wall) and
// moving at `speed` in a random direction. `half` receives the box's half side.
std::vector<physics::BallDef> pit_balls(const PitSpec& spec, double& half);
// The pit as a world: those balls in a closed square box of four cushions, frictionless.
physics::World make_pit(const PitSpec& spec);

// The disc gas: like the pit, but every velocity component is drawn from a normal
// distribution of standard deviation `sigma` (m/s) (a Maxwell-Boltzmann gas).
physics::World make_gas(int balls, double sigma, std::uint64_t seed);

// A standard 8-ball break on the 9-ft table: rack(EightBall, seed), the cue ball struck
// dead centre straight at the apex with a 7 m/s cue. Run it with run_until_rest.
// The game's 8-ball break at 7 m/s (compliant contact, as the game plays it; the ideal
// contact for comparison).
physics::World make_break(std::uint64_t seed,
                          physics::BallContact contact = physics::BallContact::Hertz);

} // namespace billiards::bench
