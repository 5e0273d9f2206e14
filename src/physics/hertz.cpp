#include "physics/hertz.hpp"

#include "physics/throw_model.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <mutex>
#include <utility>

#include "physics/narrow.hpp"

namespace billiards::physics::hertz {

double pair_modulus(const Params& p) {
    return p.ball_young_modulus / (2.0 * (1.0 - p.ball_poisson_ratio * p.ball_poisson_ratio));
}

double stiffness(double e_star, double r_star) {
    return 4.0 / 3.0 * e_star * std::sqrt(r_star);
}

namespace {
// The root in [lo, hi] of f, positive at lo (f_lo) and negative at hi (f_hi), by the
// Illinois method (regula falsi that halves the value kept at an end that stays put): each
// estimate x, f(x), how far it moved and the bracket's width go to `done`, which ends it.
template <class F, class Done>
double illinois(F&& f, double lo, double hi, double f_lo, double f_hi, Done&& done) {
    double x = hi;
    int side = 0;
    for (int it = 0; it < 100; ++it) {
        const double mid = std::clamp(lo + (hi - lo) * f_lo / (f_lo - f_hi), lo, hi);
        const double moved = std::fabs(mid - x);
        x = mid;
        const double fx = f(mid);
        if (done(fx, moved, hi - lo)) break;
        if (fx > 0.0) {
            lo = mid;
            f_lo = fx;
            if (side == 1) f_hi *= 0.5;
            side = 1;
        } else {
            hi = mid;
            f_hi = fx;
            if (side == -1) f_lo *= 0.5;
            side = -1;
        }
    }
    return x;
}

// x'' = -max(0, x^(3/2) + alpha x^(1/4) x'), the head-on contact in scale-free units.
double scaled_accel(double x, double xd, double alpha) {
    if (!(x > 0.0)) return 0.0;
    const double f = x * std::sqrt(x) + alpha * std::sqrt(std::sqrt(x)) * xd;
    return f > 0.0 ? -f : 0.0;
}
} // namespace

Scaled scaled_impact(double alpha) {
    // Classical Runge-Kutta on a fine fixed step: the elastic contact lasts about 3.2 units.
    constexpr double h = 2e-4;
    double x = 0.0, xd = 1.0, t = 0.0;
    for (int n = 0; n < 10'000'000; ++n) {
        const double k1x = xd, k1v = scaled_accel(x, xd, alpha);
        const double k2x = xd + 0.5 * h * k1v, k2v = scaled_accel(x + 0.5 * h * k1x, k2x, alpha);
        const double k3x = xd + 0.5 * h * k2v, k3v = scaled_accel(x + 0.5 * h * k2x, k3x, alpha);
        const double k4x = xd + h * k3v, k4v = scaled_accel(x + h * k3x, k4x, alpha);
        const double xn = x + h / 6.0 * (k1x + 2.0 * k2x + 2.0 * k3x + k4x);
        const double vn = xd + h / 6.0 * (k1v + 2.0 * k2v + 2.0 * k3v + k4v);
        if (xn <= 0.0 && t > 0.0) {
            // Out of contact within this step: the force had stopped, so the speed is final.
            const double frac = x / (x - xn);
            return {-vn, t + frac * h};
        }
        x = xn;
        xd = vn;
        t += h;
    }
    return {0.0, t}; // stuck (alpha absurdly large): no rebound
}

Damping damping_for(double e) {
    if (!(e < 1.0)) return {0.0, scaled_impact(0.0).duration};
    struct Entry {
        double e = -1.0;
        Damping d{};
    };
    // One cache for every thread: a new thread (the computer opponent's) would otherwise
    // pay the root finding (milliseconds) for every world it makes.
    static std::mutex lock;
    static std::array<Entry, 8> cache{};
    static std::size_t next = 0;
    {
        const std::lock_guard<std::mutex> hold(lock);
        for (const Entry& c : cache)
            if (c.e == e) return c.d;
    }
    // restitution_of(alpha) falls from 1 as alpha grows: bracket, then the Illinois method.
    double lo = 0.0, hi = 0.5;
    Scaled s_lo = scaled_impact(lo), s_hi = scaled_impact(hi);
    while (s_hi.restitution > e && hi < 1e4) {
        lo = hi;
        s_lo = s_hi;
        hi *= 2.0;
        s_hi = scaled_impact(hi);
    }
    Damping best{hi, s_hi.duration};
    illinois(
        [&](double alpha) {
            const Scaled s = scaled_impact(alpha);
            best = {alpha, s.duration};
            return s.restitution - e;
        },
        lo, hi, s_lo.restitution - e, s_hi.restitution - e,
        [&](double f, double, double width) {
            return std::fabs(f) < 1e-12 || !(width > 1e-13 * best.alpha);
        });
    const std::lock_guard<std::mutex> hold(lock);
    cache[next] = {e, best};
    next = (next + 1) % cache.size();
    return best;
}

double contact_duration(double m_star, double k, double scaled, double speed) {
    if (!(speed > 0.0)) return 0.0;
    return scaled * std::pow(m_star * speed * speed / k, 0.4) / speed;
}

Laws Laws::from(const Params& p) {
    Laws l;
    l.e_star = pair_modulus(p);
    const Damping ball = damping_for(std::max(p.ball_restitution, kLeastRestitution));
    const Damping wall = damping_for(std::max(p.cushion_restitution, kLeastRestitution));
    l.alpha_ball = ball.alpha;
    l.alpha_wall = wall.alpha;
    l.duration_ball = ball.duration;
    l.duration_wall = wall.duration;
    l.mu_ball = p.ball_friction;
    l.mu_wall = p.cushion_friction;
    l.mu_cloth = p.sliding_friction;
    l.throw_model = p.throw_model;
    l.gravity = std::isfinite(p.gravity) ? p.gravity : 0.0;
    l.tolerance = p.contact_tolerance;
    return l;
}

// ---------------------------------------------------------------------------------------
// The cluster integrator

namespace {
// Dormand-Prince 5(4): stage weights, the fifth-order weights (b) and the difference to the
// fourth-order ones (e = b - b*). The forces do not depend on time, so the stages use no
// nodes; only the error estimates of a switch within a step need them (nodes below).
constexpr double a[7][6] = {
    {},
    {1.0 / 5},
    {3.0 / 40, 9.0 / 40},
    {44.0 / 45, -56.0 / 15, 32.0 / 9},
    {19372.0 / 6561, -25360.0 / 2187, 64448.0 / 6561, -212.0 / 729},
    {9017.0 / 3168, -355.0 / 33, 46732.0 / 5247, 49.0 / 176, -5103.0 / 18656},
    {35.0 / 384, 0.0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84},
};
constexpr double b[7] = {35.0 / 384,     0.0,       500.0 / 1113, 125.0 / 192,
                         -2187.0 / 6784, 11.0 / 84, 0.0};
constexpr double e[7] = {71.0 / 57600,      0.0,        -71.0 / 16695, 71.0 / 1920,
                         -17253.0 / 339200, 22.0 / 525, -1.0 / 40};
// The stages' nodes, for the error estimates of a force switching within a step.
constexpr double nodes[7] = {0.0, 1.0 / 5, 3.0 / 10, 4.0 / 5, 8.0 / 9, 1.0, 1.0};

constexpr int kState = 4; // per body: x, y, vx, vy

// Two doubles as one value: GCC and Clang map it to a vector register where the target
// has one, and to two scalars otherwise. Each lane's arithmetic is the scalar one.
using Pair2 = double __attribute__((vector_size(16)));
inline Pair2 load2(const double* p) {
    Pair2 v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

// out = y + h * sum_q w[q] k[q] (y null: 0), summed in q order; N known at compile time so
// that the sum unrolls, and the stages' data read through pointers taken once (the stage
// sums were the largest part of a cluster's time as a loop over vectors).
// Only the listed bodies' components (the others move uniformly through the step).
template <int N>
void combine(const double (&w)[N > 0 ? N : 1], const std::vector<double>* k, const double* y,
             double h, const std::vector<std::size_t>& bodies, std::vector<double>& out) {
    const double* kq[N > 0 ? N : 1] = {};
    for (int q = 0; q < N; ++q)
        kq[q] = k[q].data();
    double* o = out.data();
    // Two components at a time.
    auto lane = [&](std::size_t d) {
        Pair2 acc = {0.0, 0.0};
        [&]<int... Q>(std::integer_sequence<int, Q...>) {
            ((acc += w[Q] * load2(kq[Q] + d)), ...);
        }
        (std::make_integer_sequence<int, N>{});
        const Pair2 r = y ? load2(y + d) + h * acc : h * acc;
        std::memcpy(o + d, &r, sizeof r);
    };
    for (const std::size_t i : bodies) {
        lane(kState * i);
        lane(kState * i + 2);
    }
}
template <int S>
void stage_input(const std::vector<double>* k, const std::vector<double>& y, double h,
                 const std::vector<std::size_t>& bodies, std::vector<double>& out) {
    double w[S > 0 ? S : 1] = {};
    for (int q = 0; q < S; ++q)
        w[q] = a[S][q];
    combine<S>(w, k, y.data(), h, bodies, out);
}
} // namespace

void Cluster::reset(const Laws& laws, double time) {
    laws_ = laws;
    time_ = time;
    h_ = 0.0;
    bodies_.clear();
    walls_.clear();
    pairs_.clear();
    onsets_.clear();
    touching_.clear();
    v_scale_ = 0.0;
    steps_ = 0;
    rejected_ = 0;
}

// The pairs that can touch within a step of h: touching now, or closer than what the
// cluster's speed scale covers in four such steps, or than a twentieth of their radii (the
// step is rejected if any other pair ends up overlapping).
void Cluster::find_pairs(double h) {
    pairs_.clear();
    const int n = body_count();
    const std::size_t stride = bodies_.size() + walls_.size();
    listed_.assign(bodies_.size() * stride, 0);
    anchor_.resize(bodies_.size());
    free_gap_ = std::numeric_limits<double>::infinity();
    struct Alike {
        double ra = -1.0, rb = -1.0, ma = -1.0, mb = -1.0;
        Pair pair{};
    } last;
    for (int i = 0; i < n; ++i) {
        const Body& p = bodies_[static_cast<std::size_t>(i)];
        anchor_[static_cast<std::size_t>(i)] = p.r;
        for (int j = i + 1; j < n; ++j) {
            const Body& q = bodies_[static_cast<std::size_t>(j)];
            // Compared squared: the root only for a gap that may be the narrowest unlisted.
            const double apart = p.radius + q.radius;
            const double dist_sq = length_sq(q.r - p.r);
            const double within = apart + 4.0 * v_scale_ * h + 0.05 * apart;
            if (!(dist_sq < within * within)) {
                const double narrowest = apart + 2.0 * free_gap_;
                if (dist_sq < narrowest * narrowest)
                    free_gap_ = std::min(free_gap_, 0.5 * (std::sqrt(dist_sq) - apart));
            } else {
                listed_[static_cast<std::size_t>(i) * stride + static_cast<std::size_t>(j)] = 1;
                // Balls alike (as on a pool table) share one pair's constants.
                if (!(p.radius == last.ra && q.radius == last.rb && p.mass == last.ma &&
                      q.mass == last.mb)) {
                    const double m = p.mass * q.mass / (p.mass + q.mass);
                    last = {p.radius, q.radius, p.mass, q.mass, {}};
                    last.pair.k =
                        stiffness(laws_.e_star, p.radius * q.radius / (p.radius + q.radius));
                    last.pair.c = laws_.alpha_ball * std::sqrt(m * last.pair.k);
                    last.pair.reach = p.radius + q.radius;
                    last.pair.reach_sq = last.pair.reach * last.pair.reach;
                    last.pair.inv_a = 1.0 / p.mass;
                    last.pair.inv_b = 1.0 / q.mass;
                    last.pair.deep = kDeep * std::min(p.radius, q.radius);
                    last.pair.inv_span = 1.0 / last.pair.deep;
                }
                Pair pr = last.pair;
                pr.a = i;
                pr.b = j;
                pr.ia = kState * static_cast<std::size_t>(i);
                pr.ib = kState * static_cast<std::size_t>(j);
                pairs_.push_back(pr);
            }
        }
        for (std::size_t w = 0; w < walls_.size(); ++w) {
            const Cushion& cu = walls_[w];
            const double gap =
                length(p.r - narrow::closest_point_on_segment(p.r, cu.a, cu.b)) - p.radius;
            if (!(gap < 2.0 * v_scale_ * h + 0.05 * p.radius)) free_gap_ = std::min(free_gap_, gap);
            if (gap < 2.0 * v_scale_ * h + 0.05 * p.radius) {
                listed_[static_cast<std::size_t>(i) * stride + bodies_.size() + w] = 1;
                const double k = stiffness(laws_.e_star, p.radius);
                Pair pr{i, -1 - static_cast<int>(w), k, laws_.alpha_wall * std::sqrt(p.mass * k)};
                pr.ia = kState * static_cast<std::size_t>(i);
                pr.reach = p.radius;
                pr.inv_a = 1.0 / p.mass;
                pr.deep = kDeep * p.radius;
                pr.inv_span = 1.0 / pr.deep;
                pairs_.push_back(pr);
            }
        }
    }
}

// Ball pair pr's contact from b's centre less a's (dx, dy) and its square; false when the
// balls do not overlap.
inline bool Cluster::ball_contact(const Pair& pr, double dx, double dy, double dist_sq,
                                  Contact& c) {
    if (!(dist_sq < pr.reach_sq)) return false; // apart: no root to take
    c.dist = std::sqrt(dist_sq);
    c.depth = pr.reach - c.dist;
    if (!(c.depth > 0.0) || !(c.dist > 0.0)) return false;
    c.inv_dist = 1.0 / c.dist;
    c.n = {dx * c.inv_dist, dy * c.inv_dist};
    c.q = std::sqrt(std::sqrt(c.depth));
    c.turns = true;
    return true;
}

// Pair pr's contact in state y; false when its bodies do not overlap.
inline bool Cluster::contact(const Pair& pr, const double* y, Contact& c) const {
    const Vec2 ri{y[pr.ia], y[pr.ia + 1]};
    if (pr.b >= 0) {
        const double dx = y[pr.ib] - ri.x, dy = y[pr.ib + 1] - ri.y;
        return ball_contact(pr, dx, dy, dx * dx + dy * dy, c);
    }
    const Cushion& cu = walls_[static_cast<std::size_t>(-1 - pr.b)];
    const Vec2 d = ri - narrow::closest_point_on_segment(ri, cu.a, cu.b); // cushion to centre
    const double along = dot(ri - cu.a, cu.b - cu.a);
    c.turns = !(along > 0.0) || !(along < length_sq(cu.b - cu.a)); // at a rounded end
    c.dist = length(d);
    c.depth = pr.reach - c.dist;
    if (!(c.depth > 0.0) || !(c.dist > 0.0)) return false;
    c.inv_dist = 1.0 / c.dist;
    c.n = d * c.inv_dist;
    c.q = std::sqrt(std::sqrt(c.depth));
    return true;
}

// G of a smooth pair in contact c: 4/5 c d^(5/4), and 2/5 k d^(5/2) / v_ref near an onset.
inline double Cluster::momentum_shift(const Pair& pr, const Contact& c) {
    double g = 0.8 * pr.c * c.depth * c.q;
    g += 0.4 * pr.k_ref * c.depth * c.depth * c.q * c.q;
    return g;
}

// Adds the momentum shift g n / m (momentum_shift, or its negative) to pair pr's bodies'
// velocities v (body i's at v[kState i], v[kState i + 1]) for its contact c.
inline void Cluster::shift_pair(const Pair& pr, const Contact& c, double* v, double g) const {
    const double gi = (pr.b >= 0 ? -g : g) * pr.inv_a;
    v[pr.ia] += gi * c.n.x;
    v[pr.ia + 1] += gi * c.n.y;
    if (pr.b < 0) return;
    const double gj = g * pr.inv_b;
    v[pr.ib] += gj * c.n.x;
    v[pr.ib + 1] += gj * c.n.y;
}

// The shifts of the smooth pairs among `pairs` (touching) in state y (see shift_pair).
// With `known`, their contacts in y are those in contacts_.
void Cluster::shift(const std::vector<std::size_t>& pairs, const double* y, double* v, double sign,
                    bool known) const {
    Contact c;
    for (const std::size_t k : pairs) {
        const Pair& pr = pairs_[k];
        if (!pr.smooth) continue;
        if (known) {
            shift_pair(pr, contacts_[k], v, sign * momentum_shift(pr, contacts_[k]));
        } else if (contact(pr, y, c)) {
            shift_pair(pr, c, v, sign * momentum_shift(pr, c));
        }
    }
}

// The elastic force's factor at an overlap d past pr.deep: 1 + (x / (1 - x))^2, x the
// share of the way to the limit; smooth where it starts, and its potential grows without
// bound towards the limit. At or past the limit (a stage of a step too long): infinite, and
// the step is rejected.
inline double Cluster::stiffening(const Pair& pr, double d) {
    const double x = (d - pr.deep) * pr.inv_span;
    if (!(x < 1.0)) return std::numeric_limits<double>::infinity();
    const double r = x / (1.0 - x);
    return 1.0 + r * r;
}

// dy = f(yv); each pair's normal force times `weight` is added to its impulse (and kept as
// its first-stage force when `first`: a rejected step's retry starts from the same state).
// A smooth pair's bodies carry the shifted velocity u = v -+ G n / m (see Pair::smooth):
// du/dt = (F - c d^(1/4) d') n / m -+ G dn/dt / m, free of the d^(1/4) at the onset.
void Cluster::forces(const std::vector<double>& yv, std::vector<double>& dyv, double weight,
                     Pass pass) {
    const double* y = yv.data();
    double* dy = dyv.data();
    const bool first = pass == Pass::Start;
    auto clear = [&](std::size_t i) {
        dy[kState * i + 0] = y[kState * i + 2];
        dy[kState * i + 1] = y[kState * i + 3];
        dy[kState * i + 2] = 0.0;
        dy[kState * i + 3] = 0.0;
    };
    if (first) {
        for (std::size_t i = 0; i < bodies_.size(); ++i)
            clear(i);
    } else {
        for (const std::size_t i : active_)
            clear(i);
    }
    const std::size_t pairs = pairs_.size();
    contacts_.resize(pairs);
    touched_.clear();
    Pair* const pair = pairs_.data();
    Contact* const contact_of = contacts_.data();
    if (first) accel0_.assign(yv.size(), 0.0);
    for (const std::size_t k : pass == Pass::Start   ? start_touched_
                               : pass == Pass::Inner ? candidates_
                                                     : near_) {
        Pair& pr = pair[k];
        // At the start the pairs touch, with their contacts found by find_touching (or at the
        // last step's end, the same state).
        if (!first) {
            if (pr.b >= 0) { // most ball pairs are apart: tell that first, inline
                const double dx = y[pr.ib] - y[pr.ia], dyy = y[pr.ib + 1] - y[pr.ia + 1];
                const double dist_sq = dx * dx + dyy * dyy;
                if (!(dist_sq < pr.reach_sq) || !ball_contact(pr, dx, dyy, dist_sq, contact_of[k]))
                    continue;
            } else if (!contact(pr, y, contact_of[k])) {
                continue;
            }
        }
        if (pass == Pass::End && !pr.candidate) {
            pr.forced = true; // the step is retried with it
            unforeseen_ = true;
            continue;
        }
        touched_.push_back(k);
        // The positions' rates are the true velocities.
        if (pr.smooth) {
            contact_of[k].g = momentum_shift(pr, contact_of[k]);
            shift_pair(pr, contact_of[k], dy, contact_of[k].g);
        }
    }
    for (const std::size_t k : touched_) {
        Pair& pr = pair[k];
        const Contact& c = contact_of[k];
        const std::size_t i = pr.ia, j = pr.ib;
        const bool ball = pr.b >= 0;
        const Vec2 vi{dy[i], dy[i + 1]};
        const Vec2 vj = ball ? Vec2{dy[j], dy[j + 1]} : Vec2{};
        // Closing rate along n (for a cushion n points at the ball: its closing is -v.n).
        const double rate = ball ? dot(vi - vj, c.n) : -dot(vi, c.n);
        const double damping = pr.c * c.q * rate;
        double spring = pr.k * c.depth * c.q * c.q;
        if (c.depth > pr.deep) spring *= stiffening(pr, c.depth);
        double f = spring + damping;
        f = f > 0.0 ? f : 0.0;
        pr.impulse += weight * f;
        if (first) pr.first = f;
        Vec2 push = c.n * f; // on b (a ball), or on a from a cushion
        if (first) {
            // The true accelerations (the state's rates are the shifted ones), for
            // switch_limit's predictions.
            const Vec2 force = c.n * f;
            if (ball) {
                accel0_[i] -= force.x * pr.inv_a;
                accel0_[i + 1] -= force.y * pr.inv_a;
                accel0_[j] += force.x * pr.inv_b;
                accel0_[j + 1] += force.y * pr.inv_b;
            } else {
                accel0_[i] += force.x * pr.inv_a;
                accel0_[i + 1] += force.y * pr.inv_a;
            }
        }
        if (pr.smooth) {
            // dG/dt = c d^(1/4) d' (+ k d^(3/2) d' / v_ref) is carried by the state.
            double rest = f - damping;
            rest -= pr.k_ref * c.depth * c.q * c.q * rate;
            push = c.n * rest;
            if (c.turns) {
                const Vec2 rel = ball ? vj - vi : vi;
                const Vec2 turn = (rel - c.n * dot(rel, c.n)) * c.inv_dist;
                push -= turn * c.g;
            }
        }
        if (!ball) {
            dy[i + 2] += push.x * pr.inv_a;
            dy[i + 3] += push.y * pr.inv_a;
            continue;
        }
        dy[i + 2] -= push.x * pr.inv_a;
        dy[i + 3] -= push.y * pr.inv_a;
        dy[j + 2] += push.x * pr.inv_b;
        dy[j + 3] += push.y * pr.inv_b;
    }
}

// The pairs foreseen to touch within a step of h: those touching at its start, those whose
// overlap followed as depth + rate t + gain t^2 / 2 comes within half what the rate and gain
// cover in the step of 0, and those found touching at the end of a try without being
// foreseen. Their bodies are the step's active ones. The others feel no force through the
// step, so they move uniformly; a contact that one of them would begin inside the step shows
// at its end (no contact is shorter than two longest steps), and the step is tried again.
void Cluster::pick_candidates(double h) {
    for (const std::size_t k : near_)
        pairs_[k].candidate = pairs_[k].forced;
    for (const std::size_t k : start_touched_)
        pairs_[k].candidate = true;
    candidates_.clear();
    is_active_.assign(bodies_.size(), 0);
    for (const std::size_t k : plausible_) {
        Pair& pr = pairs_[k];
        if (!pr.candidate) {
            const Approach& ap = pr.now;
            const double gain = pr.gain;
            double most = std::max(ap.depth, ap.depth + (ap.rate + 0.5 * gain * h) * h);
            if (gain < 0.0 && ap.rate > 0.0 && ap.rate < -gain * h)
                most = std::max(most, ap.depth - 0.5 * ap.rate * ap.rate / gain);
            pr.candidate = most > -0.5 * (std::fabs(ap.rate) * h + std::fabs(gain) * h * h);
        }
        if (!pr.candidate) continue;
        candidates_.push_back(k);
        is_active_[static_cast<std::size_t>(pr.a)] = 1;
        if (pr.b >= 0) is_active_[static_cast<std::size_t>(pr.b)] = 1;
    }
    active_.clear();
    for (std::size_t i = 0; i < bodies_.size(); ++i)
        if (is_active_[i]) active_.push_back(i);
}

// The step controller's error estimate is that of the fourth-order solution, but the
// fifth-order one is carried on, whose error in a contact (away from its switches) is
// smaller: by a median factor of 71, 42 and 22 along the head-on Hertz contact at steps of
// 1/32, 1/20 and 1/16 of its duration (the steps taken inside contacts are near 1/20). So
// the estimate is held to kEstimateSlack times the tolerance, and the true error per step
// stays near the tolerance. A switch's error (switch_limit) is no smaller in the
// fifth-order solution, and is held to the tolerance itself.
constexpr double kEstimateSlack = 30.0;

double Cluster::error_norm(const std::vector<double>& err) const {
    double worst = 0.0;
    for (const std::size_t i : active_) { // the others move uniformly: no error
        const double tr = kEstimateSlack * laws_.tolerance * bodies_[i].radius;
        const double tv = kEstimateSlack * laws_.tolerance * v_scale_;
        worst = std::max(worst,
                         std::max(std::fabs(err[kState * i]), std::fabs(err[kState * i + 1])) / tr);
        worst = std::max(
            worst, std::max(std::fabs(err[kState * i + 2]), std::fabs(err[kState * i + 3])) / tv);
        // (std::max passes over a NaN: a stage past the stiffened force's limit gives one.)
        if (std::isnan(err[kState * i] + err[kState * i + 1] + err[kState * i + 2] +
                       err[kState * i + 3]))
            return std::numeric_limits<double>::infinity();
    }
    return worst;
}

// Does a ball pair or a ball and a cushion outside pairs_ overlap in state y?
bool Cluster::overlaps_outside_pairs(const std::vector<double>& y) const {
    // No body has moved half the narrowest unlisted ball gap, nor the narrowest unlisted
    // cushion gap, since the pairs were listed: nothing outside them can touch (the common
    // case, checked in one pass over the bodies).
    double moved = 0.0;
    for (std::size_t u = 0; u < bodies_.size(); ++u)
        moved = std::max(moved, length_sq(Vec2{y[kState * u], y[kState * u + 1]} - anchor_[u]));
    if (std::sqrt(moved) < 0.999 * free_gap_) return false;
    const int n = body_count();
    const std::size_t stride = bodies_.size() + walls_.size();
    auto listed = [&](int i, int j) {
        const std::size_t col = j >= 0 ? static_cast<std::size_t>(j)
                                       : bodies_.size() + static_cast<std::size_t>(-1 - j);
        return listed_[static_cast<std::size_t>(i) * stride + col] != 0;
    };
    for (int i = 0; i < n; ++i) {
        const auto u = static_cast<std::size_t>(i);
        const Vec2 ri{y[kState * u], y[kState * u + 1]};
        for (int j = i + 1; j < n; ++j) {
            const auto v = static_cast<std::size_t>(j);
            const Vec2 rj{y[kState * v], y[kState * v + 1]};
            const double apart = bodies_[u].radius + bodies_[v].radius;
            if (length_sq(rj - ri) < apart * apart && !listed(i, j)) return true;
        }
        for (std::size_t w = 0; w < walls_.size(); ++w) {
            const Cushion& cu = walls_[w];
            if (narrow::near_segment(ri, cu.a, cu.b, bodies_[u].radius) &&
                !listed(i, -1 - static_cast<int>(w)))
                return true;
        }
    }
    return false;
}

void rub(std::vector<Body>& bodies, std::vector<Rub>& rubs, std::vector<int>& count,
         ThrowModel model) {
    count.assign(bodies.size(), 0);
    for (const Rub& r : rubs) {
        ++count[static_cast<std::size_t>(r.a)];
        if (r.b >= 0) ++count[static_cast<std::size_t>(r.b)];
    }
    // A tangential impulse P changes the slip by 7/2 P (1/m_a + 1/m_b) (the spin's share is
    // 5/2 of the centre's); with the masses shared, by 7/2 P (n_a/m_a + n_b/m_b). By
    // Cauchy-Schwarz a body's energy from the sum of its n impulses is at most n times the sum
    // of each one's alone, so contacts that each stop at most their slip so reckoned never
    // raise the total (each pays for its share).
    for (Rub& r : rubs) {
        const Body& p = bodies[static_cast<std::size_t>(r.a)];
        const double na = count[static_cast<std::size_t>(r.a)];
        double stop = 0.0;
        if (r.b >= 0 && model != ThrowModel::Horizontal) {
            // The whole slip (throw_model.hpp), the same shared masses in every direction.
            const Body& q = bodies[static_cast<std::size_t>(r.b)];
            const double nb = count[static_cast<std::size_t>(r.b)];
            const throw_model::Tangent u =
                throw_model::slip(p.v, p.w, p.radius, q.v, q.w, q.radius, r.t);
            const double speed = throw_model::speed(u);
            const double most = model == ThrowModel::Alciatore
                                    ? throw_model::alciatore_mu(speed) * r.normal
                                    : r.most;
            const throw_model::Tangent k = throw_model::impulse(
                u, speed, most, 3.5 * (na * (1.0 / p.mass) + nb * (1.0 / q.mass)));
            r.impulse = k.along;
            r.lift = k.up;
            continue;
        }
        if (r.b >= 0) {
            const Body& q = bodies[static_cast<std::size_t>(r.b)];
            const double nb = count[static_cast<std::size_t>(r.b)];
            const double slip = dot(p.v - q.v, r.t) + p.radius * p.w.z + q.radius * q.w.z;
            stop = -slip / (3.5 * (na * (1.0 / p.mass) + nb * (1.0 / q.mass)));
        } else {
            const double slip = dot(p.v, r.t) - p.radius * p.w.z;
            stop = -slip * p.mass / (3.5 * na);
        }
        r.impulse = std::clamp(stop, -r.most, r.most);
    }
    for (const Rub& r : rubs) {
        Body& p = bodies[static_cast<std::size_t>(r.a)];
        if (r.b >= 0 && model != ThrowModel::Horizontal) {
            Body& q = bodies[static_cast<std::size_t>(r.b)];
            throw_model::apply(p.v, p.w, p.radius, p.mass, q.v, q.w, q.radius, q.mass, r.t,
                               {r.impulse, r.lift});
        } else if (r.b >= 0) {
            Body& q = bodies[static_cast<std::size_t>(r.b)];
            const double ja = r.impulse * (1.0 / p.mass),
                         jb = r.impulse * (1.0 / q.mass); // per unit mass
            p.v += r.t * ja;
            q.v -= r.t * jb;
            p.w.z += 2.5 * ja / p.radius;
            q.w.z += 2.5 * jb / q.radius;
        } else {
            p.v += r.t * (r.impulse / p.mass);
            p.w.z -= r.impulse / (0.4 * p.mass * p.radius);
        }
    }
}

// Coulomb friction for the step just taken: the cloth's on each ball, then the contacts'
// together (rub), each at most mu times its normal impulse (the rule of
// narrow::resolve_ball_ball and resolve_ball_cushion).
void Cluster::apply_friction(double h) {
    if (laws_.mu_cloth > 0.0 && laws_.gravity > 0.0) {
        const double most = laws_.mu_cloth * laws_.gravity * h; // per unit mass
        for (Body& p : bodies_) {
            // The contact point with the cloth slips at u = (vx - R wy, vy + R wx); an
            // impulse P there changes u by 7/2 P / m. Per unit mass the impulse is -u f,
            // f = min(mu g h / |u|, 2/7) (at most stopping the slip).
            const Vec2 u{p.v.x - p.radius * p.w.y, p.v.y + p.radius * p.w.x};
            const double slip_sq = length_sq(u);
            if (!(slip_sq > 0.0)) continue; // (the balls the break has not reached yet)
            const double slip = std::sqrt(slip_sq);
            const double f = std::min(most / slip, 1.0 / 3.5);
            const double turn = 2.5 * f / p.radius; // R m / I, I = 2/5 m R^2
            p.v -= u * f;
            p.w.x -= u.y * turn;
            p.w.y += u.x * turn;
        }
    }
    const bool throw_acts = throw_model::acts(laws_.throw_model, laws_.mu_ball);
    if (!throw_acts && !(laws_.mu_wall > 0.0)) return;
    // Only the pairs that touched in the step carry an impulse.
    rubs_.clear();
    for (const std::size_t k : candidates_) {
        const Pair& pr = pairs_[k];
        if (!(pr.impulse > 0.0)) continue;
        const Body& p = bodies_[static_cast<std::size_t>(pr.a)];
        if (pr.b >= 0) {
            if (!throw_acts) continue;
            const Body& q = bodies_[static_cast<std::size_t>(pr.b)];
            rubs_.push_back({pr.a, pr.b, perp(normalized(q.r - p.r)), laws_.mu_ball * pr.impulse,
                             0.0, pr.impulse});
        } else {
            if (!(laws_.mu_wall > 0.0)) continue;
            const Cushion& cu = walls_[static_cast<std::size_t>(-1 - pr.b)];
            const Vec2 n = normalized(p.r - narrow::closest_point_on_segment(p.r, cu.a, cu.b));
            rubs_.push_back({pr.a, -1, perp(n), laws_.mu_wall * pr.impulse});
        }
    }
    if (!rubs_.empty()) rub(bodies_, rubs_, rub_count_, laws_.throw_model);
}

// The error estimate of a step of h for a force per unit mass A (t - t0)^p that switches on
// at t0 inside it: h A sum_q e_q (h c_q - t0)^p (the estimate is blind to the smooth part).
// p = 1/4 is the damping at a contact's onset; p = 1 (with A the slope) the kink where the
// force is clamped to zero before the contact opens.
double switch_error(double h, double t0, double accel, double power) {
    double sum = 0.0;
    for (int q = 0; q < 7; ++q) {
        const double x = h * nodes[q] - t0;
        if (x > 0.0) sum += e[q] * (power == 1.0 ? x : std::sqrt(std::sqrt(x)));
    }
    return std::fabs(h * accel * sum);
}

// The same for an onset in the smooth form with its elastic part (Pair::v_ref): the force
// left, k d^(3/2) (1 - d'/v_ref), is a1 x^(3/2) + a2 x^(11/4) + a3 x^4 per unit mass, x the
// time since the onset.
double onset_error(double h, double t0, double a1, double a2, double a3) {
    double sum = 0.0;
    for (int q = 0; q < 7; ++q) {
        const double x = h * nodes[q] - t0;
        if (!(x > 0.0)) continue;
        const double r2 = std::sqrt(x), r4 = std::sqrt(r2);
        sum += e[q] * (a1 * x * r2 + a2 * x * x * r2 * r4 + a3 * x * x * x * x);
    }
    return std::fabs(h * sum);
}

// The longest step in [t0, h] whose error by `error(step)` stays within `allowed`
// (bisection).
template <class Error> double switch_step(double h, double t0, double allowed, Error&& error) {
    if (error(h) <= allowed) return h;
    double lo = t0, hi = h;
    for (int it = 0; it < 16; ++it) {
        const double mid = 0.5 * (lo + hi);
        (error(mid) <= allowed ? lo : hi) = mid;
    }
    return std::max(lo, 1e-3 * h);
}
double switch_step(double h, double t0, double accel, double power, double allowed) {
    return switch_step(h, t0, allowed,
                       [&](double step) { return switch_error(step, t0, accel, power); });
}

inline Cluster::Approach Cluster::approach(const Pair& pr) const {
    const Body& p = bodies_[static_cast<std::size_t>(pr.a)];
    if (pr.b >= 0) {
        const Body& q = bodies_[static_cast<std::size_t>(pr.b)];
        const Vec2 d = q.r - p.r;
        const double dist = length(d);
        const Vec2 n = d / dist;
        return {n, p.radius + q.radius - dist, dot(p.v - q.v, n), std::min(p.mass, q.mass)};
    }
    const Cushion& cu = walls_[static_cast<std::size_t>(-1 - pr.b)];
    const Vec2 d = p.r - narrow::closest_point_on_segment(p.r, cu.a, cu.b);
    const double dist = length(d);
    const Vec2 n = d / dist;
    return {n, p.radius - dist, -dot(p.v, n), p.mass};
}

// The pairs that can touch within a step of h: the ball pairs whose gap is below what two
// bodies no faster than v_bound_ close in it, and the cushion pairs.
void Cluster::find_near(double h) {
    near_.clear();
    for (std::size_t k = 0; k < pairs_.size(); ++k)
        if (near(pairs_[k], h)) near_.push_back(k);
}

inline bool Cluster::near(const Pair& pr, double h) const {
    if (pr.b < 0) return true;
    const double within = pr.reach + 2.0 * v_bound_ * h;
    const Vec2 d =
        bodies_[static_cast<std::size_t>(pr.b)].r - bodies_[static_cast<std::size_t>(pr.a)].r;
    return length_sq(d) < within * within;
}

// Pair pr's approach now; closing, touching or able to touch within a step of h, it takes
// the smooth form.
inline void Cluster::prepare(Pair& pr, double young, double h) {
    pr.now = approach(pr);
    const Approach& ap = pr.now;
    pr.smooth = ap.rate > 0.0 && ap.depth + ap.rate * std::max(h, young) > 0.0;
    // The elastic part too while the contact is young (its depth within what the closing
    // covers in `young`): later the rate may near zero.
    pr.v_ref = pr.smooth && ap.depth < ap.rate * young ? ap.rate : 0.0;
    pr.k_ref = pr.v_ref > 0.0 ? pr.k / pr.v_ref : 0.0;
}

// The pairs touching at the step's start (those found touching at the last step's end, when
// the pair list is the same), prepared.
void Cluster::find_touching(double young, double h, bool same_pairs) {
    start_touched_.clear();
    if (same_pairs) {
        start_touched_ = touched_; // their contacts_ are the last step's end's
    } else {
        contacts_.resize(pairs_.size());
        for (const std::size_t k : near_)
            if (contact(pairs_[k], y_.data(), contacts_[k])) start_touched_.push_back(k);
    }
    smooth_pairs_ = false;
    for (const std::size_t k : start_touched_) {
        prepare(pairs_[k], young, h);
        smooth_pairs_ = smooth_pairs_ || pairs_[k].smooth;
    }
}

// The pairs whose switches and contacts the step foresees, prepared: those touching at its
// start, the cushion pairs, those found touching unforeseen at the end of a try, and those
// whose gap could close within the step at twice the bodies' relative speed and acceleration
// at its start (a sum of componentwise bounds, no root taken). A pair left out that touches
// at the step's end retries it (see pick_candidates). With `list_near`, the near pairs are
// listed on the way.
void Cluster::find_plausible(double young, double h, bool list_near) {
    plausible_ = start_touched_;
    for (const std::size_t k : start_touched_)
        pairs_[k].plausible = true;
    // From the state (the velocities there are the shifted ones for the smooth pairs' balls:
    // near enough for a bound taken twice) and the accelerations, laid out alike.
    const double* y = y_.data();
    const double* acc = accel0_.data();
    auto bound = [&](std::size_t i, std::size_t j, std::size_t c) {
        return std::fabs(y[i + 2 + c] - y[j + 2 + c]) * h +
               0.5 * std::fabs(acc[i + c] - acc[j + c]) * h * h;
    };
    if (list_near) near_.clear();
    const std::size_t count = list_near ? pairs_.size() : near_.size();
    for (std::size_t at = 0; at < count; ++at) {
        const std::size_t k = list_near ? at : near_[at];
        Pair& pr = pairs_[k];
        if (list_near) {
            if (!near(pr, h)) continue;
            near_.push_back(k);
        }
        if (pr.plausible) continue;
        bool keep = pr.forced || pr.b < 0;
        if (!keep) {
            const std::size_t i = pr.ia, j = pr.ib;
            const double within = pr.reach + 2.0 * (bound(i, j, 0) + bound(i, j, 1)) + 1e-12;
            const double dx = y[j] - y[i], dy = y[j + 1] - y[i + 1];
            keep = dx * dx + dy * dy < within * within;
        }
        if (!keep) continue;
        prepare(pr, young, h);
        plausible_.push_back(k);
    }
    for (const std::size_t k : plausible_)
        pairs_[k].plausible = false;
}

// Pair pr's closing acceleration at the step's start (along its approach's normal).
inline double Cluster::closing_gain(const Pair& pr) const {
    auto accel = [&](int i) {
        const auto u = static_cast<std::size_t>(i);
        return Vec2{accel0_[kState * u], accel0_[kState * u + 1]};
    };
    return pr.b >= 0 ? dot(accel(pr.a) - accel(pr.b), pr.now.n) : -dot(accel(pr.a), pr.now.n);
}

// The step, at most h, that keeps the error of the contact switches predicted within it
// (onsets and clamps, from the overlap followed with its current rate and acceleration)
// within `allowed` by the estimate of switch_error: such a step is accepted first time,
// where the controller would find it through a chain of rejections.
double Cluster::switch_limit(double h, double allowed) {
    for (const std::size_t k : plausible_) {
        Pair& pr = pairs_[k];
        const Approach& ap = pr.now;
        const double gain = pr.gain = closing_gain(pr);
        const double per_mass = 1.0 / ap.mass;
        if (!(ap.depth > 0.0)) {
            // Onset: d(t) = depth + rate t + gain t^2 / 2 rises through 0 in (0, h), at the
            // one root there (the roots in the form that does not cancel).
            if (!(ap.depth + (ap.rate + 0.5 * gain * h) * h > 0.0)) continue;
            const double root = std::sqrt(std::max(0.0, ap.rate * ap.rate - 2.0 * gain * ap.depth));
            const double t1 = -2.0 * ap.depth / (ap.rate + root);
            const double t0 = t1 > 0.0 && t1 <= h ? t1 : -2.0 * ap.depth / (ap.rate - root);
            const double closing = ap.rate + gain * t0;
            if (!(t0 > 0.0) || !(t0 <= h) || !(closing > 0.0)) continue;
            if (pr.smooth) {
                // (An apart pair in the smooth form always has its elastic part: v_ref > 0.)
                // 1 - d'/v_ref after the onset: the closing's mismatch, then the contact's
                // own damping and Hertz force slowing it (d = closing x).
                const double force = pr.k * closing * std::sqrt(closing) * per_mass;
                const double per_reduced = (pr.inv_a + pr.inv_b) / pr.v_ref;
                const double a1 = force * std::fabs(1.0 - closing / pr.v_ref);
                const double a2 = force * pr.c * std::sqrt(std::sqrt(closing)) / 1.25 * per_reduced;
                const double a3 = force * pr.k * closing * std::sqrt(closing) / 2.5 * per_reduced;
                h = switch_step(h, t0, allowed,
                                [&](double step) { return onset_error(step, t0, a1, a2, a3); });
            } else {
                h = switch_step(h, t0, pr.c * std::pow(closing, 1.25) * per_mass, 0.25, allowed);
            }
        } else {
            if (!(pr.c > 0.0)) {
                // Elastic: F = k d^(3/2) ends where the contact opens, taken as a kink where
                // its linear extrapolation reaches 0 (the true ending, like x^(3/2), is milder).
                const double q = std::sqrt(std::sqrt(ap.depth));
                const double f = pr.k * ap.depth * q * q;
                const double slope = 1.5 * pr.k * q * q * ap.rate;
                if (!(slope < 0.0) || !(f < -slope * h)) continue;
                h = switch_step(h, -f / slope, -slope * per_mass, 1.0, allowed);
                continue;
            }
            // Clamp: F = d^(1/4) g with g = k d^(5/4) + c d' is clamped where g falls through
            // 0, found by the Illinois method with d followed as depth + rate t + gain t^2 / 2.
            // (The linear extrapolation of F itself lands short of the kink, again and again,
            // as F's slope flattens towards it: a chain of ever shorter steps.)
            if (!(ap.rate + gain * h < 0.0)) continue; // still closing at the step's end
            auto g_at = [&](double t) {
                const double d = ap.depth + (ap.rate + 0.5 * gain * t) * t;
                const double spring = d > 0.0 ? pr.k * d * std::sqrt(std::sqrt(d)) : 0.0;
                return spring + pr.c * (ap.rate + gain * t);
            };
            const double g_lo = g_at(0.0), g_hi = g_at(h);
            if (!(g_lo > 0.0) || g_hi > 0.0) continue;
            // To 6e-8 of h: far below the prediction's own error.
            const double t0 =
                illinois(g_at, 0.0, h, g_lo, g_hi, [&](double, double moved, double width) {
                    return moved < 6e-8 * h || width < 6e-8 * h;
                });
            const double d0 = ap.depth + (ap.rate + 0.5 * gain * t0) * t0;
            const double q0 = std::sqrt(std::sqrt(std::max(d0, 0.0)));
            // F' = d^(1/4) g' there, g being 0.
            const double slope = q0 * (1.25 * pr.k * q0 * (ap.rate + gain * t0) + pr.c * gain);
            if (!(slope < 0.0)) continue;
            h = switch_step(h, t0, -slope * per_mass, 1.0, allowed);
        }
    }
    return h;
}

// The last stage (the step's end) of the bodies left out of it: uniform motion.
void Cluster::uniform_end(double h) {
    for (std::size_t i = 0; i < bodies_.size(); ++i) {
        if (is_active_[i]) continue;
        const std::size_t d = kState * i;
        tmp_[d] = y_[d] + h * y_[d + 2];
        tmp_[d + 1] = y_[d + 1] + h * y_[d + 3];
        tmp_[d + 2] = y_[d + 2];
        tmp_[d + 3] = y_[d + 3];
    }
}

bool Cluster::run(double until) {
    const std::size_t n = bodies_.size();
    const std::size_t dim = kState * n;
    y_.resize(dim);
    y_new_.resize(dim);
    err_.resize(dim);
    tmp_.resize(dim);
    for (auto& k : k_)
        k.resize(dim);
    // A ball lighter than kLightest of the heaviest is integrated with that mass: between
    // heavier bodies it is a spacer that passes the force on either way, and at its own
    // mass its contacts would be (mass ratio)^(2/5) times shorter than theirs, with as
    // many more steps (a 1e-12 kg ball pinned by a 1 kg ball: a million times more).
    double mmax = 0.0;
    for (const Body& bd : bodies_)
        mmax = std::max(mmax, bd.mass);
    // It enters with its kinetic energy, not its momentum (its speed and spin scaled by
    // sqrt(m / M)): at its own speed the heavier mass would bring energy that the world
    // never had, which the cluster passes on to the other balls.
    for (Body& bd : bodies_) {
        const double least = kLightest * mmax;
        if (!(bd.mass < least)) continue;
        const double keep = std::sqrt(bd.mass / least);
        bd.v = bd.v * keep;
        bd.w = bd.w * keep;
        bd.mass = least;
    }
    // Scales: the fastest body, and the shortest contact that speed could make.
    double vmax = 0.0, mmin = 0.0, rmin = 0.0;
    for (const Body& bd : bodies_) {
        vmax = std::max(vmax, length(bd.v));
        mmin = mmin > 0.0 ? std::min(mmin, bd.mass) : bd.mass;
        rmin = rmin > 0.0 ? std::min(rmin, bd.radius) : bd.radius;
    }
    v_scale_ = std::max(v_scale_, std::max(vmax, 1e-3));
    // Nothing in a cluster adds energy, so no body gets faster than sqrt(2 E / m_min) (and a
    // step's stage states stray from the motion by far less than the margin).
    double energy = 0.0;
    for (const Body& bd : bodies_)
        energy += 0.5 * bd.mass * length_sq(bd.v) +
                  0.2 * bd.mass * bd.radius * bd.radius * dot(bd.w, bd.w);
    v_bound_ = 1.1 * std::sqrt(2.0 * energy / mmin) + 1e-6;
    const double kmax = stiffness(laws_.e_star, rmin);
    const double shortest = contact_duration(
        0.5 * mmin, kmax, std::min(laws_.duration_ball, laws_.duration_wall), 2.0 * v_scale_);
    const double h_max = shortest / 2.0;
    const double travel = 0.5 * kDeep * rmin;
    // A contact is young (Pair::v_ref) while its depth is below what its closing covers in
    // an eighth of the shortest contact.
    const double young = shortest / 8.0;
    // Pairs are listed with a margin of a twentieth of the radii plus what the speed scale
    // covers in four of this horizon (about half a radius in all), and rebuilt after it;
    // each step looks only at the near ones among them (find_near).
    const double pair_horizon = 0.1 * rmin / v_scale_;
    pairs_built_ = -1.0;
    if (!(h_ > 0.0)) h_ = shortest / 64.0;
    bool open = false;
    bool just_rejected = false; // the last try failed on its error (or a missed pair)
    bool again = false;         // the next try starts from the same state
    bool listed_same = false;   // the pair list is the one the last step ended with
    int attempts = 0;
    while (time_ < until) {
        if (++attempts > 10'000'000) break; // cannot happen with finite forces; a guard
        for (std::size_t k = 0; k < n; ++k) {
            const Body& bd = bodies_[k];
            y_[kState * k] = bd.r.x;
            y_[kState * k + 1] = bd.r.y;
            y_[kState * k + 2] = bd.v.x;
            y_[kState * k + 3] = bd.v.y;
        }
        // The pair list holds for a while: rebuilt when the bodies may have covered half the
        // margin it was built with since (and checked after every step regardless).
        // A retry after a rejection starts from the same state with the same pairs: its first
        // stage is the rejected step's.
        bool retry = again;
        bool same_pairs = listed_same;
        if (pairs_built_ < 0.0 || time_ - pairs_built_ > pair_horizon) {
            find_pairs(pair_horizon);
            pairs_built_ = time_;
            retry = same_pairs = false;
        }
        // No body moves more than `travel` in a step: then none can cross a cushion or pass
        // through a ball between two steps' ends (where the stiffened force stops them; see
        // kDeep). The fastest body sets the step's bound; a step in which one sped up past
        // it is tried again (below).
        double vnow_sq = 0.0;
        for (const Body& bd : bodies_)
            vnow_sq = std::max(vnow_sq, length_sq(bd.v));
        const double h_travel = 0.9 * travel / std::sqrt(vnow_sq);
        const double wanted = std::min(h_, std::min(h_max, h_travel));
        if (!retry) {
            if (!same_pairs) find_near(wanted); // (else listed with the plausible pairs)
            find_touching(young, wanted, same_pairs);
            if (smooth_pairs_) shift(start_touched_, y_.data(), y_.data() + 2, -1.0, true);
            forces(y_, k_[0], 0.0, Pass::Start);
        } else if (smooth_pairs_) { // (the tried stages have overwritten contacts_)
            shift(start_touched_, y_.data(), y_.data() + 2, -1.0, false);
        }
        find_plausible(young, wanted, !retry && same_pairs);
        double h = switch_limit(wanted, laws_.tolerance * v_scale_);
        const bool last = time_ + h >= until;
        if (last) h = until - time_;
        pick_candidates(wanted);
        unforeseen_ = false;
        // The step's impulses (read for the candidates only): the first stage's for the pairs
        // touching at its start.
        for (const std::size_t k : candidates_)
            pairs_[k].impulse = 0.0;
        for (const std::size_t k : start_touched_)
            pairs_[k].impulse = h * b[0] * pairs_[k].first;
        // The stages written out: no jump through a table at each.
        auto inner = [&](int s) { forces(tmp_, k_[s], h * b[s], Pass::Inner); };
        stage_input<1>(k_, y_, h, active_, tmp_);
        inner(1);
        stage_input<2>(k_, y_, h, active_, tmp_);
        inner(2);
        stage_input<3>(k_, y_, h, active_, tmp_);
        inner(3);
        stage_input<4>(k_, y_, h, active_, tmp_);
        inner(4);
        stage_input<5>(k_, y_, h, active_, tmp_);
        inner(5);
        stage_input<6>(k_, y_, h, active_, tmp_);
        uniform_end(h);
        forces(tmp_, k_[6], h * b[6], Pass::End);
        y_new_.swap(tmp_); // the last stage is at the fifth-order solution
        if (unforeseen_) { // tried again with the pairs found touching as candidates
            ++rejected_;
            again = true;
            continue;
        }
        combine<7>(e, k_, nullptr, h, active_, err_);
        const double err = error_norm(err_);
        const bool missed = overlaps_outside_pairs(y_new_);
        if (missed) pairs_built_ = -1.0;
        double moved_sq = 0.0;
        for (std::size_t k = 0; k < n; ++k)
            moved_sq =
                std::max(moved_sq, length_sq(Vec2{y_new_[kState * k] - y_[kState * k],
                                                  y_new_[kState * k + 1] - y_[kState * k + 1]}));
        const bool far = !(moved_sq <= travel * travel);
        if (!(err <= 1.0) || missed || far) {
            ++rejected_;
            just_rejected = again = true;
            const double shrink = err > 1.0 ? std::max(0.2, 0.9 * std::pow(err, -0.2)) : 0.5;
            h_ = h * shrink;
            if (!(h_ > 1e-15)) h_ = 1e-15;
            continue;
        }
        ++steps_;
        time_ = last ? until : time_ + h;
        // No growth right after a rejection (the usual safeguard against oscillating).
        double grow = err > 0.0 ? std::min(5.0, 0.9 * std::pow(err, -0.2)) : 5.0;
        if (just_rejected) grow = std::min(grow, 1.0);
        // A step cut short for a switch says little of the step wanted after it: the one
        // wanted before carries on (rather than growing from the short one, five times a step).
        if (!last)
            h_ = std::max(h * std::max(0.2, grow), h < wanted && !just_rejected ? wanted : 0.0);
        just_rejected = again = false;
        listed_same = true;
        for (const std::size_t k : near_)
            pairs_[k].forced = false;
        shift(touched_, y_new_.data(), y_new_.data() + 2, 1.0, true); // the last stage's
        for (std::size_t k = 0; k < n; ++k) {
            Body& bd = bodies_[k];
            bd.r = {y_new_[kState * k], y_new_[kState * k + 1]};
            bd.v = {y_new_[kState * k + 2], y_new_[kState * k + 3]};
        }
        apply_friction(h);
        // Which contacts are closed now; those not closed before began in this step.
        // The last stage was taken at the new positions (friction moves none), so the
        // pairs it found touching are those touching now.
        now_touching_.clear();
        for (const std::size_t k : touched_) {
            const Pair& p = pairs_[k];
            now_touching_.emplace_back(p.a, p.b);
            if (std::find(touching_.begin(), touching_.end(), std::make_pair(p.a, p.b)) ==
                touching_.end())
                onsets_.push_back({time_, p.a, p.b >= 0 ? p.b : -1, p.b >= 0 ? -1 : -1 - p.b});
        }
        touching_.swap(now_touching_);
        if (touching_.empty()) {
            open = true;
            break;
        }
    }
    return open;
}

} // namespace billiards::physics::hertz
