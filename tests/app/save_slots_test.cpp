// Named save slots: names refused with a message, two slots listed with their game and
// score, loading one restores its game, a second save under a name asks before replacing,
// delete; and the save dialog and Saved games screen drawn by the real loop.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>

#include "app/game_driver.hpp"
#include "app/loop_script.hpp"
#include "app/save_slots.hpp"
#include "app_helpers.hpp"
#include "game/rack.hpp"
#include "game/table.hpp"
#include "io/scenario.hpp"

namespace billiards {
namespace {

using GameApp = app::DrivenGame;
using app::Mode;

// The game with its files in `home`, the named saves in home/saves.
std::unique_ptr<GameApp> make_app(const test::TempHome& home) {
    auto g = std::make_unique<GameApp>(game::build_table(game::TableSpec{}), "pool-9ft");
    app::GameStorage s = home.storage();
    s.saves = (home.dir / "saves").string();
    g->set_storage(s);
    return g;
}

void start_game(GameApp& g, game::GameKind kind) {
    io::Settings& c = g.choices();
    c.game = kind;
    c.seats = {game::SeatKind::Human, game::SeatKind::Human};
    c.names = {"Ann", "Bob"};
    ASSERT_TRUE(g.start_from_choices()) << g.ui_message();
}

void play_shot(GameApp& g) {
    g.aim_at(game::foot_spot(g.table().spec));
    ASSERT_TRUE(g.shoot(0.6));
    for (int i = 0; i < 60 * 90 && g.mode() == Mode::Rolling; ++i)
        g.update(1.0 / 60.0);
    ASSERT_NE(g.mode(), Mode::Rolling);
}

TEST(SaveSlots, BadNamesAreRefusedWithAReason) {
    EXPECT_EQ(app::slot_name_problem("Friday's match"), "");
    for (const std::string& bad :
         {std::string(), std::string("a/b"), std::string("..\\x"), std::string(".hidden"),
          std::string(41, 'x'), std::string("tab\there"), std::string("c:"),
          std::string("../../escape")})
        EXPECT_NE(app::slot_name_problem(bad), "") << bad;
    EXPECT_EQ(app::slot_name_problem(std::string(40, 'x')), "");
}

TEST(SaveSlots, TwoSlotsAreListedAndOneLoadsItsGame) {
    test::TempHome home("slots");
    const std::unique_ptr<GameApp> app = make_app(home);
    GameApp& g = *app;
    start_game(g, game::GameKind::NineBall);
    play_shot(g);
    const std::uint64_t nine_hash = g.world().state_hash();
    const int nine_shots = g.game()->shots();
    ASSERT_TRUE(g.save_slot("nine after the break")) << g.ui_message();
    start_game(g, game::GameKind::Snooker);
    ASSERT_TRUE(g.save_slot("snooker")) << g.ui_message();
    // A file that is not a save is listed with its problem, never thrown.
    { std::ofstream(home.dir / "saves" / "junk.json") << "{ not json"; }

    const std::vector<app::SlotInfo> slots = g.save_slots();
    ASSERT_EQ(slots.size(), 3u);
    std::map<std::string, app::SlotInfo> by_name;
    for (const app::SlotInfo& s : slots)
        by_name[s.name] = s;
    EXPECT_EQ(by_name["nine after the break"].game, "9-ball match");
    EXPECT_EQ(by_name["nine after the break"].score, "Ann 0-0 Bob");
    EXPECT_EQ(by_name["snooker"].game, "snooker match");
    EXPECT_EQ(by_name["snooker"].score, "Ann 0-0 Bob");
    EXPECT_EQ(by_name["snooker"].date.size(), std::string("2026-11-28 14:05").size());
    EXPECT_FALSE(by_name["junk"].readable);
    EXPECT_NE(by_name["junk"].score, "");
    EXPECT_EQ(app::count_slots((home.dir / "saves").string()), 3);

    ASSERT_TRUE(g.load_slot("nine after the break")) << g.ui_message();
    ASSERT_NE(g.game(), nullptr);
    EXPECT_EQ(g.game()->kind(), game::GameKind::NineBall);
    EXPECT_EQ(g.game()->shots(), nine_shots);
    EXPECT_EQ(g.world().state_hash(), nine_hash);
    // A broken save is set aside (as the autosaves are) with a message, never loaded.
    EXPECT_FALSE(g.load_slot("junk"));
    EXPECT_FALSE(g.ui_message().empty());
    EXPECT_TRUE(std::filesystem::exists(home.dir / "saves" / "junk.json.corrupt"));

    EXPECT_TRUE(g.delete_slot("snooker"));
    EXPECT_FALSE(std::filesystem::exists(home.dir / "saves" / "snooker.json"));
    ASSERT_EQ(g.save_slots().size(), 1u);
    EXPECT_EQ(g.save_slots()[0].name, "nine after the break");
}

TEST(SaveSlots, SavingOverANameAsksFirst) {
    test::TempHome home("slot_overwrite");
    const std::unique_ptr<GameApp> app = make_app(home);
    GameApp& g = *app;
    start_game(g, game::GameKind::EightBall);
    ASSERT_TRUE(g.save_slot("mine"));
    const std::string path = (home.dir / "saves" / "mine.json").string();
    const std::string first = io::read_text_file(path);
    play_shot(g);
    EXPECT_FALSE(g.save_slot("mine")); // not silently
    EXPECT_EQ(g.replace_asked(), "mine");
    EXPECT_EQ(io::read_text_file(path), first);
    EXPECT_TRUE(g.save_slot("mine", true));
    EXPECT_EQ(g.replace_asked(), "");
    EXPECT_NE(io::read_text_file(path), first);
}

TEST(SaveSlots, BadNamesShowAMessageAndWriteNothing) {
    test::TempHome home("slot_bad_names");
    const std::unique_ptr<GameApp> app = make_app(home);
    GameApp& g = *app;
    start_game(g, game::GameKind::EightBall);
    EXPECT_FALSE(g.save_slot("../outside"));
    EXPECT_NE(g.ui_message().find("/"), std::string::npos) << g.ui_message();
    EXPECT_FALSE(g.save_slot(""));
    EXPECT_FALSE(g.save_slot(std::string(200, 'n')));
    EXPECT_NE(g.ui_message().find("too long"), std::string::npos) << g.ui_message();
    EXPECT_FALSE(std::filesystem::exists(home.dir / "outside.json"));
    EXPECT_EQ(g.save_slots().size(), 0u);
    EXPECT_FALSE(g.load_slot("a/b"));
    EXPECT_FALSE(g.delete_slot("../settings"));
}

// The save dialog (its default name: the game and the date) and its question, and the
// Saved games screen with two saves, drawn by the real loop. BILLIARDS_SHOTS_DIR keeps the
// frames.
class SlotScreens : public test::LoopTest {};

TEST_F(SlotScreens, TheSaveDialogAndTheSavedGamesScreenDraw) {
    test::TempHome home("slot_screens");
    const std::unique_ptr<GameApp> app = make_app(home);
    GameApp& g = *app;
    start_game(g, game::GameKind::NineBall);
    ASSERT_TRUE(g.save_slot("Friday practice"));
    start_game(g, game::GameKind::ThreeCushion);
    ASSERT_TRUE(g.save_slot("Three-cushion with Bob"));
    g.open_pause_menu(true);
    g.open_save_dialog(true);
    EXPECT_EQ(g.slot_name().rfind("three-cushion 20", 0), 0u) << g.slot_name();
    app::LoopOptions o;
    o.max_frames = 12;
    o.fake_frame_seconds = 1.0 / 60.0;
    o.before_frame = [&](long f) {
        if (f == 4) {
            g.slot_name() = "Friday practice";
            EXPECT_FALSE(g.save_slot(g.slot_name()));
        }
        if (f == 7) {
            g.open_pause_menu(false);
            g.show_menu();
            g.open_saves_screen(true);
        }
    };
    o.after_draw = [&](long f, SDL_Renderer* r) {
        if (f == 2) test::maybe_save(r, "save_dialog");
        if (f == 5) test::maybe_save(r, "save_dialog_replace");
        if (f == 10) test::maybe_save(r, "saved_games");
    };
    EXPECT_EQ(app::run_loop(*platform, g, o), 0);
    EXPECT_TRUE(g.saves_screen_open());
    EXPECT_EQ(g.replace_asked(), "Friday practice");
}

} // namespace
} // namespace billiards
