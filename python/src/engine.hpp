// The Python module's one link to the scenario runner: every use of game::run_scenario, its
// work cap, game::make_world, game::scenario_from_world and the batch's result names is in
// engine.cpp, so a move of those functions changes that file alone.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "game/simulation.hpp"
#include "io/scenario.hpp"
#include "physics/world.hpp"

namespace billiards::python {

// What `billiards simulate [--max-events N]` writes for a scenario's text (`file_name` names
// it in messages): io::InputError for bad input, as the command line reports it;
// std::runtime_error "FILE: work cap reached: ..." when the run needs more than max_events
// events (0: no cap).
std::string simulate_text(const std::string& text, const std::string& file_name, bool events,
                          std::uint64_t max_events = 0);

// world.run_until_rest(seconds) under a work cap (0: none): std::runtime_error "[FILE: ]work
// cap reached: ... (max_events); ..." when the run needs more than max_events events, the
// world left where it stopped. Returns the steps taken.
std::uint64_t run_capped(physics::World& world, double seconds, std::uint64_t max_events,
                         const std::string& file_name);

// The world a scenario describes, its shot applied, recording events.
physics::World world_of(const game::Scenario& scenario);

// The scenario of a world now (its balls as they lie, pocketed ones left out), with the
// table, cue and duration of the scenario it was made from.
game::Scenario scenario_now(const physics::World& world, const game::Scenario& made_from);

// `billiards batch`'s result file name for each scenario path.
std::vector<std::string> batch_result_names(const std::vector<std::string>& scenarios);

} // namespace billiards::python
