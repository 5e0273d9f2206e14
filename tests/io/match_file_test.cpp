// Match save files: matches played headless are saved, loaded and restored to the same
// world (bit for bit), view and history; every bad input has its message.
#include <gtest/gtest.h>

#include <cmath>

#include "game/physics_presets.hpp"
#include "game/rack.hpp"
#include "io/match_file.hpp"
#include "io/scenario.hpp"
#include "io_test_util.hpp"

namespace {

using namespace billiards;
using game::Match;
using game::MatchConfig;
using game::MatchInput;

MatchConfig computers(game::GameKind kind, std::uint64_t seed, bool practice = false) {
    MatchConfig c;
    c.kind = kind;
    c.seed = seed;
    c.practice = practice;
    for (auto& seat : c.seats) {
        seat.kind = game::SeatKind::Computer;
        seat.level = game::AiLevel::Easy;
        seat.ai = game::ai_config(game::AiLevel::Easy);
        seat.ai->budget = 300'000; // fast; not saved (the recorded moves are)
    }
    c.seats[1].name = "Zoë";
    return c;
}

game::CueShot break_shot(const Match& m, double speed) {
    const Vec2 c = m.world().ball(m.cue_index()).position;
    const Vec2 apex = m.world().ball(m.world().index_of(1)).position;
    return {std::atan2(apex.y - c.y, apex.x - c.x), speed, 0.1, -0.2};
}

void expect_same_view(const game::MatchView& a, const game::MatchView& b) {
    EXPECT_EQ(a.kind, b.kind);
    EXPECT_EQ(a.names, b.names);
    EXPECT_EQ(a.computer, b.computer);
    EXPECT_EQ(a.game_number, b.game_number);
    EXPECT_EQ(a.breaker, b.breaker);
    EXPECT_EQ(a.shooter, b.shooter);
    EXPECT_EQ(a.phase, b.phase);
    EXPECT_EQ(a.groups, b.groups);
    EXPECT_EQ(a.open_table, b.open_table);
    EXPECT_EQ(a.tray, b.tray);
    EXPECT_EQ(a.balls_left, b.balls_left);
    EXPECT_EQ(a.on_table, b.on_table);
    EXPECT_EQ(a.legal_targets, b.legal_targets);
    EXPECT_EQ(a.fouls, b.fouls);
    EXPECT_EQ(a.consecutive_fouls, b.consecutive_fouls);
    EXPECT_EQ(a.games_won, b.games_won);
    EXPECT_EQ(a.ball_in_hand, b.ball_in_hand);
    EXPECT_EQ(a.kitchen_only, b.kitchen_only);
    EXPECT_EQ(a.must_call_pocket, b.must_call_pocket);
    EXPECT_EQ(a.push_out_available, b.push_out_available);
    EXPECT_EQ(a.pending, b.pending);
    EXPECT_EQ(a.shots, b.shots);
    EXPECT_EQ(a.game_over, b.game_over);
    EXPECT_EQ(a.winner, b.winner);
    EXPECT_EQ(a.capped, b.capped);
    EXPECT_EQ(a.status, b.status);
    EXPECT_EQ(a.messages, b.messages);
    EXPECT_EQ(a.can_undo, b.can_undo);
}

void expect_same_inputs(const std::vector<MatchInput>& a, const std::vector<MatchInput>& b) {
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        SCOPED_TRACE(i);
        EXPECT_EQ(a[i].kind, b[i].kind);
        EXPECT_EQ(a[i].position, b[i].position);
        EXPECT_EQ(a[i].shot.heading, b[i].shot.heading);
        EXPECT_EQ(a[i].shot.speed, b[i].shot.speed);
        EXPECT_EQ(a[i].shot.side, b[i].shot.side);
        EXPECT_EQ(a[i].shot.height, b[i].shot.height);
        EXPECT_EQ(a[i].call.ball, b[i].call.ball);
        EXPECT_EQ(a[i].call.pocket, b[i].call.pocket);
        EXPECT_EQ(a[i].push_out, b[i].push_out);
        EXPECT_EQ(a[i].choice, b[i].choice);
    }
}

// Save to disk, load, restore: the same match in every respect a player can see.
void expect_restores(const Match& m) {
    const io_test::TempDir dir("match");
    const std::string path = (dir.path() / "m.json").string();
    io::save_match_file(io::match_file_of(m, "pool-9ft"), path);
    const io::MatchFile f = io::load_match_file(path);
    EXPECT_EQ(io::match_to_json(f), io_test::slurp(path));
    expect_same_inputs(f.inputs, m.inputs());
    const auto back = io::restore_match(f, path);
    EXPECT_EQ(back->world().state_hash(), m.world().state_hash());
    expect_same_view(back->view(), m.view());
    expect_same_inputs(back->inputs(), m.inputs());
    EXPECT_EQ(back->log(), m.log());
    EXPECT_EQ(back->games_won(), m.games_won());
    EXPECT_EQ(back->game_number(), m.game_number());
    ASSERT_EQ(back->history().size(), m.history().size());
    for (std::size_t i = 0; i < m.history().size(); ++i) {
        const auto &a = back->history()[i], &b = m.history()[i];
        EXPECT_EQ(a.number, b.number);
        EXPECT_EQ(a.shooter, b.shooter);
        EXPECT_EQ(a.shot.heading, b.shot.heading);
        EXPECT_EQ(a.verdict.foul, b.verdict.foul);
        EXPECT_EQ(a.verdict.pocketed, b.verdict.pocketed);
        EXPECT_EQ(a.verdict.messages, b.verdict.messages);
    }
    ASSERT_EQ(back->last_shot() != nullptr, m.last_shot() != nullptr);
    if (m.last_shot()) {
        EXPECT_EQ(back->last_shot()->end_hash, m.last_shot()->end_hash);
    }
}

TEST(MatchFile, AFewShotsRestoreExactly) {
    Match m(computers(game::GameKind::NineBall, 3));
    for (int i = 0; i < 4 && !m.rules().game_over; ++i)
        ASSERT_TRUE(m.play_computer_turn());
    expect_restores(m);
}

TEST(MatchFile, AWholeComputerGameAndARematchRestoreExactly) {
    Match m(computers(game::GameKind::EightBall, 11, true));
    for (int i = 0; i < 400 && !m.rules().game_over; ++i)
        ASSERT_TRUE(m.play_computer_turn());
    ASSERT_TRUE(m.rules().game_over);
    m.rematch();
    for (int i = 0; i < 2; ++i)
        ASSERT_TRUE(m.play_computer_turn());
    ASSERT_TRUE(m.undo());
    expect_restores(m);
}

TEST(MatchFile, HumanInputsOfEveryKindRestoreExactly) {
    MatchConfig c;
    c.kind = game::GameKind::EightBall;
    c.practice = true;
    c.rules.call_shots = true;
    c.params.cushion_friction = 0.1;
    c.cue.mass = 0.5;
    c.seed = 18446744073709551615ull;
    c.max_shots = 40;
    c.max_shot_seconds = 60.5;
    Match m(c);
    ASSERT_TRUE(m.place_cue_ball(game::head_spot(m.table().spec) + Vec2{-0.05, 0.1}));
    ASSERT_NE(m.shoot(break_shot(m, 0.4)), nullptr); // too soft: an illegal break
    ASSERT_TRUE(m.decide(game::Choice::AcceptTable));
    ASSERT_NE(m.shoot({2.0, 1.5, 0.0, 0.3}, {3, 2}), nullptr);
    ASSERT_TRUE(m.undo());
    ASSERT_NE(m.shoot({1.0 / 3.0, 2.25, -0.2, 0.0}, {5, -1}), nullptr);
    const io::MatchFile f = io::match_file_of(m, "pool-9ft");
    EXPECT_EQ(f.inputs.size(), 6u);
    const io::MatchFile back = io::parse_match(io::match_to_json(f), "m.json");
    EXPECT_EQ(back.config.kind, c.kind);
    EXPECT_EQ(back.config.practice, true);
    EXPECT_EQ(back.config.rules.call_shots, true);
    EXPECT_EQ(back.config.params.cushion_friction, 0.1);
    EXPECT_EQ(back.config.cue.mass, 0.5);
    EXPECT_EQ(back.config.seed, c.seed);
    EXPECT_EQ(back.config.max_shots, 40);
    EXPECT_EQ(back.config.max_shot_seconds, 60.5);
    EXPECT_EQ(back.config.table.length, m.table().spec.length);
    expect_restores(m);
}

TEST(MatchFile, HeadingsOfAnyRadiansReadBackExactly) {
    // Some radians have no double in degrees that converts back to them: those files also
    // carry heading_rad.
    io::MatchFile f;
    double h = 0.1;
    for (int i = 0; i < 2000; ++i) {
        h = std::fmod(h * 3.7 + 0.123456789, 2 * 3.141592653589793) - 3.14;
        MatchInput in;
        in.shot = {h, 1.0, 0.0, 0.0};
        f.inputs.push_back(in);
    }
    const std::string text = io::match_to_json(f);
    EXPECT_NE(text.find("heading_rad"), std::string::npos);
    expect_same_inputs(io::parse_match(text, "m.json").inputs, f.inputs);
    EXPECT_EQ(io::match_to_json(io::parse_match(text, "m.json")), text);
}

TEST(MatchFile, TheWrittenFileIsPlainAndStable) {
    io::MatchFile f;
    MatchInput place;
    place.kind = MatchInput::Kind::PlaceCue;
    place.position = {-0.8, 0.25};
    MatchInput shot;
    shot.shot = {deg_to_rad(90.0), 3.5, 0.0, 0.25};
    shot.call = {9, 1};
    shot.push_out = true;
    MatchInput decide;
    decide.kind = MatchInput::Kind::Decide;
    decide.choice = game::Choice::PassBack;
    MatchInput undo, rematch;
    undo.kind = MatchInput::Kind::Undo;
    rematch.kind = MatchInput::Kind::Rematch;
    f.inputs = {place, shot, decide, undo, rematch};
    EXPECT_EQ(io::match_to_json(f), R"({
  "format": "billiards-match/1",
  "game": "8-ball",
  "table": "pool-9ft",
  "seats": [
    {"kind": "human", "level": "medium", "name": ""},
    {"kind": "human", "level": "medium", "name": ""}
  ],
  "physics": {
    "timestep": 0.004166666666666667,
    "gravity": 9.81,
    "ball_restitution": 0.95,
    "ball_friction": 0.06,
    "cushion_restitution": 0.85,
    "cushion_friction": 0.2,
    "sliding_friction": 0.2,
    "rolling_friction": 0.01,
    "spin_friction": 0.01165137614678899
  },
  "cue": {
    "mass": 0.567,
    "tip_restitution": 0.75,
    "miscue_limit": 0.5
  },
  "rules": {
    "call_shots": false
  },
  "seed": 1,
  "practice": false,
  "max_shots": 300,
  "max_shot_seconds": 120.0,
  "inputs": [
    {"kind": "place_cue", "position": [-0.8, 0.25]},
    {"kind": "shot", "heading": 90.0, "speed": 3.5, "tip": [0.0, 0.25], "call": {"ball": 9, "pocket": 1}, "push_out": true},
    {"kind": "decide", "choice": "pass_back"},
    {"kind": "undo"},
    {"kind": "rematch"}
  ]
}
)");
}

// A minimal valid file with `extra` spliced in before the inputs.
std::string file_with(const std::string& extra, const std::string& inputs = "[]") {
    return R"({"format": "billiards-match/1", "game": "9-ball", "seats": [{"kind": "human"}, )"
           R"({"kind": "computer", "level": "hard", "name": "Cpu"}])" +
           extra + R"(, "inputs": )" + inputs + "}";
}

std::string message(const std::string& text) {
    try {
        io::parse_match(text, "m.json");
    } catch (const io::InputError& e) {
        return e.what();
    }
    return "(no error)";
}

TEST(MatchFile, MinimalFileTakesDefaults) {
    const io::MatchFile f = io::parse_match(file_with(""), "m.json");
    EXPECT_EQ(f.table_name, "pool-9ft");
    EXPECT_EQ(f.config.kind, game::GameKind::NineBall);
    EXPECT_EQ(f.config.seats[1].kind, game::SeatKind::Computer);
    EXPECT_EQ(f.config.seats[1].level, game::AiLevel::Hard);
    EXPECT_EQ(f.config.seats[1].name, "Cpu");
    EXPECT_EQ(f.config.seats[0].name, "");
    EXPECT_EQ(f.config.params.cushion_friction, physics::Params{}.cushion_friction);
    EXPECT_EQ(f.config.seed, 1u);
    EXPECT_EQ(f.config.max_shots, 300);
    EXPECT_TRUE(f.inputs.empty());
}

// The game plays with compliant contact (game::play_params): the save says so, and the
// match restores to the same bits. A save without the key (every save written before the
// game used it, or a file with no physics block at all) plays the ideal contact it was
// recorded with.
TEST(MatchFile, HertzMatchesSaveTheirContactAndOlderSavesStayIdeal) {
    MatchConfig c = computers(game::GameKind::EightBall, 5);
    c.params = game::play_params();
    ASSERT_EQ(c.params.ball_contact, physics::BallContact::Hertz);
    Match m(c);
    for (int i = 0; i < 3 && !m.rules().game_over; ++i)
        ASSERT_TRUE(m.play_computer_turn());
    const std::string text = io::match_to_json(io::match_file_of(m, "pool-9ft"));
    EXPECT_NE(text.find(R"("ball_contact": "hertz")"), std::string::npos);
    EXPECT_EQ(io::parse_match(text, "m.json").config.params.ball_contact,
              physics::BallContact::Hertz);
    expect_restores(m);

    EXPECT_EQ(io::parse_match(file_with(""), "m.json").config.params.ball_contact,
              physics::BallContact::Ideal);
    EXPECT_EQ(io::parse_match(file_with(R"(, "physics": {"ball_restitution": 0.9})"), "m.json")
                  .config.params.ball_contact,
              physics::BallContact::Ideal);
}

// A match with the whole-slip throw saves its model and restores to the same bits; a save
// without the key plays the horizontal model it was recorded with.
TEST(MatchFile, ThrowModelIsSavedAndOlderSavesStayHorizontal) {
    MatchConfig c = computers(game::GameKind::NineBall, 6);
    c.params = game::play_params();
    c.params.throw_model = physics::ThrowModel::Alciatore;
    Match m(c);
    for (int i = 0; i < 3 && !m.rules().game_over; ++i)
        ASSERT_TRUE(m.play_computer_turn());
    const std::string text = io::match_to_json(io::match_file_of(m, "pool-9ft"));
    EXPECT_NE(text.find(R"("throw_model": "alciatore")"), std::string::npos);
    EXPECT_EQ(io::parse_match(text, "m.json").config.params.throw_model,
              physics::ThrowModel::Alciatore);
    expect_restores(m);
    EXPECT_EQ(io::parse_match(file_with(""), "m.json").config.params.throw_model,
              physics::ThrowModel::Horizontal);
}

TEST(MatchFile, EveryBadInputHasItsMessage) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"", "m.json: $: invalid JSON: parse error at line 1, column 1: syntax error while parsing "
             "value - unexpected "
             "end of input; expected '[', '{', or a literal"},
        {"[]", "m.json: $: must be an object (a billiards-match/1 file)"},
        {R"({"format": "billiards-match/2"})", "m.json: format: must be \"billiards-match/1\""},
        {R"({"format": "billiards-match/1", "inputs": []})", "m.json: game: is required"},
        {file_with(R"(, "colour": 1)"), "m.json: colour: unknown key"},
        {file_with(R"(, "table": "snooker")"),
         "m.json: table: unknown table \"snooker\" (known: pool-9ft, pool-8ft, pool-7ft)"},
        {file_with(R"(, "seed": -1)"), "m.json: seed: must be >= 0"},
        {file_with(R"(, "seed": 1.5)"),
         "m.json: seed: must be an integer between 0 and 18446744073709551615"},
        {file_with(R"(, "practice": 1)"), "m.json: practice: must be true or false"},
        {file_with(R"(, "max_shots": 0)"), "m.json: max_shots: must be between 1 and 100000"},
        {file_with(R"(, "max_shot_seconds": 0)"), "m.json: max_shot_seconds: must be > 0"},
        {file_with(R"(, "physics": {"gravity": -1})"), "m.json: physics.gravity: must be >= 0"},
        {file_with(R"(, "cue": {"miscue_limit": 2})"), "m.json: cue.miscue_limit: must be <= 1"},
        {file_with(R"(, "rules": {"call_shots": "yes"})"),
         "m.json: rules.call_shots: must be true or false"},
        {file_with(R"(, "rules": {"fouls": 3})"), "m.json: rules.fouls: unknown key"},
        {R"({"format": "billiards-match/1", "game": "snooker", "seats": [], "inputs": []})",
         "m.json: game: must be one of \"8-ball\", \"9-ball\""},
        {R"({"format": "billiards-match/1", "game": "8-ball", "seats": [{"kind": "human"}], )"
         R"("inputs": []})",
         "m.json: seats: must hold 2 seats"},
        {R"({"format": "billiards-match/1", "game": "8-ball", "seats": [{"kind": "robot"}, {}], )"
         R"("inputs": []})",
         "m.json: seats[0].kind: must be one of \"human\", \"computer\""},
        {R"({"format": "billiards-match/1", "game": "8-ball", "seats": [{"kind": "human", )"
         R"("level": "expert"}, {}], "inputs": []})",
         "m.json: seats[0].level: must be one of \"easy\", \"medium\", \"hard\", \"pro\""},
        {R"({"format": "billiards-match/1", "game": "8-ball", "seats": [{"kind": "human", )"
         R"("name": "abcdefghijklmnopqrstuvwxyz0123456"}, {}], "inputs": []})",
         "m.json: seats[0].name: must be at most 32 characters long"},
        {R"({"format": "billiards-match/1", "game": "8-ball", "seats": [{"kind": "human", )"
         R"("name": "a\tb"}, {}], "inputs": []})",
         "m.json: seats[0].name: must hold no control characters"},
        {file_with("", "{}"), "m.json: inputs: must be an array"},
        {file_with("", "[3]"), "m.json: inputs[0]: must be an object"},
        {file_with("", R"([{"kind": "jump"}])"),
         "m.json: inputs[0].kind: must be one of \"place_cue\", \"shot\", \"decide\", \"undo\", "
         "\"rematch\""},
        {file_with("", R"([{"kind": "undo", "position": [0, 0]}])"),
         "m.json: inputs[0].position: unknown key"},
        {file_with("", R"([{"kind": "place_cue"}])"), "m.json: inputs[0].position: is required"},
        {file_with("", R"([{"kind": "place_cue", "position": [1e5, 0]}])"),
         "m.json: inputs[0].position[0]: must be between -10000 and 10000"},
        {file_with("", R"([{"kind": "shot", "speed": 1}])"),
         "m.json: inputs[0].heading: is required"},
        {file_with("", R"([{"kind": "shot", "heading": 0, "speed": 101}])"),
         "m.json: inputs[0].speed: must be <= 100"},
        {file_with("", R"([{"kind": "shot", "heading": 0, "speed": 1, "tip": [0, 1.5]}])"),
         "m.json: inputs[0].tip[1]: must be between -1 and 1"},
        {file_with("", R"([{"kind": "shot", "heading": 1e300, "speed": 1}])"),
         "m.json: inputs[0].heading: must be between -1000000 and 1000000"},
        {file_with("", R"([{"kind": "shot", "heading": 90, "heading_rad": 3, "speed": 1}])"),
         "m.json: inputs[0].heading_rad: must be the heading in radians (90 degrees)"},
        {file_with("", R"([{"kind": "shot", "heading": 0, "speed": 1, "call": {"pocket": 6}}])"),
         "m.json: inputs[0].call.pocket: must be between -1 and 5"},
        {file_with("", R"([{"kind": "shot", "heading": 0, "speed": 1, "call": {"ball": 16}}])"),
         "m.json: inputs[0].call.ball: must be between -1 and 15"},
        {file_with("", R"([{"kind": "shot", "heading": 0, "speed": 1, "push_out": null}])"),
         "m.json: inputs[0].push_out: must be true or false"},
        {file_with("", R"([{"kind": "decide", "choice": "resign"}])"),
         "m.json: inputs[0].choice: must be one of \"accept_table\", \"rerack\", "
         "\"rerack_opponent_breaks\", \"shoot_after_push_out\", \"pass_back\""},
        {file_with(R"(, "seed": 1, "seed": 2)"), "m.json: seed: duplicate key"},
    };
    for (const auto& [text, expected] : cases)
        EXPECT_EQ(message(text), expected) << text;
}

std::string restore_message(const std::string& text) {
    try {
        io::restore_match(io::parse_match(text, "m.json"), "m.json");
    } catch (const io::InputError& e) {
        return e.what();
    }
    return "(no error)";
}

TEST(MatchFile, InputsThatDoNotFitNameTheInput) {
    const std::string place = R"({"kind": "place_cue", "position": [-0.9, 0.1]})";
    const std::string shot = R"({"kind": "shot", "heading": 0, "speed": 6})";
    EXPECT_EQ(restore_message(file_with("", "[" + place + ", " + shot + "]")), "(no error)");
    EXPECT_EQ(restore_message(file_with("", R"([{"kind": "place_cue", "position": [0, 0]}])")),
              "m.json: inputs[0]: cannot place the cue ball: must be behind the head string");
    EXPECT_EQ(restore_message(file_with("", "[" + shot + R"(, {"kind": "undo"}])")),
              "m.json: inputs[1]: undo needs practice mode");
    EXPECT_EQ(restore_message(file_with(R"(, "practice": true)", R"([{"kind": "undo"}])")),
              "m.json: inputs[0]: nothing to undo");
    EXPECT_EQ(restore_message(file_with("", R"([{"kind": "decide", "choice": "rerack"}])")),
              "m.json: inputs[0]: no decision is pending");
    EXPECT_EQ(restore_message(file_with("", R"([{"kind": "shot", "heading": 0, "speed": 30}])")),
              "m.json: inputs[0]: shot refused: cue speed must be between 0 and 20 m/s");
    EXPECT_EQ(restore_message(file_with(
                  "", R"([{"kind": "shot", "heading": 0, "speed": 3, "tip": [0.5, 0.5]}])")),
              "m.json: inputs[0]: shot refused: miscue: tip offset beyond the limit");
}

TEST(MatchFile, EveryTruncationOfARealSaveIsAnInputError) {
    Match m(computers(game::GameKind::EightBall, 5));
    for (int i = 0; i < 3; ++i)
        ASSERT_TRUE(m.play_computer_turn());
    const std::string text = io::match_to_json(io::match_file_of(m, "pool-8ft"));
    const std::string whole = io::match_to_json(io::parse_match(text, "m.json"));
    ASSERT_EQ(whole, text);
    for (std::size_t n = 0; n < text.size(); ++n) {
        const std::string cut = text.substr(0, n);
        try {
            const io::MatchFile f = io::parse_match(cut, "m.json");
            // Only the final newline may go.
            EXPECT_EQ(n, text.size() - 1);
            EXPECT_EQ(io::match_to_json(f), text);
        } catch (const io::InputError& e) {
            EXPECT_EQ(std::string(e.what()).rfind("m.json: ", 0), 0u);
        }
    }
}

TEST(MatchFile, MissingFileIsAnInputError) {
    try {
        io::load_match_file("/nonexistent/m.json");
        FAIL();
    } catch (const io::InputError& e) {
        EXPECT_STREQ(e.what(), "/nonexistent/m.json: $: cannot read: No such file or directory");
    }
}

} // namespace
