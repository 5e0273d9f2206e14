#include "physics/broadphase.hpp"

namespace billiards::physics {

void CellGrid::reset(const Box& bounds, double min_cell, std::size_t max_cells,
                     std::size_t balls) {
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
    // Centre the cells on the rectangle.
    ox_ = 0.5 * (bounds.x0 + bounds.x1) - 0.5 * nx_ * cell;
    oy_ = 0.5 * (bounds.y0 + bounds.y1) - 0.5 * ny_ * cell;
    const std::size_t cells = static_cast<std::size_t>(nx_) * static_cast<std::size_t>(ny_);
    std::vector<std::int32_t>(cells, kNone).swap(head_);
    std::vector<std::int32_t>(balls, kNone).swap(next_);
    std::vector<std::uint64_t>((cells + 63) / 64, 0u).swap(static_bits_);
    statics_.clear();
}

void CellGrid::erase(int ball, int cell) {
    std::int32_t* link = &head_[static_cast<std::size_t>(cell)];
    while (*link != kNone) {
        if (*link == ball) {
            *link = next_[static_cast<std::size_t>(ball)];
            next_[static_cast<std::size_t>(ball)] = kNone;
            return;
        }
        link = &next_[static_cast<std::size_t>(*link)];
    }
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
    std::stable_sort(statics_.begin(), statics_.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    statics_.shrink_to_fit();
}

std::size_t CellGrid::memory_bytes() const {
    return head_.capacity() * sizeof(std::int32_t) + next_.capacity() * sizeof(std::int32_t) +
           static_bits_.capacity() * sizeof(std::uint64_t) +
           statics_.capacity() * sizeof(statics_[0]);
}

void EventQueue::reset(std::size_t balls) {
    key_.clear();
    who_.clear();
    key_.reserve(balls);
    who_.reserve(balls);
    std::vector<std::uint32_t>(balls, kAbsent).swap(pos_);
}

void EventQueue::sift_up(std::size_t p) {
    const double key = key_[p];
    const std::uint32_t who = who_[p];
    while (p > 0) {
        const std::size_t parent = (p - 1) / 2;
        if (!(key < key_[parent] || (key == key_[parent] && who < who_[parent]))) break;
        place(p, key_[parent], who_[parent]);
        p = parent;
    }
    place(p, key, who);
}

void EventQueue::sift_down(std::size_t p) {
    const std::size_t n = who_.size();
    const double key = key_[p];
    const std::uint32_t who = who_[p];
    for (;;) {
        std::size_t c = 2 * p + 1;
        if (c >= n) break;
        if (c + 1 < n && less(c + 1, c)) ++c;
        if (!(key_[c] < key || (key_[c] == key && who_[c] < who))) break;
        place(p, key_[c], who_[c]);
        p = c;
    }
    place(p, key, who);
}

void EventQueue::remove(int b) {
    const std::uint32_t p = pos_[static_cast<std::size_t>(b)];
    if (p == kAbsent) return;
    pos_[static_cast<std::size_t>(b)] = kAbsent;
    const std::size_t last = who_.size() - 1;
    if (p != last) {
        const double key = key_[last];
        const std::uint32_t who = who_[last];
        key_.pop_back();
        who_.pop_back();
        const double old = key_[p];
        place(p, key, who);
        if (key < old) sift_up(p); else sift_down(p);
    } else {
        key_.pop_back();
        who_.pop_back();
    }
}

void EventQueue::set(int b, double time) {
    if (!(time < std::numeric_limits<double>::infinity())) {
        remove(b);
        return;
    }
    const auto u = static_cast<std::uint32_t>(b);
    const std::uint32_t p = pos_[u];
    if (p == kAbsent) {
        key_.push_back(time);
        who_.push_back(u);
        pos_[u] = static_cast<std::uint32_t>(who_.size() - 1);
        sift_up(who_.size() - 1);
        return;
    }
    const double old = key_[p];
    key_[p] = time;
    if (time < old) sift_up(p);
    else if (time > old) sift_down(p);
}

std::size_t EventQueue::memory_bytes() const {
    return key_.capacity() * sizeof(double) + who_.capacity() * sizeof(std::uint32_t) +
           pos_.capacity() * sizeof(std::uint32_t);
}

} // namespace billiards::physics
