#include "game/snooker/snooker_ai_pots.hpp"

#include <algorithm>
#include <cmath>

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

std::vector<PotLine> pot_lines(const Table& table, const std::vector<Placed>& balls,
                               const std::vector<int>& targets, double sigma) {
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
            p.heading = std::atan2(v.y, v.x);
            p.cut = cosc;
            p.d1 = d1;
            p.d2 = d2;
            p.chance = pot_chance(d1, d2, cosc, entry, r, sigma);
            out.push_back(p);
        }
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const PotLine& a, const PotLine& b) { return a.chance > b.chance; });
    return out;
}

double best_chance(const Table& table, const std::vector<Placed>& balls,
                   const std::vector<int>& targets, double sigma) {
    const auto lines = pot_lines(table, balls, targets, sigma);
    if (lines.empty()) return 0.0;
    const double second = lines.size() > 1 ? lines[1].chance : 0.0;
    return std::min(1.0, lines.front().chance + 0.1 * second);
}

} // namespace billiards::game::snooker::ai
