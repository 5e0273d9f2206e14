// The event-driven ball world.
//
// Every ball moves along a closed-form motion segment based at its own time (Body: t0, r,
// v; Accel for the rest when the segment is not uniform). Each ball holds its next
// interaction event (the earliest of its transition, cushion, pocket and ball impacts that
// it or a neighbour predicted) and its next cell crossing; a calendar queue orders the balls
// by the earlier of the two. Events persist across steps: a fixed step only processes the
// events up to its end, and the public Ball copies of the balls that moved catch up when
// next read, so a step without events costs almost nothing and balls at rest cost nothing.
//
// Validity: an impact predicted with ball j records j's trajectory counter; when it comes
// due after j's trajectory changed, it is stale and the ball predicts afresh. Completeness:
// two balls can only touch while their cells are neighbours; whenever a trajectory changes
// the ball is checked against its 3 x 3 block, and at a crossing against the cells that
// enter the block. A pair is searched only up to the earlier of the two balls' next events
// (both are re-examined by then), so searches stay short.
#include "physics/world_impl.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/hash.hpp"

namespace billiards::physics {

const char* to_string(MotionState s) {
    switch (s) {
    case MotionState::Stationary:
        return "stationary";
    case MotionState::Sliding:
        return "sliding";
    case MotionState::Rolling:
        return "rolling";
    case MotionState::Spinning:
        return "spinning";
    case MotionState::Pocketed:
        return "pocketed";
    }
    return "?";
}

const char* to_string(BallContact c) {
    return c == BallContact::Hertz ? "hertz" : "ideal";
}

const char* to_string(CushionModel c) {
    return c == CushionModel::Mathavan ? "mathavan" : "reflect";
}

const char* to_string(ThrowModel m) {
    switch (m) {
    case ThrowModel::Horizontal:
        return "horizontal";
    case ThrowModel::Contact:
        return "contact";
    case ThrowModel::Alciatore:
        return "alciatore";
    case ThrowModel::Mathavan:
        return "mathavan";
    }
    return "?";
}

const char* to_string(EventKind k) {
    switch (k) {
    case EventKind::BallBall:
        return "ball_ball";
    case EventKind::BallCushion:
        return "ball_cushion";
    case EventKind::Pocketed:
        return "pocketed";
    case EventKind::Cluster:
        return "cluster";
    }
    return "?";
}

namespace {

// Event kinds, in the order they are taken at equal times for one ball.
enum : std::uint8_t {
    kTransition = 0,
    kPocket = 1,
    kCushion = 2,
    kBall = 3,
    kRecheck = 4,
    kCluster = 5, // resume a suspended cluster (world_hertz.cpp)
    kNone = 6
};

// A moving ball with nothing ahead re-examines its surroundings this often (s), so that
// every search has a finite horizon.
constexpr double kRecheckAfter = 1000.0;
// Cells are this much wider than the largest ball's diameter; crossings happen this far
// (relative to the cell) beyond an edge, so a ball on an edge does not flip back and forth.
constexpr double kCellSlack = 1.002;
constexpr double kCrossMargin = 1e-6;

Box cushion_box(const Cushion& c) {
    return {std::min(c.a.x, c.b.x), std::min(c.a.y, c.b.y), std::max(c.a.x, c.b.x),
            std::max(c.a.y, c.b.y)};
}
Box pocket_box(const Pocket& p) {
    return {p.center.x - p.radius, p.center.y - p.radius, p.center.x + p.radius,
            p.center.y + p.radius};
}

// First s >= 0 at which p + v s + a s^2 / 2 goes above hi moving up (0 when already
// above); infinity when never.
double exit_above(double p, double v, double a, double hi) {
    if (!(hi < kNever)) return kNever;
    if (p >= hi) return 0.0;
    if (a == 0.0) return v > 0.0 ? (hi - p) / v : kNever;
    if (a < 0.0 && !(v > 0.0)) return kNever; // only falls from here
    const double c = p - hi;                  // < 0
    const double disc = v * v - 2.0 * a * c;
    if (disc < 0.0) return kNever;
    const double q = -0.5 * (v + std::copysign(std::sqrt(disc), v));
    const double r1 = q / (0.5 * a);
    const double r2 = c / q;
    if (a > 0.0) return std::max(0.0, std::max(r1, r2)); // roots of opposite signs
    return std::max(0.0, std::min(r1, r2));              // a < 0, rising: both roots ahead
}

bool is_still(MotionState s) {
    return s == MotionState::Stationary || s == MotionState::Spinning;
}

} // namespace

WorldImpl::WorldImpl(const Params& params, std::vector<Cushion> cushions,
                     std::vector<Pocket> pockets)
    : cushions_(std::move(cushions)), pockets_(std::move(pockets)) {
    set_params(params);
}

// ---------------------------------------------------------------------------------------
// Balls and their motion storage

int WorldImpl::add_ball(const BallDef& def) {
    if (behind_) bring_up_to_date();
    built_ = false;
    Ball b;
    b.id = def.id;
    balls_.push_back(b);
    body_.emplace_back();
    aux_.emplace_back();
    if (!accel_.empty()) accel_.emplace_back();
    const int index = ball_count() - 1;
    set_ball(index, def);
    return index;
}

void WorldImpl::reserve(std::size_t balls) {
    balls_.reserve(balls);
    body_.reserve(balls);
    aux_.reserve(balls);
}

void WorldImpl::remove_ball(int index) {
    if (behind_) bring_up_to_date();
    built_ = false;
    const auto i = static_cast<std::ptrdiff_t>(index);
    clusters_.clear(); // indices move
    balls_.erase(balls_.begin() + i);
    body_.erase(body_.begin() + i);
    aux_.erase(aux_.begin() + i);
    if (!accel_.empty()) accel_.erase(accel_.begin() + i);
}

void WorldImpl::clear_balls() {
    built_ = false;
    behind_ = false;
    clusters_.clear();
    balls_.clear();
    body_.clear();
    aux_.clear();
    accel_.clear();
}

int WorldImpl::index_of(int id) const {
    for (int i = 0; i < ball_count(); ++i) {
        if (balls_[static_cast<std::size_t>(i)].id == id) return i;
    }
    return -1;
}

void WorldImpl::set_ball(int index, const BallDef& def) {
    if (behind_) bring_up_to_date();
    Ball& b = balls_[static_cast<std::size_t>(index)];
    b.id = def.id;
    b.position = def.position;
    b.velocity = def.velocity;
    b.spin = def.spin;
    b.radius = def.radius;
    b.mass = def.mass;
    b.state = MotionState::Stationary;
    rebuild_motion(index);
}

void WorldImpl::set_motion(int index, Vec2 velocity, Vec3 spin) {
    if (behind_) bring_up_to_date();
    Ball& b = balls_[static_cast<std::size_t>(index)];
    if (b.state == MotionState::Pocketed) return;
    b.velocity = velocity;
    b.spin = spin;
    rebuild_motion(index);
}

void WorldImpl::restore_ball(int index, Vec2 position) {
    if (behind_) bring_up_to_date();
    Ball& b = balls_[static_cast<std::size_t>(index)];
    b.position = position;
    b.velocity = {};
    b.spin = {};
    b.state = MotionState::Stationary;
    rebuild_motion(index);
}

void WorldImpl::set_params(const Params& p) {
    if (behind_) bring_up_to_date(); // the new segments start from the public copies
    if (p.timestep != params_.timestep) {
        time_base_ = time();
        steps_since_ = 0;
    }
    params_ = p;
    laws_ready_ = p.ball_contact == BallContact::Hertz; // else made when a pinch needs them
    if (laws_ready_) laws_ = hertz::Laws::from(p);
    frictionless_ = p.sliding_friction == 0.0 && p.rolling_friction == 0.0 &&
                    p.spin_friction == 0.0 && std::isfinite(p.gravity);
    chatter_free_ = frictionless_ && p.ball_restitution == 1.0 && p.cushion_restitution == 1.0;
    chatter_ball_ = -1;
    chatter_count_ = 0;
    jam_size_ = 0;
    jam_count_ = 0;
    built_ = false;
    for (int i = 0; i < ball_count(); ++i)
        rebuild_motion(i);
}

// A new segment from the public copy of ball `index`, starting now.
void WorldImpl::rebuild_motion(int index) {
    const auto k = static_cast<std::size_t>(index);
    Ball& b = balls_[k];
    const double now = time();
    Motion m;
    if (b.state == MotionState::Pocketed) {
        m.t0 = now;
        m.r = b.position;
        m.state = MotionState::Pocketed;
    } else {
        m = make_motion(now, b.position, b.velocity, b.spin, b.radius, params_);
        // Keep the public copy consistent with the snapped motion (rolling spin etc.).
        b.spin = m.w;
        b.state = m.state;
    }
    body_[k].radius = b.radius;
    store(index, m);
    changed(index);
    if (!built_) return;
    // Incremental: move the ball in the grid and predict its events from now.
    if (b.state != MotionState::Pocketed && 2.0 * b.radius * kCellSlack > grid_.cell_size()) {
        built_ = false; // a larger ball than the grid was made for
        return;
    }
    place_in_grid(index, now);
    predict(index, now);
}

Motion WorldImpl::load(int i) const {
    const auto k = static_cast<std::size_t>(i);
    const Body& b = body_[k];
    const Aux& x = aux_[k];
    Motion m;
    m.t0 = b.t0;
    m.r = {b.rx, b.ry};
    m.v = {b.vx, b.vy};
    m.state = x.state;
    if (!uniform(i)) {
        const Accel& a = accel_[k];
        m.a = a.a;
        m.w = a.w;
        m.alpha = a.alpha;
        m.t_lin = a.t_lin;
        m.t_spin = a.t_spin;
    }
    return m;
}

void WorldImpl::store(int i, const Motion& m) {
    const auto k = static_cast<std::size_t>(i);
    Body& b = body_[k];
    Aux& x = aux_[k];
    b.t0 = m.t0;
    b.rx = m.r.x;
    b.ry = m.r.y;
    b.vx = m.v.x;
    b.vy = m.v.y;
    x.state = m.state;
    x.touched = 1;
    const bool plain = m.a.x == 0.0 && m.a.y == 0.0 && m.w.x == 0.0 && m.w.y == 0.0 &&
                       m.w.z == 0.0 && m.alpha.x == 0.0 && m.alpha.y == 0.0 && m.alpha.z == 0.0 &&
                       m.t_lin == kNever && m.t_spin == kNever;
    b.counter = (b.counter & ~1u) | (plain ? 0u : 1u);
    if (!plain) {
        if (accel_.size() < body_.size()) accel_.resize(body_.size());
        accel_[k] = {m.a, m.w, m.alpha, m.t_lin, m.t_spin};
    }
}

// In a world without cloth friction a ball that does not spin moves uniformly after an
// impact: stores the segment store(i, make_motion(t, r, v, w, ...)) would, with the same
// bits, without building it (impacts are most of the work in a gas; going through a Motion
// and store() costs the gas about 5%). False, storing nothing, when make_motion has more
// to do: spin, or a speed so small that it rolls.
bool WorldImpl::store_uniform(int i, double t, Vec2 r, Vec2 v, const Vec3& w) {
    const auto k = static_cast<std::size_t>(i);
    Body& b = body_[k];
    if (!frictionless_ || w.x != 0.0 || w.y != 0.0 || w.z != 0.0 || !(b.radius > 0.0)) return false;
    v = {flush_tiny(v.x), flush_tiny(v.y)};
    const MotionState state = classify_motion(v, w, b.radius);
    if (state != MotionState::Sliding && state != MotionState::Stationary) return false;
    b.t0 = t;
    b.rx = r.x;
    b.ry = r.y;
    b.vx = v.x;
    b.vy = v.y;
    b.counter &= ~1u; // uniform
    aux_[k].state = state;
    aux_[k].touched = 1;
    return true;
}

void WorldImpl::store_after_impact(int i, double t, const narrow::BodyState& s) {
    if (!store_uniform(i, t, s.position, s.velocity, s.spin))
        store(i, make_motion(t, s.position, s.velocity, s.spin, s.radius, params_));
}

[[gnu::always_inline]] inline narrow::Kinematics WorldImpl::kinematics(int i, double t) const {
    const auto k = static_cast<std::size_t>(i);
    const Body& b = body_[k];
    const double s = t - b.t0;
    const Vec2 r{b.rx, b.ry}, v{b.vx, b.vy};
    if (!(b.counter & 1u)) return {r + v * s, v, {}};
    const Vec2 a = accel_[k].a;
    return {r + v * s + a * (0.5 * s * s), v + a * s, a};
}

double WorldImpl::segment_end(int i) const {
    const auto k = static_cast<std::size_t>(i);
    if (uniform(i)) return kNever;
    const Accel& a = accel_[k];
    return a.t_lin < a.t_spin ? a.t_lin : a.t_spin;
}

bool WorldImpl::at_rest() const {
    // The segments' states are the public copies' states (bring_up_to_date copies them).
    for (const Aux& x : aux_) {
        if (x.state != MotionState::Stationary && x.state != MotionState::Pocketed) return false;
    }
    return true;
}

// ---------------------------------------------------------------------------------------
// Stepping

void WorldImpl::step() {
    advance(next_step_end());
    ++steps_since_;
    ++steps_;
}

void WorldImpl::step_partial(double h) {
    if (!(h > 0.0)) return;
    h = std::min(h, params_.timestep);
    const double start = time();
    advance(start + h);
    ++steps_;
    time_base_ = start + h;
    steps_since_ = 0;
}

World::RunReport WorldImpl::run_until_rest(double max_seconds, std::uint64_t max_events) {
    const std::uint64_t first = steps_;
    World::RunReport report;
    const double end = time() + max_seconds;
    // A whole step is taken while at least (almost) one step is left.
    auto whole_step = [&] { return !(end - time() < params_.timestep * (1.0 - 1e-9)); };
    while (!at_rest()) {
        const double left = end - time();
        if (left <= 0.0) break;
        // A step stops short once it has passed the cap (by the one event that showed the
        // run needs more than max_events).
        const std::uint64_t left_under_cap = max_events - report.events;
        step_event_limit_ =
            left_under_cap >= kMaxEventsPerStep ? kMaxEventsPerStep : left_under_cap + 1;
        // Stop exactly at the end rather than up to one step past it.
        if (!whole_step()) {
            step_partial(left);
        } else if (skip_quiet_steps(~std::uint64_t{0}, whole_step) == 0) {
            step();
        }
        report.events += stats_.events; // 0 after quiet steps
        if (report.events > max_events) {
            report.capped = true;
            break;
        }
    }
    step_event_limit_ = kMaxEventsPerStep;
    report.steps = steps_ - first;
    return report;
}

double WorldImpl::next_event_time() {
    if (!built_) return -std::numeric_limits<double>::infinity();
    double t = kNever;
    int b = 0;
    return queue_.peek(t, b, due_times()) ? t : kNever;
}

void WorldImpl::quiet_steps_taken(std::uint64_t k) {
    stats_ = {};
    behind_ = true;
    tune_time_ += static_cast<double>(k) * params_.timestep;
}

void WorldImpl::advance(double end) {
    const double start = time();
    if (!built_) build(start);
    advance_end_ = end;
    stats_ = {};
    processed_ = 0;
    double t = 0.0;
    int b = 0;
    const auto due = due_times();
    while (queue_.peek(t, b, due) && t <= end) {
        if (stats_.events >= step_event_limit_) {
            stats_.truncated = true;
            break;
        }
        ++processed_;
        // The queue names the balls of the next events (unless this one reschedules ahead
        // of them): start loading their data while this event is resolved.
        for (std::size_t k = 1; k <= 2; ++k) {
            const int n = queue_.soon(k);
            if (n < 0) break;
            __builtin_prefetch(&body_[static_cast<std::size_t>(n)]);
            __builtin_prefetch(&aux_[static_cast<std::size_t>(n)]);
        }
        process(b, t);
    }
    behind_ = true; // the public copies catch up when read
    // Keep about six queue entries per calendar bucket: re-bucket when the rate of events
    // (measured over at least 64 events or 64 steps) has moved far from the buckets' width.
    tune_events_ += processed_;
    tune_time_ += end - start;
    if (tune_events_ >= 64 || tune_time_ >= 64.0 * params_.timestep) {
        const double ideal =
            6.0 * tune_time_ / static_cast<double>(std::max<std::uint64_t>(tune_events_, 1));
        if (ideal < 0.25 * queue_.width() || ideal > 4.0 * queue_.width()) reset_queue(end, ideal);
        tune_events_ = 0;
        tune_time_ = 0.0;
    }
}

void WorldImpl::reset_queue(double now, double width) {
    queue_.reset(balls_.size(), now, width);
    for (std::size_t k = 0; k < balls_.size(); ++k)
        requeue(static_cast<int>(k));
}

// Brings the public copy of every ball that moved (or changed) up to the clock: once per
// read after stepping, not once per step (most steps of a run to rest are never looked at).
void WorldImpl::bring_up_to_date() const {
    behind_ = false;
    const double t = time();
    const std::size_t n = balls_.size();
    for (std::size_t k = 0; k < n; ++k) {
        const Aux& x = aux_[k];
        if (!x.touched && (x.state == MotionState::Stationary || x.state == MotionState::Pocketed))
            continue;
        x.touched = 0;
        const Body& b = body_[k];
        Ball& out = balls_[k];
        out.state = x.state;
        const double s = t - b.t0;
        Vec2 r{b.rx, b.ry}, v{b.vx, b.vy};
        if (!(b.counter & 1u)) {
            if (s > 0.0) r = r + v * s;
            out.position = r;
            out.velocity = v;
            out.spin = {};
        } else {
            const Accel& a = accel_[k];
            Vec3 w = a.w;
            if (s > 0.0) {
                r = r + v * s + a.a * (0.5 * s * s);
                v = v + a.a * s;
                w = w + a.alpha * s;
            }
            out.position = r;
            out.velocity = v;
            out.spin = w;
        }
    }
}

// ---------------------------------------------------------------------------------------
// Broad phase and prediction

void WorldImpl::build(double now) {
    const std::size_t n = balls_.size();
    built_ = true;
    // Balls were added one at a time: give back the growth slack once (one copy per build;
    // even 1,000 balls leave 24 slots, 4 bytes per ball, in vectors of 1,024).
    auto fit = [](auto& v) {
        if (v.capacity() > v.size()) v.shrink_to_fit();
    };
    fit(balls_);
    fit(body_);
    fit(aux_);
    fit(accel_);
    // The grid covers the balls, cushions and pockets; cells fit the largest ball.
    Box bounds{};
    bool any = false;
    double max_radius = 0.0;
    auto add = [&](const Box& b) {
        bounds = any ? unite(bounds, b) : b;
        any = true;
    };
    for (std::size_t k = 0; k < n; ++k) {
        if (aux_[k].state == MotionState::Pocketed) continue;
        const Vec2 p = kinematics(static_cast<int>(k), now).r;
        const double r = body_[k].radius;
        max_radius = std::max(max_radius, r);
        add({p.x - r, p.y - r, p.x + r, p.y + r});
    }
    // Cushions, then pockets, each with its item number in the grid.
    auto for_each_static = [&](auto&& f) {
        for (std::size_t c = 0; c < cushions_.size(); ++c)
            f(cushion_box(cushions_[c]), static_cast<std::uint32_t>(c));
        for (std::size_t p = 0; p < pockets_.size(); ++p)
            f(pocket_box(pockets_[p]), static_cast<std::uint32_t>(cushions_.size() + p));
    };
    for_each_static([&](const Box& box, std::uint32_t) { add(box); });
    if (!any) bounds = {0.0, 0.0, 1.0, 1.0};
    const double min_cell = max_radius > 0.0 ? 2.0 * max_radius * kCellSlack : 1.0;
    grid_.reset(bounds, min_cell, 4 * n + 4096);
    margin_ = kCrossMargin * grid_.cell_size();
    std::size_t covered = 0;
    for_each_static([&](const Box& box, std::uint32_t) { covered += grid_.cells_covered(box); });
    grid_.reserve_statics(covered);
    for_each_static([&](const Box& box, std::uint32_t item) { grid_.add_static(box, item); });
    grid_.seal_statics();
    cushion_normals_.clear();
    cushion_normals_.reserve(cushions_.size());
    for (const Cushion& c : cushions_) {
        const double len = length(c.b - c.a);
        // A degenerate cushion gets no normal, which disables the shortcut for it.
        cushion_normals_.push_back(len > 0.0 ? perp(c.b - c.a) / len : Vec2{});
    }
    static_seen_.assign(cushions_.size() + pockets_.size(), 0u);
    static_stamp_ = 0;
    // Calendar buckets a sixteenth of a step wide to begin with; advance() re-tunes them.
    queue_.reset(n, now, params_.timestep / 16.0);
    tune_events_ = 0;
    tune_time_ = 0.0;

    for (std::size_t k = 0; k < n; ++k) {
        aux_[k].cell = -1;
        if (aux_[k].state == MotionState::Pocketed) continue;
        link(static_cast<int>(k), grid_.cell_at(kinematics(static_cast<int>(k), now).r));
    }
    for (std::size_t k = 0; k < n; ++k) {
        const int i = static_cast<int>(k);
        own_events(i, now, kinematics(i, now));
    }
    // Every close pair once.
    for (std::size_t k = 0; k < n; ++k) {
        const int i = static_cast<int>(k);
        if (aux_[k].cell < 0) continue;
        const narrow::Kinematics ki = kinematics(i, now);
        grid_.for_each_neighbour_cell(aux_[k].cell, [&](int c) {
            for (int j = grid_.head(c); j != CellGrid::kNone;
                 j = body_[static_cast<std::size_t>(j)].next)
                if (j > i) pair(i, j, now, ki);
        });
    }
    // Suspended clusters resume as planned.
    for (std::size_t c = 0; c < clusters_.size(); ++c)
        if (clusters_[c].live) schedule_resume(c);
    for (std::size_t k = 0; k < n; ++k)
        requeue(static_cast<int>(k));
}

// Every member of suspended cluster `slot` holds the event that resumes it (and no cell
// crossing: it moves only when resumed). The caller requeues them.
void WorldImpl::schedule_resume(std::size_t slot) {
    const Suspended& c = clusters_[slot];
    for (const int ball : c.members) {
        const auto u = static_cast<std::size_t>(ball);
        body_[u].event = c.resume;
        aux_[u].kind = kCluster;
        aux_[u].other = static_cast<std::int32_t>(slot);
        aux_[u].cross = kNever;
    }
}

void WorldImpl::place_in_grid(int i, double now) {
    unlink(i);
    if (aux_[static_cast<std::size_t>(i)].state == MotionState::Pocketed) return;
    link(i, grid_.cell_at(kinematics(i, now).r));
}

void WorldImpl::link(int i, int cell) {
    const auto u = static_cast<std::size_t>(i);
    aux_[u].cell = cell;
    std::int32_t& head = grid_.head(cell);
    body_[u].next = head;
    head = i;
}

void WorldImpl::unlink(int i) {
    const auto u = static_cast<std::size_t>(i);
    const int cell = aux_[u].cell;
    if (cell < 0) return;
    aux_[u].cell = -1;
    std::int32_t* at = &grid_.head(cell);
    while (*at != CellGrid::kNone) {
        if (*at == i) {
            *at = body_[u].next;
            body_[u].next = CellGrid::kNone;
            return;
        }
        at = &body_[static_cast<std::size_t>(*at)].next;
    }
}

void WorldImpl::requeue(int i) {
    queue_.set(i, due(static_cast<std::size_t>(i)));
}

namespace {
// Is (t, kind, other) earlier than the event a ball holds?
inline bool earlier(double t, std::uint8_t kind, int other, double et, std::uint8_t ekind,
                    int eother) {
    if (t != et) return t < et;
    if (kind != ekind) return kind < ekind;
    return other < eother;
}
} // namespace

// The ball's own events from now: transition, cushions and pockets near it, a re-check
// when nothing else is ahead; and its next cell crossing. Clears any pair event it held.
void WorldImpl::own_events(int i, double now, const narrow::Kinematics& k) {
    const auto u = static_cast<std::size_t>(i);
    Body& b = body_[u];
    Aux& x = aux_[u];
    b.event = kNever;
    x.kind = kNone;
    x.other = 0;
    x.cross = kNever;
    if (x.state == MotionState::Pocketed) return;
    const double end = segment_end(i);
    if (end < kNever) {
        b.event = end;
        x.kind = kTransition;
    }
    if (is_still(x.state)) return; // a ball at rest only gets hit
    if (b.event == kNever) {
        b.event = now + kRecheckAfter;
        x.kind = kRecheck;
    }
    if (++static_stamp_ == 0) {
        std::fill(static_seen_.begin(), static_seen_.end(), 0u);
        static_stamp_ = 1;
    }
    if (grid_.statics_near(x.cell)) {
        grid_.for_each_neighbour_cell(x.cell, [&](int c) {
            if (grid_.has_statics(c)) statics_in(i, c, now, k);
        });
    }
    crossing(i, now, k);
}

// Cushions and pockets registered in `cell` not yet seen in this query.
void WorldImpl::statics_in(int i, int cell, double now, const narrow::Kinematics& k) {
    const auto u = static_cast<std::size_t>(i);
    Body& b = body_[u];
    Aux& x = aux_[u];
    const std::uint32_t ncush = static_cast<std::uint32_t>(cushions_.size());
    grid_.for_each_static(cell, [&](std::uint32_t item) {
        if (static_seen_[item] == static_stamp_) return;
        static_seen_[item] = static_stamp_;
        const double h = b.event - now;
        if (item < ncush) {
            if (k.a.x == 0.0 && k.a.y == 0.0) {
                // Straight line: no contact while moving away from the cushion's line, or
                // when that line is out of reach before the horizon.
                const Vec2 n = cushion_normals_[item];
                const double d = dot(n, k.r - cushions_[item].a);
                const double vn = dot(n, k.v);
                const double gap = std::fabs(d) - b.radius;
                if (gap > 1e-9 * (b.radius + std::fabs(d)) &&
                    (d * vn >= 0.0 || gap > std::fabs(vn) * h * (1.0 + 1e-9)))
                    return;
            }
            const double s = narrow::ball_segment_toi(k, b.radius, cushions_[item], h);
            if (s >= 0.0 &&
                earlier(now + s, kCushion, static_cast<int>(item), b.event, x.kind, x.other)) {
                b.event = now + s;
                x.kind = kCushion;
                x.other = static_cast<int>(item);
            }
        } else {
            const int p = static_cast<int>(item - ncush);
            const double s = narrow::ball_pocket_toi(k, pockets_[static_cast<std::size_t>(p)], h);
            if (s >= 0.0 && earlier(now + s, kPocket, p, b.event, x.kind, x.other)) {
                b.event = now + s;
                x.kind = kPocket;
                x.other = p;
            }
        }
    });
}

// Next cell crossing of ball i (its segment's end re-examines everything anyway).
void WorldImpl::crossing(int i, double now, const narrow::Kinematics& k) {
    const auto u = static_cast<std::size_t>(i);
    Aux& x = aux_[u];
    const int cell = x.cell;
    const int cy = grid_.row_of_cell(cell), cx = grid_.column_of_cell(cell, cy);
    const double m = margin_;
    double best = kNever;
    std::uint8_t dir = 0;
    auto consider = [&](double s, std::uint8_t d) {
        if (s < best) {
            best = s;
            dir = d;
        }
    };
    if (k.a.x == 0.0 && k.a.y == 0.0) {
        // Straight line: one edge ahead per axis (same values as exit_above).
        if (k.v.x > 0.0) {
            const double hi = grid_.x_hi(cx) + m;
            if (hi < kNever) consider(k.r.x >= hi ? 0.0 : (hi - k.r.x) / k.v.x, 1);
        } else if (k.v.x < 0.0) {
            const double lo = grid_.x_lo(cx) - m;
            if (lo > -kNever) consider(k.r.x <= lo ? 0.0 : (lo - k.r.x) / k.v.x, 0);
        }
        if (k.v.y > 0.0) {
            const double hi = grid_.y_hi(cy) + m;
            if (hi < kNever) consider(k.r.y >= hi ? 0.0 : (hi - k.r.y) / k.v.y, 3);
        } else if (k.v.y < 0.0) {
            const double lo = grid_.y_lo(cy) - m;
            if (lo > -kNever) consider(k.r.y <= lo ? 0.0 : (lo - k.r.y) / k.v.y, 2);
        }
    } else {
        consider(exit_above(-k.r.x, -k.v.x, -k.a.x, -(grid_.x_lo(cx) - m)), 0);
        consider(exit_above(k.r.x, k.v.x, k.a.x, grid_.x_hi(cx) + m), 1);
        consider(exit_above(-k.r.y, -k.v.y, -k.a.y, -(grid_.y_lo(cy) - m)), 2);
        consider(exit_above(k.r.y, k.v.y, k.a.y, grid_.y_hi(cy) + m), 3);
    }
    const double t = now + best;
    x.cross = t <= segment_end(i) ? t : kNever;
    x.dir = dir;
}

// Searches the pair (i, j) up to the earlier of their next events; an impact found before
// either ball's event becomes that ball's event.
void WorldImpl::pair(int i, int j, double now, const narrow::Kinematics& ki) {
    const auto ui = static_cast<std::size_t>(i), uj = static_cast<std::size_t>(j);
    Body& bi = body_[ui];
    Body& bj = body_[uj];
    // At rest: a uniform segment with no velocity, or a stationary / spinning state.
    auto at_rest = [&](const Body& b, std::size_t u) {
        return (b.counter & 1u) ? is_still(aux_[u].state) : (b.vx == 0.0 && b.vy == 0.0);
    };
    if (at_rest(bi, ui) && at_rest(bj, uj)) return; // two balls at rest cannot meet
    if (bj.t0 > now) {
        // j's motion starts later (a cluster released it ahead of the clock): search from
        // then, if i's motion lasts that long.
        const double from = bj.t0;
        if (!(from <= (bi.event < bj.event ? bi.event : bj.event))) return;
        pair(i, j, from, kinematics(i, from));
        return;
    }
    ++stats_.candidates;
    const double horizon = (bi.event < bj.event ? bi.event : bj.event) - now;
    if (!(horizon >= 0.0)) return;
    const narrow::Kinematics kj = kinematics(j, now);
    const double contact = bi.radius + bj.radius;
    if (!((bi.counter | bj.counter) & 1u)) {
        // Straight lines: cheap exact rejections before the root search.
        const double dx = kj.r.x - ki.r.x, dy = kj.r.y - ki.r.y;
        const double dvx = kj.v.x - ki.v.x, dvy = kj.v.y - ki.v.y;
        // Not closing (d . dv >= 0): the gap only grows, touching or not.
        const double c1 = dx * dvx + dy * dvy;
        if (c1 >= 0.0) return;
        const double dd = dx * dx + dy * dy;
        const double c2 = contact * contact;
        if (dd > c2) {
            const double vv = dvx * dvx + dvy * dvy;
            const double p = dx * dvy, q = dy * dvx;
            const double miss = std::fabs(p - q) - 4.0 * std::numeric_limits<double>::epsilon() *
                                                       (std::fabs(p) + std::fabs(q));
            // Closest approach |d x dv| / |dv| clearly beyond contact: a miss.
            if (miss > 0.0 && miss * miss > c2 * vv * (1.0 + 1e-9)) return;
            const double c0 = dd - c2;
            const double disc = c1 * c1 - vv * c0;
            if (disc > 0.0) {
                const double first = c0 / (-c1 + std::sqrt(disc));
                if (first > horizon * (1.0 + 1e-9)) return; // not before either ball's event
            }
        }
    } else {
        // Curved paths: the gap can close by at most |dv| H + |da| H^2 / 2 within the horizon.
        const Vec2 d = kj.r - ki.r, dv = kj.v - ki.v, da = kj.a - ki.a;
        const double dist = length(d);
        const double reach = length(dv) * horizon + 0.5 * length(da) * horizon * horizon;
        if (dist - reach > contact * (1.0 + 1e-9) + 1e-12 * dist) return;
    }
    const double s = narrow::ball_ball_toi(ki, bi.radius, kj, bj.radius, horizon);
    if (s < 0.0) return;
    const double t = now + s;
    Aux& xi = aux_[ui];
    Aux& xj = aux_[uj];
    if (earlier(t, kBall, j, bi.event, xi.kind, xi.other)) {
        bi.event = t;
        xi.kind = kBall;
        xi.other = j;
        xi.other_counter = bj.counter;
    }
    if (earlier(t, kBall, i, bj.event, xj.kind, xj.other)) {
        bj.event = t;
        xj.kind = kBall;
        xj.other = i;
        xj.other_counter = bi.counter;
        requeue(j);
    }
}

// Every event of ball i from now, after its trajectory changed (or its event went stale).
void WorldImpl::predict(int i, double now) {
    const auto u = static_cast<std::size_t>(i);
    if (aux_[u].state == MotionState::Pocketed) {
        own_events(i, now, {});
        queue_.remove(i);
        return;
    }
    // The first ball of each neighbouring cell: load them all at once (independent misses
    // overlap) before walking the cells.
    std::int32_t first[9];
    int cells = 0;
    grid_.for_each_neighbour_cell(aux_[u].cell, [&](int c) {
        const std::int32_t h = grid_.head(c);
        if (h != CellGrid::kNone) {
            __builtin_prefetch(&body_[static_cast<std::size_t>(h)]);
            first[cells++] = h;
        }
    });
    const narrow::Kinematics k = kinematics(i, now);
    own_events(i, now, k);
    for (int c = 0; c < cells; ++c) {
        for (int j = first[c]; j != CellGrid::kNone; j = body_[static_cast<std::size_t>(j)].next)
            if (j != i) pair(i, j, now, k);
    }
    requeue(i);
}

// Ball i moves into the neighbouring cell: only the cells entering its block are new.
void WorldImpl::cross_cell(int i, double t) {
    const auto u = static_cast<std::size_t>(i);
    const int dir = aux_[u].dir;
    const int nx = grid_.nx();
    const int to = aux_[u].cell + (dir == 0 ? -1 : dir == 1 ? 1 : dir == 2 ? -nx : nx);
    // The entering cells once (their lists do not change below), and as in predict, start
    // loading the first ball of each at once.
    int cells[3];
    std::int32_t first[3];
    int n = 0;
    bool statics = false;
    grid_.for_each_entering_cell(to, dir, [&](int c) {
        const std::int32_t h = grid_.head(c);
        if (h != CellGrid::kNone) __builtin_prefetch(&body_[static_cast<std::size_t>(h)]);
        statics = statics || grid_.has_statics(c);
        cells[n] = c;
        first[n++] = h;
    });
    unlink(i);
    link(i, to);
    const narrow::Kinematics k = kinematics(i, t);
    if (statics) {
        if (++static_stamp_ == 0) {
            std::fill(static_seen_.begin(), static_seen_.end(), 0u);
            static_stamp_ = 1;
        }
        for (int c = 0; c < n; ++c)
            if (grid_.has_statics(cells[c])) statics_in(i, cells[c], t, k);
    }
    for (int c = 0; c < n; ++c) {
        for (int j = first[c]; j != CellGrid::kNone; j = body_[static_cast<std::size_t>(j)].next)
            if (j != i) pair(i, j, t, k);
    }
    crossing(i, t, k);
    requeue(i);
}

void WorldImpl::changed(int i) {
    body_[static_cast<std::size_t>(i)].counter += 2;
}

void WorldImpl::record(EventKind kind, int ball, int other, double time) {
    switch (kind) {
    case EventKind::BallBall:
        ++counts_.ball_ball;
        break;
    case EventKind::BallCushion:
        ++counts_.ball_cushion;
        break;
    case EventKind::Pocketed:
        ++counts_.pocketed;
        break;
    case EventKind::Cluster:
        ++counts_.clusters;
        break;
    }
    if (record_events_) events_.push_back({time, kind, ball, other, time, false, {}});
}

// The event of ball i at time t (the top of the queue).
void WorldImpl::process(int i, double t) {
    const auto a = static_cast<std::size_t>(i);
    Aux& x = aux_[a];
    if (x.cross <= body_[a].event) {
        cross_cell(i, t);
        return;
    }
    const double radius = body_[a].radius;
    switch (x.kind) {
    case kTransition: {
        ++stats_.events;
        Motion m = load(i);
        finish_transition(m, radius, params_);
        store(i, m);
        changed(i);
        predict(i, t);
        return;
    }
    case kPocket: {
        ++stats_.events;
        Motion m = load(i);
        m.advance_to(t);
        m.v = {};
        m.w = {};
        m.a = {};
        m.alpha = {};
        m.t_lin = m.t_spin = kNever;
        m.state = MotionState::Pocketed;
        store(i, m);
        changed(i);
        record(EventKind::Pocketed, i, x.other, t);
        place_in_grid(i, t); // leaves the grid
        predict(i, t);
        return;
    }
    case kCushion: {
        ++stats_.events;
        Motion m = load(i);
        m.advance_to(t);
        const int c = x.other;
        if (chatter(i, -1)) {
            pinch_cluster(i, -1, c, t);
            return;
        }
        const Cushion& cu = cushions_[static_cast<std::size_t>(c)];
        narrow::BodyState s{m.r, m.v, m.w, radius, balls_[a].mass};
        narrow::cushion_impact(s, narrow::closest_point_on_segment(m.r, cu.a, cu.b), params_);
        store_after_impact(i, t, s);
        changed(i);
        record(EventKind::BallCushion, i, c, t);
        predict(i, t);
        return;
    }
    case kBall: {
        const int j = x.other;
        const auto b = static_cast<std::size_t>(j);
        // The masses live in the public copies, far from the rest: start loading them
        // (and j's aux line) while j's validity is checked.
        __builtin_prefetch(&balls_[a].mass);
        __builtin_prefetch(&balls_[b].mass);
        __builtin_prefetch(&aux_[b]);
        if (body_[b].counter != x.other_counter || aux_[b].state == MotionState::Pocketed) {
            predict(i, t); // stale: j moved differently since
            return;
        }
        ++stats_.events;
        if (params_.ball_contact == BallContact::Hertz && hertz_impact(i, j, t)) return;
        if (chatter(i, j)) {
            pinch_cluster(i, j, -1, t);
            return;
        }
        Motion mi = load(i);
        Motion mj = load(j);
        mi.advance_to(t);
        mj.advance_to(t);
        narrow::BodyState s1{mi.r, mi.v, mi.w, radius, balls_[a].mass};
        narrow::BodyState s2{mj.r, mj.v, mj.w, body_[b].radius, balls_[b].mass};
        const int lo = std::min(i, j), hi = std::max(i, j);
        // Resolve in index order so that the result does not depend on who held the event.
        if (i == lo)
            narrow::ball_impact(s1, s2, params_);
        else
            narrow::ball_impact(s2, s1, params_);
        store_after_impact(i, t, s1);
        store_after_impact(j, t, s2);
        changed(i);
        changed(j);
        record(EventKind::BallBall, lo, hi, t);
        predict(lo, t);
        predict(hi, t);
        return;
    }
    case kCluster:
        resume_cluster(i, t);
        return;
    default: // re-check
        predict(i, t);
        return;
    }
}

// ---------------------------------------------------------------------------------------
// Queries

Vec2 WorldImpl::momentum() const {
    Vec2 p{};
    for (const Ball& b : balls()) {
        if (b.state != MotionState::Pocketed) p += b.velocity * b.mass;
    }
    return p;
}

double WorldImpl::linear_energy() const {
    double e = 0.0;
    for (const Ball& b : balls()) {
        if (b.state != MotionState::Pocketed) e += 0.5 * b.mass * length_sq(b.velocity);
    }
    return e;
}

double WorldImpl::rotational_energy() const {
    double e = 0.0;
    for (const Ball& b : balls()) {
        if (b.state != MotionState::Pocketed) e += 0.5 * b.inertia() * dot(b.spin, b.spin);
    }
    return e;
}

std::uint64_t state_hash(std::uint64_t steps, double time, const std::vector<Ball>& balls) {
    Hasher h;
    h.add_u64(steps);
    h.add(time);
    for (const Ball& b : balls) {
        h.add_int(b.id);
        h.add(b.position.x);
        h.add(b.position.y);
        h.add(b.velocity.x);
        h.add(b.velocity.y);
        h.add(b.spin.x);
        h.add(b.spin.y);
        h.add(b.spin.z);
        h.add(b.radius);
        h.add(b.mass);
        h.add_int(static_cast<int>(b.state));
    }
    return h.value();
}

std::uint64_t WorldImpl::state_hash() const {
    return physics::state_hash(steps_, time(), balls());
}

std::size_t WorldImpl::memory_bytes() const {
    return balls_.capacity() * sizeof(Ball) + body_.capacity() * sizeof(Body) +
           aux_.capacity() * sizeof(Aux) + accel_.capacity() * sizeof(Accel) +
           grid_.memory_bytes() + queue_.memory_bytes() +
           static_seen_.capacity() * sizeof(std::uint32_t) + events_.capacity() * sizeof(Event);
}

} // namespace billiards::physics
