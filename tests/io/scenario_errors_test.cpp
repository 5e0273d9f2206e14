// Every kind of bad scenario input gets an InputError "FILE: JSON.PATH: problem" naming the
// exact place and problem. Each case is a valid scenario with one thing broken (a JSON
// merge patch over the base, or raw text where JSON cannot hold the mistake).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "io/scenario.hpp"

namespace {

using billiards::io::InputError;
using billiards::io::parse_scenario;

const char* const kBase = R"({
  "format": "billiards-scenario/1",
  "table": "pool-9ft",
  "physics": { "timestep": 0.004166666666666667, "gravity": 9.81 },
  "balls": [
    { "id": 0, "position": [-0.635, 0.0] },
    { "id": 1, "position": [0.635, 0.0], "velocity": [0.0, 0.0], "spin": [0.0, 0.0, 0.0],
      "radius": 0.028575, "mass": 0.17 }
  ],
  "shot": { "ball": 0, "heading": 0.0, "speed": 6.0, "tip": [0.0, 0.0] },
  "duration": 60.0
})";

// The base scenario with an RFC 7386 merge patch applied (null removes a key; an array
// replaces the whole array).
std::string patched(const char* patch) {
    nlohmann::json j = nlohmann::json::parse(kBase);
    j.merge_patch(nlohmann::json::parse(patch));
    return j.dump();
}

struct BadInput {
    const char* name;
    std::string text;
    std::string path;
    std::string problem;
};

std::ostream& operator<<(std::ostream& os, const BadInput& c) {
    return os << c.name;
}

class ScenarioError : public testing::TestWithParam<BadInput> {};

TEST_P(ScenarioError, NamesFilePathAndProblem) {
    const BadInput& c = GetParam();
    try {
        parse_scenario(c.text, "bad.json");
        FAIL() << "accepted: " << c.text;
    } catch (const InputError& e) {
        EXPECT_EQ(e.file(), "bad.json");
        EXPECT_EQ(e.path(), c.path);
        EXPECT_EQ(e.problem(), c.problem);
        EXPECT_EQ(std::string(e.what()), "bad.json: " + c.path + ": " + c.problem);
    }
}

const std::string kTables =
    "(known: pool-9ft, pool-8ft, pool-7ft, snooker-12ft, snooker-10ft, carom-10ft)";
const std::string kOverflow = " (number overflow parsing '1e999')";

const BadInput kCases[] = {
    // Top level.
    {"TopLevelArray", "[1, 2]", "$", "must be an object (a billiards-scenario/1 file)"},
    {"MissingFormat", patched(R"({"format": null})"), "format", "is required"},
    {"WrongFormat", patched(R"({"format": "billiards-scenario/2"})"), "format",
     "must be \"billiards-scenario/1\""},
    {"FormatNotString", patched(R"({"format": 1})"), "format", "must be a string"},
    {"UnknownTopLevelKey", patched(R"({"durration": 5})"), "durration", "unknown key"},
    {"DuplicateKey", R"({"format": "billiards-scenario/1", "balls": [{"id": 0, "id": 1}]})",
     "balls[0].id", "duplicate key"},
    {"MissingBalls", patched(R"({"balls": null})"), "balls", "is required"},
    {"BallsNotArray", patched(R"({"balls": {"id": 0}})"), "balls", "must be an array"},
    {"NoBalls", patched(R"({"balls": []})"), "balls", "must hold at least one ball"},
    // Table.
    {"UnknownTableName", patched(R"({"table": "pool-10ft"})"), "table",
     "unknown table \"pool-10ft\" " + kTables},
    {"TableWrongType", patched(R"({"table": 9})"), "table", "must be a table name or an object"},
    {"UnknownTableKey", patched(R"({"table": {"cushions": [], "holes": []}})"), "table.holes",
     "unknown key"},
    {"CushionsNotArray", patched(R"({"table": {"cushions": {}}})"), "table.cushions",
     "must be an array"},
    {"CushionMissingTo", patched(R"({"table": {"cushions": [{"from": [5, 5]}]}})"),
     "table.cushions[0].to", "is required"},
    {"UnknownCushionKey",
     patched(R"({"table": {"cushions": [{"from": [5, 5], "to": [5, 6], "width": 1}]}})"),
     "table.cushions[0].width", "unknown key"},
    {"ZeroLengthCushion", patched(R"({"table": {"cushions": [{"from": [5, 5], "to": [5, 5]}]}})"),
     "table.cushions[0]", "from and to must differ (a cushion needs a length)"},
    {"PocketRadiusZero", patched(R"({"table": {"pockets": [{"center": [5, 5], "radius": 0}]}})"),
     "table.pockets[0].radius", "must be > 0"},
    {"PocketCenterWrongSize", patched(R"({"table": {"pockets": [{"center": [5], "radius": 1}]}})"),
     "table.pockets[0].center", "must be an array of 2 numbers"},
    // Physics.
    {"PhysicsNotObject", patched(R"({"physics": [1]})"), "physics", "must be an object"},
    {"UnknownPhysicsKey", patched(R"({"physics": {"tmestep": 0.01}})"), "physics.tmestep",
     "unknown key"},
    {"UnknownQuotedKey", patched(R"({"physics": {"time step": 0.01}})"), "physics[\"time step\"]",
     "unknown key"},
    {"TimestepZero", patched(R"({"physics": {"timestep": 0}})"), "physics.timestep", "must be > 0"},
    {"TimestepTooLong", patched(R"({"physics": {"timestep": 0.5}})"), "physics.timestep",
     "must be <= 0.1"},
    {"GravityNegative", patched(R"({"physics": {"gravity": -9.81}})"), "physics.gravity",
     "must be >= 0"},
    {"BallRestitutionAboveOne", patched(R"({"physics": {"ball_restitution": 1.5}})"),
     "physics.ball_restitution", "must be between 0 and 1"},
    {"CushionRestitutionNegative", patched(R"({"physics": {"cushion_restitution": -0.1}})"),
     "physics.cushion_restitution", "must be between 0 and 1"},
    {"SlidingFrictionNegative", patched(R"({"physics": {"sliding_friction": -0.2}})"),
     "physics.sliding_friction", "must be >= 0"},
    {"BallFrictionNegative", patched(R"({"physics": {"ball_friction": -1}})"),
     "physics.ball_friction", "must be >= 0"},
    {"CushionFrictionHuge", patched(R"({"physics": {"cushion_friction": 1000}})"),
     "physics.cushion_friction", "must be <= 100"},
    {"RollingFrictionString", patched(R"({"physics": {"rolling_friction": "low"}})"),
     "physics.rolling_friction", "must be a number"},
    {"SpinFrictionBool", patched(R"({"physics": {"spin_friction": true}})"),
     "physics.spin_friction", "must be a number"},
    {"UnknownContactModel", patched(R"({"physics": {"ball_contact": "soft"}})"),
     "physics.ball_contact", "must be one of \"ideal\", \"hertz\""},
    {"ContactModelNumber", patched(R"({"physics": {"ball_contact": 1}})"), "physics.ball_contact",
     "must be a string"},
    {"YoungModulusZero", patched(R"({"physics": {"ball_young_modulus": 0}})"),
     "physics.ball_young_modulus", "must be > 0"},
    {"YoungModulusAbsurd", patched(R"({"physics": {"ball_young_modulus": 1e20}})"),
     "physics.ball_young_modulus", "must be <= 1000000000000"},
    {"PoissonRatioHalf", patched(R"({"physics": {"ball_poisson_ratio": 0.5}})"),
     "physics.ball_poisson_ratio", "must be above -1 and below 0.5"},
    {"PoissonRatioMinusOne", patched(R"({"physics": {"ball_poisson_ratio": -1}})"),
     "physics.ball_poisson_ratio", "must be above -1 and below 0.5"},
    {"ContactToleranceZero", patched(R"({"physics": {"contact_tolerance": 0}})"),
     "physics.contact_tolerance", "must be > 0"},
    {"UnknownCushionModel", patched(R"({"physics": {"cushion_model": "soft"}})"),
     "physics.cushion_model", "must be one of \"reflect\", \"mathavan\""},
    {"CushionHeightNegative", patched(R"({"physics": {"cushion_height": -0.03}})"),
     "physics.cushion_height", "must be > 0"},
    {"CushionHeightAboveTheBall",
     patched(R"({"physics": {"cushion_model": "mathavan", "cushion_height": 0.06}})"),
     "physics.cushion_height",
     "0.06 m is outside ball 0 (the nose must be above its centre, 0.028575 m, and below its "
     "top, 0.05715 m)"},
    {"CushionHeightBelowACentre",
     patched(R"({"physics": {"cushion_model": "mathavan", "cushion_height": 0.02}})"),
     "physics.cushion_height",
     "0.02 m is outside ball 0 (the nose must be above its centre, 0.028575 m, and below its "
     "top, 0.05715 m)"},
    {"CushionModelWithABigBall",
     patched(
         R"({"physics": {"cushion_model": "mathavan"}, "balls": [{"id": 0, "position": [-0.635, 0.0], "radius": 0.05}]})"),
     "physics.cushion_model",
     "0.036576 m is outside ball 0 (the nose must be above its centre, 0.05 m, and below its "
     "top, 0.1 m)"},
    {"UnknownThrowModel", patched(R"({"physics": {"throw_model": "vertical"}})"),
     "physics.throw_model",
     "must be one of \"horizontal\", \"contact\", \"alciatore\", \"mathavan\""},
    {"ThrowStepsZero", patched(R"({"physics": {"throw_model": "mathavan", "throw_steps": 0}})"),
     "physics.throw_steps", "must be between 1 and 100000"},
    {"ThrowStepsHuge", patched(R"({"physics": {"throw_steps": 1000000}})"), "physics.throw_steps",
     "must be between 1 and 100000"},
    {"ThrowStepsFraction", patched(R"({"physics": {"throw_steps": 10.5}})"), "physics.throw_steps",
     "must be an integer"},
    {"ThrowStepsString", patched(R"({"physics": {"throw_steps": "many"}})"), "physics.throw_steps",
     "must be an integer"},
    {"ThrowModelNumber", patched(R"({"physics": {"throw_model": 2}})"), "physics.throw_model",
     "must be a string"},
    {"ThrowModelBallFrictionNegative",
     patched(R"({"physics": {"throw_model": "contact", "ball_friction": -0.06}})"),
     "physics.ball_friction", "must be >= 0"},
    {"EndMassNegative", patched(R"({"physics": {"cue_end_mass": -0.01}})"), "physics.cue_end_mass",
     "must be >= 0"},
    {"EndMassAbsurd", patched(R"({"physics": {"cue_end_mass": 50}})"), "physics.cue_end_mass",
     "must be <= 10"},
    {"ElevationNegative", patched(R"({"shot": {"elevation": -5}})"), "shot.elevation",
     "must be between 0 and 90 degrees"},
    {"ElevationBeyondVertical", patched(R"({"shot": {"elevation": 95}})"), "shot.elevation",
     "must be between 0 and 90 degrees"},
    {"ElevationString", patched(R"({"shot": {"elevation": "high"}})"), "shot.elevation",
     "must be a number"},
    {"GravityOverflow",
     R"({"format": "billiards-scenario/1", "physics": {"gravity": 1e999}, "balls": []})",
     "physics.gravity", "must be a finite number" + kOverflow},
    // Balls.
    {"BallNotObject", patched(R"({"balls": [7]})"), "balls[0]", "must be an object"},
    {"UnknownBallKey", patched(R"({"balls": [{"id": 0, "position": [0, 0], "colour": "white"}]})"),
     "balls[0].colour", "unknown key"},
    {"MissingId", patched(R"({"balls": [{"position": [0, 0]}]})"), "balls[0].id", "is required"},
    {"NegativeId", patched(R"({"balls": [{"id": -1, "position": [0, 0]}]})"), "balls[0].id",
     "must be >= 0"},
    {"FractionalId", patched(R"({"balls": [{"id": 1.5, "position": [0, 0]}]})"), "balls[0].id",
     "must be an integer"},
    {"StringId", patched(R"({"balls": [{"id": "0", "position": [0, 0]}]})"), "balls[0].id",
     "must be an integer"},
    {"HugeId", patched(R"({"balls": [{"id": 3000000000, "position": [0, 0]}]})"), "balls[0].id",
     "must be an integer between -2147483648 and 2147483647"},
    {"DuplicateId",
     patched(R"({"balls": [{"id": 4, "position": [0, 0]}, {"id": 4, "position": [0.5, 0]}]})"),
     "balls[1].id", "duplicate id 4 (also balls[0].id)"},
    {"MissingPosition", patched(R"({"balls": [{"id": 0}]})"), "balls[0].position", "is required"},
    {"PositionOneNumber", patched(R"({"balls": [{"id": 0, "position": [0]}]})"),
     "balls[0].position", "must be an array of 2 numbers"},
    {"PositionNotNumber", patched(R"({"balls": [{"id": 0, "position": [0, "a"]}]})"),
     "balls[0].position[1]", "must be a number"},
    {"PositionFarAway", patched(R"({"balls": [{"id": 0, "position": [0, -2e4]}]})"),
     "balls[0].position[1]", "must be between -10000 and 10000"},
    {"VelocityInfinite",
     R"({"format": "billiards-scenario/1",
         "balls": [{"id": 0, "position": [0, 0], "velocity": [0, 1e999]}]})",
     "balls[0].velocity[1]", "must be a finite number" + kOverflow},
    {"VelocityNegativeInfinite",
     R"({"format": "billiards-scenario/1",
         "balls": [{"id": 0, "position": [0, 0], "velocity": [-1e999, 0]}]})",
     "balls[0].velocity[0]", "must be a finite number (number overflow parsing '-1e999')"},
    {"SpinTwoNumbers", patched(R"({"balls": [{"id": 0, "position": [0, 0], "spin": [0, 0]}]})"),
     "balls[0].spin", "must be an array of 3 numbers"},
    {"RadiusZero", patched(R"({"balls": [{"id": 0, "position": [0, 0]},
                                         {"id": 1, "position": [0.5, 0]},
                                         {"id": 2, "position": [0.7, 0]},
                                         {"id": 3, "position": [0.9, 0], "radius": 0}]})"),
     "balls[3].radius", "must be > 0"},
    {"RadiusNegative", patched(R"({"balls": [{"id": 0, "position": [0, 0], "radius": -0.03}]})"),
     "balls[0].radius", "must be > 0"},
    {"RadiusTiny", patched(R"({"balls": [{"id": 0, "position": [0, 0], "radius": 1e-300}]})"),
     "balls[0].radius", "must be >= 1e-06"},
    {"MassZero", patched(R"({"balls": [{"id": 0, "position": [0, 0], "mass": 0}]})"),
     "balls[0].mass", "must be > 0"},
    {"MassTiny", patched(R"({"balls": [{"id": 0, "position": [0, 0], "mass": 1e-13}]})"),
     "balls[0].mass", "must be >= 1e-12"},
    {"MassHuge", patched(R"({"balls": [{"id": 0, "position": [0, 0], "mass": 2e12}]})"),
     "balls[0].mass", "must be <= 1000000000000"},
    {"RadiusHuge", patched(R"({"table": {"cushions": [], "pockets": []},
                              "balls": [{"id": 0, "position": [0, 0], "radius": 1001}]})"),
     "balls[0].radius", "must be <= 1000"},
    {"MassString", patched(R"({"balls": [{"id": 0, "position": [0, 0], "mass": "heavy"}]})"),
     "balls[0].mass", "must be a number"},
    {"OverlappingBalls",
     patched(R"({"balls": [{"id": 0, "position": [0, 0]}, {"id": 1, "position": [0.05, 0]}]})"),
     "balls[1].position", "overlaps balls[0]"},
    {"OverlapReportsLaterBall",
     patched(R"({"balls": [{"id": 0, "position": [0.3, 0.01]}, {"id": 5, "position": [-0.5, 0]},
                           {"id": 1, "position": [0.28, 0]}]})"),
     "balls[2].position", "overlaps balls[0]"},
    {"BallOutsideNamedTable", patched(R"({"balls": [{"id": 0, "position": [1.25, 0]}]})"),
     "balls[0].position",
     "outside the table (on pool-9ft the centre must be within |x| <= 1.241425 and "
     "|y| <= 0.606425)"},
    {"BallOutsideSmallTable",
     patched(R"({"table": "pool-7ft", "balls": [{"id": 0, "position": [0.5, -0.48]}]})"),
     "balls[0].position",
     "outside the table (on pool-7ft the centre must be within |x| <= 0.961925 and "
     "|y| <= 0.466925)"},
    {"BallOnInlineCushion",
     patched(R"({"table": {"cushions": [{"from": [0.01, -1], "to": [0.01, 1]}]},
                 "balls": [{"id": 0, "position": [0, 0]}]})"),
     "balls[0].position", "overlaps table cushion 0"},
    // Shot.
    {"ShotNotObject", patched(R"({"shot": "hard"})"), "shot", "must be an object"},
    {"UnknownShotKey", patched(R"({"shot": {"english": 0.2}})"), "shot.english", "unknown key"},
    {"ShotMissingBall", patched(R"({"shot": {"ball": null}})"), "shot.ball", "is required"},
    {"ShotBallAbsent", patched(R"({"shot": {"ball": 7}})"), "shot.ball", "no ball has id 7"},
    {"ShotMissingSpeed", patched(R"({"shot": {"speed": null}})"), "shot.speed", "is required"},
    {"ShotNegativeSpeed", patched(R"({"shot": {"speed": -1}})"), "shot.speed", "must be >= 0"},
    {"ShotHeadingString", patched(R"({"shot": {"heading": "north"}})"), "shot.heading",
     "must be a number"},
    {"ShotTipOneNumber", patched(R"({"shot": {"tip": [0.1]}})"), "shot.tip",
     "must be an array of 2 numbers"},
    {"Miscue", patched(R"({"shot": {"tip": [0.4, 0.4]}})"), "shot.tip",
     "miscue: the tip is 0.565685 radii from the centre, more than 0.5"},
    // Duration.
    {"DurationZero", patched(R"({"duration": 0})"), "duration", "must be > 0"},
    {"DurationNegative", patched(R"({"duration": -5})"), "duration", "must be > 0"},
    {"DurationString", patched(R"({"duration": "long"})"), "duration", "must be a number"},
    {"DurationTooLong", patched(R"({"duration": 1e6})"), "duration", "must be <= 86400"},
};

INSTANTIATE_TEST_SUITE_P(Io, ScenarioError, testing::ValuesIn(kCases),
                         [](const testing::TestParamInfo<BadInput>& param) {
                             return std::string(param.param.name);
                         });

// Syntax errors carry nlohmann's position; the path is the document, "$".
void expect_invalid_json(const std::string& text, const std::string& where) {
    try {
        parse_scenario(text, "broken.json");
        FAIL() << "accepted: " << text;
    } catch (const InputError& e) {
        EXPECT_EQ(e.path(), "$");
        EXPECT_EQ(e.problem().rfind("invalid JSON: parse error at " + where, 0), 0u) << e.what();
        EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << "one line";
    }
}

TEST(IoInvalidJson, Truncated) {
    expect_invalid_json("{\n  \"format\": \"billiards-scenario/1\",\n  \"balls\": [",
                        "line 3, column 13");
}

TEST(IoInvalidJson, Empty) {
    expect_invalid_json("", "line 1, column 1");
}

TEST(IoInvalidJson, NanLiteral) {
    expect_invalid_json(R"({"format": "billiards-scenario/1", "duration": NaN})",
                        "line 1, column 48");
}

TEST(IoInvalidJson, InfinityLiteral) {
    expect_invalid_json(R"({"duration": Infinity})", "line 1, column 14");
}

TEST(IoInvalidJson, TrailingGarbage) {
    expect_invalid_json(std::string(kBase) + " x", "line 12, column 3");
}

TEST(IoInvalidJson, BinaryJunk) {
    expect_invalid_json(std::string("\x00\xff\xfe{", 4), "line 1, column 1");
}

// nlohmann stops at a NUL byte: a valid file followed by one and garbage must not pass.
TEST(IoInvalidJson, NulAndGarbageAfterTheValue) {
    expect_invalid_json(std::string(kBase) + std::string("\0garbage", 8), "line 12, column 2");
    expect_invalid_json(std::string(kBase) + std::string("\n\0", 2), "line 13, column 1");
    expect_invalid_json(std::string("{\"format\": \"billiards-\0scenario/1\"}", 36),
                        "line 1, column 23");
}

TEST(IoInvalidJson, DeepNestingIsRefused) {
    const std::string deep =
        R"({"format": "billiards-scenario/1", "x": )" + std::string(100000, '[');
    try {
        parse_scenario(deep, "deep.json");
        FAIL();
    } catch (const InputError& e) {
        EXPECT_EQ(e.problem(), "nested deeper than 128 levels");
        EXPECT_LT(std::string(e.what()).size(), 1000u);
    }
}

// A message quotes a short excerpt of a huge value or key, never the whole of it.
TEST(IoScenarioError, HugeValuesAreQuotedShort) {
    const std::string huge(1'000'000, 'n'); // a thousand times the longest message
    const std::string texts[] = {patched((R"({"table": ")" + huge + R"("})").c_str()),
                                 patched((R"({")" + huge + R"(": 1})").c_str()),
                                 patched((R"({"physics": {")" + huge + R"(": 1}})").c_str()),
                                 R"({"format": ")" + huge}; // unterminated: nlohmann quotes it
    for (const std::string& text : texts) {
        try {
            parse_scenario(text, "huge.json");
            FAIL();
        } catch (const InputError& e) {
            const std::string what = e.what();
            EXPECT_LT(what.size(), 800u) << what.substr(0, 200);
            EXPECT_NE(what.find("nnnnn"), std::string::npos) << what;
            EXPECT_NE(what.find(" bytes ...]"), std::string::npos) << what;
            EXPECT_EQ(what.find('\n'), std::string::npos);
        }
    }
}

TEST(IoScenarioError, ExcerptCutsBetweenCharacters) {
    std::string s;
    for (int k = 0; k < 200; ++k)
        s += "\xc3\xa9"; // e acute, two bytes each
    const std::string e = billiards::io::excerpt(s, 61);
    EXPECT_LT(e.size(), 120u);
    // Every character whole: no lone continuation byte after "]" or before "[".
    const auto open = e.find("[... ");
    ASSERT_NE(open, std::string::npos);
    EXPECT_EQ(open % 2, 0u);
    EXPECT_EQ((e.size() - e.find(" ...]") - 5) % 2, 0u);
    EXPECT_EQ(billiards::io::excerpt("short"), "short");
}

TEST(IoScenarioError, FileNameAsGiven) {
    try {
        parse_scenario(patched(R"({"duration": 0})"), "../some dir/break.json");
        FAIL();
    } catch (const InputError& e) {
        EXPECT_STREQ(e.what(), "../some dir/break.json: duration: must be > 0");
    }
}

TEST(IoScenarioError, MissingFileCannotBeRead) {
    try {
        billiards::io::load_scenario("no-such-dir/missing.json");
        FAIL();
    } catch (const InputError& e) {
        EXPECT_STREQ(e.what(),
                     "no-such-dir/missing.json: $: cannot read: No such file or directory");
    }
}

TEST(IoScenarioError, DirectoryCannotBeRead) {
    try {
        billiards::io::load_scenario(".");
        FAIL();
    } catch (const InputError& e) {
        EXPECT_STREQ(e.what(), ".: $: cannot read: is a directory");
    }
}

TEST(IoScenarioError, TouchingBallsAreNotOverlapping) {
    // Two standard balls exactly 2R apart along x, and a third touching the first at 60 degrees.
    const auto s = parse_scenario(patched(R"({"balls": [
        {"id": 0, "position": [0, 0]}, {"id": 1, "position": [0.05715, 0]},
        {"id": 2, "position": [0.028575, 0.04949335182628067]}]})"),
                                  "ok.json");
    EXPECT_EQ(s.balls.size(), 3u);
}

TEST(IoScenarioError, BallTouchingTheRailIsOnTheTable) {
    const auto s = parse_scenario(
        patched(R"({"balls": [{"id": 0, "position": [1.241425, -0.606425]}]})"), "ok.json");
    EXPECT_EQ(s.balls.size(), 1u);
}

TEST(IoScenarioError, InlineTableWithoutCushionsHasNoEdge) {
    const auto s = parse_scenario(
        patched(
            R"({"table": {"cushions": [], "pockets": []}, "balls": [{"id": 0, "position": [9000, -9000]}]})"),
        "ok.json");
    EXPECT_TRUE(s.table_name.empty());
}

} // namespace
