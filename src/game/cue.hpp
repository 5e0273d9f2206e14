// Cue strike by the instantaneous-impulse model: a level cue of mass M moving at V hits
// the ball at tip offset (side a, height b) in units of R. The impulse J along the heading
// follows from the effective mass at the contact point,
//   J = (1 + e) V / (1/M + (1 + 5/2 (a^2 + b^2)) / m),
// and the spin from the contact point's lever arm: w = (p x J) / I.
// b = 2/5 gives natural roll at once; a > 0 (right of centre, seen from behind the cue)
// gives counter-clockwise side spin (wz > 0) in the table frame.
//
// An elevated cue (butt raised by e) strikes along its own axis c = (cos e d, -sin e): the
// same impulse J (the effective mass does not depend on the axis), the ball keeps the
// horizontal part J cos e / m (the cloth takes the downward part), and the spin is
// w = J R / I (a u - b r), with r the cue's right (horizontal) and u = r x c its up: side
// english on an elevated cue spins the ball about a tilted axis, so it curves while it
// slides (swerve, masse).
//
// Squirt (Alciatore, TP A.31): the tip's effective end mass m_e moves sideways with the
// ball during the contact, so an off-centre hit sends the ball off at an angle
//   tan(s) = 5/2 a sqrt(1 - a^2) / (1 + m / m_e + 5/2 (1 - a^2))
// to the cue's line, away from the side of the english; end_mass = 0 turns it off.
#pragma once

#include <cstdint>

#include "core/vec.hpp"

namespace billiards::game {

struct CueParams {
    double mass = 0.567; // kg
    double tip_restitution = 0.75;
    double miscue_limit = 0.5; // largest |(a, b)| that does not miscue
    double end_mass = 0.0;     // kg, the tip's effective end mass; 0: no squirt
};

// End masses of the game's shafts: an ordinary maple shaft (about 2.6 degrees of squirt at
// half a radius of english) and a low-squirt shaft (about 1.4 degrees).
constexpr double kOrdinaryEndMass = 0.008;
constexpr double kLowSquirtEndMass = 0.004;
// The largest end mass files and the debug panel accept, kg (a whole cue is about 0.6).
constexpr double kMaxEndMass = 10.0;

// The shaft a player chooses in the game's menu.
enum class Shaft : std::uint8_t { Ordinary, LowSquirt };

// The cue the game plays with: CueParams' defaults with the chosen shaft's end mass (squirt
// on). CueParams{} itself keeps end_mass 0, as scenario files without "cue_end_mass" do.
constexpr CueParams play_cue(Shaft shaft = Shaft::Ordinary) {
    CueParams c;
    c.end_mass = shaft == Shaft::LowSquirt ? kLowSquirtEndMass : kOrdinaryEndMass;
    return c;
}

struct CueShot {
    double heading = 0.0;   // radians from +x
    double speed = 0.0;     // cue speed, m/s (>= 0)
    double side = 0.0;      // a, units of R, + is right of centre
    double height = 0.0;    // b, units of R, + is above centre
    double elevation = 0.0; // radians the butt is raised, 0 (level) to pi/2 (vertical)
};

struct StrikeResult {
    Vec2 velocity{};
    Vec3 spin{};
};

bool tip_within_limit(const CueShot& shot, const CueParams& cue = {});

// The squirt angle (radians, positive = counter-clockwise from the cue's line) for side
// offset a (units of R) and the cue's end mass; 0 when end_mass is 0.
double squirt_angle(double side, double ball_mass, const CueParams& cue);
// The direction (radians from +x) the cue ball leaves in: the heading turned by the squirt.
inline double launch_heading(const CueShot& shot, double ball_mass, const CueParams& cue) {
    return shot.heading + squirt_angle(shot.side, ball_mass, cue);
}

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
