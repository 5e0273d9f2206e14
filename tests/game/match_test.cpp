// Match flow over the real ball world: placement, shots, decisions, undo, replay, rematch.
#include <gtest/gtest.h>

#include <cmath>

#include "game/cue_placement.hpp"
#include "game/physics_presets.hpp"
#include "game/pool/match.hpp"
#include "game/rack.hpp"
#include "game/shot_events.hpp"
#include "game/strike.hpp"

using namespace billiards;
using namespace billiards::game;

namespace {

MatchConfig humans(GameKind kind, bool practice = false) {
    MatchConfig c;
    c.kind = kind;
    c.practice = practice;
    c.seed = 7;
    return c;
}

MatchConfig computers(GameKind kind, AiLevel a, AiLevel b, std::uint64_t seed) {
    MatchConfig c;
    c.kind = kind;
    c.seed = seed;
    c.seats[0].kind = c.seats[1].kind = SeatKind::Computer;
    c.seats[0].level = a;
    c.seats[1].level = b;
    return c;
}

// A straight break at the apex ball from the head spot.
CueShot break_shot(const Match& m, double speed) {
    const Vec2 c = m.world().ball(m.cue_index()).position;
    const Vec2 apex = m.world().ball(m.world().index_of(1)).position;
    return {std::atan2(apex.y - c.y, apex.x - c.x), speed, 0.0, 0.0};
}

void play_out(Match& m, int max_turns = 2000) {
    for (int i = 0; i < max_turns && !m.rules().game_over; ++i)
        ASSERT_TRUE(m.play_computer_turn());
    ASSERT_TRUE(m.rules().game_over);
}

} // namespace

TEST(Match, StartsWithTheBreakerToBreakFromTheKitchen) {
    Match m(humans(GameKind::EightBall));
    const MatchView v = m.view();
    EXPECT_EQ(v.phase, Phase::Aiming);
    EXPECT_EQ(v.shooter, 0);
    EXPECT_EQ(v.breaker, 0);
    EXPECT_TRUE(v.ball_in_hand);
    EXPECT_TRUE(v.kitchen_only);
    EXPECT_TRUE(v.open_table);
    EXPECT_EQ(v.on_table.size(), 15u);
    EXPECT_FALSE(v.must_call_pocket);
    EXPECT_FALSE(v.game_over);
    EXPECT_EQ(v.status, "Player 1 to break, ball in hand behind the head string");
    ASSERT_FALSE(v.messages.empty());
    EXPECT_EQ(v.messages.front(), "Game 1 (8-ball): Player 1 breaks");
    EXPECT_EQ(m.world().ball_count(), 16);
    EXPECT_FALSE(m.computer_to_act());
    EXPECT_EQ(m.last_shot(), nullptr);
}

TEST(Match, CuePlacementIsValidated) {
    Match m(humans(GameKind::NineBall));
    std::string why;
    const Vec2 head = head_spot(m.table().spec);
    EXPECT_TRUE(m.placement_ok(head));
    EXPECT_TRUE(m.placement_ok(head + Vec2{-0.2, 0.3}));
    EXPECT_FALSE(m.placement_ok({0.0, 0.0}, &why));
    EXPECT_EQ(why, "must be behind the head string");
    EXPECT_FALSE(m.placement_ok({-1.5, 0.0}, &why));
    EXPECT_EQ(why, "off the cloth");
    EXPECT_FALSE(m.placement_ok({-1.24, -0.605}, &why));
    EXPECT_EQ(why, "in a pocket");
    EXPECT_FALSE(m.placement_ok({std::nan(""), 0.0}, &why));
    EXPECT_TRUE(m.place_cue_ball(head + Vec2{-0.1, 0.1}));
    EXPECT_EQ(m.world().ball(m.cue_index()).position, (head + Vec2{-0.1, 0.1}));
    // Anywhere (not only the kitchen) the balls still block.
    const Vec2 foot = foot_spot(m.table().spec);
    EXPECT_FALSE(cue_placement_ok(m.world(), m.table(), foot, false, &why));
    EXPECT_EQ(why, "touches a ball");
    EXPECT_TRUE(cue_placement_ok(m.world(), m.table(), {0.0, 0.3}, false));
}

TEST(Match, RefusesBadShots) {
    Match m(humans(GameKind::NineBall));
    std::string why;
    EXPECT_FALSE(m.begin_shot({0.0, 2.0, 0.4, 0.4}, {}, false, &why));
    EXPECT_EQ(why, "miscue: tip offset beyond the limit");
    EXPECT_FALSE(m.begin_shot({0.0, -1.0, 0.0, 0.0}, {}, false, &why));
    EXPECT_FALSE(m.begin_shot({0.0, 2.0, 0.0, 0.0}, {}, true, &why));
    EXPECT_EQ(why, "push-out not available");
    EXPECT_FALSE(m.begin_shot({0.0, 2.0, 0.0, 0.0}, {-1, 9}, false, &why));
    EXPECT_EQ(why, "no such pocket");
    EXPECT_FALSE(m.decide(Choice::AcceptTable)) << "nothing to decide";
    EXPECT_TRUE(m.history().empty());
}

TEST(Match, ABreakIsPlayedJudgedAndRecorded) {
    Match m(humans(GameKind::NineBall));
    const ShotRecord* r = m.shoot(break_shot(m, 7.0));
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->number, 1);
    EXPECT_EQ(r->shooter, 0);
    EXPECT_TRUE(r->verdict.break_shot);
    EXPECT_EQ(r->verdict.first_contact, 1);
    EXPECT_FALSE(r->verdict.messages.empty());
    EXPECT_EQ(m.history().size(), 1u);
    EXPECT_TRUE(m.world().at_rest());
    EXPECT_FALSE(m.rules().break_shot);
    const MatchView v = m.view();
    EXPECT_EQ(v.shots, 1);
    EXPECT_EQ(v.messages, r->verdict.messages);
    EXPECT_EQ(v.tray[0], r->verdict.pocketed);
    ASSERT_NE(m.last_shot(), nullptr);
}

TEST(Match, AnimatedShotMatchesTheHeadlessOne) {
    Match a(humans(GameKind::EightBall));
    Match b(humans(GameKind::EightBall));
    ASSERT_TRUE(a.begin_shot(break_shot(a, 6.0)));
    EXPECT_EQ(a.phase(), Phase::Rolling);
    EXPECT_FALSE(a.place_cue_ball({-0.9, 0.0}));
    int steps = 0;
    while (!a.shot_at_rest()) {
        a.step_shot();
        ++steps;
    }
    a.finish_shot();
    EXPECT_GT(steps, 10);
    b.shoot(break_shot(b, 6.0));
    EXPECT_EQ(a.world().state_hash(), b.world().state_hash());
    EXPECT_EQ(a.view().messages, b.view().messages);
    // Skipping the animation half way gives the same table too.
    Match c(humans(GameKind::EightBall));
    ASSERT_TRUE(c.begin_shot(break_shot(c, 6.0)));
    for (int i = 0; i < steps / 2; ++i)
        c.step_shot();
    c.complete_shot();
    EXPECT_EQ(c.world().state_hash(), b.world().state_hash());
    EXPECT_EQ(c.phase(), b.phase());
}

TEST(Match, ReplayOfTheLastShotIsBitIdentical) {
    Match m(humans(GameKind::NineBall));
    m.shoot(break_shot(m, 7.5));
    const LastShot* last = m.last_shot();
    ASSERT_NE(last, nullptr);
    const physics::World again = Match::replay(*last);
    EXPECT_EQ(again.state_hash(), last->end_hash);
    EXPECT_EQ(last->shooter, 0);
}

// The game's own physics (play_params: compliant contact): a hard break spreads the rack to
// the rails, and the animation, the headless run and the replay of the shot end on the same
// bits.
TEST(Match, TheGamesHertzBreakSpreadsTheRackAndReplaysExactly) {
    MatchConfig c = humans(GameKind::EightBall);
    c.params = play_params();
    EXPECT_EQ(c.params.ball_contact, physics::BallContact::Hertz);
    EXPECT_EQ(c.params.cushion_friction, 0.2);
    EXPECT_EQ(MatchConfig{}.params.ball_contact, physics::BallContact::Ideal); // files' default
    Match a(c), b(c);
    const double speed = cue_speed_for(11.0, physics::kBallMass);
    ASSERT_TRUE(a.begin_shot(break_shot(a, speed)));
    while (!a.shot_at_rest())
        a.step_shot();
    const ShotRecord& r = a.finish_shot();
    EXPECT_TRUE(r.verdict.legal_break);
    EXPECT_GE(r.verdict.rails.size(), 8u); // most of the rack reaches a cushion
    b.shoot(break_shot(b, speed));
    EXPECT_EQ(a.world().state_hash(), b.world().state_hash());
    ASSERT_NE(a.last_shot(), nullptr);
    EXPECT_EQ(Match::replay(*a.last_shot()).state_hash(), a.last_shot()->end_hash);
}

TEST(Match, ScratchGivesTheOpponentBallInHandWithTheCueBallBackOnTheTable) {
    Match m(humans(GameKind::NineBall));
    // From the kitchen straight into the bottom-left corner pocket.
    const Vec2 p{-1.10, -0.465};
    ASSERT_TRUE(m.place_cue_ball(p));
    const ShotRecord* r = m.shoot({std::atan2(-0.635 - p.y, -1.27 - p.x), 1.0, 0.0, 0.0});
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->verdict.foul, Foul::Scratch) << r->verdict.messages.front();
    const MatchView v = m.view();
    EXPECT_EQ(v.shooter, 1);
    EXPECT_TRUE(v.ball_in_hand);
    EXPECT_FALSE(v.kitchen_only);
    EXPECT_EQ(v.fouls[0], 1);
    EXPECT_EQ(v.consecutive_fouls[0], 1);
    EXPECT_EQ(v.messages.front(), "Foul: cue ball scratched. Ball in hand for Player 2");
    const physics::Ball& cue = m.world().ball(m.cue_index());
    EXPECT_NE(cue.state, physics::MotionState::Pocketed);
    EXPECT_TRUE(cue_placement_ok(m.world(), m.table(), cue.position, false));
    EXPECT_TRUE(m.place_cue_ball({0.0, 0.3}));
}

TEST(Match, IllegalEightBallBreakAsksTheOpponentAndCanReRack) {
    Match m(humans(GameKind::EightBall));
    m.shoot(break_shot(m, 0.4));
    ASSERT_EQ(m.phase(), Phase::Deciding) << m.view().messages.front();
    EXPECT_EQ(m.view().pending, Pending::IllegalBreak);
    EXPECT_EQ(m.view().shooter, 1);
    EXPECT_FALSE(m.begin_shot({0.0, 1.0, 0.0, 0.0}));
    ASSERT_TRUE(m.decide(Choice::Rerack));
    EXPECT_EQ(m.phase(), Phase::Aiming);
    EXPECT_TRUE(m.rules().break_shot);
    EXPECT_EQ(m.rules().breaker, 1);
    EXPECT_EQ(m.view().on_table.size(), 15u);
    EXPECT_EQ(m.world().ball(m.cue_index()).position, head_spot(m.table().spec));
    EXPECT_EQ(m.view().messages.front(), "Re-rack: Player 2 breaks");
}

TEST(Match, AcceptingAnIllegalBreakPlaysOn) {
    Match m(humans(GameKind::EightBall));
    m.shoot(break_shot(m, 0.4));
    ASSERT_EQ(m.phase(), Phase::Deciding);
    ASSERT_TRUE(m.decide(Choice::AcceptTable));
    EXPECT_EQ(m.phase(), Phase::Aiming);
    EXPECT_EQ(m.rules().shooter, 1);
    EXPECT_FALSE(m.rules().break_shot);
}

TEST(Match, PracticeModeUndoesTheLastShot) {
    Match m(humans(GameKind::NineBall, true));
    const std::uint64_t start = m.world().state_hash();
    EXPECT_FALSE(m.can_undo());
    m.shoot(break_shot(m, 7.0));
    const std::uint64_t after_break = m.world().state_hash();
    EXPECT_NE(after_break, start);
    ASSERT_TRUE(m.can_undo());
    EXPECT_TRUE(m.view().can_undo);
    ASSERT_TRUE(m.undo());
    EXPECT_EQ(m.world().state_hash(), start);
    EXPECT_TRUE(m.history().empty());
    EXPECT_TRUE(m.rules().break_shot);
    EXPECT_EQ(m.rules().shooter, 0);
    EXPECT_EQ(m.view().messages.front(), "Undo: back to before the last shot");
    // The same shot again gives the same table.
    m.shoot(break_shot(m, 7.0));
    EXPECT_EQ(m.world().state_hash(), after_break);
}

TEST(Match, NoUndoOutsidePracticeMode) {
    Match m(humans(GameKind::NineBall, false));
    m.shoot(break_shot(m, 7.0));
    EXPECT_FALSE(m.can_undo());
    EXPECT_FALSE(m.undo());
}

TEST(Match, SpotPositionIsTheFootSpotOrJustBehindIt) {
    const Table t = build_table(TableSpec{});
    physics::World w({}, t.cushions, t.pockets);
    const double r = physics::kBallRadius;
    const Vec2 foot = foot_spot(t.spec);
    EXPECT_EQ(spot_position(w, t.spec, r), foot);
    physics::BallDef b;
    b.id = 3;
    b.position = foot;
    w.add_ball(b);
    const Vec2 p = spot_position(w, t.spec, r);
    EXPECT_GT(p.x, foot.x);
    EXPECT_EQ(p.y, foot.y);
    EXPECT_GE(length(p - foot), 2 * r);
    EXPECT_LT(length(p - foot), 2 * r + 0.001);
    // Ignoring the ball itself (re-spotting a ball onto its own place).
    EXPECT_EQ(spot_position(w, t.spec, r, 0), foot);
}

TEST(Match, ShotEventsCarryBallIds) {
    const Table t = build_table(TableSpec{});
    physics::World w({}, t.cushions, t.pockets);
    physics::BallDef a, b;
    a.id = 0;
    a.position = {-0.5, 0.0};
    b.id = 5;
    b.position = {0.0, 0.0};
    w.add_ball(b);
    w.add_ball(a);
    w.set_record_events(true);
    apply_strike(w, {0.0, 2.0, 0.0, 0.0});
    w.run_until_rest(60.0);
    const auto ev = shot_events(w, w.events());
    ASSERT_FALSE(ev.empty());
    EXPECT_EQ(ev.front().kind, physics::EventKind::BallBall);
    EXPECT_TRUE((ev.front().ball == 0 && ev.front().other == 5) ||
                (ev.front().ball == 5 && ev.front().other == 0));
    EXPECT_EQ(balls_on_table(w).size(),
              w.ball(0).state == physics::MotionState::Pocketed ? 0u : 1u);
}

TEST(Match, ComputerGamesAlwaysEndWithALegalWinner) {
    for (GameKind kind : {GameKind::EightBall, GameKind::NineBall}) {
        Match m(computers(kind, AiLevel::Easy, AiLevel::Easy, 3));
        for (int g = 0; g < 2; ++g) {
            if (g > 0) m.rematch();
            EXPECT_EQ(m.rules().breaker, g % 2);
            play_out(m);
            const MatchView v = m.view();
            EXPECT_TRUE(v.game_over);
            EXPECT_EQ(v.phase, Phase::GameOver);
            EXPECT_TRUE(v.winner == 0 || v.winner == 1);
            EXPECT_FALSE(v.messages.empty());
            EXPECT_FALSE(m.computer_to_act());
        }
        EXPECT_EQ(m.games_won()[0] + m.games_won()[1], 2);
        EXPECT_EQ(m.game_number(), 2);
    }
}

// Three shots that pot nothing, the cap at three: the third ends the game, and with no
// group and nothing pocketed the tie goes to the player who did not break.
TEST(Match, ShotCapDeclaresAWinner) {
    MatchConfig c = humans(GameKind::EightBall);
    c.max_shots = 3;
    Match m(c);
    m.shoot(break_shot(m, 0.4)); // too soft: an illegal break, the opponent decides
    ASSERT_EQ(m.phase(), Phase::Deciding);
    ASSERT_TRUE(m.decide(Choice::AcceptTable));
    for (int shot = 2; shot <= 3; ++shot) {
        ASSERT_FALSE(m.rules().game_over) << "shot " << shot;
        ASSERT_FALSE(m.capped());
        ASSERT_EQ(m.phase(), Phase::Aiming) << "shot " << shot;
        if (m.view().ball_in_hand) {
            ASSERT_TRUE(m.place_cue_ball(head_spot(m.table().spec)));
        }
        const Vec2 cue = m.world().ball(m.cue_index()).position;
        // Gently along the length of the table, away from the rack.
        ASSERT_NE(m.shoot({cue.x > 0 ? 0.0 : kPi, 0.3, 0.0, 0.0}), nullptr) << "shot " << shot;
    }
    ASSERT_EQ(m.history().size(), 3u);
    EXPECT_EQ(m.view().on_table.size(), 15u); // nothing pocketed
    EXPECT_TRUE(m.capped());
    EXPECT_TRUE(m.rules().game_over);
    EXPECT_EQ(m.phase(), Phase::GameOver);
    EXPECT_EQ(m.rules().winner, 1);
    EXPECT_EQ(m.view().messages.front(), "Shot cap reached (3 shots): Player 2 is declared the "
                                         "winner (tie: the player who did not break)");
    EXPECT_EQ(m.shoot({0.0, 1.0, 0.0, 0.0}), nullptr) << "no fourth shot";
}

// Without a cap the same shots leave the game running.
TEST(Match, NoCapNoDeclaration) {
    Match m(humans(GameKind::EightBall));
    m.shoot(break_shot(m, 0.4));
    ASSERT_TRUE(m.decide(Choice::AcceptTable));
    const Vec2 cue = m.world().ball(m.cue_index()).position;
    ASSERT_NE(m.shoot({cue.x > 0 ? 0.0 : kPi, 0.3, 0.0, 0.0}), nullptr);
    EXPECT_FALSE(m.capped());
    EXPECT_FALSE(m.rules().game_over);
}

TEST(Match, SameSeedSameGame) {
    auto play = [](std::uint64_t seed) {
        Match m(computers(GameKind::NineBall, AiLevel::Easy, AiLevel::Medium, seed));
        play_out(m);
        std::vector<double> trace;
        for (const ShotRecord& r : m.history()) {
            trace.push_back(r.shot.heading);
            trace.push_back(r.shot.speed);
            trace.push_back(r.shot.side);
            trace.push_back(r.shot.height);
        }
        trace.push_back(static_cast<double>(m.world().state_hash() & 0xffffffffu));
        return trace;
    };
    const auto a = play(11);
    const auto b = play(11);
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i)
        EXPECT_EQ(a[i], b[i]) << i;
    EXPECT_NE(play(12), a);
}

TEST(Match, RecordedInputsReproduceTheMatch) {
    MatchConfig c = computers(GameKind::EightBall, AiLevel::Easy, AiLevel::Medium, 21);
    c.practice = true;
    Match m(c);
    for (int i = 0; i < 6 && !m.rules().game_over; ++i)
        ASSERT_TRUE(m.play_computer_turn());
    ASSERT_TRUE(m.undo());
    play_out(m);
    m.rematch();
    for (int i = 0; i < 3 && !m.rules().game_over; ++i)
        ASSERT_TRUE(m.play_computer_turn());

    Match again(c);
    for (const MatchInput& in : m.inputs())
        ASSERT_TRUE(again.feed(in));
    EXPECT_EQ(again.world().state_hash(), m.world().state_hash());
    EXPECT_EQ(again.history().size(), m.history().size());
    EXPECT_EQ(again.games_won(), m.games_won());
    EXPECT_EQ(again.game_number(), 2);
    EXPECT_EQ(again.log(), m.log());
    EXPECT_EQ(again.inputs().size(), m.inputs().size());
}

TEST(Match, ShotsWithDeadBallsAndSpinDoNotStall) {
    // Nearly dead balls (ball restitution 0.06-0.11) collapse into slow contacts while spin
    // drives them into each other and the cushions. Before pressed cushion contacts parted
    // at their return speed, the worst shot of these games took 0.4-4 million impacts (up
    // to 6 s of computing); now a few thousand.
    // Restitutions, then friction coefficients: ball, cushion, sliding, rolling, spin.
    auto params = [](double e, double ec, double mu_b, double mu_c, double mu_s, double mu_r,
                     double mu_sp) {
        return physics::Params{.ball_restitution = e,
                               .ball_friction = mu_b,
                               .cushion_restitution = ec,
                               .cushion_friction = mu_c,
                               .sliding_friction = mu_s,
                               .rolling_friction = mu_r,
                               .spin_friction = mu_sp};
    };
    struct Case {
        std::uint64_t seed;
        GameKind kind;
        physics::Params params;
    };
    const Case cases[] = {
        {399, GameKind::NineBall, params(0.112, 0.326, 0.284, 0.336, 0.286, 0.0147, 0.0103)},
        {2, GameKind::EightBall, params(0.060, 0.443, 0.185, 0.108, 0.168, 0.0409, 0.0036)},
        {347, GameKind::NineBall, params(0.085, 0.969, 0.300, 0.162, 0.253, 0.0229, 0.0170)},
        // Joined touching balls that pressed only once the rolling one, nudged into sliding
        // by the join, rolled again: 77,797 impacts.
        {295, GameKind::NineBall, params(0.146, 0.592, 0.178, 0.052, 0.088, 0.0462, 0.0199)}};
    for (const Case& k : cases) {
        MatchConfig c = computers(k.kind, AiLevel::Easy, AiLevel::Easy, k.seed);
        c.params = k.params;
        Match m(c);
        for (int turn = 0; turn < 10 && m.phase() != Phase::GameOver; ++turn) {
            const physics::EventCounts before = m.world().counts();
            ASSERT_TRUE(m.play_computer_turn());
            const physics::EventCounts after = m.world().counts();
            if (after.ball_ball < before.ball_ball) continue; // a new rack
            EXPECT_LT(after.ball_ball - before.ball_ball + after.ball_cushion - before.ball_cushion,
                      50'000u)
                << "seed " << k.seed << " turn " << turn;
        }
    }
}
