// Three-cushion rules case by case (UMB World Rules for carom billiards), from hand-made
// event lists, and the table and opening position they are played on.
#include <gtest/gtest.h>

#include <cmath>

#include "game/carom/carom_game.hpp"
#include "game/carom/carom_rules.hpp"
#include "game/rack.hpp"
#include "game/table.hpp"

namespace billiards::game {
namespace {

using physics::EventKind;

constexpr int W = kCaromWhite, Y = kCaromYellow, R = kCaromRed;

ShotEvent hit(double t, int a, int b) {
    return {t, EventKind::BallBall, a, b};
}
ShotEvent rail(double t, int ball, int cushion) {
    return {t, EventKind::BallCushion, ball, cushion};
}

TEST(CaromRules, CleanThreeRailPoint) {
    const CaromShot r = judge_carom(
        W, {hit(1, W, R), rail(2, W, 3), rail(3, W, 1), rail(4, W, 2), hit(5, W, Y)}, false);
    EXPECT_TRUE(r.point);
    EXPECT_EQ(r.first, R);
    EXPECT_EQ(r.second, Y);
    EXPECT_EQ(r.cushions_before_second, 3);
}

TEST(CaromRules, TwoRailsOnlyIsNoPoint) {
    const CaromShot r =
        judge_carom(W, {hit(1, W, R), rail(2, W, 3), rail(3, W, 1), hit(4, W, Y)}, false);
    EXPECT_FALSE(r.point);
    EXPECT_EQ(r.second, Y);
    EXPECT_EQ(r.cushions_before_second, 2);
}

TEST(CaromRules, RailsAfterTheSecondBallDoNotCount) {
    const CaromShot r = judge_carom(
        W, {hit(1, W, R), rail(2, W, 3), hit(3, W, Y), rail(4, W, 1), rail(5, W, 2)}, false);
    EXPECT_FALSE(r.point);
    EXPECT_EQ(r.cushions_before_second, 1);
    EXPECT_EQ(r.cushions, 3);
}

TEST(CaromRules, CushionFirstBankScores) {
    const CaromShot r = judge_carom(
        Y, {rail(1, Y, 0), rail(2, Y, 3), rail(3, Y, 1), hit(4, Y, R), hit(5, Y, W)}, false);
    EXPECT_TRUE(r.point);
    EXPECT_EQ(r.first, R);
    EXPECT_EQ(r.second, W);
}

TEST(CaromRules, KissOntoTheSecondBallIsNoPoint) {
    // The red, driven by the cue ball, hits the yellow: the cue ball never reaches it.
    const CaromShot r = judge_carom(
        W, {hit(1, W, R), rail(2, W, 3), rail(3, W, 1), rail(4, W, 2), hit(4.5, R, Y)}, false);
    EXPECT_FALSE(r.point);
    EXPECT_EQ(r.second, -1);
}

TEST(CaromRules, AContactListedWithTheObjectBallFirstStillCounts) {
    // A BallBall event between the cue ball and an object ball is a cue-ball contact
    // whichever of the two the event names first.
    const CaromShot r = judge_carom(
        W, {hit(1, R, W), rail(2, W, 3), rail(3, W, 1), rail(4, W, 2), hit(5, Y, W)}, false);
    EXPECT_TRUE(r.point);
}

TEST(CaromRules, TheSameRailTwiceCountsTwice) {
    const CaromShot r = judge_carom(
        W, {hit(1, W, R), rail(2, W, 2), rail(3, W, 3), rail(4, W, 2), hit(5, W, Y)}, false);
    EXPECT_TRUE(r.point);
    EXPECT_EQ(r.cushions_before_second, 3);
}

TEST(CaromRules, ObjectBallCushionsAreNotTheCueBalls) {
    const CaromShot r = judge_carom(
        W, {hit(1, W, R), rail(2, R, 3), rail(3, R, 1), rail(4, W, 2), hit(5, W, Y)}, false);
    EXPECT_FALSE(r.point);
    EXPECT_EQ(r.cushions_before_second, 1);
}

TEST(CaromRules, EventsAreJudgedInTimeOrder) {
    const CaromShot r = judge_carom(
        W, {hit(5, W, Y), rail(3, W, 1), hit(1, W, R), rail(4, W, 2), rail(2, W, 3)}, false);
    EXPECT_TRUE(r.point);
    EXPECT_EQ(r.first, R);
}

TEST(CaromRules, SecondContactWithTheFirstBallIsNotTheSecondBall) {
    const CaromShot r = judge_carom(
        W, {hit(1, W, R), rail(2, W, 3), hit(3, W, R), rail(4, W, 1), rail(5, W, 2), hit(6, W, Y)},
        false);
    EXPECT_TRUE(r.point);
    EXPECT_EQ(r.cushions_before_second, 3);
}

TEST(CaromRules, TheBreakMustHitTheRedFirst) {
    const std::vector<ShotEvent> yellow_first{hit(1, W, Y), rail(2, W, 3), rail(3, W, 1),
                                              rail(4, W, 2), hit(5, W, R)};
    EXPECT_TRUE(judge_carom(W, yellow_first, false).point); // any other shot: a point
    const CaromShot r = judge_carom(W, yellow_first, true);
    EXPECT_FALSE(r.point);
    EXPECT_TRUE(r.break_foul);
    const CaromShot red_first = judge_carom(
        W, {hit(1, W, R), rail(2, W, 3), rail(3, W, 1), rail(4, W, 2), hit(5, W, Y)}, true);
    EXPECT_TRUE(red_first.point);
    EXPECT_FALSE(red_first.break_foul);
    EXPECT_TRUE(judge_carom(W, {rail(1, W, 2)}, true).break_foul); // nothing hit
}

TEST(CaromRules, MissingBothBalls) {
    const CaromShot r = judge_carom(Y, {rail(1, Y, 0), rail(2, Y, 1)}, false);
    EXPECT_FALSE(r.point);
    EXPECT_EQ(r.first, -1);
    EXPECT_EQ(r.cushions, 2);
}

// ---- innings, target, equal innings ----

CaromState play(CaromState s, std::initializer_list<bool> shots) {
    for (bool p : shots)
        s = carom_after_shot(s, p);
    return s;
}

TEST(CaromGame, APointKeepsThePlayerAtTheTable) {
    const CaromState s0 = new_carom_game({.target = 40}, 1);
    EXPECT_EQ(s0.shooter, 1);
    EXPECT_EQ(s0.innings[1], 1);
    EXPECT_EQ(s0.innings[0], 0);
    EXPECT_TRUE(s0.break_shot);
    const CaromState s = play(s0, {true, true});
    EXPECT_EQ(s.shooter, 1);
    EXPECT_EQ(s.score[1], 2);
    EXPECT_EQ(s.run, 2);
    EXPECT_FALSE(s.break_shot);
}

TEST(CaromGame, AMissEndsTheInning) {
    const CaromState s = play(new_carom_game({}, 0), {true, true, true, false, true, false});
    EXPECT_EQ(s.shooter, 0);
    EXPECT_EQ(s.innings[0], 2);
    EXPECT_EQ(s.innings[1], 1);
    EXPECT_EQ(s.score[0], 3);
    EXPECT_EQ(s.score[1], 1);
    EXPECT_EQ(s.high_run[0], 3);
    EXPECT_EQ(s.high_run[1], 1);
    EXPECT_EQ(s.run, 0);
}

TEST(CaromGame, TheSecondPlayerReachingTheTargetWinsAtOnce) {
    // Innings are equal when the second player (not the breaker) finishes.
    const CaromState s = play(new_carom_game({.target = 2}, 0), {true, false, true, true});
    EXPECT_TRUE(s.game_over);
    EXPECT_EQ(s.winner, 1);
    EXPECT_EQ(s.score[0], 1);
    EXPECT_EQ(s.score[1], 2);
}

TEST(CaromGame, TheBreakerAtTheTargetGivesTheOtherALastInning) {
    const CaromState s = play(new_carom_game({.target = 2}, 0), {true, true});
    EXPECT_FALSE(s.game_over);
    EXPECT_TRUE(s.last_inning);
    EXPECT_EQ(s.shooter, 1);
    EXPECT_EQ(s.innings[1], 1);
    const CaromState fell_short = play(s, {true, false});
    EXPECT_TRUE(fell_short.game_over);
    EXPECT_EQ(fell_short.winner, 0);
    const CaromState equal = play(s, {true, true});
    EXPECT_TRUE(equal.game_over);
    EXPECT_TRUE(equal.draw());
    EXPECT_EQ(equal.score[0], 2);
    EXPECT_EQ(equal.score[1], 2);
}

TEST(CaromGame, TheInningsLimitEndsTheGameAfterTheSecondPlayersInning) {
    const CaromOptions o{.target = 40, .innings_limit = 2};
    // Breaker 1: inning 1 scores 1, player 0: 2 points; inning 2: breaker misses, 0 misses.
    const CaromState before = play(new_carom_game(o, 1), {true, false, true, true, false, false});
    EXPECT_FALSE(before.game_over); // the second player has not played inning 2 yet
    EXPECT_EQ(before.shooter, 0);
    const CaromState s = carom_after_shot(before, false);
    EXPECT_TRUE(s.game_over);
    EXPECT_EQ(s.winner, 0);
    EXPECT_EQ(s.innings[0], 2);
    EXPECT_EQ(s.innings[1], 2);
    const CaromState level = play(new_carom_game(o, 1), {false, false, false, false});
    EXPECT_TRUE(level.draw());
}

TEST(CaromGame, StatusNamesTheColours) {
    EXPECT_EQ(carom_status(new_carom_game({}, 1)), "Yellow to shoot: 0 - 0, inning 1");
    const CaromState s = play(new_carom_game({.target = 1}, 1), {false, true});
    EXPECT_EQ(carom_status(s), "White wins 1 - 0 in 1 innings");
}

// ---- the table and the opening position ----

TableSpec carom_spec() {
    TableSpec s;
    s.name = "carom-10ft";
    s.kind = "carom";
    s.length = 2.84;
    s.width = 1.42;
    s.ball_radius = 0.03075;
    s.ball_mass = 0.21;
    return s;
}

// UMB, balls in contact: a gap under 0.1 mm is touching; the nearer object ball is named.
TEST(CaromFrozen, TouchingMeansAGapUnderATenthOfAMillimetre) {
    const double r = 0.03075;
    const Vec2 w{0.0, 0.0};
    auto at = [&](double red_gap, double yellow_gap) {
        return std::array<Vec2, 3>{w, Vec2{0.0, 2 * r + yellow_gap}, Vec2{2 * r + red_gap, 0.0}};
    };
    EXPECT_EQ(frozen_ball(W, at(0.0, 0.01), r), R);
    EXPECT_EQ(frozen_ball(W, at(0.5 * kFrozenGap, 0.01), r), R);
    EXPECT_EQ(frozen_ball(W, at(2.0 * kFrozenGap, 0.01), r), -1);
    EXPECT_EQ(frozen_ball(W, at(0.5 * kFrozenGap, 0.2 * kFrozenGap), r), Y); // the nearer
    EXPECT_EQ(frozen_ball(W, at(0.01, 0.01), r), -1);
    // Only the cue ball's contacts count: the yellow touching the red is not frozen for white.
    const std::array<Vec2, 3> pair{Vec2{0.5, 0.0}, Vec2{0.0, 0.0}, Vec2{2 * r, 0.0}};
    EXPECT_EQ(frozen_ball(W, pair, r), -1);
    EXPECT_EQ(frozen_ball(Y, pair, r), R);
}

// Playing away: a push into the frozen ball is not a first contact; after a cushion or the
// other ball it counts.
TEST(CaromFrozen, TheFrozenBallCountsOnlyOnceTheCueBallLeftIt) {
    const std::vector<ShotEvent> push{hit(0.001, W, R), rail(1, W, 3), rail(2, W, 1), rail(3, W, 2),
                                      hit(4, W, Y)};
    EXPECT_TRUE(judge_carom(W, push, false).point); // as if nothing were frozen
    const CaromShot away = judge_carom(W, push, false, R);
    EXPECT_FALSE(away.point);
    EXPECT_EQ(away.first, Y);
    EXPECT_EQ(away.second, -1);
    const CaromShot bank = judge_carom(
        W, {rail(1, W, 0), hit(2, W, R), rail(3, W, 2), rail(4, W, 1), hit(5, W, Y)}, false, R);
    EXPECT_TRUE(bank.point);
    EXPECT_EQ(bank.first, R);
    const CaromShot other_first = judge_carom(
        W, {hit(1, W, Y), rail(2, W, 2), rail(3, W, 1), rail(4, W, 3), hit(5, W, R)}, false, R);
    EXPECT_TRUE(other_first.point);
    EXPECT_EQ(other_first.second, R);
    EXPECT_STREQ(frozen_choice_name(FrozenChoice::Spot), "spot");
}

TEST(CaromTable, FourRailsAndNoPockets) {
    const Table t = build_table(carom_spec());
    ASSERT_EQ(t.cushions.size(), 4u);
    EXPECT_TRUE(t.pockets.empty());
    for (bool jaw : t.is_jaw)
        EXPECT_FALSE(jaw);
    // The noses enclose exactly the playing area.
    double minx = 1e9, maxx = -1e9, miny = 1e9, maxy = -1e9;
    for (const auto& c : t.cushions)
        for (Vec2 p : {c.a, c.b}) {
            minx = std::min(minx, p.x);
            maxx = std::max(maxx, p.x);
            miny = std::min(miny, p.y);
            maxy = std::max(maxy, p.y);
        }
    EXPECT_DOUBLE_EQ(maxx - minx, 2.84);
    EXPECT_DOUBLE_EQ(maxy - miny, 1.42);
    EXPECT_EQ(validate(carom_spec()), "");
}

TEST(CaromTable, DiamondsAtEighthsAndQuarters) {
    const auto d = rail_diamonds(carom_spec());
    ASSERT_EQ(d.size(), 7u + 7u + 3u + 3u);
    // 2840 / 8 = 355 mm between the long rails' diamonds, 1420 / 4 = 355 mm on the short.
    for (int k = 0; k < 7; ++k) {
        EXPECT_NEAR(d[static_cast<std::size_t>(k)].nose.x, -1.42 + 0.355 * (k + 1), 1e-12);
        EXPECT_NEAR(d[static_cast<std::size_t>(k)].nose.y, -0.71, 1e-12);
        EXPECT_EQ(d[static_cast<std::size_t>(k)].outward.y, -1.0);
    }
    for (int k = 0; k < 3; ++k) {
        EXPECT_NEAR(d[14 + static_cast<std::size_t>(k)].nose.y, -0.71 + 0.355 * (k + 1), 1e-12);
        EXPECT_NEAR(d[14 + static_cast<std::size_t>(k)].nose.x, -1.42, 1e-12);
    }
    EXPECT_EQ(rail_diamonds(TableSpec{}).size(),
              6u + 6u + 3u + 3u); // pool: none at the side pockets
}

TEST(CaromTable, PoolSpecsKeepTheirPockets) {
    const Table t = build_table(TableSpec{});
    EXPECT_EQ(t.spec.kind, "pool");
    EXPECT_EQ(t.pockets.size(), 6u);
    EXPECT_EQ(t.cushions.size(), 6u + 12u);
}

TEST(CaromTable, ValidateNamesTheBadField) {
    TableSpec s = carom_spec();
    s.kind = "snooker-ish";
    EXPECT_EQ(validate(s).rfind("kind:", 0), 0u);
    s = carom_spec();
    s.ball_radius = 0.0;
    EXPECT_EQ(validate(s).rfind("ball_radius:", 0), 0u);
    s = carom_spec();
    s.corner_mouth = -1.0; // no pockets: not looked at
    EXPECT_EQ(validate(s), "");
}

TEST(CaromTable, UmbOpeningPosition) {
    const TableSpec spec = carom_spec();
    for (int breaker : {0, 1}) {
        const auto balls = carom_break_balls(spec, breaker, 1);
        ASSERT_EQ(balls.size(), 3u);
        const auto& mine = balls[static_cast<std::size_t>(carom_cue_ball(breaker))];
        const auto& theirs = balls[static_cast<std::size_t>(carom_cue_ball(1 - breaker))];
        EXPECT_EQ(balls[2].id, kCaromRed);
        EXPECT_DOUBLE_EQ(balls[2].position.x, 2.84 / 4); // foot spot
        EXPECT_DOUBLE_EQ(balls[2].position.y, 0.0);
        EXPECT_DOUBLE_EQ(theirs.position.x, -2.84 / 4); // head spot
        EXPECT_DOUBLE_EQ(theirs.position.y, 0.0);
        EXPECT_DOUBLE_EQ(mine.position.x, -2.84 / 4); // on the head string
        EXPECT_NEAR(mine.position.y, 0.182, 1e-15);
        for (const auto& b : balls) {
            EXPECT_EQ(b.radius, 0.03075);
            EXPECT_EQ(b.mass, 0.21);
        }
    }
}

} // namespace
} // namespace billiards::game
