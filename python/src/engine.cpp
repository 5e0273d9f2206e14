#include "engine.hpp"

#include <stdexcept>

#include "game/result_names.hpp"

namespace billiards::python {

namespace {
// The cap as Python names it, the file (if any) first.
std::runtime_error cap_error(const game::WorkCapReached& e, const std::string& file_name) {
    return std::runtime_error((file_name.empty() ? "" : file_name + ": ") +
                              e.message("max_events"));
}
} // namespace

std::string simulate_text(const std::string& text, const std::string& file_name, bool events,
                          std::uint64_t max_events) {
    const game::Scenario scenario = io::parse_scenario(text, file_name);
    try {
        const physics::World world = game::run_scenario_capped(scenario, events, max_events);
        return io::result_to_json(world, events);
    } catch (const game::WorkCapReached& e) {
        throw cap_error(e, file_name);
    }
}

std::uint64_t run_capped(physics::World& world, double seconds, std::uint64_t max_events,
                         const std::string& file_name) {
    try {
        return game::run_until_rest_capped(world, seconds, max_events);
    } catch (const game::WorkCapReached& e) {
        throw cap_error(e, file_name);
    }
}

physics::World world_of(const game::Scenario& scenario) {
    physics::World world = game::make_world(scenario);
    world.set_record_events(true);
    return world;
}

game::Scenario scenario_now(const physics::World& world, const game::Scenario& made_from) {
    game::Scenario s = game::scenario_from_world(world, made_from.table_name, made_from.table);
    s.cue = made_from.cue;
    s.duration = made_from.duration;
    return s;
}

std::vector<std::string> batch_result_names(const std::vector<std::string>& scenarios) {
    return game::result_names(scenarios);
}

} // namespace billiards::python
