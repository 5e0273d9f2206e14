#include "game/snooker_ai.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "core/random.hpp"
#include "game/match.hpp"

namespace billiards::game::snooker {

std::vector<Placed> placed(const physics::World& world) {
    std::vector<Placed> out;
    for (const physics::Ball& b : world.balls())
        if (b.state != physics::MotionState::Pocketed) out.push_back({b.id, b.position});
    return out;
}

namespace {

constexpr double kPotValue = 1.0; // a pot's worth against the position and safety terms

Vec2 position_of(const std::vector<Placed>& balls, int id) {
    for (const Placed& b : balls)
        if (b.id == id) return b.position;
    return {};
}

bool present(const std::vector<Placed>& balls, int id) {
    return std::any_of(balls.begin(), balls.end(), [&](const Placed& b) { return b.id == id; });
}

struct PotLine {
    int target = 0;
    int pocket = 0;
    double heading = 0.0;
    double cut = 0.0; // cosine of the cut angle
    double d1 = 0.0, d2 = 0.0;
    double ease = 0.0;
};

// Straight pots by the ghost ball: both paths clear, a cut under 75 degrees and an entry
// the pocket takes (a side pocket only from a steep angle). Easiest first.
std::vector<PotLine> pot_lines(const Table& table, const std::vector<Placed>& balls,
                               const std::vector<int>& targets) {
    std::vector<PotLine> out;
    if (!present(balls, kCue)) return out;
    const double r = table.spec.ball_radius;
    const Vec2 c = position_of(balls, kCue);
    for (int t : targets) {
        if (!present(balls, t)) continue;
        const Vec2 tp = position_of(balls, t);
        for (std::size_t k = 0; k < table.pockets.size(); ++k) {
            const Vec2 aim = table.pockets[k].center;
            const double d2 = length(aim - tp);
            if (d2 < 1e-9) continue;
            const Vec2 dir = (aim - tp) / d2;
            // The way into the pocket: the corner's diagonal, or straight across the rail.
            const double sy = aim.y > 0 ? 1.0 : -1.0, sx = aim.x > 0 ? 1.0 : -1.0;
            const Vec2 axis = k < 4 ? normalized(Vec2{sx, sy}) : Vec2{0.0, sy};
            if (dot(dir, axis) < (k < 4 ? 0.5 : 0.6)) continue;
            const Vec2 ghost = tp - dir * (2.0 * r);
            const Vec2 v = ghost - c;
            const double d1 = length(v);
            if (d1 < 1e-6) continue;
            const double cosc = dot(v / d1, dir);
            if (cosc < std::cos(deg_to_rad(75.0))) continue;
            if (!clear_path(balls, r, c, ghost, kCue, t)) continue;
            if (!clear_path(balls, r, tp, aim, t, kCue)) continue;
            PotLine p;
            p.target = t;
            p.pocket = static_cast<int>(k);
            p.heading = std::atan2(v.y, v.x);
            p.cut = cosc;
            p.d1 = d1;
            p.d2 = d2;
            p.ease = cosc * cosc / (1.0 + 0.6 * d1 + 0.6 * d2);
            out.push_back(p);
        }
    }
    std::sort(out.begin(), out.end(),
              [](const PotLine& a, const PotLine& b) { return a.ease > b.ease; });
    return out;
}

double best_ease(const Table& table, const std::vector<Placed>& balls,
                 const std::vector<int>& targets) {
    const auto lines = pot_lines(table, balls, targets);
    return lines.empty() ? 0.0 : std::min(1.0, lines.front().ease / 0.5);
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
          hx_(spec_.length / 2) {}

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

    // How good the stroke's result is for the striker (higher is better).
    double value(const Outcome& o) const {
        const ShotVerdict& v = o.verdict;
        const FrameState& a = v.after;
        if (a.frame_over) return a.winner == me_ ? 10.0 : -10.0;
        if (v.foul != Foul::None) return -1.0 - v.penalty / 7.0;
        const std::vector<int> left = ids(o.after);
        if (v.points > 0 && a.shooter == me_) {
            const double next = best_ease(rq_.table, o.after, pot_targets(a, left));
            return kPotValue + 0.05 * v.points + rq_.config.position_weight * next;
        }
        return leave(o.after, a, left);
    }

    // The opponent to play from `balls`: little to pot, snookered, the cue ball far away
    // from the balls on and near the baulk cushion are all good for us.
    double leave(const std::vector<Placed>& balls, const FrameState& them,
                 const std::vector<int>& left) const {
        const std::vector<int> targets = pot_targets(them, left);
        const double ease = best_ease(rq_.table, balls, targets);
        double s = 0.3 - 0.9 * ease;
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
};

struct Choice {
    CueShot shot{};
    int nominated = -1;
    int pot_target = -1;
    double score = -1e9;
    std::string plan;
};

std::string pocket_label(int k) {
    return pocket_name(k);
}

std::string ball_label(int id) {
    return is_red(id) ? "red " + std::to_string(id) : std::string(ball_name(id));
}

// The best stroke from the world as it stands (cue ball placed).
Choice plan_stroke(Planner& p, const physics::World& world, std::uint64_t seed) {
    const AiRequest& rq = p.rq_;
    const AiConfig& cfg = rq.config;
    const std::vector<Placed> balls = placed(world);
    const std::vector<int> targets = pot_targets(rq.frame, p.on_);
    const bool nominate = rq.frame.on_colour || rq.frame.free_ball;
    Choice best;

    // Pots: the easiest lines, a few speeds and tip heights each, then noisy trials of the
    // best few so that a hard pot is valued at its real chance.
    struct Variant {
        CueShot shot;
        int target;
        int pocket;
        double score;
    };
    std::vector<Variant> variants;
    const auto lines = pot_lines(rq.table, balls, targets);
    const std::size_t n_lines = std::min<std::size_t>(
        lines.size(), static_cast<std::size_t>(std::max(cfg.pot_candidates / 2, 2)));
    const double speed_mult[] = {1.3, 2.2, 3.2, 1.0};
    const double heights[] = {0.0, 0.35, -0.35};
    for (std::size_t i = 0; i < n_lines; ++i) {
        const PotLine& l = lines[i];
        const double base = p.ball_speed(l.d1 + l.d2 / std::max(l.cut * l.cut, 0.2));
        const Vec2 tp = position_of(balls, l.target);
        const Vec2 to = rq.table.pockets[static_cast<std::size_t>(l.pocket)].center - tp;
        const double want = std::atan2(to.y, to.x);
        for (int s = 0; s < std::clamp(cfg.speeds, 1, 4); ++s) {
            // Throw depends on the speed: aim once per speed (at the stun shot's throw).
            const double heading =
                cfg.refine_aim
                    ? p.refine(world, p.make(l.heading, base * speed_mult[s], 0.0), l.target, want)
                    : l.heading;
            for (int h = 0; h < std::clamp(cfg.spins, 1, 3); ++h) {
                const CueShot shot = p.make(heading, base * speed_mult[s], heights[h]);
                const Outcome o = p.run(world, shot, nominate ? l.target : -1);
                variants.push_back({shot, l.target, l.pocket, p.value(o)});
            }
        }
    }
    std::sort(variants.begin(), variants.end(),
              [](const Variant& a, const Variant& b) { return a.score > b.score; });
    const int trials = std::clamp(cfg.trials, 1, 8);
    for (std::size_t i = 0; i < std::min<std::size_t>(variants.size(), 3); ++i) {
        const Variant& v = variants[i];
        if (v.score < kPotValue) break; // no pot even without noise
        double sum = v.score;
        for (int t = 0; t < trials; ++t) {
            const CueShot noisy = perturb_shot(v.shot, cfg, rq.cue, mix(seed, 100 + i * 16 + t));
            sum += p.value(p.run(world, noisy, nominate ? v.target : -1));
        }
        const double mean = sum / (trials + 1);
        if (mean > best.score) {
            best.shot = v.shot;
            best.nominated = nominate ? v.target : -1;
            best.pot_target = v.target;
            best.score = mean;
            best.plan = "pot " + ball_label(v.target) + " in the " + pocket_label(v.pocket);
        }
    }

    // Safeties: thin, half and full contacts on the nearest balls on, soft and firmer.
    if (!cfg.safeties && best.score > -1e8) return best;
    const Vec2 c = [&] {
        for (const Placed& b : balls)
            if (b.id == kCue) return b.position;
        return Vec2{};
    }();
    std::vector<std::pair<double, int>> near;
    for (int t : balls_on(rq.frame, p.on_))
        for (const Placed& b : balls)
            if (b.id == t) near.emplace_back(length(b.position - c), t);
    std::sort(near.begin(), near.end());
    if (near.size() > 3) near.resize(3);
    const double r = rq.table.spec.ball_radius;
    for (const auto& [dist, t] : near) {
        const Vec2 tp = position_of(balls, t);
        const double base = std::atan2(tp.y - c.y, tp.x - c.x);
        for (double frac : {0.75, 0.45, 0.0}) {
            for (double side : {-1.0, 1.0}) {
                if (frac == 0.0 && side > 0.0) continue;
                const double h = base + side * std::asin(std::min(frac * 2.0 * r / dist, 1.0));
                for (double speed : {0.9, 1.8}) {
                    const CueShot shot = p.make(h, p.ball_speed(dist) * speed, -0.2);
                    const double v = p.value(p.run(world, shot, nominate ? t : -1));
                    if (v > best.score) {
                        best.shot = shot;
                        best.nominated = nominate ? t : -1;
                        best.score = v;
                        best.pot_target = -1;
                        best.plan = "safety on " + ball_label(t);
                    }
                }
            }
        }
    }
    // Nothing legal (snookered): try the whole compass, off the cushions.
    if (best.score < -0.9) {
        for (int k = 0; k < 32; ++k) {
            const double h = 2.0 * kPi * k / 32.0;
            for (double speed : {1.2, 2.4}) {
                const CueShot shot = p.make(h, speed, 0.0);
                const Outcome o = p.run(world, shot, -1); // the first ball hit is nominated
                const double v = p.value(o);
                if (v > best.score) {
                    best.shot = shot;
                    best.nominated = o.verdict.nominated;
                    best.score = v;
                    best.pot_target = -1;
                    best.plan = "escape from the snooker";
                }
            }
        }
    }
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
        const double ease = best_ease(rq.table, placed(rq.world), pot_targets(f, on));
        mv.kind = AiMove::Kind::Reply;
        if (ease >= 0.25)
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
                const double e = best_ease(rq.table, placed(w), pot_targets(f, on));
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
    mv.plan = c.plan;
    mv.score = c.score;
    mv.simulations = p.simulations;
    return mv;
}

} // namespace billiards::game::snooker
