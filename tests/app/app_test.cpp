// The game driven like a player drives it: synthetic SDL events through the real loop (window
// on SDL's offscreen driver, real renderer, Dear ImGui), a fake clock, many frames.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <vector>

#include "app/game_app.hpp"
#include "app/game_driver.hpp"
#include "app/game_platform.hpp"
#include "app/game_screenshot.hpp"
#include "app/loop_script.hpp"
#include "app_helpers.hpp"
#include "game/cue.hpp"
#include "game/pool/match.hpp"
#include "game/rack.hpp"
#include "render/offscreen.hpp"
#include "ui/ball_edit.hpp"

namespace billiards {
namespace {

using GameApp = app::DrivenGame;
using app::Mode;

game::Table table9() {
    return game::build_table(game::TableSpec{});
}

void push_motion(Vec2 s) {
    SDL_Event e{};
    e.type = SDL_MOUSEMOTION;
    e.motion.x = static_cast<Sint32>(std::lround(s.x));
    e.motion.y = static_cast<Sint32>(std::lround(s.y));
    SDL_PushEvent(&e);
}

void push_button(Vec2 s, bool down, Uint8 button = SDL_BUTTON_LEFT) {
    SDL_Event e{};
    e.type = down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
    e.button.button = button;
    e.button.state = down ? SDL_PRESSED : SDL_RELEASED;
    e.button.x = static_cast<Sint32>(std::lround(s.x));
    e.button.y = static_cast<Sint32>(std::lround(s.y));
    SDL_PushEvent(&e);
}

SDL_Event motion(Vec2 s) {
    SDL_Event e{};
    e.type = SDL_MOUSEMOTION;
    e.motion.x = static_cast<Sint32>(std::lround(s.x));
    e.motion.y = static_cast<Sint32>(std::lround(s.y));
    return e;
}

SDL_Event button(Vec2 s, bool down) {
    SDL_Event e{};
    e.type = down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
    e.button.button = SDL_BUTTON_LEFT;
    e.button.x = static_cast<Sint32>(std::lround(s.x));
    e.button.y = static_cast<Sint32>(std::lround(s.y));
    return e;
}

Vec2 cue_position(const GameApp& a) {
    return a.world().ball(a.world().index_of(game::kCueBall)).position;
}

using test::key;
using test::LoopTest;
using test::maybe_save;
using test::ScratchDir;

TEST_F(LoopTest, MouseAimPullBackAndReleasePlaysAShot) {
    GameApp game(table9(), "pool-9ft");
    const Vec2 start = cue_position(game);
    const Vec2 apex = game::foot_spot(game.table().spec);
    std::map<int, Vec2> rack_at;
    for (const physics::Ball& b : game.world().balls())
        rack_at[b.id] = b.position;
    app::LoopOptions o;
    o.max_frames = 450;
    o.fake_frame_seconds = 1.0 / 30.0;
    double heading_at_press = 0.0, power_before_release = 0.0;
    o.before_frame = [&](long f) {
        const render::Layout& l = game.layout();
        const Vec2 cue = l.to_screen(start);
        const Vec2 aim = l.to_screen(apex);
        const Vec2 back = normalized(cue - aim); // pulling away from the aim point
        if (f == 5) push_motion(aim);
        if (f == 10) {
            heading_at_press = game.heading();
            push_button(cue, true);
        }
        if (f > 10 && f <= 30)
            push_motion(cue + back * (l.pixels(0.30) * static_cast<double>(f - 10) / 20.0));
        if (f == 31) power_before_release = game.drag_power();
        if (f == 32) push_button(cue + back * l.pixels(0.30), false);
    };
    o.after_draw = [&](long f, SDL_Renderer* r) {
        if (f == 25) maybe_save(r, "game_pullback");
        if (f == 40) maybe_save(r, "game_break");
    };
    EXPECT_EQ(app::run_loop(*platform, game, o), 0);
    // Aimed at the apex ball, pulled 0.30 m of 0.40, released: a break was played.
    EXPECT_NEAR(heading_at_press, 0.0, 0.01);
    EXPECT_NEAR(power_before_release, 0.75, 0.02);
    EXPECT_EQ(game.shots(), 1);
    EXPECT_GT(length(cue_position(game) - start), 0.1);
    // The rack broke: most object balls left their spots (the ball-ball count alone says
    // little under compliant contact, where the rack's contacts are one cluster).
    int moved = 0;
    for (const physics::Ball& b : game.world().balls())
        if (b.id != 0 && length(b.position - rack_at[b.id]) > 0.01) ++moved;
    EXPECT_GE(moved, 8) << "ball-ball impacts " << game.world().counts().ball_ball;
    // 15 s later everything has come to rest and the game waits for the next shot.
    EXPECT_TRUE(game.world().at_rest());
    EXPECT_NE(game.mode(), Mode::Rolling);
}

// The sandbox plays the game's physics (hertz contact): full power on the meter is a 12 m/s
// cue ball, and an 11 m/s break straight at the apex has spread the rack 0.3 s later (the
// frame is saved as game_break_11ms when BILLIARDS_SHOTS_DIR is set).
TEST_F(LoopTest, AHardBreakSpreadsTheRackOnScreen) {
    GameApp game(table9(), "pool-9ft");
    EXPECT_EQ(game.world().params().ball_contact, physics::BallContact::Hertz);
    std::vector<physics::Ball> rack = game.world().balls();
    for (int k = 0; k < 20; ++k)
        game.handle_event(key(SDLK_UP));
    EXPECT_EQ(game.key_power(), 1.0);
    EXPECT_NEAR(game.view().controls.ball_speed, 12.0, 1e-9);
    game.aim_at(game::foot_spot(game.table().spec));
    const double power = app::power_for_cue_speed(game::cue_speed_for(11.0, physics::kBallMass));
    ASSERT_TRUE(game.shoot(power));
    app::LoopOptions o;
    o.max_frames = 19; // 18 frames of 1/60 s after the first
    o.fake_frame_seconds = 1.0 / 60.0;
    o.after_draw = [&](long f, SDL_Renderer* r) {
        if (f == 18) maybe_save(r, "game_break_11ms");
    };
    EXPECT_EQ(app::run_loop(*platform, game, o), 0);
    int moved = 0;
    for (const physics::Ball& b : rack) {
        if (b.id == game::kCueBall) continue;
        const physics::Ball& now = game.world().ball(game.world().index_of(b.id));
        moved += length(now.position - b.position) > 2 * b.radius ? 1 : 0;
    }
    EXPECT_GE(moved, 10) << "of 15 object balls";
}

TEST_F(LoopTest, PanelOpensWithF1AndF12SavesAScreenshot) {
    GameApp game(table9(), "pool-9ft");
    const ScratchDir shots;
    const std::filesystem::path& dir = shots.path();
    app::LoopOptions o;
    o.max_frames = 26;
    o.fake_frame_seconds = 1.0 / 60.0;
    o.screenshot_dir = dir.string();
    std::string refused;
    auto press = [](SDL_Keycode k) {
        SDL_Event e = key(k);
        SDL_PushEvent(&e);
    };
    o.before_frame = [&](long f) {
        if (f == 1) press(SDLK_SPACE); // break at half power
        if (f == 2) press(SDLK_F1);
        if (f == 3) press(SDLK_v);
        if (f == 4) {
            // What typing mass -1 into ball 5's row and pressing Enter does.
            ui::PanelContext ctx = game.panel_context();
            physics::BallDef d = game.world().ball(game.world().index_of(5)).def();
            d.mass = -1.0;
            refused = game.panel().submit_ball_edit(ctx, 5, d);
        }
        if (f == 24) press(SDLK_F12);
    };
    o.after_draw = [&](long f, SDL_Renderer* r) {
        if (f == 22) maybe_save(r, "game_panel");
    };
    EXPECT_EQ(app::run_loop(*platform, game, o), 0);
    EXPECT_TRUE(game.panel_open());
    EXPECT_NE(refused.find("mass must be > 0"), std::string::npos) << refused;
    EXPECT_EQ(game.world().ball(game.world().index_of(5)).mass, physics::kBallMass);
    int files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        EXPECT_EQ(entry.path().extension(), ".png");
        EXPECT_GT(std::filesystem::file_size(entry.path()), 10000u);
        ++files;
    }
    EXPECT_EQ(files, 1);
    ASSERT_FALSE(game.messages().empty());
    EXPECT_NE(game.messages().back().find("Screenshot saved"), std::string::npos);
}

// GameApp alone, no window: keyboard shot, spin keys, ball in hand after a scratch.
// The tip pushed onto the spin disc's ring by keys is a tip the shot accepts: A twelve times
// and W twelve times (the case a player found: "Miscue" and no shot), and every direction
// of the ring from the keys.
TEST(GameApp, ATipClampedToTheRingShoots) {
    {
        GameApp game(table9(), "pool-9ft");
        game.handle_event(key(SDLK_c));
        for (int i = 0; i < 12; ++i)
            game.handle_event(key(SDLK_a));
        for (int i = 0; i < 12; ++i)
            game.handle_event(key(SDLK_w));
        game.handle_event(key(SDLK_SPACE));
        EXPECT_EQ(game.shots(), 1);
        for (const std::string& m : game.messages())
            EXPECT_EQ(m.find("Miscue"), std::string::npos) << m;
    }
    const SDL_Keycode across[] = {SDLK_a, SDLK_d}, up_down[] = {SDLK_w, SDLK_s};
    for (int a = 0; a < 2; ++a)
        for (int u = 0; u < 2; ++u)
            for (int n = 0; n <= 20; ++n) {
                GameApp game(table9(), "pool-9ft");
                for (int i = 0; i < n; ++i)
                    game.handle_event(key(across[a]));
                for (int i = 0; i < 14; ++i)
                    game.handle_event(key(up_down[u]));
                const game::CueShot shot{0.0, 1.0, game.tip_side(), game.tip_height(), 0.0};
                EXPECT_TRUE(game::tip_within_limit(shot, game::CueParams{}))
                    << n << " across, then to the ring: " << game.tip_side() << ", "
                    << game.tip_height();
            }
}

// Ball in hand in the sandbox over another ball: the status reads "Ball in hand. Not here:
// touches a ball" (it read "ball in hand. touches a ball" in a match, "Ball in hand:
// touches a ball" here).
TEST(GameApp, APlacementRefusalReadsAsASentence) {
    GameApp game(table9(), "pool-9ft");
    game.handle_event(key(SDLK_b));
    ASSERT_EQ(game.mode(), Mode::Placing);
    const physics::World& w = game.world();
    const Vec2 ball = w.ball(w.index_of(1)).position;
    game.handle_event(test::mouse_to(game.layout().to_screen(ball)));
    EXPECT_NE(game.view().hud.status.find("Ball in hand. Not here: touches a ball"),
              std::string::npos)
        << game.view().hud.status;
}

TEST(GameApp, KeyboardShotWithSpin) {
    GameApp game(table9(), "pool-9ft");
    game.handle_event(key(SDLK_w));
    game.handle_event(key(SDLK_w));
    EXPECT_NEAR(game.tip_height(), 0.10, 1e-12);
    game.handle_event(key(SDLK_a));
    EXPECT_NEAR(game.tip_side(), -0.05, 1e-12);
    for (int i = 0; i < 30; ++i)
        game.handle_event(key(SDLK_d)); // clamped at the miscue limit
    EXPECT_LE(std::hypot(game.tip_side(), game.tip_height()), 0.5 + 1e-12);
    game.handle_event(key(SDLK_c));
    EXPECT_EQ(game.tip_side(), 0.0);
    game.handle_event(key(SDLK_LEFT)); // fine aim: a tenth of a degree
    EXPECT_NEAR(game.heading(), 0.1 * kPi / 180.0, 1e-12);
    game.handle_event(key(SDLK_SPACE));
    EXPECT_EQ(game.shots(), 1);
    EXPECT_EQ(game.mode(), Mode::Rolling);
    for (int i = 0; i < 60 * 30 && game.mode() == Mode::Rolling; ++i)
        game.update(1.0 / 60.0);
    EXPECT_NE(game.mode(), Mode::Rolling);
}

TEST(GameApp, ScratchGivesBallInHandAndAClickPlacesIt) {
    // Only the cue ball, shot straight into the foot-right corner pocket.
    GameApp game(table9(), "pool-9ft");
    game.cue_ball_only();
    const Vec2 start = cue_position(game);
    const physics::Pocket& corner = game.table().pockets[3]; // (+x, +y)
    game.aim_at(corner.center);
    ASSERT_TRUE(game.shoot(0.6));
    for (int i = 0; i < 60 * 30 && game.mode() == Mode::Rolling; ++i)
        game.update(1.0 / 60.0);
    ASSERT_EQ(game.mode(), Mode::Placing);
    bool told = false;
    for (const std::string& m : game.messages())
        told |= m.find("ball in hand") != std::string::npos;
    EXPECT_TRUE(told);
    // A click on a cushion is refused; a click on free cloth places the ball.
    const render::Layout& l = game.layout();
    game.handle_event(button(l.to_screen({0.0, game.table().spec.width / 2}), true));
    EXPECT_EQ(game.mode(), Mode::Placing);
    game.handle_event(motion(l.to_screen({-0.5, 0.1})));
    game.handle_event(button(l.to_screen({-0.5, 0.1}), true));
    game.handle_event(button(l.to_screen({-0.5, 0.1}), false));
    EXPECT_EQ(game.mode(), Mode::Aiming);
    EXPECT_NEAR(cue_position(game).x, -0.5, 0.01);
    EXPECT_NE(cue_position(game).x, start.x);
}

TEST(GameApp, ANewTableForgetsTheLastShot) {
    // The sandbox's "replay last shot" re-runs a shot from its start state: once the table
    // is replaced (cue ball only, a loaded scenario, a rack) that shot is not this table's.
    GameApp game(table9(), "pool-9ft");
    auto play = [&] {
        game.aim_at({0.5, 0.0});
        ASSERT_TRUE(game.shoot(0.3));
        for (int i = 0; i < 60 * 30 && game.mode() == Mode::Rolling; ++i)
            game.update(1.0 / 60.0);
        ASSERT_NE(game.mode(), Mode::Rolling);
    };
    game.cue_ball_only();
    play();
    ASSERT_TRUE(game.replay_last_shot()); // this table's shot replays
    game.handle_event(key(SDLK_ESCAPE));  // and Escape ends the replay
    game.cue_ball_only();
    EXPECT_FALSE(game.replay_last_shot());
    play();
    ui::PanelResult loaded; // what the debug panel reports after loading a scenario
    loaded.world_replaced = true;
    game.after_panel(loaded);
    EXPECT_FALSE(game.replay_last_shot());
    play();
    game.rack(game::RackKind::NineBall);
    EXPECT_FALSE(game.replay_last_shot());
}

TEST(GameApp, InterpolatesBetweenTheLastTwoSteps) {
    GameApp game(table9(), "pool-9ft");
    game.cue_ball_only();
    ASSERT_TRUE(game.shoot(0.5));
    game.update(0.5 / 240.0 + 1.0 / 240.0); // one step and half a step left over
    const Vec2 now = cue_position(game);
    const render::SceneView v = game.view();
    ASSERT_FALSE(v.balls.empty());
    // Drawn between the state before the last step and the current one.
    EXPECT_LT(v.balls[0].position.x, now.x);
    EXPECT_GT(v.balls[0].position.x, now.x - 0.1);
    EXPECT_NEAR(game.clock().alpha(), 0.5, 1e-6);
}

TEST(GameApp, PauseSingleStepAndTimeScaleLeaveDtAlone) {
    GameApp game(table9(), "pool-9ft");
    const double dt = game.world().params().timestep;
    game.handle_event(key(SDLK_p));
    EXPECT_TRUE(game.clock().paused());
    const auto steps = game.world().steps();
    game.update(0.1);
    EXPECT_EQ(game.world().steps(), steps);
    game.handle_event(key(SDLK_PERIOD));
    game.update(0.0);
    EXPECT_EQ(game.world().steps(), steps + 1);
    game.handle_event(key(SDLK_p));
    game.handle_event(key(SDLK_LEFTBRACKET));
    EXPECT_DOUBLE_EQ(game.clock().time_scale(), 0.5);
    game.update(0.1);
    EXPECT_EQ(game.world().steps(), steps + 1 + 12); // 0.05 s of 1/240 s steps
    EXPECT_EQ(game.world().params().timestep, dt);
}

TEST(GameApp, ReRackAndBallInHandKeys) {
    GameApp game(table9(), "pool-9ft");
    game.handle_event(key(SDLK_n));
    EXPECT_EQ(game.world().ball_count(), 10); // 9-ball rack and the cue ball
    game.handle_event(key(SDLK_r));
    EXPECT_EQ(game.world().ball_count(), 16);
    game.handle_event(key(SDLK_b));
    EXPECT_EQ(game.mode(), Mode::Placing);
    game.handle_event(key(SDLK_ESCAPE));
    EXPECT_EQ(game.mode(), Mode::Aiming);
}

} // namespace
} // namespace billiards
