#include "game/strike.hpp"

namespace billiards::game {

void apply_strike(physics::World& world, const CueShot& shot, const CueParams& cue, int ball) {
    const int i = world.index_of(ball);
    if (i < 0) return;
    const physics::Ball& b = world.ball(i);
    const StrikeResult r = strike(shot, b.mass, b.radius, cue);
    world.set_motion(i, r.velocity, r.spin);
}

void stop_balls(physics::World& world) {
    for (int i = 0; i < world.ball_count(); ++i) {
        const physics::Ball& b = world.ball(i);
        if (b.state != physics::MotionState::Pocketed &&
            b.state != physics::MotionState::Stationary)
            world.restore_ball(i, b.position);
    }
}

} // namespace billiards::game
