// The aim line's ray cast and the layout's mapping between the table and the screen.
#include <gtest/gtest.h>

#include <cmath>

#include "app/game_aim.hpp"
#include "app/game_app.hpp"
#include "app/game_driver.hpp"
#include "game/table.hpp"
#include "render/layout.hpp"

namespace billiards {
namespace {

constexpr double R = physics::kBallRadius;

physics::World world_with(std::vector<Vec2> positions) {
    const game::Table t = game::build_table(game::TableSpec{});
    physics::World w({}, t.cushions, t.pockets);
    int id = 0;
    for (Vec2 p : positions) {
        physics::BallDef d;
        d.id = id++;
        d.position = p;
        w.add_ball(d);
    }
    return w;
}

TEST(Aim, FullHitStopsAtTheGhostBall) {
    const physics::World w = world_with({{-0.5, 0.0}, {0.3, 0.0}});
    const app::AimHit hit = app::cast_aim(w, 0, 0.0);
    ASSERT_EQ(hit.kind, app::AimHit::Kind::Ball);
    EXPECT_EQ(hit.ball, 1);
    EXPECT_NEAR(hit.ghost.x, 0.3 - 2 * R, 1e-12);
    EXPECT_NEAR(hit.object_dir.x, 1.0, 1e-12);
    EXPECT_EQ(hit.cue_dir, Vec2{}); // a full hit: the cue ball stops (stun)
}

TEST(Aim, CutShotSplitsAtNinetyDegrees) {
    const physics::World w = world_with({{-0.5, 0.0}, {0.3, R}}); // half-ball hit
    const app::AimHit hit = app::cast_aim(w, 0, 0.0);
    ASSERT_EQ(hit.kind, app::AimHit::Kind::Ball);
    EXPECT_NEAR(dot(hit.object_dir, hit.cue_dir), 0.0, 1e-12);
    EXPECT_NEAR(length(hit.ghost - w.ball(1).position), 2 * R, 1e-12);
    EXPECT_LT(hit.cue_dir.y, 0.0);
}

TEST(Aim, MissingEveryBallFindsTheCushion) {
    const physics::World w = world_with({{-0.5, 0.0}, {0.3, 0.2}});
    const app::AimHit hit = app::cast_aim(w, 0, 0.0);
    ASSERT_EQ(hit.kind, app::AimHit::Kind::Cushion);
    EXPECT_NEAR(hit.ghost.x, 2.54 / 2 - R, 1e-12); // the foot rail's nose, one radius off
    EXPECT_NEAR(hit.bounce_dir.x, -1.0, 1e-12);
    // At 45 degrees, the bounce mirrors the rail's normal component.
    const app::AimHit diag = app::cast_aim(w, 0, -kPi / 4);
    ASSERT_EQ(diag.kind, app::AimHit::Kind::Cushion);
    EXPECT_NEAR(diag.ghost.y, -1.27 / 2 + R, 1e-12);
    EXPECT_NEAR(diag.bounce_dir.x, std::sqrt(0.5), 1e-12);
    EXPECT_NEAR(diag.bounce_dir.y, std::sqrt(0.5), 1e-12);
}

TEST(Aim, BallsBehindAreIgnored) {
    const physics::World w = world_with({{0.0, 0.0}, {-0.3, 0.0}});
    const app::AimHit hit = app::cast_aim(w, 0, 0.0);
    EXPECT_EQ(hit.kind, app::AimHit::Kind::Cushion);
}

TEST(Layout, ScreenAndTableMapBackAndForth) {
    const game::Table t = game::build_table(game::TableSpec{});
    for (bool chrome : {false, true}) {
        const render::Layout l = render::make_layout(t, 1280, 720, chrome);
        for (Vec2 p : {Vec2{0, 0}, Vec2{1.2, -0.6}, Vec2{-0.7, 0.3}}) {
            const Vec2 q = l.to_table(l.to_screen(p));
            EXPECT_NEAR(q.x, p.x, 1e-12);
            EXPECT_NEAR(q.y, p.y, 1e-12);
        }
        EXPECT_LT(l.to_screen({0, 1}).y, l.to_screen({0, 0}).y); // y up on the table
    }
    // With chrome the widgets sit right of the table and inside the output.
    const render::Layout l = render::make_layout(t, 1280, 720, true);
    const render::Box outer = render::table_bounds(t).outer;
    EXPECT_GT(l.side.x, l.to_screen(outer.max).x);
    EXPECT_LE(l.side.x + l.side.w, 1280.0);
    EXPECT_GT(l.spin_radius, 20.0);
    EXPECT_GT(l.power.h, 100.0);
}

// The power control: slow shots exactly as fine as with the old linear 7 m/s cue (below the
// knee), then smoothly up to a 12 m/s cue ball at full power; the inverse undoes it.
TEST(Power, SlowShotsKeepTheirResolutionAndFullPowerBreaksAt12) {
    for (double p = 0.0; p <= app::kPowerKnee; p += 0.01)
        EXPECT_NEAR(app::cue_speed_for_power(p), 7.0 * p, 1e-12) << p;
    EXPECT_NEAR(game::ball_speed_for(app::cue_speed_for_power(1.0), physics::kBallMass), 12.0,
                1e-12);
    EXPECT_EQ(app::cue_speed_for_power(2.0), app::cue_speed_for_power(1.0));
    EXPECT_EQ(app::cue_speed_for_power(-1.0), 0.0);
    double last = 0.0, last_slope = 7.0;
    for (int k = 1; k <= 1000; ++k) {
        const double p = k / 1000.0, v = app::cue_speed_for_power(p);
        const double slope = (v - last) * 1000.0;
        EXPECT_GE(slope, last_slope - 1e-6) << p; // never coarser at low power than above it
        EXPECT_LE(slope - last_slope, 0.1) << p;  // no kink at the knee
        EXPECT_NEAR(app::power_for_cue_speed(v), p, 1e-12) << p;
        last = v;
        last_slope = slope;
    }
    EXPECT_EQ(app::power_for_cue_speed(100.0), 1.0);
    EXPECT_EQ(app::power_for_cue_speed(0.0), 0.0);
}

// The game plays with an ordinary shaft's squirt: english sends the cue ball off the cue's
// line, away from the side of the english, and the aim line is drawn along the line the ball
// really takes (its velocity just after the strike), not along the cue.
TEST(Aim, TheAimLineShowsTheSquirt) {
    for (const game::Shaft shaft : {game::Shaft::Ordinary, game::Shaft::LowSquirt}) {
        app::DrivenGame game(game::build_table(game::TableSpec{}), "pool-9ft");
        game.choices().shaft = shaft;
        game.start_sandbox("pool-9ft");
        game.aim_at(game::foot_spot(game.table().spec));
        game.set_tip(0.45, 0.0); // right english
        const render::SceneView v = game.view();
        ASSERT_TRUE(v.aim.visible);
        const Vec2 line = normalized(v.aim.ghost - v.aim.from);
        const double turn = std::remainder(std::atan2(line.y, line.x) - game.heading(), 2 * kPi);
        const double expected = game::squirt_angle(0.45, physics::kBallMass, game::play_cue(shaft));
        EXPECT_GT(turn, 0.01); // counter-clockwise: to the left, away from right english
        EXPECT_NEAR(turn, expected, 1e-9);
        ASSERT_TRUE(game.shoot(0.3));
        const physics::World& w = game.world();
        const Vec2 vel = w.ball(w.index_of(game::kCueBall)).velocity;
        EXPECT_NEAR(cross(line, normalized(vel)), 0.0, 1e-9);
        EXPECT_GT(dot(line, vel), 0.0);
    }
    // The low-squirt shaft squirts about half as much.
    EXPECT_NEAR(
        game::squirt_angle(0.45, physics::kBallMass, game::play_cue(game::Shaft::LowSquirt)) /
            game::squirt_angle(0.45, physics::kBallMass, game::play_cue()),
        0.5, 0.05);
}

// The player's actions need no SDL: moving over the table aims, a press, a pull back along
// the aim and a release play the shot, as the mouse does through input.cpp; a key's command
// does what the key does.
TEST(Actions, AimPullAndReleaseShootWithoutSdl) {
    app::DrivenGame game(game::build_table(game::TableSpec{}), "pool-9ft");
    game.start_sandbox("pool-9ft");
    const render::Layout& layout = game.layout();
    const physics::World& w = game.world();
    const Vec2 cue = w.ball(w.index_of(game::kCueBall)).position;
    const Vec2 target = cue + Vec2{0.5, 0.2};
    EXPECT_TRUE(game.apply(app::act::PointerMove{layout.to_screen(target)}));
    EXPECT_NEAR(game.heading(), std::atan2(0.2, 0.5), 1e-9);
    EXPECT_TRUE(game.apply(app::act::Key{app::Command::TipUp}));
    EXPECT_NEAR(game.tip_height(), 0.05, 1e-12);
    const Vec2 dir = normalized(target - cue);
    game.apply(app::act::PointerPress{layout.to_screen(target)});
    game.apply(app::act::PointerMove{layout.to_screen(target - dir * (0.5 * app::kMaxPull))});
    EXPECT_TRUE(game.dragging());
    EXPECT_NEAR(game.drag_power(), 0.5, 1e-6);
    game.apply(app::act::PointerRelease{});
    EXPECT_EQ(game.mode(), app::Mode::Rolling);
    EXPECT_EQ(game.shots(), 1);
    const Vec2 vel = game.world().ball(game.world().index_of(game::kCueBall)).velocity;
    EXPECT_GT(dot(vel, dir), 0.0);
}

} // namespace
} // namespace billiards
