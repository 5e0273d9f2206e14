// Where things go on the screen: one uniform scale (pixels per metre) for the table and the
// widgets beside it, letterboxed in any output size. Pure math (no SDL), shared by the
// renderer, the input mapping and the tests. The table frame has y up; the screen y down.
#pragma once

#include "core/vec.hpp"
#include "game/table.hpp"

namespace billiards::render {

struct Rect {
    double x = 0.0, y = 0.0, w = 0.0, h = 0.0; // pixels, top-left origin
    bool contains(Vec2 p) const { return p.x >= x && p.x < x + w && p.y >= y && p.y < y + h; }
};

// Axis-aligned box in table coordinates (metres).
struct Box {
    Vec2 min{}, max{};
};

// The table's drawn extent, from the same geometry physics uses.
struct TableBounds {
    Box noses; // the rail cushion noses (the playing surface for a standard table)
    Box inner; // every cushion segment (jaws reach into the rail)
    Box outer; // the wood rail's outer edge, pockets included
};
TableBounds table_bounds(const game::Table& table);

// How the table is looked at: zoom 1 fits the whole table; above, `center` (table metres)
// is at the middle of the table's area on the screen.
struct Camera {
    double zoom = 1.0;
    Vec2 center{};
};
inline constexpr double kMaxZoom = 6.0;

struct Layout {
    double scale = 1.0;       // pixels per metre of the design (widgets, text)
    double table_scale = 1.0; // pixels per metre on the table: scale x the camera's zoom
    Vec2 origin{};            // pixel position of the table origin
    Rect table;               // the table's area: what the camera shows (clipped to it)
    Rect view;                // the whole letterboxed design area
    Rect hud;                 // text band above the table (chrome only)
    Rect side;                // widget column right of the table (chrome only)
    Rect power;               // power meter bar
    Rect notes;               // under the power meter: a match's messages, beside the table
    Vec2 spin_center{};       // spin selector disc
    double spin_radius = 0.0;
    bool chrome = false;

    // Table metres to screen pixels and back, through the camera.
    Vec2 to_screen(Vec2 p) const {
        return {origin.x + p.x * table_scale, origin.y - p.y * table_scale};
    }
    Vec2 to_table(Vec2 s) const {
        return {(s.x - origin.x) / table_scale, (origin.y - s.y) / table_scale};
    }
    double pixels(double metres) const { return metres * scale; }             // widgets
    double table_pixels(double metres) const { return metres * table_scale; } // on the table
};

// The HUD's text sizes in pixels. A long table (the 12-ft snooker table) makes the design's
// scale small, so the band's text is sized from the band's height too, never smaller than
// it is on a pool table in the same window.
struct HudText {
    double title = 0.0;  // a match's title between the players' cards
    double status = 0.0; // the status line under it, the messages beside the table
};
HudText hud_text(const Layout& l);

// With a card of choices up, the column under the power meter is shared: the newest of the
// `messages` keep its top (this strip, empty without any), the card stands under it, never
// over them.
Rect messages_over_card(const Layout& l, std::size_t messages);

// chrome: leave room for the HUD band and the widget column (the game); without it the
// table alone fills the output (billiards render). The camera zooms and pans the table
// inside its area; the widgets stay.
Layout make_layout(const game::Table& table, int width, int height, bool chrome,
                   const Camera& camera = {});

// The camera zoomed by `factor` about the screen point `s`: the table point under it stays
// under it (zoom clamped to 1..kMaxZoom, the view kept on the table).
Camera zoom_about(const game::Table& table, const Layout& l, const Camera& c, Vec2 s,
                  double factor);
// The camera moved by `ds` screen pixels (the table follows the drag).
Camera pan_by(const game::Table& table, const Layout& l, const Camera& c, Vec2 ds);
// Zoom and centre kept within what the table shows.
Camera clamp_camera(const game::Table& table, const Layout& l, Camera c);

} // namespace billiards::render
