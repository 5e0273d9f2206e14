// The debug panel's edits as plain functions (no ImGui): check a ball or the physics
// parameters, and apply them to the World only when valid. An empty string means accepted;
// otherwise it says what is wrong, for the panel to show in red.
#pragma once

#include <optional>
#include <string>

#include "game/table.hpp"
#include "physics/world.hpp"

namespace billiards::ui {

// Limits of a live edit (a sane game, tighter than the file format's), except the mass: a
// ball of any mass a scenario may hold (io's [1e-12, 1e12] kg, the range the world resolves
// exactly) can be edited, so the pi-counting scenes stay editable.
inline constexpr double kMinRadius = 1e-3, kMaxRadius = 0.2;
inline constexpr double kMinMass = 1e-12, kMaxMass = 1e12;
inline constexpr double kMaxSpeed = 100.0; // m/s
inline constexpr double kMaxSpin = 1e4;    // rad/s

// Whether `def` may replace ball `index` (-1: a new ball): finite numbers, mass and radius
// > 0, a unique id >= 0, on the cloth, clear of the cushions, the pockets and other balls.
std::string check_ball(const physics::World& world, const game::Table& table, int index,
                       const physics::BallDef& def);
// check_ball, then World::set_ball. A pocketed ball edited this way is back on the table.
std::string apply_ball_edit(physics::World& world, const game::Table& table, int index,
                            const physics::BallDef& def);
// check_ball for a new ball, then World::add_ball.
std::string spawn_ball(physics::World& world, const game::Table& table,
                       const physics::BallDef& def);

// The smallest id not in use (0 first: the cue ball).
int free_ball_id(const physics::World& world);
// A free place for a ball of this radius, searched from the foot spot outwards.
std::optional<Vec2> free_spot(const physics::World& world, const game::Table& table, double radius);

std::string check_params(const physics::Params& p);
// check_params, then World::set_params (dt changes the world's timestep only; the caller
// keeps its clock in step).
std::string apply_params(physics::World& world, const physics::Params& p);

} // namespace billiards::ui
