// CaromGame's stepped shot (the app's animation) against shoot(), its practice undo and its
// last shot's replay; the diamond-system aim aid's geometry.
#include <gtest/gtest.h>

#include <cmath>

#include "game/carom/carom_diamonds.hpp"
#include "game/carom/carom_game.hpp"
#include "game/physics_presets.hpp"
#include "game/pool/match.hpp"

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

CaromGameConfig config() {
    CaromGameConfig c;
    c.table = carom_spec();
    c.params = carom_params();
    c.cue = play_cue();
    c.breaker = 0;
    c.seed = 11;
    return c;
}

TEST(CaromGame, SteppedShotsEndBitIdenticalToShoot) {
    CaromGame a(config()), b(config());
    for (int k = 0; k < 3; ++k) {
        const CaromMove m = carom_decide(a.ai_request());
        ASSERT_TRUE(a.shoot(m.shot, m));
        ASSERT_TRUE(b.begin_shot(m.shot, m));
        EXPECT_TRUE(b.rolling());
        while (!b.shot_at_rest())
            b.step_shot();
        const CaromRecord& r = b.finish_shot();
        EXPECT_FALSE(b.rolling());
        EXPECT_EQ(r.result.point, a.history().back().result.point);
        EXPECT_EQ(a.world().state_hash(), b.world().state_hash()) << "shot " << k;
        EXPECT_EQ(a.state().score, b.state().score);
        ASSERT_NE(b.last_shot(), nullptr);
        // The replay strikes the shooter's ball (yellow after a miss) and ends the same.
        EXPECT_EQ(b.last_shot()->cue_ball, carom_cue_ball(r.shooter));
        EXPECT_EQ(Match::replay(*b.last_shot(), b.config().cue).state_hash(),
                  b.last_shot()->end_hash);
    }
}

TEST(CaromGame, PracticeUndoGoesBackBeforeTheShot) {
    CaromGameConfig c = config();
    CaromGame plain(c);
    CueShot s;
    s.speed = 3.0;
    ASSERT_TRUE(plain.shoot(s));
    EXPECT_FALSE(plain.can_undo());
    c.practice = true;
    CaromGame g(c);
    const std::uint64_t before = g.world().state_hash();
    const CaromState state = g.state();
    ASSERT_TRUE(g.shoot(s));
    ASSERT_TRUE(g.can_undo());
    ASSERT_TRUE(g.undo());
    EXPECT_EQ(g.world().state_hash(), before);
    EXPECT_EQ(g.state().shooter, state.shooter);
    EXPECT_TRUE(g.state().break_shot);
    EXPECT_TRUE(g.history().empty());
    EXPECT_EQ(g.last_shot(), nullptr);
    EXPECT_FALSE(g.can_undo());
}

// White frozen to the red (touching), the yellow apart; white to shoot.
CaromGameConfig frozen_config() {
    CaromGameConfig c = config();
    const double r = c.table.ball_radius;
    c.opening = carom_balls(c.table, {Vec2{-0.3, 0.1}, Vec2{0.6, -0.4}, Vec2{-0.3 + 2 * r, 0.1}});
    c.levels = {AiLevel::Easy, AiLevel::Easy};
    return c;
}

TEST(CaromGame, AFrozenCueBallOffersTheChoice) {
    CaromGame opening(config());
    EXPECT_EQ(opening.frozen_ball(), -1);
    EXPECT_FALSE(opening.choose_frozen(FrozenChoice::Spot)); // nothing frozen
    CaromGameConfig c = frozen_config();
    c.practice = true;
    CaromGame g(c);
    EXPECT_FALSE(g.state().break_shot); // a position set up: an ordinary shot
    ASSERT_EQ(g.frozen_ball(), kCaromRed);
    EXPECT_FALSE(g.choose_frozen(FrozenChoice::None));
    ASSERT_TRUE(g.choose_frozen(FrozenChoice::Spot));
    // As at the opening with the shooter (white) in the breaker's place.
    for (const physics::BallDef& b : carom_break_balls(c.table, 0))
        EXPECT_EQ(g.world().ball(g.world().index_of(b.id)).position, b.position) << b.id;
    EXPECT_EQ(g.frozen_ball(), -1); // chosen
    EXPECT_EQ(g.frozen_choice(), FrozenChoice::Spot);
    const std::uint64_t spotted = g.world().state_hash();
    CueShot s;
    s.speed = 3.0;
    s.heading = 0.2;
    ASSERT_TRUE(g.shoot(s));
    EXPECT_EQ(g.history().back().frozen, FrozenChoice::Spot);
    EXPECT_EQ(g.history().back().frozen_ball, kCaromRed);
    EXPECT_EQ(g.frozen_choice(), FrozenChoice::None);
    // Undo goes back to the spotted balls with the choice made.
    ASSERT_TRUE(g.undo());
    EXPECT_EQ(g.world().state_hash(), spotted);
    EXPECT_EQ(g.frozen_choice(), FrozenChoice::Spot);
    // Shooting from contact without a choice plays away.
    CaromGame h(frozen_config());
    ASSERT_TRUE(h.shoot(s));
    EXPECT_EQ(h.history().back().frozen, FrozenChoice::PlayAway);
    EXPECT_EQ(h.history().back().frozen_ball, kCaromRed);
}

// The computer plans both choices and takes the likelier to score.
TEST(CaromGame, TheComputerChoosesTheBetterOfPlayingAwayAndSpotting) {
    CaromGame g(frozen_config());
    const CaromAiRequest q = g.ai_request();
    ASSERT_TRUE(q.may_spot);
    ASSERT_EQ(q.frozen, kCaromRed);
    CaromAiRequest away = q, spot = q;
    away.may_spot = spot.may_spot = false;
    spot.world = q.spotted;
    spot.frozen = -1;
    auto worth = [](const CaromMove& m) { return m.found ? m.success : -1.0; };
    const double w_away = worth(carom_decide(away)), w_spot = worth(carom_decide(spot));
    const CaromMove m = carom_decide(q);
    EXPECT_EQ(m.frozen, w_spot > w_away ? FrozenChoice::Spot : FrozenChoice::PlayAway)
        << w_away << " " << w_spot;
    EXPECT_EQ(worth(m), std::max(w_away, w_spot));
    // Played: the record keeps its choice, and a spot moved the balls before the strike.
    ASSERT_TRUE(g.shoot(m.shot, m));
    EXPECT_EQ(g.history().back().frozen, m.frozen);
    EXPECT_EQ(g.last_shot()->before.state_hash(), carom_move_world(q, m).state_hash());
}

// A straight reflection in closed form: from the centre at slope 2 the centre meets the +y
// rail's line (a radius inside the nose, hy from the middle) at x1 = hy / 2, then the -y
// rail's at x1 + 2 hy / 2; diamonds are eighths of the length from the head rail's nose.
TEST(CaromDiamonds, StraightReflectionHitsInDiamondUnits) {
    const TableSpec t = carom_spec();
    const double r = t.ball_radius;
    const double hy = t.width / 2 - r;
    const double slope = 2.0; // dy/dx: the two long rails before the foot rail
    const std::vector<RailHit> hits = diamond_path(t, {0.0, 0.0}, std::atan(slope), r, 2);
    ASSERT_EQ(hits.size(), 2u);
    const double x1 = hy / slope;          // first: the top rail
    const double x2 = x1 + 2 * hy / slope; // second: the bottom rail after the reflection
    EXPECT_EQ(hits[0].rail, Rail::Top);
    EXPECT_NEAR(hits[0].centre.y, hy, 1e-12);
    EXPECT_NEAR(hits[0].diamond, (x1 + t.length / 2) / (t.length / 8), 1e-12);
    EXPECT_EQ(hits[1].rail, Rail::Bottom);
    EXPECT_NEAR(hits[1].diamond, (x2 + t.length / 2) / (t.length / 8), 1e-12);
    // Along the table: the foot rail in its middle (diamond 2 of 4), then the head rail.
    const std::vector<RailHit> end = diamond_path(t, {0.0, 0.0}, 0.0, r, 2);
    ASSERT_EQ(end.size(), 2u);
    EXPECT_EQ(end[0].rail, Rail::Foot);
    EXPECT_NEAR(end[0].diamond, 2.0, 1e-12);
    EXPECT_EQ(end[1].rail, Rail::Head);
    EXPECT_NEAR(end[1].centre.x, -(t.length / 2 - r), 1e-12);
}

} // namespace
} // namespace billiards::game
