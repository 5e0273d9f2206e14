// Three-cushion in the desktop game, driven as a player drives it: the menu's choices, a
// person's shots judged by the rules, computer seats playing a game out on the worker thread,
// practice undo and the computer's path, the diamond aid, a replay, and frames drawn through
// the real loop (PNGs under $BILLIARDS_SHOTS_DIR).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <numbers>
#include <stdexcept>

#include "app/game_app.hpp"
#include "app/game_driver.hpp"
#include "app/loop_script.hpp"
#include "app/match_mode.hpp"
#include "app_games.hpp"
#include "app_helpers.hpp"
#include "frame_probe.hpp"
#include "game/carom/carom_game.hpp"
#include "game/carom/three_cushion_game.hpp"
#include "game/rack.hpp"
#include "io/scenario.hpp"
#include "io/settings.hpp"
#include "render/layout.hpp"

namespace billiards {
namespace {

using GameApp = app::DrivenGame;
using app::Mode;

constexpr double kFrame = 1.0 / 60.0;

GameApp make_app() {
    return GameApp(game::build_table(game::TableSpec{}), "pool-9ft");
}

// The three-cushion game the app plays, and the computer's path its match mode shows.
struct Carom {
    const GameApp& g;
    const game::CaromGame& game() const {
        if (!test::carom(g)) throw std::runtime_error("not a three-cushion game");
        return *test::carom(g);
    }
    const std::vector<render::PathView>& computer_path() const {
        const auto* m = dynamic_cast<const app::MatchMode*>(&g.game_mode());
        if (!m) throw std::runtime_error("not a match");
        return m->computer_path();
    }
};
Carom carom(const GameApp& g) {
    return {g};
}

game::CaromGameConfig config(int target, bool practice = false) {
    game::CaromGameConfig c;
    c.table = io::load_standard_table("carom-10ft").spec;
    c.params = game::carom_params();
    c.cue = game::play_cue();
    c.rules.target = target;
    c.levels = {game::AiLevel::Hard, game::AiLevel::Hard};
    c.breaker = 0;
    c.seed = 5;
    c.practice = practice;
    c.max_shots = 80;
    return c;
}

// White (player 1) frozen to the red, the yellow apart.
game::CaromGameConfig frozen(game::CaromGameConfig c) {
    const double r = c.table.ball_radius;
    c.opening =
        game::carom_balls(c.table, {Vec2{-0.3, 0.1}, Vec2{0.6, -0.4}, Vec2{-0.3 + 2 * r, 0.1}});
    c.levels = {game::AiLevel::Easy, game::AiLevel::Easy};
    return c;
}

std::array<game::SeatKind, 2> players(game::SeatKind a, game::SeatKind b) {
    return {a, b};
}

// A game set up by the test (its config, Ann and Bob at `seats`), played in the app.
void start_carom(GameApp& g, const game::CaromGameConfig& c,
                 const std::array<game::SeatKind, 2>& seats) {
    const std::array<game::Seat, 2> s{game::Seat{seats[0], c.levels[0], "Ann", std::nullopt},
                                      game::Seat{seats[1], c.levels[1], "Bob", std::nullopt}};
    g.start_game(game::make_three_cushion_game(std::make_unique<game::CaromGame>(c), s),
                 "carom-10ft");
}

void run_until_still(GameApp& g, int max_frames = 60 * 90) {
    for (int i = 0; i < max_frames && g.mode() == Mode::Rolling; ++i)
        g.update(kFrame);
}

// The shot through the player's actions: aim, tip, elevation, power.
bool play(GameApp& g, const game::CueShot& s) {
    const int ci = g.world().index_of(game::carom_cue_ball(carom(g).game().state().shooter));
    const Vec2 p = g.world().ball(ci).position;
    g.aim_at(p + Vec2{std::cos(s.heading), std::sin(s.heading)} * 0.5);
    g.set_tip(s.side, s.height);
    g.set_elevation(s.elevation);
    return g.shoot(app::power_for_cue_speed(s.speed));
}

void play_computer_turn(GameApp& g) {
    g.update(0.0); // starts the worker
    g.wait_for_computer();
    g.update(0.0); // takes the move: the cue lines up
    for (int i = 0; i < 300 && g.mode() != Mode::Rolling && g.computer_thinking() == false &&
                    !carom(g).game().state().game_over;
         ++i)
        g.update(kFrame);
    run_until_still(g);
}

TEST(CaromApp, MenuChoicesStartThreeCushion) {
    GameApp g = make_app();
    g.show_menu();
    io::Settings& c = g.choices();
    c.game = game::GameKind::ThreeCushion;
    c.seats = {game::SeatKind::Human, game::SeatKind::Human};
    c.names = {"Ann", "Bob"};
    c.carom_target = 15;
    c.carom_innings = 25;
    c.practice = true;
    ASSERT_TRUE(g.start_from_choices());
    EXPECT_EQ(g.screen(), app::Screen::Play);
    const Carom m = carom(g);
    EXPECT_EQ(g.game_mode().table_name(), "carom-10ft");
    EXPECT_TRUE(g.table().pockets.empty());
    EXPECT_EQ(m.game().config().rules.target, 15);
    EXPECT_EQ(m.game().config().rules.innings_limit, 25);
    EXPECT_TRUE(m.game().config().practice);
    EXPECT_EQ(g.world().ball_count(), 3);
    EXPECT_EQ(c.table, "pool-9ft"); // the pool choice is kept for pool
    g.begin_placement();            // no ball in hand
    EXPECT_EQ(g.mode(), Mode::Aiming);
    const render::SceneView v = g.view();
    ASSERT_EQ(v.hud.players.size(), 2u);
    EXPECT_NE(v.hud.title.find("to 15 in 25 innings"), std::string::npos) << v.hud.title;
    EXPECT_NE(v.hud.players[0].detail.find("white"), std::string::npos);
    EXPECT_NE(v.hud.players[1].detail.find("yellow"), std::string::npos);
    // The settings keep the choice.
    const io::Settings s = g.settings();
    EXPECT_TRUE(s.game == game::GameKind::ThreeCushion);
    EXPECT_EQ(s.carom_target, 15);
    GameApp h = make_app();
    h.apply_settings(io::parse_settings(io::settings_to_json(s), "settings.json"));
    EXPECT_EQ(h.choices().game, game::GameKind::ThreeCushion);
    EXPECT_EQ(h.choices().carom_innings, 25);
}

// The menu's "Break" choice: the chosen player breaks and no lag is played; kept in settings.
TEST(CaromApp, TheMenuChoosesWhoBreaks) {
    GameApp g = make_app();
    g.show_menu();
    io::Settings& c = g.choices();
    c.game = game::GameKind::ThreeCushion;
    c.seats = {game::SeatKind::Human, game::SeatKind::Human};
    for (int breaker : {1, 0}) {
        c.carom_breaker = breaker;
        ASSERT_TRUE(g.start_from_choices());
        const game::CaromGame& game = carom(g).game();
        EXPECT_EQ(game.config().breaker, breaker);
        EXPECT_EQ(game.state().breaker, breaker);
        EXPECT_EQ(game.state().shooter, breaker);
        EXPECT_EQ(game.lag_winner(), -1); // no lag
        // The breaker's ball stands beside the head spot, the other's on it.
        const Vec2 head = game::head_spot(game.table().spec);
        const int other = game::carom_cue_ball(1 - breaker);
        EXPECT_EQ(g.world().ball(g.world().index_of(other)).position.y, head.y);
        EXPECT_NE(g.world().ball(g.world().index_of(game::carom_cue_ball(breaker))).position.y,
                  head.y);
        g.show_menu();
    }
    EXPECT_EQ(g.settings().carom_breaker, 0);
    c.carom_breaker = -1; // the lag decides
    ASSERT_TRUE(g.start_from_choices());
    EXPECT_EQ(carom(g).game().config().breaker, -1);
    EXPECT_GE(carom(g).game().lag_winner(), 0);
    EXPECT_EQ(carom(g).game().state().breaker, carom(g).game().lag_winner());
}

TEST(CaromApp, SettingsRejectUnknownChoices) {
    const std::string head = R"({"format": "billiards-settings/1", "three_cushion": )";
    EXPECT_THROW(io::parse_settings(head + R"({"target": 17}})", "s.json"), std::exception);
    EXPECT_THROW(io::parse_settings(head + R"({"innings_limit": 30}})", "s.json"), std::exception);
    EXPECT_THROW(io::parse_settings(head + R"({"colour": 1}})", "s.json"), std::exception);
    // Older files (without it) load: pool as before.
    const io::Settings old = io::parse_settings(R"({"format": "billiards-settings/1"})", "s.json");
    EXPECT_FALSE(old.game == game::GameKind::ThreeCushion);
    EXPECT_EQ(old.carom_target, 40);
}

TEST(CaromApp, HumanShotsAreJudgedByTheRules) {
    GameApp g = make_app();
    start_carom(g, config(10), players(game::SeatKind::Human, game::SeatKind::Human));
    const game::CaromGame& game = carom(g).game();
    game::CaromGame headless(game.config()); // the same game without the app
    // The break, as the hard computer would play it (without its noise).
    const game::CaromMove m = game::carom_decide(game.ai_request());
    ASSERT_TRUE(play(g, m.intended));
    EXPECT_EQ(g.mode(), Mode::Rolling);
    EXPECT_FALSE(g.shoot(0.5)); // not while rolling
    run_until_still(g);
    ASSERT_EQ(game.history().size(), 1u);
    const game::CaromRecord first = game.history().back();
    ASSERT_TRUE(headless.shoot(first.shot));
    EXPECT_EQ(headless.history().back().result.point, first.result.point);
    EXPECT_EQ(headless.world().state_hash(), game.world().state_hash());
    EXPECT_EQ(game.state().score[0], first.result.point ? 1 : 0);
    EXPECT_NE(g.view().hud.status.find(first.result.message), std::string::npos)
        << g.view().hud.status;
    // A soft shot away from both balls: no point, the turn passes.
    const int shooter = game.state().shooter;
    game::CueShot miss;
    miss.heading = std::numbers::pi / 2;
    miss.speed = 0.6;
    ASSERT_TRUE(play(g, miss));
    run_until_still(g);
    ASSERT_EQ(game.history().size(), 2u);
    EXPECT_FALSE(game.history().back().result.point);
    EXPECT_NE(game.state().shooter, shooter);
    ASSERT_TRUE(headless.shoot(game.history().back().shot));
    EXPECT_EQ(headless.world().state_hash(), game.world().state_hash());
    // The replay of the last shot strikes the shooter's ball and ends where it did.
    ASSERT_TRUE(g.replay_last_shot());
    for (int i = 0; i < 60 * 60 && g.replaying(); ++i)
        g.update(kFrame);
    EXPECT_EQ(g.replay_end_hash(), game.world().state_hash());
}

TEST(CaromApp, ComputersPlayAGameOutAndTheHudShowsTheScores) {
    GameApp g = make_app();
    start_carom(g, config(2), players(game::SeatKind::Computer, game::SeatKind::Computer));
    const game::CaromGame& game = carom(g).game();
    EXPECT_FALSE(g.shoot(1.0)); // not on the computer's turn
    for (int turn = 0; turn < 80 && !game.state().game_over; ++turn)
        play_computer_turn(g);
    ASSERT_TRUE(game.state().game_over);
    const render::SceneView v = g.view();
    ASSERT_EQ(v.hud.players.size(), 2u);
    const auto& s = game.state().score;
    EXPECT_EQ(v.hud.players[0].name, "Ann  " + std::to_string(s[0]));
    EXPECT_EQ(v.hud.players[1].name, "Bob  " + std::to_string(s[1]));
    EXPECT_TRUE(game.capped() || std::max(s[0], s[1]) == 2);
    EXPECT_NE(v.hud.status.find(std::to_string(s[0]) + " - " + std::to_string(s[1])),
              std::string::npos)
        << v.hud.status;
    const int breaker = game.state().breaker;
    EXPECT_TRUE(g.rematch()); // a new game: `game` is gone
    EXPECT_EQ(carom(g).game().history().size(), 0u);
    EXPECT_EQ(carom(g).game().state().breaker, 1 - breaker);
}

TEST(CaromApp, PracticeUndoAndTheComputersPath) {
    GameApp g = make_app();
    start_carom(g, config(10, true), players(game::SeatKind::Human, game::SeatKind::Computer));
    const std::uint64_t before = g.world().state_hash();
    game::CueShot miss;
    miss.heading = std::numbers::pi / 2;
    miss.speed = 0.6;
    ASSERT_TRUE(play(g, miss));
    run_until_still(g);
    ASSERT_EQ(carom(g).game().history().size(), 1u);
    // The computer's turn: its chosen path is drawn while its cue lines up.
    g.update(0.0);
    g.wait_for_computer();
    g.update(0.0);
    EXPECT_FALSE(carom(g).computer_path().empty());
    EXPECT_FALSE(g.view().paths.empty());
    ASSERT_TRUE(g.undo());
    EXPECT_EQ(g.world().state_hash(), before);
    EXPECT_TRUE(carom(g).game().history().empty());
    EXPECT_TRUE(carom(g).computer_path().empty());
    EXPECT_EQ(carom(g).game().state().shooter, 0);
}

TEST(CaromApp, SavedGameLoadsAndPlaysOnExactly) {
    const test::ScratchDir dir;
    const std::string path = (dir / "carom.json").string();
    GameApp g = make_app();
    start_carom(g, config(10), players(game::SeatKind::Human, game::SeatKind::Human));
    game::CueShot s;
    s.heading = 0.3;
    s.speed = 3.0;
    ASSERT_TRUE(play(g, s));
    run_until_still(g);
    ASSERT_TRUE(g.save_match(path));
    GameApp h = make_app();
    ASSERT_TRUE(h.load_match(path, false)) << h.ui_message();
    EXPECT_EQ(h.world().state_hash(), g.world().state_hash());
    EXPECT_EQ(carom(h).game().history().size(), 1u);
    EXPECT_EQ(h.game()->names()[1], "Bob");
}

TEST(CaromApp, DiamondAidMarksTheFirstTwoRails) {
    GameApp g = make_app();
    start_carom(g, config(10), players(game::SeatKind::Human, game::SeatKind::Human));
    g.choices().aim_aid = true;
    g.aim_at({1.0, 0.5});
    EXPECT_TRUE(g.view().labels.empty()); // off by default
    g.choices().diamond_aid = true;
    const render::SceneView v = g.view();
    ASSERT_EQ(v.labels.size(), 2u);
    ASSERT_FALSE(v.paths.empty());
    EXPECT_EQ(v.paths.back().points.size(), 3u); // the ball, then its two rail hits
}

// The aid's lines end where the balls would meet something: the diamond line at the first
// ball in its way (it ran through the balls it would hit), the object ball's line at the
// cushion (it ran through the rail into the key bar).
TEST(CaromApp, AimLinesStopAtWhatTheyMeet) {
    GameApp g = make_app();
    game::CaromGameConfig c = config(10);
    const double r = c.table.ball_radius;
    const double half = c.table.length / 2;
    const Vec2 red{half - 0.22, 0.0};
    c.opening = game::carom_balls(c.table, {Vec2{-0.5, 0.0}, Vec2{0.6, -0.4}, red});
    start_carom(g, c, players(game::SeatKind::Human, game::SeatKind::Human));
    g.choices().aim_aid = true;
    g.choices().diamond_aid = true;
    g.aim_at(red); // full on the red, along the long axis
    const render::SceneView v = g.view();
    ASSERT_FALSE(v.paths.empty());
    const std::vector<Vec2>& line = v.paths.back().points;
    ASSERT_EQ(line.size(), 2u); // the white, then where it meets the red: no rail beyond
    EXPECT_NEAR(line.back().x, red.x - 2 * r, 1e-9);
    EXPECT_NEAR(line.back().y, 0.0, 1e-9);
    EXPECT_TRUE(v.labels.empty()); // no diamond numbers past the red
    ASSERT_TRUE(v.aim.hits_ball);
    const double nose = render::table_bounds(g.table()).noses.max.x;
    EXPECT_NEAR(v.aim.object_reach, nose - r - red.x, 1e-9);
    EXPECT_LT(v.aim.object_reach, 0.32);
}

// A frozen cue ball: the person is told (and offered the card, drawn below); the computer
// chooses for itself and its shot records the choice.
TEST(CaromApp, AFrozenCueBallAsksForTheChoice) {
    GameApp g = make_app();
    start_carom(g, frozen(config(10)), players(game::SeatKind::Human, game::SeatKind::Human));
    EXPECT_EQ(carom(g).game().frozen_ball(), game::kCaromRed);
    EXPECT_NE(g.view().hud.status.find("frozen to the red"), std::string::npos)
        << g.view().hud.status;
    game::CueShot s;
    s.heading = 2.5;
    s.speed = 2.0;
    ASSERT_TRUE(play(g, s)); // shooting without a choice plays away
    run_until_still(g);
    EXPECT_EQ(carom(g).game().history().back().frozen, game::FrozenChoice::PlayAway);
    start_carom(g, frozen(config(10)), players(game::SeatKind::Computer, game::SeatKind::Human));
    play_computer_turn(g);
    ASSERT_EQ(carom(g).game().history().size(), 1u);
    EXPECT_NE(carom(g).game().history().back().frozen, game::FrozenChoice::None);
}

// Frames through the real loop, and what they show: the lit card of the player to act, the
// diamond aid's numbers on the table, the frozen ball's card, the menu's three-cushion rows.
TEST(CaromApp, FramesDrawThroughTheLoop) {
    app::PlatformOptions o;
    o.assets = BILLIARDS_TEST_ASSET_DIR;
    o.vsync = false;
    std::string error;
    std::unique_ptr<app::Platform> platform = app::Platform::create(o, &error);
    ASSERT_TRUE(platform) << error;
    GameApp g = make_app();
    auto frames = [&](const std::string& name) {
        return test::third_frame(*platform, g, name, kFrame);
    };
    using test::expect_says;
    start_carom(g, config(10, true), players(game::SeatKind::Human, game::SeatKind::Computer));
    g.choices().aim_aid = true;
    game::CueShot s;
    s.heading = 0.35;
    s.speed = 2.5;
    ASSERT_TRUE(play(g, s));
    run_until_still(g);
    g.update(0.0);
    g.wait_for_computer();
    g.update(0.0);
    const test::FrameShot computer = frames("three-cushion-computer-path");
    EXPECT_EQ(test::lit_card(computer), carom(g).game().state().shooter);
    EXPECT_EQ(carom(g).game().state().shooter, 1); // Bob, the computer, to play
    EXPECT_FALSE(g.view().paths.empty());          // its planned path, shown while it aims
    EXPECT_TRUE(computer.windows.empty());
    start_carom(g, config(10), players(game::SeatKind::Human, game::SeatKind::Human));
    g.choices().diamond_aid = true;
    g.aim_at(g.world().ball(0).position + Vec2{1.0, 0.45});
    const test::FrameShot diamonds = frames("three-cushion-diamonds");
    ASSERT_FALSE(g.view().labels.empty());
    // The diamond numbers (render/hud_draw.cpp draw_labels: light yellow on a dark disc)
    // where the view puts them.
    std::vector<render::Rect> spots;
    for (const render::TableLabel& label : g.view().labels) {
        const Vec2 at = diamonds.layout.to_screen(label.at);
        spots.push_back({at.x - 12, at.y - 8, 24, 16});
        EXPECT_GT(test::pixels_of(diamonds.image, spots.back(), {255, 236, 150, 255}, 40), 3)
            << label.text;
    }
    g.choices().diamond_aid = false; // and without the aid, none there
    const test::FrameShot no_diamonds = frames("three-cushion-no-diamonds");
    EXPECT_TRUE(g.view().labels.empty());
    for (const render::Rect& r : spots)
        EXPECT_EQ(test::pixels_of(no_diamonds.image, r, {255, 236, 150, 255}, 40), 0);
    // Aimed full at a red near the foot cushion: both lines stop at what they meet (the
    // diamond line at the red, the red's line at the cushion), none reaches the key bar.
    game::CaromGameConfig near = config(10);
    const Vec2 red{near.table.length / 2 - 0.22, 0.0};
    near.opening = game::carom_balls(near.table, {Vec2{-0.5, 0.0}, Vec2{0.6, -0.4}, red});
    start_carom(g, near, players(game::SeatKind::Human, game::SeatKind::Human));
    g.choices().diamond_aid = true;
    g.aim_at(red);
    const test::FrameShot stops = frames("three-cushion-aim-stops");
    EXPECT_TRUE(g.view().labels.empty());
    EXPECT_TRUE(stops.windows.empty());
    start_carom(g, frozen(config(10)), players(game::SeatKind::Human, game::SeatKind::Human));
    const test::FrameShot frozen_card = frames("three-cushion-frozen");
    expect_says(frozen_card, "##carom_frozen", {"Frozen ball", "Play away", "Spot the balls"});
    EXPECT_EQ(test::lit_card(frozen_card), 0);
    test::expect_beside_table(frozen_card, "##carom_frozen"); // the disc and meter in view
    g.show_menu(); // the menu's three-cushion rows: its table, points and innings limit
    g.choices().game = game::GameKind::ThreeCushion;
    const test::FrameShot menu = frames("three-cushion-menu");
    expect_says(
        menu, "##main_menu",
        {"Carom 10-ft (2.84 x 1.42 m), no pockets", "Points", "40", "Innings limit", "By the lag"});
    EXPECT_FALSE(menu.has_window("##carom_frozen")); // the card is for the table, not the menu
    EXPECT_FALSE(g.quit_requested());
}

} // namespace
} // namespace billiards
