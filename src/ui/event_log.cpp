#include "ui/event_log.hpp"

#include <fmt/format.h>

namespace billiards::ui {

std::string describe(const LoggedEvent& e) {
    switch (e.kind) {
    case physics::EventKind::BallBall:
        return fmt::format("{:9.4f} s  ball {} hits ball {}", e.time, e.ball, e.other);
    case physics::EventKind::BallCushion:
        return fmt::format("{:9.4f} s  ball {} hits cushion {}", e.time, e.ball, e.other);
    case physics::EventKind::Pocketed:
        return fmt::format("{:9.4f} s  ball {} pocketed in pocket {}", e.time, e.ball, e.other);
    }
    return {};
}

void EventLog::push(const LoggedEvent& e) {
    entries_.push_back(e);
    while (entries_.size() > capacity_)
        entries_.pop_front();
}

void EventLog::collect(const physics::World& world) {
    auto id = [&](int index) {
        return index >= 0 && index < world.ball_count() ? world.ball(index).id : -1;
    };
    for (const physics::Event& e : world.events()) {
        LoggedEvent l;
        l.time = e.time;
        l.kind = e.kind;
        l.ball = id(e.ball);
        l.other = e.kind == physics::EventKind::BallBall ? id(e.other) : e.other;
        push(l);
    }
}

} // namespace billiards::ui
