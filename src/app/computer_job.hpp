// The computer's turn in any game mode: its decision is worked out on a worker thread (the
// frame loop never waits for it), then its chosen shot is shown lined up for a moment before
// it is played. The mode says what a decision is (Move) and what to do with it.
#pragma once

#include <chrono>
#include <future>
#include <optional>
#include <utility>

namespace billiards::app {

// How long the computer's cue is shown lined up before it shoots (real seconds).
inline constexpr double kComputerAimSeconds = 0.9;

template <class Move> class ComputerJob {
  public:
    ComputerJob() = default;
    ~ComputerJob() { cancel(); }
    ComputerJob(const ComputerJob&) = delete;
    ComputerJob& operator=(const ComputerJob&) = delete;

    // Starts thinking: `decide` (a copy of the position inside) runs on a worker thread.
    template <class Decide> void start(Decide decide) {
        job_ = std::async(std::launch::async, std::move(decide));
    }
    bool thinking() const { return job_.valid(); }
    // The decision once it is in, without blocking; none while it thinks or when idle.
    std::optional<Move> take() {
        if (!job_.valid() || job_.wait_for(std::chrono::seconds(0)) != std::future_status::ready)
            return std::nullopt;
        std::optional<Move> move(job_.get());
        job_ = {};
        return move;
    }
    // Blocks until the decision is in (tests), leaving it to take().
    void wait() const {
        if (job_.valid()) job_.wait();
    }
    // Forgets the thinking and the shot shown: its answer is for a position that is gone.
    void cancel() {
        wait();
        job_ = {};
        shown_.reset();
    }

    // ---- the chosen shot, lined up until `shoot_at` (real seconds), then played
    void show(Move move, double shoot_at) {
        shown_ = std::move(move);
        shoot_at_ = shoot_at;
    }
    bool shown() const { return shown_.has_value(); }
    // The shot shown once its time has come (and it is no longer shown); none before.
    std::optional<Move> due(double now) {
        if (!shown_ || now < shoot_at_) return std::nullopt;
        std::optional<Move> move = std::move(shown_);
        shown_.reset();
        return move;
    }

    // One frame of the computer's turn: a decision that came in goes to `decided`, a shown
    // shot whose time has come to `shoot`; with neither, and when `may_start` (its turn, the
    // balls at rest), `think()` starts the next decision.
    template <class Decided, class Shoot, class Think>
    void poll(double now, bool may_start, Decided decided, Shoot shoot, Think think) {
        if (thinking()) {
            if (std::optional<Move> move = take()) decided(std::move(*move));
            return;
        }
        if (std::optional<Move> move = due(now)) {
            shoot(std::move(*move));
            return;
        }
        if (!shown() && may_start) think();
    }

  private:
    std::future<Move> job_;
    std::optional<Move> shown_;
    double shoot_at_ = 0.0;
};

} // namespace billiards::app
