// What a shot did, as every game's rules read it: the world's events with ball ids instead
// of world indices, the object balls still on the table, and the shooter's call.
#pragma once

#include <vector>

#include "physics/types.hpp"

namespace billiards::physics {
class World;
}

namespace billiards::game {

inline constexpr int kCueBall = 0; // the cue ball's id in pool and snooker

// The called ball and pocket (indices of Table::pockets); -1 = not called.
struct ShotCall {
    int ball = -1;
    int pocket = -1;
};

// One physics event with ball ids (not indices): `ball` is a ball id; `other` is a ball id
// (BallBall), a cushion index (BallCushion) or a pocket index (Pocketed).
struct ShotEvent {
    double time = 0.0;
    physics::EventKind kind = physics::EventKind::BallBall;
    int ball = 0;
    int other = 0;
};

// Converts a world's events (ball indices) to rule events (ball ids).
std::vector<ShotEvent> shot_events(const physics::World& world,
                                   const std::vector<physics::Event>& events);
// Object-ball ids on the table (not pocketed), ascending.
std::vector<int> balls_on_table(const physics::World& world);

} // namespace billiards::game
