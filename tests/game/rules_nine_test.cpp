// 9-ball rules, foul by foul, with constructed event lists.
#include <gtest/gtest.h>

#include "rules_helpers.hpp"

using namespace billiards;
using namespace billiards::game;
using namespace billiards::test;

namespace {
const std::vector<int> kRack = all_balls(9);
} // namespace

// --- the break ----------------------------------------------------------------------------

TEST(NineBallRules, BreakPocketingABallContinuesWithAPushOutAvailable) {
    const RulesState s = new_game(GameKind::NineBall, 0);
    EXPECT_EQ(legal_targets(s, kRack), (std::vector<int>{1}));
    const auto v = judge(s, shot(kRack, {hit(0.1, 0, 1), pot(0.5, 4, 0)}));
    EXPECT_TRUE(v.legal_break);
    EXPECT_EQ(v.foul, Foul::None);
    EXPECT_EQ(v.after.shooter, 0);
    EXPECT_TRUE(v.after.push_out_available);
    EXPECT_TRUE(has_message(v.messages, "Player 1 pocketed the 4 on the break and continues"));
    EXPECT_TRUE(has_message(v.messages, "Push-out available"));
}

TEST(NineBallRules, BreakWithFourBallsToARailPassesTheTurnWithAPushOut) {
    const RulesState s = new_game(GameKind::NineBall, 0);
    const auto v = judge(
        s, shot(kRack, {hit(0.1, 0, 1), rail(0.3, 2), rail(0.3, 3), rail(0.4, 4), rail(0.5, 9)}));
    EXPECT_TRUE(v.legal_break);
    EXPECT_EQ(v.foul, Foul::None);
    EXPECT_EQ(v.after.shooter, 1);
    EXPECT_TRUE(v.after.push_out_available);
    EXPECT_EQ(status_line(v.after, kRack),
              "Player 2 to shoot (lowest ball: 1), push-out available");
}

TEST(NineBallRules, IllegalBreakIsAFoul) {
    const RulesState s = new_game(GameKind::NineBall, 0);
    const auto v =
        judge(s, shot(kRack, {hit(0.1, 0, 1), rail(0.3, 2), rail(0.3, 3), rail(0.4, 0)}));
    EXPECT_FALSE(v.legal_break);
    EXPECT_EQ(v.foul, Foul::IllegalBreak);
    EXPECT_EQ(v.after.shooter, 1);
    EXPECT_TRUE(v.after.ball_in_hand);
    EXPECT_FALSE(v.after.kitchen);
    EXPECT_FALSE(v.after.push_out_available) << "no push-out after a foul break";
    EXPECT_EQ(
        v.messages.front(),
        "Foul: illegal break (fewer than four balls reached a rail). Ball in hand for Player 2");
}

TEST(NineBallRules, BreakMustHitTheOneFirst) {
    const RulesState s = new_game(GameKind::NineBall, 0);
    const auto v = judge(s, shot(kRack, {hit(0.1, 0, 2), pot(0.5, 3, 1)}));
    EXPECT_EQ(v.foul, Foul::WrongBallFirst);
    EXPECT_TRUE(has_message(v.messages, "must hit the 1")) << joined(v.messages);
}

TEST(NineBallRules, NineOnTheBreakWins) {
    const RulesState s = new_game(GameKind::NineBall, 1);
    const auto v = judge(s, shot(kRack, {hit(0.1, 0, 1), pot(0.5, 9, 3)}));
    EXPECT_TRUE(v.after.game_over);
    EXPECT_EQ(v.after.winner, 1);
    EXPECT_EQ(v.messages.front(), "9-ball on the break: Player 2 wins");
}

TEST(NineBallRules, NineOnTheBreakWithAScratchIsReSpotted) {
    const RulesState s = new_game(GameKind::NineBall, 0);
    const auto v = judge(s, shot(kRack, {hit(0.1, 0, 1), pot(0.5, 9, 3), pot(0.7, 0, 0)}));
    EXPECT_FALSE(v.after.game_over);
    EXPECT_EQ(v.foul, Foul::Scratch);
    EXPECT_EQ(v.respot, (std::vector<int>{9}));
    EXPECT_TRUE(v.after.ball_in_hand);
    EXPECT_TRUE(has_message(v.messages, "9-ball re-spotted"));
}

// --- lowest ball first ----------------------------------------------------------------------

TEST(NineBallRules, LowestBallMustBeHitFirst) {
    const RulesState s = nine_in_play();
    const auto on = without(kRack, {1});
    EXPECT_EQ(legal_targets(s, on), (std::vector<int>{2}));
    const auto v = judge(s, shot(on, {hit(0.1, 0, 3), rail(0.3, 3)}));
    EXPECT_EQ(v.foul, Foul::WrongBallFirst);
    EXPECT_EQ(v.after.shooter, 1);
    EXPECT_TRUE(v.after.ball_in_hand);
    EXPECT_EQ(v.messages.front(),
              "Foul: wrong ball first (hit the 3, must hit the 2). Ball in hand for Player 2");
}

TEST(NineBallRules, AnyBallPocketedOnALegalShotCounts) {
    const RulesState s = nine_in_play();
    const auto v = judge(s, shot(kRack, {hit(0.1, 0, 1), hit(0.3, 1, 6), pot(0.8, 6, 2)}));
    EXPECT_EQ(v.foul, Foul::None);
    EXPECT_TRUE(v.scored);
    EXPECT_EQ(v.after.shooter, 0);
}

TEST(NineBallRules, NineOnALegalCombinationWins) {
    const RulesState s = nine_in_play();
    const auto v = judge(s, shot({3, 9}, {hit(0.1, 0, 3), hit(0.3, 3, 9), pot(0.8, 9, 5)}));
    EXPECT_TRUE(v.after.game_over);
    EXPECT_EQ(v.after.winner, 0);
    EXPECT_EQ(v.messages.front(), "Player 1 pocketed the 9-ball and wins");
}

TEST(NineBallRules, NinePocketedOnAFoulIsReSpotted) {
    const RulesState s = nine_in_play();
    const auto v = judge(s, shot({3, 9}, {hit(0.1, 0, 9), pot(0.8, 9, 5)}));
    EXPECT_FALSE(v.after.game_over);
    EXPECT_EQ(v.foul, Foul::WrongBallFirst);
    EXPECT_EQ(v.respot, (std::vector<int>{9}));
    EXPECT_EQ(v.after.shooter, 1);
    EXPECT_TRUE(v.after.ball_in_hand);
}

TEST(NineBallRules, ScratchNoContactAndNoRailAreFouls) {
    const RulesState s = nine_in_play();
    EXPECT_EQ(judge(s, shot(kRack, {hit(0.1, 0, 1), rail(0.2, 1), pot(0.4, 0, 1)})).foul,
              Foul::Scratch);
    EXPECT_EQ(judge(s, shot(kRack, {rail(0.2, 0)})).foul, Foul::NoContact);
    EXPECT_EQ(judge(s, shot(kRack, {hit(0.1, 0, 1)})).foul, Foul::NoRail);
    EXPECT_EQ(judge(s, shot(kRack, {hit(0.1, 0, 1), rail(0.3, 0)})).foul, Foul::None);
}

TEST(NineBallRules, BallsPocketedOnAFoulOtherThanTheNineStayDown) {
    const RulesState s = nine_in_play();
    const auto v = judge(s, shot(kRack, {hit(0.1, 0, 1), pot(0.3, 1, 2), pot(0.4, 0, 1)}));
    EXPECT_EQ(v.foul, Foul::Scratch);
    EXPECT_TRUE(v.respot.empty());
    EXPECT_EQ(v.pocketed, (std::vector<int>{1}));
}

// --- push-out -------------------------------------------------------------------------------

TEST(NineBallRules, PushOutNeedsNoContactAndLetsTheOpponentChoose) {
    RulesState s = nine_in_play(1);
    s.push_out_available = true;
    const auto v = judge(s, shot(kRack, {rail(0.5, 0)}, {}, true));
    EXPECT_TRUE(v.push_out);
    EXPECT_EQ(v.foul, Foul::None);
    EXPECT_EQ(v.after.shooter, 0);
    EXPECT_EQ(v.after.pending, Pending::PushOutReply);
    EXPECT_FALSE(v.after.push_out_available);
    EXPECT_FALSE(v.after.ball_in_hand);
    EXPECT_EQ(v.messages.front(), "Push-out by Player 2. Player 1: shoot or pass the shot back");
    EXPECT_EQ(status_line(v.after, kRack), "Player 1: shoot or pass the shot back?");

    const auto take = decide(v.after, Choice::ShootAfterPushOut);
    ASSERT_TRUE(take.ok);
    EXPECT_EQ(take.after.shooter, 0);
    EXPECT_EQ(take.after.pending, Pending::None);

    const auto back = decide(v.after, Choice::PassBack);
    ASSERT_TRUE(back.ok);
    EXPECT_EQ(back.after.shooter, 1);
    EXPECT_EQ(back.after.pending, Pending::None);
    EXPECT_TRUE(has_message(back.messages, "Player 1 passes the shot back to Player 2"));

    EXPECT_FALSE(decide(v.after, Choice::AcceptTable).ok);
    EXPECT_FALSE(decide(nine_in_play(), Choice::PassBack).ok) << "nothing pending";
}

TEST(NineBallRules, PushOutWithAWrongBallFirstIsStillLegal) {
    RulesState s = nine_in_play();
    s.push_out_available = true;
    const auto v = judge(s, shot(kRack, {hit(0.1, 0, 5)}, {}, true));
    EXPECT_EQ(v.foul, Foul::None);
    EXPECT_EQ(v.after.pending, Pending::PushOutReply);
}

TEST(NineBallRules, ScratchOnAPushOutIsAFoul) {
    RulesState s = nine_in_play();
    s.push_out_available = true;
    const auto v = judge(s, shot(kRack, {pot(0.5, 0, 2)}, {}, true));
    EXPECT_EQ(v.foul, Foul::Scratch);
    EXPECT_EQ(v.after.pending, Pending::None);
    EXPECT_TRUE(v.after.ball_in_hand);
    EXPECT_EQ(v.after.shooter, 1);
}

TEST(NineBallRules, NineOnAPushOutIsReSpottedAndDoesNotWin) {
    RulesState s = nine_in_play();
    s.push_out_available = true;
    const auto v =
        judge(s, shot(kRack, {hit(0.1, 0, 9), pot(0.5, 9, 2), pot(0.6, 5, 1)}, {}, true));
    EXPECT_FALSE(v.after.game_over);
    EXPECT_EQ(v.respot, (std::vector<int>{9}));
    EXPECT_EQ(v.pocketed, (std::vector<int>{9, 5}));
    EXPECT_EQ(v.after.pending, Pending::PushOutReply);
}

TEST(NineBallRules, PushOutOnlyRightAfterTheBreak) {
    const RulesState s = nine_in_play();
    ASSERT_FALSE(s.push_out_available);
    const auto v = judge(s, shot(kRack, {hit(0.1, 0, 5)}, {}, true));
    EXPECT_FALSE(v.push_out);
    EXPECT_EQ(v.foul, Foul::WrongBallFirst);
    EXPECT_TRUE(has_message(v.messages, "Push-out not available"));
    // The flag is consumed by the shot after the break, whatever it was.
    RulesState t = nine_in_play();
    t.push_out_available = true;
    const auto w = judge(t, shot(kRack, {hit(0.1, 0, 1), pot(0.3, 2, 0)}));
    EXPECT_FALSE(w.after.push_out_available);
    EXPECT_EQ(w.after.shooter, 0);
}

// --- three fouls ----------------------------------------------------------------------------

TEST(NineBallRules, TwoFoulsWarnAndThreeConsecutiveFoulsLose) {
    RulesState s = nine_in_play();
    auto v = judge(s, shot(kRack, {rail(0.2, 0)}));
    EXPECT_EQ(v.after.consecutive_fouls[0], 1);
    // The opponent plays a legal miss, then player 1 fouls again.
    s = v.after;
    ASSERT_EQ(s.shooter, 1);
    v = judge(s, shot(kRack, {hit(0.1, 0, 1), rail(0.3, 1)}));
    s = v.after;
    ASSERT_EQ(s.shooter, 0);
    v = judge(s, shot(kRack, {hit(0.1, 0, 2), rail(0.3, 2)}));
    EXPECT_EQ(v.after.consecutive_fouls[0], 2);
    EXPECT_TRUE(has_message(v.messages, "Player 1 is on two fouls")) << joined(v.messages);
    s = v.after;
    v = judge(s, shot(kRack, {hit(0.1, 0, 1), rail(0.3, 1)}));
    s = v.after;
    v = judge(s, shot(kRack, {pot(0.3, 0, 4)}));
    EXPECT_TRUE(v.after.game_over);
    EXPECT_EQ(v.after.winner, 1);
    EXPECT_EQ(v.messages.front(), "Player 1 fouled three times in a row. Player 2 wins");
    EXPECT_TRUE(has_message(v.messages, "Foul: cue ball scratched"));
}

TEST(NineBallRules, ALegalShotResetsTheFoulCount) {
    RulesState s = nine_in_play();
    s.consecutive_fouls[0] = 2;
    const auto v = judge(s, shot(kRack, {hit(0.1, 0, 1), rail(0.3, 1)}));
    EXPECT_EQ(v.after.consecutive_fouls[0], 0);
    EXPECT_FALSE(v.after.game_over);
}

TEST(NineBallRules, ThreeFoulsWithTheNineDownStillLose) {
    RulesState s = nine_in_play();
    s.consecutive_fouls[0] = 2;
    const auto v = judge(s, shot({4, 9}, {hit(0.1, 0, 9), pot(0.3, 9, 1)}));
    EXPECT_TRUE(v.after.game_over);
    EXPECT_EQ(v.after.winner, 1);
}

TEST(NineBallRules, NamesAppearInMessages) {
    RulesState s = nine_in_play();
    s.names = {"Ann", "Computer"};
    const auto v = judge(s, shot(kRack, {rail(0.2, 0)}));
    EXPECT_EQ(v.messages.front(), "Foul: no ball contacted. Ball in hand for Computer");
}
