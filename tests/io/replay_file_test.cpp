// Replay files: every shot of real games re-simulates from its file to the match's own end
// hash; the file round-trips; every bad input has its message.
#include <gtest/gtest.h>

#include "game/replay.hpp"
#include "io/replay_file.hpp"
#include "io/scenario.hpp"
#include "io_test_util.hpp"

namespace {

using namespace billiards;

game::MatchConfig computers(game::GameKind kind, std::uint64_t seed) {
    game::MatchConfig c;
    c.kind = kind;
    c.seed = seed;
    for (auto& seat : c.seats) {
        seat.kind = game::SeatKind::Computer;
        seat.ai = game::ai_config(game::AiLevel::Easy);
        seat.ai->budget = 300'000;
    }
    return c;
}

void expect_same(const io::ReplayFile& a, const io::ReplayFile& b) {
    EXPECT_EQ(a.table_name, b.table_name);
    EXPECT_EQ(a.params.timestep, b.params.timestep);
    EXPECT_EQ(a.params.cushion_friction, b.params.cushion_friction);
    EXPECT_EQ(a.params.spin_friction, b.params.spin_friction);
    EXPECT_EQ(a.cue.mass, b.cue.mass);
    EXPECT_EQ(a.max_seconds, b.max_seconds);
    EXPECT_EQ(a.steps, b.steps);
    ASSERT_EQ(a.balls.size(), b.balls.size());
    for (std::size_t i = 0; i < a.balls.size(); ++i) {
        EXPECT_EQ(a.balls[i].id, b.balls[i].id);
        EXPECT_EQ(a.balls[i].state, b.balls[i].state);
        EXPECT_EQ(a.balls[i].position, b.balls[i].position);
        EXPECT_EQ(a.balls[i].velocity, b.balls[i].velocity);
        EXPECT_EQ(a.balls[i].spin, b.balls[i].spin);
        EXPECT_EQ(a.balls[i].radius, b.balls[i].radius);
        EXPECT_EQ(a.balls[i].mass, b.balls[i].mass);
    }
    EXPECT_EQ(a.shot.heading, b.shot.heading);
    EXPECT_EQ(a.shot.speed, b.shot.speed);
    EXPECT_EQ(a.shot.side, b.shot.side);
    EXPECT_EQ(a.shot.height, b.shot.height);
    EXPECT_EQ(a.call.ball, b.call.ball);
    EXPECT_EQ(a.call.pocket, b.call.pocket);
    EXPECT_EQ(a.push_out, b.push_out);
    EXPECT_EQ(a.shooter, b.shooter);
    EXPECT_EQ(a.cue_ball, b.cue_ball);
    EXPECT_EQ(a.end_hash, b.end_hash);
}

TEST(ReplayFile, EveryShotOfAGameReplaysToTheMatchEndHash) {
    for (const auto kind : {game::GameKind::EightBall, game::GameKind::NineBall}) {
        game::Match m(computers(kind, 2));
        int shots = 0;
        for (int i = 0; i < 300 && !m.rules().game_over; ++i) {
            const std::size_t before = m.history().size();
            ASSERT_TRUE(m.play_computer_turn());
            if (m.history().size() == before) continue; // a decision
            ++shots;
            const io::ReplayFile f = io::replay_of(m, "pool-9ft");
            const std::string text = io::replay_to_json(f);
            const io::ReplayFile back = io::parse_replay(text, "r.json");
            expect_same(back, f);
            EXPECT_EQ(io::replay_to_json(back), text);
            const game::ReplayRun run =
                game::run_replay(back, io::load_standard_table(back.table_name), false);
            ASSERT_EQ(run.end_hash, m.last_shot()->end_hash) << "shot " << shots;
            // The same balls as the match's own replay (which keeps the pocketed ones).
            const physics::World own = game::Match::replay(*m.last_shot(), m.config().cue);
            for (const physics::Ball& b : run.world.balls()) {
                const physics::Ball& real = own.ball(own.index_of(b.id));
                EXPECT_EQ(b.position, real.position);
                EXPECT_EQ(b.velocity, real.velocity);
                EXPECT_EQ(b.state, real.state);
            }
        }
        EXPECT_TRUE(m.rules().game_over);
        EXPECT_GE(shots, 5);
    }
}

TEST(ReplayFile, NoReplayBeforeTheFirstShot) {
    game::Match m{game::MatchConfig{}};
    EXPECT_THROW(io::replay_of(m, "pool-9ft"), std::invalid_argument);
}

TEST(ReplayFile, SaveAndLoad) {
    game::Match m(computers(game::GameKind::NineBall, 8));
    ASSERT_TRUE(m.play_computer_turn());
    const io_test::TempDir dir("replay");
    const std::string path = (dir.path() / "r.json").string();
    io::save_replay_file(io::replay_of(m, "pool-9ft"), path);
    expect_same(io::load_replay_file(path), io::replay_of(m, "pool-9ft"));
}

std::string message(const std::string& text) {
    try {
        io::parse_replay(text, "r.json");
    } catch (const io::InputError& e) {
        return e.what();
    }
    return "(no error)";
}

// A valid file, with one substring replaced.
std::string edited(const std::string& from, const std::string& to) {
    std::string text = R"({"format": "billiards-replay/1", "table": "pool-9ft", "physics": {},
      "clock": {"steps": 10, "time": 0.041666666666666664},
      "balls": [{"id": 0, "state": "stationary", "position": [-0.6, 0], "velocity": [0, 0],
                 "spin": [0, 0, 0], "radius": 0.028575, "mass": 0.17},
                {"id": 5, "state": "pocketed", "position": [1.3, 0.6], "velocity": [0, 0],
                 "spin": [0, 0, 0], "radius": 0.028575, "mass": 0.17}],
      "shot": {"heading": 0, "speed": 2, "tip": [0, 0]},
      "end_hash": "00000000000000ff"})";
    if (!from.empty()) {
        const auto at = text.find(from);
        EXPECT_NE(at, std::string::npos) << from;
        text.replace(at, from.size(), to);
    }
    return text;
}

TEST(ReplayFile, EveryBadInputHasItsMessage) {
    EXPECT_EQ(message(edited("", "")), "(no error)");
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"[1]", "r.json: $: must be an object (a billiards-replay/1 file)"},
        {edited("replay/1", "replay/0"), "r.json: format: must be \"billiards-replay/1\""},
        {edited(R"("table": "pool-9ft", )", ""), "r.json: table: is required"},
        {edited("pool-9ft", "pool"),
         "r.json: table: unknown table \"pool\" (known: pool-9ft, pool-8ft, pool-7ft, "
         "snooker-12ft, snooker-10ft, carom-10ft)"},
        {edited(R"("physics": {})", R"("physics": {"timestep": 1})"),
         "r.json: physics.timestep: must be <= 0.1"},
        {edited(R"("steps": 10)", R"("steps": 11)"),
         "r.json: clock.time: must be clock.steps x physics.timestep (0.04583333333333333)"},
        {edited(R"("steps": 10)", R"("steps": 100000001)"),
         "r.json: clock.steps: must be <= 100000000"},
        {edited(R"("id": 5)", R"("id": 0)"),
         "r.json: balls[1].id: duplicate id 0 (also balls[0].id)"},
        {edited(R"("id": 0)", R"("id": 1)"), "r.json: balls: must hold the cue ball (id 0)"},
        {edited(R"("state": "stationary")", R"("state": "pocketed")"),
         "r.json: balls[0].state: must be \"stationary\" (the cue ball is struck)"},
        {edited(R"("state": "pocketed")", R"("state": "rolling")"),
         "r.json: balls[1].state: must be one of \"stationary\", \"pocketed\""},
        {edited(R"("velocity": [0, 0])", R"("velocity": [0, 1])"),
         "r.json: balls[0].velocity: must be [0, 0] for a stationary ball"},
        {edited(R"("spin": [0, 0, 0])", R"("spin": [0, 0, 1])"),
         "r.json: balls[0].spin: must be [0, 0, 0] for a stationary ball"},
        {edited(R"("radius": 0.028575)", R"("radius": 0)"), "r.json: balls[0].radius: must be > 0"},
        // Placed as a scenario's balls are (a pocketed ball is off the table and exempt).
        {edited(R"("state": "pocketed", "position": [1.3, 0.6])",
                R"("state": "stationary", "position": [-0.6, 0.03])"),
         "r.json: balls[1].position: overlaps balls[0]"},
        {edited(R"("position": [-0.6, 0])", R"("position": [-1.25, 0])"),
         "r.json: balls[0].position: outside the table (on pool-9ft the centre must be within "
         "|x| <= 1.241425 and |y| <= 0.606425)"},
        {edited(R"("mass": 0.17})", R"("mass": 0.17, "colour": 1})"),
         "r.json: balls[0].colour: unknown key"},
        {edited(R"("tip": [0, 0])", R"("tip": [0.4, 0.4])"),
         "r.json: shot.tip: miscue: the tip is 0.565685 radii from the centre, more than 0.5"},
        {edited(R"("speed": 2)", R"("speed": -2)"), "r.json: shot.speed: must be >= 0"},
        {edited(R"("tip": [0, 0])", R"("tip": [0, 0], "shooter": 2)"),
         "r.json: shot.shooter: must be between 0 and 1"},
        {edited(R"("tip": [0, 0])", R"("tip": [0, 0], "cue_ball": 7)"),
         "r.json: shot.cue_ball: no ball 7 in balls"},
        {edited(R"("tip": [0, 0])", R"("tip": [0, 0], "cue_ball": 5)"),
         "r.json: shot.cue_ball: ball 5 must be \"stationary\" (the cue strikes it)"},
        {edited(R"("tip": [0, 0])", R"("tip": [0, 0], "call": {"pocket": 7})"),
         "r.json: shot.call.pocket: must be between -1 and 5"},
        {edited("00000000000000ff", "ff"),
         "r.json: end_hash: must be 16 lowercase hexadecimal digits"},
        {edited("00000000000000ff", "00000000000000FF"),
         "r.json: end_hash: must be 16 lowercase hexadecimal digits"},
    };
    for (const auto& [text, expected] : cases)
        EXPECT_EQ(message(text), expected) << text;
}

TEST(ReplayFile, EveryTruncationIsAnInputError) {
    game::Match m(computers(game::GameKind::EightBall, 3));
    ASSERT_TRUE(m.play_computer_turn());
    const std::string text = io::replay_to_json(io::replay_of(m, "pool-9ft"));
    for (std::size_t n = 0; n + 1 < text.size(); ++n)
        EXPECT_THROW(io::parse_replay(text.substr(0, n), "r.json"), io::InputError) << n;
}

} // namespace
