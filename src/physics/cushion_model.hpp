// The cushion impact of Mathavan, Jackson and Parkin (2010): the cushion's nose touches the
// ball above its centre, and the cloth under the ball takes part, so a cushion changes all
// three spin components. Pure function of one ball's state; no world state.
//
// In the cushion's frame (x along the rail, y into it, z up) the nose touches the ball at
// angle theta above the centre, sin(theta) = (h - R) / R for a cushion of height h. The
// impact is integrated over the normal impulse P at the nose: both contacts slip, with
// Coulomb friction mu_w at the nose and mu_s on the cloth (the cloth's normal impulse is
// what the nose pushes down, sin(theta) + mu_w sin(phi) cos(theta) per unit of P).
// Compression lasts until the ball stops moving into the cushion; restitution until the
// nose has given back e^2 of the work the compression stored.
#pragma once

#include "core/vec.hpp"

namespace billiards::physics::mathavan {

struct Ball {
    Vec2 v{}; // in the cushion's frame: v.y > 0 moves into the cushion
    Vec3 w{}; // spin in the same frame (z up)
    double radius = 0.0;
    double mass = 0.0;
};

struct Laws {
    double restitution = 0.85; // e of the cushion
    double mu_cushion = 0.2;   // ball-cushion sliding friction (mu_w)
    double mu_cloth = 0.2;     // ball-cloth sliding friction (mu_s)
    double height = 0.0;       // cushion nose above the table, m; radius < height < 2 radius
    // Impulse steps over the compression of a frictionless impact (the integration's
    // resolution; the result converges as it grows, see the tests). A step is shortened
    // further where a contact's slip turns (at most 0.01 rad a step) or stops.
    int steps = 64;
};

// Does the model apply to a ball of this radius (nose strictly between centre and top)?
bool applies(double radius, double height);

// The ball after the impact (unchanged when it is not moving into the cushion). Energy
// never rises: friction only takes it and restitution gives back at most what was stored.
Ball impact(const Ball& in, const Laws& laws);

} // namespace billiards::physics::mathavan
