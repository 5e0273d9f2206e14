// The computer's levels and its execution noise, shared by every game's computer player:
// AiConfig is the pool planner's search and noise settings (snooker's computer reads the same
// fields), and perturb_shot gives a planned shot the level's noise.
#pragma once

#include <cstdint>
#include <string>

#include "core/vec.hpp"
#include "game/cue.hpp"

namespace billiards::game {

enum class AiLevel : std::uint8_t { Easy, Medium, Hard, Pro };
const char* to_string(AiLevel level); // "easy", "medium", "hard", "pro"
// Accepts "easy", "medium", "hard", "pro"; false otherwise.
bool parse_ai_level(const std::string& text, AiLevel& level);

struct AiConfig {
    AiLevel level = AiLevel::Medium;
    // Execution noise (standard deviations), used both to perturb the executed shot and in
    // the AI's own trials.
    double heading_noise = 0.0035; // rad
    double speed_noise = 0.04;     // relative
    double tip_noise = 0.04;       // units of R, on side and height
    double speed_noise_abs = 0.0;  // m/s, added to the relative part (a noise model's)
    double elevation_noise = 0.0;  // rad, folded at level (a noise model's)
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
    // Position judged two shots deep: the next pot's chance times how well it leaves the
    // one after (from where a stun, follow or draw would leave the cue ball), not the next
    // pot's chance alone.
    bool follow_up = false;
    // Weight of the rack's run-out chance in the value of keeping the table: how much more
    // (or less) likely the balls still to pot make a run-out than they did before the shot
    // (Planner::runout_chance). 0: not looked at.
    double runout_weight = 0.0;
    // The pot chance that ranks pots and values leaves: false, the geometric model
    // (heading noise geared up by the cut, a pocket window that narrows off the pocket's
    // axis); true, its form fitted to simulated pots under the standard noise, and a leave
    // worth its full chance (tests/game/pool_pots.cpp, docs/DESIGN.md "The pro level's
    // search"). Off at every level: it did not run out more racks.
    bool fitted_pot_chance = false;
    // How much a poor leave costs when the shooter keeps the table: the value of keeping it
    // is 1 - leave_weight * position_weight * (1 - q) for a leave of next-shot quality q.
    double leave_weight = 0.6;
    // The two-stage position search (pro): 0 (the default) gives every pot line the fixed
    // grid of `speeds` x `spins` (and side) variants, each with `trials` noisy trials. N > 0
    // screens each pot line's strokes instead, N speed factors spaced evenly in ratio from
    // 1.2 to 6 times the pot's base speed by nine tips (stun, two follows, two draws, side
    // either way with follow and with draw), each aimed by simulation and run once without
    // noise; the best screen_keep of each line and the best screen_total overall get the
    // noisy trials.
    int screen_speeds = 0;
    int screen_keep = 3;
    int screen_total = 32;
    // How the screen values a stroke: 1, by one run without noise; 2, by the mean of two
    // runs at the stroke's speed one standard deviation of the speed noise either side; 3,
    // by the mean of three, at the speed and sqrt(1.5) deviations either side; 4, by the
    // mean of four, a deviation either side on both the speed and the tip's height (more
    // counts as 4). Leaves that survive a speed error then rank above those that need the
    // exact speed. 1 at every level: the others did not run out more racks (BENCHMARKS.md).
    int screen_runs = 1;
    // Pro: before the screen, each pot line is aimed at the middle of the window of headings
    // that pot its stun stroke (found by noise-free runs, stepping out from the aimed heading
    // and then bisecting each edge), not at the pocket's aim point: where the jaws or the
    // rails make that window lopsided about the ghost-ball line, the heading's error then
    // misses less often. The screen's strokes are aimed for the centred line.
    bool centre_aim = false;
    // Pro: N > 0 makes the final choice among the N best candidates by the trials (the
    // ball-in-hand spots' best, one each) on deep_trials fresh trials each whose leaves are
    // valued by playing the next shot: for each of the deep_lines likeliest next pots,
    // twelve noise-free strokes (four speeds by stun, follow and draw) show where the cue
    // ball really stops, instead of follow_up's guessed stops. 0: the trials' leader, after
    // final_trials more, is played.
    int deep_top = 0;
    int deep_trials = 32;
    int deep_lines = 3;
    int hand_positions = 2; // cue-ball positions searched fully with ball in hand
    int break_variants = 3;
    // > 0: the break chosen among eight measured strokes (hard centre hits from well to the
    // side, pool_break_rate --wide in tests/game) with this many trials each, in batches;
    // 0: the spots near the head spot that break_variants takes.
    int break_trials = 0;
    // Work budget per decision, in units of one physics step (an event counts 15): about
    // 30 million units a second in a Release build on a 2020s desktop core.
    std::uint64_t budget = 3'000'000;
    // Optional wall-clock limit in seconds (0 = none). It stops the search early on a slow
    // machine or build, at the price of determinism; headless matches leave it off.
    double max_seconds = 0.0;
    // 0: candidates are tried one after another, the budget checked after each. N > 0: in
    // batches of N, each candidate of a batch searched from the same state (the work done
    // before the batch), the budget checked between batches, so the batches can run on
    // several threads and the move does not depend on how many.
    int batch = 0;
    int threads = 0; // threads for the batches: 0 = one per core (at most 8)
};

// The preset of each level.
AiConfig ai_config(AiLevel level);

// Whose execution noise a computer seat plays with: its level's (the default), the standard
// model of computational pool (FastFiz's Gaussian defaults, the same for every level: the
// level then decides only how hard the computer thinks), or none.
enum class Noise : std::uint8_t { Level, Standard, None };
const char* to_string(Noise noise); // "level", "standard", "none"
// Accepts "level", "standard", "none"; false otherwise.
bool parse_noise(const std::string& text, Noise& noise);

// The standard model's standard deviations (FastFiz, Smith 2007; see DESIGN.md).
struct StandardNoise {
    static constexpr double kAimDegrees = 0.125;     // the cue's heading
    static constexpr double kElevationDegrees = 0.1; // the cue's elevation
    static constexpr double kSpeed = 0.075;          // m/s
    static constexpr double kTipMetres = 0.0005;     // on each tip axis
};
// The noise fields of `config` set to `noise`'s (Level: unchanged); the tip's in units of the
// struck ball's radius.
void set_noise(AiConfig& config, Noise noise, double ball_radius);

// Whether the config has a noise model's absolute parts (speed in m/s, elevation), and the
// shot with them added for standard normal draws (the relative parts are the caller's).
bool absolute_noise(const AiConfig& config);
CueShot add_absolute_noise(CueShot shot, const AiConfig& config, double z_speed,
                           double z_elevation);

// Random perturbation of a shot by the config's noise (seeded; tip kept within the limit).
CueShot perturb_shot(const CueShot& shot, const AiConfig& config, const CueParams& cue,
                     std::uint64_t seed);
// The standard normal draw perturb_shot turns by heading_noise into the heading's error for
// `seed` (its first): how far off the aim a noisy trial went, in standard deviations.
double heading_draw(std::uint64_t seed);
// The shot with its tip pulled just inside the miscue limit (unchanged when within it).
CueShot clamp_tip(CueShot s, const CueParams& cue);

} // namespace billiards::game
