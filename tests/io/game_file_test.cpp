// billiards-game/1, the one save format of every kind of game: each kind saved and loaded
// through game::Game (the same table, score and inputs, and the same play after), the saves
// of the three formats before it loaded to the state they were saved in, and bad files.
#include <gtest/gtest.h>

#include <tuple>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <filesystem>

#include "game/game.hpp"
#include "io/game_file.hpp"
#include "io/scenario.hpp"
#include "io_test_util.hpp"

namespace {

using namespace billiards;
using game::GameKind;

const std::filesystem::path kOldSaves =
    std::filesystem::path(BILLIARDS_IO_TEST_DIR) / ".." / "data" / "saves";

game::GameOptions computer_options(std::uint64_t seed, bool practice) {
    game::GameOptions o;
    o.seats[0] = {game::SeatKind::Computer, game::AiLevel::Easy, "Ann", std::nullopt};
    o.seats[1] = {game::SeatKind::Computer, game::AiLevel::Easy, "Bob", std::nullopt};
    o.seed = seed;
    o.practice = practice;
    return o;
}

void turns(game::Game& g, int n) {
    for (int i = 0; i < n && !g.over(); ++i)
        ASSERT_TRUE(g.play_computer_turn());
}

std::string hex(std::uint64_t h) {
    return fmt::format("{:016x}", h);
}

// Equal games: the same table to the bit, score, shots and inputs.
void expect_same(const game::Game& a, const game::Game& b) {
    EXPECT_EQ(a.kind(), b.kind());
    EXPECT_EQ(hex(a.world().state_hash()), hex(b.world().state_hash()));
    EXPECT_EQ(a.shots(), b.shots());
    EXPECT_EQ(a.score().game_number, b.score().game_number);
    EXPECT_EQ(a.score().points, b.score().points);
    EXPECT_EQ(a.score().games, b.score().games);
    EXPECT_EQ(a.status(), b.status());
    EXPECT_EQ(a.names(), b.names());
    EXPECT_EQ(a.practice(), b.practice());
    EXPECT_EQ(a.inputs().size(), b.inputs().size());
}

// Saved and loaded again: the same game, and the computer's next moves the same on both (the
// seed and the options came back too).
void round_trip(game::Game& g, const std::string& table) {
    const std::string text = io::game_file_json(io::game_file_of(g, table));
    io::LoadedGame back = io::read_game(text, "save.json");
    ASSERT_TRUE(back.game);
    EXPECT_EQ(back.table_name, table);
    expect_same(g, *back.game);
    EXPECT_EQ(io::game_file_json(io::game_file_of(*back.game, table)), text);
    turns(g, 1);
    turns(*back.game, 1);
    expect_same(g, *back.game);
}

TEST(GameFile, EveryKindSavesAndLoadsThroughTheGame) {
    struct Case {
        GameKind kind;
        const char* table;
    };
    for (const Case c :
         {Case{GameKind::EightBall, "pool-9ft"}, Case{GameKind::NineBall, "pool-8ft"},
          Case{GameKind::Snooker, "snooker-10ft"}, Case{GameKind::ThreeCushion, "carom-10ft"}}) {
        SCOPED_TRACE(game::to_string(c.kind));
        game::GameOptions o = computer_options(11, true);
        o.table = io::load_standard_table(c.table).spec;
        o.best_of = 3;
        o.target = 5;
        std::unique_ptr<game::Game> g = game::make_game(c.kind, o);
        turns(*g, 3);
        if (g->can_undo()) {
            ASSERT_TRUE(g->undo());
        }
        turns(*g, 1);
        round_trip(*g, c.table);
    }
}

// A game that went on past its first: the rematch is an input, and so the games before.
TEST(GameFile, AMatchOfGamesComesBackWhole) {
    for (const GameKind kind : {GameKind::NineBall, GameKind::ThreeCushion}) {
        SCOPED_TRACE(game::to_string(kind));
        game::GameOptions o = computer_options(5, false);
        o.max_shots = 2; // each game declared after two shots
        o.target = 2;
        std::unique_ptr<game::Game> g = game::make_game(kind, o);
        turns(*g, 10);
        ASSERT_TRUE(g->over());
        ASSERT_TRUE(g->rematch());
        turns(*g, 1);
        ASSERT_EQ(g->score().game_number, 2);
        const std::vector<game::GameInput> in = g->inputs();
        EXPECT_EQ(std::count_if(in.begin(), in.end(),
                                [](const game::GameInput& x) {
                                    return x.kind == game::GameInput::Kind::Rematch;
                                }),
                  1);
        round_trip(*g, kind == GameKind::NineBall ? "pool-9ft" : "carom-10ft");
    }
}

// Snooker: a conceded frame is an input like any other.
TEST(GameFile, ASnookerConcessionIsKept) {
    game::GameOptions o = computer_options(3, false);
    o.best_of = 3;
    std::unique_ptr<game::Game> g = game::make_game(GameKind::Snooker, o);
    turns(*g, 2);
    game::GameInput concede;
    concede.kind = game::GameInput::Kind::Concede;
    concede.player = 1;
    ASSERT_TRUE(g->feed(concede));
    ASSERT_TRUE(g->over());
    EXPECT_EQ(g->score().winner, 0);
    round_trip(*g, "snooker-12ft");
}

// The formats before billiards-game/1, written by the game at commit aea8728: each loads to
// the table, shots and score that game had when it saved, and saves again in the new format
// to the same game.
TEST(GameFile, EachOldFormatLoadsToTheStateItWasSavedIn) {
    for (const char* name :
         {"pool-8ball-match-1", "pool-9ball-match-1", "snooker-match-1", "carom-1"}) {
        SCOPED_TRACE(name);
        const std::string path = (kOldSaves / (std::string(name) + ".json")).string();
        const nlohmann::json want = nlohmann::json::parse(
            io_test::slurp(kOldSaves / (std::string(name) + ".expected.json")));
        const std::string text = io::read_text_file(path);
        EXPECT_TRUE(io::is_game_save(text));
        io::LoadedGame loaded = io::read_game(text, path);
        ASSERT_TRUE(loaded.game);
        const game::Game& g = *loaded.game;
        EXPECT_EQ(hex(g.world().state_hash()), want["state_hash"].get<std::string>());
        EXPECT_EQ(g.shots(), want["shots"].get<int>());
        EXPECT_EQ(g.score().game_number, want["game_number"].get<int>());
        EXPECT_EQ(g.score().points, (want["points"].get<std::array<int, 2>>()));
        EXPECT_EQ(g.score().games, (want["games"].get<std::array<int, 2>>()));

        const std::string again = io::game_file_json(io::game_file_of(g, loaded.table_name));
        EXPECT_NE(again.find("\"format\": \"billiards-game/1\""), std::string::npos);
        const io::LoadedGame back = io::read_game(again, "again.json");
        expect_same(g, *back.game);
    }
}

// A three-cushion save with a position set up (billiards-carom/1 "balls") keeps it in
// billiards-game/1: saved again and loaded, the balls stand where they were set up, not at
// the opening, and every game of the match starts from it, as the old save's does.
TEST(GameFile, CaromSetUpPositionSurvivesTheNewFormat) {
    nlohmann::json old = nlohmann::json::parse(io_test::slurp(kOldSaves / "carom-1.json"));
    old["balls"] = nlohmann::json::array({{{"id", 0}, {"position", {0.5, 0.25}}},
                                          {{"id", 1}, {"position", {-0.625, 0.125}}},
                                          {{"id", 2}, {"position", {0.875, -0.375}}}});
    old["shots"] = nlohmann::json::array();
    io::LoadedGame loaded = io::read_game(old.dump(), "set-up.json");
    ASSERT_TRUE(loaded.game);
    const std::string text = io::game_file_json(io::game_file_of(*loaded.game, "carom-10ft"));
    io::LoadedGame back = io::read_game(text, "again.json");
    ASSERT_TRUE(back.game);
    const std::vector<physics::Ball>& balls = back.game->world().balls();
    ASSERT_EQ(balls.size(), 3u);
    for (const physics::Ball& b : balls) {
        const auto& want = old["balls"][static_cast<std::size_t>(b.id)]["position"];
        EXPECT_EQ(b.position.x, want[0].get<double>()) << "ball " << b.id;
        EXPECT_EQ(b.position.y, want[1].get<double>()) << "ball " << b.id;
    }
    expect_same(*loaded.game, *back.game);
    // Saved once more: the same file (the key written as it was read); and the games after it
    // (rematches start from the set-up too) the same on both loads.
    EXPECT_EQ(io::game_file_json(io::game_file_of(*back.game, "carom-10ft")), text);
    round_trip(*back.game, "carom-10ft");
    ASSERT_TRUE(back.game->rematch());
    for (const physics::Ball& b : back.game->world().balls())
        EXPECT_EQ(b.position.x, old["balls"][static_cast<std::size_t>(b.id)]["position"][0]);
    round_trip(*back.game, "carom-10ft");
}

TEST(GameFile, SavedAtomicallyAndReadBack) {
    io_test::TempDir dir("game_file_save");
    const std::string path = (dir.path() / "save.json").string();
    std::unique_ptr<game::Game> g =
        game::make_game(GameKind::EightBall, computer_options(2, false));
    turns(*g, 2);
    io::save_game_file(*g, "pool-9ft", path);
    const io::LoadedGame back = io::read_game(io::read_text_file(path), path);
    expect_same(*g, *back.game);
}

std::string message(const std::string& text) {
    try {
        io::read_game(text, "save.json");
    } catch (const io::InputError& e) {
        return e.what();
    }
    return "(no error)";
}

// A seat's execution noise is saved when not its level's own, and comes back: the loaded
// game's computer plays the same noisy moves. Files without the key keep the level's noise.
TEST(GameFile, TheComputersNoiseComesBack) {
    game::GameOptions o = computer_options(5, false);
    o.table = io::load_standard_table("pool-9ft").spec;
    const std::string plain =
        io::game_file_json(io::game_file_of(*game::make_game(GameKind::NineBall, o), "pool-9ft"));
    EXPECT_EQ(plain.find("noise"), std::string::npos);
    for (const game::Noise noise : {game::Noise::Standard, game::Noise::None}) {
        SCOPED_TRACE(game::to_string(noise));
        o.seats[0].noise = o.seats[1].noise = noise;
        std::unique_ptr<game::Game> g = game::make_game(GameKind::NineBall, o);
        turns(*g, 2);
        const std::string text = io::game_file_json(io::game_file_of(*g, "pool-9ft"));
        const nlohmann::json j = nlohmann::json::parse(text);
        EXPECT_EQ(j["seats"][0]["noise"], game::to_string(noise));
        EXPECT_EQ(j["seats"][1]["noise"], game::to_string(noise));
        round_trip(*g, "pool-9ft");
    }
}

// The statistics record of the game in progress ("record"): written when given, read back
// to the shot; a save without it (every save before the key) loads with none.
TEST(GameFile, TheStatisticsRecordComesBackAndIsOptional) {
    io_test::TempDir dir("game_file_record");
    const std::string path = (dir.path() / "save.json").string();
    std::unique_ptr<game::Game> g = game::make_game(GameKind::NineBall, computer_options(4, false));
    turns(*g, 3);
    io::SavedRecord r;
    r.game = 12;
    r.started = 1764300000;
    r.shots = {{0, false, false, false, false, 0},
               {1, true, false, true, true, 0},
               {1, true, true, false, false, 2}};
    io::save_game_file(*g, "pool-9ft", path, r);
    const nlohmann::json j = nlohmann::json::parse(io::read_text_file(path));
    EXPECT_EQ(j["record"]["shots"][1], nlohmann::json::parse(R"([1, "apf", 0])"));
    const io::LoadedGame back = io::read_game(io::read_text_file(path), path);
    expect_same(*g, *back.game);
    ASSERT_TRUE(back.record);
    EXPECT_EQ(back.record->game, 12);
    EXPECT_EQ(back.record->started, 1764300000);
    ASSERT_EQ(back.record->shots.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) {
        const game::ShotFacts& a = r.shots[i];
        const game::ShotFacts& b = back.record->shots[i];
        EXPECT_EQ(std::tie(a.shooter, a.pot_attempt, a.potted, a.safety, a.foul, a.points),
                  std::tie(b.shooter, b.pot_attempt, b.potted, b.safety, b.foul, b.points));
    }
    io::save_game_file(*g, "pool-9ft", path);
    EXPECT_FALSE(io::read_game(io::read_text_file(path), path).record);
    EXPECT_EQ(io::read_text_file(path).find("record"), std::string::npos);
}

TEST(GameFile, ABadRecordHasItsMessage) {
    const std::string head = R"({"format": "billiards-game/1", "game": "9-ball", )"
                             R"("table": "pool-9ft", "seats": [{"kind": "human"}, )"
                             R"({"kind": "human"}], "record": )";
    const std::string tail = R"(, "inputs": []})";
    EXPECT_EQ(message(head + R"({"game": 0, "started": 5, "shots": [[0, "", 0]]})" + tail),
              "save.json: record.game: must be a game id >= 1");
    EXPECT_EQ(message(head + R"({"game": 1, "started": 5, "shots": []})" + tail),
              "save.json: record.shots: must hold 1 to 100000 shots");
    EXPECT_EQ(message(head + R"({"game": 1, "started": 5, "shots": [[0, "ax", 0]]})" + tail),
              "save.json: record.shots[0][1]: must be made of the letters a, p, s and f");
    EXPECT_EQ(message(head + R"({"game": 1, "started": 5, "shots": [[0, "aa", 0]]})" + tail),
              "save.json: record.shots[0][1]: has \"a\" twice");
    EXPECT_EQ(message(head + R"({"game": 1, "started": 5, "shots": [[2, "", 0]]})" + tail),
              "save.json: record.shots[0][0]: must be between 0 and 1");
    EXPECT_EQ(message(head + R"({"game": 1, "shots": [[0, "", 0]]})" + tail),
              "save.json: record.started: is required");
    EXPECT_EQ(message(head + R"({"game": 1, "started": 5, "shots": [[0, ""]]})" + tail),
              "save.json: record.shots[0]: must be [seat, flags, points]");
}

TEST(GameFile, EveryBadInputHasItsMessage) {
    const std::string seats =
        R"("seats": [{"kind": "human"}, {"kind": "computer", "level": "hard"}])";
    const std::string head = R"({"format": "billiards-game/1", )";
    EXPECT_EQ(message(head + R"("game": "pool", )" + seats + R"(, "inputs": []})"),
              "save.json: game: must be one of \"8-ball\", \"9-ball\", \"snooker\", "
              "\"three-cushion\"");
    EXPECT_EQ(message(head + R"("game": "8-ball", "best_of": 3, )" + seats + R"(, "inputs": []})"),
              "save.json: best_of: not an option of 8-ball");
    EXPECT_EQ(message(head + R"("game": "snooker", "table": "pool-9ft", )" + seats +
                      R"(, "inputs": []})"),
              "save.json: table: must be a snooker table (snooker-12ft, snooker-10ft)");
    EXPECT_EQ(message(head +
                      R"("game": "three-cushion", "table": "carom-10ft", "break": "coin", )" +
                      seats + R"(, "inputs": []})"),
              "save.json: break: must be one of \"lag\", \"player1\", \"player2\"");
    EXPECT_EQ(message(head + R"("game": "9-ball", "table": "pool-9ft", "balls": [], )" + seats +
                      R"(, "inputs": []})"),
              "save.json: balls: not an option of 9-ball");
    EXPECT_EQ(message(head + R"("game": "three-cushion", "table": "carom-10ft", )" +
                      R"("balls": [{"id": 0, "position": [0, 0]}, {"id": 1, "position": [0, 0]},)" +
                      R"( {"id": 2, "position": [0.5, 0]}], )" + seats + R"(, "inputs": []})"),
              "save.json: balls[1].position: overlaps balls[0]");
    EXPECT_EQ(message(head + R"("game": "9-ball", "table": "pool-9ft", )" + seats +
                      R"(, "inputs": [{"kind": "decide", "decision": "pass_back"}]})"),
              "save.json: inputs[0]: no decision is pending");
    EXPECT_EQ(message(head + R"("game": "9-ball", "table": "pool-9ft", )" + seats +
                      R"(, "inputs": [{"kind": "stroke", "heading": 0, "speed": 30}]})"),
              "save.json: inputs[0]: cue speed must be between 0 and 20 m/s");
    EXPECT_EQ(message(head + R"("game": "9-ball", "table": "pool-9ft", )" + seats +
                      R"(, "inputs": [{"kind": "fly"}]})"),
              "save.json: inputs[0].kind: must be one of \"place_cue\", \"stroke\", \"decide\", "
              "\"undo\", \"rematch\", \"concede\"");
    EXPECT_EQ(message(head + R"("game": "9-ball", )" + seats + R"(, "inputs": []})"),
              "save.json: table: is required");
    EXPECT_EQ(message(head +
                      R"("game": "9-ball", "table": "pool-9ft", "seats": [{"kind": )"
                      R"("human"}, {"kind": "computer", "noise": "fastfiz"}], "inputs": []})"),
              "save.json: seats[1].noise: must be one of \"level\", \"standard\", \"none\"");
    EXPECT_EQ(message(R"({"format": "billiards-settings/1"})"),
              "save.json: format: this is a billiards settings file (billiards-settings/1), not "
              "a saved game");
}

} // namespace
