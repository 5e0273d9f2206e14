// What is drawn over the balls: the cue stick, the aim line with its ghost ball, the
// cue-ball placement marker and the debug vectors.
#include <algorithm>
#include <cmath>

#include "render/parts.hpp"

namespace billiards::render {

namespace {

constexpr double kVectorSeconds = 0.25; // a velocity arrow shows this much travel...
constexpr double kVectorMax = 0.6;      // ...up to this many metres (a break stays on screen)
constexpr Color kVelocity{255, 214, 64, 235};
constexpr Color kSpin{90, 225, 255, 235};
constexpr Color kSideSpin{255, 110, 220, 235};

struct CueSection {
    double length; // m
    Color color;
};

// From the tip back to the butt: chalked tip, ferrule, maple shaft, joint, forearm, wrap.
constexpr CueSection kSections[] = {
    {0.010, {70, 112, 176, 255}},  {0.022, {240, 236, 222, 255}}, {0.700, {224, 190, 138, 255}},
    {0.022, {196, 196, 204, 255}}, {0.420, {104, 48, 22, 255}},   {0.230, {30, 30, 34, 255}},
    {0.060, {86, 38, 18, 255}},    {0.020, {18, 18, 20, 255}},
};
constexpr double kTipRadius = 0.0065, kButtRadius = 0.0150;

double cue_length() {
    double s = 0.0;
    for (const CueSection& c : kSections)
        s += c.length;
    return s;
}

} // namespace

void draw_debug_vectors(Painter& p, const Layout& l, const BallView& b) {
    if (b.pocketed) return;
    const Vec2 c = l.to_screen(b.position);
    const double r = l.table_pixels(b.radius);
    auto capped = [](Vec2 v) {
        const double len = length(v);
        return len > kVectorMax ? v * (kVectorMax / len) : v;
    };
    if (length_sq(b.velocity) > 1e-8)
        p.arrow(c, l.to_screen(b.position + capped(b.velocity * kVectorSeconds)), 2.0, kVelocity);
    // (wx, wy) as the surface speed it gives, on the same scale as the velocity.
    const Vec2 w{b.spin.x, b.spin.y};
    if (length_sq(w) > 1e-6)
        p.arrow(c, l.to_screen(b.position + capped(w * (b.radius * kVectorSeconds))), 1.5, kSpin);
    if (std::abs(b.spin.z) > 1e-3) {
        // Side spin as an arc around the ball: one full turn at 60 rad/s. Counter-clockwise in
        // the table frame is counter-clockwise on screen too (negative screen angles).
        const double span = std::min(std::abs(b.spin.z) / 60.0, 1.0) * 2.0 * kPi;
        const double a0 = -kPi / 2, a1 = b.spin.z > 0 ? a0 - span : a0 + span;
        p.arc(c, r * 1.4, std::min(a0, a1), std::max(a0, a1), 1.5, kSideSpin);
        p.circle({c.x + r * 1.4 * std::cos(a1), c.y + r * 1.4 * std::sin(a1)}, 2.5, kSideSpin);
    }
}

void draw_aim(Painter& p, const Layout& l, const AimView& aim) {
    if (!aim.visible) return;
    const Vec2 dir = normalized(aim.ghost - aim.from);
    const double w = std::max(1.2, l.pixels(0.0035));
    if (length(aim.ghost - aim.from) > aim.radius * 2)
        p.line(l.to_screen(aim.from + dir * aim.radius), l.to_screen(aim.ghost - dir * aim.radius),
               w, Color{255, 255, 255, 150});
    const Vec2 g = l.to_screen(aim.ghost);
    const double r = l.table_pixels(aim.radius);
    p.circle(g, r, Color{255, 255, 255, 36});
    p.ring(g, r, std::max(1.2, l.pixels(0.003)), Color{255, 255, 255, 200});
    auto trail = [&](Vec2 from, Vec2 d, double len, Color c) {
        p.line_gradient(l.to_screen(from), l.to_screen(from + d * len), w, c, with_alpha(c, 0));
    };
    if (aim.hits_ball) {
        trail(aim.object + aim.object_dir * aim.radius, aim.object_dir,
              std::max(aim.object_reach, 0.0), Color{255, 255, 255, 210});
        if (length_sq(aim.cue_dir) > 0.0)
            trail(aim.ghost + aim.cue_dir * aim.radius, aim.cue_dir, 0.20,
                  Color{160, 215, 255, 170});
    } else if (aim.hits_cushion) {
        trail(aim.ghost, aim.bounce_dir, 0.25, Color{255, 255, 255, 150});
    }
}

void draw_cue(Painter& p, const Layout& l, const CueView& cue) {
    if (!cue.visible) return;
    const Vec2 d{std::cos(cue.heading), std::sin(cue.heading)};
    const Vec2 n = perp(d);
    const double total = cue_length();
    // Seen from above, a raised stick is shorter by cos(elevation); its shadow falls further
    // from it the higher it rises.
    const double flat = std::cos(std::clamp(cue.elevation, 0.0, 1.5));
    const Vec2 tip = cue.ball - d * (cue.ball_radius + 0.008 + std::max(cue.pull, 0.0)) * flat;
    const double total_flat = total * flat;
    auto radius_at = [&](double s) { return kTipRadius + (kButtRadius - kTipRadius) * s / total; };
    // Shadow on the cloth first: the whole stick's outline, offset and soft.
    const Vec2 shadow = Vec2{0.010, -0.014} * (1.0 + 6.0 * (1.0 - flat));
    const Vec2 butt = tip - d * total_flat;
    p.convex(
        {l.to_screen(tip + n * kTipRadius + shadow), l.to_screen(butt + n * kButtRadius + shadow),
         l.to_screen(butt - n * kButtRadius + shadow), l.to_screen(tip - n * kTipRadius + shadow)},
        Color{0, 0, 0, 70});
    double s = 0.0;
    for (const CueSection& sec : kSections) {
        const double r0 = radius_at(s), r1 = radius_at(s + sec.length);
        const Vec2 a = tip - d * (s * flat), b = tip - d * ((s + sec.length) * flat);
        // Rounded look: light along the axis, dark at the edges.
        const Color mid = scaled(sec.color, 1.22), edge = scaled(sec.color, 0.62);
        const Vec2 a_l = l.to_screen(a + n * r0), a_r = l.to_screen(a - n * r0);
        const Vec2 b_l = l.to_screen(b + n * r1), b_r = l.to_screen(b - n * r1);
        // The light side is a little off the axis, towards the upper left of the screen.
        const Vec2 ma = l.to_screen(a + n * (r0 * 0.3)), mb = l.to_screen(b + n * (r1 * 0.3));
        p.triangle(a_l, b_l, mb, edge, edge, mid);
        p.triangle(a_l, mb, ma, edge, mid, mid);
        p.triangle(ma, mb, b_r, mid, mid, edge);
        p.triangle(ma, b_r, a_r, mid, edge, edge);
        s += sec.length;
    }
    // Feathered outline so the long edges are smooth too.
    const Color outline{20, 14, 10, 110};
    p.line(l.to_screen(tip + n * kTipRadius), l.to_screen(butt + n * kButtRadius), 1.0, outline);
    p.line(l.to_screen(tip - n * kTipRadius), l.to_screen(butt - n * kButtRadius), 1.0, outline);
}

void draw_placement(Painter& p, const Layout& l, const PlacementView& pl) {
    if (!pl.active) return;
    const Vec2 c = l.to_screen(pl.position);
    const double r = l.table_pixels(pl.radius);
    const Color mark = pl.valid ? Color{90, 230, 120, 230} : Color{240, 70, 60, 230};
    draw_ball_shadow(p, c, r);
    draw_ball_body(p, 0, c, r);
    p.circle(c, r, Color{255, 255, 255, pl.valid ? std::uint8_t{0} : std::uint8_t{90}});
    p.ring(c, r * 1.25, 2.0, mark);
    if (!pl.valid) {
        const double k = r * 0.55;
        p.line({c.x - k, c.y - k}, {c.x + k, c.y + k}, 2.5, mark);
        p.line({c.x - k, c.y + k}, {c.x + k, c.y - k}, 2.5, mark);
    }
}

} // namespace billiards::render

namespace billiards::render {

void draw_pocket_marks(Painter& p, const Layout& l, const game::Table& table,
                       const PocketMarks& m) {
    if (!m.visible) return;
    for (std::size_t i = 0; i < table.pockets.size(); ++i) {
        const physics::Pocket& pk = table.pockets[i];
        const Vec2 c = l.to_screen(pk.center);
        const double r = l.table_pixels(pk.radius) * 1.55;
        const int k = static_cast<int>(i);
        if (k == m.called) {
            p.glow(c, r * 1.25, Color{255, 214, 64, 120});
            p.ring(c, r, std::max(2.5, l.pixels(0.006)), Color{255, 214, 64, 255});
        } else {
            p.ring(c, r, std::max(1.5, l.pixels(0.003)),
                   k == m.hover ? Color{255, 255, 255, 230} : Color{255, 255, 255, 110});
        }
    }
}

void draw_rings(Painter& p, const Layout& l, const std::vector<TableRing>& rings) {
    const double w = std::max(1.2, l.pixels(0.0028));
    for (const TableRing& r : rings)
        p.ring(l.to_screen(r.center), l.table_pixels(r.radius), w,
               r.faint ? Color{200, 230, 255, 90} : Color{200, 230, 255, 190});
}

void draw_paths(Painter& p, const Layout& l, const std::vector<PathView>& paths, bool carom) {
    const double w = std::max(1.2, l.pixels(0.0028));
    for (const PathView& path : paths) {
        const Color c = carom          ? with_alpha(carom_ball_style(path.id).color, 220)
                        : path.id == 0 ? Color{200, 230, 255, 170}
                        : path.id == 8 ? Color{150, 150, 160, 200}
                                       : with_alpha(ball_style(path.id).color, 210);
        for (std::size_t i = 1; i < path.points.size(); ++i)
            p.line(l.to_screen(path.points[i - 1]), l.to_screen(path.points[i]), w, c);
        if (!path.points.empty()) {
            const Vec2 end = l.to_screen(path.points.back());
            if (path.pocketed)
                p.circle(end, w * 2.5, c);
            else
                p.ring(end, w * 3.0, 1.2, c);
        }
    }
}

} // namespace billiards::render
