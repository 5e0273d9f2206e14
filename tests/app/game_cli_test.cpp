// The game's own command line through the real binary (no window: SDL's offscreen driver):
// every option checked before a window opens, and one game at a time on a data folder.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "../cli/cli_fixture.hpp"

namespace {

namespace fs = std::filesystem;
using billiards::test::Outcome;

class GameCli : public billiards::test::CliTest {
  protected:
    // The game with BILLIARDS_HOME=work/home, no window and no sound, for a frame or two.
    // Under the sanitizers the leak check is off for this child alone: a match started in
    // the game binary ends with leaks reported only in unsymbolised, dynamically loaded
    // system libraries (as the install test found); our own code's leaks are checked by
    // the loop tests, which run the same modes in process.
    Outcome game(const std::string& args) const {
        return shell("ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 BILLIARDS_HOME=home "
                     "SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy '" BILLIARDS_EXE "' " +
                     args);
    }
};

// Each of these would start the game (and, with --frames 1, end it with status 0); each is
// refused instead, with the reason, before any window.
TEST_F(GameCli, EveryOptionIsChecked) {
    struct Case {
        const char* args;
        const char* says;
    };
    const Case cases[] = {
        {"--table carom-10ft --start 8ball",
         "billiards: --table: 'carom-10ft' is not a pool table (choose one of: pool-9ft, "
         "pool-8ft, pool-7ft; snooker and three-cushion choose their own table on the menu)"},
        {"--table snooker-12ft", "billiards: --table: 'snooker-12ft' is not a pool table"},
        {"--table snooker", "billiards: --table: unknown table 'snooker' (choose one of: "
                            "pool-9ft, pool-8ft, pool-7ft)"},
        {"--load ''", "billiards: --load: empty name (leave the option out for the default)"},
        {"--screenshot-dir ''", "billiards: --screenshot-dir: empty name"},
        {"--screenshot-path ''", "billiards: --screenshot-path: empty name"},
        {"--fake-frame nan",
         "billiards: --fake-frame: must be a number between 0 and 1, got 'nan'"},
        {"--fake-frame=-1", "billiards: --fake-frame: must be a number between 0 and 1, got '-1'"},
        {"--fake-frame 0x1p-4", "billiards: --fake-frame: must be a number between 0 and 1"},
        {"--start 8ball --players ai:godlike,zzz",
         "billiards: --players: 'ai:godlike' is not a seat (use human, ai, ai:easy, ai:medium, "
         "ai:hard or ai:pro)"},
        {"--start 8ball --players human,zzz", "billiards: --players: 'zzz' is not a seat"},
        {"--start 8ball --players human,ai,human",
         "billiards: --players: 'human,ai,human': at most two seats"},
        {"--players human,ai", "billiards: --players: only with --start and a game (8ball, 9ball, "
                               "snooker or three-cushion)"},
        {"--start carom", "billiards: --start: "},
        {"--width 0x500", "billiards: --width: '0x500' is not a whole number (decimal digits "
                          "only): must be an integer between 320 and 16384"},
        {"--height ' 600'", "billiards: --height: ' 600' is not a whole number"},
        {"--width 100", "billiards: --width: must be an integer between 320 and 16384, got '100'"},
        {"--screenshot-after=-1", "billiards: --screenshot-after: must be an integer between 0"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.args);
        const Outcome r = game(std::string("--ephemeral --frames 1 ") + c.args);
        EXPECT_EQ(r.code, 2) << r.err;
        EXPECT_EQ(r.err.rfind(c.says, 0), 0u) << r.err;
        EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
    }
    const Outcome r = game("--ephemeral --frames 1e3");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err.rfind("billiards: --frames: '1e3' is not a whole number", 0), 0u) << r.err;
    // And what they allow still runs.
    const Outcome fine =
        game("--ephemeral --frames 1 --table pool-8ft --start 9ball --players ai:hard "
             "--fake-frame 0.016666 --width 640 --height 360");
    EXPECT_EQ(fine.code, 0) << fine.err;
}

// A second game on the same folder (here the lock is held by this test, as a first game
// holds it) plays but saves nothing, and says so; the first game's files stay its own.
TEST_F(GameCli, SecondGameOnADataFolderSavesNothing) {
    fs::create_directories(work("home"));
    const int fd = ::open(work("home/billiards.lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::flock(fd, LOCK_EX | LOCK_NB), 0);
    const Outcome second = game("--frames 2 --start 9ball");
    EXPECT_EQ(second.code, 0) << second.err;
    EXPECT_EQ(second.err, "billiards: Nothing will be saved (settings, matches, replays): home is "
                          "in use by another billiards game; close it to keep this game's saves\n");
    EXPECT_FALSE(fs::exists(work("home/settings.json")));
    ::close(fd); // the first game ends
    const Outcome alone = game("--frames 2 --start 9ball");
    EXPECT_EQ(alone.code, 0) << alone.err;
    EXPECT_EQ(alone.err, "");
    EXPECT_TRUE(fs::exists(work("home/settings.json")));
}

} // namespace
