#include "engine.hpp"

#include "app/batch_runner.hpp"

namespace billiards::python {

std::string simulate_text(const std::string& text, const std::string& file_name, bool events) {
    const io::Scenario scenario = io::parse_scenario(text, file_name);
    const physics::World world = io::run_scenario(scenario, events);
    return io::result_to_json(world, events);
}

physics::World world_of(const io::Scenario& scenario) {
    physics::World world = io::make_world(scenario);
    world.set_record_events(true);
    return world;
}

io::Scenario scenario_now(const physics::World& world, const io::Scenario& made_from) {
    io::Scenario s = io::scenario_from_world(world, made_from.table_name, made_from.table);
    s.cue = made_from.cue;
    s.duration = made_from.duration;
    return s;
}

std::vector<std::string> batch_result_names(const std::vector<std::string>& scenarios) {
    return batch::result_names(scenarios);
}

} // namespace billiards::python
