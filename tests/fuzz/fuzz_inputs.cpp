#include "fuzz_inputs.hpp"

#include <cstdlib>

#include "io/scenario.hpp"

namespace billiards::fuzz {

bool scenario_input(const std::string& text) {
    io::Scenario s;
    try {
        s = io::parse_scenario(text, "fuzz.json");
    } catch (const io::InputError&) {
        return false; // bad input must be reported, never crash
    }
    // A valid scenario must survive writing and reading back unchanged.
    const std::string again = io::scenario_to_json(s);
    const io::Scenario back = io::parse_scenario(again, "fuzz.json");
    if (io::scenario_to_json(back) != again) std::abort();
    physics::World w = io::make_world(s);
    for (int i = 0; i < 4 && !w.at_rest(); ++i) w.step();
    return true;
}

} // namespace billiards::fuzz
