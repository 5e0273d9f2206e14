#include "physics/world.hpp"

#include <algorithm>
#include <cmath>

#include "core/hash.hpp"

namespace billiards::physics {

const char* to_string(MotionState s) {
    switch (s) {
    case MotionState::Stationary: return "stationary";
    case MotionState::Sliding: return "sliding";
    case MotionState::Rolling: return "rolling";
    case MotionState::Spinning: return "spinning";
    case MotionState::Pocketed: return "pocketed";
    }
    return "?";
}

const char* to_string(EventKind k) {
    switch (k) {
    case EventKind::BallBall: return "ball_ball";
    case EventKind::BallCushion: return "ball_cushion";
    case EventKind::Pocketed: return "pocketed";
    }
    return "?";
}

namespace {
enum : std::uint8_t { kTransition = 0, kPocket = 1, kCushion = 2, kBall = 3 };

Box cushion_box(const Cushion& c) {
    return {std::min(c.a.x, c.b.x), std::min(c.a.y, c.b.y), std::max(c.a.x, c.b.x),
            std::max(c.a.y, c.b.y)};
}
Box pocket_box(const Pocket& p) {
    return {p.center.x - p.radius, p.center.y - p.radius, p.center.x + p.radius,
            p.center.y + p.radius};
}
} // namespace

bool World::Later::operator()(const Pending& a, const Pending& b) const {
    if (a.time != b.time) return a.time > b.time;
    if (a.kind != b.kind) return a.kind > b.kind;
    if (a.i != b.i) return a.i > b.i;
    return a.j > b.j;
}

World::World(const Params& params, std::vector<Cushion> cushions, std::vector<Pocket> pockets)
    : params_(params), cushions_(std::move(cushions)), pockets_(std::move(pockets)) {}

int World::add_ball(const BallDef& def) {
    Ball b;
    b.id = def.id;
    balls_.push_back(b);
    motion_.emplace_back();
    version_.push_back(0);
    const int index = ball_count() - 1;
    set_ball(index, def);
    return index;
}

void World::remove_ball(int index) {
    const auto i = static_cast<std::ptrdiff_t>(index);
    balls_.erase(balls_.begin() + i);
    motion_.erase(motion_.begin() + i);
    version_.erase(version_.begin() + i);
}

void World::clear_balls() {
    balls_.clear();
    motion_.clear();
    version_.clear();
}

int World::index_of(int id) const {
    for (int i = 0; i < ball_count(); ++i) {
        if (balls_[static_cast<std::size_t>(i)].id == id) return i;
    }
    return -1;
}

void World::set_ball(int index, const BallDef& def) {
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

void World::set_motion(int index, Vec2 velocity, Vec3 spin) {
    Ball& b = balls_[static_cast<std::size_t>(index)];
    if (b.state == MotionState::Pocketed) return;
    b.velocity = velocity;
    b.spin = spin;
    rebuild_motion(index);
}

void World::restore_ball(int index, Vec2 position) {
    Ball& b = balls_[static_cast<std::size_t>(index)];
    b.position = position;
    b.velocity = {};
    b.spin = {};
    b.state = MotionState::Stationary;
    rebuild_motion(index);
}

void World::set_params(const Params& p) {
    if (p.timestep != params_.timestep) {
        time_base_ = time();
        steps_since_ = 0;
    }
    params_ = p;
    for (int i = 0; i < ball_count(); ++i) rebuild_motion(i);
}

void World::rebuild_motion(int index) {
    const auto k = static_cast<std::size_t>(index);
    Ball& b = balls_[k];
    if (b.state == MotionState::Pocketed) {
        motion_[k] = Motion{};
        motion_[k].r = b.position;
        motion_[k].state = MotionState::Pocketed;
        return;
    }
    motion_[k] = make_motion(0.0, b.position, b.velocity, b.spin, b.radius, params_);
    // Keep the public copy consistent with the snapped motion (rolling spin etc.).
    b.spin = motion_[k].w;
    b.state = motion_[k].state;
}

bool World::at_rest() const {
    for (const Ball& b : balls_) {
        if (b.state != MotionState::Stationary && b.state != MotionState::Pocketed) return false;
    }
    return true;
}

void World::step() { advance(params_.timestep); ++steps_since_; ++steps_; }

void World::step_partial(double h) {
    if (!(h > 0.0)) return;
    h = std::min(h, params_.timestep);
    const double start = time();
    advance(h);
    ++steps_;
    time_base_ = start + h;
    steps_since_ = 0;
}

std::uint64_t World::run_until_rest(double max_seconds) {
    const std::uint64_t first = steps_;
    const double end = time() + max_seconds;
    while (!at_rest()) {
        const double left = end - time();
        if (left <= 0.0) break;
        // Stop exactly at the end rather than up to one step past it.
        if (left < params_.timestep * (1.0 - 1e-9)) {
            step_partial(left);
        } else {
            step();
        }
    }
    return steps_ - first;
}

Box World::sweep_box(int index, double from) const {
    const auto k = static_cast<std::size_t>(index);
    const Motion& m = motion_[k];
    const Vec2 c = m.kinematics_at(from).r;
    const double reach =
        balls_[k].radius + travel_bound(m, params_, step_length_ - m.t0) * (1.0 + 1e-9) + 1e-12;
    return {c.x - reach, c.y - reach, c.x + reach, c.y + reach};
}

void World::push(double time, std::uint8_t kind, int i, int j) {
    const std::uint32_t vi = version_[static_cast<std::size_t>(i)];
    const std::uint32_t vj = kind == kBall ? version_[static_cast<std::size_t>(j)] : 0u;
    heap_.push_back({time, kind, i, j, vi, vj});
    std::push_heap(heap_.begin(), heap_.end(), Later{});
}

void World::schedule_pair(int i, int j) {
    const auto a = static_cast<std::size_t>(i), b = static_cast<std::size_t>(j);
    const Motion& mi = motion_[a];
    const Motion& mj = motion_[b];
    const double now = std::max(mi.t0, mj.t0);
    const double until = std::min({step_length_, mi.t_end(), mj.t_end()});
    if (until < now) return;
    const double s = narrow::ball_ball_toi(mi.kinematics_at(now), balls_[a].radius,
                                           mj.kinematics_at(now), balls_[b].radius, until - now);
    if (s >= 0.0) push(now + s, kBall, std::min(i, j), std::max(i, j));
}

namespace {
bool still(const Motion& m) {
    return m.state == MotionState::Stationary || m.state == MotionState::Spinning;
}
} // namespace

// Transition, cushion and pocket events of ball i from its current time to the step end.
void World::schedule_own(int i, const Box& box) {
    const auto k = static_cast<std::size_t>(i);
    const Motion& m = motion_[k];
    const double now = m.t0;
    if (m.t_end() <= step_length_) push(m.t_end(), kTransition, i, 0);
    if (still(m)) return; // a ball at rest only gets hit
    const double until = std::min(step_length_, m.t_end());
    const narrow::Kinematics kin = m.kinematics_at(now);
    const double r = balls_[k].radius;
    for (std::size_t c = 0; c < cushions_.size(); ++c) {
        if (!overlaps(box, cushion_box(cushions_[c]))) continue;
        const double s = narrow::ball_segment_toi(kin, r, cushions_[c], until - now);
        if (s >= 0.0) push(now + s, kCushion, i, static_cast<int>(c));
    }
    for (std::size_t p = 0; p < pockets_.size(); ++p) {
        if (!overlaps(box, pocket_box(pockets_[p]))) continue;
        const double s = narrow::ball_pocket_toi(kin, pockets_[p], until - now);
        if (s >= 0.0) push(now + s, kPocket, i, static_cast<int>(p));
    }
}

// Finds every impact and transition of ball i from its current time to the end of the
// step, after its trajectory changed. `skip` is a ball whose pair with i is already done.
void World::schedule(int i, int skip) {
    const auto k = static_cast<std::size_t>(i);
    const Motion& m = motion_[k];
    if (m.state == MotionState::Pocketed) return;
    const Box box = sweep_box(i, m.t0);
    schedule_own(i, box);
    // The box may have grown (a ball sped up by an impact): register the new reach.
    Box& reg = boxes_[k];
    if (box.x0 < reg.x0 || box.y0 < reg.y0 || box.x1 > reg.x1 || box.y1 > reg.y1) {
        reg = unite(reg, box);
        grid_.insert(i, box);
    }
    // Pairs are searched even for a ball that just stopped: the change of its trajectory
    // made every pending impact on it stale.
    const bool i_still = still(m);
    grid_.for_each_near(box, [&](int j) {
        if (j == i || j == skip) return;
        const Motion& mj = motion_[static_cast<std::size_t>(j)];
        if (mj.state == MotionState::Pocketed || (i_still && still(mj))) return;
        if (!overlaps(box, boxes_[static_cast<std::size_t>(j)])) return;
        ++stats_.candidates;
        schedule_pair(i, j);
    });
}

void World::record(EventKind kind, int ball, int other, double local_time) {
    switch (kind) {
    case EventKind::BallBall: ++counts_.ball_ball; break;
    case EventKind::BallCushion: ++counts_.ball_cushion; break;
    case EventKind::Pocketed: ++counts_.pocketed; break;
    }
    if (record_events_) events_.push_back({step_start_ + local_time, kind, ball, other});
}

void World::resolve(const Pending& e) {
    const auto a = static_cast<std::size_t>(e.i);
    Motion& mi = motion_[a];
    switch (e.kind) {
    case kTransition:
        finish_transition(mi, balls_[a].radius, params_);
        ++version_[a];
        schedule(e.i, -1);
        return;
    case kPocket:
        mi.advance_to(e.time);
        mi.v = {};
        mi.w = {};
        mi.a = {};
        mi.alpha = {};
        mi.t_lin = mi.t_spin = kNever;
        mi.state = MotionState::Pocketed;
        ++version_[a];
        record(EventKind::Pocketed, e.i, e.j, e.time);
        return;
    case kCushion: {
        mi.advance_to(e.time);
        const Cushion& c = cushions_[static_cast<std::size_t>(e.j)];
        narrow::BodyState s{mi.r, mi.v, mi.w, balls_[a].radius, balls_[a].mass};
        narrow::cushion_impact(s, narrow::closest_point_on_segment(mi.r, c.a, c.b), params_);
        mi = make_motion(e.time, s.position, s.velocity, s.spin, balls_[a].radius, params_);
        ++version_[a];
        record(EventKind::BallCushion, e.i, e.j, e.time);
        schedule(e.i, -1);
        return;
    }
    case kBall: {
        const auto b = static_cast<std::size_t>(e.j);
        Motion& mj = motion_[b];
        mi.advance_to(e.time);
        mj.advance_to(e.time);
        narrow::BodyState s1{mi.r, mi.v, mi.w, balls_[a].radius, balls_[a].mass};
        narrow::BodyState s2{mj.r, mj.v, mj.w, balls_[b].radius, balls_[b].mass};
        narrow::ball_impact(s1, s2, params_);
        mi = make_motion(e.time, s1.position, s1.velocity, s1.spin, balls_[a].radius, params_);
        mj = make_motion(e.time, s2.position, s2.velocity, s2.spin, balls_[b].radius, params_);
        ++version_[a];
        ++version_[b];
        record(EventKind::BallBall, e.i, e.j, e.time);
        schedule(e.i, -1);
        schedule(e.j, e.i);
        return;
    }
    default: return;
    }
}

void World::advance(double h) {
    const std::size_t n = balls_.size();
    step_length_ = h;
    step_start_ = time();
    stats_ = {};
    heap_.clear();
    boxes_.resize(n);
    active_.resize(n);
    for (std::size_t k = 0; k < n; ++k) {
        active_[k] = motion_[k].state != MotionState::Pocketed;
        if (active_[k]) boxes_[k] = sweep_box(static_cast<int>(k), 0.0);
    }
    grid_.build(boxes_, active_);

    // Initial events: transitions, cushions and pockets per ball, then every close pair once.
    for (std::size_t k = 0; k < n; ++k) {
        if (active_[k]) schedule_own(static_cast<int>(k), boxes_[k]);
    }
    grid_.for_each_pair(boxes_, [&](int i, int j) {
        if (still(motion_[static_cast<std::size_t>(i)]) &&
            still(motion_[static_cast<std::size_t>(j)]))
            return; // two balls at rest cannot meet
        ++stats_.candidates;
        schedule_pair(i, j);
    });

    while (!heap_.empty()) {
        std::pop_heap(heap_.begin(), heap_.end(), Later{});
        const Pending e = heap_.back();
        heap_.pop_back();
        if (e.time > h) continue;
        if (version_[static_cast<std::size_t>(e.i)] != e.vi) continue;
        if (e.kind == kBall && version_[static_cast<std::size_t>(e.j)] != e.vj) continue;
        if (++stats_.events > kMaxEventsPerStep) {
            stats_.truncated = true;
            break;
        }
        resolve(e);
    }
    heap_.clear();

    // Bring every ball to the end of the step and rebase its clock to zero.
    for (std::size_t k = 0; k < n; ++k) {
        Motion& m = motion_[k];
        Ball& b = balls_[k];
        if (m.state != MotionState::Pocketed) {
            m.advance_to(h);
            m.t0 = 0.0;
            m.t_lin -= h;
            m.t_spin -= h;
        }
        b.position = m.r;
        b.velocity = m.v;
        b.spin = m.w;
        b.state = m.state;
    }
}

Vec2 World::momentum() const {
    Vec2 p{};
    for (const Ball& b : balls_) {
        if (b.state != MotionState::Pocketed) p += b.velocity * b.mass;
    }
    return p;
}

double World::linear_energy() const {
    double e = 0.0;
    for (const Ball& b : balls_) {
        if (b.state != MotionState::Pocketed) e += 0.5 * b.mass * length_sq(b.velocity);
    }
    return e;
}

double World::rotational_energy() const {
    double e = 0.0;
    for (const Ball& b : balls_) {
        if (b.state != MotionState::Pocketed) e += 0.5 * b.inertia() * dot(b.spin, b.spin);
    }
    return e;
}

std::uint64_t World::state_hash() const {
    Hasher h;
    h.add_u64(steps_);
    h.add(time());
    for (const Ball& b : balls_) {
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

} // namespace billiards::physics
