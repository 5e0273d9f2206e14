// `billiards match --mode snooker`: a best-of-N match between computer seats, headless.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "game/seats.hpp"

namespace billiards::cli {

struct SnookerRun {
    std::array<game::Seat, 2> seats{};
    std::array<std::string, 2> labels; // "ai:medium", as the pool report names seats
    int best_of = 1;                   // --games
    std::uint64_t seed = 1;
    int max_shots = 400;
    std::string out;
    bool shots = false;
};

// Plays the match and writes the report (the pool report's keys, plus the frame scores).
int run_snooker_match(const SnookerRun& run);

} // namespace billiards::cli
