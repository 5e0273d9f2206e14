#include "engine.hpp"

#include "cli/batch_runner.hpp"

namespace billiards::python {

std::string simulate_text(const std::string& text, const std::string& file_name, bool events) {
    const game::Scenario scenario = io::parse_scenario(text, file_name);
    const physics::World world = game::run_scenario(scenario, events);
    return io::result_to_json(world, events);
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
    return batch::result_names(scenarios);
}

} // namespace billiards::python
