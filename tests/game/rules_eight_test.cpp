// 8-ball rules, foul by foul, with constructed event lists.
#include <gtest/gtest.h>

#include "rules_helpers.hpp"

using namespace billiards;
using namespace billiards::game;
using namespace billiards::test;

namespace {

const std::vector<int> kFull = all_balls(15);

} // namespace

// --- the break ----------------------------------------------------------------------------

TEST(EightBallRules, NewGameBreakerHasBallInHandBehindTheHeadString) {
    const RulesState s = new_game(GameKind::EightBall, 1);
    EXPECT_EQ(s.shooter, 1);
    EXPECT_EQ(s.breaker, 1);
    EXPECT_TRUE(s.break_shot);
    EXPECT_TRUE(s.ball_in_hand);
    EXPECT_TRUE(s.kitchen);
    EXPECT_TRUE(s.open_table());
    EXPECT_EQ(status_line(s, kFull), "Player 2 to break, ball in hand behind the head string");
}

TEST(EightBallRules, BreakPocketingABallIsLegalAndTheBreakerContinuesOnAnOpenTable) {
    const RulesState s = new_game(GameKind::EightBall, 0);
    const auto v =
        judge(s, shot(kFull, {hit(0.1, 0, 1), rail(0.3, 5), pot(0.5, 3, 0), pot(0.6, 11, 2)}));
    EXPECT_TRUE(v.break_shot);
    EXPECT_TRUE(v.legal_break);
    EXPECT_EQ(v.foul, Foul::None);
    EXPECT_TRUE(v.turn_continues);
    EXPECT_EQ(v.after.shooter, 0);
    EXPECT_TRUE(v.after.open_table()) << "groups are never decided on the break";
    EXPECT_FALSE(v.after.break_shot);
    EXPECT_FALSE(v.after.ball_in_hand);
    EXPECT_EQ(v.pocketed, (std::vector<int>{3, 11}));
    EXPECT_TRUE(
        has_message(v.messages, "Player 1 pocketed the 3 and 11 on the break and continues"))
        << joined(v.messages);
    EXPECT_TRUE(has_message(v.messages, "open"));
}

TEST(EightBallRules, BreakWithFourBallsToARailIsLegalAndTheTurnPasses) {
    const RulesState s = new_game(GameKind::EightBall, 0);
    const auto v = judge(s, shot(kFull, {hit(0.1, 0, 1), rail(0.3, 5, 1), rail(0.4, 6, 2),
                                         rail(0.5, 7, 3), rail(0.6, 6, 4), rail(0.7, 9, 1)}));
    EXPECT_TRUE(v.legal_break);
    EXPECT_EQ(v.rails.size(), 4u);
    EXPECT_EQ(v.foul, Foul::None);
    EXPECT_EQ(v.after.shooter, 1);
    EXPECT_EQ(v.after.pending, Pending::None);
    EXPECT_TRUE(has_message(v.messages, "Legal break. Player 2 to shoot")) << joined(v.messages);
}

TEST(EightBallRules, IllegalBreakLetsTheOpponentChoose) {
    const RulesState s = new_game(GameKind::EightBall, 0);
    // Three distinct object balls to a rail (one twice), the cue ball to a rail: not enough.
    const auto v = judge(s, shot(kFull, {hit(0.1, 0, 1), rail(0.3, 5), rail(0.4, 6), rail(0.45, 6),
                                         rail(0.5, 7), rail(0.6, 0)}));
    EXPECT_FALSE(v.legal_break);
    EXPECT_EQ(v.foul, Foul::None) << "an illegal break is not a foul in 8-ball";
    EXPECT_EQ(v.after.shooter, 1);
    EXPECT_EQ(v.after.pending, Pending::IllegalBreak);
    EXPECT_FALSE(v.after.ball_in_hand);
    EXPECT_TRUE(has_message(v.messages, "Illegal break")) << joined(v.messages);
    EXPECT_TRUE(has_message(v.messages, "Player 2 chooses"));
    EXPECT_EQ(status_line(v.after, kFull), "Player 2: accept the table or re-rack?");

    // No shot can be judged while the decision is pending.
    const auto blocked = judge(v.after, shot(kFull, {hit(0.1, 0, 1)}));
    EXPECT_TRUE(has_message(blocked.messages, "decision is pending"));
    EXPECT_EQ(blocked.after.pending, Pending::IllegalBreak);

    const auto accept = decide(v.after, Choice::AcceptTable);
    ASSERT_TRUE(accept.ok);
    EXPECT_EQ(accept.after.pending, Pending::None);
    EXPECT_EQ(accept.after.shooter, 1);
    EXPECT_FALSE(accept.after.break_shot);
    EXPECT_FALSE(accept.after.rerack);
    EXPECT_TRUE(has_message(accept.messages, "Player 2 accepts the table"));

    const auto rerack = decide(v.after, Choice::Rerack);
    ASSERT_TRUE(rerack.ok);
    EXPECT_TRUE(rerack.after.rerack);
    EXPECT_TRUE(rerack.after.break_shot);
    EXPECT_EQ(rerack.after.breaker, 1);
    EXPECT_EQ(rerack.after.shooter, 1);
    EXPECT_TRUE(rerack.after.ball_in_hand);
    EXPECT_TRUE(rerack.after.kitchen);
    EXPECT_TRUE(has_message(rerack.messages, "Re-rack: Player 2 breaks"));

    const auto again = decide(v.after, Choice::RerackOpponentBreaks);
    ASSERT_TRUE(again.ok);
    EXPECT_TRUE(again.after.rerack);
    EXPECT_EQ(again.after.breaker, 0);
    EXPECT_EQ(again.after.shooter, 0);

    EXPECT_FALSE(decide(v.after, Choice::PassBack).ok);
    EXPECT_FALSE(decide(v.after, Choice::ShootAfterPushOut).ok);
}

TEST(EightBallRules, IllegalBreakWithAScratchIsAFoulAndAcceptingGivesBallInHandInTheKitchen) {
    const RulesState s = new_game(GameKind::EightBall, 0);
    const auto v = judge(s, shot(kFull, {hit(0.1, 0, 1), rail(0.3, 5), pot(0.9, 0, 3)}));
    EXPECT_FALSE(v.legal_break);
    EXPECT_EQ(v.foul, Foul::Scratch);
    EXPECT_EQ(v.after.pending, Pending::IllegalBreak);
    EXPECT_EQ(v.after.consecutive_fouls[0], 1);
    const auto accept = decide(v.after, Choice::AcceptTable);
    ASSERT_TRUE(accept.ok);
    EXPECT_TRUE(accept.after.ball_in_hand);
    EXPECT_TRUE(accept.after.kitchen);
    EXPECT_TRUE(has_message(accept.messages, "ball in hand behind the head string"));
}

TEST(EightBallRules, ScratchOnALegalBreakGivesBallInHandBehindTheHeadString) {
    const RulesState s = new_game(GameKind::EightBall, 0);
    const auto v = judge(s, shot(kFull, {hit(0.1, 0, 1), pot(0.4, 4, 1), pot(0.9, 0, 3)}));
    EXPECT_TRUE(v.legal_break);
    EXPECT_EQ(v.foul, Foul::Scratch);
    EXPECT_EQ(v.after.shooter, 1);
    EXPECT_TRUE(v.after.ball_in_hand);
    EXPECT_TRUE(v.after.kitchen);
    EXPECT_TRUE(v.after.open_table());
    EXPECT_TRUE(v.respot.empty()) << "object balls pocketed on the break stay down";
    EXPECT_TRUE(has_message(v.messages,
                            "Foul: cue ball scratched on the break. Ball in hand behind the head "
                            "string for Player 2"))
        << joined(v.messages);
}

TEST(EightBallRules, EightOnTheBreakIsReSpottedAndTheBreakerContinues) {
    const RulesState s = new_game(GameKind::EightBall, 0);
    const auto v = judge(s, shot(kFull, {hit(0.1, 0, 1), pot(0.4, 8, 5)}));
    EXPECT_TRUE(v.legal_break);
    EXPECT_FALSE(v.after.game_over);
    EXPECT_EQ(v.respot, (std::vector<int>{8}));
    EXPECT_EQ(v.after.shooter, 0);
    EXPECT_TRUE(v.turn_continues);
    EXPECT_TRUE(has_message(v.messages, "8-ball pocketed on the break: re-spotted"));
}

TEST(EightBallRules, EightOnTheBreakWithAScratchIsReSpottedWithBallInHandForTheOpponent) {
    const RulesState s = new_game(GameKind::EightBall, 0);
    const auto v = judge(s, shot(kFull, {hit(0.1, 0, 1), pot(0.4, 8, 5), pot(0.8, 0, 1)}));
    EXPECT_FALSE(v.after.game_over);
    EXPECT_EQ(v.foul, Foul::Scratch);
    EXPECT_EQ(v.respot, (std::vector<int>{8}));
    EXPECT_EQ(v.after.shooter, 1);
    EXPECT_TRUE(v.after.ball_in_hand);
    EXPECT_TRUE(v.after.kitchen);
}

// --- open table and groups ------------------------------------------------------------------

TEST(EightBallRules, FirstPocketedBallAfterTheBreakDecidesTheGroups) {
    const RulesState s = eight_in_play();
    // A solid hit first, a stripe pocketed: legal on an open table, the shooter is stripes.
    const auto v = judge(s, shot(kFull, {hit(0.1, 0, 2), hit(0.3, 2, 12), pot(0.9, 12, 3)}));
    EXPECT_EQ(v.foul, Foul::None);
    EXPECT_TRUE(v.group_assigned);
    EXPECT_EQ(v.after.groups[0], Group::Stripes);
    EXPECT_EQ(v.after.groups[1], Group::Solids);
    EXPECT_TRUE(v.turn_continues);
    EXPECT_TRUE(has_message(v.messages, "Player 1 is stripes, Player 2 is solids"))
        << joined(v.messages);
}

TEST(EightBallRules, CalledBallDecidesTheGroupOnAnOpenTable) {
    const RulesState s = eight_in_play();
    // The 10 drops first, but the called 3 goes in the called pocket: solids.
    const auto v = judge(s, shot(kFull, {hit(0.1, 0, 3), pot(0.5, 10, 1), pot(0.9, 3, 0)}, {3, 0}));
    EXPECT_EQ(v.after.groups[0], Group::Solids);
    // The called ball misses its pocket: the first pocketed ball decides (no call-shot rule).
    const auto w = judge(s, shot(kFull, {hit(0.1, 0, 3), pot(0.5, 10, 1), pot(0.9, 3, 2)}, {3, 0}));
    EXPECT_EQ(w.after.groups[0], Group::Stripes);
}

TEST(EightBallRules, OpenTableWithCallShotsNeedsTheCalledBallInTheCalledPocket) {
    RulesState s = eight_in_play();
    s.options.call_shots = true;
    const auto miss =
        judge(s, shot(kFull, {hit(0.1, 0, 3), pot(0.5, 10, 1), pot(0.9, 3, 2)}, {3, 0}));
    EXPECT_EQ(miss.foul, Foul::None);
    EXPECT_TRUE(miss.after.open_table());
    EXPECT_EQ(miss.after.shooter, 1);
    const auto none = judge(s, shot(kFull, {hit(0.1, 0, 3), pot(0.5, 10, 1)}));
    EXPECT_TRUE(none.after.open_table()) << "no call, no group";
    EXPECT_EQ(none.after.shooter, 1);
    const auto made = judge(s, shot(kFull, {hit(0.1, 0, 3), pot(0.9, 3, 0)}, {3, 0}));
    EXPECT_EQ(made.after.groups[0], Group::Solids);
    EXPECT_EQ(made.after.shooter, 0);
}

TEST(EightBallRules, HittingTheEightFirstOnAnOpenTableIsAFoul) {
    const RulesState s = eight_in_play();
    const auto v = judge(s, shot(kFull, {hit(0.1, 0, 8), rail(0.4, 8)}));
    EXPECT_EQ(v.foul, Foul::WrongBallFirst);
    EXPECT_EQ(v.after.shooter, 1);
    EXPECT_TRUE(v.after.ball_in_hand);
    EXPECT_FALSE(v.after.kitchen);
    EXPECT_TRUE(has_message(v.messages, "must hit any ball but the 8")) << joined(v.messages);
}

TEST(EightBallRules, PocketingTheEightOnAnOpenTableLoses) {
    const RulesState s = eight_in_play();
    const auto v = judge(s, shot(kFull, {hit(0.1, 0, 2), hit(0.2, 2, 8), pot(0.9, 8, 0)}, {8, 0}));
    EXPECT_TRUE(v.after.game_over);
    EXPECT_EQ(v.after.winner, 1);
    EXPECT_TRUE(has_message(v.messages, "Player 1 pocketed the 8-ball early. Player 2 wins"));
}

// --- fouls ----------------------------------------------------------------------------------

TEST(EightBallRules, ScratchIsAFoulWithBallInHandAnywhere) {
    const RulesState s = eight_in_play(Group::Solids);
    const auto v = judge(s, shot(kFull, {hit(0.1, 0, 2), rail(0.3, 2), pot(0.8, 0, 4)}));
    EXPECT_EQ(v.foul, Foul::Scratch);
    EXPECT_TRUE(v.cue_pocketed);
    EXPECT_EQ(v.after.shooter, 1);
    EXPECT_TRUE(v.after.ball_in_hand);
    EXPECT_FALSE(v.after.kitchen);
    EXPECT_EQ(v.after.consecutive_fouls[0], 1);
    ASSERT_FALSE(v.messages.empty());
    EXPECT_EQ(v.messages.front(), "Foul: cue ball scratched. Ball in hand for Player 2");
}

TEST(EightBallRules, ObjectBallsPocketedOnAFoulStayDown) {
    const RulesState s = eight_in_play(Group::Solids);
    const auto v = judge(s, shot(kFull, {hit(0.1, 0, 2), pot(0.5, 2, 1), pot(0.8, 0, 4)}));
    EXPECT_EQ(v.foul, Foul::Scratch);
    EXPECT_TRUE(v.respot.empty());
    EXPECT_EQ(v.pocketed, (std::vector<int>{2}));
    EXPECT_FALSE(v.turn_continues);
}

TEST(EightBallRules, NoContactIsAFoul) {
    const RulesState s = eight_in_play(Group::Solids);
    const auto v = judge(s, shot(kFull, {rail(0.3, 0), rail(0.9, 0, 2)}));
    EXPECT_EQ(v.foul, Foul::NoContact);
    EXPECT_EQ(v.after.shooter, 1);
    EXPECT_TRUE(v.after.ball_in_hand);
    EXPECT_EQ(v.messages.front(), "Foul: no ball contacted. Ball in hand for Player 2");
}

TEST(EightBallRules, WrongGroupFirstIsAFoul) {
    const RulesState s = eight_in_play(Group::Solids);
    const auto v = judge(s, shot(kFull, {hit(0.1, 0, 9), rail(0.3, 9), pot(0.6, 9, 2)}));
    EXPECT_EQ(v.foul, Foul::WrongBallFirst);
    EXPECT_EQ(v.first_contact, 9);
    EXPECT_TRUE(has_message(v.messages, "wrong ball first (hit the 9, must hit a solid)"))
        << joined(v.messages);
    const RulesState t = eight_in_play(Group::Stripes);
    const auto w = judge(t, shot(kFull, {hit(0.1, 0, 1), rail(0.3, 1)}));
    EXPECT_EQ(w.foul, Foul::WrongBallFirst);
    EXPECT_TRUE(has_message(w.messages, "must hit a stripe"));
}

TEST(EightBallRules, NoRailAfterContactIsAFoul) {
    const RulesState s = eight_in_play(Group::Solids);
    // Contact, then nothing reaches a cushion and nothing drops.
    const auto v = judge(s, shot(kFull, {hit(0.1, 0, 2), hit(0.3, 2, 5)}));
    EXPECT_EQ(v.foul, Foul::NoRail);
    EXPECT_EQ(v.messages.front(),
              "Foul: no ball reached a rail after contact. Ball in hand for Player 2");
    // A cushion before the contact does not count.
    const auto w = judge(s, shot(kFull, {rail(0.05, 0, 1), hit(0.1, 0, 2)}));
    EXPECT_EQ(w.foul, Foul::NoRail);
}

TEST(EightBallRules, ARailAfterContactByAnyBallOrAPocketedBallMakesTheShotLegal) {
    const RulesState s = eight_in_play(Group::Solids);
    EXPECT_EQ(judge(s, shot(kFull, {hit(0.1, 0, 2), rail(0.4, 0, 3)})).foul, Foul::None);
    EXPECT_EQ(judge(s, shot(kFull, {hit(0.1, 0, 2), hit(0.2, 2, 12), rail(0.4, 12)})).foul,
              Foul::None);
    EXPECT_EQ(judge(s, shot(kFull, {hit(0.1, 0, 2), pot(0.5, 2, 1)})).foul, Foul::None);
    // A contact and a rail at the same instant counts.
    EXPECT_EQ(judge(s, shot(kFull, {rail(0.1, 0, 3), hit(0.1, 0, 2)})).foul, Foul::None);
}

TEST(EightBallRules, ScratchTakesPrecedenceInTheMessage) {
    const RulesState s = eight_in_play(Group::Solids);
    const auto v = judge(s, shot(kFull, {hit(0.1, 0, 9), pot(0.8, 0, 4)}));
    EXPECT_EQ(v.foul, Foul::Scratch);
}

TEST(EightBallRules, EventsAreJudgedInTimeOrder) {
    const RulesState s = eight_in_play(Group::Solids);
    // Listed out of order: the stripe is hit later than the solid.
    const auto v = judge(s, shot(kFull, {hit(0.5, 0, 9), rail(0.6, 9), hit(0.1, 0, 2)}));
    EXPECT_EQ(v.foul, Foul::None);
    EXPECT_EQ(v.first_contact, 2);
}

TEST(EightBallRules, NoThreeFoulRuleIn8Ball) {
    RulesState s = eight_in_play(Group::Solids);
    s.consecutive_fouls[0] = 2;
    const auto v = judge(s, shot(kFull, {rail(0.3, 0)}));
    EXPECT_EQ(v.foul, Foul::NoContact);
    EXPECT_FALSE(v.after.game_over);
    EXPECT_EQ(v.after.consecutive_fouls[0], 3);
}

// --- turns ------------------------------------------------------------------------------------

TEST(EightBallRules, PocketingAnOwnBallContinuesTheTurnAndResetsFouls) {
    RulesState s = eight_in_play(Group::Solids);
    s.consecutive_fouls[0] = 1;
    const auto v = judge(s, shot(kFull, {hit(0.1, 0, 2), pot(0.5, 2, 1)}));
    EXPECT_TRUE(v.scored);
    EXPECT_TRUE(v.turn_continues);
    EXPECT_EQ(v.after.shooter, 0);
    EXPECT_EQ(v.after.consecutive_fouls[0], 0);
    EXPECT_TRUE(has_message(v.messages, "Player 1 pocketed the 2 and continues"));
}

TEST(EightBallRules, PocketingOnlyAnOpponentBallEndsTheTurnWithoutAFoul) {
    const RulesState s = eight_in_play(Group::Solids);
    const auto v = judge(s, shot(kFull, {hit(0.1, 0, 2), hit(0.2, 2, 12), pot(0.5, 12, 1)}));
    EXPECT_EQ(v.foul, Foul::None);
    EXPECT_FALSE(v.scored);
    EXPECT_EQ(v.after.shooter, 1);
    EXPECT_FALSE(v.after.ball_in_hand);
    EXPECT_TRUE(has_message(v.messages, "none of them scores")) << joined(v.messages);
}

TEST(EightBallRules, AMissPassesTheTurn) {
    const RulesState s = eight_in_play(Group::Stripes, 1);
    const auto v = judge(s, shot(kFull, {hit(0.1, 0, 3), rail(0.5, 3)}));
    EXPECT_EQ(v.foul, Foul::None);
    EXPECT_EQ(v.after.shooter, 0);
    EXPECT_EQ(v.messages.front(), "No ball pocketed. Player 1 to shoot");
}

TEST(EightBallRules, CallShotsNeedsTheCalledBall) {
    RulesState s = eight_in_play(Group::Solids);
    s.options.call_shots = true;
    // Own ball in, but not the called one: the turn ends (no foul), the ball stays down.
    const auto v = judge(s, shot(kFull, {hit(0.1, 0, 2), pot(0.5, 3, 1)}, {2, 0}));
    EXPECT_EQ(v.foul, Foul::None);
    EXPECT_EQ(v.after.shooter, 1);
    const auto w = judge(s, shot(kFull, {hit(0.1, 0, 2), pot(0.5, 2, 0)}, {2, 0}));
    EXPECT_EQ(w.after.shooter, 0);
    const auto any_pocket = judge(s, shot(kFull, {hit(0.1, 0, 2), pot(0.5, 2, 3)}, {2, -1}));
    EXPECT_EQ(any_pocket.after.shooter, 0);
}

// --- the 8-ball -----------------------------------------------------------------------------

namespace {
// Solids cleared for player 0; stripes 9..15 and the 8 left.
const std::vector<int> kOnEight = {8, 9, 10, 11, 12, 13, 14, 15};
} // namespace

TEST(EightBallRules, OnTheEightTheShooterMustCallAPocket) {
    const RulesState s = eight_in_play(Group::Solids);
    EXPECT_TRUE(on_eight(s, 0, kOnEight));
    EXPECT_FALSE(on_eight(s, 1, kOnEight));
    EXPECT_TRUE(must_call_pocket(s, kOnEight));
    EXPECT_FALSE(must_call_pocket(s, kFull));
    EXPECT_EQ(legal_targets(s, kOnEight), (std::vector<int>{8}));
    EXPECT_EQ(status_line(s, kOnEight), "Player 1 to shoot (on the 8: call the pocket)");
}

TEST(EightBallRules, EightInTheCalledPocketWins) {
    const RulesState s = eight_in_play(Group::Solids);
    const auto v = judge(s, shot(kOnEight, {hit(0.1, 0, 8), pot(0.7, 8, 3)}, {8, 3}));
    EXPECT_TRUE(v.after.game_over);
    EXPECT_EQ(v.after.winner, 0);
    EXPECT_EQ(v.messages.front(), "Player 1 pocketed the 8-ball in the called pocket and wins");
    EXPECT_EQ(status_line(v.after, {9}), "Player 1 wins");
    // Nothing more can be judged.
    const auto after = judge(v.after, shot({9}, {hit(0.1, 0, 9)}));
    EXPECT_TRUE(has_message(after.messages, "The game is over"));
}

TEST(EightBallRules, EightInTheWrongPocketLoses) {
    const RulesState s = eight_in_play(Group::Solids);
    const auto v = judge(s, shot(kOnEight, {hit(0.1, 0, 8), pot(0.7, 8, 2)}, {8, 3}));
    EXPECT_TRUE(v.after.game_over);
    EXPECT_EQ(v.after.winner, 1);
    EXPECT_EQ(v.messages.front(),
              "8-ball in the wrong pocket (called top-right corner, went in top-left corner). "
              "Player 2 wins");
}

TEST(EightBallRules, EightWithoutACalledPocketLoses) {
    const RulesState s = eight_in_play(Group::Solids);
    const auto v = judge(s, shot(kOnEight, {hit(0.1, 0, 8), pot(0.7, 8, 2)}));
    EXPECT_TRUE(v.after.game_over);
    EXPECT_EQ(v.after.winner, 1);
    EXPECT_TRUE(has_message(v.messages, "without calling a pocket"));
}

TEST(EightBallRules, EightWithAScratchLoses) {
    const RulesState s = eight_in_play(Group::Solids);
    const auto v =
        judge(s, shot(kOnEight, {hit(0.1, 0, 8), pot(0.7, 8, 3), pot(0.9, 0, 1)}, {8, 3}));
    EXPECT_TRUE(v.after.game_over);
    EXPECT_EQ(v.after.winner, 1);
    EXPECT_EQ(v.foul, Foul::Scratch);
    EXPECT_EQ(v.messages.front(),
              "Player 1 pocketed the 8-ball on a foul (cue ball scratched). Player 2 wins");
}

TEST(EightBallRules, EightAfterHittingAnotherBallFirstLoses) {
    const RulesState s = eight_in_play(Group::Solids);
    const auto v =
        judge(s, shot(kOnEight, {hit(0.1, 0, 9), hit(0.3, 9, 8), pot(0.7, 8, 3)}, {8, 3}));
    EXPECT_TRUE(v.after.game_over);
    EXPECT_EQ(v.after.winner, 1);
    EXPECT_EQ(v.foul, Foul::WrongBallFirst);
}

TEST(EightBallRules, EightEarlyLosesEvenWhenTheLastGroupBallDropsOnTheSameShot) {
    const RulesState s = eight_in_play(Group::Solids);
    const std::vector<int> last_solid = {7, 8, 9, 10, 11, 12, 13, 14, 15};
    const auto v =
        judge(s, shot(last_solid, {hit(0.1, 0, 7), pot(0.5, 7, 1), pot(0.8, 8, 3)}, {8, 3}));
    EXPECT_TRUE(v.after.game_over);
    EXPECT_EQ(v.after.winner, 1);
    EXPECT_TRUE(has_message(v.messages, "pocketed the 8-ball early"));
}

TEST(EightBallRules, OnTheEightHittingAnotherBallFirstIsAFoul) {
    const RulesState s = eight_in_play(Group::Solids);
    const auto v = judge(s, shot(kOnEight, {hit(0.1, 0, 12), rail(0.3, 12)}, {8, 0}));
    EXPECT_EQ(v.foul, Foul::WrongBallFirst);
    EXPECT_FALSE(v.after.game_over);
    EXPECT_TRUE(has_message(v.messages, "must hit the 8-ball")) << joined(v.messages);
}

TEST(EightBallRules, LegalTargetsFollowTheGroups) {
    EXPECT_TRUE(legal_targets(new_game(GameKind::EightBall, 0), kFull).empty());
    EXPECT_EQ(legal_targets(eight_in_play(), {1, 8, 9}), (std::vector<int>{1, 9}));
    EXPECT_EQ(legal_targets(eight_in_play(Group::Stripes), {1, 8, 9, 15}),
              (std::vector<int>{9, 15}));
    EXPECT_TRUE(is_scoring_ball(eight_in_play(Group::Stripes), kFull, 12));
    EXPECT_FALSE(is_scoring_ball(eight_in_play(Group::Stripes), kFull, 2));
    EXPECT_FALSE(is_scoring_ball(eight_in_play(Group::Stripes), kFull, 8));
    EXPECT_EQ(group_of(0), Group::None);
    EXPECT_EQ(group_of(8), Group::None);
    EXPECT_EQ(group_of(7), Group::Solids);
    EXPECT_EQ(group_of(9), Group::Stripes);
}

TEST(EightBallRules, StatusLineShowsGroupsAndBallInHand) {
    RulesState s = eight_in_play(Group::Stripes, 1);
    EXPECT_EQ(status_line(s, kFull), "Player 2 to shoot (solids)");
    s.ball_in_hand = true;
    EXPECT_EQ(status_line(s, kFull), "Player 2 to shoot (solids), ball in hand");
    EXPECT_EQ(status_line(eight_in_play(), kFull), "Player 1 to shoot (open table)");
}
