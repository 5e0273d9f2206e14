// The pieces SceneRenderer::draw puts together (internal to render).
#pragma once

#include <cstdint>

#include "game/table.hpp"
#include "render/layout.hpp"
#include "render/orientation.hpp"
#include "render/painter.hpp"
#include "render/text.hpp"
#include "render/view.hpp"

namespace billiards::render {

void draw_table(Painter& p, const Layout& l, const game::Table& table);
void draw_table_geometry(Painter& p, const Layout& l, const game::Table& table);

void draw_ball_shadow(Painter& p, Vec2 c, double r);
// The body, upright (its number disc facing up), as a mesh; the number text and the gloss
// come in later passes so that a row of balls needs only a few batches (the HUD's balls).
void draw_ball_body(Painter& p, int number, Vec2 c, double r, BallSet set = BallSet::Pool);
void draw_ball_number(Text& text, int number, Vec2 c, double r, BallSet set = BallSet::Pool);
// A plain ball of one colour (carom balls), as a mesh.
void draw_plain_ball(Painter& p, Color color, Vec2 c, double r);

// The table's balls, painted into pixels of our own (see ball_draw.cpp): a box of screen
// pixels, its top-left pixel at (x, y), and what to paint in it.
struct SpriteBox {
    int x = 0, y = 0, w = 0, h = 0;
};
// The pixels round centre c out to reach radii r.
SpriteBox sprite_box(Vec2 c, double r, double reach);
struct BallPaint {
    int number = 0;
    BallSet set = BallSet::Pool;
    bool carom = false; // carom colours by id (white and yellow with spots, the red plain)
    Quat orientation{};
    Text* text = nullptr; // for the number (none when null)
};
// Writes the box's pixels (ARGB, straight alpha; pitch in pixels): the ball turned, lit,
// with its number and gloss, anti-aliased at its rim; or its soft shadow.
void paint_ball(std::uint32_t* px, int pitch, const SpriteBox& box, Vec2 c, double r,
                const BallPaint& paint);
void paint_shadow(std::uint32_t* px, int pitch, const SpriteBox& box, Vec2 c, double r);
// The ball set a table plays with (snooker tables: snooker's colours).
BallSet ball_set(const game::Table& table);
void draw_ball_gloss(Painter& p, Vec2 c, double r);

void draw_debug_vectors(Painter& p, const Layout& l, const BallView& b);
void draw_aim(Painter& p, const Layout& l, const AimView& aim);
void draw_cue(Painter& p, const Layout& l, const CueView& cue);
void draw_placement(Painter& p, const Layout& l, const PlacementView& pl);
void draw_pocket_marks(Painter& p, const Layout& l, const game::Table& table, const PocketMarks& m);
// Closed circles on the table, each drawn as one ring (no end mark).
void draw_rings(Painter& p, const Layout& l, const std::vector<TableRing>& rings);
// carom: each path in its ball's carom colour (white, yellow, red).
void draw_paths(Painter& p, const Layout& l, const std::vector<PathView>& paths,
                bool carom = false);
// Darkens the whole output (a menu is open) and draws the banner across the table.
void draw_labels(Painter& p, Text* text, const Layout& l, const std::vector<TableLabel>& labels);
// The colour-blind labels (ball_label) on the balls on the table, upright on a dark badge.
void draw_ball_labels(Painter& p, Text* text, const Layout& l, const SceneView& v);
void draw_banner(Painter& p, Text* text, const Layout& l, const std::string& banner);

void draw_controls(Painter& p, Text* text, const Layout& l, const ControlsView& c);
void draw_hud(Painter& p, Text* text, const Layout& l, const HudView& hud);

} // namespace billiards::render
