#include "game/carom/carom_ai.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/parallel.hpp"
#include "core/random.hpp"
#include "game/shot_events.hpp"
#include "game/strike.hpp"

namespace billiards::game {

namespace {

// clang-format off
// Noise as the pool levels' (levels.cpp); the sweep and trials set the search's width.
CaromAiConfig level_preset(AiLevel level) {
    switch (level) {
    case AiLevel::Easy:
        return {.level = level, .heading_noise = deg_to_rad(0.5), .speed_noise = 0.08,
                .tip_noise = 0.08, .headings = 360, .speeds = {3.0}, .sides = {0.0, 0.4},
                .heights = {0.2}, .elevations = {}, .keep = 3, .trials = 4};
    case AiLevel::Medium:
        return {.level = level, .heading_noise = deg_to_rad(0.2), .speed_noise = 0.04,
                .tip_noise = 0.04, .headings = 360, .speeds = {2.6, 3.6},
                .sides = {-0.4, 0.0, 0.4}, .heights = {0.2}, .elevations = {},
                .keep = 5, .trials = 8};
    case AiLevel::Hard:
        break;
    // Pro: half hard's execution noise (a steadier cue), more speeds and sides than
    // hard (twice the paths swept), more of them kept and tried more often, on every core.
    case AiLevel::Pro:
        return {.level = level, .heading_noise = deg_to_rad(0.035), .speed_noise = 0.01,
                .tip_noise = 0.01, .headings = 360, .speeds = {2.2, 2.8, 3.4, 4.2},
                .sides = {-0.45, -0.2, 0.0, 0.2, 0.45}, .heights = {0.2},
                .elevations = {deg_to_rad(15.0)}, .keep = 16, .trials = 32, .threads = 0};
    }
    return {.level = AiLevel::Hard, .heading_noise = deg_to_rad(0.07), .speed_noise = 0.02,
            .tip_noise = 0.02, .headings = 360, .speeds = {2.4, 3.2, 4.2},
            .sides = {-0.45, 0.0, 0.45}, .heights = {0.2}, .elevations = {deg_to_rad(15.0)},
            .keep = 8, .trials = 12};
}
// clang-format on

// Whether the events so far decide the shot (nothing later can change the verdict).
bool decided(const CaromShot& r) {
    return r.second >= 0 || (r.break_foul && r.first >= 0);
}

struct Candidate {
    CueShot shot{};
    int sweep_index = 0; // heading step
    int variant = 0;
    int window = 0;     // neighbouring headings of the same variant that also score
    int scored = 0;     // noisy trials that scored
    double near = -1.0; // near-miss quality (no scoring path found)
};

// How close a miss came: both balls with more cushions first beats one ball after more.
double near_miss(const CaromShot& r) {
    if (r.break_foul) return -1.0;
    const double c = std::min(r.cushions_before_second, 3);
    if (r.second >= 0) return 10.0 + c;
    if (r.first >= 0) return std::min(r.cushions, 3);
    return -1.0;
}

} // namespace

CaromAiConfig carom_ai_config(AiLevel level) {
    return level_preset(level);
}

void set_noise(CaromAiConfig& config, Noise noise, double ball_radius) {
    AiConfig n;
    n.heading_noise = config.heading_noise;
    n.speed_noise = config.speed_noise;
    n.tip_noise = config.tip_noise;
    set_noise(n, noise, ball_radius);
    config.heading_noise = n.heading_noise;
    config.speed_noise = n.speed_noise;
    config.tip_noise = n.tip_noise;
    config.speed_noise_abs = n.speed_noise_abs;
    config.elevation_noise = n.elevation_noise;
}

CaromShot carom_trial(const physics::World& world, int cue, const CueShot& shot,
                      const CueParams& cue_params, bool break_shot, double max_seconds,
                      bool to_rest, int frozen) {
    physics::World w = world;
    apply_strike(w, shot, cue_params, cue);
    w.set_record_events(true);
    const double end = w.time() + max_seconds;
    std::size_t seen = 0;
    CaromShot r;
    while (!w.at_rest() && w.time() < end) {
        w.skip_quiet_steps(1u << 20, [&] { return w.time() < end; });
        w.step();
        if (w.events().size() == seen) continue;
        seen = w.events().size();
        if (to_rest) continue;
        r = judge_carom(cue, shot_events(w, w.events()), break_shot, frozen);
        if (decided(r)) return r;
    }
    return judge_carom(cue, shot_events(w, w.events()), break_shot, frozen);
}

namespace {

struct Variant {
    double speed, side, height, elevation;
};

// The (speed, side, height) variants at one cue elevation, less any that would miscue.
void add_variants(std::vector<Variant>& out, const CaromAiConfig& c, const CueParams& cue,
                  double elevation) {
    for (double sp : c.speeds)
        for (double sd : c.sides)
            for (double h : c.heights)
                if (std::hypot(sd, h) <= cue.miscue_limit) // never plan a miscue
                    out.push_back({sp, sd, h, elevation});
}

// The sweep: which (variant, heading) shots score with no noise, for variants [from, end).
struct Sweep {
    int n = 360;
    std::vector<std::vector<char>> hit; // by variant, then heading step
    std::vector<Candidate> cands;
    Candidate best_miss;
};

void sweep(const CaromAiRequest& q, const std::vector<Variant>& variants, std::size_t from,
           Sweep& sw, CaromMove& m) {
    const CaromAiConfig& c = q.config;
    sw.hit.resize(variants.size(), std::vector<char>(static_cast<std::size_t>(sw.n), 0));
    // Each variant's headings on one thread, into that variant's own slots.
    struct Row {
        std::vector<Candidate> cands;
        Candidate best_miss;
    };
    std::vector<Row> rows(variants.size() - from);
    (void)q.world.balls(); // brings its public copies up to date: the threads only read it
    for_each_index(rows.size(), c.threads, [&](std::size_t r) {
        const std::size_t v = from + r;
        Row& row = rows[r];
        for (int k = 0; k < sw.n; ++k) {
            CueShot s;
            s.heading = 2.0 * std::numbers::pi * k / sw.n;
            s.speed = variants[v].speed;
            s.side = variants[v].side;
            s.height = variants[v].height;
            s.elevation = variants[v].elevation;
            const CaromShot res = carom_trial(q.world, q.cue, s, q.cue_params, q.break_shot,
                                              c.max_seconds, false, q.frozen);
            if (res.point) {
                sw.hit[v][static_cast<std::size_t>(k)] = 1;
                row.cands.push_back({s, k, static_cast<int>(v)});
            } else if (const double near = near_miss(res); near > row.best_miss.near) {
                row.best_miss = {s, k, static_cast<int>(v)};
                row.best_miss.near = near;
            }
        }
    });
    // In the variants' order, as one thread would have found them.
    for (Row& row : rows) {
        m.simulations += sw.n;
        sw.cands.insert(sw.cands.end(), row.cands.begin(), row.cands.end());
        if (row.best_miss.near > sw.best_miss.near) sw.best_miss = row.best_miss;
    }
}

CaromMove plan(const CaromAiRequest& q) {
    const CaromAiConfig& c = q.config;
    CaromMove m;
    std::vector<Variant> variants;
    add_variants(variants, c, q.cue_params, 0.0);
    Sweep sw;
    sw.n = std::max(c.headings, 8);
    const int n = sw.n;
    sweep(q, variants, 0, sw, m);
    // Only when no level cue scores: the elevated cue's curved paths (swerve), at the
    // price of another sweep for each elevation.
    for (double elevation : c.elevations) {
        if (!sw.cands.empty()) break;
        const std::size_t from = variants.size();
        add_variants(variants, c, q.cue_params, elevation);
        sweep(q, variants, from, sw, m);
    }
    const auto& hit = sw.hit;
    std::vector<Candidate>& cands = sw.cands;
    const Candidate& best_miss = sw.best_miss;
    // A wide window of scoring headings is a shot that forgives small errors.
    for (Candidate& cd : cands) {
        const auto& row = hit[static_cast<std::size_t>(cd.variant)];
        for (int d = 1; d <= 3; ++d) {
            cd.window += row[static_cast<std::size_t>((cd.sweep_index + d) % n)];
            cd.window += row[static_cast<std::size_t>((cd.sweep_index - d + n) % n)];
        }
    }
    std::stable_sort(cands.begin(), cands.end(),
                     [](const Candidate& a, const Candidate& b) { return a.window > b.window; });
    if (cands.size() > static_cast<std::size_t>(c.keep))
        cands.resize(static_cast<std::size_t>(c.keep));

    AiConfig noise;
    noise.heading_noise = c.heading_noise;
    noise.speed_noise = c.speed_noise;
    noise.tip_noise = c.tip_noise;
    noise.speed_noise_abs = c.speed_noise_abs;
    noise.elevation_noise = c.elevation_noise;
    // Each candidate's trials on one thread (its own count), then the best in order.
    for_each_index(cands.size(), c.threads, [&](std::size_t i) {
        Candidate& cd = cands[i];
        for (int t = 0; t < c.trials; ++t) {
            const CueShot s = perturb_shot(cd.shot, noise, q.cue_params,
                                           mix(mix(q.seed, i), static_cast<std::uint64_t>(t)));
            if (carom_trial(q.world, q.cue, s, q.cue_params, q.break_shot, c.max_seconds, false,
                            q.frozen)
                    .point)
                ++cd.scored;
        }
    });
    m.simulations += static_cast<int>(cands.size()) * c.trials;
    Candidate* best = nullptr;
    for (Candidate& cd : cands) {
        if (!best || cd.scored > best->scored ||
            (cd.scored == best->scored && cd.window > best->window))
            best = &cd;
    }
    if (best) {
        m.found = true;
        m.intended = best->shot;
        m.success = c.trials > 0 ? static_cast<double>(best->scored) / c.trials : 1.0;
        m.plan = "goes for a point (it scored in " + std::to_string(best->scored) + " of " +
                 std::to_string(c.trials) + " tries)";
    } else {
        m.intended = best_miss.shot;
        if (best_miss.near < 0.0) { // nothing legal hits a ball: a firm shot at the red
            m.intended.speed = c.speeds.empty() ? 3.0 : c.speeds.front();
            const int red = q.world.index_of(kCaromRed), me = q.world.index_of(q.cue);
            if (red >= 0 && me >= 0) {
                const Vec2 d = q.world.ball(red).position - q.world.ball(me).position;
                m.intended.heading = std::atan2(d.y, d.x);
            }
        }
        m.plan = "sees no sure point and plays the closest try";
    }
    m.shot = perturb_shot(m.intended, noise, q.cue_params, mix(q.seed, 0x65786563ull));
    return m;
}

// How much a plan is worth: its scoring rate, below any scoring path a near miss.
double worth(const CaromMove& m) {
    return m.found ? m.success : -1.0;
}

} // namespace

CaromMove carom_decide(const CaromAiRequest& q) {
    if (!q.may_spot) return plan(q);
    CaromMove away = plan(q);
    CaromAiRequest s = q;
    s.world = q.spotted;
    s.frozen = -1;
    s.may_spot = false;
    CaromMove spot = plan(s);
    const int sims = away.simulations + spot.simulations;
    CaromMove& m = worth(spot) > worth(away) ? spot : away;
    m.frozen = &m == &spot ? FrozenChoice::Spot : FrozenChoice::PlayAway;
    m.simulations = sims;
    m.plan = (m.frozen == FrozenChoice::Spot ? "has the frozen balls spotted and "
                                             : "plays away from the frozen ball and ") +
             m.plan;
    return m;
}

const physics::World& carom_move_world(const CaromAiRequest& q, const CaromMove& m) {
    return m.frozen == FrozenChoice::Spot ? q.spotted : q.world;
}

std::vector<std::vector<Vec2>> carom_path(const physics::World& world, int cue, const CueShot& shot,
                                          const CueParams& cue_params, double interval,
                                          double max_seconds) {
    physics::World w = world;
    apply_strike(w, shot, cue_params, cue);
    std::vector<std::vector<Vec2>> paths(static_cast<std::size_t>(w.ball_count()));
    auto sample = [&] {
        for (int i = 0; i < w.ball_count(); ++i)
            paths[static_cast<std::size_t>(i)].push_back(w.ball(i).position);
    };
    sample();
    const double end = w.time() + max_seconds;
    double next = w.time() + interval;
    while (!w.at_rest() && w.time() < end) {
        w.step();
        if (w.time() + 1e-12 >= next) {
            sample();
            next += interval;
        }
    }
    sample();
    return paths;
}

} // namespace billiards::game
