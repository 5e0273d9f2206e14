#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/random.hpp"
#include "game/drills/drill.hpp"
#include "game/physics_presets.hpp"
#include "game/shot_events.hpp"
#include "game/strike.hpp"

namespace billiards::game::drills {

namespace {

constexpr double kDegree = std::numbers::pi / 180.0;
constexpr double kMaxShotSeconds = 60.0;

// The value of potting `id` in a line-up.
double value_of(const Drill& d, int id) {
    return d.snooker ? static_cast<double>(std::max(1, id - 14)) : 1.0;
}

} // namespace

const char* to_string(Goal g) {
    switch (g) {
    case Goal::Pot:
        return "pot";
    case Goal::PotPosition:
        return "pot and position";
    case Goal::Position:
        return "position";
    case Goal::Kick:
        return "kick";
    case Goal::Carom:
        return "carom";
    case Goal::LineUp:
        return "line-up";
    }
    return "?";
}

const Drill* find(const std::string& name) {
    for (const Drill& d : all())
        if (d.name == name) return &d;
    return nullptr;
}

std::string names_text() {
    std::string s;
    for (const Drill& d : all())
        s += (s.empty() ? "" : ", ") + d.name;
    return s;
}

physics::Params params_for(const TableSpec& table) {
    if (is_carom(table)) return carom_params();
    // As each pocket game plays: the nose at 0.64 of the ball's diameter, the spin-down of the
    // ball's radius (the same as a match's on that table).
    physics::Params p = play_params();
    p.cushion_height = 0.64 * 2.0 * table.ball_radius;
    p.spin_friction = 4.0 * table.ball_radius / 9.81;
    return p;
}

CueParams cue_for() {
    return play_cue(Shaft::Ordinary);
}

physics::World set_up(const Drill& d, const Table& table) {
    physics::World w(params_for(table.spec), table.cushions, table.pockets);
    w.reserve(d.balls.size());
    for (const BallSpot& b : d.balls) {
        physics::BallDef def;
        def.id = b.id;
        def.position = b.position;
        def.radius = table.spec.ball_radius;
        def.mass = table.spec.ball_mass;
        w.add_ball(def);
    }
    w.set_record_events(true);
    return w;
}

std::string check_set_up(const Drill& d, const Table& table) {
    const double r = table.spec.ball_radius;
    const double hx = table.spec.length / 2.0, hy = table.spec.width / 2.0;
    bool cue = false;
    for (std::size_t i = 0; i < d.balls.size(); ++i) {
        const BallSpot& b = d.balls[i];
        cue = cue || b.id == kCueBall;
        const std::string who = "ball " + std::to_string(b.id);
        if (std::abs(b.position.x) > hx - r || std::abs(b.position.y) > hy - r)
            return who + " is off the bed";
        for (const physics::Pocket& p : table.pockets)
            if (length(b.position - p.center) < p.radius + r) return who + " is in a pocket";
        for (std::size_t j = 0; j < i; ++j) {
            if (d.balls[j].id == b.id) return who + " is there twice";
            if (length(d.balls[j].position - b.position) < 2.0 * r)
                return who + " overlaps ball " + std::to_string(d.balls[j].id);
        }
    }
    if (!cue) return "no cue ball";
    if (d.attempts < 1) return "no attempts";
    const bool aimed = d.goal == Goal::Pot || d.goal == Goal::PotPosition;
    if (aimed && !d.bank && !d.fan) {
        bool there = false;
        for (const BallSpot& b : d.balls)
            there = there || b.id == d.ball;
        if (!there) return "no ball " + std::to_string(d.ball) + " to pot";
    }
    if (d.speeds.empty() || d.heights.empty() || d.sides.empty()) return "no shot to try";
    return {};
}

ShotResult read_shot(const physics::World& after) {
    ShotResult r;
    std::vector<int> touched_cushion; // object balls that met a cushion
    int second_hit = -1, rails = 0;
    bool first_seen = false;
    for (const ShotEvent& e : shot_events(after, after.events())) {
        if (e.kind == physics::EventKind::BallCushion) {
            if (e.ball == kCueBall) {
                ++rails;
                if (!first_seen) ++r.rails_before_hit;
            } else {
                touched_cushion.push_back(e.ball);
            }
        } else if (e.kind == physics::EventKind::BallBall) {
            if (e.ball != kCueBall && e.other != kCueBall) continue;
            const int other = e.ball == kCueBall ? e.other : e.ball;
            if (!first_seen) {
                first_seen = true;
                r.first_hit = other;
            } else if (second_hit < 0 && other != r.first_hit) {
                second_hit = other;
                r.carom_point = rails >= 3;
            }
        } else if (e.kind == physics::EventKind::Pocketed) {
            if (e.ball == kCueBall) {
                r.cue_pocketed = true;
            } else {
                r.pocketed.push_back(e.ball);
                if (std::find(touched_cushion.begin(), touched_cushion.end(), e.ball) !=
                    touched_cushion.end())
                    r.banked.push_back(e.ball);
            }
        }
    }
    const int cue = after.index_of(kCueBall);
    if (cue >= 0) r.cue_end = after.ball(cue).position;
    return r;
}

double closeness(double distance, double zone) {
    if (distance <= zone) return 1.0;
    return std::max(0.0, (3.0 * zone - distance) / (2.0 * zone));
}

double score_shot(const Drill& d, const ShotResult& r) {
    auto potted = [&](const std::vector<int>& list) {
        return std::find(list.begin(), list.end(), d.ball) != list.end();
    };
    switch (d.goal) {
    case Goal::Pot:
        if (r.cue_pocketed || !potted(d.bank ? r.banked : r.pocketed)) return 0.0;
        return 10.0;
    case Goal::PotPosition:
        if (r.cue_pocketed || !potted(r.pocketed)) return 0.0;
        return 5.0 + 5.0 * closeness(length(r.cue_end - d.target), d.zone);
    case Goal::Position:
        if (r.cue_pocketed || r.rails_before_hit < d.rails) return 0.0;
        return 10.0 * closeness(length(r.cue_end - d.target), d.zone);
    case Goal::Kick:
        return !r.cue_pocketed && r.first_hit == d.ball && r.rails_before_hit >= d.rails ? 10.0
                                                                                         : 0.0;
    case Goal::Carom:
        return r.carom_point ? 10.0 : 0.0;
    case Goal::LineUp:
        break; // shot by shot: score_line_up_shot
    }
    return 0.0;
}

int line_up_target(const physics::World& w) {
    int best = -1;
    for (const int id : balls_on_table(w))
        if (best < 0 || id < best) best = id;
    return best;
}

LineUpShot score_line_up_shot(const Drill& d, int target, const ShotResult& r) {
    LineUpShot s;
    const bool target_down =
        std::find(r.pocketed.begin(), r.pocketed.end(), target) != r.pocketed.end();
    if (r.cue_pocketed || r.first_hit != target || !target_down) return s;
    // Snooker's colours go down one at a time; at pool any ball off the target counts.
    if (d.snooker && r.pocketed.size() > 1) return s;
    for (const int id : r.pocketed)
        s.points += value_of(d, id);
    s.goes_on = true;
    return s;
}

ShotResult play_shot(physics::World& w, const CueShot& shot, const CueParams& cue) {
    w.set_record_events(true);
    w.clear_events();
    apply_strike(w, shot, cue);
    w.run_until_rest(kMaxShotSeconds);
    if (!w.at_rest()) stop_balls(w);
    return read_shot(w);
}

namespace {

// How well a shot does, without noise: a drill's points (a line-up's, or 0 when the run ends).
double trial(const Drill& d, const physics::World& w, const CueShot& s, const CueParams& cue,
             int target) {
    physics::World copy = w;
    const ShotResult r = play_shot(copy, s, cue);
    if (d.goal != Goal::LineUp) return score_shot(d, r);
    const LineUpShot l = score_line_up_shot(d, target, r);
    // A run goes on from a cue ball left on the table: a little for one nearer the middle.
    return l.goes_on ? l.points + 0.01 * closeness(length(r.cue_end), 0.3) : 0.0;
}

// The headings the shot family aims along: a fan, or the ghost ball's to each pocket.
std::vector<double> headings(const Drill& d, const physics::World& w, int target, double* step) {
    std::vector<double> out;
    if (d.fan) {
        *step = 0.5 * kDegree;
        for (double a = d.aim_from; a <= d.aim_to + 1e-9; a += 0.5)
            out.push_back(a * kDegree);
        return out;
    }
    *step = 0.1 * kDegree;
    const int cue = w.index_of(kCueBall), ob = w.index_of(target);
    if (cue < 0 || ob < 0) return out;
    const Vec2 c = w.ball(cue).position, o = w.ball(ob).position;
    const double two_r = w.ball(ob).radius + w.ball(cue).radius;
    for (std::size_t p = 0; p < w.pockets().size(); ++p) {
        if (d.pocket >= 0 && static_cast<int>(p) != d.pocket) continue;
        const Vec2 to_pocket = w.pockets()[p].center - o;
        const Vec2 ghost = o - to_pocket * (two_r / length(to_pocket));
        const Vec2 aim = ghost - c;
        // A cut beyond 75 degrees is no shot to plan.
        const double cos_cut = dot(aim, to_pocket) / (length(aim) * length(to_pocket));
        if (cos_cut < std::cos(75.0 * kDegree)) continue;
        out.push_back(std::atan2(aim.y, aim.x));
    }
    return out;
}

} // namespace

namespace {

// The middle of the longest run of `scores` within half a point of the best: the aim the
// computer's noise spoils least.
int middle_of_best(const std::vector<double>& scores) {
    const double top = *std::max_element(scores.begin(), scores.end());
    int best_from = 0, best_length = 0;
    for (int i = 0, n = static_cast<int>(scores.size()); i < n;) {
        if (scores[static_cast<std::size_t>(i)] < top - 0.5) {
            ++i;
            continue;
        }
        int j = i;
        while (j < n && scores[static_cast<std::size_t>(j)] >= top - 0.5)
            ++j;
        if (j - i > best_length) {
            best_from = i;
            best_length = j - i;
        }
        i = j;
    }
    return best_from + best_length / 2;
}

// Headings from `h` - half * step to `h` + half * step, scored with the shot `s` otherwise.
double best_heading_near(const Drill& d, const physics::World& w, CueShot s, const CueParams& cue,
                         int target, double step, int half) {
    const double h = s.heading;
    std::vector<double> scores;
    for (int i = -half; i <= half; ++i) {
        s.heading = h + i * step;
        scores.push_back(trial(d, w, s, cue, target));
    }
    return h + (middle_of_best(scores) - half) * step;
}

} // namespace

CueShot plan_shot(const Drill& d, const physics::World& w, const CueParams& cue) {
    const int target = d.goal == Goal::LineUp ? line_up_target(w) : d.ball;
    double step = 0.0;
    std::vector<double> aims = headings(d, w, target, &step);
    if (!d.fan) {
        // The ghost ball's aim, corrected for throw and the cue's squirt: the middle of the
        // window of headings that pot, 2 degrees either way, at the family's middle shot.
        const CueShot middle{0.0, d.speeds[d.speeds.size() / 2], d.sides[d.sides.size() / 2],
                             d.heights[d.heights.size() / 2], 0.0};
        for (double& h : aims) {
            CueShot s = middle;
            s.heading = h;
            h = best_heading_near(d, w, s, cue, target, step, 20);
        }
    }
    CueShot best{};
    best.speed = d.speeds.empty() ? 1.0 : d.speeds.front();
    if (!aims.empty()) best.heading = aims.front();
    double best_score = -1.0;
    for (const double h : aims)
        for (const double v : d.speeds)
            for (const double b : d.heights)
                for (const double a : d.sides) {
                    const CueShot s{h, v, a, b, 0.0};
                    const double sc = trial(d, w, s, cue, target);
                    if (sc > best_score) {
                        best_score = sc;
                        best = s;
                    }
                }
    best.heading = best_heading_near(d, w, best, cue, target, 0.05 * kDegree, 20);
    return best;
}

double max_attempt_score(const Drill& d) {
    if (d.goal != Goal::LineUp) return 10.0;
    double sum = 0.0;
    for (const BallSpot& b : d.balls)
        if (b.id != kCueBall) sum += value_of(d, b.id);
    return sum;
}

Run run(const Drill& d, const Table& table, AiLevel level, std::uint64_t seed) {
    Run out;
    const CueParams cue = cue_for();
    const AiConfig config = ai_config(level);
    for (int a = 0; a < d.attempts; ++a) {
        Attempt attempt;
        physics::World w = set_up(d, table);
        const int shots = d.goal == Goal::LineUp ? std::max(1, d.max_shots) : 1;
        for (int s = 0; s < shots; ++s) {
            const int target = d.goal == Goal::LineUp ? line_up_target(w) : d.ball;
            if (d.goal == Goal::LineUp && target < 0) break; // cleared
            const CueShot planned = plan_shot(d, w, cue);
            const std::uint64_t noise_seed =
                mix(mix(seed, static_cast<std::uint64_t>(a)), static_cast<std::uint64_t>(s));
            const CueShot played = perturb_shot(planned, config, cue, noise_seed);
            const ShotResult r = play_shot(w, played, cue);
            ++attempt.shots;
            attempt.results.push_back(r);
            if (d.goal != Goal::LineUp) {
                attempt.score = score_shot(d, r);
                break;
            }
            const LineUpShot l = score_line_up_shot(d, target, r);
            attempt.score += l.points;
            if (!l.goes_on) break;
        }
        out.total += attempt.score;
        out.attempts.push_back(std::move(attempt));
    }
    out.best_possible = max_attempt_score(d) * d.attempts;
    return out;
}

} // namespace billiards::game::drills
