// Snooker save files: a match with every kind of input round-trips through the text and
// restores bit for bit; bad inputs have their messages.
#include <gtest/gtest.h>

#include "game/snooker/snooker_match.hpp"
#include "io/scenario.hpp"
#include "io/snooker_file.hpp"
#include "io_test_util.hpp"

namespace {

using namespace billiards;
namespace snk = game::snooker;

std::string message(const std::string& text) {
    try {
        io::restore_snooker(io::parse_snooker(text, "s.json"), "s.json");
    } catch (const io::InputError& e) {
        return e.what();
    }
    return "(no error)";
}

TEST(SnookerFile, AMatchRoundTripsAndReplaysExactly) {
    snk::MatchConfig c;
    c.table = io::load_standard_table("snooker-10ft").spec;
    c.params = snk::play_params_for(c.table);
    c.seed = 9;
    c.best_of = 3;
    c.practice = true;
    c.seats[1].kind = game::SeatKind::Computer;
    c.seats[1].name = "Cee";
    snk::Match m(c);
    const snk::Markings mk = snk::markings(c.table);
    ASSERT_TRUE(m.place_cue_ball({mk.baulk_x - 0.05, 0.08}));
    game::CueShot soft; // no ball reached: a foul and a miss
    soft.heading = 0.1;
    soft.speed = 0.1;
    ASSERT_NE(m.shoot(soft), nullptr);
    ASSERT_TRUE(m.reply(snk::Reply::PlayOn));
    ASSERT_TRUE(m.undo());
    ASSERT_TRUE(m.reply(snk::Reply::OffenderPlaysAgain));
    game::CueShot hard;
    hard.heading = 0.01;
    hard.speed = 5.0;
    hard.side = 0.1;
    ASSERT_NE(m.shoot(hard, snk::kBlack), nullptr);
    const io::SnookerFile f = io::snooker_file_of(m, "snooker-10ft");
    const std::string text = io::snooker_to_json(f);
    const io::SnookerFile back = io::parse_snooker(text, "s.json");
    EXPECT_EQ(io::snooker_to_json(back), text);
    EXPECT_EQ(back.config.best_of, 3);
    EXPECT_EQ(back.config.seats[1].name, "Cee");
    const auto again = io::restore_snooker(back, "s.json");
    EXPECT_EQ(again->world().state_hash(), m.world().state_hash());
    EXPECT_EQ(again->frame().scores, m.frame().scores);
    EXPECT_EQ(again->history().size(), m.history().size());
    EXPECT_EQ(again->inputs().size(), m.inputs().size());
}

// A save written by an earlier build (two frames: a miss replaced, an undone nomination, a
// concession) still loads, writes back byte for byte and replays.
TEST(SnookerFile, AnEarlierSaveLoadsAndWritesTheSame) {
    const std::string path = BILLIARDS_IO_TEST_DIR "/saved_snooker_match.json";
    const std::string text = io_test::slurp(path);
    ASSERT_FALSE(text.empty());
    const io::SnookerFile f = io::parse_snooker(text, path);
    EXPECT_EQ(io::snooker_to_json(f), text);
    EXPECT_EQ(f.config.seats[0].name, "Ann");
    EXPECT_EQ(f.config.seats[1].level, game::AiLevel::Hard);
    EXPECT_EQ(f.config.max_shots, 250);
    const auto m = io::restore_snooker(f, path);
    EXPECT_EQ(m->frame_number(), 2);
    EXPECT_EQ(m->score().frames[1], 1);
    EXPECT_EQ(m->inputs().size(), f.inputs.size());
}

TEST(SnookerFile, BadInputsHaveMessages) {
    const std::string f = R"({"format": "billiards-snooker-match/1", "table": "snooker-12ft", )"
                          R"("seats": [{"kind": "human"}, {"kind": "human"}], )";
    EXPECT_EQ(message(f + R"("inputs": []})"), "(no error)");
    EXPECT_EQ(message(f + R"("best_of": 2, "inputs": []})"),
              "s.json: best_of: must be odd (best of N frames)");
    EXPECT_EQ(message(f + R"("inputs": [{"kind": "reply", "reply": "play_on"}]})"),
              "s.json: inputs[0]: reply does not fit the match here");
    EXPECT_EQ(message(f + R"("inputs": [{"kind": "dance"}]})").find("s.json: inputs[0].kind: "),
              0u);
    EXPECT_NE(
        message(
            R"({"format": "billiards-snooker-match/1", "table": "pool-9ft", "seats": [], "inputs": []})")
            .find("unknown snooker table"),
        std::string::npos);
}

} // namespace
