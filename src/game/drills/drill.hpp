// Practice drills: a set-up position, a number of attempts and a score that follows from what
// the physics did with each attempt. The classic drills of the standard practice books (stop,
// draw and follow shots, cut angles, kick and bank, the 9-ball and snooker line-ups, the
// three-cushion corner system; docs/DESIGN.md, "Drills"). A drill is data (drills.cpp); set-up,
// reading a shot's result and scoring are pure functions here (drill_play.cpp); the computer's
// attempt aims by the ghost ball and searches the drill's speeds and tips by simulation.
// The table is the caller's (io loads it by the drill's table name).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/vec.hpp"
#include "game/cue.hpp"
#include "game/levels.hpp"
#include "game/table.hpp"
#include "physics/world.hpp"

namespace billiards::game::drills {

// What an attempt must do to score.
enum class Goal : std::uint8_t {
    Pot,         // pot `ball` (in `pocket` unless -1); a bank needs a cushion first
    PotPosition, // pot `ball` and leave the cue ball near `target`: 5 + up to 5 points
    Position,    // the cue ball alone to `target` after `rails` cushions at least
    Kick,        // the cue ball strikes `ball` first after `rails` cushions at least
    Carom,       // a three-cushion point: both other balls, three cushions before the second
    LineUp,      // pot the balls in order of id (pool: 1 a ball; snooker: each colour's value)
};
const char* to_string(Goal g);

struct BallSpot {
    int id = 0;
    Vec2 position{}; // metres from the table's centre, x along the length
};

struct Drill {
    std::string name;  // "stop-shot": the command line's
    std::string title; // "Stop shot"
    std::string game;  // "pool", "snooker" or "three-cushion"
    std::string table; // a standard table: "pool-9ft", "snooker-12ft", "carom-10ft"
    std::string description;
    std::vector<BallSpot> balls; // the cue ball is id 0
    int attempts = 5;
    Goal goal = Goal::Pot;
    int ball = -1;        // Pot, PotPosition, Kick
    int pocket = -1;      // Pot, PotPosition: a pocket index, -1 any
    bool bank = false;    // Pot: the ball must touch a cushion before it drops
    int rails = 0;        // Position, Kick: cushions the cue ball touches first
    Vec2 target{};        // PotPosition, Position: where the cue ball should stop
    double zone = 0.0;    // full points within this distance, none beyond 3 times it, m
    bool snooker = false; // LineUp: snooker values (colour id - 14)
    int max_shots = 0;    // LineUp: shots in one attempt (the balls to pot)
    // The shots the computer tries (the intended shot family): cue speeds in m/s, tip heights
    // (units of R; negative: draw), side offsets; and, for a shot not aimed by the ghost ball
    // (Position, Kick, Carom, a bank), a fan of headings in degrees from `aim_from` to
    // `aim_to`.
    std::vector<double> speeds;
    std::vector<double> heights{0.0};
    std::vector<double> sides{0.0};
    bool fan = false;
    double aim_from = 0.0, aim_to = 0.0;
};

// Every drill, in the menu's order.
const std::vector<Drill>& all();
// The drill named `name`; null when there is none.
const Drill* find(const std::string& name);
// "stop-shot, draw-back, ...": every name, for messages.
std::string names_text();

// The physics a drill plays with: its kind's (three-cushion's on a carom table).
physics::Params params_for(const TableSpec& table);
// The cue the drills play with (an ordinary shaft).
CueParams cue_for();
// The drill's set-up on `table`: a world at rest with its balls, recording events.
physics::World set_up(const Drill& d, const Table& table);
// Empty when every ball is on the table's bed, apart from the others and clear of every
// cushion and pocket; else what is wrong ("ball 3 overlaps ball 4").
std::string check_set_up(const Drill& d, const Table& table);

// What one shot did, read from the world after it (its events recorded since the strike).
struct ShotResult {
    std::vector<int> pocketed; // object ball ids, in time order
    bool cue_pocketed = false;
    int first_hit = -1;       // the first ball the cue ball touched (-1: none)
    int rails_before_hit = 0; // cushions the cue ball touched before its first ball
    std::vector<int> banked;  // object balls pocketed after touching a cushion
    bool carom_point = false; // touched both others, three cushions before the second
    Vec2 cue_end{};           // where the cue ball came to rest
};
ShotResult read_shot(const physics::World& after);

// The share of a position's points for a cue ball `distance` from the target: 1 within
// `zone`, falling linearly to 0 at 3 zone.
double closeness(double distance, double zone);
// The points of one shot of a drill that is not a line-up: 0 to 10.
double score_shot(const Drill& d, const ShotResult& r);
// A line-up's shot: the ball to pot next (the lowest id on the table; -1: none left),
// whether the run goes on after `r`, and its points.
int line_up_target(const physics::World& w);
struct LineUpShot {
    bool goes_on = false;
    double points = 0.0;
};
LineUpShot score_line_up_shot(const Drill& d, int target, const ShotResult& r);

// One shot of a drill on `w` (at rest): the strike, run to rest with events recorded.
ShotResult play_shot(physics::World& w, const CueShot& shot, const CueParams& cue);

// The computer's shot at the drill's position `w`, before its level's noise: the drill's
// shot family scored by noise-free simulation, and the best few weighed by their mean score
// over noisy plays with `config`'s noise (a line-up's shot also by how it leaves the next
// ball: position play).
CueShot plan_shot(const Drill& d, const physics::World& w, const CueParams& cue,
                  const AiConfig& config);

// A headless run: every attempt played by the computer at `level`, its noise seeded by `seed`.
struct Attempt {
    double score = 0.0;
    int shots = 0;
    std::vector<ShotResult> results;
};
struct Run {
    std::vector<Attempt> attempts;
    double total = 0.0;
    double best_possible = 0.0; // 10 an attempt; a line-up: its balls' values
};
Run run(const Drill& d, const Table& table, AiLevel level, std::uint64_t seed);
// The most points a drill's attempt can make.
double max_attempt_score(const Drill& d);

} // namespace billiards::game::drills
