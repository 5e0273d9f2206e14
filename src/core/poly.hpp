// Real roots of polynomials of degree <= 4 on an interval, and the "first contact" search
// that every time-of-impact in the ball world reduces to. Robust by construction: roots of
// the derivative split the interval into monotone pieces, each bracketed and bisected.
#pragma once

#include <array>

namespace billiards {

struct Poly {
    // c[0] + c[1] s + c[2] s^2 + c[3] s^3 + c[4] s^4
    std::array<double, 5> c{};

    double operator()(double s) const {
        return (((c[4] * s + c[3]) * s + c[2]) * s + c[1]) * s + c[0];
    }
    // Highest power with a non-zero coefficient (0 for a constant).
    int degree() const;
    Poly derivative() const;
};

// Sorted real roots of p in [lo, hi]; returns how many (at most 4) were written to out.
int roots_in(const Poly& p, double lo, double hi, std::array<double, 4>& out);

// The earliest s in [0, h] at which a gap function f (distance-like, > 0 apart, <= 0 in
// contact) starts an approach that must be resolved:
//  - f crosses from > 0 to <= 0 while closing (f' < -now_slope there, beyond rounding), or
//  - at s = 0, f <= 0 and f'(0) < -now_slope (already touching and closing now), or
//  - later, while touching, the closing becomes real: fast (f' <= -late_slope) or deep
//    (f <= -depth while f' < -now_slope). This is how touching balls pushed together by
//    friction are handled: no endless train of zero-speed impacts, and no overlap deeper
//    than `depth`.
// Returns a negative value when there is none.
double first_contact(const Poly& f, double h, double now_slope, double late_slope, double depth);

// The earliest s in [0, h] with f(s) <= 0 (0 if f(0) <= 0); negative when there is none.
double first_inside(const Poly& f, double h);

} // namespace billiards
