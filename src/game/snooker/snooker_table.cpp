#include "game/snooker/snooker_table.hpp"

#include <algorithm>
#include <cmath>

#include "core/random.hpp"
#include "core/segment.hpp"

namespace billiards::game::snooker {

const char* ball_name(int id) {
    if (is_red(id)) return "red";
    switch (id) {
    case kCue:
        return "cue ball";
    case kYellow:
        return "yellow";
    case kGreen:
        return "green";
    case kBrown:
        return "brown";
    case kBlue:
        return "blue";
    case kPink:
        return "pink";
    case kBlack:
        return "black";
    default:
        return "?";
    }
}

Markings markings(const TableSpec& spec) {
    const double along = spec.length / 3.569;
    const double across = spec.width / 1.778;
    const double hx = spec.length / 2;
    Markings m;
    m.baulk_x = -hx + 0.737 * along;
    m.d_radius = 0.292 * across;
    m.spots = {Vec2{m.baulk_x, -m.d_radius},
               Vec2{m.baulk_x, m.d_radius},
               Vec2{m.baulk_x, 0.0},
               Vec2{0.0, 0.0},
               Vec2{hx / 2, 0.0},
               Vec2{hx - 0.324 * along, 0.0}};
    return m;
}

Vec2 spot_of(const Markings& m, int colour) {
    return m.spots[static_cast<std::size_t>(std::clamp(colour - kYellow, 0, 5))];
}

bool in_d(const Markings& m, Vec2 p) {
    const Vec2 c{m.baulk_x, 0.0};
    return p.x <= m.baulk_x + 1e-12 && length(p - c) <= m.d_radius + 1e-12;
}

TableSpec full_size_spec() {
    TableSpec s;
    s.name = "snooker-12ft";
    s.kind = "snooker";
    s.ball_radius = 0.02625;
    s.ball_mass = 0.1415;
    s.length = 3.569;
    s.width = 1.778;
    s.corner_mouth = 0.115;
    s.side_mouth = 0.175;
    s.corner_jaw_angle = 135.0;
    s.side_jaw_angle = 95.0;
    s.jaw_depth = 0.05;
    s.corner_pocket_radius = 0.045;
    s.corner_pocket_offset = 0.03;
    s.side_pocket_radius = 0.05;
    s.side_pocket_offset = 0.05;
    s.rail_width = 0.15;
    return s;
}

std::vector<physics::BallDef> rack(const TableSpec& spec, const RackOptions& o) {
    const Markings m = markings(spec);
    const double r = spec.ball_radius;
    Random rng(o.seed);
    const double half_gap = o.max_gap / 2.0;
    const double d = 2.0 * r + o.max_gap;
    const double row_step = d * std::sqrt(3.0) / 2.0;
    // The apex red as near the pink as it can be: a full gap clear of it.
    const Vec2 apex{spot_of(m, kPink).x + d + half_gap, 0.0};
    std::vector<physics::BallDef> balls;
    int id = kFirstRed;
    for (int row = 0; row < 5; ++row) {
        for (int k = 0; k <= row; ++k) {
            const Vec2 slot{apex.x + row * row_step, (k - row / 2.0) * d};
            const double ang = 2.0 * kPi * rng.uniform();
            const double len = 0.99 * half_gap * rng.uniform();
            physics::BallDef b;
            b.id = id++;
            b.position = slot + Vec2{std::cos(ang), std::sin(ang)} * len;
            b.radius = r;
            b.mass = spec.ball_mass;
            balls.push_back(b);
        }
    }
    for (int c = kYellow; c <= kBlack; ++c) {
        physics::BallDef b;
        b.id = c;
        b.position = spot_of(m, c);
        b.radius = r;
        b.mass = spec.ball_mass;
        balls.push_back(b);
    }
    physics::BallDef cue;
    cue.id = kCue;
    cue.position = {m.baulk_x - 0.25 * m.d_radius, 0.5 * m.d_radius};
    cue.radius = r;
    cue.mass = spec.ball_mass;
    balls.push_back(cue);
    return balls;
}

namespace {

bool free_at(const std::vector<Placed>& balls, Vec2 p, double radius) {
    const double d = 2.0 * radius;
    return std::none_of(balls.begin(), balls.end(),
                        [&](const Placed& b) { return length_sq(b.position - p) < d * d; });
}

} // namespace

std::vector<Vec2> respot_positions(const TableSpec& spec, const std::vector<Placed>& others,
                                   const std::vector<int>& ids) {
    const Markings m = markings(spec);
    const double r = spec.ball_radius;
    std::vector<Placed> placed = others;
    std::vector<Vec2> out(ids.size());
    std::vector<bool> done(ids.size(), false);
    // Highest value first wherever the rule gives precedence.
    std::vector<std::size_t> order(ids.size());
    for (std::size_t i = 0; i < ids.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return ids[a] > ids[b]; });
    auto put = [&](std::size_t i, Vec2 p) {
        out[i] = p;
        done[i] = true;
        placed.push_back({ids[i], p});
    };
    for (std::size_t i : order) // own spots
        if (free_at(placed, spot_of(m, ids[i]), r)) put(i, spot_of(m, ids[i]));
    for (std::size_t i : order) { // the highest-value free spot
        if (done[i]) continue;
        for (int c = kBlack; c >= kYellow; --c) {
            if (free_at(placed, spot_of(m, c), r)) {
                put(i, spot_of(m, c));
                break;
            }
        }
    }
    constexpr double kStep = 0.0005;
    const double top = spec.length / 2 - r;
    for (std::size_t i : order) { // towards the top cushion, then below the spot
        if (done[i]) continue;
        const Vec2 own = spot_of(m, ids[i]);
        for (double x = own.x; x <= top && !done[i]; x += kStep)
            if (free_at(placed, {x, own.y}, r)) put(i, {x, own.y});
        for (double x = own.x; x >= -top && !done[i]; x -= kStep)
            if (free_at(placed, {x, 0.0}, r)) put(i, {x, 0.0});
        if (!done[i]) put(i, own); // a table packed full: cannot happen with 22 balls
    }
    return out;
}

bool clear_path(const std::vector<Placed>& balls, double radius, Vec2 from, Vec2 to, int ignore_a,
                int ignore_b) {
    const double d = 2.0 * radius;
    return std::none_of(balls.begin(), balls.end(), [&](const Placed& b) {
        return b.id != ignore_a && b.id != ignore_b &&
               distance_to_segment(b.position, from, to) < d - 1e-9;
    });
}

bool snookered(const std::vector<Placed>& balls, double radius, const std::vector<int>& on) {
    const auto cue =
        std::find_if(balls.begin(), balls.end(), [](const Placed& b) { return b.id == kCue; });
    if (cue == balls.end()) return false;
    auto is_on = [&](int id) { return std::find(on.begin(), on.end(), id) != on.end(); };
    std::vector<Placed> obstacles; // balls not on, the cue ball aside
    for (const Placed& b : balls)
        if (b.id != kCue && !is_on(b.id)) obstacles.push_back(b);
    const double contact = 2.0 * radius;
    for (const Placed& t : balls) {
        if (!is_on(t.id)) continue;
        const Vec2 ct = t.position - cue->position;
        const double dist = length(ct);
        if (dist <= contact + 1e-9) return false; // touching a ball on
        const double graze = contact * (1.0 - 1e-6);
        const double alpha = std::asin(std::min(graze / dist, 1.0));
        const double base = std::atan2(ct.y, ct.x);
        bool both = true;
        for (double side : {-1.0, 1.0}) {
            const double h = base + side * alpha;
            const Vec2 dir{std::cos(h), std::sin(h)};
            const double off = dist * std::sin(alpha);
            const double along =
                dist * std::cos(alpha) - std::sqrt(std::max(contact * contact - off * off, 0.0));
            const Vec2 at = cue->position + dir * along;
            if (!clear_path(obstacles, radius, cue->position, at, kCue, t.id)) both = false;
        }
        if (both) return false;
    }
    return true;
}

} // namespace billiards::game::snooker
