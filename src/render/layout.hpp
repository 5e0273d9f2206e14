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

struct Layout {
    double scale = 1.0; // pixels per metre
    Vec2 origin{};      // pixel position of the table origin
    Rect view;          // the whole letterboxed design area
    Rect hud;           // text band above the table (chrome only)
    Rect side;          // widget column right of the table (chrome only)
    Rect power;         // power meter bar
    Vec2 spin_center{}; // spin selector disc
    double spin_radius = 0.0;
    bool chrome = false;

    Vec2 to_screen(Vec2 p) const { return {origin.x + p.x * scale, origin.y - p.y * scale}; }
    Vec2 to_table(Vec2 s) const { return {(s.x - origin.x) / scale, (origin.y - s.y) / scale}; }
    double pixels(double metres) const { return metres * scale; }
};

// chrome: leave room for the HUD band and the widget column (the game); without it the
// table alone fills the output (billiards render).
Layout make_layout(const game::Table& table, int width, int height, bool chrome);

} // namespace billiards::render
