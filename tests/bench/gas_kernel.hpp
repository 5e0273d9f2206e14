// What BM_FloorGas and BM_SweepGas share: closed-form times for discs in uniform motion in
// the bench's square box [-half, half]^2, cut into n x n square cells. Plain formulas, no
// robust root search: these benchmarks measure schemes, they are not physics references.
#pragma once

#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

namespace billiards::bench::gas {

constexpr double kNever = std::numeric_limits<double>::infinity();

// First time s >= 0 at which x + v s reaches lo (moving down: side 0) or hi (moving up:
// side 1); kNever when v is zero.
inline double reach(double x, double v, double lo, double hi, int& side) {
    if (v > 0.0) {
        side = 1;
        return hi > x ? (hi - x) / v : 0.0;
    }
    if (v < 0.0) {
        side = 0;
        return lo < x ? (lo - x) / v : 0.0;
    }
    return kNever;
}

// Time until two discs, the second (dx, dy) from the first and moving at (dvx, dvy)
// relative to it, are `contact` apart while closing; negative when they are not closing or
// miss each other.
inline double contact_time(double dx, double dy, double dvx, double dvy, double contact) {
    const double c1 = dx * dvx + dy * dvy;
    if (c1 >= 0.0) return -1.0;
    const double c0 = dx * dx + dy * dy - contact * contact;
    const double disc = c1 * c1 - (dvx * dvx + dvy * dvy) * c0;
    if (disc < 0.0) return -1.0;
    return c0 > 0.0 ? c0 / (-c1 + std::sqrt(disc)) : 0.0;
}

// The edges of cell (cx, cy) pushed out by `margin`; the border cells reach to infinity.
struct CellEdges {
    double x0, x1, y0, y1;
};
inline CellEdges cell_edges(int cx, int cy, int n, double half, double cell, double margin) {
    return {cx > 0 ? -half + cx * cell - margin : -kNever,
            cx < n - 1 ? -half + (cx + 1) * cell + margin : kNever,
            cy > 0 ? -half + cy * cell - margin : -kNever,
            cy < n - 1 ? -half + (cy + 1) * cell + margin : kNever};
}

// A disc record (position x, y at time t0, velocity vx, vy) moved on to time t.
template <class Disc> void move_to(Disc& d, double t) {
    d.x += d.vx * (t - d.t0);
    d.y += d.vy * (t - d.t0);
    d.t0 = t;
}

// The elastic impact of discs a and b (masses ma, mb) at their contact, both moved to it:
// momentum and energy kept.
template <class Disc> void elastic_impact(Disc& a, double ma, Disc& b, double mb) {
    const double nx = b.x - a.x, ny = b.y - a.y;
    const double closing = ((b.vx - a.vx) * nx + (b.vy - a.vy) * ny) / (nx * nx + ny * ny);
    const double k = 2.0 * closing / (ma + mb);
    a.vx += k * mb * nx;
    a.vy += k * mb * ny;
    b.vx -= k * ma * nx;
    b.vy -= k * ma * ny;
}

// Kinetic energy of the discs, mass[i] for disc i.
template <class Disc>
double kinetic_energy(const std::vector<Disc>& discs, const std::vector<double>& mass) {
    double e = 0.0;
    for (std::size_t i = 0; i < discs.size(); ++i)
        e += 0.5 * mass[i] * (discs[i].vx * discs[i].vx + discs[i].vy * discs[i].vy);
    return e;
}

} // namespace billiards::bench::gas
