// The candidate shots: pots and one-rail banks, safeties, kicks, a heading sweep, and curved
// shots (swerves around a blocker, masse escapes), each a Variant to evaluate.
#include "game/pool/ai_planner.hpp"

namespace billiards::game::ai {

double Planner::base_speed(double d1, double dist, double cos_cut) {
    // Rolling object ball: v^2 = 2 mu_r g d, and 5/7 of the speed survives sliding.
    const double vo = std::sqrt(2.0 * 0.0981 * (dist + 0.15)) / (5.0 / 7.0);
    const double vc = vo / std::max(0.2, 0.95 * cos_cut) + 0.15 * d1;
    return vc / 1.346; // cue speed to ball speed, centre hit
}

std::vector<double> Planner::speed_factors() const {
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

std::vector<double> Planner::heights() const {
    switch (std::clamp(cfg_.spins, 1, 3)) {
    case 1:
        return {0.0};
    case 2:
        return {0.0, 0.3};
    default:
        return {0.0, 0.35, -0.35};
    }
}

ShotCall Planner::call_for(int target, int pocket) const {
    if (rules_.kind != GameKind::EightBall) return {};
    return {target, pocket};
}

std::vector<Planner::PotLine> Planner::pot_lines(const physics::World& w) const {
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
    keep_best(lines, lines.size());
    return lines;
}

std::vector<Planner::PotLine> Planner::candidate_lines(const physics::World& w) const {
    std::vector<PotLine> lines;
    int banks = 0;
    for (const PotLine& l : pot_lines(w)) {
        if (static_cast<int>(lines.size()) >= cfg_.pot_candidates) break;
        if (l.kind == Kind::Bank && ++banks > 3) continue;
        lines.push_back(l);
    }
    return lines;
}

std::vector<Variant> Planner::pot_variants(const physics::World& w) {
    std::vector<Variant> out;
    for (const PotLine& l : candidate_lines(w)) {
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

std::vector<Variant> Planner::safety_variants(const physics::World& w) const {
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

std::vector<Variant> Planner::kick_variants(const physics::World& w) const {
    std::vector<Variant> out;
    const Vec2 c = w.ball(cue_).position;
    const double lx = hx_ - radius_, ly = hy_ - radius_;
    for (int t : targets_) {
        const Vec2 o = pos(w, t);
        const Vec2 mirrors[4] = {
            {2 * lx - o.x, o.y}, {-2 * lx - o.x, o.y}, {o.x, 2 * ly - o.y}, {o.x, -2 * ly - o.y}};
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

std::vector<Variant> Planner::sweep_variants(const physics::World& w) {
    std::vector<Variant> out;
    for (int k = 0; k < 72; ++k) {
        if ((!budget_left(0.97) || work_ >= ceiling_) && !out.empty()) break;
        Variant v;
        v.kind = Kind::Sweep;
        v.shot = {wrap(2.0 * kPi * k / 72.0), 1.8, 0.0, 0.0};
        add_if_no_foul(w, v, out);
    }
    keep_best(out, 6);
    return out;
}

bool Planner::curve_heading(const physics::World& w, int target, Vec2 want, double h0, CueShot& s) {
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

std::vector<Variant> Planner::swerve_variants(const physics::World& w) {
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
            lines.push_back(
                {t, static_cast<int>(pi), u, angle_of(g - c), std::clamp(2.0 * v0, 1.5, 5.0), q});
        }
    }
    keep_best(lines, 2);
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

std::vector<Variant> Planner::masse_variants(const physics::World& w) {
    struct Try {
        double elevation, wide, speed; // degrees; degrees off the direct line; cue m/s per m
    };
    constexpr std::array<Try, 12> kMasseTries{{{55, 20, 1.6},
                                               {55, 20, 2.4},
                                               {55, 40, 1.6},
                                               {55, 40, 2.4},
                                               {55, 60, 1.6},
                                               {55, 60, 2.4},
                                               {72, 20, 1.6},
                                               {72, 20, 2.4},
                                               {72, 40, 1.6},
                                               {72, 40, 2.4},
                                               {72, 60, 1.6},
                                               {72, 60, 2.4}}};
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
                v.shot = {wrap(direct + away * deg_to_rad(wide)), speed * (0.6 + d), side, -0.15,
                          deg_to_rad(elevation)};
                add_if_no_foul(w, v, out);
            }
        }
    }
    keep_best(out, 4);
    return out;
}

void Planner::add_if_no_foul(const physics::World& w, Variant v, std::vector<Variant>& out) {
    const Outcome o = simulate(w, v.shot, {});
    if (o.verdict.foul != Foul::None) return;
    v.prior = o.value;
    out.push_back(v);
}

} // namespace billiards::game::ai
