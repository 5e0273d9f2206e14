// Keys that cannot act now answer with a message, and the key bar offers only what may be
// done now: B without ball in hand, O without a push-out, 2..7 without a nomination.
#include <gtest/gtest.h>

#include <deque>
#include <string>

#include "app/game_app.hpp"
#include "app/game_driver.hpp"
#include "app_games.hpp"
#include "app_helpers.hpp"
#include "game/pool/match.hpp"
#include "game/rack.hpp"
#include "game/snooker/snooker_match.hpp"
#include "io/scenario.hpp"

namespace billiards {
namespace {

using GameApp = app::DrivenGame;
using app::Mode;
using test::key;

constexpr double kFrame = 1.0 / 60.0;

game::MatchConfig config(game::GameKind kind) {
    game::MatchConfig c;
    c.kind = kind;
    c.seats[0].name = "Ann";
    c.seats[1].name = "Bob";
    c.seed = 7;
    c.params.cushion_friction = 0.2;
    return c;
}

void run_until_still(GameApp& g) {
    for (int i = 0; i < 60 * 60 && g.mode() == Mode::Rolling; ++i)
        g.update(kFrame);
}

// The last message posted after pressing `k`, or "" when it posted none.
std::string answer(GameApp& g, SDL_Keycode k) {
    const std::deque<std::string> before = g.messages();
    g.handle_event(key(k));
    const std::deque<std::string> after = g.messages();
    return after == before || after.empty() ? "" : after.back();
}

bool offers(const GameApp& g, const std::string& what) {
    return g.view().hud.help.find(what) != std::string::npos;
}

TEST(KeyAnswers, BallInHandKeyWithoutBallInHandSaysSo) {
    GameApp g(game::build_table(game::TableSpec{}), "pool-9ft");
    test::start_match(g, config(game::GameKind::EightBall), "pool-9ft");
    g.aim_at(game::foot_spot(g.table().spec));
    ASSERT_TRUE(g.shoot(1.0)); // the break, from the head spot
    const std::string rolling = answer(g, SDLK_b);
    EXPECT_NE(rolling.find("wait until the balls stop"), std::string::npos) << rolling;
    run_until_still(g);
    ASSERT_FALSE(test::pool(g)->view().ball_in_hand); // this rack's break leaves no foul
    const std::string said = answer(g, SDLK_b);
    EXPECT_EQ(g.mode(), Mode::Aiming);
    EXPECT_NE(said.find("No ball in hand"), std::string::npos) << said;
}

TEST(KeyAnswers, PushOutOnlyOfferedWhenAllowedAndOAnswersOtherwise) {
    GameApp g(game::build_table(game::TableSpec{}), "pool-9ft");
    // 8-ball has no push-out: the bar does not offer it, O says so.
    test::start_match(g, config(game::GameKind::EightBall), "pool-9ft");
    EXPECT_FALSE(offers(g, "O: push-out"));
    const std::string eight = answer(g, SDLK_o);
    EXPECT_NE(eight.find("9-ball"), std::string::npos) << eight;
    EXPECT_FALSE(g.push_out());

    // 9-ball: not on the break; offered on the shot right after it.
    test::start_match(g, config(game::GameKind::NineBall), "pool-9ft");
    EXPECT_FALSE(offers(g, "O: push-out")) << g.view().hud.help;
    const std::string on_break = answer(g, SDLK_o);
    EXPECT_NE(on_break.find("right after the break"), std::string::npos) << on_break;
    EXPECT_FALSE(g.push_out());
    g.aim_at(game::foot_spot(g.table().spec));
    ASSERT_TRUE(g.shoot(1.0));
    run_until_still(g);
    ASSERT_TRUE(test::pool(g)->view().push_out_available);
    EXPECT_TRUE(offers(g, "O: push-out")) << g.view().hud.help;
    g.handle_event(key(SDLK_o));
    EXPECT_TRUE(g.push_out());
    EXPECT_TRUE(offers(g, "O: push-out")); // to cancel it
}

TEST(KeyAnswers, NominatingWhenNothingIsToBeNominatedSaysSo) {
    GameApp g(game::build_table(game::TableSpec{}), "pool-9ft");
    io::Settings& c = g.choices();
    c.game = game::GameKind::Snooker;
    c.snooker_table = "snooker-10ft";
    c.seats = {game::SeatKind::Human, game::SeatKind::Human};
    ASSERT_TRUE(g.start(game::GameKind::Snooker));
    // A red is on at the break: no colour to nominate, none offered.
    EXPECT_FALSE(offers(g, "nominate")) << g.view().hud.help;
    const std::string said = answer(g, SDLK_7);
    EXPECT_NE(said.find("Nothing to nominate"), std::string::npos) << said;
    // In pool the same keys say the same.
    test::start_match(g, config(game::GameKind::EightBall), "pool-9ft");
    EXPECT_NE(answer(g, SDLK_2).find("Nothing to nominate"), std::string::npos);
}

} // namespace
} // namespace billiards
