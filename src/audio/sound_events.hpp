// The physics events of a shot as sounds: ball-ball contacts click, ball-cushion contacts
// thud, a pocketed ball drops and rolls down the return; the cue's strike knocks. Volume and
// pitch follow the impact speed (the relative normal speed of the contact). The world's
// events carry no speeds, so they are estimated from the balls' states at the start and end
// of the step the event fell in: before the impact (start state moved on to the event's
// time) and after it (end state moved back, divided by the restitution); the larger counts.
// Pure: no SDL.
#pragma once

#include <span>
#include <vector>

#include "audio/mixer.hpp"
#include "physics/world.hpp"

namespace billiards::audio {

// The balls as a step starts (indices as in the world).
struct StepStart {
    double time = 0.0;
    struct BallState {
        Vec2 position{};
        Vec2 velocity{};
        bool pocketed = false;
    };
    std::vector<BallState> balls;
};
StepStart step_start(const physics::World& world);

// One sound-making event.
struct Impact {
    SoundKind kind = SoundKind::Click;
    double speed = 0.0; // m/s: relative normal speed (pocket: the ball's speed; cue: cue speed)
    double time = 0.0;  // world time
    double x = 0.0;     // where along the table's length, for the stereo position
};

// Impacts below this speed make no sound (resting contacts, chatter).
inline constexpr double kSilentSpeed = 0.03; // m/s

// The impacts of `events` (the events of the step that began at `before` and ended at the
// world's clock). Cluster events are skipped: their contacts are listed on their own.
std::vector<Impact> impacts(const StepStart& before, const physics::World& after,
                            std::span<const physics::Event> events);

// Speed at which each kind plays at full gain; below, the gain falls as speed^0.8.
double full_gain_speed(SoundKind kind);
// The sound of an impact: gain and pitch rise with the speed; pan from x between
// the table's ends (x_min..x_max); delay in seconds.
Play play_for(const Impact& impact, double x_min, double x_max, double delay);
// The cue's strike at cue speed `speed` (m/s), at x.
Impact cue_strike(double speed, double time, double x);

} // namespace billiards::audio
