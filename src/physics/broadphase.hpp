// Uniform grid over the boxes that balls sweep during one step. Cost grows with the
// number of balls, not its square; iteration order is fixed, so results are deterministic.
#pragma once

#include <cstdint>
#include <vector>

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

class Grid {
public:
    // Sizes the grid for these boxes (entries with active[i] == 0 are skipped) and inserts them.
    void build(const std::vector<Box>& boxes, const std::vector<std::uint8_t>& active);
    // Registers ball i in every cell box b touches (boxes may grow during a step).
    void insert(int i, const Box& b);

    // Calls f(i, j), i < j, once for every pair of inserted boxes that overlap.
    template <class F> void for_each_pair(const std::vector<Box>& boxes, F&& f) const;
    // Calls f(j) once for every ball registered in a cell that b touches.
    template <class F> void for_each_near(const Box& b, F&& f);

private:
    void cell_range(const Box& b, int& cx0, int& cy0, int& cx1, int& cy1) const;
    int cell_of(double v, double origin, int n) const;

    double ox_ = 0.0, oy_ = 0.0, inv_cell_ = 1.0;
    int nx_ = 1, ny_ = 1;
    std::vector<std::vector<int>> cells_;
    std::vector<std::uint32_t> seen_;
    std::uint32_t mark_ = 0;
};

template <class F> void Grid::for_each_pair(const std::vector<Box>& boxes, F&& f) const {
    for (int cy = 0; cy < ny_; ++cy) {
        for (int cx = 0; cx < nx_; ++cx) {
            const auto& cell = cells_[static_cast<std::size_t>(cy * nx_ + cx)];
            for (std::size_t p = 0; p < cell.size(); ++p) {
                for (std::size_t q = p + 1; q < cell.size(); ++q) {
                    int i = cell[p], j = cell[q];
                    const Box& a = boxes[static_cast<std::size_t>(i)];
                    const Box& b = boxes[static_cast<std::size_t>(j)];
                    if (!overlaps(a, b)) continue;
                    // Report the pair only in the cell holding the overlap's lower corner.
                    const double lx = a.x0 > b.x0 ? a.x0 : b.x0;
                    const double ly = a.y0 > b.y0 ? a.y0 : b.y0;
                    if (cell_of(lx, ox_, nx_) != cx || cell_of(ly, oy_, ny_) != cy) continue;
                    if (i > j) std::swap(i, j);
                    f(i, j);
                }
            }
        }
    }
}

template <class F> void Grid::for_each_near(const Box& b, F&& f) {
    if (++mark_ == 0) {
        std::fill(seen_.begin(), seen_.end(), 0u);
        mark_ = 1;
    }
    int cx0, cy0, cx1, cy1;
    cell_range(b, cx0, cy0, cx1, cy1);
    for (int cy = cy0; cy <= cy1; ++cy) {
        for (int cx = cx0; cx <= cx1; ++cx) {
            for (int j : cells_[static_cast<std::size_t>(cy * nx_ + cx)]) {
                auto& s = seen_[static_cast<std::size_t>(j)];
                if (s == mark_) continue;
                s = mark_;
                f(j);
            }
        }
    }
}

} // namespace billiards::physics
