#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/random.hpp"
#include "core/segment.hpp"
#include "game/drills/drill.hpp"
#include "game/levels.hpp"
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

// How easy the pot of `target` is from where the cue ball lies: 0 (no pot: no ball, a cut
// beyond 75 degrees into every pocket, or a ball in the way of the cue ball or the object
// ball) to 1 (a short straight pot). The best pocket's cos^2 of the cut (a middle pocket's
// also times cos^2 of the object ball's angle off square), falling off with the balls' travel
// over half the table's diagonal. A line-up's computer weighs where it leaves
// the cue ball by it (position play).
double pot_ease(const Drill& d, const physics::World& w, int target) {
    const int cue = w.index_of(kCueBall), ob = w.index_of(target);
    if (cue < 0 || ob < 0) return 0.0;
    const Vec2 c = w.ball(cue).position, o = w.ball(ob).position;
    const double two_r = w.ball(ob).radius + w.ball(cue).radius;
    const std::vector<int> on = balls_on_table(w);
    Vec2 far{};
    for (const physics::Pocket& p : w.pockets())
        far = Vec2{std::max(far.x, std::abs(p.center.x)), std::max(far.y, std::abs(p.center.y))};
    const double reach = length(far); // half the diagonal between the corner pockets
    double best = 0.0;
    for (std::size_t p = 0; p < w.pockets().size(); ++p) {
        if (d.pocket >= 0 && static_cast<int>(p) != d.pocket) continue;
        const Vec2 to_pocket = w.pockets()[p].center - o;
        const double d2 = length(to_pocket);
        const Vec2 ghost = o - to_pocket * (two_r / d2);
        const Vec2 aim = ghost - c;
        const double d1 = length(aim);
        if (d1 < 1e-9) continue;
        const double cos_cut = dot(aim, to_pocket) / (d1 * d2);
        if (cos_cut < std::cos(75.0 * kDegree)) continue;
        bool clear = true;
        for (const int id : on) {
            if (id == kCueBall || id == target) continue;
            const Vec2 b = w.ball(w.index_of(id)).position;
            clear = clear && distance_to_segment(b, c, ghost) >= two_r &&
                    distance_to_segment(b, o, o + to_pocket) >= two_r;
        }
        if (!clear) continue;
        // A middle pocket takes a ball well only near square on: cos^2 of the angle off it.
        const Vec2 centre = w.pockets()[p].center;
        const bool middle = std::abs(centre.x) < 0.25 * far.x;
        const double square = middle ? std::abs(to_pocket.y) / d2 : 1.0;
        best = std::max(best, square * square * cos_cut * cos_cut * std::exp(-(d1 + d2) / reach));
    }
    return best;
}

// How well a shot does, without noise: a drill's points; a line-up's, or 0 when the run ends,
// and then the next ball's value times how easy the cue ball leaves it (position).
double trial(const Drill& d, const physics::World& w, const CueShot& s, const CueParams& cue,
             int target) {
    physics::World copy = w;
    const ShotResult r = play_shot(copy, s, cue);
    if (d.goal != Goal::LineUp) return score_shot(d, r);
    const LineUpShot l = score_line_up_shot(d, target, r);
    if (!l.goes_on) return 0.0;
    const int next = line_up_target(copy);
    return l.points + (next < 0 ? 0.0 : value_of(d, next) * pot_ease(d, copy, next));
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

// The middle of the longest run of `scores` within half a point of the best: the aim the
// computer's noise spoils least; *run its length.
int middle_of_best(const std::vector<double>& scores, int* run = nullptr) {
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
    if (run) *run = best_length;
    return best_from + best_length / 2;
}

// Headings from `h` - half * step to `h` + half * step, scored with the shot `s` otherwise.
double best_heading_near(const Drill& d, const physics::World& w, CueShot s, const CueParams& cue,
                         int target, double step, int half) {
    const double h = s.heading;
    std::vector<double> scores;
    for (int i = -half; i <= half; ++i) {
        s.heading = h + i * step;
        const double score = trial(d, w, s, cue, target);
        // A line-up's aim is the middle of the headings that pot, whatever position they leave.
        scores.push_back(d.goal == Goal::LineUp ? (score > 0.0 ? 1.0 : 0.0) : score);
    }
    return h + (middle_of_best(scores) - half) * step;
}

// A shot the computer considers: its noise-free score and, for a fan, how many of the fan's
// headings around it score as well (the wider, the safer).
struct Candidate {
    CueShot shot{};
    double score = 0.0;
    int width = 0;
};

constexpr std::size_t kShortList = 6;             // candidates weighed under noise
constexpr int kSamples = 24;                      // noisy plays of each
constexpr std::uint64_t kPlanSeed = 0x64726c6c73; // the planner's own noise draws

} // namespace

CueShot plan_shot(const Drill& d, const physics::World& w, const CueParams& cue,
                  const AiConfig& config) {
    const int target = d.goal == Goal::LineUp ? line_up_target(w) : d.ball;
    double step = 0.0;
    const std::vector<double> aims = headings(d, w, target, &step);
    // Every shot of the family, scored without noise: along the fan, the middle of the best
    // window of headings of each speed, tip and side; by the ghost ball, each pocket's aim
    // (corrected for throw and squirt: the middle of the window of headings that pot, 2
    // degrees either way, at the family's middle shot) at each speed, tip and side.
    std::vector<Candidate> all;
    std::vector<double> centred = aims;
    if (!d.fan) {
        const CueShot middle{0.0, d.speeds[d.speeds.size() / 2], d.sides[d.sides.size() / 2],
                             d.heights[d.heights.size() / 2], 0.0};
        for (double& h : centred) {
            CueShot s = middle;
            s.heading = h;
            h = best_heading_near(d, w, s, cue, target, step, 20);
        }
    }
    for (const double v : d.speeds)
        for (const double b : d.heights)
            for (const double a : d.sides) {
                if (d.fan) {
                    if (aims.empty()) continue;
                    std::vector<double> scores;
                    for (const double h : aims)
                        scores.push_back(trial(d, w, CueShot{h, v, a, b, 0.0}, cue, target));
                    int run = 0;
                    const int mid = middle_of_best(scores, &run);
                    all.push_back({CueShot{aims[static_cast<std::size_t>(mid)], v, a, b, 0.0},
                                   scores[static_cast<std::size_t>(mid)], run});
                    continue;
                }
                for (const double h : centred) {
                    const CueShot s{h, v, a, b, 0.0};
                    all.push_back({s, trial(d, w, s, cue, target), 0});
                }
            }
    if (all.empty()) {
        CueShot none{};
        none.speed = d.speeds.empty() ? 1.0 : d.speeds.front();
        return none;
    }
    // The best few (by score, then by width; ties: the first tried), each re-centred in its
    // window of headings (a twentieth of a degree apart, one degree either way), then weighed by
    // their mean over noisy plays as the computer's level would play them: a shot that scores only
    // when struck perfectly loses to a safer one.
    std::stable_sort(all.begin(), all.end(), [](const Candidate& x, const Candidate& y) {
        return x.score != y.score ? x.score > y.score : x.width > y.width;
    });
    if (all.front().score <= 0.0) return all.front().shot;
    const int samples = kSamples;
    CueShot best = all.front().shot;
    double best_mean = -1.0;
    for (std::size_t k = 0; k < std::min(kShortList, all.size()) && all[k].score > 0.0; ++k) {
        CueShot s = all[k].shot;
        s.heading = best_heading_near(d, w, s, cue, target, 0.05 * kDegree, 20);
        double sum = 0.0;
        for (int i = 0; i < samples; ++i)
            sum += trial(
                d, w, perturb_shot(s, config, cue, mix(kPlanSeed, static_cast<std::uint64_t>(i))),
                cue, target);
        const double mean = sum / samples;
        if (mean > best_mean) {
            best_mean = mean;
            best = s;
        }
    }
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
            const CueShot planned = plan_shot(d, w, cue, config);
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
