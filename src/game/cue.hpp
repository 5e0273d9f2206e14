// Cue strike by the instantaneous-impulse model: a level cue of mass M moving at V hits
// the ball at tip offset (side a, height b) in units of R. The impulse J along the heading
// follows from the effective mass at the contact point,
//   J = (1 + e) V / (1/M + (1 + 5/2 (a^2 + b^2)) / m),
// and the spin from the contact point's lever arm: w = (p x J) / I.
// b = 2/5 gives natural roll at once; a > 0 (right of centre, seen from behind the cue)
// gives counter-clockwise side spin (wz > 0) in the table frame.
#pragma once

#include "core/vec.hpp"

namespace billiards::game {

struct CueParams {
    double mass = 0.567;            // kg
    double tip_restitution = 0.75;
    double miscue_limit = 0.5;      // largest |(a, b)| that does not miscue
};

struct CueShot {
    double heading = 0.0;  // radians from +x
    double speed = 0.0;    // cue speed, m/s (>= 0)
    double side = 0.0;     // a, units of R, + is right of centre
    double height = 0.0;   // b, units of R, + is above centre
};

struct StrikeResult {
    Vec2 velocity{};
    Vec3 spin{};
};

bool tip_within_limit(const CueShot& shot, const CueParams& cue = {});

// A centre hit (a = b = 0) sends the ball off at ball_speed_for(V) = (1 + e) V / (1 + m / M);
// cue_speed_for is its inverse: the cue speed that sends the ball off at `ball_speed`.
constexpr double ball_speed_for(double cue_speed, double ball_mass, const CueParams& cue = {}) {
    return (1.0 + cue.tip_restitution) * cue_speed / (1.0 + ball_mass / cue.mass);
}
constexpr double cue_speed_for(double ball_speed, double ball_mass, const CueParams& cue = {}) {
    return ball_speed * (1.0 + ball_mass / cue.mass) / (1.0 + cue.tip_restitution);
}
// Precondition: tip_within_limit(shot, cue) and speed >= 0.
StrikeResult strike(const CueShot& shot, double ball_mass, double ball_radius,
                    const CueParams& cue = {});

} // namespace billiards::game
