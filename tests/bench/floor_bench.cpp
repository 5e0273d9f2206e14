// The floor of the world's algorithm on this machine: the same event-driven scheme (a grid
// of cells one diameter wide, cell-crossing events, the world's calendar queue, events that
// go stale by trajectory counters) cut down to what the frictionless disc gas needs: uniform
// motion, four axis-aligned walls, elastic impacts. No cloth model, no robust root search
// (a contact time is the plain closed-form root), no cushion segments, pockets or events
// list. It answers one question: how many collisions per second this algorithm can give
// here at best, so that the gap between BM_Gas and BM_FloorGas is what the world's
// generality and exactness cost. It is not a physics reference.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "cli/bench_scenes.hpp"
#include "gas_kernel.hpp"
#include "physics/event_queue.hpp"

using namespace billiards;
using bench::gas::kNever;

namespace {

class FloorGas {
  public:
    explicit FloorGas(const physics::World& w) {
        const auto n = static_cast<std::size_t>(w.ball_count());
        half_ = w.cushions()[1].a.x; // the bench box is the square [-half, half]^2
        radius_ = w.ball(0).radius;  // the gas's discs are all alike
        nx_ = static_cast<int>(std::floor(2.0 * half_ / (2.0 * radius_ * 1.002)));
        cell_ = 2.0 * half_ / nx_;
        head_.assign(static_cast<std::size_t>(nx_) * static_cast<std::size_t>(nx_), -1);
        body_.resize(n);
        aux_.resize(n);
        mass_.resize(n);
        for (std::size_t i = 0; i < n; ++i) {
            const physics::Ball& b = w.ball(static_cast<int>(i));
            body_[i] = {0.0, b.position.x, b.position.y, b.velocity.x, b.velocity.y, kNever, 0, -1};
            mass_[i] = b.mass;
            link(static_cast<int>(i), cell_at(b.position.x, b.position.y));
        }
        queue_.reset(n, 0.0, w.params().timestep / 16.0);
        for (std::size_t i = 0; i < n; ++i)
            predict(static_cast<int>(i), 0.0);
    }

    void advance(double end) {
        double t = 0.0;
        int i = 0;
        while (queue_.peek(t, i, [this](std::uint32_t k) { return due(static_cast<int>(k)); }) &&
               t <= end) {
            ++processed_;
            process(i, t);
        }
    }
    // Buckets for about six events each, from the rate since the start (as the world does).
    void tune(double now) {
        queue_.reset(body_.size(), now, 6.0 * now / static_cast<double>(processed_));
        for (std::size_t i = 0; i < body_.size(); ++i)
            requeue(static_cast<int>(i));
    }
    std::uint64_t collisions() const { return collisions_; }
    double energy() const { return bench::gas::kinetic_energy(body_, mass_); }

  private:
    enum : std::uint8_t { kNone, kBall, kWall };
    // What a neighbour's test reads, in one cache line; the rest apart.
    struct alignas(64) Body {
        double t0, x, y, vx, vy;
        double event;          // next event (absolute time)
        std::uint32_t counter; // bumped when the trajectory changes
        std::int32_t next;     // next ball in the same cell
    };
    struct Aux {
        double cross = kNever; // next cell crossing
        std::int32_t cell = -1;
        std::int32_t other = 0; // partner ball or wall (0 -x, 1 +x, 2 -y, 3 +y)
        std::uint32_t other_counter = 0;
        std::uint8_t kind = 0, dir = 0;
    };

    int cell_at(double x, double y) const {
        auto index = [&](double v) {
            const int c = static_cast<int>(std::floor((v + half_) / cell_));
            return c < 0 ? 0 : c >= nx_ ? nx_ - 1 : c;
        };
        return index(y) * nx_ + index(x);
    }
    Body& body(int i) { return body_[static_cast<std::size_t>(i)]; }
    Aux& aux(int i) { return aux_[static_cast<std::size_t>(i)]; }
    std::int32_t& head(int c) { return head_[static_cast<std::size_t>(c)]; }

    void link(int i, int c) {
        aux(i).cell = c;
        body(i).next = head(c);
        head(c) = i;
    }
    void unlink(int i) {
        std::int32_t* at = &head(aux(i).cell);
        while (*at != i)
            at = &body(*at).next;
        *at = body(i).next;
    }
    double due(int i) {
        const double e = body(i).event, c = aux(i).cross;
        return e < c ? e : c;
    }
    void requeue(int i) { queue_.set(i, due(i)); }

    // Wall event and cell crossing of ball i at (x, y) from time now; clears its pair event.
    void own(int i, double now, double x, double y) {
        Body& b = body(i);
        Aux& a = aux(i);
        const double lim = half_ - radius_;
        int sx = 0, sy = 0;
        const double wx = bench::gas::reach(x, b.vx, -lim, lim, sx);
        const double wy = bench::gas::reach(y, b.vy, -lim, lim, sy);
        b.event = now + (wx < wy ? wx : wy);
        a.kind = b.event < kNever ? kWall : kNone;
        a.other = wx < wy ? sx : 2 + sy;
        const int cy = a.cell / nx_, cx = a.cell - cy * nx_;
        const auto e = bench::gas::cell_edges(cx, cy, nx_, half_, cell_, 1e-6 * cell_);
        const double cxs = bench::gas::reach(x, b.vx, e.x0, e.x1, sx);
        const double cys = bench::gas::reach(y, b.vy, e.y0, e.y1, sy);
        a.cross = now + (cxs < cys ? cxs : cys);
        a.dir = static_cast<std::uint8_t>(cxs < cys ? sx : 2 + sy);
    }

    void pair(int i, int j, double now, double xi, double yi) {
        Body& p = body(i);
        Body& o = body(j);
        const double horizon = (p.event < o.event ? p.event : o.event) - now;
        const double s = now - o.t0;
        const double dx = o.x + o.vx * s - xi, dy = o.y + o.vy * s - yi;
        const double dt = bench::gas::contact_time(dx, dy, o.vx - p.vx, o.vy - p.vy, 2.0 * radius_);
        if (dt < 0.0 || !(dt <= horizon)) return;
        const double t = now + dt;
        if (t < p.event) {
            p.event = t;
            aux(i).kind = kBall;
            aux(i).other = j;
            aux(i).other_counter = o.counter;
        }
        if (t < o.event) {
            o.event = t;
            aux(j).kind = kBall;
            aux(j).other = i;
            aux(j).other_counter = p.counter;
            requeue(j);
        }
    }

    // Calls f(ball) for every ball in the cells [x0, x1] x [y0, y1] (clipped to the grid).
    template <class F> void for_cells(int x0, int x1, int y0, int y1, F&& f) {
        x0 = x0 < 0 ? 0 : x0;
        y0 = y0 < 0 ? 0 : y0;
        x1 = x1 >= nx_ ? nx_ - 1 : x1;
        y1 = y1 >= nx_ ? nx_ - 1 : y1;
        for (int y = y0; y <= y1; ++y)
            for (int x = x0; x <= x1; ++x)
                for (int j = head(y * nx_ + x); j >= 0; j = body(j).next)
                    f(j);
    }

    void predict(int i, double now) {
        const Body& b = body(i);
        const double x = b.x + b.vx * (now - b.t0), y = b.y + b.vy * (now - b.t0);
        own(i, now, x, y);
        const int cy = aux(i).cell / nx_, cx = aux(i).cell - cy * nx_;
        for_cells(cx - 1, cx + 1, cy - 1, cy + 1, [&](int j) {
            if (j != i) pair(i, j, now, x, y);
        });
        requeue(i);
    }

    // Into the neighbouring cell: only the three cells entering the block are new.
    void cross(int i, double t) {
        Body& b = body(i);
        Aux& a = aux(i);
        const int d = a.dir;
        unlink(i);
        link(i, a.cell + (d == 0 ? -1 : d == 1 ? 1 : d == 2 ? -nx_ : nx_));
        const double x = b.x + b.vx * (t - b.t0), y = b.y + b.vy * (t - b.t0);
        const double event = b.event;
        const std::uint8_t kind = a.kind;
        const std::int32_t other = a.other;
        own(i, t, x, y); // the new crossing; keep the pair event (or an earlier wall)
        if (kind == kBall || event < b.event) {
            b.event = event;
            a.kind = kind;
            a.other = other;
        }
        const int cy = a.cell / nx_, cx = a.cell - cy * nx_;
        auto test = [&](int j) {
            if (j != i) pair(i, j, t, x, y);
        };
        if (d <= 1) {
            const int col = d == 1 ? cx + 1 : cx - 1;
            if (col >= 0 && col < nx_) for_cells(col, col, cy - 1, cy + 1, test);
        } else {
            const int row = d == 3 ? cy + 1 : cy - 1;
            if (row >= 0 && row < nx_) for_cells(cx - 1, cx + 1, row, row, test);
        }
        requeue(i);
    }

    void process(int i, double t) {
        Body& b = body(i);
        Aux& a = aux(i);
        if (a.cross <= b.event) {
            cross(i, t);
            return;
        }
        if (a.kind == kWall) {
            bench::gas::move_to(b, t);
            if (a.other < 2)
                b.vx = -b.vx;
            else
                b.vy = -b.vy;
            b.counter += 1;
        } else if (a.kind == kBall) {
            const int j = a.other;
            Body& o = body(j);
            if (o.counter != a.other_counter) {
                predict(i, t); // stale: j moved differently since
                return;
            }
            ++collisions_;
            bench::gas::move_to(b, t);
            bench::gas::move_to(o, t);
            bench::gas::elastic_impact(b, mass_[static_cast<std::size_t>(i)], o,
                                       mass_[static_cast<std::size_t>(j)]);
            b.counter += 1;
            o.counter += 1;
            predict(j, t);
        }
        predict(i, t);
    }

    double half_ = 0.0, cell_ = 1.0, radius_ = 0.0;
    int nx_ = 1;
    std::uint64_t processed_ = 0;
    std::vector<Body> body_;
    std::vector<Aux> aux_;
    std::vector<double> mass_;
    std::vector<std::int32_t> head_;
    physics::EventQueue queue_;
    std::uint64_t collisions_ = 0;
};

// The gas of BM_Gas (and `billiards bench gas`), `range(0)` discs, in the stripped scheme.
void BM_FloorGas(benchmark::State& state) {
    const physics::World w = bench::make_gas(static_cast<int>(state.range(0)), 1.0, 1);
    FloorGas gas(w);
    const double dt = w.params().timestep;
    const double e0 = gas.energy();
    std::uint64_t steps = 1;
    gas.advance(dt);
    gas.tune(dt);
    const std::uint64_t c0 = gas.collisions();
    for (auto _ : state)
        gas.advance(static_cast<double>(++steps) * dt);
    state.counters["collisions_per_s"] =
        benchmark::Counter(static_cast<double>(gas.collisions() - c0), benchmark::Counter::kIsRate);
    state.counters["energy_drift"] = std::fabs(gas.energy() - e0) / e0;
}
BENCHMARK(BM_FloorGas)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);

} // namespace
