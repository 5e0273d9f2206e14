// Settings files: defaults, exact text, round trips, every bad input's message.
#include <gtest/gtest.h>

#include "io/scenario.hpp"
#include "io/settings.hpp"
#include "io_test_util.hpp"

namespace {

using namespace billiards;

std::string message(const std::string& text) {
    try {
        io::parse_settings(text, "settings.json");
    } catch (const io::InputError& e) {
        return e.what();
    }
    return "(no error)";
}

TEST(Settings, DefaultsAreWrittenInFull) {
    EXPECT_EQ(io::settings_to_json(io::Settings{}), R"({
  "format": "billiards-settings/1",
  "game": "8-ball",
  "seats": [
    {"kind": "human", "level": "medium", "name": "Player 1"},
    {"kind": "computer", "level": "medium", "name": "Computer"}
  ],
  "table": "pool-9ft",
  "practice": false,
  "aim_aid": true,
  "predicted_path": false,
  "ball_labels": false,
  "shaft": "ordinary",
  "window": {
    "width": 1280,
    "height": 720,
    "fullscreen": false
  },
  "sound": {
    "volume": 0.8,
    "muted": false
  },
  "tip_shown": false,
  "snooker": {
    "table": "snooker-12ft",
    "best_of": 3
  },
  "three_cushion": {
    "chosen": false,
    "target": 40,
    "innings_limit": 0,
    "diamond_aid": false,
    "break": "lag"
  },
  "online": {
    "server": "127.0.0.1:7777"
  }
}
)");
}

TEST(Settings, EveryFieldRoundTrips) {
    io::Settings s;
    s.game = game::GameKind::NineBall;
    s.seats = {game::SeatKind::Computer, game::SeatKind::Human};
    s.levels = {game::AiLevel::Pro, game::AiLevel::Easy};
    s.names = {"Ünal \"the cue\"", ""};
    s.table = "pool-7ft";
    s.practice = true;
    s.aim_aid = false;
    s.predicted_path = true;
    s.ball_labels = true;
    s.shaft = game::Shaft::LowSquirt;
    s.window_width = 320;
    s.window_height = 16384;
    s.fullscreen = true;
    s.volume = 0.35;
    s.muted = true;
    s.tip_shown = true;
    s.carom_breaker = 1;
    const io::Settings back = io::parse_settings(io::settings_to_json(s), "s.json");
    EXPECT_EQ(back.game, s.game);
    EXPECT_EQ(back.seats, s.seats);
    EXPECT_EQ(back.levels, s.levels);
    EXPECT_EQ(back.names, s.names);
    EXPECT_EQ(back.table, s.table);
    EXPECT_EQ(back.practice, s.practice);
    EXPECT_EQ(back.aim_aid, s.aim_aid);
    EXPECT_EQ(back.predicted_path, s.predicted_path);
    EXPECT_TRUE(back.ball_labels);
    EXPECT_EQ(back.shaft, s.shaft);
    EXPECT_EQ(back.window_width, s.window_width);
    EXPECT_EQ(back.window_height, s.window_height);
    EXPECT_TRUE(back.fullscreen);
    EXPECT_EQ(back.volume, s.volume);
    EXPECT_EQ(back.muted, s.muted);
    EXPECT_EQ(back.tip_shown, s.tip_shown);
    EXPECT_EQ(back.carom_breaker, 1);
    EXPECT_TRUE(back == s);
}

TEST(Settings, MissingKeysTakeDefaults) {
    const io::Settings s = io::parse_settings(
        R"({"format": "billiards-settings/1", "seats": [{}, {"level": "hard"}], "window": {"width": 800}})",
        "s.json");
    io::Settings expected;
    expected.levels[1] = game::AiLevel::Hard;
    expected.window_width = 800;
    EXPECT_TRUE(s == expected);
}

TEST(Settings, EveryBadInputHasItsMessage) {
    const std::string f = R"({"format": "billiards-settings/1", )";
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"{", "settings.json: $: invalid JSON: parse error at line 1, column 2: syntax error "
              "while parsing object key - unexpected end of input; expected string literal"},
        {"1", "settings.json: $: must be an object (a billiards-settings/1 file)"},
        {"{}", "settings.json: format: is required"},
        {R"({"format": "billiards-match/1"})",
         "settings.json: format: this is a billiards saved match (billiards-match/1), not a "
         "settings file"},
        {R"({"format": "billiards-settings/2"})",
         "settings.json: format: must be \"billiards-settings/1\""},
        {f + R"("volume": 3})", "settings.json: volume: unknown key"},
        {f + R"("three_cushion": {"break": "player3"}})",
         "settings.json: three_cushion.break: must be one of \"lag\", \"player1\", \"player2\""},
        {f + R"("table": "pool-10ft"})",
         "settings.json: table: unknown table \"pool-10ft\" (known: pool-9ft, pool-8ft, "
         "pool-7ft)"},
        {f + R"("table": 9})", "settings.json: table: must be a string"},
        {f + R"("game": "8ball"})", "settings.json: game: must be one of \"8-ball\", \"9-ball\", "
                                    "\"snooker\", \"three-cushion\""},
        {f + R"("seats": [{}]})", "settings.json: seats: must hold 2 seats"},
        {f + R"("seats": {}})", "settings.json: seats: must be an array"},
        {f + R"("seats": [{"kind": "cpu"}, {}]})",
         "settings.json: seats[0].kind: must be one of \"human\", \"computer\""},
        {f + R"("seats": [{}, {"level": 2}]})", "settings.json: seats[1].level: must be a string"},
        {f + R"("seats": [{}, {"name": "123456789012345678901234567890123"}]})",
         "settings.json: seats[1].name: must be at most 32 characters long"},
        {f + R"("seats": [{"name": "a\nb"}, {}]})",
         "settings.json: seats[0].name: must hold no control characters"},
        {f + R"("seats": [{"colour": "red"}, {}]})", "settings.json: seats[0].colour: unknown key"},
        {f + R"("practice": "no"})", "settings.json: practice: must be true or false"},
        {f + R"("aim_aid": 0})", "settings.json: aim_aid: must be true or false"},
        {f + R"("predicted_path": null})", "settings.json: predicted_path: must be true or false"},
        {f + R"("shaft": "carbon"})",
         "settings.json: shaft: must be one of \"ordinary\", \"low-squirt\""},
        {f + R"("shaft": true})", "settings.json: shaft: must be a string"},
        {f + R"("window": [1280, 720]})", "settings.json: window: must be an object"},
        {f + R"("window": {"width": 319}})",
         "settings.json: window.width: must be between 320 and 16384"},
        {f + R"("window": {"height": 16385}})",
         "settings.json: window.height: must be between 200 and 16384"},
        {f + R"("window": {"height": 720.5}})", "settings.json: window.height: must be an integer"},
        {f + R"("window": {"depth": 1}})", "settings.json: window.depth: unknown key"},
        {f + R"("window": {"fullscreen": 1}})",
         "settings.json: window.fullscreen: must be true or false"},
        {f + R"("ball_labels": "yes"})", "settings.json: ball_labels: must be true or false"},
    };
    for (const auto& [text, expected] : cases)
        EXPECT_EQ(message(text), expected) << text;
}

TEST(Settings, ThirtyTwoCharactersOfAnyScriptFit) {
    // 32 characters, 64 bytes in UTF-8.
    const std::string name = "ЁЁЁЁЁЁЁЁЁЁЁЁЁЁЁЁЁЁЁЁЁЁЁЁЁЁЁЁЁЁЁЁ";
    const io::Settings s = io::parse_settings(
        R"({"format": "billiards-settings/1", "seats": [{"name": ")" + name + R"("}, {}]})",
        "s.json");
    EXPECT_EQ(s.names[0], name);
}

TEST(Settings, SavingRefusesWhatCouldNotBeRead) {
    const io_test::TempDir dir("settings-refuse");
    const std::string path = (dir.path() / "settings.json").string();
    io::Settings s;
    s.table = "snooker";
    try {
        io::save_settings_file(s, path);
        FAIL();
    } catch (const std::invalid_argument& e) {
        EXPECT_STREQ(e.what(),
                     "table: unknown table \"snooker\" (known: pool-9ft, pool-8ft, pool-7ft)");
    }
    s = {};
    s.window_height = 100;
    EXPECT_THROW(io::save_settings_file(s, path), std::invalid_argument);
    s = {};
    s.names[1] = std::string(33, 'x');
    EXPECT_THROW(io::save_settings_file(s, path), std::invalid_argument);
    EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(Settings, SaveAndLoad) {
    const io_test::TempDir dir("settings-save");
    const std::string path = (dir.path() / "deep" / "er" / "settings.json").string();
    io::Settings s;
    s.practice = true;
    io::save_settings_file(s, path);
    EXPECT_TRUE(io::load_settings_file(path) == s);
    EXPECT_FALSE(std::filesystem::exists(path + ".bak"));
}

// Sound and the first start's tip came after the first settings files: a file
// without them loads with the defaults (volume 0.8, not muted, tip not shown yet).
TEST(Settings, FilesFromBeforeTheSoundLoad) {
    const io::Settings s = io::parse_settings(R"({
  "format": "billiards-settings/1",
  "game": "9-ball",
  "table": "pool-8ft",
  "practice": true,
  "aim_aid": true,
  "predicted_path": false,
  "window": {"width": 1024, "height": 768}
})",
                                              "old.json");
    EXPECT_EQ(s.game, game::GameKind::NineBall);
    EXPECT_EQ(s.window_width, 1024);
    EXPECT_EQ(s.volume, 0.8);
    EXPECT_FALSE(s.muted);
    EXPECT_FALSE(s.tip_shown);
    // Each of the new keys on its own.
    const std::string f = R"({"format": "billiards-settings/1", )";
    EXPECT_EQ(io::parse_settings(f + R"("sound": {"volume": 0}})", "s.json").volume, 0.0);
    EXPECT_EQ(io::parse_settings(f + R"("sound": {"volume": 1}})", "s.json").volume, 1.0);
    EXPECT_TRUE(io::parse_settings(f + R"("sound": {"muted": true}})", "s.json").muted);
    EXPECT_EQ(io::parse_settings(f + R"("sound": {}})", "s.json").volume, 0.8);
    EXPECT_TRUE(io::parse_settings(f + R"("tip_shown": true})", "s.json").tip_shown);
}

TEST(Settings, BadSoundValuesHaveTheirMessages) {
    const std::string f = R"({"format": "billiards-settings/1", )";
    const std::vector<std::pair<std::string, std::string>> cases = {
        {f + R"("sound": {"volume": 1.5}})",
         "settings.json: sound.volume: must be between 0 and 1"},
        {f + R"("sound": {"volume": -0.1}})",
         "settings.json: sound.volume: must be between 0 and 1"},
        {f + R"("sound": {"volume": "loud"}})", "settings.json: sound.volume: must be a number"},
        {f + R"("sound": {"muted": 1}})", "settings.json: sound.muted: must be true or false"},
        {f + R"("sound": {"pitch": 1}})", "settings.json: sound.pitch: unknown key"},
        {f + R"("sound": 0.5})", "settings.json: sound: must be an object"},
        {f + R"("tip_shown": "yes"})", "settings.json: tip_shown: must be true or false"},
    };
    for (const auto& [text, expected] : cases)
        EXPECT_EQ(message(text), expected) << text;
    io::Settings s;
    s.volume = 1.01;
    EXPECT_THROW(io::save_settings_file(s, "/nonexistent-billiards-dir/s.json"),
                 std::invalid_argument);
}

} // namespace

namespace {

TEST(Settings, SnookerChoicesRoundTripAndAreChecked) {
    io::Settings s;
    s.game = game::GameKind::Snooker;
    s.snooker_table = "snooker-10ft";
    s.snooker_best_of = 7;
    const io::Settings back = io::parse_settings(io::settings_to_json(s), "s.json");
    EXPECT_EQ(back.game, game::GameKind::Snooker);
    EXPECT_EQ(back.snooker_table, "snooker-10ft");
    EXPECT_EQ(back.snooker_best_of, 7);
    EXPECT_TRUE(back == s);
    const std::string f = R"({"format": "billiards-settings/1", )";
    EXPECT_EQ(io::parse_settings(f + R"("game": "snooker"})", "s.json").game,
              game::GameKind::Snooker);
    EXPECT_EQ(io::parse_settings(f + R"("game": "9-ball"})", "s.json").game,
              game::GameKind::NineBall);
    const std::vector<std::pair<std::string, std::string>> cases = {
        {f + R"("snooker": {"best_of": 4}})",
         "settings.json: snooker.best_of: must be odd (best of N frames)"},
        {f + R"("snooker": {"table": "pool-9ft"}})",
         "settings.json: snooker.table: unknown snooker table \"pool-9ft\""},
        {f + R"("snooker": {"frames": 3}})", "settings.json: snooker.frames: unknown key"},
    };
    for (const auto& [text, expected] : cases)
        EXPECT_EQ(message(text), expected) << text;
    EXPECT_NE(message(f + R"("game": "chess"})").find("settings.json: game: "), std::string::npos);
    s.snooker_best_of = 2;
    EXPECT_THROW(io::save_settings_file(s, "/nonexistent-billiards-dir/s.json"),
                 std::invalid_argument);
}

} // namespace

namespace {

// Files as earlier games wrote them: the game chosen comes from "game" and, later,
// "three_cushion.chosen"; each reads to that one choice and writes back as it was.
TEST(Settings, EveryEarlierFileReadsToItsGame) {
    const std::string head = R"({"format": "billiards-settings/1", )";
    const io::Settings oldest = io::parse_settings(
        head + R"("game": "9-ball", "seats": [{}, {}], "table": "pool-7ft", "practice": true,
                   "aim_aid": false, "predicted_path": true, "window": {"width": 800, "height": 600}})",
        "s.json");
    EXPECT_EQ(oldest.game, game::GameKind::NineBall);
    EXPECT_EQ(oldest.table, "pool-7ft");
    EXPECT_EQ(oldest.snooker_table, "snooker-12ft");
    EXPECT_EQ(oldest.carom_target, 40);

    const io::Settings snooker = io::parse_settings(
        head + R"("game": "snooker", "snooker": {"table": "snooker-10ft", "best_of": 5}})",
        "s.json");
    EXPECT_EQ(snooker.game, game::GameKind::Snooker);
    EXPECT_EQ(snooker.snooker_best_of, 5);

    // Three-cushion chosen: "game" then held pool's 8-ball; the file now names the kind.
    const std::string carom_text =
        head + R"("game": "8-ball", "three_cushion": {"chosen": true, "target": 15,
                  "innings_limit": 25, "diamond_aid": true, "break": "player2"}})";
    const io::Settings carom = io::parse_settings(carom_text, "s.json");
    EXPECT_EQ(carom.game, game::GameKind::ThreeCushion);
    EXPECT_EQ(carom.carom_target, 15);
    EXPECT_EQ(carom.carom_innings, 25);
    EXPECT_TRUE(carom.diamond_aid);
    EXPECT_EQ(carom.carom_breaker, 1);
    const std::string written = io::settings_to_json(carom);
    EXPECT_NE(written.find(R"("game": "three-cushion")"), std::string::npos) << written;
    EXPECT_NE(written.find(R"("chosen": true)"), std::string::npos) << written;
    EXPECT_TRUE(io::parse_settings(written, "s.json") == carom);

    const io::Settings not_chosen = io::parse_settings(
        head + R"("game": "9-ball", "three_cushion": {"chosen": false, "target": 20}})", "s.json");
    EXPECT_EQ(not_chosen.game, game::GameKind::NineBall);
    EXPECT_EQ(not_chosen.carom_target, 20);
}

// The game chosen is kept by its kind's name, for every kind of game_kind.hpp's table (a kind
// added there is remembered with no code of its own), and a file naming it reads it back.
TEST(Settings, EveryKindIsRememberedByItsName) {
    for (const game::GameKind kind : game::kGameKinds) {
        SCOPED_TRACE(game::to_string(kind));
        io::Settings s;
        s.game = kind;
        const std::string text = io::settings_to_json(s);
        EXPECT_NE(text.find(std::string(R"("game": ")") + game::to_string(kind) + "\""),
                  std::string::npos)
            << text;
        EXPECT_EQ(io::parse_settings(text, "s.json"), s);
        const std::string named = std::string(R"({"format": "billiards-settings/1", "game": ")") +
                                  game::to_string(kind) + "\"}";
        EXPECT_EQ(io::parse_settings(named, "s.json").game, kind);
    }
}

// The sandbox is not kept: it writes 8-ball, as before.
TEST(Settings, TheSandboxIsWrittenAsEightBall) {
    io::Settings s;
    s.game = std::nullopt;
    s.table = "pool-8ft";
    const io::Settings back = io::parse_settings(io::settings_to_json(s), "s.json");
    EXPECT_EQ(back.game, game::GameKind::EightBall);
    EXPECT_EQ(back.table, "pool-8ft");
    io::Settings eight = s;
    eight.game = game::GameKind::EightBall;
    EXPECT_EQ(io::settings_to_json(s), io::settings_to_json(eight));
}

} // namespace

// The Online screen's server came later: files without it load with the loopback default;
// a bad address in the file is said with its path.
TEST(Settings, TheOnlineServerIsKeptAndFilesWithoutItLoad) {
    const std::string f = R"({"format": "billiards-settings/1")";
    EXPECT_EQ(io::parse_settings(f + "}", "s.json").online_server, "127.0.0.1:7777");
    io::Settings s;
    s.online_server = "billiards.example.org:7777";
    const io::Settings back = io::parse_settings(io::settings_to_json(s), "s.json");
    EXPECT_EQ(back.online_server, "billiards.example.org:7777");
    EXPECT_TRUE(back == s);
    const std::vector<std::pair<std::string, std::string>> cases = {
        {f + R"(, "online": {"server": ""}})",
         "settings.json: online.server: must be HOST:PORT, 1 to 100 characters"},
        {f + R"(, "online": {"server": "a b:1"}})",
         "settings.json: online.server: must be printable ASCII without spaces"},
        {f + R"(, "online": {"port": 1}})", "settings.json: online.port: unknown key"},
    };
    for (const auto& [text, message] : cases) {
        try {
            (void)io::parse_settings(text, "settings.json");
            ADD_FAILURE() << "accepted: " << text;
        } catch (const io::InputError& e) {
            EXPECT_EQ(std::string(e.what()), message);
        }
    }
    s.online_server = "bad server";
    EXPECT_THROW(io::save_settings_file(s, "/nonexistent-billiards-dir/s.json"),
                 std::invalid_argument);
}
