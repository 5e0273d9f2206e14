#include "game/table.hpp"

#include <algorithm>
#include <cmath>

namespace billiards::game {

using physics::Cushion;
using physics::Pocket;

std::string validate(const TableSpec& s) {
    auto positive = [](double v) { return std::isfinite(v) && v > 0.0; };
    if (s.kind != "pool" && s.kind != "snooker" && s.kind != "carom")
        return "kind: must be \"pool\", \"snooker\" or \"carom\"";
    if (!positive(s.length)) return "length: must be > 0";
    if (!positive(s.width)) return "width: must be > 0";
    if (s.width > s.length) return "width: must not exceed length";
    if (!positive(s.ball_radius) || s.ball_radius > 0.1)
        return "ball_radius: must be > 0 and at most 0.1";
    if (!positive(s.ball_mass) || s.ball_mass > 10.0)
        return "ball_mass: must be > 0 and at most 10";
    if (!positive(s.rail_width)) return "rail_width: must be > 0";
    if (is_carom(s)) return {}; // no pockets: the pocket fields are not used
    if (!positive(s.corner_mouth) || s.corner_mouth >= s.width)
        return "corner_mouth: must be > 0 and smaller than the width";
    if (!positive(s.side_mouth) || s.side_mouth >= s.length / 2)
        return "side_mouth: must be > 0 and smaller than half the length";
    if (!(s.corner_jaw_angle > 90.0 && s.corner_jaw_angle < 180.0))
        return "corner_jaw_angle: must be between 90 and 180 degrees";
    if (!(s.side_jaw_angle > 90.0 && s.side_jaw_angle < 180.0))
        return "side_jaw_angle: must be between 90 and 180 degrees";
    if (!positive(s.jaw_depth)) return "jaw_depth: must be > 0";
    if (!positive(s.corner_pocket_radius)) return "corner_pocket_radius: must be > 0";
    if (!positive(s.side_pocket_radius)) return "side_pocket_radius: must be > 0";
    if (!std::isfinite(s.corner_pocket_offset)) return "corner_pocket_offset: must be finite";
    if (!std::isfinite(s.side_pocket_offset)) return "side_pocket_offset: must be finite";
    return {};
}

namespace {

// Direction of a jaw leaving the cushion nose end `tip`: the nose runs from the tip along
// `away` (away from the pocket); the jaw turns by `angle` towards `outward` (into the rail).
Vec2 jaw_direction(Vec2 away, Vec2 outward, double angle_deg) {
    const double a = deg_to_rad(angle_deg);
    return away * std::cos(a) + outward * std::sin(a);
}

} // namespace

std::vector<RailDiamond> rail_diamonds(const TableSpec& s) {
    const double hx = s.length / 2, hy = s.width / 2;
    std::vector<RailDiamond> d;
    for (int sy : {-1, 1}) {
        for (int k = 1; k < 8; ++k) {
            if (k == 4 && !is_carom(s)) continue; // the side pocket
            d.push_back({{-hx + s.length * k / 8, sy * hy}, {0.0, static_cast<double>(sy)}});
        }
    }
    for (int sx : {-1, 1})
        for (int k = 1; k < 4; ++k)
            d.push_back({{sx * hx, -hy + s.width * k / 4}, {static_cast<double>(sx), 0.0}});
    return d;
}

Table build_table(const TableSpec& s) {
    Table t;
    t.spec = s;
    const double hx = s.length / 2;
    const double hy = s.width / 2;
    if (is_carom(s)) {
        // Four whole rails, in the pool order: head, foot, then the long rails (-y, +y).
        t.cushions = {{{-hx, -hy}, {-hx, hy}},
                      {{hx, -hy}, {hx, hy}},
                      {{-hx, -hy}, {hx, -hy}},
                      {{-hx, hy}, {hx, hy}}};
        t.is_jaw.assign(t.cushions.size(), false);
        return t;
    }
    const double cp = s.corner_mouth / std::sqrt(2.0); // nose end to corner point, each rail
    const double sp = s.side_mouth / 2;

    // Rail noses: head rail (x = -hx), foot rail (x = +hx), two segments on each long rail.
    t.cushions.push_back({{-hx, -hy + cp}, {-hx, hy - cp}});
    t.cushions.push_back({{hx, -hy + cp}, {hx, hy - cp}});
    t.cushions.push_back({{-hx + cp, -hy}, {-sp, -hy}});
    t.cushions.push_back({{sp, -hy}, {hx - cp, -hy}});
    t.cushions.push_back({{-hx + cp, hy}, {-sp, hy}});
    t.cushions.push_back({{sp, hy}, {hx - cp, hy}});
    t.is_jaw.assign(t.cushions.size(), false);

    const bool rounded = s.kind == "snooker";
    auto add_jaw = [&](Vec2 tip, Vec2 away, Vec2 outward, double angle) {
        const Vec2 dir = jaw_direction(away, outward, angle);
        if (!rounded) {
            t.cushions.push_back({tip, tip + dir * s.jaw_depth});
            t.is_jaw.push_back(true);
            return;
        }
        // The nose rounds off into the pocket: an arc tangent to the nose at the tip, centred
        // in the rail, turning from -away to dir; then straight on to the jaw depth.
        const double turn = deg_to_rad(180.0 - angle);
        const double r = kSnookerJawRadius;
        const Vec2 centre = tip + outward * r;
        Vec2 p = tip;
        for (int k = 1; k <= kSnookerJawArcSegments; ++k) {
            const double a = turn * k / kSnookerJawArcSegments;
            // From the centre the tip lies at -outward; it turns towards -away.
            const Vec2 q = centre - outward * (r * std::cos(a)) - away * (r * std::sin(a));
            t.cushions.push_back({p, q});
            t.is_jaw.push_back(true);
            p = q;
        }
        const double depth = r * (1.0 - std::cos(turn)); // already reached into the rail
        const double rest = std::max(s.jaw_depth - depth, 0.25 * s.jaw_depth);
        t.cushions.push_back({p, p + dir * (rest / std::max(dot(dir, outward), 0.1))});
        t.is_jaw.push_back(true);
    };
    // Corner pockets, in the order (-,-), (+,-), (-,+), (+,+).
    for (int sy : {-1, 1}) {
        for (int sx : {-1, 1}) {
            const double fx = sx, fy = sy;
            // Jaw on the long rail and on the short rail of this corner.
            add_jaw({fx * (hx - cp), fy * hy}, {-fx, 0.0}, {0.0, fy}, s.corner_jaw_angle);
            add_jaw({fx * hx, fy * (hy - cp)}, {0.0, -fy}, {fx, 0.0}, s.corner_jaw_angle);
            const Vec2 corner{fx * hx, fy * hy};
            const Vec2 out = normalized(Vec2{fx, fy});
            t.pockets.push_back({corner + out * s.corner_pocket_offset, s.corner_pocket_radius});
        }
    }
    // Side pockets: bottom (-y) then top (+y).
    for (int sy : {-1, 1}) {
        const double fy = sy;
        add_jaw({-sp, fy * hy}, {-1.0, 0.0}, {0.0, fy}, s.side_jaw_angle);
        add_jaw({sp, fy * hy}, {1.0, 0.0}, {0.0, fy}, s.side_jaw_angle);
        t.pockets.push_back({{0.0, fy * (hy + s.side_pocket_offset)}, s.side_pocket_radius});
    }
    return t;
}

std::string pocket_name(int pocket) {
    switch (pocket) {
    case 0:
        return "bottom-left corner";
    case 1:
        return "bottom-right corner";
    case 2:
        return "top-left corner";
    case 3:
        return "top-right corner";
    case 4:
        return "bottom side";
    case 5:
        return "top side";
    default:
        return "pocket " + std::to_string(pocket);
    }
}

} // namespace billiards::game
