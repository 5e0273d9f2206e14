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
#include "game/levels.hpp"
#include "game/pool/rules.hpp"
#include "game/table.hpp"
#include "physics/world.hpp"

namespace billiards::game {

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
    bool pot = false;        // the shot is played to pocket a ball (a pot, bank or swerve)
    bool safety = false;     // the shot is played to leave the opponent nothing
    double score = 0.0;      // expected value of the chosen shot (about -2..2)
    double pot_chance = 0.0; // fraction of trials that scored with no foul
    int candidates = 0;      // variants evaluated
    int simulations = 0;     // world runs, trials and aim refinements
    std::uint64_t work = 0;  // work units spent (see AiConfig::budget)
    double seconds = 0.0;    // wall-clock time of the decision (informative only)
};

AiMove ai_decide(const AiRequest& request);

} // namespace billiards::game
