// Judging candidate shots: the geometry of a pot (paths, pocket windows, chances), runs of
// a shot in a copy of the world under the rules, trials with execution noise, and the
// corrections of the aim for throw and spin.
#include "game/pool/ai_planner.hpp"

#include <optional>

#include "core/normal.hpp"
#include "core/random.hpp"
#include "game/aim_window.hpp"
#include "game/shot_events.hpp"
#include "game/strike.hpp"
#include "game/watch_events.hpp"

namespace billiards::game::ai {

bool Planner::path_clear(const physics::World& w, Vec2 a, Vec2 b, int skip1, int skip2,
                         int skip3) const {
    const double d2 = 4.0 * radius_ * radius_;
    for (const physics::Ball& ball : w.balls()) {
        if (ball.state == physics::MotionState::Pocketed) continue;
        if (ball.id == skip1 || ball.id == skip2 || ball.id == skip3) continue;
        if (distance_sq_to_segment(ball.position, a, b) < d2) return false;
    }
    return true;
}

double Planner::pocket_window(int p, Vec2 u) const {
    const double c = dot(u, pockets_.inward[static_cast<std::size_t>(p)]);
    if (pockets_.side[static_cast<std::size_t>(p)]) {
        if (c < std::cos(deg_to_rad(55.0))) return 0.0;
        return 0.030 * c;
    }
    if (c < std::cos(deg_to_rad(75.0))) return 0.0;
    return 0.024 * (0.5 + 0.5 * c);
}

double Planner::pot_chance(Vec2 c, Vec2 o, int p, double sigma, Vec2 aim) const {
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
    if (cfg_.fitted_pot_chance) return fitted_pot_chance(d1, d2, cos_cut, p, u, sigma);
    const double w = pocket_window(p, u);
    if (w <= 0.0) return 0.0;
    const double s = sigma * (1.0 + d1 / (2.0 * radius_ * cos_cut)) + 0.002;
    const double tol = w / d2;
    return std::erf(tol / (s * std::sqrt(2.0))) * (1.0 - 0.04 * (d1 + d2));
}

double Planner::fitted_pot_chance(double d1, double d2, double cos_cut, int p, Vec2 u,
                                  double sigma) const {
    // Fitted by least squares (tests/game/pool_pots_fit.py) to pool_pots: 796 positions, 200
    // standard-noise trials each of the planner's refined centre-ball stroke at twice
    // base_speed. The room either side of the aim line is 44 mm at a corner, growing off the
    // pocket's axis (the aim point lies inside the jaws, so a ball coming in along a rail
    // still finds the opening; held from 45 degrees on, the grid's widest entry), and 55 mm
    // at a middle pocket, narrowing off its axis. The error of the object ball's line is the
    // heading's geared up by the contact as in pot_chance, one of the throw that grows with
    // the cut and a fixed one (those two from the tip, speed and elevation noise: scaled by
    // the tip's), the miss measured 83 mm beyond the aim point.
    const auto i = static_cast<std::size_t>(p);
    const double entry = dot(u, pockets_.inward[i]);
    double window = 0.0;
    if (pockets_.side[i]) {
        if (entry < std::cos(deg_to_rad(55.0))) return 0.0;
        window = 0.0552 * std::max(1.0 - 1.85 * (1.0 - entry), 0.05);
    } else {
        if (entry < std::cos(deg_to_rad(75.0))) return 0.0;
        window = 0.0435 * (1.0 + 1.84 * (1.0 - std::max(entry, std::sqrt(0.5))));
    }
    const double tip = cfg_.tip_noise * radius_ / StandardNoise::kTipMetres;
    const double heading = sigma * (1.0 + d1 / (2.0 * radius_ * cos_cut));
    const double sin_cut = std::sqrt(std::max(0.0, 1.0 - cos_cut * cos_cut));
    const double thrown = 0.0131 * tip * sin_cut, fixed = 0.0087 * tip;
    const double miss =
        std::sqrt(heading * heading + thrown * thrown + fixed * fixed) * (d2 + 0.083);
    return std::erf(window / (std::max(miss, 1e-9) * std::sqrt(2.0)));
}

double Planner::line_chance(const physics::World& w, int target, int p) const {
    return pot_chance(pos(w, kCueBall), pos(w, target), p, cfg_.heading_noise, pocket_aim(p));
}

CueShot Planner::pot_stroke(const physics::World& w, int target, int p, double speed_factor,
                            double height, bool centre) {
    const Vec2 c = pos(w, kCueBall), o = pos(w, target), aim = pocket_aim(p);
    const Vec2 u = normalized(aim - o);
    const Vec2 g = o - u * (2.0 * radius_);
    const double d1 = length(g - c);
    const double v0 = base_speed(d1, length(aim - o), dot(normalized(g - c), u));
    CueShot s{angle_of(g - c), std::clamp(v0 * speed_factor, 0.3, 7.0), 0.0, height};
    if (cfg_.refine_aim) refine(w, target, u, s);
    if (centre) s.heading = centred(w, s, target, p);
    return s;
}

double Planner::best_quality(const physics::World& w, const RulesState& s, double sigma) const {
    if (s.game_over) return 0.0;
    if (s.ball_in_hand) return 0.85;
    const int cue = w.index_of(kCueBall);
    if (cue < 0 || w.ball(cue).state == physics::MotionState::Pocketed) return 0.85;
    return best_pot_from(w, w.ball(cue).position, legal_targets(s, balls_on_table(w)), -1, sigma);
}

double Planner::best_pot_from(const physics::World& w, Vec2 c, const std::vector<int>& targets,
                              int gone, double sigma) const {
    double best = 0.0;
    for (int t : targets) {
        const Vec2 o = pos(w, t);
        for (std::size_t p = 0; p < pockets_.aim.size(); ++p) {
            const Vec2 aim = pockets_.aim[p];
            const double q = pot_chance(c, o, static_cast<int>(p), sigma, aim);
            if (q <= best) continue;
            const Vec2 g = o - normalized(aim - o) * (2.0 * radius_);
            // The cue ball is where c is (or has left its place): never in the way.
            if (!path_clear(w, o, aim, t, gone, kCueBall)) continue;
            if (!path_clear(w, c, g, t, gone, kCueBall)) continue;
            best = q;
        }
    }
    return best;
}

std::vector<Planner::NextPot> Planner::open_pots(const physics::World& w,
                                                 const std::vector<int>& targets, Vec2 c,
                                                 double sigma, std::size_t n) const {
    std::vector<NextPot> pots;
    for (int t : targets) {
        const Vec2 o = pos(w, t);
        for (std::size_t p = 0; p < pockets_.aim.size(); ++p) {
            const Vec2 aim = pockets_.aim[p];
            const double q = pot_chance(c, o, static_cast<int>(p), sigma, aim);
            if (q <= 0.05) continue;
            const Vec2 u = normalized(aim - o);
            if (!path_clear(w, o, aim, t, kCueBall)) continue;
            if (!path_clear(w, c, o - u * (2.0 * radius_), t, kCueBall)) continue;
            pots.push_back({q, t, static_cast<int>(p), o, u});
        }
    }
    std::stable_sort(pots.begin(), pots.end(),
                     [](const NextPot& a, const NextPot& b) { return a.q > b.q; });
    if (pots.size() > n) pots.resize(n);
    return pots;
}

// Potting the 8 at 8-ball or the 9 at 9-ball ends the game: nothing to follow.
static bool wins_game(const RulesState& s, int ball) {
    return (s.kind == GameKind::NineBall && ball == kNineBall) ||
           (s.kind != GameKind::NineBall && ball == kEightBall);
}

static std::vector<int> without(const std::vector<int>& on, int ball) {
    std::vector<int> rest;
    for (int b : on)
        if (b != ball) rest.push_back(b);
    return rest;
}

double Planner::follow_up_quality(const physics::World& w, const RulesState& s,
                                  double sigma) const {
    if (s.game_over) return 0.0;
    if (s.ball_in_hand) return 0.85;
    const int cue = w.index_of(kCueBall);
    if (cue < 0 || w.ball(cue).state == physics::MotionState::Pocketed) return 0.85;
    const Vec2 c = w.ball(cue).position;
    const auto on = balls_on_table(w);
    const auto pots = open_pots(w, legal_targets(s, on), c, sigma, 4);
    const double lx = hx_ - 1.5 * radius_, ly = hy_ - 1.5 * radius_;
    double best = 0.0;
    for (const NextPot& pot : pots) {
        const bool wins = wins_game(s, pot.t);
        const auto next = legal_targets(s, without(on, pot.t));
        double q2 = wins ? 1.0 : 0.0;
        if (!wins && !next.empty()) {
            // Where the cue ball might stop: at the ghost ball (stop shot), along the
            // tangent line (stun at a cut), forward (follow) or back (draw) on its line.
            const Vec2 g = pot.o - pot.u * (2.0 * radius_);
            const Vec2 d = normalized(g - c);
            const Vec2 side = d - pot.u * dot(d, pot.u);
            std::vector<Vec2> stops = {g, g + d * 0.3, g - d * 0.3};
            if (length(side) > 0.1) {
                const Vec2 tangent = normalized(side);
                stops.push_back(g + tangent * 0.3);
                stops.push_back(g + tangent * 0.7);
            }
            for (Vec2 stop : stops) {
                stop = {std::clamp(stop.x, -lx, lx), std::clamp(stop.y, -ly, ly)};
                q2 = std::max(q2, best_pot_from(w, stop, next, pot.t, sigma));
            }
        }
        best = std::max(best, pot.q * (0.5 + 0.5 * q2));
    }
    return best;
}

double Planner::played_follow_up(const physics::World& w, const RulesState& s) {
    if (s.game_over) return 0.0;
    if (s.ball_in_hand) return 0.85;
    const int cue = w.index_of(kCueBall);
    if (cue < 0 || w.ball(cue).state == physics::MotionState::Pocketed) return 0.85;
    const double sigma = cfg_.heading_noise;
    const Vec2 c = w.ball(cue).position;
    const auto on = balls_on_table(w);
    const auto pots =
        open_pots(w, legal_targets(s, on), c, sigma, static_cast<std::size_t>(cfg_.deep_lines));
    double best = 0.0;
    for (const NextPot& pot : pots) {
        const auto next = legal_targets(s, without(on, pot.t));
        if (wins_game(s, pot.t) || next.empty()) {
            best = std::max(best, pot.q * (wins_game(s, pot.t) ? 1.0 : 0.5));
            continue;
        }
        // Each stroke aimed for throw (pot_stroke); one that does not pot the ball (too soft,
        // or thrown off) leaves nothing, nor does a scratch.
        const int ti = w.index_of(pot.t);
        double q2 = 0.0;
        for (double f : kPlayedSpeeds) {
            for (double height : kPlayedHeights) {
                physics::World a =
                    struck(w, clamp_tip(pot_stroke(w, pot.t, pot.p, f, height), req_.cue));
                run_to_rest(a);
                const int ci = a.index_of(kCueBall);
                if (a.ball(ti).state != physics::MotionState::Pocketed) continue;
                if (ci < 0 || a.ball(ci).state == physics::MotionState::Pocketed) continue;
                q2 = std::max(q2, best_pot_from(a, a.ball(ci).position, next, pot.t, sigma));
            }
        }
        best = std::max(best, pot.q * (0.5 + 0.5 * q2));
    }
    return best;
}

double Planner::ball_chance(const physics::World& w, int id, double sigma) const {
    const int i = w.index_of(id);
    if (i < 0 || w.ball(i).state == physics::MotionState::Pocketed) return 1.0;
    const Vec2 o = w.ball(i).position;
    const double lx = hx_ - radius_, ly = hy_ - radius_;
    double best = 0.0;
    for (std::size_t p = 0; p < pockets_.aim.size(); ++p) {
        const Vec2 aim = pockets_.aim[p];
        if (!path_clear(w, o, aim, id, kCueBall)) continue;
        const Vec2 u = normalized(aim - o);
        const Vec2 g = o - u * (2.0 * radius_);
        for (double cut : {0.0, 0.35, -0.35}) {
            const Vec2 c = g - unit_at(angle_of(u) + cut) * 0.35;
            if (std::abs(c.x) > lx || std::abs(c.y) > ly) continue;
            const double q = pot_chance(c, o, static_cast<int>(p), sigma, aim);
            if (q <= best || !path_clear(w, c, g, id, kCueBall)) continue;
            best = q;
        }
    }
    return best > 0.0 ? best : kStuckBall;
}

double Planner::runout_chance(const physics::World& w, const RulesState& s, double sigma) const {
    if (s.game_over) return 1.0;
    const auto on = balls_on_table(w);
    auto product = [&](auto keep) {
        double r = 1.0;
        for (int b : on)
            if (b != kCueBall && keep(b)) r *= ball_chance(w, b, sigma);
        return r;
    };
    if (s.kind == GameKind::NineBall) return product([](int) { return true; });
    const Group mine = s.groups[static_cast<std::size_t>(s.shooter)];
    auto group = [&](Group g) {
        return product([g](int b) { return b == kEightBall || group_of(b) == g; });
    };
    if (mine == Group::None) return std::max(group(Group::Solids), group(Group::Stripes));
    return group(mine);
}

void Planner::run_to_rest(physics::World& w) {
    const double end = w.time() + 60.0;
    const std::uint64_t cap = std::max<std::uint64_t>(100'000, cfg_.budget / 50);
    std::uint64_t used = 0;
    while (!w.at_rest() && w.time() < end && used < cap) {
        // Steps in which nothing happens count as steps, taken at once.
        const std::uint64_t quiet = w.skip_quiet_steps(cap - used, [&] { return w.time() < end; });
        used += quiet;
        if (quiet > 0) continue;
        w.step();
        used += 1 + kEventWork * w.last_step().events;
    }
    work_ += used;
}

physics::World Planner::struck(const physics::World& base, const CueShot& shot) {
    physics::World w = base;
    w.clear_events();
    w.set_record_events(true);
    apply_strike(w, shot, req_.cue);
    ++sims_;
    return w;
}

Planner::Outcome Planner::simulate(const physics::World& base, const CueShot& shot,
                                   const ShotCall& call) {
    physics::World w = struck(base, shot);
    run_to_rest(w);
    ShotInput in;
    in.on_table = on_table_;
    in.call = call;
    in.events = shot_events(w, w.events());
    Outcome o;
    o.verdict = judge(rules_, in);
    o.value = deep_ && keeps_table(o.verdict)
                  ? keep_value(w, o.verdict.after, played_follow_up(w, o.verdict.after))
                  : value(w, o.verdict);
    return o;
}

bool Planner::keeps_table(const ShotVerdict& v) const {
    const RulesState& s = v.after;
    return !s.game_over && s.pending != Pending::IllegalBreak &&
           s.pending != Pending::PushOutReply && v.foul == Foul::None && s.shooter == me_ &&
           cfg_.position_weight > 0.0;
}

double Planner::keep_value(const physics::World& after, const RulesState& s, double q) const {
    // A fitted chance is the chance the next pot is made: the leave is worth that much.
    const double share = cfg_.fitted_pot_chance ? 1.0 : cfg_.leave_weight;
    double keep = 1.0 - share * cfg_.position_weight * (1.0 - q);
    if (cfg_.runout_weight > 0.0)
        keep += cfg_.runout_weight * (runout_chance(after, s, cfg_.heading_noise) - runout_before_);
    return keep;
}

double Planner::value(const physics::World& after, const ShotVerdict& v) const {
    const RulesState& s = v.after;
    if (keeps_table(v)) {
        const double q = cfg_.follow_up ? follow_up_quality(after, s, cfg_.heading_noise)
                                        : best_quality(after, s, cfg_.heading_noise);
        return keep_value(after, s, q);
    }
    if (s.game_over) return s.winner == me_ ? 2.0 : -2.0;
    if (s.pending == Pending::IllegalBreak) return -0.3;
    if (s.pending == Pending::PushOutReply) return 0.0;
    if (v.foul != Foul::None)
        return s.consecutive_fouls[static_cast<std::size_t>(me_)] >= 2 ? -1.2 : -0.9;
    if (s.shooter == me_) return 1.0; // position_weight 0: a pot is a pot
    return -0.8 * best_quality(after, s, opp_noise_);
}

CueShot Planner::trial_shot(const CueShot& shot, int k) const {
    const auto pair = static_cast<std::uint64_t>(k / 2);
    const double sign = (k % 2 == 0) ? 1.0 : -1.0;
    // Van der Corput in base 2, offset by the seed (a Cranley-Patterson rotation).
    double q = 0.0, f = 0.5;
    for (std::uint64_t j = pair + 1; j > 0; j >>= 1, f *= 0.5)
        if (j & 1u) q += f;
    q = std::fmod(q + rotation_, 1.0);
    const double zh = half_normal_quantile(std::clamp(q, 0.0, 1.0 - 1e-12));
    Random r{mix(req_.seed ^ 0x7472ull, pair)};
    const double zs = r.normal(), za = r.normal(), zb = r.normal();
    CueShot t = shot;
    t.heading = wrap(t.heading + sign * cfg_.heading_noise * zh);
    t.speed = t.speed * std::max(0.05, 1.0 + sign * cfg_.speed_noise * zs);
    t.side += sign * cfg_.tip_noise * za;
    t.height += sign * cfg_.tip_noise * zb;
    if (absolute_noise(cfg_)) { // a noise model's absolute parts: drawn only when present
        const double z_speed = sign * r.normal();
        const double z_elevation = sign * r.normal();
        t = add_absolute_noise(t, cfg_, z_speed, z_elevation);
    }
    return clamp_tip(t, req_.cue);
}

void Planner::trial(const physics::World& base, Variant& v, int k) {
    const CueShot s = trial_shot(v.shot, k);
    const Outcome o = simulate(base, s, v.call);
    v.sum += o.value;
    ++v.n;
    if (o.verdict.foul == Foul::None &&
        (o.verdict.scored || (o.verdict.after.game_over && o.verdict.after.winner == me_)))
        ++v.pots;
}

void Planner::ensure_call(const physics::World& w, Variant& v) const {
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

void Planner::evaluate(const physics::World& base, Variant& v, int trials) {
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

bool Planner::budget_left(double fraction) const {
    if (cfg_.max_seconds > 0.0 &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count() >
            fraction * cfg_.max_seconds)
        return false;
    return static_cast<double>(work_) <
           fraction * static_cast<double>(limit_ - start_) + static_cast<double>(start_);
}

double Planner::geo_angle(Vec2 c, Vec2 o, double h, bool& hit) const {
    const Vec2 d = unit_at(h);
    const Vec2 co = o - c;
    const double b = cross(d, co);
    const double r2 = 4.0 * radius_ * radius_;
    hit = b * b < r2;
    if (!hit) return 0.0;
    const double s = dot(d, co) - std::sqrt(r2 - b * b);
    return angle_of(o - (c + d * s));
}

bool Planner::departure_error(const physics::World& base, int target, Vec2 want, const CueShot& s,
                              double& err) {
    physics::World w = struck(base, s);
    const int ti = w.index_of(target);
    return watch_events(
        w, w.time() + 8.0,
        [&](const physics::Event& e) -> std::optional<bool> {
            if (e.kind != physics::EventKind::BallBall) return std::nullopt;
            if (e.ball != cue_ && e.other != cue_) return std::nullopt;
            const int other = e.ball == cue_ ? e.other : e.ball;
            if (other != ti) return false;
            const Vec2 v = w.ball(ti).velocity;
            if (length_sq(v) == 0.0) return false;
            err = wrap(angle_of(v) - angle_of(want));
            return true;
        },
        [this](std::uint64_t steps, std::uint64_t events) { count_steps(steps, events); });
}

bool Planner::pots_line(const physics::World& base, const CueShot& s, int target, int p) {
    physics::World w = struck(base, s);
    const int ti = w.index_of(target);
    return watch_events(
        w, w.time() + 30.0,
        [&](const physics::Event& e) -> std::optional<bool> {
            if (e.kind != physics::EventKind::Pocketed || e.ball != ti) return std::nullopt;
            return e.other == p;
        },
        [this](std::uint64_t steps, std::uint64_t events) { count_steps(steps, events); });
}

double Planner::centred(const physics::World& base, const CueShot& s, int target, int p) {
    const std::optional<double> middle = window_middle([&](double x) {
        CueShot t = s;
        t.heading = wrap(s.heading + x);
        return pots_line(base, t, target, p);
    });
    return middle ? wrap(s.heading + *middle) : s.heading;
}

void Planner::centre_line(const physics::World& base, PotLine& l) {
    CueShot s{l.heading, std::clamp(2.0 * base_speed(l.d1, l.dist, l.cos_cut), 0.3, 7.0), 0.0, 0.0};
    if (cfg_.refine_aim) refine(base, l.target, l.want, s);
    s.heading = centred(base, s, l.target, l.pocket);
    double err = 0.0;
    if (!departure_error(base, l.target, l.want, s, err)) return;
    l.want = unit_at(angle_of(l.want) + err);
}

bool Planner::refine(const physics::World& base, int target, Vec2 want, CueShot& s) {
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

} // namespace billiards::game::ai
