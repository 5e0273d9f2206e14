#include "render/layout.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace billiards::render {

namespace {

constexpr double kMargin = 0.04;     // m between the design's parts
constexpr double kHudBand = 0.17;    // m of text above the table
constexpr double kHelpBand = 0.07;   // m of text below the table
constexpr double kSideColumn = 0.50; // m: spin selector, power meter, messages and cards
constexpr double kPowerBar = 0.42;   // m, the power meter's height
// Pixels the text bands need at the smallest legible font sizes (small windows).
constexpr double kMinHudPixels = 66.0;
constexpr double kMinHelpPixels = 20.0;

struct BoxBuilder {
    Box box{{std::numeric_limits<double>::max(), std::numeric_limits<double>::max()},
            {std::numeric_limits<double>::lowest(), std::numeric_limits<double>::lowest()}};
    bool empty = true;
    void add(Vec2 p) {
        box.min = {std::min(box.min.x, p.x), std::min(box.min.y, p.y)};
        box.max = {std::max(box.max.x, p.x), std::max(box.max.y, p.y)};
        empty = false;
    }
};

Box grow(Box b, double d) {
    return {{b.min.x - d, b.min.y - d}, {b.max.x + d, b.max.y + d}};
}

} // namespace

TableBounds table_bounds(const game::Table& table) {
    BoxBuilder noses, inner;
    for (std::size_t i = 0; i < table.cushions.size(); ++i) {
        const physics::Cushion& c = table.cushions[i];
        inner.add(c.a);
        inner.add(c.b);
        const bool jaw = i < table.is_jaw.size() && table.is_jaw[i];
        if (!jaw) {
            noses.add(c.a);
            noses.add(c.b);
        }
    }
    if (noses.empty) { // no cushions at all: the spec's playing surface
        const double hx = table.spec.length / 2, hy = table.spec.width / 2;
        noses.add({-hx, -hy});
        noses.add({hx, hy});
        inner = noses;
    }
    TableBounds b;
    b.noses = noses.box;
    b.inner = inner.box;
    const double rail = std::max(table.spec.rail_width, 0.01);
    BoxBuilder outer;
    const Box frame = grow(b.noses, rail);
    outer.add(frame.min);
    outer.add(frame.max);
    outer.add(b.inner.min);
    outer.add(b.inner.max);
    for (const physics::Pocket& p : table.pockets) {
        outer.add(p.center - Vec2{p.radius, p.radius});
        outer.add(p.center + Vec2{p.radius, p.radius});
    }
    b.outer = outer.box;
    return b;
}

Layout make_layout(const game::Table& table, int width, int height, bool chrome,
                   const Camera& camera) {
    const Box outer = table_bounds(table).outer;
    const double ow = outer.max.x - outer.min.x;
    const double oh = outer.max.y - outer.min.y;
    // The design in metres: what has to fit, at one scale, in the output.
    const double margin = chrome ? kMargin : 0.03;
    const double design_w = chrome ? ow + kSideColumn + 3 * margin : ow + 2 * margin;
    const double design_h = chrome ? kHudBand + oh + kHelpBand : oh + 2 * margin;
    const double w = std::max(width, 1), h = std::max(height, 1);
    Layout l;
    l.chrome = chrome;
    l.scale = std::min(w / design_w, h / design_h);
    double hud = 0.0, help = 0.0; // text bands, pixels
    if (chrome) {
        if (kHudBand * l.scale < kMinHudPixels || kHelpBand * l.scale < kMinHelpPixels) {
            // The bands keep their minimum height; the table gets the rest.
            const double rest = h - kMinHudPixels - kMinHelpPixels;
            l.scale = std::max(std::min(w / design_w, rest / oh), 1e-3);
        }
        hud = std::max(kHudBand * l.scale, kMinHudPixels);
        help = std::max(kHelpBand * l.scale, kMinHelpPixels);
    }
    const double vw = design_w * l.scale;
    const double vh = chrome ? hud + oh * l.scale + help : design_h * l.scale;
    l.view = {(w - vw) / 2, (h - vh) / 2, vw, vh};
    const double top = l.view.y + (chrome ? hud : margin * l.scale); // outer box top
    const double left = l.view.x + margin * l.scale;                 // outer box left
    l.table = {left, top, ow * l.scale, oh * l.scale};
    l.table_scale = l.scale;
    l.origin = {left - outer.min.x * l.scale, top + outer.max.y * l.scale};
    if (camera.zoom > 1.0) {
        l.table_scale = l.scale * std::min(camera.zoom, kMaxZoom);
        const Vec2 mid{l.table.x + l.table.w / 2, l.table.y + l.table.h / 2};
        l.origin = {mid.x - camera.center.x * l.table_scale,
                    mid.y + camera.center.y * l.table_scale};
    }
    if (chrome) {
        l.hud = {l.view.x, l.view.y, vw, hud};
        const double side_x = left + (ow + margin) * l.scale;
        l.side = {side_x, top, kSideColumn * l.scale, oh * l.scale};
        l.spin_radius = 0.12 * l.scale;
        l.spin_center = {side_x + l.side.w / 2, top + 0.22 * l.scale};
        const double bar_w = 0.07 * l.scale;
        const double bar_top = top + 0.52 * l.scale;
        const double bar_bottom = top + std::min(oh - 0.06, 0.52 + kPowerBar) * l.scale;
        l.power = {side_x + (l.side.w - bar_w) / 2, bar_top, bar_w,
                   std::max(bar_bottom - bar_top, 1.0)};
        const double notes_top = bar_bottom + 0.10 * l.scale; // under the meter's value
        l.notes = {side_x, notes_top, l.side.w, std::max(top + oh * l.scale - notes_top, 0.0)};
    }
    return l;
}

HudText hud_text(const Layout& l) {
    return {std::max({l.pixels(0.036), l.hud.h * 0.21, 11.0}),
            std::max({l.pixels(0.033), l.hud.h * 0.19, 10.0})};
}

Rect messages_over_card(const Layout& l, std::size_t messages) {
    // Room for the newest messages: about four lines of the status text.
    const double h = messages == 0 ? 0.0 : std::min(hud_text(l).status * 6.0, l.notes.h * 0.5);
    return {l.notes.x, l.notes.y, l.notes.w, h};
}

Camera clamp_camera(const game::Table& table, const Layout& l, Camera c) {
    c.zoom = std::clamp(c.zoom, 1.0, kMaxZoom);
    const Box outer = table_bounds(table).outer;
    const Vec2 mid = (outer.min + outer.max) * 0.5;
    if (c.zoom <= 1.0) return {1.0, mid};
    // Half of what the area shows, in metres: the centre keeps the view on the table.
    const double ts = l.scale * c.zoom;
    const double hw = l.table.w / (2 * ts), hh = l.table.h / (2 * ts);
    c.center.x =
        std::clamp(c.center.x, outer.min.x + hw, std::max(outer.max.x - hw, outer.min.x + hw));
    c.center.y =
        std::clamp(c.center.y, outer.min.y + hh, std::max(outer.max.y - hh, outer.min.y + hh));
    return c;
}

Camera zoom_about(const game::Table& table, const Layout& l, const Camera& c, Vec2 s,
                  double factor) {
    const Vec2 p = l.to_table(s); // stays under the pointer
    Camera out;
    out.zoom = std::clamp(std::max(c.zoom, 1.0) * factor, 1.0, kMaxZoom);
    const double ts = l.scale * out.zoom;
    const Vec2 mid{l.table.x + l.table.w / 2, l.table.y + l.table.h / 2};
    out.center = {p.x - (s.x - mid.x) / ts, p.y + (s.y - mid.y) / ts};
    return clamp_camera(table, l, out);
}

Camera pan_by(const game::Table& table, const Layout& l, const Camera& c, Vec2 ds) {
    Camera out = c;
    out.center = c.center + Vec2{-ds.x, ds.y} / l.table_scale;
    return clamp_camera(table, l, out);
}

} // namespace billiards::render
