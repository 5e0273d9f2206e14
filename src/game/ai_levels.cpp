// The computer's levels as data: one AiConfig each, in AiLevel's order, every field that
// makes a level given (AiConfig's own defaults are not a level).
#include "game/ai.hpp"

#include <array>
#include <cstddef>

namespace billiards::game {

namespace {

// clang-format off
constexpr std::array<AiConfig, 3> kLevels{{
    {.level = AiLevel::Easy,
     .heading_noise = deg_to_rad(0.5), .speed_noise = 0.08, .tip_noise = 0.08,
     .pot_candidates = 5, .speeds = 1, .spins = 1, .side_spin = false,
     .trials = 3, .final_trials = 0, .refine_aim = false,
     .banks = false, .safeties = false, .kicks = false, .swerves = false, .masse = false,
     .position_weight = 0.0, .hand_positions = 1, .break_variants = 1,
     .budget = 300'000},
    {.level = AiLevel::Medium,
     .heading_noise = deg_to_rad(0.2), .speed_noise = 0.04, .tip_noise = 0.04,
     .pot_candidates = 10, .speeds = 2, .spins = 3, .side_spin = false,
     .trials = 5, .final_trials = 8, .refine_aim = true,
     .banks = false, .safeties = true, .kicks = true, .swerves = true, .masse = true,
     .position_weight = 0.4, .hand_positions = 2, .break_variants = 3,
     .budget = 3'000'000},
    {.level = AiLevel::Hard,
     .heading_noise = deg_to_rad(0.07), .speed_noise = 0.02, .tip_noise = 0.02,
     .pot_candidates = 24, .speeds = 4, .spins = 3, .side_spin = true,
     .trials = 12, .final_trials = 32, .refine_aim = true,
     .banks = true, .safeties = true, .kicks = true, .swerves = true, .masse = true,
     .position_weight = 1.0, .hand_positions = 4, .break_variants = 6,
     .budget = 12'000'000},
}};
// clang-format on

} // namespace

AiConfig ai_config(AiLevel level) {
    return kLevels[static_cast<std::size_t>(level)];
}

} // namespace billiards::game
