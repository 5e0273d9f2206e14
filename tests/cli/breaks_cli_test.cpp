// `billiards breaks` as a user runs it: the real binary through the shell, its table, its
// JSON, its refusals, and what the compliant contact changes in a hard break.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "cli_fixture.hpp"

namespace {

using nlohmann::json;

using billiards::test::Outcome;

class BreaksCli : public billiards::test::CliTest {};

TEST_F(BreaksCli, PrintsATableRowPerGameAndSpeed) {
    const Outcome r = run("breaks --racks 2");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_NE(r.out.find("2 racks a game and speed on pool-9ft, hertz contact"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("speed m/s"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("spread m"), std::string::npos) << r.out;
    for (const char* row : {"8ball        7.0", "8ball        9.0", "8ball       11.0",
                            "9ball        7.0", "9ball        9.0", "9ball       11.0"})
        EXPECT_NE(r.out.find(row), std::string::npos) << row << "\n" << r.out;
}

TEST_F(BreaksCli, JsonHasEveryRowWithSaneValues) {
    const Outcome r = run("breaks --racks 3 --speed 8 --speed 10.5 --contact ideal --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["table"], "pool-9ft");
    EXPECT_EQ(j["contact"], "ideal");
    EXPECT_EQ(j["cushion_model"], "mathavan"); // the game's cushions, as play_params()
    EXPECT_EQ(j["racks"], 3);
    ASSERT_EQ(j["rows"].size(), 4u);
    EXPECT_EQ(j["rows"][0]["game"], "8ball");
    EXPECT_EQ(j["rows"][0]["speed"], 8.0);
    EXPECT_EQ(j["rows"][1]["speed"], 10.5);
    EXPECT_EQ(j["rows"][3]["game"], "9ball");
    for (const json& row : j["rows"]) {
        for (const char* share : {"legal", "scratches"}) {
            EXPECT_GE(row[share].get<double>(), 0.0) << share;
            EXPECT_LE(row[share].get<double>(), 1.0) << share;
        }
        const int balls = row["game"] == "8ball" ? 15 : 9;
        EXPECT_GE(row["pocketed"].get<double>(), 0.0);
        EXPECT_LE(row["pocketed"].get<double>(), balls);
        EXPECT_GT(row["rails"].get<double>(), 0.0); // at these speeds something reaches a rail
        EXPECT_LE(row["rails"].get<double>(), balls);
        EXPECT_GT(row["spread"].get<double>(), 0.0);
        EXPECT_LT(row["spread"].get<double>(), 2.0); // inside a 2.54 m x 1.27 m table
    }
}

TEST_F(BreaksCli, TheSameArgumentsGiveTheSameOutput) {
    const Outcome a = run("breaks --racks 2 --speed 9 --json");
    const Outcome b = run("breaks --racks 2 --speed 9 --json");
    ASSERT_EQ(a.code, 0) << a.err;
    EXPECT_EQ(a.out, b.out);
}

TEST_F(BreaksCli, BadArgumentsExit2WithAMessage) {
    struct Case {
        const char* args;
        const char* message;
    };
    for (const Case& c :
         {Case{"--speed 0", "--speed: must be above 0 and at most 20 m/s"},
          Case{"--speed -3", "--speed"},
          Case{"--speed 20.5", "--speed: must be above 0 and at most 20 m/s"},
          Case{"--speed nan", "--speed"}, Case{"--speed fast", "--speed"},
          Case{"--racks 0", "--racks: must be an integer between 1 and 100000"},
          Case{"--racks 1e3", "--racks: '1e3' is not a whole number (decimal "
                              "digits only): must be an integer between 1 and "
                              "100000"},
          Case{"--racks 100001", "--racks: must be an integer between 1 and 100000"},
          Case{"--racks many", "--racks"},
          Case{"--contact soft", "--contact: 'soft' is not a contact"},
          Case{"--jobs 2", "--jobs"}}) {
        SCOPED_TRACE(c.args);
        const Outcome r = run(std::string("breaks ") + c.args);
        EXPECT_EQ(r.code, 2);
        EXPECT_EQ(r.out, "");
        EXPECT_EQ(r.err.rfind("billiards breaks: ", 0), 0u) << r.err;
        EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
        EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
    }
}

// What the compliant contact is for: struck hard, a rack of touching balls spreads over the
// table instead of leaving a clump (with ideal contact the cue ball's impulse runs through the
// rack pair by pair and the balls at the back go while the rest stay). With hertz, at 11 m/s
// the 8-ball rack lies wider and twice as many of its balls reach a rail as with ideal contact.
TEST_F(BreaksCli, HertzSpreadsAHardBreakWiderThanIdealContact) {
    const Outcome h = run("breaks --racks 10 --speed 11 --contact hertz --json");
    const Outcome i = run("breaks --racks 10 --speed 11 --contact ideal --json");
    ASSERT_EQ(h.code, 0) << h.err;
    ASSERT_EQ(i.code, 0) << i.err;
    const json jh = json::parse(h.out), ji = json::parse(i.out);
    ASSERT_EQ(jh["rows"].size(), 2u);
    ASSERT_EQ(ji["rows"].size(), 2u);
    const json &h8 = jh["rows"][0], &i8 = ji["rows"][0];
    ASSERT_EQ(h8["game"], "8ball");
    EXPECT_GT(h8["spread"].get<double>(), i8["spread"].get<double>() * 1.3);
    EXPECT_GT(h8["rails"].get<double>(), i8["rails"].get<double>() + 3.0);
    // 9-ball: at least as many balls reach a rail (8.1 each over these ten racks).
    EXPECT_GE(jh["rows"][1]["rails"].get<double>(), ji["rows"][1]["rails"].get<double>());
}

} // namespace
