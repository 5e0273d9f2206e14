#include "cli/bench_runner.hpp"

#include <fmt/format.h>
#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>

#include "cli/bench_scenes.hpp"
#include "game/physics_presets.hpp"
#include "game/pool/ai.hpp"
#include "game/pool/match.hpp"

namespace billiards::bench {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

int scaled(double base, const Options& o) {
    return std::max(1, static_cast<int>(std::lround(base * o.scale)));
}

void finish(Result& r, std::vector<double> values) {
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    r.repetitions = static_cast<int>(n);
    r.median = n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
    r.spread = values.back() - values.front();
}

Result run_break(const std::string& name, physics::BallContact contact, const Options& o) {
    Result r{name, "us/break", scaled(20, o), 0, 0, 0, {}};
    std::vector<double> per_break;
    // Each seed's fastest time over the repetitions, for the typical (median) break.
    std::vector<double> best(static_cast<std::size_t>(r.items), 1e300);
    double steps = 0, impacts = 0, runs = 0;
    for (int rep = 0; rep < o.repetitions; ++rep) {
        double total = 0.0;
        for (long long k = 0; k < r.items; ++k) {
            physics::World w = make_break(static_cast<std::uint64_t>(k + 1), contact);
            const auto t0 = Clock::now();
            w.run_until_rest(60.0);
            const double t = seconds_since(t0);
            total += t;
            best[static_cast<std::size_t>(k)] = std::min(best[static_cast<std::size_t>(k)], t);
            steps += static_cast<double>(w.steps());
            impacts += static_cast<double>(w.counts().ball_ball + w.counts().ball_cushion);
            runs += 1;
        }
        per_break.push_back(total / static_cast<double>(r.items) * 1e6);
    }
    finish(r, per_break);
    std::sort(best.begin(), best.end());
    r.extra = {{"breaks_per_s", 1e6 / r.median},
               {"median_break_us", best[best.size() / 2] * 1e6},
               {"slowest_break_us", best.back() * 1e6},
               {"steps_per_break", steps / runs},
               {"impacts_per_break", impacts / runs}};
    return r;
}

// Steps a pit or gas world in repetitions of `steps` steps after a short warm-up.
struct Stepped {
    std::vector<double> seconds_per_step;
    double seconds = 0.0;
    double collisions = 0.0;
    double energy_drift = 0.0;
    double bytes = 0.0;
};

template <class Make> Stepped step_world(Make&& make, int steps, const Options& o) {
    Stepped s;
    const long long heap0 = heap_in_use();
    auto w = std::make_unique<physics::World>(make());
    const double e0 = w->energy();
    for (int k = 0; k < 4; ++k)
        w->step();
    s.bytes = static_cast<double>(heap_in_use() - heap0);
    for (int rep = 0; rep < o.repetitions; ++rep) {
        const std::uint64_t c0 = w->counts().ball_ball;
        const auto t0 = Clock::now();
        for (int k = 0; k < steps; ++k)
            w->step();
        const double t = seconds_since(t0);
        s.seconds += t;
        s.collisions += static_cast<double>(w->counts().ball_ball - c0);
        s.seconds_per_step.push_back(t / steps);
    }
    s.energy_drift = std::fabs(w->energy() - e0) / e0;
    return s;
}

Result run_pit(const std::string& name, int balls, double base_steps, const Options& o) {
    PitSpec spec;
    spec.balls = balls;
    Result r{name, "ms/step", scaled(base_steps, o), 0, 0, 0, {}};
    Stepped s = step_world([&] { return make_pit(spec); }, static_cast<int>(r.items), o);
    for (double& v : s.seconds_per_step)
        v *= 1e3;
    finish(r, s.seconds_per_step);
    r.extra = {{"ball_steps_per_s", balls / (r.median * 1e-3)},
               {"collisions_per_s", s.collisions / s.seconds},
               {"collisions_per_step", s.collisions / static_cast<double>(o.repetitions * r.items)},
               {"bytes_per_ball", s.bytes / balls},
               {"energy_drift", s.energy_drift}};
    return r;
}

Result run_gas(const Options& o) {
    const int balls = 10'000;
    Result r{"gas", "Mcollisions/s", scaled(120, o), 0, 0, 0, {}};
    Stepped s = step_world([&] { return make_gas(balls, 1.0, 1); }, static_cast<int>(r.items), o);
    const double per_step = s.collisions / static_cast<double>(o.repetitions * r.items);
    std::vector<double> rates;
    for (double t : s.seconds_per_step)
        rates.push_back(per_step / t * 1e-6);
    finish(r, rates);
    r.extra = {{"collisions_per_s", s.collisions / s.seconds},
               {"collisions_per_step", per_step},
               {"ms_per_step", s.seconds / static_cast<double>(o.repetitions * r.items) * 1e3},
               {"energy_drift", s.energy_drift}};
    return r;
}

// Positions after an 8-ball break (a fixed break shot, racks by seed): the computer's first
// decision of the game, with the table still crowded.
// `ideal`: the racks broken and planned with ideal contact instead of the game's (the
// positions differ: a compliant break spreads the rack).
std::vector<game::AiRequest> ai_positions(int count, game::AiLevel level, bool ideal) {
    std::vector<game::AiRequest> out;
    for (int k = 0; k < count; ++k) {
        game::MatchConfig c;
        c.seed = static_cast<std::uint64_t>(k + 1);
        c.params = game::play_params(); // the game's physics (hertz, mathavan cushions)
        c.cue = game::play_cue();       // and its cue (an ordinary shaft's squirt)
        if (ideal) c.params.ball_contact = physics::BallContact::Ideal;
        for (game::Seat& s : c.seats) {
            s.kind = game::SeatKind::Computer;
            s.level = level;
        }
        game::Match m(c);
        const double hx = m.table().spec.length / 2;
        m.place_cue_ball({-hx / 2, 0.05 * (k % 3 - 1)});
        m.shoot({0.0, 7.0, 0.0, 0.1});
        if (m.phase() == game::Phase::Aiming) out.push_back(m.ai_request());
    }
    return out;
}

// The computer opponent's decision time, ms, by level (hard is the reported median).
Result run_ai(const std::string& name, bool ideal, const Options& o) {
    Result r{name, "ms/decision", scaled(6, o), 0, 0, 0, {}};
    std::vector<double> hard;
    double worst = 0.0;
    for (game::AiLevel level : {game::AiLevel::Easy, game::AiLevel::Medium, game::AiLevel::Hard}) {
        const std::vector<game::AiRequest> positions =
            ai_positions(static_cast<int>(r.items), level, ideal);
        double total = 0.0;
        int runs = 0;
        for (int rep = 0; rep < o.repetitions; ++rep) {
            double rep_total = 0.0;
            for (const game::AiRequest& req : positions) {
                const auto t0 = Clock::now();
                const game::AiMove move = game::ai_decide(req);
                const double t = seconds_since(t0) * 1e3;
                (void)move;
                rep_total += t;
                if (level == game::AiLevel::Hard) worst = std::max(worst, t);
            }
            const double mean =
                rep_total / static_cast<double>(std::max<std::size_t>(positions.size(), 1));
            if (level == game::AiLevel::Hard) hard.push_back(mean);
            total += rep_total;
            runs += static_cast<int>(positions.size());
        }
        r.extra.push_back({std::string(game::to_string(level)) + "_ms", total / std::max(runs, 1)});
    }
    finish(r, hard);
    r.extra.push_back({"hard_worst_ms", worst});
    return r;
}

} // namespace

const std::vector<std::string>& benchmark_names() {
    static const std::vector<std::string> names = {"break",    "break-ideal", "pit-1k", "pit-10k",
                                                   "pit-100k", "gas",         "ai",     "ai-ideal"};
    return names;
}

bool is_benchmark(const std::string& name) {
    const auto& n = benchmark_names();
    return std::find(n.begin(), n.end(), name) != n.end();
}

Result run_benchmark(const std::string& name, const Options& o) {
    if (name == "break") return run_break(name, physics::BallContact::Hertz, o);
    if (name == "break-ideal") return run_break(name, physics::BallContact::Ideal, o);
    if (name == "pit-1k") return run_pit(name, 1'000, 240, o);
    if (name == "pit-10k") return run_pit(name, 10'000, 48, o);
    if (name == "pit-100k") return run_pit(name, 100'000, 12, o);
    if (name == "ai") return run_ai(name, false, o);
    if (name == "ai-ideal") return run_ai(name, true, o);
    return run_gas(o);
}

std::string to_json(const Result& r) {
    std::string s = fmt::format(R"({{"name":"{}","unit":"{}","items":{},"median":{:.6g},)"
                                R"("spread":{:.6g},"repetitions":{})",
                                r.name, r.unit, r.items, r.median, r.spread, r.repetitions);
    for (const auto& [k, v] : r.extra)
        s += fmt::format(R"(,"{}":{:.6g})", k, v);
    return s + "}";
}

namespace {

// Column widths: every benchmark's name and unit fit (rows are printed as each benchmark
// ends, so the widths cannot wait for the results); numbers are "%.4g" (at most 10 wide).
constexpr std::size_t kUnitWidth = 13; // "Mcollisions/s"
std::size_t name_width() {
    std::size_t w = 4; // "name"
    for (const std::string& n : benchmark_names())
        w = std::max(w, n.size());
    return w;
}

} // namespace

std::string table_header() {
    return fmt::format("{:<{}}  {:>10} {:<{}}  {:>10} {:>8} {:>5}  {}", "name", name_width(),
                       "median", "unit", kUnitWidth, "spread", "items", "reps", "more");
}

std::string table_row(const Result& r) {
    std::string more;
    for (const auto& [k, v] : r.extra) {
        if (!more.empty()) more += ' ';
        more += fmt::format("{}={:.4g}", k, v);
    }
    return fmt::format("{:<{}}  {:>10.4g} {:<{}}  {:>10.3g} {:>8} {:>5}  {}", r.name, name_width(),
                       r.median, r.unit, kUnitWidth, r.spread, r.items, r.repetitions, more);
}

long long heap_in_use() {
    const struct mallinfo2 m = mallinfo2();
    return static_cast<long long>(m.uordblks + m.hblkhd);
}

} // namespace billiards::bench
