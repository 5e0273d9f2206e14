// The pool planner's pot chance against simulated pots: a cue ball and one object ball on
// the pool table over a grid (the object ball d2 from the planner's aim point of the
// top-right corner or the top middle pocket, coming in `entry` degrees off the pocket's
// axis; the cue ball d1 from the ghost ball, the cut either way), each stroke the planner's
// own (Planner::pot_stroke: the ghost-ball heading refined for throw, a centre hit at twice
// base_speed unless told otherwise) played TRIALS times with the standard noise (FastFiz's
// defaults), seeded. Prints per position the pocket (c corner, s middle), the entry and cut
// in degrees, d1 and d2 in metres, the cue speed, the chance the level's model gives
// (Planner::line_chance), the share of trials that potted the ball in that pocket and the
// share that scratched, and the share that potted when the stroke was first moved to the
// middle of its window of headings that pot (AiConfig::centre_aim); then the model and the
// first share compared in bins, and the two shares in the chance's bins:
//   pool_pots [MODEL] [TRIALS] [SPEED_FACTOR] [HEIGHT] [NOISE]
// MODEL: fitted (the default; AiConfig::fitted_pot_chance, fitted to `pool_pots fitted 200`)
// or geometric, each with the pro level's search. NOISE: standard (the default) or level,
// pro's own.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "core/parallel.hpp"
#include "core/random.hpp"
#include "game/levels.hpp"
#include "game/physics_presets.hpp"
#include "game/pool/ai_planner.hpp"
#include "game/pool/rules.hpp"
#include "game/strike.hpp"
#include "game/table.hpp"

using namespace billiards;
using namespace billiards::game;

namespace {

int usage() {
    std::fprintf(stderr,
                 "pool_pots: usage: pool_pots [MODEL] [TRIALS] [SPEED_FACTOR] [HEIGHT] [NOISE]\n");
    return 2;
}

bool parse_number(std::string_view a, double& x) {
    const auto [end, ec] = std::from_chars(a.data(), a.data() + a.size(), x);
    return ec == std::errc() && end == a.data() + a.size() && std::isfinite(x);
}

struct Position {
    int pocket = 3;
    double entry = 0.0, cut = 0.0, d1 = 0.0, d2 = 0.0; // degrees, metres
    Vec2 cue{}, object{};
    double speed = 0.0, model = 0.0, potted = 0.0, scratched = 0.0, centred = 0.0;
};

Vec2 rotate(Vec2 v, double a) {
    return {v.x * std::cos(a) - v.y * std::sin(a), v.x * std::sin(a) + v.y * std::cos(a)};
}

physics::World two_balls(const Table& table, Vec2 cue, Vec2 object) {
    physics::World w(play_params(), table.cushions, table.pockets);
    physics::BallDef b;
    b.id = kCueBall;
    b.position = cue;
    w.add_ball(b);
    b.id = 1;
    b.position = object;
    w.add_ball(b);
    return w;
}

RulesState in_play() {
    RulesState s = new_game(GameKind::NineBall, 0);
    s.break_shot = false;
    s.ball_in_hand = false;
    s.kitchen = false;
    return s;
}

void play(const Table& table, const AiConfig& cfg, double factor, double height, int trials,
          Position& p) {
    AiRequest r;
    r.world = two_balls(table, p.cue, p.object);
    r.table = table;
    r.rules = in_play();
    r.config = cfg;
    r.seed = 1;
    ai::Planner planner(r);
    p.model = planner.line_chance(r.world, 1, p.pocket);
    const CueShot s = planner.pot_stroke(r.world, 1, p.pocket, factor, height);
    p.speed = s.speed;
    // Shares of the trials of `stroke` that potted the ball in the pocket and that scratched.
    auto shares = [&](const CueShot& stroke, double& pots, double& scratches) {
        int potted = 0, scratched = 0;
        for (int t = 0; t < trials; ++t) {
            physics::World w = r.world;
            w.set_record_events(true);
            apply_strike(w, perturb_shot(stroke, cfg, r.cue, mix(7, static_cast<std::uint64_t>(t))),
                         r.cue);
            w.run_until_rest(60.0);
            const int oi = w.index_of(1), ci = w.index_of(kCueBall);
            for (const physics::Event& e : w.events()) {
                if (e.kind != physics::EventKind::Pocketed) continue;
                potted += e.ball == oi && e.other == p.pocket;
                scratched += e.ball == ci;
            }
        }
        pots = static_cast<double>(potted) / trials;
        scratches = static_cast<double>(scratched) / trials;
    };
    shares(s, p.potted, p.scratched);
    double unused = 0.0;
    shares(planner.pot_stroke(r.world, 1, p.pocket, factor, height, true), p.centred, unused);
}

struct Bin {
    int n = 0;
    double model = 0.0, sim = 0.0, sq = 0.0, centred = 0.0;
    void add(const Position& p) {
        ++n;
        model += p.model;
        sim += p.potted;
        centred += p.centred;
        sq += (p.model - p.potted) * (p.model - p.potted);
    }
    void print(const char* name) const {
        if (n == 0) return;
        std::printf("  %-14s %4d  model %.3f  simulated %.3f  rms error %.3f  centred %.3f\n", name,
                    n, model / n, sim / n, std::sqrt(sq / n), centred / n);
    }
};

} // namespace

int main(int argc, char** argv) {
    if (argc > 6) return usage();
    bool fitted = true;
    int trials = 200;
    double factor = 2.0, height = 0.0;
    if (argc > 1) {
        const std::string_view m = argv[1];
        if (m == "geometric")
            fitted = false;
        else if (m != "fitted")
            return usage();
    }
    if (argc > 2) {
        double t = 0.0;
        if (!parse_number(argv[2], t) || t < 1 || t > 100000 || t != std::floor(t)) return usage();
        trials = static_cast<int>(t);
    }
    if (argc > 3 && (!parse_number(argv[3], factor) || factor <= 0.0 || factor > 10.0))
        return usage();
    if (argc > 4 && (!parse_number(argv[4], height) || std::abs(height) > 0.5)) return usage();
    Noise noise = Noise::Standard;
    if (argc > 5 && (!parse_noise(argv[5], noise) || noise == Noise::None)) return usage();

    const Table table = build_table(TableSpec{});
    AiConfig cfg = ai_config(AiLevel::Pro);
    cfg.fitted_pot_chance = fitted;
    set_noise(cfg, noise, physics::kBallRadius);
    const double r = physics::kBallRadius;
    const double hx = table.spec.length / 2, hy = table.spec.width / 2;

    // The grid; positions whose balls would not be on the table are left out.
    std::vector<Position> grid;
    {
        AiRequest probe;
        probe.world = two_balls(table, {-0.5, 0.0}, {0.5, 0.0});
        probe.table = table;
        probe.rules = in_play();
        probe.config = cfg;
        const ai::Planner planner(probe);
        for (int k : {3, 5}) {
            const Vec2 aim = planner.pocket_aim(k), in = planner.pocket_inward(k);
            const std::vector<double> entries = k == 3 ? std::vector<double>{0, 15, 30, 45, 60}
                                                       : std::vector<double>{0, 15, 30, 45};
            for (double entry : entries)
                for (double d2 : {0.1, 0.3, 0.6, 1.0, 1.5})
                    for (double d1 : {0.15, 0.4, 0.8, 1.5})
                        for (double cut : {0, 15, -15, 30, -30, 45, -45, 60, -60, 70, -70}) {
                            const Vec2 u = rotate(in, deg_to_rad(entry));
                            const Vec2 o = aim - u * d2;
                            const Vec2 g = o - u * (2.0 * r);
                            const Vec2 c = g - rotate(u, deg_to_rad(cut)) * d1;
                            auto on = [&](Vec2 q) {
                                return std::abs(q.x) < hx - r - 0.005 &&
                                       std::abs(q.y) < hy - r - 0.005;
                            };
                            if (!on(o) || !on(c)) continue;
                            Position p;
                            p.pocket = k;
                            p.entry = entry;
                            p.cut = cut;
                            p.d1 = d1;
                            p.d2 = d2;
                            p.cue = c;
                            p.object = o;
                            grid.push_back(p);
                        }
        }
    }
    for_each_index(grid.size(), 0,
                   [&](std::size_t i) { play(table, cfg, factor, height, trials, grid[i]); });

    std::printf("%s model, %d trials a position, %s noise, speed factor %.2f, height %.2f\n",
                fitted ? "fitted" : "geometric", trials, to_string(noise), factor, height);
    std::printf("pocket entry cut d1 d2 speed model potted scratched centred\n");
    for (const Position& p : grid)
        std::printf("%c %.0f %.0f %.2f %.2f %.2f %.3f %.3f %.3f %.3f\n", p.pocket == 3 ? 'c' : 's',
                    p.entry, p.cut, p.d1, p.d2, p.speed, p.model, p.potted, p.scratched, p.centred);

    auto summary = [&](const char* title, auto key, const std::vector<std::string>& names) {
        std::vector<Bin> bins(names.size());
        for (const Position& p : grid)
            bins[static_cast<std::size_t>(key(p))].add(p);
        std::printf("by %s:\n", title);
        for (std::size_t i = 0; i < bins.size(); ++i)
            bins[i].print(names[i].c_str());
    };
    summary("model chance",
            [](const Position& p) { return std::min(9, static_cast<int>(p.model * 10.0)); },
            {"0.0-0.1", "0.1-0.2", "0.2-0.3", "0.3-0.4", "0.4-0.5", "0.5-0.6", "0.6-0.7", "0.7-0.8",
             "0.8-0.9", "0.9-1.0"});
    summary("pocket", [](const Position& p) { return p.pocket == 3 ? 0 : 1; },
            {"corner", "middle"});
    summary("cut",
            [](const Position& p) {
                const double c = std::abs(p.cut);
                return c < 1 ? 0 : c < 20 ? 1 : c < 35 ? 2 : c < 50 ? 3 : c < 65 ? 4 : 5;
            },
            {"0", "15", "30", "45", "60", "70"});
    summary("d1",
            [](const Position& p) {
                return p.d1 < 0.2 ? 0 : p.d1 < 0.5 ? 1 : p.d1 < 1.0 ? 2 : 3;
            },
            {"0.15", "0.4", "0.8", "1.5"});
    summary("d2",
            [](const Position& p) {
                return p.d2 < 0.2 ? 0 : p.d2 < 0.4 ? 1 : p.d2 < 0.8 ? 2 : p.d2 < 1.2 ? 3 : 4;
            },
            {"0.1", "0.3", "0.6", "1.0", "1.5"});
    summary("entry", [](const Position& p) { return static_cast<int>(p.entry / 15.0 + 0.5); },
            {"0", "15", "30", "45", "60"});
    Bin all;
    for (const Position& p : grid)
        all.add(p);
    all.print("all");
    return 0;
}
