// billiards match --mode three-cushion: computer games of three-cushion billiards, reported
// in the match report format of pool (per seat and per game), with each game's scores,
// innings and high runs.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "game/pool/ai.hpp"

namespace billiards::cli {

struct CaromMatchArgs {
    std::array<game::AiLevel, 2> levels{game::AiLevel::Medium, game::AiLevel::Medium};
    int games = 1;
    std::uint64_t seed = 1;
    int max_shots = 300;
    int target = 40;
    int innings_limit = 0;
    std::string out;
    bool timing = false;
    bool shots = false;
};

int run_three_cushion_match(const CaromMatchArgs& a);

} // namespace billiards::cli
