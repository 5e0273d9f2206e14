#include "core/clock.hpp"

#include <algorithm>

namespace billiards {

int FixedStepClock::advance(double real_seconds) {
    if (paused_) {
        const int n = single_steps_;
        single_steps_ = 0;
        return n;
    }
    single_steps_ = 0;
    // Clamp so that one slow frame cannot start a spiral of ever more steps.
    const double frame = std::clamp(real_seconds, 0.0, max_frame_);
    accumulator_ += frame * time_scale_;
    int steps = 0;
    while (accumulator_ >= dt_) {
        accumulator_ -= dt_;
        ++steps;
    }
    return steps;
}

} // namespace billiards
