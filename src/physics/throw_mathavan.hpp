// The ball-ball impact of Mathavan, Jackson and Parkin (2014, "Numerical simulations of the
// frictional collisions of solid balls on a rough surface", Sports Engineering 17): the
// impact integrated over its normal impulse P, with Coulomb friction at the balls' contact
// and at both balls' contacts with the table. Pure function of two balls' states.
//
// In the frame (n, t, z), n from ball 1 to ball 2 (horizontal), t = perp(n), z up, both
// balls keep no vertical velocity. The ball-ball friction acts against the contact points'
// whole slip (along t and z); its vertical part pushes one ball down into the table, whose
// normal impulse (that much) brings cloth friction against that ball's slip on the cloth.
// Compression lasts until the balls stop closing; restitution until the normal force has
// given back e^2 of the work the compression stored (the paper's energetic restitution).
//
// Integration (the paper's explicit steps, first order in the step): each step applies the
// normal impulse h, then the friction impulses whose directions are the slips' at that point.
// Friction is cut short where it would reverse a slip it acts on (the contact sticks), so
// energy never rises; the step that ends compression, or restitution, is shortened to end
// it exactly, so without friction the result is the ideal impact to rounding.
#pragma once

#include "core/vec.hpp"

namespace billiards::physics::throw_mathavan {

struct Ball {
    Vec2 v{}; // velocity, world frame
    Vec3 w{}; // spin (wx, wy, wz), world frame, z up
    double radius = 0.0;
    double mass = 0.0;
};

struct Laws {
    double restitution = 0.95; // e between the balls
    double mu_ball = 0.06;     // ball-ball sliding friction
    double mu_table = 0.2;     // ball-cloth sliding friction
    // Steps over the normal impulse of the frictionless impact, (1 + e) m* v_n; the error
    // falls in proportion to 1 / steps (see the tests and DESIGN.md).
    int steps = 1000;
};

// The balls after the impact along the unit normal n (from ball 1 to ball 2); unchanged when
// they are not closing along n. Returns the normal impulse.
double impact(Ball& b1, Ball& b2, Vec2 n, const Laws& laws);

} // namespace billiards::physics::throw_mathavan
