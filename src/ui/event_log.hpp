// Recent collisions for the debug panel, kept by ball id (world indices change when balls
// are deleted). No ImGui.
#pragma once

#include <cstddef>
#include <deque>
#include <string>
#include <vector>

#include "physics/world.hpp"

namespace billiards::ui {

struct LoggedEvent {
    double time = 0.0;
    physics::EventKind kind = physics::EventKind::BallBall;
    int ball = 0;               // id
    int other = 0;              // ball id (ball-ball), cushion or pocket index
    double end = 0.0;           // a cluster's end
    std::vector<int> members{}; // a cluster's balls (ids)
};

std::string describe(const LoggedEvent& e);
// A world event as the log keeps it (ids for indices). False for the contacts inside a
// cluster: the log shows the cluster as one event.
bool logged_event(const physics::World& world, const physics::Event& e, LoggedEvent& out);

class EventLog {
  public:
    explicit EventLog(std::size_t capacity = 256) : capacity_(capacity) {}
    // Copies the world's recorded events (then the caller clears them in the world).
    void collect(const physics::World& world);
    void push(const LoggedEvent& e);
    void clear() { entries_.clear(); }
    const std::deque<LoggedEvent>& entries() const { return entries_; }

  private:
    std::size_t capacity_;
    std::deque<LoggedEvent> entries_;
};

} // namespace billiards::ui
