// The pause menu's "Save last shot as video": the last shot rendered into the videos folder
// a few frames per game frame, the file holding (ffprobe counts them) one frame per 1/fps of
// the shot up to rest, then half a second held: as `billiards render --video` makes it.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "../common/capture.hpp"
#include "app/game_driver.hpp"
#include "app_helpers.hpp"
#include "game/rack.hpp"
#include "game/simulation.hpp"
#include "io/replay_file.hpp"
#include "io/scenario.hpp"

namespace billiards {
namespace {

using GameApp = app::DrivenGame;

std::string bytes_of(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

TEST(ShotVideo, TheLastShotBecomesAVideoOfTheExpectedFrames) {
    test::TempHome home("shot_video");
    GameApp g(game::build_table(game::TableSpec{}), "pool-9ft");
    app::GameStorage files = home.storage();
    files.videos = (home.dir / "videos").string();
    g.set_storage(files);
    io::Settings& c = g.choices();
    c.game = game::GameKind::NineBall;
    c.seats = {game::SeatKind::Human, game::SeatKind::Human};
    ASSERT_TRUE(g.start_from_choices());
    EXPECT_FALSE(g.save_last_shot_video()); // no shot yet
    EXPECT_NE(g.ui_message().find("No shot"), std::string::npos) << g.ui_message();
    g.aim_at(game::foot_spot(g.table().spec));
    ASSERT_TRUE(g.shoot(0.25));
    for (int i = 0; i < 60 * 90 && g.mode() == app::Mode::Rolling; ++i)
        g.update(1.0 / 60.0);

    const int fps = 6;
    g.set_video_format(160, 90, fps);
    ASSERT_TRUE(g.save_last_shot_video()) << g.ui_message();
    EXPECT_TRUE(g.video_busy());
    EXPECT_FALSE(g.save_last_shot_video()); // one at a time
    g.update(1.0 / 60.0);
    for (int i = 0; i < 10000 && g.video_busy(); ++i) {
        EXPECT_GE(g.video_progress(), 0.0);
        EXPECT_LE(g.video_progress(), 1.0);
        g.update(1.0 / 60.0);
    }
    ASSERT_FALSE(g.video_busy());
    const std::string path = g.video_path();
    EXPECT_EQ(std::filesystem::path(path).parent_path(), home.dir / "videos");
    ASSERT_TRUE(std::filesystem::exists(path)) << g.ui_message();
    EXPECT_NE(g.ui_message().find(path), std::string::npos) << g.ui_message();

    // A frame for every 1/fps of the shot up to rest (its length from its replay file, run
    // to rest in whole steps: the video's last moving frame is within one frame of it),
    // then half a second held.
    const std::string replay = g.save_last_shot();
    ASSERT_FALSE(replay.empty());
    const game::Scenario shot =
        io::scenario_of_replay(io::parse_replay(io::read_text_file(replay), replay));
    const double rest = game::run_scenario(shot, false).time();
    ASSERT_GT(rest, 1.0);
    const std::string probe = test::probe_video(path);
    ASSERT_EQ(probe.rfind("h264,160,90,", 0), 0u) << probe;
    const int frames = std::stoi(probe.substr(12));
    EXPECT_GE(frames, 1 + static_cast<int>(std::floor(rest * fps)) + fps / 2);
    EXPECT_LE(frames, 1 + static_cast<int>(std::ceil(rest * fps)) + fps / 2);
    // And it is the video `billiards render REPLAY --video --paths` makes, byte for byte.
    const std::string cli = (home.dir / "cli.mp4").string();
    ASSERT_EQ(std::system((std::string(BILLIARDS_EXE) + " render " + replay + " --video " + cli +
                           " --paths --fps 6 --size 160x90 2>/dev/null")
                              .c_str()),
              0);
    EXPECT_EQ(bytes_of(cli), bytes_of(path));
}

} // namespace
} // namespace billiards
