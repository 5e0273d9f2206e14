// The table, built from the cushion segments and pocket circles physics collides with: the
// rubber of each rail is the polygon between its nose segment and the far ends of the
// jaws that meet it, so the edges on screen are the edges balls bounce off.
#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "game/rack.hpp"
#include "game/snooker/snooker_table.hpp"
#include "render/parts.hpp"

namespace billiards::render {

namespace {

constexpr double kRubberDepth = 0.035; // m, when no jaw gives the rubber's far edge
constexpr Color kRubber = {24, 96, 60, 255};
constexpr Color kCaromRubber = {22, 70, 138, 255}; // the cloth over a carom cushion
constexpr Color kCaromRail = {40, 30, 26, 255};    // dark lacquered wood of a match table
constexpr Color kRail = {96, 48, 22, 255};
constexpr Color kRailEdge = {58, 28, 12, 255};
constexpr Color kDiamond = {236, 226, 200, 255};
constexpr Color kPocket = {6, 6, 7, 255};
constexpr Color kLiner = {34, 26, 22, 255};

bool is_jaw(const game::Table& t, std::size_t i) {
    return i < t.is_jaw.size() && t.is_jaw[i];
}

bool same_point(Vec2 a, Vec2 b) {
    return length_sq(a - b) < 1e-18;
}

// The points of the jaw that leaves the nose end `tip`, tip excluded, out to its far end:
// one for a pool jaw, the arc and its straight piece for a rounded (snooker) jaw.
std::vector<Vec2> jaw_from(const game::Table& t, Vec2 tip) {
    std::vector<Vec2> chain;
    std::vector<bool> used(t.cushions.size(), false);
    Vec2 at = tip;
    for (bool found = true; found;) {
        found = false;
        for (std::size_t i = 0; i < t.cushions.size() && !found; ++i) {
            if (!is_jaw(t, i) || used[i]) continue;
            const physics::Cushion& c = t.cushions[i];
            if (same_point(c.a, at) || same_point(c.b, at)) {
                at = same_point(c.a, at) ? c.b : c.a;
                used[i] = true;
                chain.push_back(at);
                found = true;
            }
        }
    }
    return chain;
}

Vec2 box_center(const Box& b) {
    return (b.min + b.max) * 0.5;
}

// Unit normal of segment a-b pointing away from `center`.
Vec2 outward(Vec2 a, Vec2 b, Vec2 center) {
    Vec2 n = normalized(perp(b - a));
    if (dot(n, (a + b) * 0.5 - center) < 0.0) n = -n;
    return n;
}

void cloth(Painter& p, const Layout& l, const Box& box, Color base) {
    // A soft vignette (lighter in the middle) on a grid so the gradient stays round.
    const Vec2 c = box_center(box);
    const double hx = (box.max.x - box.min.x) / 2, hy = (box.max.y - box.min.y) / 2;
    auto shade = [&](Vec2 q) {
        const double dx = (q.x - c.x) / hx, dy = (q.y - c.y) / hy;
        const double d = std::min(std::sqrt(dx * dx + dy * dy) / std::sqrt(2.0), 1.0);
        return mix(scaled(base, 1.07), scaled(base, 0.80), d * d);
    };
    constexpr int nx = 12, ny = 6;
    for (int i = 0; i < nx; ++i) {
        for (int j = 0; j < ny; ++j) {
            const Vec2 q00{box.min.x + 2 * hx * i / nx, box.min.y + 2 * hy * j / ny};
            const Vec2 q11{box.min.x + 2 * hx * (i + 1) / nx, box.min.y + 2 * hy * (j + 1) / ny};
            const Vec2 q10{q11.x, q00.y}, q01{q00.x, q11.y};
            p.triangle(l.to_screen(q00), l.to_screen(q10), l.to_screen(q11), shade(q00), shade(q10),
                       shade(q11));
            p.triangle(l.to_screen(q00), l.to_screen(q11), l.to_screen(q01), shade(q00), shade(q11),
                       shade(q01));
        }
    }
}

void rails(Painter& p, const Layout& l, const game::Table& t, const TableBounds& b) {
    const Color wood = game::is_carom(t.spec) ? kCaromRail : kRail;
    const double rail = std::max(t.spec.rail_width, 0.01);
    const Vec2 tl = l.to_screen({b.noses.min.x - rail, b.noses.max.y + rail});
    const Vec2 br = l.to_screen({b.noses.max.x + rail, b.noses.min.y - rail});
    const double w = br.x - tl.x, h = br.y - tl.y, bevel = l.table_pixels(0.012);
    p.rounded_rect(tl.x, tl.y, w, h, l.table_pixels(rail * 0.45), kRailEdge);
    p.rounded_rect(tl.x + bevel, tl.y + bevel, w - 2 * bevel, h - 2 * bevel,
                   l.table_pixels(rail * 0.45) - bevel, wood);
    // A lighter band along the middle of the wood, where the light catches the rail top.
    const double in = l.table_pixels(rail * 0.35);
    p.rounded_rect(tl.x + in, tl.y + in, w - 2 * in, h - 2 * in, l.table_pixels(rail * 0.2),
                   scaled(wood, 1.12));
}

void rubber(Painter& p, const Layout& l, const game::Table& t, Vec2 center, Color base) {
    for (std::size_t i = 0; i < t.cushions.size(); ++i) {
        if (is_jaw(t, i)) continue;
        const physics::Cushion& c = t.cushions[i];
        const Vec2 n = outward(c.a, c.b, center);
        // A carom table's rails meet in the corners: mitre their rubber into the corner.
        const Vec2 along = game::is_carom(t.spec) ? normalized(c.b - c.a) * kRubberDepth : Vec2{};
        std::vector<Vec2> ja = jaw_from(t, c.a), jb = jaw_from(t, c.b);
        if (ja.empty()) ja.push_back(c.a + n * kRubberDepth - along);
        if (jb.empty()) jb.push_back(c.b + n * kRubberDepth + along);
        const Vec2 fa = ja.back(), fb = jb.back();
        const double depth = std::max({dot(fa - c.a, n), dot(fb - c.a, n), 1e-6});
        auto shade = [&](Vec2 s) {
            const double d = std::clamp(dot(l.to_table(s) - c.a, n) / depth, 0.0, 1.0);
            return mix(scaled(base, 1.18), scaled(base, 0.72), d);
        };
        // The nose, out along one jaw and back along the other (convex: each jaw turns by
        // less than a right angle).
        std::vector<Vec2> poly{l.to_screen(c.a), l.to_screen(c.b)};
        for (const Vec2& q : jb)
            poly.push_back(l.to_screen(q));
        for (auto it = ja.rbegin(); it != ja.rend(); ++it)
            poly.push_back(l.to_screen(*it));
        p.convex_shaded(poly, std::nullopt, shade);
    }
    // The noses and jaws themselves: a fine light edge where balls make contact.
    for (const physics::Cushion& c : t.cushions)
        p.line(l.to_screen(c.a), l.to_screen(c.b), std::max(1.0, l.table_pixels(0.003)),
               scaled(base, 1.3));
}

void pockets(Painter& p, const Layout& l, const game::Table& t) {
    for (const physics::Pocket& k : t.pockets) {
        const Vec2 c = l.to_screen(k.center);
        const double r = l.table_pixels(k.radius);
        p.circle(c, r * 1.22, kLiner);
        p.circle_gradient(c, r, c + Vec2{r * 0.2, r * 0.25}, kPocket, Color{26, 26, 28, 255});
    }
}

void diamonds(Painter& p, const Layout& l, const game::Table& t, const TableBounds& b) {
    const double rail = std::max(t.spec.rail_width, 0.01);
    const Box& n = b.noses;
    const double len = n.max.x - n.min.x, wid = n.max.y - n.min.y;
    const double depth = std::max(b.inner.max.y - n.max.y, 0.0);
    const double off = (depth + rail) / 2; // middle of the wood, from the nose line
    const double s = l.table_pixels(0.011);
    auto diamond = [&](Vec2 q) {
        const Vec2 c = l.to_screen(q);
        p.convex({{c.x, c.y - s}, {c.x + s * 0.6, c.y}, {c.x, c.y + s}, {c.x - s * 0.6, c.y}},
                 kDiamond);
    };
    for (int k = 1; k < 8; ++k) {
        if (k == 4) continue; // side pockets
        const double x = n.min.x + len * k / 8;
        diamond({x, n.max.y + off});
        diamond({x, n.min.y - off});
    }
    for (int k = 1; k < 4; ++k) {
        const double y = n.min.y + wid * k / 4;
        diamond({n.min.x - off, y});
        diamond({n.max.x + off, y});
    }
}

// Carom: the diamonds of game::rail_diamonds (the aim aid's too), round mother-of-pearl sights.
void carom_marks(Painter& p, const Layout& l, const game::Table& t) {
    const double rail = std::max(t.spec.rail_width, 0.01);
    const double off = (kRubberDepth + rail) / 2; // the middle of the wood behind the rubber
    const double s = l.table_pixels(0.009);
    for (const game::RailDiamond& d : game::rail_diamonds(t.spec)) {
        const Vec2 c = l.to_screen(d.nose + d.outward * off);
        p.circle(c, s * 1.25, scaled(kDiamond, 0.55));
        p.circle(c, s, kDiamond);
    }
}

void spots(Painter& p, const Layout& l, const game::Table& t) {
    const double r = std::max(1.5, l.table_pixels(0.004));
    const Color mark{235, 240, 235, 120};
    p.circle(l.to_screen(game::foot_spot(t.spec)), r, mark);
    p.circle(l.to_screen(game::head_spot(t.spec)), r, mark);
    // The head string, faint.
    const double x = game::head_spot(t.spec).x, hy = t.spec.width / 2;
    p.line(l.to_screen({x, -hy}), l.to_screen({x, hy}), 1.0, Color{235, 240, 235, 34});
}

// Snooker's markings: the baulk line across the table, the D behind it and the six spots.
void snooker_markings(Painter& p, const Layout& l, const game::Table& t) {
    namespace sn = game::snooker;
    const sn::Markings m = sn::markings(t.spec);
    const Color chalk{236, 240, 232, 170};
    const double w = std::max(1.0, l.table_pixels(0.003));
    const double hy = t.spec.width / 2;
    p.line(l.to_screen({m.baulk_x, -hy}), l.to_screen({m.baulk_x, hy}), w, chalk);
    constexpr int kArc = 48; // the D: a half circle towards the baulk cushion
    for (int k = 0; k < kArc; ++k) {
        const double a0 = kPi / 2 + kPi * k / kArc, a1 = kPi / 2 + kPi * (k + 1) / kArc;
        const Vec2 q0{m.baulk_x + m.d_radius * std::cos(a0), m.d_radius * std::sin(a0)};
        const Vec2 q1{m.baulk_x + m.d_radius * std::cos(a1), m.d_radius * std::sin(a1)};
        p.line(l.to_screen(q0), l.to_screen(q1), w, chalk);
    }
    const double r = std::max(1.5, l.table_pixels(0.005));
    for (const Vec2& s : m.spots)
        p.circle(l.to_screen(s), r, chalk);
}

} // namespace

void draw_table(Painter& p, const Layout& l, const game::Table& t) {
    const TableBounds b = table_bounds(t);
    const bool carom = game::is_carom(t.spec);
    const bool snooker = t.spec.kind == "snooker";
    rails(p, l, t, b);
    if (carom)
        carom_marks(p, l, t);
    else if (!snooker)
        diamonds(p, l, t, b); // a snooker table has plain rails
    cloth(p, l, b.inner, carom ? kCaromCloth : snooker ? kSnookerCloth : kCloth);
    pockets(p, l, t);
    // Snooker cushions are covered in the bed's cloth.
    rubber(p, l, t, box_center(b.noses),
           carom     ? kCaromRubber
           : snooker ? scaled(kSnookerCloth, 0.85)
                     : kRubber);
    if (snooker) {
        snooker_markings(p, l, t);
        return;
    }
    if (carom) { // the head, centre and foot spots where the balls are set up
        const double r = std::max(1.5, l.table_pixels(0.0045));
        for (Vec2 q : {game::head_spot(t.spec), Vec2{0.0, 0.0}, game::foot_spot(t.spec)})
            p.circle(l.to_screen(q), r, Color{235, 240, 245, 150});
        return;
    }
    // Spots only make sense on a table built from a spec (one with jaws).
    if (std::find(t.is_jaw.begin(), t.is_jaw.end(), true) != t.is_jaw.end()) spots(p, l, t);
}

void draw_table_geometry(Painter& p, const Layout& l, const game::Table& t) {
    for (std::size_t i = 0; i < t.cushions.size(); ++i) {
        const physics::Cushion& c = t.cushions[i];
        const Color col = is_jaw(t, i) ? Color{255, 80, 200, 230} : Color{255, 170, 40, 230};
        p.line(l.to_screen(c.a), l.to_screen(c.b), 1.5, col);
        p.circle(l.to_screen(c.a), 2.0, col);
        p.circle(l.to_screen(c.b), 2.0, col);
    }
    for (const physics::Pocket& k : t.pockets)
        p.ring(l.to_screen(k.center), l.table_pixels(k.radius), 1.5, Color{80, 220, 255, 230});
}

} // namespace billiards::render
