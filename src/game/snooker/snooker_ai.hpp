// The computer at snooker: pots on the ball on chosen by their chance under the level's
// aiming noise (from the geometry, then noisy trials) and valued with the position they
// leave, a safety when no pot is likely enough (the cue ball far from the balls on, towards
// the baulk cushion, behind a ball not on), escapes from snookers, and the reply to a foul.
// Each candidate stroke is run on a copy of the world and judged by the rules themselves;
// execution noise comes from the level (AiConfig's noise and candidate counts, as in pool).
#pragma once

#include <cstdint>
#include <string>

#include "game/cue.hpp"
#include "game/levels.hpp"
#include "game/snooker/snooker_rules.hpp"
#include "game/table.hpp"
#include "physics/world.hpp"

namespace billiards::game::snooker {

struct AiRequest {
    physics::World world = physics::World(); // at rest
    Table table;
    FrameState frame; // frame.shooter is the seat to move
    AiConfig config;
    CueParams cue;
    double max_shot_seconds = 120.0;
    std::uint64_t seed = 1;
    bool may_concede = true;
};

struct AiMove {
    enum class Kind : std::uint8_t { Shot, Reply, Concede };
    Kind kind = Kind::Shot;
    Reply reply = Reply::PlayOn;
    bool place_cue = false; // in hand: the cue ball goes to cue_position first (in the D)
    Vec2 cue_position{};
    CueShot intended{};
    CueShot shot{}; // with execution noise
    int nominated = -1;
    int pot_target = -1;   // the ball a pot is played on (-1: not a pot)
    double pot_chance = 0; // of that pot, from the computer's noisy trials
    bool safety = false;   // played to leave the opponent nothing
    std::string plan;      // "pots a red in the top-right corner", "plays safe off a red"
    double score = 0.0;
    int simulations = 0;
};

AiMove decide(const AiRequest& request);

// Positions of the balls on the table (cue ball included unless pocketed).
std::vector<Placed> placed(const physics::World& world);

} // namespace billiards::game::snooker
