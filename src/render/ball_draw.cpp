// Balls seen from above: a sphere lit from the upper left (ambient + diffuse per vertex),
// a stripe band for 9-15, a white number disc, a soft shadow and a gloss highlight.
#include <algorithm>
#include <cmath>
#include <string>

#include "render/parts.hpp"

namespace billiards::render {

namespace {

constexpr Color kDiscWhite{250, 248, 240, 255};

// Brightness of the sphere's surface seen at screen point p (ball centre c, radius r).
double lighting(Vec2 c, double r, Vec2 p) {
    const double dx = (p.x - c.x) / r, dy = (p.y - c.y) / r;
    const double nz = std::sqrt(std::max(1.0 - dx * dx - dy * dy, 0.0));
    // Light from the upper left and in front (unit vector).
    constexpr double lx = -0.36, ly = -0.44, lz = 0.8225;
    const double diffuse = std::max(dx * lx + dy * ly + nz * lz, 0.0);
    return 0.45 + 0.66 * diffuse;
}

Color shade(Color base, Vec2 c, double r, Vec2 p) {
    return scaled(base, lighting(c, r, p));
}

// The stripe: the part of the disc between two chords at +-h, meshed in rows so the
// lighting stays smooth, with soft edges all round.
void stripe_band(Painter& p, Color color, Vec2 c, double r) {
    const double h = 0.62 * r;
    constexpr int rows = 6, cols = 8;
    auto at = [&](int i, int j) { // row i (top to bottom), column j (left to right)
        const double y = -h + 2 * h * i / rows;
        const double half = std::sqrt(std::max(r * r - y * y, 0.0)) - 0.5;
        return c + Vec2{-half + 2 * half * j / cols, y};
    };
    auto col = [&](Vec2 q) { return shade(color, c, r, q); };
    for (int i = 0; i < rows; ++i) {
        for (int j = 0; j < cols; ++j) {
            const Vec2 a = at(i, j), b = at(i, j + 1), d = at(i + 1, j), e = at(i + 1, j + 1);
            p.triangle(a, b, e, col(a), col(b), col(e));
            p.triangle(a, e, d, col(a), col(e), col(d));
        }
        // Left and right ends follow the rim.
        const Vec2 l0 = at(i, 0), l1 = at(i + 1, 0), r0 = at(i, cols), r1 = at(i + 1, cols);
        p.feather_edge(l0, l1, l0 - Vec2{1, 0}, l1 - Vec2{1, 0}, col(l0), col(l1));
        p.feather_edge(r0, r1, r0 + Vec2{1, 0}, r1 + Vec2{1, 0}, col(r0), col(r1));
    }
    for (int j = 0; j < cols; ++j) {
        const Vec2 t0 = at(0, j), t1 = at(0, j + 1), b0 = at(rows, j), b1 = at(rows, j + 1);
        p.feather_edge(t0, t1, t0 - Vec2{0, 1}, t1 - Vec2{0, 1}, col(t0), col(t1));
        p.feather_edge(b0, b1, b0 + Vec2{0, 1}, b1 + Vec2{0, 1}, col(b0), col(b1));
    }
}

} // namespace

void draw_ball_shadow(Painter& p, Vec2 c, double r) {
    p.glow(c + Vec2{0.18 * r, 0.24 * r}, r * 1.3, Color{0, 0, 0, 130});
}

BallSet ball_set(const game::Table& table) {
    return table.spec.kind == "snooker" ? BallSet::Snooker : BallSet::Pool;
}

void draw_ball_body(Painter& p, int number, Vec2 c, double r, BallSet set) {
    const BallStyle style = ball_style(number, set);
    // The 8 (the black) is nearly black: light it as a dark grey so its roundness shows.
    const bool black = set == BallSet::Pool ? number == 8 : number == 21;
    const Color base = style.stripe ? kCueWhite : black ? Color{34, 34, 38, 255} : style.color;
    p.disc_shaded(c, r, [&](Vec2 q) { return shade(base, c, r, q); });
    if (style.stripe) stripe_band(p, style.color, c, r);
    if (style.numbered)
        p.disc_shaded(c, r * 0.5, [&](Vec2 q) {
            return shade(kDiscWhite, c, r, c + (q - c) * 0.6); // the disc is near the top
        });
}

void draw_plain_ball(Painter& p, Color color, Vec2 c, double r) {
    p.disc_shaded(c, r, [&](Vec2 q) { return shade(color, c, r, q); });
}

void draw_ball_number(Text& text, int number, Vec2 c, double r, BallSet set) {
    if (!ball_style(number, set).numbered) return;
    const std::string s = std::to_string(number);
    const double px = r * (s.size() > 1 ? 0.66 : 0.76);
    text.draw(s, {c.x, c.y + r * 0.03}, px, Color{18, 18, 20, 255}, true, Align::Center, true);
}

void draw_ball_gloss(Painter& p, Vec2 c, double r) {
    p.glow(c + Vec2{-0.40 * r, -0.46 * r}, r * 0.40, Color{255, 255, 255, 170});
}

} // namespace billiards::render
