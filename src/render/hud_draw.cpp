// The HUD band above the table (turn, status, messages, pocketed balls), the help and
// timing line below it, and the widget column: spin selector and power meter.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "game/table.hpp"
#include "render/parts.hpp"

namespace billiards::render {

namespace {

constexpr Color kTitle{240, 240, 236, 255};
constexpr Color kStatus{190, 200, 196, 255};
constexpr Color kDim{140, 150, 148, 255};
constexpr Color kPanel{34, 40, 46, 255};

Color power_color(double t) {
    const Color green{70, 200, 100, 255}, yellow{245, 206, 60, 255}, red{232, 64, 52, 255};
    return t < 0.5 ? mix(green, yellow, t * 2) : mix(yellow, red, (t - 0.5) * 2);
}

void spin_selector(Painter& p, Text* text, const Layout& l, const ControlsView& c) {
    const Vec2 o = l.spin_center;
    const double rs = l.spin_radius;
    p.circle(o, rs + l.pixels(0.008), kPanel);
    p.circle_gradient(o, rs, o + Vec2{-0.3 * rs, -0.35 * rs}, Color{255, 255, 252, 255},
                      Color{170, 168, 160, 255});
    const Color guide{90, 96, 104, 150};
    p.line({o.x - rs, o.y}, {o.x + rs, o.y}, 1.0, guide);
    p.line({o.x, o.y - rs}, {o.x, o.y + rs}, 1.0, guide);
    p.ring(o, rs * c.spin_limit, 1.2, Color{200, 60, 50, 140}); // beyond it: a miscue
    const Vec2 tip{o.x + c.side * rs, o.y - c.height * rs};
    const double tr = std::max(3.0, rs * 0.13);
    p.circle(tip, tr + 1.5, Color{255, 255, 255, 230});
    p.circle(tip, tr, Color{214, 38, 40, 255});
    if (!text) return;
    const double px = std::max(l.pixels(0.030), 10.0);
    text->draw("Spin", {o.x, o.y - rs - l.pixels(0.058)}, px, kStatus, true, Align::Center);
    // A tip a hair off the centre reads +0.00, not -0.00.
    const double side = std::abs(c.side) < 0.005 ? 0.0 : c.side;
    const double height = std::abs(c.height) < 0.005 ? 0.0 : c.height;
    std::string values = fmt::format("side {:+.2f}   height {:+.2f}", side, height);
    if (c.elevation_deg > 0.0) values += fmt::format("   cue {:.0f}\u00b0", c.elevation_deg);
    if (text->measure(values, std::max(px * 0.85, 9.0)).x > l.side.w)
        values = c.elevation_deg > 0.0
                     ? fmt::format("{:+.2f} {:+.2f} {:.0f}\u00b0", side, height, c.elevation_deg)
                     : fmt::format("{:+.2f}  {:+.2f}", side, height);
    text->draw(values, {o.x, o.y + rs + l.pixels(0.022)}, std::max(px * 0.85, 9.0), kDim, false,
               Align::Center);
}

void power_meter(Painter& p, Text* text, const Layout& l, const ControlsView& c) {
    const Rect& b = l.power;
    const double pad = l.pixels(0.006);
    p.rounded_rect(b.x - pad, b.y - pad, b.w + 2 * pad, b.h + 2 * pad, b.w * 0.3,
                   c.dragging ? Color{110, 116, 124, 255} : kPanel);
    p.rounded_rect(b.x, b.y, b.w, b.h, b.w * 0.25, Color{18, 22, 26, 255});
    const double power = std::clamp(c.power, 0.0, 1.0);
    if (power > 0.0) {
        // Filled from the bottom, green to yellow to red.
        const double bottom = b.y + b.h;
        const double mid_t = std::min(power, 0.5);
        p.rect(b.x, bottom - b.h * mid_t, b.w, b.h * mid_t, power_color(mid_t), power_color(0.0));
        if (power > 0.5)
            p.rect(b.x, bottom - b.h * power, b.w, b.h * (power - 0.5), power_color(power),
                   power_color(0.5));
    }
    for (int k = 1; k < 10; ++k) {
        const double y = b.y + b.h * (1.0 - k / 10.0);
        const double len = k == 5 ? b.w * 0.5 : b.w * 0.28;
        p.line({b.x, y}, {b.x + len, y}, 1.0, Color{255, 255, 255, 90});
    }
    if (!text) return;
    const double px = std::max(l.pixels(0.030), 10.0);
    text->draw("Power", {b.x + b.w / 2, b.y - l.pixels(0.058)}, px, kStatus, true, Align::Center);
    const std::string value = fmt::format("{:.0f}%  {:.1f} m/s", power * 100.0, c.ball_speed);
    text->draw(value, {b.x + b.w / 2, b.y + b.h + l.pixels(0.016)}, std::max(px * 0.85, 9.0), kDim,
               false, Align::Center);
}

// One player's card in the top band: turn marker, name, detail, then the balls pocketed.
void player_card(Painter& p, Text* text, const Layout& l, const PlayerView& pv, double x, double y,
                 double w, double h, bool right_side) {
    const Color fill = pv.active ? Color{46, 58, 66, 255} : Color{30, 35, 40, 255};
    p.rounded_rect(x, y, w, h, h * 0.22, fill);
    if (pv.active || pv.winner) {
        const Color edge = pv.winner ? Color{255, 214, 64, 255} : Color{120, 220, 150, 255};
        p.rounded_rect(x, y + h - 3.0, w, 3.0, 1.5, edge);
    }
    const double pad = h * 0.22;
    const double name_px = std::max(h * 0.36, 11.0), detail_px = std::max(h * 0.25, 9.0);
    const double dot = h * 0.13;
    const double tr = std::min(h * 0.26, l.pixels(0.022));
    // Balls fill the card from its outer side inwards.
    const double name_x = right_side ? x + w - pad : x + pad + dot * 3.0;
    if (pv.active) {
        const Vec2 c =
            right_side ? Vec2{x + w - pad - dot, y + h * 0.36} : Vec2{x + pad + dot, y + h * 0.36};
        p.circle(c, dot, Color{120, 220, 150, 255});
    }
    // The balls get what the name and detail leave of the card; when they do not fit they
    // close up, then the oldest drop off.
    double text_w = w * 0.5;
    if (text)
        text_w = std::max(text->measure(pv.name, name_px, true).x,
                          text->measure(pv.detail, detail_px).x);
    const double room = w - 2.0 * pad - dot * 3.0 - text_w - tr;
    const double tray_y = y + h * 0.5;
    const double bx = right_side ? x + pad + tr : x + w - pad - tr;
    const std::size_t n = pv.tray.size();
    double step = tr * 2.25;
    if (n > 1 && step * static_cast<double>(n - 1) > room - 2.0 * tr)
        step = std::max(tr * 1.5, (room - 2.0 * tr) / static_cast<double>(n - 1));
    const std::size_t fit =
        room < 2.0 * tr ? 0 : 1 + static_cast<std::size_t>(std::max(0.0, (room - 2.0 * tr) / step));
    const std::size_t shown = std::min(n, fit);
    std::vector<Vec2> centres;
    for (std::size_t k = 0; k < shown; ++k) {
        const int id = pv.tray[n - shown + k];
        const Vec2 c{right_side ? bx + step * static_cast<double>(k)
                                : bx - step * static_cast<double>(shown - 1 - k),
                     tray_y};
        draw_ball_body(p, id, c, tr);
        centres.push_back(c);
    }
    p.flush();
    if (!text) return;
    for (std::size_t k = 0; k < shown; ++k)
        draw_ball_number(*text, pv.tray[n - shown + k], centres[k], tr);
    const double shift = pv.active && right_side ? dot * 3.0 : 0.0;
    const Align align = right_side ? Align::Right : Align::Left;
    text->draw(pv.name, {name_x - shift, y + h * 0.10}, name_px,
               pv.active ? kTitle : Color{175, 182, 186, 255}, true, align);
    text->draw(pv.detail, {name_x - shift, y + h * 0.56}, detail_px, kDim, false, align);
}

// A match's messages beside the table in `r`, under the power meter (never over the balls):
// the newest first and brightest, each wrapped to the column, as many as fit (of the newest,
// at least its first lines).
void match_messages(Painter& p, Text& text, const Rect& r, const std::vector<std::string>& msgs,
                    double px) {
    if (r.h < px || msgs.empty()) return;
    const double pad = px * 0.45;
    const double max_w = std::max(r.w - 2 * pad, px * 4);
    double y = r.y;
    int shown = 0;
    for (auto it = msgs.rbegin(); it != msgs.rend(); ++it, ++shown) {
        std::vector<std::string> lines = text.wrap(*it, px, max_w);
        double line_h = 0.0;
        for (const std::string& line : lines)
            line_h = std::max(line_h, text.measure(line, px).y);
        double h = line_h * static_cast<double>(lines.size()) + pad * 0.8;
        if (y + h > r.y + r.h && shown == 0 && line_h > 0.0) {
            const auto fit = static_cast<std::size_t>(std::max((r.h - pad * 0.8) / line_h, 1.0));
            if (fit < lines.size()) {
                lines.resize(fit);
                lines.back() += "...";
            }
            h = line_h * static_cast<double>(lines.size()) + pad * 0.8;
        }
        if (y + h > r.y + r.h && shown > 0) break; // no room for an older one
        p.rounded_rect(r.x, y, r.w, h, px * 0.4,
                       Color{10, 14, 18, shown == 0 ? std::uint8_t{200} : std::uint8_t{120}});
        p.flush();
        for (std::size_t k = 0; k < lines.size(); ++k)
            text.draw(lines[k], {r.x + pad, y + pad * 0.4 + line_h * static_cast<double>(k)}, px,
                      shown == 0 ? Color{255, 222, 130, 255} : kDim);
        y += h + pad * 0.6;
    }
}

} // namespace

void draw_labels(Painter& p, Text* text, const Layout& l, const std::vector<TableLabel>& labels) {
    if (labels.empty() || !text) return;
    const double px = std::max(l.pixels(0.035), 11.0);
    for (const TableLabel& t : labels) { // a dark disc under each, readable on the cloth
        const Vec2 size = text->measure(t.text, px, true);
        const Vec2 c = l.to_screen(t.at);
        p.rounded_rect(c.x - size.x / 2 - 4, c.y - size.y / 2 - 2, size.x + 8, size.y + 4,
                       size.y / 2, Color{10, 14, 18, 190});
    }
    p.flush();
    for (const TableLabel& t : labels)
        text->draw(t.text, l.to_screen(t.at), px, Color{255, 236, 150, 255}, true, Align::Center,
                   true);
}

void draw_ball_labels(Painter& p, Text* text, const Layout& l, const SceneView& v) {
    if (!v.ball_labels || !text) return;
    const BallSet set = ball_set(*v.table);
    const bool carom = game::is_carom(v.table->spec);
    struct Shown {
        std::string label;
        Vec2 c;
        double px;
    };
    std::vector<Shown> shown;
    for (const BallView& b : v.balls) {
        if (b.pocketed) continue;
        std::string s = ball_label(b.id, set, carom);
        if (s.empty()) continue;
        // Never smaller than a small HUD text: on the 12-ft table a ball is only ~10 px.
        const double px = std::max(l.table_pixels(b.radius) * 1.15, 11.0);
        shown.push_back({std::move(s), l.to_screen(b.position), px});
    }
    for (const Shown& s : shown) {
        const Vec2 size = text->measure(s.label, s.px, true);
        const double h = size.y * 0.92, w = std::max(size.x + h * 0.35, h);
        p.rounded_rect(s.c.x - w / 2, s.c.y - h / 2, w, h, h / 2, Color{12, 14, 16, 255});
    }
    p.flush();
    for (const Shown& s : shown)
        text->draw(s.label, s.c, s.px, Color{255, 255, 255, 255}, true, Align::Center, true);
}

void draw_banner(Painter& p, Text* text, const Layout& l, const std::string& banner) {
    if (banner.empty() || !text) return;
    const double px = std::max(l.pixels(0.07), 16.0);
    const Vec2 size = text->measure(banner, px, true);
    const double pad = px * 0.6;
    // At the top of the table's area, where the rail is, whatever the camera shows (at the
    // table's centre it stood over the balls there, zoomed or not).
    const Vec2 c{l.table.x + l.table.w / 2, l.table.y + size.y / 2 + pad * 0.5 + 2.0};
    p.rounded_rect(c.x - size.x / 2 - pad, c.y - size.y / 2 - pad * 0.5, size.x + 2 * pad,
                   size.y + pad, px * 0.4, Color{10, 14, 18, 170});
    p.flush();
    text->draw(banner, c, px, kTitle, true, Align::Center, true);
}

void draw_controls(Painter& p, Text* text, const Layout& l, const ControlsView& c) {
    if (!l.chrome || !c.visible) return;
    spin_selector(p, text, l, c);
    power_meter(p, text, l, c);
    p.flush(); // the labels are textures: drawn over what is batched so far
}

void draw_hud(Painter& p, Text* text, const Layout& l, const HudView& hud) {
    if (!l.chrome) return;
    const double left = l.view.x + l.pixels(0.04);
    const double right = l.side.x - l.pixels(0.04);
    const double top = l.hud.y;
    const bool match = hud.players.size() == 2;
    if (match) {
        const double card_h = l.hud.h * 0.58, card_y = top + l.hud.h * 0.02;
        const double card_w = std::min((right - left) * 0.36, l.pixels(0.80));
        player_card(p, text, l, hud.players[0], left, card_y, card_w, card_h, false);
        player_card(p, text, l, hud.players[1], right - card_w, card_y, card_w, card_h, true);
        if (text)
            text->draw(hud.title, {(left + right) / 2, card_y + card_h / 2}, hud_text(l).title,
                       kStatus, true, Align::Center, true);
    }
    // Pocketed balls: a tray at the top right, drawn as small balls.
    const double tr = l.pixels(0.024);
    double x = right - tr;
    const double y = top + l.hud.h * 0.26;
    for (auto it = hud.pocketed.rbegin(); !match && it != hud.pocketed.rend(); ++it) {
        draw_ball_body(p, *it, {x, y}, tr);
        x -= tr * 2.3;
    }
    p.flush();
    if (text && !match) {
        x = right - tr;
        for (auto it = hud.pocketed.rbegin(); it != hud.pocketed.rend(); ++it) {
            draw_ball_number(*text, *it, {x, y}, tr);
            x -= tr * 2.3;
        }
    }
    if (!text) return;
    // Text keeps a legible minimum size in small windows (the layout still scales).
    const double big = std::max(l.pixels(0.052), 13.0), small = std::max(l.pixels(0.033), 10.0);
    const double row2 = top + l.hud.h * 0.53, row3 = top + l.hud.h * 0.765;
    if (match) {
        // The band holds the cards and the status; the messages are beside the table.
        const double status = hud_text(l).status;
        text->draw(hud.status, {left, top + l.hud.h * 0.68}, status, kStatus);
        match_messages(p, *text, hud.card ? messages_over_card(l, hud.messages.size()) : l.notes,
                       hud.messages, status);
    } else {
        text->draw(hud.title, {left, top + l.hud.h * 0.10}, big, kTitle, true);
        text->draw(hud.status, {left, row2}, small, kStatus);
    }
    // Newest message first, right-aligned under the tray, older ones dimmer; below the
    // status line when both do not fit side by side.
    const double status_w = text->measure(hud.status, small).x;
    double my = row2;
    int shown = 0;
    for (auto it = hud.messages.rbegin(); !match && it != hud.messages.rend() && shown < 2;
         ++it, ++shown) {
        const double w = text->measure(*it, small).x;
        if (my == row2 && left + status_w + small * 2 + w > right) my = row3;
        if (my > row3 + 1.0) break; // no room for an older one
        text->draw(*it, {right, my}, small, shown == 0 ? Color{255, 222, 130, 255} : kDim, false,
                   Align::Right);
        my = my == row2 ? row3 : row3 + 2.0; // one more line at most
    }
    const double foot = std::max(l.pixels(0.028), 10.0);
    const double help_band = l.view.y + l.view.h - (l.side.y + l.side.h); // below the table
    const double bottom = l.view.y + l.view.h - help_band * 0.5 - foot * 0.6;
    const double timing_w = text->measure(hud.timing, foot).x;
    const double room = l.side.x + l.side.w - left - timing_w - foot * 2;
    if (text->measure(hud.help, foot).x <= room)
        text->draw(hud.help, {left, bottom}, foot, kDim);
    else if (!hud.help.empty())
        text->draw("Drag back to shoot   H: help   K: hide keys", {left, bottom}, foot, kDim);
    text->draw(hud.timing, {l.side.x + l.side.w, bottom}, foot, kStatus, false, Align::Right);
}

} // namespace billiards::render
