#include "physics/throw_mathavan.hpp"

#include <algorithm>
#include <cmath>

namespace billiards::physics::throw_mathavan {

namespace {

// A ball in the impact's frame: velocity (n, t), spin (n, t, z).
struct Local {
    double vn = 0.0, vt = 0.0, wn = 0.0, wt = 0.0, wz = 0.0;
};

struct Body {
    Local q;
    double r = 0.0;
    double inv_m = 0.0;
    double turn = 0.0; // R / I = 5 / (2 m R): spin per unit impulse at the surface
};

struct Slip {
    double a = 0.0, b = 0.0;
};

// (Not std::hypot, several times slower; the slips are far from overflow.)
double size(Slip s) {
    return std::sqrt(s.a * s.a + s.b * s.b);
}

// The slip of ball 1's contact point past ball 2's: (along t, along z). Ball 1 touches at
// R1 n and ball 2 at -R2 n; w x n = (0, wz, -wt) in (n, t, z).
Slip ball_slip(const Local& p, double r1, const Local& q, double r2) {
    return {p.vt - q.vt + r1 * p.wz + r2 * q.wz, -r1 * p.wt - r2 * q.wt};
}

// The slip of a ball's contact point on the cloth (at -R z): v - R w x z, (n, t).
Slip cloth_slip(const Local& p, double r) {
    return {p.vn - r * p.wt, p.vt + r * p.wn};
}

// Ball-ball friction (ft, fz) on ball 1 at R1 n, its opposite on ball 2 at -R2 n: torque
// R n x f = R (0, -fz, ft) on each.
void ball_kick(Body& b1, Body& b2, double ft, double fz, double scale) {
    ft *= scale;
    fz *= scale;
    b1.q.vt += ft * b1.inv_m;
    b2.q.vt -= ft * b2.inv_m;
    b1.q.wt -= b1.turn * fz;
    b2.q.wt -= b2.turn * fz;
    b1.q.wz += b1.turn * ft;
    b2.q.wz += b2.turn * ft;
}

// Cloth friction (fn, ft) on a ball at -R z: torque R (ft, -fn, 0).
void cloth_kick(Body& b, double fn, double ft, double scale) {
    fn *= scale;
    ft *= scale;
    b.q.vn += fn * b.inv_m;
    b.q.vt += ft * b.inv_m;
    b.q.wn += b.turn * ft;
    b.q.wt -= b.turn * fn;
}

// The largest fraction in [0, 1] of a friction kick for which a slip `s` (of size `len`)
// changed by `d` does not turn against its own direction.
double keep_direction(Slip s, double len, Slip d) {
    const double along = (s.a * d.a + s.b * d.b) / len; // change along the slip's direction
    return along < -len ? len / -along : 1.0;
}

struct Impact {
    Body b[2];
    double mu_ball = 0.0, mu_table = 0.0;
    double tiny = 0.0; // a slip this small has no direction

    // The friction of a normal impulse step h, from the slips where it starts: against the
    // balls' slip, mu_ball h; its vertical part fz pushes ball 1 down (fz < 0) or ball 2 (the
    // opposite on it), and the cloth under that ball pushes back |fz| with friction
    // mu_table |fz| against that ball's slip on the cloth. All of it is cut short where it
    // would turn a slip it acts on round (the contact sticks there): each contact's impulse
    // then works against a slip that stays on its side, so no step adds energy.
    void friction(double h) {
        const Slip s = ball_slip(b[0].q, b[0].r, b[1].q, b[1].r);
        const double len = size(s);
        if (!(len > tiny) || !(mu_ball > 0.0)) return;
        const double ft = -mu_ball * h * s.a / len, fz = -mu_ball * h * s.b / len;
        const bool first = fz < 0.0;
        Body& down = first ? b[0] : b[1];
        const Slip c = cloth_slip(down.q, down.r);
        const double clen = size(c);
        const double load = std::fabs(fz);
        // (A cloth that takes no load carries no friction and sets no limit.)
        const bool cloth = clen > tiny && mu_table > 0.0 && load > 0.0;
        const double fn = cloth ? -mu_table * load * c.a / clen : 0.0;
        const double fc = cloth ? -mu_table * load * c.b / clen : 0.0;
        // What the whole kick does to the slips (linear in it; 7/2 and 5/2 are 1 + R^2 m / I
        // and R^2 m / I): the balls' kick changes their slip by (7/2 ft, 5/2 fz) (1/m1 + 1/m2)
        // and the pressed ball's cloth slip by (5/2 fz, +-ft) / m; the cloth's kick changes
        // that slip by 7/2 (fn, fc) / m and the balls' by (+-fc, 5/2 fn) / m (+ for ball 1).
        const double k = b[0].inv_m + b[1].inv_m, im = down.inv_m;
        const double side = first ? 1.0 : -1.0;
        double scale =
            keep_direction(s, len, {3.5 * ft * k + side * fc * im, 2.5 * (fz * k + fn * im)});
        if (cloth) {
            const Slip dc{(2.5 * fz + 3.5 * fn) * im, (side * ft + 3.5 * fc) * im};
            scale = std::min(scale, keep_direction(c, clen, dc));
        }
        ball_kick(b[0], b[1], ft, fz, scale);
        cloth_kick(down, fn, fc, scale);
    }

    double closing() const { return b[0].q.vn - b[1].q.vn; }

    // The normal impulse h: -h n on ball 1, h n on ball 2.
    void push(double h) {
        b[0].q.vn -= h * b[0].inv_m;
        b[1].q.vn += h * b[1].inv_m;
    }
};

Local to_local(const Ball& x, Vec2 n, Vec2 t) {
    return {dot(x.v, n), dot(x.v, t), x.w.x * n.x + x.w.y * n.y, x.w.x * t.x + x.w.y * t.y, x.w.z};
}

void to_world(const Local& q, Vec2 n, Vec2 t, Ball& x) {
    x.v = n * q.vn + t * q.vt;
    x.w = {n.x * q.wn + t.x * q.wt, n.y * q.wn + t.y * q.wt, q.wz};
}

} // namespace

double impact(Ball& b1, Ball& b2, Vec2 n, const Laws& laws) {
    const Vec2 t = perp(n);
    Impact m;
    const Ball* in[2] = {&b1, &b2};
    for (int k = 0; k < 2; ++k) {
        Body& b = m.b[k];
        b.q = to_local(*in[k], n, t);
        b.r = in[k]->radius;
        b.inv_m = 1.0 / in[k]->mass;
        b.turn = 2.5 / (in[k]->mass * in[k]->radius);
    }
    const double c0 = m.closing();
    if (!(c0 > 0.0)) return 0.0;
    m.mu_ball = std::max(0.0, laws.mu_ball);
    m.mu_table = std::max(0.0, laws.mu_table);
    double scale = 0.0;
    for (const Body& b : m.b)
        scale += std::fabs(b.q.vn) + std::fabs(b.q.vt) +
                 b.r * (std::fabs(b.q.wn) + std::fabs(b.q.wt) + std::fabs(b.q.wz));
    m.tiny = 1e-13 * scale;
    const double e = std::clamp(laws.restitution, 0.0, 1.0);
    const double k = m.b[0].inv_m + m.b[1].inv_m; // closing speed lost per unit impulse
    const int steps = std::max(1, laws.steps);
    const double dp = (1.0 + e) * c0 / (k * steps);
    // Friction may stretch the impact; past this the balls are stopped along n (below).
    const long guard = 64L * steps + 64;
    long taken = 0;
    double total = 0.0;

    // Compression: the work the normal force stores is the integral of the closing speed
    // over P, exact over a step (the speed is linear in P within it).
    double stored = 0.0;
    for (; taken < guard; ++taken) {
        const double c = m.closing();
        if (!(c > 0.0)) break;
        const bool last = c <= k * dp;
        const double h = last ? c / k : dp;
        m.push(h);
        stored += 0.5 * h * (c + (last ? 0.0 : c - k * h));
        total += h;
        m.friction(h);
        if (last) break;
    }
    // Restitution: until the normal force has done e^2 of that work back (a work that a
    // step's separation speed s, linear in P, makes s h + k h^2 / 2).
    const double target = e * e * stored;
    double returned = 0.0;
    for (; taken < guard && returned < target; ++taken) {
        const double s = -m.closing();
        const double rest = target - returned;
        double h = dp;
        bool last = false;
        if (s * h + 0.5 * k * h * h >= rest) {
            h = 2.0 * rest / (s + std::sqrt(s * s + 2.0 * k * rest));
            last = true;
        }
        m.push(h);
        returned = last ? target : returned + s * h + 0.5 * k * h * h;
        total += h;
        m.friction(h);
    }
    // Only friction far beyond the cloth's and the balls' can get here still closing.
    if (const double c = m.closing(); c > 0.0) {
        m.push(c / k);
        total += c / k;
    }
    to_world(m.b[0].q, n, t, b1);
    to_world(m.b[1].q, n, t, b2);
    return total;
}

} // namespace billiards::physics::throw_mathavan
