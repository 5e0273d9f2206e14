// Fullscreen: F11 and Alt+Enter turn it on and off (Alt+Enter never shoots), the settings
// keep it, and the loop makes the window follow.
#include <gtest/gtest.h>

#include <SDL.h>

#include "app/game_app.hpp"
#include "app/game_driver.hpp"
#include "app/loop_script.hpp"
#include "app_helpers.hpp"
#include "game/table.hpp"

namespace billiards {
namespace {

using GameApp = app::DrivenGame;
using test::LoopTest;

game::Table table9() {
    return game::build_table(game::TableSpec{});
}

TEST(Fullscreen, F11AndAltEnterToggleItAndAltEnterNeverShoots) {
    GameApp game(table9(), "pool-9ft");
    EXPECT_FALSE(game.fullscreen());
    game.handle_event(test::key(SDLK_F11));
    EXPECT_TRUE(game.fullscreen());
    EXPECT_TRUE(game.settings().fullscreen);
    for (const SDL_Keycode k : {SDLK_RETURN, SDLK_KP_ENTER}) {
        game.handle_event(test::key(k, KMOD_LALT));
        game.update(0.2);
        EXPECT_EQ(game.shots(), 0) << "Alt+Enter shot";
        EXPECT_TRUE(game.world().at_rest());
    }
    EXPECT_TRUE(game.fullscreen()); // toggled twice
    game.handle_event(test::key(SDLK_RETURN, KMOD_RALT));
    EXPECT_FALSE(game.fullscreen());
    // Enter alone still shoots.
    game.handle_event(test::key(SDLK_RETURN));
    EXPECT_EQ(game.shots(), 1);
}

TEST(Fullscreen, TheSettingsKeepIt) {
    GameApp game(table9(), "pool-9ft");
    io::Settings s = game.settings();
    s.fullscreen = true;
    game.apply_settings(s);
    EXPECT_TRUE(game.fullscreen());
    game.fullscreen_refused("no screen");
    EXPECT_FALSE(game.fullscreen());
    EXPECT_FALSE(game.settings().fullscreen);
}

// The loop makes the window follow the game's choice, and back.
TEST_F(LoopTest, TheWindowFollowsFullscreen) {
    GameApp game(table9(), "pool-9ft");
    app::LoopOptions o;
    o.max_frames = 12;
    o.fake_frame_seconds = 1.0 / 60.0;
    bool window_on = false, game_on = false;
    o.before_frame = [&](long f) {
        SDL_Event e = test::key(SDLK_F11);
        if (f == 2 || f == 8) SDL_PushEvent(&e);
        if (f == 6) {
            window_on = platform->fullscreen();
            game_on = game.fullscreen();
        }
    };
    EXPECT_EQ(app::run_loop(*platform, game, o), 0);
    // A video driver with no fullscreen refuses it: the game then says so and stays
    // windowed, as a player on such a display would see.
    if (!game_on) GTEST_SKIP() << "this video driver has no fullscreen";
    EXPECT_TRUE(window_on);
    EXPECT_FALSE(platform->fullscreen());
    EXPECT_FALSE(game.fullscreen());
}

} // namespace
} // namespace billiards
