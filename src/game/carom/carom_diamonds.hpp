// The diamond-system aim aid of three-cushion: the cue ball's line as a straight path that
// reflects off the rails (angle in = angle out, no spin, no cushion physics), to its first
// rail contacts, each with where on its rail it lands in diamonds, the unit players aim by.
#pragma once

#include <vector>

#include "core/vec.hpp"
#include "game/table.hpp"

namespace billiards::game {

enum class Rail { Bottom, Top, Head, Foot }; // -y, +y long rails; -x, +x short rails

struct RailHit {
    Vec2 centre{}; // the ball's centre at the contact (a radius off the nose)
    Rail rail = Rail::Bottom;
    double diamond = 0.0; // long rails 0 (head) .. 8 (foot); short rails 0 (-y) .. 4 (+y)
};

// The first `count` rail contacts of a ball of `radius` at `from` (inside the table) sent
// along `heading` (radians). A path into a corner counts both rails, the long one first.
std::vector<RailHit> diamond_path(const TableSpec& spec, Vec2 from, double heading, double radius,
                                  int count = 2);

} // namespace billiards::game
