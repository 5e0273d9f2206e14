#include "io/placement.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <tuple>
#include <unordered_map>

#include "core/vec.hpp"

namespace billiards::io {

namespace {

// Level L holds the balls with radius in [2^L, 2^(L+1)), in square cells of side 2^(L+2):
// a ball of level L' <= L and a ball of level L can only overlap when their cells are
// neighbours, and a cell holds at most 9 balls of its level that do not overlap (centres
// 2^(L+1) apart in a square of side 2^(L+2)). A query is then a bounded amount of work
// whatever the layout; a sweep along x was quadratic for balls sharing a column.
constexpr std::size_t kMostInACell = 16; // more than this in one cell: some of them overlap

struct Cell {
    int level;
    std::int64_t x, y;
    bool operator==(const Cell&) const = default;
    bool operator<(const Cell& o) const {
        return std::tie(level, x, y) < std::tie(o.level, o.x, o.y);
    }
};

struct CellHash {
    std::size_t operator()(const Cell& c) const {
        std::uint64_t h = static_cast<std::uint64_t>(c.level) * 0x9E3779B97F4A7C15ULL;
        h ^= static_cast<std::uint64_t>(c.x) + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
        h ^= static_cast<std::uint64_t>(c.y) + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
        return static_cast<std::size_t>(h);
    }
};

int level_of(double radius) {
    return std::ilogb(radius);
}

double cell_side(int level) {
    return std::ldexp(1.0, level + 2);
}

std::int64_t cell_coord(double v, double side) {
    // Clamped: a far position (beyond any reader's bound) must not overflow the cast.
    return static_cast<std::int64_t>(std::clamp(std::floor(v / side), -1e15, 1e15));
}

Cell cell_of(Vec2 p, int level) {
    const double side = cell_side(level);
    return {level, cell_coord(p.x, side), cell_coord(p.y, side)};
}

} // namespace

std::optional<std::pair<std::size_t, std::size_t>>
find_overlap(const std::vector<physics::BallDef>& balls, double slack) {
    auto overlap = [&](std::size_t i, std::size_t j) {
        const double apart = balls[i].radius + balls[j].radius - slack;
        return length_sq(balls[j].position - balls[i].position) < apart * apart;
    };
    auto pair = [](std::size_t i, std::size_t j) {
        return std::make_pair(std::min(i, j), std::max(i, j));
    };

    struct Entry {
        Cell cell;
        std::size_t index;
    };
    std::vector<Entry> entries;
    entries.reserve(balls.size());
    std::vector<int> levels;
    for (std::size_t i = 0; i < balls.size(); ++i) {
        const int level = level_of(balls[i].radius);
        entries.push_back({cell_of(balls[i].position, level), i});
        levels.push_back(level);
    }
    std::sort(levels.begin(), levels.end());
    levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
        return a.cell < b.cell || (a.cell == b.cell && a.index < b.index);
    });
    std::unordered_map<Cell, std::pair<std::size_t, std::size_t>, CellHash> cells;
    cells.reserve(entries.size());
    for (std::size_t k = 0; k < entries.size();) {
        std::size_t end = k + 1;
        while (end < entries.size() && entries[end].cell == entries[k].cell)
            ++end;
        if (end - k > kMostInACell) {
            // Too many for balls that do not overlap: a pair among the first few does.
            for (std::size_t a = k; a <= k + kMostInACell; ++a)
                for (std::size_t b = a + 1; b <= k + kMostInACell; ++b)
                    if (overlap(entries[a].index, entries[b].index))
                        return pair(entries[a].index, entries[b].index);
        }
        cells.emplace(entries[k].cell, std::make_pair(k, end));
        k = end;
    }
    // Each ball against the balls of its own level and of the larger ones, in file order.
    for (std::size_t i = 0; i < balls.size(); ++i) {
        const int own = level_of(balls[i].radius);
        for (auto level = std::lower_bound(levels.begin(), levels.end(), own);
             level != levels.end(); ++level) {
            const Cell c = cell_of(balls[i].position, *level);
            for (std::int64_t dx = -1; dx <= 1; ++dx) {
                for (std::int64_t dy = -1; dy <= 1; ++dy) {
                    const auto found = cells.find({*level, c.x + dx, c.y + dy});
                    if (found == cells.end()) continue;
                    for (std::size_t k = found->second.first; k < found->second.second; ++k) {
                        const std::size_t j = entries[k].index;
                        if (j != i && overlap(i, j)) return pair(i, j);
                    }
                }
            }
        }
    }
    return std::nullopt;
}

} // namespace billiards::io
