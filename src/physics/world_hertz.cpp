// Compliant (Hertz) contact in the event-driven world.
//
// An impact of two balls that no third body can reach while they touch stays the closed-form
// instantaneous impact (for frictionless balls the integrated Hertz contact ends with exactly
// those velocities). Otherwise the balls and every body that can reach them form a cluster,
// integrated together (hertz::Cluster) until all its contacts have opened. The bound: no
// ball moves faster than sqrt(2 E / m_min), E the kinetic energy of the whole table (the
// cloth, cushions and impacts only take energy away), so two bodies close at most twice
// that; the pair's contact lasts hertz::contact_duration at its closing speed.
//
// A cluster is integrated in windows that end at the step's end at the latest, and after
// kWindowContacts contact durations; a window's members are every ball within twice the
// speed bound times the window of a member (transitively), and the cushions within the
// bound times the window. So no outside body can touch a member during the window, and the
// other balls' events in the meantime are handled later in time order as usual: the
// members are released at the window's end (or when their last contact opened) with
// motions based there. A cluster still in contact at a window's end keeps its members
// suspended there, each with an event just after that resumes it.
#include <algorithm>
#include <cmath>
#include <limits>

#include "physics/world_impl.hpp"

namespace billiards::physics {

namespace {
constexpr double kWindowContacts = 16.0;

// Are balls at p and q (radii rp, rq) less than `gap` apart?
bool nearer(Vec2 p, double rp, Vec2 q, double rq, double gap) {
    const double within = gap + rp + rq;
    return within > 0.0 && length_sq(q - p) < within * within;
}
} // namespace

bool WorldImpl::in_contact(int index) const {
    for (const Suspended& c : clusters_)
        if (c.live && std::binary_search(c.members.begin(), c.members.end(), index)) return true;
    return false;
}

bool WorldImpl::any_in_contact() const {
    for (const Suspended& c : clusters_)
        if (c.live) return true;
    return false;
}

// Ball k's state at time t. A ball released by a cluster ahead of t (its segment starts
// later) is taken back along its velocity.
narrow::BodyState WorldImpl::state_at(int k, double t) const {
    const auto u = static_cast<std::size_t>(k);
    Motion m = load(k);
    narrow::BodyState s{m.r, m.v, m.w, body_[u].radius, balls_[u].mass};
    if (t >= m.t0) {
        m.advance_to(std::min(t, m.t_end()));
        s.position = m.r;
        s.velocity = m.v;
        s.spin = m.w;
    } else {
        s.position = m.r - m.v * (m.t0 - t);
    }
    return s;
}

// Every ball's state at t, by index (pocketed balls: left empty). A member of a suspended
// cluster has the mass the cluster integrates it with (a spacer's is raised, see
// cluster_window): its velocity and spin hold its share of the energy at that mass.
std::vector<narrow::BodyState> WorldImpl::states_at(double t) const {
    std::vector<narrow::BodyState> states(balls_.size());
    for (std::size_t k = 0; k < states.size(); ++k)
        if (aux_[k].state != MotionState::Pocketed) states[k] = state_at(static_cast<int>(k), t);
    for (const Suspended& c : clusters_)
        if (c.live)
            for (std::size_t q = 0; q < c.members.size() && q < c.masses.size(); ++q)
                states[static_cast<std::size_t>(c.members[q])].mass = c.masses[q];
    return states;
}

// The speed no ball can exceed from the time of `states` on (see the top of this file).
double WorldImpl::speed_bound(const std::vector<narrow::BodyState>& states) const {
    double energy = 0.0;
    double m_min = std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < states.size(); ++k) {
        if (aux_[k].state == MotionState::Pocketed) continue;
        const narrow::BodyState& s = states[k];
        energy += 0.5 * s.mass * length_sq(s.velocity) +
                  0.2 * s.mass * s.radius * s.radius * dot(s.spin, s.spin);
        m_min = std::min(m_min, s.mass);
    }
    if (!(m_min > 0.0) || !(m_min < std::numeric_limits<double>::infinity())) return 0.0;
    return 1.01 * std::sqrt(2.0 * energy / m_min) + 1e-9;
}

// How long a head-on contact of ball a with ball b (null: a cushion) closing at `closing`
// lasts.
double WorldImpl::contact_time(const narrow::BodyState& a, const narrow::BodyState* b,
                               double closing) const {
    const double m_star = b ? a.mass * b->mass / (a.mass + b->mass) : a.mass;
    const double r_star = b ? a.radius * b->radius / (a.radius + b->radius) : a.radius;
    return hertz::contact_duration(m_star, hertz::stiffness(laws_.e_star, r_star),
                                   laws_.duration_ball, closing);
}

bool WorldImpl::hertz_impact(int i, int j, double t) {
    const std::vector<narrow::BodyState> states = states_at(t);
    const narrow::BodyState &si = states[static_cast<std::size_t>(i)],
                            &sj = states[static_cast<std::size_t>(j)];
    const Vec2 d = sj.position - si.position;
    const double dist = length(d);
    if (!(dist > 0.0)) return false;
    const double closing = dot(si.velocity - sj.velocity, d / dist);
    if (!(closing > narrow::kPressSpeed)) return false; // slow contacts: as ideal
    const double duration = contact_time(si, &sj, closing);
    const double v = speed_bound(states);
    const double reach = v * duration;
    bool crowded = false;
    for (int k = 0; k < ball_count() && !crowded; ++k) {
        const auto u = static_cast<std::size_t>(k);
        if (k == i || k == j || aux_[u].state == MotionState::Pocketed) continue;
        const narrow::BodyState& sk = states[u];
        const double lag = v * std::max(0.0, body_[u].t0 - t);
        for (const narrow::BodyState* s : {&si, &sj})
            if (nearer(sk.position, sk.radius, s->position, s->radius, 2.0 * reach + lag))
                crowded = true;
    }
    for (std::size_t c = 0; c < cushions_.size() && !crowded; ++c)
        for (const narrow::BodyState* s : {&si, &sj})
            if (narrow::near_segment(s->position, cushions_[c].a, cushions_[c].b,
                                     reach + s->radius))
                crowded = true;
    if (!crowded) return false;
    const int lo = std::min(i, j), hi = std::max(i, j);
    start_cluster(lo, hi, {{lo, hi}}, duration, t);
    return true;
}

// A cluster from ball a and ball b (b < 0: a alone) that touch as `touching` says.
void WorldImpl::start_cluster(int a, int b, std::vector<std::pair<int, int>> touching,
                              double duration, double t) {
    std::size_t slot = 0;
    while (slot < clusters_.size() && clusters_[slot].live)
        ++slot;
    if (slot == clusters_.size()) clusters_.emplace_back();
    Suspended& c = clusters_[slot];
    c.members = b >= 0 ? std::vector<int>{a, b} : std::vector<int>{a};
    c.masses.clear(); // (their own: set by the window)
    c.touching = std::move(touching);
    c.step = 0.0;
    c.duration = duration;
    c.start = t;
    c.live = true;
    ++counts_.clusters;
    c.event = events_.size();
    if (record_events_) {
        events_.push_back({t, EventKind::Cluster, a, b >= 0 ? b : a, t, false, c.members});
        for (const auto& [p, q] : c.touching)
            events_.push_back({t,
                               q >= 0 ? EventKind::BallBall : EventKind::BallCushion,
                               p,
                               q >= 0 ? q : -1 - q,
                               t,
                               true,
                               {}});
    }
    cluster_window(slot, t);
}

// Ideal impacts that chatter: one ball in kChatterImpacts impacts in a row (a light ball
// pinned between a heavy ball and a cushion, which the cloth keeps pressing, took tens of
// millions), or kChatterImpacts impacts in a row within a jam of at most kJamBalls balls,
// each impact sharing a ball with those before it (a light ball between a heavy ball and a
// ball wedged in a corner: the ball in the corner meets the cushions, not the light ball,
// and the impacts came at one instant, fifty million to a step). Not in a world without
// cloth friction whose restitutions are all 1: there the impacts end by themselves, exactly
// (the pi billiard). A pinch's cluster can end with the ball still pinned, between two of
// its bounces: if the same ball or jam keeps chattering, the next cluster comes after
// kChatterAgain impacts.
bool WorldImpl::chatter(int a, int b) {
    if (chatter_free_) return false;
    const bool jammed = jam(a, b);
    if (a == chatter_ball_ || b == chatter_ball_) {
        if (++chatter_count_ < kChatterImpacts) return jammed;
        chatter_count_ = kChatterImpacts - kChatterAgain;
        return true;
    }
    chatter_ball_ = b >= 0 && balls_[static_cast<std::size_t>(b)].mass <
                                  balls_[static_cast<std::size_t>(a)].mass
                        ? b
                        : a;
    chatter_count_ = 1;
    return jammed;
}

bool WorldImpl::jam(int a, int b) {
    const auto first = jam_.begin(), last = jam_.begin() + static_cast<std::ptrdiff_t>(jam_size_);
    const bool has_a = std::find(first, last, a) != last;
    const bool has_b = b >= 0 && std::find(first, last, b) != last;
    const std::size_t grows = (has_a ? 0 : 1) + (b >= 0 && !has_b ? 1 : 0);
    if ((has_a || has_b) && jam_size_ + grows <= kJamBalls) {
        if (!has_a) jam_[jam_size_++] = a;
        if (b >= 0 && !has_b) jam_[jam_size_++] = b;
        if (++jam_count_ < kChatterImpacts) return false;
        jam_count_ = kChatterImpacts - kChatterAgain;
        return true;
    }
    jam_size_ = 0;
    jam_[jam_size_++] = a;
    if (b >= 0) jam_[jam_size_++] = b;
    jam_count_ = 1;
    return false;
}

// The chattering contact of ball i with ball j, or with cushion c (j < 0), is integrated
// as compliant contact with every body that can reach it.
void WorldImpl::pinch_cluster(int i, int j, int c, double t) {
    if (!laws_ready_) {
        laws_ = hertz::Laws::from(params_);
        laws_ready_ = true;
    }
    const narrow::BodyState si = state_at(i, t);
    if (j >= 0) {
        const narrow::BodyState sj = state_at(j, t);
        const double closing =
            dot(si.velocity - sj.velocity, normalized(sj.position - si.position));
        const int lo = std::min(i, j), hi = std::max(i, j);
        start_cluster(lo, hi, {{lo, hi}},
                      contact_time(si, &sj, std::max(closing, narrow::kLateSpeed)), t);
    } else {
        const Cushion& cu = cushions_[static_cast<std::size_t>(c)];
        const double closing = -dot(
            si.velocity,
            normalized(si.position - narrow::closest_point_on_segment(si.position, cu.a, cu.b)));
        start_cluster(i, -1, {{i, -1 - c}},
                      contact_time(si, nullptr, std::max(closing, narrow::kLateSpeed)), t);
    }
}

void WorldImpl::resume_cluster(int i, double t) {
    const auto slot = static_cast<std::size_t>(aux_[static_cast<std::size_t>(i)].other);
    if (slot < clusters_.size()) {
        const Suspended& c = clusters_[slot];
        if (c.live && c.resume == t && std::binary_search(c.members.begin(), c.members.end(), i)) {
            ++stats_.events;
            cluster_window(slot, t);
            return;
        }
    }
    predict(i, t); // stale
}

// One window of cluster `slot` from t: grows its membership, integrates, then releases or
// suspends the members.
void WorldImpl::cluster_window(std::size_t slot, double t) {
    const std::size_t n = balls_.size();
    const std::vector<narrow::BodyState> states = states_at(t);
    const double v = speed_bound(states);
    double end = std::min(advance_end_, t + kWindowContacts * clusters_[slot].duration);
    const double window = std::max(0.0, end - t);
    const double reach = 2.0 * v * window;

    std::vector<double> lag(n, 0.0);
    std::vector<char> in(n, 0);
    for (std::size_t k = 0; k < n; ++k)
        if (aux_[k].state != MotionState::Pocketed) lag[k] = v * std::max(0.0, body_[k].t0 - t);
    std::vector<int> members = clusters_[slot].members;
    std::vector<std::pair<int, int>> touching_now = clusters_[slot].touching;
    for (const int m : members)
        in[static_cast<std::size_t>(m)] = 1;
    // A ball of another suspended cluster: that cluster joins this one when it is due to
    // resume now (or holds one of this one's first members); otherwise its balls stay out,
    // as no body outside it can touch them before it resumes, and this window ends by then.
    auto other_cluster = [&](int ball) -> std::size_t {
        for (std::size_t o = 0; o < clusters_.size(); ++o)
            if (o != slot && clusters_[o].live &&
                std::binary_search(clusters_[o].members.begin(), clusters_[o].members.end(), ball))
                return o;
        return clusters_.size();
    };
    // The energy the members brought: a suspended cluster's budget covers its members (their
    // contacts hold some of it), a free ball brings its kinetic energy (added below).
    std::vector<char> budgeted(n, 0);
    double budget = 0.0;
    if (clusters_[slot].start != t) {
        budget = clusters_[slot].budget;
        for (const int m : members)
            budgeted[static_cast<std::size_t>(m)] = 1;
    }
    auto merge = [&](std::size_t o) {
        Suspended& other = clusters_[o];
        budget += other.budget;
        for (const int m : other.members) {
            budgeted[static_cast<std::size_t>(m)] = 1;
            if (!in[static_cast<std::size_t>(m)]) {
                in[static_cast<std::size_t>(m)] = 1;
                members.push_back(m);
            }
        }
        touching_now.insert(touching_now.end(), other.touching.begin(), other.touching.end());
        other.live = false;
    };
    for (std::size_t q = 0; q < members.size(); ++q) {
        const std::size_t o = other_cluster(members[q]);
        if (o < clusters_.size()) merge(o);
    }
    // Every ball that can reach a member within the window joins, and then its neighbours.
    for (std::size_t q = 0; q < members.size(); ++q) {
        const auto m = static_cast<std::size_t>(members[q]);
        for (std::size_t k = 0; k < n; ++k) {
            if (in[k] || aux_[k].state == MotionState::Pocketed) continue;
            if (!nearer(states[k].position, states[k].radius, states[m].position, states[m].radius,
                        reach + lag[k] + lag[m]))
                continue;
            const std::size_t o = other_cluster(static_cast<int>(k));
            if (o < clusters_.size() && clusters_[o].resume > t) {
                end = std::max(t, std::min(end, std::nextafter(clusters_[o].resume, -1.0)));
                continue;
            }
            if (o < clusters_.size()) {
                merge(o);
            } else {
                in[k] = 1;
                members.push_back(static_cast<int>(k));
            }
        }
    }
    std::sort(members.begin(), members.end());
    std::vector<int> walls;
    for (std::size_t c = 0; c < cushions_.size(); ++c) {
        const Cushion& cu = cushions_[c];
        for (const int m : members) {
            const narrow::BodyState& s = states[static_cast<std::size_t>(m)];
            if (narrow::near_segment(s.position, cu.a, cu.b,
                                     0.5 * reach + lag[static_cast<std::size_t>(m)] + s.radius)) {
                walls.push_back(static_cast<int>(c));
                break;
            }
        }
    }

    // Integrate.
    auto local = [&](int ball) {
        return static_cast<int>(std::lower_bound(members.begin(), members.end(), ball) -
                                members.begin());
    };
    // A ball lighter than hertz::kLightest of the heaviest member is integrated with that
    // share of its mass (see hertz::Cluster::run), entering with its kinetic energy rather
    // than its momentum: at its own speed the heavier mass would bring energy the world
    // never had, which the cluster would pass on to the others (and no speed bound would
    // hold). A member of the last window keeps its velocity at the mass it had there.
    double heaviest = 0.0;
    for (const int m : members)
        heaviest = std::max(heaviest, balls_[static_cast<std::size_t>(m)].mass);
    std::vector<double> masses;
    scratch_.cluster.reset(laws_, t);
    for (const int m : members) {
        const narrow::BodyState& s = states[static_cast<std::size_t>(m)];
        const double mass =
            std::max(balls_[static_cast<std::size_t>(m)].mass, hertz::kLightest * heaviest);
        const double keep = mass == s.mass ? 1.0 : std::sqrt(s.mass / mass);
        masses.push_back(mass);
        scratch_.cluster.add_body({s.position, s.velocity * keep, s.spin * keep, s.radius, mass});
        if (!budgeted[static_cast<std::size_t>(m)])
            budget += mass * (0.5 * length_sq(s.velocity * keep) +
                              0.2 * s.radius * s.radius * dot(s.spin * keep, s.spin * keep));
    }
    for (const int c : walls)
        scratch_.cluster.add_wall(cushions_[static_cast<std::size_t>(c)]);
    std::vector<std::pair<int, int>> touching;
    for (const auto& [a, b] : touching_now) {
        if (b >= 0) {
            touching.emplace_back(local(a), local(b));
        } else {
            const auto w = std::find(walls.begin(), walls.end(), -1 - b);
            if (w != walls.end())
                touching.emplace_back(local(a), -1 - static_cast<int>(w - walls.begin()));
        }
    }
    scratch_.cluster.set_touching(std::move(touching));
    scratch_.cluster.set_next_step(clusters_[slot].step);
    const bool open = end > t ? scratch_.cluster.run(end) : false;
    const double tau = scratch_.cluster.time();

    // The contacts that began in the window, for the rules and the event list.
    Suspended& c = clusters_[slot];
    if (record_events_) {
        for (const hertz::Onset& o : scratch_.cluster.onsets()) {
            const int a = members[static_cast<std::size_t>(o.a)];
            if (o.b >= 0) {
                const int b = members[static_cast<std::size_t>(o.b)];
                events_.push_back({o.time,
                                   EventKind::BallBall,
                                   std::min(a, b),
                                   std::max(a, b),
                                   o.time,
                                   true,
                                   {}});
            } else {
                events_.push_back({o.time,
                                   EventKind::BallCushion,
                                   a,
                                   walls[static_cast<std::size_t>(o.wall)],
                                   o.time,
                                   true,
                                   {}});
            }
        }
    }
    if (record_events_ && c.event < events_.size() && events_[c.event].kind == EventKind::Cluster &&
        events_[c.event].time == c.start) {
        Event& e = events_[c.event];
        e.end = tau;
        std::vector<int> all;
        std::set_union(e.members.begin(), e.members.end(), members.begin(), members.end(),
                       std::back_inserter(all));
        e.members = std::move(all);
    }

    // Nothing in a cluster adds energy (restitutions at most 1), but its integration errs
    // both ways: a cluster whose contacts have all opened, in this window or over several,
    // leaves with at most the energy its members brought, the excess taken from their motion
    // relative to their centre of mass (momentum kept). Stiff contacts (the stiffened force
    // of hertz::kDeep, hundreds of m/s) made errors of 1e-5 of the energy.
    double scale = 1.0;
    Vec2 centre_v{};
    const double energy_in = budget;
    if (open && params_.ball_restitution <= 1.0 && params_.cushion_restitution <= 1.0) {
        double energy_out = 0.0, mass = 0.0, relative = 0.0;
        Vec2 momentum{};
        for (int k = 0; k < scratch_.cluster.body_count(); ++k) {
            const hertz::Body& bd = scratch_.cluster.body(k);
            energy_out +=
                bd.mass * (0.5 * length_sq(bd.v) + 0.2 * bd.radius * bd.radius * dot(bd.w, bd.w));
            momentum += bd.v * bd.mass;
            mass += bd.mass;
        }
        centre_v = momentum / mass;
        for (int k = 0; k < scratch_.cluster.body_count(); ++k) {
            const hertz::Body& bd = scratch_.cluster.body(k);
            relative += 0.5 * bd.mass * length_sq(bd.v - centre_v);
        }
        if (energy_out > energy_in && relative > 0.0)
            scale = std::sqrt(std::max(0.0, 1.0 - (energy_out - energy_in) / relative));
    }
    // Store the members' motions from tau.
    for (int k = 0; k < scratch_.cluster.body_count(); ++k) {
        const hertz::Body& bd = scratch_.cluster.body(k);
        const int ball = members[static_cast<std::size_t>(k)];
        const Vec2 vel = scale == 1.0 ? bd.v : centre_v + (bd.v - centre_v) * scale;
        store_after_impact(ball, tau, {bd.r, vel, bd.w, bd.radius, bd.mass});
        changed(ball);
        place_in_grid(ball, tau);
    }
    if (open) {
        c.live = false;
        for (const int ball : members)
            predict(ball, tau);
        return;
    }
    c.members = members;
    c.masses = std::move(masses);
    c.budget = budget;
    c.touching.clear();
    for (const auto& [a, b] : scratch_.cluster.touching())
        c.touching.emplace_back(members[static_cast<std::size_t>(a)],
                                b >= 0 ? members[static_cast<std::size_t>(b)]
                                       : -1 - walls[static_cast<std::size_t>(-1 - b)]);
    c.resume = std::nextafter(tau, std::numeric_limits<double>::infinity());
    c.step = scratch_.cluster.next_step();
    schedule_resume(slot);
    for (const int ball : members)
        requeue(ball);
}

} // namespace billiards::physics
