// Where the cue ball goes first: a ray cast from the cue ball along the heading against the
// other balls (circles of the summed radii) and the cushions (segments widened by the ball's
// radius, rounded ends). Pure geometry, for the aim line and its ghost ball.
#pragma once

#include <vector>

#include "physics/world.hpp"

namespace billiards::app {

struct AimHit {
    enum class Kind { None, Ball, Cushion };
    Kind kind = Kind::None;
    double distance = 0.0; // cue ball travel to the contact, m
    Vec2 ghost{};          // cue ball centre at contact
    int ball = -1;         // world index of the ball hit
    Vec2 object_dir{};     // the hit ball's direction (along the line of centres)
    Vec2 cue_dir{};        // the cue ball's direction after a stun hit (tangent line); zero
                           // for a full hit
    int cushion = -1;
    Vec2 bounce_dir{}; // the cue ball's direction off the cushion (mirror reflection)
};

// max_distance bounds the search (an open table may have nothing to hit).
AimHit cast_aim(const physics::World& world, int cue_index, double heading,
                double max_distance = 10.0);

// How far a ball of `radius` at `from` goes along the unit `dir` before it touches a ball on
// the table other than the world index `skip`: `max_distance` when it touches none.
double first_ball_along(const physics::World& world, int skip, Vec2 from, Vec2 dir, double radius,
                        double max_distance);

} // namespace billiards::app
