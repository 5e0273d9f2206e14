// Zoom and pan: the camera's transform (the point under the pointer stays under it, the view
// stays on the table, Home fits it again) and the game played zoomed in through its events:
// the wheel, a right-button drag, aiming and ball in hand on the 12-ft snooker table.
#include <gtest/gtest.h>

#include <SDL.h>

#include <cmath>
#include <memory>

#include "app/game_app.hpp"
#include "app/game_driver.hpp"
#include "app_games.hpp"
#include "app_helpers.hpp"
#include "frame_probe.hpp"
#include "game/rack.hpp"
#include "game/snooker/snooker_match.hpp"
#include "game/snooker/snooker_table.hpp"
#include "render/layout.hpp"

namespace billiards {
namespace {

namespace snk = game::snooker;
using GameApp = app::DrivenGame;
using app::Mode;
using test::key;

SDL_Event wheel(int notches) {
    SDL_Event e{};
    e.type = SDL_MOUSEWHEEL;
    e.wheel.y = notches;
    return e;
}

SDL_Event button(Uint32 type, Uint8 which, Vec2 s) {
    SDL_Event e{};
    e.type = type;
    e.button.button = which;
    e.button.x = static_cast<Sint32>(std::lround(s.x));
    e.button.y = static_cast<Sint32>(std::lround(s.y));
    return e;
}

SDL_Event drag_to(Vec2 s, Uint32 buttons) {
    SDL_Event e = test::mouse_to(s);
    e.motion.state = buttons;
    return e;
}

TEST(Camera, ZoomAboutThePointerKeepsThePointUnderIt) {
    const game::Table table = game::build_table(snk::full_size_spec());
    const render::Layout fit = render::make_layout(table, 1280, 720, true);
    ASSERT_DOUBLE_EQ(fit.table_scale, fit.scale);
    render::Camera cam;
    render::Layout l = fit;
    // Three zooms about three points of the table: each stays where it was on the screen.
    for (const auto& [s, factor] :
         {std::pair{Vec2{500.0, 300.0}, 2.0}, std::pair{Vec2{620.0, 420.0}, 1.5},
          std::pair{Vec2{560.0, 380.0}, 0.8}}) {
        const Vec2 p = l.to_table(s);
        const double zoom = cam.zoom * factor;
        cam = render::zoom_about(table, l, cam, s, factor);
        l = render::make_layout(table, 1280, 720, true, cam);
        EXPECT_DOUBLE_EQ(cam.zoom, zoom);
        EXPECT_NEAR(l.table_scale, fit.scale * zoom, 1e-9);
        const Vec2 back = l.to_screen(p);
        EXPECT_NEAR(back.x, s.x, 1e-9);
        EXPECT_NEAR(back.y, s.y, 1e-9);
        const Vec2 again = l.to_table(s);
        EXPECT_NEAR(again.x, p.x, 1e-12);
        EXPECT_NEAR(again.y, p.y, 1e-12);
    }
    // The widgets do not zoom.
    EXPECT_DOUBLE_EQ(l.scale, fit.scale);
    EXPECT_DOUBLE_EQ(l.power.y, fit.power.y);
    // At most kMaxZoom; out to 1 it is the fitted table again.
    cam = render::zoom_about(table, l, cam, {600.0, 400.0}, 100.0);
    EXPECT_DOUBLE_EQ(cam.zoom, render::kMaxZoom);
    cam = render::zoom_about(table, l, cam, {600.0, 400.0}, 0.001);
    l = render::make_layout(table, 1280, 720, true, cam);
    EXPECT_DOUBLE_EQ(cam.zoom, 1.0);
    EXPECT_DOUBLE_EQ(l.origin.x, fit.origin.x);
    EXPECT_DOUBLE_EQ(l.origin.y, fit.origin.y);
}

TEST(Camera, PanStopsAtTheTablesEdge) {
    const game::Table table = game::build_table(snk::full_size_spec());
    const render::Layout fit = render::make_layout(table, 1280, 720, true);
    render::Camera cam = render::zoom_about(table, fit, {}, {600.0, 380.0}, 3.0);
    render::Layout l = render::make_layout(table, 1280, 720, true, cam);
    // A drag of 10 px moves the table 10 px.
    const Vec2 p = l.to_table({600.0, 380.0});
    cam = render::pan_by(table, l, cam, {10.0, -4.0});
    l = render::make_layout(table, 1280, 720, true, cam);
    EXPECT_NEAR(l.to_screen(p).x, 610.0, 1e-9);
    EXPECT_NEAR(l.to_screen(p).y, 376.0, 1e-9);
    // A long drag: the rail's outer edge stops at the area's edge, never beyond it.
    cam = render::pan_by(table, l, cam, {1e5, -1e5});
    l = render::make_layout(table, 1280, 720, true, cam);
    const render::Box outer = render::table_bounds(table).outer;
    EXPECT_NEAR(l.to_screen(outer.min).x, l.table.x, 1e-6);
    EXPECT_NEAR(l.to_screen(outer.min).y, l.table.y + l.table.h, 1e-6);
}

void start_snooker(GameApp& g) {
    snk::MatchConfig c;
    c.seats[0].name = "Ann";
    c.seats[1].name = "Bob";
    c.table = snk::full_size_spec();
    c.params = snk::play_params_for(c.table);
    c.seed = 11;
    test::adopt_snooker(g, std::make_unique<snk::Match>(c), "snooker-12ft");
}

TEST(Camera, TheTwelveFootTableZoomedAimsAndPlacesThroughTheSameTransform) {
    GameApp g(game::build_table(game::TableSpec{}), "pool-9ft");
    g.set_output_size(1280, 720);
    start_snooker(g);
    const double fitted = g.layout().table_pixels(snk::full_size_spec().ball_radius);
    const physics::Ball& cue = g.world().ball(g.world().index_of(snk::kCue));
    // Three notches of the wheel over the cue ball: it stays under the pointer, three times
    // larger, comfortably large (it was ~7 px).
    const Vec2 at = g.layout().to_screen(cue.position);
    const Vec2 pointer{std::round(at.x), std::round(at.y)}; // the mouse's pixel
    const Vec2 under = g.layout().to_table(pointer);
    g.handle_event(test::mouse_to(at));
    g.handle_event(wheel(3));
    const double zoomed = g.layout().table_pixels(cue.radius);
    EXPECT_NEAR(zoomed / fitted, std::pow(1.25, 3), 1e-9);
    EXPECT_GT(zoomed, 14.0);
    EXPECT_NEAR(g.layout().to_screen(under).x, pointer.x, 1e-9);
    EXPECT_NEAR(g.layout().to_screen(under).y, pointer.y, 1e-9);
    EXPECT_NEAR(g.view().camera.zoom, std::pow(1.25, 3), 1e-12); // drawn as it is mapped

    // A drag with the right button pans; the table follows the pointer.
    const Vec2 before = g.layout().to_screen(cue.position);
    g.handle_event(drag_to({at.x + 40.0, at.y + 10.0}, SDL_BUTTON_RMASK));
    g.handle_event(drag_to({at.x + 70.0, at.y - 20.0}, SDL_BUTTON_RMASK));
    const Vec2 moved = g.layout().to_screen(cue.position) - before;
    EXPECT_NEAR(moved.x, 70.0, 1.0); // the pointer's pixels are whole

    EXPECT_NEAR(moved.y, -20.0, 1.0);

    // Aiming with the mouse at the brown, zoomed: the cue points at it.
    const Vec2 brown = snk::spot_of(snk::markings(snk::full_size_spec()), snk::kBrown);
    ASSERT_TRUE(g.layout().table.contains(g.layout().to_screen(brown)));
    g.handle_event(test::mouse_to(g.layout().to_screen(brown)));
    const Vec2 d = brown - cue.position;
    const double px = length(d) * g.layout().table_scale;
    EXPECT_NEAR(g.heading(), std::atan2(d.y, d.x), 1.0 / px); // within a pixel's rounding

    // Ball in hand: B, then a click in the D puts the cue ball under the pointer.
    g.handle_event(key(SDLK_b));
    ASSERT_EQ(g.mode(), Mode::Placing);
    const snk::Markings m = snk::markings(snk::full_size_spec());
    const Vec2 spot{m.baulk_x - 0.12, -0.08};
    const Vec2 s = g.layout().to_screen(spot);
    ASSERT_TRUE(g.layout().table.contains(s));
    g.handle_event(button(SDL_MOUSEBUTTONDOWN, SDL_BUTTON_LEFT, s));
    ASSERT_EQ(g.mode(), Mode::Aiming);
    const Vec2 want = g.layout().to_table(
        {static_cast<double>(std::lround(s.x)), static_cast<double>(std::lround(s.y))});
    EXPECT_NEAR(cue.position.x, want.x, 1e-12);
    EXPECT_NEAR(cue.position.y, want.y, 1e-12);

    // Home: the whole table again.
    g.handle_event(key(SDLK_HOME));
    EXPECT_NEAR(g.layout().table_pixels(cue.radius), fitted, 1e-12);
}

// A replay is watched zoomed too: the wheel about the pointer, Page Up / Down, a right-button
// drag, Alt+arrows and Home work while it plays, and the replay plays on.
TEST(Camera, ZoomAndPanDuringAReplay) {
    GameApp g(game::build_table(game::TableSpec{}), "pool-9ft");
    g.set_output_size(1280, 720);
    start_snooker(g);
    ASSERT_TRUE(g.shoot(0.4)); // the break, from the D
    for (int i = 0; i < 60 * 30 && g.mode() == Mode::Rolling; ++i)
        g.update(1.0 / 60.0);
    ASSERT_TRUE(g.replay_last_shot());
    g.update(0.2); // the replay under way
    ASSERT_TRUE(g.replaying());
    const Vec2 ball = g.world().ball(g.world().index_of(snk::kBrown)).position;
    const double fitted = g.layout().table_scale;

    g.handle_event(key(SDLK_PAGEUP));
    EXPECT_NEAR(g.layout().table_scale / fitted, 1.25, 1e-12);
    g.handle_event(key(SDLK_PAGEDOWN));
    EXPECT_NEAR(g.layout().table_scale / fitted, 1.0, 1e-12);

    // The wheel over the brown: it stays under the pointer.
    const Vec2 at = g.layout().to_screen(ball);
    const Vec2 pointer{std::round(at.x), std::round(at.y)};
    const Vec2 under = g.layout().to_table(pointer);
    g.handle_event(test::mouse_to(at));
    g.handle_event(wheel(2));
    EXPECT_NEAR(g.layout().table_scale / fitted, 1.25 * 1.25, 1e-12);
    EXPECT_NEAR(g.layout().to_screen(under).x, pointer.x, 1e-9);
    EXPECT_NEAR(g.layout().to_screen(under).y, pointer.y, 1e-9);
    EXPECT_NEAR(g.view().camera.zoom, 1.25 * 1.25, 1e-12); // the replay is drawn so

    // A right-button drag moves the table with the pointer.
    const Vec2 before = g.layout().to_screen(ball);
    g.handle_event(drag_to({pointer.x + 30.0, pointer.y}, SDL_BUTTON_RMASK));
    EXPECT_NEAR(g.layout().to_screen(ball).x - before.x, 30.0, 1e-9);

    // Alt+Left: the view moves left, the table right.
    const Vec2 dragged = g.layout().to_screen(ball);
    g.handle_event(key(SDLK_LEFT, KMOD_ALT));
    EXPECT_GT(g.layout().to_screen(ball).x, dragged.x + 10.0);

    // Home: the whole table again; the replay played on under all of it.
    g.handle_event(key(SDLK_HOME));
    EXPECT_DOUBLE_EQ(g.layout().table_scale, fitted);
    EXPECT_TRUE(g.replaying());
}

// Drawn zoomed through the real loop: the cue ball is drawn as large as the camera says (its
// white reaches 2 fitted radii from its centre), and the frame is saved as snooker-zoomed.
class CameraLoop : public test::LoopTest {};

TEST_F(CameraLoop, TheZoomedTableDraws) {
    GameApp g(game::build_table(game::TableSpec{}), "pool-9ft");
    g.set_output_size(1280, 720);
    start_snooker(g);
    const physics::Ball& cue = g.world().ball(g.world().index_of(snk::kCue));
    const double fitted = g.layout().table_pixels(cue.radius);
    g.handle_event(test::mouse_to(g.layout().to_screen(cue.position)));
    g.handle_event(wheel(5)); // 1.25^5 = 3.05x
    const test::FrameShot shot = test::third_frame(*platform, g, "snooker-zoomed", 1.0 / 60.0);
    EXPECT_NEAR(shot.layout.table_scale / shot.layout.scale, std::pow(1.25, 5), 1e-9);
    const Vec2 c = shot.layout.to_screen(cue.position);
    const double r = shot.layout.table_pixels(cue.radius);
    EXPECT_GT(r, 2.5 * fitted);
    // Bright pixels of the cue ball 2 fitted radii right of its centre (inside it now).
    const render::Rect probe{c.x + 2.0 * fitted - 1, c.y - 1, 3, 3};
    int bright = 0;
    for (int y = static_cast<int>(probe.y); y < static_cast<int>(probe.y + probe.h); ++y)
        for (int x = static_cast<int>(probe.x); x < static_cast<int>(probe.x + probe.w); ++x) {
            const auto p = shot.image.at(x, y);
            bright += p.r > 150 && p.g > 150 && p.b > 140; // not the cloth
        }
    EXPECT_GT(bright, 0);
}

// A replay drawn zoomed through the real loop: the frame's layout is the camera's.
TEST_F(CameraLoop, TheZoomedReplayDraws) {
    GameApp g(game::build_table(game::TableSpec{}), "pool-9ft");
    g.set_output_size(1280, 720);
    start_snooker(g);
    ASSERT_TRUE(g.shoot(0.4));
    for (int i = 0; i < 60 * 30 && g.mode() == Mode::Rolling; ++i)
        g.update(1.0 / 60.0);
    ASSERT_TRUE(g.replay_last_shot());
    g.update(0.5);
    const physics::Ball& cue = g.world().ball(g.world().index_of(snk::kCue));
    g.handle_event(test::mouse_to(g.layout().to_screen(cue.position)));
    g.handle_event(wheel(4));
    const test::FrameShot shot =
        test::third_frame(*platform, g, "snooker-replay-zoomed", 1.0 / 60.0);
    EXPECT_TRUE(g.replaying());
    EXPECT_NEAR(shot.layout.table_scale / shot.layout.scale, std::pow(1.25, 4), 1e-9);
    // The "Replay" banner stands at the top of the table's area, not at the table's centre
    // over the blue on its spot.
    const physics::Ball& blue = g.world().ball(g.world().index_of(snk::kBlue));
    const Vec2 c = shot.layout.to_screen(blue.position);
    ASSERT_TRUE(shot.layout.table.contains(c));
    const auto p = shot.image.at(static_cast<int>(c.x), static_cast<int>(c.y));
    EXPECT_GT(p.b, 120);
    EXPECT_GT(p.b, p.r + 60);
}

} // namespace
} // namespace billiards
