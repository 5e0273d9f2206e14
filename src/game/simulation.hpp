// A scenario (docs/SCENARIO-FORMAT.md) as the game layer runs it: a table, the physics, the
// balls and at most one cue strike. io reads and writes scenario files; building the world
// and running it to rest is here, with the same strike code a match uses (apply_strike).
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "game/cue.hpp"
#include "game/table.hpp"
#include "physics/world.hpp"

namespace billiards::game {

struct ShotSpec {
    int ball = 0;  // ball id
    CueShot cue{}; // heading and elevation in radians inside the code (degrees in the file)
};

struct Scenario {
    std::string table_name = "pool-9ft"; // empty when the table is given inline
    Table table;
    physics::Params params;
    CueParams cue; // the shot's cue: physics.cue_end_mass sets its end mass (squirt)
    std::vector<physics::BallDef> balls;
    std::optional<ShotSpec> shot;
    double duration = 60.0;
};

// The world a scenario describes, with its shot (if any) already applied to its ball.
// Throws std::invalid_argument for a shot at a ball id that is not there, a miscue or a
// negative speed (io's reader refuses those; a scenario built in code might not).
physics::World make_world(const Scenario& s);
// Runs make_world(s) until every ball rests or s.duration has passed.
physics::World run_scenario(const Scenario& s, bool record_events);

// A run stopped by its work cap: it needed more than max_events events (impacts and motion
// changes, physics::World::run_until_rest) before its balls rested or its time ran out.
struct WorkCapReached : std::runtime_error {
    WorkCapReached(std::uint64_t max_events, double time);
    // "work cap reached: the run needs more than N events (OPTION); stopped at t = T s with
    // balls still moving", OPTION naming the cap as the caller's user gave it.
    std::string message(const std::string& option) const;

    std::uint64_t max_events = 0;
    double time = 0.0; // the world's clock where the run stopped
};
// world.run_until_rest(max_seconds) bounded in work by max_events (0: no bound); returns
// the steps taken. Throws WorkCapReached when the bound stops it, the world left where it
// stopped (no result: its last step was cut short).
std::uint64_t run_until_rest_capped(physics::World& world, double max_seconds,
                                    std::uint64_t max_events);
// run_scenario(s, record_events) under the same work cap (0: none).
physics::World run_scenario_capped(const Scenario& s, bool record_events, std::uint64_t max_events);
// A scenario holding the world's balls on the table and its parameters (debug panel "save").
Scenario scenario_from_world(const physics::World& world, const std::string& table_name,
                             const Table& table);

} // namespace billiards::game
