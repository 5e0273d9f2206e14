// The pieces SceneRenderer::draw puts together (internal to render).
#pragma once

#include "game/table.hpp"
#include "render/layout.hpp"
#include "render/painter.hpp"
#include "render/text.hpp"
#include "render/view.hpp"

namespace billiards::render {

void draw_table(Painter& p, const Layout& l, const game::Table& table);
void draw_table_geometry(Painter& p, const Layout& l, const game::Table& table);

void draw_ball_shadow(Painter& p, Vec2 c, double r);
// The body and number disc; the number text and the gloss come in later passes so that a
// whole rack needs only a few batches.
void draw_ball_body(Painter& p, int number, Vec2 c, double r, BallSet set = BallSet::Pool);
// A plain ball of one colour, no stripe or number (carom balls).
void draw_plain_ball(Painter& p, Color color, Vec2 c, double r);
void draw_ball_number(Text& text, int number, Vec2 c, double r, BallSet set = BallSet::Pool);
// The ball set a table plays with (snooker tables: snooker's colours).
BallSet ball_set(const game::Table& table);
void draw_ball_gloss(Painter& p, Vec2 c, double r);

void draw_debug_vectors(Painter& p, const Layout& l, const BallView& b);
void draw_aim(Painter& p, const Layout& l, const AimView& aim);
void draw_cue(Painter& p, const Layout& l, const CueView& cue);
void draw_placement(Painter& p, const Layout& l, const PlacementView& pl);
void draw_pocket_marks(Painter& p, const Layout& l, const game::Table& table, const PocketMarks& m);
// carom: each path in its ball's carom colour (white, yellow, red).
void draw_paths(Painter& p, const Layout& l, const std::vector<PathView>& paths, bool carom = false);
// Darkens the whole output (a menu is open) and draws the banner across the table.
void draw_labels(Painter& p, Text* text, const Layout& l, const std::vector<TableLabel>& labels);
void draw_banner(Painter& p, Text* text, const Layout& l, const std::string& banner);

void draw_controls(Painter& p, Text* text, const Layout& l, const ControlsView& c);
void draw_hud(Painter& p, Text* text, const Layout& l, const HudView& hud);

} // namespace billiards::render
