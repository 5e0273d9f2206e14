// The colour-blind labels: what each ball says (render::ball_label) and that the drawing
// puts it upright on the ball, on every kind of table, only when asked.
#include <gtest/gtest.h>

#include <cmath>

#include "app/game_app.hpp"
#include "app/game_driver.hpp"
#include "app_helpers.hpp"
#include "game/snooker/snooker_table.hpp"
#include "io/settings.hpp"
#include "render/colors.hpp"
#include "render_helpers.hpp"

namespace billiards {
namespace {

using render::BallSet;

TEST(BallLabels, EachBallSaysWhatItIs) {
    // Pool: the number, none on the cue ball; numbers above 15 repeat 1-15 as the colours do.
    EXPECT_EQ(render::ball_label(0, BallSet::Pool, false), "");
    for (int n = 1; n <= 15; ++n)
        EXPECT_EQ(render::ball_label(n, BallSet::Pool, false), std::to_string(n));
    EXPECT_EQ(render::ball_label(16, BallSet::Pool, false), "1");
    // Snooker: the value, reds 1 (ids 1-15), then yellow 2 ... black 7 (ids 16-21).
    EXPECT_EQ(render::ball_label(0, BallSet::Snooker, false), "");
    for (int id = 1; id <= 15; ++id)
        EXPECT_EQ(render::ball_label(id, BallSet::Snooker, false), "1");
    for (int id = 16; id <= 21; ++id)
        EXPECT_EQ(render::ball_label(id, BallSet::Snooker, false), std::to_string(id - 14));
    // Carom: white, yellow, red by id.
    EXPECT_EQ(render::ball_label(0, BallSet::Pool, true), "W");
    EXPECT_EQ(render::ball_label(1, BallSet::Pool, true), "Y");
    EXPECT_EQ(render::ball_label(2, BallSet::Pool, true), "R");
}

int bright(const render::Image& img, Vec2 c, double half) {
    int n = 0;
    for (int y = static_cast<int>(c.y - half); y <= static_cast<int>(c.y + half); ++y)
        for (int x = static_cast<int>(c.x - half); x <= static_cast<int>(c.x + half); ++x) {
            const auto p = img.at(x, y);
            n += p.r > 200 && p.g > 200 && p.b > 200;
        }
    return n;
}

// Snooker's green (no number of its own): with the labels a white "3" on a dark badge sits
// on its centre; without them the centre is the ball's own colour.
TEST(BallLabels, ASnookerColourShowsItsValueOnlyWhenAsked) {
    const game::Table table = game::build_table(game::snooker::full_size_spec());
    render::BallView green = test::ball(17, {0.3, 0.1});
    green.radius = table.spec.ball_radius;
    render::SceneView view = test::table_scene({green});
    view.table = &table;
    const render::Layout l = render::make_layout(table, 1600, 880, false);
    const Vec2 c = l.to_screen(green.position);
    const double r = l.pixels(green.radius);
    ASSERT_GT(r, 8.0);
    const render::Image plain = test::draw_scene(view, 1600, 880, "labels_off");
    view.ball_labels = true;
    const render::Image labelled = test::draw_scene(view, 1600, 880, "labels_on");
    ASSERT_EQ(plain.width, 1600);
    ASSERT_EQ(labelled.width, 1600);
    EXPECT_LT(bright(plain, c, 0.5 * r), 3) << "the gloss alone";
    EXPECT_GT(bright(labelled, c, 0.5 * r), 6) << "the digit's white";
    // The badge is dark round the digit: a pixel left of the centre, inside the ball.
    const auto badge = labelled.at(static_cast<int>(c.x - 0.45 * r), static_cast<int>(c.y));
    EXPECT_LT(badge.r + badge.g + badge.b, 120);
    // Away from the ball nothing changed.
    const auto far_off = l.to_screen({-0.5, -0.3});
    const auto a = plain.at(static_cast<int>(far_off.x), static_cast<int>(far_off.y));
    const auto b = labelled.at(static_cast<int>(far_off.x), static_cast<int>(far_off.y));
    EXPECT_EQ(a.r, b.r);
    EXPECT_EQ(a.g, b.g);
    EXPECT_EQ(a.b, b.b);
}

// The labels stay upright: a ball turned half a turn shows the same label pixels.
TEST(BallLabels, TheLabelStaysUprightWhenTheBallTurns) {
    render::BallView up = test::ball(5, {0.0, 0.0});
    render::SceneView view = test::table_scene({up});
    view.ball_labels = true;
    const render::Image a = test::draw_scene(view, 1280, 720);
    view.balls[0].orientation =
        render::turned({}, {0.0, 0.0, 1.0}, deg_to_rad(180.0)); // about the vertical
    const render::Image b = test::draw_scene(view, 1280, 720);
    const render::Layout l = render::make_layout(*view.table, 1280, 720, false);
    const Vec2 c = l.to_screen(up.position);
    const double r = l.pixels(up.radius);
    int same = 0, total = 0;
    for (int y = static_cast<int>(c.y - 0.3 * r); y <= static_cast<int>(c.y + 0.3 * r); ++y)
        for (int x = static_cast<int>(c.x - 0.3 * r); x <= static_cast<int>(c.x + 0.3 * r); ++x) {
            const auto p = a.at(x, y), q = b.at(x, y);
            same += p.r == q.r && p.g == q.g && p.b == q.b;
            ++total;
        }
    EXPECT_EQ(same, total);
}

// The game: the menu's choice reaches the drawn view and the settings file, both ways.
TEST(BallLabels, TheGameDrawsThemWhenChosenAndKeepsTheChoice) {
    app::DrivenGame game(game::build_table(game::TableSpec{}), "pool-9ft");
    EXPECT_FALSE(game.view().ball_labels);
    game.choices().ball_labels = true;
    EXPECT_TRUE(game.view().ball_labels);
    EXPECT_TRUE(game.settings().ball_labels);
    // L at the table turns them off and on again, and the settings follow.
    game.handle_event(test::key(SDLK_l));
    EXPECT_FALSE(game.view().ball_labels);
    EXPECT_FALSE(game.settings().ball_labels);
    game.handle_event(test::key(SDLK_l));
    EXPECT_TRUE(game.view().ball_labels);
    io::Settings s;
    s.ball_labels = true;
    app::DrivenGame again(game::build_table(game::TableSpec{}), "pool-9ft");
    again.apply_settings(s);
    EXPECT_TRUE(again.view().ball_labels);
}

} // namespace
} // namespace billiards
