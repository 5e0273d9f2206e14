#include "game/simulation.hpp"

#include <cstdio>
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

namespace {
// "%.6g" of the clock: the same text on every run of the same binary.
std::string cap_message(std::uint64_t max_events, const char* option, double time) {
    char t[64];
    std::snprintf(t, sizeof t, "%.6g", time);
    return "work cap reached: the run needs more than " + std::to_string(max_events) + " events" +
           option + "; stopped at t = " + t + " s with balls still moving";
}
} // namespace

WorkCapReached::WorkCapReached(std::uint64_t max_events_, double time_)
    : std::runtime_error(cap_message(max_events_, "", time_)), max_events(max_events_),
      time(time_) {}

std::string WorkCapReached::message(const std::string& option) const {
    return cap_message(max_events, (" (" + option + ")").c_str(), time);
}

std::uint64_t run_until_rest_capped(physics::World& world, double max_seconds,
                                    std::uint64_t max_events) {
    if (max_events == 0) return world.run_until_rest(max_seconds);
    const physics::World::RunReport run = world.run_until_rest(max_seconds, max_events);
    if (run.capped) throw WorkCapReached(max_events, world.time());
    return run.steps;
}

physics::World run_scenario_capped(const Scenario& s, bool record_events,
                                   std::uint64_t max_events) {
    if (max_events == 0) return run_scenario(s, record_events);
    physics::World world = make_world(s);
    world.set_record_events(record_events);
    (void)run_until_rest_capped(world, s.duration, max_events);
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
