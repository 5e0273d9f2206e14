#include "game/cue.hpp"

#include <algorithm>
#include <cmath>

namespace billiards::game {

bool tip_within_limit(const CueShot& shot, const CueParams& cue) {
    const double r2 = shot.side * shot.side + shot.height * shot.height;
    return std::isfinite(r2) && r2 <= cue.miscue_limit * cue.miscue_limit;
}

StrikeResult strike(const CueShot& shot, double ball_mass, double ball_radius,
                    const CueParams& cue) {
    const double a = shot.side;
    const double b = shot.height;
    const Vec2 d{std::cos(shot.heading), std::sin(shot.heading)};
    const double inv_m_eff = (1.0 + 2.5 * (a * a + b * b)) / ball_mass;
    const double impulse = (1.0 + cue.tip_restitution) * shot.speed / (1.0 / cue.mass + inv_m_eff);
    const double inertia = 0.4 * ball_mass * ball_radius * ball_radius;
    // p x d = R (a z + b perp(d)) for the contact point p = R(-c d + a right + b z).
    const double k = impulse * ball_radius / inertia;
    StrikeResult r;
    if (shot.elevation == 0.0) {
        r.velocity = d * (impulse / ball_mass);
        r.spin = Vec3{-d.y * b * k, d.x * b * k, a * k};
    } else {
        const double ce = std::cos(shot.elevation), se = std::sin(shot.elevation);
        r.velocity = d * (impulse * ce / ball_mass);
        // w = k (a u - b r) with r = (d.y, -d.x, 0) and u = r x c = (se d.x, se d.y, ce).
        r.spin = Vec3{k * (a * se * d.x - b * d.y), k * (a * se * d.y + b * d.x), k * a * ce};
    }
    const double s = squirt_angle(a, ball_mass, cue);
    if (s != 0.0) {
        const double cs = std::cos(s), sn = std::sin(s);
        r.velocity = {cs * r.velocity.x - sn * r.velocity.y, sn * r.velocity.x + cs * r.velocity.y};
    }
    return r;
}

double squirt_angle(double side, double ball_mass, const CueParams& cue) {
    if (!(cue.end_mass > 0.0) || side == 0.0) return 0.0;
    const double rest = 1.0 - side * side;
    // Right english (a > 0) sends the ball to the left of the cue's line: counter-clockwise.
    return std::atan2(2.5 * side * std::sqrt(std::max(rest, 0.0)),
                      1.0 + ball_mass / cue.end_mass + 2.5 * rest);
}

} // namespace billiards::game
