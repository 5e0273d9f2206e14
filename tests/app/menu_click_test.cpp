// The menus driven by the mouse through the real loop: SDL mouse events (the pointer warped
// onto an item, pressed, released) reach ImGui as a player's clicks do. Each click must do
// what its item says: the main menu's game, options and Start; the game setup rows (the
// three-cushion points and break, the snooker table); the pause menu's sound, Resume and
// Main menu.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "app/game_app.hpp"
#include "app/game_driver.hpp"
#include "app/loop_script.hpp"
#include "app_games.hpp"
#include "app_helpers.hpp"
#include "game/snooker/snooker_match.hpp"
#include "imgui_probe.hpp"
#include "ui/menu_widgets.hpp"

namespace billiards {
namespace {

using GameApp = app::DrivenGame;
using test::ClickTarget;

class MenuClicks : public test::LoopTest {
  protected:
    // Runs the loop until every click is done (and one frame more), or `limit` frames.
    void run(GameApp& g, test::Clicker& clicker, long limit = 400) {
        app::LoopOptions lo;
        lo.max_frames = limit;
        lo.fake_frame_seconds = 1.0 / 60.0;
        lo.replayable = true;
        long finished = -1;
        lo.before_frame = [&](long f) {
            if (finished >= 0 && f > finished + 1) { // stop: a quit as the window's close
                SDL_Event e{};
                e.type = SDL_QUIT;
                SDL_PushEvent(&e);
            }
            for (const SDL_Event& e : pending)
                SDL_PushEvent(const_cast<SDL_Event*>(&e));
            pending.clear();
            clicker.before_frame(f);
        };
        lo.before_ui = [&](long f) { clicker.before_ui(f); };
        lo.after_draw = [&](long f, SDL_Renderer*) {
            clicker.after_draw(f);
            if (after_draw) after_draw(f);
            if (clicker.done() && finished < 0) finished = f;
        };
        EXPECT_EQ(app::run_loop(*platform, g, lo), 0);
        EXPECT_EQ(clicker.error(), "");
        EXPECT_TRUE(clicker.done()) << "clicks left after " << limit << " frames";
    }
    std::vector<SDL_Event> pending;       // key presses for the next frame
    std::function<void(long)> after_draw; // also called after every frame
};

GameApp make_app() {
    return GameApp(game::build_table(game::TableSpec{}), "pool-9ft");
}

const game::CaromGame* carom(const GameApp& g) {
    return test::carom(g);
}

TEST_F(MenuClicks, TheMainMenuStartsTheGameItsClicksChose) {
    GameApp g = make_app();
    g.show_menu();
    ASSERT_EQ(g.choices().game, game::GameKind::EightBall);
    ASSERT_FALSE(g.choices().practice);
    std::string menu_text;
    test::Clicker c(platform->window());
    c.click({"##main_menu", "9-ball"}, [&] {
        EXPECT_EQ(g.choices().game, game::GameKind::NineBall);
        EXPECT_EQ(g.screen(), app::Screen::Menu); // a choice, not a start
        menu_text = test::drawn_text("##main_menu");
    });
    c.click({"##main_menu", "Practice (undo)"}, [&] { EXPECT_TRUE(g.choices().practice); });
    c.click({"##main_menu", "Practice (undo)"}, [&] { EXPECT_FALSE(g.choices().practice); });
    c.click({"##main_menu", "Practice (undo)"});
    c.click({"##main_menu", "Start match"});
    run(g, c);
    // What the menu drew: its title, the rows and the buttons.
    for (const char* words : {"Billiards", "Game", "8-ball", "9-ball", "Snooker", "Player 1",
                              "Practice (undo)", "Start match", "Quit"})
        EXPECT_NE(menu_text.find(words), std::string::npos) << words << " in\n" << menu_text;
    EXPECT_EQ(c.clicks(), 5);
    EXPECT_EQ(g.screen(), app::Screen::Play);
    ASSERT_NE(test::pool(g), nullptr);
    EXPECT_EQ(test::pool(g)->config().kind, game::GameKind::NineBall);
    EXPECT_TRUE(test::pool(g)->config().practice);
    EXPECT_EQ(test::pool(g)->config().seats[1].kind, game::SeatKind::Computer);
}

TEST_F(MenuClicks, TheGameSetupRowsTakeTheirClicks) {
    GameApp g = make_app();
    g.show_menu();
    ASSERT_EQ(g.choices().carom_target, 40);
    ASSERT_EQ(g.choices().carom_breaker, -1);
    test::Clicker c(platform->window());
    std::string carom_rows, combo_list;
    c.click({"##main_menu", "3-cushion"}, [&] {
        EXPECT_EQ(g.choices().game, game::GameKind::ThreeCushion);
        carom_rows = test::drawn_text("##main_menu");
    });
    c.click({"##main_menu", "##carom_target"}); // opens the list of targets
    c.click({"##Combo_00", "10"}, [&] { EXPECT_EQ(g.choices().carom_target, 10); });
    c.click({"##main_menu", "Player 2"}, [&] { EXPECT_EQ(g.choices().carom_breaker, 1); });
    c.click({"##main_menu", "Snooker"},
            [&] { EXPECT_EQ(g.choices().game, game::GameKind::Snooker); });
    c.click({"##main_menu", "##table"}, [&] { combo_list = test::drawn_text("##Combo_00"); });
    c.click({"##Combo_00", "10-ft club table"},
            [&] { EXPECT_EQ(g.choices().snooker_table, "snooker-10ft"); });
    c.click({"##main_menu", "3-cushion"});
    c.click({"##main_menu", "Start match"});
    run(g, c);
    EXPECT_EQ(c.clicks(), 9);
    for (const char* words : {"Carom 10-ft (2.84 x 1.42 m), no pockets", "Points", "40",
                              "Innings limit", "none", "Break", "By the lag", "Player 2"})
        EXPECT_NE(carom_rows.find(words), std::string::npos) << words << " in\n" << carom_rows;
    EXPECT_NE(combo_list.find("12-ft (3.57 x 1.78 m)"), std::string::npos) << combo_list;
    EXPECT_NE(combo_list.find("10-ft club table"), std::string::npos) << combo_list;
    // The three-cushion game the rows set up: to 10 points, player 2 breaking.
    ASSERT_NE(carom(g), nullptr);
    EXPECT_EQ(carom(g)->config().rules.target, 10);
    EXPECT_EQ(carom(g)->config().breaker, 1);
    EXPECT_EQ(carom(g)->state().breaker, 1);
    EXPECT_EQ(g.choices().snooker_table, "snooker-10ft"); // kept for the next snooker game
}

TEST_F(MenuClicks, SnookerStartsOnTheTableClicked) {
    GameApp g = make_app();
    g.show_menu();
    test::Clicker c(platform->window());
    c.click({"##main_menu", "Snooker"});
    c.click({"##main_menu", "##table"});
    c.click({"##Combo_00", "10-ft club table"});
    c.click({"##main_menu", "Start match"});
    run(g, c);
    ASSERT_NE(test::snooker(g), nullptr);
    EXPECT_EQ(g.game_mode().table_name(), "snooker-10ft");
}

TEST_F(MenuClicks, ThePauseMenuMutesResumesAndLeaves) {
    GameApp g = make_app();
    game::MatchConfig config;
    test::start_match(g, config, "pool-9ft");
    ASSERT_FALSE(g.muted());
    pending.push_back(test::key(SDLK_ESCAPE));
    test::Clicker c(platform->window());
    std::string pause_text;
    c.click({"##pause_menu", "Mute (M)", {"sound"}}, [&] {
        EXPECT_TRUE(g.muted());
        EXPECT_TRUE(g.pause_menu_open());
        pause_text = test::drawn_text("##pause_menu");
    });
    c.click({"##pause_menu", "Resume"}, [&] {
        EXPECT_FALSE(g.pause_menu_open());
        EXPECT_EQ(g.screen(), app::Screen::Play);
        pending.push_back(test::key(SDLK_ESCAPE)); // and back to the menu
    });
    c.click({"##pause_menu", "Main menu"});
    run(g, c);
    EXPECT_EQ(c.clicks(), 3);
    for (const char* words : {"Paused", "Resume", "Undo last shot", "Save match", "Restart match",
                              "Main menu", "Quit", "Sound", "Mute (M)"})
        EXPECT_NE(pause_text.find(words), std::string::npos) << words << " in\n" << pause_text;
    EXPECT_EQ(g.screen(), app::Screen::Menu);
    EXPECT_TRUE(g.muted());
    EXPECT_NE(test::pool(g), nullptr); // left, not ended: Continue resumes it
}

// The menu's fonts are those of the ImGui context they were loaded in: another context (a
// second window, the next test's platform) has none of them, never the first one's.
TEST(MenuFonts, BelongToTheContextTheyWereLoadedIn) {
    ImGuiContext* first = ImGui::CreateContext();
    ImGui::SetCurrentContext(first);
    const std::string fonts = BILLIARDS_TEST_FONT_DIR;
    ui::load_menu_fonts(fonts + "/DejaVuSans.ttf", fonts + "/DejaVuSans-Bold.ttf");
    const ui::MenuFonts loaded = ui::menu_fonts();
    EXPECT_NE(loaded.body, nullptr);
    EXPECT_NE(loaded.title, nullptr);
    EXPECT_NE(loaded.small, nullptr);
    EXPECT_NE(loaded.body, loaded.small);
    ImGuiContext* second = ImGui::CreateContext();
    ImGui::SetCurrentContext(second);
    EXPECT_EQ(ui::menu_fonts().body, nullptr);
    EXPECT_EQ(ui::menu_fonts().title, nullptr);
    ImGui::DestroyContext(second);
    ImGui::SetCurrentContext(first);
    EXPECT_EQ(ui::menu_fonts().title, loaded.title);
    ImGui::DestroyContext(first);
}

// The game-over card stands over the table's middle; a drag of its background moves it off
// the balls (and it stays where it was put), while its buttons still answer.
TEST(GameOverCard, MovesWithADrag) {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(1280.0f, 720.0f);
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    ui::GameOverInfo info;
    info.title = "Bob wins";
    info.reason = "Bob pocketed the 9";
    info.score = "Games won: Ann 0 - 1 Bob";
    info.stats = "12 shots";
    auto frame = [&](ImVec2 mouse, bool down) {
        io.DeltaTime = 1.0f / 60.0f;
        io.MousePos = mouse;
        io.MouseDown[0] = down;
        ImGui::NewFrame();
        const ui::GameOverAction a = ui::draw_game_over(info);
        ImGui::Render();
        return a;
    };
    for (int k = 0; k < 3; ++k) // it sizes itself, then stands centred
        frame(ImVec2(0.0f, 0.0f), false);
    const ImGuiWindow* card = ImGui::FindWindowByName("##game_over");
    ASSERT_NE(card, nullptr);
    const ImVec2 at = card->Pos;
    EXPECT_NEAR(at.x + card->Size.x / 2, 640.0f, 1.0f);
    // Press in the card's top-right corner (its padding, no button), drag 200 px up and
    // left, let go.
    const ImVec2 grab(at.x + card->Size.x - 8.0f, at.y + 8.0f);
    frame(grab, false);
    frame(grab, true);
    frame(ImVec2(grab.x - 200.0f, grab.y - 150.0f), true);
    frame(ImVec2(grab.x - 200.0f, grab.y - 150.0f), false);
    for (int k = 0; k < 3; ++k)
        frame(ImVec2(0.0f, 0.0f), false);
    EXPECT_NEAR(card->Pos.x, at.x - 200.0f, 1.0f);
    EXPECT_NEAR(card->Pos.y, at.y - 150.0f, 1.0f);
    ImGui::DestroyContext();
}

} // namespace
} // namespace billiards
