// `billiards match --record` and `billiards stats`: the record sums exactly what the match
// reports said, game by game; bad input exits 2 with one line.
#include <nlohmann/json.hpp>

#include "cli_fixture.hpp"

namespace {

using billiards::test::Outcome;
using billiards::test::slurp;
using nlohmann::json;

class StatsCli : public billiards::test::CliTest {};

TEST_F(StatsCli, TheRecordSumsTheMatchReports) {
    const char* matches[] = {"--games 2 --seed 3", "--seed 5"};
    json expected = json::object(); // per seat: what the reports say
    int n = 0;
    for (const char* options : matches) {
        const std::string out = "r" + std::to_string(n++) + ".json";
        const Outcome r = run(std::string("match --mode 9ball --players ai:easy,ai:easy ") +
                              options + " --record db.sqlite3 --out " + out);
        ASSERT_EQ(r.code, 0) << r.err;
        const json report = json::parse(slurp(work(out)));
        for (std::size_t i = 0; i < 2; ++i) {
            const json& s = report["seats"][i];
            json& e = expected[std::to_string(i + 1)];
            for (const char* key : {"wins", "pot_attempts", "pots", "safeties", "fouls"})
                e[key] = (e.contains(key) ? e[key].get<int>() : 0) + s[key].get<int>();
        }
    }
    const Outcome st = run("stats --db db.sqlite3 --json");
    ASSERT_EQ(st.code, 0) << st.err;
    const json stats = json::parse(st.out);
    ASSERT_EQ(stats["players"].size(), 2u) << st.out;
    for (std::size_t i = 0; i < 2; ++i) {
        const json& p = stats["players"][i];
        EXPECT_EQ(p["name"], "ai:easy (seat " + std::to_string(i + 1) + ")");
        EXPECT_EQ(p["games"], 3);
        const json& k = p["kinds"][0];
        EXPECT_EQ(k["kind"], "9-ball");
        const json& e = expected[std::to_string(i + 1)];
        for (const char* key : {"wins", "pot_attempts", "pots", "safeties", "fouls"})
            EXPECT_EQ(k[key], e[key]) << key;
    }
    const Outcome one = run("stats --db db.sqlite3 --player 'ai:easy (seat 2)'");
    ASSERT_EQ(one.code, 0) << one.err;
    EXPECT_NE(one.out.find("ai:easy (seat 2): 3 games"), std::string::npos) << one.out;
    EXPECT_EQ(one.out.find("seat 1"), std::string::npos) << one.out;
}

TEST_F(StatsCli, NothingRecordedAndBadInput) {
    const Outcome none = run("stats --db none.sqlite3");
    EXPECT_EQ(none.code, 0);
    EXPECT_EQ(none.out, "no games recorded yet\n");
    EXPECT_EQ(files_in_work(), 0u); // looking makes no database
    const Outcome nobody = run("stats --db none.sqlite3 --player Zed");
    EXPECT_EQ(nobody.code, 2);
    EXPECT_EQ(nobody.err, "billiards stats: --player: no games recorded for Zed\n");
    billiards::test::spit(work("broken.sqlite3"), "this is not a database, only some text");
    const Outcome broken = run("stats --db broken.sqlite3");
    EXPECT_EQ(broken.code, 0);
    EXPECT_NE(broken.err.find("kept as broken.sqlite3.corrupt; starting a new record"),
              std::string::npos)
        << broken.err;
    EXPECT_TRUE(std::filesystem::exists(work("broken.sqlite3.corrupt")));
}

} // namespace
