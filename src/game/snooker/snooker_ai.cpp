#include "game/snooker/snooker_ai.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <span>

#include "core/parallel.hpp"
#include "core/random.hpp"
#include "game/aim_window.hpp"
#include "game/cue_placement.hpp"
#include "game/shot_events.hpp"
#include "game/snooker/snooker_ai_pots.hpp"
#include "game/strike.hpp"
#include "game/watch_events.hpp"

namespace billiards::game::snooker {

std::vector<Placed> placed(const physics::World& world) {
    std::vector<Placed> out;
    for (const physics::Ball& b : world.balls())
        if (b.state != physics::MotionState::Pocketed) out.push_back({b.id, b.position});
    return out;
}

namespace {

using ai::best_chance;
using ai::position_of;
using ai::PotLine;
using ai::present;

constexpr double kPotValue = 1.0; // a pot's worth against the position and safety terms

// What snooker adds to a level. Caution: a pot below `sure` is taken on only when its
// chance is at least `floor` and its value, less `risk` times its chance of missing, beats
// the safety. `finer`: extra speeds and tips (heights, then side) per pot line, for position.
// `deep`: a position valued two pots deep (ai::position_value), not by the next pot alone;
// `mouth`: pots sent at the pocket's mouth (ai::mouth_point), not its centre; `points`: a
// stroke's worth per point it scores; `per_line` and `more`: the strokes of one line, and the
// strokes beyond the AiConfig's count, played with noise; `trials`: noisy trials of each
// (0: the AiConfig's); `dense`: ten speeds a line instead of the AiConfig's count + finer;
// `position` (with `deep`): a scoring stroke's worth per unit of the position it leaves;
// `tune`: the best strokes after the trials tried again softer and firmer.
struct SnookerLevel {
    double sure, floor, risk;
    int finer;
    bool deep = false;
    bool mouth = false;
    double points = 0.05;
    int per_line = 2, more = 0;
    int trials = 0;
    bool dense = false;
    double position = 2.0;
    std::size_t tune = 0;
    bool strata = false;
    // `centre`: each pot line's direction moved to the middle of the window of headings that
    // pot its stun stroke (noise-free runs, stepping out and bisecting), before its strokes.
    bool centre = false;
};
SnookerLevel snooker_level(AiLevel level) {
    switch (level) {
    case AiLevel::Easy:
        return {0.0, 0.0, 0.0, 0};
    case AiLevel::Medium:
        return {0.6, 0.3, 0.3, 1};
    case AiLevel::Hard:
        return {0.5, 0.35, 0.5, 2};
    case AiLevel::Pro:
        return {0.5, 0.35, 0.5, 3, true, true, 0.08, 4, 16, 24, true, 2.0, 6, true, true};
    }
    return {0.6, 0.3, 0.3, 1};
}

// The balls a player may pot: the balls on, and with a free ball any ball.
std::vector<int> pot_targets(const FrameState& f, const std::vector<int>& on_table) {
    if (f.free_ball || f.free_ball_offered) return on_table;
    return balls_on(f, on_table);
}

std::vector<int> ids(const std::vector<Placed>& balls) {
    std::vector<int> v;
    for (const Placed& b : balls)
        if (b.id != kCue) v.push_back(b.id);
    std::sort(v.begin(), v.end());
    return v;
}

struct Outcome {
    ShotVerdict verdict;
    std::vector<Placed> after; // with the re-spots
};

class Planner {
  public:
    explicit Planner(const AiRequest& rq)
        : rq_(rq), me_(rq.frame.shooter), on_(balls_on_table(rq.world)), spec_(rq.table.spec),
          hx_(spec_.length / 2), sigma_(std::max(rq.config.heading_noise, 1e-4)),
          care_(snooker_level(rq.config.level)) {}

    int simulations = 0;

    Outcome run(const physics::World& start, const CueShot& shot, int nominated) {
        ++simulations;
        physics::World w = start;
        ShotInput in;
        in.on_table = on_;
        in.before = placed(start);
        in.nominated = nominated;
        w.clear_events();
        w.set_record_events(true);
        apply_strike(w, shot, rq_.cue);
        w.run_until_rest(rq_.max_shot_seconds);
        if (!w.at_rest()) stop_balls(w);
        in.events = shot_events(w, w.events());
        in.after = placed(w);
        Outcome o;
        o.verdict = judge(rq_.frame, spec_, in);
        o.after = in.after;
        for (const Respot& r : o.verdict.respot) {
            bool found = false;
            for (Placed& b : o.after)
                if (b.id == r.id) {
                    b.position = r.position;
                    found = true;
                }
            if (!found) o.after.push_back({r.id, r.position});
        }
        return o;
    }

    // A noise-free run of `shot` pots `target` in pocket p (stops once the target drops).
    bool pots_line(const physics::World& start, const CueShot& shot, int target, int p) {
        ++simulations;
        physics::World w = start;
        const int ti = w.index_of(target);
        if (ti < 0) return false;
        w.clear_events();
        w.set_record_events(true);
        apply_strike(w, shot, rq_.cue);
        return watch_events(
            w, w.time() + rq_.max_shot_seconds,
            [&](const physics::Event& e) -> std::optional<bool> {
                if (e.kind != physics::EventKind::Pocketed || e.ball != ti) return std::nullopt;
                return e.other == p;
            },
            [](std::uint64_t, std::uint64_t) {});
    }

    // The middle of the window of headings about shot.heading that pot `target` in pocket
    // p; shot.heading itself when none within 1 mrad does.
    double centred(const physics::World& start, const CueShot& shot, int target, int p) {
        const std::optional<double> middle = window_middle([&](double x) {
            CueShot s = shot;
            s.heading += x;
            return pots_line(start, s, target, p);
        });
        return shot.heading + middle.value_or(0.0);
    }

    // SnookerLevel::centre: the line's stun stroke (aimed for its throw) moved to the middle
    // of its window of headings that pot, and the line's aim point moved onto the direction
    // that stroke sends the object ball, so that every stroke of the line is aimed, and its
    // leave judged, for the middle of the window.
    void centre_line(const physics::World& world, PotLine& l) {
        const Vec2 o = position_of(placed(world), l.target);
        const Vec2 to = l.aim - o;
        const double want = std::atan2(to.y, to.x);
        CueShot stun =
            make(l.heading, 1.7 * ball_speed(l.d1 + l.d2 / std::max(l.cut * l.cut, 0.2)), 0.0);
        if (rq_.config.refine_aim) stun.heading = refine(world, stun, l.target, want);
        stun.heading = centred(world, stun, l.target, l.pocket);
        if (const auto a = object_angle(world, stun, l.target))
            l.aim = o + Vec2{std::cos(*a), std::sin(*a)} * length(to);
    }

    // The stroke scored and the striker stays at the table.
    bool scored(const Outcome& o) const {
        return o.verdict.foul == Foul::None && o.verdict.points > 0 &&
               o.verdict.after.shooter == me_;
    }

    double chance(const std::vector<Placed>& balls, const std::vector<int>& targets) const {
        return best_chance(rq_.table, balls, targets, sigma_, care_.mouth);
    }

    // How good the stroke's result is for the striker (higher is better).
    double value(const Outcome& o) const {
        const ShotVerdict& v = o.verdict;
        const FrameState& a = v.after;
        if (a.frame_over) return a.winner == me_ ? 10.0 : -10.0;
        if (v.foul != Foul::None) return -1.0 - v.penalty / 7.0;
        const std::vector<int> left = ids(o.after);
        if (scored(o)) {
            if (care_.deep) {
                // Position two pots deep: the next pot and the one after it.
                const double pos = ai::position_value(rq_.table, o.after, pot_targets(a, left),
                                                      sigma_, care_.mouth)
                                       .value;
                return kPotValue + care_.points * v.points +
                       care_.position * rq_.config.position_weight * pos;
            }
            // Position: the chance of the next pot from where the cue ball stops.
            const double next = chance(o.after, pot_targets(a, left));
            return kPotValue + 0.05 * v.points + 1.5 * rq_.config.position_weight * next * next;
        }
        return leave(o.after, a, left);
    }

    // The opponent to play from `balls`: little to pot, snookered, the cue ball far away
    // from the balls on and near the baulk cushion are all good for us.
    double leave(const std::vector<Placed>& balls, const FrameState& them,
                 const std::vector<int>& left) const {
        const std::vector<int> targets = pot_targets(them, left);
        double s = 0.3 - chance(balls, targets);
        if (!present(balls, kCue)) return s;
        if (snookered(balls, spec_.ball_radius, targets)) s += 0.3;
        const Vec2 c = position_of(balls, kCue);
        double nearest = spec_.length;
        for (int t : targets)
            nearest = std::min(nearest, length(position_of(balls, t) - c));
        s += 0.15 * nearest / spec_.length;
        s += 0.1 * (hx_ - c.x) / spec_.length; // towards the baulk cushion
        return s;
    }

    // The direction the target leaves in when the cue ball is struck along `shot` (throw
    // included): the stroke is stepped only until just after the first contact.
    std::optional<double> object_angle(const physics::World& start, const CueShot& shot,
                                       int target) {
        physics::World w = start;
        const int ti = w.index_of(target), ci = w.index_of(kCue);
        if (ti < 0 || ci < 0) return std::nullopt;
        w.set_record_events(true);
        apply_strike(w, shot, rq_.cue);
        for (int k = 0; k < 240 * 10 && !w.at_rest(); ++k) {
            w.clear_events();
            w.step();
            for (const physics::Event& e : w.events()) {
                if (e.kind != physics::EventKind::BallBall) continue;
                if (!((e.ball == ci && e.other == ti) || (e.ball == ti && e.other == ci)))
                    return std::nullopt; // another ball first
                w.step();                // out of any compliant contact
                const Vec2 v = w.ball(ti).velocity;
                if (length_sq(v) < 1e-12) return std::nullopt;
                return std::atan2(v.y, v.x);
            }
        }
        return std::nullopt;
    }

    // The ghost-ball heading corrected for throw: two probes and a secant step.
    double refine(const physics::World& start, CueShot shot, int target, double want) {
        constexpr double kProbe = 0.002;
        const auto a0 = object_angle(start, shot, target);
        CueShot s1 = shot;
        s1.heading += kProbe;
        const auto a1 = object_angle(start, s1, target);
        if (!a0 || !a1) return shot.heading;
        auto wrap = [](double a) { return std::remainder(a, 2.0 * kPi); };
        const double slope = wrap(*a1 - *a0) / kProbe;
        if (std::abs(slope) < 1e-3) return shot.heading;
        const double step = std::clamp(wrap(want - *a0) / slope, -0.02, 0.02);
        return shot.heading + step;
    }

    double ball_speed(double distance) const {
        // Rolling the distance on the cloth, with a margin for the loss at the impact.
        const double a = physics::Params{}.rolling_friction * 9.81;
        return std::sqrt(2.0 * a * distance) + 0.3;
    }

    CueShot make(double heading, double ball_speed_ms, double height, double side = 0.0) const {
        CueShot s;
        s.heading = heading;
        s.speed = std::clamp(cue_speed_for(ball_speed_ms, spec_.ball_mass, rq_.cue), 0.2, 6.0);
        s.height = height;
        s.side = side;
        return s;
    }

    const AiRequest& rq_;
    int me_;
    std::vector<int> on_;
    const TableSpec& spec_;
    double hx_;
    double sigma_; // the level's heading noise, for the chance of a pot
    SnookerLevel care_;
};

// f(planner, i) for each i below n: with a batching level on copies of the planner across
// the cores (each result depends on i alone, so the move is the same whatever the thread
// count), else one after another on `p`.
template <class F> void for_each_index(Planner& p, std::size_t n, F f) {
    const AiConfig& cfg = p.rq_.config;
    if (cfg.batch <= 0 || n <= 1) {
        for (std::size_t i = 0; i < n; ++i)
            f(p, i);
        return;
    }
    std::vector<Planner> copies(n, p);
    for (Planner& c : copies)
        c.simulations = 0;
    billiards::for_each_index(n, cfg.threads, [&](std::size_t k) { f(copies[k], k); });
    for (const Planner& c : copies)
        p.simulations += c.simulations;
}

struct Choice {
    CueShot shot{};
    int nominated = -1;
    int pot_target = -1;
    double score = -1e9;
    double chance = 0.0; // of the pot, from the noisy trials
    std::string plan;
    bool safety = false;
};

// As the player says it: reds are all alike on the table.
std::string ball_label(int id) {
    return is_red(id) ? "a red" : "the " + std::string(ball_name(id));
}

struct Variant {
    CueShot shot;
    const PotLine* line;
    double score;
};

// One line's strokes without noise: a few speeds and tips (follow, draw; side with the
// finer grid), each aimed for its throw (per speed at the stun shot's, per stroke with the
// finer grid).
void line_variants(Planner& p, const physics::World& world, const PotLine& l, bool nominate,
                   std::vector<Variant>& out) {
    const AiConfig& cfg = p.rq_.config;
    const double speed_mult[] = {1.3, 2.2, 3.2, 1.0, 1.7, 2.7, 1.15};
    const Vec2 tips[] = {{0.0, 0.0},  {0.0, 0.4},   {0.0, -0.4}, {0.0, 0.2},  {0.0, -0.2},
                         {0.25, 0.0}, {-0.25, 0.0}, {0.2, -0.3}, {-0.2, -0.3}}; // (side, height)
    const int finer = snooker_level(cfg.level).finer;
    const double base = p.ball_speed(l.d1 + l.d2 / std::max(l.cut * l.cut, 0.2));
    const Vec2 to = l.aim - position_of(placed(world), l.target);
    const double want = std::atan2(to.y, to.x);
    const auto aim = [&](const CueShot& s) {
        return cfg.refine_aim ? p.refine(world, s, l.target, want) : s.heading;
    };
    const double dense_mult[] = {1.0, 1.15, 1.3, 1.5, 1.7, 2.0, 2.3, 2.7, 3.2, 3.8};
    const bool dense = snooker_level(cfg.level).dense;
    const int n_speeds = dense ? 10 : std::clamp(cfg.speeds, 1, 4) + finer;
    for (int s = 0; s < n_speeds; ++s) {
        const double speed = base * (dense ? dense_mult[s] : speed_mult[s]);
        const double stun = aim(p.make(l.heading, speed, 0.0));
        for (int k = 0; k < std::clamp(cfg.spins, 1, 3) + 2 * finer; ++k) {
            const Vec2 tip = tips[k];
            CueShot shot = p.make(stun, speed, tip.y, tip.x);
            if (finer > 0 && k > 0) shot.heading = aim(p.make(l.heading, speed, tip.y, tip.x));
            const Outcome o = p.run(world, shot, nominate ? l.target : -1);
            out.push_back({shot, &l, p.value(o)});
        }
    }
}

// A stroke played `trials` times with the level's noise: its mean value and how often it
// scored.
struct Sample {
    double mean = 0.0, scored = 0.0;
};
// `chance` > 0 (the pot's chance by the geometry): the trials split by their heading error,
// within ai::heading_bound or beyond it, and each part's mean weighed by the part's exact
// probability (ai::Split), which cancels most of the luck of how many trials drew a
// small error.
Sample sample(Planner& p, const physics::World& world, const CueShot& shot, int nominated,
              int trials, std::uint64_t seed, double chance = 0.0) {
    Sample s;
    const double bound = chance > 0.0 ? ai::heading_bound(chance) : 0.0;
    ai::Split value, scored;
    for (int t = 0; t < trials; ++t) {
        const std::uint64_t draw = mix(seed, t);
        const CueShot noisy = perturb_shot(shot, p.rq_.config, p.rq_.cue, draw);
        const Outcome o = p.run(world, noisy, nominated);
        const bool within = std::abs(heading_draw(draw)) < bound;
        value.add(within, p.value(o));
        scored.add(within, p.scored(o) ? 1.0 : 0.0);
    }
    s.mean = chance > 0.0 ? value.mean(chance) : value.mean();
    s.scored = chance > 0.0 ? scored.mean(chance) : scored.mean();
    return s;
}

Choice try_variant(Planner& p, const physics::World& world, const Variant& v, bool nominate,
                   int trials, std::uint64_t seed) {
    Choice c;
    c.shot = v.shot;
    c.nominated = nominate ? v.line->target : -1;
    c.pot_target = v.line->target;
    const Sample s = sample(p, world, v.shot, c.nominated, trials, seed,
                            snooker_level(p.rq_.config.level).strata ? v.line->chance : 0.0);
    c.score = s.mean;
    c.chance = s.scored;
    c.plan = "pots " + ball_label(v.line->target) + " in the " + pocket_name(v.line->pocket);
    return c;
}

// The best few variants (at most two a line; more at pro) played with noise; the chosen one
// gets a larger sample, since the best of a few small samples is flattered.
Choice best_in_trials(Planner& p, const physics::World& world, const std::vector<Variant>& variants,
                      bool nominate, std::uint64_t seed) {
    const AiConfig& cfg = p.rq_.config;
    const SnookerLevel care = snooker_level(cfg.level);
    const auto keep = static_cast<std::size_t>(std::max(cfg.pot_candidates / 4, 3) + care.more);
    const int trials = care.trials > 0 ? care.trials : std::clamp(cfg.trials, 1, 16);
    const int final_trials = std::clamp(cfg.final_trials, 0, 32);
    std::vector<std::size_t> picked;
    std::vector<const PotLine*> tried;
    for (std::size_t i = 0; i < variants.size() && tried.size() < keep; ++i) {
        const Variant& v = variants[i];
        if (v.score < kPotValue) continue; // no pot even without noise
        if (std::count(tried.begin(), tried.end(), v.line) >= care.per_line) continue;
        tried.push_back(v.line);
        picked.push_back(i);
    }
    std::vector<Choice> tries(picked.size());
    for_each_index(p, picked.size(), [&](Planner& q, std::size_t k) {
        tries[k] = try_variant(q, world, variants[picked[k]], nominate, trials,
                               mix(seed, 100 + picked[k]));
    });
    Choice best;
    const Variant* chosen = nullptr;
    for (std::size_t k = 0; k < picked.size(); ++k) {
        if (tries[k].score > best.score) {
            best = tries[k];
            chosen = &variants[picked[k]];
        }
    }
    // The leaders' pace tuned under the noise: the grid's speeds lie 15 % apart, which moves
    // the cue ball's stop by a third, so each of the best few is tried again a little softer
    // and a little firmer (aimed again for the throw), with as many trials.
    std::vector<Variant> tuned;
    if (care.tune > 0 && !tries.empty()) {
        std::vector<std::size_t> order(tries.size());
        for (std::size_t k = 0; k < order.size(); ++k)
            order[k] = k;
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return tries[a].score > tries[b].score;
        });
        for (std::size_t k = 0; k < std::min<std::size_t>(order.size(), care.tune); ++k) {
            for (double f : {0.93, 1.07}) {
                Variant v = variants[picked[order[k]]];
                v.shot.speed = std::clamp(v.shot.speed * f, 0.2, 6.0);
                tuned.push_back(v);
            }
        }
        const std::vector<Placed> balls = placed(world);
        std::vector<double> want(tuned.size());
        for (std::size_t k = 0; k < tuned.size(); ++k) {
            const Vec2 to = tuned[k].line->aim - position_of(balls, tuned[k].line->target);
            want[k] = std::atan2(to.y, to.x);
        }
        std::vector<Choice> more(tuned.size());
        for_each_index(p, tuned.size(), [&](Planner& q, std::size_t k) {
            if (cfg.refine_aim)
                tuned[k].shot.heading =
                    q.refine(world, tuned[k].shot, tuned[k].line->target, want[k]);
            more[k] = try_variant(q, world, tuned[k], nominate, trials, mix(seed, 5000 + k));
        });
        for (std::size_t k = 0; k < tuned.size(); ++k) {
            if (more[k].score > best.score) {
                best = more[k];
                chosen = &tuned[k];
            }
        }
    }
    if (chosen && final_trials > 0) {
        const Choice c = try_variant(p, world, *chosen, nominate, final_trials, mix(seed, 99));
        const double w = static_cast<double>(trials) / (trials + final_trials);
        best.score = w * best.score + (1.0 - w) * c.score;
        best.chance = w * best.chance + (1.0 - w) * c.chance;
    }
    return best;
}

// Pots: the likeliest lines, several strokes each for position, then noisy trials of the
// best few so that a pot is valued at its real chance.
Choice plan_pot(Planner& p, const physics::World& world, const std::vector<Placed>& balls,
                std::uint64_t seed) {
    const AiRequest& rq = p.rq_;
    const AiConfig& cfg = rq.config;
    const bool nominate = rq.frame.on_colour || rq.frame.free_ball;
    auto lines =
        ai::pot_lines(rq.table, balls, pot_targets(rq.frame, p.on_), p.sigma_, p.care_.mouth);
    const std::size_t n_lines = std::min<std::size_t>(
        lines.size(), static_cast<std::size_t>(std::max(cfg.pot_candidates / 2, 2)));
    (void)world.balls(); // brings its public copies up to date: other threads only read it
    if (p.care_.centre)
        for_each_index(p, n_lines,
                       [&](Planner& q, std::size_t i) { q.centre_line(world, lines[i]); });
    std::vector<std::vector<Variant>> per_line(n_lines);
    for_each_index(p, n_lines, [&](Planner& q, std::size_t i) {
        line_variants(q, world, lines[i], nominate, per_line[i]);
    });
    std::vector<Variant> variants;
    for (const std::vector<Variant>& vs : per_line)
        variants.insert(variants.end(), vs.begin(), vs.end());
    // Likely pots with good position first: the line's chance weighs the stroke's value.
    const auto expect = [](const Variant& v) {
        return v.line->chance * v.score - (1.0 - v.line->chance) * 0.3;
    };
    std::stable_sort(variants.begin(), variants.end(),
                     [&](const Variant& a, const Variant& b) { return expect(a) > expect(b); });
    return best_in_trials(p, world, variants, nominate, seed);
}

// Safeties: thin, half and full contacts on the nearest balls on, soft and firmer; the best
// few then played with noise, so that a safety that pots a ball by luck is not believed.
void plan_safety(Planner& p, const physics::World& world, const std::vector<Placed>& balls,
                 std::uint64_t seed, Choice& best) {
    const AiRequest& rq = p.rq_;
    const bool nominate = rq.frame.on_colour || rq.frame.free_ball;
    const Vec2 c = position_of(balls, kCue);
    std::vector<std::pair<double, int>> near;
    for (int t : balls_on(rq.frame, p.on_))
        if (present(balls, t)) near.emplace_back(length(position_of(balls, t) - c), t);
    std::sort(near.begin(), near.end());
    const auto n_near = static_cast<std::size_t>(std::max(3, rq.config.pot_candidates / 5));
    if (near.size() > n_near) near.resize(n_near);
    const double all_speeds[] = {0.9, 1.8, 1.3, 2.6};
    const auto n_speeds = static_cast<std::size_t>(std::clamp(rq.config.speeds, 2, 4));
    const double r = rq.table.spec.ball_radius;
    std::vector<Choice> found;
    for (const auto& [dist, t] : near) {
        const Vec2 tp = position_of(balls, t);
        const double base = std::atan2(tp.y - c.y, tp.x - c.x);
        for (double frac : {0.75, 0.45, 0.0}) {
            for (double side : {-1.0, 1.0}) {
                if (frac == 0.0 && side > 0.0) continue;
                const double h = base + side * std::asin(std::min(frac * 2.0 * r / dist, 1.0));
                for (double speed : std::span(all_speeds, n_speeds)) {
                    const CueShot shot = p.make(h, p.ball_speed(dist) * speed, -0.2);
                    const double v = p.value(p.run(world, shot, nominate ? t : -1));
                    found.push_back({shot, nominate ? t : -1, -1, v, 0.0,
                                     "plays safe off " + ball_label(t), true});
                }
            }
        }
    }
    std::stable_sort(found.begin(), found.end(),
                     [](const Choice& a, const Choice& b) { return a.score > b.score; });
    const int trials = std::clamp(rq.config.trials / 2, 2, 8);
    for (std::size_t i = 0; i < std::min<std::size_t>(found.size(), 3); ++i) {
        Choice s = found[i];
        s.score = sample(p, world, s.shot, s.nominated, trials, mix(seed, 200 + i)).mean;
        if (s.score > best.score) best = s;
    }
}

// Nothing legal (snookered): the whole compass, off the cushions.
void plan_escape(Planner& p, const physics::World& world, Choice& best) {
    for (int k = 0; k < 32; ++k) {
        const double h = 2.0 * kPi * k / 32.0;
        for (double speed : {1.2, 2.4}) {
            const CueShot shot = p.make(h, speed, 0.0);
            const Outcome o = p.run(world, shot, -1); // the first ball hit is nominated
            const double v = p.value(o);
            if (v > best.score)
                best = {shot, o.verdict.nominated, -1, v, 0.0, "escape from the snooker"};
        }
    }
}

// The best stroke from the world as it stands (cue ball placed): a likely pot; else the
// better of a fair pot (valued with its risk) and a safety; else an escape; a long pot
// rather than a foul.
Choice plan_stroke(Planner& p, const physics::World& world, std::uint64_t seed) {
    const AiConfig& cfg = p.rq_.config;
    const SnookerLevel care = snooker_level(cfg.level);
    const std::vector<Placed> balls = placed(world);
    const Choice pot = plan_pot(p, world, balls, seed);
    const bool have_pot = pot.pot_target >= 0;
    if (have_pot && (pot.chance >= care.sure || !cfg.safeties)) return pot;
    Choice best;
    if (have_pot && pot.chance >= care.floor) {
        best = pot;
        best.score -= care.risk * (1.0 - pot.chance);
    }
    plan_safety(p, world, balls, seed, best);
    if (best.score < -0.9) plan_escape(p, world, best);
    if (best.pot_target >= 0 || (have_pot && best.score < -0.9)) return pot;
    return best;
}

} // namespace

AiMove decide(const AiRequest& rq) {
    AiMove mv;
    const FrameState& f = rq.frame;
    const std::vector<int> on = balls_on_table(rq.world);
    const int me = f.shooter;
    Planner p(rq);

    if (f.reply_pending) {
        // Play on with a pot to play; otherwise hand the table back (after a miss, as it was).
        const double ease = p.chance(placed(rq.world), pot_targets(f, on));
        mv.kind = AiMove::Kind::Reply;
        if (ease >= 0.5)
            mv.reply = Reply::PlayOn;
        else if (f.miss)
            mv.reply = Reply::ReplaceAndReplay;
        else if (ease > 0.0 || f.free_ball_offered)
            mv.reply = Reply::PlayOn;
        else
            mv.reply = Reply::OffenderPlaysAgain;
        mv.plan = to_string(mv.reply);
        return mv;
    }
    const int reds = static_cast<int>(std::count_if(on.begin(), on.end(), is_red));
    if (rq.may_concede &&
        (cannot_win(f, on, me) || (needs_snookers(f, on, me) && reds == 0 && on.size() <= 2))) {
        mv.kind = AiMove::Kind::Concede;
        mv.plan = "concede";
        return mv;
    }

    physics::World world = rq.world;
    if (f.in_hand) {
        // The place in the D with the easiest pot; without one, beside the brown.
        const Markings m = markings(rq.table.spec);
        Vec2 best_p{m.baulk_x - 0.05, 0.5 * m.d_radius};
        double best_e = -1.0;
        const int cue = world.index_of(kCue);
        for (double f_r : {0.35, 0.7, 0.95}) {
            for (double deg : {-80.0, -45.0, -15.0, 15.0, 45.0, 80.0}) {
                const double a = deg_to_rad(deg);
                const Vec2 q{m.baulk_x - f_r * m.d_radius * std::cos(a),
                             f_r * m.d_radius * std::sin(a)};
                if (!in_d(m, q) || !cue_placement_ok(world, rq.table, q, false)) continue;
                physics::World w = world;
                w.restore_ball(cue, q);
                const double e = p.chance(placed(w), pot_targets(f, on));
                if (e > best_e + 1e-9) {
                    best_e = e;
                    best_p = q;
                }
            }
        }
        if (cue_placement_ok(world, rq.table, best_p, false)) {
            world.restore_ball(cue, best_p);
            mv.place_cue = true;
            mv.cue_position = best_p;
        }
    }
    const Choice c = plan_stroke(p, world, rq.seed);
    mv.kind = AiMove::Kind::Shot;
    mv.intended = c.shot;
    mv.shot = perturb_shot(c.shot, rq.config, rq.cue, mix(rq.seed, 1));
    mv.nominated = c.nominated;
    mv.pot_target = c.pot_target;
    mv.safety = c.safety;
    mv.pot_chance = c.chance;
    mv.plan = c.plan;
    mv.score = c.score;
    mv.simulations = p.simulations;
    return mv;
}

} // namespace billiards::game::snooker
