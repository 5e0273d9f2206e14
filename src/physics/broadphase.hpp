// Broad phase of the event-driven world: a uniform grid of square cells at least one ball
// diameter wide. Every ball on the table sits in exactly one (logical) cell and moves to a
// neighbouring cell at a cell-crossing event, so two balls can only touch while their cells
// are neighbours (3 x 3 block), and a crossing only has to look at the three cells that
// come into that block. Cushions and pockets are registered in every cell their bounding
// box touches. Cells outside the grid's rectangle are folded into its border cells, so any
// position has a cell. Iteration orders are fixed, so results are deterministic.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "core/vec.hpp"

namespace billiards::physics {

struct Box {
    double x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0;
};

inline bool overlaps(const Box& a, const Box& b) {
    return a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1;
}
inline Box unite(const Box& a, const Box& b) {
    return {a.x0 < b.x0 ? a.x0 : b.x0, a.y0 < b.y0 ? a.y0 : b.y0, a.x1 > b.x1 ? a.x1 : b.x1,
            a.y1 > b.y1 ? a.y1 : b.y1};
}

class CellGrid {
  public:
    static constexpr std::int32_t kNone = -1;

    // Covers `bounds` with square cells of side at least `min_cell`, using at most about
    // `max_cells` cells (wider cells when the rectangle is large). Empties every cell.
    void reset(const Box& bounds, double min_cell, std::size_t max_cells);

    double cell_size() const { return cell_; }
    int nx() const { return nx_; }
    int ny() const { return ny_; }
    std::size_t cell_count() const { return head_.size(); }
    std::size_t memory_bytes() const;

    int column_of(double x) const { return clamp_index((x - ox_) * inv_cell_, nx_); }
    int row_of(double y) const { return clamp_index((y - oy_) * inv_cell_, ny_); }
    int cell_at(Vec2 p) const { return row_of(p.y) * nx_ + column_of(p.x); }
    // Column and row of a cell without an integer division (it showed in profiles):
    // (cell + 1/2) / nx is at least 1/(2 nx) from an integer, far beyond the rounding.
    int row_of_cell(int cell) const { return static_cast<int>((cell + 0.5) * inv_nx_); }
    int column_of_cell(int cell, int row) const { return cell - row * nx_; }
    // Edges of column cx / row cy; the border cells reach to infinity.
    double x_lo(int cx) const { return cx > 0 ? ox_ + cx * cell_ : -kInf; }
    double x_hi(int cx) const { return cx < nx_ - 1 ? ox_ + (cx + 1) * cell_ : kInf; }
    double y_lo(int cy) const { return cy > 0 ? oy_ + cy * cell_ : -kInf; }
    double y_hi(int cy) const { return cy < ny_ - 1 ? oy_ + (cy + 1) * cell_ : kInf; }

    // Balls: the first ball of each cell's list (the links live with the balls, so a
    // prediction reads one cache line per neighbour; cells hold well under one ball on
    // average).
    std::int32_t head(int cell) const { return head_[static_cast<std::size_t>(cell)]; }
    std::int32_t& head(int cell) { return head_[static_cast<std::size_t>(cell)]; }

    // Static items (cushions, pockets: small non-negative ids): add them all, then seal.
    // Reserving the cells they cover first (cells_covered) leaves no discarded buffers.
    std::size_t cells_covered(const Box& box) const;
    void reserve_statics(std::size_t entries) { statics_.reserve(entries); }
    void add_static(const Box& box, std::uint32_t item);
    void seal_statics();
    bool has_statics(int cell) const {
        const auto c = static_cast<std::size_t>(cell);
        return (static_bits_[c >> 6] >> (c & 63)) & 1u;
    }
    // Whether any cell of the 3 x 3 block around `cell` holds static items.
    bool statics_near(int cell) const {
        const auto c = static_cast<std::size_t>(cell);
        return (near_bits_[c >> 6] >> (c & 63)) & 1u;
    }
    // Calls f(item) for every static item registered in `cell`.
    template <class F> void for_each_static(int cell, F&& f) const;

    // Calls f(cell) for each cell of the 3 x 3 block around `cell`, in a fixed order.
    template <class F> void for_each_neighbour_cell(int cell, F&& f) const;
    // Calls f(cell) for the cells that enter the 3 x 3 block when a ball moves from `from`
    // to the neighbouring cell `to` (dir: 0 = -x, 1 = +x, 2 = -y, 3 = +y).
    template <class F> void for_each_entering_cell(int to, int dir, F&& f) const;

  private:
    static constexpr double kInf = std::numeric_limits<double>::infinity();
    static int clamp_index(double v, int n) {
        const double c = std::floor(v);
        if (!(c > 0.0)) return 0; // also NaN
        if (c >= static_cast<double>(n - 1)) return n - 1;
        return static_cast<int>(c);
    }

    double ox_ = 0.0, oy_ = 0.0, cell_ = 1.0, inv_cell_ = 1.0, inv_nx_ = 1.0;
    int nx_ = 1, ny_ = 1;
    std::vector<std::int32_t> head_;
    std::vector<std::uint64_t> static_bits_;
    std::vector<std::uint64_t> near_bits_;
    // (cell, item) pairs sorted by cell, then insertion order.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> statics_;
};

template <class F> void CellGrid::for_each_static(int cell, F&& f) const {
    const auto c = static_cast<std::uint32_t>(cell);
    auto it = std::lower_bound(statics_.begin(), statics_.end(), c,
                               [](const auto& e, std::uint32_t v) { return e.first < v; });
    for (; it != statics_.end() && it->first == c; ++it)
        f(it->second);
}

template <class F> void CellGrid::for_each_neighbour_cell(int cell, F&& f) const {
    const int cy = row_of_cell(cell), cx = column_of_cell(cell, cy);
    const int x0 = cx > 0 ? cx - 1 : 0, x1 = cx < nx_ - 1 ? cx + 1 : cx;
    const int y0 = cy > 0 ? cy - 1 : 0, y1 = cy < ny_ - 1 ? cy + 1 : cy;
    for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x)
            f(y * nx_ + x);
}

template <class F> void CellGrid::for_each_entering_cell(int to, int dir, F&& f) const {
    const int cy = row_of_cell(to), cx = column_of_cell(to, cy);
    if (dir <= 1) {
        const int x = dir == 1 ? cx + 1 : cx - 1;
        if (x < 0 || x >= nx_) return;
        const int y0 = cy > 0 ? cy - 1 : 0, y1 = cy < ny_ - 1 ? cy + 1 : cy;
        for (int y = y0; y <= y1; ++y)
            f(y * nx_ + x);
    } else {
        const int y = dir == 3 ? cy + 1 : cy - 1;
        if (y < 0 || y >= ny_) return;
        const int x0 = cx > 0 ? cx - 1 : 0, x1 = cx < nx_ - 1 ? cx + 1 : cx;
        for (int x = x0; x <= x1; ++x)
            f(y * nx_ + x);
    }
}

} // namespace billiards::physics
