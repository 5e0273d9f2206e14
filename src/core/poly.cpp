#include "core/poly.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace billiards {

int Poly::degree() const {
    for (int d = 4; d > 0; --d) {
        if (c[d] != 0.0) return d;
    }
    return 0;
}

Poly Poly::derivative() const {
    return Poly{{c[1], 2.0 * c[2], 3.0 * c[3], 4.0 * c[4], 0.0}};
}

namespace {

// std::nextafter(x, to) for finite x, inline (the library call dominates a short walk).
inline double step_toward(double x, double to) {
    if (!(x != to)) return to == to ? to : x; // equal (or a NaN target)
    if (x == 0.0)
        return to > 0.0 ? std::numeric_limits<double>::denorm_min()
                        : -std::numeric_limits<double>::denorm_min();
    auto u = std::bit_cast<std::uint64_t>(x);
    // Away from zero when moving to a larger magnitude, else towards it.
    if ((to > x) == (x > 0.0))
        ++u;
    else
        --u;
    return std::bit_cast<double>(u);
}

// For p with one sign change on [a, b] and a guess r of where it is: the first point of
// (a, b] that has crossed (p == 0 or the sign opposite to fa), which is what bisection to
// the last bit finds, by walking a few ulps from r. False when r is too far off.
template <class P> bool settle(const P& p, double a, double b, double fa, double r, double& out) {
    const bool negative = fa < 0.0;
    auto crossed = [&](double s) {
        const double v = p(s);
        return v == 0.0 || (v < 0.0) != negative;
    };
    if (!(r > a)) r = step_toward(a, b); // also NaN
    if (!(r < b)) r = b;
    constexpr int kMaxWalk = 64;
    int k = 0;
    if (crossed(r)) {
        for (; k < kMaxWalk; ++k) {
            const double prev = step_toward(r, a);
            if (prev <= a || !crossed(prev)) break;
            r = prev;
        }
    } else {
        for (; k < kMaxWalk; ++k) {
            if (r >= b) break;
            r = step_toward(r, b);
            if (crossed(r)) break;
        }
    }
    if (k >= kMaxWalk) return false;
    out = r;
    return true;
}

// Where p (degree <= 2) crosses zero in [a, b], in closed form.
double closed_form_guess(const Poly& p, double a, double b) {
    const double c0 = p.c[0], c1 = p.c[1], c2 = p.c[2];
    if (c2 == 0.0) return c1 != 0.0 ? -c0 / c1 : 0.5 * (a + b);
    const double disc = std::max(c1 * c1 - 4.0 * c2 * c0, 0.0);
    const double q = -0.5 * (c1 + std::copysign(std::sqrt(disc), c1));
    const double r1 = q / c2;
    const double r2 = q != 0.0 ? c0 / q : r1;
    // The root inside [a, b] (a monotone piece holds one); else the nearer one.
    auto distance = [&](double x) { return x < a ? a - x : x > b ? x - b : 0.0; };
    return distance(r2) < distance(r1) ? r2 : r1;
}

// Where p crosses zero in [a, b] (p monotone there, sign change): Newton's method kept
// inside a shrinking bracket, a few iterations for a simple root.
double newton_guess(const Poly& p, double a, double b, double fa) {
    const bool negative = fa < 0.0;
    const Poly d = p.derivative();
    double lo = a, hi = b;
    double x = 0.5 * (a + b);
    for (int it = 0; it < 60; ++it) {
        const double fx = p(x);
        if (fx == 0.0) return x;
        if ((fx < 0.0) != negative)
            hi = x;
        else
            lo = x;
        const double dx = d(x);
        double nx = dx != 0.0 ? x - fx / dx : 0.5 * (lo + hi);
        if (!(nx > lo && nx < hi)) nx = 0.5 * (lo + hi);
        if (!(nx > lo && nx < hi)) return hi; // the bracket is down to adjacent points
        if (std::fabs(nx - x) <= 2.0 * std::numeric_limits<double>::epsilon() * std::fabs(x))
            return nx;
        x = nx;
    }
    return x;
}

// Root of p in [a, b] where p(a) and p(b) have opposite signs (or one is zero): the first
// point that has crossed, to the last representable point, so the result does not depend
// on tolerances. A closed-form (degree <= 2) or Newton guess walked to that point; plain
// bisection when the guess is too far off.
template <class P> double bisect_from(const P& p, double a, double b, double fa, double guess) {
    double r;
    if (settle(p, a, b, fa, guess, r)) return r;
    for (int i = 0; i < 200; ++i) {
        const double m = 0.5 * (a + b);
        if (m <= a || m >= b) break;
        const double fm = p(m);
        if (fm == 0.0) return m;
        if ((fm < 0.0) == (fa < 0.0)) {
            a = m;
            fa = fm;
        } else {
            b = m;
        }
    }
    // The end nearer the sign change: prefer b so that p(result) has crossed.
    return b;
}

double bisect(const Poly& p, double a, double b, double fa) {
    const double guess =
        p.c[4] == 0.0 && p.c[3] == 0.0 ? closed_form_guess(p, a, b) : newton_guess(p, a, b, fa);
    return bisect_from(p, a, b, fa, guess);
}

// A Poly whose c[3] and c[4] are zero, evaluated without them: the same value at any
// finite s (the dropped terms are zeros), for the hot straight-line case.
struct Quadratic {
    double c0, c1, c2;
    double operator()(double s) const { return (c2 * s + c1) * s + c0; }
};

void push_root(std::array<double, 4>& out, int& n, double r) {
    if (n > 0 && r <= out[n - 1]) return; // keep sorted, drop duplicates
    if (n < 4) out[n++] = r;
}

} // namespace

int roots_in(const Poly& p, double lo, double hi, std::array<double, 4>& out) {
    int n = 0;
    if (!(lo <= hi)) return 0;
    const int deg = p.degree();
    if (deg == 0) return 0;
    if (deg == 1) {
        const double r = -p.c[0] / p.c[1];
        if (r >= lo && r <= hi) out[n++] = r;
        return n;
    }
    if (deg == 2) {
        const double a = p.c[2], b = p.c[1], c = p.c[0];
        const double disc = b * b - 4.0 * a * c;
        if (disc < 0.0) return 0;
        // Stable form: no cancellation between -b and the square root.
        const double q = -0.5 * (b + std::copysign(std::sqrt(disc), b));
        double r1 = q / a;
        double r2 = q != 0.0 ? c / q : r1;
        if (r1 > r2) std::swap(r1, r2);
        if (r1 >= lo && r1 <= hi) push_root(out, n, r1);
        if (r2 >= lo && r2 <= hi) push_root(out, n, r2);
        return n;
    }
    // Split [lo, hi] at the derivative's roots: p is monotone on each piece.
    std::array<double, 4> crit{};
    const int nc = roots_in(p.derivative(), lo, hi, crit);
    double a = lo;
    double fa = p(a);
    if (fa == 0.0) push_root(out, n, a);
    for (int i = 0; i <= nc; ++i) {
        const double b = i < nc ? crit[i] : hi;
        const double fb = p(b);
        if (fb == 0.0) {
            push_root(out, n, b);
        } else if (fa != 0.0 && (fa < 0.0) != (fb < 0.0)) {
            push_root(out, n, bisect(p, a, b, fa));
        }
        a = b;
        fa = fb;
    }
    return n;
}

namespace {

// Earliest point of [a, b] where g <= 0, given that g only matters there (g(b) <= 0
// or no point at all). Used on pieces where g is monotone decreasing.
double first_nonpositive(const Poly& g, double a, double b) {
    const double ga = g(a);
    if (ga <= 0.0) return a;
    const double gb = g(b);
    if (gb > 0.0) return -1.0;
    return bisect(g, a, b, ga);
}

// Near a tangential (double) root, rounding in f makes a band of false roots whose slope is
// about sqrt(2 * noise * |f''|); a closing rate below that is no evidence of an impact.
// magnitude: sum of |c_k| |s|^k, the scale of f's rounding; curvature: f''(s).
double slope_noise(double magnitude, double curvature) {
    const double noise = 4.0 * std::numeric_limits<double>::epsilon() * magnitude;
    return 2.0 * std::sqrt(2.0 * noise * std::fabs(curvature));
}
double slope_noise(const Poly& f, double s) {
    double magnitude = 0.0;
    double power = 1.0;
    for (double c : f.c) {
        magnitude += std::fabs(c) * power;
        power *= std::fabs(s);
    }
    return slope_noise(magnitude, f.derivative().derivative()(s));
}

} // namespace

namespace {

// First s in [a, b] with g(s) <= 0 where g may wander: the earliest root, or a itself.
double first_at_most_zero(const Poly& g, double a, double b) {
    if (g(a) <= 0.0) return a;
    std::array<double, 4> r{};
    const int n = roots_in(g, a, b, r);
    return n > 0 ? r[0] : -1.0;
}

// On a piece [a, b] where f decreases and f(a) <= 0 (touching): the first moment the
// closing is real, either fast (f' <= -late_slope) or deep (f <= -depth while f' < 0).
double contact_event(const Poly& f, const Poly& df, double a, double b, double now_slope,
                     double late_slope, double depth) {
    Poly fast = df;
    fast.c[0] += late_slope;
    double best = first_at_most_zero(fast, a, b);
    Poly deep = f;
    deep.c[0] += depth;
    const double d = first_at_most_zero(deep, a, b);
    if (d >= 0.0) {
        Poly closing = df;
        closing.c[0] += now_slope;
        const double s = first_at_most_zero(closing, d, b);
        if (s >= 0.0 && (best < 0.0 || s < best)) best = s;
    }
    return best;
}

} // namespace

double first_contact(const Poly& f, double h, double now_slope, double late_slope, double depth) {
    if (!(h >= 0.0)) return -1.0;
    // Fast path, same result as the general search below: degree <= 2, apart now (f(0) > 0)
    // and convex or straight (c2 >= 0), as for two balls moving without acceleration.
    // The only piece where f decreases is [0, min(vertex, h)].
    const double c0 = f.c[0], c1 = f.c[1], c2 = f.c[2];
    if (f.c[4] == 0.0 && f.c[3] == 0.0 && c0 > 0.0 && c2 >= 0.0) {
        if (!(c1 < 0.0)) return -1.0; // never closing
        double b = h;
        if (c2 != 0.0) {
            const double vertex = -c1 / (2.0 * c2);
            if (vertex >= 0.0 && vertex <= h) b = vertex;
        }
        if (b > 0.0 && c1 + 2.0 * c2 * (0.5 * b) < 0.0) {
            // b is finite here, so the quadratic form gives f's values bit for bit.
            const Quadratic q{c0, c1, c2};
            if (q(b) > 0.0) return -1.0; // still apart at the end of the closing piece
            const double start = bisect_from(q, 0.0, b, c0, closed_form_guess(f, 0.0, b));
            const double slope = c1 + 2.0 * c2 * start;
            const double a = std::fabs(start);
            const double magnitude = std::fabs(c0) + std::fabs(c1) * a + std::fabs(c2) * (a * a);
            if (slope < -std::max(now_slope, slope_noise(magnitude, 2.0 * c2))) return start;
        }
        // Tangential touch or degenerate piece: the general search decides.
    }
    const Poly df = f.derivative();
    if (f(0.0) <= 0.0 && df(0.0) < -now_slope) return 0.0; // touching and closing now
    std::array<double, 4> crit{};
    const int nc = roots_in(df, 0.0, h, crit);
    double a = 0.0;
    for (int i = 0; i <= nc; ++i) {
        const double b = i < nc ? crit[i] : h;
        // Decreasing on this piece? Judge by the middle: f' has no root inside.
        if (b > a && df(0.5 * (a + b)) < 0.0) {
            double start = a;
            if (f(a) > 0.0) {
                start = first_nonpositive(f, a, b);
                if (start < 0.0) {
                    a = b;
                    continue;
                }
                // A real crossing is an impact; a tangential touch (no closing rate beyond
                // rounding) is treated as a contact that has just begun.
                if (df(start) < -std::max(now_slope, slope_noise(f, start))) return start;
            }
            const double s = contact_event(f, df, start, b, now_slope, late_slope, depth);
            if (s >= 0.0) return s;
        }
        a = b;
    }
    return -1.0;
}

double first_inside(const Poly& f, double h) {
    if (!(h >= 0.0)) return -1.0;
    if (f(0.0) <= 0.0) return 0.0;
    std::array<double, 4> r{};
    const int n = roots_in(f, 0.0, h, r);
    for (int i = 0; i < n; ++i) {
        // A root where f merely touches zero from above still counts as inside.
        if (f(r[i]) <= 0.0) return r[i];
        const double next = std::nextafter(r[i], h);
        if (f(next) <= 0.0) return next;
    }
    return -1.0;
}

} // namespace billiards
