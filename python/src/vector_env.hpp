// The stepping core of billiards.env.VectorEnv (docs/PYTHON.md): many environments, each
// with its own world or game and its own random stream, stepped together on a few threads.
// No Python here: the binding (bind_vector_env) hands it numpy buffers and releases the
// interpreter lock while it runs.
//
// Determinism: environment i draws only from its own generator, seeded with mix(seed, i)
// (core/random.hpp), and every result is written to row i, so the arrays are the same bits
// whatever the thread count.
#pragma once

#include <pybind11/pybind11.h>

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/random.hpp"

namespace billiards::python {

// A fixed set of threads that run f(0..n-1) together with the caller; run() returns when
// every index is done, and rethrows the exception of the lowest failing index.
class Pool {
  public:
    explicit Pool(int threads);
    ~Pool();
    Pool(const Pool&) = delete;
    Pool& operator=(const Pool&) = delete;
    int threads() const { return static_cast<int>(workers_.size()) + 1; }
    void run(std::size_t n, const std::function<void(std::size_t)>& f);

  private:
    void work();
    void drain();

    std::vector<std::thread> workers_;
    std::mutex mutex_;
    std::condition_variable wake_, done_;
    const std::function<void(std::size_t)>* job_ = nullptr;
    std::size_t n_ = 0, next_ = 0;
    std::uint64_t generation_ = 0;
    int running_ = 0;
    bool stop_ = false;
    std::size_t failed_index_ = 0;
    std::exception_ptr failed_;
};

// What one step of one environment gives back (a row of each array).
struct StepRow {
    double reward = 0.0;
    bool terminated = false;
    bool truncated = false;
    bool legal = false;
    std::int64_t pocketed = 0;       // object balls pocketed by the shot
    std::int64_t first_contact = -1; // the ball the cue ball hit first (pot task)
    bool cue_pocketed = false;
    std::int64_t shots = 0;   // shots of the episode, this one included
    std::int64_t winner = -1; // the games: the game's winner once over
};

// One environment of any task.
class Env {
  public:
    virtual ~Env() = default;
    virtual void reset(Random& rng) = 0;
    // action: heading (degrees), speed (m/s), side, height (ball radii), already checked.
    virtual StepRow step(const double* action) = 0;
    // rows x kColumns values.
    virtual void observe(double* out) const = 0;
};

inline constexpr int kColumns = 5; // x, y, on_table, cue_ball, target

struct VectorOptions {
    std::string task = "pot"; // "pot", "8-ball", "9-ball", "snooker", "three-cushion"
    std::size_t num_envs = 1;
    int threads = 1;
    int object_balls = 1; // pot: object balls on the table
    int max_shots = 100;  // the games: shots before an episode is truncated
    double max_speed = 10.0;
    std::string table; // empty: the task's own
    // pot: "play" (the game's compliant contact, Mathavan cushions, squirt) or "ideal"
    // (Params' and CueParams' defaults: instant contact, reflecting cushions, no squirt)
    std::string physics = "play";
};

class VectorCore {
  public:
    explicit VectorCore(const VectorOptions& options, std::uint64_t seed);
    std::size_t num_envs() const { return envs_.size(); }
    int rows() const { return rows_; }
    int threads() const { return pool_ ? pool_->threads() : 1; }
    double half_extent() const { return half_extent_; }

    // Every environment reset (reseeded first when seed is given); obs: num_envs x rows x 5.
    void reset(const std::uint64_t* seed, double* obs);
    // Steps every environment with its row of actions (num_envs x 4, finite), resetting those
    // that end (same-step autoreset: final_obs holds the observation they ended with).
    void step(const double* actions, double* obs, StepRow* rows, double* final_obs);
    bool started() const { return started_; }
    bool pot() const { return options_.task == "pot"; }
    void close() { pool_.reset(); }

  private:
    void each(const std::function<void(std::size_t)>& f);

    VectorOptions options_;
    std::vector<std::unique_ptr<Env>> envs_;
    std::vector<Random> streams_;
    std::unique_ptr<Pool> pool_;
    int rows_ = 0;
    double half_extent_ = 0.0;
    bool started_ = false;
};

void bind_vector_env(pybind11::module_& m);

} // namespace billiards::python
