// (c) `billiards simulate` as a user runs it: the real binary, run through the shell from a
// scratch directory, with its exit status, standard output, standard error and files.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_fixture.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

using billiards::test::Outcome;
using billiards::test::slurp;

using billiards::test::spit;

std::string example(const char* name) {
    return (fs::path(BILLIARDS_SCENARIO_DIR) / name).string();
}

class SimulateCli : public billiards::test::CliTest {};

const char* const kBadRadius = R"({
  "format": "billiards-scenario/1",
  "balls": [ { "id": 0, "position": [0, 0] }, { "id": 1, "position": [0.5, 0] },
             { "id": 2, "position": [0.7, 0] }, { "id": 3, "position": [0.9, 0], "radius": 0 } ]
})";

TEST_F(SimulateCli, GoodScenarioPrintsTheResult) {
    const Outcome r = run("simulate '" + example("head-on-unequal-masses.json") + "'");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    const json j = json::parse(r.out);
    EXPECT_EQ(j["format"], "billiards-result/1");
    EXPECT_NEAR(j["time"].get<double>(), 1.0, 1e-12);
    EXPECT_EQ(j["steps"], 240);
    EXPECT_EQ(j["counts"], json::parse(R"({"ball_ball": 1, "ball_cushion": 0, "pocketed": 0})"));
    ASSERT_EQ(j["balls"].size(), 2u);
    EXPECT_NEAR(j["balls"][0]["position"][0].get<double>(), 1.22, 1e-9);
    EXPECT_NEAR(j["balls"][1]["position"][0].get<double>(), 2.84, 1e-9);
    EXPECT_EQ(j["balls"][1]["state"], "sliding");
    EXPECT_FALSE(j.contains("events"));
}

TEST_F(SimulateCli, NamedTableWorksFromAnyDirectory) {
    // The table comes from the binary, not from an assets/ folder next to the working directory.
    const Outcome r = run("simulate '" + example("stun-shot.json") + "'");
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = json::parse(r.out);
    EXPECT_NEAR(j["balls"][0]["position"][0].get<double>(), -0.218688, 1e-4);
    EXPECT_EQ(j["balls"][0]["state"], "stationary");
}

TEST_F(SimulateCli, OutWritesTheFile) {
    const Outcome r = run("simulate '" + example("cushion-bounce.json") + "' --out result.json");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "");
    const json j = json::parse(slurp(work("result.json")));
    EXPECT_EQ(j["counts"]["ball_cushion"], 1);
    EXPECT_NEAR(j["balls"][0]["position"][0].get<double>(), -0.06, 1e-9);
    EXPECT_NEAR(j["balls"][0]["position"][1].get<double>(), 1.0, 1e-9);
    EXPECT_EQ(files_in_work(), 1u) << "no temporary file left";
}

TEST_F(SimulateCli, OutReplacesAnOldResult) {
    spit(work("result.json"), "old");
    const Outcome r = run("simulate '" + example("cushion-bounce.json") + "' --out result.json");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(json::parse(slurp(work("result.json")))["format"], "billiards-result/1");
}

TEST_F(SimulateCli, EventsAddsTheEventList) {
    const Outcome r = run("simulate --events '" + example("head-on-unequal-masses.json") + "'");
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = json::parse(r.out);
    ASSERT_EQ(j["events"].size(), 1u);
    EXPECT_EQ(j["events"][0]["kind"], "ball_ball");
    EXPECT_NEAR(j["events"][0]["time"].get<double>(), 0.22, 1e-9);
    EXPECT_EQ(j["events"][0]["balls"], json::parse("[0, 1]"));

    const Outcome c = run("simulate '" + example("cushion-bounce.json") + "' --events");
    ASSERT_EQ(c.code, 0) << c.err;
    const json e = json::parse(c.out)["events"];
    ASSERT_EQ(e.size(), 1u);
    EXPECT_NEAR(e[0]["time"].get<double>(), 0.97, 1e-9);
    EXPECT_EQ(e[0]["ball"], 0);
    EXPECT_EQ(e[0]["cushion"], 0);
}

TEST_F(SimulateCli, BadInputExitsTwoWithOneLine) {
    spit(work("break.json"), kBadRadius);
    const Outcome r = run("simulate break.json");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "break.json: balls[3].radius: must be > 0\n");
}

TEST_F(SimulateCli, FileNameAsGivenOnTheCommandLine) {
    fs::create_directories(work("sub"));
    spit(work("sub/break.json"), kBadRadius);
    const Outcome r = run("simulate ./sub/../sub/break.json");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err, "./sub/../sub/break.json: balls[3].radius: must be > 0\n");
}

TEST_F(SimulateCli, MissingFileExitsTwo) {
    const Outcome r = run("simulate missing.json");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "missing.json: $: cannot read: No such file or directory\n");
}

TEST_F(SimulateCli, InvalidJsonExitsTwoWithThePosition) {
    spit(work("broken.json"), "{\n  \"format\": \"billiards-scenario/1\",\n  \"balls\": [\n");
    const Outcome r = run("simulate broken.json");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err.rfind("broken.json: $: invalid JSON: parse error at line 4, column 1: ", 0), 0u)
        << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "exactly one line";
}

TEST_F(SimulateCli, UnknownKeyExitsTwo) {
    spit(work("typo.json"),
         R"({"format": "billiards-scenario/1", "physics": {"sliding_fricton": 0.1},
                                "balls": [{"id": 0, "position": [0, 0]}]})");
    const Outcome r = run("simulate typo.json");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err, "typo.json: physics.sliding_fricton: unknown key\n");
}

TEST_F(SimulateCli, UnknownThrowModelExitsTwo) {
    spit(work("throw.json"),
         R"({"format": "billiards-scenario/1", "physics": {"throw_model": "full"},
                                 "balls": [{"id": 0, "position": [0, 0]}]})");
    const Outcome r = run("simulate throw.json");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "throw.json: physics.throw_model: must be one of \"horizontal\", "
                     "\"contact\", \"alciatore\", \"mathavan\"\n");
}

// Command-line mistakes are mapped to 2 by main.cpp; CLI11 words the message.
TEST_F(SimulateCli, UnknownOptionExitsTwo) {
    const Outcome r = run("simulate '" + example("stun-shot.json") + "' --bogus");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.substr(0, r.err.find('\n')).find("--bogus"), std::string::npos) << r.err;
}

TEST_F(SimulateCli, MissingScenarioArgumentExitsTwo) {
    const Outcome r = run("simulate");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.substr(0, r.err.find('\n')).find("scenario"), std::string::npos) << r.err;
}

TEST_F(SimulateCli, BadInputNeverTouchesAnExistingOut) {
    spit(work("result.json"), "precious");
    spit(work("break.json"), kBadRadius);
    for (const char* input : {"break.json", "missing.json"}) {
        const Outcome r = run(std::string("simulate ") + input + " --out result.json");
        EXPECT_EQ(r.code, 2) << input;
        EXPECT_EQ(slurp(work("result.json")), "precious") << input;
    }
    EXPECT_FALSE(fs::exists(work("result.json.tmp")));
    EXPECT_EQ(files_in_work(), 2u);
}

TEST_F(SimulateCli, UnwritableOutExitsOne) {
    const Outcome r =
        run("simulate '" + example("stun-shot.json") + "' --out no-such-dir/result.json");
    EXPECT_EQ(r.code, 1);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(
        r.err,
        "billiards simulate: cannot write no-such-dir/result.json: No such file or directory\n");
    EXPECT_EQ(files_in_work(), 0u);
}

// Physics bug (found by fuzzing the reader): a ball slower than about 1e-162 m/s (so v^2
// underflows) in a world with a cushion or pocket gives NaN kinematics, and World::crossing
// then schedules zero-time cell crossings for ever (world.cpp, exit_above with NaN inputs):
// the run never ends, whatever the duration. 1e-160 m/s still works.
TEST_F(SimulateCli, TinyVelocityFinishes) {
    spit(work("tiny.json"), R"({"format": "billiards-scenario/1",
        "table": {"pockets": [{"center": [1, 0], "radius": 0.1}]},
        "balls": [{"id": 0, "position": [0, 0], "velocity": [1e-200, 0]}], "duration": 0.01})");
    const Outcome r = shell("timeout 10 '" BILLIARDS_EXE "' simulate tiny.json");
    EXPECT_EQ(r.code, 0) << "124: still running after 10 s";
}

TEST_F(SimulateCli, ShotScenarioRuns) {
    const Outcome r = run("simulate --events '" + example("break-8ball.json") + "'");
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["balls"].size(), 16u);
    // The break is played with compliant contact: a cluster is one event.
    ASSERT_TRUE(j["counts"].contains("clusters"));
    EXPECT_GE(j["counts"]["clusters"].get<std::size_t>(), 1u);
    EXPECT_EQ(j["events"].size(), j["counts"]["ball_ball"].get<std::size_t>() +
                                      j["counts"]["ball_cushion"].get<std::size_t>() +
                                      j["counts"]["pocketed"].get<std::size_t>() +
                                      j["counts"]["clusters"].get<std::size_t>());
    EXPECT_EQ(j["balls"][0]["id"], 0); // scenario order
}

} // namespace
