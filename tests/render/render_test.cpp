// Headless drawing checked pixel by pixel: ball colours where the layout projects the balls,
// cloth between them, one uniform scale at every output size.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "game/snooker/snooker_table.hpp"
#include "render/colors.hpp"
#include "render/layout.hpp"
#include "render_helpers.hpp"

namespace billiards {
namespace {

using render::Image;
using render::Layout;

bool near(Image::Pixel p, render::Color c, int tolerance) {
    return std::abs(p.r - c.r) <= tolerance && std::abs(p.g - c.g) <= tolerance &&
           std::abs(p.b - c.b) <= tolerance;
}

Image::Pixel at(const Image& img, Vec2 s) {
    return img.at(static_cast<int>(std::floor(s.x)), static_cast<int>(std::floor(s.y)));
}

// A point on a ball's body away from its number disc, its rim and the gloss: left of the
// centre on the screen (the lit side), on the stripe band for 9-15.
Vec2 body_point(const Layout& l, Vec2 centre) {
    return l.to_screen(centre) + Vec2{-l.pixels(physics::kBallRadius) * 0.7, 0.0};
}

const std::vector<render::BallView> kBalls = {
    test::ball(0, {-0.6, 0.0}),   test::ball(1, {0.3, 0.2}),  test::ball(2, {0.5, -0.3}),
    test::ball(3, {0.0, 0.0}),    test::ball(8, {-0.3, 0.4}), test::ball(11, {0.8, 0.4}),
    test::ball(14, {-0.9, -0.4}),
};

TEST(Render, BallsShowTheirColoursWhereTheLayoutPutsThem) {
    const render::SceneView view = test::table_scene(kBalls);
    const Image img = test::draw_scene(view, 1200, 660, "render_balls");
    ASSERT_EQ(img.width, 1200);
    const Layout l = render::make_layout(*view.table, 1200, 660, false);
    // Solid colours on the body: the dominant channels tell the colour apart.
    const Image::Pixel cue = at(img, body_point(l, {-0.6, 0.0}));
    EXPECT_GT(cue.r, 170);
    EXPECT_GT(cue.g, 170);
    EXPECT_GT(cue.b, 160);
    const Image::Pixel yellow = at(img, body_point(l, {0.3, 0.2}));
    EXPECT_GT(yellow.r, 150);
    EXPECT_GT(yellow.g, 110);
    EXPECT_LT(yellow.b, 60);
    const Image::Pixel blue = at(img, body_point(l, {0.5, -0.3}));
    EXPECT_GT(blue.b, 90);
    EXPECT_LT(blue.r, 60);
    const Image::Pixel red = at(img, body_point(l, {0.0, 0.0}));
    EXPECT_GT(red.r, 130);
    EXPECT_LT(red.g, 50);
    EXPECT_LT(red.b, 50);
    const Image::Pixel black = at(img, body_point(l, {-0.3, 0.4}));
    EXPECT_LT(black.r, 60);
    EXPECT_LT(black.g, 60);
    EXPECT_LT(black.b, 60);
    // The stripe 11 is red on its band and white above it.
    const Image::Pixel band = at(img, body_point(l, {0.8, 0.4}));
    EXPECT_GT(band.r, 130);
    EXPECT_LT(band.g, 50);
    const Vec2 above = l.to_screen({0.8, 0.4}) + Vec2{0.0, -l.pixels(physics::kBallRadius) * 0.75};
    const Image::Pixel white = at(img, above);
    EXPECT_GT(white.g, 120) << "stripe ball top should be white";
    // The number disc is white-ish in the middle of a numbered ball (the 8 included), or
    // dark where the digit is: either way not the ball colour at every point.
    const Vec2 disc = l.to_screen({-0.3, 0.4}) + Vec2{l.pixels(physics::kBallRadius) * 0.38, 0.0};
    EXPECT_GT(at(img, disc).r, 150) << "the 8 shows its white number disc";
}

TEST(Render, ClothBetweenTheBalls) {
    const render::SceneView view = test::table_scene(kBalls);
    const Image img = test::draw_scene(view, 1200, 660);
    const Layout l = render::make_layout(*view.table, 1200, 660, false);
    for (Vec2 p : {Vec2{-0.2, -0.2}, Vec2{0.9, -0.1}, Vec2{-1.0, 0.3}, Vec2{0.2, 0.5}})
        EXPECT_TRUE(near(at(img, l.to_screen(p)), render::kCloth, 40))
            << "cloth expected at (" << p.x << ", " << p.y << ")";
    // Pockets are dark holes, rails are wood (red over green), outside is the background.
    const physics::Pocket& corner = view.table->pockets[0];
    const Image::Pixel hole = at(img, l.to_screen(corner.center));
    EXPECT_LT(hole.r + hole.g + hole.b, 90);
    const Image::Pixel wood = at(img, l.to_screen({0.3, -1.27 / 2 - 0.085}));
    EXPECT_GT(wood.r, wood.g);
    EXPECT_GT(wood.r, 70);
    EXPECT_TRUE(near(img.at(1, 1), render::kBackground, 6));
}

TEST(Render, OneUniformScaleAtEverySize) {
    const render::SceneView view = test::table_scene({test::ball(3, {0.7, 0.3})});
    for (auto [w, h] :
         {std::pair{640, 360}, std::pair{1600, 900}, std::pair{900, 900}, std::pair{1500, 400}}) {
        const Layout l = render::make_layout(*view.table, w, h, false);
        // A metre is as many pixels across as up.
        const Vec2 o = l.to_screen({0, 0}), x = l.to_screen({1, 0}), y = l.to_screen({0, 1});
        EXPECT_DOUBLE_EQ(x.x - o.x, o.y - y.y);
        // The table sits inside the output and touches two opposite sides' margins.
        const render::Box outer = render::table_bounds(*view.table).outer;
        const Vec2 tl = l.to_screen({outer.min.x, outer.max.y});
        const Vec2 br = l.to_screen({outer.max.x, outer.min.y});
        EXPECT_GE(tl.x, 0.0);
        EXPECT_GE(tl.y, 0.0);
        EXPECT_LE(br.x, w);
        EXPECT_LE(br.y, h);
        EXPECT_NEAR(tl.x, w - br.x, 1e-9); // centred (letterboxed)
        EXPECT_NEAR(tl.y, h - br.y, 1e-9);
        // And the image agrees: red on both sides of the ball at the same pixel distance.
        const Image img = test::draw_scene(
            view, w, h, "render_scale_" + std::to_string(w) + "x" + std::to_string(h));
        const Vec2 c = l.to_screen({0.7, 0.3});
        const double d = l.pixels(physics::kBallRadius) * 0.7;
        for (Vec2 off : {Vec2{d, 0}, Vec2{-d, 0}, Vec2{0, d}}) {
            const Image::Pixel p = at(img, c + off);
            EXPECT_GT(p.r, 100) << w << "x" << h << " offset " << off.x << "," << off.y;
            EXPECT_LT(p.g, 60) << w << "x" << h;
        }
        const Image::Pixel beyond = at(img, c + Vec2{l.pixels(physics::kBallRadius) * 1.6, 0.0});
        EXPECT_TRUE(near(beyond, render::kCloth, 45)) << w << "x" << h;
    }
}

TEST(Render, PocketedBallsAreNotDrawn) {
    render::BallView b = test::ball(3, {0.0, 0.0});
    b.pocketed = true;
    const render::SceneView view = test::table_scene({b});
    const Image img = test::draw_scene(view, 800, 450);
    const Layout l = render::make_layout(*view.table, 800, 450, false);
    EXPECT_TRUE(near(at(img, body_point(l, {0.0, 0.0})), render::kCloth, 40));
}

TEST(Render, FullRackWithEveryWidget) {
    std::vector<render::BallView> balls;
    for (const physics::BallDef& d :
         game::rack(game::RackKind::EightBall, test::nine_foot().spec, game::RackOptions{}))
        balls.push_back(test::ball(d.id, d.position));
    render::SceneView view = test::table_scene(balls, true);
    view.cue = {true, balls.back().position, physics::kBallRadius, 0.05, 0.1};
    view.controls = {true, 0.45, true, 3.1, 0.2, -0.3, 0.5};
    view.hud.title = "Practice — shot 1";
    view.hud.status = "Aim with the mouse";
    view.hud.messages = {"Cue ball pocketed: ball in hand"};
    view.hud.pocketed = {3, 12};
    view.hud.help = "F1 debug panel";
    view.hud.timing = "16.7 ms";
    const Image img = test::draw_scene(view, 1280, 720, "render_rack");
    const Layout l = render::make_layout(*view.table, 1280, 720, true);
    // The spin selector's tip marker is red where side/height put it.
    const Image::Pixel tip =
        at(img, l.spin_center + Vec2{0.2 * l.spin_radius, 0.3 * l.spin_radius});
    EXPECT_GT(tip.r, 150);
    EXPECT_LT(tip.g, 80);
    // The power meter is filled to 45%: coloured near its bottom, dark near its top.
    const Image::Pixel low = at(img, {l.power.x + l.power.w * 0.7, l.power.y + l.power.h * 0.9});
    const Image::Pixel high = at(img, {l.power.x + l.power.w * 0.7, l.power.y + l.power.h * 0.1});
    EXPECT_GT(low.g, 120);
    EXPECT_LT(high.g, 60);
}

TEST(Render, BallStylesFollowThePoolColours) {
    EXPECT_FALSE(render::ball_style(0).numbered);
    for (int n = 1; n <= 8; ++n)
        EXPECT_FALSE(render::ball_style(n).stripe) << n;
    for (int n = 9; n <= 15; ++n) {
        EXPECT_TRUE(render::ball_style(n).stripe) << n;
        const render::Color a = render::ball_style(n).color, b = render::ball_style(n - 8).color;
        EXPECT_TRUE(a.r == b.r && a.g == b.g && a.b == b.b) << n;
    }
    const render::Color yellow = render::ball_style(1).color;
    EXPECT_GT(yellow.r, 200);
    EXPECT_GT(yellow.g, 150);
}

// A snooker table: snooker's cloth and ball colours (a red for every red id, the pink, the
// brown), and the chalk of the baulk line between the balls.
TEST(Render, SnookerTableAndBalls) {
    const game::Table table = io::load_standard_table("snooker-12ft");
    namespace sn = game::snooker;
    const sn::Markings m = sn::markings(table.spec);
    auto sball = [&](int id, Vec2 p) {
        render::BallView b = test::ball(id, p);
        b.radius = table.spec.ball_radius;
        return b;
    };
    render::SceneView view;
    view.table = &table;
    view.chrome = false;
    view.balls = {sball(sn::kCue, {m.baulk_x - 0.1, 0.1}), sball(7, {0.9, 0.0}),
                  sball(sn::kPink, sn::spot_of(m, sn::kPink) - Vec2{0.1, 0.0}),
                  sball(sn::kBrown, sn::spot_of(m, sn::kBrown)),
                  sball(sn::kBlack, sn::spot_of(m, sn::kBlack))};
    const Image img = test::draw_scene(view, 1200, 660, "render_snooker");
    const Layout l = render::make_layout(table, 1200, 660, false);
    auto body = [&](Vec2 c) {
        return l.to_screen(c) + Vec2{-l.pixels(table.spec.ball_radius) * 0.6, 0.0};
    };
    const Image::Pixel red = at(img, body({0.9, 0.0})); // red 7, not pool's maroon 7
    EXPECT_GT(red.r, 130);
    EXPECT_LT(red.g, 50);
    const Image::Pixel pink = at(img, body(sn::spot_of(m, sn::kPink) - Vec2{0.1, 0.0}));
    EXPECT_GT(pink.r, 170);
    EXPECT_GT(pink.b, 90);
    const Image::Pixel brown = at(img, body(sn::spot_of(m, sn::kBrown)));
    EXPECT_GT(brown.r, brown.b + 30);
    EXPECT_LT(brown.r, 150);
    // No number disc on the black: dark where a pool ball shows white.
    const Vec2 disc = l.to_screen(sn::spot_of(m, sn::kBlack)) +
                      Vec2{l.pixels(table.spec.ball_radius) * 0.38, 0.0};
    EXPECT_LT(at(img, disc).r, 120);
    // The baulk line: chalk on the cloth, away from the balls and the D.
    const Vec2 line = l.to_screen({m.baulk_x, table.spec.width * 0.4});
    int chalk = 0; // the line is a pixel or two wide: the brightest of its neighbours
    for (int dx = -2; dx <= 2; ++dx)
        chalk = std::max(chalk, int{at(img, line + Vec2{1.0 * dx, 0.0}).r});
    EXPECT_GT(chalk, 100) << "the baulk line is drawn";
    const Image::Pixel cloth = at(img, l.to_screen({m.baulk_x + 0.1, table.spec.width * 0.4}));
    EXPECT_GT(cloth.g, cloth.r + 40);
}

} // namespace
} // namespace billiards

namespace {

// Long messages are wrapped to the width they are given (the game's "using the backup"
// message was wider than a 1280-pixel window and clipped): every line fits, nothing is lost.
TEST(RenderText, WrapKeepsEveryWordWithinTheWidth) {
    using namespace billiards;
    std::string error;
    render::OffscreenTarget target(64, 64, &error);
    ASSERT_TRUE(target.renderer()) << error;
    const std::string fonts = BILLIARDS_TEST_FONT_DIR;
    auto text = render::Text::load(target.renderer(), fonts + "/DejaVuSans.ttf",
                                   fonts + "/DejaVuSans-Bold.ttf", &error);
    ASSERT_TRUE(text) << error;
    const std::string message =
        "/home/player/.local/share/billiards/autosave.json: inputs[12]: shot refused: cue speed "
        "must be between 0 and 20 m/s; kept as /home/player/.local/share/billiards/"
        "autosave.json.corrupt; using the backup";
    const double px = 24, width = 1280 * 0.92 * 0.8;
    ASSERT_GT(text->measure(message, px).x, width);
    const std::vector<std::string> lines = text->wrap(message, px, width);
    ASSERT_GE(lines.size(), 2u);
    std::string joined;
    for (const std::string& line : lines) {
        EXPECT_LE(text->measure(line, px).x, width) << line;
        joined += (joined.empty() ? "" : " ") + line;
    }
    EXPECT_EQ(joined, message);
    // A word longer than a line is cut between characters; a short text stays one line.
    const std::string word(400, 'w');
    std::string rejoined;
    for (const std::string& line : text->wrap(word, px, 300)) {
        EXPECT_LE(text->measure(line, px).x, 300) << line;
        rejoined += line;
    }
    EXPECT_EQ(rejoined, word);
    EXPECT_EQ(text->wrap("short", px, width), std::vector<std::string>{"short"});
}

} // namespace
