// `billiards replay` and command-line mistakes, through the real binary: exit statuses,
// standard output and error (one line for every mistake), files.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_fixture.hpp"
#include "game/replay.hpp"
#include "io/replay_file.hpp"
#include "io/scenario.hpp"

namespace {

namespace fs = std::filesystem;
using namespace billiards;

using test::Outcome;
using test::slurp;

// A 9-ball break played by the computer: a replay with balls that go down.
io::ReplayFile break_replay() {
    game::MatchConfig c;
    c.kind = game::GameKind::NineBall;
    c.seed = 5;
    c.seats[0].kind = game::SeatKind::Computer;
    c.seats[0].ai = game::ai_config(game::AiLevel::Easy);
    c.seats[0].ai->budget = 300'000;
    game::Match m(c);
    EXPECT_TRUE(m.play_computer_turn());
    return io::replay_of(m, "pool-9ft");
}

// The replay's own re-run, on the table it names.
game::ReplayRun rerun(const io::ReplayFile& f, bool events) {
    return game::run_replay(f, io::load_standard_table(f.table_name), events);
}

class ReplayCli : public test::CliTest {};

TEST_F(ReplayCli, ExactReplayPrintsTheResult) {
    const io::ReplayFile f = break_replay();
    io::save_replay_file(f, work("r.json").string());
    const Outcome r = run("replay r.json");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_EQ(r.out, io::result_to_json(rerun(f, false).world, false));
    const auto result = nlohmann::json::parse(r.out);
    EXPECT_EQ(result["format"], "billiards-result/1");
    EXPECT_GT(result["counts"]["ball_ball"].get<int>(), 5);
}

TEST_F(ReplayCli, OutAndEvents) {
    const io::ReplayFile f = break_replay();
    io::save_replay_file(f, work("r.json").string());
    const Outcome r = run("replay r.json --events --out result.json");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out, "");
    const std::string text = slurp(work("result.json"));
    EXPECT_EQ(text, io::result_to_json(rerun(f, true).world, true));
    EXPECT_FALSE(nlohmann::json::parse(text)["events"].empty());
}

TEST_F(ReplayCli, ADifferentEndExitsOneWithOneLine) {
    io::ReplayFile f = break_replay();
    const std::uint64_t real = f.end_hash;
    f.end_hash = 0x0123456789abcdefull;
    io::save_replay_file(f, work("r.json").string());
    const Outcome r = run("replay r.json");
    EXPECT_EQ(r.code, 1);
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(real));
    EXPECT_EQ(r.err, "billiards replay: r.json: not an exact replay: the shot ended in state " +
                         std::string(hex) + ", the file says 0123456789abcdef\n");
    EXPECT_FALSE(r.out.empty()); // the result is still written, to look at
}

TEST_F(ReplayCli, BadInputExitsTwoWithOneLine) {
    std::ofstream(work("r.json")) << R"({"format": "billiards-replay/1"})";
    const Outcome r = run("replay r.json --out result.json");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err, "r.json: table: is required\n");
    EXPECT_FALSE(fs::exists(work("result.json")));
    const Outcome missing = run("replay nowhere.json");
    EXPECT_EQ(missing.code, 2);
    EXPECT_EQ(missing.err, "nowhere.json: $: cannot read: No such file or directory\n");
}

// Every command-line mistake: exactly one line on stderr, status 2.
TEST_F(ReplayCli, CommandLineMistakesGiveOneLine) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"replay", "billiards replay: file is required\n"},
        {"replay r.json --bogus",
         "billiards replay: The following argument was not expected: --bogus\n"},
        {"simulate", "billiards simulate: scenario is required\n"},
        {"--bogus", "billiards: The following argument was not expected: --bogus\n"},
        {"replay a.json b.json",
         "billiards replay: The following argument was not expected: b.json\n"},
    };
    for (const auto& [args, err] : cases) {
        const Outcome r = run(args);
        EXPECT_EQ(r.code, 2) << args;
        EXPECT_EQ(r.err, err) << args;
        EXPECT_EQ(r.out, "") << args;
    }
}

TEST_F(ReplayCli, HelpAndVersionExitZero) {
    const Outcome help = run("--help");
    EXPECT_EQ(help.code, 0);
    EXPECT_NE(help.out.find("replay"), std::string::npos);
    const Outcome sub = run("replay --help");
    EXPECT_EQ(sub.code, 0);
    EXPECT_NE(sub.out.find("--events"), std::string::npos);
    const Outcome version = run("--version");
    EXPECT_EQ(version.code, 0);
    EXPECT_EQ(version.out.rfind("billiards ", 0), 0u) << version.out;
    EXPECT_EQ(version.err, "");
}

} // namespace
