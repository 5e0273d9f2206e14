// Each seat's own cue: the power, tip and elevation a player sets stay theirs while the other
// seat (a person or the computer) plays, and nothing carries from one game into the next.
// Driven through the keys, as a player sets them.
#include <gtest/gtest.h>

#include <cmath>

#include "app/game_app.hpp"
#include "app/game_driver.hpp"
#include "app_games.hpp"
#include "app_helpers.hpp"
#include "game/carom/carom_game.hpp"
#include "game/carom/three_cushion_game.hpp"
#include "game/pool/match.hpp"
#include "game/rack.hpp"
#include "io/scenario.hpp"

namespace billiards {
namespace {

using GameApp = app::DrivenGame;
using app::Mode;
using test::key;

constexpr double kFrame = 1.0 / 60.0;

game::Seat seat(const std::string& name, bool computer) {
    game::Seat s;
    s.name = name;
    if (computer) {
        s.kind = game::SeatKind::Computer;
        s.level = game::AiLevel::Easy;
        game::AiConfig c = game::ai_config(game::AiLevel::Easy);
        c.budget = 60'000;
        s.ai = c;
    }
    return s;
}

game::MatchConfig config(game::Seat a, game::Seat b) {
    game::MatchConfig c;
    c.kind = game::GameKind::EightBall;
    c.seats = {std::move(a), std::move(b)};
    c.seed = 7;
    c.params.cushion_friction = 0.2;
    return c;
}

void run_until_still(GameApp& g) {
    for (int i = 0; i < 60 * 60 && g.mode() == Mode::Rolling; ++i)
        g.update(kFrame);
}

// Keys a player presses to set the cue: draw and right side, the butt raised, power up.
void set_my_cue(GameApp& g) {
    for (SDL_Keycode k : {SDLK_s, SDLK_s, SDLK_s, SDLK_d, SDLK_d, SDLK_e, SDLK_e, SDLK_e, SDLK_UP,
                          SDLK_UP, SDLK_UP, SDLK_UP})
        g.handle_event(key(k));
}

struct Cue {
    double side, height, elevation, power;
};
Cue cue_of(const GameApp& g) {
    return {g.tip_side(), g.tip_height(), g.cue_elevation(), g.key_power()};
}
void expect_cue(const Cue& got, const Cue& want, const char* when) {
    EXPECT_DOUBLE_EQ(got.side, want.side) << when;
    EXPECT_DOUBLE_EQ(got.height, want.height) << when;
    EXPECT_DOUBLE_EQ(got.elevation, want.elevation) << when;
    EXPECT_DOUBLE_EQ(got.power, want.power) << when;
}
constexpr Cue kFresh{0.0, 0.0, 0.0, 0.5};

// Plays the seat to move: a human aims at its first legal ball and shoots with Space; the
// computer thinks (worker thread), lines up and shoots.
void play_turn(GameApp& g) {
    if (test::pool(g)->computer_to_act()) {
        g.update(0.0);
        g.wait_for_computer();
        g.update(0.0);
        for (int i = 0; i < 120 && g.mode() != Mode::Rolling && test::pool(g)->computer_to_act();
             ++i)
            g.update(kFrame);
    } else {
        if (test::pool(g)->phase() == game::Phase::Deciding) {
            ASSERT_TRUE(g.decide(game::Decision::AcceptTable));
            return;
        }
        const game::MatchView v = test::pool(g)->view();
        ASSERT_FALSE(v.legal_targets.empty());
        g.aim_at(g.world().ball(g.world().index_of(v.legal_targets.front())).position);
        if (v.must_call_pocket) g.call_pocket(0);
        g.handle_event(key(SDLK_SPACE));
    }
    run_until_still(g);
}

TEST(OwnCue, TheComputersLineUpNeverWritesThePlayersCue) {
    GameApp g(game::build_table(game::TableSpec{}), "pool-9ft");
    test::start_match(g, config(seat("Ann", false), seat("Cee", true)), "pool-9ft");
    expect_cue(cue_of(g), kFresh, "a new match");
    set_my_cue(g);
    const Cue mine = cue_of(g);
    ASSERT_NE(mine.side, 0.0);
    ASSERT_GT(mine.elevation, 0.0);
    g.aim_at(game::foot_spot(g.table().spec));
    g.handle_event(key(SDLK_SPACE)); // the break, with Ann's cue
    ASSERT_EQ(g.mode(), Mode::Rolling);
    run_until_still(g);
    // Play on until the computer has shot and it is Ann's turn again.
    bool computer_shot = false;
    for (int turn = 0; turn < 30; ++turn) {
        if (test::pool(g)->phase() == game::Phase::GameOver) break;
        const bool computer = test::pool(g)->computer_to_act();
        if (!computer && computer_shot) break;
        const std::size_t before = test::pool(g)->history().size();
        play_turn(g);
        if (computer && test::pool(g)->history().size() > before) computer_shot = true;
        if (!test::pool(g)->computer_to_act()) expect_cue(cue_of(g), mine, "Ann's turn");
    }
    ASSERT_TRUE(computer_shot);
    ASSERT_FALSE(test::pool(g)->computer_to_act());
    expect_cue(cue_of(g), mine, "Ann's turn after the computer's");
}

TEST(OwnCue, EachPersonAtTheTableKeepsTheirOwn) {
    GameApp g(game::build_table(game::TableSpec{}), "pool-9ft");
    test::start_match(g, config(seat("Ann", false), seat("Bob", false)), "pool-9ft");
    set_my_cue(g);
    const Cue ann = cue_of(g);
    // A soft break from the kitchen: Bob decides (the table as it lies), then plays.
    g.aim_at(game::foot_spot(g.table().spec));
    for (int k = 0; k < 12; ++k)
        g.handle_event(key(SDLK_DOWN));
    const Cue soft = cue_of(g);
    g.handle_event(key(SDLK_SPACE));
    run_until_still(g);
    ASSERT_EQ(test::pool(g)->view().shooter, 1);
    expect_cue(cue_of(g), kFresh, "Bob's first turn");
    g.handle_event(key(SDLK_w));
    g.handle_event(key(SDLK_a));
    const Cue bob = cue_of(g);
    ASSERT_NE(bob.height, ann.height);
    // Bob plays until the turn comes back to Ann; each time he has his own cue.
    for (int turn = 0; turn < 30 && test::pool(g)->view().shooter == 1; ++turn) {
        if (test::pool(g)->phase() == game::Phase::GameOver) break;
        play_turn(g);
        if (test::pool(g)->view().shooter == 1) expect_cue(cue_of(g), bob, "Bob again");
    }
    ASSERT_EQ(test::pool(g)->view().shooter, 0);
    expect_cue(cue_of(g), soft, "Ann's turn again");
}

TEST(OwnCue, ThreeCushionSpinDoesNotCarryIntoTheSandbox) {
    GameApp g(game::build_table(game::TableSpec{}), "pool-9ft");
    game::CaromGameConfig c;
    c.table = io::load_standard_table("carom-10ft").spec;
    c.params = game::carom_params();
    c.cue = game::play_cue();
    c.breaker = 0;
    c.seed = 5;
    const std::array<game::Seat, 2> seats{
        game::Seat{game::SeatKind::Human, c.levels[0], "Ann", std::nullopt},
        game::Seat{game::SeatKind::Human, c.levels[1], "Bob", std::nullopt}};
    g.start_game(game::make_three_cushion_game(std::make_unique<game::CaromGame>(c), seats),
                 "carom-10ft");
    set_my_cue(g);
    ASSERT_NE(g.tip_side(), 0.0);
    g.start_sandbox("pool-9ft");
    expect_cue(cue_of(g), kFresh, "the sandbox after three-cushion");
    set_my_cue(g);
    test::start_match(g, config(seat("Ann", false), seat("Bob", false)), "pool-9ft");
    expect_cue(cue_of(g), kFresh, "a match after the sandbox");
}

// The power meter shows what the player sets: spin and elevation leave its speed alone (a
// tip off centre gives the ball a little less, which it does not follow).
TEST(OwnCue, ThePowerMeterShowsThePowerSetNotTheSpin) {
    GameApp g(game::build_table(game::TableSpec{}), "pool-9ft");
    const double centre = g.view().controls.ball_speed;
    EXPECT_GT(centre, 0.0);
    set_my_cue(g); // spin, elevation and more power
    const double more = g.view().controls.ball_speed;
    EXPECT_GT(more, centre);
    g.handle_event(key(SDLK_c)); // the tip back to the centre
    for (int k = 0; k < 3; ++k)
        g.handle_event(key(SDLK_f));
    EXPECT_DOUBLE_EQ(g.view().controls.ball_speed, more);
}

} // namespace
} // namespace billiards
