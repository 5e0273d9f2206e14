#include "physics/narrow.hpp"

#include "physics/cushion_model.hpp"
#include "physics/motion.hpp"
#include "physics/throw_mathavan.hpp"
#include "physics/throw_model.hpp"

#include <algorithm>
#include <cmath>

namespace billiards::physics::narrow {

Vec2 closest_point_on_segment(Vec2 p, Vec2 a, Vec2 b) {
    const Vec2 ab = b - a;
    const double len2 = length_sq(ab);
    if (len2 == 0.0) return a;
    const double t = std::clamp(dot(p - a, ab) / len2, 0.0, 1.0);
    return a + ab * t;
}

bool near_segment(Vec2 p, Vec2 a, Vec2 b, double within) {
    if (p.x < std::min(a.x, b.x) - within || p.x > std::max(a.x, b.x) + within ||
        p.y < std::min(a.y, b.y) - within || p.y > std::max(a.y, b.y) + within)
        return false;
    return length_sq(p - closest_point_on_segment(p, a, b)) < within * within;
}

Poly gap_squared(const Kinematics& k1, const Kinematics& k2, double contact_distance) {
    const Vec2 d = k2.r - k1.r;
    const Vec2 dv = k2.v - k1.v;
    const Vec2 da = (k2.a - k1.a) * 0.5;
    Poly p;
    p.c[0] = length_sq(d) - contact_distance * contact_distance;
    p.c[1] = 2.0 * dot(d, dv);
    p.c[2] = length_sq(dv) + 2.0 * dot(d, da);
    p.c[3] = 2.0 * dot(dv, da);
    p.c[4] = length_sq(da);
    return p;
}

double ball_ball_toi(const Kinematics& k1, double r1, const Kinematics& k2, double r2, double h) {
    const double dist = r1 + r2;
    const Poly f = gap_squared(k1, k2, dist);
    // f' = 2 d.dv = -2 |d| closing speed, and |d| ~ dist near contact.
    return first_contact(f, h, 2.0 * dist * kNowSpeed, 2.0 * dist * kLateSpeed,
                         2.0 * dist * kContactDepth);
}

double ball_point_toi(const Kinematics& k, double radius, Vec2 point, double h) {
    return ball_ball_toi(k, radius, Kinematics{point, {}, {}}, 0.0, h);
}

double ball_segment_toi(const Kinematics& k, double radius, const Cushion& c, double h) {
    double best = -1.0;
    auto consider = [&best](double s) {
        if (s >= 0.0 && (best < 0.0 || s < best)) best = s;
    };
    consider(ball_point_toi(k, radius, c.a, h));
    consider(ball_point_toi(k, radius, c.b, h));
    const Vec2 ab = c.b - c.a;
    const double len = length(ab);
    if (len > 0.0) {
        const Vec2 n = perp(ab) / len;
        const double side = dot(n, k.r - c.a) < 0.0 ? -1.0 : 1.0;
        Poly f;
        f.c[0] = side * dot(n, k.r - c.a) - radius;
        f.c[1] = side * dot(n, k.v);
        f.c[2] = side * dot(n, k.a) * 0.5;
        const double s =
            first_contact(f, best >= 0.0 ? best : h, kNowSpeed, kLateSpeed, kContactDepth);
        if (s >= 0.0) {
            // Only the open segment: beyond its ends the rounded end points take over.
            const double t = dot(k.at(s) - c.a, ab) / (len * len);
            if (t > 0.0 && t < 1.0) consider(s);
        }
    }
    return best;
}

double ball_pocket_toi(const Kinematics& k, const Pocket& p, double h) {
    const Poly f = gap_squared(k, Kinematics{p.center, {}, {}}, p.radius);
    return first_inside(f, h);
}

double effective_restitution(double e, double speed) {
    return speed <= kLateSpeed ? 1.0 : e;
}

namespace {
// resolve_ball_ball and join_slow_contact along a given unit normal n (b1 to b2).
// min_parting: the least speed at which they part (0: restitution alone decides).
// mu_table and steps: the mathavan model's cloth friction and impulse steps.
double resolve_along(BodyState& b1, BodyState& b2, Vec2 n, double e, double mu, ThrowModel model,
                     double mu_table, int steps, double min_parting = 0.0) {
    const double closing = dot(b1.velocity - b2.velocity, n);
    if (!(closing > 0.0)) return 0.0;
    const double inv1 = 1.0 / b1.mass;
    const double inv2 = 1.0 / b2.mass;
    const double ee = effective_restitution(e, closing);
    if (model == ThrowModel::Mathavan) {
        throw_mathavan::Ball m1{b1.velocity, b1.spin, b1.radius, b1.mass};
        throw_mathavan::Ball m2{b2.velocity, b2.spin, b2.radius, b2.mass};
        double jn = throw_mathavan::impact(m1, m2, n, {ee, mu, mu_table, steps});
        b1.velocity = m1.v;
        b1.spin = m1.w;
        b2.velocity = m2.v;
        b2.spin = m2.w;
        // Pressed together by the cloth: they part at least at min_parting (as below).
        const double parting = dot(b2.velocity - b1.velocity, n);
        if (parting < min_parting) {
            const double more = (min_parting - parting) / (inv1 + inv2);
            b1.velocity -= n * (more * inv1);
            b2.velocity += n * (more * inv2);
            jn += more;
        }
        return jn;
    }
    const double jn = ee * closing < min_parting ? (closing + min_parting) / (inv1 + inv2)
                                                 : (1.0 + ee) * closing / (inv1 + inv2);
    b1.velocity -= n * (jn * inv1);
    b2.velocity += n * (jn * inv2);
    if (model != ThrowModel::Horizontal) {
        // The whole slip, horizontal and vertical (throw_model.hpp).
        const Vec2 t = perp(n);
        const throw_model::Tangent u =
            throw_model::slip(b1.velocity, b1.spin, b1.radius, b2.velocity, b2.spin, b2.radius, t);
        const double speed = throw_model::speed(u);
        const throw_model::Tangent p = throw_model::impulse(
            u, speed, throw_model::coefficient(model, mu, speed) * jn, 3.5 * (inv1 + inv2));
        throw_model::apply(b1.velocity, b1.spin, b1.radius, b1.mass, b2.velocity, b2.spin,
                           b2.radius, b2.mass, t, p);
    } else if (mu > 0.0) {
        // Horizontal slip of the contact points along t = perp(n): the balls' relative
        // velocity plus the side-spin surface speeds. (Vertical slip would lift the balls
        // off a 2D table and is left out.)
        const Vec2 t = perp(n);
        const double slip =
            dot(b1.velocity - b2.velocity, t) + b1.radius * b1.spin.z + b2.radius * b2.spin.z;
        // A tangential impulse P changes the slip by 7/2 P (1/m1 + 1/m2).
        const double stop = -slip / (3.5 * (inv1 + inv2));
        const double jt = std::clamp(stop, -mu * jn, mu * jn);
        b1.velocity += t * (jt * inv1);
        b2.velocity -= t * (jt * inv2);
        b1.spin.z += jt * b1.radius / (0.4 * b1.mass * b1.radius * b1.radius);
        b2.spin.z += jt * b2.radius / (0.4 * b2.mass * b2.radius * b2.radius);
    }
    return jn;
}

// A motion's acceleration after its next linear transition (side spin does not change
// the linear motion).
Vec2 accel_after_transition(Motion m, double radius, const Params& p) {
    m.t_spin = kNever;
    finish_transition(m, radius, p);
    return m.a;
}

// The least speed a T / 2 at which a pair pressed together along n must part (n from the
// first to the second; press: the relative acceleration -(a2 - a1).n > 0), so that it
// returns after T: kPressReturn, or sooner when either motion changes in a way that may
// stop the pressing (the pair must not go on drifting apart at the parting speed), but
// never sooner than kPressMin. A ball that would start rolling while the other still
// drives it (a sliding ball pushed from behind) does not stop it. A cushion is a motion
// that never changes.
double press_parting(const Motion& m1, double r1, const Motion& m2, double r2, Vec2 n, double press,
                     const Params& p) {
    // Each change that comes before kPressReturn, in time order, with the accelerations
    // after it (and after the other ball's, when that came first).
    const Motion* m[2] = {&m1, &m2};
    const double radius[2] = {r1, r2};
    Vec2 a[2] = {m1.a, m2.a};
    const int first = m1.t_lin <= m2.t_lin ? 0 : 1;
    double t = kPressReturn;
    for (const int k : {first, 1 - first}) {
        if (!(m[k]->t_lin < t)) break;
        a[k] = accel_after_transition(*m[k], radius[k], p);
        // Stopped, or so weak that it is round-off of equal accelerations.
        if (!(-dot(a[1] - a[0], n) > kJoinPress * press)) {
            t = m[k]->t_lin;
            break;
        }
    }
    return 0.5 * press * std::max(t, kPressMin);
}

// resolve_ball_cushion along a given unit normal n (from the cushion to the centre).
// min_parting: the least speed at which the ball leaves (0: restitution alone decides).
double resolve_cushion_along(BodyState& b, Vec2 n, double e, double mu, double min_parting = 0.0) {
    const double vn = dot(b.velocity, n);
    if (!(vn < 0.0)) return 0.0;
    const double ee = effective_restitution(e, -vn);
    const double jn =
        ee * -vn < min_parting ? (min_parting - vn) * b.mass : -(1.0 + ee) * vn * b.mass;
    b.velocity += n * (jn / b.mass);
    if (mu > 0.0) {
        // The contact point sits at -R n; its horizontal velocity along t = perp(n) is
        // v.t - R wz. A tangential impulse P there changes that slip by 7/2 P / m.
        const Vec2 t = perp(n);
        const double slip = dot(b.velocity, t) - b.radius * b.spin.z;
        const double stop = -slip * b.mass / 3.5;
        const double jt = std::clamp(stop, -mu * jn, mu * jn);
        b.velocity += t * (jt / b.mass);
        b.spin.z -= jt * b.radius / (0.4 * b.mass * b.radius * b.radius);
    }
    return jn;
}

// A ball that meets a cushion slowly (closing at most kPressSpeed) while the cloth drives
// it into the cushion (spin, a ball sliding into the rail) is a pushing contact with a
// cushion: elastic returns at the slow speeds came every fraction of a microsecond. The
// least parting speed, a T / 2 as for two balls; 0 when not pressed.
double cushion_parting(const BodyState& b, Vec2 n, const Params& p) {
    const double closing = -dot(b.velocity, n);
    if (!(closing > 0.0 && closing <= kPressSpeed)) return 0.0;
    const Motion m = make_motion(0.0, b.position, b.velocity, b.spin, b.radius, p);
    const double press = -dot(m.a, n);
    if (!(press > 0.0)) return 0.0;
    return press_parting(Motion{}, 0.0, m, b.radius, n, press, p);
}

// The Mathavan impact along n (from the cushion to the centre), in the cushion's frame:
// x along the rail (perp(n)), y into the cushion (-n), z up.
void mathavan_cushion_along(BodyState& b, Vec2 n, const Params& p) {
    const Vec2 x = perp(n);
    const Vec2 y = -n;
    mathavan::Ball in;
    in.v = {dot(b.velocity, x), dot(b.velocity, y)};
    if (!(in.v.y > 0.0)) return;
    in.w = {b.spin.x * x.x + b.spin.y * x.y, b.spin.x * y.x + b.spin.y * y.y, b.spin.z};
    in.radius = b.radius;
    in.mass = b.mass;
    mathavan::Laws laws;
    laws.restitution = effective_restitution(p.cushion_restitution, in.v.y);
    laws.mu_cushion = p.cushion_friction;
    laws.mu_cloth = p.sliding_friction;
    laws.height = p.cushion_height;
    const mathavan::Ball out = mathavan::impact(in, laws);
    b.velocity = x * out.v.x + y * out.v.y;
    const Vec2 w = x * out.w.x + y * out.w.y;
    b.spin = {w.x, w.y, out.w.z};
}

enum class Slow { No, Join, Press };

// How a slow contact along n ends (see join_slow_contact and kPressReturn); for Join, the
// shared velocity in v; for Press, and for a Join that the cloth still presses, the speed
// at which the pair must at least part (else 0).
Slow slow_contact(const BodyState& b1, const BodyState& b2, Vec2 n, const Params& p, Vec2& v,
                  double& parting) {
    parting = 0.0;
    const double closing = dot(b1.velocity - b2.velocity, n);
    if (!(closing > 0.0 && closing <= kPressSpeed)) return Slow::No;
    auto accel = [&p](const BodyState& b, Vec2 vel) {
        return make_motion(0.0, b.position, vel, b.spin, b.radius, p).a;
    };
    // Would they stay in contact? The gap's second derivative |dv|^2 + d.da (d.dv ~ 0 at
    // a slow contact) is negative only when the cloth presses them together harder than
    // their sideways motion takes them apart; otherwise one slow impact parts them.
    const Vec2 d = b2.position - b1.position;
    const Vec2 dv = b2.velocity - b1.velocity;
    const Vec2 da0 = accel(b2, b2.velocity) - accel(b1, b1.velocity);
    if (!(length_sq(dv) + dot(d, da0) < 0.0)) return Slow::No;
    v = (b1.velocity * b1.mass + b2.velocity * b2.mass) / (b1.mass + b2.mass);
    // Joined, would the cloth still press them together? Hard: the pressing is resolved by
    // impacts. Lightly (their spins differ): they travel together but part as below, since
    // joined and pressed at all they would touch again within nanoseconds, over and over.
    const Motion m1 = make_motion(0.0, b1.position, v, b1.spin, b1.radius, p);
    const Motion m2 = make_motion(0.0, b2.position, v, b2.spin, b2.radius, p);
    const Vec2 da = m2.a - m1.a;
    const double press = -dot(da, n);
    const bool hard = press > kJoinPress * length(da);
    if (!hard && closing > kLateSpeed) return Slow::No;
    double pressing = press;
    if (!(press > 0.0)) {
        // Joining nudges a rolling ball into sliding for a moment; rolling again, it may press.
        auto settled = [&](const Motion& m, double radius) {
            return m.t_lin < kPressMin ? accel_after_transition(m, radius, p) : m.a;
        };
        pressing = -dot(settled(m2, b2.radius) - settled(m1, b1.radius), n);
    }
    if (pressing > 0.0) parting = press_parting(m1, b1.radius, m2, b2.radius, n, pressing, p);
    return hard ? Slow::Press : Slow::Join;
}

// Both at the shared velocity v, then (still pressed) parting along n at `parting`, the
// centre of mass's velocity kept.
void join(BodyState& b1, BodyState& b2, Vec2 n, Vec2 v, double parting) {
    b1.velocity = v;
    b2.velocity = v;
    if (parting > 0.0) {
        const double total = b1.mass + b2.mass;
        b1.velocity -= n * (parting * (b2.mass / total));
        b2.velocity += n * (parting * (b1.mass / total));
    }
}

bool join_along(BodyState& b1, BodyState& b2, Vec2 n, const Params& p) {
    Vec2 v{};
    double parting = 0.0;
    if (slow_contact(b1, b2, n, p, v, parting) != Slow::Join) return false;
    join(b1, b2, n, v, parting);
    return true;
}
} // namespace

double resolve_ball_ball(BodyState& b1, BodyState& b2, double e, double mu, ThrowModel model,
                         double mu_table, int steps) {
    return resolve_along(b1, b2, normalized(b2.position - b1.position), e, mu, model, mu_table,
                         steps);
}

double resolve_ball_cushion(BodyState& b, Vec2 contact, double e, double mu) {
    return resolve_cushion_along(b, normalized(b.position - contact), e, mu);
}

bool join_slow_contact(BodyState& b1, BodyState& b2, const Params& p) {
    return join_along(b1, b2, normalized(b2.position - b1.position), p);
}

void ball_impact(BodyState& b1, BodyState& b2, const Params& p) {
    Vec2 d = b2.position - b1.position;
    double len = length(d);
    const double overlap = b1.radius + b2.radius - len;
    if (overlap > 0.0) {
        const Vec2 n = normalized(d);
        const double total = b1.mass + b2.mass;
        b1.position -= n * (overlap * (b2.mass / total));
        b2.position += n * (overlap * (b1.mass / total));
        d = b2.position - b1.position;
        len = length(d);
    }
    // One normal for both (the same bits as normalized(d)).
    const Vec2 n = len > 0.0 ? d / len : Vec2{};
    Vec2 v{};
    double parting = 0.0;
    switch (slow_contact(b1, b2, n, p, v, parting)) {
    case Slow::Join:
        join(b1, b2, n, v, parting);
        return;
    case Slow::Press:
        resolve_along(b1, b2, n, p.ball_restitution, p.ball_friction, p.throw_model,
                      p.sliding_friction, p.throw_steps, parting);
        return;
    case Slow::No:
        resolve_along(b1, b2, n, p.ball_restitution, p.ball_friction, p.throw_model,
                      p.sliding_friction, p.throw_steps);
        return;
    }
}

void cushion_impact(BodyState& b, Vec2 contact, const Params& p) {
    const Vec2 d = b.position - contact;
    const double overlap = b.radius - length(d);
    if (overlap > 0.0) b.position += normalized(d) * overlap;
    const Vec2 n = normalized(b.position - contact);
    const double parting = cushion_parting(b, n, p);
    // A pressing contact (parting > 0) keeps the plain impulse that ends it.
    if (p.cushion_model == CushionModel::Mathavan && parting == 0.0 &&
        mathavan::applies(b.radius, p.cushion_height)) {
        mathavan_cushion_along(b, n, p);
        return;
    }
    resolve_cushion_along(b, n, p.cushion_restitution, p.cushion_friction, parting);
}

} // namespace billiards::physics::narrow
