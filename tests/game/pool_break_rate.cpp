// How often a break pots a ball without a foul, on demand: seeded racks broken from points
// across the head string, each shot given the standard noise (FastFiz's defaults) and played
// with the game's cue (play_cue: an ordinary shaft's squirt), judged by the game's rules:
//   pool_break_rate [8ball|9ball] [RACKS] [--wide[=Y,../S,../H,../O,..] [--trials=N]|--pro]
// Default: centre-ball hits at the apex at several speeds. Per row: where the cue ball stood
// (y as a fraction of the half-width less 5 cm), the speed the cue ball leaves at, and the
// shares of breaks that potted a ball with no foul, that scratched, and the balls potted per
// break.
// --wide: a wider grid (spot, speed, tip height, aim moved sideways on the apex ball by a
// fraction of a radius; --wide= names the values of each axis) with two more columns per
// stroke: the breaker's next-pot chance (the pro planner's best pot chance from where the
// balls stopped, counted 0 when the break lost the table) and the pro planner's value of the
// outcome (what its trials score).
// Then, for the four strokes of highest value, whether a rack's own trials predict that
// rack's break: each rack is tried 24 times (--trials=N: N) per stroke (other noise draws)
// and broken once; the stroke that wins the trials is compared with each stroke kept for
// every rack.
// --pro: the pro level's own break (ai_decide, standard noise) on each rack, played once:
// its trials' estimate against what the break did.
// The pro level's break strokes come from here (ai_plan.cpp).
#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <string_view>
#include <vector>

#include "core/parallel.hpp"
#include "core/random.hpp"
#include "game/levels.hpp"
#include "game/physics_presets.hpp"
#include "game/pool/ai.hpp"
#include "game/pool/ai_planner.hpp"
#include "game/pool/rules.hpp"
#include "game/rack.hpp"
#include "game/shot_events.hpp"
#include "game/strike.hpp"
#include "game/table.hpp"

using namespace billiards;
using namespace billiards::game;

namespace {

int usage() {
    std::fprintf(stderr, "pool_break_rate: usage: pool_break_rate [8ball|9ball] [RACKS] "
                         "[--wide[=Y,../SPEED,../HEIGHT,../OFFSET,..] [--trials=N]|--pro]\n");
    return 2;
}

struct Stroke {
    double y = 0.0;      // fraction of the half-width less 5 cm
    double speed = 0.0;  // m/s the cue ball leaves at on a centre hit
    double height = 0.0; // tip, units of R
    double offset = 0.0; // aim point moved along the table's y, units of R
};

struct Result {
    bool good = false, scratch = false;
    int potted = 0;
    double next = 0.0, value = 0.0;
};

struct Tally {
    double good = 0, scratches = 0, potted = 0, next = 0, value = 0;
    void add(const Result& r) {
        good += r.good;
        scratches += r.scratch;
        potted += r.potted;
        next += r.next;
        value += r.value;
    }
};

AiConfig pro_standard() {
    AiConfig c = ai_config(AiLevel::Pro);
    set_noise(c, Noise::Standard, physics::kBallRadius);
    c.threads = 1;
    return c;
}

// The rack and the planner that judges its outcomes.
struct Rack {
    AiRequest req;
    ai::Planner planner;
    Rack(GameKind kind, const Table& table, std::uint64_t rack, const AiConfig& cfg)
        : req(request(kind, table, rack, cfg)), planner(req) {}
    static AiRequest request(GameKind kind, const Table& table, std::uint64_t rack,
                             const AiConfig& cfg) {
        AiRequest r;
        r.world = racked_world(kind, table, play_params(), mix(rack, 0));
        r.table = table;
        r.rules = new_game(kind, 0);
        r.config = cfg;
        r.cue = play_cue();
        r.seed = mix(rack, 0x7365ull);
        return r;
    }
};

Result play(const Rack& rk, const physics::World& placed, const CueShot& shot) {
    physics::World w = placed;
    const std::vector<int> on = balls_on_table(w);
    w.set_record_events(true);
    apply_strike(w, shot, rk.req.cue);
    w.run_until_rest(120.0);
    ShotInput in;
    in.on_table = on;
    in.events = shot_events(w, w.events());
    const ShotVerdict v = judge(rk.req.rules, in);
    Result r;
    r.good = v.foul == Foul::None && v.scored && v.after.shooter == 0 && !v.after.game_over;
    r.scratch = v.cue_pocketed;
    r.potted = static_cast<int>(v.pocketed.size());
    r.next = r.good ? rk.planner.next_pot_chance(w, v.after) : 0.0;
    r.value = rk.planner.outcome_value(w, v);
    return r;
}

// The rack with the cue ball on the stroke's spot, and the stroke's planned shot.
CueShot place(const Rack& rk, const Stroke& s, physics::World& w) {
    const TableSpec& spec = rk.req.table.spec;
    w = rk.req.world;
    const int ci = w.index_of(kCueBall);
    const Vec2 c{head_spot(spec).x, s.y * (spec.width / 2 - 0.05)};
    w.restore_ball(ci, c);
    const Vec2 aim = w.ball(w.index_of(1)).position + Vec2{0.0, s.offset * w.ball(ci).radius};
    const Vec2 d = aim - c;
    return {std::atan2(d.y, d.x), cue_speed_for(s.speed, w.ball(ci).mass, rk.req.cue), 0.0,
            s.height};
}

Result one_break(const Rack& rk, const AiConfig& noise, const Stroke& s, std::uint64_t seed) {
    physics::World w;
    const CueShot planned = place(rk, s, w);
    return play(rk, w, perturb_shot(planned, noise, rk.req.cue, seed));
}

double binomial_error(double p, double n) {
    return std::sqrt(std::max(p * (1 - p), 0.0) / n);
}

void basic(GameKind kind, const Table& table, const AiConfig& noise, unsigned racks) {
    for (double y : {0.0, 0.4, -0.4, 0.5, -0.5, 0.75, -0.75, 0.9, -0.9})
        for (double speed : {10.0, 11.0, 12.0, 13.0, 14.0}) {
            std::vector<Result> out(racks);
            for_each_index(racks, 0, [&](std::size_t k) {
                const Rack rk(kind, table, k + 1, noise);
                out[k] = one_break(rk, noise, {y, speed, 0.0, 0.0}, mix(k + 1, 0x6272ull));
            });
            Tally t;
            for (const Result& r : out)
                t.add(r);
            const double n = racks;
            std::printf("%5.2f %5.1f %5.2f %5.2f %5.2f\n", y, speed, t.good / n, t.scratches / n,
                        t.potted / n);
        }
}

using Axes = std::array<std::vector<double>, 4>; // y, speed, height, offset

// "Y,Y,.../S,.../H,.../O,..." into the four axes; false when malformed or out of range.
bool parse_axes(std::string_view text, Axes& axes) {
    static constexpr std::array<std::array<double, 2>, 4> kRange{
        {{-0.95, 0.95}, {1.0, 14.0}, {-0.45, 0.45}, {-3.0, 3.0}}};
    for (std::size_t a = 0; a < 4; ++a) {
        axes[a].clear();
        const std::size_t slash = a < 3 ? text.find('/') : text.size();
        if (slash == std::string_view::npos) return false;
        std::string_view part = text.substr(0, slash);
        text = a < 3 ? text.substr(slash + 1) : std::string_view{};
        while (true) {
            const std::size_t comma = part.find(',');
            const std::string_view item = part.substr(0, comma);
            double v = 0.0;
            const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
            if (ec != std::errc() || end != item.data() + item.size() || v < kRange[a][0] ||
                v > kRange[a][1])
                return false;
            axes[a].push_back(v);
            if (comma == std::string_view::npos) break;
            part = part.substr(comma + 1);
        }
    }
    return true;
}

void wide(GameKind kind, const Table& table, const AiConfig& noise, unsigned racks,
          const Axes& axes, int trials) {
    std::vector<Stroke> grid;
    for (double y : axes[0])
        for (double speed : axes[1])
            for (double height : axes[2])
                for (double offset : axes[3])
                    grid.push_back({y, speed, height, offset});
    std::vector<std::vector<Result>> out(racks, std::vector<Result>(grid.size()));
    for_each_index(racks, 0, [&](std::size_t k) {
        const Rack rk(kind, table, k + 1, noise);
        for (std::size_t g = 0; g < grid.size(); ++g)
            out[k][g] = one_break(rk, noise, grid[g], mix(k + 1, 0x6272ull));
    });
    const double n = racks;
    std::printf("y, speed m/s, height, aim offset R: potted with no foul, scratch, balls potted, "
                "next-pot chance, value (binomial error of a share p: sqrt(p(1-p)/%u))\n",
                racks);
    std::vector<std::pair<double, std::size_t>> by_value;
    for (std::size_t g = 0; g < grid.size(); ++g) {
        Tally t;
        for (unsigned k = 0; k < racks; ++k)
            t.add(out[k][g]);
        const Stroke& s = grid[g];
        std::printf("%5.2f %5.1f %5.2f %5.2f: %5.3f %5.3f %5.2f %5.3f %6.3f\n", s.y, s.speed,
                    s.height, s.offset, t.good / n, t.scratches / n, t.potted / n, t.next / n,
                    t.value / n);
        by_value.push_back({t.value / n, g});
    }
    std::stable_sort(by_value.begin(), by_value.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    // Do a rack's own trials predict its break? The four strokes of highest value, 24 trials
    // each per rack (noise draws of their own) and one break each with the draw above.
    const int kTrials = trials;
    const std::size_t top = std::min<std::size_t>(4, grid.size());
    struct Pick {
        double est_good = 0, est_value = 0;
    };
    std::vector<std::vector<Pick>> est(racks, std::vector<Pick>(top));
    for_each_index(racks, 0, [&](std::size_t k) {
        const Rack rk(kind, table, k + 1, noise);
        for (std::size_t i = 0; i < top; ++i)
            for (int t = 0; t < kTrials; ++t) {
                const Result r =
                    one_break(rk, noise, grid[by_value[i].second],
                              mix(mix(k + 1, 0x7472ull), static_cast<std::uint64_t>(t)));
                est[k][i].est_good += r.good / static_cast<double>(kTrials);
                est[k][i].est_value += r.value / static_cast<double>(kTrials);
            }
    });
    std::printf("per-rack trials (%d each) against the rack's break, over the best %zu strokes:\n",
                kTrials, top);
    Tally chosen;
    double chosen_est = 0;
    for (unsigned k = 0; k < racks; ++k) {
        std::size_t b = 0;
        for (std::size_t i = 1; i < top; ++i)
            if (est[k][i].est_value > est[k][b].est_value) b = i;
        chosen.add(out[k][by_value[b].second]);
        chosen_est += est[k][b].est_value;
    }
    for (std::size_t i = 0; i < top; ++i) {
        const Stroke& s = grid[by_value[i].second];
        Tally t;
        double eg = 0, ev = 0, sxy = 0, sxx = 0, syy = 0;
        for (unsigned k = 0; k < racks; ++k) {
            t.add(out[k][by_value[i].second]);
            eg += est[k][i].est_good;
            ev += est[k][i].est_value;
        }
        // The correlation over racks of the trials' pot share with the break's outcome.
        for (unsigned k = 0; k < racks; ++k) {
            const double x = est[k][i].est_good - eg / n;
            const double yv = out[k][by_value[i].second].good - t.good / n;
            sxy += x * yv;
            sxx += x * x;
            syy += yv * yv;
        }
        std::printf("kept %5.2f %5.1f %5.2f %5.2f: potted with no foul %5.3f (+-%.3f), value "
                    "%6.3f; trials' estimate %5.3f, value %6.3f; correlation %+.3f\n",
                    s.y, s.speed, s.height, s.offset, t.good / n, binomial_error(t.good / n, n),
                    t.value / n, eg / n, ev / n,
                    sxx > 0 && syy > 0 ? sxy / std::sqrt(sxx * syy) : 0.0);
    }
    std::printf("chosen per rack by its trials: potted with no foul %5.3f (+-%.3f), value %6.3f; "
                "trials' estimate of the chosen %6.3f\n",
                chosen.good / n, binomial_error(chosen.good / n, n), chosen.value / n,
                chosen_est / n);
}

void pro(GameKind kind, const Table& table, const AiConfig& noise, unsigned racks) {
    std::vector<Result> out(racks);
    std::vector<double> est(racks), score(racks);
    for (std::size_t k = 0; k < racks; ++k) {
        const Rack rk(kind, table, k + 1, noise);
        AiRequest r = rk.req;
        r.config.threads = 0;
        const AiMove m = ai_decide(r);
        physics::World w = r.world;
        w.restore_ball(w.index_of(kCueBall), m.cue_position);
        out[k] = play(rk, w, m.shot);
        est[k] = m.pot_chance;
        score[k] = m.score;
    }
    Tally t;
    double e = 0, s = 0;
    for (unsigned k = 0; k < racks; ++k) {
        t.add(out[k]);
        e += est[k];
        s += score[k];
    }
    const double n = racks;
    std::printf("pro's break: potted with no foul %5.3f (+-%.3f), scratch %5.3f, balls potted "
                "%4.2f, next-pot chance %5.3f, value %6.3f; its trials' estimate %5.3f, value "
                "%6.3f\n",
                t.good / n, binomial_error(t.good / n, n), t.scratches / n, t.potted / n,
                t.next / n, t.value / n, e / n, s / n);
}

} // namespace

int main(int argc, char** argv) {
    enum class Mode { Basic, Wide, Pro } mode = Mode::Basic;
    Axes axes{{{0.0, 0.3, -0.3, 0.6, -0.6, 0.75, -0.75, 0.9, -0.9},
               {11.0, 12.0, 13.0, 14.0},
               {0.0, -0.2, -0.4},
               {0.0, 0.3, -0.3}}};
    int trials = 24;
    if (argc > 1) {
        std::string_view last = argv[argc - 1];
        if (last.starts_with("--trials=") && argc > 2) {
            // Only after --wide: the trials a rack gets per stroke in the prediction check.
            const std::string_view t = last.substr(9);
            const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), trials);
            if (ec != std::errc() || end != t.data() + t.size() || trials < 2 || trials > 4096)
                return usage();
            --argc;
            last = argv[argc - 1];
            if (last != "--wide" && !last.starts_with("--wide=")) return usage();
        }
        if (last == "--wide" || last == "--pro" || last.starts_with("--wide=")) {
            mode = last == "--pro" ? Mode::Pro : Mode::Wide;
            if (last.starts_with("--wide=") && !parse_axes(last.substr(7), axes)) return usage();
            --argc;
        }
    }
    if (argc > 3) return usage();
    GameKind kind = GameKind::EightBall;
    if (argc > 1) {
        const std::string_view k = argv[1];
        if (k == "9ball")
            kind = GameKind::NineBall;
        else if (k != "8ball")
            return usage();
    }
    unsigned racks = 100;
    if (argc > 2) {
        const std::string_view a = argv[2];
        const auto [end, ec] = std::from_chars(a.data(), a.data() + a.size(), racks);
        if (ec != std::errc() || end != a.data() + a.size() || racks == 0 || racks > 100000)
            return usage();
    }
    const Table table = build_table(TableSpec{});
    const AiConfig noise = pro_standard();
    const char* name = kind == GameKind::NineBall ? "9ball" : "8ball";
    if (mode == Mode::Basic) {
        std::printf("%s, %u racks, standard noise: y, speed m/s, potted with no foul, scratch, "
                    "balls potted\n",
                    name, racks);
        basic(kind, table, noise, racks);
    } else {
        std::printf("%s, %u racks, standard noise\n", name, racks);
        if (mode == Mode::Wide)
            wide(kind, table, noise, racks, axes, trials);
        else
            pro(kind, table, noise, racks);
    }
    return 0;
}
