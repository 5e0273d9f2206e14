// The three-cushion opponent and a whole computer game on the carom table.
#include <gtest/gtest.h>

#include "game/carom/carom_ai.hpp"
#include "game/carom/carom_game.hpp"
#include "game/physics_presets.hpp"
#include "game/strike.hpp"

namespace billiards::game {
namespace {

TableSpec carom_spec() {
    TableSpec s;
    s.name = "carom-10ft";
    s.kind = "carom";
    s.length = 2.84;
    s.width = 1.42;
    s.ball_radius = 0.03075;
    s.ball_mass = 0.21;
    s.rail_width = 0.15;
    return s;
}

CaromAiRequest break_request(AiLevel level) {
    const Table t = build_table(carom_spec());
    CaromAiRequest q;
    q.world = physics::World(carom_params(), t.cushions, t.pockets);
    for (const auto& b : carom_break_balls(t.spec, 0))
        q.world.add_ball(b);
    q.cue = kCaromWhite;
    q.break_shot = true;
    q.config = carom_ai_config(level);
    q.cue_params = play_cue();
    q.seed = 7;
    return q;
}

TEST(CaromAi, FindsTheOpeningShotsPathAndItScores) {
    const CaromAiRequest q = break_request(AiLevel::Medium);
    const CaromMove m = carom_decide(q);
    ASSERT_TRUE(m.found) << m.plan;
    // The planned shot, played without noise to rest, is a point that hit the red first.
    const CaromShot r = carom_trial(q.world, q.cue, m.intended, q.cue_params, true, 60.0, true);
    EXPECT_TRUE(r.point) << r.message;
    EXPECT_EQ(r.first, kCaromRed);
    EXPECT_GE(r.cushions_before_second, 3);
}

TEST(CaromAi, SameSeedSameMove) {
    const CaromAiRequest q = break_request(AiLevel::Easy);
    const CaromMove a = carom_decide(q), b = carom_decide(q);
    EXPECT_EQ(a.shot.heading, b.shot.heading);
    EXPECT_EQ(a.shot.speed, b.shot.speed);
    EXPECT_EQ(a.simulations, b.simulations);
}

// Pro shares its sweep and trials out over threads; the move is the one a single thread
// makes, bit for bit.
TEST(CaromAi, ProMoveDoesNotDependOnTheThreads) {
    CaromAiRequest q = break_request(AiLevel::Pro);
    EXPECT_EQ(q.config.threads, 0); // pro: one per core
    q.config.threads = 1;
    const CaromMove one = carom_decide(q);
    ASSERT_TRUE(one.found) << one.plan;
    for (int threads : {2, 3}) {
        q.config.threads = threads;
        const CaromMove m = carom_decide(q);
        EXPECT_EQ(m.intended.heading, one.intended.heading) << threads;
        EXPECT_EQ(m.intended.speed, one.intended.speed) << threads;
        EXPECT_EQ(m.intended.side, one.intended.side) << threads;
        EXPECT_EQ(m.shot.heading, one.shot.heading) << threads;
        EXPECT_EQ(m.success, one.success) << threads;
        EXPECT_EQ(m.simulations, one.simulations) << threads;
    }
}

// The elevated cue's sweep is a fallback: it runs only when no level shot scores.
TEST(CaromAi, TheElevatedSweepRunsOnlyWhenNoLevelShotScores) {
    CaromAiRequest q = break_request(AiLevel::Medium);
    q.config.elevations = {};
    const CaromMove level = carom_decide(q);
    ASSERT_TRUE(level.found) << level.plan;
    q.config.elevations = {deg_to_rad(15.0)};
    const CaromMove with = carom_decide(q);
    EXPECT_EQ(with.simulations, level.simulations); // no second sweep
    EXPECT_EQ(with.intended.elevation, 0.0);
    EXPECT_EQ(with.shot.heading, level.shot.heading);

    // A stroke too soft to reach three cushions scores at no heading, level or raised: both
    // sweeps run, each heading once per variant, and nothing is found.
    q.config.speeds = {0.3};
    q.config.sides = {0.45};
    q.config.heights = {0.0};
    q.config.headings = 24;
    const CaromMove soft = carom_decide(q);
    EXPECT_FALSE(soft.found);
    EXPECT_EQ(soft.simulations, 2 * 24);
    q.config.elevations = {};
    EXPECT_EQ(carom_decide(q).simulations, 24);
}

TEST(CaromAi, ThePathStartsAtTheBallsAndEndsAtRest) {
    const CaromAiRequest q = break_request(AiLevel::Easy);
    const CaromMove m = carom_decide(q);
    const auto paths = carom_path(q.world, q.cue, m.intended, q.cue_params);
    ASSERT_EQ(paths.size(), 3u);
    physics::World w = q.world;
    apply_strike(w, m.intended, q.cue_params, q.cue);
    w.run_until_rest(30.0);
    for (int i = 0; i < 3; ++i) {
        const auto& p = paths[static_cast<std::size_t>(i)];
        ASSERT_GE(p.size(), 2u);
        EXPECT_EQ(p.front(), q.world.ball(i).position);
        EXPECT_EQ(p.back(), w.ball(i).position);
    }
    EXPECT_GT(paths[0].size(), 30u); // the cue ball travelled for more than half a second
}

TEST(CaromMatch, AShortComputerGameEndsWithALegalWinner) {
    CaromGameConfig c;
    c.table = carom_spec();
    c.params = carom_params();
    c.cue = play_cue();
    c.rules.target = 2;
    c.levels = {AiLevel::Easy, AiLevel::Easy};
    c.seed = 3;
    CaromGame g(c);
    EXPECT_GE(g.lag_winner(), 0);
    EXPECT_EQ(g.state().breaker, g.lag_winner());
    int guard = 0;
    while (!g.state().game_over && ++guard < 400)
        ASSERT_TRUE(g.play_computer_turn());
    ASSERT_TRUE(g.state().game_over);
    const CaromState& s = g.state();
    std::array<int, 2> points{};
    for (const CaromRecord& r : g.history())
        points[static_cast<std::size_t>(r.shooter)] += r.result.point ? 1 : 0;
    EXPECT_EQ(points, s.score);
    // Two points are made long before the shot cap, and with no innings limit there is no
    // draw: the winner reached the target, the other did not.
    ASSERT_FALSE(g.capped());
    ASSERT_GE(s.winner, 0);
    EXPECT_FALSE(s.draw());
    EXPECT_EQ(s.score[static_cast<std::size_t>(s.winner)], 2);
    EXPECT_LT(s.score[static_cast<std::size_t>(1 - s.winner)], 2);
}

} // namespace
} // namespace billiards::game
