#include "game/snooker/snooker_ai_pots.hpp"

#include <algorithm>
#include <cmath>

#include "core/normal.hpp"

namespace billiards::game::snooker::ai {

Vec2 position_of(const std::vector<Placed>& balls, int id) {
    for (const Placed& b : balls)
        if (b.id == id) return b.position;
    return {};
}

bool present(const std::vector<Placed>& balls, int id) {
    return std::any_of(balls.begin(), balls.end(), [&](const Placed& b) { return b.id == id; });
}

double pot_chance(double d1, double d2, double cut, double entry, double radius, double sigma) {
    // Room either side of the ball in the throat (about 20 mm for a 52.5 mm ball, less the
    // jaws' grip: 0.6 R matches the simulated chances), less for a ball coming in across
    // the pocket.
    const double window = 0.6 * radius * (0.3 + 0.7 * entry);
    const double gearing = d1 / (2.0 * radius * std::max(cut, 0.2));
    const double miss = std::max(d2 * gearing * sigma, 1e-9) + 0.2 * radius * (1.0 - cut);
    return std::erf(window / (miss * std::sqrt(2.0)));
}

double heading_bound(double chance) {
    return chance <= 0.0 ? 0.0 : half_normal_quantile(chance);
}

Vec2 mouth_point(const Table& table, int pocket) {
    const TableSpec& spec = table.spec;
    const Vec2 c = table.pockets[static_cast<std::size_t>(pocket)].center;
    const double hx = spec.length / 2, hy = spec.width / 2;
    const double h = spec.corner_mouth / (2.0 * std::sqrt(2.0));
    const double sx = c.x > 0 ? 1.0 : -1.0, sy = c.y > 0 ? 1.0 : -1.0;
    if (std::abs(c.x) < 0.25 * hx) return {c.x, sy * hy}; // a middle pocket
    return {sx * (hx - h), sy * (hy - h)};
}

double mouth_chance(double d1, double d2, double cut, double entry, bool middle, double radius,
                    double sigma) {
    // Fitted (least squares over 24 positions): the room either side 0.75 R at a corner and
    // 1.1 R at a middle pocket, narrowing by 2.3 times the entry's shortfall from square on;
    // the gearing of a contact d1 away counted from 5 R, the run to the pocket 2.2 R longer
    // than to its mouth (the ball drops beyond it).
    const double window =
        (middle ? 1.12 : 0.755) * radius * std::max(1.0 - 2.3 * (1.0 - entry), 0.05);
    const double gearing =
        std::max(d1 - 5.0 * radius, 2.0 * radius) / (2.0 * radius * std::max(cut, 0.2));
    const double miss =
        std::max((d2 + 2.2 * radius) * gearing * sigma, 1e-9) + 0.2 * radius * (1.0 - cut);
    return std::erf(window / (miss * std::sqrt(2.0)));
}

std::vector<PotLine> pot_lines(const Table& table, const std::vector<Placed>& balls,
                               const std::vector<int>& targets, double sigma, bool mouth) {
    std::vector<PotLine> out;
    if (!present(balls, kCue)) return out;
    const double r = table.spec.ball_radius;
    const Vec2 c = position_of(balls, kCue);
    for (int t : targets) {
        if (!present(balls, t)) continue;
        const Vec2 tp = position_of(balls, t);
        for (std::size_t k = 0; k < table.pockets.size(); ++k) {
            const Vec2 centre = table.pockets[k].center;
            const Vec2 aim = mouth ? mouth_point(table, static_cast<int>(k)) : centre;
            const double d2 = length(aim - tp);
            if (d2 < 1e-9) continue;
            const Vec2 dir = (aim - tp) / d2;
            // The way into the pocket: the corner's diagonal, or straight across the rail.
            const double sy = centre.y > 0 ? 1.0 : -1.0, sx = centre.x > 0 ? 1.0 : -1.0;
            const Vec2 axis = k < 4 ? normalized(Vec2{sx, sy}) : Vec2{0.0, sy};
            const double entry = dot(dir, axis);
            if (entry < (k < 4 ? 0.5 : 0.6)) continue;
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
            p.aim = aim;
            p.heading = std::atan2(v.y, v.x);
            p.cut = cosc;
            p.d1 = d1;
            p.d2 = d2;
            p.chance = mouth ? mouth_chance(d1, d2, cosc, entry, k >= 4, r, sigma)
                             : pot_chance(d1, d2, cosc, entry, r, sigma);
            out.push_back(p);
        }
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const PotLine& a, const PotLine& b) { return a.chance > b.chance; });
    return out;
}

double best_chance(const Table& table, const std::vector<Placed>& balls,
                   const std::vector<int>& targets, double sigma, bool mouth) {
    const auto lines = pot_lines(table, balls, targets, sigma, mouth);
    if (lines.empty()) return 0.0;
    const double second = lines.size() > 1 ? lines[1].chance : 0.0;
    return std::min(1.0, lines.front().chance + 0.1 * second);
}

namespace {

// The point `p` folded back into the area a ball's centre can reach (cushion noses less a
// radius): a rebound off each cushion it crosses.
Vec2 fold(const TableSpec& spec, Vec2 p) {
    const double hx = spec.length / 2 - spec.ball_radius, hy = spec.width / 2 - spec.ball_radius;
    const auto one = [](double v, double h) {
        for (int k = 0; k < 4 && std::abs(v) > h; ++k)
            v = v > h ? 2.0 * h - v : -2.0 * h - v;
        return std::clamp(v, -h, h);
    };
    return {one(p.x, hx), one(p.y, hy)};
}

} // namespace

std::vector<Vec2> landings(const TableSpec& spec, Vec2 cue, Vec2 object, const PotLine& line) {
    const Vec2 dir{std::cos(line.heading), std::sin(line.heading)}; // the cue ball's way in
    const Vec2 ghost = cue + dir * line.d1;
    const Vec2 n = normalized(object - ghost); // the line of centres: the object ball's way
    std::vector<Vec2> ways;
    const Vec2 along = dir - n * dot(dir, n); // the stun shot's way off: the tangent
    if (length(along) < 0.17) {
        // Nearly full (under 10 degrees of cut): follow through or screw back. Not off to
        // the side: a stun off so full a ball keeps under 3 % of the cue ball's energy and
        // stops a few centimetres from the contact.
        ways = {dir, dir * -1.0};
    } else {
        const Vec2 t = normalized(along);
        ways = {t, normalized(t + dir), normalized(t - dir)}; // stun, follow, draw
    }
    std::vector<Vec2> out;
    for (const Vec2& w : ways)
        for (double d : {0.25, 0.55, 1.0, 1.5})
            out.push_back(fold(spec, ghost + w * d));
    return out;
}

std::vector<int> targets_after(const std::vector<Placed>& balls, int potted) {
    std::vector<int> reds, colours;
    for (const Placed& b : balls) {
        if (is_red(b.id) && b.id != potted) reds.push_back(b.id);
        if (is_colour(b.id)) colours.push_back(b.id);
    }
    std::sort(colours.begin(), colours.end());
    if (is_red(potted)) return colours;
    if (!reds.empty()) return reds;
    colours.erase(std::remove(colours.begin(), colours.end(), potted), colours.end());
    if (colours.empty()) return {};
    return {colours.front()};
}

Position position_value(const Table& table, const std::vector<Placed>& balls,
                        const std::vector<int>& targets, double sigma, bool mouth) {
    Position best;
    if (!present(balls, kCue)) return best;
    const Vec2 cue = position_of(balls, kCue);
    const auto worth = [](int id) { return is_colour(id) ? 0.7 + 0.3 * value(id) / 7.0 : 1.0; };
    std::vector<Placed> next; // the balls after the pot, the cue ball moved to a landing
    for (const PotLine& l : pot_lines(table, balls, targets, sigma, mouth)) {
        const double w = worth(l.target);
        if (l.chance * w <= best.value) continue; // cannot beat the best even leaving a sure pot
        const std::vector<int> then = targets_after(balls, l.target);
        // A colour potted with reds still up comes back on its spot.
        const bool stays =
            is_colour(l.target) &&
            std::any_of(balls.begin(), balls.end(), [](const Placed& b) { return is_red(b.id); });
        const Vec2 spot = stays ? spot_of(markings(table.spec), l.target) : Vec2{};
        const Vec2 object = position_of(balls, l.target);
        double after = 0.0;
        for (const Vec2& q : landings(table.spec, cue, object, l)) {
            next.clear();
            for (const Placed& b : balls) {
                if (b.id == l.target && !stays) continue;
                next.push_back(b.id == kCue       ? Placed{kCue, q}
                               : b.id == l.target ? Placed{b.id, spot}
                                                  : b);
            }
            after = std::max(after, best_chance(table, next, then, sigma, mouth));
            if (after >= 0.999) break;
        }
        const double v = l.chance * w * (0.5 + 0.5 * after);
        if (v > best.value) {
            best = {v, l.target, l.pocket, l.chance, after};
        }
    }
    return best;
}

} // namespace billiards::game::snooker::ai
