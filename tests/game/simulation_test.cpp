// The work cap of game/simulation.hpp: a run under it is the uncapped run bit for bit; a run
// that needs more events stops where it is, still moving, and says so in one message that
// the command line and Python complete with the cap's own name.
#include <gtest/gtest.h>

#include <string>

#include "game/simulation.hpp"

namespace {

using namespace billiards;

// Two balls on an open cloth, the first sent into the second: a few tens of events (the
// impact, sliding turning to rolling, rest) on no table at all.
game::Scenario two_balls() {
    game::Scenario s;
    s.table = game::Table{};
    s.balls = {{0, {0.0, 0.0}, {2.0, 0.0}, {}}, {1, {0.5, 0.01}, {}, {}}};
    s.duration = 30.0;
    return s;
}

TEST(WorkCap, UnderTheCapTheRunIsTheUncappedOne) {
    const game::Scenario s = two_balls();
    const physics::World free = game::run_scenario(s, true);
    ASSERT_TRUE(free.at_rest());
    for (const std::uint64_t cap : {std::uint64_t{0}, std::uint64_t{1'000'000}}) {
        const physics::World capped = game::run_scenario_capped(s, true, cap);
        EXPECT_EQ(capped.state_hash(), free.state_hash()) << cap;
        EXPECT_EQ(capped.events().size(), free.events().size()) << cap;
    }
    physics::World w = game::make_world(s);
    EXPECT_EQ(game::run_until_rest_capped(w, s.duration, 1'000'000), free.steps());
    EXPECT_EQ(w.state_hash(), free.state_hash());
}

TEST(WorkCap, OverTheCapTheRunStopsMovingAndSaysWhere) {
    const game::Scenario s = two_balls();
    physics::World w = game::make_world(s);
    try {
        (void)game::run_until_rest_capped(w, s.duration, 1);
        FAIL() << "a run of more than one event passed a cap of one";
    } catch (const game::WorkCapReached& e) {
        EXPECT_EQ(e.max_events, 1u);
        EXPECT_EQ(e.time, w.time());
        EXPECT_LT(e.time, s.duration);
        EXPECT_FALSE(w.at_rest());
    }
    EXPECT_THROW((void)game::run_scenario_capped(s, false, 1), game::WorkCapReached);
}

TEST(WorkCap, TheMessageNamesTheCapAsItsCallerGaveIt) {
    const game::WorkCapReached e(200000, 0.0123456789);
    EXPECT_EQ(std::string(e.what()), "work cap reached: the run needs more than 200000 events; "
                                     "stopped at t = 0.0123457 s with balls still moving");
    EXPECT_EQ(e.message("--max-events 200000"),
              "work cap reached: the run needs more than 200000 events (--max-events 200000); "
              "stopped at t = 0.0123457 s with balls still moving");
    EXPECT_EQ(game::WorkCapReached(7, 1.5).message("max_events"),
              "work cap reached: the run needs more than 7 events (max_events); stopped at "
              "t = 1.5 s with balls still moving");
}

} // namespace
