// The computer's levels and its execution noise, shared by every game's computer player:
// AiConfig is the pool planner's search and noise settings (snooker's computer reads the same
// fields), and perturb_shot gives a planned shot the level's noise.
#pragma once

#include <cstdint>
#include <string>

#include "core/vec.hpp"
#include "game/cue.hpp"

namespace billiards::game {

enum class AiLevel : std::uint8_t { Easy, Medium, Hard };
const char* to_string(AiLevel level); // "easy", "medium", "hard"
// Accepts "easy", "medium", "hard"; false otherwise.
bool parse_ai_level(const std::string& text, AiLevel& level);

struct AiConfig {
    AiLevel level = AiLevel::Medium;
    // Execution noise (standard deviations), used both to perturb the executed shot and in
    // the AI's own trials.
    double heading_noise = 0.0035; // rad
    double speed_noise = 0.04;     // relative
    double tip_noise = 0.04;       // units of R, on side and height
    int pot_candidates = 10;       // (ball, pocket) pairs kept after geometric ranking
    int speeds = 2;                // speed levels per candidate (1..4)
    int spins = 3;                 // tip heights per candidate: centre, follow, draw (1..3)
    bool side_spin = false;        // also left/right english on the best pots
    int trials = 6;                // noisy trials per variant in the first round
    int final_trials = 12;         // extra trials for the few best variants
    bool refine_aim = true;        // correct the ghost-ball aim for throw by simulation
    bool banks = false;
    bool safeties = true;
    bool kicks = true;
    bool swerves = false; // elevated cue and english to curve around a ball in the way of a pot
    bool masse = false;   // a steep masse onto a legal ball when snookered and kicks fail
    double position_weight = 0.4; // 0: a pot is a pot; 1: full weight on the next shot
    int hand_positions = 2;       // cue-ball positions searched fully with ball in hand
    int break_variants = 3;
    // Work budget per decision, in units of one physics step (an event counts 15): about
    // 30 million units a second in a Release build on a 2020s desktop core.
    std::uint64_t budget = 3'000'000;
    // Optional wall-clock limit in seconds (0 = none). It stops the search early on a slow
    // machine or build, at the price of determinism; headless matches leave it off.
    double max_seconds = 0.0;
};

// The preset of each level.
AiConfig ai_config(AiLevel level);

// Random perturbation of a shot by the config's noise (seeded; tip kept within the limit).
CueShot perturb_shot(const CueShot& shot, const AiConfig& config, const CueParams& cue,
                     std::uint64_t seed);
// The shot with its tip pulled just inside the miscue limit (unchanged when within it).
CueShot clamp_tip(CueShot s, const CueParams& cue);

} // namespace billiards::game
