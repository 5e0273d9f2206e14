#include "audio/sound_events.hpp"

#include <algorithm>
#include <cmath>

namespace billiards::audio {

namespace {

Vec2 unit_or_zero(Vec2 v) {
    const double l = length(v);
    return l > 0.0 ? v / l : Vec2{};
}

Vec2 closest_on_segment(Vec2 p, Vec2 a, Vec2 b) {
    const Vec2 d = b - a;
    const double l2 = length_sq(d);
    const double s = l2 > 0.0 ? std::clamp(dot(p - a, d) / l2, 0.0, 1.0) : 0.0;
    return a + d * s;
}

} // namespace

StepStart step_start(const physics::World& world) {
    StepStart s;
    s.time = world.time();
    s.balls.reserve(static_cast<std::size_t>(world.ball_count()));
    for (const physics::Ball& b : world.balls())
        s.balls.push_back({b.position, b.velocity, b.state == physics::MotionState::Pocketed});
    return s;
}

std::vector<Impact> impacts(const StepStart& before, const physics::World& after,
                            std::span<const physics::Event> events) {
    std::vector<Impact> out;
    const double t1 = after.time();
    const physics::Params& params = after.params();
    const auto n = static_cast<int>(
        std::min<std::size_t>(before.balls.size(), static_cast<std::size_t>(after.ball_count())));
    auto valid = [&](int i) { return i >= 0 && i < n; };
    // A ball's state at time t from the step's start (moving straight) and from its end
    // (moved back); `ok` false when that state says nothing (pocketed).
    struct Seen {
        Vec2 p, v;
        bool ok;
    };
    auto from_start = [&](int i, double t) {
        const StepStart::BallState& b = before.balls[static_cast<std::size_t>(i)];
        return Seen{b.position + b.velocity * (t - before.time), b.velocity, !b.pocketed};
    };
    auto from_end = [&](int i, double t) {
        const physics::Ball& b = after.ball(i);
        return Seen{b.position - b.velocity * (t1 - t), b.velocity,
                    b.state != physics::MotionState::Pocketed};
    };
    for (const physics::Event& e : events) {
        if (!valid(e.ball)) continue;
        Impact im;
        im.time = e.time;
        switch (e.kind) {
        case physics::EventKind::BallBall: {
            if (!valid(e.other)) continue;
            im.kind = SoundKind::Click;
            double speed = 0.0;
            const Seen a0 = from_start(e.ball, e.time), b0 = from_start(e.other, e.time);
            if (a0.ok && b0.ok) {
                const Vec2 nrm = unit_or_zero(a0.p - b0.p);
                speed = std::max(speed, -dot(a0.v - b0.v, nrm)); // closing: negative
            }
            const Seen a1 = from_end(e.ball, e.time), b1 = from_end(e.other, e.time);
            if (a1.ok && b1.ok && params.ball_restitution > 0.0) {
                const Vec2 nrm = unit_or_zero(a1.p - b1.p);
                speed = std::max(speed, dot(a1.v - b1.v, nrm) / params.ball_restitution);
            }
            im.speed = speed;
            im.x = (a0.p.x + b0.p.x) * 0.5;
            break;
        }
        case physics::EventKind::BallCushion: {
            if (e.other < 0 || e.other >= static_cast<int>(after.cushions().size())) continue;
            const physics::Cushion& c = after.cushions()[static_cast<std::size_t>(e.other)];
            im.kind = SoundKind::Cushion;
            double speed = 0.0;
            const Seen a0 = from_start(e.ball, e.time);
            if (a0.ok) {
                const Vec2 nrm = unit_or_zero(a0.p - closest_on_segment(a0.p, c.a, c.b));
                speed = std::max(speed, -dot(a0.v, nrm));
            }
            const Seen a1 = from_end(e.ball, e.time);
            if (a1.ok && params.cushion_restitution > 0.0) {
                const Vec2 nrm = unit_or_zero(a1.p - closest_on_segment(a1.p, c.a, c.b));
                speed = std::max(speed, dot(a1.v, nrm) / params.cushion_restitution);
            }
            im.speed = speed;
            im.x = a0.p.x;
            break;
        }
        case physics::EventKind::Pocketed: {
            im.kind = SoundKind::Pocket;
            const Seen a0 = from_start(e.ball, e.time);
            im.speed = a0.ok ? length(a0.v) : 0.0;
            im.x = e.other >= 0 && e.other < static_cast<int>(after.pockets().size())
                       ? after.pockets()[static_cast<std::size_t>(e.other)].center.x
                       : a0.p.x;
            // A ball that creeps in still drops and rolls down the return.
            im.speed = std::max(im.speed, 0.2);
            break;
        }
        case physics::EventKind::Cluster:
            continue;
        }
        if (!(im.speed >= kSilentSpeed)) continue;
        out.push_back(im);
    }
    return out;
}

double full_gain_speed(SoundKind kind) {
    switch (kind) {
    case SoundKind::Click:
        return 4.0;
    case SoundKind::Cushion:
        return 3.0;
    case SoundKind::Cue:
        return 9.0;
    case SoundKind::Pocket:
        return 2.5;
    }
    return 3.0;
}

Play play_for(const Impact& im, double x_min, double x_max, double delay) {
    Play p;
    p.kind = im.kind;
    const double r = std::clamp(im.speed / full_gain_speed(im.kind), 0.0, 1.0);
    p.gain = std::pow(r, 0.8);
    if (im.kind == SoundKind::Pocket) p.gain = 0.35 + 0.65 * p.gain; // the roll is always heard
    // Harder impacts: shorter contact, a brighter and higher sound.
    p.pitch = 0.88 + 0.24 * r;
    if (im.kind == SoundKind::Pocket) p.pitch = 0.95 + 0.1 * r;
    const double mid = 0.5 * (x_min + x_max), half = 0.5 * (x_max - x_min);
    p.pan = half > 0.0 ? std::clamp((im.x - mid) / half, -1.0, 1.0) * 0.6 : 0.0;
    p.delay = delay;
    return p;
}

Impact cue_strike(double speed, double time, double x) {
    return {SoundKind::Cue, speed, time, x};
}

} // namespace billiards::audio
