// Aim aids: the straight-line preview and the full predicted paths.
#include <gtest/gtest.h>

#include <cmath>

#include "game/match_aim.hpp"
#include "game/strike.hpp"
#include "game/table.hpp"

using namespace billiards;
using namespace billiards::game;

namespace {

physics::World two_balls(Vec2 object) {
    const Table t = build_table(TableSpec{});
    physics::World w({}, t.cushions, t.pockets);
    physics::BallDef cue, obj;
    cue.id = 0;
    cue.position = {-0.5, 0.0};
    obj.id = 4;
    obj.position = object;
    w.add_ball(obj);
    w.add_ball(cue);
    return w;
}

} // namespace

TEST(MatchAim, PreviewFindsTheFirstBallAndTheCutDirections) {
    const double R = physics::kBallRadius;
    const physics::World w = two_balls({0.0, 0.02});
    const AimPreview a = aim_preview(w, 0.0);
    ASSERT_TRUE(a.hits_ball);
    EXPECT_FALSE(a.hits_cushion);
    EXPECT_EQ(a.ball, 4);
    EXPECT_NEAR(length(a.cue_contact - Vec2{0.0, 0.02}), 2 * R, 1e-12);
    EXPECT_NEAR(a.cue_contact.y, 0.0, 1e-15);
    EXPECT_NEAR(a.cut_angle, std::asin(0.02 / (2 * R)), 1e-12);
    EXPECT_GT(a.object_direction.y, 0.0); // thin on the lower side: the object goes up
    EXPECT_LT(a.cue_direction.y, 0.0);    // and the cue ball down the tangent line
    EXPECT_NEAR(dot(a.object_direction, a.cue_direction), 0.0, 1e-12);
}

TEST(MatchAim, PreviewStopsAtACushion) {
    const double R = physics::kBallRadius;
    const physics::World w = two_balls({0.0, 0.0});
    const AimPreview a = aim_preview(w, kPi / 2);
    EXPECT_FALSE(a.hits_ball);
    ASSERT_TRUE(a.hits_cushion);
    EXPECT_NEAR(a.cue_contact.y, 1.270 / 2 - R, 1e-12);
    EXPECT_NEAR(a.cue_contact.x, -0.5, 1e-12);
}

TEST(MatchAim, PredictedPathsEndWhereTheShotEnds) {
    const physics::World w = two_balls({0.0, 0.0});
    const CueShot s{0.0, 1.5, 0.0, 0.0};
    const auto paths = predict_paths(w, s);
    ASSERT_EQ(paths.size(), 2u);
    physics::World run = w;
    apply_strike(run, s);
    run.run_until_rest(60.0);
    for (const BallPath& p : paths) {
        const physics::Ball& b = run.ball(run.index_of(p.id));
        if (b.state == physics::MotionState::Pocketed) {
            EXPECT_TRUE(p.pocketed);
        } else {
            EXPECT_EQ(p.points.back(), b.position) << p.id;
        }
        EXPECT_GT(p.points.size(), 5u);
    }
}
