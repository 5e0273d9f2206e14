// The match statistics' tally against hand-made games whose every count is known, and the
// execution noise models against their defining standard deviations.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "game/cue.hpp"
#include "game/levels.hpp"
#include "game/match_stats.hpp"

using namespace billiards;
using namespace billiards::game;

namespace {

ShotFacts pot(int shooter, bool made, int points = 1) {
    ShotFacts f;
    f.shooter = shooter;
    f.pot_attempt = true;
    f.potted = made;
    f.points = made ? points : 0;
    return f;
}

ShotFacts safety(int shooter) {
    ShotFacts f;
    f.shooter = shooter;
    f.safety = true;
    return f;
}

ShotFacts foul(int shooter) {
    ShotFacts f;
    f.shooter = shooter;
    f.foul = true;
    return f;
}

} // namespace

TEST(MatchStats, ABreakerWhoClearsTheTableBreaksAndRuns) {
    MatchStats m;
    m.begin_game(1);
    for (int i = 0; i < 8; ++i)
        m.add(pot(1, true));
    EXPECT_TRUE(m.end_game(1));
    // The opponent takes one shot: no longer a break and run, even when the breaker wins.
    m.begin_game(0);
    m.add(pot(0, false));
    m.add(pot(1, false));
    m.add(pot(0, true));
    EXPECT_FALSE(m.end_game(0));
    // The breaker never shot again and lost.
    m.begin_game(1);
    m.add(foul(1));
    EXPECT_FALSE(m.end_game(0));
    EXPECT_EQ(m.break_and_runs(), 1);
    EXPECT_EQ(m.seat(1).pot_attempts, 9);
    EXPECT_EQ(m.seat(1).pots, 8);
    EXPECT_EQ(m.seat(0).pot_attempts, 2);
    EXPECT_EQ(m.seat(0).pots, 1);
    EXPECT_EQ(m.seat(1).fouls, 1);
    EXPECT_EQ(m.seat(1).shots, 10);
}

TEST(MatchStats, ASafetyHoldsWhenTheOpponentsNextShotPotsNothing) {
    MatchStats m;
    m.begin_game(0);
    m.add(safety(0)); // held: the reply misses
    m.add(pot(1, false));
    m.add(safety(0)); // broken: the reply pots
    m.add(pot(1, true));
    m.add(safety(1)); // the game ends before a reply: a safety, neither held nor broken
    m.end_game(1);
    EXPECT_EQ(m.seat(0).safeties, 2);
    EXPECT_EQ(m.seat(0).safeties_held, 1);
    EXPECT_EQ(m.seat(1).safeties, 1);
    EXPECT_EQ(m.seat(1).safeties_held, 0);
}

TEST(MatchStats, RunsAreTheVisitsPointsAndAFoulEndsOne) {
    // A snooker frame: 1+7 x 14 then the red and a missed black = 113; the opponent 10, a
    // foul; the first player 1+6 and a foul (the offender plays again) then 5.
    MatchStats m;
    m.begin_game(0);
    for (int i = 0; i < 14; ++i) {
        m.add(pot(0, true, 1));
        m.add(pot(0, true, 7));
    }
    m.add(pot(0, true, 1));
    m.add(pot(0, false));
    m.add(pot(1, true, 1));
    m.add(pot(1, true, 6));
    m.add(pot(1, true, 1));
    m.add(pot(1, true, 2));
    m.add(foul(1));
    m.add(pot(0, true, 1));
    m.add(pot(0, true, 6));
    m.add(foul(0));
    m.add(pot(0, true, 5));
    m.add(pot(0, false));
    m.end_game(0);
    EXPECT_EQ(m.seat(0).runs, (std::vector<int>{113, 7, 5}));
    EXPECT_EQ(m.seat(1).runs, (std::vector<int>{10}));
    EXPECT_EQ(m.seat(0).high_run(), 113);
    EXPECT_EQ(m.seat(0).runs_of_at_least(100), 1);
    EXPECT_DOUBLE_EQ(m.seat(0).mean_run(), 125.0 / 3.0);
    EXPECT_EQ(m.seat(0).points, 125);
    EXPECT_EQ(m.seat(0).visits, 3);
    EXPECT_DOUBLE_EQ(m.seat(0).points_per_visit(), 125.0 / 3.0);
    // A run does not carry into the next game.
    m.begin_game(1);
    m.add(pot(0, true, 4));
    m.end_game(0);
    EXPECT_EQ(m.seat(0).runs.back(), 4);
    EXPECT_EQ(m.seat(0).visits, 4);
}

TEST(MatchStats, NoRunsMeansZeroes) {
    const SeatStats s;
    EXPECT_EQ(s.high_run(), 0);
    EXPECT_EQ(s.mean_run(), 0.0);
    EXPECT_EQ(s.points_per_visit(), 0.0);
}

TEST(Noise, ModelsParseAndName) {
    Noise n = Noise::Level;
    EXPECT_TRUE(parse_noise("standard", n));
    EXPECT_EQ(n, Noise::Standard);
    EXPECT_TRUE(parse_noise("none", n));
    EXPECT_EQ(n, Noise::None);
    EXPECT_TRUE(parse_noise("level", n));
    EXPECT_EQ(n, Noise::Level);
    EXPECT_FALSE(parse_noise("Standard", n));
    EXPECT_FALSE(parse_noise("", n));
    EXPECT_STREQ(to_string(Noise::Standard), "standard");
}

// The standard model's samples have the model's standard deviations: aim 0.125 degree, speed
// 0.075 m/s, tip 0.5 mm on each axis; the elevation's is folded at level, so its mean is
// sigma sqrt(2/pi). 20000 samples: the relative error of a standard deviation is about
// 1/sqrt(2n) = 0.5 %, of the folded mean about 0.6 %; the bounds are four times that.
TEST(Noise, StandardModelHasFastFizDeviations) {
    const double radius = 0.028575;
    AiConfig c = ai_config(AiLevel::Hard);
    set_noise(c, Noise::Standard, radius);
    const CueShot base{0.3, 3.0, 0.0, 0.0, 0.0};
    const int n = 20000;
    double sh = 0, ss = 0, sa = 0, sb = 0, me = 0;
    for (int k = 0; k < n; ++k) {
        const CueShot s = perturb_shot(base, c, {}, static_cast<std::uint64_t>(k));
        sh += std::pow(s.heading - base.heading, 2);
        ss += std::pow(s.speed - base.speed, 2);
        sa += std::pow(s.side * radius, 2);
        sb += std::pow(s.height * radius, 2);
        me += s.elevation;
        ASSERT_GE(s.elevation, 0.0);
    }
    const double deg = std::acos(-1.0) / 180.0;
    EXPECT_NEAR(std::sqrt(sh / n), 0.125 * deg, 0.02 * 0.125 * deg);
    EXPECT_NEAR(std::sqrt(ss / n), 0.075, 0.02 * 0.075);
    EXPECT_NEAR(std::sqrt(sa / n), 0.0005, 0.02 * 0.0005);
    EXPECT_NEAR(std::sqrt(sb / n), 0.0005, 0.02 * 0.0005);
    const double folded = 0.1 * deg * std::sqrt(2.0 / std::acos(-1.0));
    EXPECT_NEAR(me / n, folded, 0.025 * folded);
}

TEST(Noise, NoneLeavesTheShotAsPlanned) {
    AiConfig c = ai_config(AiLevel::Easy);
    set_noise(c, Noise::None, 0.028575);
    const CueShot base{0.3, 3.0, 0.1, -0.2, 0.05};
    for (std::uint64_t k = 0; k < 50; ++k) {
        const CueShot s = perturb_shot(base, c, {}, k);
        EXPECT_EQ(s.heading, base.heading);
        EXPECT_EQ(s.speed, base.speed);
        EXPECT_EQ(s.side, base.side);
        EXPECT_EQ(s.height, base.height);
        EXPECT_EQ(s.elevation, base.elevation);
    }
}

// A level keeps its own noise: the model leaves the config as it is.
TEST(Noise, LevelIsTheLevelsOwn) {
    for (AiLevel l : {AiLevel::Easy, AiLevel::Medium, AiLevel::Hard}) {
        AiConfig c = ai_config(l);
        set_noise(c, Noise::Level, 0.028575);
        EXPECT_EQ(c.heading_noise, ai_config(l).heading_noise);
        EXPECT_EQ(c.speed_noise, ai_config(l).speed_noise);
        EXPECT_EQ(c.tip_noise, ai_config(l).tip_noise);
        EXPECT_FALSE(absolute_noise(c));
    }
}
