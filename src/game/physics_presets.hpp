// The physics each kind of table is played with in the game (scenario files and match saves
// keep Params' own defaults unless they name these keys).
#pragma once

#include "physics/types.hpp"

namespace billiards::game {

// The physics the game plays with (matches started from the menu, the sandbox): Params'
// defaults, which have cushion friction 0.2, with compliant (Hertz) contact, so that the cue
// ball striking a rack of touching balls spreads it over the table, and the Mathavan cushion
// (the nose above the ball's centre, the cloth under it). MatchConfig::params and scenario
// files keep Params' ideal contact and reflecting cushions by default: a match file or
// scenario without the "ball_contact" or "cushion_model" key replays as it was recorded.
physics::Params play_params();
// The physics of three-cushion play (a heated carom table, DESIGN.md "Three-cushion"):
// play_params() with a faster cloth (rolling friction 0.006), livelier cushions (e = 0.90),
// the cushion nose at UMB's 37 mm and the spin-down scaled to the 61.5 mm ball.
physics::Params carom_params();

} // namespace billiards::game
