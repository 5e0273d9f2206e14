// Physics events as sounds: each kind of event picks its sound, with the impact speed the
// world had (estimated from the step's start and end states).
#include <gtest/gtest.h>

#include <vector>

#include "audio/sound_events.hpp"
#include "physics/world.hpp"

namespace billiards::audio {
namespace {

physics::Params frictionless() {
    physics::Params p;
    p.sliding_friction = 0.0;
    p.rolling_friction = 0.0;
    p.spin_friction = 0.0;
    return p;
}

// A strip of table: one cushion along y = 0 and one pocket at (2.5, 1).
physics::World world_with(const std::vector<physics::BallDef>& balls,
                          const physics::Params& params = frictionless()) {
    physics::World w(params, {{{0.0, 0.0}, {3.0, 0.0}}}, {{{2.5, 1.0}, 0.06}});
    for (const physics::BallDef& b : balls)
        w.add_ball(b);
    w.set_record_events(true);
    return w;
}

std::vector<Impact> run(physics::World& w, double seconds, int* events = nullptr) {
    std::vector<Impact> all;
    int n = 0;
    while (w.time() < seconds) {
        const StepStart s = step_start(w);
        w.step();
        n += static_cast<int>(w.events().size());
        for (const Impact& im : impacts(s, w, w.events()))
            all.push_back(im);
        w.clear_events();
    }
    if (events) *events = n;
    return all;
}

physics::BallDef ball(int id, Vec2 p, Vec2 v = {}) {
    physics::BallDef b;
    b.id = id;
    b.position = p;
    b.velocity = v;
    return b;
}

TEST(SoundEvents, BallOnBallClicksAtTheClosingSpeed) {
    physics::World w = world_with({ball(0, {1.0, 0.5}, {2.0, 0.0}), ball(1, {1.5, 0.5})});
    const std::vector<Impact> im = run(w, 0.5);
    ASSERT_EQ(im.size(), 1u);
    EXPECT_EQ(im[0].kind, SoundKind::Click);
    EXPECT_NEAR(im[0].speed, 2.0, 0.02);
    EXPECT_NEAR(im[0].x, 1.5 - physics::kBallRadius, 0.01);
}

TEST(SoundEvents, GlancingHitsClickSofter) {
    // Same speed, half a ball's width off centre: the normal speed is lower.
    physics::World w =
        world_with({ball(0, {1.0, 0.5 + physics::kBallRadius}, {2.0, 0.0}), ball(1, {1.5, 0.5})});
    const std::vector<Impact> im = run(w, 0.5);
    ASSERT_EQ(im.size(), 1u);
    EXPECT_EQ(im[0].kind, SoundKind::Click);
    EXPECT_NEAR(im[0].speed, 2.0 * std::sqrt(0.75), 0.05);
}

TEST(SoundEvents, CushionThudsAtTheNormalSpeed) {
    physics::World w = world_with({ball(0, {0.5, 0.3}, {0.5, -1.5})});
    const std::vector<Impact> im = run(w, 0.3);
    ASSERT_EQ(im.size(), 1u);
    EXPECT_EQ(im[0].kind, SoundKind::Cushion);
    EXPECT_NEAR(im[0].speed, 1.5, 0.03);
}

TEST(SoundEvents, PocketedBallsDrop) {
    physics::World w = world_with({ball(0, {2.0, 1.0}, {1.0, 0.0})});
    const std::vector<Impact> im = run(w, 1.0);
    ASSERT_EQ(im.size(), 1u);
    EXPECT_EQ(im[0].kind, SoundKind::Pocket);
    EXPECT_NEAR(im[0].speed, 1.0, 0.02);
    EXPECT_DOUBLE_EQ(im[0].x, 2.5);
}

TEST(SoundEvents, RestingContactsAreSilent) {
    physics::World w = world_with({ball(0, {1.0, 0.5}, {0.01, 0.0}),
                                   ball(1, {1.0 + 2.0 * physics::kBallRadius + 0.002, 0.5})});
    int events = 0;
    EXPECT_TRUE(run(w, 0.5, &events).empty());
    EXPECT_GE(events, 1); // the contact happened, too softly to hear
}

TEST(SoundEvents, EveryKindOfEventPicksItsSound) {
    physics::World w = world_with({ball(0, {1.0, 0.5}), ball(1, {1.2, 0.5})});
    StepStart s = step_start(w);
    s.balls[0].velocity = {1.0, 0.0};
    std::vector<physics::Event> events(4);
    events[0].kind = physics::EventKind::BallBall;
    events[0].ball = 0;
    events[0].other = 1;
    events[1].kind = physics::EventKind::BallCushion;
    events[1].ball = 0;
    events[1].other = 0;
    s.balls[1].velocity = {0.0, -1.0}; // towards the cushion at y = 0
    events[1].ball = 1;
    events[2].kind = physics::EventKind::Pocketed;
    events[2].ball = 0;
    events[2].other = 0;
    events[3].kind = physics::EventKind::Cluster; // its contacts are listed on their own
    events[3].ball = 0;
    events[3].other = 1;
    events[3].members = {0, 1};
    const std::vector<Impact> im = impacts(s, w, events);
    ASSERT_EQ(im.size(), 3u);
    EXPECT_EQ(im[0].kind, SoundKind::Click);
    EXPECT_EQ(im[1].kind, SoundKind::Cushion);
    EXPECT_EQ(im[2].kind, SoundKind::Pocket);
    EXPECT_EQ(cue_strike(5.0, 0.0, 1.0).kind, SoundKind::Cue);
    // Out-of-range indices are ignored, not read.
    events.assign(1, physics::Event{});
    events[0].ball = 7;
    EXPECT_TRUE(impacts(s, w, events).empty());
}

} // namespace
} // namespace billiards::audio
