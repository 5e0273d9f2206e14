// The game's own files per kind of game: each game (pool, snooker, three-cushion) keeps its
// own autosave, and the menu's Continue resumes the one saved last; the pause menu's "Save
// last shot" writes a replay file that re-simulates to the game's own end state.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>

#include "app/game_app.hpp"
#include "app/game_driver.hpp"
#include "app/loop_script.hpp"
#include "app_games.hpp"
#include "app_helpers.hpp"
#include "game/rack.hpp"
#include "game/replay.hpp"
#include "game/snooker/snooker_match.hpp"
#include "game/snooker/snooker_table.hpp"
#include "imgui_probe.hpp"
#include "io/replay_file.hpp"
#include "io/scenario.hpp"

namespace billiards {
namespace {

using GameApp = app::DrivenGame;
using app::Mode;
using test::TempHome;

constexpr double kFrame = 1.0 / 60.0;

GameApp make_app() {
    return GameApp(game::build_table(game::TableSpec{}), "pool-9ft");
}

void run_until_still(GameApp& g) {
    for (int i = 0; i < 60 * 90 && g.mode() == Mode::Rolling; ++i)
        g.update(kFrame);
}

// Two humans at the menu's game `mode`, started as the Start button does.
void start_game(GameApp& g, std::optional<game::GameKind> mode) {
    io::Settings& c = g.choices();
    c.game = mode;
    c.seats = {game::SeatKind::Human, game::SeatKind::Human};
    ASSERT_TRUE(g.start_from_choices());
}

// One shot played to rest: at the pink's spot (snooker) or the foot spot (pool), as it lies.
void play_shot(GameApp& g, Vec2 target, double power) {
    g.aim_at(target);
    ASSERT_TRUE(g.shoot(power));
    run_until_still(g);
    ASSERT_NE(g.mode(), Mode::Rolling);
}

void play_snooker_stroke(GameApp& g) {
    play_shot(g, game::snooker::markings(test::snooker(g)->config().table).spots[4], 0.3);
}

TEST(SavesApp, EachGameKeepsItsOwnAutosaveAndContinueTakesTheLatest) {
    TempHome home("own_autosaves");
    const app::GameStorage files = home.storage();
    std::size_t pool_inputs = 0;
    std::uint64_t snooker_hash = 0;
    {
        GameApp g = make_app();
        g.set_storage(files);
        start_game(g, game::GameKind::EightBall);
        play_shot(g, game::foot_spot(g.table().spec), 0.6);
        pool_inputs = test::pool(g)->inputs().size();
        ASSERT_GT(pool_inputs, 0u);
        EXPECT_EQ(files.latest_autosave(), game::GameKind::EightBall);
        start_game(g, game::GameKind::Snooker); // a new game of another kind
        play_snooker_stroke(g);
        snooker_hash = g.world().state_hash();
        EXPECT_TRUE(std::filesystem::exists(files.autosave_of(game::GameKind::Snooker)));
        EXPECT_EQ(files.latest_autosave(), game::GameKind::Snooker);
    }
    // Next time: Continue takes the snooker match up where it was...
    GameApp h = make_app();
    h.set_storage(files);
    ASSERT_TRUE(h.continue_game()) << h.ui_message();
    ASSERT_NE(test::snooker(h), nullptr);
    EXPECT_EQ(h.world().state_hash(), snooker_hash);
    // ...and the pool match, left alone by the snooker game, still loads as it was.
    ASSERT_TRUE(h.resume_autosave(game::GameKind::EightBall)) << h.ui_message();
    ASSERT_NE(test::pool(h), nullptr);
    EXPECT_EQ(test::pool(h)->inputs().size(), pool_inputs);
    // A shot in the pool match makes it the latest.
    play_shot(h, game::foot_spot(h.table().spec), 0.3);
    EXPECT_EQ(files.latest_autosave(), game::GameKind::EightBall);
    GameApp k = make_app();
    k.set_storage(files);
    ASSERT_TRUE(k.continue_game()) << k.ui_message();
    ASSERT_NE(test::pool(k), nullptr);
    EXPECT_EQ(test::pool(k)->inputs().size(), test::pool(h)->inputs().size());
    // No three-cushion game was played: nothing to resume there, said plainly.
    EXPECT_FALSE(k.resume_autosave(game::GameKind::ThreeCushion));
    EXPECT_FALSE(k.ui_message().empty());
}

TEST(SavesApp, NoAutosaveNothingToContinue) {
    TempHome home("no_autosave");
    GameApp g = make_app();
    g.set_storage(home.storage());
    EXPECT_FALSE(home.storage().latest_autosave().has_value());
    EXPECT_FALSE(g.continue_game());
    EXPECT_EQ(test::pool(g), nullptr);
}

// autosave.json was every pool match's before 9-ball had an autosave of its own: a 9-ball
// match found there is listed, and resumed, as the 9-ball match it is, not as 8-ball's.
TEST(SavesApp, AnOldNineBallAutosaveIsNineBalls) {
    TempHome home("old_nine_ball");
    const app::GameStorage files = home.storage();
    const std::filesystem::path old = std::filesystem::path(BILLIARDS_TEST_ASSET_DIR) / ".." /
                                      "tests" / "data" / "saves" / "pool-9ball-match-1.json";
    std::filesystem::copy_file(old, files.autosave_of(game::GameKind::EightBall));
    GameApp g = make_app();
    g.set_storage(files);
    EXPECT_EQ(files.latest_autosave(), game::GameKind::NineBall);
    EXPECT_EQ(g.menu_info().continue_label, "Continue the last 9-ball match");
    g.choices().game = game::GameKind::EightBall;
    EXPECT_EQ(g.menu_info().resume_label, ""); // no 8-ball match to resume
    ASSERT_TRUE(g.continue_game()) << g.ui_message();
    ASSERT_NE(test::pool(g), nullptr);
    EXPECT_EQ(test::pool(g)->config().kind, game::GameKind::NineBall);
}

// 8-ball and 9-ball keep an autosave each, and Start never drops an unfinished game in
// silence: the first Start names it, a second Start in a row replaces it.
TEST(SavesApp, StartKeepsTheUnfinishedGameOfEachKind) {
    TempHome home("start_keeps");
    const app::GameStorage files = home.storage();
    GameApp g = make_app();
    g.set_storage(files);
    start_game(g, game::GameKind::EightBall);
    play_shot(g, game::foot_spot(g.table().spec), 0.6);
    const std::size_t eight_inputs = test::pool(g)->inputs().size();
    g.show_menu();
    start_game(g, game::GameKind::NineBall); // another kind: started at once
    play_shot(g, game::foot_spot(g.table().spec), 0.6);
    EXPECT_EQ(test::pool(g)->config().kind, game::GameKind::NineBall);
    EXPECT_TRUE(std::filesystem::exists(files.autosave_of(game::GameKind::NineBall)));
    // The 8-ball match is still there, as it was.
    GameApp h = make_app();
    h.set_storage(files);
    ASSERT_TRUE(h.resume_autosave(game::GameKind::EightBall)) << h.ui_message();
    EXPECT_EQ(test::pool(h)->config().kind, game::GameKind::EightBall);
    EXPECT_EQ(test::pool(h)->inputs().size(), eight_inputs);

    // A new 8-ball match from the menu: the first Start asks, and the save is untouched.
    h.show_menu();
    h.choices().game = game::GameKind::EightBall;
    EXPECT_FALSE(h.start_from_choices());
    EXPECT_EQ(h.screen(), app::Screen::Menu);
    EXPECT_NE(h.ui_message().find("unfinished 8-ball match"), std::string::npos) << h.ui_message();
    EXPECT_EQ(test::pool(h)->inputs().size(), eight_inputs);
    // The second Start replaces it.
    ASSERT_TRUE(h.start_from_choices()) << h.ui_message();
    EXPECT_EQ(h.screen(), app::Screen::Play);
    EXPECT_TRUE(test::pool(h)->inputs().empty());
    play_shot(h, game::foot_spot(h.table().spec), 0.3);
    GameApp k = make_app();
    k.set_storage(files);
    ASSERT_TRUE(k.resume_autosave(game::GameKind::EightBall)) << k.ui_message();
    EXPECT_EQ(test::pool(k)->inputs().size(), test::pool(h)->inputs().size());
    EXPECT_EQ(k.world().state_hash(), h.world().state_hash());
    // ...and the 9-ball match was never touched.
    ASSERT_TRUE(k.resume_autosave(game::GameKind::NineBall)) << k.ui_message();
    EXPECT_EQ(test::pool(k)->config().kind, game::GameKind::NineBall);
    EXPECT_FALSE(test::pool(k)->inputs().empty());
}

// The menu over a match in progress names its kind: with snooker chosen, Continue is the
// 9-ball match's, and said so.
TEST(SavesApp, ContinueNamesTheGameInProgress) {
    TempHome home("continue_names");
    GameApp g = make_app();
    g.set_storage(home.storage());
    start_game(g, game::GameKind::NineBall);
    play_shot(g, game::foot_spot(g.table().spec), 0.6);
    g.show_menu();
    g.choices().game = game::GameKind::Snooker;
    ui::MenuInfo info = g.menu_info();
    EXPECT_EQ(info.continue_label, "Continue the 9-ball match");
    EXPECT_EQ(info.resume_label, ""); // no snooker match saved
}

// The main menu after a pool match and then a snooker match: Continue (the snooker match)
// and, with 8-ball chosen, Resume (the pool match), drawn; a click on Resume brings the pool
// match back. A picture under $BILLIARDS_SHOTS_DIR.
class SavesLoop : public test::LoopTest {};

TEST_F(SavesLoop, TheMenuOffersContinueAndResume) {
    TempHome home("menu_resume");
    GameApp g = make_app();
    g.set_storage(home.storage());
    start_game(g, game::GameKind::EightBall);
    play_shot(g, game::foot_spot(g.table().spec), 0.6);
    const std::uint64_t pool_hash = g.world().state_hash();
    start_game(g, game::GameKind::Snooker);
    play_snooker_stroke(g);
    GameApp h = make_app();
    h.set_storage(home.storage());
    h.show_menu();
    h.choices().game = game::GameKind::EightBall;
    app::LoopOptions lo;
    lo.max_frames = 40;
    lo.fake_frame_seconds = kFrame;
    lo.replayable = true;
    std::string menu;
    test::Clicker clicker(platform->window());
    clicker.click({"##main_menu", "Resume the last 8-ball match"});
    lo.before_frame = [&](long f) { clicker.before_frame(f); };
    lo.before_ui = [&](long f) { clicker.before_ui(f); };
    lo.after_draw = [&](long frame, SDL_Renderer* r) {
        if (frame == 2) {
            test::maybe_save(r, "menu-continue-resume");
            menu = test::drawn_text("##main_menu");
        }
        clicker.after_draw(frame);
    };
    EXPECT_EQ(app::run_loop(*platform, h, lo), 0);
    EXPECT_NE(menu.find("Continue the last snooker match"), std::string::npos) << menu;
    EXPECT_NE(menu.find("Resume the last 8-ball match"), std::string::npos) << menu;
    EXPECT_EQ(clicker.error(), "");
    EXPECT_TRUE(clicker.done());
    EXPECT_EQ(h.screen(), app::Screen::Play);
    ASSERT_NE(test::pool(h), nullptr);
    EXPECT_EQ(h.world().state_hash(), pool_hash);
}

// "Save last shot" as the pause menu does it, then the file read back and re-simulated as
// `billiards replay FILE` does: it must end exactly as the game's own shot did.
void expect_last_shot_replays(GameApp& g) {
    const game::LastShot* last = g.game_mode().last_shot();
    ASSERT_NE(last, nullptr);
    const std::string path = g.save_last_shot();
    ASSERT_FALSE(path.empty()) << g.ui_message();
    const io::ReplayFile file = io::load_replay_file(path);
    EXPECT_EQ(file.table_name, g.game_mode().table_name());
    EXPECT_EQ(file.cue_ball, last->cue_ball);
    EXPECT_EQ(file.end_hash, last->end_hash);
    ASSERT_FALSE(file.balls.empty());
    EXPECT_EQ(file.balls.front().radius, g.world().ball(0).radius); // the game's own balls
    EXPECT_EQ(game::run_replay(file, io::load_standard_table(file.table_name), false).end_hash,
              file.end_hash);
}

TEST(SavesApp, SnookerLastStrokeSavedAsAReplay) {
    TempHome home("snooker_replay");
    GameApp g = make_app();
    g.set_storage(home.storage());
    start_game(g, game::GameKind::Snooker);
    play_snooker_stroke(g);
    ASSERT_NO_FATAL_FAILURE(expect_last_shot_replays(g));
    EXPECT_EQ(g.world().ball(0).radius, game::snooker::full_size_spec().ball_radius);
}

TEST(SavesApp, ThreeCushionLastShotSavedAsAReplayWithEitherCueBall) {
    TempHome home("carom_replay");
    GameApp g = make_app();
    g.set_storage(home.storage());
    start_game(g, game::GameKind::ThreeCushion);
    std::set<int> struck; // white's and yellow's shots, each saved and replayed
    for (int shot = 0; shot < 12 && struck.size() < 2; ++shot) {
        play_shot(g, Vec2{0.3 * (shot % 3) - 0.3, 0.2}, 0.5);
        ASSERT_NO_FATAL_FAILURE(expect_last_shot_replays(g));
        struck.insert(g.game_mode().last_shot()->cue_ball);
    }
    EXPECT_EQ(struck.size(), 2u);
}

} // namespace
} // namespace billiards
