#include "game/physics_presets.hpp"

namespace billiards::game {

physics::Params play_params() {
    physics::Params p;
    p.ball_contact = physics::BallContact::Hertz;
    p.cushion_model = physics::CushionModel::Mathavan;
    p.throw_model = physics::ThrowModel::Alciatore; // throw from the whole contact slip
    return p;
}

physics::Params carom_params() {
    physics::Params p = play_params();
    constexpr double kCaromRadius = 0.0615 / 2;
    p.rolling_friction = 0.006;                  // heated cloth: slower to stop than pool's 0.01
    p.cushion_restitution = 0.90;                // livelier rubber than pool's 0.85
    p.cushion_height = 0.037;                    // UMB: 37 mm nose height
    p.spin_friction = 4.0 * kCaromRadius / 9.81; // the same spin-down law as pool's, R = 30.75 mm
    return p;
}

} // namespace billiards::game
