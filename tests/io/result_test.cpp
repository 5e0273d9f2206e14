// Result files: the keys of SCENARIO-FORMAT.md, balls in scenario order, events naming
// balls by id (the world's events hold indices).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "game/simulation.hpp"
#include "io/scenario.hpp"

namespace {

using namespace billiards;
using nlohmann::json;

// Ball 7 hits ball 3, which bounces off the cushion, comes back and sends 7 into the pocket.
const char* const kChain = R"({
  "format": "billiards-scenario/1",
  "table": { "cushions": [ { "from": [1, -1], "to": [1, 1] } ],
             "pockets": [ { "center": [-1, 0], "radius": 0.05 } ] },
  "physics": { "ball_restitution": 1, "ball_friction": 0, "cushion_restitution": 1,
               "sliding_friction": 0, "rolling_friction": 0, "spin_friction": 0 },
  "balls": [ { "id": 7, "position": [0, 0], "velocity": [1, 0], "radius": 0.03 },
             { "id": 3, "position": [0.5, 0], "radius": 0.03 } ],
  "duration": 10
})";

json run(bool events) {
    const game::Scenario s = io::parse_scenario(kChain, "chain.json");
    return json::parse(io::result_to_json(game::run_scenario(s, events), events));
}

std::vector<std::string> keys(const nlohmann::ordered_json& j) {
    std::vector<std::string> k;
    for (const auto& item : j.items())
        k.push_back(item.key());
    return k;
}

TEST(IoResult, KeysInTheContractOrder) {
    const auto s = io::parse_scenario(kChain, "chain.json");
    const auto text = io::result_to_json(game::run_scenario(s, false), false);
    const auto j = nlohmann::ordered_json::parse(text);
    EXPECT_EQ(keys(j), (std::vector<std::string>{"format", "time", "steps", "counts", "balls"}));
    EXPECT_EQ(keys(j["counts"]),
              (std::vector<std::string>{"ball_ball", "ball_cushion", "pocketed"}));
    EXPECT_EQ(keys(j["balls"][0]),
              (std::vector<std::string>{"id", "position", "velocity", "spin", "state"}));
}

TEST(IoResult, CountsAndFinalState) {
    const json j = run(false);
    EXPECT_EQ(j["format"], "billiards-result/1");
    EXPECT_FALSE(j.contains("events"));
    EXPECT_EQ(j["counts"]["ball_ball"], 2);
    EXPECT_EQ(j["counts"]["ball_cushion"], 1);
    EXPECT_EQ(j["counts"]["pocketed"], 1);
    EXPECT_TRUE(j["steps"].is_number_unsigned());
    EXPECT_NEAR(j["time"].get<double>(), j["steps"].get<double>() / 240.0, 1e-12);
    ASSERT_EQ(j["balls"].size(), 2u);
    EXPECT_EQ(j["balls"][0]["id"], 7);
    EXPECT_EQ(j["balls"][0]["state"], "pocketed");
    // A pocketed ball keeps the position where it was captured.
    EXPECT_NEAR(j["balls"][0]["position"][0].get<double>(), -0.95, 1e-9);
    EXPECT_EQ(j["balls"][1]["id"], 3);
    EXPECT_EQ(j["balls"][1]["state"], "stationary");
    EXPECT_NEAR(j["balls"][1]["position"][0].get<double>(), 0.5, 1e-9);
}

TEST(IoResult, EventsNameBallsById) {
    const json j = run(true);
    const json expected = json::parse(R"([
        {"time": 0.44, "kind": "ball_ball", "balls": [7, 3]},
        {"time": 0.91, "kind": "ball_cushion", "ball": 3, "cushion": 0},
        {"time": 1.38, "kind": "ball_ball", "balls": [3, 7]},
        {"time": 2.77, "kind": "pocketed", "ball": 7, "pocket": 0}])");
    ASSERT_EQ(j["events"].size(), expected.size()) << j["events"].dump();
    for (std::size_t i = 0; i < expected.size(); ++i) {
        SCOPED_TRACE(i);
        const json& e = j["events"][i];
        EXPECT_NEAR(e["time"].get<double>(), expected[i]["time"].get<double>(), 1e-9);
        json rest = e;
        rest.erase("time");
        json want = expected[i];
        want.erase("time");
        if (rest.contains("balls")) { // either order names the same pair
            auto b = rest["balls"].get<std::vector<int>>();
            auto w = want["balls"].get<std::vector<int>>();
            std::sort(b.begin(), b.end());
            std::sort(w.begin(), w.end());
            EXPECT_EQ(b, w);
            rest.erase("balls");
            want.erase("balls");
        }
        EXPECT_EQ(rest, want);
    }
}

} // namespace

// A striker into three touching balls with compliant contact: one cluster event, with its
// start, end and members by id; the contacts inside it are not listed.
TEST(IoResult, ClusterIsOneEventWithStartEndAndBalls) {
    const char* const text = R"({
  "format": "billiards-scenario/1",
  "physics": { "ball_restitution": 1, "ball_friction": 0, "sliding_friction": 0,
               "rolling_friction": 0, "spin_friction": 0, "ball_contact": "hertz" },
  "balls": [ { "id": 9, "position": [-0.2, 0], "velocity": [2, 0], "radius": 0.03 },
             { "id": 4, "position": [0, 0], "radius": 0.03 },
             { "id": 5, "position": [0.06, 0], "radius": 0.03 },
             { "id": 6, "position": [0.12, 0], "radius": 0.03 } ],
  "duration": 0.5
})";
    const game::Scenario s = io::parse_scenario(text, "cradle.json");
    const json j = json::parse(io::result_to_json(game::run_scenario(s, true), true));
    EXPECT_EQ(j["counts"]["clusters"], 1);
    ASSERT_EQ(j["events"].size(), 1u);
    const json& e = j["events"][0];
    EXPECT_EQ(e["kind"], "cluster");
    EXPECT_NEAR(e["time"].get<double>(), 0.14 / 2.0, 1e-9); // 14 cm to close at 2 m/s
    EXPECT_GT(e["end"].get<double>(), e["time"].get<double>());
    EXPECT_LT(e["end"].get<double>(), e["time"].get<double>() + 0.01);
    EXPECT_EQ(e["balls"], json::array({9, 4, 5, 6}));
    // The ideal model's files are unchanged: no clusters count and no contact keys.
    const json ideal = run(true);
    EXPECT_FALSE(ideal["counts"].contains("clusters"));
}
