// Shared by the tests that drive the game (GameApp) with SDL events through the real loop.
#pragma once

#include <gtest/gtest.h>

#include <SDL.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include "../common/scratch_dir.hpp"
#include "app/game_platform.hpp"
#include "app/game_screenshot.hpp"
#include "app/game_storage.hpp"
#include "core/vec.hpp"

namespace billiards::test {

// A key press as SDL delivers it.
inline SDL_Event key(SDL_Keycode k, Uint16 mod = KMOD_NONE) {
    SDL_Event e{};
    e.type = SDL_KEYDOWN;
    e.key.state = SDL_PRESSED;
    e.key.keysym.sym = k;
    e.key.keysym.mod = mod;
    return e;
}

// The mouse moved to a point of the screen (pixels), as SDL delivers it.
inline SDL_Event mouse_to(Vec2 screen) {
    SDL_Event e{};
    e.type = SDL_MOUSEMOTION;
    e.motion.x = static_cast<Sint32>(std::lround(screen.x));
    e.motion.y = static_cast<Sint32>(std::lround(screen.y));
    return e;
}

// Saves a frame under $BILLIARDS_SHOTS_DIR, when set, for looking at the game.
inline void maybe_save(SDL_Renderer* r, const std::string& name) {
    if (const char* dir = std::getenv("BILLIARDS_SHOTS_DIR"))
        app::save_screenshot(r, std::string(dir) + "/" + name + ".png");
}

// A platform (offscreen window, renderer, fonts, audio) for run_loop.
class LoopTest : public ::testing::Test {
  protected:
    virtual void size_window(app::PlatformOptions&) const {} // 1280x720 unless told
    void SetUp() override {
        app::PlatformOptions o;
        o.assets = BILLIARDS_TEST_ASSET_DIR;
        o.vsync = false;
        size_window(o);
        std::string error;
        platform = app::Platform::create(o, &error);
        ASSERT_TRUE(platform) << error;
    }
    std::unique_ptr<app::Platform> platform;
};

// A folder of the game's files for one test (its own: test name and process id; removed
// even when the test fails).
struct TempHome {
    ScratchDir scratch;
    std::filesystem::path dir;
    explicit TempHome(const std::string& name) : scratch(name), dir(scratch.path()) {}
    app::GameStorage storage() const {
        app::GameStorage s{(dir / "settings.json").string(),
                           (dir / "saved.json").string(),
                           (dir / "replays").string(),
                           {}};
        for (const game::GameKind kind : game::kGameKinds)
            s.autosave_of(kind) =
                (dir / (kind == game::GameKind::EightBall
                            ? std::string("autosave.json")
                            : "autosave-" + std::string(game::to_string(kind)) + ".json"))
                    .string();
        return s;
    }
};

} // namespace billiards::test
