// Snooker in the desktop game, driven as a player drives it: the menu's choices, the cue ball
// placed in the D, a foul and the reply card, nominating a colour, undo in practice, the
// computer's strokes through the app, and the HUD drawn through the real loop.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <memory>

#include "app/game_app.hpp"
#include "app/game_driver.hpp"
#include "app/game_screenshot.hpp"
#include "app/loop_script.hpp"
#include "app_games.hpp"
#include "app_helpers.hpp"
#include "frame_probe.hpp"
#include "game/snooker/snooker_match.hpp"
#include "io/scenario.hpp"

namespace billiards {
namespace {

namespace snk = game::snooker;
using GameApp = app::DrivenGame;
using app::Mode;
using test::key;

constexpr double kFrame = 1.0 / 60.0;

GameApp make_app() {
    return GameApp(game::build_table(game::TableSpec{}), "pool-9ft");
}

void run_until_still(GameApp& g, int max_frames = 60 * 90) {
    for (int i = 0; i < max_frames && g.mode() == Mode::Rolling; ++i)
        g.update(kFrame);
}

game::Seat seat(const std::string& name, bool computer) {
    game::Seat s;
    s.name = name;
    if (computer) {
        s.kind = game::SeatKind::Computer;
        s.level = game::AiLevel::Easy;
        game::AiConfig c = game::ai_config(game::AiLevel::Easy);
        c.budget = 40'000; // quick in the sanitizer build
        s.ai = c;
    }
    return s;
}

void start(GameApp& g, bool computers, bool practice = false) {
    snk::MatchConfig c;
    c.seats = {seat("Ann", computers), seat("Bob", computers)};
    c.table = snk::full_size_spec();
    c.params = snk::play_params_for(c.table);
    c.seed = 11;
    c.practice = practice;
    test::adopt_snooker(g, std::make_unique<snk::Match>(c), "snooker-12ft");
}

// A stroke far too soft to reach any ball: a foul (and a miss) worth 4.
bool soft_foul(GameApp& g) {
    const snk::Markings m = snk::markings(test::snooker(g)->config().table);
    g.aim_at(m.spots[4]); // towards the pink
    return g.shoot(0.02);
}

TEST(SnookerApp, StartsFromTheMenuChoices) {
    GameApp g = make_app();
    io::Settings& c = g.choices();
    c.game = game::GameKind::Snooker;
    c.snooker_table = "snooker-10ft";
    c.snooker_best_of = 5;
    c.seats = {game::SeatKind::Human, game::SeatKind::Human};
    c.names = {"Ann", "Bob"};
    ASSERT_TRUE(g.start_from_choices());
    ASSERT_NE(test::snooker(g), nullptr);
    EXPECT_EQ(test::snooker(g)->config().best_of, 5);
    EXPECT_EQ(g.table().spec.length, io::load_standard_table("snooker-10ft").spec.length);
    const render::SceneView v = g.view();
    ASSERT_EQ(v.hud.players.size(), 2u);
    EXPECT_TRUE(v.hud.players[0].active);
    EXPECT_NE(v.hud.title.find("best of 5"), std::string::npos) << v.hud.title;
    EXPECT_NE(v.hud.title.find("remaining 147"), std::string::npos) << v.hud.title;
    c.snooker_table = "no-such-table";
    EXPECT_FALSE(g.start_from_choices());
}

TEST(SnookerApp, TheCueBallGoesInTheDOnly) {
    GameApp g = make_app();
    start(g, false);
    EXPECT_EQ(g.mode(), Mode::Aiming);
    g.handle_event(key(SDLK_b));
    ASSERT_EQ(g.mode(), Mode::Placing);
    EXPECT_FALSE(g.place_cue_ball({0.5, 0.0})); // not in the D
    EXPECT_EQ(g.mode(), Mode::Placing);
    const snk::Markings m = snk::markings(test::snooker(g)->config().table);
    const Vec2 p{m.baulk_x - 0.1, 0.12};
    ASSERT_TRUE(g.place_cue_ball(p));
    EXPECT_EQ(g.mode(), Mode::Aiming);
    const physics::Ball& cue = g.world().ball(g.world().index_of(snk::kCue));
    EXPECT_NEAR(cue.position.x, p.x, 1e-12);
    EXPECT_NEAR(cue.position.y, p.y, 1e-12);
}

TEST(SnookerApp, AFoulGivesPointsAndTheReply) {
    GameApp g = make_app();
    start(g, false);
    ASSERT_TRUE(soft_foul(g));
    EXPECT_EQ(g.mode(), Mode::Rolling); // animated, judged at rest
    run_until_still(g);
    const snk::Match& m = *test::snooker(g);
    ASSERT_EQ(m.history().size(), 1u);
    EXPECT_NE(m.history().back().verdict.foul, snk::Foul::None);
    EXPECT_EQ(m.frame().scores[1], 4);
    ASSERT_TRUE(m.frame().reply_pending);
    EXPECT_EQ(m.frame().shooter, 1);
    EXPECT_NE(g.view().hud.status.find("play on"), std::string::npos) << g.view().hud.status;
    EXPECT_FALSE(g.shoot(0.5)); // the reply first
    ASSERT_TRUE(g.decide(game::Decision::OffenderPlaysAgain));
    EXPECT_FALSE(m.frame().reply_pending);
    EXPECT_EQ(m.frame().shooter, 0);
    EXPECT_FALSE(g.undo()); // not a practice match
}

// The reply to a foul said as what the player did (it read "Bob: replace and replay" or
// "Bob: offender plays again"), by a player and by the computer.
TEST(SnookerApp, TheReplyToAFoulReadsAsASentence) {
    GameApp g = make_app();
    start(g, false);
    ASSERT_TRUE(soft_foul(g));
    run_until_still(g);
    ASSERT_TRUE(test::snooker(g)->frame().reply_pending);
    ASSERT_TRUE(g.decide(game::Decision::OffenderPlaysAgain));
    EXPECT_EQ(g.messages().back(), "Bob has Ann play again");

    GameApp c = make_app();
    snk::MatchConfig mc;
    mc.seats = {seat("Ann", false), seat("Bob", true)};
    mc.table = snk::full_size_spec();
    mc.params = snk::play_params_for(mc.table);
    mc.seed = 11;
    test::adopt_snooker(c, std::make_unique<snk::Match>(mc), "snooker-12ft");
    ASSERT_TRUE(soft_foul(c));
    run_until_still(c);
    ASSERT_TRUE(test::snooker(c)->frame().reply_pending);
    const std::size_t before = c.messages().size();
    c.update(0.0); // the computer thinks
    c.wait_for_computer();
    c.update(0.0); // and answers
    ASSERT_FALSE(test::snooker(c)->frame().reply_pending);
    ASSERT_GT(c.messages().size(), before);
    const std::string said = c.messages()[before];
    EXPECT_EQ(said.rfind("Bob ", 0), 0u) << said;
    EXPECT_EQ(said.find(':'), std::string::npos) << said;
    for (const char* words : {"play on", "offender plays again", "replace and replay"})
        EXPECT_EQ(said.find(words), std::string::npos) << said;
}

TEST(SnookerApp, NominatingAColour) {
    GameApp g = make_app();
    start(g, false);
    EXPECT_FALSE(g.apply(app::act::Nominate{snk::kBlack})); // reds are on: nothing to name
    snk::FrameState f = test::snooker(g)->frame();
    f.on_colour = true; // as after a red went in
    f.in_hand = false;
    const_cast<snk::Match*>(test::snooker(g))->set_position(g.world(), f);
    EXPECT_NE(g.view().hud.status.find("Nominate"), std::string::npos) << g.view().hud.status;
    EXPECT_FALSE(g.apply(app::act::Nominate{snk::kFirstRed})); // a red is no colour
    ASSERT_TRUE(g.apply(app::act::Nominate{snk::kBlack}));
    EXPECT_NE(g.view().hud.status.find("Nominated: black"), std::string::npos)
        << g.view().hud.status;
    ASSERT_TRUE(soft_foul(g));
    run_until_still(g);
    EXPECT_EQ(test::snooker(g)->history().back().nominated, snk::kBlack);
    EXPECT_EQ(test::snooker(g)->frame().scores[1], 7); // a foul after nominating the black
}

// Keys 2..7 nominate by value, as the card shows; not while a menu is over the table.
TEST(SnookerApp, NominatingByItsValuesKey) {
    GameApp g = make_app();
    start(g, false);
    g.handle_event(key(SDLK_7)); // reds are on: nothing to name
    EXPECT_EQ(g.view().hud.status.find("Nominated"), std::string::npos);
    snk::FrameState f = test::snooker(g)->frame();
    f.on_colour = true; // as after a red went in
    f.in_hand = false;
    const_cast<snk::Match*>(test::snooker(g))->set_position(g.world(), f);
    g.handle_event(key(SDLK_3));
    EXPECT_NE(g.view().hud.status.find("Nominated: green"), std::string::npos)
        << g.view().hud.status;
    g.handle_event(key(SDLK_ESCAPE)); // the pause menu
    ASSERT_TRUE(g.pause_menu_open());
    g.handle_event(key(SDLK_5));
    g.handle_event(key(SDLK_ESCAPE));
    ASSERT_FALSE(g.pause_menu_open());
    EXPECT_NE(g.view().hud.status.find("Nominated: green"), std::string::npos)
        << g.view().hud.status;
    g.handle_event(key(SDLK_7));
    ASSERT_TRUE(soft_foul(g));
    run_until_still(g);
    EXPECT_EQ(test::snooker(g)->history().back().nominated, snk::kBlack);
    EXPECT_EQ(test::snooker(g)->frame().scores[1], 7); // a foul after nominating the black
}

TEST(SnookerApp, UndoInPractice) {
    GameApp g = make_app();
    start(g, false, true);
    const std::uint64_t before = g.world().state_hash();
    ASSERT_TRUE(soft_foul(g));
    run_until_still(g);
    ASSERT_TRUE(test::snooker(g)->frame().reply_pending);
    ASSERT_TRUE(g.decide(game::Decision::PlayOn));
    ASSERT_TRUE(g.undo()); // the reply
    EXPECT_TRUE(test::snooker(g)->frame().reply_pending);
    ASSERT_TRUE(g.undo()); // the stroke
    EXPECT_TRUE(test::snooker(g)->history().empty());
    EXPECT_EQ(test::snooker(g)->frame().scores[1], 0);
    EXPECT_EQ(g.world().state_hash(), before);
    EXPECT_FALSE(g.undo());
}

TEST(SnookerApp, SavedAndLoadedExactly) {
    GameApp g = make_app();
    start(g, false);
    ASSERT_TRUE(soft_foul(g));
    run_until_still(g);
    ASSERT_TRUE(g.decide(game::Decision::PlayOn));
    const test::ScratchDir dir;
    const std::string path = (dir / "save.json").string();
    ASSERT_TRUE(g.save_match(path));
    const std::uint64_t hash = g.world().state_hash();
    const auto scores = test::snooker(g)->frame().scores;
    g.show_menu();
    g.start_sandbox("pool-9ft");
    ASSERT_TRUE(g.load_match(path, false));
    ASSERT_NE(test::snooker(g), nullptr);
    EXPECT_EQ(g.world().state_hash(), hash);
    EXPECT_EQ(test::snooker(g)->frame().scores, scores);
    EXPECT_EQ(test::snooker(g)->frame().shooter, 1);
}

TEST(SnookerApp, TheLastStrokeReplaysExactly) {
    GameApp g = make_app();
    start(g, false);
    const snk::Markings m = snk::markings(test::snooker(g)->config().table);
    g.aim_at(m.spots[5]); // the black, through the reds: a real break-off
    ASSERT_TRUE(g.shoot(0.8));
    run_until_still(g);
    const std::uint64_t end = g.world().state_hash();
    ASSERT_NE(test::snooker(g)->last_shot(), nullptr);
    g.handle_event(key(SDLK_r));
    ASSERT_TRUE(g.replaying());
    for (int i = 0; i < 60 * 90 && g.replaying(); ++i)
        g.update(kFrame);
    EXPECT_FALSE(g.replaying());
    EXPECT_EQ(g.replay_end_hash(), test::snooker(g)->last_shot()->end_hash);
    EXPECT_EQ(g.world().state_hash(), end);
}

// The computer's turn as the loop plays it: think (thread), show the aim, shoot, roll.
void play_computer_turn(GameApp& g) {
    g.update(0.0);
    g.wait_for_computer();
    g.update(0.0);
    for (int i = 0; i < 120 && g.mode() != Mode::Rolling && test::snooker(g)->computer_to_act();
         ++i)
        g.update(kFrame);
    run_until_still(g);
}

TEST(SnookerApp, TheComputerPlaysThroughTheApp) {
    GameApp g = make_app();
    start(g, true);
    for (int turn = 0;
         turn < 12 && test::snooker(g)->history().size() < 5 && !test::snooker(g)->over(); ++turn)
        play_computer_turn(g);
    EXPECT_GE(test::snooker(g)->history().size(), 5u);
    // The same inputs headless give the same table: the animation steps as shoot() runs.
    snk::Match again(test::snooker(g)->config());
    for (const snk::MatchInput& in : test::snooker(g)->inputs())
        ASSERT_TRUE(again.feed(in));
    EXPECT_EQ(again.world().state_hash(), g.world().state_hash());
    const render::SceneView v = g.view();
    ASSERT_EQ(v.hud.players.size(), 2u);
    EXPECT_NE(v.hud.players[0].detail.find("points"), std::string::npos);
    ASSERT_NE(test::snooker(g)->last_shot(), nullptr);
}

// The HUD and the cards through the real loop, and what they show: whose turn the players'
// cards light, the reply and nomination cards' words, the menu's snooker rows; pictures
// under $BILLIARDS_SHOTS_DIR.
class SnookerLoop : public test::LoopTest {};

TEST_F(SnookerLoop, TheHudAndCardsDraw) {
    GameApp g = make_app();
    auto frames = [&](const std::string& name) {
        return test::third_frame(*platform, g, name, kFrame);
    };
    using test::expect_says;
    start(g, false);
    const test::FrameShot brk = frames("snooker-break");
    EXPECT_EQ(test::lit_card(brk), 0); // Ann breaks off
    EXPECT_TRUE(brk.windows.empty());
    ASSERT_TRUE(soft_foul(g));
    run_until_still(g);
    const test::FrameShot reply = frames("snooker-reply");
    EXPECT_EQ(test::lit_card(reply), 1); // Bob answers the foul
    expect_says(reply, "##snooker_reply",
                {"Foul and a miss", "Play on", "Offender plays again",
                 "Replace the balls, offender plays again"});
    test::expect_beside_table(reply, "##snooker_reply"); // the cue ball stays in view
    start(g, false);
    snk::FrameState f = test::snooker(g)->frame();
    f.on_colour = true; // the nomination card, as after a red went in
    f.in_hand = false;
    const_cast<snk::Match*>(test::snooker(g))->set_position(g.world(), f);
    const test::FrameShot nominate = frames("snooker-nominate");
    expect_says(nominate, "##snooker_nominate",
                {"Nominate", "yellow (2)", "pink (6)", "black (7)"});
    test::expect_beside_table(nominate, "##snooker_nominate");
    EXPECT_FALSE(nominate.has_window("##snooker_reply"));
    // Nominated: the card goes (it covered the power meter), the status says what was.
    g.handle_event(test::key(SDLK_6));
    const test::FrameShot nominated = frames("snooker-nominated");
    EXPECT_FALSE(nominated.has_window("##snooker_nominate"));
    EXPECT_NE(g.view().hud.status.find("Nominated: pink"), std::string::npos);
    start(g, true); // the computers, a few strokes in: scores and the break in the HUD
    for (int turn = 0; turn < 12 && test::snooker(g)->history().size() < 6; ++turn)
        play_computer_turn(g);
    const test::FrameShot computers = frames("snooker-computers");
    EXPECT_EQ(test::lit_card(computers), test::snooker(g)->frame().shooter);
    EXPECT_TRUE(computers.windows.empty()); // no card for the computer's choices
    g.show_menu();
    g.choices().game = game::GameKind::Snooker;
    const test::FrameShot menu = frames("snooker-menu");
    expect_says(menu, "##main_menu", {"12-ft (3.57 x 1.78 m)", "Best of 3", "Frames"});
}

// At 1280x720 the 12-ft table leaves the design a smaller scale than a pool table's; the
// band's text is as large as pool's all the same, and the status line is short pieces (the
// scores are on the cards, the points remaining in the title), not one long sentence.
TEST_F(SnookerLoop, TheHudTextIsAsLargeAsPoolsAndShort) {
    GameApp g = make_app();
    g.set_output_size(1280, 720);
    io::Settings& c = g.choices();
    c.game = game::GameKind::EightBall;
    c.seats = {game::SeatKind::Human, game::SeatKind::Human};
    c.names = {"Ann", "Bob"};
    ASSERT_TRUE(g.start_from_choices());
    const test::FrameShot pool = test::third_frame(*platform, g, "pool-status", kFrame);
    start(g, false);
    const std::string status = g.view().hud.status;
    const test::FrameShot shot = test::third_frame(*platform, g, "snooker-status", kFrame);
    EXPECT_LT(shot.layout.scale, 0.8 * pool.layout.scale); // the design's scale is smaller
    const render::HudText text = render::hud_text(shot.layout);
    EXPECT_GE(text.title, render::hud_text(pool.layout).title);
    EXPECT_GE(text.status, render::hud_text(pool.layout).status);
    EXPECT_GE(text.title, 13.0); // pixels; it was 11 (and the status 10)
    EXPECT_GE(text.status, 12.0);
    EXPECT_EQ(status.find("; "), std::string::npos) << status;
    EXPECT_EQ(status.find(". "), std::string::npos) << status;
    EXPECT_EQ(status.find("0 - 0"), std::string::npos) << status; // the cards have the scores
    std::size_t from = 0;
    while (from < status.size()) {
        const std::size_t dot = status.find("\xc2\xb7", from);
        const std::size_t end = dot == std::string::npos ? status.size() : dot;
        EXPECT_LE(end - from, 60u) << status;
        from = dot == std::string::npos ? status.size() : dot + 2;
    }
}

} // namespace
} // namespace billiards
