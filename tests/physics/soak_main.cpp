// physics_soak [--integrity] [SECONDS] [FIRST_SEED]: runs random worlds until the time is up;
// prints the first failure (with its seed, to replay) and exits 1, or a summary and exits 0.
// --integrity runs the integrity worlds (world_fuzz.hpp, fuzz_integrity) at their full
// ranges: up to 40 balls for up to 3 s.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "world_fuzz.hpp"

int main(int argc, char** argv) {
    const bool integrity = argc > 1 && std::strcmp(argv[1], "--integrity") == 0;
    if (integrity) {
        --argc;
        ++argv;
    }
    const double seconds = argc > 1 ? std::atof(argv[1]) : 60.0;
    std::uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1000;
    const auto start = std::chrono::steady_clock::now();
    std::uint64_t worlds = 0, steps = 0, impacts = 0;
    while (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() <
           seconds) {
        // Every fourth world a pinch (a light ball between a heavy ball and a cushion).
        const auto r = integrity       ? billiards::test::fuzz_integrity(seed, {})
                       : seed % 4 == 3 ? billiards::test::fuzz_pinch(seed, 960)
                                       : billiards::test::fuzz_world(seed, 500, 240);
        if (!r.ok) {
            std::printf("FAIL %s\n", r.failure.c_str());
            return 1;
        }
        ++worlds;
        ++seed;
        steps += r.steps;
        impacts += r.impacts;
    }
    std::printf("ok: %llu worlds, %llu steps, %llu impacts, next seed %llu\n",
                static_cast<unsigned long long>(worlds), static_cast<unsigned long long>(steps),
                static_cast<unsigned long long>(impacts), static_cast<unsigned long long>(seed));
    return 0;
}
