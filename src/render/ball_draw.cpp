// Balls seen from above: a sphere lit from the upper left whose markings (a number disc on
// two opposite poles, a stripe band, a cue ball's spots) are painted in the ball's own frame
// and turned by its orientation, so the ball is seen to roll, draw and spin; a soft shadow
// and a gloss highlight that do not turn.
//
// The table's balls are painted pixel by pixel into sprites (paint_ball): the software
// renderer's cost is per triangle, and a sprite is one copy. The HUD's small balls are
// meshes (draw_ball_body), coloured by the same surface().
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "render/parts.hpp"

namespace billiards::render {

namespace {

constexpr Color kDiscWhite{250, 248, 240, 255};
constexpr Color kSpotRed{196, 30, 36, 255};
constexpr Color kInk{18, 18, 20, 255};

// Markings in the ball's frame, as cosines and sines of their angular radii: the number
// discs round +-z (30 degrees), the stripe band within 0.62 of the y axis' equator, the
// spots on +-x, +-y, +-z (10 degrees).
const double kDiscCos = std::cos(deg_to_rad(30.0)), kDiscSin = 0.5;
constexpr double kBand = 0.62;
const double kBandCos = std::sqrt(1.0 - kBand * kBand);
const double kSpotCos = std::cos(deg_to_rad(10.0)), kSpotSin = std::sin(deg_to_rad(10.0));

// Light from the upper left and in front (unit vector, screen axes: y down).
constexpr double kLx = -0.36, kLy = -0.44, kLz = 0.8225;

// Brightness of the surface whose normal is (dx, dy, nz) in screen axes.
double lighting(double dx, double dy, double nz) {
    return 0.45 + 0.66 * std::max(dx * kLx + dy * kLy + nz * kLz, 0.0);
}

Color shade(Color base, Vec2 c, double r, Vec2 p) {
    const double dx = (p.x - c.x) / r, dy = (p.y - c.y) / r;
    return scaled(base, lighting(dx, dy, std::sqrt(std::max(1.0 - dx * dx - dy * dy, 0.0))));
}

// 1 outside a marking, 0 inside, smooth across its edge: `inside` is how far in (radians,
// negative outside), `edge` about a pixel in radians.
double outside(double inside, double edge) {
    return std::clamp(0.5 - inside / edge, 0.0, 1.0);
}

struct Look {
    Color base; // the ball (white for a stripe or a cue ball)
    Color band; // the stripe's colour
    bool stripe = false;
    bool numbered = false;
    bool spots = false; // a cue ball's six red spots
};

Look look_of(int number, BallSet set) {
    const BallStyle style = ball_style(number, set);
    // The 8 (the black) is nearly black: light it as a dark grey so its roundness shows.
    const bool black = set == BallSet::Pool ? number == 8 : number == 21;
    Look look;
    look.base = style.stripe || number <= 0 ? kCueWhite
                : black                     ? Color{34, 34, 38, 255}
                                            : style.color;
    look.band = style.color;
    look.stripe = style.stripe;
    look.numbered = style.numbered;
    look.spots = number <= 0;
    return look;
}

// The ball's colour at the surface point n (unit, the ball's frame). Distances to the
// edges are taken along the surface to first order (no inverse trigonometry per point).
Color surface(const Look& look, Vec3 n, double edge) {
    Color c = look.base;
    if (look.stripe) c = mix(look.band, c, outside((kBand - std::fabs(n.y)) / kBandCos, edge));
    if (look.numbered)
        c = mix(kDiscWhite, c, outside((std::fabs(n.z) - kDiscCos) / kDiscSin, edge));
    if (look.spots) {
        const double nearest = std::max({std::fabs(n.x), std::fabs(n.y), std::fabs(n.z)});
        c = mix(kSpotRed, c, outside((nearest - kSpotCos) / kSpotSin, edge));
    }
    return c;
}

// The number's text laid on the disc that faces the viewer: printed upright along the
// ball's y axis and read from outside the ball (so mirrored in x on the -z disc). Its box
// is flat on the disc's tangent plane, pressed onto the sphere towards the centre. hw, hh:
// the box's half sizes in units of the radius.
struct Decal {
    const Text::Bitmap* bitmap = nullptr;
    double hw = 0.0, hh = 0.0;
};

Decal decal_of(Text* text, int number, BallSet set, double r) {
    Decal d;
    if (!text || !ball_style(number, set).numbered) return d;
    const std::string s = std::to_string(number);
    d.bitmap = text->bitmap(s, r * (s.size() > 1 ? 0.66 : 0.76), true);
    if (d.bitmap && d.bitmap->w > 0 && d.bitmap->h > 0) {
        d.hw = 0.5 * d.bitmap->w / r;
        d.hh = 0.5 * d.bitmap->h / r;
    } else {
        d.bitmap = nullptr;
    }
    return d;
}

// The text's coverage (0..1) at the surface point n (the ball's frame), bilinear.
double ink_at(const Decal& d, Vec3 n) {
    if (!d.bitmap || std::fabs(n.z) < kDiscCos - 0.05) return 0.0;
    const double a = n.x / n.z / d.hw, b = n.y / std::fabs(n.z) / d.hh;
    const double u = 0.5 * (a + 1.0) * d.bitmap->w - 0.5, v = 0.5 * (1.0 - b) * d.bitmap->h - 0.5;
    const int x0 = static_cast<int>(std::floor(u)), y0 = static_cast<int>(std::floor(v));
    if (x0 < -1 || y0 < -1 || x0 >= d.bitmap->w || y0 >= d.bitmap->h) return 0.0;
    auto texel = [&](int x, int y) {
        if (x < 0 || y < 0 || x >= d.bitmap->w || y >= d.bitmap->h) return 0.0;
        return d.bitmap->alpha[static_cast<std::size_t>(y * d.bitmap->w + x)] / 255.0;
    };
    const double fx = u - x0, fy = v - y0;
    return (texel(x0, y0) * (1 - fx) + texel(x0 + 1, y0) * fx) * (1 - fy) +
           (texel(x0, y0 + 1) * (1 - fx) + texel(x0 + 1, y0 + 1) * fx) * fy;
}

// The ball's axes in the table's frame: a table vector's components along them are its
// components in the ball's frame.
struct Turn {
    Vec3 x, y, z;
    explicit Turn(const Quat& q)
        : x(to_table(q, {1, 0, 0})), y(to_table(q, {0, 1, 0})), z(to_table(q, {0, 0, 1})) {}
    Vec3 to_ball(Vec3 v) const { return {dot(x, v), dot(y, v), dot(z, v)}; }
};

std::uint32_t argb(Color c, double alpha) {
    const auto a = static_cast<std::uint32_t>(std::lround(std::clamp(alpha, 0.0, 1.0) * c.a));
    return (a << 24) | (std::uint32_t{c.r} << 16) | (std::uint32_t{c.g} << 8) | c.b;
}

} // namespace

void draw_ball_shadow(Painter& p, Vec2 c, double r) {
    p.glow(c + Vec2{0.18 * r, 0.24 * r}, r * 1.3, Color{0, 0, 0, 130});
}

BallSet ball_set(const game::Table& table) {
    return table.spec.kind == "snooker" ? BallSet::Snooker : BallSet::Pool;
}

void draw_ball_body(Painter& p, int number, Vec2 c, double r, BallSet set) {
    const Look look = look_of(number, set);
    const double edge = 1.0 / std::max(r, 1.0);
    p.disc_fine(c, r, [&](Vec2 s) {
        const double x = (s.x - c.x) / r, y = (c.y - s.y) / r;
        const double z = std::sqrt(std::max(1.0 - x * x - y * y, 0.0));
        return shade(surface(look, {x, y, z}, edge), c, r, s);
    });
}

void draw_plain_ball(Painter& p, Color color, Vec2 c, double r) {
    p.disc_shaded(c, r, [&](Vec2 q) { return shade(color, c, r, q); });
}

void draw_ball_number(Text& text, int number, Vec2 c, double r, BallSet set) {
    if (!ball_style(number, set).numbered) return;
    const std::string s = std::to_string(number);
    const double px = r * (s.size() > 1 ? 0.66 : 0.76);
    text.draw(s, {c.x, c.y + r * 0.03}, px, kInk, true, Align::Center, true);
}

void draw_ball_gloss(Painter& p, Vec2 c, double r) {
    p.glow(c + Vec2{-0.40 * r, -0.46 * r}, r * 0.40, Color{255, 255, 255, 170});
}

SpriteBox sprite_box(Vec2 c, double r, double reach) {
    SpriteBox b;
    b.x = static_cast<int>(std::floor(c.x - reach * r)) - 1;
    b.y = static_cast<int>(std::floor(c.y - reach * r)) - 1;
    b.w = static_cast<int>(std::ceil(c.x + reach * r)) + 2 - b.x;
    b.h = static_cast<int>(std::ceil(c.y + reach * r)) + 2 - b.y;
    return b;
}

void paint_shadow(std::uint32_t* px, int pitch, const SpriteBox& box, Vec2 c, double r) {
    const Vec2 centre = c + Vec2{0.18 * r, 0.24 * r};
    const double reach = 1.3 * r;
    for (int j = 0; j < box.h; ++j) {
        for (int i = 0; i < box.w; ++i) {
            const Vec2 p{box.x + i + 0.5, box.y + j + 0.5};
            const double f = std::max(0.0, 1.0 - length(p - centre) / reach);
            px[j * pitch + i] = argb(Color{0, 0, 0, 130}, f);
        }
    }
}

void paint_ball(std::uint32_t* px, int pitch, const SpriteBox& box, Vec2 c, double r,
                const BallPaint& paint) {
    Look look;
    Decal decal;
    if (paint.carom) {
        look.base = carom_ball_style(paint.number).color;
        look.spots = paint.number != 2; // the two cue balls; the red is plain
    } else {
        look = look_of(paint.number, paint.set);
        decal = decal_of(paint.text, paint.number, paint.set, r);
    }
    const Turn turn(paint.orientation);
    const double edge = 1.0 / std::max(r, 1.0);
    const Vec2 gloss = c + Vec2{-0.40 * r, -0.46 * r};
    for (int j = 0; j < box.h; ++j) {
        for (int i = 0; i < box.w; ++i) {
            const Vec2 p{box.x + i + 0.5, box.y + j + 0.5};
            const double dx = (p.x - c.x) / r, dy = (p.y - c.y) / r;
            const double d2 = dx * dx + dy * dy;
            const double cover = std::clamp(r - std::sqrt(d2) * r + 0.5, 0.0, 1.0);
            if (cover <= 0.0) {
                px[j * pitch + i] = 0;
                continue;
            }
            const double nz = std::sqrt(std::max(1.0 - d2, 0.0));
            const Vec3 n = turn.to_ball({dx, -dy, nz}); // screen y is the table's -y
            Color col = surface(look, n, edge);
            const double ink = ink_at(decal, n);
            if (ink > 0.0) col = mix(col, kInk, ink);
            col = scaled(col, lighting(dx, dy, nz));
            const double shine = std::max(0.0, 1.0 - length(p - gloss) / (0.40 * r));
            if (shine > 0.0) col = mix(col, Color{255, 255, 255, 255}, shine * 170.0 / 255.0);
            px[j * pitch + i] = argb(col, cover);
        }
    }
}

} // namespace billiards::render
