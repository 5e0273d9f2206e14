// The ball world: balls on a table of cushion segments and pocket circles, advanced in
// fixed steps. Inside each step every impact is found at its exact time (continuous
// collision) and resolved in time order; motion between impacts follows the cloth model
// of DESIGN.md in closed form. No SDL, no I/O: callers read state and the event list.
#pragma once

#include <cstdint>
#include <vector>

#include "physics/broadphase.hpp"
#include "physics/motion.hpp"
#include "physics/types.hpp"

namespace billiards::physics {

// A ball as the world keeps it. Position, velocity and spin are valid at the start of the
// current step (the world keeps them so between steps; read them freely there).
struct Ball {
    int id = 0;
    Vec2 position{};
    Vec2 velocity{};
    Vec3 spin{};
    double radius = kBallRadius;
    double mass = kBallMass;
    MotionState state = MotionState::Stationary;

    double inertia() const { return 0.4 * mass * radius * radius; }
};

struct StepStats {
    std::uint64_t events = 0;      // impacts and motion transitions in the last step
    std::uint64_t candidates = 0;  // pairs the broad phase handed to the narrow phase
    bool truncated = false;        // the per-step event cap was hit (never in a sane world)
};

class World {
public:
    explicit World(const Params& params = {}, std::vector<Cushion> cushions = {},
                   std::vector<Pocket> pockets = {});

    // Adds a ball and returns its index. The caller keeps ids unique and balls apart.
    int add_ball(const BallDef& def);
    void remove_ball(int index);
    void clear_balls();

    int ball_count() const { return static_cast<int>(balls_.size()); }
    const Ball& ball(int index) const { return balls_[static_cast<std::size_t>(index)]; }
    const std::vector<Ball>& balls() const { return balls_; }
    int index_of(int id) const; // -1 when absent

    // Replaces a ball's state between steps (debug panel, cue strike, tests).
    void set_ball(int index, const BallDef& def);
    void set_motion(int index, Vec2 velocity, Vec3 spin);
    // Takes a pocketed ball back onto the table (re-spotting), at rest.
    void restore_ball(int index, Vec2 position);

    const Params& params() const { return params_; }
    void set_params(const Params& p);
    const std::vector<Cushion>& cushions() const { return cushions_; }
    const std::vector<Pocket>& pockets() const { return pockets_; }

    // Advances one fixed step of params().timestep seconds.
    void step();
    // Advances a shorter final step of h seconds (0 < h <= timestep), e.g. to end a run
    // exactly at a duration that is not a whole number of steps.
    void step_partial(double h);
    // Steps until every ball is stationary or pocketed, or until max_seconds have passed.
    // Returns the number of steps taken.
    std::uint64_t run_until_rest(double max_seconds);

    bool at_rest() const;
    double time() const { return static_cast<double>(steps_since_) * params_.timestep + time_base_; }
    std::uint64_t steps() const { return steps_; }

    // Events are recorded only while enabled; counts are always kept.
    void set_record_events(bool on) { record_events_ = on; }
    const std::vector<Event>& events() const { return events_; }
    void clear_events() { events_.clear(); }
    const EventCounts& counts() const { return counts_; }
    const StepStats& last_step() const { return stats_; }

    // Conserved quantities, for tests and the debug panel (pocketed balls excluded).
    Vec2 momentum() const;
    double linear_energy() const;
    double rotational_energy() const;
    double energy() const { return linear_energy() + rotational_energy(); }

    // Hash of the exact bits of every ball's state and the clock.
    std::uint64_t state_hash() const;

    // Upper bound on impacts and transitions resolved in one step.
    static constexpr std::uint64_t kMaxEventsPerStep = 50'000'000;

private:
    struct Pending {
        double time;
        std::uint8_t kind; // order at equal times: transition, pocket, cushion, ball
        int i;
        int j;
        std::uint32_t vi;
        std::uint32_t vj;
    };
    struct Later {
        bool operator()(const Pending& a, const Pending& b) const;
    };

    void advance(double h);
    void rebuild_motion(int index);
    Box sweep_box(int index, double from) const;
    void schedule(int i, int skip);
    void schedule_own(int i, const Box& box);
    void schedule_pair(int i, int j);
    void push(double time, std::uint8_t kind, int i, int j);
    void resolve(const Pending& e);
    void record(EventKind kind, int ball, int other, double local_time);

    Params params_;
    std::vector<Cushion> cushions_;
    std::vector<Pocket> pockets_;
    std::vector<Ball> balls_;
    // Per-step scratch: trajectories, versions, swept boxes, grid and event heap.
    std::vector<Motion> motion_;
    std::vector<std::uint32_t> version_;
    std::vector<Box> boxes_;
    std::vector<std::uint8_t> active_;
    Grid grid_;
    std::vector<Pending> heap_;
    double step_length_ = 0.0;
    double step_start_ = 0.0;
    std::vector<Event> events_;
    EventCounts counts_{};
    StepStats stats_{};
    std::uint64_t steps_ = 0;
    // time() = time_base_ + steps_since_ * dt: exact multiples of dt, no drift from sums.
    double time_base_ = 0.0;
    std::uint64_t steps_since_ = 0;
    bool record_events_ = false;
};

} // namespace billiards::physics
