#include "game/ai.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>

#include "core/random.hpp"
#include "game/match.hpp"
#include "game/rack.hpp"

namespace billiards::game {

const char* to_string(AiLevel level) {
    switch (level) {
    case AiLevel::Easy:
        return "easy";
    case AiLevel::Medium:
        return "medium";
    case AiLevel::Hard:
        return "hard";
    }
    return "?";
}

bool parse_ai_level(const std::string& text, AiLevel& level) {
    if (text == "easy")
        level = AiLevel::Easy;
    else if (text == "medium")
        level = AiLevel::Medium;
    else if (text == "hard")
        level = AiLevel::Hard;
    else
        return false;
    return true;
}

AiConfig ai_config(AiLevel level) {
    AiConfig c;
    c.level = level;
    switch (level) {
    case AiLevel::Easy:
        c.heading_noise = deg_to_rad(0.5);
        c.speed_noise = 0.08;
        c.tip_noise = 0.08;
        c.pot_candidates = 5;
        c.speeds = 1;
        c.spins = 1;
        c.side_spin = false;
        c.trials = 3;
        c.final_trials = 0;
        c.refine_aim = false;
        c.banks = false;
        c.safeties = false;
        c.kicks = false;
        c.swerves = false;
        c.masse = false;
        c.position_weight = 0.0;
        c.hand_positions = 1;
        c.break_variants = 1;
        c.budget = 300'000;
        break;
    case AiLevel::Medium:
        c.heading_noise = deg_to_rad(0.2);
        c.speed_noise = 0.04;
        c.tip_noise = 0.04;
        c.pot_candidates = 10;
        c.speeds = 2;
        c.spins = 3;
        c.side_spin = false;
        c.trials = 5;
        c.final_trials = 8;
        c.refine_aim = true;
        c.banks = false;
        c.safeties = true;
        c.kicks = true;
        c.swerves = true;
        c.masse = true;
        c.position_weight = 0.4;
        c.hand_positions = 2;
        c.break_variants = 3;
        c.budget = 3'000'000;
        break;
    case AiLevel::Hard:
        c.heading_noise = deg_to_rad(0.07);
        c.speed_noise = 0.02;
        c.tip_noise = 0.02;
        c.pot_candidates = 24;
        c.speeds = 4;
        c.spins = 3;
        c.side_spin = true;
        c.trials = 12;
        c.final_trials = 32;
        c.refine_aim = true;
        c.banks = true;
        c.safeties = true;
        c.kicks = true;
        c.swerves = true;
        c.masse = true;
        c.position_weight = 1.0;
        c.hand_positions = 4;
        c.break_variants = 6;
        c.budget = 12'000'000;
        break;
    }
    return c;
}

namespace {

Vec2 unit_at(double a) {
    return {std::cos(a), std::sin(a)};
}
double angle_of(Vec2 v) {
    return std::atan2(v.y, v.x);
}
double wrap(double a) {
    return std::remainder(a, 2.0 * kPi);
}

double seg_dist_sq(Vec2 a, Vec2 b, Vec2 p) {
    const Vec2 ab = b - a;
    const double l2 = length_sq(ab);
    const double t = l2 > 0.0 ? std::clamp(dot(p - a, ab) / l2, 0.0, 1.0) : 0.0;
    return length_sq(p - (a + ab * t));
}

// z with P(|Z| <= z) = q for a standard normal Z (bisection on erf; q in [0, 1)).
double half_normal_quantile(double q) {
    q = std::clamp(q, 0.0, 1.0 - 1e-12);
    double lo = 0.0, hi = 8.0;
    for (int i = 0; i < 60; ++i) {
        const double mid = 0.5 * (lo + hi);
        if (std::erf(mid / std::sqrt(2.0)) < q)
            lo = mid;
        else
            hi = mid;
    }
    return 0.5 * (lo + hi);
}

// Scales the tip offset back inside the miscue limit.
CueShot clamp_tip(CueShot s, const CueParams& cue) {
    if (!tip_within_limit(s, cue)) {
        const double len = std::sqrt(s.side * s.side + s.height * s.height);
        const double k = len > 0.0 ? 0.999 * cue.miscue_limit / len : 0.0;
        s.side *= k;
        s.height *= k;
    }
    return s;
}

constexpr std::uint64_t kEventWork = 15; // an event costs about 15 steps of time

enum class Kind { Break, Pot, Bank, Kick, Safety, Sweep, Swerve, Masse };

struct Variant {
    Kind kind = Kind::Pot;
    int target = -1; // ball id
    int pocket = -1;
    CueShot shot{};
    ShotCall call{};
    double prior = 0.0;
    Vec2 cue_position{};
    // Trial statistics.
    double sum = 0.0;
    int n = 0;
    int pots = 0;
    bool confirmed = false; // had the final trials
    double mean() const { return n > 0 ? sum / n : -1e9; }
};

struct Pockets {
    std::vector<Vec2> aim;    // where the object ball's centre is sent
    std::vector<Vec2> inward; // direction into the pocket
    std::vector<bool> side;
};

class Planner {
  public:
    explicit Planner(const AiRequest& r)
        : req_(r), cfg_(r.config), rules_(r.rules), me_(r.rules.shooter) {
        cue_ = req_.world.index_of(kCueBall);
        radius_ = cue_ >= 0 ? req_.world.ball(cue_).radius : physics::kBallRadius;
        hx_ = req_.table.spec.length / 2;
        hy_ = req_.table.spec.width / 2;
        on_table_ = balls_on_table(req_.world);
        targets_ = legal_targets(rules_, on_table_);
        const double cp = req_.table.spec.corner_mouth / std::sqrt(2.0);
        for (const physics::Pocket& p : req_.table.pockets) {
            const bool side = std::abs(p.center.x) < hx_ / 2;
            const double sx = p.center.x < 0 ? -1.0 : 1.0, sy = p.center.y < 0 ? -1.0 : 1.0;
            if (side) {
                pockets_.inward.push_back({0.0, sy});
                pockets_.aim.push_back({0.0, sy * (hy_ + 0.5 * radius_)});
            } else {
                const Vec2 in = normalized(Vec2{sx, sy});
                pockets_.inward.push_back(in);
                pockets_.aim.push_back(Vec2{sx * (hx_ - cp / 2), sy * (hy_ - cp / 2)} +
                                       in * (0.5 * radius_));
            }
            pockets_.side.push_back(side);
        }
        opp_noise_ = ai_config(AiLevel::Medium).heading_noise;
        rotation_ = Random{req_.seed ^ 0x526f74ull}.uniform();
    }

    AiMove run();

  private:
    // --- geometry -------------------------------------------------------------------
    Vec2 pos(const physics::World& w, int id) const { return w.ball(w.index_of(id)).position; }

    bool path_clear(const physics::World& w, Vec2 a, Vec2 b, int skip1, int skip2) const {
        const double d2 = 4.0 * radius_ * radius_;
        for (const physics::Ball& ball : w.balls()) {
            if (ball.state == physics::MotionState::Pocketed) continue;
            if (ball.id == skip1 || ball.id == skip2) continue;
            if (seg_dist_sq(a, b, ball.position) < d2) return false;
        }
        return true;
    }

    // Half-width of the window the object ball's centre must pass, for an approach along u.
    double pocket_window(int p, Vec2 u) const {
        const double c = dot(u, pockets_.inward[static_cast<std::size_t>(p)]);
        if (pockets_.side[static_cast<std::size_t>(p)]) {
            if (c < std::cos(deg_to_rad(55.0))) return 0.0;
            return 0.030 * c;
        }
        if (c < std::cos(deg_to_rad(75.0))) return 0.0;
        return 0.024 * (0.5 + 0.5 * c);
    }

    // Geometric chance of potting object ball O into pocket p from cue position C with
    // heading noise sigma (0 when the cut is too thin or the pocket faces away).
    double pot_chance(Vec2 c, Vec2 o, int p, double sigma, Vec2 aim) const {
        Vec2 u = aim - o;
        const double d2 = length(u);
        if (d2 < 1e-9) return 1.0;
        u = u / d2;
        const Vec2 g = o - u * (2.0 * radius_);
        const Vec2 cg = g - c;
        const double d1 = length(cg);
        if (d1 < 1e-9) return 0.0;
        const double cos_cut = dot(cg / d1, u);
        if (cos_cut < std::cos(deg_to_rad(80.0))) return 0.0;
        const double w = pocket_window(p, u);
        if (w <= 0.0) return 0.0;
        const double s = sigma * (1.0 + d1 / (2.0 * radius_ * cos_cut)) + 0.002;
        const double tol = w / d2;
        return std::erf(tol / (s * std::sqrt(2.0))) * (1.0 - 0.04 * (d1 + d2));
    }

    // Best geometric pot chance for the shooter of `s` in world w.
    double best_quality(const physics::World& w, const RulesState& s, double sigma) const {
        if (s.game_over) return 0.0;
        if (s.ball_in_hand) return 0.85;
        const int cue = w.index_of(kCueBall);
        if (cue < 0 || w.ball(cue).state == physics::MotionState::Pocketed) return 0.85;
        const Vec2 c = w.ball(cue).position;
        const auto on = balls_on_table(w);
        const auto targets = legal_targets(s, on);
        double best = 0.0;
        for (int t : targets) {
            const Vec2 o = pos(w, t);
            for (std::size_t p = 0; p < pockets_.aim.size(); ++p) {
                const Vec2 aim = pockets_.aim[p];
                const double q = pot_chance(c, o, static_cast<int>(p), sigma, aim);
                if (q <= best) continue;
                const Vec2 g = o - normalized(aim - o) * (2.0 * radius_);
                if (!path_clear(w, o, aim, t, kCueBall)) continue;
                if (!path_clear(w, c, g, t, kCueBall)) continue;
                best = q;
            }
        }
        return best;
    }

    // --- simulation -----------------------------------------------------------------
    struct Outcome {
        ShotVerdict verdict;
        double value = 0.0;
    };

    // Runs to rest (as World::run_until_rest does) and counts the work: one unit per step
    // and kEventWork per event (impacts and motion transitions), which tracks the time taken.
    // A trial that grows too long (a cluster chattering through tens of thousands of tiny
    // impacts) is cut off and judged on the events so far.
    void run_to_rest(physics::World& w) {
        const double end = w.time() + 60.0;
        const std::uint64_t cap = std::max<std::uint64_t>(100'000, cfg_.budget / 50);
        std::uint64_t used = 0;
        while (!w.at_rest() && w.time() < end && used < cap) {
            // Steps in which nothing happens count as steps, taken at once.
            const std::uint64_t quiet =
                w.skip_quiet_steps(cap - used, [&] { return w.time() < end; });
            used += quiet;
            if (quiet > 0) continue;
            w.step();
            used += 1 + kEventWork * w.last_step().events;
        }
        work_ += used;
    }

    Outcome simulate(const physics::World& base, const CueShot& shot, const ShotCall& call) {
        physics::World w = base;
        w.clear_events();
        w.set_record_events(true);
        apply_strike(w, shot, req_.cue);
        run_to_rest(w);
        ++sims_;
        ShotInput in;
        in.on_table = on_table_;
        in.call = call;
        in.events = shot_events(w, w.events());
        Outcome o;
        o.verdict = judge(rules_, in);
        o.value = value(w, o.verdict);
        return o;
    }

    double value(const physics::World& after, const ShotVerdict& v) const {
        const RulesState& s = v.after;
        if (s.game_over) return s.winner == me_ ? 2.0 : -2.0;
        if (s.pending == Pending::IllegalBreak) return -0.3;
        if (s.pending == Pending::PushOutReply) return 0.0;
        if (v.foul != Foul::None)
            return s.consecutive_fouls[static_cast<std::size_t>(me_)] >= 2 ? -1.2 : -0.9;
        if (s.shooter == me_) {
            const double pw = cfg_.position_weight;
            if (pw <= 0.0) return 1.0;
            const double q = best_quality(after, s, cfg_.heading_noise);
            return 1.0 - 0.6 * pw * (1.0 - q);
        }
        return -0.8 * best_quality(after, s, opp_noise_);
    }

    // Trial k's noise: antithetic pairs (k, k + 1 mirror each other) whose heading
    // magnitudes follow a low-discrepancy sequence over the half-normal distribution, so
    // even a few trials sample both sides evenly and no variant wins on a lucky draw.
    CueShot trial_shot(const CueShot& shot, int k) const {
        const auto pair = static_cast<std::uint64_t>(k / 2);
        const double sign = (k % 2 == 0) ? 1.0 : -1.0;
        // Van der Corput in base 2, offset by the seed (a Cranley-Patterson rotation).
        double q = 0.0, f = 0.5;
        for (std::uint64_t j = pair + 1; j > 0; j >>= 1, f *= 0.5)
            if (j & 1u) q += f;
        q = std::fmod(q + rotation_, 1.0);
        const double zh = half_normal_quantile(q);
        Random r{mix(req_.seed ^ 0x7472ull, pair)};
        const double zs = r.normal(), za = r.normal(), zb = r.normal();
        CueShot t = shot;
        t.heading = wrap(t.heading + sign * cfg_.heading_noise * zh);
        t.speed = t.speed * std::max(0.05, 1.0 + sign * cfg_.speed_noise * zs);
        t.side += sign * cfg_.tip_noise * za;
        t.height += sign * cfg_.tip_noise * zb;
        return clamp_tip(t, req_.cue);
    }

    void trial(const physics::World& base, Variant& v, int k) {
        const CueShot s = trial_shot(v.shot, k);
        const Outcome o = simulate(base, s, v.call);
        v.sum += o.value;
        ++v.n;
        if (o.verdict.foul == Foul::None &&
            (o.verdict.scored || (o.verdict.after.game_over && o.verdict.after.winner == me_)))
            ++v.pots;
    }

    // 8-ball on the 8: every shot needs a called pocket; when the plan names none (safety,
    // kick), call the pocket nearest the 8.
    void ensure_call(const physics::World& w, Variant& v) const {
        if (!must_call_pocket(rules_, on_table_) || v.call.pocket >= 0) return;
        const int i = w.index_of(kEightBall);
        if (i < 0) return;
        const Vec2 e = w.ball(i).position;
        int best = 0;
        for (std::size_t p = 1; p < req_.table.pockets.size(); ++p)
            if (length(req_.table.pockets[p].center - e) <
                length(req_.table.pockets[static_cast<std::size_t>(best)].center - e))
                best = static_cast<int>(p);
        v.call = {kEightBall, best};
    }

    void evaluate(const physics::World& base, Variant& v, int trials) {
        ensure_call(base, v);
        const int first = v.n;
        for (int k = 0; k < trials; ++k) {
            // Past the whole budget, stop at an even count (antithetic pairs stay whole).
            if (k >= 2 && k % 2 == 0 && work_ >= limit_) break;
            if (k >= 1 && work_ >= ceiling_) break;
            trial(base, v, first + k);
        }
        ++evaluated_;
    }

    bool budget_left(double fraction) const {
        if (cfg_.max_seconds > 0.0 &&
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count() >
                fraction * cfg_.max_seconds)
            return false;
        return static_cast<double>(work_) <
               fraction * static_cast<double>(limit_ - start_) + static_cast<double>(start_);
    }

    // Geometric departure angle of the object ball for a cue heading h (ghost-ball model).
    double geo_angle(Vec2 c, Vec2 o, double h, bool& hit) const {
        const Vec2 d = unit_at(h);
        const Vec2 co = o - c;
        const double b = cross(d, co);
        const double r2 = 4.0 * radius_ * radius_;
        hit = b * b < r2;
        if (!hit) return 0.0;
        const double s = dot(d, co) - std::sqrt(r2 - b * b);
        return angle_of(o - (c + d * s));
    }

    // Simulates until the cue ball's first contact: the signed error of the object ball's
    // departure direction from `want`. False when the first contact is not the target.
    bool departure_error(const physics::World& base, int target, Vec2 want, const CueShot& s,
                         double& err) {
        physics::World w = base;
        w.clear_events();
        w.set_record_events(true);
        apply_strike(w, s, req_.cue);
        const int ti = w.index_of(target);
        const double end = w.time() + 8.0;
        std::size_t seen = 0;
        ++sims_;
        while (!w.at_rest() && w.time() < end) {
            const std::uint64_t quiet =
                w.skip_quiet_steps(~std::uint64_t{0}, [&] { return w.time() < end; });
            work_ += quiet;
            if (quiet > 0) continue; // no events in them
            w.step();
            work_ += 1 + kEventWork * w.last_step().events;
            const auto& ev = w.events();
            for (; seen < ev.size(); ++seen) {
                const physics::Event& e = ev[seen];
                if (e.kind != physics::EventKind::BallBall) continue;
                if (e.ball != cue_ && e.other != cue_) continue;
                const int other = e.ball == cue_ ? e.other : e.ball;
                if (other != ti) return false;
                const Vec2 v = w.ball(ti).velocity;
                if (length_sq(v) == 0.0) return false;
                err = wrap(angle_of(v) - angle_of(want));
                return true;
            }
        }
        return false;
    }

    // Corrects the heading so the object ball leaves along `want` (throw, spin).
    bool refine(const physics::World& base, int target, Vec2 want, CueShot& s) {
        const Vec2 c = base.ball(cue_).position;
        const Vec2 o = pos(base, target);
        for (int it = 0; it < 3; ++it) {
            double err = 0.0;
            if (!departure_error(base, target, want, s, err)) return it > 0;
            if (std::abs(err) < 2e-5) return true;
            bool h1 = false, h2 = false;
            constexpr double eps = 1e-5;
            const double a1 = geo_angle(c, o, s.heading + eps, h1);
            const double a2 = geo_angle(c, o, s.heading - eps, h2);
            if (!h1 || !h2) return true;
            const double deriv = wrap(a1 - a2) / (2 * eps);
            if (std::abs(deriv) < 1e-3) return true;
            s.heading = wrap(s.heading - std::clamp(err / deriv, -0.02, 0.02));
        }
        return true;
    }

    // Cue speed that sends the object ball about `dist` after a cut with cos_cut.
    static double base_speed(double d1, double dist, double cos_cut) {
        // Rolling object ball: v^2 = 2 mu_r g d, and 5/7 of the speed survives sliding.
        const double vo = std::sqrt(2.0 * 0.0981 * (dist + 0.15)) / (5.0 / 7.0);
        const double vc = vo / std::max(0.2, 0.95 * cos_cut) + 0.15 * d1;
        return vc / 1.346; // cue speed to ball speed, centre hit
    }

    std::vector<double> speed_factors() const {
        switch (std::clamp(cfg_.speeds, 1, 4)) {
        case 1:
            return {2.0};
        case 2:
            return {1.6, 3.0};
        case 3:
            return {1.4, 2.3, 3.8};
        default:
            return {1.3, 2.0, 3.2, 5.0};
        }
    }
    std::vector<double> heights() const {
        switch (std::clamp(cfg_.spins, 1, 3)) {
        case 1:
            return {0.0};
        case 2:
            return {0.0, 0.3};
        default:
            return {0.0, 0.35, -0.35};
        }
    }

    ShotCall call_for(int target, int pocket) const {
        if (rules_.kind != GameKind::EightBall) return {};
        return {target, pocket};
    }

    // --- candidates -----------------------------------------------------------------
    struct PotLine {
        Kind kind;
        int target;
        int pocket;
        Vec2 want;      // object ball direction
        double heading; // ghost-ball heading
        double d1, dist, cos_cut;
        double prior;
    };

    std::vector<PotLine> pot_lines(const physics::World& w) const {
        std::vector<PotLine> lines;
        const Vec2 c = w.ball(cue_).position;
        const double sigma = cfg_.heading_noise;
        for (int t : targets_) {
            const Vec2 o = pos(w, t);
            for (std::size_t pi = 0; pi < pockets_.aim.size(); ++pi) {
                const int p = static_cast<int>(pi);
                const Vec2 aim = pockets_.aim[pi];
                // Direct.
                {
                    const double q = pot_chance(c, o, p, sigma, aim);
                    const Vec2 u = normalized(aim - o);
                    const Vec2 g = o - u * (2.0 * radius_);
                    if (q > 0.0 && path_clear(w, o, aim, t, kCueBall) &&
                        path_clear(w, c, g, t, kCueBall)) {
                        const double d1 = length(g - c);
                        lines.push_back({Kind::Pot, t, p, u, angle_of(g - c), d1, length(aim - o),
                                         dot(normalized(g - c), u), q});
                    }
                }
                if (!cfg_.banks) continue;
                // One-rail banks: mirror the aim point in each rail line.
                const double lx = hx_ - radius_, ly = hy_ - radius_;
                const Vec2 mirrors[4] = {{2 * lx - aim.x, aim.y},
                                         {-2 * lx - aim.x, aim.y},
                                         {aim.x, 2 * ly - aim.y},
                                         {aim.x, -2 * ly - aim.y}};
                for (int r = 0; r < 4; ++r) {
                    const Vec2 m = mirrors[r];
                    const Vec2 d = m - o;
                    // Where the path meets the rail line.
                    double t_hit = 0.0;
                    if (r < 2) {
                        const double x = r == 0 ? lx : -lx;
                        if (std::abs(d.x) < 1e-9) continue;
                        t_hit = (x - o.x) / d.x;
                    } else {
                        const double y = r == 2 ? ly : -ly;
                        if (std::abs(d.y) < 1e-9) continue;
                        t_hit = (y - o.y) / d.y;
                    }
                    if (!(t_hit > 0.05 && t_hit < 0.95)) continue;
                    const Vec2 b = o + d * t_hit;
                    // Keep the bounce point away from the pockets.
                    if (r < 2 && std::abs(b.y) > hy_ - 0.12) continue;
                    if (r >= 2 && (std::abs(b.x) > hx_ - 0.12 || std::abs(b.x) < 0.1)) continue;
                    if (pockets_.side[pi] && r >= 2 && (b.y > 0) == (aim.y > 0)) continue;
                    const double q = pot_chance(c, o, p, sigma * 1.8, m);
                    if (q <= 0.0) continue;
                    const Vec2 u = normalized(d);
                    const Vec2 g = o - u * (2.0 * radius_);
                    if (!path_clear(w, o, b, t, kCueBall) || !path_clear(w, b, aim, t, kCueBall) ||
                        !path_clear(w, c, g, t, kCueBall))
                        continue;
                    const double d1 = length(g - c);
                    lines.push_back({Kind::Bank, t, p, u, angle_of(g - c), d1, length(d) * 1.3,
                                     dot(normalized(g - c), u), 0.5 * q});
                }
            }
        }
        std::stable_sort(lines.begin(), lines.end(),
                         [](const PotLine& a, const PotLine& b) { return a.prior > b.prior; });
        return lines;
    }

    std::vector<Variant> pot_variants(const physics::World& w) {
        std::vector<Variant> out;
        auto lines = pot_lines(w);
        int banks = 0;
        int kept = 0;
        for (const PotLine& l : lines) {
            if (kept >= cfg_.pot_candidates) break;
            if (l.kind == Kind::Bank && ++banks > 3) continue;
            ++kept;
            const double v0 = base_speed(l.d1, l.dist, l.cos_cut);
            for (double f : speed_factors()) {
                for (double h : heights()) {
                    Variant v;
                    v.kind = l.kind;
                    v.target = l.target;
                    v.pocket = l.pocket;
                    v.prior = l.prior;
                    v.call = call_for(l.target, l.pocket);
                    v.shot = {l.heading, std::clamp(v0 * f, 0.3, 7.0), 0.0, h};
                    out.push_back(v);
                }
            }
            if (cfg_.side_spin) {
                for (double a : {0.3, -0.3}) {
                    Variant v;
                    v.kind = l.kind;
                    v.target = l.target;
                    v.pocket = l.pocket;
                    v.prior = l.prior * 0.9;
                    v.call = call_for(l.target, l.pocket);
                    v.shot = {l.heading, std::clamp(v0 * 2.0, 0.3, 7.0), a, 0.1};
                    out.push_back(v);
                }
            }
        }
        return out;
    }

    std::vector<Variant> safety_variants(const physics::World& w) const {
        std::vector<Variant> out;
        const Vec2 c = w.ball(cue_).position;
        // The nearest few legal balls.
        std::vector<std::pair<double, int>> near;
        for (int t : targets_)
            near.emplace_back(length(pos(w, t) - c), t);
        std::sort(near.begin(), near.end());
        if (near.size() > 4) near.resize(4);
        for (const auto& [d, t] : near) {
            const Vec2 o = pos(w, t);
            if (!path_clear(w, c, o, t, kCueBall)) continue;
            const Vec2 u = normalized(o - c);
            for (double f : {-0.7, -0.35, 0.0, 0.35, 0.7}) {
                const Vec2 aim = o + perp(u) * (f * 2.0 * radius_);
                for (double s : {0.6, 1.0, 1.6}) {
                    Variant v;
                    v.kind = Kind::Safety;
                    v.target = t;
                    v.prior = 0.01;
                    v.shot = {angle_of(aim - c), s + 0.2 * d, 0.0, 0.0};
                    out.push_back(v);
                }
            }
        }
        return out;
    }

    std::vector<Variant> kick_variants(const physics::World& w) const {
        std::vector<Variant> out;
        const Vec2 c = w.ball(cue_).position;
        const double lx = hx_ - radius_, ly = hy_ - radius_;
        for (int t : targets_) {
            const Vec2 o = pos(w, t);
            const Vec2 mirrors[4] = {{2 * lx - o.x, o.y},
                                     {-2 * lx - o.x, o.y},
                                     {o.x, 2 * ly - o.y},
                                     {o.x, -2 * ly - o.y}};
            for (const Vec2& m : mirrors) {
                for (double off : {0.0, -0.01, 0.01}) {
                    Variant v;
                    v.kind = Kind::Kick;
                    v.target = t;
                    v.prior = 0.005;
                    v.shot = {angle_of(m - c) + off, 2.2, 0.0, 0.0};
                    out.push_back(v);
                }
            }
        }
        return out;
    }

    std::vector<Variant> sweep_variants(const physics::World& w) {
        std::vector<Variant> out;
        for (int k = 0; k < 72; ++k) {
            if ((!budget_left(0.97) || work_ >= ceiling_) && !out.empty()) break;
            Variant v;
            v.kind = Kind::Sweep;
            v.shot = {wrap(2.0 * kPi * k / 72.0), 1.8, 0.0, 0.0};
            const Outcome o = simulate(w, v.shot, {});
            if (o.verdict.foul != Foul::None) continue;
            v.prior = o.value;
            out.push_back(v);
        }
        std::stable_sort(out.begin(), out.end(),
                         [](const Variant& a, const Variant& b) { return a.prior > b.prior; });
        if (out.size() > 6) out.resize(6);
        return out;
    }

    // --- curved shots -----------------------------------------------------------------
    // An elevated cue with english curves the cue ball while it slides: right english
    // (side > 0) bends its path clockwise, left english counter-clockwise. A curved shot
    // starts to one side of the ball in the way and bends back onto the line it needs.
    static constexpr double kCurveSide = 0.4;

    // Turns s.heading away from h0, on the side the english curves back from, until the
    // first contact sends `target` along `want`. A coarse scan outwards finds offsets whose
    // first contact is the target; from each, Newton's method on the departure error (its
    // slope from a neighbouring offset) closes in on the aim. False when none converges.
    bool curve_heading(const physics::World& w, int target, Vec2 want, double h0, CueShot& s) {
        const double away = s.side > 0.0 ? 1.0 : -1.0; // right english starts to the left
        auto error_at = [&](double offset, double& err) {
            CueShot t = s;
            t.heading = wrap(h0 + away * offset);
            return offset > 0.0 && departure_error(w, target, want, t, err);
        };
        const double probe = deg_to_rad(0.1);
        for (double deg : {1.5, 3.0, 4.5, 6.0, 8.0, 10.0, 12.0, 14.5, 17.0}) {
            double d = deg_to_rad(deg), err = 0.0;
            if (!error_at(d, err)) continue;
            for (int it = 0; it < 6; ++it) {
                if (std::abs(err) < 1e-4) {
                    s.heading = wrap(h0 + away * d);
                    return true;
                }
                double h = probe, e2 = 0.0;
                if (!error_at(d + h, e2)) {
                    h = -probe;
                    if (!error_at(d + h, e2)) break;
                }
                const double slope = (e2 - err) / h;
                if (std::abs(slope) < 1e-6) break;
                d -= std::clamp(err / slope, -deg_to_rad(3.0), deg_to_rad(3.0));
                if (!error_at(d, err)) break;
            }
        }
        return false;
    }

    // Pots whose object-ball path is open but whose cue-ball line is blocked: swerve shots
    // (a cue raised 20 or 35 degrees, english either side) aimed by simulation.
    std::vector<Variant> swerve_variants(const physics::World& w) {
        struct Line {
            int target, pocket;
            Vec2 want;
            double heading, speed, prior;
        };
        std::vector<Line> lines;
        const Vec2 c = w.ball(cue_).position;
        for (int t : targets_) {
            const Vec2 o = pos(w, t);
            for (std::size_t pi = 0; pi < pockets_.aim.size(); ++pi) {
                const Vec2 aim = pockets_.aim[pi];
                const double q = pot_chance(c, o, static_cast<int>(pi), cfg_.heading_noise, aim);
                if (q <= 0.0 || !path_clear(w, o, aim, t, kCueBall)) continue;
                const Vec2 u = normalized(aim - o);
                const Vec2 g = o - u * (2.0 * radius_);
                if (path_clear(w, c, g, t, kCueBall)) continue; // a straight pot: pot_variants
                const double d1 = length(g - c);
                const double v0 = base_speed(d1, length(aim - o), dot(normalized(g - c), u));
                lines.push_back({t, static_cast<int>(pi), u, angle_of(g - c),
                                 std::clamp(2.0 * v0, 1.5, 5.0), q});
            }
        }
        std::stable_sort(lines.begin(), lines.end(),
                         [](const Line& a, const Line& b) { return a.prior > b.prior; });
        if (lines.size() > 2) lines.resize(2);
        std::vector<Variant> out;
        // Cue elevation and speed (a multiple of the straight pot's): a faster ball slides
        // further, so its curve comes later.
        constexpr std::array<std::pair<double, double>, 6> kTries{
            {{20.0, 1.0}, {20.0, 1.8}, {20.0, 2.6}, {35.0, 1.0}, {35.0, 1.8}, {35.0, 2.6}}};
        for (const Line& l : lines) {
            for (double side : {kCurveSide, -kCurveSide}) {
                for (const auto& [elevation, factor] : kTries) {
                    if (!budget_left(0.65)) return out;
                    CueShot s{l.heading, l.speed * factor, side, 0.0, deg_to_rad(elevation)};
                    if (!curve_heading(w, l.target, l.want, l.heading, s)) continue;
                    Variant v;
                    v.kind = Kind::Swerve;
                    v.target = l.target;
                    v.pocket = l.pocket;
                    v.prior = 0.6 * l.prior;
                    v.call = call_for(l.target, l.pocket);
                    v.shot = s;
                    out.push_back(v);
                }
            }
        }
        return out;
    }

    // Snookered: steep masse shots that start well wide of a legal ball hidden behind
    // another and curve onto it (a little draw helps them come round). Screened by one
    // simulation each, as the sweep is.
    std::vector<Variant> masse_variants(const physics::World& w) {
        struct Try {
            double elevation, wide, speed; // degrees; degrees off the direct line; cue m/s per m
        };
        constexpr std::array<Try, 12> kMasseTries{{{55, 20, 1.6}, {55, 20, 2.4}, {55, 40, 1.6},
                                                   {55, 40, 2.4}, {55, 60, 1.6}, {55, 60, 2.4},
                                                   {72, 20, 1.6}, {72, 20, 2.4}, {72, 40, 1.6},
                                                   {72, 40, 2.4}, {72, 60, 1.6}, {72, 60, 2.4}}};
        std::vector<Variant> out;
        const Vec2 c = w.ball(cue_).position;
        std::vector<std::pair<double, int>> hidden;
        for (int t : targets_)
            if (!path_clear(w, c, pos(w, t), t, kCueBall))
                hidden.emplace_back(length(pos(w, t) - c), t);
        std::sort(hidden.begin(), hidden.end());
        if (hidden.size() > 3) hidden.resize(3);
        for (const auto& [d, t] : hidden) {
            const double direct = angle_of(pos(w, t) - c);
            for (double side : {kCurveSide, -kCurveSide}) {
                const double away = side > 0.0 ? 1.0 : -1.0;
                for (const auto& [elevation, wide, speed] : kMasseTries) {
                    if ((!budget_left(0.93) || work_ >= ceiling_) && !out.empty()) break;
                    Variant v;
                    v.kind = Kind::Masse;
                    v.target = t;
                    // Cue speed: `speed` for each metre of the distance plus 0.6 m.
                    v.shot = {wrap(direct + away * deg_to_rad(wide)), speed * (0.6 + d), side,
                              -0.15, deg_to_rad(elevation)};
                    const Outcome o = simulate(w, v.shot, {});
                    if (o.verdict.foul != Foul::None) continue;
                    v.prior = o.value;
                    out.push_back(v);
                }
            }
        }
        std::stable_sort(out.begin(), out.end(),
                         [](const Variant& a, const Variant& b) { return a.prior > b.prior; });
        if (out.size() > 4) out.resize(4);
        return out;
    }

    // --- planning -------------------------------------------------------------------
    // The best variant from one cue-ball position, within the budget up to `limit`.
    Variant plan(const physics::World& w, std::uint64_t limit) {
        start_ = work_;
        limit_ = std::max(limit, work_ + 1);
        std::vector<Variant> done;
        auto best_mean = [&]() {
            double b = -1e9;
            for (const Variant& v : done)
                b = std::max(b, v.mean());
            return b;
        };
        auto run_all = [&](std::vector<Variant>& vs, int trials, double fraction, int minimum) {
            int count = 0;
            for (Variant& v : vs) {
                if (count >= minimum && !budget_left(fraction)) break;
                if (count >= 1 && work_ >= ceiling_) break;
                evaluate(w, v, trials);
                done.push_back(v);
                ++count;
            }
        };

        auto pots = pot_variants(w);
        if (cfg_.refine_aim) {
            // Aim corrections are per line and spin: refine each variant before its trials.
            for (Variant& v : pots) {
                if (!budget_left(0.55)) break;
                const Vec2 o = pos(w, v.target);
                Vec2 want;
                if (v.kind == Kind::Bank) {
                    bool hit = false;
                    want = unit_at(geo_angle(w.ball(cue_).position, o, v.shot.heading, hit));
                    if (!hit) continue;
                } else {
                    want = normalized(pockets_.aim[static_cast<std::size_t>(v.pocket)] - o);
                }
                refine(w, v.target, want, v.shot);
            }
        }
        run_all(pots, std::max(1, cfg_.trials), 0.6, 2);

        if (cfg_.swerves && best_mean() < 0.5) {
            auto swerves = swerve_variants(w);
            run_all(swerves, std::max(1, cfg_.trials), 0.7, 1);
        }

        if (cfg_.safeties && best_mean() < 0.3) {
            auto safe = safety_variants(w);
            run_all(safe, std::max(2, cfg_.trials / 2), 0.8, 3);
        }
        if (cfg_.kicks && best_mean() < -0.5) {
            auto kicks = kick_variants(w);
            run_all(kicks, std::max(2, cfg_.trials / 2), 0.9, 3);
        }
        if (cfg_.masse && best_mean() < -0.5) {
            auto masse = masse_variants(w);
            run_all(masse, std::max(2, cfg_.trials / 2), 0.95, 1);
        }
        if (best_mean() < -0.5) {
            auto sweep = sweep_variants(w);
            run_all(sweep, std::max(2, cfg_.trials / 2), 0.97, 1);
        }
        if (done.empty()) {
            // Nothing at all: a firm hit at the first legal ball.
            Variant v;
            v.kind = Kind::Safety;
            const int t = targets_.empty() ? -1 : targets_.front();
            v.target = t;
            const Vec2 c = w.ball(cue_).position;
            v.shot = {t >= 0 ? angle_of(pos(w, t) - c) : 0.0, 2.0, 0.0, 0.0};
            evaluate(w, v, 1);
            done.push_back(v);
        }
        // Racing: the leader gets extra trials until the leader is one that has had them,
        // so the choice rests on firm numbers and not on a lucky first round.
        auto leader = [&]() {
            return std::max_element(
                done.begin(), done.end(),
                [](const Variant& a, const Variant& b) { return a.mean() < b.mean(); });
        };
        if (cfg_.final_trials > 0) {
            for (int round = 0; round < 6; ++round) {
                auto top = leader();
                if (top->confirmed) break;
                if (round > 0 && !budget_left(1.0)) break;
                evaluate(w, *top, cfg_.final_trials);
                top->confirmed = true;
            }
        }
        const auto it = leader();
        Variant best = *it;
        best.cue_position = w.ball(cue_).position;
        return best;
    }

    Variant plan_break(const physics::World& w) {
        start_ = work_;
        limit_ = work_ + cfg_.budget;
        const Vec2 hs = head_spot(req_.table.spec);
        const int apex = w.index_of(1) >= 0 ? 1 : (on_table_.empty() ? -1 : on_table_.front());
        const Vec2 target = apex >= 0 ? pos(w, apex) : foot_spot(req_.table.spec);
        // A hard break: the cue ball leaves at about 10-11 m/s (a centre hit's speed; a
        // little less with these tips below centre).
        struct Spot {
            double y, ball_speed, height;
        };
        std::vector<Spot> spots = {{0.0, 10.5, -0.1}, {0.18, 10.5, -0.1}, {-0.18, 10.5, -0.1},
                                   {0.0, 11.0, -0.2}, {0.35, 10.0, -0.1}, {-0.35, 10.0, -0.1}};
        const auto count = static_cast<std::size_t>(std::clamp(cfg_.break_variants, 1, 6));
        spots.resize(count);
        std::vector<Variant> done;
        for (const Spot& s : spots) {
            physics::World base = w;
            Vec2 c{hs.x, s.y * hy_};
            if (!cue_placement_ok(base, req_.table, c, rules_.kitchen))
                c = base.ball(cue_).position;
            base.restore_ball(cue_, c);
            Variant v;
            v.kind = Kind::Break;
            v.cue_position = c;
            v.shot = {angle_of(target - c),
                      cue_speed_for(s.ball_speed, base.ball(cue_).mass, req_.cue), 0.0, s.height};
            if (count > 1) evaluate(base, v, std::max(1, cfg_.trials));
            done.push_back(v);
        }
        const auto it =
            std::max_element(done.begin(), done.end(), [](const Variant& a, const Variant& b) {
                return a.mean() < b.mean();
            });
        return *it;
    }

    // Ball in hand: the cue-ball positions worth a full search.
    std::vector<Vec2> hand_positions(const physics::World& w) const {
        struct Scored {
            double q;
            Vec2 p;
        };
        std::vector<Scored> all;
        physics::World probe = w;
        const double sigma = cfg_.heading_noise;
        auto consider = [&](Vec2 c) {
            if (!cue_placement_ok(w, req_.table, c, rules_.kitchen)) return;
            probe.restore_ball(cue_, c);
            all.push_back({best_quality(
                               probe,
                               [&] {
                                   RulesState s = rules_;
                                   s.ball_in_hand = false;
                                   return s;
                               }(),
                               sigma),
                           c});
        };
        for (int t : targets_) {
            const Vec2 o = pos(w, t);
            for (std::size_t p = 0; p < pockets_.aim.size(); ++p) {
                const Vec2 aim = pockets_.aim[p];
                if (!path_clear(w, o, aim, t, kCueBall)) continue;
                const Vec2 u = normalized(aim - o);
                if (pocket_window(static_cast<int>(p), u) <= 0.0) continue;
                const Vec2 g = o - u * (2.0 * radius_);
                for (double dist : {0.15, 0.3, 0.5})
                    for (double off : {0.0, 0.3, -0.3}) {
                        const Vec2 dir = unit_at(angle_of(u) + off);
                        consider(g - dir * dist);
                    }
            }
        }
        for (int i = 0; i < 10; ++i)
            for (int j = 0; j < 5; ++j)
                consider({-hx_ + (i + 0.5) * (2 * hx_ / 10), -hy_ + (j + 0.5) * (2 * hy_ / 5)});
        std::stable_sort(all.begin(), all.end(),
                         [](const Scored& a, const Scored& b) { return a.q > b.q; });
        std::vector<Vec2> out;
        for (const Scored& s : all) {
            if (static_cast<int>(out.size()) >= cfg_.hand_positions) break;
            bool close = false;
            for (const Vec2& p : out)
                close = close || length(p - s.p) < 0.08;
            if (!close) out.push_back(s.p);
        }
        return out;
    }

    std::string describe(const Variant& v) const {
        auto pocket = [](int p) {
            static const char* names[] = {"bottom-left corner", "bottom-right corner",
                                          "top-left corner",    "top-right corner",
                                          "bottom side",        "top side"};
            return p >= 0 && p < 6 ? std::string(names[p]) : "pocket " + std::to_string(p);
        };
        const std::string t = std::to_string(v.target);
        switch (v.kind) {
        case Kind::Break:
            return "break";
        case Kind::Pot:
            return "pot the " + t + " in the " + pocket(v.pocket);
        case Kind::Bank:
            return "bank the " + t + " into the " + pocket(v.pocket);
        case Kind::Kick:
            return "kick at the " + t;
        case Kind::Safety:
            return "safety on the " + t;
        case Kind::Sweep:
            return "legal hit";
        case Kind::Swerve:
            return "swerve to pot the " + t + " in the " + pocket(v.pocket);
        case Kind::Masse:
            return "masse onto the " + t;
        }
        return "?";
    }

    const AiRequest& req_;
    const AiConfig& cfg_;
    RulesState rules_;
    int me_ = 0;
    int cue_ = -1;
    double radius_ = physics::kBallRadius;
    double hx_ = 0.0, hy_ = 0.0;
    double opp_noise_ = 0.0;
    double rotation_ = 0.0;
    std::chrono::steady_clock::time_point t0_ = std::chrono::steady_clock::now();
    std::vector<int> on_table_;
    std::vector<int> targets_;
    Pockets pockets_;
    std::uint64_t work_ = 0;
    std::uint64_t start_ = 0;
    std::uint64_t limit_ = 0;
    // The whole decision stops here whatever the stage minimums ask: 1.5 budgets.
    std::uint64_t ceiling_ = ~std::uint64_t{0};
    int sims_ = 0;
    int evaluated_ = 0;
};

AiMove Planner::run() {
    ceiling_ = cfg_.budget + cfg_.budget / 2;
    AiMove m;
    if (rules_.game_over) return m;
    if (rules_.pending == Pending::IllegalBreak) {
        // Documented default: re-rack and break ourselves.
        m.is_decision = true;
        m.choice = Choice::Rerack;
        m.plan = "re-rack and break";
        return m;
    }
    if (rules_.pending == Pending::PushOutReply) {
        RulesState s = rules_;
        s.pending = Pending::None;
        const double q = best_quality(req_.world, s, cfg_.heading_noise);
        m.is_decision = true;
        m.choice = q >= 0.4 ? Choice::ShootAfterPushOut : Choice::PassBack;
        m.plan = q >= 0.4 ? "take the shot" : "pass the shot back";
        return m;
    }
    if (cue_ < 0) return m;
    Variant best;
    if (rules_.break_shot) {
        best = plan_break(req_.world);
        m.place_cue = rules_.ball_in_hand;
    } else if (rules_.ball_in_hand) {
        auto spots = hand_positions(req_.world);
        if (spots.empty()) spots.push_back(req_.world.ball(cue_).position);
        const std::uint64_t total = cfg_.budget;
        bool have = false;
        for (std::size_t i = 0; i < spots.size(); ++i) {
            physics::World base = req_.world;
            base.restore_ball(cue_, spots[i]);
            const std::uint64_t share = (total - std::min(total, work_)) / (spots.size() - i);
            Variant v = plan(base, work_ + share);
            if (!have || v.mean() > best.mean()) {
                best = v;
                have = true;
            }
        }
        m.place_cue = true;
    } else {
        best = plan(req_.world, cfg_.budget);
    }
    m.cue_position = best.cue_position;
    m.intended = best.shot;
    m.call = best.call;
    m.shot = perturb_shot(best.shot, cfg_, req_.cue, mix(req_.seed, 0x65786563ull));
    m.plan = describe(best);
    m.score = best.n > 0 ? best.mean() : 0.0;
    m.pot_chance = best.n > 0 ? static_cast<double>(best.pots) / best.n : 0.0;
    m.candidates = evaluated_;
    m.simulations = sims_;
    m.work = work_;
    return m;
}

} // namespace

CueShot perturb_shot(const CueShot& shot, const AiConfig& config, const CueParams& cue,
                     std::uint64_t seed) {
    Random r{seed};
    CueShot s = shot;
    s.heading = wrap(s.heading + config.heading_noise * r.normal());
    s.speed = s.speed * std::max(0.05, 1.0 + config.speed_noise * r.normal());
    s.side += config.tip_noise * r.normal();
    s.height += config.tip_noise * r.normal();
    return clamp_tip(s, cue);
}

AiMove ai_decide(const AiRequest& request) {
    const auto t0 = std::chrono::steady_clock::now();
    Planner p(request);
    AiMove m = p.run();
    m.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return m;
}

} // namespace billiards::game
