#include "physics/cushion_model.hpp"

#include <algorithm>
#include <cmath>

namespace billiards::physics::mathavan {

bool applies(double radius, double height) {
    return radius > 0.0 && height > radius && height < 2.0 * radius;
}

namespace {

struct State {
    double vx = 0.0, vy = 0.0, wx = 0.0, wy = 0.0, wz = 0.0;
};

State add(const State& s, const State& d, double h) {
    return {s.vx + h * d.vx, s.vy + h * d.vy, s.wx + h * d.wx, s.wy + h * d.wy, s.wz + h * d.wz};
}

struct Model {
    double sin_t = 0.0, cos_t = 0.0, mu_w = 0.0, mu_s = 0.0, mass = 0.0, radius = 0.0;

    // Unit direction of a slip, or zero when it does not slip (no friction then).
    // Unit direction of a slip for friction. Within `soft` of zero the friction is
    // proportional to the slip instead: an explicit step must not carry a slip through
    // zero and back (near sticking the sliding directions would swing every step and
    // rounding noise in one component would grow). soft is what full friction removes
    // from the slip in one step, so it shrinks with the step and the limit is Coulomb
    // friction with sticking.
    static void direction(double x, double y, double soft, double& c, double& s) {
        const double len = std::max(std::sqrt(x * x + y * y), soft);
        if (len > 0.0) {
            c = x / len;
            s = y / len;
        } else {
            c = s = 0.0;
        }
    }
    double soft_nose = 0.0;  // soft for the nose contact
    double soft_cloth = 0.0; // for the cloth, per unit of its load

    // d(state)/dP: the changes per unit of normal impulse at the nose (Mathavan et al.
    // 2010, eqs. 17 and 18), friction against each contact's slip.
    State rates(const State& q) const {
        const double r = radius;
        // Slip of the nose contact I along x and along y' (its tangent up the ball), and of
        // the cloth contact C.
        const double ix = q.vx + q.wy * r * sin_t - q.wz * r * cos_t;
        const double iy = -q.vy * sin_t + q.wx * r;
        const double cx = q.vx - q.wy * r;
        const double cy = q.vy + q.wx * r;
        double cphi = 0.0, sphi = 0.0, cpsi = 0.0, spsi = 0.0;
        direction(ix, iy, soft_nose, cphi, sphi);
        // The cloth's normal impulse per unit of P: the nose pushes the ball down.
        const double load = std::max(0.0, sin_t + mu_w * sphi * cos_t);
        direction(cx, cy, soft_cloth * load, cpsi, spsi);
        const double lin = 1.0 / mass;
        const double ang = 2.5 / (mass * r);
        State d;
        d.vx = -lin * (mu_w * cphi + mu_s * cpsi * load);
        d.vy = -lin * (cos_t - mu_w * sin_t * sphi + mu_s * spsi * load);
        d.wx = -ang * (mu_w * sphi + mu_s * spsi * load);
        d.wy = -ang * (mu_w * cphi * sin_t - mu_s * cpsi * load);
        d.wz = ang * mu_w * cphi * cos_t;
        return d;
    }

    // One midpoint step of impulse dp from q, whose rates are k1.
    State step(const State& q, const State& k1, double dp) const {
        const State mid = add(q, k1, 0.5 * dp);
        return add(q, rates(mid), dp);
    }

    // The impulse step from q: long while both slips are far from zero, down to `fine`
    // where one of them may stop within a few steps (the friction's direction turns there).
    double stride(const State& q, const State& k1, double fine) const {
        const double r = radius;
        const double ix = q.vx + q.wy * r * sin_t - q.wz * r * cos_t, iy = -q.vy * sin_t + q.wx * r;
        const double cx = q.vx - q.wy * r, cy = q.vy + q.wx * r;
        const double dix = k1.vx + k1.wy * r * sin_t - k1.wz * r * cos_t, diy = -k1.vy * sin_t + k1.wx * r;
        const double dcx = k1.vx - k1.wy * r, dcy = k1.vy + k1.wx * r;
        // Impulse over which a slip would change by a quarter of itself.
        auto reach = [](double x, double y, double dx, double dy) {
            const double rate = std::sqrt(dx * dx + dy * dy);
            return rate > 0.0 ? 0.25 * std::sqrt(x * x + y * y) / rate : 1e300;
        };
        const double h = std::min(reach(ix, iy, dix, diy), reach(cx, cy, dcx, dcy));
        return std::clamp(h, fine, kLongest * fine);
    }
    static constexpr double kLongest = 16.0;
};

} // namespace

Ball impact(const Ball& in, const Laws& laws) {
    if (!(in.v.y > 0.0) || !applies(in.radius, laws.height) || !(in.mass > 0.0)) return in;
    Model m;
    m.sin_t = (laws.height - in.radius) / in.radius;
    m.cos_t = std::sqrt(1.0 - m.sin_t * m.sin_t);
    m.mu_w = std::max(0.0, laws.mu_cushion);
    m.mu_s = std::max(0.0, laws.mu_cloth);
    m.mass = in.mass;
    m.radius = in.radius;
    const int steps = std::max(8, laws.steps);
    // The finest impulse step: the frictionless compression split into `steps` (steps run
    // up to 16 times longer while both slips are far from zero).
    const double dp = in.mass * in.v.y / (m.cos_t * steps);
    // A slip changes by 7/2 of the friction impulse over the mass (both contacts below the
    // centre's height or at the nose alike, to the order that matters here).
    m.soft_nose = 3.5 * m.mu_w * dp / in.mass;
    m.soft_cloth = 3.5 * m.mu_s * dp / in.mass;
    State q{in.v.x, in.v.y, in.w.x, in.w.y, in.w.z};
    // Work of the nose's normal force: the ball's centre closes on the nose at vy cos(theta).
    double work = 0.0;
    const int guard = 1000 * steps; // friction cannot stretch a phase further than this
    // Compression: until the ball stops moving into the cushion; the last step is cut where
    // vy reaches zero.
    for (int n = 0; n < guard && q.vy > 0.0; ++n) {
        const State k1 = m.rates(q);
        double h = m.stride(q, k1, dp);
        State next = m.step(q, k1, h);
        if (!(next.vy > 0.0)) {
            h = h * q.vy / (q.vy - next.vy);
            next = m.step(q, k1, h);
            next.vy = std::min(next.vy, 0.0);
        }
        work += 0.5 * h * m.cos_t * (q.vy + next.vy);
        q = next;
    }
    // Restitution: the nose gives back e^2 of the stored work; the last step is cut where
    // the work reaches its target.
    const double e = std::clamp(laws.restitution, 0.0, 1.0);
    const double target = (1.0 - e * e) * work;
    for (int n = 0; n < guard && work > target; ++n) {
        const State k1 = m.rates(q);
        const double h = m.stride(q, k1, dp);
        State next = m.step(q, k1, h);
        const double dw = 0.5 * h * m.cos_t * (q.vy + next.vy);
        if (!(work + dw > target)) {
            // vy is close to linear in P over a step, so the work is quadratic in it: the
            // step that lands on the target solves cos(theta) (vy x + a x^2 / 2) = target - work.
            const double a = (next.vy - q.vy) / h;
            const double c = (target - work) / m.cos_t; // negative
            const double disc = q.vy * q.vy + 2.0 * a * c;
            const double x = disc >= 0.0 && a != 0.0 ? (-q.vy - std::sqrt(disc)) / a
                                                      : h * (work - target) / -dw;
            q = m.step(q, k1, x);
            break;
        }
        work += dw;
        q = next;
    }
    Ball out = in;
    out.v = {q.vx, q.vy};
    out.w = {q.wx, q.wy, q.wz};
    return out;
}

} // namespace billiards::physics::mathavan
