// Where a ball may be put by hand: the cue ball in hand, and a re-spotted ball.
#pragma once

#include <string>

#include "core/vec.hpp"
#include "game/table.hpp"
#include "physics/world.hpp"

namespace billiards::game {

// Where a re-spotted ball goes: the foot spot, else the nearest free point behind it (+x),
// else in front of it.
Vec2 spot_position(const physics::World& world, const TableSpec& spec, double radius,
                   int ignore_index = -1);
// Whether the cue ball may be placed at p: on the cloth, off the cushions and jaws, out of
// the pockets, not touching another ball, and behind the head string when `kitchen`.
bool cue_placement_ok(const physics::World& world, const Table& table, Vec2 p, bool kitchen,
                      std::string* why = nullptr);

} // namespace billiards::game
