// F12 screenshots: into the data folder's screenshots/ whatever the working folder, and a
// message that names the file whole.
#include <gtest/gtest.h>

#include <SDL.h>

#include <cstdlib>
#include <filesystem>
#include <regex>
#include <string>

#include "app/game_app.hpp"
#include "app/game_driver.hpp"
#include "app/game_screenshot.hpp"
#include "app/loop_script.hpp"
#include "app_helpers.hpp"
#include "game/table.hpp"

namespace billiards {
namespace {

namespace fs = std::filesystem;
using GameApp = app::DrivenGame;
using test::LoopTest;
using test::ScratchDir;

// BILLIARDS_HOME set for one test, put back as it was after it.
class HomeIs {
  public:
    explicit HomeIs(const std::string& dir) {
        if (const char* old = std::getenv("BILLIARDS_HOME")) old_ = old, had_ = true;
        setenv("BILLIARDS_HOME", dir.c_str(), 1);
    }
    ~HomeIs() {
        if (had_)
            setenv("BILLIARDS_HOME", old_.c_str(), 1);
        else
            unsetenv("BILLIARDS_HOME");
    }
    HomeIs(const HomeIs&) = delete;
    HomeIs& operator=(const HomeIs&) = delete;

  private:
    std::string old_;
    bool had_ = false;
};

TEST(Screenshot, TheDefaultFolderIsTheDataFoldersScreenshots) {
    const ScratchDir home("home");
    const HomeIs set(home.str());
    EXPECT_EQ(fs::path(app::default_screenshot_dir()), home.path() / "screenshots");
    const fs::path p = app::next_screenshot_path("");
    EXPECT_EQ(p.parent_path(), home.path() / "screenshots");
    EXPECT_TRUE(
        std::regex_match(p.filename().string(), std::regex("billiards-[0-9]{8}-[0-9]{6}\\.png")))
        << p;
}

TEST(Screenshot, TheMessageNamesTheFileWhole) {
    GameApp game(game::build_table(game::TableSpec{}), "pool-9ft");
    game.screenshot_done("/a long/folder name/billiards-20261127-101112.png", "");
    ASSERT_FALSE(game.messages().empty());
    EXPECT_EQ(game.messages().back(), "Screenshot saved: billiards-20261127-101112.png");
    game.screenshot_done("/x/y.png", "cannot create the folder /x: Permission denied");
    EXPECT_EQ(game.messages().back(),
              "Screenshot failed: cannot create the folder /x: Permission denied");
}

// F12 in the loop with no folder given: the PNG lands in $BILLIARDS_HOME/screenshots, not in
// the folder the game was started from.
TEST_F(LoopTest, F12WithNoFolderGivenSavesIntoTheDataFolder) {
    const ScratchDir home("home");
    const ScratchDir cwd("cwd");
    const HomeIs set(home.str());
    const fs::path was = fs::current_path();
    fs::current_path(cwd.path());
    GameApp game(game::build_table(game::TableSpec{}), "pool-9ft");
    app::LoopOptions o;
    o.max_frames = 4;
    o.fake_frame_seconds = 1.0 / 60.0;
    o.before_frame = [&](long f) {
        if (f == 1) {
            SDL_Event e = test::key(SDLK_F12);
            SDL_PushEvent(&e);
        }
    };
    const int code = app::run_loop(*platform, game, o);
    fs::current_path(was);
    EXPECT_EQ(code, 0);
    int files = 0;
    for (const auto& entry : fs::directory_iterator(home.path() / "screenshots")) {
        EXPECT_EQ(entry.path().extension(), ".png");
        ++files;
    }
    EXPECT_EQ(files, 1);
    EXPECT_TRUE(fs::is_empty(cwd.path())) << "a file was written in the working folder";
}

} // namespace
} // namespace billiards
