// The game's match mode driven as a player drives it: the menu's choices, ball in hand, shots,
// the computer's turns (worker thread), decisions, push-out, undo, exact replay, game over
// and rematch, the pause menu, and every screen drawn through the real loop.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <fstream>
#include <memory>

#include "app/game_app.hpp"
#include "app/game_driver.hpp"
#include "app/game_platform.hpp"
#include "app/game_screenshot.hpp"
#include "app/hud_card.hpp"
#include "app/loop.hpp"
#include "app/loop_script.hpp"
#include "app_games.hpp"
#include "app_helpers.hpp"
#include "frame_probe.hpp"
#include "game/pool/match.hpp"
#include "game/rack.hpp"
#include "game/replay.hpp"
#include "io/match_file.hpp"
#include "io/replay_file.hpp"
#include "io/scenario.hpp"
#include "io/share_code.hpp"
#include "ui/menus.hpp"

namespace billiards {
namespace {

using GameApp = app::DrivenGame;
using app::Mode;

constexpr double kFrame = 1.0 / 60.0;

using test::key;

// A quick computer: a small search budget keeps the sanitizer build fast.
game::Seat computer(const std::string& name) {
    game::Seat s;
    s.kind = game::SeatKind::Computer;
    s.level = game::AiLevel::Easy;
    s.name = name;
    game::AiConfig c = game::ai_config(game::AiLevel::Easy);
    c.budget = 60'000;
    s.ai = c;
    return s;
}

game::Seat human(const std::string& name) {
    game::Seat s;
    s.name = name;
    return s;
}

game::MatchConfig config(game::GameKind kind, game::Seat a, game::Seat b, bool practice = false) {
    game::MatchConfig c;
    c.kind = kind;
    c.seats = {a, b};
    c.seed = 7;
    c.practice = practice;
    c.params.cushion_friction = 0.2;
    return c;
}

GameApp make_app() {
    return GameApp(game::build_table(game::TableSpec{}), "pool-9ft");
}

// Runs frames until the balls rest (or the computer is done thinking and shooting).
void run_until_still(GameApp& g, int max_frames = 60 * 60) {
    for (int i = 0; i < max_frames && g.mode() == Mode::Rolling; ++i)
        g.update(kFrame);
}

// Ball in hand: pick the cue ball up (B), then the first free spot on a line behind the
// head string.
bool place_anywhere(GameApp& g) {
    if (g.mode() != Mode::Placing) g.handle_event(key(SDLK_b));
    if (g.mode() != Mode::Placing) return false;
    const double hx = g.table().spec.length / 2;
    for (double y = 0.0; y < 0.5; y += 0.03)
        for (double s : {1.0, -1.0})
            if (g.place_cue_ball({-hx * 0.6, s * y})) return true;
    return false;
}

// Ball in hand behind the head string, aimed at the foot spot (the rack), shot.
bool shoot_from_hand(GameApp& g, double power) {
    if (!place_anywhere(g)) return false;
    g.aim_at(game::foot_spot(g.table().spec));
    return g.shoot(power);
}

// The human's turn: place if in hand, aim at the first legal ball, shoot.
bool play_human_shot(GameApp& g, double power) {
    if (g.mode() == Mode::Placing && !place_anywhere(g)) return false;
    const game::MatchView v = test::pool(g)->view();
    if (v.legal_targets.empty()) return false;
    const int target = g.world().index_of(v.legal_targets.front());
    g.aim_at(g.world().ball(target).position);
    if (v.must_call_pocket) g.call_pocket(0);
    return g.shoot(power);
}

// The computer's turn as the loop plays it: think (thread), show the aim, shoot, roll.
void play_computer_turn(GameApp& g) {
    g.update(0.0); // starts the worker
    g.wait_for_computer();
    g.update(0.0); // takes the move: the cue lines up
    for (int i = 0; i < 120 && g.mode() != Mode::Rolling && test::pool(g)->computer_to_act(); ++i)
        g.update(kFrame);
    run_until_still(g);
}

// The computer's plan as the player reads it: a sentence about the seat, in no planner's
// notes (it read "Bob: safety on the 1").
TEST(MatchApp, TheComputersPlanReadsAsASentence) {
    EXPECT_EQ(app::hud::plan_words("Bob", "safety on the 1"), "Bob plays safe off the 1");
    EXPECT_EQ(app::hud::plan_words("Bob", "pot the 3 in the top-right corner"),
              "Bob goes for the 3 in the top-right corner");
    EXPECT_EQ(app::hud::plan_words("Bob", "break"), "Bob breaks");
    EXPECT_EQ(app::hud::plan_words("Bob", "pots a red in the top-left corner"),
              "Bob goes for a red in the top-left corner");
    EXPECT_EQ(app::hud::plan_words("Bob", "goes for a point (it scored in 3 of 8 tries)"),
              "Bob goes for a point");
    // Through the app: every plan the computers post, in 9-ball (a break, then pots, safeties
    // and legal hits as the table makes them).
    GameApp g = make_app();
    test::start_match(g, config(game::GameKind::NineBall, computer("Cee"), computer("Dee")),
                      "pool-9ft");
    int plans = 0;
    for (int turn = 0; turn < 8 && test::pool(g)->view().phase != game::Phase::GameOver; ++turn) {
        g.update(0.0);
        g.wait_for_computer();
        const std::deque<std::string> before = g.messages();
        g.update(0.0); // the move taken: its plan posted
        for (const std::string& m : g.messages()) {
            if (std::find(before.begin(), before.end(), m) != before.end()) continue;
            ++plans;
            for (const char* note : {"Cee:", "Dee:", "safety on", "pot the", "legal hit", "kick at",
                                     "trials", "tries"})
                EXPECT_EQ(m.find(note), std::string::npos) << m;
        }
        play_computer_turn(g);
    }
    EXPECT_GT(plans, 0);
}

TEST(MatchApp, HumanBreaksThenTheComputerTakesItsTurn) {
    GameApp g = make_app();
    test::start_match(g, config(game::GameKind::EightBall, human("Ann"), computer("Cee")),
                      "pool-9ft");
    ASSERT_NE(test::pool(g), nullptr);
    EXPECT_EQ(g.screen(), app::Screen::Play);
    // The breaker has the cue ball in hand in the kitchen: it waits on the head spot, to be
    // shot from there or picked up (a click on it) and placed.
    EXPECT_EQ(g.mode(), Mode::Aiming);
    EXPECT_NE(g.view().hud.status.find("move it"), std::string::npos) << g.view().hud.status;
    const Vec2 head = game::head_spot(g.table().spec);
    SDL_Event click{};
    click.type = SDL_MOUSEBUTTONDOWN;
    click.button.button = SDL_BUTTON_LEFT;
    const Vec2 s = g.layout().to_screen(head);
    click.button.x = static_cast<Sint32>(std::lround(s.x));
    click.button.y = static_cast<Sint32>(std::lround(s.y));
    g.handle_event(click);
    EXPECT_EQ(g.mode(), Mode::Placing);
    // Over a spot outside the kitchen, the status says why in a sentence of its own (it
    // said "...behind the head string. must be behind the head string").
    auto hover = [&g](Vec2 p) {
        g.handle_event(test::mouse_to(g.layout().to_screen(p)));
        return g.view().hud.status;
    };
    const std::string outside = hover({0.5, 0.0});
    EXPECT_NE(outside.find(". Not here: must be behind the head string"), std::string::npos)
        << outside;
    EXPECT_EQ(outside.find(". must"), std::string::npos) << outside;
    // Outside the kitchen is refused, with the reason.
    EXPECT_FALSE(g.place_cue_ball({0.5, 0.0}));
    EXPECT_EQ(g.mode(), Mode::Placing);
    g.handle_event(key(SDLK_ESCAPE)); // put it back down where it was
    EXPECT_EQ(g.mode(), Mode::Aiming);

    // Two cards in the HUD, the breaker's active; the table's tray is theirs, not shared.
    render::SceneView v = g.view();
    ASSERT_EQ(v.hud.players.size(), 2u);
    EXPECT_TRUE(v.hud.players[0].active);
    EXPECT_FALSE(v.hud.players[1].active);
    EXPECT_EQ(v.hud.players[0].name, "Ann");
    EXPECT_TRUE(v.hud.pocketed.empty());

    ASSERT_TRUE(shoot_from_hand(g, 1.0));
    EXPECT_EQ(g.mode(), Mode::Rolling);
    EXPECT_FALSE(g.shoot(1.0)); // not while rolling
    run_until_still(g);
    ASSERT_EQ(test::pool(g)->history().size(), 1u);

    // Play on until the computer has shot twice; the human plays whatever is legal.
    int computer_shots = 0;
    for (int turn = 0; turn < 30 && computer_shots < 2; ++turn) {
        ASSERT_NE(test::pool(g)->phase(), game::Phase::Rolling);
        if (test::pool(g)->phase() == game::Phase::GameOver) break;
        if (test::pool(g)->computer_to_act()) {
            const std::size_t before = test::pool(g)->history().size();
            play_computer_turn(g);
            if (test::pool(g)->history().size() > before) ++computer_shots;
        } else if (test::pool(g)->phase() == game::Phase::Deciding) {
            ASSERT_TRUE(g.decide(game::Decision::AcceptTable) ||
                        g.decide(game::Decision::ShootAfterPushOut));
        } else {
            ASSERT_TRUE(play_human_shot(g, 0.4));
            run_until_still(g);
        }
    }
    EXPECT_EQ(computer_shots, 2);
    // Every shot went through the match, so its input log replays it exactly.
    game::Match again(test::pool(g)->config());
    for (const game::MatchInput& in : test::pool(g)->inputs())
        ASSERT_TRUE(again.feed(in));
    EXPECT_EQ(again.world().state_hash(), test::pool(g)->world().state_hash());
}

TEST(MatchApp, ASoftBreakLetsTheOpponentDecide) {
    GameApp g = make_app();
    test::start_match(g, config(game::GameKind::EightBall, human("Ann"), human("Bob")), "pool-9ft");
    ASSERT_TRUE(shoot_from_hand(g, 0.12)); // barely reaches the rack: not four balls to a rail
    run_until_still(g);
    ASSERT_EQ(test::pool(g)->phase(), game::Phase::Deciding);
    EXPECT_EQ(test::pool(g)->view().pending, game::Pending::IllegalBreak);
    EXPECT_EQ(test::pool(g)->view().shooter, 1);
    EXPECT_FALSE(g.shoot(0.5));                       // a decision first
    EXPECT_FALSE(g.decide(game::Decision::PassBack)); // not a choice for an illegal break
    ASSERT_TRUE(g.decide(game::Decision::AcceptTable));
    EXPECT_EQ(test::pool(g)->phase(), game::Phase::Aiming);
    EXPECT_EQ(test::pool(g)->view().shooter, 1);
}

// What the buttons of the decision cards say, in the chooser's own words: never the news.
const std::vector<std::string>& button_labels() {
    static const std::vector<std::string> labels = [] {
        std::vector<std::string> out;
        for (game::Choice c :
             {game::Choice::AcceptTable, game::Choice::Rerack, game::Choice::RerackOpponentBreaks,
              game::Choice::ShootAfterPushOut, game::Choice::PassBack})
            out.emplace_back(ui::choice_label(c));
        // snooker's reply card and three-cushion's frozen-ball card
        for (const char* l :
             {"Play on", "Offender plays again", "Replace the balls", "replace and replay",
              "offender plays again", "Play away", "Spot the balls"})
            out.emplace_back(l);
        return out;
    }();
    return labels;
}

// A sentence about `who`: their name, a space, a verb; no "Bob:" and no button's words.
void expect_sentence_about(const std::string& text, const std::string& who) {
    ASSERT_EQ(text.rfind(who + " ", 0), 0u) << text;
    const char verb = text[who.size() + 1];
    EXPECT_TRUE(verb >= 'a' && verb <= 'z') << text;
    EXPECT_EQ(text.find(':'), std::string::npos) << text;
    for (const std::string& label : button_labels())
        EXPECT_EQ(text.find(label), std::string::npos) << text;
}

// Every decision of every game said as what its player did (the computer's read "Bob:
// Re-rack and break myself", snooker's "Bob: replace and replay"): the chooser named, the
// opponent named where they act.
TEST(MatchApp, DecisionsReadAsSentencesAboutThePlayer) {
    using D = game::Decision;
    for (D d :
         {D::AcceptTable, D::Rerack, D::RerackOpponentBreaks, D::ShootAfterPushOut, D::PassBack,
          D::PlayOn, D::OffenderPlaysAgain, D::ReplaceAndReplay, D::PlayAway, D::Spot}) {
        const std::string words = app::hud::decision_words(d, "Bob", "Ann", "red");
        expect_sentence_about(words, "Bob");
        if (d == D::RerackOpponentBreaks || d == D::PassBack || d == D::OffenderPlaysAgain ||
            d == D::ReplaceAndReplay) {
            EXPECT_NE(words.find("Ann"), std::string::npos) << words;
        }
    }
    EXPECT_EQ(app::hud::other_name({"Ann", "Bob"}, "Bob"), "Ann");
    EXPECT_EQ(app::hud::other_name({"Ann", "Bob"}, "Ann"), "Bob");

    // Through the app: the computer answers an illegal 8-ball break, then a 9-ball push-out.
    auto computer_decides = [](GameApp& g) {
        ASSERT_EQ(test::pool(g)->phase(), game::Phase::Deciding);
        ASSERT_TRUE(test::pool(g)->computer_to_act());
        const std::deque<std::string> before = g.messages();
        g.update(0.0); // starts the worker
        g.wait_for_computer();
        g.update(0.0); // the decision taken
        EXPECT_NE(test::pool(g)->phase(), game::Phase::Deciding);
        int about = 0;
        for (const std::string& m : g.messages()) {
            if (std::find(before.begin(), before.end(), m) != before.end()) continue;
            if (m.rfind("Cee", 0) == 0) ++about;
            if (m.find("Cee") != std::string::npos) {
                expect_sentence_about(m, "Cee");
            }
        }
        EXPECT_EQ(about, 1);
    };
    GameApp eight = make_app();
    test::start_match(eight, config(game::GameKind::EightBall, human("Ann"), computer("Cee")),
                      "pool-9ft");
    ASSERT_TRUE(shoot_from_hand(eight, 0.12)); // not four balls to a rail
    run_until_still(eight);
    computer_decides(eight);

    // A rack whose break keeps Ann at the table, with the push-out hers.
    GameApp nine = make_app();
    game::MatchConfig c = config(game::GameKind::NineBall, human("Ann"), computer("Cee"));
    for (c.seed = 1; c.seed < 20; ++c.seed) {
        test::start_match(nine, c, "pool-9ft");
        ASSERT_TRUE(shoot_from_hand(nine, 1.0));
        run_until_still(nine);
        if (test::pool(nine)->view().shooter == 0 && test::pool(nine)->view().push_out_available)
            break;
    }
    ASSERT_TRUE(test::pool(nine)->view().push_out_available) << test::pool(nine)->view().status;
    nine.handle_event(key(SDLK_o));
    ASSERT_TRUE(nine.push_out());
    if (nine.mode() == Mode::Placing) {
        ASSERT_TRUE(place_anywhere(nine));
    }
    nine.turn_aim(2.0);
    ASSERT_TRUE(nine.shoot(0.3));
    run_until_still(nine);
    ASSERT_EQ(test::pool(nine)->view().pending, game::Pending::PushOutReply);
    computer_decides(nine);
}

TEST(MatchApp, PushOutAfterTheNineBallBreak) {
    GameApp g = make_app();
    test::start_match(g, config(game::GameKind::NineBall, human("Ann"), human("Bob")), "pool-9ft");
    ASSERT_TRUE(shoot_from_hand(g, 1.0));
    run_until_still(g);
    ASSERT_EQ(test::pool(g)->phase(), game::Phase::Aiming);
    ASSERT_TRUE(test::pool(g)->view().push_out_available);
    const int pusher = test::pool(g)->view().shooter;
    g.handle_event(key(SDLK_o));
    EXPECT_TRUE(g.push_out());
    if (g.mode() == Mode::Placing) {
        ASSERT_TRUE(place_anywhere(g));
    }
    g.turn_aim(2.0); // a push-out may go anywhere
    ASSERT_TRUE(g.shoot(0.3));
    run_until_still(g);
    const game::MatchView v = test::pool(g)->view();
    ASSERT_EQ(v.pending, game::Pending::PushOutReply);
    EXPECT_NE(v.shooter, pusher);
    ASSERT_TRUE(g.decide(game::Decision::PassBack));
    EXPECT_EQ(test::pool(g)->view().shooter, pusher);
    EXPECT_FALSE(g.push_out()); // one shot only
    g.set_push_out(true);       // and not again
    EXPECT_FALSE(g.push_out());
}

TEST(MatchApp, UndoOnlyInPracticeAndExactlyBack) {
    GameApp g = make_app();
    test::start_match(g, config(game::GameKind::EightBall, human("Ann"), human("Bob"), true),
                      "pool-9ft");
    ASSERT_TRUE(place_anywhere(g));
    const std::uint64_t before = g.world().state_hash();
    g.aim_at(game::foot_spot(g.table().spec));
    ASSERT_TRUE(g.shoot(1.0));
    run_until_still(g);
    EXPECT_NE(g.world().state_hash(), before);
    g.handle_event(key(SDLK_z, KMOD_LCTRL));
    EXPECT_EQ(test::pool(g)->history().size(), 0u);
    EXPECT_EQ(test::pool(g)->phase(), game::Phase::Aiming);

    GameApp h = make_app();
    test::start_match(h, config(game::GameKind::EightBall, human("Ann"), human("Bob")), "pool-9ft");
    ASSERT_TRUE(place_anywhere(h));
    h.aim_at(game::foot_spot(h.table().spec));
    ASSERT_TRUE(h.shoot(1.0));
    run_until_still(h);
    EXPECT_FALSE(h.undo());
    EXPECT_EQ(test::pool(h)->history().size(), 1u);
}

TEST(MatchApp, ReplayOfTheLastShotEndsBitIdentical) {
    GameApp g = make_app();
    test::start_match(g, config(game::GameKind::NineBall, human("Ann"), human("Bob")), "pool-9ft");
    EXPECT_FALSE(g.replay_last_shot()); // nothing yet
    ASSERT_TRUE(place_anywhere(g));
    g.aim_at(game::foot_spot(g.table().spec));
    g.set_tip(0.1, 0.2);
    ASSERT_TRUE(g.shoot(0.9));
    run_until_still(g);
    const std::uint64_t end = g.world().state_hash();
    ASSERT_NE(test::pool(g)->last_shot(), nullptr);
    g.handle_event(key(SDLK_r));
    ASSERT_TRUE(g.replaying());
    EXPECT_EQ(g.view().banner, "Replay");
    EXPECT_FALSE(g.shoot(0.5)); // nothing is played during a replay
    for (int i = 0; i < 60 * 60 && g.replaying(); ++i)
        g.update(kFrame);
    EXPECT_FALSE(g.replaying());
    EXPECT_EQ(g.replay_end_hash(), test::pool(g)->last_shot()->end_hash);
    EXPECT_EQ(g.world().state_hash(), end); // the match is where it was
}

TEST(MatchApp, GameOverThenRematchWithTheOtherBreaker) {
    GameApp g = make_app();
    game::MatchConfig c = config(game::GameKind::NineBall, computer("A"), computer("B"));
    c.max_shots = 3; // the cap declares the game quickly
    test::start_match(g, c, "pool-9ft");
    for (int turn = 0; turn < 10 && test::pool(g)->phase() != game::Phase::GameOver; ++turn)
        play_computer_turn(g);
    ASSERT_EQ(test::pool(g)->phase(), game::Phase::GameOver);
    const render::SceneView v = g.view();
    ASSERT_EQ(v.hud.players.size(), 2u);
    EXPECT_TRUE(v.hud.players[0].winner || v.hud.players[1].winner ||
                test::pool(g)->view().winner < 0);
    EXPECT_FALSE(v.cue.visible); // nobody is at the table
    EXPECT_NE(v.hud.status.find("win"), std::string::npos) << v.hud.status;
    ASSERT_TRUE(g.rematch());
    EXPECT_EQ(test::pool(g)->game_number(), 2);
    EXPECT_EQ(test::pool(g)->view().shooter, 1); // the other player breaks
    EXPECT_NE(test::pool(g)->phase(), game::Phase::GameOver);
}

TEST(MatchApp, MenuChoicesStartTheGameTheyDescribe) {
    GameApp g = make_app();
    g.show_menu();
    EXPECT_EQ(g.screen(), app::Screen::Menu);
    EXPECT_TRUE(g.view().dim);
    EXPECT_FALSE(g.shoot(0.5)); // nothing is played under the menu
    io::Settings& c = g.choices();
    c.game = game::GameKind::NineBall;
    c.seats = {game::SeatKind::Human, game::SeatKind::Computer};
    c.levels = {game::AiLevel::Easy, game::AiLevel::Hard};
    c.names = {"  Ann", "Ann"};
    c.table = "pool-7ft";
    c.practice = true;
    g.handle_event(key(SDLK_RETURN));
    EXPECT_EQ(g.screen(), app::Screen::Play);
    ASSERT_NE(test::pool(g), nullptr);
    const game::MatchConfig& mc = test::pool(g)->config();
    EXPECT_EQ(mc.kind, game::GameKind::NineBall);
    EXPECT_EQ(mc.seats[1].kind, game::SeatKind::Computer);
    EXPECT_EQ(mc.seats[1].level, game::AiLevel::Hard);
    EXPECT_EQ(mc.seats[0].name, "Ann 1"); // trimmed, and told apart
    EXPECT_EQ(mc.seats[1].name, "Ann 2");
    EXPECT_TRUE(mc.practice);
    EXPECT_NEAR(g.table().spec.length, 1.981, 0.01);

    // Sandbox from the menu: no match, sandbox keys work again.
    g.show_menu();
    c.game = std::nullopt;
    c.table = "pool-9ft";
    ASSERT_TRUE(g.start_from_choices());
    EXPECT_EQ(test::pool(g), nullptr);
    g.handle_event(key(SDLK_n));
    EXPECT_EQ(g.world().ball_count(), 10);

    g.show_menu();
    c.table = "snooker-12ft";
    EXPECT_FALSE(g.start_from_choices());
    EXPECT_NE(g.ui_message().find("snooker-12ft"), std::string::npos);
}

TEST(MatchApp, EscapeOpensThePauseMenuAndStopsTime) {
    GameApp g = make_app();
    test::start_match(g, config(game::GameKind::EightBall, human("Ann"), human("Bob")), "pool-9ft");
    ASSERT_TRUE(shoot_from_hand(g, 1.0));
    g.update(0.1);
    g.handle_event(key(SDLK_ESCAPE));
    EXPECT_TRUE(g.pause_menu_open());
    const auto steps = g.world().steps();
    g.update(0.5);
    EXPECT_EQ(g.world().steps(), steps);
    g.handle_event(key(SDLK_ESCAPE));
    EXPECT_FALSE(g.pause_menu_open());
    g.update(0.1);
    EXPECT_GT(g.world().steps(), steps);
}

TEST(MatchApp, DebugPanelIsReadOnlyDuringAMatch) {
    GameApp g = make_app();
    EXPECT_TRUE(g.panel_context().read_only.empty());
    test::start_match(g, config(game::GameKind::EightBall, human("Ann"), human("Bob")), "pool-9ft");
    ui::PanelContext ctx = g.panel_context();
    EXPECT_FALSE(ctx.read_only.empty());
    // The panel sees the match's world itself, never a copy, and has no world to edit: an
    // edit it submits is refused and leaves the match alone.
    EXPECT_EQ(&ctx.world, &g.world());
    EXPECT_EQ(ctx.edit, nullptr);
    const std::uint64_t hash = g.world().state_hash();
    physics::BallDef moved = g.world().ball(0).def();
    moved.position = {0.3, 0.3};
    EXPECT_EQ(g.panel().submit_ball_edit(ctx, moved.id, moved), ctx.read_only);
    EXPECT_EQ(g.world().state_hash(), hash);
}

TEST(MatchApp, CallingAPocketOnlyWhenTheEightIsNext) {
    GameApp g = make_app();
    test::start_match(g, config(game::GameKind::EightBall, human("Ann"), human("Bob")), "pool-9ft");
    EXPECT_FALSE(g.call_pocket(0)); // nobody is on the 8
    EXPECT_EQ(g.called_pocket(), -1);
    EXPECT_FALSE(g.view().pockets.visible);
}

TEST(MatchApp, PredictedPathsInPracticeOnly) {
    GameApp g = make_app(); // the sandbox
    g.choices().predicted_path = true;
    g.aim_at(game::foot_spot(g.table().spec));
    g.update(0.0);
    render::SceneView v = g.view();
    ASSERT_FALSE(v.paths.empty());
    // The cue ball's path starts at the cue ball and heads for the rack.
    const auto it = std::find_if(v.paths.begin(), v.paths.end(),
                                 [](const render::PathView& p) { return p.id == game::kCueBall; });
    ASSERT_NE(it, v.paths.end());
    const render::PathView& cue = *it;
    ASSERT_GE(cue.points.size(), 2u);
    EXPECT_NEAR(cue.points.front().x, g.world().ball(g.world().index_of(0)).position.x, 1e-9);
    EXPECT_GT(cue.points[1].x, cue.points.front().x);
    // More than the cue ball moves: the prediction runs the real physics through the break.
    EXPECT_GT(v.paths.size(), 3u);

    g.choices().predicted_path = false;
    g.turn_aim(0.01);
    g.update(0.0);
    EXPECT_TRUE(g.view().paths.empty());

    // A match that is not practice never shows them.
    g.choices().predicted_path = true;
    test::start_match(g, config(game::GameKind::EightBall, human("Ann"), human("Bob")), "pool-9ft");
    ASSERT_TRUE(place_anywhere(g));
    g.update(0.0);
    EXPECT_TRUE(g.view().paths.empty());
    test::start_match(g, config(game::GameKind::EightBall, human("Ann"), human("Bob"), true),
                      "pool-9ft");
    ASSERT_TRUE(place_anywhere(g));
    g.aim_at(game::foot_spot(g.table().spec));
    g.update(0.0);
    EXPECT_FALSE(g.view().paths.empty());
}

using test::TempHome;

TEST(MatchApp, DebugPanelEditsACopyInTheSandbox) {
    TempHome home("edit_copy");
    GameApp g = make_app();
    g.set_storage(home.storage());
    // A sandbox shot first: it must not come back as the copy's "last shot".
    g.aim_at(game::foot_spot(g.table().spec));
    ASSERT_TRUE(g.shoot(0.5));
    run_until_still(g);
    test::start_match(g, config(game::GameKind::EightBall, human("Ann"), human("Bob")), "pool-9ft");
    ASSERT_TRUE(shoot_from_hand(g, 1.0));
    g.update(0.2); // mid-shot: balls moving
    ASSERT_EQ(g.mode(), Mode::Rolling);
    const std::uint64_t hash = g.world().state_hash();
    const std::size_t inputs = test::pool(g)->inputs().size();
    ui::PanelResult r;
    r.edit_copy = true;
    g.after_panel(r);
    // The sandbox now holds the match's world as it was, moving balls and all, and edits it.
    EXPECT_EQ(test::pool(g), nullptr);
    EXPECT_EQ(g.world().state_hash(), hash);
    EXPECT_EQ(g.mode(), Mode::Rolling);
    ui::PanelContext ctx = g.panel_context();
    EXPECT_TRUE(ctx.read_only.empty());
    ASSERT_EQ(ctx.edit, &g.world());
    ctx.edit->restore_ball(0, {0.3, 0.3});
    EXPECT_EQ(g.world().ball(0).position, (Vec2{0.3, 0.3}));
    // Outside a match the button does nothing.
    g.after_panel(r);
    EXPECT_EQ(g.world().ball(0).position, (Vec2{0.3, 0.3}));
    run_until_still(g);
    EXPECT_FALSE(g.replay_last_shot()); // no shot on this table yet
    // The match went to its autosave first, with the shot it was playing.
    GameApp h = make_app();
    h.set_storage(home.storage());
    ASSERT_TRUE(h.load_match(home.storage().autosave_of(game::GameKind::EightBall)))
        << h.ui_message();
    ASSERT_NE(test::pool(h), nullptr);
    EXPECT_EQ(test::pool(h)->inputs().size(), inputs);
}

TEST(MatchApp, AutosaveAfterEveryShotReloadsExactly) {
    TempHome home("autosave");
    GameApp g = make_app();
    g.set_storage(home.storage());
    test::start_match(g, config(game::GameKind::EightBall, human("Ann"), computer("Cee")),
                      "pool-8ft");
    ASSERT_TRUE(shoot_from_hand(g, 1.0));
    run_until_still(g);
    const std::string autosave = home.storage().autosave_of(game::GameKind::EightBall);
    ASSERT_TRUE(std::filesystem::exists(autosave)); // written when the shot came to rest
    for (int turn = 0; turn < 3 && test::pool(g)->phase() != game::Phase::GameOver; ++turn) {
        if (test::pool(g)->computer_to_act())
            play_computer_turn(g);
        else if (test::pool(g)->phase() == game::Phase::Deciding)
            ASSERT_TRUE(g.decide(game::Decision::AcceptTable));
        else {
            ASSERT_TRUE(play_human_shot(g, 0.4));
            run_until_still(g);
        }
    }
    if (g.computer_thinking()) g.wait_for_computer();

    GameApp h = make_app();
    h.set_storage(home.storage());
    ASSERT_TRUE(h.load_match(autosave)) << h.ui_message();
    EXPECT_EQ(test::pool(h)->inputs().size(), test::pool(g)->inputs().size());
    EXPECT_EQ(h.world().state_hash(), g.world().state_hash());
    EXPECT_EQ(test::pool(h)->history().size(), test::pool(g)->history().size());
    EXPECT_EQ(test::pool(h)->view().shooter, test::pool(g)->view().shooter);
    EXPECT_EQ(test::pool(h)->view().status, test::pool(g)->view().status);
    EXPECT_NEAR(h.table().spec.length, 2.337, 0.01); // the saved table, not the app's

    // The last shot as a replay file: re-run on its own, it ends on the same bits.
    const std::string shot = g.save_last_shot();
    ASSERT_FALSE(shot.empty()) << g.ui_message();
    const io::ReplayFile file = io::load_replay_file(shot);
    const game::ReplayRun run =
        game::run_replay(file, io::load_standard_table(file.table_name), false);
    EXPECT_EQ(run.end_hash, test::pool(g)->last_shot()->end_hash);
    // ... and as a share code (the pause menu's "Copy last shot as a code"): the same file.
    const std::string code = g.copy_last_shot_code();
    ASSERT_EQ(code.rfind("BIL1.", 0), 0u) << g.ui_message();
    const io::CodeFile decoded = io::file_of_code(code);
    EXPECT_EQ(decoded.text, io::replay_to_json(file));

    // "Save match" writes the same file, and it loads too.
    ASSERT_TRUE(g.save_match(home.storage().saved)) << g.ui_message();
    GameApp k = make_app();
    ASSERT_TRUE(k.load_match(home.storage().saved)) << k.ui_message();
    EXPECT_EQ(k.world().state_hash(), g.world().state_hash());
}

TEST(MatchApp, ABrokenSaveIsSetAsideAndTheBackupUsed) {
    TempHome home("broken");
    GameApp g = make_app();
    g.set_storage(home.storage());
    test::start_match(g, config(game::GameKind::NineBall, human("Ann"), human("Bob")), "pool-9ft");
    ASSERT_TRUE(shoot_from_hand(g, 1.0));
    run_until_still(g);
    const std::uint64_t after_one = g.world().state_hash();
    ASSERT_TRUE(play_human_shot(g, 0.3) || g.decide(game::Decision::ShootAfterPushOut));
    run_until_still(g);
    const std::string autosave = home.storage().autosave_of(game::GameKind::NineBall);
    ASSERT_TRUE(std::filesystem::exists(autosave + ".bak")); // the shot before
    // A crash mid-write can't do this (writes are atomic); a bad disk or a hand edit can.
    std::ofstream(autosave, std::ios::trunc) << "{\"format\": \"billiards-match/1\", \"inp";

    GameApp h = make_app();
    ASSERT_TRUE(h.load_match(autosave));
    EXPECT_NE(h.ui_message().find("using the backup"), std::string::npos) << h.ui_message();
    EXPECT_EQ(h.world().state_hash(), after_one); // lost one shot, no more
    EXPECT_TRUE(std::filesystem::exists(autosave + ".corrupt"));

    // Nothing readable at all: a message, no match, no crash.
    GameApp k = make_app();
    EXPECT_FALSE(k.load_match((home.dir / "nothing.json").string()));
    EXPECT_FALSE(k.ui_message().empty());
    EXPECT_EQ(test::pool(k), nullptr);

    // A file the player named is only read: a message naming the place, the file untouched.
    const std::string named = (home.dir / "named.json").string();
    std::ofstream(named)
        << "{\"format\": \"billiards-match/1\", \"inputs\": [{\"kind\": \"shot\"}]}";
    EXPECT_FALSE(k.load_match(named, false));
    EXPECT_NE(k.ui_message().find("named.json"), std::string::npos) << k.ui_message();
    EXPECT_TRUE(std::filesystem::exists(named));
    EXPECT_FALSE(std::filesystem::exists(named + ".corrupt"));
}

TEST(MatchApp, SettingsKeepTheMenuChoices) {
    TempHome home("settings");
    GameApp g = make_app();
    g.set_storage(home.storage());
    io::Settings& c = g.choices();
    c.game = game::GameKind::NineBall;
    c.seats = {game::SeatKind::Computer, game::SeatKind::Human};
    c.levels = {game::AiLevel::Hard, game::AiLevel::Easy};
    c.names = {"Zed", "Amy"};
    c.table = "pool-7ft";
    c.predicted_path = true;
    g.set_window_size(1000, 600);
    ASSERT_TRUE(g.save_settings());
    g.set_window_size(1100, 650);
    ASSERT_TRUE(g.save_settings()); // the first file is now the backup
    const app::SettingsLoad loaded = app::load_game_settings(home.storage().settings);
    EXPECT_TRUE(loaded.message.empty()) << loaded.message;
    EXPECT_EQ(loaded.settings.window_width, 1100);
    GameApp h = make_app();
    h.apply_settings(loaded.settings);
    EXPECT_EQ(h.choices().game, game::GameKind::NineBall);
    EXPECT_EQ(h.choices().seats[0], game::SeatKind::Computer);
    EXPECT_EQ(h.choices().levels[0], game::AiLevel::Hard);
    EXPECT_EQ(h.choices().names[1], "Amy");
    EXPECT_EQ(h.choices().table, "pool-7ft");
    EXPECT_TRUE(h.choices().predicted_path);

    std::ofstream(home.storage().settings, std::ios::trunc) << "{\"format\": 3}";
    const app::SettingsLoad broken = app::load_game_settings(home.storage().settings);
    EXPECT_NE(broken.message.find("settings.json"), std::string::npos) << broken.message;
    EXPECT_EQ(broken.settings.window_width, 1000); // the backup of the last good file
}

TEST(MatchApp, CallingThePocketForTheEight) {
    // Two computers play until one is on the 8; the game then takes over that position.
    game::MatchConfig c = config(game::GameKind::EightBall, computer("A"), computer("B"));
    game::Match m(c);
    for (int shot = 0; shot < 400 && !m.view().must_call_pocket; ++shot) {
        if (m.phase() == game::Phase::GameOver)
            m.rematch();
        else
            ASSERT_TRUE(m.play_computer_turn());
    }
    ASSERT_TRUE(m.view().must_call_pocket);
    TempHome home("call");
    io::MatchFile f = io::match_file_of(m, "pool-9ft");
    f.config.seats = {human("A"), human("B")};
    const std::string path = (home.dir / "on-the-eight.json").string();
    io::save_match_file(f, path);
    if (const char* dir = std::getenv("BILLIARDS_SHOTS_DIR")) // to look at it in the game
        std::filesystem::copy_file(path, std::string(dir) + "/on-the-eight.json",
                                   std::filesystem::copy_options::overwrite_existing);

    GameApp g = make_app();
    ASSERT_TRUE(g.load_match(path)) << g.ui_message();
    ASSERT_TRUE(test::pool(g)->view().must_call_pocket);
    if (g.mode() == Mode::Placing) {
        ASSERT_TRUE(place_anywhere(g));
    }
    EXPECT_TRUE(g.view().pockets.visible);
    EXPECT_NE(g.view().hud.status.find("call the 8"), std::string::npos) << g.view().hud.status;
    g.aim_at(g.world().ball(g.world().index_of(8)).position);
    EXPECT_FALSE(g.shoot(0.5)); // no pocket called yet
    EXPECT_EQ(g.mode(), Mode::Aiming);
    // A click on a pocket calls it (the mouse maps through the layout).
    const physics::Pocket& pocket = g.table().pockets[3];
    SDL_Event down{};
    down.type = SDL_MOUSEBUTTONDOWN;
    down.button.button = SDL_BUTTON_LEFT;
    const Vec2 s = g.layout().to_screen(pocket.center);
    down.button.x = static_cast<Sint32>(std::lround(s.x));
    down.button.y = static_cast<Sint32>(std::lround(s.y));
    g.handle_event(down);
    EXPECT_EQ(g.called_pocket(), 3);
    EXPECT_EQ(g.view().pockets.called, 3);
    ASSERT_TRUE(g.shoot(0.5));
    EXPECT_EQ(test::pool(g)->history().size(), m.history().size()); // judged when it rests
    run_until_still(g);
    EXPECT_EQ(test::pool(g)->history().back().call.pocket, 3);
}

// Every screen through the real loop, and what each shows: the menu's and the cards' words
// (ImGui's draw data), whose turn the HUD's cards light (pixels), the winner's card; with
// pictures under $BILLIARDS_SHOTS_DIR on request.
TEST(MatchApp, EveryScreenDrawsThroughTheLoop) {
    app::PlatformOptions o;
    o.assets = BILLIARDS_TEST_ASSET_DIR;
    o.vsync = false;
    std::string error;
    std::unique_ptr<app::Platform> platform = app::Platform::create(o, &error);
    ASSERT_TRUE(platform) << error;
    GameApp g = make_app();
    auto frames = [&](const std::string& name) {
        app::LoopOptions lo;
        lo.max_frames = 3;
        lo.fake_frame_seconds = kFrame;
        test::FrameShot shot;
        lo.after_draw = [&](long frame, SDL_Renderer* r) {
            if (frame != 2) return;
            shot = test::grab_frame(r, g);
            test::maybe_save(r, name);
        };
        EXPECT_EQ(app::run_loop(*platform, g, lo), 0) << name;
        return shot;
    };
    auto says = [](const test::FrameShot& s, const std::string& window, const char* words) {
        return s.flat_text_of(window).find(words) != std::string::npos;
    };
    g.show_menu();
    const test::FrameShot menu = frames("menu");
    EXPECT_TRUE(says(menu, "##main_menu", "Start match")) << menu.text_of("##main_menu");
    EXPECT_TRUE(says(menu, "##main_menu", "Billiards"));
    EXPECT_EQ(test::lit_card(menu), -1); // the sandbox behind the menu: no players' cards
    // Another game brings other rows; the menu's top (its title, the game row) stays put.
    const std::optional<game::GameKind> mode = g.choices().game;
    for (const game::GameKind other : {game::GameKind::Snooker, game::GameKind::ThreeCushion}) {
        g.choices().game = other;
        const test::FrameShot again = frames("menu-other-game");
        EXPECT_EQ(again.rects.at("##main_menu").y, menu.rects.at("##main_menu").y);
    }
    g.choices().game = mode;

    g.start_sandbox("pool-9ft");
    g.choices().predicted_path = true;
    g.aim_at({0.5, 0.1});
    const test::FrameShot sandbox = frames("sandbox-paths");
    EXPECT_TRUE(sandbox.windows.empty()) << sandbox.windows.front(); // no menu, no card
    // The spin selector's red tip at its centre (no spin set).
    const render::Layout& sl = sandbox.layout;
    const render::Rect tip{sl.spin_center.x - 3, sl.spin_center.y - 3, 6, 6};
    EXPECT_GT(test::pixels_of(sandbox.image, tip, {214, 38, 40, 255}, 8), 20);
    g.choices().predicted_path = false;

    test::start_match(g, config(game::GameKind::EightBall, human("Ann"), human("Bob")), "pool-9ft");
    const test::FrameShot brk = frames("match-break");
    EXPECT_EQ(test::lit_card(brk), 0); // Ann breaks
    EXPECT_TRUE(brk.windows.empty());

    ASSERT_TRUE(shoot_from_hand(g, 0.12));
    run_until_still(g);
    ASSERT_EQ(test::pool(g)->phase(), game::Phase::Deciding);
    const test::FrameShot decision = frames("decision");
    EXPECT_EQ(test::lit_card(decision), 1); // Bob decides
    for (const char* words : {"Illegal break", "Play the table as it lies",
                              "Re-rack and break myself", "Re-rack, opponent breaks again"})
        EXPECT_TRUE(says(decision, "##decision", words)) << words << " in\n"
                                                         << decision.text_of("##decision");
    test::expect_beside_table(decision, "##decision"); // the position stays in view

    ASSERT_TRUE(g.decide(game::Decision::AcceptTable));
    g.open_pause_menu(true);
    const test::FrameShot pause = frames("pause");
    EXPECT_FALSE(pause.has_window("##decision"));
    for (const char* words : {"Paused", "Resume", "Save match", "Restart match", "Main menu"})
        EXPECT_TRUE(says(pause, "##pause_menu", words)) << words << " in\n"
                                                        << pause.text_of("##pause_menu");
    // A message under the buttons does not move them: the card keeps its top.
    g.set_ui_message("Saved: a-file-name-long-enough-to-wrap-in-the-pause-menu-card.json", false);
    const test::FrameShot saved = frames("pause-saved");
    ASSERT_TRUE(says(saved, "##pause_menu", "Saved:"));
    EXPECT_EQ(saved.rects.at("##pause_menu").y, pause.rects.at("##pause_menu").y);
    EXPECT_GT(saved.rects.at("##pause_menu").h, pause.rects.at("##pause_menu").h);
    g.set_ui_message("", false);
    g.open_pause_menu(false);

    game::MatchConfig c = config(game::GameKind::NineBall, computer("A"), computer("B"));
    c.max_shots = 2;
    test::start_match(g, c, "pool-9ft");
    for (int turn = 0; turn < 6 && test::pool(g)->phase() != game::Phase::GameOver; ++turn)
        play_computer_turn(g);
    ASSERT_EQ(test::pool(g)->phase(), game::Phase::GameOver);
    const int winner = test::pool(g)->rules().winner;
    ASSERT_TRUE(winner == 0 || winner == 1);
    const test::FrameShot over = frames("game-over");
    const std::string title = std::string(winner == 0 ? "A" : "B") + " wins";
    for (const std::string& words : {title, std::string("Rematch"), std::string("Main menu")})
        EXPECT_TRUE(says(over, "##game_over", words.c_str())) << words << " in\n"
                                                              << over.text_of("##game_over");
    const render::Rect won = test::hud_side(over.layout, winner);
    const render::Rect lost = test::hud_side(over.layout, 1 - winner);
    EXPECT_GT(test::pixels_of(over.image, won, test::kWinnerGold, 6), 20);
    EXPECT_EQ(test::pixels_of(over.image, lost, test::kWinnerGold, 6), 0);
    EXPECT_FALSE(g.quit_requested());
}

} // namespace
} // namespace billiards
