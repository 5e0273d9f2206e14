// Our ball world against Box2D 2.4 (Debian's libbox2d-dev) on the same frictionless pit:
// the same balls (positions, radii, velocities), the same dt = 1/240 s, restitution 1,
// friction 0, no gravity, no sleeping, lengths (and so speeds) scaled into Box2D's tuned
// range (x10: r = 0.1 m; x100: r = 1 m), the restitution velocity threshold set to 0 on
// every fixture. The benchmarks use x100; the summary shows both scales.
// After the Google Benchmark runs a summary prints both step costs, their ratio, and how
// well each keeps the kinetic energy and keeps balls apart (Box2D is an iterative solver:
// it is not expected to be exact). `box2d_bench --summary_only` prints only that.
#include <benchmark/benchmark.h>
#include <box2d/box2d.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "cli/bench_scenes.hpp"

using namespace billiards;

namespace {

constexpr double kDefaultScale = 100.0; // our metres -> Box2D units
constexpr int kVelocityIterations = 8;
constexpr int kPositionIterations = 3;

class Box2DPit {
  public:
    Box2DPit(const bench::PitSpec& spec, double scale) : scale_(scale), world_(b2Vec2(0.0f, 0.0f)) {
        world_.SetAllowSleeping(false);
        double half = 0.0;
        const std::vector<physics::BallDef> balls = bench::pit_balls(spec, half);
        const auto s = static_cast<float>(scale_);
        const auto h = static_cast<float>(half) * s;
        b2BodyDef wall_def;
        b2Body* walls = world_.CreateBody(&wall_def);
        const b2Vec2 corners[4] = {{-h, -h}, {h, -h}, {h, h}, {-h, h}};
        for (int k = 0; k < 4; ++k) {
            b2EdgeShape edge;
            edge.SetTwoSided(corners[k], corners[(k + 1) % 4]);
            b2FixtureDef fd;
            fd.shape = &edge;
            fd.friction = 0.0f;
            fd.restitution = 1.0f;
            fd.restitutionThreshold = 0.0f;
            walls->CreateFixture(&fd);
        }
        for (const physics::BallDef& d : balls) {
            b2BodyDef bd;
            bd.type = b2_dynamicBody;
            bd.position.Set(static_cast<float>(d.position.x) * s,
                            static_cast<float>(d.position.y) * s);
            bd.linearVelocity.Set(static_cast<float>(d.velocity.x) * s,
                                  static_cast<float>(d.velocity.y) * s);
            b2Body* body = world_.CreateBody(&bd);
            b2CircleShape circle;
            circle.m_radius = static_cast<float>(d.radius) * s;
            b2FixtureDef fd;
            fd.shape = &circle;
            const double area = kPi * d.radius * d.radius * scale_ * scale_;
            fd.density = static_cast<float>(d.mass / area);
            fd.friction = 0.0f;
            fd.restitution = 1.0f;
            fd.restitutionThreshold = 0.0f;
            body->CreateFixture(&fd);
            bodies_.push_back(body);
            radii_.push_back(d.radius);
        }
    }
    void step(double dt) {
        world_.Step(static_cast<float>(dt), kVelocityIterations, kPositionIterations);
    }
    // In our units (metres, kilograms, seconds).
    double kinetic_energy() const {
        double e = 0.0;
        for (const b2Body* b : bodies_) {
            const b2Vec2 v = b->GetLinearVelocity();
            const double vx = static_cast<double>(v.x) / scale_,
                         vy = static_cast<double>(v.y) / scale_;
            e += 0.5 * static_cast<double>(b->GetMass()) * (vx * vx + vy * vy);
        }
        return e;
    }
    std::vector<Vec2> positions() const {
        std::vector<Vec2> p;
        p.reserve(bodies_.size());
        for (const b2Body* b : bodies_)
            p.push_back({static_cast<double>(b->GetPosition().x) / scale_,
                         static_cast<double>(b->GetPosition().y) / scale_});
        return p;
    }
    const std::vector<double>& radii() const { return radii_; }

  private:
    double scale_;
    b2World world_;
    std::vector<b2Body*> bodies_;
    std::vector<double> radii_;
};

// Deepest overlap between any two balls (0 when all are apart), through a hash grid.
double max_overlap(const std::vector<Vec2>& p, const std::vector<double>& r) {
    const double cell = 2.0 * *std::max_element(r.begin(), r.end());
    std::unordered_map<long long, std::vector<int>> grid;
    auto key = [&](long long cx, long long cy) { return cx * 1'000'003LL + cy; };
    for (std::size_t i = 0; i < p.size(); ++i)
        grid[key(static_cast<long long>(std::floor(p[i].x / cell)),
                 static_cast<long long>(std::floor(p[i].y / cell)))]
            .push_back(static_cast<int>(i));
    double worst = 0.0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        const auto cx = static_cast<long long>(std::floor(p[i].x / cell));
        const auto cy = static_cast<long long>(std::floor(p[i].y / cell));
        for (long long dy = -1; dy <= 1; ++dy)
            for (long long dx = -1; dx <= 1; ++dx) {
                auto it = grid.find(key(cx + dx, cy + dy));
                if (it == grid.end()) continue;
                for (int j : it->second) {
                    if (j <= static_cast<int>(i)) continue;
                    const auto u = static_cast<std::size_t>(j);
                    worst = std::max(worst, r[i] + r[u] - length(p[i] - p[u]));
                }
            }
    }
    return worst;
}

void BM_OursPit(benchmark::State& state) {
    bench::PitSpec spec;
    spec.balls = static_cast<int>(state.range(0));
    auto w = std::make_unique<physics::World>(bench::make_pit(spec));
    for (auto _ : state)
        w->step();
    state.counters["ball_steps_per_s"] = benchmark::Counter(
        static_cast<double>(spec.balls) * static_cast<double>(state.iterations()),
        benchmark::Counter::kIsRate);
}
BENCHMARK(BM_OursPit)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

void BM_Box2DPit(benchmark::State& state) {
    bench::PitSpec spec;
    spec.balls = static_cast<int>(state.range(0));
    auto w = std::make_unique<Box2DPit>(spec, kDefaultScale);
    const double dt = bench::frictionless_params().timestep;
    for (auto _ : state)
        w->step(dt);
    state.counters["ball_steps_per_s"] = benchmark::Counter(
        static_cast<double>(spec.balls) * static_cast<double>(state.iterations()),
        benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Box2DPit)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

struct Outcome {
    double ms_per_step = 0.0;
    double energy_drift = 0.0;  // |E(end) - E(0)| / E(0)
    double worst_overlap = 0.0; // m, deepest seen at the sampled steps
};

template <class Step, class Energy, class Overlap>
Outcome run(int steps, Step&& step, Energy&& energy, Overlap&& overlap) {
    Outcome o;
    const double e0 = energy();
    double seconds = 0.0;
    for (int s = 1; s <= steps; ++s) {
        const auto t0 = std::chrono::steady_clock::now();
        step();
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (s % 24 == 0 || s == steps) o.worst_overlap = std::max(o.worst_overlap, overlap());
    }
    o.ms_per_step = seconds / steps * 1e3;
    o.energy_drift = std::fabs(energy() - e0) / e0;
    return o;
}

void summary() {
    std::printf("\nPit comparison (r = 0.01 m, area fraction 0.3, 1 m/s, dt = 1/240 s, 240 steps; "
                "Box2D %d velocity / %d position iterations)\n",
                kVelocityIterations, kPositionIterations);
    std::printf("%-7s %6s %12s %12s %8s %12s %12s %13s %13s\n", "balls", "scale", "ours ms/step",
                "box2d ms/st", "ratio", "ours dE/E", "box2d dE/E", "ours overlap", "box2d overlap");
    const double dt = bench::frictionless_params().timestep;
    const int steps = 240;
    for (int n : {1000, 10000}) {
        bench::PitSpec spec;
        spec.balls = n;
        physics::World ours = bench::make_pit(spec);
        const Outcome a = run(
            steps, [&] { ours.step(); }, [&] { return ours.energy(); },
            [&] {
                std::vector<Vec2> p;
                std::vector<double> r;
                for (const physics::Ball& b : ours.balls()) {
                    p.push_back(b.position);
                    r.push_back(b.radius);
                }
                return max_overlap(p, r);
            });
        for (double scale : {10.0, 100.0}) {
            Box2DPit theirs(spec, scale);
            const Outcome b = run(
                steps, [&] { theirs.step(dt); }, [&] { return theirs.kinetic_energy(); },
                [&] { return max_overlap(theirs.positions(), theirs.radii()); });
            std::printf("%-7d %5.0fx %12.4f %12.4f %7.1fx %12.3g %12.3g %11.3g m %11.3g m\n", n,
                        scale, a.ms_per_step, b.ms_per_step, b.ms_per_step / a.ms_per_step,
                        a.energy_drift, b.energy_drift, a.worst_overlap, b.worst_overlap);
        }
    }
    std::printf("(dE/E: relative change of kinetic energy over the run; overlap: deepest "
                "interpenetration of two balls seen every 24 steps, in metres, r = 0.01 m)\n");
    std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv) {
    bool summary_only = false;
    int kept = 1;
    for (int k = 1; k < argc; ++k) {
        if (std::string_view(argv[k]) == "--summary_only")
            summary_only = true;
        else
            argv[kept++] = argv[k];
    }
    argc = kept;
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    if (!summary_only) benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    summary();
    return 0;
}
