// The computer opponent. It plans by simulation: candidate shots (ghost-ball pots for each
// legal ball and pocket with the aim corrected for throw, one-rail banks, kicks, safeties,
// a heading sweep when nothing else is legal) are each run in copies of the real ball world
// with execution noise and judged by the rules; the score mixes legality, pot chance and the
// quality of the next shot (own position after a pot, the opponent's chances after a miss).
// With ball in hand it also chooses where to put the cue ball.
//
// Deterministic: the move depends only on the request (including its seed). The search is
// bounded by a work budget counted in physics steps and events, not by the clock, so a given seed
// gives the same move on every machine; AiMove::seconds reports the time it took.
#pragma once

#include <cstdint>
#include <string>

#include "game/cue.hpp"
#include "game/rules.hpp"
#include "game/table.hpp"
#include "physics/world.hpp"

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

struct AiRequest {
    physics::World world = physics::World(); // at rest
    Table table;
    RulesState rules; // rules.shooter is the seat to move
    AiConfig config;
    CueParams cue;
    std::uint64_t seed = 1;
};

struct AiMove {
    bool is_decision = false; // answer rules.pending with `choice`
    Choice choice = Choice::AcceptTable;
    bool place_cue = false; // ball in hand: put the cue ball at cue_position first
    Vec2 cue_position{};
    CueShot intended{}; // the planned shot
    CueShot shot{};     // the shot with execution noise: what is played
    ShotCall call{};
    bool push_out = false;
    std::string plan;        // "pot the 3 in the top-right corner", "safety on the 1", ...
    double score = 0.0;      // expected value of the chosen shot (about -2..2)
    double pot_chance = 0.0; // fraction of trials that scored with no foul
    int candidates = 0;      // variants evaluated
    int simulations = 0;     // world runs, trials and aim refinements
    std::uint64_t work = 0;  // work units spent (see AiConfig::budget)
    double seconds = 0.0;    // wall-clock time of the decision (informative only)
};

AiMove ai_decide(const AiRequest& request);

// Random perturbation of a shot by the config's noise (seeded; tip kept within the limit).
CueShot perturb_shot(const CueShot& shot, const AiConfig& config, const CueParams& cue,
                     std::uint64_t seed);

} // namespace billiards::game
