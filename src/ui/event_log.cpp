#include "ui/event_log.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace billiards::ui {

std::string describe(const LoggedEvent& e) {
    switch (e.kind) {
    case physics::EventKind::BallBall:
        return fmt::format("{:9.4f} s  ball {} hits ball {}", e.time, e.ball, e.other);
    case physics::EventKind::BallCushion:
        return fmt::format("{:9.4f} s  ball {} hits cushion {}", e.time, e.ball, e.other);
    case physics::EventKind::Pocketed:
        return fmt::format("{:9.4f} s  ball {} pocketed in pocket {}", e.time, e.ball, e.other);
    case physics::EventKind::Cluster:
        return fmt::format("{:9.4f} s  cluster contact of balls {} for {:.3f} ms", e.time,
                           fmt::join(e.members, " "), (e.end - e.time) * 1e3);
    }
    return {};
}

bool logged_event(const physics::World& world, const physics::Event& e, LoggedEvent& l) {
    if (e.in_cluster) return false;
    auto id = [&](int index) {
        return index >= 0 && index < world.ball_count() ? world.ball(index).id : -1;
    };
    l.time = e.time;
    l.kind = e.kind;
    l.ball = id(e.ball);
    l.other = e.kind == physics::EventKind::BallBall || e.kind == physics::EventKind::Cluster
                  ? id(e.other)
                  : e.other;
    l.end = e.end;
    l.members.clear();
    for (const int m : e.members)
        l.members.push_back(id(m));
    return true;
}

void EventLog::push(const LoggedEvent& e) {
    entries_.push_back(e);
    while (entries_.size() > capacity_)
        entries_.pop_front();
}

void EventLog::collect(const physics::World& world) {
    for (const physics::Event& e : world.events()) {
        LoggedEvent l;
        if (logged_event(world, e, l)) push(l);
    }
}

} // namespace billiards::ui
