// The three-cushion opponent. It finds scoring paths by simulation on the game's own ball
// world: a sweep of headings round the full circle for each (speed, side spin, tip height)
// variant, each shot run only until its outcome is known (the cue ball has met both object
// balls, or the break's first contact was not the red). The hits become candidates, ranked
// first by how many neighbouring headings of the sweep also score (a wide window), and the
// best are run again with the level's execution noise: the shot with the highest scoring
// rate is played (with that noise). When no level shot scores, a level whose preset has cue
// elevations sweeps again with the cue raised (swerve: the side spin curves the cue ball's
// path on the cloth). With no scoring path it plays the best near miss (both
// balls hit with the most cushions first, else one ball after three cushions). A frozen
// cue ball (carom_rules' FrozenChoice): it plans both the play away and the spotted balls
// and takes the likelier to score (a tie: playing away).
//
// Deterministic: the work is a fixed number of simulations per level, all noise comes from
// the request's seed, and the threads (pro's) only share out simulations whose results are
// gathered in a fixed order.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "game/carom/carom_rules.hpp"
#include "game/cue.hpp"
#include "game/levels.hpp"
#include "physics/world.hpp"

namespace billiards::game {

struct CaromAiConfig {
    AiLevel level = AiLevel::Medium;
    double heading_noise = 0.0;     // rad, standard deviations of the executed shot
    double speed_noise = 0.0;       // relative
    double tip_noise = 0.0;         // units of R
    double speed_noise_abs = 0.0;   // m/s (a noise model's)
    double elevation_noise = 0.0;   // rad (a noise model's)
    int headings = 360;             // sweep steps round the full circle
    std::vector<double> speeds;     // cue speeds, m/s
    std::vector<double> sides;      // side english a, units of R
    std::vector<double> heights;    // tip height b (draw < 0 < follow), units of R
    std::vector<double> elevations; // cue elevations (rad) swept when no level shot scores
    int keep = 6;                   // candidates given noisy trials
    int trials = 8;                 // noisy trials of each
    double max_seconds = 15.0;      // simulated time cap of one trial shot
    // Threads for the sweep and the trials (0: one per core, at most 8). Each simulation's
    // result goes to its own slot and is gathered in order: the move is the same whatever
    // the number.
    int threads = 1;
};

// The preset of each level (levels' noise scale: easy misses its aim most).
CaromAiConfig carom_ai_config(AiLevel level);
// The noise fields set to a noise model's (levels.hpp's set_noise).
void set_noise(CaromAiConfig& config, Noise noise, double ball_radius);

struct CaromAiRequest {
    physics::World world = physics::World(); // at rest
    int cue = kCaromWhite;                   // the shooter's cue ball id
    bool break_shot = false;
    CaromAiConfig config;
    CueParams cue_params;
    std::uint64_t seed = 1;
    int frozen = -1;       // the object ball the cue ball plays away from (judge_carom)
    bool may_spot = false; // frozen and no choice made: spotting is open too
    physics::World spotted = physics::World(); // with may_spot: the balls spotted
};

struct CaromMove {
    CueShot intended{};   // the planned shot
    CueShot shot{};       // with execution noise: what is played
    bool found = false;   // a scoring path was found (else a near miss)
    double success = 0.0; // fraction of the noisy trials that scored
    int simulations = 0;
    std::string plan; // for the player: "goes for a point (it scored in 7 of 8 tries)"
    FrozenChoice frozen = FrozenChoice::None; // with may_spot: what it chose
};

CaromMove carom_decide(const CaromAiRequest& request);

// Runs `shot` of ball `cue` in a copy of `world` to its outcome (or to rest with
// `to_rest`) and judges it (`frozen`: judge_carom's).
CaromShot carom_trial(const physics::World& world, int cue, const CueShot& shot,
                      const CueParams& cue_params, bool break_shot, double max_seconds,
                      bool to_rest = false, int frozen = -1);
// The world the move is played in: the request's, or its spotted balls.
const physics::World& carom_move_world(const CaromAiRequest& request, const CaromMove& move);

// The simulated trajectory of a shot: each ball's positions (by world order), sampled every
// `interval` seconds from the strike to rest, with each ball's final position last. For
// showing the computer's chosen path.
std::vector<std::vector<Vec2>> carom_path(const physics::World& world, int cue, const CueShot& shot,
                                          const CueParams& cue_params, double interval = 1.0 / 60.0,
                                          double max_seconds = 30.0);

} // namespace billiards::game
