// The step-synchronous design, measured (docs/BENCHMARKS.md): the gas of BM_FloorGas in a
// scheme that re-sorts the balls by cell at every step (cells 2r + m wide, a counting sort
// of one 64-byte record per ball), predicts every ball against its neighbours once (each
// pair once), then resolves the step's impacts in time order from a small heap. No cell
// crossing events: a ball that strays m/2 past its cell's edge within a step joins the
// neighbouring cell's list for the rest of the step (balls in cells that are not
// neighbours stay at least 2r apart). Same physics and contact formula as BM_FloorGas:
// uniform motion, square walls, closed-form contact times. In a one-off run it gave the
// same collision count as BM_FloorGas's scheme for each of the first ten steps of the 10k
// gas. It is not a physics reference: it answers whether this design beats the event-driven
// one here. It does not: each step re-does for every ball what events do only for the
// balls that changed.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "cli/bench_scenes.hpp"
#include "gas_kernel.hpp"

using namespace billiards;
using bench::gas::kNever;

namespace {

// What a neighbour's test reads, in one cache line: position at t0, velocity, the next
// event's time, the trajectory counter and the heap entry stamp.
struct alignas(64) Rec {
    double x, y, vx, vy, t0, ev;
    std::uint32_t counter, stamp;
};

class SweepGas {
  public:
    SweepGas(const physics::World& w, double margin_radii) {
        const auto n = static_cast<std::size_t>(w.ball_count());
        half_ = w.cushions()[1].a.x;
        radius_ = w.ball(0).radius;
        const double want = 2.0 * radius_ + margin_radii * radius_;
        nx_ = static_cast<int>(std::floor(2.0 * half_ / (want * 1.002)));
        if (nx_ < 1) nx_ = 1;
        cell_ = 2.0 * half_ / nx_;
        half_m_ = 0.5 * (cell_ - 2.0 * radius_) / 1.002; // stray beyond m/2 past the edge
        const std::size_t nc = static_cast<std::size_t>(nx_) * static_cast<std::size_t>(nx_);
        start_.assign(nc + 1, 0);
        extra_.assign(nc, -1);
        b_.assign(n, Rec{});
        tb_.assign(n, Rec{});
        m_.resize(n);
        tm_.resize(n);
        other_.assign(n, 0);
        other_counter_.assign(n, 0);
        cell_of_.assign(n, 0);
        moved_.assign(n, 0);
        next_extra_.assign(n, -1);
        key_.resize(n);
        for (std::size_t i = 0; i < n; ++i) {
            const auto& b = w.ball(static_cast<int>(i));
            b_[i].x = b.position.x;
            b_[i].y = b.position.y;
            b_[i].vx = b.velocity.x;
            b_[i].vy = b.velocity.y;
            b_[i].t0 = 0.0;
            m_[i] = b.mass;
        }
    }

    void advance(double end) {
        const double now = now_;
        end_ = end;
        rebin(now);
        for (std::size_t i = 0; i < b_.size(); ++i) {
            b_[i].ev = kNever;
            other_[i] = kNone;
            own(static_cast<int>(i), now, b_[i].x, b_[i].y);
        }
        sweep_all(now);
        heap_.clear();
        for (std::size_t i = 0; i < b_.size(); ++i)
            if (b_[i].ev <= end)
                heap_.push_back({b_[i].ev, static_cast<std::uint32_t>(i), b_[i].stamp});
        std::make_heap(heap_.begin(), heap_.end(), later);
        while (!heap_.empty()) {
            std::pop_heap(heap_.begin(), heap_.end(), later);
            const Entry e = heap_.back();
            heap_.pop_back();
            if (e.stamp != b_[e.ball].stamp) continue;
            process(static_cast<int>(e.ball), e.time);
        }
        now_ = end;
    }

    std::uint64_t collisions() const { return collisions_; }
    std::uint64_t strays() const { return strays_; }
    double energy() const { return bench::gas::kinetic_energy(b_, m_); }
    // Smallest centre distance over contact distance among neighbouring balls at now_.
    double closest() const {
        double best = kNever;
        const std::size_t n = b_.size();
        std::vector<std::int32_t> head(start_.size() - 1, -1), nxt(n, -1);
        std::vector<double> px(n), py(n);
        for (std::size_t i = 0; i < n; ++i) {
            px[i] = b_[i].x + b_[i].vx * (now_ - b_[i].t0);
            py[i] = b_[i].y + b_[i].vy * (now_ - b_[i].t0);
            const int c = cell_at(px[i], py[i]);
            nxt[i] = head[static_cast<std::size_t>(c)];
            head[static_cast<std::size_t>(c)] = static_cast<std::int32_t>(i);
        }
        for (std::size_t i = 0; i < n; ++i) {
            const int c = cell_at(px[i], py[i]), cy = c / nx_, cx = c - cy * nx_;
            for (int yy = std::max(0, cy - 1); yy <= std::min(nx_ - 1, cy + 1); ++yy)
                for (int xx = std::max(0, cx - 1); xx <= std::min(nx_ - 1, cx + 1); ++xx)
                    for (int j = head[static_cast<std::size_t>(yy * nx_ + xx)]; j >= 0;
                         j = nxt[static_cast<std::size_t>(j)])
                        if (static_cast<std::size_t>(j) != i)
                            best =
                                std::min(best, std::hypot(px[i] - px[static_cast<std::size_t>(j)],
                                                          py[i] - py[static_cast<std::size_t>(j)]) /
                                                   (2.0 * radius_));
        }
        return best;
    }

  private:
    static constexpr std::int32_t kNone = -1, kWallX = -2, kWallY = -3, kStray = -4; // -4..-7
    struct Entry {
        double time;
        std::uint32_t ball, stamp;
    };
    static bool later(const Entry& a, const Entry& b) {
        return a.time > b.time || (a.time == b.time && a.ball > b.ball);
    }

    int index(double v) const {
        const int c = static_cast<int>(std::floor((v + half_) / cell_));
        return c < 0 ? 0 : c >= nx_ ? nx_ - 1 : c;
    }
    int cell_at(double x, double y) const { return index(y) * nx_ + index(x); }

    // Positions to `now`, then a counting sort of every per-ball array by cell.
    void rebin(double now) {
        const std::size_t n = b_.size(), nc = start_.size() - 1;
        std::fill(start_.begin(), start_.end(), 0);
        for (std::size_t i = 0; i < n; ++i) {
            b_[i].x += b_[i].vx * (now - b_[i].t0);
            b_[i].y += b_[i].vy * (now - b_[i].t0);
            b_[i].t0 = now;
            key_[i] = static_cast<std::uint32_t>(cell_at(b_[i].x, b_[i].y));
            ++start_[key_[i] + 1];
        }
        for (std::size_t c = 0; c < nc; ++c)
            start_[c + 1] += start_[c];
        std::vector<std::uint32_t>& pos = scratch_;
        pos.assign(start_.begin(), start_.end() - 1);
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint32_t k = pos[key_[i]]++;
            tb_[k] = b_[i];
            tm_[k] = m_[i];
            cell_of_[k] = static_cast<std::int32_t>(key_[i]);
        }
        b_.swap(tb_);
        m_.swap(tm_);
        for (int c : touched_)
            extra_[static_cast<std::size_t>(c)] = -1;
        touched_.clear();
        std::fill(moved_.begin(), moved_.end(), 0);
        for (Rec& b : b_)
            b.counter = 0;
    }

    // Wall and stray events of ball i at (x, y) from now (its event must be cleared).
    void own(int i, double now, double x, double y) {
        const auto u = static_cast<std::size_t>(i);
        const double lim = half_ - radius_;
        int sx = 0, sy = 0;
        const double wx = bench::gas::reach(x, b_[u].vx, -lim, lim, sx);
        const double wy = bench::gas::reach(y, b_[u].vy, -lim, lim, sy);
        const double w = wx < wy ? wx : wy;
        if (now + w < b_[u].ev) {
            b_[u].ev = now + w;
            other_[u] = wx < wy ? kWallX : kWallY;
        }
        const int c = cell_of_[u], cy = c / nx_, cx = c - cy * nx_;
        const auto e = bench::gas::cell_edges(cx, cy, nx_, half_, cell_, half_m_);
        const double ex = bench::gas::reach(x, b_[u].vx, e.x0, e.x1, sx);
        const double ey = bench::gas::reach(y, b_[u].vy, e.y0, e.y1, sy);
        const double s = ex < ey ? ex : ey;
        if (now + s < b_[u].ev) {
            b_[u].ev = now + s;
            other_[u] = kStray - (ex < ey ? sx : 2 + sy);
        }
    }

    template <bool kQueue> void pair(int i, int j, double now, double xi, double yi) {
        const auto u = static_cast<std::size_t>(i), v = static_cast<std::size_t>(j);
        double horizon = b_[u].ev < b_[v].ev ? b_[u].ev : b_[v].ev;
        horizon = (horizon < end_ ? horizon : end_) - now;
        const double s = now - b_[v].t0;
        const double dx = b_[v].x + b_[v].vx * s - xi, dy = b_[v].y + b_[v].vy * s - yi;
        const double dt = bench::gas::contact_time(dx, dy, b_[v].vx - b_[u].vx, b_[v].vy - b_[u].vy,
                                                   2.0 * radius_);
        if (dt < 0.0 || !(dt <= horizon)) return;
        const double t = now + dt;
        if (t < b_[u].ev) {
            b_[u].ev = t;
            other_[u] = j;
            other_counter_[u] = b_[v].counter;
        }
        if (t < b_[v].ev) {
            b_[v].ev = t;
            other_[v] = i;
            other_counter_[v] = b_[u].counter;
            if constexpr (kQueue) {
                ++b_[v].stamp;
                heap_.push_back({t, static_cast<std::uint32_t>(j), b_[v].stamp});
                std::push_heap(heap_.begin(), heap_.end(), later);
            }
        }
    }

    // Every neighbouring pair once: own cell (j > i) and four cells ahead.
    void sweep_all(double now) {
        for (int c = 0; c < nx_ * nx_; ++c) {
            const int cy = c / nx_, cx = c - cy * nx_;
            const std::uint32_t b0 = start_[static_cast<std::size_t>(c)],
                                b1 = start_[static_cast<std::size_t>(c) + 1];
            for (std::uint32_t i = b0; i < b1; ++i) {
                const double xi = b_[i].x, yi = b_[i].y;
                auto range = [&](int cc) {
                    for (std::uint32_t j = start_[static_cast<std::size_t>(cc)];
                         j < start_[static_cast<std::size_t>(cc) + 1]; ++j)
                        pair<false>(static_cast<int>(i), static_cast<int>(j), now, xi, yi);
                };
                for (std::uint32_t j = i + 1; j < b1; ++j)
                    pair<false>(static_cast<int>(i), static_cast<int>(j), now, xi, yi);
                if (cx + 1 < nx_) range(c + 1);
                if (cy + 1 < nx_) {
                    if (cx > 0) range(c + nx_ - 1);
                    range(c + nx_);
                    if (cx + 1 < nx_) range(c + nx_ + 1);
                }
            }
        }
    }

    void predict(int i, double now) {
        const auto u = static_cast<std::size_t>(i);
        const double xi = b_[u].x + b_[u].vx * (now - b_[u].t0),
                     yi = b_[u].y + b_[u].vy * (now - b_[u].t0);
        ++b_[u].stamp;
        b_[u].ev = kNever;
        other_[u] = kNone;
        own(i, now, xi, yi);
        const int c = cell_of_[u], cy = c / nx_, cx = c - cy * nx_;
        for (int yy = cy > 0 ? cy - 1 : 0; yy <= (cy + 1 < nx_ ? cy + 1 : cy); ++yy)
            for (int xx = cx > 0 ? cx - 1 : 0; xx <= (cx + 1 < nx_ ? cx + 1 : cx); ++xx) {
                const auto cc = static_cast<std::size_t>(yy * nx_ + xx);
                for (std::uint32_t j = start_[cc]; j < start_[cc + 1]; ++j)
                    if (static_cast<int>(j) != i && !moved_[j])
                        pair<true>(i, static_cast<int>(j), now, xi, yi);
                for (int j = extra_[cc]; j >= 0; j = next_extra_[static_cast<std::size_t>(j)])
                    if (j != i) pair<true>(i, j, now, xi, yi);
            }
        if (b_[u].ev <= end_) {
            heap_.push_back({b_[u].ev, static_cast<std::uint32_t>(i), b_[u].stamp});
            std::push_heap(heap_.begin(), heap_.end(), later);
        }
    }

    void process(int i, double t) {
        const auto u = static_cast<std::size_t>(i);
        const std::int32_t o = other_[u];
        if (o >= 0) {
            const auto v = static_cast<std::size_t>(o);
            if (b_[v].counter != other_counter_[u]) {
                predict(i, t); // stale
                return;
            }
            ++collisions_;
            bench::gas::move_to(b_[u], t);
            bench::gas::move_to(b_[v], t);
            bench::gas::elastic_impact(b_[u], m_[u], b_[v], m_[v]);
            b_[u].counter += 1;
            b_[v].counter += 1;
            predict(o, t);
            predict(i, t);
        } else if (o == kWallX || o == kWallY) {
            bench::gas::move_to(b_[u], t);
            if (o == kWallX)
                b_[u].vx = -b_[u].vx;
            else
                b_[u].vy = -b_[u].vy;
            b_[u].counter += 1;
            predict(i, t);
        } else if (o <= kStray) {
            ++strays_;
            const int d = kStray - o; // 0 -x, 1 +x, 2 -y, 3 +y
            const int from = cell_of_[u];
            if (moved_[u]) {
                std::int32_t* at = &extra_[static_cast<std::size_t>(from)];
                while (*at != i)
                    at = &next_extra_[static_cast<std::size_t>(*at)];
                *at = next_extra_[u];
            }
            moved_[u] = 1;
            const int to = from + (d == 0 ? -1 : d == 1 ? 1 : d == 2 ? -nx_ : nx_);
            cell_of_[u] = to;
            if (extra_[static_cast<std::size_t>(to)] < 0) touched_.push_back(to);
            next_extra_[u] = extra_[static_cast<std::size_t>(to)];
            extra_[static_cast<std::size_t>(to)] = i;
            predict(i, t);
        }
    }

    double half_ = 0.0, cell_ = 1.0, radius_ = 0.0, half_m_ = 0.0, now_ = 0.0, end_ = 0.0;
    int nx_ = 1;
    std::vector<Rec> b_, tb_;
    std::vector<double> m_, tm_;
    std::vector<std::uint32_t> other_counter_, key_, start_, scratch_;
    std::vector<std::int32_t> other_, cell_of_, extra_, next_extra_;
    std::vector<int> touched_;
    std::vector<std::uint8_t> moved_;
    std::vector<Entry> heap_;
    std::uint64_t collisions_ = 0, strays_ = 0;
};

// The gas of BM_Gas, `range(0)` discs, cells 2r + m wide with m = range(1) / 4 radii.
void BM_SweepGas(benchmark::State& state) {
    const physics::World w = bench::make_gas(static_cast<int>(state.range(0)), 1.0, 1);
    SweepGas gas(w, static_cast<double>(state.range(1)) / 4.0);
    const double dt = w.params().timestep;
    const double e0 = gas.energy();
    std::uint64_t steps = 1;
    gas.advance(dt);
    const std::uint64_t c0 = gas.collisions(), s0 = gas.strays();
    for (auto _ : state)
        gas.advance(static_cast<double>(++steps) * dt);
    const auto collisions = static_cast<double>(gas.collisions() - c0);
    state.counters["collisions_per_s"] =
        benchmark::Counter(collisions, benchmark::Counter::kIsRate);
    state.counters["strays_per_collision"] = static_cast<double>(gas.strays() - s0) / collisions;
    state.counters["energy_drift"] = std::fabs(gas.energy() - e0) / e0;
    state.counters["closest_over_contact"] = gas.closest(); // below 1: an overlap
}
BENCHMARK(BM_SweepGas)
    ->Args({1000, 2})
    ->Args({10000, 2})
    ->Args({10000, 4})
    ->Unit(benchmark::kMillisecond);

} // namespace
