#include "game/cue.hpp"

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
    r.velocity = d * (impulse / ball_mass);
    r.spin = Vec3{-d.y * b * k, d.x * b * k, a * k};
    return r;
}

} // namespace billiards::game
