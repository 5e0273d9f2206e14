// The snooker match flow over the real world: strokes run to rest and judged, the cue ball
// in hand in the D, the balls put back after a miss, and computer frames to the end.
#include <gtest/gtest.h>

#include "game/snooker/snooker_match.hpp"

namespace {

using namespace billiards;
using namespace billiards::game::snooker;

MatchConfig config(std::uint64_t seed = 1) {
    MatchConfig c;
    c.seed = seed;
    c.params = play_params_for(c.table);
    c.cue = game::play_cue();
    return c;
}

MatchConfig computers(std::uint64_t seed) {
    MatchConfig c = config(seed);
    for (auto& s : c.seats) {
        s.kind = game::SeatKind::Computer;
        s.level = game::AiLevel::Medium;
    }
#if defined(BILLIARDS_SANITIZED)
    c.max_shots = 120; // the sanitizer build is several times slower: a capped frame
#endif
    return c;
}

TEST(SnookerMatch, RackedTableAndTheD) {
    Match m(config());
    EXPECT_EQ(m.on_table().size(), 21u);
    EXPECT_TRUE(m.frame().in_hand);
    const Markings mk = markings(m.config().table);
    std::string why;
    EXPECT_FALSE(m.placement_ok({mk.baulk_x + 0.05, 0.0}, &why));
    EXPECT_EQ(why, "must be in the D");
    EXPECT_TRUE(m.place_cue_ball({mk.baulk_x - 0.1, 0.1}));
}

TEST(SnookerMatch, MissedStrokeIsReplayedFromTheSamePosition) {
    Match m(config());
    const Markings mk = markings(m.config().table);
    ASSERT_TRUE(m.place_cue_ball({mk.baulk_x - 0.1, 0.1}));
    const auto before = placed(m.world());
    game::CueShot away; // straight at the baulk cushion, softly: no ball hit
    away.heading = kPi;
    away.speed = 0.15;
    const StrokeRecord* r = m.shoot(away);
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->verdict.foul, Foul::NoContact);
    EXPECT_TRUE(r->verdict.miss);
    EXPECT_EQ(m.frame().shooter, 1);
    EXPECT_EQ(m.frame().scores[1], 4);
    EXPECT_EQ(m.shoot(away), nullptr); // the reply comes first
    ASSERT_TRUE(m.reply(Reply::ReplaceAndReplay));
    EXPECT_EQ(m.frame().shooter, 0);
    EXPECT_TRUE(m.frame().in_hand);
    const auto after = placed(m.world());
    ASSERT_EQ(after.size(), before.size());
    for (std::size_t i = 0; i < after.size(); ++i) {
        EXPECT_EQ(after[i].id, before[i].id);
        EXPECT_EQ(after[i].position, before[i].position);
    }
}

// A computer frame: it ends, the winner is the higher score (or the other player conceded),
// and every point on the board came from a pot or a penalty.
void check_frame(const Match& m) {
    const FrameState& f = m.frame();
    ASSERT_TRUE(f.frame_over);
    std::array<int, 2> points{}, penalties{};
    for (const StrokeRecord& r : m.history()) {
        const auto s = static_cast<std::size_t>(r.shooter);
        points[s] += r.verdict.points;
        if (r.verdict.foul != Foul::None) {
            penalties[1 - s] += r.verdict.penalty;
            EXPECT_GE(r.verdict.penalty, 4);
            EXPECT_LE(r.verdict.penalty, 7);
        }
    }
    for (std::size_t i = 0; i < 2; ++i)
        EXPECT_EQ(f.scores[i], points[i] + penalties[i]);
    ASSERT_TRUE(f.winner == 0 || f.winner == 1);
    const auto w = static_cast<std::size_t>(f.winner);
    if (!f.conceded && !m.capped()) {
        EXPECT_GT(f.scores[w], f.scores[1 - w]);
    }
}

TEST(SnookerMatch, ComputerFrameToTheEnd) {
    Match m(computers(5));
    int guard = 0;
    while (!m.frame().frame_over && ++guard < 5000)
        ASSERT_TRUE(m.play_computer_turn());
    check_frame(m);
    EXPECT_EQ(m.score().frames[static_cast<std::size_t>(m.frame().winner)], 1);
    EXPECT_TRUE(m.over());
    // Same seed, same frame.
    Match again(computers(5));
    while (!again.frame().frame_over)
        ASSERT_TRUE(again.play_computer_turn());
    EXPECT_EQ(again.frame().scores, m.frame().scores);
    EXPECT_EQ(again.history().size(), m.history().size());
}

} // namespace

namespace {

// The game animates strokes step by step; the headless shoot() must come out the same.
TEST(SnookerMatch, SteppedStrokesMatchShoot) {
    Match a(config(5)), b(config(5));
    game::CueShot s;
    s.heading = 0.02;
    s.speed = 6.0;
    ASSERT_NE(a.shoot(s), nullptr);
    ASSERT_TRUE(b.begin_stroke(s));
    EXPECT_TRUE(b.rolling());
    EXPECT_FALSE(b.begin_stroke(s)); // one at a time
    while (!b.stroke_at_rest())
        b.step_stroke();
    const StrokeRecord& r = b.finish_stroke();
    EXPECT_FALSE(b.rolling());
    EXPECT_EQ(a.world().state_hash(), b.world().state_hash());
    EXPECT_EQ(a.frame().scores, b.frame().scores);
    EXPECT_EQ(r.verdict.foul, a.history().back().verdict.foul);
    ASSERT_NE(b.last_shot(), nullptr);
    EXPECT_EQ(b.last_shot()->shot.speed, 6.0);
}

TEST(SnookerMatch, UndoInPracticeOnly) {
    MatchConfig c = config(3);
    Match plain(c);
    game::CueShot s;
    s.heading = kPi;
    s.speed = 0.15;
    ASSERT_NE(plain.shoot(s), nullptr);
    EXPECT_FALSE(plain.can_undo());
    c.practice = true;
    Match m(c);
    const std::uint64_t start = m.world().state_hash();
    ASSERT_NE(m.shoot(s), nullptr);
    ASSERT_TRUE(m.can_undo());
    ASSERT_TRUE(m.undo());
    EXPECT_EQ(m.world().state_hash(), start);
    EXPECT_TRUE(m.history().empty());
    EXPECT_EQ(m.frame().scores[1], 0);
}

} // namespace
