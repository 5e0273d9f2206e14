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

// Friction per unit of the nose's normal impulse P at the nose and on the cloth, in the
// directions of the contacts' slips (the paper's mu_w (cos phi, sin phi) and
// mu_s load (cos phi', sin phi')); it acts against them.
struct Friction {
    Vec2 nose{};
    Vec2 cloth{};
};

// A contact either slips (friction mu N along `dir`, the slip's direction) or sticks
// (friction whatever keeps its slip still, while that lies within mu N).
struct Contact {
    bool stuck = false;
    Vec2 dir{};
};

struct Model {
    double sin_t = 0.0, cos_t = 0.0, mu_w = 0.0, mu_s = 0.0, mass = 0.0, radius = 0.0;
    double tiny = 0.0; // a slip this small has no direction of its own

    Vec2 slip_nose(const State& q) const {
        return {q.vx + q.wy * radius * sin_t - q.wz * radius * cos_t,
                -q.vy * sin_t + q.wx * radius};
    }
    Vec2 slip_cloth(const State& q) const { return {q.vx - q.wy * radius, q.vy + q.wx * radius}; }
    // The cloth's normal impulse per unit of P: the nose pushes the ball down.
    double load(double nose_y) const { return std::max(0.0, sin_t + cos_t * nose_y); }

    // d(state)/dP (Mathavan et al. 2010, eqs. 17 and 18, with the friction terms as f).
    State rates(const Friction& f) const {
        const double lin = 1.0 / mass;
        const double ang = 2.5 / (mass * radius);
        State d;
        d.vx = -lin * (f.nose.x + f.cloth.x);
        d.vy = -lin * (cos_t - sin_t * f.nose.y + f.cloth.y);
        d.wx = -ang * (f.nose.y + f.cloth.y);
        d.wy = -ang * (f.nose.x * sin_t - f.cloth.x);
        d.wz = ang * f.nose.x * cos_t;
        return d;
    }

    Vec2 direction(Vec2 slip, Contact& k) const {
        const double l = length(slip);
        if (l > tiny) k.dir = slip / l;
        return k.dir;
    }

    // Nose stuck, cloth slipping: the nose's friction, and whether it lies within mu_w.
    bool hold_nose(const State& q, Contact& cloth, Friction& f) const {
        const double s = sin_t, c = cos_t;
        const Vec2 dc = direction(slip_cloth(q), cloth);
        const double ky = mu_s * dc.y;
        f.nose.y = (s * c + (s - 2.5) * ky * s) / ((s * s + 2.5) - (s - 2.5) * ky * c);
        f.cloth = dc * (mu_s * load(f.nose.y));
        f.nose.x = -(1.0 - 2.5 * s) * f.cloth.x / 3.5;
        return length(f.nose) <= mu_w;
    }
    // Nose slipping, cloth stuck: the cloth's friction, and whether it lies within mu_s N.
    bool hold_cloth(const State& q, Contact& nose, Friction& f) const {
        const double s = sin_t, c = cos_t;
        f.nose = direction(slip_nose(q), nose) * mu_w;
        f.cloth = {(2.5 * s - 1.0) * f.nose.x / 3.5, -(c + (2.5 - s) * f.nose.y) / 3.5};
        return length(f.cloth) <= mu_s * load(f.nose.y);
    }

    // The friction in state q. A stuck contact's friction keeps its slip's rate at zero
    // (the slip rates are linear in f and separate into x and y parts:
    //   nose:  M dix = -(7/2 fIx + (1 - 5/2 s) fCx),  M diy = s c - (s^2 + 5/2) fIy + (s - 5/2) fCy
    //   cloth: M dcx = (5/2 s - 1) fIx - 7/2 fCx,     M dcy = -(c + (5/2 - s) fIy + 7/2 fCy)
    // with s = sin theta, c = cos theta); when that needs more than mu N the contact starts
    // to slip in the direction of the friction it needed (when both cannot stay stuck, only one
    // slips if the other then holds).
    Friction friction(const State& q, Contact& nose, Contact& cloth) const {
        const double s = sin_t, c = cos_t;
        Friction f;
        if (nose.stuck && cloth.stuck) {
            // Both stuck: no friction along the rail; across it two equations.
            const double a11 = -(s * s + 2.5), a12 = s - 2.5, a21 = 2.5 - s, a22 = 3.5;
            const double det = a11 * a22 - a12 * a21;
            f.nose = {0.0, (-s * c * a22 + c * a12) / det};
            f.cloth = {0.0, (-c * a11 + s * c * a21) / det};
            const double over_nose = std::fabs(f.nose.y) / std::max(mu_w, 1e-300);
            const double over_cloth =
                std::fabs(f.cloth.y) / std::max(mu_s * load(f.nose.y), 1e-300);
            if (over_nose <= 1.0 && over_cloth <= 1.0) return f;
            // One slips, in the direction of the friction it needed: the one further over
            // its limit first, if the other then holds; else the other; else both.
            const Vec2 dir_nose{0.0, f.nose.y > 0.0 ? 1.0 : -1.0};
            const Vec2 dir_cloth{0.0, f.cloth.y > 0.0 ? 1.0 : -1.0};
            for (int k = 0; k < 2; ++k) {
                Contact n2 = nose, c2 = cloth;
                Friction g;
                if ((k == 0) == (over_nose >= over_cloth)) {
                    n2 = {false, dir_nose};
                    if (!hold_cloth(q, n2, g)) continue;
                } else {
                    c2 = {false, dir_cloth};
                    if (!hold_nose(q, c2, g)) continue;
                }
                nose = n2;
                cloth = c2;
                return g;
            }
            nose = {false, dir_nose};
            cloth = {false, dir_cloth};
        } else if (nose.stuck) {
            if (hold_nose(q, cloth, f)) return f;
            nose = {false, normalized(f.nose)};
        } else if (cloth.stuck) {
            if (hold_cloth(q, nose, f)) return f;
            cloth = {false, normalized(f.cloth)};
        }
        f.nose = direction(slip_nose(q), nose) * mu_w;
        f.cloth = direction(slip_cloth(q), cloth) * (mu_s * load(f.nose.y));
        return f;
    }

    // How long a step may be for a slipping contact whose slip (rate ds, constant while
    // the friction's directions are) the step would turn. Its friction follows its
    // direction, so a midpoint step across a large turn is far off: a slip that passes
    // zero at a distance turns round within a step without vanishing.
    // - When the straight-line prediction runs (nearly) through zero within h, the step is
    //   cut where it comes closest and the contact `sticks` there.
    // - Otherwise the slip is followed in steps that turn it by at most atan(kTanTurn). A
    //   slip turning towards zero turns ever faster as it shrinks, until it aims at zero
    //   (within kAim) or is small (within kSmall of what a full step dp changes it by).
    // - A small slip that does not close on zero is stepped as it is: its direction is
    //   set within a fraction of a step, and what it carries is as small.
    double stop(Vec2 slip, Vec2 ds, double h, double dp, bool& sticks) const {
        sticks = false;
        const double rate = length_sq(ds);
        const double size = length(slip);
        // A slip still within `settle` of zero has just begun (a contact that came unstuck):
        // it grows along its direction.
        if (!(rate > 0.0) || !(size > settle)) return h;
        const double p = -dot(slip, ds) / rate;
        const bool small = size <= kSmall * dp * std::sqrt(rate);
        if (p > 0.0 && p < h) {
            const double miss = length(slip + ds * p);
            if (miss <= settle || miss <= kAim * size || (small && miss <= 0.5 * size)) {
                sticks = true;
                return p;
            }
        }
        if (small) return h;
        // The turn after t: tan = |slip x ds| t / (|slip|^2 + slip.ds t).
        const double cr = std::fabs(cross(slip, ds)), along = dot(slip, ds);
        if (cr * h <= kTanTurn * (size * size + along * h)) return h;
        return kTanTurn * size * size / (cr - kTanTurn * along);
    }
    // A slip whose straight line passes zero within kAim of its length aims at zero: the
    // friction impulse that takes out what is left (see settle_nose) is that small.
    static constexpr double kAim = 0.03;
    // A slip within kSmall of what a full step changes it by is small: following its turns
    // would take ever shorter steps for what it carries.
    static constexpr double kSmall = 0.03;
    // tan of the largest turn of a slip within one step (about 0.57 degrees): the results
    // at the default 64 steps then agree with 4,096 steps to 1e-4 (see the tests); the
    // error falls about in proportion to it.
    static constexpr double kTanTurn = 0.01;

    // A slip left after a step cut where it should have vanished comes from the straight-
    // line prediction. It is taken out by a friction impulse at that contact (the contact
    // stuck a little earlier) when that is within mu N times a full step; then the contact
    // sticks exactly. The effect of a contact's own friction on its slip is diagonal:
    // the nose's slip changes by -(7/2 Fx, (s^2 + 5/2) Fy) / M, the cloth's by -7/2 F / M.
    bool settle_nose(State& q, double h) const {
        const Vec2 r = slip_nose(q);
        const Vec2 imp{mass * r.x / 3.5, mass * r.y / (sin_t * sin_t + 2.5)};
        if (length(imp) > mu_w * h) return false;
        Friction f;
        f.nose = imp;
        kick(q, f);
        return true;
    }
    bool settle_cloth(State& q, double h, double nose_y) const {
        const Vec2 r = slip_cloth(q);
        const Vec2 imp = r * (mass / 3.5);
        if (length(imp) > mu_s * load(nose_y) * h) return false;
        Friction f;
        f.cloth = imp;
        kick(q, f);
        return true;
    }
    // Adds friction impulses (no normal impulse) to q.
    void kick(State& q, const Friction& f) const {
        const State with = rates(f);
        const State none = rates(Friction{});
        q = {q.vx + (with.vx - none.vx), q.vy + (with.vy - none.vy), q.wx + (with.wx - none.wx),
             q.wy + (with.wy - none.wy), q.wz + (with.wz - none.wz)};
    }
    double settle = 0.0; // a slip this small is taken as stuck
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
    State q{in.v.x, in.v.y, in.w.x, in.w.y, in.w.z};
    m.tiny = 1e-12 * (std::fabs(in.v.y) + std::fabs(in.v.x) +
                      in.radius * (std::fabs(in.w.x) + std::fabs(in.w.y) + std::fabs(in.w.z)));
    // The impulse step: the frictionless compression split into `steps`.
    const int steps = std::max(4, laws.steps);
    const double dp = in.mass * in.v.y / (m.cos_t * steps);
    Contact nose, cloth;
    m.settle = 1e3 * m.tiny;
    nose.stuck = !(length(m.slip_nose(q)) > m.settle);
    cloth.stuck = !(length(m.slip_cloth(q)) > m.settle);
    const double e = std::clamp(laws.restitution, 0.0, 1.0);
    // Work of the nose's normal force: the ball's centre closes on the nose at vy cos(theta).
    double work = 0.0, target = -1.0;
    bool compressing = true;
    const int guard = 1000 * steps; // friction cannot stretch the impact further than this
    for (int n = 0; n < guard; ++n) {
        // One midpoint step, cut where a slipping contact sticks, where vy reaches zero
        // (compression ends) or where the work reaches its target (restitution ends).
        const Friction f1 = m.friction(q, nose, cloth);
        const State k1 = m.rates(f1);
        double h = dp;
        bool nose_sticks = false, cloth_sticks = false;
        if (!nose.stuck) {
            bool sticks = false; // a slip is linear in the state: its rate is the slip of k1
            const double at = m.stop(m.slip_nose(q), m.slip_nose(k1), h, dp, sticks);
            if (at < h) {
                h = at;
                nose_sticks = sticks;
            }
        }
        if (!cloth.stuck) {
            bool sticks = false;
            const double at = m.stop(m.slip_cloth(q), m.slip_cloth(k1), h, dp, sticks);
            if (at < h) {
                h = at;
                cloth_sticks = sticks;
                nose_sticks = false;
            }
        }
        bool last = false;
        if (compressing && q.vy + h * k1.vy <= 0.0 && k1.vy < 0.0) {
            h = -q.vy / k1.vy;
            nose_sticks = cloth_sticks = false;
            last = true;
        }
        if (!compressing) {
            // The work over a step is cos(theta) (vy x + a x^2 / 2) for vy linear in P.
            const double c = (target - work) / m.cos_t; // negative
            const double dw = m.cos_t * (q.vy * h + 0.5 * k1.vy * h * h);
            if (!(work + dw > target)) {
                const double disc = q.vy * q.vy + 2.0 * k1.vy * c;
                h = disc >= 0.0 && k1.vy != 0.0 ? (-q.vy - std::sqrt(disc)) / k1.vy : h;
                nose_sticks = cloth_sticks = false;
                last = true;
            }
        }
        Contact nose_mid = nose, cloth_mid = cloth;
        const State mid = add(q, k1, 0.5 * h);
        const State next = add(q, m.rates(m.friction(mid, nose_mid, cloth_mid)), h);
        work += 0.5 * h * m.cos_t * (q.vy + next.vy);
        q = next;
        if (nose_sticks && m.settle_nose(q, dp)) nose.stuck = true;
        if (cloth_sticks && m.settle_cloth(q, dp, f1.nose.y)) cloth.stuck = true;
        if (last) {
            if (!compressing) break;
            q.vy = std::min(q.vy, 0.0);
            compressing = false;
            target = (1.0 - e * e) * work;
            if (!(work > target)) break; // e = 0: nothing comes back
        }
    }
    Ball out = in;
    out.v = {q.vx, q.vy};
    out.w = {q.wx, q.wy, q.wz};
    return out;
}

} // namespace billiards::physics::mathavan
