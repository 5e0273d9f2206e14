#include "physics/broadphase.hpp"

namespace billiards::physics {

void CellGrid::reset(const Box& bounds, double min_cell, std::size_t max_cells) {
    const double w = std::max(bounds.x1 - bounds.x0, 1e-12);
    const double h = std::max(bounds.y1 - bounds.y0, 1e-12);
    double cell = std::max(min_cell, 1e-9);
    const double cap = static_cast<double>(std::max<std::size_t>(max_cells, 1));
    if ((w / cell) * (h / cell) > cap) cell = std::max(cell, std::sqrt(w * h / cap));
    cell_ = cell;
    inv_cell_ = 1.0 / cell;
    nx_ = static_cast<int>(std::min(std::ceil(w / cell), 1e6));
    ny_ = static_cast<int>(std::min(std::ceil(h / cell), 1e6));
    nx_ = std::max(nx_, 1);
    ny_ = std::max(ny_, 1);
    inv_nx_ = 1.0 / nx_;
    // Centre the cells on the rectangle.
    ox_ = 0.5 * (bounds.x0 + bounds.x1) - 0.5 * nx_ * cell;
    oy_ = 0.5 * (bounds.y0 + bounds.y1) - 0.5 * ny_ * cell;
    const std::size_t cells = static_cast<std::size_t>(nx_) * static_cast<std::size_t>(ny_);
    std::vector<std::int32_t>(cells, kNone).swap(head_);
    std::vector<std::uint64_t>((cells + 63) / 64, 0u).swap(static_bits_);
    std::vector<std::uint64_t>((cells + 63) / 64, 0u).swap(near_bits_);
    statics_.clear();
}

std::size_t CellGrid::cells_covered(const Box& box) const {
    const auto columns = static_cast<std::size_t>(column_of(box.x1) - column_of(box.x0) + 1);
    return columns * static_cast<std::size_t>(row_of(box.y1) - row_of(box.y0) + 1);
}

void CellGrid::add_static(const Box& box, std::uint32_t item) {
    const int cx0 = column_of(box.x0), cx1 = column_of(box.x1);
    const int cy0 = row_of(box.y0), cy1 = row_of(box.y1);
    for (int cy = cy0; cy <= cy1; ++cy) {
        for (int cx = cx0; cx <= cx1; ++cx) {
            const auto c = static_cast<std::uint32_t>(cy * nx_ + cx);
            statics_.emplace_back(c, item);
            static_bits_[c >> 6] |= std::uint64_t{1} << (c & 63);
        }
    }
}

void CellGrid::seal_statics() {
    // By cell, then item: the order of adding within a cell (items are added in increasing
    // order), sorted in place.
    std::sort(statics_.begin(), statics_.end());
    statics_.shrink_to_fit();
    near_bits_.assign(static_bits_.size(), 0u);
    for (const auto& [c, item] : statics_) {
        (void)item;
        for_each_neighbour_cell(static_cast<int>(c), [&](int n) {
            const auto u = static_cast<std::size_t>(n);
            near_bits_[u >> 6] |= std::uint64_t{1} << (u & 63);
        });
    }
}

std::size_t CellGrid::memory_bytes() const {
    return head_.capacity() * sizeof(std::int32_t) +
           (static_bits_.capacity() + near_bits_.capacity()) * sizeof(std::uint64_t) +
           statics_.capacity() * sizeof(statics_[0]);
}

} // namespace billiards::physics
