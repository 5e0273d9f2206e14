// The snooker computer: its estimate of a pot's chance, a sure pot taken and made, and a
// long thin cut left alone at hard for a safety (easy goes for it).
#include <gtest/gtest.h>

#include "game/snooker/snooker_ai_pots.hpp"
#include "game/snooker/snooker_match.hpp"

namespace {

using namespace billiards;
using namespace billiards::game::snooker;

TEST(SnookerAi, PotChanceFallsWithDistanceCutAndNoise) {
    const double r = 0.02625, hard = deg_to_rad(0.07), easy = deg_to_rad(0.5);
    const double near = ai::pot_chance(0.4, 0.4, 1.0, 1.0, r, hard);
    EXPECT_GT(near, 0.95);
    EXPECT_LE(near, 1.0);
    EXPECT_LT(ai::pot_chance(2.5, 1.0, 1.0, 1.0, r, hard), near);
    EXPECT_LT(ai::pot_chance(0.4, 0.4, 0.4, 1.0, r, hard), near);
    EXPECT_LT(ai::pot_chance(0.4, 0.4, 1.0, 0.5, r, hard), near); // across the pocket
    EXPECT_LT(ai::pot_chance(1.5, 0.8, 0.8, 1.0, r, easy),
              ai::pot_chance(1.5, 0.8, 0.8, 1.0, r, hard));
    EXPECT_GT(ai::pot_chance(3.0, 1.5, 0.3, 0.6, r, easy), 0.0);
}

// A frame with the cue ball and red 1 where given, the colours on their spots, seat 0 (the
// computer at `level`) to play.
Match with_red(Vec2 cue, Vec2 red, game::AiLevel level) {
    MatchConfig c;
    c.params = play_params_for(c.table);
    c.cue = game::play_cue();
    c.seats[0].kind = game::SeatKind::Computer;
    c.seats[0].level = level;
    Match m(c);
    physics::World w(c.params, m.table().cushions, m.table().pockets);
    for (physics::BallDef b : rack(c.table)) {
        if (is_red(b.id) && b.id != kFirstRed) continue;
        if (b.id == kCue) b.position = cue;
        if (b.id == kFirstRed) b.position = red;
        w.add_ball(b);
    }
    FrameState f = new_frame(0);
    f.in_hand = false;
    m.set_position(w, f);
    return m;
}

TEST(SnookerAi, HardTakesOnAndMakesAShortStraightPot) {
    Match m = with_red({1.22, 0.31}, {1.5, 0.6}, game::AiLevel::Hard);
    const AiMove mv = decide(m.ai_request());
    ASSERT_EQ(mv.kind, AiMove::Kind::Shot);
    EXPECT_EQ(mv.pot_target, kFirstRed);
    EXPECT_GE(mv.pot_chance, 0.9);
    EXPECT_EQ(mv.plan.rfind("pots a red in the ", 0), 0u) << mv.plan;
    ASSERT_TRUE(m.apply(mv));
    const ShotVerdict& v = m.history().back().verdict;
    EXPECT_EQ(v.foul, Foul::None);
    EXPECT_EQ(v.pocketed, std::vector<int>{kFirstRed});
    EXPECT_EQ(m.frame().shooter, 0); // still at the table, on a colour
}

TEST(SnookerAi, HardPlaysSafeRatherThanALongThinCut) {
    Match m = with_red({-1.3, -0.85}, {1.3, -0.7}, game::AiLevel::Hard);
    const AiMove mv = decide(m.ai_request());
    ASSERT_EQ(mv.kind, AiMove::Kind::Shot);
    EXPECT_EQ(mv.pot_target, -1);
    EXPECT_EQ(mv.plan.rfind("plays safe", 0), 0u) << mv.plan;
    // Easy has no such caution: it goes for it.
    Match e = with_red({-1.3, -0.85}, {1.3, -0.7}, game::AiLevel::Easy);
    const AiMove easy = decide(e.ai_request());
    EXPECT_EQ(easy.pot_target, kFirstRed) << easy.plan;
    EXPECT_LT(easy.pot_chance, 0.55);
}

} // namespace
