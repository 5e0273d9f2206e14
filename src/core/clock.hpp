// Fixed-timestep accumulator ("Fix Your Timestep"): real time in, whole steps out.
// Pause, single step and time scale act on the accumulator, never on dt.
#pragma once

namespace billiards {

class FixedStepClock {
  public:
    explicit FixedStepClock(double dt, double max_frame = 0.25) : dt_(dt), max_frame_(max_frame) {}

    // Feeds one frame's real elapsed seconds; returns how many steps to run now.
    int advance(double real_seconds);
    // Interpolation factor between the previous and the current state, in [0, 1).
    double alpha() const { return accumulator_ / dt_; }

    void set_paused(bool p) { paused_ = p; }
    bool paused() const { return paused_; }
    void request_single_step() { single_steps_ += 1; }
    void set_time_scale(double s) { time_scale_ = s > 0.0 ? s : 0.0; }
    double time_scale() const { return time_scale_; }
    double dt() const { return dt_; }
    void set_dt(double dt) {
        if (dt > 0.0) {
            dt_ = dt;
            accumulator_ = 0.0;
        }
    }

  private:
    double dt_;
    double max_frame_;
    double accumulator_ = 0.0;
    double time_scale_ = 1.0;
    bool paused_ = false;
    int single_steps_ = 0;
};

} // namespace billiards
