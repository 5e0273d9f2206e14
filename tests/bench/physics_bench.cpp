// Google Benchmark targets for the ball world: one step with 16 balls (an 8-ball break in
// progress) and with 10,000 balls, the pit sizes, a whole break to rest, the disc gas and one
// ball-ball impact with throw (alciatore against mathavan).
// Run: build/release/tests/bench/physics_bench (or `billiards bench` for the summary table).
#include <benchmark/benchmark.h>

#include <cmath>
#include <memory>
#include <numbers>

#include "cli/bench_runner.hpp"
#include "cli/bench_scenes.hpp"
#include "physics/narrow.hpp"

using namespace billiards;

namespace {

// One fixed step of a 16-ball break, averaged over the whole break (restarted at rest).
void BM_Step16(benchmark::State& state) {
    std::uint64_t seed = 1;
    auto w = std::make_unique<physics::World>(bench::make_break(seed));
    for (auto _ : state) {
        if (w->at_rest()) {
            state.PauseTiming();
            w = std::make_unique<physics::World>(bench::make_break(++seed));
            state.ResumeTiming();
        }
        w->step();
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Step16);

// A whole 8-ball break to rest (seeds 1..20 in turn).
void BM_Break(benchmark::State& state) {
    std::uint64_t seed = 0;
    for (auto _ : state) {
        state.PauseTiming();
        physics::World w = bench::make_break(seed % 20 + 1);
        ++seed;
        state.ResumeTiming();
        w.run_until_rest(60.0);
        benchmark::DoNotOptimize(w.state_hash());
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Break)->Unit(benchmark::kMicrosecond);

// One step of the frictionless pit (r = 0.01 m, area fraction 0.3, 1 m/s, dt = 1/240 s).
void BM_Pit(benchmark::State& state) {
    bench::PitSpec spec;
    spec.balls = static_cast<int>(state.range(0));
    const long long heap0 = bench::heap_in_use();
    auto w = std::make_unique<physics::World>(bench::make_pit(spec));
    w->step();
    const double bytes = static_cast<double>(bench::heap_in_use() - heap0);
    const std::uint64_t c0 = w->counts().ball_ball;
    for (auto _ : state)
        w->step();
    const double collisions = static_cast<double>(w->counts().ball_ball - c0);
    state.counters["ball_steps_per_s"] = benchmark::Counter(
        static_cast<double>(spec.balls) * static_cast<double>(state.iterations()),
        benchmark::Counter::kIsRate);
    state.counters["collisions_per_s"] =
        benchmark::Counter(collisions, benchmark::Counter::kIsRate);
    state.counters["bytes_per_ball"] = bytes / spec.balls;
}
BENCHMARK(BM_Pit)->Arg(16)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

// The disc gas: 10,000 discs, Gaussian velocity components (sigma 1 m/s).
void BM_Gas(benchmark::State& state) {
    auto w = std::make_unique<physics::World>(bench::make_gas(10'000, 1.0, 1));
    w->step();
    const std::uint64_t c0 = w->counts().ball_ball;
    for (auto _ : state)
        w->step();
    state.counters["collisions_per_s"] = benchmark::Counter(
        static_cast<double>(w->counts().ball_ball - c0), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Gas)->Unit(benchmark::kMillisecond);

// One ball-ball impact with throw: a cue ball rolling at 1.5 m/s cuts an object ball at rest
// at 30 degrees (pool balls, the default restitution, ball and cloth friction). Arg 0: the
// alciatore model (one impulse); N > 0: mathavan integrated in N impulse steps.
void BM_ThrowImpact(benchmark::State& state) {
    const int steps = static_cast<int>(state.range(0));
    const physics::ThrowModel model =
        steps == 0 ? physics::ThrowModel::Alciatore : physics::ThrowModel::Mathavan;
    constexpr double r = physics::kBallRadius, m = physics::kBallMass, v = 1.5;
    const double phi = std::numbers::pi / 6.0;
    const Vec2 vel{v * std::cos(phi), v * std::sin(phi)};
    const physics::narrow::BodyState cue{{}, vel, {-vel.y / r, vel.x / r, 0.0}, r, m};
    const physics::narrow::BodyState object{{2.0 * r, 0.0}, {}, {}, r, m};
    const physics::Params p;
    for (auto _ : state) {
        physics::narrow::BodyState a = cue, b = object;
        benchmark::DoNotOptimize(physics::narrow::resolve_ball_ball(
            a, b, p.ball_restitution, p.ball_friction, model, p.sliding_friction,
            steps > 0 ? steps : p.throw_steps));
        benchmark::DoNotOptimize(a);
        benchmark::DoNotOptimize(b);
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ThrowImpact)->Arg(0)->Arg(100)->Arg(1000)->Unit(benchmark::kNanosecond);

} // namespace

BENCHMARK_MAIN();
