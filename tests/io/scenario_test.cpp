// Reading good scenarios (defaults, inline tables, shots), writing them back exactly, and
// the world they describe.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <string>
#include <utility>

#include "game/cue.hpp"
#include "game/simulation.hpp"
#include "io/scenario.hpp"
#include "io_test_util.hpp"

namespace {

using namespace billiards;
using game::Scenario;

void expect_same(const Scenario& a, const Scenario& b) {
    EXPECT_EQ(a.table_name, b.table_name);
    ASSERT_EQ(a.table.cushions.size(), b.table.cushions.size());
    for (std::size_t i = 0; i < a.table.cushions.size(); ++i) {
        EXPECT_EQ(a.table.cushions[i].a, b.table.cushions[i].a);
        EXPECT_EQ(a.table.cushions[i].b, b.table.cushions[i].b);
    }
    ASSERT_EQ(a.table.pockets.size(), b.table.pockets.size());
    for (std::size_t i = 0; i < a.table.pockets.size(); ++i) {
        EXPECT_EQ(a.table.pockets[i].center, b.table.pockets[i].center);
        EXPECT_EQ(a.table.pockets[i].radius, b.table.pockets[i].radius);
    }
    EXPECT_EQ(a.params.timestep, b.params.timestep);
    EXPECT_EQ(a.params.gravity, b.params.gravity);
    EXPECT_EQ(a.params.ball_restitution, b.params.ball_restitution);
    EXPECT_EQ(a.params.ball_friction, b.params.ball_friction);
    EXPECT_EQ(a.params.cushion_restitution, b.params.cushion_restitution);
    EXPECT_EQ(a.params.cushion_friction, b.params.cushion_friction);
    EXPECT_EQ(a.params.sliding_friction, b.params.sliding_friction);
    EXPECT_EQ(a.params.rolling_friction, b.params.rolling_friction);
    EXPECT_EQ(a.params.spin_friction, b.params.spin_friction);
    EXPECT_EQ(a.params.cushion_model, b.params.cushion_model);
    EXPECT_EQ(a.params.cushion_height, b.params.cushion_height);
    EXPECT_EQ(a.params.throw_model, b.params.throw_model);
    EXPECT_EQ(a.params.throw_steps, b.params.throw_steps);
    EXPECT_EQ(a.cue.end_mass, b.cue.end_mass);
    ASSERT_EQ(a.balls.size(), b.balls.size());
    for (std::size_t i = 0; i < a.balls.size(); ++i) {
        EXPECT_EQ(a.balls[i].id, b.balls[i].id);
        EXPECT_EQ(a.balls[i].position, b.balls[i].position);
        EXPECT_EQ(a.balls[i].velocity, b.balls[i].velocity);
        EXPECT_EQ(a.balls[i].spin, b.balls[i].spin);
        EXPECT_EQ(a.balls[i].radius, b.balls[i].radius);
        EXPECT_EQ(a.balls[i].mass, b.balls[i].mass);
    }
    ASSERT_EQ(a.shot.has_value(), b.shot.has_value());
    if (a.shot) {
        EXPECT_EQ(a.shot->ball, b.shot->ball);
        EXPECT_EQ(a.shot->cue.heading, b.shot->cue.heading);
        EXPECT_EQ(a.shot->cue.speed, b.shot->cue.speed);
        EXPECT_EQ(a.shot->cue.side, b.shot->cue.side);
        EXPECT_EQ(a.shot->cue.height, b.shot->cue.height);
    }
    EXPECT_EQ(a.duration, b.duration);
}

TEST(IoScenario, DefaultsFromTheFormat) {
    const Scenario s = io::parse_scenario(
        R"({"format": "billiards-scenario/1", "balls": [{"id": 3, "position": [0.1, -0.2]}]})",
        "min.json");
    EXPECT_EQ(s.table_name, "pool-9ft");
    EXPECT_EQ(s.table.cushions.size(), io::load_standard_table("pool-9ft").cushions.size());
    const physics::Params defaults;
    EXPECT_EQ(s.params.timestep, defaults.timestep);
    EXPECT_EQ(s.params.gravity, defaults.gravity);
    EXPECT_EQ(s.params.ball_restitution, defaults.ball_restitution);
    EXPECT_EQ(s.params.ball_friction, defaults.ball_friction);
    EXPECT_EQ(s.params.cushion_restitution, defaults.cushion_restitution);
    EXPECT_EQ(s.params.sliding_friction, defaults.sliding_friction);
    EXPECT_EQ(s.params.rolling_friction, defaults.rolling_friction);
    EXPECT_EQ(s.params.spin_friction, defaults.spin_friction);
    // Not in the contract: a file without it gets plain reflection (see scenario.hpp).
    EXPECT_EQ(s.params.cushion_friction, 0.0);
    ASSERT_EQ(s.balls.size(), 1u);
    EXPECT_EQ(s.balls[0].id, 3);
    EXPECT_EQ(s.balls[0].velocity, Vec2{});
    EXPECT_EQ(s.balls[0].spin, Vec3{});
    EXPECT_EQ(s.balls[0].radius, physics::kBallRadius);
    EXPECT_EQ(s.balls[0].mass, physics::kBallMass);
    EXPECT_FALSE(s.shot.has_value());
    EXPECT_EQ(s.duration, 60.0);
}

TEST(IoScenario, CushionFrictionCanBeSet) {
    const Scenario s = io::parse_scenario(
        R"({"format": "billiards-scenario/1", "physics": {"cushion_friction": 0.2},
            "balls": [{"id": 0, "position": [0, 0]}]})",
        "f.json");
    EXPECT_EQ(s.params.cushion_friction, 0.2);
}

TEST(IoScenario, InlineTable) {
    const Scenario s = io::parse_scenario(
        R"({"format": "billiards-scenario/1",
            "table": {"cushions": [{"from": [1, -1], "to": [1, 1]}], "pockets": [{"center": [2, 0], "radius": 0.1}]},
            "balls": [{"id": 0, "position": [0, 0]}]})",
        "inline.json");
    EXPECT_TRUE(s.table_name.empty());
    ASSERT_EQ(s.table.cushions.size(), 1u);
    EXPECT_EQ(s.table.cushions[0].a, (Vec2{1, -1}));
    EXPECT_EQ(s.table.cushions[0].b, (Vec2{1, 1}));
    ASSERT_EQ(s.table.pockets.size(), 1u);
    EXPECT_EQ(s.table.pockets[0].radius, 0.1);
    EXPECT_EQ(s.table.is_jaw.size(), 1u);
}

TEST(IoScenario, ShotHeadingInDegrees) {
    const Scenario s = io::parse_scenario(
        R"({"format": "billiards-scenario/1", "balls": [{"id": 2, "position": [0, 0]}],
            "shot": {"ball": 2, "heading": 90, "speed": 3, "tip": [0.1, -0.2]}})",
        "shot.json");
    ASSERT_TRUE(s.shot.has_value());
    EXPECT_EQ(s.shot->ball, 2);
    EXPECT_EQ(s.shot->cue.heading, deg_to_rad(90.0));
    EXPECT_EQ(s.shot->cue.speed, 3.0);
    EXPECT_EQ(s.shot->cue.side, 0.1);
    EXPECT_EQ(s.shot->cue.height, -0.2);
}

TEST(IoScenario, MakeWorldAppliesTheShotToItsBall) {
    const Scenario s = io::parse_scenario(
        R"({"format": "billiards-scenario/1",
            "balls": [{"id": 5, "position": [0.5, 0]}, {"id": 2, "position": [0, 0], "mass": 0.2}],
            "shot": {"ball": 2, "heading": 90, "speed": 3, "tip": [0, 0.3]}})",
        "shot.json");
    const physics::World w = game::make_world(s);
    ASSERT_EQ(w.ball_count(), 2);
    EXPECT_EQ(w.ball(0).id, 5);
    EXPECT_EQ(w.ball(1).id, 2);
    const game::StrikeResult hit = game::strike(s.shot->cue, 0.2, physics::kBallRadius);
    EXPECT_EQ(w.ball(1).velocity, hit.velocity);
    EXPECT_EQ(w.ball(1).spin, hit.spin);
    EXPECT_EQ(w.ball(0).velocity, Vec2{});
    EXPECT_NEAR(w.ball(1).velocity.x, 0.0, 1e-15);
    EXPECT_GT(w.ball(1).velocity.y, 0.0);
    EXPECT_LT(w.ball(1).spin.x, 0.0) << "top spin along +y: rolling that way has wx = -v/R";
}

TEST(IoScenario, MakeWorldHasTheTableAndParams) {
    const Scenario s = io::load_scenario(io_test::scenario_path("stun-shot.json"));
    const physics::World w = game::make_world(s);
    EXPECT_EQ(w.cushions().size(), s.table.cushions.size());
    EXPECT_EQ(w.pockets().size(), 6u);
    EXPECT_EQ(w.params().timestep, s.params.timestep);
    EXPECT_EQ(w.ball(0).velocity, (Vec2{0.5, 0.0}));
}

TEST(IoScenario, MakeWorldRejectsABadShotBuiltInCode) {
    Scenario s = io::parse_scenario(
        R"({"format": "billiards-scenario/1", "balls": [{"id": 0, "position": [0, 0]}]})",
        "x.json");
    s.shot = game::ShotSpec{9, {}};
    EXPECT_THROW(game::make_world(s), std::invalid_argument);
    s.shot = game::ShotSpec{0, game::CueShot{0.0, 1.0, 0.6, 0.0}};
    EXPECT_THROW(game::make_world(s), std::invalid_argument);
}

// (d) parse -> write -> parse gives identical values, and the text is stable.
TEST(IoRoundTrip, EveryExampleScenario) {
    for (const auto& path : io_test::example_scenarios()) {
        SCOPED_TRACE(path);
        const Scenario a = io::load_scenario(path);
        const std::string text = io::scenario_to_json(a);
        const Scenario b = io::parse_scenario(text, "again.json");
        expect_same(a, b);
        EXPECT_EQ(io::scenario_to_json(b), text);
    }
}

TEST(IoRoundTrip, AwkwardNumbers) {
    const Scenario a = io::parse_scenario(
        R"({"format": "billiards-scenario/1",
            "table": {"cushions": [{"from": [-0.30000000000000004, 1e-300], "to": [0.1, 0.7]}], "pockets": []},
            "physics": {"timestep": 0.0033333333333333335, "gravity": 9.806650000000001,
                        "ball_restitution": 0.9299999999999999, "spin_friction": 5e-324},
            "balls": [{"id": 2147483647, "position": [-0.0, 0.3333333333333333],
                       "velocity": [1.7976931348623157e3, -2.2250738585072014e-308],
                       "spin": [123.456789012345678, -0.1, 1e-17], "radius": 0.0286, "mass": 0.16999999999999998}],
            "shot": {"ball": 2147483647, "heading": 33.33333333333333, "speed": 4.1, "tip": [-0.123456789, 0.3]},
            "duration": 12.345678901234567})",
        "awkward.json");
    const Scenario b = io::parse_scenario(io::scenario_to_json(a), "again.json");
    expect_same(a, b);
    EXPECT_TRUE(std::signbit(b.balls[0].position.x)) << "-0.0 stays -0.0";
}

TEST(IoRoundTrip, HeadingsInDegreesReadBackExactly) {
    Scenario s = io::parse_scenario(
        R"({"format": "billiards-scenario/1", "table": {}, "balls": [{"id": 0, "position": [0, 0]}]})",
        "h.json");
    for (double deg = -720.0; deg <= 720.0; deg += 1.37) {
        s.shot = game::ShotSpec{0, game::CueShot{deg_to_rad(deg), 1.0, 0.0, 0.0}};
        const Scenario back = io::parse_scenario(io::scenario_to_json(s), "h.json");
        ASSERT_EQ(back.shot->cue.heading, s.shot->cue.heading) << deg;
    }
}

TEST(IoScenario, ShotMakingKeys) {
    // The cushion model, its height, the cue's end mass and the shot's elevation are read,
    // reach the world and the strike, and are written back only when they are not the old
    // behaviour.
    const Scenario s = io::parse_scenario(
        R"({"format": "billiards-scenario/1",
            "physics": {"cushion_model": "mathavan", "cushion_height": 0.04, "cue_end_mass": 0.008},
            "balls": [{"id": 0, "position": [0, 0]}],
            "shot": {"ball": 0, "heading": 0, "speed": 2, "tip": [0.3, 0], "elevation": 30}})",
        "keys.json");
    EXPECT_EQ(s.params.cushion_model, physics::CushionModel::Mathavan);
    EXPECT_EQ(s.params.cushion_height, 0.04);
    EXPECT_EQ(s.cue.end_mass, 0.008);
    EXPECT_EQ(s.shot->cue.elevation, deg_to_rad(30.0));
    const physics::World w = game::make_world(s);
    EXPECT_EQ(w.params().cushion_model, physics::CushionModel::Mathavan);
    const game::StrikeResult hit =
        game::strike(s.shot->cue, physics::kBallMass, physics::kBallRadius, s.cue);
    EXPECT_EQ(w.ball(0).velocity, hit.velocity);
    EXPECT_GT(w.ball(0).velocity.y, 0.0) << "right english squirts the ball left";
    EXPECT_NE(w.ball(0).spin.x, 0.0) << "side english on an elevated cue tilts the spin axis";
    const Scenario back = io::parse_scenario(io::scenario_to_json(s), "again.json");
    expect_same(s, back);
    EXPECT_EQ(back.shot->cue.elevation, s.shot->cue.elevation);

    const Scenario plain = io::parse_scenario(
        R"({"format": "billiards-scenario/1", "balls": [{"id": 0, "position": [0, 0]}],
            "shot": {"ball": 0, "heading": 0, "speed": 2}})",
        "plain.json");
    const std::string text = io::scenario_to_json(plain);
    for (const char* key : {"cushion_model", "cushion_height", "cue_end_mass", "elevation"})
        EXPECT_EQ(text.find(key), std::string::npos) << key;
}

TEST(IoScenario, ThrowModelKey) {
    // Read, reaches the world, written back; a file without it keeps the horizontal model
    // and is written without it.
    for (const auto& [name, model] : {std::pair{"contact", physics::ThrowModel::Contact},
                                      std::pair{"alciatore", physics::ThrowModel::Alciatore},
                                      std::pair{"mathavan", physics::ThrowModel::Mathavan},
                                      std::pair{"horizontal", physics::ThrowModel::Horizontal}}) {
        const Scenario s = io::parse_scenario(
            std::string(R"({"format": "billiards-scenario/1", "physics": {"throw_model": ")") +
                name + R"("}, "balls": [{"id": 0, "position": [0, 0]}]})",
            "throw.json");
        EXPECT_EQ(s.params.throw_model, model) << name;
        EXPECT_EQ(game::make_world(s).params().throw_model, model) << name;
        const std::string text = io::scenario_to_json(s);
        EXPECT_EQ(text.find("throw_model") != std::string::npos,
                  model != physics::ThrowModel::Horizontal)
            << name;
        expect_same(s, io::parse_scenario(text, "again.json"));
    }
    const Scenario plain = io::parse_scenario(
        R"({"format": "billiards-scenario/1", "balls": [{"id": 0, "position": [0, 0]}]})",
        "plain.json");
    EXPECT_EQ(plain.params.throw_model, physics::ThrowModel::Horizontal);
}

TEST(IoScenario, ThrowStepsKey) {
    // The mathavan model's impulse steps: read, reach the world, written back with that
    // model (or when not the default); files without it keep 1,000 and are written without
    // it unless the model is mathavan.
    const Scenario s = io::parse_scenario(
        R"({"format": "billiards-scenario/1", "physics": {"throw_model": "mathavan",
            "throw_steps": 250}, "balls": [{"id": 0, "position": [0, 0]}]})",
        "steps.json");
    EXPECT_EQ(s.params.throw_steps, 250);
    EXPECT_EQ(game::make_world(s).params().throw_steps, 250);
    expect_same(s, io::parse_scenario(io::scenario_to_json(s), "again.json"));

    const Scenario other = io::parse_scenario(
        R"({"format": "billiards-scenario/1", "physics": {"throw_steps": 40},
            "balls": [{"id": 0, "position": [0, 0]}]})",
        "other.json");
    expect_same(other, io::parse_scenario(io::scenario_to_json(other), "again.json"));

    const Scenario plain = io::parse_scenario(
        R"({"format": "billiards-scenario/1", "physics": {"throw_model": "alciatore"},
            "balls": [{"id": 0, "position": [0, 0]}]})",
        "plain.json");
    EXPECT_EQ(plain.params.throw_steps, 1000);
    EXPECT_EQ(io::scenario_to_json(plain).find("throw_steps"), std::string::npos);
    Scenario m = plain;
    m.params.throw_model = physics::ThrowModel::Mathavan;
    EXPECT_NE(io::scenario_to_json(m).find(R"("throw_steps": 1000)"), std::string::npos);
}

TEST(IoRoundTrip, ElevationsReadBackExactly) {
    Scenario s = io::parse_scenario(
        R"({"format": "billiards-scenario/1", "table": {}, "balls": [{"id": 0, "position": [0, 0]}]})",
        "e.json");
    for (double deg = 0.5; deg <= 90.0; deg += 0.73) {
        game::CueShot shot{0.0, 1.0, 0.0, 0.0};
        shot.elevation = deg_to_rad(deg);
        s.shot = game::ShotSpec{0, shot};
        const Scenario back = io::parse_scenario(io::scenario_to_json(s), "e.json");
        ASSERT_EQ(back.shot->cue.elevation, s.shot->cue.elevation) << deg;
    }
}

TEST(IoRoundTrip, SaveAndLoad) {
    const io_test::TempDir dir("save");
    const Scenario a = io::load_scenario(io_test::scenario_path("break-8ball.json"));
    const std::string path = (dir.path() / "saved.json").string();
    io::save_scenario(a, path);
    expect_same(a, io::load_scenario(path));
    EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
}

TEST(IoRoundTrip, ScenarioFromWorld) {
    const Scenario a = io::load_scenario(io_test::scenario_path("break-9ball.json"));
    physics::World w = game::make_world(a);
    for (int i = 0; i < 30; ++i)
        w.step(); // the balls move, spin, and some may drop
    const Scenario saved = game::scenario_from_world(w, a.table_name, a.table);
    const Scenario back = io::parse_scenario(io::scenario_to_json(saved), "panel.json");
    expect_same(saved, back);
    EXPECT_FALSE(back.shot.has_value());
    std::size_t on_table = 0;
    for (const auto& b : w.balls())
        on_table += b.state != physics::MotionState::Pocketed;
    ASSERT_EQ(back.balls.size(), on_table);
    const physics::World again = game::make_world(back);
    for (int i = 0; i < again.ball_count(); ++i) {
        const int j = w.index_of(again.ball(i).id);
        EXPECT_EQ(again.ball(i).position, w.ball(j).position);
        EXPECT_EQ(again.ball(i).velocity, w.ball(j).velocity);
        EXPECT_EQ(again.ball(i).spin, w.ball(j).spin);
    }
}

} // namespace
