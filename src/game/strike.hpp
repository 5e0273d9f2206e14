// The cue's strike put into a ball world, and a shot past its time cap stopped: the same for
// every game, a scenario file and the computer's trials.
#pragma once

#include "game/cue.hpp"
#include "game/shot_events.hpp"
#include "physics/world.hpp"

namespace billiards::game {

// Gives the cue ball (or the ball with id `ball`; none there: nothing) its strike velocity
// and spin (the world must be at rest).
void apply_strike(physics::World& world, const CueShot& shot, const CueParams& cue = {},
                  int ball = kCueBall);
// Stops every ball still moving where it is (a shot past its time cap; pool and snooker).
void stop_balls(physics::World& world);

} // namespace billiards::game
