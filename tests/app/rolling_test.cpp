// Balls that roll: each ball's turn integrated from its spin (render/orientation.hpp)
// against the closed form of a turn about a fixed axis, and drawn: the markings go where the
// turn takes them, in pictures and in the game.
#include <gtest/gtest.h>

#include <cmath>

#include "app/game_app.hpp"
#include "app/game_driver.hpp"
#include "game/rack.hpp"
#include "render/orientation.hpp"
#include "render_helpers.hpp"

namespace billiards {
namespace {

using render::Quat;

void expect_near(Vec3 a, Vec3 b, double tol, const char* what) {
    EXPECT_NEAR(a.x, b.x, tol) << what;
    EXPECT_NEAR(a.y, b.y, tol) << what;
    EXPECT_NEAR(a.z, b.z, tol) << what;
}

// A ball rolling along +x at v turns about +y at v / R: after rolling a distance d its top
// has turned by d / R towards +x, (sin, 0, cos) of that angle.
TEST(Rolling, ABallRollingAlongXTurnsItsTopForward) {
    const double v = 1.3, r = physics::kBallRadius;
    for (const double d : {0.01, 0.05, 0.1, 0.3}) {
        Quat q;
        const int steps = 240;
        for (int k = 0; k < steps; ++k)
            q = render::turned(q, {0.0, v / r, 0.0}, d / v / steps);
        const double angle = d / r;
        expect_near(render::to_table(q, {0.0, 0.0, 1.0}), {std::sin(angle), 0.0, std::cos(angle)},
                    1e-12, "top");
        expect_near(render::to_table(q, {0.0, 1.0, 0.0}), {0.0, 1.0, 0.0}, 1e-12, "axis");
    }
}

// A constant spin's turn does not depend on how the time is cut; to_ball undoes to_table;
// a hundred thousand small turns keep the rotation a rotation (lengths kept).
TEST(Rolling, TurnsComposeAndStayRotations) {
    const Vec3 w{12.0, -30.0, 7.5};
    Quat whole = render::turned({}, w, 0.37), cut;
    for (int k = 0; k < 1000; ++k)
        cut = render::turned(cut, w, 0.37 / 1000);
    const Vec3 p{0.3, -0.5, 0.8};
    expect_near(render::to_table(whole, p), render::to_table(cut, p), 1e-12, "cut");
    expect_near(render::to_ball(whole, render::to_table(whole, p)), p, 1e-15, "inverse");
    Quat q;
    for (int k = 0; k < 100000; ++k)
        q = render::turned(q, {w.x + k % 7, w.y, w.z - k % 3}, 1e-3);
    EXPECT_NEAR(length(render::to_table(q, {1.0, 0.0, 0.0})), 1.0, 1e-12);
    // The axis of a turn is left where it was.
    const Vec3 axis = w * (1.0 / length(w));
    expect_near(render::to_table(whole, axis), axis, 1e-12, "axis");
}

bool reddish(const render::Image::Pixel& p) {
    return p.r > 120 && p.g < 70 && p.b < 70;
}

render::Image::Pixel at(const render::Image& img, Vec2 s) {
    return img.at(static_cast<int>(std::floor(s.x)), static_cast<int>(std::floor(s.y)));
}

// The 3 (red, its number disc facing up when unturned) turned 60 degrees about +y: the disc
// has gone towards +x, so the ball's centre shows red and its right side the white disc.
TEST(Rolling, TheNumberDiscGoesWhereTheTurnTakesIt) {
    render::BallView up = test::ball(3, {-0.4, 0.0}), turned = test::ball(3, {0.4, 0.0});
    turned.orientation = render::turned({}, {0.0, 1.0, 0.0}, deg_to_rad(60.0));
    const render::SceneView view = test::table_scene({up, turned});
    const render::Image img = test::draw_scene(view, 1600, 880, "rolling_disc");
    ASSERT_EQ(img.width, 1600);
    const render::Layout l = render::make_layout(*view.table, 1600, 880, false);
    const double r = l.pixels(physics::kBallRadius);
    const Vec2 a = l.to_screen(up.position), b = l.to_screen(turned.position);
    // Below the digit (the disc's white) and half a radius right (the red body).
    EXPECT_FALSE(reddish(at(img, a + Vec2{0.0, 0.4 * r})));
    EXPECT_TRUE(reddish(at(img, a + Vec2{0.68 * r, 0.0})));
    EXPECT_TRUE(reddish(at(img, b + Vec2{0.0, 0.4 * r})));
    EXPECT_TRUE(reddish(at(img, b + Vec2{-0.5 * r, 0.0})));
    EXPECT_FALSE(reddish(at(img, b + Vec2{0.68 * r, 0.35 * r})));
}

// In the game, a ball turns while it rolls and only then: after a shot the cue ball is
// turned, an object ball it did not reach is not.
TEST(Rolling, TheGameTurnsTheBallsThatMove) {
    app::DrivenGame game(game::build_table(game::TableSpec{}), "pool-9ft");
    game.rack(game::RackKind::NineBall);
    ASSERT_TRUE(game.shoot(0.2));
    for (int k = 0; k < 10; ++k)
        game.update(1.0 / 60.0);
    const render::SceneView v = game.view();
    bool cue_seen = false, still_seen = false;
    for (const render::BallView& b : v.balls) {
        const Vec3 top = render::to_table(b.orientation, {0.0, 0.0, 1.0});
        if (b.id == 0) {
            cue_seen = true;
            EXPECT_LT(top.z, 0.999) << "the cue ball rolled a sixth of a second without turning";
        } else if (length(b.velocity) == 0.0 && b.id == 9) {
            still_seen = true;
            EXPECT_EQ(top.z, 1.0);
        }
    }
    EXPECT_TRUE(cue_seen);
    EXPECT_TRUE(still_seen);
}

} // namespace
} // namespace billiards
