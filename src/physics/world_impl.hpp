// The ball world's engine behind physics::World (world.hpp): the data layout (Body, Aux,
// Accel, the cell grid, the calendar queue, the public copies kept lazily) and the event
// machinery of world.cpp and world_hertz.cpp. Private to src/physics (world_api.cpp hands
// World's calls to it); cmake/ArchCheck.cmake refuses an include of it from anywhere else.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "physics/broadphase.hpp"
#include "physics/event_queue.hpp"
#include "physics/hertz.hpp"
#include "physics/motion.hpp"
#include "physics/types.hpp"
#include "physics/world.hpp"

namespace billiards::physics {

class WorldImpl {
  public:
    // World's calls, documented in world.hpp; World holds one WorldImpl and hands them here.
    WorldImpl(const Params& params, std::vector<Cushion> cushions, std::vector<Pocket> pockets);

    int add_ball(const BallDef& def);
    void reserve(std::size_t balls);
    void remove_ball(int index);
    void clear_balls();

    int ball_count() const { return static_cast<int>(balls_.size()); }
    const std::vector<Ball>& balls() const {
        if (behind_) bring_up_to_date();
        return balls_;
    }
    int index_of(int id) const;

    void set_ball(int index, const BallDef& def);
    void set_motion(int index, Vec2 velocity, Vec3 spin);
    void restore_ball(int index, Vec2 position);

    const Params& params() const { return params_; }
    void set_params(const Params& p);
    const std::vector<Cushion>& cushions() const { return cushions_; }
    const std::vector<Pocket>& pockets() const { return pockets_; }

    void step();
    void step_partial(double h);
    World::RunReport run_until_rest(double max_seconds, std::uint64_t max_events);
    template <class F> std::uint64_t skip_quiet_steps(std::uint64_t max_steps, F&& go_on);

    bool at_rest() const;
    double time() const {
        return static_cast<double>(steps_since_) * params_.timestep + time_base_;
    }
    std::uint64_t steps() const { return steps_; }

    void set_record_events(bool on) { record_events_ = on; }
    const std::vector<Event>& events() const { return events_; }
    void clear_events() { events_.clear(); }
    const EventCounts& counts() const { return counts_; }
    const StepStats& last_step() const { return stats_; }

    bool in_contact(int index) const;
    bool any_in_contact() const;

    Vec2 momentum() const;
    double linear_energy() const;
    double rotational_energy() const;
    std::uint64_t state_hash() const;
    std::size_t memory_bytes() const;

    static constexpr std::uint64_t kMaxEventsPerStep = World::kMaxEventsPerStep;

  private:
    // Per ball, everything a neighbour's prediction reads, in one cache line: the current
    // motion segment's base state, the next interaction event, the trajectory counter and
    // the link to the next ball in the same grid cell.
    struct alignas(64) Body {
        double t0 = 0.0; // world time of the base state
        double rx = 0.0, ry = 0.0, vx = 0.0, vy = 0.0;
        double radius = 0.0;
        double event = 0.0; // time of the next interaction event (kNever: none)
        // Bumped (by 2) whenever the trajectory changes; bit 0 set while the segment is
        // not uniform (see Accel).
        std::uint32_t counter = 0;
        std::int32_t next = -1; // next ball in the same cell
    };
    // The rest of a motion segment that is not uniform (acceleration, spin, transitions).
    struct Accel {
        Vec2 a{};
        Vec3 w{};
        Vec3 alpha{};
        double t_lin = 0.0;
        double t_spin = 0.0;
    };
    struct Aux {
        double cross = 0.0;     // time of the next cell crossing (kNever: none)
        std::int32_t other = 0; // partner ball, cushion or pocket of the event
        std::uint32_t other_counter = 0;
        std::int32_t cell = -1; // logical grid cell (-1: not in the grid)
        std::uint8_t kind = 0;  // what the event is (see world.cpp)
        std::uint8_t dir = 0;   // crossing direction: 0 -x, 1 +x, 2 -y, 3 +y
        MotionState state = MotionState::Stationary;
        mutable std::uint8_t touched = 0; // the public copy must be brought up to date
    };

    // Where the next step() ends: time() one step on, computed the same way (no drift).
    double next_step_end() const {
        return static_cast<double>(steps_since_ + 1) * params_.timestep + time_base_;
    }
    double next_event_time(); // of the queue; -infinity while the world is not built
    // A ball's time in the queue: the earlier of its next event and its next cell crossing
    // (the queue reads it from here, see EventQueue).
    double due(std::size_t k) const {
        const double e = body_[k].event, c = aux_[k].cross;
        return e < c ? e : c;
    }
    struct DueTimes {
        const WorldImpl* w;
        double operator()(std::uint32_t k) const { return w->due(k); }
        void prefetch(std::uint32_t k) const {
            __builtin_prefetch(&w->body_[k]);
            __builtin_prefetch(&w->aux_[k]);
        }
    };
    DueTimes due_times() const { return {this}; }
    void quiet_steps_taken(std::uint64_t k);

    bool uniform(int i) const { return (body_[static_cast<std::size_t>(i)].counter & 1u) == 0; }
    void link(int i, int cell);
    void unlink(int i);
    void rebuild_motion(int index);
    Motion load(int i) const;
    void store(int i, const Motion& m);
    bool store_uniform(int i, double t, Vec2 r, Vec2 v, const Vec3& w);
    void store_after_impact(int i, double t, const narrow::BodyState& s);
    narrow::Kinematics kinematics(int i, double t) const;
    double segment_end(int i) const;

    void advance(double end);
    void build(double now);
    void own_events(int i, double now, const narrow::Kinematics& k);
    void statics_in(int i, int cell, double now, const narrow::Kinematics& k);
    void predict(int i, double now);
    void pair(int i, int j, double now, const narrow::Kinematics& ki);
    void crossing(int i, double now, const narrow::Kinematics& k);
    void requeue(int i);
    void process(int i, double t);
    void cross_cell(int i, double t);
    void changed(int i);
    void place_in_grid(int i, double now);
    void bring_up_to_date() const;
    void reset_queue(double now, double width);
    void record(EventKind kind, int ball, int other, double time);

    // Compliant contact (Params::ball_contact == Hertz; world_hertz.cpp). A cluster is
    // integrated in windows that end at the step's end at the latest; one still in contact
    // then is suspended with its members' events set to resume it just after.
    struct Suspended {
        std::vector<int> members;                  // ball indices, ascending
        std::vector<double> masses;                // the masses they are integrated with
        std::vector<std::pair<int, int>> touching; // (ball, ball) or (ball, -1 - cushion)
        double resume = 0.0;                       // time of the members' resume event
        double step = 0.0;                         // the integrator's next step
        double duration = 0.0;                     // contact duration that set the window
        double start = 0.0;                        // when the cluster began
        double budget = 0.0;   // energy its members brought (see cluster_window)
        std::size_t event = 0; // its Cluster event (when recording)
        bool live = false;
    };
    bool hertz_impact(int i, int j, double t);
    void start_cluster(int a, int b, std::vector<std::pair<int, int>> touching, double duration,
                       double t);
    bool chatter(int a, int b);
    bool jam(int a, int b); // the jam part of chatter()
    void pinch_cluster(int i, int j, int c, double t);
    static constexpr std::uint32_t kChatterImpacts = 5000;
    static constexpr std::uint32_t kChatterAgain = 50;
    int chatter_ball_ = -1;           // the ball in every one of the last impacts
    std::uint32_t chatter_count_ = 0; // how many
    // The balls of the last impacts when each shared a ball with those before it (a jam:
    // a light ball between a heavy one and another ball wedged in a corner), and how many.
    static constexpr std::size_t kJamBalls = 16;
    std::array<int, kJamBalls> jam_{};
    std::size_t jam_size_ = 0;
    std::uint32_t jam_count_ = 0;
    bool chatter_free_ = false; // no cloth friction and restitutions 1 (see chatter)
    bool laws_ready_ = false;   // laws_ holds for params_
    narrow::BodyState state_at(int k, double t) const;
    void cluster_window(std::size_t slot, double t);
    void schedule_resume(std::size_t slot);
    std::vector<narrow::BodyState> states_at(double t) const;
    double speed_bound(const std::vector<narrow::BodyState>& states) const;
    double contact_time(const narrow::BodyState& a, const narrow::BodyState* b,
                        double closing) const;
    void resume_cluster(int i, double t);
    std::vector<Suspended> clusters_;
    // The integrator's scratch space: not part of a world's state, so a copy of the world
    // starts with none (the computer opponent copies worlds for every trial).
    struct Scratch {
        hertz::Cluster cluster;
        Scratch() = default;
        Scratch(const Scratch&) {}
        Scratch& operator=(const Scratch&) { return *this; }
    };
    Scratch scratch_;
    hertz::Laws laws_{};
    double advance_end_ = 0.0; // end of the step being advanced

    Params params_;
    std::vector<Cushion> cushions_;
    std::vector<Pocket> pockets_;
    // No cloth friction: impacts leave uniform motion (see store_uniform).
    bool frictionless_ = false;
    mutable std::vector<Ball> balls_; // public copies, see bring_up_to_date
    mutable bool behind_ = false;     // some public copies are behind the clock
    std::vector<Body> body_;
    std::vector<Aux> aux_;
    std::vector<Accel> accel_; // empty until some motion is not uniform, then one per ball
    CellGrid grid_;
    EventQueue queue_;
    std::vector<Vec2> cushion_normals_;      // unit normal of each cushion's line
    std::vector<std::uint32_t> static_seen_; // per cushion/pocket: last query stamp
    std::uint32_t static_stamp_ = 0;
    double margin_ = 0.0;           // crossing hysteresis beyond a cell edge
    bool built_ = false;            // grid, events and queue describe the current balls
    std::uint64_t processed_ = 0;   // queue entries handled in the current step
    std::uint64_t tune_events_ = 0; // queue entries and time since the buckets were last tuned
    double tune_time_ = 0.0;
    std::vector<Event> events_;
    EventCounts counts_{};
    StepStats stats_{};
    // Events one step may resolve: kMaxEventsPerStep, or fewer while a run's work cap is
    // nearly spent (run_until_rest).
    std::uint64_t step_event_limit_ = kMaxEventsPerStep;
    std::uint64_t steps_ = 0;
    // time() = time_base_ + steps_since_ * dt: exact multiples of dt, no drift from sums.
    double time_base_ = 0.0;
    std::uint64_t steps_since_ = 0;
    bool record_events_ = false;
};

template <class F> std::uint64_t WorldImpl::skip_quiet_steps(std::uint64_t max_steps, F&& go_on) {
    const double next = next_event_time();
    std::uint64_t k = 0;
    while (k < max_steps && go_on()) {
        // An event at or before the next step's end would be handled in that step.
        if (!(next_step_end() < next)) break;
        ++steps_since_;
        ++steps_;
        ++k;
    }
    if (k > 0) quiet_steps_taken(k);
    return k;
}

} // namespace billiards::physics
