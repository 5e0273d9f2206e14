#include "game/shot_events.hpp"

#include <algorithm>

#include "physics/world.hpp"

namespace billiards::game {

std::vector<ShotEvent> shot_events(const physics::World& world,
                                   const std::vector<physics::Event>& events) {
    std::vector<ShotEvent> out;
    out.reserve(events.size());
    for (const physics::Event& e : events) {
        ShotEvent s;
        s.time = e.time;
        s.kind = e.kind;
        s.ball = world.ball(e.ball).id;
        s.other = e.kind == physics::EventKind::BallBall || e.kind == physics::EventKind::Cluster
                      ? world.ball(e.other).id
                      : e.other;
        out.push_back(s);
    }
    return out;
}

std::vector<int> balls_on_table(const physics::World& world) {
    std::vector<int> ids;
    for (const physics::Ball& b : world.balls())
        if (b.id != kCueBall && b.state != physics::MotionState::Pocketed) ids.push_back(b.id);
    std::sort(ids.begin(), ids.end());
    return ids;
}

} // namespace billiards::game
