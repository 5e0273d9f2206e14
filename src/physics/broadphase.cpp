#include "physics/broadphase.hpp"

#include <algorithm>
#include <cmath>

namespace billiards::physics {

int Grid::cell_of(double v, double origin, int n) const {
    const double c = std::floor((v - origin) * inv_cell_);
    if (!(c > 0.0)) return 0; // also catches NaN
    if (c >= static_cast<double>(n - 1)) return n - 1;
    return static_cast<int>(c);
}

void Grid::cell_range(const Box& b, int& cx0, int& cy0, int& cx1, int& cy1) const {
    cx0 = cell_of(b.x0, ox_, nx_);
    cy0 = cell_of(b.y0, oy_, ny_);
    cx1 = cell_of(b.x1, ox_, nx_);
    cy1 = cell_of(b.y1, oy_, ny_);
}

void Grid::build(const std::vector<Box>& boxes, const std::vector<std::uint8_t>& active) {
    const std::size_t n = boxes.size();
    seen_.assign(n, 0u);
    mark_ = 0;
    Box all{};
    bool any = false;
    std::vector<double> extents;
    extents.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        if (!active[i]) continue;
        const Box& b = boxes[i];
        all = any ? unite(all, b) : b;
        any = true;
        extents.push_back(std::max(b.x1 - b.x0, b.y1 - b.y0));
    }
    for (auto& c : cells_) c.clear();
    if (!any) {
        nx_ = ny_ = 1;
        cells_.resize(1);
        return;
    }
    // Cell about the size of a typical box: most boxes touch at most four cells.
    auto mid = extents.begin() + static_cast<std::ptrdiff_t>(extents.size() / 2);
    std::nth_element(extents.begin(), mid, extents.end());
    const double w = std::max(all.x1 - all.x0, 1e-12);
    const double h = std::max(all.y1 - all.y0, 1e-12);
    double cell = std::max(*mid, 1e-9);
    // Never more than a few cells per ball: a sparse world must not pay for empty space.
    const double max_cells = 4.0 * static_cast<double>(extents.size()) + 16.0;
    if ((w / cell) * (h / cell) > max_cells) cell = std::sqrt(w * h / max_cells);
    nx_ = static_cast<int>(std::min(std::ceil(w / cell), 1e6)) + 1;
    ny_ = static_cast<int>(std::min(std::ceil(h / cell), 1e6)) + 1;
    ox_ = all.x0;
    oy_ = all.y0;
    inv_cell_ = 1.0 / cell;
    cells_.resize(static_cast<std::size_t>(nx_) * static_cast<std::size_t>(ny_));
    for (std::size_t i = 0; i < n; ++i) {
        if (active[i]) insert(static_cast<int>(i), boxes[i]);
    }
}

void Grid::insert(int i, const Box& b) {
    int cx0, cy0, cx1, cy1;
    cell_range(b, cx0, cy0, cx1, cy1);
    for (int cy = cy0; cy <= cy1; ++cy) {
        for (int cx = cx0; cx <= cx1; ++cx) {
            auto& cell = cells_[static_cast<std::size_t>(cy * nx_ + cx)];
            if (cell.empty() || cell.back() != i) cell.push_back(i);
        }
    }
}

} // namespace billiards::physics
