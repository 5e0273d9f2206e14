// The ball world: balls on a table of cushion segments and pocket circles, advanced in
// fixed steps. Every impact is found at its exact time (continuous collision) and resolved
// in time order; motion between impacts follows the cloth model of DESIGN.md in closed
// form. Internally the world is event-driven over absolute time: events persist across
// steps, and the public Ball copies are brought up to the clock when next read.
// No SDL, no I/O: callers read state and the event list. This header is the engine's API;
// its data layout and event machinery are WorldImpl (world_impl.hpp, private to physics).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "physics/types.hpp"

namespace billiards::physics {

// A ball as the world keeps it. Position, velocity, spin and state are those at the end of
// the last step: the world brings the copies of the balls that moved up to date when they
// are first read after stepping (a run to rest reads them once, not every step). So a World
// is not safe to read from two threads at once, as a const object usually is; give each
// thread its own copy (the computer opponent and batch runs do).
struct Ball {
    int id = 0;
    MotionState state = MotionState::Stationary;
    Vec2 position{};
    Vec2 velocity{};
    Vec3 spin{};
    double radius = kBallRadius;
    double mass = kBallMass;

    double inertia() const { return 0.4 * mass * radius * radius; }
    // The definition that adds this ball back as it is now (edits, files).
    BallDef def() const { return {id, position, velocity, spin, radius, mass}; }
};

struct StepStats {
    std::uint64_t events = 0;     // impacts and motion transitions in the last step
    std::uint64_t candidates = 0; // pairs the broad phase handed to the narrow phase
    bool truncated = false;       // the per-step event cap was hit (never in a sane world)
};

// The hash World::state_hash() takes: the clock, then every ball in order. Also for code that
// rebuilds a world's hash from its own list of balls (a replay file keeps the balls pocketed
// before the shot, which the re-run world leaves out).
std::uint64_t state_hash(std::uint64_t steps, double time, const std::vector<Ball>& balls);

class WorldImpl; // the engine and its data layout (world_impl.hpp, private to src/physics)

class World {
  public:
    explicit World(const Params& params = {}, std::vector<Cushion> cushions = {},
                   std::vector<Pocket> pockets = {});
    World(const World& other);
    World& operator=(const World& other);
    // A moved-from world may only be assigned to or destroyed.
    World(World&& other) noexcept;
    World& operator=(World&& other) noexcept;
    ~World();

    // Adds a ball and returns its index. The caller keeps ids unique and balls apart.
    int add_ball(const BallDef& def);
    // Room for `balls` balls in all, so that adding them leaves no growth slack behind.
    void reserve(std::size_t balls);
    void remove_ball(int index);
    void clear_balls();

    int ball_count() const;
    const Ball& ball(int index) const { return balls()[static_cast<std::size_t>(index)]; }
    const std::vector<Ball>& balls() const;
    int index_of(int id) const; // -1 when absent

    // Replaces a ball's state between steps (debug panel, cue strike, tests).
    void set_ball(int index, const BallDef& def);
    void set_motion(int index, Vec2 velocity, Vec3 spin);
    // Takes a pocketed ball back onto the table (re-spotting), at rest.
    void restore_ball(int index, Vec2 position);

    const Params& params() const;
    void set_params(const Params& p);
    const std::vector<Cushion>& cushions() const;
    const std::vector<Pocket>& pockets() const;

    // Advances one fixed step of params().timestep seconds.
    void step();
    // Advances a shorter final step of h seconds (0 < h <= timestep), e.g. to end a run
    // exactly at a duration that is not a whole number of steps.
    void step_partial(double h);
    // Steps until every ball is stationary or pocketed, or until max_seconds have passed.
    // Returns the number of steps taken.
    std::uint64_t run_until_rest(double max_seconds);
    // The same run, bounded in work too: a run that needs more than max_events events
    // (impacts and motion changes, StepStats::events) stops at the first event past the
    // bound, in the middle of its step (capped: the world is then no result, only a place
    // to look at: its step was cut short). A run within the bound is the call above, bit
    // for bit.
    struct RunReport {
        std::uint64_t steps = 0;
        std::uint64_t events = 0;
        bool capped = false; // stopped by max_events, not by rest or time
    };
    RunReport run_until_rest(double max_seconds, std::uint64_t max_events);
    // Takes whole steps in which no event falls (only the clock moves), at most max_steps
    // and while go_on() holds before each; returns how many. The same as calling step()
    // that many times (bit for bit), without its cost: most steps of a shot are quiet.
    std::uint64_t skip_quiet_steps(std::uint64_t max_steps, const std::function<bool()>& go_on);

    bool at_rest() const;
    double time() const;
    std::uint64_t steps() const;

    // Events are recorded only while enabled; counts are always kept.
    void set_record_events(bool on);
    const std::vector<Event>& events() const;
    void clear_events();
    const EventCounts& counts() const;
    const StepStats& last_step() const;

    // Balls in compliant contact at the clock: a cluster suspended at the end of the last
    // step (see world_hertz.cpp). They may overlap by the contact's deformation, and their
    // kinetic energy is short of the elastic energy stored in it.
    bool in_contact(int index) const;
    bool any_in_contact() const;

    // Conserved quantities, for tests and the debug panel (pocketed balls excluded).
    Vec2 momentum() const;
    double linear_energy() const;
    double rotational_energy() const;
    double energy() const { return linear_energy() + rotational_energy(); }

    // Hash of the exact bits of every ball's state and the clock.
    std::uint64_t state_hash() const;

    // Upper bound on impacts and transitions resolved in one step.
    static constexpr std::uint64_t kMaxEventsPerStep = 50'000'000;

    // Heap bytes the world holds for its balls, grid and event queue (capacities).
    std::size_t memory_bytes() const;

  private:
    std::unique_ptr<WorldImpl> impl_;
};

} // namespace billiards::physics
