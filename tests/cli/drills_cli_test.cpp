// `billiards drills`: the list, a headless run (the same score twice, the documented JSON), the
// best run kept with --record, and bad input (exit 2, one line).
#include <nlohmann/json.hpp>

#include <set>

#include "cli_fixture.hpp"

namespace {

using billiards::test::Outcome;
using nlohmann::json;

class DrillsCli : public billiards::test::CliTest {};

TEST_F(DrillsCli, ListsTheDrillsOfEveryGame) {
    const Outcome r = run("drills --list --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const json list = json::parse(r.out);
    std::set<std::string> games;
    for (const json& d : list["drills"]) {
        games.insert(d["game"].get<std::string>());
        for (const char* key : {"name", "title", "table", "goal", "description"})
            EXPECT_FALSE(d[key].get<std::string>().empty()) << key;
        EXPECT_GE(d["attempts"].get<int>(), 1);
    }
    EXPECT_GE(list["drills"].size(), 12u);
    EXPECT_EQ(games, (std::set<std::string>{"pool", "snooker", "three-cushion"}));
    const Outcome text = run("drills --list");
    ASSERT_EQ(text.code, 0) << text.err;
    EXPECT_NE(text.out.find("stop-shot"), std::string::npos);
}

TEST_F(DrillsCli, ARunIsTheSameTwiceAndItsBestIsKept) {
    const std::string args = "drills --run stop-shot --players ai:hard --seed 4 --json";
    const Outcome a = run(args);
    const Outcome b = run(args);
    ASSERT_EQ(a.code, 0) << a.err;
    EXPECT_EQ(a.out, b.out);
    const json j = json::parse(a.out);
    EXPECT_EQ(j["format"], "billiards-drill-run/1");
    EXPECT_EQ(j["drill"], "stop-shot");
    EXPECT_EQ(j["game"], "pool");
    EXPECT_EQ(j["players"], "ai:hard");
    EXPECT_EQ(j["seed"], 4);
    ASSERT_EQ(j["attempts"].size(), 5u);
    double sum = 0.0;
    for (const json& at : j["attempts"]) {
        EXPECT_GE(at["score"].get<double>(), 0.0);
        EXPECT_LE(at["score"].get<double>(), 10.0);
        EXPECT_EQ(at["shots"], 1);
        sum += at["score"].get<double>();
    }
    EXPECT_DOUBLE_EQ(j["total"].get<double>(), sum);
    EXPECT_EQ(j["best_possible"], 50.0);
    EXPECT_FALSE(j.contains("best"));

    // Recorded: the best of two runs (another seed) is what the database gives back.
    const Outcome r1 = run(args + " --record db.sqlite3 --player Ann");
    ASSERT_EQ(r1.code, 0) << r1.err;
    const Outcome r2 =
        run("drills --run stop-shot --players ai:easy --seed 9 --json --record db.sqlite3 "
            "--player Ann");
    ASSERT_EQ(r2.code, 0) << r2.err;
    const double easy = json::parse(r2.out)["total"].get<double>();
    EXPECT_EQ(json::parse(r2.out)["best"].get<double>(), std::max(easy, sum));
}

TEST_F(DrillsCli, BadInputExitsTwo) {
    const Outcome unknown = run("drills --run no-such-drill");
    EXPECT_EQ(unknown.code, 2);
    EXPECT_EQ(unknown.err.rfind("billiards drills: --run: no drill named 'no-such-drill' (one "
                                "of: stop-shot, ",
                                0),
              0u)
        << unknown.err;
    const Outcome level = run("drills --run stop-shot --players ai:godlike");
    EXPECT_EQ(level.code, 2);
    EXPECT_EQ(level.err, "billiards drills: --players: 'ai:godlike' is not a computer player (ai "
                         "or ai:LEVEL, LEVEL one of easy, medium, hard, pro)\n");
    const Outcome human = run("drills --run stop-shot --players human");
    EXPECT_EQ(human.code, 2);
    const Outcome neither = run("drills");
    EXPECT_EQ(neither.code, 2);
    EXPECT_EQ(neither.err, "billiards drills: give either --list or --run NAME\n");
    EXPECT_EQ(files_in_work(), 0u);
}

} // namespace
