#include "game/simulation.hpp"

#include <stdexcept>

#include "game/strike.hpp"

namespace billiards::game {

physics::World make_world(const Scenario& s) {
    physics::World world(s.params, s.table.cushions, s.table.pockets);
    world.reserve(s.balls.size());
    for (const auto& b : s.balls)
        world.add_ball(b);
    if (!s.shot) return world;
    if (world.index_of(s.shot->ball) < 0)
        throw std::invalid_argument("shot: no ball has id " + std::to_string(s.shot->ball));
    if (!tip_within_limit(s.shot->cue) || !(s.shot->cue.speed >= 0.0))
        throw std::invalid_argument("shot: miscue or negative speed");
    apply_strike(world, s.shot->cue, s.cue, s.shot->ball);
    return world;
}

physics::World run_scenario(const Scenario& s, bool record_events) {
    physics::World world = make_world(s);
    world.set_record_events(record_events);
    world.run_until_rest(s.duration);
    return world;
}

Scenario scenario_from_world(const physics::World& world, const std::string& table_name,
                             const Table& table) {
    Scenario s;
    s.table_name = table_name;
    s.table = table;
    s.params = world.params();
    for (const physics::Ball& b : world.balls()) {
        if (b.state == physics::MotionState::Pocketed) continue; // a file has no pockets' contents
        s.balls.push_back(b.def());
    }
    return s;
}

} // namespace billiards::game
