// Share codes: a scenario, a replayed shot or a seeded rack as one line of text. A code
// gives back exactly its file (bit for bit, so a shot replays to its recorded end hash), is
// short, and every damaged or hostile code is refused with a message, never a crash.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "game/game.hpp"
#include "game/levels.hpp"
#include "game/replay.hpp"
#include "io/replay_file.hpp"
#include "io/scenario.hpp"
#include "io/share_code.hpp"
#include "io_test_util.hpp"

namespace {

using namespace billiards;
using io_test::slurp;

std::string replay_corpus(const std::string& name) {
    return slurp(std::filesystem::path(BILLIARDS_FUZZ_CORPUS) / "replay" / name);
}

// The problem a bad code is refused with ("" when it is accepted).
std::string refusal(const std::string& code) {
    try {
        (void)io::file_of_code(code);
    } catch (const io::InputError& e) {
        EXPECT_EQ(e.file(), "code");
        return e.problem();
    }
    return "";
}

// A snooker frame after a few computer shots: 22 balls at positions no decimal can hold.
std::unique_ptr<game::Game> snooker_after_shots(int shots) {
    game::GameOptions o;
    o.seed = 3;
    for (auto& seat : o.seats) {
        seat.kind = game::SeatKind::Computer;
        seat.level = game::AiLevel::Easy;
        seat.ai = game::ai_config(game::AiLevel::Easy);
        seat.ai->budget = 300'000;
    }
    auto g = game::make_game(game::GameKind::Snooker, o);
    for (int i = 0; i < shots && !g->over(); ++i)
        g->play_computer_turn();
    return g;
}

TEST(ShareCode, EveryShippedScenarioComesBackBitForBit) {
    int files = 0;
    for (const std::string& path : io_test::example_scenarios()) {
        SCOPED_TRACE(path);
        const std::string text = slurp(path);
        const std::string code = io::code_of_file(text, path);
        EXPECT_EQ(code.rfind("BIL1.", 0), 0u);
        const io::CodeFile back = io::file_of_code(code);
        EXPECT_EQ(back.format, "billiards-scenario/1");
        // The scenario writer writes every value exactly: equal text is an equal world.
        EXPECT_EQ(back.text, io::scenario_to_json(io::parse_scenario(text, path)));
        ++files;
    }
    EXPECT_GE(files, 10);
}

TEST(ShareCode, AReplayedShotEndsAtItsRecordedHash) {
    for (const char* name : {"pot-1.json", "pot-2.json", "break-8ball.json"}) {
        SCOPED_TRACE(name);
        const std::string text = replay_corpus(name);
        const io::ReplayFile original = io::parse_replay(text, name);
        const io::CodeFile back = io::file_of_code(io::code_of_file(text, name));
        EXPECT_EQ(back.format, "billiards-replay/1");
        EXPECT_EQ(back.text, io::replay_to_json(original));
        const io::ReplayFile decoded = io::parse_replay(back.text, "code");
        const game::ReplayRun run =
            game::run_replay(decoded, io::load_standard_table(decoded.table_name), false);
        EXPECT_EQ(run.end_hash, original.end_hash);
    }
}

TEST(ShareCode, ASnookerShotMidFrameReplaysExactly) {
    auto g = snooker_after_shots(4);
    ASSERT_NE(g->last_shot(), nullptr);
    const io::ReplayFile r = io::replay_of(*g->last_shot(), g->table().spec.name, g->cue(), 120.0);
    const std::string code = io::code_of_file(io::replay_to_json(r), "shot.json");
    const io::ReplayFile decoded = io::parse_replay(io::file_of_code(code).text, "code");
    EXPECT_EQ(game::run_replay(decoded, g->table(), false).end_hash, r.end_hash);
}

// "A few hundred characters" for a full table with exact positions; far less for a rack.
TEST(ShareCode, CodesAreShort) {
    const std::string pool =
        io::code_of_file(slurp(io_test::scenario_path("break-8ball.json")), "break-8ball.json");
    EXPECT_LE(pool.size(), 500u) << pool;

    auto g = snooker_after_shots(2);
    game::Scenario s;
    s.table_name = g->table().spec.name;
    s.table = g->table();
    s.params = g->world().params();
    for (const physics::Ball& b : g->world().balls())
        if (b.state != physics::MotionState::Pocketed) s.balls.push_back(b.def());
    ASSERT_GE(s.balls.size(), 20u);
    const std::string snooker = io::code_of_file(io::scenario_to_json(s), "snooker.json");
    EXPECT_LE(snooker.size(), 700u) << snooker;
    EXPECT_EQ(io::file_of_code(snooker).text, io::scenario_to_json(s));

    const std::string rack = io::encode_code(io::rack_document({game::GameKind::NineBall, 7, ""}));
    EXPECT_LE(rack.size(), 40u) << rack;
}

TEST(ShareCode, ARackIsTheGamesOpeningPosition) {
    for (game::GameKind kind : game::kGameKinds) {
        SCOPED_TRACE(game::to_string(kind));
        game::GameOptions o;
        o.seed = 12345678901234567ull;
        const auto g = game::make_game(kind, o);
        const io::RackCode rack{kind, o.seed, ""};
        const io::CodeFile back = io::file_of_code(io::encode_code(io::rack_document(rack)));
        const game::Scenario s = io::parse_scenario(back.text, "code");
        EXPECT_EQ(s.table_name, g->table().spec.name);
        std::size_t i = 0;
        for (const physics::Ball& b : g->world().balls()) {
            ASSERT_LT(i, s.balls.size());
            EXPECT_EQ(s.balls[i].id, b.id);
            EXPECT_EQ(s.balls[i].position, b.position);
            EXPECT_EQ(s.balls[i].radius, b.radius);
            ++i;
        }
        EXPECT_EQ(i, s.balls.size());
    }
    // The seed moves the balls of a pool rack.
    const auto a = io::rack_scenario({game::GameKind::NineBall, 1, ""});
    const auto b = io::rack_scenario({game::GameKind::NineBall, 2, ""});
    EXPECT_NE(io::scenario_to_json(a), io::scenario_to_json(b));
    // A smaller table is the rack's own; a table of another game is refused.
    EXPECT_EQ(io::rack_scenario({game::GameKind::EightBall, 1, "pool-7ft"}).table_name, "pool-7ft");
    try {
        (void)io::rack_scenario({game::GameKind::EightBall, 1, "snooker-12ft"});
        ADD_FAILURE() << "a pool rack on a snooker table";
    } catch (const io::InputError& e) {
        EXPECT_EQ(e.path(), "table");
        EXPECT_NE(e.problem().find("not played on snooker-12ft"), std::string::npos);
    }
}

// Every double keeps its bits, -0.0 and the smallest subnormal included; integers keep
// their type; arrays of alike objects (columns) keep each row.
TEST(ShareCode, NumbersKeepEveryBit) {
    const double values[] = {0.0,
                             -0.0,
                             0.1,
                             -2.5e-7,
                             1.0 / 3.0,
                             std::numeric_limits<double>::denorm_min(),
                             std::numeric_limits<double>::max(),
                             -std::numeric_limits<double>::min(),
                             123456789012345680.0,
                             1e22};
    nlohmann::json doc = {{"format", "x"}, {"rows", nlohmann::json::array()}};
    for (double v : values)
        doc["rows"].push_back({{"v", v}, {"p", {v, -v}}, {"same", -0.0}});
    doc["ints"] = {0, -1, std::numeric_limits<std::int64_t>::min(),
                   std::numeric_limits<std::uint64_t>::max()};
    const nlohmann::json back = io::decode_code(io::encode_code(doc));
    ASSERT_EQ(back["rows"].size(), std::size(values));
    for (std::size_t i = 0; i < std::size(values); ++i) {
        const double v = back["rows"][i]["v"].get<double>();
        const double w = back["rows"][i]["p"][1].get<double>();
        const double z = back["rows"][i]["same"].get<double>();
        const double mv = -values[i];
        EXPECT_EQ(std::memcmp(&v, &values[i], sizeof v), 0) << i;
        EXPECT_EQ(std::memcmp(&w, &mv, sizeof w), 0) << i;
        EXPECT_TRUE(std::signbit(z));
    }
    EXPECT_EQ(back["ints"], doc["ints"]);
    EXPECT_TRUE(back["ints"][0].is_number_integer());
}

TEST(ShareCode, EveryMistypedLetterIsCaught) {
    const std::string code =
        io::code_of_file(slurp(io_test::scenario_path("draw-shot.json")), "draw-shot.json");
    const std::string letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    int tried = 0;
    for (std::size_t i = 5; i < code.size(); ++i) {
        std::string bad = code;
        bad[i] = letters[(letters.find(code[i]) + 1 + i % 60) % letters.size()];
        // The last letter may carry padding bits only: a change there can be harmless.
        if (i + 1 == code.size()) continue;
        EXPECT_NE(refusal(bad).find("damaged"), std::string::npos) << i;
        ++tried;
    }
    EXPECT_GT(tried, 50);
    // Cut at every length: always refused with a message.
    for (std::size_t n = 0; n + 1 < code.size(); ++n)
        EXPECT_NE(refusal(code.substr(0, n)), "") << n;
    // Wrapped by a chat window: still read.
    std::string wrapped = code;
    for (std::size_t i = 40; i < wrapped.size(); i += 41)
        wrapped.insert(i, "\n  ");
    EXPECT_EQ(refusal(wrapped), "");
}

TEST(ShareCode, NotACodeSaysWhy) {
    EXPECT_NE(refusal("hello").find("must begin with \"BIL1.\""), std::string::npos);
    EXPECT_NE(refusal("BIL2.AAAA").find("version 2 code"), std::string::npos);
    EXPECT_NE(refusal("BIL1.AA*A").find("not one of a code's letters"), std::string::npos);
    EXPECT_NE(refusal(std::string(9000, 'A')).find("at most 8192 characters"), std::string::npos);
    // A code of a document that is no scenario, replay or rack: the format is named.
    const std::string other = io::encode_code({{"format", "billiards-match/1"}});
    try {
        (void)io::file_of_code(other);
        ADD_FAILURE();
    } catch (const io::InputError& e) {
        EXPECT_EQ(e.path(), "format");
        EXPECT_NE(e.problem().find("a code holds a scenario"), std::string::npos);
    }
    // A code whose scenario its reader refuses: the reader's own path and problem.
    nlohmann::json s = nlohmann::json::parse(slurp(io_test::scenario_path("draw-shot.json")));
    s["balls"][1]["position"] = s["balls"][0]["position"];
    try {
        (void)io::file_of_code(io::encode_code(s));
        ADD_FAILURE();
    } catch (const io::InputError& e) {
        EXPECT_EQ(e.file(), "code");
        EXPECT_EQ(e.path(), "balls[1].position");
    }
}

// A tiny code that would unfold into millions of values is refused before it does.
TEST(ShareCode, ACodeCannotUnfoldWithoutBound) {
    nlohmann::json doc = {{"format", "billiards-scenario/1"}, {"balls", nlohmann::json::array()}};
    for (int i = 0; i < 60000; ++i)
        doc["balls"].push_back({{"id", 1}, {"x", 2}});
    const std::string code = io::encode_code(doc);
    EXPECT_LT(code.size(), 100u); // one column, the same in every row
    EXPECT_NE(refusal(code).find("more than 100000 values"), std::string::npos);
}

TEST(ShareCode, AFileThatIsNotShareableNamesItself) {
    try {
        (void)io::code_of_file(
            slurp(std::filesystem::path(BILLIARDS_IO_TEST_DIR) / "saved_snooker_match.json"),
            "saved.json");
        ADD_FAILURE();
    } catch (const io::InputError& e) {
        EXPECT_EQ(e.file(), "saved.json");
        EXPECT_EQ(e.path(), "format");
    }
    try {
        (void)io::code_of_file("{\"format\": \"billiards-scenario/1\"}", "empty.json");
        ADD_FAILURE();
    } catch (const io::InputError& e) {
        EXPECT_EQ(e.file(), "empty.json");
        EXPECT_EQ(e.path(), "balls");
    }
}

} // namespace
